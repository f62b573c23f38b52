package io.vaultstream.event;

import java.io.Serializable;
import java.util.Comparator;

/**
 * Where an event came from: its Kafka coordinates and, when the source reports them, the log
 * position (PostgreSQL LSN) that orders changes within one transaction and the source transaction's
 * id.
 *
 * @param transaction the source transaction's id (Debezium's transaction metadata, {@code
 *     source.txId} or {@code source.gtid}), or null
 */
public record SourcePosition(String topic, int partition, long offset, Long lsn, String transaction)
    implements Serializable {

  /** A position without a transaction id. */
  public SourcePosition(String topic, int partition, long offset, Long lsn) {
    this(topic, partition, offset, lsn, null);
  }

  /**
   * Source order for events with the same event time: by log position where both carry one (the
   * changes of one database, across its tables), and by Kafka coordinates otherwise. Events with a
   * log position come before those without, so that the order is a total one whatever mix of
   * sources a batch holds: comparing by log position only where both have one, and by topic
   * otherwise, made cycles (a before b by position, b before c and c before a by topic), which a
   * sort may refuse with an exception.
   */
  public static final Comparator<SourcePosition> ORDER =
      (a, b) -> {
        if (a.lsn != null || b.lsn != null) {
          if (a.lsn == null || b.lsn == null) {
            return a.lsn != null ? -1 : 1;
          }
          int c = Long.compare(a.lsn, b.lsn);
          if (c != 0) {
            return c;
          }
        }
        int c = a.topic.compareTo(b.topic);
        if (c != 0) {
          return c;
        }
        c = Integer.compare(a.partition, b.partition);
        return c != 0 ? c : Long.compare(a.offset, b.offset);
      };

  @Override
  public String toString() {
    return topic + "/" + partition + "@" + offset;
  }
}
