package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TargetDatabase;
import io.vaultstream.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import kafka.testkit.KafkaClusterTestKit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner in Spark local[2] with a real broker, writing to MariaDB (a database of its own per
 * test): the vault holds the rows the engine builds from the same events in PostgreSQL, and a
 * restart from the checkpoints loads only what is new and writes nothing twice.
 */
class MariaDbSparkRunnerIT {
  private static final TargetDatabase MARIADB = TargetDatabase.mariaDb();

  private static final List<String> TABLES =
      List.of("customers", "products", "order_status", "orders", "order_lines", "payments");
  private static final List<String> VAULT_TABLES =
      List.of(
          "hub_customer",
          "hub_product",
          "hub_order",
          "lnk_order_customer",
          "lnk_order_line",
          "sat_customer",
          "sat_product",
          "sat_order",
          "lsat_order_line",
          "nhl_payment",
          "ref_order_status");
  private static KafkaClusterTestKit kafka;
  private static SparkSession spark;
  private String database;

  @BeforeAll
  static void start() throws Exception {
    MARIADB.assumeReachable();
    kafka = EmbeddedKafka.start();
    spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("vaultstream-mariadb-it")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.sql.shuffle.partitions", "2")
            .getOrCreate();
  }

  @AfterEach
  void dropDatabase() throws Exception {
    Loaders.closeAll();
    if (database != null) {
      MARIADB.execute("DROP DATABASE IF EXISTS " + database);
    }
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

  @Test
  void theRunnerLoadsTheVaultThatTheEngineBuildsInPostgres(@TempDir Path dir) throws Exception {
    String prefix = "mdb1.public";
    Path model = modelFor(prefix, dir);
    createTopics(prefix);
    List<ChangeRecord> records = new ShopEventGenerator(prefix, 5).next(1500);
    send(records);
    database = MARIADB.newSchema();

    runOnce(config(model, dir.resolve("checkpoints")));

    assertThat(vault()).isEqualTo(reference(model, records));
    assertThat(vault().get("hub_order").size()).isGreaterThan(50);
    assertThat(
            MARIADB.rows(
                "SELECT code, description FROM "
                    + database
                    + ".ref_order_status WHERE record_source <> 'SYSTEM' ORDER BY code"))
        .containsExactly(
            "CANCELLED|Order is cancelled",
            "NEW|Order is new",
            "PAID|Order is paid",
            "SHIPPED|Order is shipped");
    assertThat(MARIADB.rows("SELECT count(*) FROM " + database + ".vs_errors"))
        .containsExactly("0");
    // Each topic's stored position is its end: every record read once.
    assertThat(
            MARIADB.rows(
                "SELECT sum(next_offset) FROM "
                    + database
                    + ".vs_progress WHERE topic LIKE '"
                    + prefix
                    + ".%'"))
        .containsExactly(Integer.toString(records.size()));
  }

  @Test
  void aRestartFromTheCheckpointsLoadsOnlyWhatIsNew(@TempDir Path dir) throws Exception {
    String prefix = "mdb2.public";
    Path model = modelFor(prefix, dir);
    Path checkpoint = dir.resolve("checkpoints");
    createTopics(prefix);
    ShopEventGenerator generator = new ShopEventGenerator(prefix, 9);
    List<ChangeRecord> records = new ArrayList<>(generator.next(1000));
    send(records);
    database = MARIADB.newSchema();
    runOnce(config(model, checkpoint));
    Map<String, List<String>> first = vault();
    List<String> ledger = ledger();

    // Nothing new: the restart reads nothing, writes nothing, and no batch runs again.
    runOnce(config(model, checkpoint));
    assertThat(vault()).isEqualTo(first);
    assertThat(ledger()).isEqualTo(ledger);

    // More events: the restart loads those alone; the vault is the reference of all of them.
    List<ChangeRecord> more = generator.next(500);
    send(more);
    records.addAll(more);
    runOnce(config(model, checkpoint));
    assertThat(vault()).isEqualTo(reference(model, records));
    assertThat(ledger()).isNotEqualTo(ledger);
    assertThat(
            MARIADB.rows(
                "SELECT sum(next_offset) FROM "
                    + database
                    + ".vs_progress WHERE topic LIKE '"
                    + prefix
                    + ".%'"))
        .containsExactly(Integer.toString(records.size()));
  }

  /** Each query's ledger entry: (query, next batch id). */
  private List<String> ledger() throws Exception {
    return MARIADB.rows(
        "SELECT consumer, topic, next_offset FROM "
            + database
            + ".vs_progress WHERE topic LIKE '\\_\\_batch/%' ORDER BY 1, 2");
  }

  private JobConfig config(Path model, Path checkpoint) {
    return JobConfig.from(
        new String[] {
          "--model", model.toString(),
          "--jdbc-url", MARIADB.jdbcUrl(),
          "--schema", database,
          "--bootstrap-servers", kafka.bootstrapServers(),
          "--checkpoint", checkpoint.toString()
        },
        Map.of());
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

  /** The vault in MariaDB: per table, the text columns of its rows, sorted. */
  private Map<String, List<String>> vault() throws Exception {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String table : VAULT_TABLES) {
      String list = String.join(", ", textColumns(table));
      out.put(
          table,
          MARIADB.rows("SELECT " + list + " FROM " + database + "." + table).stream()
              .sorted()
              .toList());
    }
    return out;
  }

  /** The same records loaded by the engine into a new PostgreSQL schema, as {@link #vault()}. */
  private Map<String, List<String>> reference(Path model, List<ChangeRecord> records)
      throws Exception {
    String ref = TestDatabase.newSchema();
    try (VaultLoader direct =
        VaultLoader.open(ModelLoader.load(model), TestDatabase.options(ref).build())) {
      List<ChangeEvent> events = new ArrayList<>();
      Map<String, Long> offsets = new HashMap<>();
      for (ChangeRecord r : records) {
        long offset = offsets.merge(r.topic(), 1L, Long::sum);
        direct.decoder().decode(r.topic(), 0, offset, 0, r.key(), r.value()).ifPresent(events::add);
      }
      direct.load(events);
    }
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (String table : VAULT_TABLES) {
      String list = String.join(", ", textColumns(table));
      out.put(
          table,
          TestDatabase.rows("SELECT " + list + " FROM " + ref + "." + table).stream()
              .sorted()
              .toList());
    }
    return out;
  }

  /**
   * The columns whose text both databases give alike: hash keys, hash diffs, business keys and text
   * attributes (timestamps and numbers print differently; their rows are counted all the same).
   */
  private List<String> textColumns(String table) throws Exception {
    return MARIADB.rows(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = '"
            + database
            + "' AND table_name = '"
            + table
            + "' AND data_type IN ('char', 'varchar') ORDER BY ordinal_position");
  }

  private static Path modelFor(String prefix, Path dir) throws Exception {
    Path model = dir.resolve("model.json");
    Files.writeString(
        model, Files.readString(Samples.shopModel()).replace("shop.public.", prefix + "."));
    return model;
  }

  private static void createTopics(String prefix) throws Exception {
    try (Admin admin = Admin.create(kafka.clientProperties())) {
      List<NewTopic> topics = new ArrayList<>();
      TABLES.forEach(
          t ->
              topics.add(new NewTopic(prefix + "." + t, t.startsWith("order") ? 2 : 1, (short) 1)));
      admin.createTopics(topics).all().get();
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
      // A new partition's leader is named a moment before it takes requests.
      org.awaitility.Awaitility.await("the new partitions served by the broker")
          .atMost(java.time.Duration.ofSeconds(60))
          .pollInterval(java.time.Duration.ofMillis(100))
          .ignoreExceptions()
          .until(() -> admin.listOffsets(ends).all().get().size() == ends.size());
    }
  }

  private static void send(List<ChangeRecord> records) throws Exception {
    Properties p = new Properties();
    p.putAll(kafka.clientProperties());
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p)) {
      List<java.util.concurrent.Future<?>> acks = new ArrayList<>();
      for (ChangeRecord r : records) {
        acks.add(producer.send(new ProducerRecord<>(r.topic(), r.key(), r.value())));
      }
      for (var a : acks) {
        a.get();
      }
    }
  }
}
