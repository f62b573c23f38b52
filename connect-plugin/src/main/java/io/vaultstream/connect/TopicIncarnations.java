package io.vaultstream.connect;

import io.vaultstream.event.Progress;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.sink.SinkRecord;

/**
 * Tells whether the partitions a task reads are the ones its stored positions came from. An offset
 * means something only in the topic it was read from: a Kafka cluster built anew, or a topic
 * deleted and created again, numbers its records from 0 again, and resuming at the stored offset
 * would skip the new topic's records up to it. Each stored position keeps an anchor, a record
 * loaded before (its offset and Kafka timestamp); the task reads from the anchor on, and the record
 * it then finds at the anchor's offset must carry the anchor's timestamp.
 */
final class TopicIncarnations {
  /** A stored position whose partition has not shown its anchor yet. */
  private record Pending(long seekOffset, Progress.Anchor anchor) {}

  private final Map<TopicPartition, Pending> pending = new HashMap<>();

  /**
   * Where to resume a partition with this stored position: its next offset, or the anchor's offset
   * when that is earlier (the anchor is read again, then skipped as loaded).
   */
  long resumeAt(TopicPartition tp, Progress.Position stored) {
    Progress.Anchor a = stored.anchor();
    if (a == null || a.offset() < 0) {
      pending.remove(tp);
      return stored.nextOffset();
    }
    long seek = Math.min(stored.nextOffset(), a.offset());
    pending.put(tp, new Pending(seek, a));
    return seek;
  }

  /**
   * Whether a record contradicts its partition's stored position: the record at the anchor's offset
   * has another timestamp, or a record comes before where the task resumed (the stored offset is
   * past the partition's end, so the consumer started it again from its beginning). Null when it
   * does not; else what was found, for the message.
   */
  String contradiction(TopicPartition tp, SinkRecord r) {
    Pending p = pending.isEmpty() ? null : pending.get(tp);
    if (p == null) {
      return null;
    }
    long offset = r.kafkaOffset();
    if (offset < p.seekOffset()) {
      pending.remove(tp);
      return "the partition now holds no record at offset "
          + p.seekOffset()
          + " and was read again from offset "
          + offset;
    }
    if (offset < p.anchor().offset()) {
      return null; // records before the anchor (held back): the anchor comes later
    }
    pending.remove(tp);
    if (offset > p.anchor().offset() || r.timestamp() == null) {
      return null; // the anchor is gone (retention or compaction) or untimed: nothing to compare
    }
    if (r.timestamp() == p.anchor().timestamp()) {
      return null;
    }
    return "the record at offset "
        + offset
        + " has the timestamp "
        + r.timestamp()
        + ", the one loaded from there had "
        + p.anchor().timestamp();
  }

  /** The position after a partition's last record of a batch, anchored at that record. */
  static Progress.Position anchored(SinkRecord last) {
    return new Progress.Position(
        last.topic(),
        last.kafkaPartition(),
        last.kafkaOffset() + 1,
        last.timestamp() == null
            ? null
            : new Progress.Anchor(last.kafkaOffset(), last.timestamp()));
  }

  /** The partition is no longer read by this task. */
  void forget(TopicPartition tp) {
    pending.remove(tp);
  }
}
