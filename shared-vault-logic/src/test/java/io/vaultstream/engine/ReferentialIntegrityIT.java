package io.vaultstream.engine;

import static io.vaultstream.engine.ShopVaultIT.md5;
import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.decode.DecodeException;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.CountingDataSource;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestClock;
import io.vaultstream.testing.TestDatabase;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Children before parents, the watermark, the error table and the unknown ghost. */
class ReferentialIntegrityIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private final TestClock clock = new TestClock(Instant.parse("2026-06-01T12:00:00Z"));
  private final EventFactory ev = new EventFactory(SHOP);
  private final List<VaultLoader> loaders = new ArrayList<>();
  private String schema;

  @AfterEach
  void close() {
    loaders.forEach(VaultLoader::close);
  }

  private VaultLoader open(VaultOptions.ExpiredReferences expired) throws Exception {
    schema = TestDatabase.newSchema();
    VaultLoader l =
        VaultLoader.open(
            SHOP,
            TestDatabase.options(schema).expiredReferences(expired).sweepIntervalMs(0).build(),
            clock);
    loaders.add(l);
    return l;
  }

  private VaultLoader open() throws Exception {
    return open(VaultOptions.ExpiredReferences.UNKNOWN);
  }

  private List<String> rows(String sql) throws SQLException {
    return TestDatabase.rows(sql.replace("$s", schema));
  }

  private ChangeEvent customer(long id, String no) {
    return ev.customer("c", at(id), id, no);
  }

  private ChangeEvent order(long id, long customerId) {
    return ev.order(at(1000 + id), id, "O" + id, customerId);
  }

  private List<String> links() throws SQLException {
    return rows(
        "SELECT order_hk, customer_hk FROM $s.lnk_order_customer WHERE record_source <> 'SYSTEM' ORDER BY 1, 2");
  }

  @Test
  void childBeforeParentResolvedWithinTheWatermark() throws Exception {
    VaultLoader loader = open();
    LoadResult r = loader.load(List.of(order(1, 5)));
    assertThat(r.waiting()).isEqualTo(1);
    // The order's own hub and satellite load at once; only the link waits, durably.
    assertThat(rows("SELECT order_no FROM $s.hub_order WHERE record_source <> 'SYSTEM'"))
        .containsExactly("O1");
    assertThat(rows("SELECT count(*) FROM $s.sat_order WHERE record_source <> 'SYSTEM'"))
        .containsExactly("1");
    assertThat(links()).isEmpty();
    assertThat(
            rows(
                "SELECT source_table, target_object, ref_source, ref_pk, state, operation FROM $s.vs_waiting"))
        .containsExactly("orders|lnk_order_customer|customers|[\"5\"]|WAITING|INSERT");

    clock.advance(Duration.ofSeconds(60));
    LoadResult later = loader.load(List.of(customer(5, "C5")));
    assertThat(later.resolved()).isEqualTo(1);
    assertThat(links()).containsExactly(md5("O1") + "|" + md5("C5"));
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("0");
  }

  @Test
  void afterTheWatermarkTheRowMovesToTheErrorTableAndIsStillRetried() throws Exception {
    VaultLoader loader = open();
    loader.load(List.of(order(1, 5)));
    clock.advance(Duration.ofSeconds(119));
    assertThat(loader.load(List.of()).movedToErrors()).isZero();
    clock.advance(Duration.ofSeconds(2));
    assertThat(loader.load(List.of()).movedToErrors()).isEqualTo(1);
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
    assertThat(
            rows(
                "SELECT error_code, target_object, source_table, topic, kafka_partition, kafka_offset, operation,"
                    + " event_time, first_seen, expires_at, message FROM $s.vs_errors"))
        .containsExactly(
            "UNRESOLVED_REFERENCE|lnk_order_customer|orders|shop.public.orders|0|0|INSERT|2026-01-01 00:16:41+00"
                + "|2026-06-01 12:00:00+00|2026-06-01 12:04:01+00|foreign key 'customer' [customer_id] = [\"5\"] of orders [\"1\"]:"
                + " no customers row with that key is known yet");
    clock.advance(Duration.ofSeconds(30));
    LoadResult r = loader.load(List.of(customer(5, "C5")));
    assertThat(r.resolved()).isEqualTo(1);
    assertThat(links()).containsExactly(md5("O1") + "|" + md5("C5"));
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("0");
  }

  @Test
  void neverResolvedLoadsAgainstTheUnknownGhostAndALateParentStillLinks() throws Exception {
    VaultLoader loader = open();
    loader.load(List.of(order(1, 5)));
    clock.advance(Duration.ofSeconds(121));
    loader.load(List.of());
    clock.advance(Duration.ofSeconds(121));
    LoadResult r = loader.load(List.of());
    assertThat(r.releasedToUnknown()).isEqualTo(1);
    assertThat(
            rows(
                "SELECT order_customer_hk, customer_hk FROM $s.lnk_order_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly(md5("O1||(UNKNOWN)") + "|" + "F".repeat(32));
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("0");
    assertThat(rows("SELECT state FROM $s.vs_waiting")).containsExactly("UNKNOWN");

    clock.advance(Duration.ofDays(3));
    loader.load(List.of(customer(5, "C5")));
    assertThat(links())
        .containsExactly(md5("O1") + "|" + md5("C5"), md5("O1") + "|" + "F".repeat(32));
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
  }

  @Test
  void neverResolvedCanBeDropped() throws Exception {
    VaultLoader loader = open(VaultOptions.ExpiredReferences.DROP);
    loader.load(List.of(order(1, 5)));
    clock.advance(Duration.ofSeconds(121));
    loader.load(List.of());
    clock.advance(Duration.ofSeconds(121));
    assertThat(loader.load(List.of()).dropped()).isEqualTo(1);
    assertThat(links()).isEmpty();
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("0");
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
  }

  @Test
  void aParentFromLongAgoIsFoundInTheKeyMap() throws Exception {
    VaultLoader loader = open();
    loader.load(List.of(customer(5, "C5")));
    clock.advance(Duration.ofDays(365));
    LoadResult r = loader.load(List.of(order(1, 5)));
    assertThat(r.waiting()).isZero();
    assertThat(links()).containsExactly(md5("O1") + "|" + md5("C5"));
  }

  @Test
  void aThousandOrphansResolveInOneSetBasedStep() throws Exception {
    int small = statementsToResolve(10);
    int large = statementsToResolve(1000);
    assertThat(large).isEqualTo(small);
    assertThat(
            rows(
                "SELECT count(*) FROM $s.lnk_order_customer WHERE customer_hk = '"
                    + md5("C7")
                    + "'"))
        .containsExactly("1000");
  }

  private int statementsToResolve(int orphans) throws Exception {
    schema = TestDatabase.newSchema();
    CountingDataSource ds = new CountingDataSource();
    VaultLoader loader =
        VaultLoader.withDataSource(SHOP, TestDatabase.options(schema).build(), ds, clock);
    List<ChangeEvent> children = new ArrayList<>();
    for (int i = 0; i < orphans; i++) {
      children.add(order(i, 7));
    }
    assertThat(loader.load(children).waiting()).isEqualTo(orphans);
    int before = ds.statements();
    LoadResult r = loader.load(List.of(customer(7, "C7")));
    assertThat(r.resolved()).isEqualTo(orphans);
    return ds.statements() - before;
  }

  @Test
  void badRecordsGoToTheErrorTableAndGoodOnesLoad() throws Exception {
    VaultLoader loader = open();
    List<ChangeEvent> good = new ArrayList<>();
    List<BadRecord> bad = new ArrayList<>();
    good.add(customer(1, "C1"));
    good.add(
        ev.event(
            "products",
            "c",
            at(1),
            row("id", 10L, "sku", "SKU-10", "name", "Lamp", "price", new BigDecimal("9.90"))));
    // Not decodable: goes in as a bad record with the decoder's message.
    byte[] broken = "{\"op\":\"c\",\"after\":{\"sku\":\"x\"}}".getBytes(StandardCharsets.UTF_8);
    try {
      loader.decoder().decode("shop.public.products", 0, 99, 0, null, broken);
    } catch (DecodeException e) {
      bad.add(new BadRecord("shop.public.products", 0, 99, null, broken, e.getMessage()));
    }
    // A NULL business key.
    good.add(customer(2, null));
    loader.load(good, bad);
    // A value the database cannot take (the price column is numeric): that event goes to the error
    // table as a whole, the rest of its batch loads.
    LoadResult r =
        loader.load(
            List.of(
                ev.event(
                    "products",
                    "c",
                    at(2),
                    row("id", 11L, "sku", "SKU-11", "name", "Vase", "price", "twelve")),
                ev.event(
                    "products",
                    "c",
                    at(3),
                    row(
                        "id",
                        12L,
                        "sku",
                        "SKU-12",
                        "name",
                        "Bowl",
                        "price",
                        new BigDecimal("3.50")))));
    assertThat(r.errors()).isEqualTo(1);

    assertThat(rows("SELECT sku FROM $s.hub_product WHERE record_source <> 'SYSTEM' ORDER BY 1"))
        .containsExactly("SKU-10", "SKU-12");
    assertThat(rows("SELECT name FROM $s.sat_product WHERE record_source <> 'SYSTEM' ORDER BY 1"))
        .containsExactly("Bowl", "Lamp");
    assertThat(rows("SELECT customer_no FROM $s.hub_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly("C1");
    assertThat(
            rows(
                "SELECT error_code, source_table, target_object, kafka_offset, message FROM $s.vs_errors ORDER BY error_code"))
        .containsExactly(
            "BAD_RECORD|products||99|the row of source 'products' has no value for primary key column 'id'; its columns: sku",
            "NULL_BUSINESS_KEY|customers|hub_customer|1|business key [customer_no] of customers [\"2\"] is NULL",
            "TYPE_CONVERSION|products|products|1|the database rejected the event's rows: ERROR: invalid input syntax for type"
                + " numeric: \"twelve\"   Where: COPY sat_product, line 1, column price: \"twelve\"");
    assertThat(rows("SELECT record_value FROM $s.vs_errors WHERE error_code = 'BAD_RECORD'"))
        .containsExactly("{\"op\":\"c\",\"after\":{\"sku\":\"x\"}}");
  }

  @Test
  void waitingRowsCommitWithTheirBatchOrNotAtAll() throws Exception {
    schema = TestDatabase.newSchema();
    CountingDataSource ds = new CountingDataSource();
    VaultLoader loader =
        VaultLoader.withDataSource(SHOP, TestDatabase.options(schema).build(), ds, clock);
    List<ChangeEvent> batch = List.of(order(1, 5), customer(1, "C1"));
    ds.failNextCommit();
    assertThatThrownBy(() -> loader.load(batch))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("simulated crash");
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
    assertThat(rows("SELECT count(*) FROM $s.hub_order")).containsExactly("2");
    assertThat(rows("SELECT count(*) FROM $s.vs_key_map")).containsExactly("0");
    // The runtime delivers the batch again: everything is there once.
    loader.load(batch);
    loader.load(batch);
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("1");
    assertThat(rows("SELECT count(*) FROM $s.hub_order WHERE record_source <> 'SYSTEM'"))
        .containsExactly("1");
    assertThat(rows("SELECT count(*) FROM $s.hub_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly("1");
  }

  /**
   * A waiting event whose rows the database refuses once its parent arrives (here a constraint on
   * the link): the retry goes to the error table; the parent, and the rest of its batch, load.
   */
  @Test
  void aRetryTheDatabaseRejectsGoesToTheErrorTableNotItsParent() throws Exception {
    VaultLoader loader = open();
    loader.load(List.of(order(1, 5), order(2, 5)));
    refuseTheCustomerLinkOfO1(schema);
    LoadResult r = loader.load(List.of(customer(5, "C5"), customer(6, "C6")));
    assertThat(rows("SELECT customer_no FROM $s.hub_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactlyInAnyOrder("C5", "C6");
    assertThat(links()).containsExactly(md5("O2") + "|" + md5("C5"));
    assertThat(
            rows(
                "SELECT error_code, source_table, target_object, kafka_offset, message LIKE '%not_o1%'"
                    + " FROM $s.vs_errors"))
        .containsExactly("CONSTRAINT_VIOLATION|orders|lnk_order_customer|0|t");
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
    assertThat(r.errors()).isEqualTo(1);
    assertThat(r.resolved()).isEqualTo(1);
    // It is not retried again: the next batches load as usual.
    assertThat(loader.load(List.of(customer(7, "C7"))).errors()).isZero();
    assertThat(loader.sweep().errors()).isZero();
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("1");
  }

  /**
   * The same during the sweep (here an expired reference released to the unknown ghost, which a
   * constraint forbids): the batch the sweep runs in loads, the retry goes to the error table.
   */
  @Test
  void aRetryRejectedInTheSweepDoesNotFailTheBatchItRunsWith() throws Exception {
    VaultLoader loader = open();
    orderPastTheWatermarkAndNoLinkToTheGhost(loader);
    LoadResult r = loader.load(List.of(customer(8, "C8"), customer(9, "C9")));
    assertThat(rows("SELECT customer_no FROM $s.hub_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactlyInAnyOrder("C8", "C9");
    assertThat(
            rows(
                "SELECT error_code, source_table, target_object, kafka_offset, message LIKE '%not_unknown%'"
                    + " FROM $s.vs_errors"))
        .containsExactly("CONSTRAINT_VIOLATION|orders|lnk_order_customer|0|t");
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
    assertThat(r.errors()).isEqualTo(1);
    clock.advance(Duration.ofSeconds(121));
    assertThat(loader.sweep().errors()).isZero();
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("1");
  }

  /** A constraint that makes the database refuse the link of order O1 to its customer. */
  static void refuseTheCustomerLinkOfO1(String schema) throws Exception {
    TestDatabase.execute(
        "ALTER TABLE "
            + schema
            + ".lnk_order_customer ADD CONSTRAINT not_o1 CHECK (order_hk <> '"
            + md5("O1")
            + "')");
  }

  /**
   * An order whose customer never comes, moved to the error table by the watermark; a constraint
   * then forbids links to the unknown ghost, and the retention runs out (so the next sweep loads it
   * against the ghost, which the database refuses).
   */
  private void orderPastTheWatermarkAndNoLinkToTheGhost(VaultLoader loader) throws Exception {
    loader.load(List.of(order(1, 5)));
    clock.advance(Duration.ofSeconds(121));
    assertThat(loader.load(List.of()).movedToErrors()).isEqualTo(1);
    TestDatabase.execute(
        "ALTER TABLE "
            + schema
            + ".lnk_order_customer ADD CONSTRAINT not_unknown CHECK (customer_hk <> '"
            + "F".repeat(32)
            + "') NOT VALID");
    clock.advance(Duration.ofSeconds(121));
  }

  /** A sweep on its own (no batch) that meets a rejected retry stores it as an error too. */
  @Test
  void aSweepOnItsOwnSettlesARejectedRetry() throws Exception {
    VaultLoader loader = open();
    orderPastTheWatermarkAndNoLinkToTheGhost(loader);
    assertThat(loader.sweep().errors()).isEqualTo(1);
    assertThat(rows("SELECT error_code, target_object FROM $s.vs_errors"))
        .containsExactly("CONSTRAINT_VIOLATION|lnk_order_customer");
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
  }
}
