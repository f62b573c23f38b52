package io.vaultstream.waiting;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.plan.BatchPlan;
import io.vaultstream.plan.Recheck;
import io.vaultstream.waiting.WaitingRow.Table;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a flush's waits come to once its batch is planned, decided from the plan alone: for each
 * rechecked event whether it loaded, still waits, loaded against the unknown ghost or is dropped
 * (its retention ran out), and which new waits become waiting rows. {@code WaitingCycle} writes the
 * rows this asks for.
 *
 * @param newWaits the problems that make new waiting rows (not held in memory)
 * @param resolved rechecked events that loaded
 * @param toDelete rows whose event loaded, went to the unknown ghost or became an error row
 * @param stillWaiting rows whose event still waits
 * @param toUnknown rows loaded against the unknown ghost, to park as UNKNOWN waiting rows
 * @param dropped expired rows whose parent is still missing
 * @param problems the problem of each row that still waits or is dropped: the parent it waits for
 *     now (by identity)
 */
record WaitingSettlement(
    List<Problem> newWaits,
    int resolved,
    List<WaitingRow> toDelete,
    List<WaitingRow> stillWaiting,
    List<WaitingRow> toUnknown,
    List<WaitingRow> dropped,
    Map<WaitingRow, Problem> problems) {

  /**
   * Settles the rechecks of a batch with this plan, which holds {@code held} in memory once it
   * commits.
   */
  static WaitingSettlement of(WaitingRechecks rechecks, BatchPlan plan, Set<ChangeEvent> held) {
    Builder b = new Builder(rechecks.newWaits(plan, held));
    Map<ChangeEvent, Problem> stillWaiting = rechecks.stillWaiting(plan);
    Set<ChangeEvent> waitsNow = Collections.newSetFromMap(new IdentityHashMap<>());
    b.newWaits.forEach(pr -> waitsNow.add(pr.event()));
    for (Recheck r : rechecks.rechecks()) {
      WaitingRow p = rechecks.fromRows().get(r.event());
      if (p == null) {
        // Held in memory: resolved, held again, or a new waiting row (one of newWaits).
        if (!held.contains(r.event()) && !waitsNow.contains(r.event())) {
          b.resolved++;
        }
      } else {
        b.settle(p, expired(rechecks, p), plan, stillWaiting.get(r.event()));
      }
    }
    for (ChangeEvent e : rechecks.rejected().keySet()) {
      WaitingRow p = rechecks.fromRows().get(e);
      // A row the sweep took for its expiry is deleted already; one held in memory has no row.
      if (p != null && !expired(rechecks, p)) {
        b.toDelete.add(p);
      }
    }
    return b.build();
  }

  /** Whether the row is an error row the sweep took for its expiry (deleted already). */
  private static boolean expired(WaitingRechecks rechecks, WaitingRow p) {
    return p.table() == Table.ERROR_TABLE && rechecks.expired().contains(p);
  }

  /** The settlement as it is gathered, one rechecked row at a time. */
  private static final class Builder {
    final List<Problem> newWaits;
    int resolved;
    final List<WaitingRow> toDelete = new ArrayList<>();
    final List<WaitingRow> stillWaiting = new ArrayList<>();
    final List<WaitingRow> toUnknown = new ArrayList<>();
    final List<WaitingRow> dropped = new ArrayList<>();
    final Map<WaitingRow, Problem> problems = new IdentityHashMap<>();

    Builder(List<Problem> newWaits) {
      this.newWaits = newWaits;
    }

    /**
     * One row's outcome: loaded against the unknown ghost, still waiting (or, expired, dropped), or
     * loaded. An expired row is deleted already, so it is never deleted again.
     */
    void settle(WaitingRow p, boolean expired, BatchPlan plan, Problem waits) {
      if (plan.unknownParents.contains(p.event())) {
        // Loaded against the unknown ghost: park it so the real parent still creates the link.
        toUnknown.add(p);
        if (!expired) {
          toDelete.add(p);
        }
      } else if (waits != null && !expired) {
        stillWaiting.add(p);
        problems.put(p, waits);
      } else if (waits != null) {
        dropped.add(p);
        problems.put(p, waits);
      } else {
        resolved++;
        if (!expired) {
          toDelete.add(p);
        }
      }
    }

    WaitingSettlement build() {
      return new WaitingSettlement(
          List.copyOf(newWaits),
          resolved,
          List.copyOf(toDelete),
          List.copyOf(stillWaiting),
          List.copyOf(toUnknown),
          List.copyOf(dropped),
          Collections.unmodifiableMap(problems));
    }
  }
}
