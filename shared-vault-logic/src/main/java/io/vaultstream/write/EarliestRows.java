package io.vaultstream.write;

import io.vaultstream.dialect.EarliestWrite;
import io.vaultstream.dialect.VaultValues;
import io.vaultstream.event.NamedValues;
import io.vaultstream.model.Naming;
import io.vaultstream.plan.VaultRow;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongFunction;
import java.util.function.UnaryOperator;

/**
 * Writes the rows of hubs, links and non-historized links, one row per key keeping the earliest
 * (load_dts, record_source). Keys this loader has surely not stored yet ({@link NewKeyHints}) are
 * inserted plainly where the store can ({@link VaultStore#insertNewKeys}), the others upserted.
 *
 * <p>Rows go in key order: two writers upserting overlapping keys in different orders deadlocked. A
 * new key's plain insert holds its row as the upsert does, so two writers of one key still take
 * turns, and the satellite versions written with it are ordered by it in the same way.
 */
final class EarliestRows {
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(EarliestRows.class);
  private final VaultValues target;
  private final Naming n;
  private final UnaryOperator<String> hashText;
  private final NewKeyHints hints;

  EarliestRows(VaultValues target, Naming n, UnaryOperator<String> hashText, int tables) {
    this.target = target;
    this.n = n;
    this.hashText = hashText;
    this.hints = new NewKeyHints(tables);
  }

  /**
   * Writes the rows of {@code t}; returns how many were inserted or moved back.
   *
   * @param inserted receives the keys this write inserted, or null when no one needs them
   * @param racing whether the batch is written again after a race: every key is upserted
   */
  int write(
      VaultStore store,
      TableSpec t,
      Map<String, VaultRow> rows,
      Set<String> inserted,
      boolean racing)
      throws SQLException {
    if (rows == null || rows.isEmpty()) {
      return 0;
    }
    List<String> cols = columnsWithout(t, n.loadedAt());
    String pk = t.primaryKey().get(0);
    // Loop bodies are methods of their own here: the JIT compiles each once, instead of again
    // into an on-stack-replacement version of the loop (docs/BENCHMARKS.md).
    List<Map.Entry<String, VaultRow>> inKeyOrder = new ArrayList<>(rows.entrySet());
    inKeyOrder.sort(Map.Entry.comparingByKey());
    int[] roles = roles(cols, pk);
    NamedValues.Lookup values = new NamedValues.Lookup(cols);
    List<List<String>> all = new ArrayList<>(rows.size());
    LongFunction<String> times = target.timestampTexts();
    for (Map.Entry<String, VaultRow> e : inKeyOrder) {
      all.add(earliestRow(e.getValue(), values, roles, times));
    }
    if (!store.insertsNewKeys()) {
      return upsert(store, t, cols, all, inserted, null, null);
    }
    NewKeyHints.Table known = hints.of(t.name());
    int keyColumn = cols.indexOf(pk);
    long[] hashes = new long[all.size()]; // each key's filter hash, taken once
    for (int i = 0; i < hashes.length; i++) {
      hashes[i] = NewKeyHints.Table.hash(hashText.apply(all.get(i).get(keyColumn)));
    }
    int count;
    if (!racing && known.inserting()) {
      count = insertNewThenUpsert(store, t, cols, all, hashes, keyColumn, known, inserted);
    } else {
      count = upsert(store, t, cols, all, inserted, known, hashes);
    }
    for (long h : hashes) {
      known.stored(h);
    }
    return count;
  }

