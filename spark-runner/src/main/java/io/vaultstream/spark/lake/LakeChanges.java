package io.vaultstream.spark.lake;

import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A micro-batch's changes to one Delta table, held in memory until the batch commits, then written
 * as one idempotent {@code MERGE} (Delta skips a second commit of the same batch to a table, so
 * inserts, deletes and updates go in one statement, each row carrying its action). The source of
 * the MERGE holds one row per key, the one change that does what the key's changes do one after
 * another, so no stored row is matched twice: a later change of a key replaces the earlier one (a
 * delete then an insert of one key becomes a replacement), except that an insert after any change
 * but a delete inserts nothing and that of two earliest sightings the earlier one wins.
 *
 * <p>Values travel as text and are cast to the column's type in the statement, as the engine's
 * values do in a database: a timestamp column's value as epoch microseconds ({@code Long}) or ISO
 * text, a flag as {@code Boolean}, anything else as its canonical text; a {@code BINARY} hash key
 * as hex.
 */
public final class LakeChanges {
  /** What a change does to the row of its key. */
  public enum Action {
    /** Inserts the row unless its key is stored (a replay inserts nothing). */
    INSERT,
    /**
     * A hub's or link's row: inserted, or, when stored with a later load time, given this load time
     * and record source (the earliest sighting wins, whatever the arrival order).
     */
    EARLIEST,
    /**
     * Inserts the row, or replaces the stored row's other columns that the row names (the columns
     * it does not name keep their stored values).
     */
    UPSERT,
    /** Deletes the stored row of the key. */
    DELETE
  }

  static final String ACTION = "__vs_action";

  /** The prefix of a flag column: whether a row's change names the column of that position. */
  static final String NAMED = "__vs_named_";

  private final TableSpec table;
  private final String loadDts;
  private final String recordSource;
  private final Map<List<String>, LakeChange> changes = new LinkedHashMap<>();
  private final Set<String> columns = new LinkedHashSet<>();

  /**
   * @param loadDts and {@code recordSource}: the columns an {@link Action#EARLIEST} change moves
   */
  public LakeChanges(TableSpec table, String loadDts, String recordSource) {
    this.table = table;
    this.loadDts = loadDts;
    this.recordSource = recordSource;
  }

  public TableSpec table() {
    return table;
  }

  /** Adds a change of the row of {@code row}'s key (a row holds at least its key's columns). */
  public void put(Action action, Map<String, Object> row) {
    List<String> key = new ArrayList<>(table.primaryKey().size());
    for (String k : table.primaryKey()) {
      Object v = row.get(k);
      if (v == null) {
        throw new IllegalArgumentException(
            "A change of " + table.name() + " lacks its key column " + k + ": " + row);
      }
      key.add(text(v, table.column(k).type()));
    }
    for (String c : row.keySet()) {
      if (table.column(c) == null) {
        throw new IllegalArgumentException(table.name() + " has no column " + c);
      }
    }
    LakeChange next = new LakeChange(action, Map.copyOf(withoutNulls(row)));
    LakeChange before = changes.get(key);
    if (before != null) {
      next = before.then(next, loadDts, recordSource);
      if (before.action() == Action.DELETE && next.action() == Action.UPSERT) {
        next = new LakeChange(Action.UPSERT, whole(next.row())); // a new row: unnamed is null
      }
    }
    changes.put(key, next);
    columns.addAll(next.row().keySet());
  }

  /** The row with every column of the table, those it does not name as null. */
  private Map<String, Object> whole(Map<String, Object> row) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (ColumnSpec c : table.columns()) {
      out.put(c.name(), row.getOrDefault(c.name(), LakeChange.NULL));
    }
    return Map.copyOf(out);
  }

  private static Map<String, Object> withoutNulls(Map<String, Object> row) {
    Map<String, Object> out = new LinkedHashMap<>();
    row.forEach((k, v) -> out.put(k, v == null ? LakeChange.NULL : v));
    return out;
  }

  public boolean isEmpty() {
    return changes.isEmpty();
  }

  public int size() {
    return changes.size();
  }

  /**
   * Writes the changes as this batch's commit of the table: one {@code MERGE}, skipped by Delta
   * when the table has this batch already.
   */
  public void commit(SparkSession spark, LakeLocation at, LakeCommit commit, long batch) {
    commit(spark, at, commit, batch, true);
  }

  /**
   * The same; {@code again} when an earlier run of the batch may have committed the table (a format
   * without Delta's skip then looks before it writes).
   */
  public void commit(
      SparkSession spark, LakeLocation at, LakeCommit commit, long batch, boolean again) {
    if (changes.isEmpty()) {
      return;
    }
    String view = "vs_changes_" + Math.abs((long) table.name().hashCode()) + "_" + batch;
    spark.createDataFrame(rows(), schema()).createOrReplaceTempView(view);
    try {
      commit.run(at.table(table.name()), merge(at, view), batch, again);
    } finally {
      spark.catalog().dropTempView(view);
    }
  }

  private List<String> columnList() {
    List<String> out = new ArrayList<>();
    for (ColumnSpec c : table.columns()) {
      if (columns.contains(c.name())) {
        out.add(c.name());
      }
    }
    return out;
  }

  private StructType schema() {
    List<StructField> fields = new ArrayList<>();
    for (String c : columnList()) {
      fields.add(DataTypes.createStructField(c, DataTypes.StringType, true));
    }
    fields.add(DataTypes.createStructField(ACTION, DataTypes.StringType, false));
    for (int i : unnamed()) {
      fields.add(DataTypes.createStructField(NAMED + i, DataTypes.BooleanType, false));
    }
    return DataTypes.createStructType(fields);
  }

  /**
   * The positions in {@link #columnList} of the columns an update keeps when its change does not
   * name them: the non-key columns some upsert of the batch leaves out.
   */
  private List<Integer> unnamed() {
    List<String> cols = columnList();
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < cols.size(); i++) {
      String c = cols.get(i);
      if (table.primaryKey().contains(c)) {
        continue;
      }
      for (LakeChange ch : changes.values()) {
        if (ch.action() == Action.UPSERT && !ch.row().containsKey(c)) {
          out.add(i);
          break;
        }
      }
    }
    return out;
  }

  private List<Row> rows() {
    List<String> cols = columnList();
    List<Integer> unnamed = unnamed();
    List<Row> out = new ArrayList<>(changes.size());
    for (LakeChange ch : changes.values()) {
      Object[] values = new Object[cols.size() + 1 + unnamed.size()];
      for (int i = 0; i < cols.size(); i++) {
        Object v = ch.row().get(cols.get(i));
        values[i] =
            v == null || v == LakeChange.NULL ? null : text(v, table.column(cols.get(i)).type());
      }
      values[cols.size()] = ch.action().name();
      for (int j = 0; j < unnamed.size(); j++) {
        values[cols.size() + 1 + j] = ch.row().containsKey(cols.get(unnamed.get(j)));
      }
      out.add(RowFactory.create(values));
    }
    return out;
  }

  /** The MERGE of the changes in {@code view} into the table. */
  String merge(LakeLocation at, String view) {
    return new LakeMerge(table, loadDts, recordSource, columnList(), unnamed()).sql(at, view);
  }

  /** A value as the text the statement casts to the column's type. */
  static String text(Object v, String type) {
    if (v instanceof Long micros && type.startsWith("TIMESTAMP")) {
      return LakeValues.timeText(micros);
    }
    return v.toString();
  }
}
