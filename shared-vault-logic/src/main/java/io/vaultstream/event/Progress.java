package io.vaultstream.event;

import java.util.List;

/**
 * How far a consumer has loaded, stored in the target in the same transaction as the rows: Kafka
 * Connect stores its next offset per topic partition; Spark its (query, batch id) ledger.
 *
 * @param consumer who is loading (a connector name, a streaming query name)
 */
public record Progress(String consumer, List<Position> positions) {
  public Progress {
    positions = List.copyOf(positions);
  }

  /**
   * The next offset to read from one topic partition, and optionally the anchor that tells whether
   * the partition read later is still the one this position came from.
   *
   * @param anchor a record loaded from this partition, or null when unknown
   */
  public record Position(String topic, int partition, long nextOffset, Anchor anchor) {
    /** A position without an anchor. */
    public Position(String topic, int partition, long nextOffset) {
      this(topic, partition, nextOffset, null);
    }
  }

  /**
   * A record loaded from a partition, named by its offset and Kafka timestamp (milliseconds). A
   * stored offset means something only in the topic it was read from: a Kafka cluster built anew,
   * or a topic deleted and created again, numbers its records from 0 again. Reading the anchor's
   * offset again and finding another timestamp there (or no such offset) shows that the stored
   * position belongs to another incarnation of the topic.
   */
  public record Anchor(long offset, long timestamp) {}
}
