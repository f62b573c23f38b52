package io.vaultstream.spark;

import io.vaultstream.spark.SparkCompareLoads.Load;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.spark.sql.SparkSession;

/**
 * Delta next to PostgreSQL in one run: the same generated events (generator, seed, micro-batch
 * size) loaded micro-batch by micro-batch into a fresh PostgreSQL vault by the job's JDBC batch
 * writer and into a fresh Delta vault by its Delta batch writer, in one Spark local[2]. Prints per
 * target events/s, the median and range of the micro-batch times and the vault rows; the two
 * vaults' rows per table must match, neither may hold error rows, both must store every record's
 * position (a difference is printed and the run fails). With several runs the target that goes
 * first alternates, and the summary gives the median and range over the runs. Then the last run's
 * Delta tables' cost in files: data files and versions after the micro-batches, and data files
 * after {@code OPTIMIZE} of each table.
 *
 * <p>Run: {@code benchmarks/spark.sh --target=delta --compare [--events=100000]
 * [--batch-events=20000] [--runs=1] [--jdbc-url=URL] [--schema=bench_compare] [--batch-size=N]
 * [--delta-path=DIR]}. The PostgreSQL is used as it is found (its autovacuum setting is printed;
 * nothing is analyzed); each run loads into a schema of its own, {@code <schema>_r<run>}, dropped
 * before and after, and a Delta directory of its own under DIR (an empty directory; by default a
 * new temporary one, deleted at the end).
 */
final class SparkCompareBenchmark {
  private int events = 100_000;
  private int perBatch = 20_000;
  private int runs = 1;
  private String jdbcUrl = "jdbc:postgresql://127.0.0.1:5432/test?user=postgres";
  private String schema = "bench_compare";
  private String batchSize;
  private Path dir;

  private SparkCompareBenchmark() {}

  /** Runs the comparison with the options of benchmarks/spark.sh; false when a check fails. */
  static boolean run(List<String> args) throws Exception {
    SparkCompareBenchmark b = parse(args);
    boolean temporary = b.dir == null;
    if (temporary) {
      b.dir = Files.createTempDirectory("vaultstream-compare-bench");
    } else if (Files.isDirectory(b.dir) && !org.apache.commons.io.file.PathUtils.isEmpty(b.dir)) {
      throw new IllegalArgumentException(
          "--delta-path " + b.dir + " is not empty: the runs need fresh Delta vaults");
    }
    SparkSession spark = SparkDeltaBenchmark.session(b.dir.resolve("warehouse").toString());
    try {
      return b.measure(spark);
    } finally {
      spark.stop();
      VaultStreamingJob.shutdown();
      if (temporary) {
        org.apache.commons.io.FileUtils.deleteDirectory(b.dir.toFile());
      }
    }
  }

  /** The options of benchmarks/spark.sh; a bad or unknown one is refused, naming it. */
  static SparkCompareBenchmark parse(List<String> args) {
    SparkCompareBenchmark b = new SparkCompareBenchmark();
    for (String a : args) {
      String value = a.substring(a.indexOf('=') + 1);
      String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
      switch (name) {
        case "--target", "--compare" -> {}
        case "--events" -> b.events = number(value);
        case "--batch-events" -> b.perBatch = number(value);
        case "--runs" -> b.runs = number(value);
        case "--batch-size" -> b.batchSize = String.valueOf(number(value));
        case "--jdbc-url" -> b.jdbcUrl = value;
        case "--schema" -> b.schema = value;
        case "--delta-path" -> b.dir = Path.of(value);
        default ->
            throw new IllegalArgumentException(
                "unexpected argument '"
                    + a
                    + "': with --target=delta --compare the options are --events, --batch-events,"
                    + " --runs, --jdbc-url, --schema, --batch-size, --delta-path");
      }
    }
    // The schema is checked as the broker-fed benchmark checks its own (it is dropped).
    SparkBenchOptions.parse(new String[] {"--jdbc-url=" + b.jdbcUrl, "--schema=" + b.schema});
    return b;
  }

  private static int number(String value) {
    int n = Integer.parseInt(value.replace("_", "").replace(",", ""));
    if (n < 1) {
      throw new IllegalArgumentException("expected a whole number of at least 1, not " + value);
    }
    return n;
  }

  private boolean measure(SparkSession spark) throws Exception {
    SparkCompareLoads.Staged staged =
        SparkCompareLoads.stage(spark, events, perBatch, dir.resolve("events"));
    System.out.printf(
        "The Spark benchmark's events (seed %d): %,d records (digest %s) in %d micro-batches of"
            + " %,d, staged as Kafka source rows; each target's batch writer reads them%n",
        SparkBenchEvents.SEED, events, staged.digest(), staged.batches().size(), perBatch);
    SparkCompareLoads loads = new SparkCompareLoads(spark, staged, batchSize);
    List<Load[]> done = new ArrayList<>();
    boolean ok = true;
    Path last = null;
    for (int run = 1; run <= runs; run++) {
      boolean postgresFirst = run % 2 == 1;
      Path runDir = Files.createDirectories(dir.resolve("run-" + run));
      last = runDir.resolve("vault");
      System.out.printf(
          "Run %d of %d, %s first: %,d events in micro-batches of %,d into both%n",
          run, runs, postgresFirst ? "PostgreSQL" : "Delta", events, perBatch);
      Load[] pair = new Load[2];
      ok &= oneRun(spark, loads, staged.next(), run, postgresFirst, runDir, pair);
      done.add(pair);
    }
    if (runs > 1) {
      acrossRuns(done, events);
    }
    SparkDeltaFiles.report(new SparkDeltaTables(spark, last), batches());
    return ok;
  }

