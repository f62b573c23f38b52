package io.vaultstream.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The JVM's CPU time over a measured load, per event: in all (Spark, the engine, the in-process
 * broker, GC and the JIT) and that of its JIT compiler and GC threads (read from {@code
 * /proc/self/task} on Linux). CPU per event is less sensitive to a busy machine than events/s; the
 * JIT's share varies from run to run, so the figure without it compares runs best.
 */
final class SparkBenchCpu {
  /** Clock ticks per second of {@code /proc}'s CPU times (USER_HZ, 100 on Linux). */
  private static final double TICKS = 100;

  private final long totalNanos;
  private final double jitSecs;
  private final double gcSecs;

  private SparkBenchCpu(long totalNanos, double jitSecs, double gcSecs) {
    this.totalNanos = totalNanos;
    this.jitSecs = jitSecs;
    this.gcSecs = gcSecs;
  }

  /** The figures now. */
  static SparkBenchCpu now() {
    long total =
        ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os
            ? os.getProcessCpuTime()
            : -1;
    double[] jitGc = new double[2];
    try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
      tasks.forEach(t -> addThread(t, jitGc));
    } catch (IOException | UncheckedIOException e) {
      jitGc[0] = Double.NaN;
      jitGc[1] = Double.NaN;
    }
    return new SparkBenchCpu(total, jitGc[0], jitGc[1]);
  }

  /**
   * Adds a thread's CPU seconds to the JIT's ({@code [0]}) or the GC's ({@code [1]}), if either.
   */
  private static void addThread(Path task, double[] jitGc) {
    try {
      String name = Files.readString(task.resolve("comm")).trim();
      int kind = name.contains("CompilerThre") ? 0 : gc(name) ? 1 : -1;
      if (kind < 0) {
        return;
      }
      String stat = Files.readString(task.resolve("stat"));
      // The fields after the name in parentheses: state is the 3rd field, utime the 14th.
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      jitGc[kind] += (Long.parseLong(f[11]) + Long.parseLong(f[12])) / TICKS;
    } catch (IOException | RuntimeException e) {
      // A thread that ended meanwhile.
    }
  }

  private static boolean gc(String name) {
    return name.startsWith("GC Thread")
        || name.startsWith("G1 ")
        || name.startsWith("VM Thread")
        || name.startsWith("GC ");
  }

  /** A line with the CPU per event since {@code start}, for {@code events} events. */
  String since(SparkBenchCpu start, long events) {
    if (totalNanos < 0 || start.totalNanos < 0 || events <= 0) {
      return "CPU of the JVM: not measurable here";
    }
    double secs = (totalNanos - start.totalNanos) / 1e9;
    double jit = jitSecs - start.jitSecs;
    double gc = gcSecs - start.gcSecs;
    return String.format(
        "CPU of the JVM over the load: %.1f s, %.1f us/event; without JIT and GC %.1f us/event"
            + " (JIT %.1f, GC %.1f us/event)",
        secs,
        secs * 1e6 / events,
        (secs - jit - gc) * 1e6 / events,
        jit * 1e6 / events,
        gc * 1e6 / events);
  }
}
