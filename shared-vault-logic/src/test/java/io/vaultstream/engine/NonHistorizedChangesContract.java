package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.error.EventCodec;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Updates and deletes of a non-historized link's source rows under each {@code onChange}: an error
 * row, an ignored change that is still noted and counted, or a version in the link's satellite; and
 * an event equal to the stored row (a replay, a re-snapshot) is no change under any of them.
 */
abstract class NonHistorizedChangesContract extends DatabaseContract {
  private static final String MODEL =
      """
      { "name": "pay", "recordSource": "PAY",
        "sources": {
          "orders":   { "topic": "pay.orders", "primaryKey": ["id"],
                        "columns": { "id": "bigint", "order_no": "text" } },
          "payments": { "topic": "pay.payments", "primaryKey": ["id"],
                        "foreignKeys": { "order": { "columns": ["order_id"], "references": "orders" } },
                        "columns": { "id": "bigint", "order_id": "bigint", "paid_at": "timestamp",
                                     "amount": "numeric(10,2)", "method": "text" } } },
        "hubs": { "hub_order": { "hashKey": "order_hk", "businessKey": ["order_no"],
                                 "sources": { "orders": ["order_no"] } } },
        "nonHistorizedLinks": {
          "nhl_payment": { "hashKey": "payment_hk", "source": "payments",
                           "hubs": [ { "hub": "hub_order", "via": "order" } ],
                           "dependentChildKey": ["id"], "columns": ["paid_at", "amount", "method"]%s } } }
      """;

  private VaultModel model;
  private EventFactory ev;

  private VaultLoader open(String onChange) throws Exception {
    model =
        ModelLoader.parse(
            MODEL.formatted(onChange == null ? "" : ", \"onChange\": \"" + onChange + "\""), "pay");
    ev = new EventFactory(model);
    schema = newSchema();
    VaultLoader loader = track(VaultLoader.open(model, db().options(schema).build()));
    LoadResult r =
        loader.load(
            List.of(
                ev.event("orders", "c", at(1), row("id", 1L, "order_no", "O1")),
                payment("c", at(2), "10.50")));
    assertThat(r.problems()).isEmpty();
    assertThat(r.changesSetAside()).isZero();
    return loader;
  }

  private ChangeEvent payment(String op, long t, String amount) {
    return ev.event(
        "payments",
        op,
        t,
        row(
            "id",
            7L,
            "order_id",
            1L,
            "paid_at",
            "2026-01-01 10:00:00",
            "amount",
            amount == null ? null : new BigDecimal(amount),
            "method",
            "card"));
  }

  private List<String> link() throws Exception {
    return rows("SELECT amount, method FROM $s.nhl_payment WHERE record_source <> 'SYSTEM'");
  }

  private List<String> errors() throws Exception {
    return rows("SELECT error_code, target_object, operation FROM $s.vs_errors ORDER BY id");
  }

