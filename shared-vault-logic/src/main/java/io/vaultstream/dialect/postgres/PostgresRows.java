package io.vaultstream.dialect.postgres;

import static io.vaultstream.dialect.postgres.PostgresSyntax.fromText;
import static io.vaultstream.dialect.postgres.PostgresSyntax.list;
import static io.vaultstream.dialect.postgres.PostgresSyntax.quote;
import static io.vaultstream.dialect.postgres.PostgresSyntax.table;
import static io.vaultstream.dialect.postgres.PostgresSyntax.toText;
import static io.vaultstream.dialect.postgres.PostgresSyntax.unnestFrom;
import static io.vaultstream.dialect.postgres.PostgresSyntax.unnestSelect;

import io.vaultstream.dialect.BulkInsert;
import io.vaultstream.dialect.EarliestWrite;
import io.vaultstream.dialect.RowStatements;
import io.vaultstream.dialect.SingleEarliestWrite;
import io.vaultstream.dialect.TextValues;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * PostgreSQL's {@link RowStatements} that write rows given as one text array per column ({@code
 * unnest}), so a batch is one statement per table whatever its size.
 */
interface PostgresRows extends RowStatements, TextValues {

  @Override
  default EarliestWrite upsertEarliest(
      String schema, TableSpec t, List<String> cols, String loadDts, String src, String loaded) {
    return new SingleEarliestWrite(
        this, upsertEarliestSql(schema, t, cols, loadDts, src, loaded), false);
  }

  @Override
  default EarliestWrite upsertEarliestReturning(
      String schema, TableSpec t, List<String> cols, String loadDts, String src, String loaded) {
    String pk = t.primaryKey().get(0);
    // xmax is 0 on a row version this statement inserted; an updated row carries our xid.
    String sql =
        upsertEarliestSql(schema, t, cols, loadDts, src, loaded)
            + "\nRETURNING (t.xmax = 0), "
            + toText("t." + quote(pk), t.column(pk).type());
    return new SingleEarliestWrite(this, sql, true);
  }

  private static String upsertEarliestSql(
      String schema,
      TableSpec t,
      List<String> columns,
      String loadDts,
      String recordSource,
      String loadedAt) {
    String updates = setFromExcluded(t, columns);
    return "INSERT INTO "
        + table(schema, t.name())
        + " AS t ("
        + list(columns)
        + ", "
        + quote(loadedAt)
        + ")\n"
        + "SELECT "
        + unnestSelect(t, columns, "u")
        + ", now() FROM "
        + unnestFrom(columns, "u")
        + "\n"
        + "ON CONFLICT ("
        + list(t.primaryKey())
        + ") DO UPDATE SET "
        + updates
        + "\n"
        + "WHERE (EXCLUDED."
        + quote(loadDts)
        + ", EXCLUDED."
        + quote(recordSource)
        + ") < (t."
        + quote(loadDts)
        + ", t."
        + quote(recordSource)
        + ")";
  }

  /** {@code col = EXCLUDED.col} for every column outside the primary key. */
  private static String setFromExcluded(TableSpec t, List<String> columns) {
    return columns.stream()
        .filter(c -> !t.primaryKey().contains(c))
        .map(c -> quote(c) + " = EXCLUDED." + quote(c))
        .collect(Collectors.joining(", "));
  }

  @Override
  default String upsert(String schema, TableSpec t, List<String> columns) {
    String updates = setFromExcluded(t, columns);
    return "INSERT INTO "
        + table(schema, t.name())
        + " ("
        + list(columns)
        + ")\n"
        + "SELECT "
        + unnestSelect(t, columns, "u")
        + " FROM "
        + unnestFrom(columns, "u")
        + "\n"
        + "ON CONFLICT ("
        + list(t.primaryKey())
        + ") DO UPDATE SET "
        + updates;
  }

  @Override
  default String insertIgnore(String schema, TableSpec t, List<String> columns, String loadedAt) {
    return insertNew(schema, t, columns, loadedAt)
        + "\nON CONFLICT ("
        + list(t.primaryKey())
        + ") DO NOTHING";
  }

  @Override
  default String insertNew(String schema, TableSpec t, List<String> columns, String loadedAt) {
    return "INSERT INTO "
        + table(schema, t.name())
        + " ("
        + list(columns)
        + (loadedAt == null ? "" : ", " + quote(loadedAt))
        + ")\n"
        + "SELECT "
        + unnestSelect(t, columns, "u")
        + (loadedAt == null ? "" : ", now()")
        + " FROM "
        + unnestFrom(columns, "u");
  }

