package io.vaultstream.engine;

import io.vaultstream.dialect.SqlStates;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Problem;
import io.vaultstream.event.Progress;
import io.vaultstream.event.SourcePosition;
import io.vaultstream.plan.Recheck;
import io.vaultstream.waiting.WaitingRecheckChoice;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds what of a rejected batch the database refuses: its events, loaded in parts, and the
 * rechecks (waiting rows, unresolved error rows, held events) that come with them, tried one by
 * one.
 */
final class BatchBisection {
  private static final Logger LOG = LoggerFactory.getLogger(BatchBisection.class);

  private BatchBisection() {}

  /** One attempt to load events in one transaction. */
  @FunctionalInterface
  interface Attempt {
    LoadResult load(
        List<ChangeEvent> events,
        List<BadRecord> bad,
        List<Problem> failed,
        Progress progress,
        WaitingRecheckChoice rechecks)
        throws SQLException;
  }

  /**
   * Writes the rows of one recheck on their own and rolls back: the database's objection, or null.
   */
  @FunctionalInterface
  interface Probe {
    SQLException rejects(Recheck recheck) throws SQLException;
  }

  /**
   * Loads a batch the database rejected (a data or constraint error). First its events without any
   * recheck, in halves down to single events, so every good event loads and each failing one
   * becomes a problem for the error table (an event is never blamed for the rows of a recheck it
   * brought in). Then, in a last transaction with the bad records, those failures and the progress,
   * every recheck whose parent is known (a sweep); when the database rejects that, each recheck it
   * took is tried on its own, and those it refuses are stored as errors instead of loaded.
   */
  static LoadResult load(
      List<ChangeEvent> events,
      List<BadRecord> bad,
      SQLException first,
      Progress progress,
      Attempt attempt,
      Probe probe,
      SqlStates db)
      throws SQLException {
    LOG.warn(
        "A batch of {} events was rejected by the database ({}); loading it in parts to find what"
            + " it refuses",
        events.size(),
        first.getMessage());
    List<Problem> failed = new ArrayList<>();
    LoadResult total = loadInParts(events, failed, attempt, db);
    LoadResult last = loadRechecks(bad, failed, progress, attempt, probe, db);
    LoadResult withFailed = LoadResult.refusedOnly(failed, last.held(), last.heldEvents());
    return (total == null ? last : total.plus(last)).plus(withFailed);
  }

  /**
   * Loads the events without rechecks, halving each rejected part down to single events, each of
   * which the database rejects becomes a problem in {@code failed}.
   *
   * @return what the loaded parts wrote, or null when none loaded
   */
  private static LoadResult loadInParts(
      List<ChangeEvent> events, List<Problem> failed, Attempt attempt, SqlStates db)
      throws SQLException {
    LoadResult total = null;
    Deque<List<ChangeEvent>> work = new ArrayDeque<>();
    if (!events.isEmpty()) {
      work.push(events);
    }
    while (!work.isEmpty()) {
      List<ChangeEvent> part = work.pop();
      try {
        LoadResult r = attempt.load(part, List.of(), List.of(), null, WaitingRecheckChoice.none());
        total = total == null ? r : total.plus(r);
      } catch (SQLException e) {
        if (!db.isRejectedRow(e)) {
          throw e;
        }
        if (part.size() == 1) {
          ChangeEvent ev = part.get(0);
          failed.add(rejected(ev, ev.sourceTable(), e, db));
        } else {
          int mid = part.size() / 2;
          work.push(part.subList(mid, part.size()));
          work.push(part.subList(0, mid));
        }
      }
    }
    return total;
  }

  /**
   * The last transaction: the bad records, the failures, the progress and a sweep of the rechecks,
   * tried again without each recheck the database refuses on its own until it commits.
   */
  private static LoadResult loadRechecks(
      List<BadRecord> bad,
      List<Problem> failed,
      Progress progress,
      Attempt attempt,
      Probe probe,
      SqlStates db)
      throws SQLException {
    Map<SourcePosition, Problem> refused = new LinkedHashMap<>();
    while (true) {
      WaitingRecheckChoice choice = WaitingRecheckChoice.sweepRejecting(Map.copyOf(refused));
      try {
        return attempt.load(List.of(), bad, failed, progress, choice);
      } catch (SQLException e) {
        if (!db.isRejectedRow(e)) {
          throw e;
        }
        int before = refused.size();
        probeTaken(choice, probe, db, refused);
        if (refused.size() == before) {
          // No recheck is refused on its own: nothing to set aside, so the error stands.
          throw e;
        }
      }
    }
  }

  /** Tries each recheck the sweep took on its own; those the database refuses join refused. */
  private static void probeTaken(
      WaitingRecheckChoice choice, Probe probe, SqlStates db, Map<SourcePosition, Problem> refused)
      throws SQLException {
    for (WaitingRecheckChoice.Taken t : choice.taken()) {
      SQLException why = probe.rejects(t.recheck());
      if (why != null && db.isRejectedRow(why)) {
        ChangeEvent ev = t.recheck().event();
        refused.put(ev.position(), rejected(ev, t.target(), why, db));
        LOG.warn(
            "The database rejects the rows of {} {} of {}, rechecked for {}: {}",
            ev.operation(),
            ev.position(),
            ev.sourceTable(),
            t.target(),
            why.getMessage());
      }
    }
  }

  private static Problem rejected(ChangeEvent ev, String target, SQLException e, SqlStates db) {
    String code =
        db.isConversionFailure(e) ? Problem.TYPE_CONVERSION : Problem.CONSTRAINT_VIOLATION;
    return Problem.of(
        ev,
        code,
        target,
        "the database rejected the event's rows: " + e.getMessage().replace('\n', ' '));
  }
}
