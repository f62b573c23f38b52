package io.vaultstream.waiting;

import io.vaultstream.event.Problem;
import io.vaultstream.event.SourcePosition;
import io.vaultstream.plan.Retry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Which retries (waiting rows, unresolved error rows, events held in memory) one attempt to load a
 * batch takes. Usually those whose parent arrived, plus the sweep's when it is due; while a batch
 * the database rejected is loaded in parts, first none (so an event is never blamed for the rows of
 * a retry it brought in), then all of them in a sweep, less those found to be rejected on their
 * own, which go to the error table instead.
 */
public final class RetryChoice {
  private final boolean take;
  private final boolean sweep;
  private final Map<SourcePosition, Problem> rejected;
  private List<Taken> taken = List.of();

  /** A retry an attempt took, and the object it waited for. */
  public record Taken(Retry retry, String target) {}

  private RetryChoice(boolean take, boolean sweep, Map<SourcePosition, Problem> rejected) {
    this.take = take;
    this.sweep = sweep;
    this.rejected = rejected;
  }

  /** The retries found as usual; the sweep when asked for or due. */
  public static RetryChoice usual(boolean sweep) {
    return new RetryChoice(true, sweep, Map.of());
  }

  /** No retries and no sweep: the batch's own events only. */
  public static RetryChoice none() {
    return new RetryChoice(false, false, Map.of());
  }

  /**
   * A sweep (every retry whose parent is known), except the retries in {@code rejected}, which are
   * stored as errors with these problems (and their waiting or error rows removed).
   */
  public static RetryChoice sweepRejecting(Map<SourcePosition, Problem> rejected) {
    return new RetryChoice(true, true, rejected);
  }

  /** Whether the attempt takes retries at all. */
  public boolean takesRetries() {
    return take;
  }

  /** Whether the attempt runs the sweep whether or not it is due. */
  public boolean sweep() {
    return sweep;
  }

  /** Applies the choice to the retries found for a batch; records what it took. */
  public void apply(FlushRetries prep) {
    if (!take) {
      prep.retries.clear();
      prep.origin.clear();
      prep.heldOrigin.clear();
    } else if (!rejected.isEmpty()) {
      prep.retries.removeIf(
          r -> {
            Problem pr = rejected.get(r.event().position());
            if (pr == null) {
              return false;
            }
            prep.rejected.put(
                r.event(),
                new Problem(r.event(), pr.code(), pr.target(), pr.message(), null, null));
            return true;
          });
    }
    List<Taken> out = new ArrayList<>();
    for (Retry r : prep.retries) {
      var stored = prep.origin.get(r.event());
      var held = prep.heldOrigin.get(r.event());
      out.add(
          new Taken(
              r,
              stored != null
                  ? stored.target()
                  : held != null ? held.problem().target() : r.event().sourceTable()));
    }
    taken = out;
  }

  /** The retries of the last batch planned with this choice (its rejected ones excluded). */
  public List<Taken> taken() {
    return taken;
  }
}
