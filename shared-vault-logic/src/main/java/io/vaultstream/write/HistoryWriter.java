package io.vaultstream.write;

import io.vaultstream.dialect.VaultValues;
import io.vaultstream.event.NamedValues;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.Naming;
import io.vaultstream.model.VaultModel;
import io.vaultstream.plan.HistoryRow;
import io.vaultstream.table.TableSpec;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongFunction;

/**
 * Writes one satellite's or reference table's versions of a batch: reads the stored history around
 * them ({@link HistoryRead}), merges each key's new versions into it ({@link HistoryMerge},
 * versions compared by {@link VersionHashes}), then inserts the versions kept and deletes the
 * stored ones made redundant, one statement each.
 */
final class HistoryWriter {
  private final VaultValues target;
  private final HashKeyCalculator hasher;
  private final VaultShape schema;
  private final Naming n;
  private final HistoryRead history;
  private final Repeats repeats;

  HistoryWriter(
      VaultModel model,
      VaultValues target,
      HashKeyCalculator hasher,
      VaultShape schema,
      HistoryRead history) {
    this.target = target;
    this.hasher = hasher;
    this.schema = schema;
    this.n = model.naming();
    this.history = history;
    this.repeats = new Repeats(target, schema);
  }

  /** Writes a table's versions; returns the rows inserted. */
  int write(
      VaultStore store, TableSpec t, List<HistoryRow> rows, boolean racing, Set<String> newParents)
      throws SQLException {
    if (rows == null || rows.isEmpty()) {
      return 0;
    }
    List<String> keyCols = new ArrayList<>(t.primaryKey());
    keyCols.remove(n.loadDts());
    List<String> attrs = schema.attributes(t.name());
    Map<String, String> nullAttrs = new LinkedHashMap<>();
    attrs.forEach(a -> nullAttrs.put(a, null));
    VersionHashes hashes = new VersionHashes(hasher, attrs, schema.fixedAttributes(t.name()));

    // Keys in order: the history read probes the table's index, and the insert and the delete
    // reach it, from one end to the other once, instead of jumping around it as hash keys arrive
    // (docs/BENCHMARKS.md, "Rows in key order").
    Map<List<String>, List<HistoryMerge.Version>> fresh = new TreeMap<>(KeyOrder.KEYS);
    for (HistoryRow r : rows) {
      fresh.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(hashes.version(r));
    }
    Map<List<String>, List<HistoryMerge.Version>> stored =
        history.around(store, t, keyCols, attrs, schema.auditColumns(t.name()), fresh, newParents);
    Map<List<String>, List<HistoryMerge.Version>> repeated =
        repeats.read(store, t.name(), fresh, newParents);

    List<String> audit = schema.auditColumns(t.name());
    List<String> insertCols = insertColumns(keyCols, attrs);
    insertCols.addAll(audit);
    TextColumns inserts = new TextColumns(insertCols, rows.size());
    List<String> delCols = new ArrayList<>(keyCols);
    delCols.add(n.loadDts());
    TextColumns deletes = new TextColumns(delCols);
    TextColumns repeatsAdded = repeats.additions();
    TextColumns repeatsRemoved = repeats.removals();
    NamedValues.Lookup attrValues = new NamedValues.Lookup(attrs);
    NamedValues.Lookup auditValues = new NamedValues.Lookup(audit);
    LongFunction<String> times = target.timestampTexts();
    for (Map.Entry<List<String>, List<HistoryMerge.Version>> e : fresh.entrySet()) {
      HistoryMerge.Outcome o = merge(e.getKey(), e.getValue(), stored, repeated, nullAttrs, hashes);
      rows(e.getKey(), o, nullAttrs, attrValues, auditValues, times, inserts, deletes);
      repeats.collect(t.name(), e.getKey(), o, repeatsAdded, repeatsRemoved);
    }
    repeats.write(store, repeatsAdded, repeatsRemoved);
    store.deleteByKey(t, deletes);
    return store.insert(t, inserts, n.loadedAt(), racing);
  }

  /** Merges one key's new versions with its stored ones and remembered repeats. */
  private static HistoryMerge.Outcome merge(
      List<String> key,
      List<HistoryMerge.Version> versions,
      Map<List<String>, List<HistoryMerge.Version>> stored,
      Map<List<String>, List<HistoryMerge.Version>> repeated,
      Map<String, String> nullAttrs,
      VersionHashes hashes) {
    versions.sort(Comparator.comparingLong(v -> v.t));
    return HistoryMerge.merge(
        stored.getOrDefault(key, List.of()),
        repeated.getOrDefault(key, List.of()),
        versions,
        versions.get(0).t,
        nullAttrs,
        hashes.emptyDiff(),
        hashes::same);
  }

  /** The rows to insert and to delete for one key's merge. */
  private void rows(
      List<String> key,
      HistoryMerge.Outcome o,
      Map<String, String> nullAttrs,
      NamedValues.Lookup attrs,
      NamedValues.Lookup audit,
      LongFunction<String> times,
      TextColumns inserts,
      TextColumns deletes) {
    for (HistoryMerge.Version v : o.inserts()) {
      List<String> row = new ArrayList<>(key.size() + 4 + attrs.size() + audit.size());
      row.addAll(key);
      row.add(times.apply(v.t));
      row.add(v.recordSource);
      row.add(v.hashDiff);
      row.add(target.booleanText(v.delete));
      // A delete's or an all-NULL version's attributes are the batch's map of NULLs: no lookups.
      attrs.addTo(v.attrs == nullAttrs ? null : v.attrs, row);
      audit.addTo(v.audit, row);
      inserts.add(row);
    }
    for (HistoryMerge.Version v : o.deletes()) {
      List<String> row = new ArrayList<>(key.size() + 1);
      row.addAll(key);
      row.add(times.apply(v.t));
      deletes.add(row);
    }
  }

  private List<String> insertColumns(List<String> keyCols, List<String> attrs) {
    List<String> cols = new ArrayList<>(keyCols);
    cols.add(n.loadDts());
    cols.add(n.recordSource());
    cols.add(n.hashDiff());
    cols.add(n.deleteFlag());
    cols.addAll(attrs);
    return cols;
  }
}
