package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.Schedulable;
import org.apache.spark.scheduler.SchedulingMode;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the job needs from the cluster, in a real Spark local[2] session: the model read through
 * Hadoop's file systems, and the FAIR pools active both in a session the job creates and in one
 * that already runs (as on Databricks).
 */
class ClusterSettingsIT {
  private SparkSession spark;

  private SparkSession session(Map<String, String> settings) {
    SparkSession.Builder builder =
        SparkSession.builder()
            .master("local[2]")
            .appName("vaultstream-settings-it")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1");
    settings.forEach(builder::config);
    spark = builder.getOrCreate();
    return spark;
  }

  @AfterEach
  void stop() {
    if (spark != null) {
      spark.stop();
    }
  }

  private static JobConfig config(String model) {
    return JobConfig.from(
        new String[] {
          "--model", model,
          "--jdbc-url", "jdbc:postgresql://db/dwh",
          "--bootstrap-servers", "broker:9092",
          "--checkpoint", "/chk"
        },
        Map.of());
  }

  @Test
  void theModelIsReadThroughHadoopFileSystems(@TempDir Path dir) throws Exception {
    SparkSession s = session(Map.of());
    var hadoop = s.sparkContext().hadoopConfiguration();
    Path copy = dir.resolve("model.json");
    Files.copy(Samples.shopModel(), copy);

    VaultModel model = config(copy.toUri().toString()).loadModel(hadoop);

    assertThat(copy.toUri().toString()).startsWith("file:/");
    assertThat(model.name()).isEqualTo("shop");
    assertThat(model.sources().get("orders").topic()).isEqualTo("shop.public.orders");
    assertThat(config(copy.toString()).loadModel(hadoop).sources()).hasSize(6);
  }

  @Test
  void aModelThatIsNoModelFileIsRefusedByName(@TempDir Path dir) throws Exception {
    var hadoop = session(Map.of()).sparkContext().hadoopConfiguration();
    String folder = dir.toUri().toString();
    assertThatThrownBy(() -> config(folder).loadModel(hadoop))
        .isInstanceOf(UncheckedIOException.class)
        .hasMessage(
            "--model "
                + folder
                + " is not a regular file (a directory, device or FIFO); give the model file"
                + " itself (JSON, or YAML for .yaml/.yml)");
    String missing = dir.resolve("nope.json").toUri().toString();
    assertThatThrownBy(() -> config(missing).loadModel(hadoop))
        .hasMessage("--model " + missing + " does not exist");
    Path big = dir.resolve("big.json");
    Files.write(big, new byte[HadoopModelFile.MAX_BYTES + 1]);
    assertThatThrownBy(() -> config(big.toUri().toString()).loadModel(hadoop))
        .hasMessageEndingWith(" is larger than 4 MiB; a model is a few kilobytes of JSON or YAML");
    Path latin1 = dir.resolve("latin1.json");
    Files.write(latin1, new byte[] {'{', (byte) 0xE9, '}'});
    assertThatThrownBy(() -> config(latin1.toUri().toString()).loadModel(hadoop))
        .hasMessageContaining("is not UTF-8 text");
  }

  @Test
  void aSessionTheJobCreatesHasItsFairPoolsFromTheJar() {
    SparkContext sc = session(SchedulerPools.sessionSettings()).sparkContext();

    assertThat(sc.getSchedulingMode()).isEqualTo(SchedulingMode.FAIR());
    assertThat(weights(sc)).containsExactly(List.of(3, 1), List.of(2, 0), List.of(1, 0));
    assertThat(sc.getConf().get("spark.scheduler.allocation.file")).startsWith("file:/");
    assertThat(ranInPool(sc, "vaultstream-hubs")).isEqualTo(10);
  }

  @Test
  void aRunningFairSessionWithoutThePoolFileGetsThePools() {
    SparkContext sc = session(Map.of("spark.scheduler.mode", "FAIR")).sparkContext();
    assertThat(sc.getPoolForName("vaultstream-hubs").isDefined()).isFalse();

    SchedulerPools.ensure(sc);

    assertThat(weights(sc)).containsExactly(List.of(3, 1), List.of(2, 0), List.of(1, 0));
    assertThat(ranInPool(sc, "vaultstream-links")).isEqualTo(10);
  }

