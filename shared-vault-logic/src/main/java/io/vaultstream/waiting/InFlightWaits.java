package io.vaultstream.waiting;

import io.vaultstream.event.Problem;
import io.vaultstream.plan.BatchPlan;
import io.vaultstream.waiting.PendingReferenceStore.Origin;
import io.vaultstream.waiting.PendingReferenceStore.Pending;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a batch that is being written (not committed yet) changes in the waiting rows, as seen by
 * the next batch planned meanwhile: the rows it retried are left out as read from the database;
 * those it leaves waiting, and the rows it adds, are offered with the parent they wait for once it
 * commits, when that parent is in the next batch.
 */
public final class InFlightWaits {
  /** A row waiting after the batch: new ({@code previous} null) or retried and still waiting. */
  private record Waits(Pending previous, Problem problem) {}

  private final Set<String> retried = new HashSet<>();
  private final Map<String, List<Waits>> byParent = new HashMap<>();
  private final long now;
  private final PendingCycle cycle;

  public InFlightWaits(FlushRetries prep, BatchPlan plan, long now) {
    this.now = now;
    this.cycle = prep.cycle;
    prep.origin.values().forEach(x -> retried.add(PendingCycle.key(x)));
    for (Problem pr : FlushRetries.newWaits(prep, plan)) {
      add(new Waits(null, pr));
    }
    FlushRetries.retryWaits(prep, plan).forEach((e, pr) -> add(new Waits(prep.origin.get(e), pr)));
  }

  private void add(Waits w) {
    byParent
        .computeIfAbsent(
            w.problem.refSource() + "\u0000" + w.problem.refPk(), k -> new ArrayList<>())
        .add(w);
  }

  public List<Pending> adjust(List<Pending> fromDb, Map<String, Set<String>> batchKeys) {
    Map<String, Pending> out = new LinkedHashMap<>();
    for (Pending x : fromDb) {
      if (!retried.contains(PendingCycle.key(x))) {
        out.put(PendingCycle.key(x), x);
      }
    }
    batchKeys.forEach(
        (source, pks) -> {
          for (String pk : pks) {
            offer(source, pk, out);
          }
        });
    return new ArrayList<>(out.values());
  }

  /** Adds the waits of the batch before that a row of this batch resolves. */
  private void offer(String source, String pk, Map<String, Pending> out) {
    for (Waits w : byParent.getOrDefault(source + "\u0000" + pk, List.of())) {
      Pending x = pending(w);
      out.putIfAbsent(PendingCycle.key(x), x);
    }
  }

  private Pending pending(Waits w) {
    Problem pr = w.problem;
    if (w.previous == null) {
      Map<String, String> row = cycle.newWaitingRow(pr, now, now);
      return new Pending(
          Origin.WAITING_TABLE,
          pr.event().position().topic(),
          pr.event().position().partition(),
          pr.event().position().offset(),
          pr.target(),
          PendingReferenceStore.WAITING,
          PendingCycle.linksOnly(pr),
          pr.event(),
          now,
          0,
          row);
    }
    // As the batch's update leaves the row: the parent it waits for now, one more attempt.
    Pending p = w.previous;
    Map<String, String> row = new LinkedHashMap<>(p.columns());
    row.put("ref_source", pr.refSource());
    row.put("ref_pk", pr.refPk());
    row.put("message", pr.message());
    row.put("attempts", Integer.toString(p.attempts() + 1));
    return new Pending(
        p.origin(),
        p.topic(),
        p.partition(),
        p.offset(),
        p.target(),
        p.state(),
        p.linksOnly(),
        p.event(),
        p.sinceMicros(),
        p.attempts() + 1,
        row);
  }
}
