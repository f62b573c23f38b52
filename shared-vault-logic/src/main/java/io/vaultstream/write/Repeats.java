package io.vaultstream.write;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultValues;
import io.vaultstream.keymap.KeyText;
import io.vaultstream.table.TableSpec;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The remembered repeats of a satellite or reference table (table vs_repeats): events whose version
 * equalled the one before them, kept by time so that an earlier event arriving later can turn them
 * into versions (see {@link HistoryMerge}). Read around a batch in one statement, written in at
 * most two.
 */
final class Repeats {
  private static final List<String> KEY = List.of("target_table", "row_key");
  private static final String TIME = "load_dts";
  private static final List<String> ALL =
      List.of("target_table", "row_key", TIME, "record_source", "audit");

  private final VaultValues target;
  private final VaultShape schema;

  Repeats(VaultValues target, VaultShape schema) {
    this.target = target;
    this.schema = schema;
  }

  /** Whether this vault remembers repeats (a model without satellites or references does not). */
  boolean enabled() {
    return schema.table(VaultTables.REPEATS) != null;
  }

  /**
   * The remembered repeats of the keys from their earliest new version on, per key; keys whose
   * parent row this transaction inserted have none and are not read.
   */
  Map<List<String>, List<HistoryMerge.Version>> read(
      VaultStore store,
      String table,
      Map<List<String>, List<HistoryMerge.Version>> fresh,
      Set<String> newParents)
      throws SQLException {
    Map<List<String>, List<HistoryMerge.Version>> out = new HashMap<>();
    if (!enabled()) {
      return out;
    }
    Wanted wanted = wanted(table, fresh, newParents);
    if (wanted.keys.size() == 0) {
      return out;
    }
    TableSpec t = schema.table(VaultTables.REPEATS);
    store.readAround(
        t,
        KEY,
        TIME,
        List.of("record_source", "audit"),
        wanted.keys,
        rs -> {
          String text = rs.text(2);
          long micros = rs.micros(3);
          if (micros >= wanted.from.get(text)) { // (the statement also returns the one before)
            HistoryMerge.Version r = HistoryMerge.Version.repeat(micros, rs.text(4));
            String audit = rs.text(5);
            if (audit != null) {
              r.audit = KeyText.parseValues(audit);
            }
            out.computeIfAbsent(wanted.byText.get(text), k -> new ArrayList<>()).add(r);
          }
        });
    return out;
  }

  /**
   * The keys whose repeats are read, each with the earliest time of its new versions (as the key
   * text, the table's name and the time); by text, the key and that time.
   */
  private record Wanted(
      TextColumns keys, Map<String, List<String>> byText, Map<String, Long> from) {}

  /** The keys to read: the batch's, but those of new parent rows and those too long to store. */
  private Wanted wanted(
      String table, Map<List<String>, List<HistoryMerge.Version>> fresh, Set<String> newParents) {
    List<String> cols = new ArrayList<>(KEY);
    cols.add("t__");
    Wanted wanted = new Wanted(new TextColumns(cols), new HashMap<>(), new HashMap<>());
    for (Map.Entry<List<String>, List<HistoryMerge.Version>> e : fresh.entrySet()) {
      if (e.getKey().size() == 1 && newParents.contains(e.getKey().get(0))) {
        continue;
      }
      long min = Long.MAX_VALUE;
      for (HistoryMerge.Version v : e.getValue()) {
        min = Math.min(min, v.t);
      }
      String text = KeyText.pk(e.getKey());
      if (!fits(text)) {
        continue;
      }
      wanted.byText.put(text, e.getKey());
      wanted.from.put(text, min);
      wanted.keys.add(List.of(table, text, target.timestampText(min)));
    }
    return wanted;
  }

  /** Collects one key's changes to its repeats. */
  void collect(
      String table, List<String> key, HistoryMerge.Outcome o, TextColumns add, TextColumns drop) {
    if (o.repeatsAdded().isEmpty() && o.repeatsRemoved().isEmpty()) {
      return;
    }
    String text = KeyText.pk(key);
    if (!fits(text)) {
      return;
    }
    for (HistoryMerge.Version v : o.repeatsAdded()) {
      add.add(Arrays.asList(table, text, target.timestampText(v.t), source(v), audit(v)));
    }
    for (HistoryMerge.Version v : o.repeatsRemoved()) {
      drop.add(List.of(table, text, target.timestampText(v.t)));
    }
  }

  /**
   * Whether a key's text fits the table's key column (MariaDB bounds it; a longer reference code
   * has no repeats remembered: its history is then the one its events' arrival order gives).
   */
  private boolean fits(String keyText) {
    return keyText.length() <= target.maxKeyChars();
  }

  /** The version's own audit values (those not NULL), as text; null for none. */
  private static String audit(HistoryMerge.Version v) {
    Map<String, String> known = new LinkedHashMap<>();
    v.audit.forEach(
        (k, val) -> {
          if (val != null) {
            known.put(k, val);
          }
        });
    return known.isEmpty() ? null : KeyText.values(known);
  }

  private static String source(HistoryMerge.Version v) {
    return v.recordSource == null ? "" : v.recordSource;
  }

  /** Columns of the rows {@link #collect} adds. */
  TextColumns additions() {
    return new TextColumns(ALL);
  }

  /** Columns of the rows {@link #collect} drops. */
  TextColumns removals() {
    return new TextColumns(List.of("target_table", "row_key", TIME));
  }

  /** Writes what {@link #collect} gathered. */
  void write(VaultStore store, TextColumns add, TextColumns drop) throws SQLException {
    TableSpec t = schema.table(VaultTables.REPEATS);
    store.deleteByKey(t, drop);
    store.insert(t, add, null, true);
  }
}
