package io.vaultstream.cli;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Operators list, retry and purge error rows. */
class ErrorsCommandIT {

  @Test
  void listRetryAndPurge(@TempDir Path dir) throws Exception {
    String schema = TestDatabase.newSchema();
    SupplierErrorRows.load(
        VaultOptions.builder().jdbcUrl(TestDatabase.jdbcUrl()).targetSchema(schema).build());
    String url = TestDatabase.jdbcUrl();
    CliTest.Run list = CliTest.run("errors", "list", "--jdbc-url", url, "--schema", schema);
    assertThat(list.code()).isZero();
    assertThat(list.out())
        .contains("BAD_RECORD")
        .contains("shop.public.suppliers/0@5")
        .contains("NULL_BUSINESS_KEY")
        .contains("business key [customer_no] of customers [\"1\"] is NULL")
        .contains("2 error row(s) (BAD_RECORD 1, NULL_BUSINESS_KEY 1)");

    // The model learns the new source; retrying loads the record and clears its error row.
    Path fixed = SupplierErrorRows.modelWithSuppliers(dir);
    assertRetryRefusedWithoutTheNewHubsTable(url, schema, fixed);

    // As the message says: the model's DDL first, then the retry.
    TestDatabase.execute(CliTest.run("ddl", fixed.toString(), "--schema", schema).out());
    CliTest.Run retry =
        CliTest.run(
            "errors", "retry", "--jdbc-url", url, "--schema", schema, "--model", fixed.toString());
    assertThat(retry.err()).isEmpty();
    assertThat(retry.out())
        .contains("Retried 2 error row(s): 1 loaded or waiting again, 1 still failing");
    assertThat(
            TestDatabase.rows(
                "SELECT supplier_no FROM "
                    + schema
                    + ".hub_supplier WHERE record_source <> 'SYSTEM'"))
        .containsExactly("S1");

    assertThat(CliTest.run("errors", "purge", "--jdbc-url", url, "--schema", schema).code())
        .isEqualTo(2);
    CliTest.Run purge =
        CliTest.run(
            "errors",
            "purge",
            "--jdbc-url",
            url,
            "--schema",
            schema,
            "--code",
            "NULL_BUSINESS_KEY");
    assertThat(purge.out()).contains("Purged 1 error row(s)");
    assertThat(CliTest.run("errors", "list", "--jdbc-url", url, "--schema", schema).out())
        .contains("No error rows");
  }

  /** The new hub's table is not there: retry says so and creates nothing. */
  private static void assertRetryRefusedWithoutTheNewHubsTable(
      String url, String schema, Path fixed) throws Exception {
    CliTest.Run refused =
        CliTest.run(
            "errors", "retry", "--jdbc-url", url, "--schema", schema, "--model", fixed.toString());
    assertThat(refused.code()).isEqualTo(2);
    assertThat(refused.err())
        .contains("The vault table " + schema + ".hub_supplier does not exist")
        .contains("'vaultstream ddl' or give --auto-create");
    assertThat(
            TestDatabase.value(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = '"
                    + schema
                    + "' AND table_name = 'hub_supplier'"))
        .isEqualTo("0");
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_errors")).isEqualTo("2");
  }

  @Test
  void aMultiLineMessageTakesOneLineInTheTableAndIsShownInFullById() throws Exception {
    VaultModel shop = ModelLoader.load(Samples.shopModel());
    String schema = TestDatabase.newSchema();
    EventFactory ev = new EventFactory(shop);
    try (VaultLoader loader = VaultLoader.open(shop, TestDatabase.options(schema).build())) {
      loader.load(
          List.of(
              ev.event("customers", "c", at(1), row("id", 1L, "customer_no", null, "name", "x"))),
          List.of());
    }
    // Written by an earlier version, with a terminal escape sequence in it.
    String message = "first line\n\tsecond line\r\nthird \u001b[2J" + "x".repeat(200);
    String shown = message.replace("\u001b", "\\u001b");
    TestDatabase.execute(
        "UPDATE " + schema + ".vs_errors SET message = '" + message.replace("'", "''") + "'");
    String id = TestDatabase.value("SELECT id FROM " + schema + ".vs_errors");
    String url = TestDatabase.jdbcUrl();

    CliTest.Run list = CliTest.run("errors", "list", "--jdbc-url", url, "--schema", schema);
    assertThat(list.code()).isZero();
    String[] lines = list.out().split("\n");
    assertThat(lines).hasSize(3); // header, the row, the count
    assertThat(lines[1])
        .contains("first line second line third \\u001b[2Jxxx")
        .endsWith("\u2026")
        .doesNotContain("\t");
    assertThat(lines[1].length()).isLessThan(message.length() + 100);

    CliTest.Run one =
        CliTest.run("errors", "list", "--jdbc-url", url, "--schema", schema, "--id", id);
    assertThat(one.out()).contains("id:          " + id).endsWith("message:\n" + shown + "\n");

    CliTest.Run json =
        CliTest.run("errors", "list", "--jdbc-url", url, "--schema", schema, "--format", "json");
    com.fasterxml.jackson.databind.JsonNode doc =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out());
    assertThat(doc.get("total").asLong()).isEqualTo(1);
    assertThat(doc.get("countByCode").get("NULL_BUSINESS_KEY").asLong()).isEqualTo(1);
    assertThat(doc.get("rows").get(0).get("message").asText()).isEqualTo(message);
    assertThat(doc.get("rows").get(0).get("id").asText()).isEqualTo(id);
  }

  @Test
  void aSchemaWithoutAnErrorTableIsAClearErrorWithExitCodeTwo() throws Exception {
    String empty = TestDatabase.newSchema();
    for (String sub :
        new String[] {"list", "purge --all", "retry --model " + Samples.shopModel()}) {
      List<String> args =
          new java.util.ArrayList<>(
              List.of("errors", "--jdbc-url", TestDatabase.jdbcUrl(), "--schema", empty));
      args.addAll(1, List.of(sub.split(" ")));
      CliTest.Run r = CliTest.run(args.toArray(String[]::new));
      assertThat(r.code()).as(sub).isEqualTo(2);
      assertThat(r.err())
          .as(sub)
          .contains(
              "No vault in schema "
                  + empty
                  + ": no table vs_errors; give --schema, the target.schema of the connector")
          .doesNotContain("relation");
    }
  }
}
