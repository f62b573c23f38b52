package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;

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
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The shop vault with events that wait for a parent held in memory for a while. */
abstract class HeldWaitsBase extends DatabaseContract {
  static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  final TestClock clock = new TestClock(Instant.parse("2026-06-01T12:00:00Z"));
  final EventFactory ev = new EventFactory(SHOP);

  VaultLoader open(String schema, long holdMs) throws Exception {
    return open(schema, holdMs, 100_000);
  }

  VaultLoader open(String schema, long holdMs, int maxHeld) throws Exception {
    return open(schema, holdMs, maxHeld, true);
  }

  /**
   * A loader over tables made first, without auto-create: a table renamed away then fails its
   * writes (with auto-create the loader would create it again).
   */
  VaultLoader openOverMadeTables(String schema, long holdMs) throws Exception {
    VaultLoader.open(SHOP, db().options(schema).build()).close();
    return open(schema, holdMs, 100_000, false);
  }

  private VaultLoader open(String schema, long holdMs, int maxHeld, boolean autoCreate)
      throws Exception {
    VaultLoader l =
        VaultLoader.open(
            SHOP,
            db().options(schema)
                .poolMaxSize(3)
                .holdWaitsMs(holdMs)
                .holdWaitsMaxEvents(maxHeld)
                .autoCreate(autoCreate)
                .build(),
            clock);
    return track(l);
  }

  ChangeEvent order(long id, long customerId) {
    return ev.order(at(1000 + id), id, "O" + id, customerId);
  }

  ChangeEvent customer(long id) {
    return ev.customer("c", at(id), id, "C" + id);
  }

  static Progress progress(List<ChangeEvent> events) {
    Map<String, Progress.Position> next = new TreeMap<>();
    for (ChangeEvent e : events) {
      next.put(
          e.position().topic(),
          new Progress.Position(e.position().topic(), 0, e.position().offset() + 1));
    }
    return new Progress("held-test", List.copyOf(next.values()));
  }

  static Map<String, Long> stored(VaultLoader l) throws SQLException {
    Map<String, Long> out = new TreeMap<>();
    l.progress("held-test").forEach(p -> out.put(p.topic(), p.nextOffset()));
    return out;
  }

  static Map<String, Long> positions(LoadResult r) {
    Map<String, Long> out = new TreeMap<>();
    r.positions().forEach(p -> out.put(p.topic(), p.nextOffset()));
    return out;
  }

  Map<String, List<String>> vault(String schema) throws Exception {
    return Backlog.vault(db(), schema);
  }
}