  /**
   * Inserts the rows whose keys are surely new plainly and upserts the others; when a key believed
   * new is stored, upserts them all and leaves plain inserts for a while.
   */
  private int insertNewThenUpsert(
      VaultStore store,
      TableSpec t,
      List<String> cols,
      List<List<String>> all,
      long[] hashes,
      int keyColumn,
      NewKeyHints.Table known,
      Set<String> inserted)
      throws SQLException {
    TextColumns fresh = new TextColumns(cols, all.size());
    List<List<String>> rest = new ArrayList<>();
    List<String> freshKeys = inserted != null ? new ArrayList<>() : null;
    for (int i = 0; i < hashes.length; i++) {
      List<String> row = all.get(i);
      if (known.mayBeStored(hashes[i])) {
        rest.add(row);
      } else {
        fresh.add(row);
        if (freshKeys != null) {
          freshKeys.add(hashText.apply(row.get(keyColumn)));
        }
      }
    }
    if (fresh.size() == 0) {
      return upsert(store, t, cols, rest, inserted, null, null);
    }
    if (!store.insertNewKeys(t, fresh, n.loadedAt())) {
      LOG.debug(
          "Of {} keys of {} this loader had not met, one was stored already (another loader's, or"
              + " from before a restart); upserting the table's {} rows of the batch",
          fresh.size(),
          t.name(),
          all.size());
      known.undone();
      return upsert(store, t, cols, all, inserted, known, hashes);
    }
    if (inserted != null) {
      inserted.addAll(freshKeys);
    }
    return fresh.size() + upsert(store, t, cols, rest, inserted, null, null);
  }

  /**
   * Upserts rows; with {@code learning}, tells it how many keys it did not know were stored, so
   * that it can resume plain inserts when there were none ({@code hashes}: each row's key's filter
   * hash, in the rows' order).
   */
  private int upsert(
      VaultStore store,
      TableSpec t,
      List<String> cols,
      List<List<String>> rows,
      Set<String> inserted,
      NewKeyHints.Table learning,
      long[] hashes)
      throws SQLException {
    if (rows.isEmpty()) {
      return 0;
    }
    TextColumns data = new TextColumns(cols, rows.size());
    rows.forEach(data::add);
    if (learning == null && inserted == null) {
      return store.upsertEarliest(t, data, null);
    }
    int unknown = learning == null ? 0 : unknownKeys(hashes, learning);
    int[] insertedUnknown = {0};
    EarliestWrite.Changed changed =
        (insertedHere, key) -> {
          if (insertedHere) {
            String text = hashText.apply(key);
            if (inserted != null) {
              inserted.add(text);
            }
            if (learning != null && !learning.mayBeStored(text)) {
              insertedUnknown[0]++;
            }
          }
        };
    int count = store.upsertEarliest(t, data, changed);
    if (learning != null) {
      learning.upserted(unknown, unknown - insertedUnknown[0]);
    }
    return count;
  }

  private static int unknownKeys(long[] hashes, NewKeyHints.Table known) {
    int unknown = 0;
    for (long h : hashes) {
      if (!known.mayBeStored(h)) {
        unknown++;
      }
    }
    return unknown;
  }

  private static List<String> columnsWithout(TableSpec t, String excluded) {
    List<String> out = new ArrayList<>();
    for (ColumnSpec col : t.columns()) {
      if (!col.name().equals(excluded)) {
        out.add(col.name());
      }
    }
    return out;
  }

  private static final int KEY = 0;
  private static final int LOAD_DTS = 1;
  private static final int RECORD_SOURCE = 2;
  private static final int VALUE = 3;

  /** What each column of a row holds, found once per table and batch rather than per row. */
  private int[] roles(List<String> cols, String pk) {
    int[] roles = new int[cols.size()];
    for (int i = 0; i < roles.length; i++) {
      String col = cols.get(i);
      roles[i] =
          col.equals(pk)
              ? KEY
              : col.equals(n.loadDts())
                  ? LOAD_DTS
                  : col.equals(n.recordSource()) ? RECORD_SOURCE : VALUE;
    }
    return roles;
  }

  private static List<String> earliestRow(
      VaultRow r, NamedValues.Lookup values, int[] roles, LongFunction<String> times) {
    List<String> row = new ArrayList<>(roles.length);
    Map<String, String> vals = r.values();
    int[] at = values.positionsIn(vals);
    for (int i = 0; i < roles.length; i++) {
      row.add(
          switch (roles[i]) {
            case KEY -> r.key();
            case LOAD_DTS -> times.apply(r.loadDts());
            case RECORD_SOURCE -> r.recordSource();
            default -> values.get(vals, at, i);
          });
    }
    return row;
  }
}
