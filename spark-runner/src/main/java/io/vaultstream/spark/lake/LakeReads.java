package io.vaultstream.spark.lake;

import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import io.vaultstream.write.TextColumns;
import io.vaultstream.write.VaultStore;
import io.vaultstream.write.VaultStore.RowReader;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;

/**
 * The reads of {@link LakeVaultStore}: each a Spark SQL query over the tables as the batch pinned
 * them, the batch's keys given as a temporary view of text columns joined to the table, every value
 * read back as the engine's text.
 */
final class LakeReads {
  private static final AtomicLong VIEWS = new AtomicLong();

  private final SparkSession spark;
  private final LakeBatch batch;
  private final LakeReadColumns columns;

  LakeReads(SparkSession spark, LakeBatch batch) {
    this.spark = spark;
    this.batch = batch;
    this.columns = new LakeReadColumns(spark, batch);
  }

  /** The stored load time of each of the rows' keys that is stored. */
  Map<String, Long> loadTimes(TableSpec t, TextColumns rows, int keyAt, String loadDts) {
    String pk = t.primaryKey().get(0);
    TextColumns keys = new TextColumns(List.of(pk));
    for (int r = 0; r < rows.size(); r++) {
      keys.add(List.of(rows.value(r, keyAt)));
    }
    Map<String, Long> out = new HashMap<>();
    if (keys.size() == 0) {
      return out;
    }
    String view = view(keys);
    try {
      for (Row row :
          spark
              .sql(
                  "SELECT "
                      + columns.text(t, pk, "t")
                      + ", unix_micros(t."
                      + q(loadDts)
                      + ") FROM "
                      + batch.read(t.name())
                      + " t JOIN "
                      + view
                      + " k ON "
                      + LakeReadColumns.equal(t, pk, "t", "k"))
              .collectAsList()) {
        out.put(LakeValues.hexKey(row.getString(0)), row.getLong(1));
      }
    } finally {
      spark.catalog().dropTempView(view);
    }
    return out;
  }

  /** See {@link VaultStore#readAround}. */
  void around(
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
    String view = view(keys);
    try {
      answer(aroundSql(t, keyColumns, time, read, view), reader);
    } finally {
      spark.catalog().dropTempView(view);
    }
  }

  /**
   * Per key of the view, the version before its time (the first by {@code before__}) and every
   * version from it on, each as its key, its time in micros and the columns read, in key and time
   * order.
   */
  private String aroundSql(
      TableSpec t, List<String> keyColumns, String time, List<String> read, String view) {
    List<String> out = new ArrayList<>();
    for (String k : keyColumns) {
      out.add(columns.text(t, k, "s"));
    }
    out.add("unix_micros(s." + q(time) + ")");
    for (String c : read) {
      out.add(columns.text(t, c, "s"));
    }
    List<String> partition = new ArrayList<>();
    for (String k : keyColumns) {
      partition.add("s." + q(k));
    }
    return "SELECT "
        + String.join(", ", out)
        + " FROM (SELECT s.*, row_number() OVER (PARTITION BY "
        + String.join(", ", partition)
        + " ORDER BY CASE WHEN s."
        + q(time)
        + " < s.from__ THEN 0 ELSE 1 END, s."
        + q(time)
        + " DESC) AS before__ FROM "
        + rowsWithTheirKeysTime(t, keyColumns, view)
        + " s) s WHERE s."
        + q(time)
        + " >= s.from__ OR s.before__ = 1 ORDER BY "
        + String.join(", ", partition)
        + ", s."
        + q(time);
  }

  /** The stored rows of the view's keys, each with its key's time as {@code from__}. */
  private String rowsWithTheirKeysTime(TableSpec t, List<String> keyColumns, String view) {
    List<String> on = new ArrayList<>();
    for (String k : keyColumns) {
      on.add(LakeReadColumns.equal(t, k, "t", "k"));
    }
    return "(SELECT t.*, "
        + LakeValues.cast("k.t__", "TIMESTAMP")
        + " AS from__ FROM "
        + batch.read(t.name())
        + " t JOIN "
        + view
        + " k ON "
        + String.join(" AND ", on)
        + ")";
  }

  /** See {@link VaultStore#readDiffering}. */
  void differing(
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
      String mine =
          columns.pinned(t).contains(a) ? "t." + q(a) : "CAST(NULL AS " + col.type() + ")";
      String differs = "NOT (" + mine + " <=> " + LakeValues.cast("k." + q(a), col.type()) + ")";
      out.add("CASE WHEN " + differs + " THEN 'true' ELSE 'false' END");
      out.add(columns.text(t, a, "t"));
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
            + LakeReadColumns.equal(t, hashKey, "t", "k")
            + (any.isEmpty() ? "" : " WHERE " + String.join(" OR ", any));
    try {
      answer(sql, reader);
    } finally {
      spark.catalog().dropTempView(view);
    }
  }

  /**
   * The stored rows whose leading key columns equal one of the rows of {@code prefixes} (the first
   * columns of the table's key): each as the prefix row it matched, then the rest of its key read
   * as text.
   */
  List<List<String>> keysUnder(TableSpec t, TextColumns prefixes) {
    List<String> rest = t.primaryKey().subList(prefixes.names().size(), t.primaryKey().size());
    List<String> out = new ArrayList<>();
    List<String> on = new ArrayList<>();
    for (String k : prefixes.names()) {
      out.add("k." + q(k));
      on.add(LakeReadColumns.equal(t, k, "t", "k"));
    }
    for (String k : rest) {
      out.add(columns.text(t, k, "t"));
    }
    List<List<String>> keys = new ArrayList<>();
    if (prefixes.size() == 0) {
      return keys;
    }
    String view = view(prefixes);
    try {
      for (Row row :
          spark
              .sql(
                  "SELECT "
                      + String.join(", ", out)
                      + " FROM "
                      + batch.read(t.name())
                      + " t JOIN "
                      + view
                      + " k ON "
                      + String.join(" AND ", on))
              .collectAsList()) {
        List<String> key = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
          key.add(row.get(i) == null ? null : row.get(i).toString());
        }
        keys.add(key);
      }
    } finally {
      spark.catalog().dropTempView(view);
    }
    return keys;
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

  private static String q(String name) {
    return LakeLocation.quote(name);
  }
}
