package io.vaultstream.waiting;

import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.plan.BatchPlan;
import io.vaultstream.plan.Recheck;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The part of a flush that deals with rows that could not load: rechecks waiting and unresolved
 * error rows whose parent is now known, applies the watermark and the retention time, and stores
 * the batch's new waiting and error rows. Runs inside the batch's transaction, with a fixed number
 * of statements whatever the number of rows.
 */
public final class WaitingCycle {
  private static final Logger LOG = LoggerFactory.getLogger(WaitingCycle.class);

  private final WaitingColumns columns;
  private final WaitingPolicy options;

  public WaitingCycle(WaitingColumns columns, WaitingPolicy options) {
    this.columns = columns;
    this.options = options;
  }

  /** What the cycle did. */
  public record Counts(
      int waiting, int resolved, int toErrors, int toUnknown, int dropped, int errors) {}

  // Concurrent loads of one engine may both sweep now and then; that is harmless.
  private volatile long lastSweep = Long.MIN_VALUE / 2;

  /** How often the sweep runs: the configured interval, or more often for a shorter watermark. */
  private long sweepMicros() {
    return Math.min(options.sweepIntervalMs() * 1000L, options.watermarkSeconds() * 1_000_000L);
  }

  /** Whether a batch planned now runs the sweep (on a timer, see {@link #sweepMicros()}). */
  public boolean sweepDue(long now) {
    return now - lastSweep >= sweepMicros();
  }

  /**
   * Finds the waiting and unresolved error rows whose parent is now known (in the key map, or in
   * this batch's events) and the error rows whose retention ran out: two statements.
   *
   * @param maySweep whether the sweep may run in this batch if it is due
   * @param inFlight the batch being written while this one is planned (its waiting rows are not
   *     committed yet), or null
   */
  public WaitingRowRechecks findRechecks(
      WaitingRows store,
      Map<String, Set<String>> batchKeys,
      long now,
      boolean forceSweep,
      boolean maySweep,
      WaitingInFlight inFlight)
      throws SQLException {
    // Parents that arrive in the batch are found by index at every flush; the sweep that reads a
    // page of the tables (parents loaded elsewhere, the watermark, the retention) every few
    // seconds.
    boolean sweep = forceSweep || (maySweep && sweepDue(now));
    List<WaitingRow> resolvable =
        store.findResolvable(batchKeys, sweep ? options.sweepPageRows() : 0);
    if (inFlight != null) {
      resolvable = inFlight.adjust(resolvable, batchKeys);
    }
    List<WaitingRow> expired =
        sweep ? store.takeExpiredErrors(now, options.sweepPageRows()) : List.of();
    return rechecks(resolvable, expired, sweep);
  }

  /** How each row found is planned again, and the row it comes from. */
  private WaitingRowRechecks rechecks(
      List<WaitingRow> resolvable, List<WaitingRow> expired, boolean sweep) {
    List<Recheck> rechecks = new ArrayList<>();
    Map<ChangeEvent, WaitingRow> rows = new IdentityHashMap<>();
    Map<String, WaitingRow> expiredByKey = new LinkedHashMap<>();
    expired.forEach(x -> expiredByKey.put(x.key(), x));
    boolean toUnknown = options.expiredToUnknown();
    for (WaitingRow x : resolvable) {
      WaitingRow exp = expiredByKey.remove(x.key());
      rechecks.add(
          new Recheck(x.event(), x.linksOnly(), exp != null && toUnknown && x.linksOnly()));
      rows.put(x.event(), exp != null ? exp : x);
    }
    for (WaitingRow x : expiredByKey.values()) {
      // Not in this sweep's page: rechecked all the same, so a parent that reached the key map is
      // found; still missing, it is the unknown ghost or, with DROP or for its own rows, dropped.
      rechecks.add(new Recheck(x.event(), x.linksOnly(), toUnknown && x.linksOnly()));
      rows.put(x.event(), x);
    }
    return new WaitingRowRechecks(rechecks, rows, expired, sweep);
  }

  /**
   * The waiting rows as the next batch must see them while the batch with these rechecks and plan
   * (which holds {@code held} in memory once it commits) is being written.
   */
  public WaitingInFlight inFlight(
      WaitingRechecks rechecks, BatchPlan plan, Set<ChangeEvent> held, long now) {
    return new WaitingInFlight(rechecks, plan, held, columns, now);
  }

  /**
   * After the batch (new events and rechecks together) is written: settles the rechecked rows,
   * applies the watermark, and stores the batch's new waiting and error rows.
   *
   * @param held the batch's events held in memory once it commits (their waits are not written)
   */
  public Counts finish(
      WaitingRows store,
      WaitingRechecks rechecks,
      BatchPlan plan,
      Set<ChangeEvent> held,
      List<BadRecord> bad,
      List<Problem> failed,
      long now)
      throws SQLException {
    WaitingSettlement s = WaitingSettlement.of(rechecks, plan, held);
    List<Map<String, String>> newWaiting = new ArrayList<>();
    for (Problem pr : s.newWaits()) {
      // An event held in memory arrived when it was first held: the watermark counts from then.
      newWaiting.add(columns.newWaitingRow(pr, rechecks.arrivedAt(pr.event(), now), now));
    }
    s.toUnknown().forEach(p -> newWaiting.add(columns.parkedUnknown(p, now)));
    s.dropped().forEach(p -> logDropped(p, s.problems().get(p)));
    store.delete(s.toDelete());
    store.update(s.stillWaiting(), s.problems(), now);
    int moved = 0;
    if (rechecks.sweep()) {
      moved =
          store.moveToErrors(
              now - options.watermarkSeconds() * 1_000_000L,
              now,
              now + options.errorRetentionSeconds() * 1_000_000L);
      lastSweep = now;
    }
    List<Map<String, String>> newErrors = errorRows(plan, rechecks, bad, failed, now);
    store.insertWaiting(newWaiting);
    store.insertErrors(newErrors);
    return new Counts(
        s.newWaits().size(),
        s.resolved(),
        moved,
        s.toUnknown().size(),
        s.dropped().size(),
        newErrors.size());
  }

  private void logDropped(WaitingRow p, Problem pr) {
    LOG.warn(
        "Dropped {} {} of {}: {} (retention of {} s ran out)",
        p.event().operation(),
        p.event().position(),
        p.event().sourceTable(),
        pr.message(),
        options.errorRetentionSeconds());
  }

  /**
   * The batch's new error rows, in this order: its problems that do not wait, the rechecks the
   * database refused, the events that failed otherwise, the records that could not be decoded.
   */
  private List<Map<String, String>> errorRows(
      BatchPlan plan,
      WaitingRechecks rechecks,
      List<BadRecord> bad,
      List<Problem> failed,
      long now) {
    List<Map<String, String>> out = new ArrayList<>();
    for (Problem pr : plan.problems) {
      if (!pr.waits()) {
        out.add(columns.errorRow(pr, now));
      }
    }
    rechecks.rejected().values().forEach(pr -> out.add(columns.errorRow(pr, now)));
    failed.forEach(pr -> out.add(columns.errorRow(pr, now)));
    for (BadRecord b : bad) {
      out.add(columns.badRow(b, now));
    }
    return out;
  }
}
