package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import io.vaultstream.testing.Backlog;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Held waits in pipelined loads give the vault of waiting rows, also after a failed batch. */
abstract class HeldWaitsPipelinedContract extends HeldWaitsBase {
  @Test
  void heldWaitsPipelinedGiveTheVaultOfWaitingRows() throws Exception {
    String rowsSchema = newSchema();
    String heldSchema = newSchema();
    VaultLoader withRows = open(rowsSchema, 0);
    VaultLoader holding = open(heldSchema, 30_000);
    List<List<ChangeEvent>> batches = Backlog.of(withRows.decoder(), 11, 12_000, 700, true);

    int rowsWritten = 0;
    for (List<ChangeEvent> b : batches) {
      rowsWritten += withRows.load(b).waiting();
    }
    withRows.sweep();

    int[] waitingRows = {0};
    int[] maxHeld = {0};
    Map<String, Long> committed = new TreeMap<>();
    Map<String, Long> read = new TreeMap<>();
    Map<Integer, Progress> submitted = new HashMap<>();
    int[] heldBack = {0};
    try (LoadPipeline<Integer> pipeline =
        holding.pipeline(
            (tag, result) -> {
              waitingRows[0] += result.waiting();
              maxHeld[0] = Math.max(maxHeld[0], result.held());
              result.positions().forEach(p -> committed.put(p.topic(), p.nextOffset()));
              for (Progress.Position own : submitted.get(tag).positions()) {
                if (committed.get(own.topic()) < own.nextOffset()) {
                  heldBack[0]++;
                }
              }
            })) {
      for (int i = 0; i < batches.size(); i++) {
        Progress p = progress(batches.get(i));
        submitted.put(i, p);
        p.positions().forEach(x -> read.put(x.topic(), x.nextOffset()));
        pipeline.submit(batches.get(i), List.of(), p, i);
      }
      pipeline.drain();
    }
    assertThat(maxHeld[0]).as("children were held").isGreaterThan(100);
    assertThat(heldBack[0]).as("positions held back below a batch's own").isPositive();
    LoadResult last = holding.sweep(); // rechecks every held event: all parents are in by now
    last.positions().forEach(p -> committed.put(p.topic(), p.nextOffset()));
    assertThat(last.held()).isZero();
    assertThat(committed).isEqualTo(read);

    assertThat(rowsWritten).as("the backlog makes children wait").isGreaterThan(100);
    assertThat(waitingRows[0]).as("waits ended in memory").isZero();
    assertThat(db().value("SELECT count(*) FROM " + heldSchema + ".vs_waiting")).isEqualTo("0");
    assertThat(db().value("SELECT count(*) FROM " + heldSchema + ".vs_errors")).isEqualTo("0");
    Map<String, List<String>> expected = vault(rowsSchema);
    Map<String, List<String>> actual = vault(heldSchema);
    assertThat(actual.keySet()).isEqualTo(expected.keySet());
    for (String table : expected.keySet()) {
      assertThat(actual.get(table)).as(table).isEqualTo(expected.get(table));
    }
  }

  @Test
  void aFailedBatchLeavesTheHeldEventsAsTheyWereAndTheBatchesLoadWhenSubmittedAgain()
      throws Exception {
    String rowsSchema = newSchema();
    String heldSchema = newSchema();
    VaultLoader withRows = open(rowsSchema, 0);
    VaultLoader holding = openOverMadeTables(heldSchema, 30_000);
    List<List<ChangeEvent>> batches = Backlog.of(withRows.decoder(), 11, 12_000, 700, true);
    for (List<ChangeEvent> b : batches) {
      withRows.load(b);
    }
    withRows.sweep();

    int[] held = {0};
    List<Integer> committed = new ArrayList<>();
    try (LoadPipeline<Integer> pipeline =
        holding.pipeline(
            (tag, result) -> {
              committed.add(tag);
              held[0] = result.held();
            })) {
      int failAt = 6;
      for (int i = 0; i < failAt; i++) {
        pipeline.submit(batches.get(i), List.of(), progress(batches.get(i)), i);
      }
      pipeline.drain();
      assertThat(held[0]).as("events are held when the write fails").isPositive();
      int heldBefore = held[0];
      db().renameTable(heldSchema, "lsat_order_line", "lsat_away");
      pipeline.submit(batches.get(failAt), List.of(), progress(batches.get(failAt)), failAt);
      org.assertj.core.api.Assertions.assertThatThrownBy(
              () ->
                  pipeline.submit(
                      batches.get(failAt + 1), List.of(), progress(batches.get(failAt + 1)), 99))
          .isInstanceOf(SQLException.class);
      assertThat(committed).hasSize(failAt);
      db().renameTable(heldSchema, "lsat_away", "lsat_order_line");
      // The empty batch rechecks nothing (no parent in it, none due): the state is the one before.
      pipeline.submit(List.of(), List.of(), null, -1);
      pipeline.drain();
      assertThat(held[0]).isEqualTo(heldBefore);
      for (int i = failAt; i < batches.size(); i++) {
        pipeline.submit(batches.get(i), List.of(), progress(batches.get(i)), i);
      }
      pipeline.drain();
    }
    assertThat(holding.sweep().held()).isZero();
    assertThat(db().value("SELECT count(*) FROM " + heldSchema + ".vs_waiting")).isEqualTo("0");
    Map<String, List<String>> expected = vault(rowsSchema);
    Map<String, List<String>> actual = vault(heldSchema);
    for (String table : expected.keySet()) {
      assertThat(actual.get(table)).as(table).isEqualTo(expected.get(table));
    }
  }
}
