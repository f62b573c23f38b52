package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.VaultDump;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Replays, events out of order and changes within one microsecond, in the shop vault. */
abstract class ShopHistoryContract extends DatabaseContract {
  private final EventFactory ev = new EventFactory(ShopVaultContract.SHOP);
  private VaultLoader loader;

  @BeforeEach
  void setUp() throws Exception {
    schema = newSchema();
    loader = open(schema);
  }

  private VaultLoader open(String target) throws Exception {
    return track(VaultLoader.open(ShopVaultContract.SHOP, db().options(target).build()));
  }

  private ChangeEvent customer(
      String op, long t, long id, String no, String name, String email, String city) {
    return ShopEvents.customer(ev, op, t, id, no, name, email, city);
  }

  @Test
  void replayingABatchWritesNothing() throws Exception {
    List<ChangeEvent> batch = new ArrayList<>(ShopEvents.firstOrder(ev));
    batch.add(customer("u", at(5), 1, "C1", "Ann", "x@example.com", "Kiel"));
    batch.add(ev.event("customers", "d", at(6), row("id", 1L, "customer_no", "", "name", "")));
    loader.load(batch);
    Map<String, List<String>> before = VaultDump.of(db(), schema);
    LoadResult again = loader.load(batch);
    assertThat(again.totalRows()).isZero();
    assertThat(VaultDump.of(db(), schema)).isEqualTo(before);
  }

  @Test
  void reorderedEventsGiveTheSameVault() throws Exception {
    List<List<ChangeEvent>> batches =
        List.of(
            List.of(customer("c", at(1), 1, "C1", "Ann", "a@example.com", "Kiel")),
            List.of(customer("u", at(2), 1, "C1", "Ann", "a@example.com", "Kiel")),
            List.of(customer("u", at(3), 1, "C1", "Ann", "b@example.com", "Kiel")),
            List.of(customer("u", at(4), 1, "C1", "Ann", "a@example.com", "Kiel")),
            List.of(
                customer("u", at(5), 1, "C1", "Ann", "c@example.com", "Bonn"),
                ev.event(
                    "orders",
                    "c",
                    at(5),
                    row("id", 7L, "order_no", "O7", "customer_id", 1L, "status", "NEW"))));
    for (List<ChangeEvent> b : batches) {
      loader.load(b);
    }
    String other = newSchema();
    VaultLoader reversed = open(other);
    List<List<ChangeEvent>> backwards = new ArrayList<>(batches);
    Collections.reverse(backwards);
    for (List<ChangeEvent> b : backwards) {
      List<ChangeEvent> r = new ArrayList<>(b);
      Collections.reverse(r);
      reversed.load(r);
    }
    Map<String, List<String>> inOrder = VaultDump.of(db(), schema);
    Map<String, List<String>> outOfOrder = VaultDump.of(db(), other);
    inOrder.remove("vs_key_map");
    outOfOrder.remove("vs_key_map");
    assertThat(outOfOrder).isEqualTo(inOrder);
    assertThat(
            rows(
                "SELECT load_dts, email FROM $s.sat_customer WHERE record_source <> 'SYSTEM' ORDER BY load_dts"))
        .containsExactly(
            "2026-01-01 00:00:01|a@example.com",
            "2026-01-01 00:00:03|b@example.com",
            "2026-01-01 00:00:04|a@example.com",
            "2026-01-01 00:00:05|c@example.com");
  }

  @Test
  void changesWithTheSameTimestampGetTheNextMicrosecond() throws Exception {
    long t = at(100);
    List<ChangeEvent> tx =
        List.of(
            customer("c", t, 2, "C2", "Bob", "b1@example.com", "Ulm"),
            customer("u", t, 2, "C2", "Bob", "b2@example.com", "Ulm"),
            customer("u", t, 2, "C2", "Bob", "b3@example.com", "Ulm"));
    loader.load(tx);
    String query =
        "SELECT load_dts, email FROM $s.sat_customer WHERE record_source <> 'SYSTEM' ORDER BY load_dts";
    assertThat(rows(query))
        .containsExactly(
            ts(t) + "|b1@example.com",
            ts(t + 1) + "|b2@example.com",
            ts(t + 2) + "|b3@example.com");
    assertThat(ts(t + 1)).isEqualTo("2026-01-01 00:01:40.000001");

    // The same transaction split over two batches gives the same rows.
    String other = newSchema();
    VaultLoader split = open(other);
    split.load(tx.subList(0, 2));
    split.load(tx.subList(2, 3));
    assertThat(db().rows(query.replace("$s", other)))
        .containsExactly(
            ts(t) + "|b1@example.com",
            ts(t + 1) + "|b2@example.com",
            ts(t + 2) + "|b3@example.com");
  }

  @Test
  void aRepeatBecomesAVersionWhenAnEarlierChangeArrivesLaterAndReplaysChangeNothing()
      throws Exception {
    // Products 1 and 2 share a SKU (a business key two rows hold): no topic orders their events.
    List<List<ChangeEvent>> batches =
        List.of(
            List.of(
                ev.event("products", "c", at(10), row("id", 1L, "sku", "S", "name", "Lamp")),
                ev.event("products", "r", at(30), row("id", 2L, "sku", "S", "name", "Lamp"))),
            List.of(ev.event("products", "u", at(20), row("id", 3L, "sku", "S", "name", "Desk"))));
    for (List<ChangeEvent> b : batches) {
      loader.load(b);
    }
    String query =
        "SELECT load_dts, name FROM $s.sat_product WHERE record_source <> 'SYSTEM' ORDER BY load_dts";
    assertThat(rows(query))
        .as("the Lamp at 30 follows the Desk at 20: a change")
        .containsExactly(ts(at(10)) + "|Lamp", ts(at(20)) + "|Desk", ts(at(30)) + "|Lamp");
    Map<String, List<String>> before = VaultDump.of(db(), schema);
    for (List<ChangeEvent> b : batches) {
      loader.load(b);
    }
    assertThat(VaultDump.of(db(), schema)).isEqualTo(before);
  }

  @Test
  void aDeleteWaitingForItsKeyThenAnInsertAtTheSameTimeLoadTheSameTwice() throws Exception {
    List<ChangeEvent> batch =
        List.of(
            ev.event("products", "d", at(40), row("id", 9L, "sku", "", "name", "")),
            ev.event("products", "c", at(40), row("id", 9L, "sku", "K9", "name", "Chair")));
    loader.load(batch);
    loader.sweep();
    Map<String, List<String>> before = VaultDump.of(db(), schema);
    loader.load(batch);
    loader.sweep();
    assertThat(VaultDump.of(db(), schema)).isEqualTo(before);
  }
}
