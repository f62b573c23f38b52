package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.runtime.rest.entities.ConfigInfos;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The connector in a real Connect worker with a real broker: created through the REST API, it must
 * build the same vault, row by row, as the engine loading the same events directly, through each
 * converter; and the worker validates its configuration. A disturbed connector is
 * DisturbedConnectorIT's.
 */
class VaultSinkConnectorIT extends ShopConnectorFixture {
  private static final ShopFeed typed = new ShopFeed();
  private static final ShopFeed plain = new ShopFeed();

  @BeforeAll
  static void startCluster() throws Exception {
    startWorker("vaultstream-it", List.of("shop.public", "plain.public"));
    typed.produce(
        connect.kafka(), new ShopEventGenerator("shop.public", 11).withSchemas().next(3000));
    plain.produce(connect.kafka(), new ShopEventGenerator("plain.public", 11).next(3000));
  }

  @Test
  void jsonWithSchemasBuildsTheSameVaultAsTheEngine() throws Exception {
    String ref = TestDatabase.newSchema();
    typed.loadDirectly(loader("shop.public", ref));
    String schema = TestDatabase.newSchema();
    VaultLoader reader = loader("shop.public", schema);
    // A record the converter accepts but that has no primary key: error table and dead letter
    // queue.
    connect
        .kafka()
        .produce(
            "shop.public.customers",
            null,
            "{\"schema\":null,\"payload\":{\"op\":\"c\",\"after\":{\"name\":\"no id\"}}}");
    Map<String, String> p =
        props("shop.public", schema, "org.apache.kafka.connect.json.JsonConverter", true);
    p.put("errors.tolerance", "all");
    p.put("errors.deadletterqueue.topic.name", "vaultstream-dlq");
    p.put("errors.deadletterqueue.topic.replication.factor", "1");
    start("typed", p);
    typed.endOffsets.merge(
        new org.apache.kafka.common.TopicPartition("shop.public.customers", 0), 1L, Long::sum);
    typed.awaitLoaded(reader, "typed", LOADED);

    assertThat(vault(schema)).isEqualTo(vault(ref));
    assertThat(
            Long.parseLong(
                TestDatabase.value("SELECT count(*) FROM " + schema + ".lnk_order_line")))
        .isGreaterThan(1000);
    assertThat(TestDatabase.rows("SELECT error_code, message FROM " + schema + ".vs_errors"))
        .containsExactly(
            "BAD_RECORD|the row of source 'customers' has no value for primary key column 'id'; its columns: name");
    assertThat(connect.kafka().consume(1, 30_000, "vaultstream-dlq").count()).isEqualTo(1);
  }

  @Test
  void rawBytesAndSchemalessJsonLoadToo() throws Exception {
    String ref = TestDatabase.newSchema();
    plain.loadDirectly(loader("plain.public", ref));

    String bytes = TestDatabase.newSchema();
    VaultLoader bytesReader = loader("plain.public", bytes);
    start("bytes", rawProps("plain.public", bytes));
    plain.awaitLoaded(bytesReader, "bytes", LOADED);
    assertThat(vault(bytes)).isEqualTo(vault(ref));
    assertTheTasksAttributesCountWhatItLoadedAndGoWithIt(bytesReader, bytes);
    writeForTheSparkParityTest(vault(bytes));

    // JsonConverter without schemas hands over maps whose decimals are doubles (29.7, not 29.70):
    // keys and links are the same, satellites with decimals may differ in the hash diff.
    String maps = TestDatabase.newSchema();
    VaultLoader mapsReader = loader("plain.public", maps);
    start(
        "maps", props("plain.public", maps, "org.apache.kafka.connect.json.JsonConverter", false));
    plain.awaitLoaded(mapsReader, "maps", LOADED);
    Map<String, List<String>> got = vault(maps);
    Map<String, List<String>> want = vault(ref);
    for (String t :
        List.of(
            "hub_customer",
            "hub_order",
            "hub_product",
            "lnk_order_customer",
            "lnk_order_line",
            "sat_customer",
            "sat_order")) {
      assertThat(got.get(t)).as(t).isEqualTo(want.get(t));
    }
  }

  /**
   * The JMX attributes of the "bytes" connector's task count what it loaded into {@code bytes}, and
   * go away with the connector, which this deletes.
   */
  private void assertTheTasksAttributesCountWhatItLoadedAndGoWithIt(
      VaultLoader bytesReader, String bytes) throws Exception {
    long changes =
        plain.records.stream()
            .filter(
                r ->
                    bytesReader
                        .decoder()
                        .decode(r.topic(), 0, 0, 0, r.key(), r.value())
                        .isPresent())
            .count();
    javax.management.ObjectName task = VaultTaskMetrics.nameOf("bytes", "0");
    javax.management.MBeanServer jmx =
        java.lang.management.ManagementFactory.getPlatformMBeanServer();
    // The task counts a batch when its thread next hears of the commit, which can be just after
    // the commit the test saw.
    org.awaitility.Awaitility.await()
        .atMost(java.time.Duration.ofSeconds(30))
        .untilAsserted(() -> assertThat(jmx.getAttribute(task, "EventsLoaded")).isEqualTo(changes));
    assertThat((Long) jmx.getAttribute(task, "VaultRowsWritten"))
        .isGreaterThanOrEqualTo(
            vault(bytes).values().stream().mapToLong(List::size).sum() - vault(bytes).size() * 2L);
    assertThat((Long) jmx.getAttribute(task, "BatchesCommitted")).isPositive();
    assertThat(jmx.getAttribute(task, "ErrorRowsWritten")).isEqualTo(0L);
    assertThat((Long) jmx.getAttribute(task, "LastCommitEpochMillis")).isPositive();
    connect.deleteConnector("bytes");
    connectors.remove("bytes");
    org.awaitility.Awaitility.await("the task's attributes unregistered")
        .atMost(Duration.ofSeconds(30))
        .until(() -> !jmx.isRegistered(task));
  }

