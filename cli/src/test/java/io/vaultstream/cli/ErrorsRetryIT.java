package io.vaultstream.cli;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.event.BadRecord;
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

/**
 * {@code errors retry} keeps a record's time, adds columns a retried event brings, and skips rows
 * it cannot decode.
 */
class ErrorsRetryIT {
  private static final String SUPPLIERS = "shop.public.suppliers";

  /**
   * The shop model, plus suppliers with a hub and a satellite whose columns come from the events
   * (so the retried event adds one).
   */
  private static Path withSuppliers(Path dir) throws Exception {
    String json =
        Files.readString(Samples.shopModel())
            .replaceFirst(
                "\"sources\": \\{",
                "\"sources\": {\n    \"suppliers\": { \"topic\": \""
                    + SUPPLIERS
                    + "\", \"primaryKey\": [\"id\"] },")
            .replace(
                "\"hubs\": {",
                "\"hubs\": {\n    \"hub_supplier\": { \"hashKey\": \"supplier_hk\", \"businessKey\":"
                    + " [\"supplier_no\"], \"sources\": { \"suppliers\": [\"supplier_no\"] } },")
            .replace(
                "\"satellites\": {",
                "\"satellites\": {\n    \"sat_supplier\": { \"parent\": \"hub_supplier\","
                    + " \"source\": \"suppliers\" },");
    Path fixed = dir.resolve("model.json");
    Files.writeString(fixed, json);
    return fixed;
  }

  private static BadRecord supplier(long offset, String json) {
    return new BadRecord(
        SUPPLIERS,
        0,
        offset,
        null,
        json.getBytes(StandardCharsets.UTF_8),
        "topic '" + SUPPLIERS + "' is not a source of the model");
  }

  private static String schemaWith(List<BadRecord> bad, boolean nullKey) throws Exception {
    VaultModel shop = ModelLoader.load(Samples.shopModel());
    String schema = TestDatabase.newSchema();
    EventFactory ev = new EventFactory(shop);
    try (VaultLoader loader = VaultLoader.open(shop, TestDatabase.options(schema).build())) {
      loader.load(
          nullKey
              ? List.of(
                  ev.event(
                      "customers", "c", at(1), row("id", 1L, "customer_no", null, "name", "x")))
              : List.of(),
          bad);
    }
    return schema;
  }

  @Test
  void aRecordWithoutATimeOfItsOwnLoadsAtItsFirstSeenAndItsNewColumnIsAdded(@TempDir Path dir)
      throws Exception {
    // No source block: decoding takes the Kafka timestamp, which the error table does not keep.
    String schema =
        schemaWith(
            List.of(
                supplier(
                    5,
                    "{\"op\":\"c\",\"after\":{\"id\":1,\"supplier_no\":\"S1\",\"name\":\"Acme\"}}")),
            false);
    String firstSeen =
        TestDatabase.value(
            "SELECT date_trunc('milliseconds', first_seen) FROM " + schema + ".vs_errors");

    CliTest.Run retry = retry(schema, withSuppliers(dir), "--auto-create");

    assertThat(retry.err()).isEmpty();
    assertThat(retry.out())
        .contains("Retried 1 error row(s): 1 loaded or waiting again, 0 still failing")
        .contains("1 record(s) carry no event time of their own");
    assertThat(
            TestDatabase.rows(
                "SELECT h.load_dts, s.load_dts, s.name FROM "
                    + schema
                    + ".hub_supplier h JOIN "
                    + schema
                    + ".sat_supplier s USING (supplier_hk) WHERE h.record_source <> 'SYSTEM'"))
        .containsExactly(firstSeen + "|" + firstSeen + "|Acme");
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_errors")).isEqualTo("0");
  }

  @Test
  void printsOnlyItsSummaryAndCreatesNothingWithoutAutoCreate(@TempDir Path dir) throws Exception {
    String good =
        "{\"op\":\"c\",\"after\":{\"id\":3,\"supplier_no\":\"S3\",\"name\":\"C\"},"
            + "\"source\":{\"ts_ms\":1767225600000}}";
    String schema = schemaWith(List.of(supplier(8, good)), false);
    Path model = withSuppliers(dir);
    // The tables of the changed model, made by hand as the user would; the satellite takes its
    // columns from the events, so the retried event's 'name' is a column the vault lacks.
    TestDatabase.execute(CliTest.run("ddl", model.toString(), "--schema", schema).out());
    String before = columnsOf(schema);

    CliTest.Run retry = retryInItsOwnJvm(schema, model);

    assertThat(retry.code()).isEqualTo(2);
    assertThat(retry.err())
        .contains(
            "The events of sat_supplier carry the column 'name', which the table lacks: add the"
                + " column (ALTER TABLE")
        .contains(") or give --auto-create")
        .doesNotContain(" INFO ");
    assertThat(retry.err().lines()).hasSize(1);
    assertThat(columnsOf(schema)).isEqualTo(before);

    // With the column declared, the retry loads and prints its summary alone.
    TestDatabase.execute("ALTER TABLE " + schema + ".sat_supplier ADD COLUMN name text");
    CliTest.Run loaded = retryInItsOwnJvm(schema, model);
    assertThat(loaded.code()).as(loaded.err()).isZero();
    assertThat(loaded.err()).isEmpty();
    assertThat(loaded.out())
        .isEqualTo(
            "Retried 1 error row(s): 1 loaded or waiting again, 0 still failing, 0 not"
                + " decodable (skipped)\n");
  }

