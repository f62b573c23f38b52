package io.vaultstream.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * CPU time spent between two points, split by who spent it: the sink task's threads, the rest of
 * the JVM's threads (broker, worker, producer), the JVM itself (JIT compiler, garbage collector)
 * and PostgreSQL's processes on this machine (read from /proc, Linux only). CPU time per event is
 * steadier than events per second on a machine whose cores are shared.
 */
final class CpuMeter {
  private static final long CLOCK_TICK_NANOS = 10_000_000L; // USER_HZ = 100 on Linux

  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private final Map<Long, Long> startByThread = new HashMap<>();
  private final long startProcess;
  private final long startPostgres;
  private final Map<String, Long> startInternal;

  CpuMeter() {
    for (long id : threads.getAllThreadIds()) {
      startByThread.put(id, Math.max(0, threads.getThreadCpuTime(id)));
    }
    startProcess = processCpu();
    startPostgres = postgresCpu();
    startInternal = internalCpu();
  }

  /** CPU seconds per part since this meter was made. */
  Map<String, Double> since() {
    Map<String, Double> out = new LinkedHashMap<>();
    double task = 0;
    double writer = 0;
    double other = 0;
    for (long id : threads.getAllThreadIds()) {
      ThreadInfo info = threads.getThreadInfo(id);
      long now = threads.getThreadCpuTime(id);
      if (info == null || now < 0) {
        continue;
      }
      double s = (now - startByThread.getOrDefault(id, 0L)) / 1e9;
      String name = info.getThreadName();
      if (name.startsWith("task-thread")) {
        task += s;
      } else if (name.startsWith("vaultstream-writer")) {
        writer += s;
      } else {
        other += s;
      }
    }
    double process = (processCpu() - startProcess) / 1e9;
    out.put("sink task thread (decode, plan)", task);
    out.put("sink writer thread (write, commit)", writer);
    out.put("broker, worker, producer threads", other);
    Map<String, Long> internal = internalCpu();
    double jit = (internal.get("jit") - startInternal.get("jit")) / 1e9;
    double gc = (internal.get("gc") - startInternal.get("gc")) / 1e9;
    if (jit + gc > 0) {
      out.put("JVM JIT compiler threads", jit);
      out.put("JVM garbage collector threads", gc);
    }
    out.put("JVM, other", Math.max(0, process - task - writer - other - jit - gc));
    long pg = postgresCpu();
    if (pg >= 0 && startPostgres >= 0) {
      out.put("PostgreSQL processes", (pg - startPostgres) / 1e9);
    }
    return out;
  }

  private static long processCpu() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean s ? s.getProcessCpuTime() : 0;
  }

  /** CPU nanoseconds of this JVM's compiler and collector threads (from /proc, Linux only). */
  private static Map<String, Long> internalCpu() {
    Map<String, Long> out = new HashMap<>(Map.of("jit", 0L, "gc", 0L));
    Path tasks = Path.of("/proc/self/task");
    if (!Files.isDirectory(tasks)) {
      return out;
    }
    try (Stream<Path> dirs = Files.list(tasks)) {
      for (Path d : (Iterable<Path>) dirs::iterator) {
        Stat st = stat(d);
        if (st == null) {
          continue;
        }
        if (st.name.contains("Compiler")) {
          out.merge("jit", st.ownNanos, Long::sum);
        } else if (st.name.startsWith("GC Thread") || st.name.startsWith("G1 ")) {
          out.merge("gc", st.ownNanos, Long::sum);
        }
      }
    } catch (IOException e) {
      return out;
    }
    return out;
  }

  /** CPU nanoseconds of every process called postgres (including exited children), or -1. */
  private static long postgresCpu() {
    Path proc = Path.of("/proc");
    if (!Files.isDirectory(proc)) {
      return -1;
    }
    long total = 0;
    try (Stream<Path> dirs = Files.list(proc)) {
      for (Path d : (Iterable<Path>) dirs::iterator) {
        if (!d.getFileName().toString().chars().allMatch(Character::isDigit)) {
          continue;
        }
        Stat st = stat(d);
        if (st != null && st.name.equals("postgres")) {
          total += st.ownNanos + st.childrenNanos;
        }
      }
    } catch (IOException e) {
      return -1;
    }
    return total;
  }

  /** A process's or thread's name and CPU time, from its /proc stat file. */
  private record Stat(String name, long ownNanos, long childrenNanos) {}

  /** Reads {@code dir/stat}; null when the process or thread ended meanwhile. */
  private static Stat stat(Path dir) {
    try {
      String stat = Files.readString(dir.resolve("stat"));
      int close = stat.lastIndexOf(')');
      String name = stat.substring(stat.indexOf('(') + 1, close);
      // utime, stime, cutime, cstime are fields 14-17 of stat; f[0] is field 3.
      String[] f = stat.substring(close + 2).split(" ");
      return new Stat(
          name,
          (Long.parseLong(f[11]) + Long.parseLong(f[12])) * CLOCK_TICK_NANOS,
          (Long.parseLong(f[13]) + Long.parseLong(f[14])) * CLOCK_TICK_NANOS);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
