package io.vaultstream.engine;

import io.vaultstream.event.Progress;
import java.util.HashMap;
import java.util.Map;

/**
 * Tells whether the partitions a runtime reads are the ones its stored positions came from. An
 * offset means something only in the topic it was read from: a Kafka cluster built anew, or a topic
 * deleted and created again, numbers its records from 0 again, and resuming at the stored offset
 * would skip the new topic's records up to it. Each stored position keeps an anchor, a record
 * loaded before (its offset and Kafka timestamp); the runtime reads from the anchor on, and the
 * record it then finds at the anchor's offset must carry the anchor's timestamp. An anchor deleted
 * by retention or compaction, or without a timestamp, cannot be compared and passes.
 */
public final class TopicIncarnations {
  private record Partition(String topic, int partition) {}

  /** A stored position whose partition has not shown its anchor yet. */
  private record Pending(long seekOffset, Progress.Anchor anchor) {}

  private final Map<Partition, Pending> pending = new HashMap<>();

  /** The position after a partition's last record of a batch, anchored at that record. */
  public static Progress.Position anchored(
      String topic, int partition, long offset, Long timestamp) {
    return new Progress.Position(
        topic,
        partition,
        offset + 1,
        timestamp == null ? null : new Progress.Anchor(offset, timestamp));
  }

  /**
   * Why the record read at {@code offset} contradicts the anchor: it is at the anchor's offset and
   * has another timestamp. Null when it does not, or cannot be compared.
   */
  public static String mismatch(Progress.Anchor anchor, long offset, Long timestamp) {
    if (offset != anchor.offset() || timestamp == null || timestamp == anchor.timestamp()) {
      return null;
    }
    return "the record at offset "
        + offset
        + " has the timestamp "
        + timestamp
        + ", the one loaded from there had "
        + anchor.timestamp();
  }

  /**
   * Why a partition that ends at {@code endOffset} contradicts the anchor (it no longer reaches the
   * anchor's offset), or null.
   */
  public static String pastEnd(Progress.Anchor anchor, long endOffset) {
    return anchor.offset() >= endOffset ? "the partition now ends at offset " + endOffset : null;
  }

  /**
   * Where to resume a partition with this stored position: its next offset, or the anchor's offset
   * when that is earlier (the anchor is read again, then skipped as loaded).
   */
  public long resumeAt(Progress.Position stored) {
    Partition key = new Partition(stored.topic(), stored.partition());
    Progress.Anchor a = stored.anchor();
    if (a == null || a.offset() < 0) {
      pending.remove(key);
      return stored.nextOffset();
    }
    long seek = Math.min(stored.nextOffset(), a.offset());
    pending.put(key, new Pending(seek, a));
    return seek;
  }

  /**
   * Whether a record read contradicts its partition's stored position: the record at the anchor's
   * offset has another timestamp, or a record comes before where the runtime resumed (the stored
   * offset is past the partition's end, so the consumer started it again from its beginning). Null
   * when it does not; else what was found, for the message. Each partition is checked once.
   */
  public String contradiction(String topic, int partition, long offset, Long timestamp) {
    Partition key = pending.isEmpty() ? null : new Partition(topic, partition);
    Pending p = key == null ? null : pending.get(key);
    if (p == null) {
      return null;
    }
    if (offset < p.seekOffset()) {
      pending.remove(key);
      return "the partition now holds no record at offset "
          + p.seekOffset()
          + " and was read again from offset "
          + offset;
    }
    if (offset < p.anchor().offset()) {
      return null; // records before the anchor (held back): the anchor comes later
    }
    pending.remove(key);
    // Past the anchor's offset: the anchor is gone (retention or compaction), nothing to compare.
    return mismatch(p.anchor(), offset, timestamp);
  }

  /** The partition is no longer read. */
  public void forget(String topic, int partition) {
    pending.remove(new Partition(topic, partition));
  }
}
