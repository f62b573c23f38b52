package io.vaultstream.write;

import io.vaultstream.dialect.VaultValues;
import io.vaultstream.hash.SetHashDiff;
import io.vaultstream.model.Naming;
import io.vaultstream.model.Satellite;
import io.vaultstream.model.VaultModel;
import io.vaultstream.plan.HistoryRow;
import io.vaultstream.table.TableKind;
import io.vaultstream.table.TableSpec;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * Writes a multi-active satellite: each planned row is one change of one member of a parent's set
 * (insert or update of the member with its multi-active key, or its removal). Per parent of the
 * batch the stored sets are read from the one in force before the batch's earliest change on (two
 * index-driven statements for the whole batch), the stored and new member changes are replayed in
 * load_dts order ({@link SetReplay}), and every set that differs from the one before it is written
 * whole: all its rows at its load_dts, each with the set's hash diff ({@link SetHashDiff}). Also
 * locks the parents of a plain satellite fed through a foreign key before its history is read.
 */
final class MultiActiveSets {
  private final VaultModel model;
  private final VaultValues target;
  private final VaultShape schema;
  private final Naming n;
  private final UnaryOperator<String> hashText;
  private final SetHashDiff diffs;

  MultiActiveSets(
      VaultModel model,
      VaultValues target,
      VaultShape schema,
      UnaryOperator<String> hashText,
      SetHashDiff diffs) {
    this.model = model;
    this.target = target;
    this.schema = schema;
    this.n = model.naming();
    this.hashText = hashText;
    this.diffs = diffs;
  }

  /** Whether the table is a multi-active satellite. */
  boolean handles(TableSpec t) {
    Satellite s = t.kind() == TableKind.SATELLITE ? model.satellites().get(t.name()) : null;
    return s != null && s.multiActive();
  }

  /**
   * Locks the parents of a satellite fed through a foreign key before its history is read (returns
   * 0 rows written): no upsert of the parent row in the batch orders its writers, as it does for a
   * satellite whose source feeds the parent.
   */
  int lockForeignParents(VaultStore store, TableSpec t, List<HistoryRow> rows) throws SQLException {
    Satellite s = t.kind() == TableKind.SATELLITE ? model.satellites().get(t.name()) : null;
    if (s == null || s.via() == null || rows == null) {
      return 0;
    }
    Set<List<String>> parents = new LinkedHashSet<>();
    rows.forEach(r -> parents.add(List.of(r.key().get(0))));
    store.lockKeys(t, parents);
    return 0;
  }

  /** Writes one table's planned member changes; returns the rows inserted. */
  int write(VaultStore store, TableSpec t, List<HistoryRow> rows, boolean racing)
      throws SQLException {
    if (rows == null || rows.isEmpty()) {
      return 0;
    }
    String hk = t.primaryKey().get(0);
    List<String> ma = model.satellites().get(t.name()).multiActiveKey();
    List<String> attrs = schema.attributes(t.name());
    // Parents in key order: the read, the delete and the insert reach the index from one end to
    // the other, as for other satellites (HistoryWriter).
    Map<String, List<HistoryRow>> byParent = new TreeMap<>();
    Map<String, Long> from = new TreeMap<>();
    for (HistoryRow r : rows) {
      String p = r.key().get(0);
      byParent.computeIfAbsent(p, k -> new ArrayList<>()).add(r);
      from.merge(p, r.loadDts(), Math::min);
    }
    lockParents(store, t, byParent.keySet());
    SetReplay replay = new SetReplay(diffs, ma, attrs, t.discoversColumns());
    Map<String, TreeMap<Long, SetReplay.StoredSet>> stored = read(store, t, hk, ma, attrs, from);
    TextColumns inserts = new TextColumns(insertColumns(hk, ma, attrs));
    TextColumns deletes = new TextColumns(List.of(hk, n.loadDts()));
    for (Map.Entry<String, List<HistoryRow>> e : byParent.entrySet()) {
      String parent = e.getKey();
      SetReplay.Outcome o =
          replay.merge(
              stored.getOrDefault(parent, new TreeMap<>()), e.getValue(), from.get(parent));
      addOutcome(parent, o, attrs, inserts, deletes);
    }
    store.deleteByKey(t, deletes);
    return store.insert(t, inserts, n.loadedAt(), racing);
  }

  /**
   * Locks the parents before their sets are read: no parent row orders the writers of a set (a
   * child's event does not upsert its parent hub).
   */
  private static void lockParents(VaultStore store, TableSpec t, Set<String> parents)
      throws SQLException {
    List<List<String>> lockKeys = new ArrayList<>();
    parents.forEach(p -> lockKeys.add(List.of(p)));
    store.lockKeys(t, lockKeys);
  }

  /** The rows a parent's replay deletes (by parent and load_dts) and inserts. */
  private void addOutcome(
      String parent,
      SetReplay.Outcome o,
      List<String> attrs,
      TextColumns inserts,
      TextColumns deletes) {
    for (long at : o.deletes()) {
      deletes.add(List.of(parent, target.timestampText(at)));
    }
    for (SetReplay.SetVersion v : o.inserts()) {
      addRows(inserts, parent, v, attrs);
    }
  }

