package io.vaultstream.spark.lake;

import io.vaultstream.dialect.EarliestWrite;
import io.vaultstream.model.Naming;
import io.vaultstream.table.TableSpec;
import io.vaultstream.write.TextColumns;
import io.vaultstream.write.VaultStore;
import java.sql.SQLException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * A micro-batch's vault rows in Delta tables: reads see each table as the batch pinned it ({@link
 * LakeBatch#read}), writes are collected per table as {@link LakeChanges} and committed by the
 * caller once the whole batch is planned and written, each table in one MERGE. A read does not see
 * the batch's own writes; the writer reads a table's keys before it writes them and never reads
 * them again in the same batch.
 */
public final class LakeVaultStore implements VaultStore {
  private final LakeBatch batch;
  private final Naming n;
  private final LakeReads reads;
  private final Map<String, LakeChanges> changes = new LinkedHashMap<>();

  public LakeVaultStore(SparkSession spark, LakeBatch batch, Naming naming) {
    this.batch = batch;
    this.n = naming;
    this.reads = new LakeReads(spark, batch);
  }

  /** The changes per table, in the order the batch first wrote each table. */
  public Map<String, LakeChanges> changes() {
    return changes;
  }

  private LakeChanges of(TableSpec t) {
    return changes.computeIfAbsent(
        t.name(), k -> new LakeChanges(t, n.loadDts(), n.recordSource()));
  }

  @Override
  public int upsertEarliest(TableSpec t, TextColumns rows, EarliestWrite.Changed changed)
      throws SQLException {
    String pk = t.primaryKey().get(0);
    int keyAt = rows.names().indexOf(pk);
    int timeAt = rows.names().indexOf(n.loadDts());
    // Read whether or not the caller asks which rows changed: the count is of those, as the
    // database's upsert counts them (a row stored with an earlier or equal time is not written).
    Map<String, Long> stored = reads.loadTimes(t, rows, keyAt, n.loadDts());
    int count = 0;
    boolean stamped = t.column(n.loadedAt()) != null && !rows.names().contains(n.loadedAt());
    for (int r = 0; r < rows.size(); r++) {
      Map<String, Object> row = row(rows, r);
      if (stamped) {
        row.put(n.loadedAt(), batch.now()); // written with a new row only
      }
      of(t).put(LakeChanges.Action.EARLIEST, row);
      String key = rows.value(r, keyAt);
      Long before = stored.get(LakeValues.hexKey(key));
      boolean inserted = before == null;
      if (inserted || LakeValues.micros(rows.value(r, timeAt)) < before) {
        if (changed != null) {
          changed.row(inserted, key);
        }
        count++;
      }
    }
    return count;
  }

  @Override
  public int insert(TableSpec t, TextColumns rows, String loadedAt, boolean racing) {
    for (int r = 0; r < rows.size(); r++) {
      Map<String, Object> row = row(rows, r);
      if (loadedAt != null) {
        row.put(loadedAt, batch.now());
      }
      of(t).put(LakeChanges.Action.INSERT, row);
    }
    return rows.size();
  }

  /** Replaces the columns {@code row} names in the stored row of its key (or inserts the row). */
  void upsert(TableSpec t, Map<String, Object> row) {
    of(t).put(LakeChanges.Action.UPSERT, row);
  }

  /** Forgets the batch's changes. */
  void clear() {
    changes.clear();
  }

  /**
   * Deletes the rows of the keys; keys that name only the leading columns of the table's key (a
   * multi-active set: parent and load time) delete every stored row under them, found as the batch
   * pinned the table.
   */
  @Override
  public int deleteByKey(TableSpec t, TextColumns keys) {
    if (keys.size() == 0) {
      return 0;
    }
    if (keys.names().containsAll(t.primaryKey())) {
      for (int r = 0; r < keys.size(); r++) {
        of(t).put(LakeChanges.Action.DELETE, row(keys, r));
      }
      return keys.size();
    }
    if (!keys.names()
        .equals(t.primaryKey().subList(0, Math.min(keys.names().size(), t.primaryKey().size())))) {
      throw new IllegalArgumentException(
          "A delete from "
              + t.name()
              + " names "
              + keys.names()
              + ", neither its key "
              + t.primaryKey()
              + " nor its leading columns");
    }
    int deleted = 0;
    for (List<String> key : reads.keysUnder(t, keys)) {
      Map<String, Object> row = new LinkedHashMap<>();
      for (int c = 0; c < key.size(); c++) {
        row.put(t.primaryKey().get(c), key.get(c));
      }
      of(t).put(LakeChanges.Action.DELETE, row);
      deleted++;
    }
    return deleted;
  }

  @Override
  public void readAround(
      TableSpec t,
      List<String> keyColumns,
      String time,
      List<String> read,
      TextColumns keys,
      RowReader reader)
      throws SQLException {
    reads.around(t, keyColumns, time, read, keys, reader);
  }

  @Override
  public void readDiffering(
      TableSpec t, String hashKey, List<String> attributes, TextColumns compared, RowReader reader)
      throws SQLException {
    reads.differing(t, hashKey, attributes, compared, reader);
  }

  @Override
  public void lockKeys(TableSpec t, Collection<List<String>> keys) {
    // One writer per vault: nothing to take turns with.
  }

  private static Map<String, Object> row(TextColumns rows, int r) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (int c = 0; c < rows.names().size(); c++) {
      out.put(rows.names().get(c), rows.value(r, c));
    }
    return out;
  }
}
