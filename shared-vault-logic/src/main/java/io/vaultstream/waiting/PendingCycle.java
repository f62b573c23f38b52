package io.vaultstream.waiting;

import io.vaultstream.error.EventCodec;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.model.VaultModel;
import io.vaultstream.plan.BatchPlan;
import io.vaultstream.plan.Retry;
import io.vaultstream.waiting.PendingReferenceStore.Origin;
import io.vaultstream.waiting.PendingReferenceStore.Pending;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The part of a flush that deals with rows that could not load: retries waiting and unresolved
 * error rows whose parent is now known, applies the watermark and the retention time, and stores
 * the batch's new waiting and error rows. Runs inside the batch's transaction, with a fixed number
 * of statements whatever the number of rows.
 */
public final class PendingCycle {
  private static final Logger LOG = LoggerFactory.getLogger(PendingCycle.class);

  private final VaultModel model;
  private final PendingReferenceStore store;
  private final WaitingPolicy options;

  public PendingCycle(VaultModel model, PendingReferenceStore store, WaitingPolicy options) {
    this.model = model;
    this.store = store;
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
  public FlushRetries prepare(
      Connection c,
      Map<String, Set<String>> batchKeys,
      long now,
      boolean forceSweep,
      boolean maySweep,
      InFlightWaits inFlight)
      throws SQLException {
    FlushRetries p = new FlushRetries(this);
    // Parents that arrive in the batch are found by index at every flush; the sweep that reads a
    // page of the tables (parents loaded elsewhere, the watermark, the retention) every few
    // seconds.
    p.sweep = forceSweep || (maySweep && sweepDue(now));
    List<Pending> resolvable =
        store.findResolvable(c, batchKeys, p.sweep ? options.sweepPageRows() : 0);
    if (inFlight != null) {
      resolvable = inFlight.adjust(resolvable, batchKeys);
    }
    if (p.sweep) {
      p.expired.addAll(store.takeExpiredErrors(c, now, options.sweepPageRows()));
    }
    Map<String, Pending> expiredByKey = new LinkedHashMap<>();
    p.expired.forEach(x -> expiredByKey.put(key(x), x));
    boolean toUnknown = options.expiredToUnknown();
    for (Pending x : resolvable) {
      Pending exp = expiredByKey.remove(key(x));
      p.retries.add(new Retry(x.event(), x.linksOnly(), exp != null && toUnknown && x.linksOnly()));
      p.origin.put(x.event(), exp != null ? exp : x);
    }
    for (Pending x : expiredByKey.values()) {
      // Not in this sweep's page: retried all the same, so a parent that reached the key map is
      // found; still missing, it is the unknown ghost or, with DROP or for its own rows, dropped.
      p.retries.add(new Retry(x.event(), x.linksOnly(), toUnknown && x.linksOnly()));
      p.origin.put(x.event(), x);
    }
    return p;
  }

  /**
   * After the batch (new events and retries together) is written: settles the retried rows, applies
   * the watermark, and stores the batch's new waiting and error rows.
   */
  public Counts finish(
      Connection c,
      FlushRetries prep,
      BatchPlan plan,
      List<BadRecord> bad,
      List<Problem> failed,
      long now)
      throws SQLException {
    List<Map<String, String>> newWaiting = new ArrayList<>();
    List<Map<String, String>> newErrors = new ArrayList<>();
    for (Problem pr : plan.problems) {
      if (!pr.waits()) {
        newErrors.add(errorRow(pr, now));
      }
    }
    Map<ChangeEvent, Problem> retryWaits = FlushRetries.retryWaits(prep, plan);
    List<Problem> waits = FlushRetries.newWaits(prep, plan);
    Set<ChangeEvent> waitsNow = Collections.newSetFromMap(new IdentityHashMap<>());
    for (Problem pr : waits) {
      // An event held in memory arrived when it was first held: the watermark counts from then.
      newWaiting.add(newWaitingRow(pr, HeldWaits.arrivedAt(prep, pr.event(), now), now));
      waitsNow.add(pr.event());
    }
    int resolved = 0;
    int dropped = 0;
    int unknown = 0;
    List<Pending> stillWaiting = new ArrayList<>();
    Map<Pending, Problem> why = new IdentityHashMap<>();
    List<Pending> done = new ArrayList<>();
    for (Retry r : prep.retries) {
      Pending p = prep.origin.get(r.event());
      if (p == null) {
        // Held in memory: resolved, held again, or a new waiting row (one of "waits").
        if (!prep.held.contains(r.event()) && !waitsNow.contains(r.event())) {
          resolved++;
        }
        continue;
      }
      boolean wasExpired = p.origin() == Origin.ERROR_TABLE && prep.expired.contains(p);
      Problem pr = retryWaits.get(r.event());
      if (plan.unknownParents.contains(r.event())) {
        // Loaded against the unknown ghost: park it so the real parent still creates the link.
        Map<String, String> row = new LinkedHashMap<>(p.columns());
        row.put("attempts", Integer.toString(p.attempts() + 1));
        row.put("last_attempt", store.timestampText(now));
        newWaiting.add(waitingRow(row, PendingReferenceStore.UNKNOWN, now));
        unknown++;
        if (!wasExpired) {
          done.add(p);
        }
      } else if (pr != null && !wasExpired) {
        stillWaiting.add(p);
        why.put(p, pr);
      } else if (pr != null) {
        dropped++;
        LOG.warn(
            "Dropped {} {} of {}: {} (retention of {} s ran out)",
            p.event().operation(),
            p.event().position(),
            p.event().sourceTable(),
            pr.message(),
            options.errorRetentionSeconds());
      } else {
        resolved++;
        if (!wasExpired) {
          done.add(p);
        }
      }
    }
    for (Map.Entry<ChangeEvent, Problem> x : prep.rejected.entrySet()) {
      newErrors.add(errorRow(x.getValue(), now));
      Pending p = prep.origin.get(x.getKey());
      // A row the sweep took for its expiry is deleted already; one held in memory has no row.
      if (p != null && !(p.origin() == Origin.ERROR_TABLE && prep.expired.contains(p))) {
        done.add(p);
      }
    }
    store.delete(c, done);
    store.update(c, stillWaiting, why, now);
    int moved = 0;
    if (prep.sweep) {
      moved =
          store.moveToErrors(
              c,
              now - options.watermarkSeconds() * 1_000_000L,
              now,
              now + options.errorRetentionSeconds() * 1_000_000L);
      lastSweep = now;
    }
    failed.forEach(pr -> newErrors.add(errorRow(pr, now)));
    for (BadRecord b : bad) {
      newErrors.add(badRow(b, now));
    }
    store.insertWaiting(c, newWaiting);
    store.insertErrors(c, newErrors);
    return new Counts(waits.size(), resolved, moved, unknown, dropped, newErrors.size());
  }

  public Map<String, String> newWaitingRow(Problem pr, long arrivedAt, long now) {
    return waitingRow(
        store.row(pr.event(), pr, linksOnly(pr), 0, now), PendingReferenceStore.WAITING, arrivedAt);
  }

  /** Whether only the event's links wait (its own rows loaded): the problem is another object's. */
  public static boolean linksOnly(Problem pr) {
    return !pr.target().equals(pr.event().sourceTable());
  }

  public static String key(Pending p) {
    return p.topic() + "\u0000" + p.partition() + "\u0000" + p.offset() + "\u0000" + p.target();
  }

  private Map<String, String> waitingRow(Map<String, String> row, String state, long arrivedAt) {
    Map<String, String> m = new LinkedHashMap<>(row);
    m.put("state", state);
    m.put("arrived_at", store.timestampText(arrivedAt));
    return m;
  }

  private Map<String, String> errorRow(Problem pr, long now) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("error_code", pr.code());
    m.putAll(store.row(pr.event(), pr, true, 1, now));
    m.put("first_seen", store.timestampText(now));
    m.put("expires_at", null);
    return m;
  }

  private Map<String, String> badRow(BadRecord b, long now) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("error_code", Problem.BAD_RECORD);
    m.put("topic", b.topic());
    m.put("kafka_partition", Integer.toString(b.partition()));
    m.put("kafka_offset", Long.toString(b.offset()));
    m.put("source_table", model.sourceForTopic(b.topic()).map(s -> s.name()).orElse(""));
    m.put("target_object", "");
    m.put("message", b.message());
    m.put("ref_source", null);
    m.put("ref_pk", null);
    m.put("links_only", store.booleanText(false));
    m.put("operation", null);
    m.put("event_time", null);
    m.put("record_key", EventCodec.raw(b.key()));
    m.put("record_value", EventCodec.raw(b.value()));
    m.put("event", null);
    m.put("attempts", "1");
    m.put("last_attempt", store.timestampText(now));
    m.put("first_seen", store.timestampText(now));
    m.put("expires_at", null);
    return m;
  }
}