  /**
   * The Spark runner's parity test (spark-runner, SparkRunnerIT) compares its vault of the same
   * events (generator seed 11, 3000 events) with this one, row by row.
   */
  private static void writeForTheSparkParityTest(Map<String, List<String>> vault) throws Exception {
    Path parity = Path.of("target", "parity", "connect-vault-seed11-3000.json");
    Files.createDirectories(parity.getParent());
    Files.writeString(
        parity, new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(vault));
  }

  @Test
  void confluentAvroThroughTheByteArrayConverter() throws Exception {
    try (io.vaultstream.testing.AvroCustomers.Registry registry =
            new io.vaultstream.testing.AvroCustomers.Registry();
        org.apache.kafka.clients.producer.KafkaProducer<byte[], byte[]> producer =
            connect.kafka().createProducer(new HashMap<>())) {
      ShopFeed.createTopics(connect.kafka(), "avro.public");
      org.apache.avro.Schema v1 = io.vaultstream.testing.AvroCustomers.envelope(false);
      org.apache.avro.Schema v2 = io.vaultstream.testing.AvroCustomers.envelope(true);
      producer
          .send(
              new org.apache.kafka.clients.producer.ProducerRecord<>(
                  "avro.public.customers",
                  null,
                  io.vaultstream.testing.AvroCustomers.wire(
                      1, v1, io.vaultstream.testing.AvroCustomers.customer(v1, 1, null))))
          .get();
      producer
          .send(
              new org.apache.kafka.clients.producer.ProducerRecord<>(
                  "avro.public.customers",
                  null,
                  io.vaultstream.testing.AvroCustomers.wire(
                      2, v2, io.vaultstream.testing.AvroCustomers.customer(v2, 2, "Kiel"))))
          .get();
      String schema = TestDatabase.newSchema();
      VaultLoader reader = loader("avro.public", schema);
      Map<String, String> p = rawProps("avro.public", schema);
      p.put("input.schema.registry.url", registry.url());
      start("avro", p);
      ShopFeed feed = new ShopFeed();
      feed.endOffsets.put(
          new org.apache.kafka.common.TopicPartition("avro.public.customers", 0), 2L);
      feed.awaitLoaded(reader, "avro", LOADED);
      assertThat(
              TestDatabase.rows(
                  "SELECT customer_no FROM "
                      + schema
                      + ".hub_customer WHERE record_source <> 'SYSTEM' ORDER BY 1"))
          .containsExactly("C1", "C2");
      assertThat(
              TestDatabase.rows(
                  "SELECT city FROM "
                      + schema
                      + ".sat_customer WHERE record_source <> 'SYSTEM' ORDER BY 1"))
          .containsExactly("Kiel", "null");
    }
  }

  @Test
  void validationShowsProblemsOnTheRightFields() {
    Map<String, String> p =
        props("shop.public", "x", "org.apache.kafka.connect.json.JsonConverter", true);
    p.put(
        "vault.model",
        model("shop.public").replace("\"via\": \"customer\"", "\"via\": \"custmer\""));
    p.put("connection.pool.min.idle", "9");
    p.put("connection.password", "secret");
    p.put("name", "validated");
    ConfigInfos infos =
        connect.validateConnectorConfig(VaultSinkConnector.class.getSimpleName(), p);
    Map<String, List<String>> errors = EmbeddedWorker.errorsOf(infos);
    assertThat(errors)
        .containsOnlyKeys("vault.model", "connection.pool.min.idle", "connection.pool.max.size");
    assertThat(errors.get("vault.model"))
        .containsExactly(
            "/links/lnk_order_customer/hubs/1/via: unknown foreign key 'custmer' of source 'orders'; its foreign keys: customer");
    assertThat(
            new String(infos.toString().getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8))
        .doesNotContain("secret");

    // Pipelining (on by default) needs a third pooled connection.
    Map<String, String> q =
        props("shop.public", "x", "org.apache.kafka.connect.json.JsonConverter", true);
    q.put("name", "validated-pool");
    q.put("connection.pool.max.size", "2");
    q.put("connection.pool.min.idle", "0");
    Map<String, List<String>> poolErrors =
        EmbeddedWorker.errorsOf(
            connect.validateConnectorConfig(VaultSinkConnector.class.getSimpleName(), q));
    assertThat(poolErrors).containsOnlyKeys("batch.pipelining", "connection.pool.max.size");
    assertThat(poolErrors.get("batch.pipelining").get(0))
        .contains("connection.pool.max.size of at least 3");
    // Fewer than two fail on the key itself: a new column is added on a second connection.
    q.put("connection.pool.max.size", "1");
    assertThat(
            EmbeddedWorker.errorsOf(
                    connect.validateConnectorConfig(VaultSinkConnector.class.getSimpleName(), q))
                .get("connection.pool.max.size"))
        .singleElement()
        .asString()
        .contains("Value must be at least 2");

    Map<String, String> r =
        props("shop.public", "x", "org.apache.kafka.connect.json.JsonConverter", true);
    r.put("name", "validated-isolation");
    r.put("connection.transaction.isolation", "DIRTY_READ");
    Map<String, List<String>> isolationErrors =
        EmbeddedWorker.errorsOf(
            connect.validateConnectorConfig(VaultSinkConnector.class.getSimpleName(), r));
    assertThat(isolationErrors).containsOnlyKeys("connection.transaction.isolation");
    assertThat(isolationErrors.get("connection.transaction.isolation").get(0))
        .contains("DIRTY_READ")
        .contains("READ_COMMITTED");
  }
}
