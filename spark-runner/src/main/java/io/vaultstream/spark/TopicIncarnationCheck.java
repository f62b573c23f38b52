package io.vaultstream.spark;

import io.vaultstream.event.Progress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Finds stored positions that belong to another incarnation of their topic (a Kafka cluster built
 * anew, a topic deleted and created again): an offset means something only in the topic it was read
 * from. Each stored position keeps an anchor, a record loaded before (offset and Kafka timestamp);
 * the record now at the anchor's offset must carry the anchor's timestamp, and the partition must
 * still reach that offset. An anchor deleted by retention or compaction cannot be compared and
 * passes.
 */
final class TopicIncarnationCheck {
  private static final Duration WAIT = Duration.ofSeconds(30);

  private TopicIncarnationCheck() {}

  /** The anchored positions that the partitions read now contradict, each with what was found. */
  static Map<TopicPartition, String> contradicted(
      Map<String, Object> kafkaClients, Map<TopicPartition, Progress.Anchor> anchors) {
    Map<TopicPartition, String> out = new HashMap<>();
    if (anchors.isEmpty()) {
      return out;
    }
    Map<String, Object> props = new HashMap<>(kafkaClients);
    props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "500");
    try (KafkaConsumer<byte[], byte[]> c =
        new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> tps = new ArrayList<>(anchors.keySet());
      c.assign(tps);
      Map<TopicPartition, Long> begin = c.beginningOffsets(tps, WAIT);
      Map<TopicPartition, Long> end = c.endOffsets(tps, WAIT);
      List<TopicPartition> toRead = new ArrayList<>();
      for (TopicPartition tp : tps) {
        long at = anchors.get(tp).offset();
        if (at >= end.get(tp)) {
          out.put(tp, "the partition now ends at offset " + end.get(tp));
        } else if (at >= begin.get(tp)) {
          toRead.add(tp);
        }
      }
      c.assign(toRead);
      toRead.forEach(tp -> c.seek(tp, anchors.get(tp).offset()));
      long deadline = System.nanoTime() + WAIT.toNanos();
      while (!toRead.isEmpty() && System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(500))) {
          TopicPartition tp = new TopicPartition(r.topic(), r.partition());
          if (!toRead.remove(tp)) {
            continue;
          }
          c.pause(List.of(tp));
          Progress.Anchor a = anchors.get(tp);
          if (r.offset() == a.offset() && r.timestamp() != a.timestamp()) {
            out.put(
                tp,
                "the record at offset "
                    + r.offset()
                    + " has the timestamp "
                    + r.timestamp()
                    + ", the one loaded from there had "
                    + a.timestamp());
          }
        }
      }
    }
    return out;
  }
}
