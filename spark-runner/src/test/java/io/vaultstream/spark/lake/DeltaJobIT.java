package io.vaultstream.spark.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.spark.EmbeddedKafka;
import io.vaultstream.spark.JobConfig;
import io.vaultstream.spark.VaultStreamingJob;
import io.vaultstream.testing.Samples;
import java.nio.file.Path;
import java.util.ArrayList;
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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job with {@code --target delta}: shop events from Kafka, read in several micro-batches,
 * become the vault in Delta tables under {@code --delta-path}, with every hub key of the source and
 * its satellite versions; a record that is not JSON becomes the one row of the Delta error table
 * while the rest loads; the job run again on its checkpoint writes nothing more.
 */
class DeltaJobIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  @TempDir static Path dir;
  static KafkaClusterTestKit kafka;
  static SparkSession spark;

  @BeforeAll
  static void start() throws Exception {
    kafka = EmbeddedKafka.start();
    spark = LakeSessions.start(dir.resolve("warehouse").toString());
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
    List<String> tables =
        List.of("customers", "products", "order_status", "orders", "order_lines", "payments");
    try (Admin admin = Admin.create(kafka.clientProperties())) {
      List<NewTopic> topics = new ArrayList<>();
      tables.forEach(t -> topics.add(new NewTopic("shop.public." + t, 1, (short) 1)));
      admin.createTopics(topics).all().get();
    }
    Properties p = new Properties();
    p.putAll(kafka.clientProperties());
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    List<ChangeRecord> records = new ShopEventGenerator("shop.public", 5).next(events);
    // A new partition's leader is named a moment before it takes requests: retry until served.
    p.put(ProducerConfig.RETRIES_CONFIG, Integer.MAX_VALUE);
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p)) {
      List<java.util.concurrent.Future<?>> acks = new ArrayList<>();
      for (ChangeRecord r : records) {
        acks.add(producer.send(new ProducerRecord<>(r.topic(), r.key(), r.value())));
      }
      // One record that is not JSON, among the others: an error row, while the rest loads.
      acks.add(
          producer.send(
              new ProducerRecord<>(
                  "shop.public.customers",
                  "{\"id\":424242}".getBytes(java.nio.charset.StandardCharsets.UTF_8),
                  "not json".getBytes(java.nio.charset.StandardCharsets.UTF_8))));
      for (var a : acks) {
        a.get();
      }
    }
    return records;
  }

  /** The job's arguments that name the target: Delta tables under {@code vault}. */
  List<String> target(Path vault) {
    return List.of("--target", "delta", "--delta-path", vault.toString());
  }

  /** Where those arguments put the tables. */
  LakeLocation location(Path vault) {
    return new LakeLocation.Path(vault.toString());
  }

  private JobConfig config(Path checkpoint, Path vault, String... more) {
    List<String> args = new ArrayList<>(List.of("--model", Samples.shopModel().toString()));
    args.addAll(target(vault));
    args.addAll(
        List.of(
            "--bootstrap-servers", kafka.bootstrapServers(),
            "--checkpoint", checkpoint.toString(),
            "--max-offsets-per-trigger", "150"));
    args.addAll(List.of(more));
    return JobConfig.from(args.toArray(new String[0]), Map.of());
  }

  private static void runOnce(JobConfig config) throws Exception {
    for (StreamingQuery q : VaultStreamingJob.start(spark, config, Trigger.AvailableNow())) {
      q.awaitTermination();
    }
  }

  @Test
  void theJobLoadsTheShopAndARunAgainAddsNothing() throws Exception {
    List<ChangeRecord> records = produce(400);
    Path vault = dir.resolve("vault");
    Path checkpoint = dir.resolve("checkpoint");
    // A cluster whose default timestamps are wall-clock readings: the vault's stay instants.
    spark.conf().set("spark.sql.timestampType", "TIMESTAMP_NTZ");
    runOnce(config(checkpoint, vault));

    LakeLocation at = location(vault);
    refresh(at);
    assertThat(spark.table(at.table("hub_customer")).schema().apply("load_dts").dataType())
        .isEqualTo(org.apache.spark.sql.types.DataTypes.TimestampType);
    assertEveryCustomerHasItsHubKeyAndSatelliteVersions(at, records);
    assertTheRecordThatIsNotJsonIsTheOneErrorRow(at);
    // The progress table names the positions reached.
    assertThat(
            spark.sql("SELECT sum(next_offset) FROM " + at.table("vs_progress")).first().getLong(0))
        .isEqualTo(records.size() + 1);

    // On its checkpoint, the job finds nothing new: every table stays as it was.
    Map<String, Long> before = counts(at);
    runOnce(config(checkpoint, vault));
    refresh(at);
    assertThat(counts(at)).isEqualTo(before);

    // A lakehouse target refuses the per-source queries, naming why.
    assertThatThrownBy(() -> config(checkpoint, vault, "--queries", "per-source"))
        .hasMessageContaining("one writer per vault");
  }

  /** Every customer of the records has its hub key, and the satellite has more rows than keys. */
  private static void assertEveryCustomerHasItsHubKeyAndSatelliteVersions(
      LakeLocation at, List<ChangeRecord> records) {
    long customers =
        records.stream()
            .filter(r -> r.table().equals("customers") && r.value() != null)
            .map(r -> new String(r.key(), java.nio.charset.StandardCharsets.UTF_8))
            .distinct()
            .count();
    assertThat(customers).isGreaterThan(5);
    assertThat(
            spark
                .sql(
                    "SELECT count(*) FROM "
                        + at.table("hub_customer")
                        + " WHERE record_source <> 'SYSTEM'")
                .first()
                .getLong(0))
        .isEqualTo(customers);
    long satRows = spark.sql("SELECT count(*) FROM " + at.table("sat_customer")).first().getLong(0);
    assertThat(satRows).isGreaterThan(customers);
  }

  /** The record that is not JSON is the one error row, naming where it came from and why. */
  private static void assertTheRecordThatIsNotJsonIsTheOneErrorRow(LakeLocation at) {
    List<org.apache.spark.sql.Row> errors =
        spark
            .sql("SELECT topic, error_code, message, record_key FROM " + at.table("vs_errors"))
            .collectAsList();
    assertThat(errors).hasSize(1);
    assertThat(errors.get(0).getString(0)).isEqualTo("shop.public.customers");
    assertThat(errors.get(0).getString(3)).contains("424242");
    assertThat(errors.get(0).getString(2)).isNotBlank();
  }

  /**
   * Forgets what this session's catalogs cached of the vault's tables: the job's query writes them
   * through a session of its own (an Iceberg catalog keeps a table it loaded for a while).
   */
  private static void refresh(LakeLocation at) {
    if (at.format() != LakeFormat.ICEBERG) {
      return; // Delta reads a path's table afresh; such a table is not in a catalog to refresh
    }
    for (String t :
        new LakeTables(SHOP, new io.vaultstream.hash.HashKeyCalculator(SHOP.hashing()), at)
            .all()
            .keySet()) {
      spark.catalog().refreshTable(at.table(t));
    }
  }

  private static Map<String, Long> counts(LakeLocation at) {
    Map<String, Long> out = new java.util.TreeMap<>();
    for (String t :
        new LakeTables(SHOP, new io.vaultstream.hash.HashKeyCalculator(SHOP.hashing()), at)
            .all()
            .keySet()) {
      out.put(t, spark.sql("SELECT count(*) FROM " + at.table(t)).first().getLong(0));
    }
    return out;
  }
}
