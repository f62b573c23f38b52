package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.decode.DecodeException;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.testing.TargetDatabase;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bad records, values the database cannot take and rechecks the database rejects: each goes to the
 * error table, the rest of its batch loads.
 */
abstract class RejectedRowsContract extends ShopReferencesBase {
  /**
   * The error message expected when the database refuses the text "twelve" as sat_product.price.
   */
  protected abstract Pattern priceRejected();

  @ParameterizedTest(name = "{0} error rows")
  @ValueSource(ints = {1, 12}) // by INSERT, by the bulk insert where the database has one
  void aBadRecordLoadedAgainKeepsOneErrorRowAndItsText(int n) throws Exception {
    // Text that every bulk format has to escape (tab, line breaks, backslashes, COPY's NULL and
    // end-of-data markers), in bad records loaded twice (a batch loaded again): one error row
    // for each, holding the record as it came.
    VaultLoader loader = open();
    String text = "not json\tat all\nsecond line\r\n\\N \\. C:\\dir\\";
    List<BadRecord> first = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      first.add(
          new BadRecord(
              "shop.public.products",
              0,
              7 + i,
              null,
              (text + i).getBytes(StandardCharsets.UTF_8),
              "bad"));
    }
    loader.load(List.of(), first);
    List<BadRecord> again = new ArrayList<>(first);
    again.add(new BadRecord("shop.public.products", 0, 7 + n, null, new byte[] {'{'}, "bad"));
    loader.load(List.of(), again);
    assertThat(
            rows(
                "SELECT count(*), count(DISTINCT kafka_offset), min(error_code) FROM $s.vs_errors"))
        .containsExactly((n + 1) + "|" + (n + 1) + "|BAD_RECORD");
    assertThat(rows("SELECT record_value FROM $s.vs_errors WHERE kafka_offset = 7"))
        .containsExactly(text + 0);
    assertThat(rows("SELECT record_value FROM $s.vs_errors WHERE kafka_offset = " + (6 + n)))
        .containsExactly(text + (n - 1));
  }

  @Test
  void badRecordsGoToTheErrorTableAndGoodOnesLoad() throws Exception {
    open();
    // Columns taken from events are text: the operator gave price a type of its own.
    db().execute(
            "ALTER TABLE "
                + db().quote(schema)
                + "."
                + db().quote("sat_product")
                + " ADD COLUMN price "
                + db().decimalType());
    VaultLoader loader =
        track(VaultLoader.open(SHOP, db().options(schema).sweepIntervalMs(0).build(), clock));
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
    List<String> errors =
        rows(
            "SELECT error_code, source_table, target_object, kafka_offset, message FROM $s.vs_errors ORDER BY error_code");
    assertThat(errors)
        .hasSize(3)
        .startsWith(
            "BAD_RECORD|products||99|the row of source 'products' has no value for primary key column 'id'; its columns: sku",
            "NULL_BUSINESS_KEY|customers|hub_customer|1|business key [customer_no] of customers [\"2\"] is NULL");
    assertThat(errors.get(2)).startsWith("TYPE_CONVERSION|products|products|1|");
    assertThat(errors.get(2).substring("TYPE_CONVERSION|products|products|1|".length()))
        .matches(priceRejected());
    assertThat(rows("SELECT record_value FROM $s.vs_errors WHERE error_code = 'BAD_RECORD'"))
        .containsExactly("{\"op\":\"c\",\"after\":{\"sku\":\"x\"}}");
  }

  /**
   * A waiting event whose rows the database refuses once its parent arrives (here a constraint on
   * the link): the recheck goes to the error table; the parent, and the rest of its batch, load.
   */
  @Test
  void aRecheckTheDatabaseRejectsGoesToTheErrorTableNotItsParent() throws Exception {
    VaultLoader loader = open();
    loader.load(List.of(order(1, 5), order(2, 5)));
    refuseTheCustomerLinkOfO1(db(), schema);
    LoadResult r = loader.load(List.of(customer(5, "C5"), customer(6, "C6")));
    assertThat(rows("SELECT customer_no FROM $s.hub_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactlyInAnyOrder("C5", "C6");
    assertThat(links()).containsExactly(md5("O2") + "|" + md5("C5"));
    assertThat(
            rows("SELECT error_code, source_table, target_object, kafka_offset FROM $s.vs_errors"))
        .containsExactly("CONSTRAINT_VIOLATION|orders|lnk_order_customer|0");
    assertThat(value("SELECT message FROM $s.vs_errors")).contains("not_o1");
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
    assertThat(r.errors()).isEqualTo(1);
    assertThat(r.resolved()).isEqualTo(1);
    // It is not rechecked again: the next batches load as usual.
    assertThat(loader.load(List.of(customer(7, "C7"))).errors()).isZero();
    assertThat(loader.sweep().errors()).isZero();
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("1");
  }

  /**
   * The same during the sweep (here an expired reference released to the unknown ghost, which a
   * constraint forbids): the batch the sweep runs in loads, the recheck goes to the error table.
   */
  @Test
  void aRecheckRejectedInTheSweepDoesNotFailTheBatchItRunsWith() throws Exception {
    VaultLoader loader = open();
    orderPastTheWatermarkAndNoLinkToTheGhost(loader);
    LoadResult r = loader.load(List.of(customer(8, "C8"), customer(9, "C9")));
    assertThat(rows("SELECT customer_no FROM $s.hub_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactlyInAnyOrder("C8", "C9");
    assertThat(
            rows("SELECT error_code, source_table, target_object, kafka_offset FROM $s.vs_errors"))
        .containsExactly("CONSTRAINT_VIOLATION|orders|lnk_order_customer|0");
    assertThat(value("SELECT message FROM $s.vs_errors")).contains("not_unknown");
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
    assertThat(r.errors()).isEqualTo(1);
    clock.advance(Duration.ofSeconds(121));
    assertThat(loader.sweep().errors()).isZero();
    assertThat(rows("SELECT count(*) FROM $s.vs_errors")).containsExactly("1");
  }

  /** A constraint that makes the database refuse the link of order O1 to its customer. */
  static void refuseTheCustomerLinkOfO1(TargetDatabase db, String schema) throws Exception {
    db.addCheck(schema, "lnk_order_customer", "not_o1", "order_hk <> '" + md5("O1") + "'", true);
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
    db().addCheck(
            schema,
            "lnk_order_customer",
            "not_unknown",
            "customer_hk <> '" + "F".repeat(32) + "'",
            false);
    clock.advance(Duration.ofSeconds(121));
  }

  /** A sweep on its own (no batch) that meets a rejected recheck stores it as an error too. */
  @Test
  void aSweepOnItsOwnSettlesARejectedRecheck() throws Exception {
    VaultLoader loader = open();
    orderPastTheWatermarkAndNoLinkToTheGhost(loader);
    assertThat(loader.sweep().errors()).isEqualTo(1);
    assertThat(rows("SELECT error_code, target_object FROM $s.vs_errors"))
        .containsExactly("CONSTRAINT_VIOLATION|lnk_order_customer");
    assertThat(rows("SELECT count(*) FROM $s.vs_waiting")).containsExactly("0");
  }
}
