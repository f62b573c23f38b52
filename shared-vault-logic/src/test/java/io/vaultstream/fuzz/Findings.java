package io.vaultstream.fuzz;

import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;

/**
 * What a fuzz run found: violations of the guarantees, grouped by the property and the kind of
 * failure (exception class, SQLSTATE, message with its variable parts blanked), each with its
 * smallest reproducing record and how often it occurred.
 */
public final class Findings {
  private final Map<String, Finding> found = new LinkedHashMap<>();

  /** One kind of violation. */
  private static final class Finding {
    final String property;
    final String signature;
    final TreeSet<String> kinds = new TreeSet<>();
    FuzzRecord smallest;
    String detail;
    int count;

    Finding(String property, String signature) {
      this.property = property;
      this.signature = signature;
    }
  }

  /** Records a violation of {@code property} by a record (null: none in particular). */
  public synchronized void add(String property, FuzzRecord r, String signature, String detail) {
    Finding f =
        found.computeIfAbsent(property + "\n" + signature, k -> new Finding(property, signature));
    f.count++;
    if (r != null) {
      f.kinds.add(r.kind());
    }
    if (f.detail == null || r != null && (f.smallest == null || r.size() < f.smallest.size())) {
      f.smallest = r;
      f.detail = detail;
    }
  }

  /** Records a violation whose cause is a throwable. */
  public void add(String property, FuzzRecord r, Throwable t) {
    add(property, r, signature(t), text(t));
  }

  public synchronized boolean isEmpty() {
    return found.isEmpty();
  }

  public synchronized int size() {
    return found.size();
  }

  /** Prints the report and fails with it when there is any finding. */
  public void assertNone(String replay) {
    String report = report(replay);
    System.out.println(report);
    org.assertj.core.api.Assertions.assertThat(isEmpty()).as(report).isTrue();
  }

  /** The findings, each with its reproducer; {@code replay} says how to run the same inputs. */
  public synchronized String report(String replay) {
    StringBuilder sb = new StringBuilder();
    sb.append(found.size())
        .append(" distinct violations; replay with ")
        .append(replay)
        .append('\n');
    int i = 1;
    for (Finding f : found.values()) {
      sb.append('\n').append(i++).append(". [").append(f.property).append("] ").append(f.signature);
      sb.append("\n   occurrences: ").append(f.count).append(", record kinds: ").append(f.kinds);
      if (f.smallest != null) {
        sb.append("\n   smallest input: ").append(f.smallest.describe());
      }
      sb.append("\n   detail: ").append(Render.escape(f.detail == null ? "" : f.detail, 600));
      sb.append('\n');
    }
    return sb.toString();
  }

  /** Exception class, SQLSTATE of the first SQL exception in the chain, blanked message head. */
  static String signature(Throwable t) {
    StringBuilder sb = new StringBuilder(t.getClass().getSimpleName());
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (c instanceof SQLException s && s.getSQLState() != null) {
        sb.append(" SQLSTATE ").append(s.getSQLState());
        break;
      }
    }
    String m = root(t).getMessage();
    if (m != null) {
      sb.append(": ").append(blank(m));
    }
    return sb.toString();
  }

  /** The message with quoted parts, numbers and positions blanked, cut to 90 characters. */
  static String blank(String m) {
    String b =
        m.replaceAll("'[^']*'", "'…'")
            .replaceAll("\"[^\"]*\"", "\"…\"")
            .replaceAll("[0-9]+", "#")
            .replaceAll("shop\\.public\\.[a-z_]+/#@#", "T/#@#");
    return Render.escape(b.length() > 90 ? b.substring(0, 90) + "…" : b, 200);
  }

  /** The start of a message, blanked: what part of the message a hostile input ends up in. */
  static String template(String m) {
    String b = blank(m == null ? "" : m);
    return b.length() > 32 ? b.substring(0, 32) + "…" : b;
  }

  private static Throwable root(Throwable t) {
    Throwable r = t;
    while (r.getCause() != null && r.getCause() != r && r.getMessage() == null) {
      r = r.getCause();
    }
    return r;
  }

  /** The throwable, its causes and where in the engine it was thrown (first frames). */
  static String text(Throwable t) {
    StringBuilder sb = new StringBuilder(t.toString());
    Throwable last = t;
    for (Throwable c = t.getCause(); c != null && sb.length() < 1500; c = c.getCause()) {
      sb.append(" <- ").append(c);
      last = c;
    }
    StackTraceElement[] frames = last.getStackTrace();
    int shown = 0;
    for (int i = 0; i < frames.length && shown < 4; i++) {
      if (i < 2 || frames[i].getClassName().startsWith("io.vaultstream")) {
        sb.append(" at ").append(frames[i]);
        shown++;
      }
    }
    return sb.toString();
  }
}
