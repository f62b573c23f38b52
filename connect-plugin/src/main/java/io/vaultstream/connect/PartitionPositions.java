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
 * partitions sent back to another offset whose records delivered meanwhile are stale.
 *
 * <p>Connect applies a seek before its next poll, so the records a put delivers are stale for a
 * partition whose seek was asked during that put or found due at its start; so are the same records
 * delivered again after a put failed. A seek found outside a put (in the offset commit or a close,
 * which Connect may call in the middle of a poll whose records were fetched before) is asked at the
 * start of the next put, so that a partition taken away meanwhile is never sought.
 */
final class PartitionPositions {
  private final Map<TopicPartition, Long> buffered = new HashMap<>();
  private final Map<TopicPartition, Long> committed = new HashMap<>();
  private final TopicIncarnations incarnations = new TopicIncarnations();
  // Partitions whose records in the current put predate their seek.
  private final Set<TopicPartition> stale = new HashSet<>();
  // Seeks not asked of Connect yet: partition to the offset to read it from.
  private final Map<TopicPartition, Long> seeks = new HashMap<>();
  // The partitions with records in the current put (the last one added, to skip repeats cheaply).
  private final Set<TopicPartition> deliveredNow = new HashSet<>();
  private TopicPartition lastDelivered;

  /** Takes a position stored in the vault; returns the offset to resume the partition at. */
  long resume(TopicPartition tp, Progress.Position p) {
    committed.put(tp, p.nextOffset());
    return incarnations.resumeAt(p);
  }

  /**
   * A put begins; returns the seeks to ask of Connect now (their partitions' records in this put
   * are stale).
   *
   * @param again whether it delivers the records of a put that failed once more (the partitions
   *     that had none in it are not stale for that: Connect may also have moved on)
   */
  Map<TopicPartition, Long> newPut(boolean again) {
    if (again) {
      // Connect delivers the failed put's records again: only those partitions' are stale still.
      stale.retainAll(deliveredNow);
    } else {
      stale.clear();
    }
    deliveredNow.clear();
    lastDelivered = null;
    Map<TopicPartition, Long> due = new HashMap<>(seeks);
    stale.addAll(due.keySet());
    seeks.clear();
    return due;
  }

  /** A record of the partition is delivered in the current put. */
  void delivered(TopicPartition tp) {
    if (!tp.equals(lastDelivered)) {
      deliveredNow.add(tp);
      lastDelivered = tp;
    }
  }

  /** Whether the partition's records delivered now predate its seek (skip them). */
  boolean rewound(TopicPartition tp) {
    return stale.contains(tp) || seeks.containsKey(tp);
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

  /** The partition is read from its beginning (sought by the caller now, during a put). */
  void rewind(TopicPartition tp) {
    committed.remove(tp);
    buffered.remove(tp);
    stale.add(tp);
  }

  /**
   * The partition is read again from {@code from}, where the vault holds {@code nextOffset}: Kafka
   * commits that position, and the seek is asked at the start of the next put.
   */
  void readAgain(TopicPartition tp, long nextOffset, long from) {
    buffered.remove(tp);
    committed.put(tp, nextOffset);
    seeks.put(tp, from);
    stale.add(tp);
  }

  /** The partition was taken away from the task. */
  void forget(TopicPartition tp) {
    buffered.remove(tp);
    committed.remove(tp);
    seeks.remove(tp);
    stale.remove(tp);
    incarnations.forget(tp.topic(), tp.partition());
  }

  /**
   * The offsets to commit to Kafka for the partitions of {@code current}: those the vault holds,
   * but never past the offsets of {@code current}, which Connect takes as consumed. The vault can
   * be ahead of them when a put failed after some of its records were loaded (Connect delivers the
   * records again); Connect would ignore such an offset, with a warning at every offset commit.
   */
  Map<TopicPartition, OffsetAndMetadata> toCommit(Map<TopicPartition, OffsetAndMetadata> current) {
    Map<TopicPartition, OffsetAndMetadata> out = new HashMap<>();
    committed.forEach(
        (tp, next) -> {
          OffsetAndMetadata consumed = current.get(tp);
          if (consumed != null) {
            out.put(tp, new OffsetAndMetadata(Math.min(next, consumed.offset())));
          }
        });
    return out;
  }
}
