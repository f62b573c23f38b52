package io.vaultstream.dialect.postgres;

import io.vaultstream.dialect.BulkInsert;
import io.vaultstream.dialect.EarliestWrite;
import io.vaultstream.dialect.RowStatements;
import io.vaultstream.dialect.SingleEarliestWrite;
import io.vaultstream.dialect.TextValues;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * PostgreSQL's {@link RowStatements} that write rows given as one text array per column ({@code
 * unnest}), so a batch is one statement per table whatever its size.
 */
interface PostgresRows extends RowStatements, PostgresSyntax, TextValues {

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

  private String upsertEarliestSql(
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
        + quoteAll(columns)
        + ", "
        + quote(loadedAt)
        + ")\n"
        + "SELECT "
        + batchValues(t, columns, "u")
        + ", "
        + currentTime()
        + " FROM "
        + batch(t, columns, "u")
        + "\n"
        + "ON CONFLICT ("
        + quoteAll(t.primaryKey())
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
  private String setFromExcluded(TableSpec t, List<String> columns) {
    return columns.stream()
        .filter(c -> !t.primaryKey().contains(c))
        .map(c -> quote(c) + " = EXCLUDED." + quote(c))
        .collect(Collectors.joining(", "));
  }

  @Override
  default String upsert(String schema, TableSpec t, List<String> columns) {
    return insertNew(schema, t, columns, null)
        + "\nON CONFLICT ("
        + quoteAll(t.primaryKey())
        + ") DO UPDATE SET "
        + setFromExcluded(t, columns);
  }

  @Override
  default boolean insertsNewKeysPlainly() {
    // A COPY of new link rows took 2.9 us per row where their upsert took 6.2 (docs/BENCHMARKS.md).
    return true;
  }

  @Override
  default String keepExisting(String schema, TableSpec t) {
    return "ON CONFLICT (" + quoteAll(t.primaryKey()) + ") DO NOTHING";
  }

  @Override
  default BulkInsert bulkInsert(String schema, TableSpec t, List<String> columns, String loadedAt) {
    List<String> types = new ArrayList<>();
    columns.forEach(c -> types.add(t.column(c).type()));
    return new PostgresCopy(copySql(schema, t, columns, loadedAt), types, loadedAt != null);
  }

  /** The COPY statement of {@link #bulkInsert}. */
  private String copySql(String schema, TableSpec t, List<String> columns, String loadedAt) {
    return "COPY "
        + table(schema, t.name())
        + " ("
        + quoteAll(columns)
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
  private String probes(String schema, TableSpec t, List<String> keyColumns, List<String> extra) {
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
        .append(batch(t, all, "u"))
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
}