  private int batches() {
    return (events + perBatch - 1) / perBatch;
  }

  /** One run: both loads in the given order, then their vaults compared; pair gets the loads. */
  private boolean oneRun(
      SparkSession spark,
      SparkCompareLoads loads,
      Map<String, Long> next,
      int run,
      boolean postgresFirst,
      Path runDir,
      Load[] pair)
      throws Exception {
    SparkBenchOptions pg =
        SparkBenchOptions.parse(
            new String[] {"--jdbc-url=" + jdbcUrl, "--schema=" + schema + "_r" + run});
    try (SparkBenchDatabase db = new SparkBenchDatabase(pg)) {
      db.reset();
      if (run == 1) {
        System.out.println("PostgreSQL: " + db.description + " (as found; nothing analyzed)");
      }
      for (int i = 0; i < 2; i++) {
        if ((i == 0) == postgresFirst) {
          pair[0] = loads.postgres(db.url, db.schema, runDir);
        } else {
          pair[1] = loads.delta(runDir.resolve("vault"), runDir);
        }
      }
      SparkDeltaTables lake = new SparkDeltaTables(spark, runDir.resolve("vault"));
      boolean ok = compare(pair, next, db, lake);
      VaultStreamingJob.shutdown(); // closes the run's engine and pool before its schema goes
      db.reset();
      return ok;
    }
  }

  /** Side by side, then the checks; prints every difference. */
  private boolean compare(
      Load[] pair, Map<String, Long> next, SparkBenchDatabase db, SparkDeltaTables lake)
      throws Exception {
    Map<String, Long> pgRows = db.vaultRows();
    Map<String, Long> lakeRows = lake.vaultRows();
    System.out.printf(
        "%-12s %10s %14s %18s %12s%n", "", "events/s", "batch median", "batch range", "vault rows");
    line(pair[0], events, sum(pgRows));
    line(pair[1], events, sum(lakeRows));
    boolean ok = true;
    for (String t : new TreeSet<>(union(pgRows, lakeRows))) {
      Long p = pgRows.get(t);
      Long d = lakeRows.get(t);
      if (p == null || !p.equals(d)) {
        System.out.printf("MISMATCH: %s has %s rows in PostgreSQL and %s in Delta%n", t, p, d);
        ok = false;
      }
    }
    long pgErrors = sum(db.errorsByCode());
    System.out.printf(
        "Rows per table %s over %d tables; error rows %,d and %,d, waiting rows %,d and %,d"
            + " (PostgreSQL and Delta)%n",
        ok ? "equal" : "DIFFERENT",
        pgRows.size(),
        pgErrors,
        lake.errors(),
        db.waiting(),
        lake.waiting());
    ok &= check(pgErrors == 0 && lake.errors() == 0, "error rows, none expected from these events");
    ok &= check(db.storedPositions().equals(next), "PostgreSQL's stored positions");
    ok &= check(lake.storedPositions().equals(next), "Delta's stored positions");
    return ok;
  }

  private static boolean check(boolean ok, String what) {
    if (!ok) {
      System.out.println("MISMATCH: " + what);
    }
    return ok;
  }

  private static void line(Load l, int events, long rows) {
    List<Double> s = sorted(l.seconds());
    System.out.printf(
        "%-12s %,10.0f %12.1f s %8.1f - %5.1f s %,12d%n",
        l.target(), events / l.total(), median(s), s.get(0), s.get(s.size() - 1), rows);
  }

  /** Events/s per target over the runs: median and range. */
  private static void acrossRuns(List<Load[]> done, int events) {
    for (int i = 0; i < 2; i++) {
      List<Double> rates = new ArrayList<>();
      List<Double> medians = new ArrayList<>();
      for (Load[] pair : done) {
        rates.add(events / pair[i].total());
        medians.add(median(sorted(pair[i].seconds())));
      }
      rates = sorted(rates);
      System.out.printf(
          "%s over %d runs: median %,.0f events/s (range %,.0f - %,.0f); median batch %.1f s%n",
          done.get(0)[i].target(),
          done.size(),
          median(rates),
          rates.get(0),
          rates.get(rates.size() - 1),
          median(sorted(medians)));
    }
  }

  private static List<Double> sorted(List<Double> xs) {
    List<Double> s = new ArrayList<>(xs);
    s.sort(Double::compare);
    return s;
  }

  private static double median(List<Double> sorted) {
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  private static java.util.Set<String> union(Map<String, Long> a, Map<String, Long> b) {
    java.util.Set<String> s = new TreeSet<>(a.keySet());
    s.addAll(b.keySet());
    return s;
  }

  private static long sum(Map<String, Long> m) {
    return m.values().stream().mapToLong(Long::longValue).sum();
  }
}
