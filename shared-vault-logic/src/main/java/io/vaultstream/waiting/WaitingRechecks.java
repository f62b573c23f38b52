package io.vaultstream.waiting;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.plan.BatchPlan;
import io.vaultstream.plan.Recheck;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The rechecks of one flush (events planned again because the parent they wait for may be known
 * now) and where each came from: a waiting or error row, or an event held in memory; with the error
 * rows the sweep took for their expiry and the rechecks the database refused on their own. Made by
 * {@code WaitingRecheckChoice.apply}, read by the planner and {@code WaitingCycle.finish}.
 * Immutable; its maps are keyed by the events' identity.
 */
public final class WaitingRechecks {
  private final List<Recheck> rechecks;
  private final Map<ChangeEvent, WaitingRow> fromRows;
  private final List<WaitingRow> expired;
  private final Map<ChangeEvent, WaitingHeldEvent> fromHold;
  private final Map<ChangeEvent, Problem> rejected;
  private final boolean sweep;

  WaitingRechecks(
      List<Recheck> rechecks,
      Map<ChangeEvent, WaitingRow> fromRows,
      List<WaitingRow> expired,
      Map<ChangeEvent, WaitingHeldEvent> fromHold,
      Map<ChangeEvent, Problem> rejected,
      boolean sweep) {
    this.rechecks = List.copyOf(rechecks);
    this.fromRows = identityCopy(fromRows);
    this.expired = List.copyOf(expired);
    this.fromHold = identityCopy(fromHold);
    this.rejected = identityCopy(rejected);
    this.sweep = sweep;
  }

  private static <V> Map<ChangeEvent, V> identityCopy(Map<ChangeEvent, V> m) {
    return Collections.unmodifiableMap(new IdentityHashMap<>(m));
  }

  /** The events to plan again, rows' first, then those held in memory. */
  public List<Recheck> rechecks() {
    return rechecks;
  }

  /** The waiting or error row each rechecked event comes from. */
  public Map<ChangeEvent, WaitingRow> fromRows() {
    return fromRows;
  }

  /** The error rows the sweep took for their expiry (deleted already), rechecked a last time. */
  public List<WaitingRow> expired() {
    return expired;
  }

  /** The events held in memory that are rechecked, with how they were held. */
  public Map<ChangeEvent, WaitingHeldEvent> fromHold() {
    return fromHold;
  }

  /** Rechecks the database refused on their own: stored as errors with these problems. */
  public Map<ChangeEvent, Problem> rejected() {
    return rejected;
  }

  /** Whether the batch runs the sweep. */
  public boolean sweep() {
    return sweep;
  }

  /** Whether the event is a recheck (of a waiting or error row, or held in memory). */
  public boolean rechecked(ChangeEvent e) {
    return fromRows.containsKey(e) || fromHold.containsKey(e);
  }

  /** When the event began to wait: when it was first held, or {@code now} for a new wait. */
  public long arrivedAt(ChangeEvent e, long now) {
    WaitingHeldEvent h = fromHold.get(e);
    return h == null ? now : h.sinceMicros();
  }

  /** The first waiting problem of each event rechecked from a row: the rows that still wait. */
  public Map<ChangeEvent, Problem> stillWaiting(BatchPlan plan) {
    Map<ChangeEvent, Problem> out = new IdentityHashMap<>();
    for (Problem pr : plan.problems) {
      if (pr.waits() && fromRows.containsKey(pr.event())) {
        out.putIfAbsent(pr.event(), pr);
      }
    }
    return out;
  }

  /**
   * The problems that make new waiting rows: the first waiting problem of each event that did not
   * come from a waiting or error row and is not in {@code held} (held in memory after the batch).
   */
  public List<Problem> newWaits(BatchPlan plan, Set<ChangeEvent> held) {
    List<Problem> out = firstNewWaits(plan);
    out.removeIf(pr -> held.contains(pr.event()));
    return out;
  }

  /**
   * The first waiting problem of each event that did not come from a waiting or error row, in the
   * plan's (source) order.
   */
  public List<Problem> firstNewWaits(BatchPlan plan) {
    Set<ChangeEvent> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    List<Problem> out = new ArrayList<>();
    for (Problem pr : plan.problems) {
      if (pr.waits() && !fromRows.containsKey(pr.event()) && seen.add(pr.event())) {
        out.add(pr);
      }
    }
    return out;
  }
}
