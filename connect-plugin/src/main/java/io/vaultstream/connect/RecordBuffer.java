package io.vaultstream.connect;

import io.vaultstream.waiting.WaitingHeldSize;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;

/**
 * The records a task has received and not yet handed to the engine, with an estimate of the memory
 * they keep, so that a batch is bounded by bytes as well as by records: a few large records must
 * not fill the worker's heap before {@code batch.size} is reached.
 */
final class RecordBuffer {
  private final List<RecordIntake.Entry> entries = new ArrayList<>();
  private long bytes;
  private long oldestNanos;

  /**
   * The estimated bytes an entry keeps: its decoded row and the record it came from (as events held
   * in memory are estimated), or the raw value of a record that could not be decoded.
   */
  static long size(RecordIntake.Entry e) {
    if (e.event() != null) {
      return WaitingHeldSize.of(e.event());
    }
    if (e.bad() != null) {
      byte[] key = e.bad().key();
      byte[] value = e.bad().value();
      return WaitingHeldSize.PER_EVENT
          + (key == null ? 0 : key.length)
          + (value == null ? 0 : value.length);
    }
    return WaitingHeldSize.PER_EVENT; // a tombstone
  }

  void add(RecordIntake.Entry e) {
    if (entries.isEmpty()) {
      oldestNanos = System.nanoTime();
    }
    entries.add(e);
    bytes += size(e);
  }

  /** Puts entries back (a batch that failed), before the ones buffered since. */
  void restore(Collection<RecordIntake.Entry> failed) {
    entries.addAll(0, failed);
    recount();
    oldestNanos = System.nanoTime();
  }

  void removeIf(Predicate<RecordIntake.Entry> which) {
    if (entries.removeIf(which)) {
      recount();
    }
  }

  void clear() {
    entries.clear();
    bytes = 0;
  }

  List<RecordIntake.Entry> entries() {
    return entries;
  }

  boolean isEmpty() {
    return entries.isEmpty();
  }

  int size() {
    return entries.size();
  }

  /** The estimated bytes of the buffered records. */
  long bytes() {
    return bytes;
  }

  /** Milliseconds since the oldest buffered record arrived. */
  long waitedMs() {
    return (System.nanoTime() - oldestNanos) / 1_000_000;
  }

  private void recount() {
    long n = 0;
    for (RecordIntake.Entry e : entries) {
      n += size(e);
    }
    bytes = n;
  }
}
