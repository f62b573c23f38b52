package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * Two loaders (two pools, so two sessions) writing the history of the same key at the same time
 * give the history one serial load gives. Each round holds both loaders' transactions open until
 * both have written (their progress rows wait for a lock the test holds), so the two history reads
 * would see each other's versions only if the writes of one key are serialized.
 */
abstract class ConcurrentHistoryWritersContract extends DatabaseContract {

  /**
   * Opens the gate's transaction on {@code gate}: from then on, a loader's write of the progress of
   * consumers "a" and "b" waits for it.
   */
  protected abstract void closeGate(Connection gate, String schema) throws SQLException;

  /** How many sessions wait, directly or not, for the gate's transaction. */
  protected abstract int waitingBehind(Connection gate) throws SQLException;

  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static final int ROUNDS = 12;

  private VaultLoader open(String schema) throws Exception {
    return track(VaultLoader.open(SHOP, db().options(schema).build()));
  }

  /**
   * Round r: both loaders write the reference code with the same description (W, X, W, ...), one
   * second apart, the earlier one alternating between them. A serial load keeps one version per
   * round, at the earlier time (in either order: a later-processed, earlier version replaces the
   * later one). Reference tables have no parent row whose upsert would order the two writers.
   */
  @Test
  void aReferenceCodeWrittenByTwoLoadersAtOnceKeepsTheSerialHistory() throws Exception {
    EventFactory ev = new EventFactory(SHOP);
    assertSerialHistory(
        r -> status(ev, r, 0),
        r -> status(ev, r, 1),
        "SELECT code, load_dts, hash_diff, delete_flag, description FROM $s.ref_order_status"
            + " WHERE record_source <> 'SYSTEM' ORDER BY code, load_dts");
  }

  /**
   * The same for a satellite: its parent hub row's upsert locks the row (ON CONFLICT DO UPDATE
   * locks the conflicting row even when its WHERE leaves it as it is), so the second writer waits
   * for the first to commit before it reads the history.
   */
  @Test
  void aSatelliteKeyWrittenByTwoLoadersAtOnceKeepsTheSerialHistory() throws Exception {
    EventFactory ev = new EventFactory(SHOP);
    assertSerialHistory(
        r -> customer(ev, r, 0),
        r -> customer(ev, r, 1),
        "SELECT customer_hk, load_dts, hash_diff, delete_flag, name FROM $s.sat_customer"
            + " WHERE record_source <> 'SYSTEM' ORDER BY customer_hk, load_dts");
  }

  /**
   * Two loaders upserting the same new hub and link keys, one in the opposite order of the other,
   * do not deadlock: every upsert binds its rows sorted by key.
   */
  @Test
  void overlappingKeysUpsertedInOppositeOrdersDoNotDeadlock() throws Exception {
    String schema = newSchema();
    VaultLoader a = open(schema);
    VaultLoader b = open(schema);
    EventFactory ev = new EventFactory(SHOP);
    int keys = 1_500;
    for (int round = 0; round < 4; round++) {
      List<ChangeEvent> up = new ArrayList<>();
      List<ChangeEvent> down = new ArrayList<>();
      for (int i = 0; i < keys; i++) {
        long id = round * 10_000L + i;
        // Source order is time order: one loader meets the keys ascending, the other descending.
        up.add(ev.order(at(round * 10_000L + i), id, "O" + id, null));
        down.add(ev.order(at(round * 10_000L + keys - i), id, "O" + id, null));
      }
      CyclicBarrier start = new CyclicBarrier(2);
      CompletableFuture<LoadResult> first = CompletableFuture.supplyAsync(() -> load(a, up, start));
      CompletableFuture<LoadResult> second =
          CompletableFuture.supplyAsync(() -> load(b, down, start));
      assertThat(first.get(60, TimeUnit.SECONDS).problems()).isEmpty();
      assertThat(second.get(60, TimeUnit.SECONDS).problems()).isEmpty();
    }
    assertThat(
            db().value(
                    "SELECT count(*) FROM "
                        + schema
                        + ".hub_order WHERE record_source <> 'SYSTEM'"))
        .isEqualTo(Integer.toString(4 * keys));
  }

