package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.VaultModel;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.TrackingModel;
import io.vaultstream.testing.VaultDump;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Effectivity satellites end a link's relationship when its source row moves to another parent or
 * is deleted; status satellites record whether a hub key's source row exists; both store only
 * changes, whatever the order events are processed in.
 */
abstract class EffectivityAndStatusContract extends DatabaseContract {
  private static final String EFF =
      "SELECT order_customer_hk, load_dts, is_active FROM $s.eff_order_customer"
          + " WHERE record_source <> 'SYSTEM' ORDER BY load_dts, is_active, order_customer_hk";
  private static final String STS_CUSTOMER =
      "SELECT customer_hk, load_dts, is_active, delete_flag FROM $s.sts_customer"
          + " WHERE record_source <> 'SYSTEM' ORDER BY load_dts, is_active";
  private static final String STS_ORDER =
      "SELECT order_hk, load_dts, is_active FROM $s.sts_order"
          + " WHERE record_source <> 'SYSTEM' ORDER BY load_dts, is_active";

  private final VaultModel model = TrackingModel.model();
  private final EventFactory ev = new EventFactory(model);

  private VaultLoader open() throws Exception {
    schema = newSchema();
    return track(VaultLoader.open(model, db().options(schema).build()));
  }

  private ChangeEvent order(String op, long t, long id, String no, Long customerId) {
    return ev.event(
        "orders", op, t, row("id", id, "order_no", no, "customer_id", customerId, "status", "NEW"));
  }

  private ChangeEvent orderStatus(long t, long id, String no, Long customerId, String status) {
    return ev.event(
        "orders",
        "u",
        t,
        row("id", id, "order_no", no, "customer_id", customerId, "status", status));
  }

  private List<ChangeEvent> customers() {
    return List.of(ev.customer("c", at(0), 1, "C1"), ev.customer("c", at(0), 2, "C2"));
  }

  private static String link(String order, String customer) {
    return md5(order + "||" + customer);
  }

  private static String version(String key, long t, boolean active) {
    return key + "|" + ts(t) + "|" + active;
  }

  /** O10 belongs to C1 from t=1, to C2 from t=2, to C1 again from t=3. */
  private List<ChangeEvent> moves() {
    return List.of(
        order("c", at(1), 10, "O10", 1L),
        order("u", at(2), 10, "O10", 2L),
        order("u", at(3), 10, "O10", 1L));
  }

  private static final List<String> MOVED =
      List.of(
          version(link("O10", "C1"), at(1), true),
          version(link("O10", "C1"), at(2), false),
          version(link("O10", "C2"), at(2), true),
          version(link("O10", "C2"), at(3), false),
          version(link("O10", "C1"), at(3), true));

  @Test
  void aChildMovingToAnotherParentEndsTheOldRelationship() throws Exception {
    VaultLoader loader = open();
    loader.load(customers());
    for (ChangeEvent e : moves()) {
      assertThat(loader.load(List.of(e)).problems()).isEmpty();
    }
    assertThat(rows(EFF)).containsExactlyElementsOf(sortedByTime(MOVED));
  }

  @Test
  void movesInOneBatchGiveTheSameRows() throws Exception {
    VaultLoader loader = open();
    List<ChangeEvent> all = new java.util.ArrayList<>(customers());
    all.addAll(moves());
    assertThat(loader.load(all).problems()).isEmpty();
    assertThat(rows(EFF)).containsExactlyElementsOf(sortedByTime(MOVED));
  }

  @Test
  void eventsProcessedInReverseOrderGiveTheSameRows() throws Exception {
    VaultLoader loader = open();
    loader.load(customers());
    List<ChangeEvent> m = moves();
    for (int i = m.size() - 1; i >= 0; i--) {
      assertThat(loader.load(List.of(m.get(i))).problems()).isEmpty();
    }
    assertThat(rows(EFF)).containsExactlyElementsOf(sortedByTime(MOVED));
  }

  @Test
  void aChangeThatWaitedForItsParentIsEndedByTheLaterChange() throws Exception {
    VaultLoader loader = open();
    loader.load(customers());
    // O10 refers to customer 3, not known yet: its link waits; O10 then moves to C2.
    LoadResult first = loader.load(List.of(order("c", at(1), 10, "O10", 3L)));
    assertThat(first.waiting()).isEqualTo(1);
    loader.load(List.of(order("u", at(2), 10, "O10", 2L)));
    loader.load(List.of(ev.customer("c", at(0), 3, "C3")));
    assertThat(rows(EFF))
        .containsExactly(
            version(link("O10", "C3"), at(1), true),
            version(link("O10", "C3"), at(2), false),
            version(link("O10", "C2"), at(2), true));
  }

  @Test
  void aDeleteEndsTheRelationshipAndAReinsertReopensIt() throws Exception {
    VaultLoader loader = open();
    loader.load(customers());
    loader.load(List.of(order("c", at(1), 10, "O10", 1L)));
    loader.load(List.of(ev.event("orders", "d", at(2), row("id", 10L))));
    loader.load(List.of(order("c", at(3), 10, "O10", 1L)));
    String lk = link("O10", "C1");
    assertThat(rows(EFF))
        .containsExactly(
            version(lk, at(1), true), version(lk, at(2), false), version(lk, at(3), true));
    String hk = md5("O10");
    assertThat(rows(STS_ORDER))
        .containsExactly(
            version(hk, at(1), true), version(hk, at(2), false), version(hk, at(3), true));
  }

