package io.vaultstream.connect;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.testing.TestDatabase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.util.clusters.EmbeddedKafkaCluster;

/** Generated shop change events in real topics, remembered so tests know when all are loaded. */
public final class ShopFeed {
  /** The shop's source tables, each a topic {@code <prefix>.<table>}. */
  public static final List<String> TABLES =
      List.of("customers", "products", "order_status", "orders", "order_lines", "payments");

  public final List<ChangeRecord> records = new ArrayList<>();
  public final Map<TopicPartition, Long> endOffsets = new HashMap<>();
  private final Map<ChangeRecord, TopicPartition> where = new HashMap<>();
  private final Map<ChangeRecord, Long> offsets = new HashMap<>();

  /** Produces the records, keyed like Debezium (by primary key), and waits for the acks. */
  public void produce(EmbeddedKafkaCluster kafka, List<ChangeRecord> batch) throws Exception {
    try (KafkaProducer<byte[], byte[]> p = kafka.createProducer(new HashMap<>())) {
      List<Future<RecordMetadata>> acks = send(p, batch);
      p.flush();
      taken(batch, written(acks));
    }
  }

  /**
   * Produces the records in one transaction of {@code p} (a transactional producer, its
   * transactions initialised), committed or aborted. Only a committed transaction's records become
   * the feed's: an aborted one's stay in the topic, where only a consumer reading uncommitted
   * records sees them. Returns where each record was written.
   */
  public List<RecordMetadata> produceTransaction(
      KafkaProducer<byte[], byte[]> p, List<ChangeRecord> batch, boolean commit) throws Exception {
    p.beginTransaction();
    List<Future<RecordMetadata>> acks = send(p, batch);
    // Written to the log before the abort (an abort drops what the producer has not sent yet).
    p.flush();
    List<RecordMetadata> written = written(acks);
    if (!commit) {
      p.abortTransaction();
      return written;
    }
    p.commitTransaction();
    taken(batch, written);
    return written;
  }

  private static List<Future<RecordMetadata>> send(
      KafkaProducer<byte[], byte[]> p, List<ChangeRecord> batch) {
    List<Future<RecordMetadata>> acks = new ArrayList<>();
    for (ChangeRecord r : batch) {
      acks.add(p.send(new ProducerRecord<>(r.topic(), r.key(), r.value())));
    }
    return acks;
  }

  /** Waits for every acknowledgement; where each record was written. */
  private static List<RecordMetadata> written(List<Future<RecordMetadata>> acks) throws Exception {
    List<RecordMetadata> out = new ArrayList<>(acks.size());
    for (Future<RecordMetadata> a : acks) {
      out.add(a.get());
    }
    return out;
  }

  /** Adds the acknowledged records to the feed, with where they were written. */
  private void taken(List<ChangeRecord> batch, List<RecordMetadata> written) {
    for (int i = 0; i < batch.size(); i++) {
      RecordMetadata m = written.get(i);
      TopicPartition tp = new TopicPartition(m.topic(), m.partition());
      endOffsets.merge(tp, m.offset() + 1, Math::max);
      where.put(batch.get(i), tp);
      offsets.put(batch.get(i), m.offset());
    }
    records.addAll(batch);
  }

  /** Loads the same records straight through the engine, as a reference vault. */
  public void loadDirectly(VaultLoader loader) throws Exception {
    List<ChangeEvent> events = new ArrayList<>();
    for (ChangeRecord r : records) {
      TopicPartition tp = where.get(r);
      loader
          .decoder()
          .decode(r.topic(), tp.partition(), offsets.get(r), 0, r.key(), r.value())
          .ifPresent(events::add);
    }
    for (int i = 0; i < events.size(); i += 700) {
      loader.load(events.subList(i, Math.min(events.size(), i + 700)));
    }
  }

  /** Waits (polling, with a deadline) until the consumer's stored offsets reach the end offsets. */
  public void awaitLoaded(VaultLoader reader, String consumer, Duration timeout) {
    org.awaitility.Awaitility.await("all records loaded by " + consumer)
        .atMost(timeout)
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> {
              Map<TopicPartition, Long> stored = new HashMap<>();
              for (Progress.Position p : reader.progress(consumer)) {
                stored.put(new TopicPartition(p.topic(), p.partition()), p.nextOffset());
              }
              return endOffsets.entrySet().stream()
                  .allMatch(e -> stored.getOrDefault(e.getKey(), 0L) >= e.getValue());
            });
  }

  /** Creates the shop's topics of {@code prefix}, one partition each. */
  public static void createTopics(EmbeddedKafkaCluster kafka, String prefix) {
    createTopics(kafka, prefix, 1);
  }

  /**
   * Creates the shop's topics of {@code prefix}: orders and order lines with {@code
   * orderPartitions} partitions (so that a child's records are read out of order), the others with
   * one.
   */
  public static void createTopics(EmbeddedKafkaCluster kafka, String prefix, int orderPartitions) {
    for (String t : TABLES) {
      boolean order = t.equals("orders") || t.equals("order_lines");
      kafka.createTopic(prefix + "." + t, order ? orderPartitions : 1);
    }
  }

  /**
   * A vaultstream connector reading the shop topics of {@code prefix} as raw bytes (the engine
   * decodes the Debezium JSON itself) into {@code schema} with {@code model}. The connector is
   * named, not referenced: where the plugin is on a plugin path, its class is not on the test's.
   */
  static Map<String, String> bytesConnector(
      String prefix, List<String> tables, String schema, String model) {
    Map<String, String> p = new HashMap<>();
    p.put("connector.class", "io.vaultstream.connect.VaultSinkConnector");
    p.put("tasks.max", "1");
    p.put("topics", String.join(",", tables.stream().map(t -> prefix + "." + t).toList()));
    p.put("key.converter", "org.apache.kafka.connect.converters.ByteArrayConverter");
    p.put("value.converter", "org.apache.kafka.connect.converters.ByteArrayConverter");
    p.put("connection.url", TestDatabase.jdbcUrl());
    p.put("target.schema", schema);
    p.put("vault.model", model);
    return p;
  }

  /**
   * A vaultstream connector reading the shop topics of {@code prefix} through the JsonConverter
   * with schemas, as the shipped example does, into {@code schema} with {@code model}.
   */
  static Map<String, String> jsonConnector(
      String prefix, List<String> tables, String schema, String model) {
    Map<String, String> p = new HashMap<>();
    p.put("connector.class", VaultSinkConnector.class.getName());
    p.put("tasks.max", "1");
    p.put("topics", String.join(",", tables.stream().map(t -> prefix + "." + t).toList()));
    p.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
    p.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    p.put("key.converter.schemas.enable", "true");
    p.put("value.converter.schemas.enable", "true");
    p.put("connection.url", TestDatabase.jdbcUrl());
    p.put("target.schema", schema);
    p.put("vault.model", model);
    return p;
  }

  static String jdbcUrl() {
    return TestDatabase.jdbcUrl();
  }
}
