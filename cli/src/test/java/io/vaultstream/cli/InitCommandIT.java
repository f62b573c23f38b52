package io.vaultstream.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.model.Link;
import io.vaultstream.model.LinkEnd;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A starter model from a real PostgreSQL source schema shaped like a shop. */
class InitCommandIT {

  /** customers, products, orders, order_lines, a code table and a transaction table. */
  private static String shopSource() throws Exception {
    String s = TestDatabase.newSchema();
    TestDatabase.execute(
        "CREATE TABLE "
            + s
            + ".customers (id bigint PRIMARY KEY,"
            + " customer_no text NOT NULL UNIQUE, name text, email text)",
        "CREATE TABLE "
            + s
            + ".products (id bigint PRIMARY KEY, sku text NOT NULL UNIQUE,"
            + " name text, price numeric(12,2))",
        "CREATE TABLE " + s + ".order_status (code varchar(10) PRIMARY KEY, description text)",
        "CREATE TABLE "
            + s
            + ".orders (id bigint PRIMARY KEY, order_no text NOT NULL UNIQUE,"
            + " customer_id bigint REFERENCES "
            + s
            + ".customers(id),"
            + " status varchar(10) REFERENCES "
            + s
            + ".order_status(code), ordered_at timestamptz)",
        "CREATE TABLE "
            + s
            + ".order_lines (order_id bigint REFERENCES "
            + s
            + ".orders(id),"
            + " line_no int, product_id bigint REFERENCES "
            + s
            + ".products(id), qty int,"
            + " amount numeric(12,2), PRIMARY KEY (order_id, line_no))",
        "CREATE TABLE "
            + s
            + ".payments (id bigint PRIMARY KEY,"
            + " order_id bigint REFERENCES "
            + s
            + ".orders(id),"
            + " customer_id bigint REFERENCES "
            + s
            + ".customers(id),"
            + " paid_at timestamptz, amount numeric(12,2), method text)");
    return s;
  }

  @Test
  void writesASingularModelWithAReferenceTableAndANonHistorizedLink(@TempDir Path dir)
      throws Exception {
    String src = shopSource();
    CliTest.Run r = CliTest.run("init", "--jdbc-url", TestDatabase.jdbcUrl(), "--schema", src);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).endsWith("}\n");
    Path out = dir.resolve("model.json");
    Files.writeString(out, r.out());
    assertThat(CliTest.run("validate", out.toString()).code()).isZero();

    VaultModel m = ModelLoader.load(out);
    String db = TestDatabase.value("SELECT current_database()");
    assertThat(m.name()).isEqualTo(db);
    assertThat(m.recordSource()).isEqualTo(db.toUpperCase(java.util.Locale.ROOT));
    assertThat(m.sources().get("orders").topic()).isEqualTo(db + "." + src + ".orders");
    assertThat(r.out())
        .contains(
            "\"hashing\" : {\n    \"profile\" : \"automate-dv\",\n"
                + "    \"algorithm\" : \"MD5\"\n  }");

