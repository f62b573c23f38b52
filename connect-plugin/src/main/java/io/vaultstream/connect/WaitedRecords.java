package io.vaultstream.connect;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.sink.SinkRecord;

/**
 * The records of events that wait for a parent row, kept while the engine may still hold the events
 * in memory (their partition's committed position has not passed them). When a later batch plans
 * such an event again and the vault refuses it then (its parent row arrived with a NULL business
 * key, say), its record is a dead letter as a record refused in its own batch is. An event the
 * engine stores in the waiting table leaves memory, and its partition's position passes it: a
 * refusal when it is planned again from there is an error row only, its record long gone.
 */
final class WaitedRecords {
  private record At(String topic, int partition, long offset) {
    static At of(ChangeEvent e) {
      return new At(e.position().topic(), e.position().partition(), e.position().offset());
    }
  }

  private final Map<At, SinkRecord> kept = new HashMap<>();

  /** The event of {@code record}, in a batch that committed, waits. */
  void waits(ChangeEvent event, SinkRecord record) {
    kept.put(At.of(event), record);
  }

  /** The record of an event planned again, no longer kept; null when it is not kept. */
  SinkRecord take(ChangeEvent event) {
    return kept.isEmpty() ? null : kept.remove(At.of(event));
  }

  /** A batch committed these positions: the events before them are no longer held in memory. */
  void committed(Collection<Progress.Position> positions) {
    if (kept.isEmpty()) {
      return;
    }
    for (Progress.Position p : positions) {
      kept.keySet()
          .removeIf(
              at ->
                  at.partition() == p.partition()
                      && at.offset() < p.nextOffset()
                      && at.topic().equals(p.topic()));
    }
  }

  /** The partitions were taken away or are read again: their events are no longer held. */
  void forget(Collection<TopicPartition> partitions) {
    if (!kept.isEmpty()) {
      kept.keySet()
          .removeIf(at -> partitions.contains(new TopicPartition(at.topic(), at.partition())));
    }
  }

  /** How many records are kept. */
  int size() {
    return kept.size();
  }
}
