package io.vaultstream.write;

import io.vaultstream.dialect.VaultValues;
import io.vaultstream.model.Naming;
import io.vaultstream.table.TableKind;
import io.vaultstream.table.TableSpec;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Reads the stored history of a satellite or reference table around a batch's new versions, in one
 * read (per key, an index probe for the version before the batch's time and one for the versions
 * after it), after locking the keys no parent row orders the writers of ({@link
 * VaultStore#lockKeys}): the merge must see every version committed before it.
 */
final class HistoryRead {
  private final VaultValues target;
  private final VaultShape schema;
  private final Naming n;
  private final UnaryOperator<String> hashText;

  HistoryRead(VaultValues target, VaultShape schema, Naming n, UnaryOperator<String> hashText) {
    this.target = target;
    this.schema = schema;
    this.n = n;
    this.hashText = hashText;
  }

  /** A key and the earliest time of its new versions: where its stored history is read from. */
  private List<String> keyFrom(List<String> key, List<HistoryMerge.Version> versions) {
    long min = Long.MAX_VALUE;
    for (HistoryMerge.Version v : versions) {
      min = Math.min(min, v.t);
    }
    List<String> row = new ArrayList<>(key);
    row.add(target.timestampText(min));
    return row;
  }

  /**
   * The stored versions of the batch's keys around their new ones: for each key, the latest before
   * its earliest new version and every one from it on (keys whose parent row this transaction
   * inserted have none). A reference table's keys are locked first.
   */
  Map<List<String>, List<HistoryMerge.Version>> around(
      VaultStore store,
      TableSpec t,
      List<String> keyCols,
      List<String> attrs,
      List<String> audit,
      Map<List<String>, List<HistoryMerge.Version>> fresh,
      Set<String> newParents)
      throws SQLException {
    if (t.kind() == TableKind.REFERENCE) {
      store.lockKeys(t, fresh.keySet());
    }
    TextColumns keys = keysToRead(keyCols, fresh, newParents);
    List<String> read = columnsToRead(attrs, audit);
    Map<List<String>, List<HistoryMerge.Version>> out = new LinkedHashMap<>();
    if (keys.size() == 0) {
      return out;
    }
    boolean hashKeyed = t.kind() == TableKind.SATELLITE;
    store.readAround(
        t,
        keyCols,
        n.loadDts(),
        read,
        keys,
        rs -> {
          List<String> key = new ArrayList<>(keyCols.size());
          for (int i = 1; i <= keyCols.size(); i++) {
            key.add(hashKeyed ? hashText.apply(rs.text(i)) : rs.text(i));
          }
          HistoryMerge.Version v = version(rs, keyCols.size() + 1, attrs, audit);
          out.computeIfAbsent(key, k -> new ArrayList<>()).add(v);
        });
    return out;
  }

  /** Each key to read, with its earliest new version's time (a new parent row has none stored). */
  private TextColumns keysToRead(
      List<String> keyCols,
      Map<List<String>, List<HistoryMerge.Version>> fresh,
      Set<String> newParents) {
    List<String> cols = new ArrayList<>(keyCols);
    cols.add("t__");
    TextColumns keys = new TextColumns(cols);
    for (Map.Entry<List<String>, List<HistoryMerge.Version>> e : fresh.entrySet()) {
      if (e.getKey().size() != 1 || !newParents.contains(e.getKey().get(0))) {
        keys.add(keyFrom(e.getKey(), e.getValue())); // (a new parent row has nothing stored)
      }
    }
    return keys;
  }

  /** The columns read of each stored version, after its key and load time. */
  private List<String> columnsToRead(List<String> attrs, List<String> audit) {
    List<String> read = new ArrayList<>();
    read.add(n.hashDiff());
    read.add(n.deleteFlag());
    read.add(n.recordSource()); // kept when a stored version becomes a repeat
    read.addAll(attrs);
    read.addAll(audit); // kept when a stored version is written again or becomes a repeat
    return read;
  }

  /** The stored version in a row read, whose load time is column {@code p}. */
  private HistoryMerge.Version version(
      VaultStore.StoredRow rs, int p, List<String> attrs, List<String> audit) throws SQLException {
    long micros = rs.micros(p);
    String hd = hashText.apply(rs.text(p + 1));
    boolean del = target.isTrueText(rs.text(p + 2));
    String source = rs.text(p + 3);
    Map<String, String> a = new LinkedHashMap<>();
    for (int i = 0; i < attrs.size(); i++) {
      a.put(attrs.get(i), rs.text(p + 4 + i));
    }
    HistoryMerge.Version v = new HistoryMerge.Version(micros, hd, del, a, true, source);
    if (!audit.isEmpty()) {
      Map<String, String> au = new LinkedHashMap<>();
      for (int i = 0; i < audit.size(); i++) {
        au.put(audit.get(i), rs.text(p + 4 + attrs.size() + i));
      }
      v.audit = au;
    }
    return v;
  }
}
