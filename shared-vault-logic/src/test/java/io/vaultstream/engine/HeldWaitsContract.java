package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Backlog;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestClock;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Events waiting for a parent held in memory for a while: the same vault as with waiting rows,
 * fewer waiting rows, and stored positions that never pass a held event.
 */
abstract class HeldWaitsContract extends DatabaseContract {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  private final TestClock clock = new TestClock(Instant.parse("2026-06-01T12:00:00Z"));
  private final EventFactory ev = new EventFactory(SHOP);

  private VaultLoader open(String schema, long holdMs) throws Exception {
    return open(schema, holdMs, 100_000);
  }

  private VaultLoader open(String schema, long holdMs, int maxHeld) throws Exception {
    VaultLoader l =
        VaultLoader.open(
            SHOP,
            db().options(schema)
                .poolMaxSize(3)
                .holdWaitsMs(holdMs)
                .holdWaitsMaxEvents(maxHeld)
                .build(),
            clock);
    return track(l);
  }

  private ChangeEvent order(long id, long customerId) {
    return ev.order(at(1000 + id), id, "O" + id, customerId);
  }

  private ChangeEvent customer(long id) {
    return ev.customer("c", at(id), id, "C" + id);
  }

  private static Progress progress(List<ChangeEvent> events) {
    Map<String, Progress.Position> next = new TreeMap<>();
    for (ChangeEvent e : events) {
      next.put(
          e.position().topic(),
          new Progress.Position(e.position().topic(), 0, e.position().offset() + 1));
    }
    return new Progress("held-test", List.copyOf(next.values()));
  }

  private static Map<String, Long> stored(VaultLoader l) throws SQLException {
    Map<String, Long> out = new TreeMap<>();
    l.progress("held-test").forEach(p -> out.put(p.topic(), p.nextOffset()));
    return out;
  }

  private static Map<String, Long> positions(LoadResult r) {
    Map<String, Long> out = new TreeMap<>();
    r.positions().forEach(p -> out.put(p.topic(), p.nextOffset()));
    return out;
  }

  @Test
  void aHeldEventKeepsItsPartitionsPositionUntilItLoads() throws Exception {
    String schema = newSchema();
    VaultLoader loader = open(schema, 10_000);
    ChangeEvent early = order(1, 5); // orders@0: its customer is not known yet
    List<ChangeEvent> first = List.of(early, order(2, 6), customer(6)); // orders@1, customers@0
    LoadResult r = loader.load(first, List.of(), progress(first));

    assertThat(r.held()).isEqualTo(1);
    assertThat(r.waiting()).as("no waiting row while held").isZero();
    assertThat(db().value("SELECT count(*) FROM " + schema + ".vs_waiting")).isEqualTo("0");
    // The order's own hub row loaded; its link waits in memory.
    assertThat(
            db().value(
                    "SELECT count(*) FROM "
                        + schema
                        + ".hub_order WHERE record_source <> 'SYSTEM'"))
        .isEqualTo("2");
    String topicOrders = early.position().topic();
    String topicCustomers = first.get(2).position().topic();
    Map<String, Long> expected = Map.of(topicOrders, 0L, topicCustomers, 1L);
    assertThat(positions(r)).isEqualTo(expected);
    assertThat(stored(loader)).isEqualTo(expected);

    // A later batch without the parent: the position stays at the held event.
    List<ChangeEvent> second = List.of(order(3, 6));
    r = loader.load(second, List.of(), progress(second));
    assertThat(r.held()).isEqualTo(1);
    assertThat(positions(r)).containsEntry(topicOrders, 0L);
    assertThat(stored(loader)).containsEntry(topicOrders, 0L);

    // The parent arrives on the other topic: the held link loads, the position moves on.
    List<ChangeEvent> third = List.of(customer(5));
    r = loader.load(third, List.of(), progress(third));
    assertThat(r.held()).isZero();
    assertThat(r.resolved()).isEqualTo(1);
    assertThat(positions(r)).isEqualTo(Map.of(topicOrders, 3L, topicCustomers, 2L));
    assertThat(stored(loader)).isEqualTo(Map.of(topicOrders, 3L, topicCustomers, 2L));
    assertThat(
            db().rows(
                    "SELECT order_hk, customer_hk FROM "
                        + schema
                        + ".lnk_order_customer WHERE order_hk = '"
                        + md5("O1")
                        + "'"))
        .containsExactly(md5("O1") + "|" + md5("C5"));
  }