  @Test
  void byDefaultAnUpdateOrDeleteBecomesAnErrorRowNamingTheLinkKeyAndChange() throws Exception {
    VaultLoader loader = open(null);
    ChangeEvent update = payment("u", at(3), "12.00");
    LoadResult r = loader.load(List.of(update));
    assertThat(r.changesSetAside()).isEqualTo(1);
    assertThat(r.problems())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.code()).isEqualTo(Problem.NON_HISTORIZED_CHANGE);
              assertThat(p.target()).isEqualTo("nhl_payment");
              assertThat(p.message())
                  .contains("update of payments [\"7\"]")
                  .contains("payment_hk=" + md5("O1||7"))
                  .contains("amount is '10.50' in the link, '12.00' in the event")
                  .doesNotContain("method")
                  .contains("onChange \"error\"");
            });
    assertThat(link()).containsExactly("10.50|card");
    assertThat(errors()).containsExactly("NON_HISTORIZED_CHANGE|nhl_payment|UPDATE");

    // A replay of the same event adds no second error row.
    r = loader.load(List.of(update));
    assertThat(errors()).hasSize(1);
    assertThat(link()).containsExactly("10.50|card");

    // A delete is a change too.
    r = loader.load(List.of(ev.event("payments", "d", at(4), row("id", 7L))));
    assertThat(r.changesSetAside()).isEqualTo(1);
    assertThat(r.problems().get(0).message()).startsWith("delete of payments [\"7\"]");
    assertThat(errors())
        .containsExactly(
            "NON_HISTORIZED_CHANGE|nhl_payment|UPDATE", "NON_HISTORIZED_CHANGE|nhl_payment|DELETE");
    assertThat(link()).containsExactly("10.50|card");
  }

  @Test
  void anErrorRowsEventLoadsAgainOnceTheModelKeepsChanges() throws Exception {
    VaultLoader loader = open(null);
    loader.load(List.of(payment("u", at(3), "12.00")));
    // What 'errors retry' does: the stored event, loaded again with the changed model.
    ChangeEvent stored = EventCodec.read(value("SELECT event FROM $s.vs_errors"));
    loader.close();
    VaultModel keeps = ModelLoader.parse(MODEL.formatted(", \"onChange\": \"satellite\""), "pay");
    VaultLoader again = track(VaultLoader.open(keeps, db().options(schema).build()));
    LoadResult r = again.load(List.of(stored));
    assertThat(r.problems()).isEmpty();
    assertThat(r.changesSetAside()).isZero();
    assertThat(rows("SELECT amount FROM $s.lsat_payment WHERE record_source <> 'SYSTEM'"))
        .containsExactly("12.00");
    assertThat(link()).containsExactly("10.50|card");
  }

  @Test
  void aResnapshotOrReplayOfAnUnchangedRowWritesAndCountsNothing() throws Exception {
    for (String choice : new String[] {null, "ignore", "satellite"}) {
      VaultLoader loader = open(choice);
      int satRows = "satellite".equals(choice) ? 1 : 0;
      LoadResult r =
          loader.load(List.of(payment("r", at(5), "10.50"), payment("c", at(2), "10.50")));
      assertThat(r.changesSetAside()).as(String.valueOf(choice)).isZero();
      assertThat(r.problems()).isEmpty();
      assertThat(r.totalRows()).as(String.valueOf(choice)).isZero();
      assertThat(errors()).isEmpty();
      assertThat(link()).containsExactly("10.50|card");
      if (satRows > 0) {
        assertThat(value("SELECT count(*) FROM $s.lsat_payment WHERE record_source <> 'SYSTEM'"))
            .isEqualTo("1");
      }
    }
  }

  @Test
  void anUpdateInTheBatchOfItsInsertIsAChangeToo() throws Exception {
    VaultLoader loader = open(null);
    ChangeEvent insert =
        ev.event(
            "payments",
            "c",
            at(10),
            row(
                "id",
                8L,
                "order_id",
                1L,
                "paid_at",
                "2026-01-01 11:00:00",
                "amount",
                new BigDecimal("5.00"),
                "method",
                "cash"));
    ChangeEvent update =
        ev.event(
            "payments",
            "u",
            at(11),
            row(
                "id",
                8L,
                "order_id",
                1L,
                "paid_at",
                "2026-01-01 11:00:00",
                "amount",
                new BigDecimal("5.00"),
                "method",
                "card"));
    LoadResult r = loader.load(List.of(update, insert));
    assertThat(r.changesSetAside()).isEqualTo(1);
    assertThat(r.problems())
        .singleElement()
        .satisfies(
            p ->
                assertThat(p.message())
                    .contains("method is 'cash' in the link, 'card' in the event"));
    assertThat(
            rows(
                "SELECT method FROM $s.nhl_payment WHERE record_source <> 'SYSTEM' ORDER BY method"))
        .containsExactly("card", "cash");
  }

  @Test
  void aTrailingSpaceIsAChangeOnEveryDatabase() throws Exception {
    VaultLoader loader = open(null);
    LoadResult r =
        loader.load(
            List.of(
                ev.event(
                    "payments",
                    "u",
                    at(3),
                    row(
                        "id",
                        7L,
                        "order_id",
                        1L,
                        "paid_at",
                        "2026-01-01 10:00:00",
                        "amount",
                        new BigDecimal("10.5"),
                        "method",
                        "card "))));
    // 10.5 equals the stored 10.50 in numeric(10,2); 'card ' is not 'card'.
    assertThat(r.problems())
        .singleElement()
        .satisfies(
            p ->
                assertThat(p.message())
                    .contains("method is 'card' in the link, 'card ' in the event")
                    .doesNotContain("amount is"));
  }

  @Test
  void ignoreCountsAndNotesTheChangeOnceAndLoadsNothing() throws Exception {
    VaultLoader loader = open("ignore");
    ChangeEvent update = payment("u", at(3), "12.00");
    LoadResult r = loader.load(List.of(update));
    assertThat(r.changesSetAside()).isEqualTo(1);
    assertThat(r.problems()).isEmpty();
    assertThat(errors()).isEmpty();
    assertThat(link()).containsExactly("10.50|card");
    r = loader.load(List.of(update, ev.event("payments", "d", at(4), row("id", 7L))));
    assertThat(r.changesSetAside()).isEqualTo(2);
    assertThat(
            rows(
                "SELECT target_object, source_table, operation FROM $s.vs_ignored_changes"
                    + " ORDER BY kafka_offset"))
        .containsExactly("nhl_payment|payments|UPDATE", "nhl_payment|payments|DELETE");
    assertThat(value("SELECT message FROM $s.vs_ignored_changes WHERE operation = 'UPDATE'"))
        .contains("amount is '10.50' in the link, '12.00' in the event");
    assertThat(link()).containsExactly("10.50|card");
  }

  @Test
  void satelliteKeepsEveryVersionAndTheDelete() throws Exception {
    VaultLoader loader = open("satellite");
    ChangeEvent update = payment("u", at(3), "12.00");
    LoadResult r = loader.load(List.of(update));
    assertThat(r.changesSetAside()).isZero();
    assertThat(r.problems()).isEmpty();
    // A replay, then a re-snapshot of the current row: nothing new.
    loader.load(List.of(update));
    loader.load(List.of(payment("r", at(9), "12.00")));
    r = loader.load(List.of(ev.event("payments", "d", at(10), row("id", 7L))));
    assertThat(r.changesSetAside()).isZero();
    assertThat(link()).containsExactly("10.50|card");
    assertThat(
            rows(
                "SELECT payment_hk, amount, delete_flag FROM $s.lsat_payment"
                    + " WHERE record_source <> 'SYSTEM' ORDER BY load_dts"))
        .containsExactly(
            md5("O1||7") + "|10.50|false",
            md5("O1||7") + "|12.00|false",
            md5("O1||7") + "|12.00|true");
    assertThat(errors()).isEmpty();
  }
}
