package io.vaultstream.cli;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.event.Progress;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TargetDatabase;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator commands on MariaDB, chosen from the jdbc:mariadb: URL: status and the error rows of
 * a vault the loader wrote, a starter model from a source database, and the DDL of the dialect.
 */
class MariaDbCliIT {
  private static final TargetDatabase MARIADB = TargetDatabase.mariaDb();

  @org.junit.jupiter.api.AfterAll
  static void dropDatabases() throws java.sql.SQLException {
    TargetDatabase.dropCreatedSchemas();
  }

  private final VaultModel shop = ModelLoader.load(Samples.shopModel());
  private final String url = MARIADB.jdbcUrl();

  @BeforeEach
  void needsMariaDb() {
    MARIADB.assumeReachable();
  }

  @Test
  void statusShowsWhatIsInAMariaDbVault() throws Exception {
    String db = MARIADB.newSchema();
    EventFactory ev = new EventFactory(shop);
    try (VaultLoader loader = VaultLoader.open(shop, options(db))) {
      loader.load(
          List.of(
              ev.event("customers", "c", at(1), row("id", 1L, "customer_no", "C1", "name", "n")),
              ev.event("customers", "c", at(2), row("id", 2L, "customer_no", null, "name", "x")),
              ev.event("orders", "c", at(3), row("id", 9L, "order_no", "O9", "customer_id", 5L))),
          List.of(),
          new Progress(
              "my-connector", List.of(new Progress.Position("shop.public.orders", 0, 42))));
    }
    CliTest.Run r = CliTest.run("status", "--jdbc-url", url, "--schema", db);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("Vault in schema " + db + ": rows (without ghost records) per table")
        .containsPattern("hub_customer\\s+1\\s+2026-01-01 00:00:01")
        .containsPattern("hub_order\\s+1\\s+")
        .containsPattern("SHOP.orders\\s+2026-01-01 00:00:03")
        .containsPattern("WAITING\\s+1")
        .containsPattern("NULL_BUSINESS_KEY\\s+1")
        .containsPattern("my-connector shop.public.orders/0\\s+42 at ");

    CliTest.Run none = CliTest.run("status", "--jdbc-url", url, "--schema", "no_such_db_here");
    assertThat(none.code()).isEqualTo(2);
    assertThat(none.err()).contains("No vault in schema no_such_db_here: no table vs_errors");
  }

  @Test
  void errorsAreListedRetriedAndPurgedInAMariaDbVault(@TempDir Path dir) throws Exception {
    String db = MARIADB.newSchema();
    SupplierErrorRows.load(options(db));
    CliTest.Run list = CliTest.run("errors", "list", "--jdbc-url", url, "--schema", db);
    assertThat(list.code()).as(list.err()).isZero();
    assertThat(list.out())
        .contains("shop.public.suppliers/0@5")
        .contains("business key [customer_no] of customers [\"1\"] is NULL")
        .contains("2 error row(s) (BAD_RECORD 1, NULL_BUSINESS_KEY 1)");

    // The raw record of the BAD_RECORD row is decoded again (its first_seen read by id).
    Path fixed = SupplierErrorRows.modelWithSuppliers(dir);
    CliTest.Run retry =
        CliTest.run(
            "errors",
            "retry",
            "--jdbc-url",
            url,
            "--schema",
            db,
            "--model",
            fixed.toString(),
            "--auto-create");
    assertThat(retry.code()).as(retry.err()).isZero();
    assertThat(retry.out())
        .contains("Retried 2 error row(s): 1 loaded or waiting again, 1 still failing");
    assertThat(
            MARIADB.rows(
                "SELECT supplier_no FROM " + db + ".hub_supplier WHERE record_source <> 'SYSTEM'"))
        .containsExactly("S1");

    CliTest.Run purge =
        CliTest.run(
            "errors", "purge", "--jdbc-url", url, "--schema", db, "--code", "NULL_BUSINESS_KEY");
    assertThat(purge.out()).as(purge.err()).contains("Purged 1 error row(s)");
    assertThat(CliTest.run("errors", "list", "--jdbc-url", url, "--schema", db).out())
        .contains("No error rows");
  }

