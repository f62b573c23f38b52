package io.vaultstream.spark.lake;

import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.SparkSession;

/**
 * The column expressions of {@link LakeReads}: a stored column read as the engine's text (NULL when
 * the version the batch reads lacks the column) and a stored column compared with the text of the
 * same column in a view of given rows. It knows each table's columns in the version the batch
 * pinned, looked up once per table.
 */
final class LakeReadColumns {
  private final SparkSession spark;
  private final LakeBatch batch;
  private final Map<String, Set<String>> pinnedColumns = new HashMap<>();

  LakeReadColumns(SparkSession spark, LakeBatch batch) {
    this.spark = spark;
    this.batch = batch;
  }

  /**
   * A column of {@code t} read as the engine's text; NULL for a column the table gained after the
   * version the batch reads (a column first seen in this batch's events, or added by a run of this
   * batch that failed before its commits).
   */
  String text(TableSpec t, String column, String alias) {
    if (!pinned(t).contains(column)) {
      return "CAST(NULL AS STRING)";
    }
    ColumnSpec c = t.column(column);
    return LakeValues.asText(alias + "." + q(column), c == null ? "STRING" : c.type());
  }

  /** The columns of {@code t} in the version the batch reads. */
  Set<String> pinned(TableSpec t) {
    return pinnedColumns.computeIfAbsent(
        t.name(),
        k ->
            Set.of(spark.sql("SELECT * FROM " + batch.read(k) + " LIMIT 0").schema().fieldNames()));
  }

  /** The stored column equals the text of the same column in the view. */
  static String equal(TableSpec t, String column, String stored, String given) {
    return stored
        + "."
        + q(column)
        + " = "
        + LakeValues.cast(given + "." + q(column), t.column(column).type());
  }

  private static String q(String name) {
    return LakeLocation.quote(name);
  }
}
