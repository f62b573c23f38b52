package io.vaultstream.engine;

import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.Progress;
import io.vaultstream.keymap.KeyMapReader;
import io.vaultstream.plan.BatchPlan;
import io.vaultstream.waiting.WaitingCycle;
import io.vaultstream.waiting.WaitingHold;
import io.vaultstream.waiting.WaitingInFlight;
import io.vaultstream.waiting.WaitingRechecks;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A batch that has been read and planned but not yet written: its events, the rechecks found for
 * it, its plan, and what it will change once committed, so that the next batch can be planned while
 * this one is written.
 */
final class PlannedBatch {
  // The events handed over; of them, those admitted (the rest are refused).
  final List<ChangeEvent> received;
  final List<ChangeEvent> events;
  final List<BadRecord> bad;
  final List<Problem> failed;
  // Of failed: the batch's own events refused before planning (columns or values the vault cannot
  // take), which the result reports with the plan's problems.
  final List<Problem> refused;
  final Progress progress;
  // The held events once this batch commits, and the progress it stores.
  final WaitingHold.Stored held;
  final long now;
  final WaitingRechecks rechecks;
  final BatchPlan plan;
  final long startNanos;
  final long preparedNanos;
  final long plannedNanos;
  // The plan's key map entries by source and primary key, once asked for.
  private Map<String, Map<String, TreeMap<Long, Map<String, String>>>> entries;

  PlannedBatch(
      List<ChangeEvent> received,
      List<ChangeEvent> events,
      List<BadRecord> bad,
      List<Problem> failed,
      List<Problem> refused,
      Progress progress,
      WaitingHold.Stored held,
      long now,
      WaitingRechecks rechecks,
      BatchPlan plan,
      long startNanos,
      long preparedNanos) {
    this.received = received;
    this.events = events;
    this.bad = bad;
    this.failed = failed;
    this.refused = refused;
    this.progress = progress;
    this.held = held;
    this.now = now;
    this.rechecks = rechecks;
    this.plan = plan;
    this.startNanos = startNanos;
    this.preparedNanos = preparedNanos;
    this.plannedNanos = System.nanoTime();
  }

  /** The waiting rows as the next batch must see them while this one is being written. */
  WaitingInFlight waitingView(WaitingCycle cycle) {
    return cycle.inFlight(rechecks, plan, held.held(), now);
  }

  /** The mappings this batch adds, by source table and primary key (built once). */
  Map<String, Map<String, TreeMap<Long, Map<String, String>>>> keyMapEntries() {
    if (entries == null) {
      Map<String, Map<String, TreeMap<Long, Map<String, String>>>> mine = new HashMap<>();
      for (BatchPlan.KeyMapEntry e : plan.keyMap) {
        mine.computeIfAbsent(e.source(), s -> new HashMap<>())
            .computeIfAbsent(e.pk(), k -> new TreeMap<>())
            .put(e.validFrom(), e.values());
      }
      entries = mine;
    }
    return entries;
  }

  /** A key map reader that also returns the mappings this batch adds (not committed yet). */
  KeyMapReader keyMapView(KeyMapReader committed) {
    Map<String, Map<String, TreeMap<Long, Map<String, String>>>> mine = keyMapEntries();
    if (mine.isEmpty()) {
      return committed;
    }
    return (String source, Set<String> pks) -> {
      Map<String, TreeMap<Long, Map<String, String>>> out = committed.read(source, pks);
      Map<String, TreeMap<Long, Map<String, String>>> added = mine.get(source);
      if (added != null) {
        for (String pk : pks) {
          TreeMap<Long, Map<String, String>> tl = added.get(pk);
          if (tl != null) {
            out.computeIfAbsent(pk, k -> new TreeMap<>()).putAll(tl);
          }
        }
      }
      return out;
    };
  }
}
