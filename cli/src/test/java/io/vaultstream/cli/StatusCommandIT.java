package io.vaultstream.cli;

import static io.vaultstream.testing.EventFactory.at;
import static io.vaultstream.testing.EventFactory.row;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.event.Progress;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.connect.util.clusters.EmbeddedKafkaCluster;
import org.junit.jupiter.api.Test;

/** The status command shows rows, waiting rows, errors and progress of a real vault. */
class StatusCommandIT {
  @Test
  void showsWhatIsInTheVault() throws Exception {
    VaultModel shop = ModelLoader.load(Samples.shopModel());
    String schema = TestDatabase.newSchema();
    EventFactory ev = new EventFactory(shop);
    try (VaultLoader loader = VaultLoader.open(shop, TestDatabase.options(schema).build())) {
      loader.load(
          List.of(
              ev.event("customers", "c", at(1), row("id", 1L, "customer_no", "C1", "name", "n")),
              ev.event("customers", "c", at(2), row("id", 2L, "customer_no", null, "name", "x")),
              ev.event("orders", "c", at(3), row("id", 9L, "order_no", "O9", "customer_id", 5L))),
          List.of(),
          new Progress(
              "my-connector", List.of(new Progress.Position("shop.public.orders", 0, 42))));
    }
    CliTest.Run r = CliTest.run("status", "--jdbc-url", TestDatabase.jdbcUrl(), "--schema", schema);
    assertThat(r.code()).isZero();
    assertThat(r.out())
        .contains("Vault in schema " + schema + ": rows (without ghost records) per table")
        .containsPattern("hub_customer\\s+1\\s+2026-01-01 00:00:01\\+00")
        .containsPattern("hub_order\\s+1\\s+")
        .containsPattern("SHOP.customers\\s+2026-01-01 00:00:01\\+00")
        .containsPattern("SHOP.orders\\s+2026-01-01 00:00:03\\+00")
        .containsPattern("WAITING\\s+1")
        .containsPattern("NULL_BUSINESS_KEY\\s+1")
        .containsPattern("my-connector shop.public.orders/0\\s+42 at ");

    CliTest.Run json =
        CliTest.run(
            "status", "--jdbc-url", TestDatabase.jdbcUrl(), "--schema", schema, "--format", "json");
    assertThat(json.code()).as(json.err()).isZero();
    JsonNode doc = new ObjectMapper().readTree(json.out());
    assertThat(doc.get("schema").asText()).isEqualTo(schema);
    JsonNode hubCustomer = null;
    for (JsonNode t : doc.get("tables")) {
      if (t.get("table").asText().equals("hub_customer")) {
        hubCustomer = t;
      }
    }
    assertThat(hubCustomer).isNotNull();
    assertThat(hubCustomer.get("rowsWithoutGhostRecords").asLong()).isEqualTo(1);
    assertThat(hubCustomer.get("newestLoadDts").asText()).isEqualTo("2026-01-01 00:00:01+00");
    assertThat(doc.get("newestLoadDtsByRecordSource").get("SHOP.orders").asText())
        .isEqualTo("2026-01-01 00:00:03+00");
    assertThat(doc.get("waitingByState").get("WAITING").asLong()).isEqualTo(1);
    assertThat(doc.get("errorsByCode").get("NULL_BUSINESS_KEY").asLong()).isEqualTo(1);
    JsonNode progress = doc.get("progress").get(0);
    assertThat(progress.get("consumer").asText()).isEqualTo("my-connector");
    assertThat(progress.get("topic").asText()).isEqualTo("shop.public.orders");
    assertThat(progress.get("partition").asInt()).isZero();
    assertThat(progress.get("nextOffset").asLong()).isEqualTo(42);
    assertThat(progress.has("lag")).isFalse();
  }

  @Test
  void showsTheChangesOfNonHistorizedLinksSetAside() throws Exception {
    String json =
        java.nio.file.Files.readString(Samples.shopModel())
            .replace(
                "\"columns\": [\"paid_at\", \"amount\", \"method\"]",
                "\"columns\": [\"paid_at\", \"amount\", \"method\"], \"onChange\": \"ignore\"");
    VaultModel shop = ModelLoader.parse(json, "shop");
    assertThat(shop.links().get("nhl_payment").onChange().id()).isEqualTo("ignore");
    String schema = TestDatabase.newSchema();
    EventFactory ev = new EventFactory(shop);
    try (VaultLoader loader = VaultLoader.open(shop, TestDatabase.options(schema).build())) {
      loader.load(
          List.of(
              ev.event("orders", "c", at(1), row("id", 9L, "order_no", "O9", "customer_id", null)),
              ev.event("payments", "c", at(2), row("id", 1L, "order_id", 9L, "amount", "5.00")),
              ev.event("payments", "u", at(3), row("id", 1L, "order_id", 9L, "amount", "6.00"))));
      loader.load(List.of(ev.event("payments", "d", at(4), row("id", 1L))));
    }
    CliTest.Run r = CliTest.run("status", "--jdbc-url", TestDatabase.jdbcUrl(), "--schema", schema);
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("Changes of non-historized links set aside (error rows, ignored)")
        .containsPattern("nhl_payment\\s+0 error rows, 2 ignored");
    CliTest.Run j =
        CliTest.run(
            "status", "--jdbc-url", TestDatabase.jdbcUrl(), "--schema", schema, "--format", "json");
    JsonNode doc = new ObjectMapper().readTree(j.out());
    assertThat(doc.get("nonHistorizedChangesSetAside").get("nhl_payment").get("ignored").asLong())
        .isEqualTo(2);
  }

