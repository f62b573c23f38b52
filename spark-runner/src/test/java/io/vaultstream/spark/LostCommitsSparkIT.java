package io.vaultstream.spark;

import static io.vaultstream.spark.SparkRunnerFixture.loadDirectly;
import static io.vaultstream.spark.SparkRunnerFixture.modelFor;
import static io.vaultstream.spark.SparkRunnerFixture.vault;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.TestDatabase;
import io.vaultstream.testing.VaultSnapshot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.kafka.common.TopicPartition;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database loses transactions it had acknowledged (a restore from a backup, a failover to a
 * standby that was behind) while the job runs or while it is stopped: the job stops, or does not
 * start, on a checkpoint past the lost records, saying what to do, and a new checkpoint loads them
 * again. Offsets that hold no record (transaction markers) are no loss.
 */
class LostCommitsSparkIT {
  @RegisterExtension static final SparkRunnerFixture runner = SparkRunnerFixture.perClass();

  /**
   * The database goes back while the job runs (restored from a snapshot taken after the first part,
   * once the second is loaded): the running query stops at its next micro-batch, saying why and
   * what to do, instead of going on past the lost records; the job started again on a new
   * checkpoint loads them, and the vault equals a direct load of all three parts.
   */
  @Test
  void aVaultThatWentBackStopsTheRunningQueryAndANewCheckpointLoadsWhatWasLost(@TempDir Path dir)
      throws Exception {
    Scenario sc = Scenario.start("lost.public", 41, dir);
    Path model = sc.model;
    String schema = sc.schema;
    List<ChangeRecord> sent = sc.sent;
    sent.addAll(sc.gen.next(400));
    runner.send(sent);
    JobConfig config =
        runner.config(model, schema, dir.resolve("checkpoint-0"), "--queries", "single");
    StreamingQuery q =
        VaultStreamingJob.start(runner.spark, config, Trigger.ProcessingTime(200)).get(0);
    q.processAllAvailable();
    String snapshot = VaultSnapshot.take(schema);

    List<ChangeRecord> lost = sc.gen.next(400);
    runner.send(lost);
    sent.addAll(lost);
    q.processAllAvailable();
    VaultSnapshot.restore(schema, snapshot);

    List<ChangeRecord> after = sc.gen.next(400);
    runner.send(after);
    sent.addAll(after);
    assertThatThrownBy(() -> q.awaitTermination(90_000))
        .as("the query stops at its next micro-batch")
        .hasStackTraceContaining("went back")
        .hasStackTraceContaining("new --checkpoint");

    runner.runOnce(
        runner.config(model, schema, dir.resolve("checkpoint-1"), "--queries", "single"));
    sc.assertTheVaultHoldsWhatWasSent();
  }

  /**
   * The database goes back while the job is stopped (restored from a snapshot taken after the first
   * part, once the second is loaded): the job does not start on its checkpoint, which is past the
   * second part, naming the partitions; on a new checkpoint it loads what was lost, and the vault
   * equals a direct load of all three parts.
   */
  @Test
  void aJobDoesNotStartOnACheckpointPastTheVaultAndANewCheckpointLoadsWhatWasLost(@TempDir Path dir)
      throws Exception {
    Scenario sc = Scenario.start("restored.public", 43, dir);
    Path model = sc.model;
    String schema = sc.schema;
    List<ChangeRecord> sent = sc.sent;
    sent.addAll(sc.gen.next(400));
    runner.send(sent);
    runner.runOnce(runner.config(model, schema, dir.resolve("checkpoint-0")));
    String snapshot = VaultSnapshot.take(schema);

    List<ChangeRecord> lost = sc.gen.next(400);
    runner.send(lost);
    sent.addAll(lost);
    runner.runOnce(runner.config(model, schema, dir.resolve("checkpoint-0")));
    VaultSnapshot.restore(schema, snapshot);
    List<String> progressAfterRestore = progress(schema);

    List<ChangeRecord> after = sc.gen.next(400);
    runner.send(after);
    sent.addAll(after);
    assertThatThrownBy(
            () -> runner.runOnce(runner.config(model, schema, dir.resolve("checkpoint-0"))))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("The job does not start on its checkpoints")
        .hasMessageContaining(
            "query vaultstream-shop-orders (checkpoint "
                + dir.resolve("checkpoint-0")
                + "/orders), "
                + sc.prefix
                + ".orders-0: the vault holds it up to offset")
        .hasMessageContaining(
            "query vaultstream-shop-order_lines (checkpoint "
                + dir.resolve("checkpoint-0")
                + "/order_lines), "
                + sc.prefix
                + ".order_lines-0: the vault holds it up to offset")
        .hasMessageContaining("new --checkpoint");
    assertThat(progress(schema))
        .as("nothing loaded by the refused start")
        .isEqualTo(progressAfterRestore);

    runner.runOnce(runner.config(model, schema, dir.resolve("checkpoint-1")));
    sc.assertTheVaultHoldsWhatWasSent();
  }

