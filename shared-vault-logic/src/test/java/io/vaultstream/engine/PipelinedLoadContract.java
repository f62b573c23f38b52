package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Backlog;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.Samples;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Batches planned while the previous one is written give the same vault as batches loaded one by
 * one, also when the batch in flight fails.
 */
abstract class PipelinedLoadContract extends DatabaseContract {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  /**
   * A loader over tables made first, without auto-create: a table renamed away then fails its
   * writes (with auto-create the loader would create it again).
   */
  private VaultLoader open(String schema) throws Exception {
    VaultLoader.open(SHOP, db().options(schema).build()).close();
    return track(
        VaultLoader.open(SHOP, db().options(schema).poolMaxSize(3).autoCreate(false).build()));
  }

  private static List<List<ChangeEvent>> batches(VaultLoader loader, int events, int batchSize) {
    return batches(loader, events, batchSize, true);
  }

  private static List<List<ChangeEvent>> batches(
      VaultLoader loader, int events, int batchSize, boolean childrenFirst) {
    return Backlog.of(loader.decoder(), 7, events, batchSize, childrenFirst);
  }

  private Map<String, List<String>> vault(String schema) throws Exception {
    return Backlog.vault(db(), schema);
  }

  @Test
  void pipelinedBatchesGiveTheVaultOfSerialBatches() throws Exception {
    String serialSchema = newSchema();
    String pipelinedSchema = newSchema();
    VaultLoader serial = open(serialSchema);
    VaultLoader pipelined = open(pipelinedSchema);
    List<List<ChangeEvent>> batches = batches(serial, 12_000, 700);

    int waitedSerially = 0;
    for (List<ChangeEvent> b : batches) {
      waitedSerially += serial.load(b).waiting();
    }
    serial.sweep();

    List<Integer> committed = new ArrayList<>();
    int[] waited = {0};
    try (LoadPipeline<Integer> pipeline =
        pipelined.pipeline(
            (tag, result) -> {
              committed.add(tag);
              waited[0] += result.waiting();
            })) {
      int overlapped = 0;
      for (int i = 0; i < batches.size(); i++) {
        pipeline.submit(batches.get(i), List.of(), null, i);
        overlapped += pipeline.busy() ? 1 : 0; // not when the batch ran the sweep on its own
      }
      assertThat(overlapped).isGreaterThan(batches.size() / 2);
      pipeline.drain();
      assertThat(pipeline.busy()).isFalse();
    }
    pipelined.sweep();

    assertThat(committed).hasSize(batches.size()).isSorted();
    assertThat(waitedSerially).as("the test makes children wait for parents").isGreaterThan(100);
    assertThat(waited[0]).isGreaterThan(100);
    assertThat(db().value("SELECT count(*) FROM " + pipelinedSchema + ".vs_waiting"))
        .isEqualTo("0");
    assertThat(db().value("SELECT count(*) FROM " + pipelinedSchema + ".vs_errors")).isEqualTo("0");
    Map<String, List<String>> expected = vault(serialSchema);
    Map<String, List<String>> actual = vault(pipelinedSchema);
    assertThat(actual.keySet()).isEqualTo(expected.keySet());
    for (String table : expected.keySet()) {
      assertThat(actual.get(table)).as(table).isEqualTo(expected.get(table));
    }
  }

