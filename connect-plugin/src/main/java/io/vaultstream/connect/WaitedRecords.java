package io.vaultstream.connect;

import io.vaultstream.event.ChangeEvent;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.sink.SinkRecord;

/**
 * The records of events the engine holds in memory while they wait for a parent row (their offsets
 * are not committed meanwhile). When a later batch plans such an event again and the vault refuses
 * it then (its parent row arrived with a NULL business key, say), its record is a dead letter as a
 * record refused in its own batch is. Kept by the event itself, and only while the engine holds it
 * (at most {@code waiting.hold.max.events}): an event that went to the waiting table is read back
 * from there as another object, and a refusal then is an error row only, its record long gone.
 */
final class WaitedRecords {
  private final Map<ChangeEvent, SinkRecord> kept = new IdentityHashMap<>();

  /** The record of an event planned again from memory; null when it is not kept. */
  SinkRecord of(ChangeEvent event) {
    return kept.isEmpty() ? null : kept.get(event);
  }

  /**
   * A batch committed: the engine now holds {@code held}. The records of the batch's own events
   * ({@code source}) among them are kept, except those sent as dead letters already ({@code sent}:
   * a record is sent once), and the records of events no longer held are dropped.
   */
  void committed(
      Map<ChangeEvent, SinkRecord> source, Set<ChangeEvent> held, Set<ChangeEvent> sent) {
    if (held.isEmpty()) {
      kept.clear();
      return;
    }
    kept.keySet().retainAll(held);
    kept.keySet().removeAll(sent);
    boolean bySource = source.size() <= held.size();
    for (ChangeEvent e : bySource ? source.keySet() : held) {
      SinkRecord r = source.get(e);
      if (r != null && (!bySource || held.contains(e)) && !sent.contains(e)) {
        kept.put(e, r);
      }
    }
  }

  /** The partitions were taken away or are read again: their events are no longer held. */
  void forget(Collection<TopicPartition> partitions) {
    if (!kept.isEmpty()) {
      kept.keySet()
          .removeIf(
              e ->
                  partitions.contains(
                      new TopicPartition(e.position().topic(), e.position().partition())));
    }
  }

  /** How many records are kept. */
  int size() {
    return kept.size();
  }
}
