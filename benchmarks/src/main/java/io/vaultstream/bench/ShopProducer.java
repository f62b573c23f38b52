package io.vaultstream.bench;

import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;

/**
 * Produces the generator's records into the embedded broker, keeping each partition's end offset
 * (and, for the latency run, when each record was sent).
 */
final class ShopProducer {
  private ShopProducer() {}

  /** Produces {@code events} records in chunks of 10,000. */
  static void produceAll(
      EmbeddedConnectCluster connect,
      ShopEventGenerator gen,
      int events,
      Map<TopicPartition, Long> end)
      throws Exception {
    long t0 = System.nanoTime();
    try (KafkaProducer<byte[], byte[]> p = connect.kafka().createProducer(new HashMap<>())) {
      for (int done = 0; done < events; ) {
        List<ChangeRecord> chunk = gen.next(Math.min(10_000, events - done));
        produce(p, chunk, end, null);
        done += chunk.size();
      }
    }
    System.out.printf(
        "Produced %,d change events in %.1f s%n", events, (System.nanoTime() - t0) / 1e9);
  }

  /** Sends {@code records} and waits for the acks; {@code sent} (if any) gets each send time. */
  static void produce(
      KafkaProducer<byte[], byte[]> p,
      List<ChangeRecord> records,
      Map<TopicPartition, Long> end,
      Map<TopicPartition, Map<Long, Long>> sent)
      throws Exception {
    List<Future<RecordMetadata>> acks = new ArrayList<>(records.size());
    for (ChangeRecord r : records) {
      acks.add(p.send(new ProducerRecord<>(r.topic(), r.key(), r.value())));
    }
    p.flush();
    long now = System.nanoTime();
    for (Future<RecordMetadata> f : acks) {
      RecordMetadata m = f.get();
      TopicPartition tp = new TopicPartition(m.topic(), m.partition());
      end.merge(tp, m.offset() + 1, Math::max);
      if (sent != null) {
        sent.computeIfAbsent(tp, k -> new HashMap<>()).put(m.offset(), now);
      }
    }
  }
}