  @Test
  void rowsThatCannotBeDecodedAreSkippedAndListed(@TempDir Path dir) throws Exception {
    String good =
        "{\"op\":\"c\",\"after\":{\"id\":2,\"supplier_no\":\"S2\",\"name\":\"B\"},"
            + "\"source\":{\"ts_ms\":1767225600000}}";
    String schema = schemaWith(List.of(supplier(6, good), supplier(7, good)), true);
    TestDatabase.execute(
        "UPDATE " + schema + ".vs_errors SET record_value = 'base64:@@@' WHERE kafka_offset = 7",
        "UPDATE "
            + schema
            + ".vs_errors SET event = '{\"broken\"' WHERE error_code = 'NULL_BUSINESS_KEY'");
    List<String> corrupt =
        TestDatabase.rows(
            "SELECT id FROM "
                + schema
                + ".vs_errors WHERE kafka_offset = 7 OR error_code = 'NULL_BUSINESS_KEY' ORDER BY id");

    CliTest.Run retry = retry(schema, withSuppliers(dir), "--auto-create");

    assertThat(retry.code()).isZero();
    assertThat(retry.out())
        .contains("Retried 3 error row(s): 1 loaded or waiting again, 0 still failing, 2 not")
        .contains(
            "Skipped 2 row(s) that could not be decoded (ids " + String.join(", ", corrupt) + ")")
        .contains("  " + corrupt.get(0) + ": ")
        .contains("  " + corrupt.get(1) + ": ");
    assertThat(
            TestDatabase.rows(
                "SELECT supplier_no, load_dts FROM "
                    + schema
                    + ".hub_supplier WHERE record_source <> 'SYSTEM'"))
        .containsExactly("S2|2026-01-01 00:00:00+00");
    assertThat(TestDatabase.rows("SELECT id FROM " + schema + ".vs_errors ORDER BY id"))
        .isEqualTo(corrupt);
  }

  /**
   * {@code errors retry} in a JVM of its own: the engine's INFO lines would show on its standard
   * error.
   */
  private static CliTest.Run retryInItsOwnJvm(String schema, Path model) throws Exception {
    return CliProcess.run(
        "errors",
        "retry",
        "--jdbc-url",
        TestDatabase.jdbcUrl(),
        "--schema",
        schema,
        "--model",
        model.toString());
  }

  /** Every table's columns in {@code schema}, as table.column in order. */
  private static String columnsOf(String schema) throws Exception {
    return TestDatabase.value(
        "SELECT string_agg(table_name || '.' || column_name, ',' ORDER BY table_name, column_name) FROM"
            + " information_schema.columns WHERE table_schema = '"
            + schema
            + "'");
  }

  /**
   * A bad record read from a topic a transform renamed (routed into the one the model names): its
   * error row keeps the topic it was read from, with its source table; the retry decodes it as the
   * model's source table, and keeps it positioned where it was read.
   */
  @Test
  void aRecordOfARenamedTopicIsRetriedAsItsSourceTable(@TempDir Path dir) throws Exception {
    String customer =
        "{\"op\":\"c\",\"after\":{\"id\":7,\"customer_no\":\"C7\",\"name\":\"n\"},"
            + "\"source\":{\"ts_ms\":1767225600000}}";
    String schema =
        schemaWith(
            List.of(
                new BadRecord(
                    "east.public.customers",
                    0,
                    9,
                    null,
                    customer.getBytes(StandardCharsets.UTF_8),
                    "a value the database refused then",
                    "shop.public.customers")),
            false);
    assertThat(
            TestDatabase.rows(
                "SELECT topic, kafka_offset, source_table FROM " + schema + ".vs_errors"))
        .containsExactly("east.public.customers|9|customers");

    CliTest.Run retry = retry(schema, Samples.shopModel());

    assertThat(retry.out()).contains("Retried 1 error row(s): 1 loaded or waiting again");
    assertThat(
            TestDatabase.rows(
                "SELECT customer_no FROM "
                    + schema
                    + ".hub_customer WHERE record_source <> 'SYSTEM'"))
        .containsExactly("C7");
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_errors")).isEqualTo("0");
  }

  /** {@code errors retry} of the schema's error rows with the model, and more arguments. */
  private static CliTest.Run retry(String schema, Object model, String... more) {
    List<String> args =
        new java.util.ArrayList<>(
            List.of(
                "errors",
                "retry",
                "--jdbc-url",
                TestDatabase.jdbcUrl(),
                "--schema",
                schema,
                "--model",
                model.toString()));
    args.addAll(List.of(more));
    return CliTest.run(args.toArray(new String[0]));
  }
}
