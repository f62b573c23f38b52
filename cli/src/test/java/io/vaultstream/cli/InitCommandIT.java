package io.vaultstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.TestDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A starter model from a real PostgreSQL source schema shaped like the shop. */
class InitCommandIT {
  @Test
  void writesAValidStarterModel(@TempDir Path dir) throws Exception {
    String src = TestDatabase.newSchema();
    TestDatabase.execute(
        "CREATE TABLE "
            + src
            + ".customers (id bigint PRIMARY KEY, customer_no text NOT NULL UNIQUE, name text, email text)",
        "CREATE TABLE "
            + src
            + ".products (id bigint PRIMARY KEY, sku text NOT NULL UNIQUE, name text, price numeric(12,2))",
        "CREATE TABLE "
            + src
            + ".orders (id bigint PRIMARY KEY, order_no text NOT NULL UNIQUE,"
            + " customer_id bigint REFERENCES "
            + src
            + ".customers(id), ordered_at timestamptz, status text)",
        "CREATE TABLE "
            + src
            + ".order_lines (order_id bigint REFERENCES "
            + src
            + ".orders(id), line_no int,"
            + " product_id bigint REFERENCES "
            + src
            + ".products(id), qty int, amount numeric(12,2),"
            + " PRIMARY KEY (order_id, line_no))",
        "CREATE TABLE "
            + src
            + ".payments (id bigint PRIMARY KEY, order_id bigint REFERENCES "
            + src
            + ".orders(id),"
            + " amount numeric(12,2), method text)");
    Path out = dir.resolve("model.json");
    CliTest.Run r =
        CliTest.run(
            "init",
            "--jdbc-url",
            TestDatabase.jdbcUrl(),
            "--schema",
            src,
            "--name",
            "shop",
            "--topic-prefix",
            "shop",
            "--output",
            out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    VaultModel m = ModelLoader.load(out);
    assertThat(m.sources().get("orders").topic()).isEqualTo("shop." + src + ".orders");
    assertThat(m.hubs())
        .containsOnlyKeys("hub_customers", "hub_products", "hub_orders", "hub_payments");
    assertThat(m.hubs().get("hub_customers").businessKey()).containsExactly("customer_no");
    assertThat(m.links())
        .containsKeys("lnk_orders_customer", "lnk_order_lines", "lnk_payments_order");
    assertThat(m.links().get("lnk_order_lines").dependentChildKey()).containsExactly("line_no");
    assertThat(m.satellites().get("sat_customers").columns()).containsExactly("name", "email");
    assertThat(m.satellites().get("lsat_order_lines").columns()).containsExactly("qty", "amount");
    assertThat(m.sources().get("products").declaredType("price")).isEqualTo("numeric(12,2)");
    assertThat(r.err())
        .contains("hub_payments: no unique constraint on payments")
        .contains("lnk_order_lines: order_lines has no natural key of its own and 2 foreign keys");
    // The model works as is: its DDL runs.
    String vault = TestDatabase.newSchema();
    String ddl = CliTest.run("ddl", out.toString(), "--schema", vault).out();
    TestDatabase.execute(ddl);
    assertThat(
            TestDatabase.value(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = '"
                    + vault
                    + "'"))
        .isEqualTo("16");
  }
}
