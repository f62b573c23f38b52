package io.vaultstream.waiting;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.plan.BatchPlan;
import io.vaultstream.waiting.WaitingRow.Table;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a batch that is being written (not committed yet) changes in the waiting rows, as seen by
 * the next batch planned meanwhile: the rows it rechecked are left out as read from the database;
 * those it leaves waiting, and the rows it adds, are offered with the parent they wait for once it
 * commits, when that parent is in the next batch.
 */
public final class WaitingInFlight {
  /** A row waiting after the batch: new ({@code previous} null) or rechecked and still waiting. */
  private record Waits(WaitingRow previous, Problem problem) {}

  private final Set<String> rechecked = new HashSet<>();
  private final Map<String, List<Waits>> byParent = new HashMap<>();
  private final WaitingColumns columns;
  private final long now;

  /**
   * The view of the batch with these rechecks and plan, which holds {@code held} in memory once it
   * commits, planned at {@code now}.
   */
  WaitingInFlight(
      WaitingRechecks rechecks,
      BatchPlan plan,
      Set<ChangeEvent> held,
      WaitingColumns columns,
      long now) {
    this.columns = columns;
    this.now = now;
    rechecks.fromRows().values().forEach(x -> rechecked.add(x.key()));
    for (Problem pr : rechecks.newWaits(plan, held)) {
      add(new Waits(null, pr));
    }
    rechecks.stillWaiting(plan).forEach((e, pr) -> add(new Waits(rechecks.fromRows().get(e), pr)));
  }

  private void add(Waits w) {
    byParent
        .computeIfAbsent(
            w.problem.refSource() + "\u0000" + w.problem.refPk(), k -> new ArrayList<>())
        .add(w);
  }

  /**
   * The rows read from the database for the next batch, as they are once this batch commits: less
   * those it rechecked, plus those it leaves waiting for a parent row of {@code batchKeys}.
   */
  List<WaitingRow> adjust(List<WaitingRow> fromDb, Map<String, Set<String>> batchKeys) {
    Map<String, WaitingRow> out = new LinkedHashMap<>();
    for (WaitingRow x : fromDb) {
      if (!rechecked.contains(x.key())) {
        out.put(x.key(), x);
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
  private void offer(String source, String pk, Map<String, WaitingRow> out) {
    for (Waits w : byParent.getOrDefault(source + "\u0000" + pk, List.of())) {
      WaitingRow x = w.previous == null ? newRow(w.problem) : updated(w.previous, w.problem);
      out.putIfAbsent(x.key(), x);
    }
  }

  /** The waiting row the batch inserts for a new wait. */
  private WaitingRow newRow(Problem pr) {
    return new WaitingRow(
        Table.WAITING_TABLE,
        pr.event().position().topic(),
        pr.event().position().partition(),
        pr.event().position().offset(),
        pr.target(),
        WaitingRow.WAITING,
        WaitingRow.linksOnly(pr),
        pr.event(),
        now,
        0,
        columns.newWaitingRow(pr, now, now));
  }

  /** A row as the batch's update leaves it: the parent it waits for now, one more attempt. */
  private static WaitingRow updated(WaitingRow p, Problem pr) {
    Map<String, String> row = new LinkedHashMap<>(p.columns());
    row.put("ref_source", pr.refSource());
    row.put("ref_pk", pr.refPk());
    row.put("message", pr.message());
    row.put("attempts", Integer.toString(p.attempts() + 1));
    return new WaitingRow(
        p.table(),
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
