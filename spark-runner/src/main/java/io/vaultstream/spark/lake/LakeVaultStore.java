package io.vaultstream.spark.lake;

import io.vaultstream.dialect.EarliestWrite;
import io.vaultstream.model.Naming;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import io.vaultstream.write.TextColumns;
import io.vaultstream.write.VaultStore;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;

/**
 * A micro-batch's vault rows in Delta tables: reads see each table as the batch pinned it ({@link
 * LakeBatch#read}), writes are collected per table as {@link LakeChanges} and committed by the
 * caller once the whole batch is planned and written, each table in one MERGE. A read does not see
 * the batch's own writes; the writer reads a table's keys before it writes them and never reads
 * them again in the same batch.
 */
public final class LakeVaultStore implements VaultStore {
  private static final AtomicLong VIEWS = new AtomicLong();

  private final SparkSession spark;
  private final LakeBatch batch;
  private final Naming n;
  private final Map<String, LakeChanges> changes = new LinkedHashMap<>();
  private final Map<String, Set<String>> pinnedColumns = new HashMap<>();

  public LakeVaultStore(SparkSession spark, LakeBatch batch, Naming naming) {
    this.spark = spark;
    this.batch = batch;
    this.n = naming;
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
    Map<String, Long> stored = loadTimes(t, rows, keyAt);
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

  /** The stored load time of each of the rows' keys that is stored. */
  private Map<String, Long> loadTimes(TableSpec t, TextColumns rows, int keyAt) {
    String pk = t.primaryKey().get(0);
    TextColumns keys = new TextColumns(List.of(pk));
    for (int r = 0; r < rows.size(); r++) {
      keys.add(List.of(rows.value(r, keyAt)));
    }
    Map<String, Long> out = new HashMap<>();
    String view = view(keys);
    try {
      for (Row row :
          spark
              .sql(
                  "SELECT "
                      + text(t, pk, "t")
                      + ", unix_micros(t."
                      + q(n.loadDts())
                      + ") FROM "
                      + batch.read(t.name())
                      + " t JOIN "
                      + view
                      + " k ON "
                      + equal(t, pk, "t", "k"))
              .collectAsList()) {
        out.put(LakeValues.hexKey(row.getString(0)), row.getLong(1));
      }
    } finally {
      spark.catalog().dropTempView(view);
    }
    return out;
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

  @Override
  public int deleteByKey(TableSpec t, TextColumns keys) {
    if (keys.size() > 0 && !keys.names().containsAll(t.primaryKey())) {
      throw new IllegalArgumentException(
          "A delete from "
              + t.name()
              + " names "
              + keys.names()
              + ", not its key "
              + t.primaryKey());
    }
    for (int r = 0; r < keys.size(); r++) {
      of(t).put(LakeChanges.Action.DELETE, row(keys, r));
    }
    return keys.size();
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
    if (keys.size() == 0) {
      return;
    }
    List<String> out = new ArrayList<>();
    for (String k : keyColumns) {
      out.add(text(t, k, "s"));
    }
    out.add("unix_micros(s." + q(time) + ")");
    for (String c : read) {
      out.add(text(t, c, "s"));
    }
    List<String> on = new ArrayList<>();
    List<String> partition = new ArrayList<>();
    for (String k : keyColumns) {
      on.add(equal(t, k, "t", "k"));
      partition.add("s." + q(k));
    }
    String view = view(keys);
    String joined =
        "(SELECT t.*, "
            + LakeValues.cast("k.t__", "TIMESTAMP")
            + " AS from__ FROM "
            + batch.read(t.name())
            + " t JOIN "
            + view
            + " k ON "
            + String.join(" AND ", on)
            + ")";
    String sql =
        "SELECT "
            + String.join(", ", out)
            + " FROM (SELECT s.*, row_number() OVER (PARTITION BY "
            + String.join(", ", partition)
            + " ORDER BY CASE WHEN s."
            + q(time)
            + " < s.from__ THEN 0 ELSE 1 END, s."
            + q(time)
            + " DESC) AS before__ FROM "
            + joined
            + " s) s WHERE s."
            + q(time)
            + " >= s.from__ OR s.before__ = 1 ORDER BY "
            + String.join(", ", partition)
            + ", s."
            + q(time);
    try {
      answer(sql, reader);
    } finally {
      spark.catalog().dropTempView(view);
    }
  }

  @Override
  public void readDiffering(
      TableSpec t, String hashKey, List<String> attributes, TextColumns compared, RowReader reader)
      throws SQLException {
    if (compared.size() == 0) {
      return;
    }
    List<String> out = new ArrayList<>();
    out.add("k." + q(compared.names().get(0)));
    List<String> any = new ArrayList<>();
    for (String a : attributes) {
      ColumnSpec col = t.column(a);
      // A column added after the pinned version (first seen in this batch) is NULL in every row.
      String mine = pinned(t).contains(a) ? "t." + q(a) : "CAST(NULL AS " + col.type() + ")";
      String differs = "NOT (" + mine + " <=> " + LakeValues.cast("k." + q(a), col.type()) + ")";
      out.add("CASE WHEN " + differs + " THEN 'true' ELSE 'false' END");
      out.add(text(t, a, "t"));
      any.add(differs);
    }
    String view = view(compared);
    String sql =
        "SELECT "
            + String.join(", ", out)
            + " FROM "
            + batch.read(t.name())
            + " t JOIN "
            + view
            + " k ON "
            + equal(t, hashKey, "t", "k")
            + (any.isEmpty() ? "" : " WHERE " + String.join(" OR ", any));
    try {
      answer(sql, reader);
    } finally {
      spark.catalog().dropTempView(view);
    }
  }

  @Override
  public void lockKeys(TableSpec t, Collection<List<String>> keys) {
    // One writer per vault: nothing to take turns with.
  }

  /** Runs a read and hands its rows to the reader (every column read as text or a number). */
  private void answer(String sql, RowReader reader) throws SQLException {
    for (Row row : spark.sql(sql).collectAsList()) {
      reader.read(new SparkRow(row));
    }
  }

  /** A row of a read, columns from 1. */
  private record SparkRow(Row row) implements VaultStore.StoredRow {
    @Override
    public String text(int column) {
      Object v = row.get(column - 1);
      return v == null ? null : v.toString();
    }

    @Override
    public long micros(int column) {
      return row.getLong(column - 1);
    }
  }

  /** The rows as a temporary view of text columns; the caller drops it. */
  private String view(TextColumns rows) {
    List<StructField> fields = new ArrayList<>();
    for (String c : rows.names()) {
      fields.add(DataTypes.createStructField(c, DataTypes.StringType, true));
    }
    List<Row> data = new ArrayList<>(rows.size());
    for (int r = 0; r < rows.size(); r++) {
      Object[] v = new Object[rows.names().size()];
      for (int c = 0; c < v.length; c++) {
        v[c] = rows.value(r, c);
      }
      data.add(RowFactory.create(v));
    }
    String name = "vs_rows_" + VIEWS.incrementAndGet();
    spark.createDataFrame(data, DataTypes.createStructType(fields)).createOrReplaceTempView(name);
    return name;
  }

  /**
   * A column of {@code t} read as the engine's text; NULL for a column the table gained after the
   * version the batch reads (a column first seen in this batch's events, or added by a run of this
   * batch that failed before its commits).
   */
  private String text(TableSpec t, String column, String alias) {
    if (!pinned(t).contains(column)) {
      return "CAST(NULL AS STRING)";
    }
    ColumnSpec c = t.column(column);
    return LakeValues.asText(alias + "." + q(column), c == null ? "STRING" : c.type());
  }

  /** The columns of {@code t} in the version the batch reads. */
  private Set<String> pinned(TableSpec t) {
    return pinnedColumns.computeIfAbsent(
        t.name(),
        k ->
            Set.of(spark.sql("SELECT * FROM " + batch.read(k) + " LIMIT 0").schema().fieldNames()));
  }

  /** The stored column equals the text of the same column in the view. */
  private static String equal(TableSpec t, String column, String stored, String given) {
    return stored
        + "."
        + q(column)
        + " = "
        + LakeValues.cast(given + "." + q(column), t.column(column).type());
  }

  private static Map<String, Object> row(TextColumns rows, int r) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (int c = 0; c < rows.names().size(); c++) {
      out.put(rows.names().get(c), rows.value(r, c));
    }
    return out;
  }

  private static String q(String name) {
    return LakeLocation.quote(name);
  }
}