  /**
   * A loader takes a key it has not met for a new one; when another loader stored it meanwhile, the
   * write finds out, and the vault is the one a serial load of all events gives: the earlier row
   * kept, every satellite version in place, the batch's other new keys written.
   */
  @Test
  void aKeyAnotherLoaderStoredMeanwhileEndsAsInASerialLoad() throws Exception {
    String schema = newSchema();
    VaultLoader a = open(schema);
    VaultLoader b = open(schema);
    EventFactory ev = new EventFactory(SHOP);
    List<List<ChangeEvent>> batches =
        List.of(
            List.of(ev.order(at(1_000), 1, "O1", null), ev.order(at(1_001), 2, "O2", null)),
            List.of(ev.order(at(1_002), 3, "O3", null)),
            List.of(ev.order(at(2_000), 9, "O9", null), ev.order(at(2_001), 10, "O10", null)),
            List.of(ev.order(at(1_500), 9, "O9", null), ev.order(at(1_600), 11, "O11", null)),
            List.of(ev.order(at(1_700), 12, "O12", null), ev.order(at(2_002), 10, "O10", null)));
    // a learns its keys in two batches, b stores O9 and O10 (later), then a meets both as new
    VaultLoader[] by = {a, a, b, a, a};
    List<ChangeEvent> all = new ArrayList<>();
    for (int i = 0; i < batches.size(); i++) {
      assertThat(by[i].load(batches.get(i)).problems()).as("batch %d", i).isEmpty();
      all.addAll(batches.get(i));
    }
    String serial = newSchema();
    open(serial).load(all);
    for (String query :
        List.of(
            "SELECT order_hk, load_dts, record_source FROM $s.hub_order ORDER BY 1",
            "SELECT order_hk, load_dts, hash_diff FROM $s.sat_order ORDER BY 1, 2")) {
      List<String> expected = db().rows(query.replace("$s", serial));
      assertThat(db().rows(query.replace("$s", schema))).as(query).isEqualTo(expected);
    }
    assertThat(
            db().value(
                    "SELECT count(*) FROM "
                        + schema
                        + ".hub_order WHERE record_source <> 'SYSTEM'"))
        .isEqualTo("7");
  }

  private static LoadResult load(VaultLoader loader, List<ChangeEvent> events, CyclicBarrier go) {
    try {
      go.await(30, TimeUnit.SECONDS);
      return loader.load(events);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private void assertSerialHistory(
      IntFunction<ChangeEvent> first, IntFunction<ChangeEvent> second, String history)
      throws Exception {
    String schema = newSchema();
    VaultLoader a = open(schema);
    VaultLoader b = open(schema);
    List<ChangeEvent> all = new ArrayList<>();
    for (int r = 0; r < ROUNDS; r++) {
      ChangeEvent x = first.apply(r);
      ChangeEvent y = second.apply(r);
      all.add(x);
      all.add(y);
      race(schema, a, x, b, y, r);
    }
    String serialSchema = newSchema();
    open(serialSchema).load(all);

    List<String> expected = db().rows(history.replace("$s", serialSchema));
    assertThat(expected).as("one version per round").hasSize(ROUNDS);
    assertThat(db().rows(history.replace("$s", schema))).isEqualTo(expected);
  }

  /**
   * Loads one event with each loader at once, and lets either commit only when both have written
   * their rows (or wait for the other's): the test holds a lock on the progress table that both
   * transactions need last.
   */
  private void race(
      String schema, VaultLoader a, ChangeEvent x, VaultLoader b, ChangeEvent y, int round)
      throws Exception {
    try (Connection gate = db().connect()) {
      gate.setAutoCommit(false);
      closeGate(gate, schema);
      CompletableFuture<LoadResult> first = loadAsync(a, List.of(x), "a", round);
      CompletableFuture<LoadResult> second = loadAsync(b, List.of(y), "b", round);
      // Both sessions wait: one for the gate, the other for the gate or for the first.
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> waitingBehind(gate) == 2 || first.isDone() || second.isDone());
      gate.commit();
      assertThat(first.get(30, TimeUnit.SECONDS).problems()).isEmpty();
      assertThat(second.get(30, TimeUnit.SECONDS).problems()).isEmpty();
    }
  }

  /** Loads the events with the loader on another thread, as consumer {@code consumer}'s round. */
  static CompletableFuture<LoadResult> loadAsync(
      VaultLoader loader, List<ChangeEvent> events, String consumer, int round) {
    Progress p = new Progress(consumer, List.of(new Progress.Position("t", 0, round + 1L)));
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return loader.load(events, List.of(), p);
          } catch (Exception ex) {
            throw new IllegalStateException(ex);
          }
        });
  }

  /** Round r's version of status NEW, one second later for {@code late} 1 on odd rounds. */
  private static ChangeEvent status(EventFactory ev, int r, int which) {
    String description = r % 2 == 0 ? "W" : "X";
    return ev.event(
        "order_status",
        "u",
        at(10L * r + offset(r, which)),
        row("code", "NEW", "description", description));
  }

  private static ChangeEvent customer(EventFactory ev, int r, int which) {
    return ev.event(
        "customers",
        "u",
        at(10L * r + offset(r, which)),
        row("id", 1L, "customer_no", "C1", "name", r % 2 == 0 ? "W" : "X"));
  }

  /** Which of the two loaders writes the earlier version alternates between rounds. */
  private static long offset(int r, int which) {
    return (r + which) % 2;
  }
}
