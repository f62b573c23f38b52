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
import java.util.Comparator;
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
import org.apache.spark.sql.delta.DeltaLog;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Delta vault restored from a copy taken after the first part, once the second is loaded, while
 * the job is stopped: the job does not start on its checkpoint, which is past the second part,
 * naming the partitions; on a new checkpoint it loads the topics again, and the vault holds the
 * rows of the three parts, as the engine loads them into PostgreSQL.
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
  void aRestoredDeltaVaultStopsTheStartOnItsCheckpointAndANewOneLoadsWhatWasLost()
      throws Exception {
    ShopEventGenerator gen = new ShopEventGenerator("shop.public", 61);
    Path vault = dir.resolve("vault");
    List<ChangeRecord> sent = new ArrayList<>(gen.next(150));
    send(sent);
    runOnce(config("checkpoint-0", vault));
    Path copy = dir.resolve("vault-copy");
    copyTree(vault, copy);

    List<ChangeRecord> lost = gen.next(150);
    send(lost);
    sent.addAll(lost);
    runOnce(config("checkpoint-0", vault));
    deleteTree(vault);
    copyTree(copy, vault);
    DeltaLog.clearCache(); // a job started anew reads the tables afresh; this JVM cached them

    List<ChangeRecord> after = gen.next(150);
    send(after);
    sent.addAll(after);
    assertThatThrownBy(() -> runOnce(config("checkpoint-0", vault)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("The job does not start on its checkpoints")
        .hasMessageContaining("shop.public.orders-0: the vault holds it up to offset");

    runOnce(config("checkpoint-1", vault));
    String schema = TestDatabase.newSchema();
    try (VaultLoader direct = VaultLoader.open(SHOP, TestDatabase.options(schema).build())) {
      List<ChangeEvent> events = new ArrayList<>();
      Map<String, Long> offsets = new HashMap<>();
      for (ChangeRecord r : sent) {
        long offset = offsets.merge(r.topic(), 1L, Long::sum);
        direct.decoder().decode(r.topic(), 0, offset, 0, r.key(), r.value()).ifPresent(events::add);
      }
      direct.load(events);
    }
    LakeDump.assertSameAsPostgres(
        spark, SHOP, schema, new LakeLocation.Path(vault.toString()), "after the new checkpoint");
  }

  private static JobConfig config(String checkpoint, Path vault) {
    return JobConfig.from(
        new String[] {
          "--model", Samples.shopModel().toString(),
          "--target", "delta",
          "--delta-path", vault.toString(),
          "--bootstrap-servers", kafka.bootstrapServers(),
          "--checkpoint", dir.resolve(checkpoint).toString(),
          "--max-offsets-per-trigger", "1000"
        },
        Map.of());
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

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> all = Files.walk(from)) {
      for (Path p : all.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }

  private static void deleteTree(Path root) throws IOException {
    try (Stream<Path> all = Files.walk(root)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