  /**
   * Records written in transactions: a marker ends each transaction, so a checkpoint ends past the
   * last record the vault holds. The job (here its single query) starts on it as usual and loads
   * the next records once.
   */
  @Test
  void transactionMarkersBetweenTheVaultAndTheCheckpointAreNoLoss(@TempDir Path dir)
      throws Exception {
    Scenario sc = Scenario.start("markers.public", 47, dir);
    Path model = sc.model;
    String schema = sc.schema;
    List<ChangeRecord> sent = sc.sent;
    sent.addAll(sc.gen.next(400));
    runner.sendInTransactions(sent, 50);
    runner.runOnce(runner.config(model, schema, dir.resolve("checkpoint"), "--queries", "single"));

    Map<TopicPartition, Long> resumes =
        CheckpointOffsets.lastCommitted(
            dir.resolve("checkpoint").resolve(VaultStreamingJob.SINGLE_CHECKPOINT).toString(),
            new Configuration());
    Map<TopicPartition, Long> stored = new HashMap<>();
    for (String row :
        TestDatabase.rows(
            "SELECT topic || '|' || kafka_partition || '|' || next_offset FROM "
                + schema
                + ".vs_progress WHERE topic LIKE '"
                + sc.prefix
                + ".%'")) {
      String[] f = row.split("\\|");
      stored.put(new TopicPartition(f[0], Integer.parseInt(f[1])), Long.parseLong(f[2]));
    }
    assertThat(stored).hasSize(SparkRunnerFixture.SHOP_TABLES.size());
    stored.forEach(
        (tp, next) ->
            assertThat(resumes.get(tp))
                .as("%s: the checkpoint resumes after the marker that follows the last record", tp)
                .isEqualTo(next + 1));

    List<ChangeRecord> more = sc.gen.next(400);
    runner.sendInTransactions(more, 50);
    sent.addAll(more);
    runner.runOnce(runner.config(model, schema, dir.resolve("checkpoint"), "--queries", "single"));
    sc.assertTheVaultHoldsWhatWasSent();
  }

  /**
   * A job started at the topics' ends ({@code --starting-offsets latest}) and restarted after a
   * load that reached only two of its six topics: the other four partitions hold older records and
   * no position in the vault, while the checkpoint resumes them at their ends. They are no loss:
   * the checkpoint started there, and the restart starts as usual.
   */
  @Test
  void partitionsTheCheckpointStartedAtTheirEndAreNoLoss(@TempDir Path dir) throws Exception {
    Scenario sc = Scenario.start("quiet.public", 53, dir);
    runner.send(sc.gen.next(300)); // before the job starts: not for the vault
    String schema = sc.schema;
    JobConfig config =
        runner.config(sc.model, schema, dir.resolve("checkpoint"), "--starting-offsets", "latest");
    runner.runOnce(config);

    List<ChangeRecord> two =
        sc.gen.next(300).stream()
            .filter(r -> r.topic().endsWith(".customers") || r.topic().endsWith(".products"))
            .toList();
    assertThat(two).isNotEmpty();
    runner.send(two);
    sc.sent.addAll(two);
    runner.runOnce(config);
    String orders = dir.resolve("checkpoint").resolve("orders").toString();
    TopicPartition quiet = new TopicPartition(sc.prefix + ".orders", 0);
    assertThat(CheckpointOffsets.lastCommitted(orders, new Configuration()).get(quiet))
        .as("the quiet partition's checkpoint resumes where it started, after older records")
        .isPositive()
        .isEqualTo(CheckpointOffsets.started(orders, new Configuration()).get(quiet));
    assertThat(progress(schema)).noneMatch(row -> row.contains(".orders/"));

    runner.runOnce(config); // starts: nothing was lost
    sc.assertTheVaultHoldsWhatWasSent();
  }

  /** A scenario's topics, model, generator, vault schema, and the records sent so far. */
  private record Scenario(
      String prefix, Path model, ShopEventGenerator gen, String schema, List<ChangeRecord> sent) {
    /** The shop's topics under {@code prefix}, created, and a model and an empty vault for them. */
    static Scenario start(String prefix, long seed, Path dir) throws Exception {
      runner.createTopics(prefix, false);
      return new Scenario(
          prefix,
          modelFor(prefix, dir),
          new ShopEventGenerator(prefix, seed),
          TestDatabase.newSchema(),
          new ArrayList<>());
    }

    /** The vault equals a direct load of every record sent. */
    void assertTheVaultHoldsWhatWasSent() throws Exception {
      String ref = TestDatabase.newSchema();
      loadDirectly(model, ref, sent, new HashMap<>());
      assertThat(vault(schema)).isEqualTo(vault(ref));
    }
  }

  /** The vault's stored positions of the shop's topics, as text rows. */
  private static List<String> progress(String schema) throws Exception {
    return TestDatabase.rows(
        "SELECT consumer || ' ' || topic || '/' || kafka_partition || '@' || next_offset FROM "
            + schema
            + ".vs_progress ORDER BY 1");
  }
}
