package io.vaultstream.spark;

import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.samples.ShopTables;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import kafka.testkit.KafkaClusterTestKit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The shop's Debezium change events (module samples: envelopes with schemas as the JsonConverter
 * writes them, deletes followed by tombstones) written into the broker, one partition per topic.
 */
final class SparkBenchEvents implements SparkBenchInput, AutoCloseable {
  /** The seed of the Connect benchmark on generated events (benchmarks/.../connect/EventLoader). */
  static final long SEED = 1;

  private final KafkaClusterTestKit kafka;
  private final ShopEventGenerator events = ShopEventGenerator.debezium(SEED);
  private final KafkaProducer<byte[], byte[]> producer;

  /** Records produced per topic, so far. */
  final Map<String, Long> perTopic = new TreeMap<>();

  long tombstones;
  long deletes;

  SparkBenchEvents(KafkaClusterTestKit kafka) {
    this.kafka = kafka;
    Properties p = new Properties();
    p.putAll(kafka.clientProperties());
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
    p.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
    producer = new KafkaProducer<>(p);
  }

  void createTopics() throws Exception {
    List<NewTopic> topics = new ArrayList<>();
    for (ShopTables.Table t : ShopTables.TABLES) {
      topics.add(new NewTopic(t.topic(), 1, (short) 1));
      perTopic.put(t.topic(), 0L);
    }
    try (Admin admin = Admin.create(kafka.clientProperties())) {
      admin.createTopics(topics).all().get(60, TimeUnit.SECONDS);
    }
  }

  /** Produces the stream's next {@code n} records (tombstones count) and waits for every ack. */
  void produce(int n) throws Exception {
    AtomicReference<Exception> failure = new AtomicReference<>();
    long deletesBefore = deletes;
    long tombstonesBefore = tombstones;
    for (int done = 0; done < n; ) {
      List<ChangeRecord> chunk = events.next(Math.min(10_000, n - done));
      for (ChangeRecord r : chunk) {
        perTopic.merge(r.topic(), 1L, Long::sum);
        if (r.tombstone()) {
          tombstones++;
        } else if ("d".equals(r.op())) {
          deletes++;
        }
        producer.send(
            new ProducerRecord<>(r.topic(), r.key(), r.value()),
            (m, e) -> {
              if (e != null) {
                failure.compareAndSet(null, e);
              }
            });
      }
      done += chunk.size();
    }
    producer.flush();
    if (failure.get() != null) {
      throw new IllegalStateException(
          "the broker did not take every change event: " + failure.get(), failure.get());
    }
    System.out.printf(
        "Produced %,d Debezium change events (seed %d; JSON with schemas; %,d deletes, %,d"
            + " tombstones)%n",
        n, SEED, deletes - deletesBefore, tombstones - tombstonesBefore);
  }

  @Override
  public Map<String, Long> perTopic() {
    return perTopic;
  }

  @Override
  public long tombstones() {
    return tombstones;
  }

  @Override
  public void close() {
    producer.close();
  }
}
