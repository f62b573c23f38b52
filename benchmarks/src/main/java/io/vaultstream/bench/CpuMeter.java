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
  private final Map<String, Long> startPostgres;
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
    ThreadSeconds t = threadSeconds();
    double task = t.task();
    double writer = t.writer();
    double other = t.other();
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
    Map<String, Long> pg = postgresCpu();
    if (!pg.isEmpty() && !startPostgres.isEmpty()) {
      double connections = (pg.get("connections") - startPostgres.get("connections")) / 1e9;
      double total = (pg.get("all") - startPostgres.get("all")) / 1e9;
      out.put("PostgreSQL connections", connections);
      out.put("PostgreSQL background (WAL, vacuum)", Math.max(0, total - connections));
    }
    return out;
  }

  /** CPU seconds of the JVM's live threads since this meter was made, by who they are. */
  private record ThreadSeconds(double task, double writer, double other) {}

  private ThreadSeconds threadSeconds() {
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
    return new ThreadSeconds(task, writer, other);
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

  /**
   * CPU nanoseconds of every process called postgres ("all", including exited children such as
   * autovacuum workers) and of the client connections among them ("connections"); empty when there
   * is no /proc.
   */
  private static Map<String, Long> postgresCpu() {
    Path proc = Path.of("/proc");
    Map<String, Long> out = new HashMap<>();
    if (!Files.isDirectory(proc)) {
      return out;
    }
    long all = 0;
    long connections = 0;
    try (Stream<Path> dirs = Files.list(proc)) {
      for (Path d : (Iterable<Path>) dirs::iterator) {
        if (!d.getFileName().toString().chars().allMatch(Character::isDigit)) {
          continue;
        }
        Stat st = stat(d);
        if (st != null && st.name.equals("postgres")) {
          all += st.ownNanos + st.childrenNanos;
          if (isConnection(d)) {
            connections += st.ownNanos;
          }
        }
      }
    } catch (IOException e) {
      return Map.of();
    }
    out.put("all", all);
    out.put("connections", connections);
    return out;
  }

  /** Whether a postgres process serves a client: its title names the client's address. */
  private static boolean isConnection(Path dir) {
    try {
      String title = Files.readString(dir.resolve("cmdline")).replace('\0', ' ');
      return title.startsWith("postgres: ") && (title.contains("(") || title.contains("[local]"));
    } catch (IOException | RuntimeException e) {
      return false;
    }
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
