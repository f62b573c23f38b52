package io.vaultstream.spark;

import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.spark.lake.LakeLocation;
import io.vaultstream.spark.lake.LakeVault;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.SparkSession;

/**
 * The Delta target's cost per micro-batch as its tables grow: the Spark benchmark's events (same
 * seed) loaded into a Delta vault by the job's own per-batch path ({@link LakeVault}: intent,
 * pinned reads, one MERGE per table) in Spark local[2], micro-batch after micro-batch of {@code
 * --batch-events} records, without the broker (the cost measured is the target's). Prints each
 * batch's time, the first and last batches' against each other, the median and events/s, then
 * checks the vault: no error rows, every record's position stored.
 *
 * <p>Run: {@code benchmarks/spark.sh --target=delta [--events=500000] [--batch-events=20000]
 * [--delta-path=DIR]} (DIR, default a new temporary directory, must not hold a vault).
 */
final class SparkDeltaBenchmark {
  private SparkDeltaBenchmark() {}

  /** Runs the benchmark with the options of benchmarks/spark.sh; false when the check fails. */
  static boolean run(List<String> args) throws Exception {
    if (args.contains("--compare")) {
      return SparkCompareBenchmark.run(args);
    }
    int events = 500_000;
    int perBatch = 20_000;
    Path dir = null;
    for (String a : args) {
      String value = a.substring(a.indexOf('=') + 1);
      if (a.startsWith("--events=")) {
        events = Integer.parseInt(value.replace("_", "").replace(",", ""));
      } else if (a.startsWith("--batch-events=")) {
        perBatch = Integer.parseInt(value.replace("_", "").replace(",", ""));
      } else if (a.startsWith("--delta-path=")) {
        dir = Path.of(value);
      } else if (!a.equals("--target=delta")) {
        throw new IllegalArgumentException(
            "unexpected argument '"
                + a
                + "': with --target=delta the options are --events, --batch-events, --delta-path"
                + " (and --compare: Delta next to PostgreSQL)");
      }
    }
    if (dir == null) {
      dir = Files.createTempDirectory("vaultstream-delta-bench");
    }
    SparkSession spark = session(dir.resolve("warehouse").toString());
    try {
      return measure(
          spark, new LakeLocation.Path(dir.resolve("vault").toString()), events, perBatch);
    } finally {
      spark.stop();
    }
  }

  /** Spark local[2] with Delta Lake, its partitions sized for one machine. */
  static SparkSession session(String warehouse) {
    return SparkSession.builder()
        .master("local[2]")
        .appName("vaultstream-delta-bench")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.databricks.delta.snapshotPartitions", "2")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.warehouse.dir", warehouse)
        .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
        .config(
            "spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
        .getOrCreate();
  }

  private static boolean measure(SparkSession spark, LakeLocation at, int events, int perBatch)
      throws Exception {
    VaultModel model = ModelLoader.load(SparkBenchmark.exampleModel());
    VaultOptions options = VaultOptions.builder().outsideADatabase().build();
    LakeVault.createTables(spark, model, at);
    LakeVault vault = new LakeVault(spark, model, options, at, "vaultstream-delta-bench");
    ShopEventGenerator source = ShopEventGenerator.debezium(SparkBenchEvents.SEED);
    Map<String, Long> next = new TreeMap<>();
    List<Double> seconds = new ArrayList<>();
    long rows = 0;
    long start = System.nanoTime();
    for (long batch = 0; batch * perBatch < events; batch++) {
      int n = (int) Math.min(perBatch, events - batch * perBatch);
      List<ChangeEvent> decoded = new ArrayList<>(n);
      long t = System.nanoTime();
      for (ChangeRecord r : source.next(n)) {
        long offset = next.merge(r.topic(), 1L, Long::sum) - 1;
        vault.decoder().decode(r.topic(), 0, offset, 0, r.key(), r.value()).ifPresent(decoded::add);
      }
      List<Progress.Position> positions = new ArrayList<>();
      next.forEach((topic, o) -> positions.add(new Progress.Position(topic, 0, o)));
      LoadResult r = vault.load(batch, decoded, List.of(), new Progress("delta-bench", positions));
      double s = (System.nanoTime() - t) / 1e9;
      seconds.add(s);
      rows += r.totalRows();
      System.out.printf(
          "batch %3d: %,7d records, %,7d vault rows, %6.1f s (%,.0f events/s)%n",
          batch, n, r.totalRows(), s, n / s);
    }
    double total = (System.nanoTime() - start) / 1e9;
    summary(seconds, events, perBatch, rows, total);
    return check(spark, at, next);
  }

  private static void summary(
      List<Double> seconds, int events, int perBatch, long rows, double total) {
    int k = Math.max(1, Math.min(5, seconds.size() / 4));
    List<Double> sorted = new ArrayList<>(seconds);
    sorted.sort(Double::compare);
    System.out.printf(
        "Delta target, Spark local[2]: %,d events in %d micro-batches of %,d: %,d vault rows in"
            + " %.0f s, %,.0f events/s%n",
        events, seconds.size(), perBatch, rows, total, events / total);
    System.out.printf(
        "Per micro-batch: median %.1f s; first %d batches %.1f s on average, last %d batches %.1f"
            + " s (ratio %.2f)%n",
        sorted.get(sorted.size() / 2),
        k,
        mean(seconds.subList(0, k)),
        k,
        mean(seconds.subList(seconds.size() - k, seconds.size())),
        mean(seconds.subList(seconds.size() - k, seconds.size())) / mean(seconds.subList(0, k)));
  }

  private static double mean(List<Double> xs) {
    return xs.stream().mapToDouble(Double::doubleValue).average().orElse(0);
  }

  /** No error rows, and the stored positions are every record's. */
  private static boolean check(SparkSession spark, LakeLocation at, Map<String, Long> next) {
    long errors = spark.sql("SELECT count(*) FROM " + at.table("vs_errors")).first().getLong(0);
    long waiting = spark.sql("SELECT count(*) FROM " + at.table("vs_waiting")).first().getLong(0);
    Map<String, Long> stored = new TreeMap<>();
    spark
        .sql("SELECT topic, next_offset FROM " + at.table("vs_progress"))
        .collectAsList()
        .forEach(r -> stored.put(r.getString(0), Long.parseLong(r.get(1).toString())));
    System.out.printf(
        "Error rows: %,d; waiting rows: %,d; positions stored: %s%n", errors, waiting, stored);
    boolean ok = errors == 0 && stored.equals(next);
    if (!ok) {
      System.out.println("FAILED: expected no error rows and the positions " + next);
    }
    return ok;
  }
}