  @Test
  void aSchemaWithoutAVaultIsAClearErrorWithExitCodeTwo() {
    CliTest.Run r =
        CliTest.run("status", "--jdbc-url", TestDatabase.jdbcUrl(), "--schema", "nothing_here");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.out()).isEmpty();
    assertThat(r.err())
        .contains(
            "No vault in schema nothing_here: no table vs_errors; give --schema, the"
                + " target.schema of the connector")
        .doesNotContain("SQL");
  }

  @Test
  void kafkaSettingsAreCheckedByName() {
    CliTest.Run typo =
        CliTest.run(
            "status",
            "--jdbc-url",
            TestDatabase.jdbcUrl(),
            "--bootstrap-servers",
            "127.0.0.1:9",
            "--kafka.sasl.mechansim=PLAIN");
    assertThat(typo.code()).isEqualTo(2);
    assertThat(typo.err())
        .contains("'sasl.mechansim' (in --kafka.sasl.mechansim=...) is not a setting of the Kafka")
        .contains("sasl.mechanism");
    CliTest.Run alone =
        CliTest.run(
            "status", "--jdbc-url", TestDatabase.jdbcUrl(), "--kafka.security.protocol=SSL");
    assertThat(alone.code()).isEqualTo(2);
    assertThat(alone.err()).contains("need --bootstrap-servers");
  }

  @Test
  void showsTheLagBehindKafka() throws Exception {
    String schema = TestDatabase.newSchema();
    EmbeddedKafkaCluster kafka = new EmbeddedKafkaCluster(1, new Properties());
    kafka.start();
    try {
      kafka.createTopic("shop.public.orders", 1);
      for (int i = 0; i < 50; i++) {
        kafka.produce("shop.public.orders", "k" + i, "v" + i);
      }
      storeTheConnectorsPositions(schema);
      // In a JVM of its own, so that what the Kafka client logs shows; with client settings.
      CliTest.Run r =
          CliProcess.run(
              "status",
              "--jdbc-url",
              TestDatabase.jdbcUrl(),
              "--schema",
              schema,
              "--bootstrap-servers",
              kafka.bootstrapServers(),
              "--kafka.security.protocol=PLAINTEXT",
              "--kafka.client.id=vaultstream-status-it");
      assertThat(r.code()).as(r.err()).isZero();
      assertThat(r.out())
          .containsPattern("my-connector shop.public.orders/0\\s+42 at .*, end 50, lag 8")
          .containsPattern("my-connector __batch/0/0\\s+7 at [^,]*\\n");
      // Not the client's configuration dump (AdminClientConfig values: ... 80 lines), no INFO.
      assertThat(r.err()).doesNotContain("AdminClientConfig").doesNotContain(" INFO ");

      assertTheJsonStatusHasEndOffsetsAndLags(schema, kafka);
    } finally {
      kafka.stop();
    }
  }

  /**
   * Stores a connector's positions in the vault of {@code schema}: offset 42 of the orders' topic,
   * and a Spark ledger row.
   */
  private static void storeTheConnectorsPositions(String schema) throws Exception {
    VaultModel shop = ModelLoader.load(Samples.shopModel());
    try (VaultLoader loader = VaultLoader.open(shop, TestDatabase.options(schema).build())) {
      loader.load(
          List.of(),
          List.of(),
          new Progress(
              "my-connector",
              List.of(
                  new Progress.Position("shop.public.orders", 0, 42),
                  new Progress.Position("__batch/0", 0, 7))));
    }
  }

  /** The JSON status: each position with its partition's end offset and lag, where it has one. */
  private static void assertTheJsonStatusHasEndOffsetsAndLags(
      String schema, EmbeddedKafkaCluster kafka) throws Exception {
    CliTest.Run json =
        CliTest.run(
            "status",
            "--jdbc-url",
            TestDatabase.jdbcUrl(),
            "--schema",
            schema,
            "--bootstrap-servers",
            kafka.bootstrapServers(),
            "--format",
            "json");
    JsonNode doc = new ObjectMapper().readTree(json.out());
    java.util.Map<String, JsonNode> byTopic = new java.util.HashMap<>();
    doc.get("progress").forEach(p -> byTopic.put(p.get("topic").asText(), p));
    assertThat(byTopic).containsOnlyKeys("shop.public.orders", "__batch/0");
    assertThat(byTopic.get("shop.public.orders").get("endOffset").asLong()).isEqualTo(50);
    assertThat(byTopic.get("shop.public.orders").get("lag").asLong()).isEqualTo(8);
    // Spark's ledger row is no Kafka partition: no end offset, no lag.
    assertThat(byTopic.get("__batch/0").get("lag").isNull()).isTrue();
    assertThat(doc.get("kafka").get("problem").isNull()).isTrue();
  }
}
