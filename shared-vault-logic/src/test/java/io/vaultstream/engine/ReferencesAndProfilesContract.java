package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.DatabaseContract;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Foreign keys through the key map, NULL keys, early-arriving parents and the other profiles. */
abstract class ReferencesAndProfilesContract extends DatabaseContract {
  private static String shopJson() throws Exception {
    return Files.readString(Samples.shopModel());
  }

  private VaultLoader open(VaultModel model) throws Exception {
    schema = newSchema();
    return track(VaultLoader.open(model, db().options(schema).build()));
  }

  private static ChangeEvent customer(EventFactory ev, String op, long t, long id, String no) {
    return ev.customer(op, t, id, no);
  }

  private static ChangeEvent order(EventFactory ev, long t, long id, String no, Long customerId) {
    return ev.order(t, id, no, customerId);
  }

  @Test
  void linksFollowTheBusinessKeyInForceAtTheChildsTime() throws Exception {
    VaultModel shop = ModelLoader.parse(shopJson(), "shop");
    VaultLoader loader = open(shop);
    EventFactory ev = new EventFactory(shop);
    loader.load(List.of(customer(ev, "c", at(0), 1, "C1")));
    // The customer's business key changes at t=50; orders before and after find the key of their
    // time.
    loader.load(List.of(customer(ev, "u", at(50), 1, "C1-NEW")));
    LoadResult r =
        loader.load(List.of(order(ev, at(70), 11, "O11", 1L), order(ev, at(30), 10, "O10", 1L)));
    assertThat(r.problems()).isEmpty();
    assertThat(
            rows(
                "SELECT order_customer_hk, customer_hk FROM $s.lnk_order_customer WHERE record_source <> 'SYSTEM' ORDER BY load_dts"))
        .containsExactly(
            md5("O10||C1") + "|" + md5("C1"), md5("O11||C1-NEW") + "|" + md5("C1-NEW"));
  }

