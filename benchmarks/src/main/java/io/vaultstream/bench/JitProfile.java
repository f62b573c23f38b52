package io.vaultstream.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where a JVM's JIT compiler spent its time: the compilations ({@code jdk.Compilation}) and
 * deoptimizations ({@code jdk.Deoptimization}) of a flight recording, within a window, summed by
 * compiler, by project and package of the compiled method (its first two and three names), and by
 * method. The recording must keep every compilation: {@code jdk.Compilation#threshold=0 ms} (see
 * benchmarks/jit-profile.sh, which writes such settings and runs the Connect benchmark with them).
 *
 * <p>Arguments: the recording, then optionally {@code --from=HH:MM:SS[.fff]} and {@code
 * --to=HH:MM:SS[.fff]} (UTC, the day of the recording's first event), {@code --top=N} (20).
 */
public final class JitProfile {
  private JitProfile() {}

  /** Totals of one group of compilations. */
  private static final class Sum {
    double seconds;
    int count;

    void add(double s) {
      seconds += s;
      count++;
    }
  }

  public static void main(String[] given) throws IOException {
    // The benchmarks' launcher passes its arguments as one string.
    String[] args = String.join(" ", given).trim().split("\\s+");
    if (args.length == 0 || args[0].isEmpty()) {
      System.err.println(
          "usage: JitProfile <recording.jfr> [--from=HH:MM:SS] [--to=HH:MM:SS] [--top=N]");
      System.exit(2);
    }
    Path file = Path.of(args[0]);
    String from = null;
    String to = null;
    int top = 20;
    for (int i = 1; i < args.length; i++) {
      if (args[i].startsWith("--from=")) {
        from = args[i].substring(7);
      } else if (args[i].startsWith("--to=")) {
        to = args[i].substring(5);
      } else if (args[i].startsWith("--top=")) {
        top = Integer.parseInt(args[i].substring(6));
      } else {
        throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    List<RecordedEvent> events = RecordingFile.readAllEvents(file);
    Instant first =
        events.stream()
            .map(RecordedEvent::getStartTime)
            .min(Comparator.naturalOrder())
            .orElseThrow();
    LocalDate day = first.atZone(ZoneOffset.UTC).toLocalDate();
    Instant start =
        from == null ? Instant.MIN : day.atTime(LocalTime.parse(from)).toInstant(ZoneOffset.UTC);
    Instant end =
        to == null ? Instant.MAX : day.atTime(LocalTime.parse(to)).toInstant(ZoneOffset.UTC);

    Map<String, Sum> byProject = new HashMap<>();
    Map<String, Sum> byPackage = new HashMap<>();
    Map<String, Sum> byMethod = new HashMap<>();
    Map<String, Sum> byCompiler = new HashMap<>();
    Map<String, Sum> deopts = new HashMap<>();
    Sum all = new Sum();
    for (RecordedEvent e : events) {
      Instant at = e.getStartTime();
      if (at.isBefore(start) || at.isAfter(end)) {
        continue;
      }
      String type = e.getEventType().getName();
      if (type.equals("jdk.Compilation")) {
        double s = e.getDuration().toNanos() / 1e9;
        RecordedMethod m = e.getValue("method");
        String owner = m.getType().getName();
        all.add(s);
        byProject.computeIfAbsent(packageOf(owner, 2), k -> new Sum()).add(s);
        byPackage.computeIfAbsent(packageOf(owner, 3), k -> new Sum()).add(s);
        byMethod.computeIfAbsent(simple(owner) + "." + m.getName(), k -> new Sum()).add(s);
        byCompiler
            .computeIfAbsent(
                e.getString("compiler") + " level " + e.getShort("compileLevel"), k -> new Sum())
            .add(s);
      } else if (type.equals("jdk.Deoptimization")) {
        RecordedMethod m = e.getValue("method");
        deopts
            .computeIfAbsent(
                e.getString("reason") + " in " + simple(m.getType().getName()) + "." + m.getName(),
                k -> new Sum())
            .add(0);
      }
    }
    System.out.printf(
        Locale.ROOT,
        "%s, %s to %s: %,d compilations, %.2f s of compiler time%n",
        file.getFileName(),
        from == null ? "start" : from,
        to == null ? "end" : to,
        all.count,
        all.seconds);
    print("by compiler", byCompiler, all.seconds, top);
    print("by project (the first two names of the package)", byProject, all.seconds, top);
    print("by package of the compiled method", byPackage, all.seconds, top);
    print("by method (compilations of it)", byMethod, all.seconds, top);
    System.out.println("deoptimizations by reason and method (count):");
    deopts.entrySet().stream()
        .sorted((a, b) -> Integer.compare(b.getValue().count, a.getValue().count))
        .limit(top)
        .forEach(
            en -> System.out.printf(Locale.ROOT, "  %5d  %s%n", en.getValue().count, en.getKey()));
  }

  private static void print(String title, Map<String, Sum> sums, double total, int top) {
    System.out.println(title + ":");
    List<Map.Entry<String, Sum>> rows = new ArrayList<>(sums.entrySet());
    rows.sort((a, b) -> Double.compare(b.getValue().seconds, a.getValue().seconds));
    for (Map.Entry<String, Sum> r : rows.subList(0, Math.min(top, rows.size()))) {
      System.out.printf(
          Locale.ROOT,
          "  %7.2f s  %5.1f %%  %5d  %s%n",
          r.getValue().seconds,
          total == 0 ? 0 : 100 * r.getValue().seconds / total,
          r.getValue().count,
          r.getKey());
    }
  }

  /** The first {@code names} names of a class's package ({@code io.vaultstream.plan}). */
  private static String packageOf(String className, int names) {
    String[] parts = className.split("\\.");
    int n = Math.min(names, parts.length - 1);
    return n <= 0 ? "(default)" : String.join(".", java.util.Arrays.copyOf(parts, n));
  }

  private static String simple(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }
}
