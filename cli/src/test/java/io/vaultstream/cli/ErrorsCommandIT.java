package io.vaultstream.cli;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.error.BadRecord;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Operators list, retry and purge error rows. */
class ErrorsCommandIT {

  @Test
  void listRetryAndPurge(@TempDir Path dir) throws Exception {
    VaultModel shop = ModelLoader.load(Samples.shopModel());
    String schema = TestDatabase.newSchema();
    EventFactory ev = new EventFactory(shop);
    byte[] supplier =
        "{\"op\":\"c\",\"after\":{\"id\":1,\"supplier_no\":\"S1\"},\"source\":{\"ts_us\":1}}"
            .getBytes(StandardCharsets.UTF_8);
    try (VaultLoader loader =
        VaultLoader.open(
            shop,
            VaultOptions.builder().jdbcUrl(TestDatabase.jdbcUrl()).targetSchema(schema).build())) {
      loader.load(
          List.of(
              ev.event("customers", "c", at(1), row("id", 1L, "customer_no", null, "name", "x"))),
          List.of(
              new BadRecord(
                  "shop.public.suppliers",
                  0,
                  5,
                  null,
                  supplier,
                  "topic 'shop.public.suppliers' is not a source of the model")));
    }
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
    String json =
        Files.readString(Samples.shopModel())
            .replaceFirst(
                "\"sources\": \\{",
                "\"sources\": {\n    \"suppliers\": { \"topic\": \"shop.public.suppliers\", \"primaryKey\": [\"id\"] },")
            .replace(
                "\"hubs\": {",
                "\"hubs\": {\n    \"hub_supplier\": { \"hashKey\": \"supplier_hk\", \"businessKey\": [\"supplier_no\"], \"sources\": { \"suppliers\": [\"supplier_no\"] } },");
    Path fixed = dir.resolve("model.json");
    Files.writeString(fixed, json);
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
}