  @Test
  void textWithTabsNewlinesAndBackslashesIsStoredAsSent() throws Exception {
    // Satellite versions and key map entries travel through PostgreSQL's COPY text format, where
    // tab, newline, carriage return and backslash are special and \N means NULL.
    VaultModel shop = ModelLoader.parse(shopJson(), "shop");
    VaultLoader loader = open(shop);
    EventFactory ev = new EventFactory(shop);
    String no = "C\t1\\N";
    String name = "line one\nline two\r\n\ttabbed \\N \\ back\\slash é 日本 \uD83D\uDE42";
    LoadResult r =
        loader.load(
            List.of(
                ev.event("customers", "c", at(1), row("id", 1L, "customer_no", no, "name", name)),
                order(ev, at(2), 10, "O10", 1L)));
    assertThat(r.problems()).isEmpty();
    assertThat(rows("SELECT name FROM $s.sat_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly(name);
    assertThat(rows("SELECT customer_no FROM $s.hub_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly(no);
    // The next batch finds the customer through its key map entry: the order links to it, and the
    // delete (which carries only the primary key) writes the deleted version.
    r =
        loader.load(
            List.of(
                order(ev, at(3), 11, "O11", 1L), ev.event("customers", "d", at(4), row("id", 1L))));
    assertThat(r.problems()).isEmpty();
    assertThat(
            rows(
                "SELECT count(*) FROM $s.lnk_order_customer l JOIN $s.hub_customer h"
                    + " ON h.customer_hk = l.customer_hk WHERE h.customer_no = "
                    + db().literal(no)))
        .containsExactly("2");
    assertThat(
            rows(
                "SELECT delete_flag FROM $s.sat_customer WHERE record_source <> 'SYSTEM' ORDER BY"
                    + " load_dts"))
        .containsExactly("false", "true");
  }

  @Test
  void parentAndChildInOneBatchInEitherOrder() throws Exception {
    VaultModel shop = ModelLoader.parse(shopJson(), "shop");
    VaultLoader loader = open(shop);
    EventFactory ev = new EventFactory(shop);
    ChangeEvent child = order(ev, at(1), 10, "O10", 2L);
    ChangeEvent parent = customer(ev, "c", at(1), 2, "C2");
    LoadResult r = loader.load(List.of(child, parent));
    assertThat(r.problems()).isEmpty();
    assertThat(
            rows("SELECT customer_hk FROM $s.lnk_order_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("C2"));
  }

  @Test
  void nullForeignKeyPointsAtTheNullGhost() throws Exception {
    VaultModel shop = ModelLoader.parse(shopJson(), "shop");
    VaultLoader loader = open(shop);
    EventFactory ev = new EventFactory(shop);
    loader.load(List.of(order(ev, at(1), 10, "O10", null)));
    assertThat(
            rows(
                "SELECT order_customer_hk, order_hk, customer_hk FROM $s.lnk_order_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("O10||^^") + "|" + md5("O10") + "|" + "0".repeat(32));
  }

  @Test
  void nullBusinessKeyLoadsNoHubRowAndSaysWhy() throws Exception {
    VaultModel shop = ModelLoader.parse(shopJson(), "shop");
    VaultLoader loader = open(shop);
    EventFactory ev = new EventFactory(shop);
    LoadResult r =
        loader.load(List.of(customer(ev, "c", at(1), 3, null), customer(ev, "c", at(1), 4, "C4")));
    assertThat(rows("SELECT customer_no FROM $s.hub_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly("C4");
    assertThat(rows("SELECT count(*) FROM $s.sat_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly("1");
    assertThat(r.problems())
        .singleElement()
        .satisfies(
            p -> {
              assertThat(p.code()).isEqualTo(Problem.NULL_BUSINESS_KEY);
              assertThat(p.target()).isEqualTo("hub_customer");
              assertThat(p.message())
                  .isEqualTo("business key [customer_no] of customers [\"3\"] is NULL");
            });
  }

  @Test
  void childCarryingTheParentsBusinessKeyFeedsTheHub() throws Exception {
    String json =
        shopJson()
            .replace(
                "\"customer\": { \"columns\": [\"customer_id\"], \"references\": \"customers\" }",
                "\"customer\": { \"columns\": [\"customer_no\"], \"references\": \"customers\", \"referencedColumns\": [\"customer_no\"] }");
    VaultModel model = ModelLoader.parse(json, "early-arriving");
    VaultLoader loader = open(model);
    EventFactory ev = new EventFactory(model);
    LoadResult r =
        loader.load(
            List.of(
                ev.event(
                    "orders", "c", at(1), row("id", 10L, "order_no", "O10", "customer_no", "C9"))));
    assertThat(r.problems()).isEmpty();
    assertThat(
            rows(
                "SELECT customer_hk, customer_no, record_source FROM $s.hub_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("C9") + "|C9|SHOP.orders");
    assertThat(
            rows("SELECT customer_hk FROM $s.lnk_order_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("C9"));
    // The customer's own event, later, keeps the earliest load time and record source.
    loader.load(List.of(customer(ev, "c", at(5), 9, "C9")));
    assertThat(
            rows(
                "SELECT load_dts, record_source FROM $s.hub_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly("2026-01-01 00:00:01|SHOP.orders");
    // An earlier event processed later moves the hub row back.
    loader.load(List.of(customer(ev, "c", at(-5), 9, "C9")));
    assertThat(
            rows(
                "SELECT load_dts, record_source FROM $s.hub_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly("2025-12-31 23:59:55|SHOP.customers");
  }

  @Test
  void datavault4dbtWithBinaryHashes() throws Exception {
    String json =
        shopJson()
            .replace(
                "\"profile\": \"automate-dv\", \"algorithm\": \"MD5\"",
                "\"profile\": \"datavault4dbt\", \"output\": \"binary\"");
    VaultModel model = ModelLoader.parse(json, "d4");
    VaultLoader loader = open(model);
    EventFactory ev = new EventFactory(model);
    loader.load(List.of(customer(ev, "c", at(1), 1, "c1"), customer(ev, "u", at(2), 1, "c1")));
    assertThat(rows("SELECT customer_hk FROM $s.hub_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("\"C1\""));
    assertThat(
            rows(
                "SELECT customer_hk FROM $s.hub_customer WHERE record_source = 'SYSTEM' ORDER BY 1"))
        .containsExactly("0".repeat(32), "F".repeat(32));
    // The update with equal attributes is a duplicate: comparing binary hash diffs read back works.
    assertThat(rows("SELECT count(*) FROM $s.sat_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly("1");
    assertThat(
            rows(
                "SELECT data_type FROM information_schema.columns WHERE table_schema = '$s' AND table_name = 'hub_customer'"
                    + " AND column_name = 'customer_hk'"))
        .containsExactly(db().binaryDataType());
  }

  @Test
  void vaultspeedProfile() throws Exception {
    String json =
        shopJson()
            .replace(
                "\"profile\": \"automate-dv\", \"algorithm\": \"MD5\"",
                "\"profile\": \"vaultspeed\"");
    VaultModel model = ModelLoader.parse(json, "vs");
    VaultLoader loader = open(model);
    EventFactory ev = new EventFactory(model);
    loader.load(List.of(customer(ev, "c", at(1), 1, "c#1")));
    assertThat(rows("SELECT customer_hk FROM $s.hub_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("C\\#1#"));
  }

  @Test
  void deleteTrackingCanBeTurnedOff() throws Exception {
    String json =
        shopJson()
            .replace(
                "\"source\": \"customers\", \"columns\": [\"name\", \"email\", \"city\", \"updated_at\"] }",
                "\"source\": \"customers\", \"columns\": [\"name\", \"email\", \"city\", \"updated_at\"], \"deleteTracking\": false }");
    VaultModel model = ModelLoader.parse(json, "no-deletes");
    VaultLoader loader = open(model);
    EventFactory ev = new EventFactory(model);
    loader.load(
        List.of(
            customer(ev, "c", at(1), 1, "C1"), ev.event("customers", "d", at(2), row("id", 1L))));
    assertThat(rows("SELECT delete_flag FROM $s.sat_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly("false");
  }

  @Test
  void aDeleteInALaterBatchOfARowWithoutKeyMapEntriesIsRecorded() throws Exception {
    // order_status: its key (the code) is its primary key and no source refers to it, so the key
    // map keeps no entry for it; a delete in a later batch takes its key from its before image.
    VaultModel model = ModelLoader.parse(shopJson(), "ref-deletes");
    VaultLoader loader = open(model);
    EventFactory ev = new EventFactory(model);
    loader.load(
        List.of(ev.event("order_status", "c", at(1), row("code", "NEW", "description", "New"))));
    LoadResult r = loader.load(List.of(ev.event("order_status", "d", at(2), row("code", "NEW"))));
    assertThat(r.waiting()).as("nothing waits for a key map entry").isZero();
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
    assertThat(
            rows(
                "SELECT code, description, delete_flag FROM $s.ref_order_status"
                    + " ORDER BY load_dts"))
        .containsExactly("NEW|New|false", "NEW|New|true");
  }
}