  @Test
  void anUnchangedRelationshipAndAReplayWriteNothing() throws Exception {
    VaultLoader loader = open();
    loader.load(customers());
    List<ChangeEvent> events =
        List.of(
            order("c", at(1), 10, "O10", 1L),
            orderStatus(at(2), 10, "O10", 1L, "PAID"),
            order("u", at(3), 10, "O10", 2L));
    for (ChangeEvent e : events) {
      loader.load(List.of(e));
    }
    List<String> before = rows(EFF);
    assertThat(before)
        .containsExactly(
            version(link("O10", "C1"), at(1), true),
            version(link("O10", "C1"), at(3), false),
            version(link("O10", "C2"), at(3), true));
    List<String> orderStatus = rows(STS_ORDER);
    assertThat(orderStatus).containsExactly(version(md5("O10"), at(1), true));
    // The same events again, one batch each and then all together.
    for (ChangeEvent e : events) {
      LoadResult r = loader.load(List.of(e));
      assertThat(r.rowsWritten()).doesNotContainKeys("eff_order_customer", "sts_order");
    }
    loader.load(events);
    assertThat(rows(EFF)).isEqualTo(before);
    assertThat(rows(STS_ORDER)).isEqualTo(orderStatus);
  }

  @Test
  void statusSatelliteRecordsInsertUpdateDeleteAndReinsert() throws Exception {
    VaultLoader loader = open();
    loader.load(List.of(ev.customer("c", at(1), 1, "C1")));
    loader.load(List.of(ev.customer("u", at(2), 1, "C1")));
    loader.load(List.of(ev.event("customers", "d", at(3), row("id", 1L))));
    loader.load(List.of(ev.customer("c", at(4), 1, "C1")));
    String hk = md5("C1");
    assertThat(rows(STS_CUSTOMER))
        .containsExactly(
            hk + "|" + ts(at(1)) + "|true|false",
            hk + "|" + ts(at(3)) + "|false|false",
            hk + "|" + ts(at(4)) + "|true|false");
    // A business key change ends the old key and starts the new one.
    loader.load(List.of(ev.customer("u", at(5), 1, "C1-NEW")));
    assertThat(rows(STS_CUSTOMER))
        .endsWith(
            hk + "|" + ts(at(5)) + "|false|false", md5("C1-NEW") + "|" + ts(at(5)) + "|true|false");
  }

  /**
   * Generated shop events (orders moving between customers), loaded in one batch and then topic by
   * topic, children first, in small batches (links wait for their parents, later changes of a row
   * come before earlier ones are rechecked): the same effectivity and status rows.
   */
  @Test
  void generatedEventsGiveTheSameRowsInAnyBatchOrder() throws Exception {
    List<ChangeRecord> records = new ShopEventGenerator("shop.public", 7).next(1500);
    VaultLoader whole = open();
    String wholeSchema = schema;
    whole.load(decode(whole, records));
    Map<String, List<String>> expected = tracked(wholeSchema);
    assertThat(expected.get("eff_order_customer"))
        .filteredOn(r -> r.contains("|false|"))
        .hasSizeGreaterThan(10);

    VaultLoader parts = open();
    List<ChangeEvent> events = new ArrayList<>(decode(parts, records));
    List<String> topicOrder =
        List.of("order_lines", "orders", "payments", "products", "order_status", "customers");
    events.sort(Comparator.comparingInt((ChangeEvent e) -> topicOrder.indexOf(e.sourceTable())));
    for (int i = 0; i < events.size(); i += 40) {
      parts.load(events.subList(i, Math.min(events.size(), i + 40)));
    }
    parts.load(List.of());
    assertThat(tracked(schema)).isEqualTo(expected);
  }

  private static List<ChangeEvent> decode(VaultLoader loader, List<ChangeRecord> records) {
    List<ChangeEvent> out = new ArrayList<>();
    Map<String, Long> offsets = new HashMap<>();
    for (ChangeRecord r : records) {
      long o = offsets.merge(r.topic(), 1L, Long::sum);
      loader.decoder().decode(r.topic(), 0, o, 0, r.key(), r.value()).ifPresent(out::add);
    }
    return out;
  }

  private Map<String, List<String>> tracked(String s) throws Exception {
    return VaultDump.of(
        db(), s, t -> t.startsWith("eff_") || t.startsWith("sts_"), c -> !c.equals("loaded_at"));
  }

  /** The rows in the order the query sorts them: time, inactive first, key. */
  private static List<String> sortedByTime(List<String> rows) {
    return rows.stream()
        .sorted(
            java.util.Comparator.comparing((String r) -> r.split("\\|")[1])
                .thenComparing(r -> r.split("\\|")[2])
                .thenComparing(r -> r.split("\\|")[0]))
        .toList();
  }
}
