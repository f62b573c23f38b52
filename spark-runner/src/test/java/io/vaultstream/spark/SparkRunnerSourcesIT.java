package io.vaultstream.spark;

import static io.vaultstream.spark.SparkRunnerFixture.loadDirectly;
import static io.vaultstream.spark.SparkRunnerFixture.modelFor;
import static io.vaultstream.spark.SparkRunnerFixture.vault;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.testing.TestDatabase;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner with source formats and model kinds beyond the shop's JSON: Avro written with two
 * schema versions, effectivity and status satellites, updates of a non-historized link's source.
 */
class SparkRunnerSourcesIT {
  @RegisterExtension static final SparkRunnerFixture runner = SparkRunnerFixture.perClass();

  /**
   * Effectivity and status satellites (orders moving between customers, generator seed 7): the
   * runner, whose per-topic queries load orders before or after their customers, writes the rows
   * the engine writes from the same records in one batch.
   */
  @Test
  void effectivityAndStatusSatellitesGetTheEnginesRows(@TempDir Path dir) throws Exception {
    String prefix = "tracking.public";
    List<ChangeRecord> records = runner.sendShopEvents(prefix, true, 7, 1500);
    Path model = dir.resolve("model.json");
    java.nio.file.Files.writeString(
        model, io.vaultstream.testing.TrackingModel.json().replace("shop.public.", prefix + "."));
    String ref = TestDatabase.newSchema();
    loadDirectly(model, ref, records, new HashMap<>());
    String schema = TestDatabase.newSchema();
    runner.runOnce(runner.config(model, schema, dir.resolve("checkpoints")));
    Map<String, List<String>> vault = vault(schema);
    assertThat(vault.get("eff_order_customer"))
        .filteredOn(r -> r.endsWith("|false"))
        .hasSizeGreaterThan(10);
    assertThat(vault.get("sts_order")).hasSizeGreaterThan(100);
    assertThat(vault).isEqualTo(vault(ref));
  }

  @Test
  void avroWrittenWithTwoSchemaVersionsLoads(@TempDir Path dir) throws Exception {
    String prefix = "avro.public";
    runner.createTopics(prefix, false);
    try (io.vaultstream.testing.AvroCustomers.Registry registry =
        new io.vaultstream.testing.AvroCustomers.Registry()) {
      org.apache.avro.Schema v1 = io.vaultstream.testing.AvroCustomers.envelope(false);
      org.apache.avro.Schema v2 = io.vaultstream.testing.AvroCustomers.envelope(true);
      List<ChangeRecord> records =
          List.of(
              avroCustomer(prefix, 1, v1, 1, null),
              avroCustomer(prefix, 2, v2, 2, "Kiel"),
              avroCustomer(prefix, 2, v2, 3, null));
      runner.send(records);
      String schema = TestDatabase.newSchema();
      JobConfig config =
          runner.config(
              modelFor(prefix, dir),
              schema,
              dir.resolve("checkpoints"),
              "--schema-registry",
              registry.url());
      for (StreamingQuery q :
          VaultStreamingJob.start(runner.spark, config, Trigger.AvailableNow())) {
        q.awaitTermination();
      }
      assertThat(
              TestDatabase.rows(
                  "SELECT customer_no FROM "
                      + schema
                      + ".hub_customer WHERE record_source <> 'SYSTEM' ORDER BY 1"))
          .containsExactly("C1", "C2", "C3");
      assertThat(
              TestDatabase.rows(
                  "SELECT city, updated_at FROM "
                      + schema
                      + ".sat_customer WHERE record_source <> 'SYSTEM' ORDER BY 1"))
          .containsExactly(
              "Kiel|2026-01-01 00:00:00", "null|2026-01-01 00:00:00", "null|2026-01-01 00:00:00");
    }
  }

  /** A customer's create event in Avro, written with schema {@code schemaId} of the registry. */
  private static ChangeRecord avroCustomer(
      String prefix, int schemaId, org.apache.avro.Schema schema, long id, String city)
      throws Exception {
    return new ChangeRecord(
        "customers",
        "c",
        prefix + ".customers",
        null,
        io.vaultstream.testing.AvroCustomers.wire(
            schemaId, schema, io.vaultstream.testing.AvroCustomers.customer(schema, id, city)));
  }

  /** A Debezium JSON record (no schema) of the shop's payments or orders topic. */
  private static ChangeRecord record(String topic, long id, String op, long second, String row) {
    String value =
        "{\"before\": null, \"after\": "
            + row
            + ", \"source\": {\"ts_ms\": "
            + (1_767_225_600_000L + second * 1000)
            + ", \"lsn\": "
            + second
            + "}, \"op\": \""
            + op
            + "\"}";
    return new ChangeRecord(
        topic.substring(topic.lastIndexOf('.') + 1),
        op,
        topic,
        ("{\"id\": " + id + "}").getBytes(java.nio.charset.StandardCharsets.UTF_8),
        value.getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  /** An order, its payment's create event and the same update of the payment twice. */
  private static void sendAnOrderAndItsPaymentUpdatedTwice(String prefix) throws Exception {
    String payment = "{\"id\": 7, \"order_id\": 1, \"paid_at\": \"2026-01-01T10:00:00Z\",";
    ChangeRecord update =
        record(
            prefix + ".payments",
            7,
            "u",
            3,
            payment + " \"amount\": \"12.00\", \"method\": \"card\"}");
    runner.send(
        List.of(
            record(
                prefix + ".orders",
                1,
                "c",
                1,
                "{\"id\": 1, \"order_no\": \"O1\", \"customer_id\": null, \"status\": \"NEW\"}"),
            record(
                prefix + ".payments",
                7,
                "c",
                2,
                payment + " \"amount\": \"10.50\", \"method\": \"card\"}"),
            update,
            update));
  }

  /**
   * The default onChange of a non-historized link, as on the engine path: each update record of a
   * payment becomes an error row naming the link and what changed, the link keeps its first row,
   * and a second run adds nothing.
   */
  @Test
  void anUpdateOfANonHistorizedLinksSourceBecomesAnErrorRow(@TempDir Path dir) throws Exception {
    String prefix = "nhl" + Long.toHexString(System.nanoTime());
    runner.createTopics(prefix, false);
    sendAnOrderAndItsPaymentUpdatedTwice(prefix);
    String schema = TestDatabase.newSchema();
    JobConfig config = runner.config(modelFor(prefix, dir), schema, dir.resolve("checkpoints"));
    runner.runOnce(config);
    runner.runOnce(config);
    assertThat(
            TestDatabase.rows(
                "SELECT amount, method FROM "
                    + schema
                    + ".nhl_payment WHERE record_source <> 'SYSTEM'"))
        .containsExactly("10.50|card");
    assertThat(
            TestDatabase.rows(
                "SELECT error_code, target_object, operation, kafka_offset FROM "
                    + schema
                    + ".vs_errors ORDER BY kafka_offset"))
        .containsExactly(
            "NON_HISTORIZED_CHANGE|nhl_payment|UPDATE|1",
            "NON_HISTORIZED_CHANGE|nhl_payment|UPDATE|2");
    assertThat(
            TestDatabase.value(
                "SELECT message FROM " + schema + ".vs_errors WHERE kafka_offset = 1"))
        .contains("amount is '10.50' in the link, '12.00' in the event");
  }
}