  @Test
  void anEventHeldTooLongBecomesAWaitingRowAndReleasesThePosition() throws Exception {
    String schema = newSchema();
    VaultLoader loader = open(schema, 10_000);
    List<ChangeEvent> first = List.of(order(1, 5), order(2, 5));
    LoadResult r = loader.load(first, List.of(), progress(first));
    assertThat(r.held()).isEqualTo(2);
    assertThat(positions(r).values()).containsExactly(0L);

    clock.advance(Duration.ofSeconds(11));
    r = loader.load(List.of()); // an empty flush, as Connect makes at each offset commit
    assertThat(r.held()).isZero();
    assertThat(r.waiting()).isEqualTo(2);
    assertThat(positions(r).values()).containsExactly(2L);
    assertThat(stored(loader).values()).containsExactly(2L);
    assertThat(
            db().rows(
                    "SELECT kafka_offset, ref_pk FROM "
                        + schema
                        + ".vs_waiting ORDER BY kafka_offset"))
        .containsExactly("0|[\"5\"]", "1|[\"5\"]");

    // From there on it is an ordinary waiting row.
    r = loader.load(List.of(customer(5)));
    assertThat(r.resolved()).isEqualTo(2);
    assertThat(db().value("SELECT count(*) FROM " + schema + ".vs_waiting")).isEqualTo("0");
  }

  @Test
  void beyondTheLimitWaitsBecomeWaitingRowsAtOnce() throws Exception {
    String schema = newSchema();
    VaultLoader loader = open(schema, 10_000, 2);
    List<ChangeEvent> first = List.of(order(1, 5), order(2, 5), order(3, 5));
    LoadResult r = loader.load(first, List.of(), progress(first));
    assertThat(r.held()).isEqualTo(2);
    assertThat(r.waiting()).isEqualTo(1);
    assertThat(positions(r).values()).containsExactly(0L);
    assertThat(db().rows("SELECT kafka_offset FROM " + schema + ".vs_waiting"))
        .containsExactly("2");

    r = loader.load(List.of(customer(5)));
    assertThat(r.resolved()).isEqualTo(3);
    assertThat(r.held()).isZero();
    assertThat(db().value("SELECT count(*) FROM " + schema + ".vs_waiting")).isEqualTo("0");
    assertThat(
            db().value(
                    "SELECT count(*) FROM "
                        + schema
                        + ".lnk_order_customer WHERE record_source <> 'SYSTEM'"))
        .isEqualTo("3");
  }

  @Test
  void forgottenPartitionsKeepTheirStoredPositionAndAreNotStoredAgain() throws Exception {
    String schema = newSchema();
    VaultLoader loader = open(schema, 10_000);
    List<ChangeEvent> first = List.of(order(1, 5), order(2, 5));
    loader.load(first, List.of(), progress(first));
    String topic = first.get(0).position().topic();
    loader.forget(topic, 0);

    List<ChangeEvent> parent = List.of(customer(5));
    LoadResult r = loader.load(parent, List.of(), progress(parent));
    assertThat(r.held()).isZero();
    assertThat(positions(r)).doesNotContainKey(topic);
    assertThat(stored(loader)).containsEntry(topic, 0L);
    assertThat(
            db().value(
                    "SELECT count(*) FROM "
                        + schema
                        + ".lnk_order_customer WHERE record_source <> 'SYSTEM'"))
        .as("the forgotten events are the next owner's to load")
        .isEqualTo("0");
  }

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
    LoadResult last = holding.sweep(); // retries every held event: all parents are in by now
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
    VaultLoader holding = open(heldSchema, 30_000);
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
      // The empty batch retries nothing (no parent in it, none due): the state is the one before.
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

  private Map<String, List<String>> vault(String schema) throws Exception {
    return Backlog.vault(db(), schema);
  }

  /**
   * A held event whose rows the database refuses once its parent arrives goes to the error table;
   * its parent loads, it is held no more and its partition's position moves past it.
   */
  @Test
  void aHeldEventTheDatabaseRejectsGoesToTheErrorTable() throws Exception {
    String schema = newSchema();
    VaultLoader loader = open(schema, 10_000);
    List<ChangeEvent> first = List.of(order(1, 5), order(2, 5)); // orders@0 and @1 wait for C5
    assertThat(loader.load(first, List.of(), progress(first)).held()).isEqualTo(2);
    RejectedRowsContract.refuseTheCustomerLinkOfO1(db(), schema);
    List<ChangeEvent> second = List.of(customer(5), customer(6)); // customers@0 and @1
    LoadResult r = loader.load(second, List.of(), progress(second));
    assertThat(r.held()).isZero();
    assertThat(r.errors()).isEqualTo(1);
    assertThat(
            db().rows(
                    "SELECT customer_no FROM "
                        + schema
                        + ".hub_customer WHERE record_source <> 'SYSTEM' ORDER BY 1"))
        .containsExactly("C5", "C6");
    assertThat(
            db().rows(
                    "SELECT order_hk FROM "
                        + schema
                        + ".lnk_order_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("O2"));
    assertThat(
            db().rows(
                    "SELECT error_code, target_object, kafka_offset FROM " + schema + ".vs_errors"))
        .containsExactly("CONSTRAINT_VIOLATION|lnk_order_customer|0");
    assertThat(db().value("SELECT count(*) FROM " + schema + ".vs_waiting")).isEqualTo("0");
    Map<String, Long> expected =
        Map.of(first.get(0).position().topic(), 2L, second.get(0).position().topic(), 2L);
    assertThat(stored(loader)).isEqualTo(expected);
  }
}
