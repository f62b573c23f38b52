package io.vaultstream.write;

import io.vaultstream.hash.SetHashDiff;
import io.vaultstream.plan.HistoryRow;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Merges one parent's new member changes into its stored sets. The stored sets from the one in
 * force before the earliest change on are turned back into member changes (what each set changed
 * against the one before it); those and the new changes are applied in load_dts order (new ones in
 * source order after stored ones of the same time), the changes of one load_dts together; every
 * resulting set that differs from the one before it is a version. Stored versions the result does
 * not hold as they are are deleted, result versions not stored are inserted. So a replay writes
 * nothing, and a change older than stored sets is placed at its own time and carried into the later
 * sets (whose own changes stay theirs): the result does not depend on the order events arrived in.
 */
final class SetReplay {
  /** A stored set: its members (none when it is the empty set) and the diff it was stored with. */
  record StoredSet(
      long t,
      String recordSource,
      String hashDiff,
      boolean empty,
      TreeMap<List<String>, Map<String, String>> members) {
    StoredSet(long t, String recordSource, String hashDiff, boolean empty) {
      this(t, recordSource, hashDiff, empty, new TreeMap<>(KeyOrder.KEYS));
    }
  }

  /**
   * A set to write: its rows are the members, or for the empty set the members of the set it ends
   * (each row then carries the delete flag).
   */
  record SetVersion(
      long t,
      String recordSource,
      String hashDiff,
      boolean empty,
      TreeMap<List<String>, Map<String, String>> members) {}

  /** What to write for one parent: sets to insert, stored sets (by load_dts) to delete. */
  record Outcome(List<SetVersion> inserts, List<Long> deletes) {}

  private record Change(
      long t, List<String> key, Map<String, String> values, String recordSource, boolean stored) {}

  private final SetHashDiff diffs;
  private final List<String> keyColumns;
  private final List<String> attrs;
  private final boolean trimTrailingNulls;

  /**
   * @param trimTrailingNulls whether a member's diff covers its attributes only up to the last one
   *     it holds a value in (a table that takes its columns from events)
   */
  SetReplay(
      SetHashDiff diffs, List<String> keyColumns, List<String> attrs, boolean trimTrailingNulls) {
    this.diffs = diffs;
    this.keyColumns = keyColumns;
    this.attrs = attrs;
    this.trimTrailingNulls = trimTrailingNulls;
  }

  /**
   * Merges.
   *
   * @param stored the stored sets by load_dts: the one in force before {@code from}, then all later
   * @param fresh the batch's changes of this parent in source order (key = parent, then the
   *     multi-active key values; a delete removes the member)
   * @param from the earliest load_dts of {@code fresh}
   */
  Outcome merge(TreeMap<Long, StoredSet> stored, List<HistoryRow> fresh, long from) {
    TreeMap<List<String>, Map<String, String>> base = new TreeMap<>(KeyOrder.KEYS);
    Map.Entry<Long, StoredSet> before = stored.lowerEntry(from);
    if (before != null) {
      base.putAll(before.getValue().members());
    }
    List<Change> changes = changes(stored, fresh, from, base);
    List<SetVersion> result = replay(changes, stored, base, before != null);
    return outcome(stored, from, result);
  }

  /**
   * The stored sets from {@code from} on turned back into member changes, and the new changes not
   * already stored, in load_dts order.
   */
  private List<Change> changes(
      TreeMap<Long, StoredSet> stored,
      List<HistoryRow> fresh,
      long from,
      TreeMap<List<String>, Map<String, String>> base) {
    List<Change> changes = new ArrayList<>();
    TreeMap<List<String>, Map<String, String>> prev = base;
    for (StoredSet s : stored.tailMap(from, true).values()) {
      derive(prev, s, changes);
      prev = s.members();
    }
    for (HistoryRow r : fresh) {
      List<String> key = r.key().subList(1, r.key().size());
      Map<String, String> values = r.delete() ? null : project(r.attributes());
      StoredSet at = stored.get(r.loadDts());
      if (at != null && Objects.equals(at.members().get(key), values)) {
        continue; // already so in the set stored at its time: a replay
      }
      changes.add(new Change(r.loadDts(), key, values, r.recordSource(), false));
    }
    changes.sort(Comparator.comparingLong(Change::t)); // stable: stored first, then source order
    return changes;
  }

