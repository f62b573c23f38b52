package io.vaultstream.connect;

import io.vaultstream.engine.TopicIncarnations;
import io.vaultstream.event.Progress;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.sink.SinkRecord;

/**
 * A task's positions per partition: the next offset the vault holds (committed to Kafka at the next
 * commit), the next offset buffered, the topic incarnation each stored position came from, and the
 * partitions sent back to their beginning during the current put.
 */
final class PartitionPositions {
  private final Map<TopicPartition, Long> buffered = new HashMap<>();
  private final Map<TopicPartition, Long> committed = new HashMap<>();
  private final TopicIncarnations incarnations = new TopicIncarnations();
  private final Set<TopicPartition> rewound = new HashSet<>();

  /** Takes a position stored in the vault; returns the offset to resume the partition at. */
  long resume(TopicPartition tp, Progress.Position p) {
    committed.put(tp, p.nextOffset());
    return incarnations.resumeAt(p);
  }

  /** A put begins: no partition has been sent back in it yet. */
  void newPut() {
    rewound.clear();
  }

  /** Whether the partition was sent back to its beginning during this put (skip its records). */
  boolean rewound(TopicPartition tp) {
    return rewound.contains(tp);
  }

  /**
   * Why the record's topic is not the one the stored position came from (another Kafka cluster, or
   * an earlier topic of the name), or null.
   */
  String contradiction(TopicPartition tp, SinkRecord r) {
    return incarnations.contradiction(tp.topic(), tp.partition(), r.kafkaOffset(), r.timestamp());
  }

  /** Whether the record is before what is buffered or loaded already (delivered again). */
  boolean seen(TopicPartition tp, long offset) {
    return offset < Math.max(committed.getOrDefault(tp, -1L), buffered.getOrDefault(tp, -1L));
  }

  void buffered(TopicPartition tp, long offset) {
    buffered.put(tp, offset + 1);
  }

  /** The next offset the vault holds for the partition, or null. */
  Long committed(TopicPartition tp) {
    return committed.get(tp);
  }

  void committed(TopicPartition tp, long nextOffset) {
    committed.put(tp, nextOffset);
  }

  /** The partition is read from its beginning, in this put and after. */
  void rewind(TopicPartition tp) {
    committed.remove(tp);
    buffered.remove(tp);
    rewound.add(tp);
  }

  /**
   * The partition is read again from {@code nextOffset}, the position the vault holds, in this put
   * and after: the records delivered in this put are skipped, and Kafka commits that position.
   */
  void readAgain(TopicPartition tp, long nextOffset) {
    buffered.remove(tp);
    committed.put(tp, nextOffset);
    rewound.add(tp);
  }

  /** The partition was taken away from the task. */
  void forget(TopicPartition tp) {
    buffered.remove(tp);
    committed.remove(tp);
    incarnations.forget(tp.topic(), tp.partition());
  }

  /** The offsets to commit to Kafka for the partitions of {@code current}. */
  Map<TopicPartition, OffsetAndMetadata> toCommit(Map<TopicPartition, OffsetAndMetadata> current) {
    Map<TopicPartition, OffsetAndMetadata> out = new HashMap<>();
    committed.forEach(
        (tp, next) -> {
          if (current.containsKey(tp)) {
            out.put(tp, new OffsetAndMetadata(next));
          }
        });
    return out;
  }
}
