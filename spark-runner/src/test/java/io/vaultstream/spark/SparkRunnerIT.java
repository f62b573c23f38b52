package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import io.vaultstream.testing.VaultDump;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import kafka.testkit.KafkaClusterTestKit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner in Spark local[2] with a real broker: one query per source table loads the same vault,
 * row by row, as the engine loading the same events directly; a failing batch and a restart from
 * the checkpoint lose and duplicate nothing.
 */
class SparkRunnerIT {
  private static KafkaClusterTestKit kafka;
  private static SparkSession spark;
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  @BeforeAll
  static void start() throws Exception {
    kafka = EmbeddedKafka.start();
    spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("vaultstream-it")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.sql.shuffle.partitions", "2")
            .getOrCreate();
  }

  @AfterAll
  static void stop() throws Exception {
    VaultStreamingJob.shutdown();
    if (spark != null) {
      spark.stop();
    }
    if (kafka != null) {
      kafka.close();
    }
  }

  private static List<ChangeRecord> produce(int events) throws Exception {
    createTopics("shop.public", true);
    Properties p = new Properties();
    p.putAll(kafka.clientProperties());
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    List<ChangeRecord> records = new ShopEventGenerator("shop.public", 31).next(events);
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p)) {
      List<java.util.concurrent.Future<RecordMetadata>> acks = new ArrayList<>();
      for (ChangeRecord r : records) {
        acks.add(producer.send(new ProducerRecord<>(r.topic(), r.key(), r.value())));
      }
      for (var a : acks) {
        a.get();
      }
    }
    return records;
  }

  private static void createTopics(String prefix, boolean twoPartitionsForOrders) throws Exception {
    List<String> tables =
        List.of("customers", "products", "order_status", "orders", "order_lines", "payments");
    try (Admin admin = Admin.create(kafka.clientProperties())) {
      List<NewTopic> topics = new ArrayList<>();
      tables.forEach(
          t ->
              topics.add(
                  new NewTopic(
                      prefix + "." + t,
                      twoPartitionsForOrders && t.startsWith("order") ? 2 : 1,
                      (short) 1)));
      admin.createTopics(topics).all().get();
      awaitPartitionsServed(admin, topics);
    }
  }

  /**
   * Waits until the broker serves every partition of the topics: its metadata names a new
   * partition's leader a moment before the partition takes requests, and a producer that writes in
   * that moment can be refused (NotLeaderOrFollower) and then stall in out-of-order retries.
   */
  private static void awaitPartitionsServed(Admin admin, List<NewTopic> topics) {
    Map<org.apache.kafka.common.TopicPartition, org.apache.kafka.clients.admin.OffsetSpec> ends =
        new HashMap<>();
    topics.forEach(
        t -> {
          for (int p = 0; p < t.numPartitions(); p++) {
            ends.put(
                new org.apache.kafka.common.TopicPartition(t.name(), p),
                org.apache.kafka.clients.admin.OffsetSpec.latest());
          }
        });
    org.awaitility.Awaitility.await("the new partitions served by the broker")
        .atMost(java.time.Duration.ofSeconds(60))
        .pollInterval(java.time.Duration.ofMillis(100))
        .ignoreExceptions()
        .until(() -> admin.listOffsets(ends).all().get().size() == ends.size());
  }

  /** The job's settings for a model file, a schema and a checkpoint root, plus more arguments. */
  private static JobConfig config(Path model, String schema, Path checkpoint, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--model", model.toString(),
                "--jdbc-url", TestDatabase.jdbcUrl(),
                "--schema", schema,
                "--bootstrap-servers", kafka.bootstrapServers(),
                "--checkpoint", checkpoint.toString()));
    args.addAll(List.of(more));
    return JobConfig.from(args.toArray(new String[0]), Map.of());
  }

  private static Path modelFor(String prefix, Path dir) throws Exception {
    Path model = dir.resolve("model.json");
    java.nio.file.Files.writeString(
        model,
        java.nio.file.Files.readString(Samples.shopModel()).replace("shop.public.", prefix + "."));
    return model;
  }

  private static Map<String, List<String>> vault(String schema) throws Exception {
    Map<String, List<String>> dump = VaultDump.of(schema);
    dump.keySet().removeIf(t -> t.startsWith("vs_"));
    return dump;
  }

  private static JobConfig config(String schema, Path checkpoint) {
    return config(Samples.shopModel(), schema, checkpoint);
  }

  private static void runOnce(String schema, Path checkpoint) throws Exception {
    runOnce(config(schema, checkpoint));
  }

  /** Runs the job's queries until they have read everything there is, then sweeps once. */
  private static void runOnce(JobConfig config) throws Exception {
    Exception failure = null;
    for (StreamingQuery q : VaultStreamingJob.start(spark, config, Trigger.AvailableNow())) {
      try {
        q.awaitTermination();
      } catch (Exception e) {
        failure = failure == null ? e : failure;
      }
    }
    if (failure != null) {
      throw failure;
    }
    VaultStreamingJob.finish(config);
  }

  /**
   * Parity with the Connect plugin: the same events (generator seed 11, 3000 events) give, row by
   * row, the vault the connector built in a real Connect worker in connect-plugin's
   * VaultSinkConnectorIT (which the build runs first and which leaves its vault in a file).
   */
  @Test
  void theRunnerBuildsTheSameVaultAsTheConnectPlugin(@TempDir Path dir) throws Exception {
    Map<String, List<String>> connect = connectVault();
    String prefix = "parity.public";
    createTopics(prefix, false);
    send(new ShopEventGenerator(prefix, 11).next(3000));
    String schema = TestDatabase.newSchema();
    JobConfig config = config(modelFor(prefix, dir), schema, dir.resolve("checkpoints"));
    runOnce(config);
    assertThat(vault(schema)).isEqualTo(connect);
  }

  /** The vault the Connect plugin built of generator seed 11, 3000 events (see the parity test). */
  private static Map<String, List<String>> connectVault() throws Exception {
    Path connectVault =
        Path.of("..", "connect-plugin", "target", "parity", "connect-vault-seed11-3000.json");
    assertThat(connectVault)
        .as(
            "run the build from the repository root: connect-plugin's VaultSinkConnectorIT writes this file")
        .exists();
    return new com.fasterxml.jackson.databind.ObjectMapper()
        .readValue(
            java.nio.file.Files.readString(connectVault),
            new com.fasterxml.jackson.core.type.TypeReference<
                java.util.LinkedHashMap<String, List<String>>>() {});
  }

  /**
   * {@code --queries single}: one query reads every topic and loads each micro-batch in chunks of
   * {@code --batch-size}, each planned while the one before is written. A chunk the database
   * refuses after earlier chunks of the same micro-batch committed fails the batch; the restart
   * loads it again from its start (the committed chunks idempotently): the Connect plugin's vault,
   * row by row.
   */
  @Test
  void oneQueryForAllTopicsGivesTheConnectVaultAndSurvivesAFailedChunk(@TempDir Path dir)
      throws Exception {
    Map<String, List<String>> connect = connectVault();
    String prefix = "single.public";
    createTopics(prefix, true);
    send(new ShopEventGenerator(prefix, 11).next(3000));
    String schema = TestDatabase.newSchema();
    JobConfig config =
        config(
            modelFor(prefix, dir),
            schema,
            dir.resolve("checkpoints"),
            "--queries",
            "single",
            "--batch-size",
            "300",
            "--max-offsets-per-trigger",
            "3000");
    // The database refuses one customer that arrives in the middle of the stream.
    Loaders.get(ModelLoader.load(Path.of(config.model())), config.options());
    TestDatabase.execute(
        "CREATE FUNCTION "
            + schema
            + ".refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            + " IF NEW.customer_no = 'C00000150' THEN RAISE EXCEPTION 'refused for the test';"
            + " END IF; RETURN NEW; END $$");
    TestDatabase.execute(
        "CREATE TRIGGER refuse BEFORE INSERT ON "
            + schema
            + ".hub_customer FOR EACH ROW EXECUTE FUNCTION "
            + schema
            + ".refuse()");
    List<StreamingQuery> first = VaultStreamingJob.start(spark, config, Trigger.AvailableNow());
    assertThat(first).hasSize(1);
    assertThatThrownBy(first.get(0)::awaitTermination)
        .hasStackTraceContaining("refused for the test");
    String customers =
        "SELECT count(*) FROM " + schema + ".hub_customer WHERE record_source <> 'SYSTEM'";
    assertThat(Long.parseLong(TestDatabase.rows(customers).get(0)))
        .as("the chunks before the refused one committed")
        .isGreaterThan(50)
        .isLessThan(150);
    assertThat(TestDatabase.rows("SELECT consumer FROM " + schema + ".vs_progress"))
        .as("neither the Kafka positions nor the ledger entry committed")
        .isEmpty();

    TestDatabase.execute("DROP TRIGGER refuse ON " + schema + ".hub_customer");
    Loaders.closeAll();
    for (int run = 0; run < 2; run++) {
      runOnce(config);
      assertThat(vault(schema)).isEqualTo(connect);
    }
    assertThat(
            TestDatabase.rows(
                "SELECT consumer, next_offset FROM "
                    + schema
                    + ".vs_progress WHERE topic LIKE '\\_\\_batch/%'"))
        .containsExactly("vaultstream-shop|1");
  }

  /**
   * A query on a new checkpoint (the old one deleted, or the other {@code --queries} mode) starts
   * at the positions stored in the vault with the rows, reads only what is new, and its batch ids,
   * which start again at 0, are not taken for batches the old checkpoint's ledger has loaded.
   */
  @Test
  void aNewCheckpointContinuesWhereTheVaultIs(@TempDir Path dir) throws Exception {
    String prefix = "reset.public";
    createTopics(prefix, true);
    Path model = modelFor(prefix, dir);
    ShopEventGenerator gen = new ShopEventGenerator(prefix, 21);
    List<ChangeRecord> all = new ArrayList<>();
    String schema = TestDatabase.newSchema();
    String ref = TestDatabase.newSchema();
    String[] modes = {"per-source", "per-source", "single"};
    Map<String, Long> offsets = new HashMap<>();
    for (int run = 0; run < modes.length; run++) {
      List<ChangeRecord> part = gen.next(1000);
      send(part);
      all.addAll(part);
      JobConfig config =
          config(
              model,
              schema,
              dir.resolve("checkpoint-" + run),
              "--queries",
              modes[run],
              "--kafka.client.dns.lookup", // a Kafka client setting, passed through
              "use_all_dns_ips");
      List<StreamingQuery> queries = VaultStreamingJob.start(spark, config, Trigger.AvailableNow());
      long read = 0;
      for (StreamingQuery q : queries) {
        q.awaitTermination();
        for (var progress : q.recentProgress()) {
          read += progress.numInputRows();
        }
      }
      VaultStreamingJob.finish(config);
      assertThat(read).as("records read by run %d (%s)", run, modes[run]).isEqualTo(part.size());
      loadDirectly(model, ref, part, offsets);
      assertThat(vault(schema)).as("the vault after run %d", run).isEqualTo(vault(ref));
    }
  }

  /**
   * The progress listener's backlog figure: each micro-batch's records plus what it leaves behind
   * the latest offsets add up to what was there to read, and the last batch leaves nothing.
   */
  @Test
  void eachBatchKnowsHowFarItsQueryIsBehindLatest(@TempDir Path dir) throws Exception {
    String prefix = "behind.public";
    createTopics(prefix, false);
    send(new ShopEventGenerator(prefix, 5).next(600));
    JobConfig config =
        config(
            modelFor(prefix, dir),
            TestDatabase.newSchema(),
            dir.resolve("checkpoint"),
            "--queries",
            "single",
            "--max-offsets-per-trigger",
            "100");
    StreamingQuery q = VaultStreamingJob.start(spark, config, Trigger.AvailableNow()).get(0);
    q.awaitTermination();
    VaultStreamingJob.finish(config);

    var batches = q.recentProgress();
    assertThat(batches.length).isGreaterThanOrEqualTo(6);
    long unread = 600;
    for (var batch : batches) {
      long behind = ProgressListener.behindLatest(batch);
      assertThat(batch.numInputRows() + behind).as("batch %d", batch.batchId()).isEqualTo(unread);
      unread = behind;
    }
    assertThat(unread).isZero();
  }

  @Test
  void aTopicCreatedAgainIsReadFromItsBeginning(@TempDir Path dir) throws Exception {
    String prefix = "recreated.public";
    createTopics(prefix, false);
    Path model = modelFor(prefix, dir);
    String schema = TestDatabase.newSchema();
    String ref = TestDatabase.newSchema();
    Map<String, Long> offsets = new HashMap<>();
    List<ChangeRecord> before = new ShopEventGenerator(prefix, 31).next(600);
    send(before);
    runOnce(config(model, schema, dir.resolve("checkpoint-0")));
    loadDirectly(model, ref, before, offsets);

    // The topics deleted and created again (or a new Kafka cluster): offsets start at 0 again.
    List<String> names =
        List.of("customers", "products", "order_status", "orders", "order_lines", "payments")
            .stream()
            .map(t -> prefix + "." + t)
            .toList();
    try (Admin admin = Admin.create(kafka.clientProperties())) {
      admin.deleteTopics(names).all().get();
    }
    org.awaitility.Awaitility.await("the topics created again")
        .atMost(java.time.Duration.ofSeconds(60))
        .pollInterval(java.time.Duration.ofMillis(200))
        .ignoreExceptions()
        .until(
            () -> {
              createTopics(prefix, false);
              return true;
            });
    List<ChangeRecord> after = new ShopEventGenerator(prefix, 32).next(1200);
    send(after);

    JobConfig config = config(model, schema, dir.resolve("checkpoint-1"));
    long read = 0;
    for (StreamingQuery q : VaultStreamingJob.start(spark, config, Trigger.AvailableNow())) {
      q.awaitTermination();
      for (var progress : q.recentProgress()) {
        read += progress.numInputRows();
      }
    }
    VaultStreamingJob.finish(config);
    assertThat(read).as("every record of the new topics").isEqualTo(after.size());
    loadDirectly(model, ref, after, offsets);
    assertThat(vault(schema)).isEqualTo(vault(ref));
  }

  /**
   * Loads records straight through the engine, as the reference vault; {@code offsets} numbers each
   * topic's records on from earlier calls (positions key the waiting rows).
   */
  private static void loadDirectly(
      Path model, String schema, List<ChangeRecord> records, Map<String, Long> offsets)
      throws Exception {
    try (VaultLoader direct =
        VaultLoader.open(ModelLoader.load(model), TestDatabase.options(schema).build())) {
      List<io.vaultstream.event.ChangeEvent> events = new ArrayList<>();
      for (ChangeRecord r : records) {
        long offset = offsets.merge(r.topic(), 1L, Long::sum);
        direct.decoder().decode(r.topic(), 0, offset, 0, r.key(), r.value()).ifPresent(events::add);
      }
      direct.load(events);
    }
  }

  /**
   * Effectivity and status satellites (orders moving between customers, generator seed 7): the
   * runner, whose per-topic queries load orders before or after their customers, writes the rows
   * the engine writes from the same records in one batch.
   */
  @Test
  void effectivityAndStatusSatellitesGetTheEnginesRows(@TempDir Path dir) throws Exception {
    String prefix = "tracking.public";
    createTopics(prefix, true);
    List<ChangeRecord> records = new ShopEventGenerator(prefix, 7).next(1500);
    send(records);
    Path model = dir.resolve("model.json");
    java.nio.file.Files.writeString(
        model, io.vaultstream.testing.TrackingModel.json().replace("shop.public.", prefix + "."));
    String ref = TestDatabase.newSchema();
    loadDirectly(model, ref, records, new HashMap<>());
    String schema = TestDatabase.newSchema();
    runOnce(config(model, schema, dir.resolve("checkpoints")));
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
    createTopics(prefix, false);
    try (io.vaultstream.testing.AvroCustomers.Registry registry =
        new io.vaultstream.testing.AvroCustomers.Registry()) {
      org.apache.avro.Schema v1 = io.vaultstream.testing.AvroCustomers.envelope(false);
      org.apache.avro.Schema v2 = io.vaultstream.testing.AvroCustomers.envelope(true);
      List<ChangeRecord> records =
          List.of(
              new ChangeRecord(
                  "customers",
                  "c",
                  prefix + ".customers",
                  null,
                  io.vaultstream.testing.AvroCustomers.wire(
                      1, v1, io.vaultstream.testing.AvroCustomers.customer(v1, 1, null))),
              new ChangeRecord(
                  "customers",
                  "c",
                  prefix + ".customers",
                  null,
                  io.vaultstream.testing.AvroCustomers.wire(
                      2, v2, io.vaultstream.testing.AvroCustomers.customer(v2, 2, "Kiel"))),
              new ChangeRecord(
                  "customers",
                  "c",
                  prefix + ".customers",
                  null,
                  io.vaultstream.testing.AvroCustomers.wire(
                      2, v2, io.vaultstream.testing.AvroCustomers.customer(v2, 3, null))));
      send(records);
      String schema = TestDatabase.newSchema();
      JobConfig config =
          config(
              modelFor(prefix, dir),
              schema,
              dir.resolve("checkpoints"),
              "--schema-registry",
              registry.url());
      for (StreamingQuery q : VaultStreamingJob.start(spark, config, Trigger.AvailableNow())) {
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

  /**
   * The default onChange of a non-historized link, as on the engine path: each update record of a
   * payment becomes an error row naming the link and what changed, the link keeps its first row,
   * and a second run adds nothing.
   */
  @Test
  void anUpdateOfANonHistorizedLinksSourceBecomesAnErrorRow(@TempDir Path dir) throws Exception {
    String prefix = "nhl" + Long.toHexString(System.nanoTime());
    createTopics(prefix, false);
    String payment = "{\"id\": 7, \"order_id\": 1, \"paid_at\": \"2026-01-01T10:00:00Z\",";
    ChangeRecord update =
        record(
            prefix + ".payments",
            7,
            "u",
            3,
            payment + " \"amount\": \"12.00\", \"method\": \"card\"}");
    send(
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
    String schema = TestDatabase.newSchema();
    JobConfig config = config(modelFor(prefix, dir), schema, dir.resolve("checkpoints"));
    runOnce(config);
    runOnce(config);
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

  private static void send(List<ChangeRecord> records) throws Exception {
    Properties p = new Properties();
    p.putAll(kafka.clientProperties());
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p)) {
      List<java.util.concurrent.Future<RecordMetadata>> acks = new ArrayList<>();
      for (ChangeRecord r : records) {
        acks.add(producer.send(new ProducerRecord<>(r.topic(), r.key(), r.value())));
      }
      for (var a : acks) {
        a.get();
      }
    }
  }

  @Test
  void theRunnerBuildsTheSameVaultAsTheEngineAndSurvivesAFailedBatch(@TempDir Path dir)
      throws Exception {
    List<ChangeRecord> records = produce(3000);
    String ref = TestDatabase.newSchema();
    try (VaultLoader direct = VaultLoader.open(SHOP, TestDatabase.options(ref).build())) {
      // The same records, decoded as the runner decodes them (positions do not enter the vault).
      List<io.vaultstream.event.ChangeEvent> events = new ArrayList<>();
      Map<String, Long> offsets = new HashMap<>();
      for (ChangeRecord r : records) {
        long o = offsets.merge(r.topic(), 1L, Long::sum);
        direct.decoder().decode(r.topic(), 0, o, 0, r.key(), r.value()).ifPresent(events::add);
      }
      direct.load(events);
    }

    // First run: the database refuses one table, the batches of some queries fail.
    String schema = TestDatabase.newSchema();
    Path checkpoint = dir.resolve("checkpoints");
    // The job's engine prepares the vault once per JVM; then the table goes away under it.
    Loaders.get(SHOP, config(schema, checkpoint).options());
    TestDatabase.execute("ALTER TABLE " + schema + ".lnk_order_line RENAME TO lnk_away");
    assertThatThrownBy(() -> runOnce(schema, checkpoint))
        .as("the order_lines query fails while its link table is away")
        .hasMessageContaining("lnk_order_line");
    TestDatabase.execute("ALTER TABLE " + schema + ".lnk_away RENAME TO lnk_order_line");
    Loaders.closeAll();

    // Restart from the checkpoints: everything loads once.
    runOnce(schema, checkpoint);
    assertThat(vault(schema)).isEqualTo(vault(ref));
    assertThat(vault(schema).get("hub_order").size()).isGreaterThan(100);
    // A second restart finds nothing new and changes nothing.
    runOnce(schema, checkpoint);
    assertThat(vault(schema)).isEqualTo(vault(ref));
    // Three starts in one session: one progress listener reports them all.
    assertThat(spark.streams().listListeners())
        .filteredOn(l -> l instanceof ProgressListener)
        .hasSize(1);
    // Every query keeps its ledger: (query, next batch id) in the vault.
    assertThat(
            TestDatabase.rows(
                "SELECT DISTINCT consumer FROM "
                    + schema
                    + ".vs_progress WHERE topic LIKE '\\_\\_batch/%' ORDER BY 1"))
        .hasSize(6)
        .allMatch(q -> q.startsWith("vaultstream-shop-"));
  }
}
