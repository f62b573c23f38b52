package io.vaultstream.connect;

import io.vaultstream.engine.TopicIncarnations;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.sink.SinkRecord;

/**
 * A batch a task hands to the engine: the buffered entries it is made of, their events and records
 * that could not be decoded, the record of each event, and the progress it stores (each partition's
 * last record, anchored to its offset and timestamp).
 */
record TaskBatch(
    List<RecordIntake.Entry> entries,
    List<ChangeEvent> events,
    List<BadRecord> bad,
    Map<ChangeEvent, SinkRecord> source,
    Progress progress) {

  /** The batch of these entries, in their order, storing the consumer's progress. */
  static TaskBatch of(String consumer, List<RecordIntake.Entry> entries) {
    List<ChangeEvent> events = new ArrayList<>(entries.size());
    List<BadRecord> bad = new ArrayList<>();
    // Sized for every entry at once: grown entry by entry, it would copy itself about seven times.
    Map<ChangeEvent, SinkRecord> source = new IdentityHashMap<>(entries.size());
    Map<TopicPartition, SinkRecord> last = new HashMap<>();
    for (RecordIntake.Entry e : entries) {
      SinkRecord r = e.record();
      last.put(partitionOf(e), r);
      if (e.event() != null) {
        events.add(e.event());
        source.put(e.event(), r);
      } else if (e.bad() != null) {
        bad.add(e.bad());
      }
    }
    List<Progress.Position> ends = new ArrayList<>();
    last.values()
        .forEach(
            r ->
                ends.add(
                    TopicIncarnations.anchored(
                        ReadCoordinates.topic(r),
                        ReadCoordinates.partition(r),
                        r.kafkaOffset(),
                        r.timestamp())));
    return new TaskBatch(List.copyOf(entries), events, bad, source, new Progress(consumer, ends));
  }

  /** The partition an entry's record was read from. */
  static TopicPartition partitionOf(RecordIntake.Entry e) {
    return ReadCoordinates.of(e.record());
  }
}
