package io.vaultstream.spark.lake;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.event.Problem;
import io.vaultstream.waiting.WaitingRow;
import io.vaultstream.write.VaultShape;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The waiting and unresolved error rows a micro-batch rechecks, read from {@code vs_waiting} and
 * {@code vs_errors} as the batch pinned them: those whose parent is among the batch's rows, and for
 * the sweep the first of each table whose parent is in the key map. Read in the key's order, so a
 * batch run again rechecks the same rows.
 */
final class LakeResolvableRows {
  private final SparkSession spark;
  private final LakeBatch batch;
  private final VaultShape shape;
  private final LakeTypes types;

  LakeResolvableRows(SparkSession spark, LakeBatch batch, VaultShape shape, LakeTypes types) {
    this.spark = spark;
    this.batch = batch;
    this.shape = shape;
    this.types = types;
  }

  /**
   * Waiting rows (either state) and unresolved error rows whose missing parent is among {@code
   * batchKeys}; with {@code sweepPageRows} > 0, also the first rows of each table (in the key's
   * order) whose parent is in the key map.
   */
  List<WaitingRow> find(Map<String, Set<String>> batchKeys, int sweepPageRows) {
    List<String> parents = new ArrayList<>();
    batchKeys.forEach(
        (source, keys) ->
            keys.forEach(
                k ->
                    parents.add(
                        "(" + LakeTables.literal(source) + ", " + LakeTables.literal(k) + ")")));
    // Every part in one query (a Spark job each would cost more than the reads), in this order.
    List<String> parts = new ArrayList<>();
    if (!parents.isEmpty()) {
      String inBatch = "(x.ref_source, x.ref_pk) IN (" + String.join(", ", parents) + ")";
      parts.add(waitingRows(inBatch, 0));
      parts.add(errorRows(inBatch, 0));
    }
    if (sweepPageRows > 0) {
      String known =
          "EXISTS (SELECT 1 FROM "
              + batch.read(VaultTables.KEY_MAP)
              + " k WHERE k.source_table = x.ref_source AND k.pk = x.ref_pk)";
      parts.add(waitingRows(known, sweepPageRows));
      parts.add(errorRows(known, sweepPageRows));
    }
    Map<List<Object>, WaitingRow> out = new LinkedHashMap<>();
    if (!parts.isEmpty()) {
      List<String> numbered = new ArrayList<>();
      for (int i = 0; i < parts.size(); i++) {
        numbered.add("SELECT " + i + " AS part__, * FROM (" + parts.get(i) + ")");
      }
      // Each part in its key's order, as it would be read alone.
      read(
          String.join(" UNION ALL ", numbered) + " ORDER BY part__, " + keyAliases(ERROR_ORDER),
          out);
    }
    return new ArrayList<>(out.values());
  }

  /** The aliases of the key columns (k0, k1, ...). */
  private static String keyAliases(List<String> order) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < order.size(); i++) {
      out.add("k" + i);
    }
    return String.join(", ", out);
  }

  /** The columns the waiting rows are ordered by (their key). */
  private static final List<String> WAITING_ORDER =
      List.of("x.topic", "x.kafka_partition", "x.kafka_offset");

  /** The columns the error rows are ordered by (their key). */
  private static final List<String> ERROR_ORDER =
      List.of("x.topic", "x.kafka_partition", "x.kafka_offset", "x.error_code", "x.target_object");

  private String waitingRows(String where, int limit) {
    List<String> order = WAITING_ORDER;
    return select("'W'", "x.state", "x.arrived_at", WaitingRow.RECHECK_COLUMNS, order)
        + " FROM "
        + batch.read(VaultTables.WAITING)
        + " x WHERE x.event IS NOT NULL AND "
        + where
        // In the key's order (a run again of the batch takes the same page and rechecks).
        + " ORDER BY "
        + String.join(", ", order)
        + (limit > 0 ? " LIMIT " + limit : "");
  }

  private String errorRows(String where, int limit) {
    List<String> order = ERROR_ORDER;
    return select("'E'", "x.error_code", "x.first_seen", WaitingRow.RECHECK_COLUMNS, order)
        + " FROM "
        + batch.read(VaultTables.ERRORS)
        + " x WHERE x.error_code = "
        + LakeTables.literal(Problem.UNRESOLVED_REFERENCE)
        + " AND x.event IS NOT NULL AND "
        + where
        + " ORDER BY "
        + String.join(", ", order)
        + (limit > 0 ? " LIMIT " + limit : "");
  }

  private String select(
      String origin, String state, String since, List<String> columns, List<String> order) {
    StringBuilder sb = new StringBuilder("SELECT ");
    for (int i = 0; i < ERROR_ORDER.size(); i++) {
      // The waiting rows' key is shorter: padded, so that every part has the same columns.
      sb.append(i < order.size() ? order.get(i) : "CAST(NULL AS STRING)");
      sb.append(" AS k").append(i).append(", ");
    }
    sb.append(origin)
        .append(" AS c0, ")
        .append(state)
        .append(" AS c1, unix_micros(")
        .append(since)
        .append(") AS c2");
    for (int i = 0; i < columns.size(); i++) {
      String type = shape.table(VaultTables.WAITING).column(columns.get(i)).type();
      sb.append(", ")
          .append(LakeValues.asText("x." + LakeLocation.quote(columns.get(i)), type))
          .append(" AS c")
          .append(3 + i);
    }
    return sb.toString();
  }

  private void read(String sql, Map<List<Object>, WaitingRow> out) {
    for (Row r : spark.sql(sql).collectAsList()) {
      WaitingRow.Table table =
          "W".equals(r.getString(6))
              ? WaitingRow.Table.WAITING_TABLE
              : WaitingRow.Table.ERROR_TABLE;
      Map<String, String> cols = new LinkedHashMap<>();
      for (int i = 0; i < WaitingRow.RECHECK_COLUMNS.size(); i++) {
        Object v = r.get(9 + i);
        cols.put(WaitingRow.RECHECK_COLUMNS.get(i), v == null ? null : v.toString());
      }
      WaitingRow p = WaitingRow.read(table, r.getString(7), r.getLong(8), cols, types);
      out.putIfAbsent(
          List.of(table, p.state(), p.topic(), p.partition(), p.offset(), p.target()), p);
    }
  }
}
