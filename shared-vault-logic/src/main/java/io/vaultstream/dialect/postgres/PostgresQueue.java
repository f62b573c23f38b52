package io.vaultstream.dialect.postgres;

import io.vaultstream.dialect.QueueStatements;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * PostgreSQL's {@link QueueStatements}: the statements on the loader's own tables (waiting rows,
 * error rows, progress). Their plans were tuned so that each stays a loop of index probes whatever
 * the statistics say.
 */
interface PostgresQueue extends QueueStatements, PostgresSyntax {

  @Override
  default String selectWaitingForParents(
      String schema, String waiting, String errors, List<String> columns, String code) {
    // One index probe per key of the batch (vs_waiting_ref, vs_errors_ref), in a lateral
    // subquery the planner cannot flatten (OFFSET 0), so the plan stays a loop of probes whatever
    // the tables' statistics say. (A semi-join let the planner hash the batch's keys and scan the
    // waiting rows, or sort them for a merge join, once its estimates were off.)
    return "WITH b(s, p) AS (SELECT * FROM unnest(?::text[], ?::text[]))\n"
        + waitingRowColumns("'W'", "state", "arrived_at", columns)
        + " FROM b CROSS JOIN LATERAL (SELECT * FROM "
        + table(schema, waiting)
        + " y WHERE y.ref_source = b.s AND y.ref_pk = b.p AND y.event IS NOT NULL OFFSET 0) x"
        + "\nUNION ALL\n"
        + waitingRowColumns("'E'", "error_code", "first_seen", columns)
        + " FROM b CROSS JOIN LATERAL (SELECT * FROM "
        + table(schema, errors)
        + " y WHERE y.ref_source = b.s AND y.ref_pk = b.p OFFSET 0) x WHERE "
        + unresolvedError(code);
  }

  @Override
  default String selectSourcesWaitedOn(String schema, String waiting, String errors) {
    // Per source, the first entry of the (ref_source, ref_pk) index: ordered by ref_pk, a scan
    // would have to sort every row of the source, so the index stays the plan whatever the
    // statistics say (an EXISTS, which only wants a first row, got a whole-table scan once the
    // tables were analyzed with few sources).
    return "SELECT b.s FROM unnest(?::text[]) AS b(s) WHERE "
        + firstRef(schema, waiting)
        + " IS NOT NULL OR "
        + firstRef(schema, errors)
        + " IS NOT NULL";
  }

  /** The first ref_pk of the source {@code b.s} in a waiting or error table, by its index. */
  private String firstRef(String schema, String table) {
    return "(SELECT x.ref_pk FROM "
        + table(schema, table)
        + " x WHERE x.ref_source = b.s ORDER BY x.ref_pk LIMIT 1)";
  }

  @Override
  default String pageRows(String schema, TableSpec t, boolean afterKey) {
    return table(schema, t.name()) + " y" + after(t, afterKey);
  }

  /**
   * One key map probe for a row's parent; OFFSET 0 keeps the EXISTS a probe per row (without it the
   * planner may hash the whole key map instead).
   */
  @Override
  default String parentKnown(String schema, String keyMap) {
    return "EXISTS (SELECT 1 FROM "
        + table(schema, keyMap)
        + " k WHERE k.source_table = x.ref_source AND k.pk = x.ref_pk OFFSET 0)";
  }

  /** {@code WHERE (key) > (the last key read)}, empty for the first page. */
  private String after(TableSpec t, boolean afterKey) {
    if (!afterKey) {
      return "";
    }
    StringBuilder row = new StringBuilder();
    StringBuilder params = new StringBuilder();
    for (String k : t.primaryKey()) {
      String sep = row.length() == 0 ? "" : ", ";
      row.append(sep).append("y.").append(quote(k));
      params.append(sep).append(param(t.column(k).type()));
    }
    return " WHERE (" + row + ") > (" + params + ")";
  }

  /** A parameter of the column's type (a collation, if the type names one, applied after). */
  private static String param(String type) {
    int collate = type.toLowerCase(Locale.ROOT).indexOf(" collate ");
    return collate < 0
        ? "CAST(? AS " + type + ")"
        : "CAST(? AS " + type.substring(0, collate) + ")" + type.substring(collate);
  }

  @Override
  default String takeExpiredErrors(
      String schema, TableSpec errors, List<String> columns, String code, int rows) {
    String due =
        quote("error_code")
            + " = '"
            + code
            + "' AND "
            + quote("expires_at")
            + " < CAST(? AS timestamptz)";
    // The rows are found by an index walk and reached by their tuple ids.
    String oldest =
        "ctid = ANY(ARRAY(SELECT y.ctid FROM "
            + table(schema, errors.name())
            + " y WHERE "
            + due
            + " ORDER BY "
            + quote("expires_at")
            + " LIMIT "
            + rows
            + "))";
    return deleteReturning(schema, errors, oldest, columns);
  }

  @Override
  default List<String> moveExpiredWaiting(
      String schema,
      TableSpec waiting,
      TableSpec errors,
      List<String> columns,
      String waitingState,
      String code) {
    Map<String, String> extra = new LinkedHashMap<>();
    extra.put("error_code", "'" + code + "'");
    extra.put("first_seen", "m." + quote("arrived_at"));
    extra.put("expires_at", "CAST(? AS timestamptz)");
    extra.put("last_attempt", "CAST(? AS timestamptz)");
    String where =
        quote("state")
            + " = '"
            + waitingState
            + "' AND "
            + quote("arrived_at")
            + " < CAST(? AS timestamptz)";
    return List.of(moveRows(schema, waiting, errors, where, columns, extra));
  }

  private String deleteReturning(String schema, TableSpec t, String where, List<String> columns) {
    String out =
        columns.stream()
            .map(c -> toText(quote(c), t.column(c).type()))
            .collect(Collectors.joining(", "));
    return "DELETE FROM " + table(schema, t.name()) + " WHERE " + where + " RETURNING " + out;
  }

  /** Deletes the rows of {@code from} that match and inserts them into {@code to}, in one. */
  private String moveRows(
      String schema,
      TableSpec from,
      TableSpec to,
      String where,
      List<String> columns,
      Map<String, String> extra) {
    List<String> target = new ArrayList<>(columns);
    target.addAll(extra.keySet());
    List<String> source = new ArrayList<>();
    columns.forEach(c -> source.add("m." + quote(c)));
    source.addAll(extra.values());
    return "WITH m AS (DELETE FROM "
        + table(schema, from.name())
        + " WHERE "
        + where
        + " RETURNING *)\n"
        + "INSERT INTO "
        + table(schema, to.name())
        + " ("
        + quoteAll(target)
        + ") SELECT "
        + String.join(", ", source)
        + " FROM m ON CONFLICT ("
        + quoteAll(to.primaryKey())
        + ") DO NOTHING";
  }

  @Override
  default String deleteErrorsById(String schema, String errors) {
    return "DELETE FROM " + table(schema, errors) + " WHERE id = ANY(?)";
  }
}
