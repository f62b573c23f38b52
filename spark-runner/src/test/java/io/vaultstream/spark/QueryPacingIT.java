package io.vaultstream.spark;

import static io.vaultstream.spark.SparkRunnerFixture.loadDirectly;
import static io.vaultstream.spark.SparkRunnerFixture.modelFor;
import static io.vaultstream.spark.SparkRunnerFixture.vault;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.TestDatabase;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Per-source queries loading a backlog: a child's micro-batch waits until the queries of the tables
 * it references have loaded past its last record, so no child is written as a waiting row.
 */
class QueryPacingIT {
  @RegisterExtension static final SparkRunnerFixture runner = SparkRunnerFixture.perClass();

  /**
   * The shop's records, written an hour ago in the order the generator made them (each stamped a
   * millisecond after the one before), read in micro-batches of 200 records per query: payments, a
   * small topic, would otherwise reach their last orders while the orders' query is at its first.
   * Every record is loaded, none waits for a parent, and the vault is the one the engine builds
   * from the same events in one batch. Loaded again with {@code --pace-queries false}: the same
   * vault.
   */
  @Test
  void aBacklogIsLoadedWithoutWaitingRows(@TempDir Path dir) throws Exception {
    String prefix = "paced.public";
    runner.createTopics(prefix, false);
    List<ChangeRecord> records = new ShopEventGenerator(prefix, 5).next(3000);
    runner.sendStamped(records, System.currentTimeMillis() - 3_600_000);
    Path model = modelFor(prefix, dir);
    String direct = TestDatabase.newSchema();
    loadDirectly(model, direct, records, new HashMap<>());
    long loaded = records.stream().filter(r -> r.value() != null).count();

    String paced = TestDatabase.newSchema();
    assertThat(waitingRowsWritten(model, paced, dir.resolve("paced"), loaded))
        .as("children written as waiting rows")
        .isZero();
    assertThat(vault(paced)).isEqualTo(vault(direct));

    // Without pacing (how many children wait then depends on the queries' timing: hundreds here,
    // and the assertion above fails with pacing off), the same vault.
    String unpaced = TestDatabase.newSchema();
    waitingRowsWritten(model, unpaced, dir.resolve("unpaced"), loaded, "--pace-queries", "false");
    assertThat(vault(unpaced)).isEqualTo(vault(direct));
  }

  /**
   * The same backlog written in transactions of 9 records of one topic each, so that every tenth
   * offset of a partition is a transaction marker and every micro-batch of 200 offsets ends with
   * one: a marker holds no record and no time, the driver reads the record before it, and the load
   * is paced as well.
   */
  @Test
  void aBacklogWrittenInTransactionsIsPacedToo(@TempDir Path dir) throws Exception {
    String prefix = "pacedtx.public";
    runner.createTopics(prefix, false);
    List<ChangeRecord> records = new ShopEventGenerator(prefix, 5).next(3000);
    runner.sendInTopicTransactions(records, 9, System.currentTimeMillis() - 3_600_000);
    Path model = modelFor(prefix, dir);
    String direct = TestDatabase.newSchema();
    loadDirectly(model, direct, records, new HashMap<>());
    long loaded = records.stream().filter(r -> r.value() != null).count();

    String paced = TestDatabase.newSchema();
    assertThat(
            waitingRowsWritten(
                model,
                paced,
                dir.resolve("paced"),
                loaded,
                "--kafka.isolation.level",
                "read_committed"))
        .as("children written as waiting rows")
        .isZero();
    assertThat(vault(paced)).isEqualTo(vault(direct));
  }

  /**
   * Loads the topics into {@code schema} with per-source queries of 200 records per micro-batch;
   * checks that {@code events} events were loaded and returns how many rows were written to wait.
   */
  private static long waitingRowsWritten(
      Path model, String schema, Path checkpoints, long events, String... more) throws Exception {
    List<String> args = new java.util.ArrayList<>(List.of("--max-offsets-per-trigger", "200"));
    args.addAll(List.of(more));
    JobConfig config = runner.config(model, schema, checkpoints, args.toArray(new String[0]));
    VaultMetrics metrics = VaultStreamingJob.listenerOf(runner.spark).metrics();
    long eventsBefore = metrics.events.value();
    long waitingBefore = metrics.waiting.value();
    runner.runOnce(config);
    assertThat(metrics.events.value() - eventsBefore).isEqualTo(events);
    return metrics.waiting.value() - waitingBefore;
  }
}