  @Test
  void checkpointsOnTheLocalDiskAreWrittenThroughTheFileSystemApi(@TempDir Path dir) {
    SparkSession s = session(Map.of());
    LocalCheckpoints.apply(s, dir.toString());
    assertThat(s.conf().get(LocalCheckpoints.MANAGER))
        .isEqualTo(LocalCheckpoints.FILE_SYSTEM_MANAGER);
  }

  @Test
  void aCheckpointManagerTheUserNamesIsKept(@TempDir Path dir) {
    String own = "com.example.OwnCheckpointFileManager";
    SparkSession s = session(Map.of(LocalCheckpoints.MANAGER, own));
    LocalCheckpoints.apply(s, dir.toUri().toString());
    assertThat(s.conf().get(LocalCheckpoints.MANAGER)).isEqualTo(own);
    s.stop();
    // Named in the Hadoop configuration (spark.hadoop.*): the session's setting stays unset.
    s = session(Map.of("spark.hadoop." + LocalCheckpoints.MANAGER, own));
    LocalCheckpoints.apply(s, dir.toString());
    assertThat(s.conf().contains(LocalCheckpoints.MANAGER)).isFalse();
  }

  @Test
  void aLaterStartOnARemoteCheckpointGetsSparksOwnManagerBack(@TempDir Path dir) {
    SparkSession s = session(Map.of());
    LocalCheckpoints.apply(s, dir.toString());
    assertThat(s.conf().get(LocalCheckpoints.MANAGER))
        .isEqualTo(LocalCheckpoints.FILE_SYSTEM_MANAGER);
    LocalCheckpoints.apply(s, "s3a://bucket/checkpoints");
    assertThat(s.conf().contains(LocalCheckpoints.MANAGER)).isFalse();
    LocalCheckpoints.apply(s, dir.toString());
    assertThat(s.conf().get(LocalCheckpoints.MANAGER))
        .isEqualTo(LocalCheckpoints.FILE_SYSTEM_MANAGER);
  }

  @Test
  void onlyLocalCheckpointLocationsCountAsLocal() {
    org.apache.hadoop.conf.Configuration local = new org.apache.hadoop.conf.Configuration(false);
    assertThat(LocalCheckpoints.local("/chk/shop", local)).isTrue();
    assertThat(LocalCheckpoints.local("file:///chk/shop", local)).isTrue();
    assertThat(LocalCheckpoints.local("chk/shop", local)).isTrue();
    assertThat(LocalCheckpoints.local("s3a://bucket/chk", local)).isFalse();
    assertThat(LocalCheckpoints.local("dbfs:/chk/shop", local)).isFalse();
    assertThat(LocalCheckpoints.local(" ", local)).isFalse();
    org.apache.hadoop.conf.Configuration cluster = new org.apache.hadoop.conf.Configuration(false);
    cluster.set("fs.defaultFS", "hdfs://namenode:8020");
    assertThat(LocalCheckpoints.local("/chk/shop", cluster)).isFalse();
    assertThat(LocalCheckpoints.local("file:/chk/shop", cluster)).isTrue();
  }

  /** Weight and minimum share of the hub, link and satellite pools. */
  private static List<List<Integer>> weights(SparkContext sc) {
    return List.of("vaultstream-hubs", "vaultstream-links", "vaultstream-satellites").stream()
        .map(
            name -> {
              Schedulable pool = sc.getPoolForName(name).get();
              return List.of(pool.weight(), pool.minShare());
            })
        .toList();
  }

  /** Runs a small job in the pool and counts its rows. */
  private static long ranInPool(SparkContext sc, String pool) {
    sc.setLocalProperty("spark.scheduler.pool", pool);
    try {
      return JavaSparkContext.fromSparkContext(sc)
          .parallelize(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 2)
          .count();
    } finally {
      sc.setLocalProperty("spark.scheduler.pool", null);
    }
  }
}