  /**
   * Applies the changes to the base set, those of one load_dts together; each resulting set that
   * differs from the one before it is a version.
   *
   * @param baseStored whether the base is a stored set (else there is no set before the changes)
   */
  private List<SetVersion> replay(
      List<Change> changes,
      TreeMap<Long, StoredSet> stored,
      TreeMap<List<String>, Map<String, String>> base,
      boolean baseStored) {
    List<SetVersion> result = new ArrayList<>();
    TreeMap<List<String>, Map<String, String>> cur = new TreeMap<>(base);
    String curDiff = baseStored ? diffOf(cur) : null;
    int i = 0;
    while (i < changes.size()) {
      long t = changes.get(i).t();
      TreeMap<List<String>, Map<String, String>> ended = new TreeMap<>(cur);
      String rsrc = null;
      for (; i < changes.size() && changes.get(i).t() == t; i++) {
        Change ch = changes.get(i);
        if (ch.values() == null) {
          cur.remove(ch.key());
        } else {
          cur.put(ch.key(), ch.values());
        }
        if (rsrc == null || !ch.stored()) {
          rsrc =
              ch.stored() && stored.containsKey(t)
                  ? stored.get(t).recordSource()
                  : ch.recordSource();
        }
      }
      String d = diffOf(cur);
      if (!Objects.equals(d, curDiff) && !(curDiff == null && cur.isEmpty())) {
        boolean empty = cur.isEmpty();
        result.add(new SetVersion(t, rsrc, d, empty, empty ? ended : new TreeMap<>(cur)));
      }
      curDiff = cur.isEmpty() && curDiff == null ? null : d;
    }
    return result;
  }

  /** Stored sets from {@code from} on that the result does not hold as they are, and the rest. */
  private static Outcome outcome(
      TreeMap<Long, StoredSet> stored, long from, List<SetVersion> result) {
    List<SetVersion> inserts = new ArrayList<>();
    List<Long> deletes = new ArrayList<>();
    Map<Long, SetVersion> byTime = new TreeMap<>();
    result.forEach(v -> byTime.put(v.t(), v));
    for (StoredSet s : stored.tailMap(from, true).values()) {
      SetVersion v = byTime.get(s.t());
      if (v != null && v.empty() == s.empty() && v.hashDiff().equals(s.hashDiff())) {
        byTime.remove(s.t()); // kept as stored
      } else {
        deletes.add(s.t());
      }
    }
    inserts.addAll(byTime.values());
    return new Outcome(inserts, deletes);
  }

  /** The member changes a stored set made against the set before it. */
  private static void derive(
      TreeMap<List<String>, Map<String, String>> prev, StoredSet s, List<Change> out) {
    for (Map.Entry<List<String>, Map<String, String>> m : prev.entrySet()) {
      if (!s.members().containsKey(m.getKey())) {
        out.add(new Change(s.t(), m.getKey(), null, s.recordSource(), true));
      }
    }
    for (Map.Entry<List<String>, Map<String, String>> m : s.members().entrySet()) {
      if (!m.getValue().equals(prev.get(m.getKey()))) {
        out.add(new Change(s.t(), m.getKey(), m.getValue(), s.recordSource(), true));
      }
    }
  }

  /** A member's values: the table's attributes (a value for each, NULL when absent). */
  private Map<String, String> project(Map<String, String> attributes) {
    Map<String, String> out = new java.util.LinkedHashMap<>();
    for (String a : attrs) {
      out.put(a, attributes.get(a));
    }
    return out;
  }

  /** The set's hash diff; the empty set's when it has no members. */
  String diffOf(TreeMap<List<String>, Map<String, String>> members) {
    if (members.isEmpty()) {
      return diffs.emptyDiff();
    }
    List<String> inputs = new ArrayList<>(members.size());
    for (Map.Entry<List<String>, Map<String, String>> m : members.entrySet()) {
      int covered = attrs.size();
      while (trimTrailingNulls && covered > 0 && m.getValue().get(attrs.get(covered - 1)) == null) {
        covered--;
      }
      List<String> cols = new ArrayList<>(keyColumns);
      cols.addAll(attrs.subList(0, covered));
      List<String> vals = new ArrayList<>(m.getKey());
      for (String a : attrs.subList(0, covered)) {
        vals.add(m.getValue().get(a));
      }
      inputs.add(diffs.memberInput(cols, vals));
    }
    return diffs.diff(inputs);
  }
}