  @Test
  void collectingTellsOfABatchOnlyOnceItsWriteHasEndedAndThrowsWhatFailed() throws Exception {
    String schema = newSchema();
    VaultLoader loader = open(schema);
    List<List<ChangeEvent>> batches = batches(loader, 2_000, 1_000);
    List<Integer> committed = new ArrayList<>();
    try (LoadPipeline<Integer> pipeline = loader.pipeline((tag, result) -> committed.add(tag))) {
      pipeline.submit(List.of(), List.of(), null, -1); // runs the first sweep on its own
      pipeline.submit(batches.get(0), List.of(), null, 0);
      org.awaitility.Awaitility.await("the batch's write ends and is collected")
          .atMost(java.time.Duration.ofMinutes(1))
          .pollInterval(java.time.Duration.ofMillis(5))
          .until(
              () -> {
                boolean ended = !pipeline.writing();
                pipeline.collect();
                // Told of the batch exactly when it is no longer in flight, at once if it ended.
                assertThat(committed.contains(0)).isEqualTo(!pipeline.busy());
                assertThat(ended && pipeline.busy()).isFalse();
                return !pipeline.busy();
              });
      assertThat(committed).containsExactly(-1, 0);
      assertThat(pipeline.writing()).isFalse();

      db().renameTable(schema, "lsat_order_line", "lsat_away");
      pipeline.submit(batches.get(1), List.of(), null, 1);
      java.sql.SQLException failed =
          org.awaitility.Awaitility.await("the failed write is collected")
              .atMost(java.time.Duration.ofMinutes(1))
              .pollInterval(java.time.Duration.ofMillis(5))
              .until(
                  () -> {
                    try {
                      pipeline.collect();
                      return null;
                    } catch (java.sql.SQLException e) {
                      return e;
                    }
                  },
                  e -> e != null);
      assertThat((Throwable) failed).hasMessageContaining("lsat_order_line");
      assertThat(pipeline.busy()).isFalse();
      assertThat(committed).containsExactly(-1, 0);
      db().renameTable(schema, "lsat_away", "lsat_order_line");
    }
  }

  @Test
  void whenTheBatchInFlightFailsNeitherItNorTheNextIsLoadedAndBothLoadWhenSubmittedAgain()
      throws Exception {
    String serialSchema = newSchema();
    String pipelinedSchema = newSchema();
    VaultLoader serial = open(serialSchema);
    VaultLoader pipelined = open(pipelinedSchema);
    List<List<ChangeEvent>> batches = batches(serial, 3_000, 1_000, false);
    for (List<ChangeEvent> b : batches) {
      serial.load(b);
    }
    serial.sweep();

    List<Integer> committed = new ArrayList<>();
    try (LoadPipeline<Integer> pipeline = pipelined.pipeline((tag, result) -> committed.add(tag))) {
      pipeline.submit(List.of(), List.of(), null, -1); // runs the first sweep on its own
      assertThat(committed).containsExactly(-1);
      // The writer will not find the link satellite's table.
      db().renameTable(pipelinedSchema, "lsat_order_line", "lsat_away");
      pipeline.submit(batches.get(0), List.of(), null, 0);
      assertThat(pipeline.busy()).isTrue();
      org.assertj.core.api.Assertions.assertThatThrownBy(
              () -> pipeline.submit(batches.get(1), List.of(), null, 1))
          .isInstanceOf(java.sql.SQLException.class)
          .hasMessageContaining("lsat_order_line");
      assertThat(pipeline.busy()).isFalse();
      assertThat(committed).containsExactly(-1);
      assertThat(db().value("SELECT count(*) FROM " + pipelinedSchema + ".hub_order"))
          .as("nothing of the failed batch is in the vault")
          .isEqualTo("2");

      db().renameTable(pipelinedSchema, "lsat_away", "lsat_order_line");
      for (int i = 0; i < batches.size(); i++) {
        pipeline.submit(batches.get(i), List.of(), null, i);
      }
      pipeline.drain();
    }
    pipelined.sweep();
    List<Integer> expectedTags = new ArrayList<>(List.of(-1));
    for (int i = 0; i < batches.size(); i++) {
      expectedTags.add(i);
    }
    assertThat(committed).isEqualTo(expectedTags);
    Map<String, List<String>> expected = vault(serialSchema);
    for (Map.Entry<String, List<String>> e : vault(pipelinedSchema).entrySet()) {
      assertThat(e.getValue()).as(e.getKey()).isEqualTo(expected.get(e.getKey()));
    }
  }
}
