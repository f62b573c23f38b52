package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import io.vaultstream.testing.VaultDump;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.runtime.rest.entities.ConfigInfo;
import org.apache.kafka.connect.runtime.rest.entities.ConfigInfos;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The connector in a real Connect worker with a real broker: created through the REST API, it must
 * build the same vault, row by row, as the engine loading the same events directly.
 */
class VaultSinkConnectorIT {
  private static final Duration LOADED = Duration.ofSeconds(90);
  private static EmbeddedConnectCluster connect;
  private static String shopJson;
  private static final ShopFeed typed = new ShopFeed();
  private static final ShopFeed plain = new ShopFeed();
  private final List<String> connectors = new ArrayList<>();
  private final List<VaultLoader> loaders = new ArrayList<>();

  @BeforeAll
  static void startCluster() throws Exception {
    connect = EmbeddedWorker.start("vaultstream-it");
    shopJson = Files.readString(Samples.shopModel());
    for (String prefix :
        List.of(
            "shop.public",
            "plain.public",
            "fail.public",
            "held.public",
            "dlq.public",
            "rebal.public")) {
      ShopFeed.createTopics(connect.kafka(), prefix, 2);
    }
    typed.produce(
        connect.kafka(), new ShopEventGenerator("shop.public", 11).withSchemas().next(3000));
    plain.produce(connect.kafka(), new ShopEventGenerator("plain.public", 11).next(3000));
  }

  @AfterAll
  static void stopCluster() {
    if (connect != null) {
      connect.stop();
    }
  }

  @AfterEach
  void cleanUp() {
    connectors.forEach(connect::deleteConnector);
    loaders.forEach(VaultLoader::close);
  }

  private static String model(String prefix) {
    return shopJson.replace("shop.public.", prefix + ".");
  }

  private VaultLoader loader(String prefix, String schema) throws Exception {
    VaultModel m = ModelLoader.parse(model(prefix), prefix);
    VaultLoader l = VaultLoader.open(m, TestDatabase.options(schema).build());
    loaders.add(l);
    return l;
  }

  private Map<String, String> props(
      String prefix, String schema, String converter, boolean schemas) {
    Map<String, String> p = new HashMap<>();
    p.put("connector.class", VaultSinkConnector.class.getName());
    p.put("tasks.max", "1");
    p.put(
        "topics",
        ShopFeed.TABLES.stream().map(t -> prefix + "." + t).collect(Collectors.joining(",")));
    p.put("key.converter", converter);
    p.put("value.converter", converter);
    p.put("key.converter.schemas.enable", Boolean.toString(schemas));
    p.put("value.converter.schemas.enable", Boolean.toString(schemas));
    p.put("connection.url", TestDatabase.jdbcUrl());
    p.put("target.schema", schema);
    p.put("vault.model", model(prefix));
    p.put("batch.size", "500");
    return p;
  }

  /** A connector reading raw bytes (the engine decodes the Debezium JSON itself). */
  private Map<String, String> rawProps(String prefix, String schema) {
    return props(prefix, schema, "org.apache.kafka.connect.converters.ByteArrayConverter", false);
  }

  private void start(String name, Map<String, String> props) throws InterruptedException {
    connect.configureConnector(name, props);
    connectors.add(name);
    connect
        .assertions()
        .assertConnectorAndExactlyNumTasksAreRunning(
            name, 1, "connector " + name + " did not start");
  }

