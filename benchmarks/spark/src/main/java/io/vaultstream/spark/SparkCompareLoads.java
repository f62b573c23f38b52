package io.vaultstream.spark;

import io.vaultstream.model.VaultModel;
import io.vaultstream.spark.lake.LakeVault;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.VoidFunction2;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The job's two per-micro-batch paths fed the same micro-batches: the single query's JDBC batch
 * writer ({@link BatchWriter}, the whole micro-batch on one executor, in transactions of {@code
 * --batch-size} events) and the Delta target's ({@link LakeBatchWriter}, planned and committed on
 * the driver), each set up from job arguments as the job sets itself up. Only the writer's call is
 * timed: the events are generated once, before any load, and staged as the Kafka source's rows in
 * Parquet files that the call reads (as the job's tasks read the broker).
 */
final class SparkCompareLoads {
  /** A target's micro-batch times. */
  record Load(String target, List<Double> seconds) {
    double total() {
      return seconds.stream().mapToDouble(Double::doubleValue).sum();
    }
  }

  /**
   * The events staged as the micro-batches' Kafka source rows in Parquet files, one directory per
   * micro-batch, read by both targets: the records' next offset per topic, their digest.
   */
  record Staged(List<String> batches, int events, Map<String, Long> next, String digest) {}

  private final SparkSession spark;
  private final Staged staged;
  private final String batchSize;

  SparkCompareLoads(SparkSession spark, Staged staged, String batchSize) {
    this.spark = spark;
    this.staged = staged;
    this.batchSize = batchSize;
  }

  /**
   * Writes the stream's first {@code events} records into micro-batches of {@code perBatch} under
   * {@code dir}: read back in the timed calls by tasks, as the job's tasks read the broker.
   */
  static Staged stage(SparkSession spark, int events, int perBatch, Path dir) {
    SparkBenchStream stream = new SparkBenchStream();
    List<String> batches = new ArrayList<>();
    for (int done = 0, b = 0; done < events; b++) {
      int n = Math.min(perBatch, events - done);
      String at = dir.resolve("batch-" + b).toString();
      spark
          .createDataFrame(stream.next(n), SparkBenchStream.KAFKA_ROWS)
          .coalesce(1)
          .write()
          .parquet(at);
      batches.add(at);
      done += n;
    }
    return new Staged(batches, events, stream.nextOffsets(), stream.digest());
  }

  /** Loads into the schema of the PostgreSQL at {@code url} as the job's JDBC single query does. */
  Load postgres(String url, String schema, Path scratch) throws Exception {
    JobConfig config =
        config(scratch, "--jdbc-url", url, "--schema", schema, "--queries", "single");
    VaultModel model = config.loadModel();
    Loaders.get(model, config.options()); // the job prepares the vault once, on the driver
    Broadcast<VaultModel> shared =
        JavaSparkContext.fromSparkContext(spark.sparkContext()).broadcast(model);
    BatchWriter writer =
        new BatchWriter(
            shared,
            config.options(),
            StartingOffsets.queryName(model, null),
            new VaultMetrics(spark.sparkContext()),
            true,
            config.batchSize());
    return feed("PostgreSQL", writer);
  }

  /** Loads into Delta tables under {@code dir} as the job's Delta target does. */
  Load delta(Path dir, Path scratch) throws Exception {
    JobConfig config = config(scratch, "--target", "delta", "--delta-path", dir.toString());
    VaultModel model = config.loadModel();
    LakeVault.createTables(spark, model, config.lakeLocation()); // as the job does at start
    LakeBatchWriter writer =
        new LakeBatchWriter(
            model,
            config.options(),
            config.lakeLocation(),
            StartingOffsets.queryName(model, null),
            new VaultMetrics(spark.sparkContext()));
    return feed("Delta", writer);
  }

  /** The job's settings for a target; the broker and checkpoint are never used (no query runs). */
  private JobConfig config(Path scratch, String... target) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--model",
                SparkBenchmark.exampleModel().toString(),
                "--bootstrap-servers",
                "127.0.0.1:9",
                "--checkpoint",
                scratch.resolve("checkpoint").toString()));
    args.addAll(List.of(target));
    if (batchSize != null) {
      args.addAll(List.of("--batch-size", batchSize));
    }
    return JobConfig.from(args.toArray(new String[0]), Map.of());
  }

  /** Hands the writer the staged micro-batches, one after the other, timing each call. */
  private Load feed(String target, VoidFunction2<Dataset<Row>, Long> writer) throws Exception {
    List<Double> seconds = new ArrayList<>();
    for (int batch = 0; batch < staged.batches().size(); batch++) {
      Dataset<Row> rows =
          spark.read().schema(SparkBenchStream.KAFKA_ROWS).parquet(staged.batches().get(batch));
      long t = System.nanoTime();
      writer.call(rows, (long) batch);
      double s = (System.nanoTime() - t) / 1e9;
      seconds.add(s);
      System.out.printf("%-10s batch %3d: %6.1f s%n", target, batch, s);
    }
    return new Load(target, seconds);
  }
}
