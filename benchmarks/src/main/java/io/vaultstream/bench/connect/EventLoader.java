package io.vaultstream.bench.connect;

import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.samples.ShopTables;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Writes the shop's change events into the broker (keys spread over partitions by Kafka's default
 * partitioner) and knows the topics' end offsets.
 */
final class EventLoader implements AutoCloseable {
  final Admin admin;
  final ShopEventGenerator events = ShopEventGenerator.debezium(1);
  private final KafkaProducer<byte[], byte[]> producer;
  private final int partitions;

  EventLoader(String bootstrap, int partitions) {
    this.partitions = partitions;
    this.admin = Admin.create(Map.of("bootstrap.servers", bootstrap));
    Map<String, Object> p = new HashMap<>();
    p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
    p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
    p.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
    this.producer = new KafkaProducer<>(p);
  }

  void createTopics() throws Exception {
    List<NewTopic> topics = new ArrayList<>();
    for (ShopTables.Table t : ShopTables.TABLES) {
      topics.add(new NewTopic(t.topic(), partitions, (short) 1));
    }
    admin.createTopics(topics).all().get(60, TimeUnit.SECONDS);
  }

  /** Produces the next {@code n} events and waits for every acknowledgement. */
  void produce(int n) throws Exception {
    for (int done = 0; done < n; ) {
      List<ChangeRecord> chunk = events.next(Math.min(10_000, n - done));
      for (ChangeRecord r : chunk) {
        producer.send(new ProducerRecord<>(r.topic(), r.key(), r.value()));
      }
      done += chunk.size();
    }
    producer.flush();
  }

  /** Sends records now, calling back with each one's partition and offset once acknowledged. */
  void send(List<ChangeRecord> records, Map<TopicPartition, Map<Long, Long>> sentNanos) {
    for (ChangeRecord r : records) {
      long now = System.nanoTime();
      producer.send(
          new ProducerRecord<>(r.topic(), r.key(), r.value()),
          (m, e) -> {
            if (e == null) {
              sentNanos
                  .computeIfAbsent(
                      new TopicPartition(m.topic(), m.partition()), k -> new ConcurrentHashMap<>())
                  .put(m.offset(), now);
            }
          });
    }
    producer.flush();
  }

  /** Every shop partition's end offset (the next offset to be written). */
  Map<TopicPartition, Long> endOffsets() throws Exception {
    Map<TopicPartition, OffsetSpec> ask = new HashMap<>();
    for (ShopTables.Table t : ShopTables.TABLES) {
      for (int p = 0; p < partitions; p++) {
        ask.put(new TopicPartition(t.topic(), p), OffsetSpec.latest());
      }
    }
    Map<TopicPartition, Long> out = new HashMap<>();
    admin
        .listOffsets(ask)
        .all()
        .get(60, TimeUnit.SECONDS)
        .forEach((tp, o) -> out.put(tp, o.offset()));
    return out;
  }

  @Override
  public void close() {
    producer.close();
    admin.close();
  }
}
