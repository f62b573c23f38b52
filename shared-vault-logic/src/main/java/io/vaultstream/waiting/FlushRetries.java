package io.vaultstream.waiting;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.plan.BatchPlan;
import io.vaultstream.plan.Retry;
import io.vaultstream.waiting.PendingReferenceStore.Pending;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The retries of one flush and where each came from (a waiting row, an error row, an event held in
 * memory), the events held after it and the retries the database refused on their own: gathered by
 * {@link PendingCycle#prepare}, {@link HeldWaits} and {@link RetryChoice}, read by the planner's
 * steps and {@link PendingCycle#finish}.
 */
public final class FlushRetries {
  /** The cycle that prepared them, which writes their rows' values as the database takes them. */
  final PendingCycle cycle;

  public final List<Retry> retries = new ArrayList<>();
  public final Map<ChangeEvent, Pending> origin = new IdentityHashMap<>();
  public final List<Pending> expired = new ArrayList<>();
  // Retries of events held in memory (not in any table), and the events held after the batch.
  public final Map<ChangeEvent, HeldWaits.Held> heldOrigin = new IdentityHashMap<>();
  public final Set<ChangeEvent> held = Collections.newSetFromMap(new IdentityHashMap<>());
  // Retries the database rejected on their own: stored as errors, not planned (RetryChoice).
  public final Map<ChangeEvent, Problem> rejected = new IdentityHashMap<>();
  public boolean sweep;

  FlushRetries(PendingCycle cycle) {
    this.cycle = cycle;
  }

  /**
   * Retries gathered without a cycle: events held in memory and plain retries, whose rows are never
   * written as waiting or error rows by it (the planner's and held events' own steps).
   */
  public FlushRetries() {
    this(null);
  }

  /** Whether the event is a retry (of a waiting or error row, or held in memory). */
  public boolean retried(ChangeEvent e) {
    return origin.containsKey(e) || heldOrigin.containsKey(e);
  }

  /** The first waiting problem of each retried event: the retries that still wait. */
  public static Map<ChangeEvent, Problem> retryWaits(FlushRetries prep, BatchPlan plan) {
    Map<ChangeEvent, Problem> out = new IdentityHashMap<>();
    for (Problem pr : plan.problems) {
      if (pr.waits() && prep.origin.containsKey(pr.event())) {
        out.putIfAbsent(pr.event(), pr);
      }
    }
    return out;
  }

  /**
   * The problems that make new waiting rows: the first waiting problem of each event that did not
   * come from a waiting or error row and is not held in memory.
   */
  public static List<Problem> newWaits(FlushRetries prep, BatchPlan plan) {
    List<Problem> out = firstWaits(prep, plan);
    out.removeIf(pr -> prep.held.contains(pr.event()));
    return out;
  }

  /**
   * The first waiting problem of each event that did not come from a waiting or error row, in the
   * plan's (source) order.
   */
  public static List<Problem> firstWaits(FlushRetries prep, BatchPlan plan) {
    Set<ChangeEvent> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    List<Problem> out = new ArrayList<>();
    for (Problem pr : plan.problems) {
      if (pr.waits() && !prep.origin.containsKey(pr.event()) && seen.add(pr.event())) {
        out.add(pr);
      }
    }
    return out;
  }
}