  /** The columns of a set's rows: the parent's key, the multi-active key, technical, attributes. */
  private List<String> insertColumns(String hk, List<String> ma, List<String> attrs) {
    List<String> insertCols = new ArrayList<>();
    insertCols.add(hk);
    insertCols.addAll(ma);
    insertCols.add(n.loadDts());
    insertCols.add(n.recordSource());
    insertCols.add(n.hashDiff());
    insertCols.add(n.deleteFlag());
    insertCols.addAll(attrs);
    return insertCols;
  }

  /** Adds the rows of one version of a parent's set, one per member, in {@link #insertColumns}. */
  private void addRows(
      TextColumns inserts, String parent, SetReplay.SetVersion v, List<String> attrs) {
    v.members()
        .forEach(
            (key, values) -> {
              List<String> row = new ArrayList<>(inserts.names().size());
              row.add(parent);
              row.addAll(key);
              row.add(target.timestampText(v.t()));
              row.add(v.recordSource());
              row.add(v.hashDiff());
              row.add(target.booleanText(v.empty()));
              for (String a : attrs) {
                row.add(values.get(a));
              }
              inserts.add(row);
            });
  }

  /**
   * The stored sets of each parent from the one in force before its earliest new change on: a first
   * read finds, per parent, the latest row before that time (whose load_dts is that set's) and
   * every row from it on; a second read, only for parents with such a set, reads from that set's
   * load_dts on, which brings its other members. Both are the history read every satellite uses:
   * two index probes per parent on (parent, load_dts).
   */
  private Map<String, TreeMap<Long, SetReplay.StoredSet>> read(
      VaultStore store,
      TableSpec t,
      String hk,
      List<String> ma,
      List<String> attrs,
      Map<String, Long> from)
      throws SQLException {
    List<String> cols = new ArrayList<>(ma);
    cols.add(n.recordSource());
    cols.add(n.hashDiff());
    cols.add(n.deleteFlag());
    cols.addAll(attrs);
    Map<String, List<StoredRow>> first = query(store, t, hk, cols, ma.size(), attrs, from);
    Map<String, Long> again = new HashMap<>();
    first.forEach(
        (parent, rows) -> {
          for (StoredRow r : rows) {
            if (r.t < from.get(parent)) {
              again.put(parent, r.t);
            }
          }
        });
    Map<String, List<StoredRow>> all = new HashMap<>(first);
    if (!again.isEmpty()) {
      all.putAll(query(store, t, hk, cols, ma.size(), attrs, again));
    }
    Map<String, TreeMap<Long, SetReplay.StoredSet>> out = new HashMap<>();
    all.forEach(
        (parent, rows) ->
            out.put(parent, sets(rows, again.getOrDefault(parent, from.get(parent)))));
    return out;
  }

  /** One parent's stored rows from {@code since} on, as sets by load_dts. */
  private static TreeMap<Long, SetReplay.StoredSet> sets(List<StoredRow> rows, long since) {
    TreeMap<Long, SetReplay.StoredSet> sets = new TreeMap<>();
    for (StoredRow r : rows) {
      if (r.t < since) {
        continue; // the probe's row before the time read
      }
      SetReplay.StoredSet s =
          sets.computeIfAbsent(
              r.t, k -> new SetReplay.StoredSet(r.t, r.recordSource, r.hashDiff, r.delete));
      if (!r.delete) {
        s.members().put(r.key, r.values);
      }
    }
    return sets;
  }

  private Map<String, List<StoredRow>> query(
      VaultStore store,
      TableSpec t,
      String hk,
      List<String> cols,
      int maCount,
      List<String> attrs,
      Map<String, Long> times)
      throws SQLException {
    TextColumns keys = new TextColumns(List.of(hk, "t__"));
    times.forEach((p, at) -> keys.add(List.of(p, target.timestampText(at))));
    Map<String, List<StoredRow>> out = new HashMap<>();
    store.readAround(
        t,
        List.of(hk),
        n.loadDts(),
        cols,
        keys,
        rs -> {
          StoredRow r = new StoredRow();
          String parent = hashText.apply(rs.text(1));
          r.t = rs.micros(2);
          r.key = new ArrayList<>(maCount);
          for (int i = 0; i < maCount; i++) {
            r.key.add(rs.text(3 + i));
          }
          int p = 3 + maCount;
          r.recordSource = rs.text(p);
          r.hashDiff = hashText.apply(rs.text(p + 1));
          r.delete = target.isTrueText(rs.text(p + 2));
          r.values = new LinkedHashMap<>();
          for (int i = 0; i < attrs.size(); i++) {
            r.values.put(attrs.get(i), rs.text(p + 3 + i));
          }
          out.computeIfAbsent(parent, k -> new ArrayList<>()).add(r);
        });
    return out;
  }

  /** One stored row of a set. */
  private static final class StoredRow {
    long t;
    List<String> key;
    String recordSource;
    String hashDiff;
    boolean delete;
    Map<String, String> values;
  }
}
