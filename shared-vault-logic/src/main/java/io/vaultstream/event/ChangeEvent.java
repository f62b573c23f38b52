package io.vaultstream.event;

import java.io.Serializable;
import java.util.Collections;
import java.util.Comparator;
import java.util.Map;

/**
 * The engine's neutral change record: what every runtime's input is turned into before anything
 * else happens.
 *
 * @param row the row image (after, or before for deletes) with values normalised to Java types
 * @param eventTimeMicros source commit time in microseconds since the epoch
 * @param rawKey the record key as received, for error rows (may be null)
 * @param rawValue the record value as received, for error rows (may be null)
 */
public record ChangeEvent(
    String sourceTable,
    Operation operation,
    Map<String, Object> row,
    long eventTimeMicros,
    SourcePosition position,
    RawBytes rawKey,
    RawBytes rawValue)
    implements Serializable {

  /** Source order: event time, then log position, then Kafka coordinates. */
  public static final Comparator<ChangeEvent> SOURCE_ORDER =
      Comparator.comparingLong(ChangeEvent::eventTimeMicros)
          .thenComparing(ChangeEvent::position, SourcePosition.ORDER);

  public ChangeEvent {
    // A NamedValues is read-only already: no wrapper per event.
    row = row instanceof NamedValues<?> ? row : Collections.unmodifiableMap(row);
  }

  /**
   * The same event positioned in another Kafka partition (where it was read, when a transform gave
   * its record the topic it was decoded under).
   */
  public ChangeEvent readAt(String topic, int partition) {
    return new ChangeEvent(
        sourceTable,
        operation,
        row,
        eventTimeMicros,
        new SourcePosition(
            topic, partition, position.offset(), position.lsn(), position.transaction()),
        rawKey,
        rawValue);
  }

  /** A value of the row image. */
  public Object get(String column) {
    return row.get(column);
  }
}
