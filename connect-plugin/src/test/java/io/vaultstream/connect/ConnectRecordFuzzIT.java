package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.fuzz.Decoded;
import io.vaultstream.fuzz.Findings;
import io.vaultstream.fuzz.FuzzRecord;
import io.vaultstream.fuzz.FuzzRegistry;
import io.vaultstream.fuzz.RecordMix;
import io.vaultstream.fuzz.VaultOutcome;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TargetDatabase;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.connect.runtime.rest.entities.ConnectorStateInfo;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The record guarantees on the Connect runtime: generated records (valid shop records, probes whose
 * values must arrive exactly, random JSON of every shape, Avro with generated schemas, garbage, and
 * the inputs known to have broken a guarantee) produced to a real broker and loaded by a real
 * worker configured as the shipped example is (the ByteArrayConverter, errors tolerated, a dead
 * letter queue, waits held in memory): the task keeps running, every record is loaded, one readable
 * BAD_RECORD error row, a waiting row or, when it carries no change, nothing; probes' values are
 * stored exactly; the stored positions move past every record; every bad record, and only those, is
 * in the dead letter queue under the position it was read at. Once with the records read from the
 * topics the model names, once read from other topics and renamed by a transform (Kafka's
 * RegexRouter), where error rows, positions and dead letters keep the topic read.
 *
 * <p>Default: 1,500 generated records and the known inputs, seed 1 (printed); {@code -Dfuzz.seed=N}
 * replays one, {@code -Dfuzz.seed=random} draws one, {@code -Dfuzz.records=...} runs longer.
 */
class ConnectRecordFuzzIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String RENAMED_FROM = "raw.";

  /** The largest generated record, with room: some seeds draw records of several megabytes. */
  private static final int LARGEST = 32 * 1024 * 1024;

  /**
   * The generated records are stamped in 2023: with Kafka's default retention the broker deletes
   * them (and dead letters, which keep their stamps) while the test reads them.
   */
  private static final Map<String, String> KEPT =
      Map.of("retention.ms", "-1", "max.message.bytes", Integer.toString(LARGEST));

  private static EmbeddedConnectCluster connect;

  @BeforeAll
  static void startWorker() {
    connect = EmbeddedWorker.start("vaultstream-record-fuzz");
  }

  @AfterAll
  static void stopWorker() throws Exception {
    if (connect != null) {
      connect.stop();
    }
    TargetDatabase.dropCreatedSchemas();
  }

  @ParameterizedTest(name = "topics {0}")
  @ValueSource(strings = {"as the model names them", "renamed by a transform"})
  void noRecordStopsTheTaskAndEveryRecordIsLoadedOrAnErrorRow(String topics) throws Exception {
    boolean renamed = topics.startsWith("renamed");
    long seed = RecordMix.seed(1);
    int count = Integer.getInteger("fuzz.records", 1500);
    String replay =
        "-Dfuzz.seed=" + seed + " -Dfuzz.records=" + count + " (Connect, " + topics + ")";
    System.out.println("Connect record fuzz: " + replay);
    String name = renamed ? "fuzz-renamed" : "fuzz";
    String dlq = name + "-dlq";
    TargetDatabase db = TargetDatabase.postgres();
    String schema = db.newSchema();
    Findings findings = new Findings();
    try (FuzzRegistry registry = new FuzzRegistry()) {
      List<FuzzRecord> generated = RecordMix.generate(seed, count, registry, false);
      // What the task reads: the records where they were produced (another topic when renamed).
      List<FuzzRecord> read = new ArrayList<>();
      generated.forEach(r -> read.add(renamed ? readFrom(RENAMED_FROM + r.topic(), r) : r));
      Map<String, Long> ends = produce(read);
      connect.kafka().createTopic(dlq, 1, 1, KEPT);

      connect.configureConnector(
          name, connector(name, schema, dlq, registry.url(), ends.keySet(), renamed));
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(name, 1, "the connector did not start");
      awaitPositions(name, db, schema, ends, read);

      // Decoded as the task decodes them: under the topic the model names (the transform's
      // output), each kept with the record where it was read.
      ChangeEventDecoder decoder =
          new ChangeEventDecoder(SHOP, new DecoderOptions(null, null, registry.url()));
      Findings decoding = new Findings();
      List<Decoded> decoded = new ArrayList<>();
      for (int i = 0; i < generated.size(); i++) {
        Decoded d = Decoded.of(decoder, generated.get(i), decoding);
        decoded.add(new Decoded(read.get(i), d.event(), d.bad()));
      }
      VaultOutcome outcome = new VaultOutcome(SHOP, db, schema, findings);
      outcome.check(decoded, Set.of());
      outcome.checkPositions(decoded, name);
      awaitCommittedToKafka(name, ends);
      checkDeadLetters(dlq, db, schema, decoded, findings);
      ConnectorStateInfo state = connect.connectorStatus(name);
      for (ConnectorStateInfo.TaskState t : state.tasks()) {
        if (!t.state().equals("RUNNING")) {
          findings.add("c: the task stopped", null, t.state(), String.valueOf(t.trace()));
        }
      }
      connect.deleteConnector(name);
    }
    findings.assertNone(replay);
  }

  private static FuzzRecord readFrom(String topic, FuzzRecord r) {
    return new FuzzRecord(
        r.kind(),
        topic,
        r.partition(),
        r.offset(),
        r.kafkaTimestampMs(),
        r.key(),
        r.value(),
        r.map(),
        r.probe());
  }

  /**
   * Creates the records' topics and produces each record to its partition; checks that the broker
   * gave it the offset generated for it. Returns each partition's end offset ("topic/partition").
   */
  private static Map<String, Long> produce(List<FuzzRecord> records) throws Exception {
    Map<String, Integer> partitions = new TreeMap<>();
    for (FuzzRecord r : records) {
      partitions.merge(r.topic(), r.partition() + 1, Math::max);
    }
    partitions.forEach((t, n) -> connect.kafka().createTopic(t, n, 1, KEPT));
    Map<String, Long> ends = new TreeMap<>();
    try (KafkaProducer<byte[], byte[]> p =
        connect.kafka().createProducer(Map.of("max.request.size", LARGEST))) {
      List<Future<RecordMetadata>> acks = new ArrayList<>();
      for (FuzzRecord r : records) {
        acks.add(
            p.send(
                new ProducerRecord<>(
                    r.topic(), r.partition(), r.kafkaTimestampMs(), r.key(), r.value())));
      }
      p.flush();
      for (int i = 0; i < records.size(); i++) {
        FuzzRecord r = records.get(i);
        RecordMetadata m = acks.get(i).get();
        assertThat(m.offset()).as("offset of " + r.where()).isEqualTo(r.offset());
        ends.merge(r.topic() + "/" + r.partition(), r.offset() + 1, Math::max);
      }
    }
    return ends;
  }

  /**
   * The shipped example's connector (its converters, tolerance, dead letter queue, batches and
   * waits held in memory) on the test's database, schema, model, topics and schema registry; when
   * {@code renamed}, a RegexRouter that takes the read topics' prefix off.
   */
  private static Map<String, String> connector(
      String name,
      String schema,
      String dlq,
      String registry,
      Set<String> partitions,
      boolean renamed)
      throws Exception {
    JsonNode shipped =
        JSON.readTree(Files.readString(Path.of("src/main/etc/vaultstream-shop.json")))
            .get("config");
    Map<String, String> p = new HashMap<>();
    shipped.fields().forEachRemaining(e -> p.put(e.getKey(), e.getValue().asText()));
    for (String site :
        List.of("topics.regex", "connection.user", "connection.password", "vault.model.path")) {
      p.remove(site);
    }
    Set<String> topics = new TreeSet<>();
    partitions.forEach(tp -> topics.add(tp.substring(0, tp.lastIndexOf('/'))));
    p.put("name", name);
    p.put("topics", String.join(",", topics));
    p.put("connection.url", TargetDatabase.postgres().jdbcUrl());
    p.put("target.schema", schema);
    p.put("vault.model", Files.readString(Samples.shopModel()));
    p.put("input.schema.registry.url", registry);
    p.put("errors.deadletterqueue.topic.name", dlq);
    p.put("producer.override.max.request.size", Integer.toString(LARGEST));
    if (renamed) {
      p.put("transforms", "unprefix");
      p.put("transforms.unprefix.type", "org.apache.kafka.connect.transforms.RegexRouter");
      p.put("transforms.unprefix.regex", RENAMED_FROM.replace(".", "\\.") + "(.*)");
      p.put("transforms.unprefix.replacement", "$1");
    }
    return p;
  }

  /**
   * Waits (polling, with a deadline) until the vault's stored positions reach every partition's
   * end; fails at once with the trace when the task has failed.
   */
  private static void awaitPositions(
      String name,
      TargetDatabase db,
      String schema,
      Map<String, Long> ends,
      List<FuzzRecord> records) {
    Map<String, Long> stored = new TreeMap<>();
    try {
      Awaitility.await(name + " stores positions past every record")
          .atMost(Duration.ofMinutes(3))
          .pollInterval(Duration.ofMillis(500))
          .until(
              () -> {
                for (ConnectorStateInfo.TaskState t : connect.connectorStatus(name).tasks()) {
                  assertThat(t.state())
                      .as("task state; trace: " + t.trace())
                      .isNotEqualTo("FAILED");
                }
                stored.clear();
                try {
                  for (String row :
                      db.rows(
                          "SELECT topic, kafka_partition, next_offset FROM "
                              + schema
                              + ".vs_progress WHERE consumer = '"
                              + name
                              + "'")) {
                    String[] f = row.split("\\|");
                    stored.put(f[0] + "/" + f[1], Long.parseLong(f[2]));
                  }
                } catch (java.sql.SQLException e) {
                  return false; // the vault's tables are not created yet
                }
                return ends.entrySet().stream()
                    .allMatch(e -> stored.getOrDefault(e.getKey(), 0L) >= e.getValue());
              });
    } catch (ConditionTimeoutException e) {
      StringBuilder first = new StringBuilder();
      for (FuzzRecord r : records) {
        Long at = stored.get(r.topic() + "/" + r.partition());
        if (at != null && at == r.offset()) {
          first.append("\n  the record at the stored position: ").append(r.describe());
        }
      }
      throw new AssertionError(
          name + ": the stored positions " + stored + " did not reach the ends " + ends + first, e);
    }
  }

  /**
   * Waits (polling, with a deadline) until Kafka holds the connector's offsets of every partition
   * read, at its end.
   */
  private static void awaitCommittedToKafka(String name, Map<String, Long> ends) throws Exception {
    try (Admin admin = connect.kafka().createAdminClient()) {
      Awaitility.await(name + " commits its offsets to Kafka")
          .atMost(Duration.ofMinutes(1))
          .pollInterval(Duration.ofMillis(250))
          .until(
              () -> {
                Map<String, Long> committed = new TreeMap<>();
                admin
                    .listConsumerGroupOffsets("connect-" + name)
                    .partitionsToOffsetAndMetadata()
                    .get()
                    .forEach(
                        (tp, o) -> committed.put(tp.topic() + "/" + tp.partition(), o.offset()));
                return committed.equals(ends);
              });
    }
  }

  /**
   * The dead letter queue: exactly the records the error table holds for a fault of their own (a
   * bad record, or a value the vault refused; not a parent that never came), each once, under the
   * topic, partition and offset it was read at (Connect's context headers), its value byte for
   * byte.
   */
  private static void checkDeadLetters(
      String dlq, TargetDatabase db, String schema, List<Decoded> decoded, Findings findings)
      throws Exception {
    Map<String, FuzzRecord> byPosition = new HashMap<>();
    Set<String> undecodable = new HashSet<>();
    for (Decoded d : decoded) {
      byPosition.put(d.record().where(), d.record());
      if (d.bad() != null) {
        undecodable.add(d.record().where());
      }
    }
    Map<String, FuzzRecord> bad = new HashMap<>();
    Map<String, String> why = new HashMap<>();
    for (String row :
        db.rows(
            "SELECT topic, kafka_partition, kafka_offset, error_code, message FROM "
                + schema
                + ".vs_errors WHERE error_code <> 'UNRESOLVED_REFERENCE'")) {
      String[] f = row.split("\\|", 5);
      String at = f[0] + "/" + f[1] + "@" + f[2];
      bad.put(at, byPosition.get(at));
      why.put(at, f[3] + ": " + f[4]);
    }
    if (undecodable.containsAll(bad.keySet())) {
      findings.add(
          "the run has no record the vault refused after decoding it",
          null,
          "nothing to check",
          "the dead letters of such records (sent by the task, not by Connect) went unchecked");
    }
    // Connect commits a partition's offsets once the dead letters of its records are sent, so after
    // awaitCommittedToKafka the queue should hold them all; any still missing is waited for a
    // while (which tells a late letter from a lost one), then reported.
    // The last complete read of the queue (a read cut short by the deadline is not one).
    AtomicReference<List<ConsumerRecord<byte[], byte[]>>> read = new AtomicReference<>(List.of());
    try {
      Awaitility.await("the dead letter queue holds every record the error table holds")
          .atMost(Duration.ofSeconds(90))
          .pollInterval(Duration.ofSeconds(1))
          .until(
              () -> {
                List<ConsumerRecord<byte[], byte[]>> all = new ArrayList<>();
                connect.kafka().consumeAll(60_000, dlq).forEach(all::add);
                read.set(all);
                Set<String> at = new HashSet<>();
                all.forEach(l -> at.add(position(l)));
                return at.containsAll(bad.keySet());
              });
    } catch (ConditionTimeoutException e) {
      // which ones are missing is reported below
    }
    List<ConsumerRecord<byte[], byte[]>> letters = read.get();
    Map<String, Integer> seen = new HashMap<>();
    for (ConsumerRecord<byte[], byte[]> letter : letters) {
      String at = position(letter);
      FuzzRecord r = bad.get(at);
      if (r == null) {
        findings.add(
            "b: a dead letter for a record that is not a bad record", null, "dead letter", at);
      } else if (seen.merge(at, 1, Integer::sum) > 1) {
        findings.add("b: a bad record is more than one dead letter", r, "dead letters", at);
      } else if (!Arrays.equals(letter.value(), r.value())) {
        findings.add("b: a dead letter's value is not the record's bytes", r, "value differs", at);
      }
    }
    bad.forEach(
        (at, r) -> {
          if (!seen.containsKey(at)) {
            findings.add(
                "b: a bad record is not in the dead letter queue",
                r,
                "missing",
                at + ", in the error table as " + why.get(at));
          }
        });
  }

  /** Where a dead letter's record was read, as Connect's context headers say. */
  private static String position(ConsumerRecord<byte[], byte[]> letter) {
    return header(letter, "__connect.errors.topic")
        + "/"
        + header(letter, "__connect.errors.partition")
        + "@"
        + header(letter, "__connect.errors.offset");
  }

  private static String header(ConsumerRecord<byte[], byte[]> r, String key) {
    Header h = r.headers().lastHeader(key);
    return h == null ? null : new String(h.value(), StandardCharsets.UTF_8);
  }
}
