package io.vaultstream.spark;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.model.ModelLoader;
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
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The runner ITs' broker and Spark local[2] session, with the steps their scenarios share; as a
 * registered extension ({@link #perClass()}) it starts before a class's tests and stops after them.
 */
final class SparkRunnerFixture implements AutoCloseable, BeforeAllCallback, AfterAllCallback {
  /** The shop's source tables, one topic each under a prefix. */
  static final List<String> SHOP_TABLES =
      List.of("customers", "products", "order_status", "orders", "order_lines", "payments");

  KafkaClusterTestKit kafka;
  SparkSession spark;

  private SparkRunnerFixture() {}

  /** A started broker and Spark session; {@link #close()} stops them and the job's engines. */
  static SparkRunnerFixture start() throws Exception {
    SparkRunnerFixture fixture = new SparkRunnerFixture();
    fixture.startBrokerAndSession();
    return fixture;
  }

  /**
   * A fixture for {@code @RegisterExtension static}: it starts before the class's tests and stops
   * after them.
   */
  static SparkRunnerFixture perClass() {
    return new SparkRunnerFixture();
  }

  /** Starts the broker and the Spark local[2] session. */
  private void startBrokerAndSession() throws Exception {
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

  /** Starts the broker and the session before the class's tests. */
  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    startBrokerAndSession();
  }

  /** Stops what {@link #beforeAll} started, as {@link #close()}. */
  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    close();
  }

  /** Stops the job's engines, the session and the broker, those of them that started. */
  @Override
  public void close() throws Exception {
    VaultStreamingJob.shutdown();
    if (spark != null) {
      spark.stop();
    }
    if (kafka != null) {
      kafka.close();
    }
  }

  /** Creates the shop's topics under {@code prefix} and waits until the broker serves them. */
  void createTopics(String prefix, boolean twoPartitionsForOrders) throws Exception {
    try (Admin admin = Admin.create(kafka.clientProperties())) {
      List<NewTopic> topics = new ArrayList<>();
      SHOP_TABLES.forEach(
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

  /** Deletes the shop's topics under {@code prefix} and creates them again, empty. */
  void deleteAndCreateTopicsAgain(String prefix) throws Exception {
    List<String> names = SHOP_TABLES.stream().map(t -> prefix + "." + t).toList();
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

  /**
   * Creates the shop's topics under {@code prefix} and writes {@code events} records of the shop's
   * generator with {@code seed} to them; returns the records.
   */
  List<ChangeRecord> sendShopEvents(
      String prefix, boolean twoPartitionsForOrders, long seed, int events) throws Exception {
    createTopics(prefix, twoPartitionsForOrders);
    List<ChangeRecord> records = new ShopEventGenerator(prefix, seed).next(events);
    send(records);
    return records;
  }

  /** A transactional producer of byte arrays to the broker, its transactions initialised. */
  private KafkaProducer<byte[], byte[]> transactionalProducer() {
    KafkaProducer<byte[], byte[]> producer =
        producer(
            Map.of(
                ProducerConfig.TRANSACTIONAL_ID_CONFIG,
                "sparkrunner-" + java.util.UUID.randomUUID()));
    producer.initTransactions();
    return producer;
  }

  /** A producer of byte arrays to the broker, with {@code more} settings. */
  private KafkaProducer<byte[], byte[]> producer(Map<String, String> more) {
    Properties p = new Properties();
    p.putAll(kafka.clientProperties());
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.putAll(more);
    return new KafkaProducer<>(p);
  }

  /** Writes the records to their topics and waits for every acknowledgement. */
  void send(List<ChangeRecord> records) throws Exception {
    try (KafkaProducer<byte[], byte[]> producer = producer(Map.of())) {
      List<java.util.concurrent.Future<RecordMetadata>> acks = new ArrayList<>();
      for (ChangeRecord r : records) {
        acks.add(producer.send(new ProducerRecord<>(r.topic(), r.key(), r.value())));
      }
      for (var a : acks) {
        a.get();
      }
    }
  }

  /**
   * Writes the records to their topics as a backlog written long ago: the first stamped {@code
   * firstMs}, each of the others a millisecond after the one before.
   */
  void sendStamped(List<ChangeRecord> records, long firstMs) throws Exception {
    try (KafkaProducer<byte[], byte[]> producer = producer(Map.of())) {
      List<java.util.concurrent.Future<RecordMetadata>> acks = new ArrayList<>();
      long at = firstMs;
      for (ChangeRecord r : records) {
        acks.add(producer.send(new ProducerRecord<>(r.topic(), null, at++, r.key(), r.value())));
      }
      for (var a : acks) {
        a.get();
      }
    }
  }

  /**
   * Writes the records to their topics in transactions of {@code perTransaction} records each: a
   * transaction marker follows each transaction in every partition it wrote, an offset that holds
   * no record a consumer sees.
   */
  void sendInTransactions(List<ChangeRecord> records, int perTransaction) throws Exception {
    try (KafkaProducer<byte[], byte[]> producer = transactionalProducer()) {
      for (int from = 0; from < records.size(); from += perTransaction) {
        producer.beginTransaction();
        for (ChangeRecord r :
            records.subList(from, Math.min(records.size(), from + perTransaction))) {
          producer.send(new ProducerRecord<>(r.topic(), r.key(), r.value()));
        }
        producer.commitTransaction();
      }
    }
  }

  /**
   * Writes the records stamped as {@link #sendStamped} stamps them, each topic's in transactions of
   * {@code perTransaction} records of that topic only: in a partition, every {@code perTransaction
   * + 1}-th offset is a transaction marker.
   */
  void sendInTopicTransactions(List<ChangeRecord> records, int perTransaction, long firstMs)
      throws Exception {
    Map<String, List<ProducerRecord<byte[], byte[]>>> pending = new java.util.LinkedHashMap<>();
    try (KafkaProducer<byte[], byte[]> producer = transactionalProducer()) {
      long at = firstMs;
      for (ChangeRecord r : records) {
        List<ProducerRecord<byte[], byte[]>> topic =
            pending.computeIfAbsent(r.topic(), t -> new ArrayList<>());
        topic.add(new ProducerRecord<>(r.topic(), null, at++, r.key(), r.value()));
        if (topic.size() == perTransaction) {
          sendAsOneTransaction(producer, topic);
        }
      }
      for (List<ProducerRecord<byte[], byte[]>> rest : pending.values()) {
        sendAsOneTransaction(producer, rest);
      }
    }
  }

  private static void sendAsOneTransaction(
      KafkaProducer<byte[], byte[]> producer, List<ProducerRecord<byte[], byte[]>> records) {
    if (records.isEmpty()) {
      return;
    }
    producer.beginTransaction();
    records.forEach(producer::send);
    producer.commitTransaction();
    records.clear();
  }

  /** The job's settings for a model file, a schema and a checkpoint root, plus more arguments. */
  JobConfig config(Path model, String schema, Path checkpoint, String... more) {
    return configOn(TestDatabase.jdbcUrl(), model, schema, checkpoint, more);
  }

  /** As {@link #config}, writing to the database at {@code jdbcUrl}. */
  JobConfig configOn(String jdbcUrl, Path model, String schema, Path checkpoint, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--model", model.toString(),
                "--jdbc-url", jdbcUrl,
                "--schema", schema,
                "--bootstrap-servers", kafka.bootstrapServers(),
                "--checkpoint", checkpoint.toString()));
    args.addAll(List.of(more));
    return JobConfig.from(args.toArray(new String[0]), Map.of());
  }

  /** Runs the job's queries until they have read everything there is, then sweeps once. */
  void runOnce(JobConfig config) throws Exception {
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
   * Runs the job's queries until they have read everything there is, then sweeps once; returns how
   * many records the queries read.
   */
  long runOnceCountingReads(JobConfig config) throws Exception {
    long read = 0;
    for (StreamingQuery q : VaultStreamingJob.start(spark, config, Trigger.AvailableNow())) {
      q.awaitTermination();
      for (var progress : q.recentProgress()) {
        read += progress.numInputRows();
      }
    }
    VaultStreamingJob.finish(config);
    return read;
  }

  /** The shop model written to {@code dir} with its topics under {@code prefix}. */
  static Path modelFor(String prefix, Path dir) throws Exception {
    Path model = dir.resolve("model.json");
    java.nio.file.Files.writeString(
        model,
        java.nio.file.Files.readString(Samples.shopModel()).replace("shop.public.", prefix + "."));
    return model;
  }

  /** The vault's tables in the schema, row by row, without the job's own vs_ tables. */
  static Map<String, List<String>> vault(String schema) throws Exception {
    Map<String, List<String>> dump = VaultDump.of(schema);
    dump.keySet().removeIf(t -> t.startsWith("vs_"));
    return dump;
  }

  /**
   * Loads records straight through the engine, as the reference vault; {@code offsets} numbers each
   * topic's records on from earlier calls (positions key the waiting rows).
   */
  static void loadDirectly(
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
}
