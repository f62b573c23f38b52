package io.vaultstream.waiting;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.SourcePosition;
import io.vaultstream.plan.Recheck;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which rechecks (waiting rows, unresolved error rows, events held in memory) one attempt to load a
 * batch takes. Usually those whose parent arrived, plus the sweep's when it is due; while a batch
 * the database rejected is loaded in parts, first none (so an event is never blamed for the rows of
 * a recheck it brought in), then all of them in a sweep, less those found to be rejected on their
 * own, which go to the error table instead.
 */
public final class WaitingRecheckChoice {
  private final boolean take;
  private final boolean sweep;
  private final Map<SourcePosition, Problem> rejected;
  private List<Taken> taken = List.of();

  /** A recheck an attempt took, and the object it waited for. */
  public record Taken(Recheck recheck, String target) {}

  private WaitingRecheckChoice(boolean take, boolean sweep, Map<SourcePosition, Problem> rejected) {
    this.take = take;
    this.sweep = sweep;
    this.rejected = rejected;
  }

  /** The rechecks found as usual; the sweep when asked for or due. */
  public static WaitingRecheckChoice usual(boolean sweep) {
    return new WaitingRecheckChoice(true, sweep, Map.of());
  }

  /** No rechecks and no sweep: the batch's own events only. */
  public static WaitingRecheckChoice none() {
    return new WaitingRecheckChoice(false, false, Map.of());
  }

  /**
   * A sweep (every recheck whose parent is known), except the rechecks in {@code rejected}, which
   * are stored as errors with these problems (and their waiting or error rows removed).
   */
  public static WaitingRecheckChoice sweepRejecting(Map<SourcePosition, Problem> rejected) {
    return new WaitingRecheckChoice(true, true, rejected);
  }

  /** Whether the attempt takes rechecks at all. */
  public boolean takesRechecks() {
    return take;
  }

  /** Whether the attempt runs the sweep whether or not it is due. */
  public boolean sweep() {
    return sweep;
  }

  /**
   * The rechecks of a batch: of the stored rows found for it and of the events held in memory that
   * are due, those this choice takes. Records what it took.
   */
  public WaitingRechecks apply(WaitingRowRechecks rows, List<WaitingHeldEvent> held) {
    List<Recheck> rechecks = new ArrayList<>();
    Map<ChangeEvent, WaitingHeldEvent> fromHold = new IdentityHashMap<>();
    Map<ChangeEvent, Problem> refused = new IdentityHashMap<>();
    if (take) {
      rechecks.addAll(rows.rechecks());
      for (WaitingHeldEvent h : held) {
        rechecks.add(new Recheck(h.event(), h.linksOnly(), false));
        fromHold.put(h.event(), h);
      }
      rechecks.removeIf(r -> refuse(r.event(), refused));
    }
    WaitingRechecks out =
        new WaitingRechecks(
            rechecks,
            take ? rows.rows() : Map.of(),
            rows.expired(),
            fromHold,
            refused,
            rows.sweep());
    taken = taken(out);
    return out;
  }

  /** Whether the database refused the event's recheck on its own; records its error if so. */
  private boolean refuse(ChangeEvent e, Map<ChangeEvent, Problem> refused) {
    Problem pr = rejected.get(e.position());
    if (pr == null) {
      return false;
    }
    refused.put(e, new Problem(e, pr.code(), pr.target(), pr.message(), null, null));
    return true;
  }

  private static List<Taken> taken(WaitingRechecks rechecks) {
    List<Taken> out = new ArrayList<>();
    for (Recheck r : rechecks.rechecks()) {
      WaitingRow stored = rechecks.fromRows().get(r.event());
      WaitingHeldEvent held = rechecks.fromHold().get(r.event());
      out.add(
          new Taken(
              r,
              stored != null
                  ? stored.target()
                  : held != null ? held.problem().target() : r.event().sourceTable()));
    }
    return out;
  }

  /** The rechecks of the last batch planned with this choice (its rejected ones excluded). */
  public List<Taken> taken() {
    return taken;
  }
}
