package io.vaultstream.spark;

import java.util.Locale;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * The Spark runner on topics another producer filled: the backlog a Debezium source connector
 * captured for benchmarks/debezium-source.sh, on that benchmark's broker. Loads all of it {@code
 * --loads} times in one JVM, each time into the benchmark's schema dropped just before and from new
 * checkpoints: first a freshly started job, then a job that has been running (Spark and the JIT
 * warm), as the Connect benchmark loads the backlog on a fresh and then a running worker, both with
 * the job's default queries (one per source table) unless {@code --queries} says otherwise; a third
 * load is the running job with one query for every topic ({@code --queries single}). Each load
 * prints one line "Load N (...): Spark local[2] loaded ... in S s: ..." and its checks.
 */
final class SparkSourceLoads {
  private SparkSourceLoads() {}

  /** Runs the loads; false when one of them did not give the vault the records should give. */
  static boolean run(String bootstrap, SparkBenchDatabase db, SparkBenchOptions o)
      throws Exception {
    if (o.warmup > 0) {
      throw new IllegalArgumentException(
          "--warmup-events needs the benchmark's own events; with --bootstrap-servers the second"
              + " of --loads is the running job's");
    }
    if (o.loads > 3) {
      throw new IllegalArgumentException(
          "--loads is at most 3 (a fresh job, a running one, a running one with one query)");
    }
    System.out.println("Vault database: " + db.description + " (schema dropped before each load)");
    SparkSession spark = SparkBenchmark.session();
    try {
      boolean ok = true;
      SparkTopicScan input = null;
      for (int i = 1; i <= o.loads; i++) {
        Timed t = load(spark, bootstrap, db, o, i);
        if (input == null) {
          // Read only now: reading the topics in this JVM before the first load would warm the
          // Kafka client code the fresh job is timed on.
          input = SparkTopicScan.of(bootstrap);
          System.out.printf(
              "Topics on %s: %,d records (%,d tombstones): %s%n",
              bootstrap, input.total(), input.tombstones(), input.perTopic());
        }
        System.out.println(t.line(i, input.total()));
        ok &= SparkBenchChecks.verify(db, input, t.perTable, t.decoded);
        spark.sparkContext().removeSparkListener(t.decoded); // after the checks: it counts late
        VaultStreamingJob.shutdown(); // the next load's loaders meet the schema it creates
      }
      SparkBenchmark.printHeap();
      return ok;
    } finally {
      spark.stop();
      VaultStreamingJob.shutdown();
    }
  }

  /** One load's time, vault rows and decoded-events count. */
  private record Timed(
      JobConfig config, long nanos, Map<String, Long> perTable, SparkBenchDecoded decoded) {

    String line(int n, long events) {
      return loadLine(n, events, SparkBenchChecks.sum(perTable), nanos / 1e9, config.singleQuery());
    }
  }

  /** "Load N starting", printed just before the load's clock starts. */
  static String startLine(int n) {
    return "Load " + n + " starting";
  }

  /** "Load N ended", printed just after the load's clock stops. */
  static String endLine(int n) {
    return "Load " + n + " ended";
  }

  /**
   * "Load N (...): Spark local[2] loaded E events into R vault rows in S s: ..." in one line, in
   * one locale: benchmarks/debezium-source.sh's harness reads it.
   */
  static String loadLine(int n, long events, long rows, double secs, boolean single) {
    return String.format(
        Locale.ROOT,
        "Load %d (%s): Spark local[2] loaded %,d events into %,d vault rows in %.3f s: %,.0f"
            + " events/s, %,.0f vault rows/s (%s)",
        n,
        n == 1 ? "a freshly started job" : "a running job",
        events,
        rows,
        secs,
        events / secs,
        rows / secs,
        single ? "one query for all topics" : "one query per source table");
  }

  private static Timed load(
      SparkSession spark, String bootstrap, SparkBenchDatabase db, SparkBenchOptions o, int n)
      throws Exception {
    db.reset();
    SparkBenchOptions given = o;
    if (n == 3) {
      given = SparkBenchOptions.parse(new String[] {"--queries=single"});
      given.maxOffsets = o.maxOffsets;
      given.extra.addAll(o.extra);
    }
    JobConfig config = SparkBenchmark.jobConfig(bootstrap, db, given);
    SparkBenchDecoded decoded = new SparkBenchDecoded();
    spark.sparkContext().addSparkListener(decoded);
    try {
      // benchmarks/debezium-source.sh's harness meters this JVM's CPU between the two lines.
      System.out.println(startLine(n));
      long start = System.nanoTime();
      SparkBenchmark.loadAvailable(spark, config);
      long nanos = System.nanoTime() - start;
      System.out.println(endLine(n));
      return new Timed(config, nanos, db.vaultRows(), decoded);
    } catch (Exception | Error e) {
      spark.sparkContext().removeSparkListener(decoded);
      throw e;
    }
  }
}
