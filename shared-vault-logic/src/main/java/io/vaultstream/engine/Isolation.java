package io.vaultstream.engine;

import io.vaultstream.decode.ChangeEvent;
import io.vaultstream.error.BadRecord;
import io.vaultstream.plan.Problem;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Finds the events of a rejected batch that the database refuses, by loading it in parts. */
final class Isolation {
  private static final Logger LOG = LoggerFactory.getLogger(VaultLoader.class);

  private Isolation() {}

  /** One attempt to load events in one transaction. */
  @FunctionalInterface
  interface Attempt {
    LoadResult load(
        List<ChangeEvent> events, List<BadRecord> bad, List<Problem> failed, Progress progress)
        throws SQLException;
  }

  /**
   * Loads a batch the database rejected (a data or constraint error) in halves, down to single
   * events, so every good event loads and each failing one becomes a problem for the error table;
   * then stores the bad records, the failures and the progress in a last transaction.
   */
  static LoadResult load(
      List<ChangeEvent> events,
      List<BadRecord> bad,
      SQLException first,
      Progress progress,
      Attempt attempt)
      throws SQLException {
    LOG.warn(
        "A batch of {} events was rejected by the database ({}); loading it in parts to find the"
            + " failing events",
        events.size(),
        first.getMessage());
    List<Problem> failed = new ArrayList<>();
    LoadResult total = null;
    Deque<List<ChangeEvent>> work = new ArrayDeque<>();
    work.push(events);
    while (!work.isEmpty()) {
      List<ChangeEvent> part = work.pop();
      try {
        LoadResult r = attempt.load(part, List.of(), List.of(), null);
        total = total == null ? r : total.plus(r);
      } catch (SQLException e) {
        if (!VaultLoader.isDataError(e)) {
          throw e;
        }
        if (part.size() == 1) {
          ChangeEvent ev = part.get(0);
          String code =
              e.getSQLState().startsWith("22")
                  ? Problem.TYPE_CONVERSION
                  : Problem.CONSTRAINT_VIOLATION;
          failed.add(
              Problem.of(
                  ev,
                  code,
                  ev.sourceTable(),
                  "the database rejected the event's rows: " + e.getMessage().replace('\n', ' ')));
        } else {
          int mid = part.size() / 2;
          work.push(part.subList(mid, part.size()));
          work.push(part.subList(0, mid));
        }
      }
    }
    LoadResult last = attempt.load(List.of(), bad, failed, progress);
    LoadResult withFailed =
        new LoadResult(
            0, Map.of(), List.copyOf(failed), 0, 0, 0, 0, 0, 0, 0, last.held(), List.of());
    return (total == null ? last : total.plus(last)).plus(withFailed);
  }
}
