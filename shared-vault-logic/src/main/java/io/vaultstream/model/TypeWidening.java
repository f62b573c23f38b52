package io.vaultstream.model;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a vault column's type may follow a type the model now declares for it: only to a wider
 * type of the same kind, which holds every value the column holds, unchanged. Types are compared in
 * the model's canonical spelling ({@link TypeGrammar#canonical}).
 */
public final class TypeWidening {

  /** How the model's type compares with the column's. */
  public enum Verdict {
    /** The same type. */
    SAME,
    /** Wider, of the same kind: the column can follow without changing a value. */
    WIDER,
    /**
     * The column is already wider than the model's type: values are checked against the model's.
     */
    NARROWER,
    /** Another kind of type, or neither wider nor narrower. */
    OTHER
  }

  private static final List<String> INTEGERS = List.of("smallint", "integer", "bigint");
  private static final Pattern SIZED = Pattern.compile("(varchar|char)(?:\\((\\d+)\\))?");
  private static final Pattern NUMERIC = Pattern.compile("numeric(?:\\((\\d+)(?:,(\\d+))?\\))?");
  private static final Pattern TIMED =
      Pattern.compile("(time|timetz|timestamp|timestamptz)(?:\\((\\d)\\))?");

  private TypeWidening() {}

  /** Compares the model's type with the column's, both canonical. */
  public static Verdict of(String column, String model) {
    column = explicit(column);
    model = explicit(model);
    if (column.equals(model)) {
      return Verdict.SAME;
    }
    if (wider(column, model)) {
      return Verdict.WIDER;
    }
    if (wider(model, column)) {
      return Verdict.NARROWER;
    }
    return Verdict.OTHER;
  }

  /** Whether {@code to} holds every value of {@code from} unchanged, and differs from it. */
  static boolean wider(String from, String to) {
    int a = INTEGERS.indexOf(from);
    int b = INTEGERS.indexOf(to);
    if (a >= 0 && b >= 0) {
      return b > a;
    }
    if (from.equals("real") && to.equals("double precision")) {
      return true;
    }
    Matcher f = SIZED.matcher(from);
    Matcher t = SIZED.matcher(to);
    if (f.matches() && f.group(1).equals("varchar")) {
      if (to.equals("text")) {
        return true;
      }
      if (t.matches() && t.group(1).equals("varchar")) {
        return length(t.group(2)) > length(f.group(2));
      }
      return false;
    }
    f = NUMERIC.matcher(from);
    t = NUMERIC.matcher(to);
    if (f.matches() && t.matches() && f.group(1) != null) {
      if (t.group(1) == null) {
        return true; // unconstrained numeric
      }
      int fp = Integer.parseInt(f.group(1));
      int fs = f.group(2) == null ? 0 : Integer.parseInt(f.group(2));
      int tp = Integer.parseInt(t.group(1));
      int ts = t.group(2) == null ? 0 : Integer.parseInt(t.group(2));
      return ts >= fs && tp - ts >= fp - fs && (tp != fp || ts != fs);
    }
    f = TIMED.matcher(from);
    t = TIMED.matcher(to);
    if (f.matches() && t.matches() && f.group(1).equals(t.group(1))) {
      return precision(t.group(2)) > precision(f.group(2));
    }
    return false;
  }

  /**
   * The type with the size a database gives it when none is written: {@code numeric(p)} is {@code
   * numeric(p,0)}, {@code char} is {@code char(1)}, a time without precision has 6 digits (how the
   * database lists a column created with the shorter spelling).
   */
  static String explicit(String type) {
    Matcher m = NUMERIC.matcher(type);
    if (m.matches() && m.group(1) != null && m.group(2) == null) {
      return "numeric(" + m.group(1) + ",0)";
    }
    if (type.equals("char")) {
      return "char(1)";
    }
    m = TIMED.matcher(type);
    if (m.matches() && m.group(2) == null) {
      return m.group(1) + "(6)";
    }
    return type;
  }

  private static long length(String n) {
    return n == null ? Long.MAX_VALUE : Long.parseLong(n);
  }

  private static int precision(String p) {
    return p == null ? 6 : Integer.parseInt(p);
  }
}
