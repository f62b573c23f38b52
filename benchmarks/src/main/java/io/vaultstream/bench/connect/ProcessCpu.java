package io.vaultstream.bench.connect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * CPU time from /proc (Linux): a worker JVM's threads grouped by what they do, this harness JVM
 * (the broker), and the database server: PostgreSQL's processes that serve this database (its
 * backends, autovacuum workers included, and the server's background processes; not other
 * databases' backends, which other people's work on a shared server would add), or MariaDB's one
 * mariadbd process (its threads serve every database of the server).
 */
final class ProcessCpu {
  private static final long TICK_NANOS = 10_000_000L; // USER_HZ = 100

  static final String TASK = "sink task threads";
  static final String WRITER = "vaultstream writer thread";
  static final String OTHER = "other Connect/Kafka client threads";
  static final String JIT = "JIT compiler threads";
  static final String GC = "GC threads";
  static final String HARNESS = "harness JVM (broker, producer, polling)";
  static final String POSTGRES = "PostgreSQL (this database's processes)";
  static final String MARIADB = "MariaDB (the whole mariadbd process)";

  private final long workerPid;
  private final Map<Long, Long> startThreads;
  private final long startWorker;
  private final long startHarness;
  private final Map<Long, Long> startPostgres;
  private final java.sql.Connection db;
  private final boolean mariadb;

  ProcessCpu(long workerPid, java.sql.Connection db) {
    this.workerPid = workerPid;
    this.db = db;
    this.mariadb = BenchDatabase.isMariaDb(db);
    this.startThreads = threads(workerPid);
    this.startWorker = processNanos(Path.of("/proc/" + workerPid), false);
    this.startHarness = processNanos(Path.of("/proc/self"), false);
    this.startPostgres = postgres();
  }

  /** CPU seconds by part since this meter was made, in the order they are printed. */
  Map<String, Double> since() {
    Map<String, Double> out = new LinkedHashMap<>();
    String server = mariadb ? MARIADB : POSTGRES;
    for (String k : new String[] {TASK, WRITER, OTHER, JIT, GC, HARNESS, server}) {
      out.put(k, 0.0);
    }
    Map<Long, String> names = new HashMap<>();
    Map<Long, Long> now = threads(workerPid, names);
    double named = 0;
    for (var e : now.entrySet()) {
      double s = (e.getValue() - startThreads.getOrDefault(e.getKey(), 0L)) / 1e9;
      String group = group(names.get(e.getKey()));
      if (group != null) {
        out.merge(group, s, Double::sum);
        named += s;
      }
    }
    double worker = (processNanos(Path.of("/proc/" + workerPid), false) - startWorker) / 1e9;
    out.put(OTHER, Math.max(0, worker - named)); // includes threads that ended meanwhile
    out.put(HARNESS, (processNanos(Path.of("/proc/self"), false) - startHarness) / 1e9);
    double pg = 0;
    for (var e : postgres().entrySet()) {
      pg += (e.getValue() - startPostgres.getOrDefault(e.getKey(), 0L)) / 1e9;
    }
    out.put(server, pg);
    return out;
  }

  /** Linux thread names are cut at 15 characters: "task-thread-vau", "C2 CompilerThre". */
  private static String group(String name) {
    if (name.startsWith("task-thread-")) {
      return TASK;
    } else if (name.startsWith("vaultstream-wri")) {
      return WRITER;
    } else if (name.contains("CompilerThre") || name.startsWith("C1 ") || name.startsWith("C2 ")) {
      return JIT;
    } else if (name.startsWith("GC Thread") || name.startsWith("G1 ")) {
      return GC;
    }
    return null;
  }

  private static Map<Long, Long> threads(long pid) {
    return threads(pid, new HashMap<>());
  }

  private static Map<Long, Long> threads(long pid, Map<Long, String> names) {
    Map<Long, Long> out = new HashMap<>();
    try (Stream<Path> dirs = Files.list(Path.of("/proc/" + pid + "/task"))) {
      dirs.forEach(
          d -> {
            String[] stat = stat(d);
            if (stat != null) {
              long tid = Long.parseLong(d.getFileName().toString());
              names.put(tid, stat[0]);
              out.put(tid, (Long.parseLong(stat[12]) + Long.parseLong(stat[13])) * TICK_NANOS);
            }
          });
    } catch (IOException e) {
      return out;
    }
    return out;
  }

  private static long processNanos(Path dir, boolean withChildren) {
    String[] f = stat(dir);
    if (f == null) {
      return 0;
    }
    long n = Long.parseLong(f[12]) + Long.parseLong(f[13]);
    if (withChildren) {
      n += Long.parseLong(f[14]) + Long.parseLong(f[15]);
    }
    return n * TICK_NANOS;
  }

  /**
   * CPU nanoseconds by pid of the server's processes serving this database or all of them
   * (background writer, WAL writer, checkpointer...), as pg_stat_activity lists them now; the
   * postmaster's own time too. Empty when the server is not on this machine.
   */
  private Map<Long, Long> postgres() {
    Map<Long, Long> out = new HashMap<>();
    if (mariadb) {
      return mariadbd();
    }
    try (java.sql.Statement st = db.createStatement();
        java.sql.ResultSet rs =
            st.executeQuery(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
                    + " OR datname IS NULL UNION SELECT pg_backend_pid()")) {
      while (rs.next()) {
        long pid = rs.getLong(1);
        String[] f = stat(Path.of("/proc/" + pid));
        if (f != null && f[0].equals("postgres")) {
          out.put(pid, processNanos(Path.of("/proc/" + pid), false));
          long parent = Long.parseLong(f[2]);
          String[] pf = stat(Path.of("/proc/" + parent));
          if (pf != null && pf[0].equals("postgres")) {
            out.put(parent, processNanos(Path.of("/proc/" + parent), false));
          }
        }
      }
    } catch (java.sql.SQLException e) {
      return out;
    }
    return out;
  }

  /** CPU nanoseconds of each mariadbd process on this machine (all its threads). */
  private static Map<Long, Long> mariadbd() {
    Map<Long, Long> out = new HashMap<>();
    try (Stream<Path> dirs = Files.list(Path.of("/proc"))) {
      dirs.filter(d -> d.getFileName().toString().matches("\\d+"))
          .forEach(
              d -> {
                String[] f = stat(d);
                if (f != null && (f[0].equals("mariadbd") || f[0].equals("mysqld"))) {
                  out.put(Long.parseLong(d.getFileName().toString()), processNanos(d, false));
                }
              });
    } catch (IOException e) {
      return out;
    }
    return out;
  }

  /** The name, then stat's fields from the third on (f[1] is field 3; utime is f[12]). */
  private static String[] stat(Path dir) {
    try {
      String s = Files.readString(dir.resolve("stat"));
      int close = s.lastIndexOf(')');
      String[] rest = s.substring(close + 2).split(" ");
      String[] out = new String[rest.length + 1];
      out[0] = s.substring(s.indexOf('(') + 1, close);
      System.arraycopy(rest, 0, out, 1, rest.length);
      return out;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