  private static Map<String, List<String>> vault(String schema) throws Exception {
    Map<String, List<String>> dump = VaultDump.of(schema);
    dump.keySet().removeIf(t -> t.startsWith("vs_"));
    return dump;
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
    // The task's JMX attributes count what it loaded, and go away with the connector.
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
    // The Spark runner's parity test (spark-runner, SparkRunnerIT) compares its vault of the same
    // events (generator seed 11, 3000 events) with this one, row by row.
    Path parity = Path.of("target", "parity", "connect-vault-seed11-3000.json");
    Files.createDirectories(parity.getParent());
    Files.writeString(
        parity, new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(vault(bytes)));

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

  @Test
  void aTaskFailureAndRestartsGiveTheSameVaultAsAnUndisturbedRun() throws Exception {
    ShopEventGenerator gen = new ShopEventGenerator("fail.public", 23);
    ShopFeed feed = new ShopFeed();
    String ref = TestDatabase.newSchema();
    String schema = TestDatabase.newSchema();
    VaultLoader reader = loader("fail.public", schema);
    Map<String, String> p = rawProps("fail.public", schema);
    p.put("max.retries", "0");
    start("disturbed", p);

    feed.produce(connect.kafka(), gen.next(1000));
    feed.awaitLoaded(reader, "disturbed", LOADED);

    // The database refuses writes: with no retries left the task fails, records stay unloaded.
    TestDatabase.execute("ALTER TABLE " + schema + ".hub_customer RENAME TO hub_customer_away");
    feed.produce(connect.kafka(), gen.next(1000));
    connect
        .assertions()
        .assertConnectorIsRunningAndTasksHaveFailed(
            "disturbed", 1, "the task should fail while the table is away");
    TestDatabase.execute("ALTER TABLE " + schema + ".hub_customer_away RENAME TO hub_customer");
    connect.restartConnectorAndTasks("disturbed", false, true, false);
    connect
        .assertions()
        .assertConnectorAndExactlyNumTasksAreRunning("disturbed", 1, "restart failed");
    feed.awaitLoaded(reader, "disturbed", LOADED);

    // A plain connector restart in the middle of the next part.
    feed.produce(connect.kafka(), gen.next(1000));
    connect.restartConnectorAndTasks("disturbed", false, true, false);
    connect
        .assertions()
        .assertConnectorAndExactlyNumTasksAreRunning("disturbed", 1, "restart failed");
    feed.awaitLoaded(reader, "disturbed", LOADED);

    feed.loadDirectly(loader("fail.public", ref));
    assertThat(vault(schema)).isEqualTo(vault(ref));
  }

  /**
   * The connector goes from one task to two and back while records flow, so partitions move between
   * tasks (with waits held in memory, whose offsets the next owner reads again): the vault is the
   * one the engine builds from the same records directly.
   */
  @Test
  void rebalancesBetweenTasksGiveTheSameVaultAsAnUndisturbedRun() throws Exception {
    ShopEventGenerator gen = new ShopEventGenerator("rebal.public", 43);
    ShopFeed feed = new ShopFeed();
    String schema = TestDatabase.newSchema();
    VaultLoader reader = loader("rebal.public", schema);
    Map<String, String> p = rawProps("rebal.public", schema);
    p.put("waiting.hold.ms", "5000");
    start("rebal", p);
    feed.produce(connect.kafka(), gen.next(1000));
    feed.awaitLoaded(reader, "rebal", LOADED);

    for (int tasks : List.of(2, 1)) {
      feed.produce(connect.kafka(), gen.next(1000));
      p.put("tasks.max", Integer.toString(tasks));
      connect.configureConnector("rebal", p);
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(
              "rebal", tasks, "the connector did not run " + tasks + " tasks");
      feed.produce(connect.kafka(), gen.next(500));
      feed.awaitLoaded(reader, "rebal", LOADED);
    }

    String ref = TestDatabase.newSchema();
    feed.loadDirectly(loader("rebal.public", ref));
    assertThat(vault(schema)).isEqualTo(vault(ref));
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_waiting")).isEqualTo("0");
  }

  /**
   * A record that cannot be decoded goes to the dead letter queue when it arrives, once, however
   * often the batch it is in has to be written again after database errors.
   */
  @Test
  void aBadRecordReachesTheDeadLetterQueueOnceWhenItsBatchIsWrittenAgain() throws Exception {
    ShopEventGenerator gen = new ShopEventGenerator("dlq.public", 41);
    ShopFeed feed = new ShopFeed();
    String schema = TestDatabase.newSchema();
    VaultLoader reader = loader("dlq.public", schema);
    Map<String, String> p = rawProps("dlq.public", schema);
    p.put("errors.tolerance", "all");
    p.put("errors.deadletterqueue.topic.name", "vaultstream-dlq-once");
    p.put("errors.deadletterqueue.topic.replication.factor", "1");
    p.put("max.retries", "100");
    p.put("retry.backoff.ms", "100");
    p.put("statement.timeout.ms", "1000");
    start("dlq", p);
    feed.produce(connect.kafka(), gen.next(300));
    feed.awaitLoaded(reader, "dlq", LOADED);

    // The bad record and good customers after it, read together once the connector resumes; their
    // batch times out on the hub's lock (a fault that can pass) until the lock is released.
    connect.pauseConnector("dlq");
    connect
        .assertions()
        .assertConnectorAndExactlyNumTasksArePaused("dlq", 1, "the connector did not pause");
    connect
        .kafka()
        .produce(
            "dlq.public.customers",
            null,
            "{\"op\":\"c\",\"after\":{\"name\":\"no id\"},\"source\":{\"ts_ms\":1}}");
    feed.endOffsets.merge(new TopicPartition("dlq.public.customers", 0), 1L, Long::sum);
    feed.produce(connect.kafka(), gen.next(300));
    String rollbacks =
        "SELECT xact_rollback FROM pg_stat_database WHERE datname = current_database()";
    try (java.sql.Connection blocker = TestDatabase.connect()) {
      blocker.setAutoCommit(false);
      try (java.sql.Statement st = blocker.createStatement()) {
        st.execute("LOCK TABLE " + schema + ".hub_customer IN ACCESS EXCLUSIVE MODE");
      }
      long before = Long.parseLong(TestDatabase.value(rollbacks));
      connect.resumeConnector("dlq");
      org.awaitility.Awaitility.await("the batch with the bad record failed several times")
          .atMost(LOADED)
          .until(() -> Long.parseLong(TestDatabase.value(rollbacks)) >= before + 3);
      blocker.rollback();
    }
    feed.awaitLoaded(reader, "dlq", LOADED);

    assertThat(connect.kafka().consumeAll(30_000, "vaultstream-dlq-once").count()).isEqualTo(1);
    assertThat(
            TestDatabase.rows(
                "SELECT error_code, kafka_offset FROM " + schema + ".vs_errors ORDER BY 2"))
        .hasSize(1)
        .allMatch(r -> r.startsWith("BAD_RECORD|"));
  }

  /**
   * Orders whose customers have not arrived are held in memory: no waiting rows, and the offsets
   * committed to Kafka stay at the earliest held order; a restart meanwhile reads them again, and
   * when the customers come everything loads as the engine loads it directly.
   */
  @Test
  void heldEventsKeepTheirOffsetsUncommittedAndSurviveARestart() throws Exception {
    List<ChangeRecord> all = new ShopEventGenerator("held.public", 31).next(1500);
    List<ChangeRecord> children =
        all.stream().filter(r -> !r.topic().endsWith(".customers")).toList();
    List<ChangeRecord> parents =
        all.stream().filter(r -> r.topic().endsWith(".customers")).toList();
    ShopFeed feed = new ShopFeed();
    String schema = TestDatabase.newSchema();
    String partial = TestDatabase.newSchema();
    VaultLoader reader = loader("held.public", schema);
    Map<String, String> p = rawProps("held.public", schema);
    // Held for up to five minutes (half the watermark): far longer than the test runs.
    p.put("watermark.size.seconds", "600");
    p.put("waiting.hold.ms", "300000");
    start("held", p);

    feed.produce(connect.kafka(), children);
    // The engine alone, without holding, on the same records: the order hubs to expect.
    feed.loadDirectly(loader("held.public", partial));
    String orders = "SELECT count(*) FROM %s.hub_order WHERE record_source <> 'SYSTEM'";
    String expectedOrders = TestDatabase.value(orders.formatted(partial));
    assertThat(TestDatabase.value("SELECT count(*) FROM " + partial + ".vs_waiting"))
        .as("without holding, orders wait in rows")
        .isNotEqualTo("0");
    org.awaitility.Awaitility.await("orders loaded, their links held")
        .atMost(LOADED)
        .until(() -> TestDatabase.value(orders.formatted(schema)).equals(expectedOrders));
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_waiting")).isEqualTo("0");
    Map<TopicPartition, Long> heldAt = new HashMap<>();
    try (Admin admin = connect.kafka().createAdminClient()) {
      org.awaitility.Awaitility.await("offsets committed below the held orders")
          .atMost(LOADED)
          .until(
              () -> {
                Map<TopicPartition, OffsetAndMetadata> c =
                    admin
                        .listConsumerGroupOffsets("connect-held")
                        .partitionsToOffsetAndMetadata()
                        .get();
                heldAt.clear();
                c.forEach((tp, o) -> heldAt.put(tp, o.offset()));
                // every topic but orders is committed to its end
                return feed.endOffsets.entrySet().stream()
                    .filter(e -> !e.getKey().topic().endsWith(".orders"))
                    .allMatch(e -> heldAt.getOrDefault(e.getKey(), -1L).equals(e.getValue()));
              });
    }
    assertThat(
            feed.endOffsets.entrySet().stream()
                .filter(e -> e.getKey().topic().endsWith(".orders"))
                .anyMatch(e -> heldAt.getOrDefault(e.getKey(), 0L) < e.getValue()))
        .as("an order partition's committed offset stays at its earliest held order: %s", heldAt)
        .isTrue();

    // A restart forgets what was held; the records are read again from the held offsets.
    connect.restartConnectorAndTasks("held", false, true, false);
    connect.assertions().assertConnectorAndExactlyNumTasksAreRunning("held", 1, "restart failed");
    feed.produce(connect.kafka(), parents);
    feed.awaitLoaded(reader, "held", LOADED);

    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_waiting")).isEqualTo("0");
    String ref = TestDatabase.newSchema();
    feed.loadDirectly(loader("held.public", ref));
    assertThat(vault(schema)).isEqualTo(vault(ref));
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
    Map<String, List<String>> errors = errorsOf(infos);
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
        errorsOf(connect.validateConnectorConfig(VaultSinkConnector.class.getSimpleName(), q));
    assertThat(poolErrors).containsOnlyKeys("batch.pipelining", "connection.pool.max.size");
    assertThat(poolErrors.get("batch.pipelining").get(0))
        .contains("connection.pool.max.size of at least 3");
    // Fewer than two fail on the key itself: a new column is added on a second connection.
    q.put("connection.pool.max.size", "1");
    assertThat(
            errorsOf(connect.validateConnectorConfig(VaultSinkConnector.class.getSimpleName(), q))
                .get("connection.pool.max.size"))
        .singleElement()
        .asString()
        .contains("Value must be at least 2");

    Map<String, String> r =
        props("shop.public", "x", "org.apache.kafka.connect.json.JsonConverter", true);
    r.put("name", "validated-isolation");
    r.put("connection.transaction.isolation", "DIRTY_READ");
    Map<String, List<String>> isolationErrors =
        errorsOf(connect.validateConnectorConfig(VaultSinkConnector.class.getSimpleName(), r));
    assertThat(isolationErrors).containsOnlyKeys("connection.transaction.isolation");
    assertThat(isolationErrors.get("connection.transaction.isolation").get(0))
        .contains("DIRTY_READ")
        .contains("READ_COMMITTED");
  }

  /** The validation errors of each field that has some. */
  private static Map<String, List<String>> errorsOf(ConfigInfos infos) {
    Map<String, List<String>> errors = new HashMap<>();
    for (ConfigInfo i : infos.values()) {
      if (!i.configValue().errors().isEmpty()) {
        errors.put(i.configValue().name(), i.configValue().errors());
      }
    }
    return errors;
  }
}
