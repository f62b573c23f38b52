package io.vaultstream.plan;

import io.vaultstream.event.Problem;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What one batch of events writes: rows per vault table, key map entries and problems. */
public final class BatchPlan {
  /** Hub, link and non-historized link rows per table, one per key. */
  public final Map<String, Map<String, VaultRow>> earliest = new LinkedHashMap<>();

  /** Satellite and reference table versions per table, in source order. */
  public final Map<String, List<HistoryRow>> history = new LinkedHashMap<>();

  /** New key map entries. */
  public final List<KeyMapEntry> keyMap = new ArrayList<>();

  /** Rows not loaded, with the reason. */
  public final List<Problem> problems = new ArrayList<>();

  /** Rechecked events loaded (in part) against the unknown ghost record. */
  public final java.util.Set<io.vaultstream.event.ChangeEvent> unknownParents =
      java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

  /**
   * Per non-historized link whose changes are set aside ({@code onChange} error or ignore), every
   * event of its source, in source order: the writer finds the updates and deletes among them.
   */
  public final Map<String, List<TransactionEvent>> transactionEvents = new LinkedHashMap<>();

  /**
   * The changes of non-historized links the writer set aside while writing this plan (filled by
   * each write of it, anew).
   */
  public final List<SetAside> setAside = new ArrayList<>();

  /**
   * An update or delete of a non-historized link's source that the link does not take.
   *
   * @param link the non-historized link
   * @param message what changed, for the error row
   * @param error whether it becomes an error row ({@code onChange} error) or is only counted
   */
  public record SetAside(
      io.vaultstream.event.ChangeEvent event, String link, String message, boolean error) {}

  // Hub business keys reached through parent rows' key values while planning (by their map);
  // made when first needed, dropped once planned.
  private Map<Map<String, String>, ParentReach.Reached> reached;

  ParentReach.Reached reached(Map<String, String> parent) {
    return reached == null ? null : reached.get(parent);
  }

  void reached(Map<String, String> parent, ParentReach.Reached r) {
    if (reached == null) {
      reached = new java.util.IdentityHashMap<>();
    }
    reached.put(parent, r);
  }

  void planned() {
    reached = null;
  }

  /** Number of events planned. */
  public int events;

  /** A key map entry: from {@code validFrom} on, the row with this primary key had these values. */
  public record KeyMapEntry(String source, String pk, long validFrom, Map<String, String> values) {}

  void offer(String table, VaultRow row) {
    earliest
        .computeIfAbsent(table, t -> new LinkedHashMap<>())
        .merge(row.key(), row, (old, offered) -> offered.before(old) ? offered : old);
  }

  void note(String link, TransactionEvent e) {
    transactionEvents.computeIfAbsent(link, t -> new ArrayList<>()).add(e);
  }

  void add(String table, HistoryRow row) {
    history.computeIfAbsent(table, t -> new ArrayList<>()).add(row);
  }
}
