package io.vaultstream.spark.lake;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.spark.EmbeddedKafka;
import io.vaultstream.spark.JobConfig;
import io.vaultstream.spark.VaultStreamingJob;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
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
 * A Delta vault whose tables are put back (RESTORE TABLE ... TO VERSION AS OF) to where they were
 * after the first part, once the second is loaded, while the job runs: its query stops at its next
 * micro-batch, naming the partitions; started again on its checkpoint, which is past the second
 * part, the job does not start; on a new checkpoint it loads the topics again, and the vault holds
 * the rows of every part, as the engine loads them into PostgreSQL.
 */
class DeltaLostCommitsIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  @TempDir static Path dir;
  static KafkaClusterTestKit kafka;
  static SparkSession spark;

  @BeforeAll
  static void start() throws Exception {
    kafka = EmbeddedKafka.start();
    spark = LakeSessions.start(dir.resolve("warehouse").toString());
    List<NewTopic> topics = new ArrayList<>();
    SHOP.sources().values().forEach(s -> topics.add(new NewTopic(s.topic(), 1, (short) 1)));
    try (Admin admin = Admin.create(kafka.clientProperties())) {
      admin.createTopics(topics).all().get();
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
  void aDeltaVaultRestoredWhileTheJobRunsStopsItAndANewCheckpointLoadsWhatWasLost()
      throws Exception {
    ShopEventGenerator gen = new ShopEventGenerator("shop.public", 61);
    Path vault = dir.resolve("vault");
    send(gen.next(150));
    StreamingQuery running =
        VaultStreamingJob.start(
                spark, config("checkpoint-running", vault), Trigger.ProcessingTime(100))
            .get(0);
    try {
      running.processAllAvailable();
      Map<String, Long> versions = versions(vault);
      send(gen.next(150));
      running.processAllAvailable();
      restore(vault, versions); // every table, its positions included, as after the first part

      send(gen.next(150));
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(180);
      while (running.isActive() && System.nanoTime() < deadline) {
        try {
          running.awaitTermination(500);
        } catch (org.apache.spark.sql.streaming.StreamingQueryException stopped) {
          break; // asserted below
        }
      }
      org.assertj.core.api.Assertions.assertThat(running.isActive())
          .as("the query stops at its first micro-batch after the restore")
          .isFalse();
      org.assertj.core.api.Assertions.assertThat(running.exception().isDefined())
          .as("the query failed")
          .isTrue();
      org.assertj.core.api.Assertions.assertThat((Throwable) running.exception().get())
          .hasStackTraceContaining("went back")
          .hasStackTraceContaining("shop.public.orders/0 stored at offset")
          .hasStackTraceContaining("--starting-offsets");
    } finally {
      running.stop();
    }

    // Started again on that checkpoint, the job does not start.
    send(gen.next(150));
    assertThatThrownBy(() -> runOnce(config("checkpoint-running", vault)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("The job does not start on its checkpoints")
        .hasMessageContaining("shop.public.orders-0: the vault holds it up to offset");

    runOnce(config("checkpoint-new", vault));
    String schema = TestDatabase.newSchema();
    try (VaultLoader direct = VaultLoader.open(SHOP, TestDatabase.options(schema).build())) {
      direct.load(topicEvents(direct));
    }
    LakeDump.assertSameAsPostgres(spark, SHOP, schema, location(vault), "after the new checkpoint");
  }

  /**
   * Every record the shop's topics hold, decoded at its offset: what a vault that read the topics
   * from their start holds.
   */
  private static List<ChangeEvent> topicEvents(VaultLoader direct) {
    Properties p = new Properties();
    p.putAll(kafka.clientProperties());
    p.put(
        org.apache.kafka.clients.consumer.ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG,
        org.apache.kafka.common.serialization.ByteArrayDeserializer.class.getName());
    p.put(
        org.apache.kafka.clients.consumer.ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG,
        org.apache.kafka.common.serialization.ByteArrayDeserializer.class.getName());
    List<ChangeEvent> events = new ArrayList<>();
    try (var consumer = new org.apache.kafka.clients.consumer.KafkaConsumer<byte[], byte[]>(p)) {
      for (var s : SHOP.sources().values()) {
        var tp = new org.apache.kafka.common.TopicPartition(s.topic(), 0);
        consumer.assign(List.of(tp));
        consumer.seekToBeginning(List.of(tp));
        long end = consumer.endOffsets(List.of(tp)).get(tp);
        while (consumer.position(tp) < end) {
          for (var r : consumer.poll(java.time.Duration.ofMillis(500))) {
            direct
                .decoder()
                .decode(r.topic(), r.partition(), r.offset(), r.timestamp(), r.key(), r.value())
                .ifPresent(events::add);
          }
        }
      }
    }
    return events;
  }

  /** The job's arguments that name the target: Delta tables under {@code vault}. */
  List<String> target(Path vault) {
    return List.of("--target", "delta", "--delta-path", vault.toString());
  }

  /** Where those arguments put the tables. */
  LakeLocation location(Path vault) {
    return new LakeLocation.Path(vault.toString());
  }

  /** The current version of each of the vault's tables. */
  Map<String, Long> versions(Path vault) throws IOException {
    Map<String, Long> versions = new HashMap<>();
    try (Stream<Path> all = Files.list(vault)) {
      for (Path table : all.filter(p -> Files.isDirectory(p.resolve("_delta_log"))).toList()) {
        versions.put(
            table.toString(),
            spark
                .sql("DESCRIBE HISTORY delta.`" + table + "` LIMIT 1")
                .select("version")
                .first()
                .getLong(0));
      }
    }
    return versions;
  }

  /** Puts every table back to its version of {@code versions}, as an operator's restore does. */
  void restore(Path vault, Map<String, Long> versions) {
    versions.forEach(
        (table, version) ->
            spark.sql("RESTORE TABLE delta.`" + table + "` TO VERSION AS OF " + version));
  }

  private JobConfig config(String checkpoint, Path vault) {
    List<String> args = new ArrayList<>(List.of("--model", Samples.shopModel().toString()));
    args.addAll(target(vault));
    args.addAll(
        List.of(
            "--bootstrap-servers", kafka.bootstrapServers(),
            "--checkpoint", dir.resolve(checkpoint).toString(),
            "--max-offsets-per-trigger", "1000"));
    return JobConfig.from(args.toArray(new String[0]), Map.of());
  }

  private static void runOnce(JobConfig config) throws Exception {
    for (StreamingQuery q : VaultStreamingJob.start(spark, config, Trigger.AvailableNow())) {
      q.awaitTermination();
    }
  }

  private static void send(List<ChangeRecord> records) throws Exception {
    Properties p = new Properties();
    p.putAll(kafka.clientProperties());
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.RETRIES_CONFIG, Integer.MAX_VALUE);
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