  @Override
  default BulkInsert bulkInsert(String schema, TableSpec t, List<String> columns, String loadedAt) {
    List<String> types = new ArrayList<>();
    columns.forEach(c -> types.add(t.column(c).type()));
    return new PostgresCopy(copySql(schema, t, columns, loadedAt), types, loadedAt != null);
  }

  /** The COPY statement of {@link #bulkInsert}. */
  private static String copySql(String schema, TableSpec t, List<String> columns, String loadedAt) {
    return "COPY "
        + table(schema, t.name())
        + " ("
        + list(columns)
        + (loadedAt == null ? "" : ", " + quote(loadedAt))
        + ") FROM STDIN";
  }

  /**
   * The rows of {@code t} matching keys given as text arrays, found by one index probe per key in a
   * lateral the planner cannot flatten: {@code (row_id, <extra>)}. The statements that change them
   * then reach those rows by their tuple ids ({@code ctid = ANY(...)}, a TID scan), so neither a
   * join with the whole table nor a sequential scan is a possible plan, whatever the statistics
   * say. (A join with the keys let the planner hash-join a sequential scan of the waiting rows,
   * which grows with every row ever inserted when nothing vacuums the table.)
   */
  private static String probes(
      String schema, TableSpec t, List<String> keyColumns, List<String> extra) {
    List<String> all = new ArrayList<>(keyColumns);
    all.addAll(extra);
    String match =
        keyColumns.stream()
            .map(c -> "y." + quote(c) + " = " + fromText("u." + quote(c), t.column(c).type()))
            .collect(Collectors.joining(" AND "));
    StringBuilder out = new StringBuilder("SELECT y.ctid AS row_id");
    for (String c : extra) {
      out.append(", ")
          .append(fromText("u." + quote(c), t.column(c).type()))
          .append(" AS ")
          .append(quote(c));
    }
    return out.append(" FROM ")
        .append(unnestFrom(all, "u"))
        .append(" CROSS JOIN LATERAL (SELECT y.ctid FROM ")
        .append(table(schema, t.name()))
        .append(" y WHERE ")
        .append(match)
        .append(" OFFSET 0) y")
        .toString();
  }

  @Override
  default String deleteByKey(String schema, TableSpec t, List<String> cols) {
    return "WITH d AS ("
        + probes(schema, t, cols, List.of())
        + ")\nDELETE FROM "
        + table(schema, t.name())
        + " x WHERE x.ctid = ANY(ARRAY(SELECT row_id FROM d))";
  }

  @Override
  default String updateByKey(
      String schema, TableSpec t, List<String> keyColumns, List<String> setColumns) {
    String sets =
        setColumns.stream()
            .map(c -> quote(c) + " = d." + quote(c))
            .collect(Collectors.joining(", "));
    return "WITH d AS MATERIALIZED ("
        + probes(schema, t, keyColumns, setColumns)
        + ")\nUPDATE "
        + table(schema, t.name())
        + " x SET "
        + sets
        + " FROM d WHERE x.ctid = ANY(ARRAY(SELECT row_id FROM d)) AND x.ctid = d.row_id";
  }

  static String deleteReturning(String schema, TableSpec t, String where, List<String> columns) {
    String out =
        columns.stream()
            .map(c -> toText(quote(c), t.column(c).type()))
            .collect(Collectors.joining(", "));
    return "DELETE FROM " + table(schema, t.name()) + " WHERE " + where + " RETURNING " + out;
  }

  static String moveRows(
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
        + list(target)
        + ") SELECT "
        + String.join(", ", source)
        + " FROM m ON CONFLICT ("
        + list(to.primaryKey())
        + ") DO NOTHING";
  }

  @Override
  default String insertLiteralIgnore(
      String schema, TableSpec t, List<String> columns, List<String> literals) {
    return "INSERT INTO "
        + table(schema, t.name())
        + " ("
        + list(columns)
        + ") VALUES ("
        + String.join(", ", literals)
        + ") ON CONFLICT ("
        + list(t.primaryKey())
        + ") DO NOTHING";
  }

  @Override
  default String literal(String text, String type) {
    return text == null ? "NULL" : fromText("'" + text.replace("'", "''") + "'", type);
  }
}