    assertTheShopsVaultAsInitChoseIt(m);
    assertTheReviewNotes(r.err(), db);
    assertItsDdlRuns(out);
  }

  /** The hubs, links, reference table and satellites init chose for the shop's tables. */
  private static void assertTheShopsVaultAsInitChoseIt(VaultModel m) {
    assertThat(m.hubs()).containsOnlyKeys("hub_customer", "hub_product", "hub_order");
    assertThat(m.hubs().get("hub_customer").hashKey()).isEqualTo("customer_hk");
    assertThat(m.hubs().get("hub_customer").businessKey()).containsExactly("customer_no");
    assertThat(m.links()).containsOnlyKeys("lnk_order_customer", "lnk_order_line", "nhl_payment");
    Link line = m.links().get("lnk_order_line");
    assertThat(line.nonHistorized()).isFalse();
    assertThat(line.hashKey()).isEqualTo("order_line_hk");
    assertThat(line.dependentChildKey()).containsExactly("line_no");
    Link payment = m.links().get("nhl_payment");
    assertThat(payment.nonHistorized()).isTrue();
    assertThat(payment.hubs())
        .extracting(LinkEnd::hub)
        .containsExactlyInAnyOrder("hub_order", "hub_customer");
    assertThat(payment.dependentChildKey()).containsExactly("id");
    assertThat(payment.columns()).containsExactly("paid_at", "amount", "method");
    assertThat(m.referenceTables()).containsOnlyKeys("ref_order_status");
    assertThat(m.referenceTables().get("ref_order_status").code()).containsExactly("code");
    assertThat(m.referenceTables().get("ref_order_status").columns())
        .containsExactly("description");
    assertThat(m.satellites())
        .containsOnlyKeys("sat_customer", "sat_product", "sat_order", "lsat_order_line");
    assertThat(m.satellites().get("sat_customer").columns()).containsExactly("name", "email");
    // The status code stays an attribute of the order: a reference code makes no link.
    assertThat(m.satellites().get("sat_order").columns()).containsExactly("status", "ordered_at");
    assertThat(m.sources().get("orders").foreignKeys()).containsOnlyKeys("customer");
    assertThat(m.sources().get("products").declaredType("price")).isEqualTo("numeric(12,2)");
  }

  /** What init tells to review: its choices and how to change them. */
  private static void assertTheReviewNotes(String err, String db) {
    assertThat(err)
        .contains(
            "recordSource "
                + db.toUpperCase(java.util.Locale.ROOT)
                + " (the source database's name): give --record-source")
        .contains("vault names are singular")
        .contains("hashing automate-dv with MD5 (the defaults, written out)")
        .contains("ref_order_status: order_status looks like a code table")
        .contains("run init with --hubs order_status")
        .contains("nhl_payment: payments looks like a transaction table")
        .contains("run init with --hubs payments")
        .contains("lnk_order_line: order_lines has no natural key of its own and 2 foreign keys");
  }

  /** The model works as is: its DDL runs. */
  private static void assertItsDdlRuns(Path model) throws Exception {
    String vault = TestDatabase.newSchema();
    TestDatabase.execute(CliTest.run("ddl", model.toString(), "--schema", vault).out());
    assertThat(
            TestDatabase.rows(
                "SELECT table_name FROM information_schema.tables"
                    + " WHERE table_schema = '"
                    + vault
                    + "' AND table_name NOT LIKE 'vs\\_%'"))
        .containsExactlyInAnyOrder(
            "hub_customer",
            "hub_product",
            "hub_order",
            "lnk_order_customer",
            "lnk_order_line",
            "nhl_payment",
            "ref_order_status",
            "sat_customer",
            "sat_product",
            "sat_order",
            "lsat_order_line");
  }

  @Test
  void hubsGivenByNameAndTheRecordSourceGivenOverrideTheChoices(@TempDir Path dir)
      throws Exception {
    String src = shopSource();
    Path out = dir.resolve("model.json");
    CliTest.Run r =
        CliTest.run(
            "init",
            "--jdbc-url",
            TestDatabase.jdbcUrl(),
            "--schema",
            src,
            "--hubs",
            "payments,order_status",
            "--name",
            "shop",
            "--record-source",
            "ERP",
            "--topic-prefix",
            "shop",
            "--output",
            out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).isEmpty();
    VaultModel m = ModelLoader.load(out);
    assertThat(m.recordSource()).isEqualTo("ERP");
    assertThat(m.sources().get("orders").topic()).isEqualTo("shop." + src + ".orders");
    assertThat(m.hubs())
        .containsOnlyKeys(
            "hub_customer", "hub_product", "hub_order", "hub_payment", "hub_order_status");
    assertThat(m.referenceTables()).isEmpty();
    assertThat(m.links().values()).noneMatch(Link::nonHistorized);
    assertThat(m.links())
        .containsKeys("lnk_payment_order", "lnk_payment_customer", "lnk_order_order_status");
    assertThat(r.err()).contains("hub_payment: no unique constraint on payments");
  }
}
