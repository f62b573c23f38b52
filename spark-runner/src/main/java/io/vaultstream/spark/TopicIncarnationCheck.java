package io.vaultstream.spark;

import io.vaultstream.engine.TopicIncarnations;
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
 * from. This class reads the record now at each anchor's offset; whether it contradicts the anchor
 * is the engine's rule ({@link TopicIncarnations}), the one the Connect task applies too.
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
    try (KafkaConsumer<byte[], byte[]> c = consumer(kafkaClients)) {
      List<TopicPartition> toRead = partitionsToRead(c, anchors, out);
      readAtAnchors(c, anchors, toRead, out);
    }
    return out;
  }

  /** A consumer that commits nothing, for reading a record here and there. */
  static KafkaConsumer<byte[], byte[]> consumer(Map<String, Object> kafkaClients) {
    Map<String, Object> props = new HashMap<>(kafkaClients);
    props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
    props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
    props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "500");
    return new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer());
  }

  /**
   * The partitions whose anchor's offset is still in the partition, to be read there; a partition
   * that ends before its anchor is contradicted at once (into {@code out}).
   */
  private static List<TopicPartition> partitionsToRead(
      KafkaConsumer<byte[], byte[]> c,
      Map<TopicPartition, Progress.Anchor> anchors,
      Map<TopicPartition, String> out) {
    List<TopicPartition> tps = new ArrayList<>(anchors.keySet());
    c.assign(tps);
    Map<TopicPartition, Long> begin = c.beginningOffsets(tps, WAIT);
    Map<TopicPartition, Long> end = c.endOffsets(tps, WAIT);
    List<TopicPartition> toRead = new ArrayList<>();
    for (TopicPartition tp : tps) {
      Progress.Anchor a = anchors.get(tp);
      String pastEnd = TopicIncarnations.pastEnd(a, end.get(tp));
      if (pastEnd != null) {
        out.put(tp, pastEnd);
      } else if (a.offset() >= begin.get(tp)) {
        toRead.add(tp);
      }
    }
    return toRead;
  }

  /**
   * Reads the record at each partition's anchored offset (until {@link #WAIT} has passed) and puts
   * the partitions whose record contradicts its anchor into {@code out}.
   */
  private static void readAtAnchors(
      KafkaConsumer<byte[], byte[]> c,
      Map<TopicPartition, Progress.Anchor> anchors,
      List<TopicPartition> toRead,
      Map<TopicPartition, String> out) {
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
        String mismatch = TopicIncarnations.mismatch(anchors.get(tp), r.offset(), r.timestamp());
        if (mismatch != null) {
          out.put(tp, mismatch);
        }
      }
    }
  }
}