  @Test
  void initWritesAStarterModelFromAMariaDbSourceDatabase(@TempDir Path dir) throws Exception {
    String src = MARIADB.newSchema();
    MARIADB.execute(
        "CREATE TABLE "
            + src
            + ".customers (id BIGINT PRIMARY KEY, customer_no VARCHAR(20) NOT NULL UNIQUE,"
            + " name VARCHAR(100), active TINYINT(1), born DATE, balance DECIMAL(12,2),"
            + " visits INT UNSIGNED, note TEXT)",
        "CREATE TABLE "
            + src
            + ".orders (id BIGINT PRIMARY KEY, order_no VARCHAR(20) NOT NULL UNIQUE,"
            + " customer_id BIGINT, placed_at DATETIME(6),"
            + " FOREIGN KEY (customer_id) REFERENCES "
            + src
            + ".customers (id))",
        "CREATE TABLE " + src + ".scratch (a INT, b INT)");
    Path out = dir.resolve("model.json");
    CliTest.Run r =
        CliTest.run(
            "init",
            "--jdbc-url",
            url,
            "--schema",
            src,
            "--topic-prefix",
            "shop",
            "--output",
            out.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(CliTest.run("validate", out.toString()).code()).isZero();
    VaultModel m = ModelLoader.load(out);
    assertThat(m.sources()).containsOnlyKeys("customers", "orders");
    assertThat(m.sources().get("orders").topic()).isEqualTo("shop." + src + ".orders");
    assertThat(m.sources().get("customers").primaryKey()).containsExactly("id");
    assertThat(m.hubs()).containsOnlyKeys("hub_customer", "hub_order");
    assertThat(m.hubs().get("hub_customer").businessKey()).containsExactly("customer_no");
    assertThat(m.links()).containsOnlyKeys("lnk_order_customer");
    assertThat(m.sources().get("orders").foreignKeys()).containsOnlyKeys("customer");
    assertThat(m.satellites().get("sat_customer").columns())
        .containsExactly("name", "active", "born", "balance", "visits", "note");
    assertThat(m.sources().get("customers").declaredType("customer_no")).isEqualTo("varchar(20)");
    assertThat(m.sources().get("customers").declaredType("active")).isEqualTo("boolean");
    assertThat(m.sources().get("customers").declaredType("balance")).isEqualTo("numeric(12,2)");
    assertThat(m.sources().get("customers").declaredType("visits")).isEqualTo("bigint");
    assertThat(m.sources().get("orders").declaredType("placed_at")).isEqualTo("timestamp(6)");
  }

  @Test
  void theMariaDbDdlRunsOnMariaDbTwiceWithoutHarm() throws Exception {
    String db = MARIADB.newSchema();
    CliTest.Run r =
        CliTest.run("ddl", Samples.shopModel().toString(), "--dialect", "mariadb", "--schema", db);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out()).contains("(mariadb)").contains("`" + db + "`.`hub_customer`");
    // Against the live, empty database the whole script is what it lacks.
    CliTest.Run byUrl =
        CliTest.run(
            "ddl", Samples.shopModel().toString(), "--jdbc-url", MARIADB.jdbcUrl(), "--schema", db);
    assertThat(byUrl.code()).as(byUrl.err()).isZero();
    assertThat(byUrl.out().lines().skip(1).toList()).isEqualTo(r.out().lines().skip(1).toList());
    for (int i = 0; i < 2; i++) {
      for (String sql : r.out().split(";\n\n")) {
        String s = sql.lines().filter(l -> !l.startsWith("--")).reduce("", (a, b) -> a + "\n" + b);
        if (!s.isBlank()) {
          MARIADB.execute(s);
        }
      }
    }
    assertThat(
            MARIADB.rows(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = '" + db + "'"))
        .as("the shop model's 11 tables, the loader's 6, and vs_locks")
        .containsExactly("18");
    assertThat(MARIADB.rows("SELECT count(*) FROM " + db + ".sat_customer")).containsExactly("2");
  }

  private VaultOptions options(String db) {
    return VaultOptions.builder().jdbcUrl(url).targetSchema(db).poolMaxSize(2).build();
  }
}
