package io.vaultstream.engine;

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

  /** The next offset to read from one topic partition. */
  public record Position(String topic, int partition, long nextOffset) {}
}
