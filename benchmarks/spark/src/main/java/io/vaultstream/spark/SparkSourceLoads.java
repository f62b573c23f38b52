package io.vaultstream.spark;

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
    SparkTopicScan input = SparkTopicScan.of(bootstrap);
    System.out.printf(
        "Topics on %s: %,d records (%,d tombstones): %s%n",
        bootstrap, input.total(), input.tombstones(), input.perTopic());
    System.out.println("Vault database: " + db.description + " (schema dropped before each load)");
    SparkSession spark = SparkBenchmark.session();
    try {
      boolean ok = true;
      for (int i = 1; i <= o.loads; i++) {
        ok &= load(spark, bootstrap, db, input, o, i);
        VaultStreamingJob.shutdown(); // the next load's loaders meet the schema it creates
      }
      SparkBenchmark.printHeap();
      return ok;
    } finally {
      spark.stop();
      VaultStreamingJob.shutdown();
    }
  }

  private static boolean load(
      SparkSession spark,
      String bootstrap,
      SparkBenchDatabase db,
      SparkTopicScan input,
      SparkBenchOptions o,
      int n)
      throws Exception {
    db.reset();
    SparkBenchOptions given = o;
    if (n == 3) {
      given = SparkBenchOptions.parse(new String[] {"--queries=single"});
      given.extra.addAll(o.extra);
    }
    JobConfig config = SparkBenchmark.jobConfig(bootstrap, db, given);
    SparkBenchDecoded decoded = new SparkBenchDecoded();
    spark.sparkContext().addSparkListener(decoded);
    try {
      long start = System.nanoTime();
      SparkBenchmark.loadAvailable(spark, config);
      double secs = (System.nanoTime() - start) / 1e9;
      Map<String, Long> perTable = db.vaultRows();
      System.out.printf(
          "Load %d (%s): ",
          n, n == 1 ? "a freshly started job" : n == 2 ? "a running job" : "a running job, single");
      SparkBenchmark.printLoad(input.total(), o, config, SparkBenchChecks.sum(perTable), secs);
      return SparkBenchChecks.verify(db, input, perTable, decoded);
    } finally {
      spark.sparkContext().removeSparkListener(decoded);
    }
  }
}
