package io.vaultstream.quickstart;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.testing.TestDatabase;
import org.junit.jupiter.api.Test;

/** The demo loads generated shop events end to end into a real PostgreSQL. */
class DemoIT {
  @Test
  void demoLoadsTheGeneratedEvents() throws Exception {
    String schema = TestDatabase.newSchema();
    QuickstartIT.Run r =
        QuickstartIT.run(
            new QuickstartCommand(),
            "demo",
            "--events",
            "3000",
            "--batch-size",
            "1000",
            "--jdbc-url",
            TestDatabase.jdbcUrl(),
            "--schema",
            schema);
    assertThat(r.code()).isZero();
    assertThat(r.out())
        .contains("3,000 / 3,000 events")
        .contains("0 not loaded yet")
        .contains("Rows per vault table (without the ghost records")
        .contains("./vaultstream status --jdbc-url")
        .contains("The rows stay in your database.");
    // Every order found its customer through the key map, and every order line its order and
    // product.
    long orders =
        Long.parseLong(
            TestDatabase.value(
                "SELECT count(*) FROM " + schema + ".hub_order WHERE record_source <> 'SYSTEM'"));
    assertThat(orders).isGreaterThan(100);
    assertThat(
            TestDatabase.value(
                "SELECT count(DISTINCT order_hk) FROM "
                    + schema
                    + ".lnk_order_customer WHERE record_source <> 'SYSTEM'"))
        .isEqualTo(Long.toString(orders));
    assertThat(
            TestDatabase.value(
                "SELECT count(*) FROM "
                    + schema
                    + ".lnk_order_line l LEFT JOIN "
                    + schema
                    + ".hub_product p USING (product_hk) WHERE p.product_hk IS NULL"))
        .isEqualTo("0");
    // Deleted order lines are flagged in their link satellite.
    assertThat(
            Long.parseLong(
                TestDatabase.value(
                    "SELECT count(*) FROM " + schema + ".lsat_order_line WHERE delete_flag")))
        .isPositive();
  }
}
