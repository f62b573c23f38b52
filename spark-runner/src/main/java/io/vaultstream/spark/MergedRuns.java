package io.vaultstream.spark;

import io.vaultstream.event.ChangeEvent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.function.Function;

/**
 * A micro-batch's events in source order, decoded as they are taken. The records are kept as Spark
 * read them: runs of one Kafka partition each, one after the other. The runs are merged by the
 * source order of their events, and a run's next record is decoded only when its last event was
 * taken, so the first events of the micro-batch can be loaded while the rest is still undecoded
 * (where a sort needs every event decoded first). A source connector writes each partition in
 * source order, so the merge is the micro-batch sorted into source order; a partition whose records
 * are not comes out in its own order, merged with the others. Events taken are kept: a second pass
 * (a load tried again) reads them without decoding again.
 */
final class MergedRuns {
  /** A Kafka record as read; the timestamp in milliseconds, 0 when the record has none. */
  record Raw(String topic, int partition, long offset, long timestamp, byte[] key, byte[] value) {}

  /** A run's head: the event its last decoded record gave, and where the run goes on. */
  private record Head(int[] run, ChangeEvent event) {}

  private final List<Raw> records;
  // Decodes a record to its event, or to none (a tombstone, or a bad record it keeps elsewhere).
  private final Function<Raw, Optional<ChangeEvent>> decode;
  private final List<ChangeEvent> taken = new ArrayList<>();
  private final PriorityQueue<Head> heads =
      new PriorityQueue<>((a, b) -> ChangeEvent.SOURCE_ORDER.compare(a.event(), b.event()));
  // Runs whose next event is to be decoded, each {next record, end}: every run at the start, then
  // the run whose head was taken; one whose decoding threw stays here, at the record that threw.
  private final ArrayDeque<int[]> pending = new ArrayDeque<>();

  MergedRuns(List<Raw> records, Function<Raw, Optional<ChangeEvent>> decode) {
    this.records = records;
    this.decode = decode;
    int from = 0;
    for (int i = 1; i <= records.size(); i++) {
      if (i == records.size() || !samePartition(records.get(i), records.get(from))) {
        pending.add(new int[] {from, i});
        from = i;
      }
    }
  }

  /** Whether there is an event at {@code index} of the merge: decodes until there is, or none. */
  boolean has(int index) {
    while (taken.size() <= index) {
      decodePending();
      Head head = heads.poll();
      if (head == null) {
        break;
      }
      taken.add(head.event());
      pending.add(head.run()); // its next record is decoded when the next event is asked for
    }
    return index < taken.size();
  }

  /** The event at {@code index} of the merge. */
  ChangeEvent get(int index) {
    if (!has(index)) {
      throw new IndexOutOfBoundsException(index + " of " + taken.size() + " events");
    }
    return taken.get(index);
  }

  /** Every event, in the order of the merge (decoding what is left). */
  List<ChangeEvent> all() {
    has(Integer.MAX_VALUE - 1);
    return taken;
  }

  private void decodePending() {
    while (!pending.isEmpty()) {
      int[] run = pending.peek();
      while (run[0] < run[1]) {
        int at = run[0];
        Optional<ChangeEvent> event = decode.apply(records.get(at)); // may throw: run stays at it
        records.set(at, null);
        run[0] = at + 1;
        if (event.isPresent()) {
          heads.add(new Head(run, event.get()));
          break;
        }
      }
      pending.poll();
    }
  }

  private static boolean samePartition(Raw a, Raw b) {
    return a.partition() == b.partition() && a.topic().equals(b.topic());
  }
}
