package io.vaultstream.dialect;

import io.vaultstream.model.TypeGrammar;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * PostgreSQL 12+: rows travel as one text array per column through {@code unnest}, so a batch is
 * one statement per table whatever its size.
 */
public final class PostgresDialect implements VaultDialect {
  /** The collation the dialect gives its own key columns (see {@link #hashType}). */
  private static final Pattern COLLATE_C = Pattern.compile("(?is)(.*?)\\s+collate\\s+\"C\"");

  /**
   * One type name without arguments, as information_schema reports a column's type ({@code
   * interval}, {@code inet}): it can name a type and nothing else, so it is safe to paste.
   */
  private static final Pattern TYPE_NAME = Pattern.compile("(?i)[a-z_][a-z0-9_]{0,62}");

  @Override
  public String name() {
    return "postgresql";
  }

  @Override
  public boolean accepts(String jdbcUrl) {
    return jdbcUrl != null && jdbcUrl.startsWith("jdbc:postgresql:");
  }

  @Override
  public String connectionInitSql() {
    // PostgreSQL's JIT compiles a statement at every execution once its estimated cost passes
    // jit_above_cost; the loader's set-based statements over a few thousand rows pass it and spend
    // more time compiling than executing.
    // Custom plans only: a generic plan is costed once, on the table sizes and statistics of that
    // moment, and then kept while the table grows. The loader fills its tables from empty, often
    // faster than (or without) autovacuum analyzing them: a plan made on a table of a few rows
    // (a sequential scan, or an index probe on the leading column only) stayed in use on millions
    // of rows. A custom plan is made at each execution from the table's current size on disk and
    // the batch's own values.
    return "SET TIME ZONE 'UTC'; SET jit = off; SET plan_cache_mode = force_custom_plan";
  }

  @Override
  public String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }

  @Override
  public String hashType(int hexLength, boolean binary) {
    // Hash keys are compared byte-wise: the "C" collation keeps index work cheap.
    return binary ? "bytea" : "varchar(" + hexLength + ") COLLATE \"C\"";
  }

  @Override
  public String textType() {
    return "text";
  }

  @Override
  public String keyTextType() {
    return "text COLLATE \"C\"";
  }

  @Override
  public String timestampType() {
    return "timestamptz";
  }

  @Override
  public String booleanType() {
    return "boolean";
  }

  @Override
  public String typeFor(Class<?> t) {
    if (t == Long.class || t == BigInteger.class) {
      return t == Long.class ? "bigint" : "numeric";
    }
    if (t == Integer.class || t == Short.class || t == Byte.class) {
      return "integer";
    }
    if (t == BigDecimal.class) {
      return "numeric";
    }
    if (t == Double.class) {
      return "double precision";
    }
    if (t == Float.class) {
      return "real";
    }
    if (t == Boolean.class) {
      return "boolean";
    }
    if (t == LocalDate.class) {
      return "date";
    }
    if (t == LocalTime.class || t == OffsetTime.class) {
      return "time";
    }
    if (t == Instant.class || t == OffsetDateTime.class) {
      return "timestamptz";
    }
    if (t == LocalDateTime.class) {
      return "timestamp";
    }
    if (t == byte[].class) {
      return "bytea";
    }
    return "text";
  }

  @Override
  public String checkedType(String type) {
    if (type != null) {
      Matcher collated = COLLATE_C.matcher(type.strip());
      String base = (collated.matches() ? collated.group(1) : type).strip();
      if (TypeGrammar.isValid(base) || TYPE_NAME.matcher(base).matches()) {
        return type;
      }
    }
    String shown = type == null || type.length() <= 60 ? type : type.substring(0, 60) + "...";
    throw new IllegalArgumentException(
        "The column type '"
            + shown
            + "' is refused: it is not a type name nor one of the forms a model may declare ("
            + TypeGrammar.VALID_FORMS
            + "); no SQL was built with it");
  }

  @Override
  public String createSchema(String schema) {
    return "CREATE SCHEMA IF NOT EXISTS " + quote(schema);
  }

  @Override
  public String createTable(String schema, TableSpec t) {
    StringBuilder sb =
        new StringBuilder("CREATE TABLE IF NOT EXISTS ")
            .append(table(schema, t.name()))
            .append(" (\n");
    for (ColumnSpec c : t.columns()) {
      sb.append("  ").append(quote(c.name())).append(' ').append(checkedType(c.type()));
      if (c.notNull()) {
        sb.append(" NOT NULL");
      }
      sb.append(",\n");
    }
    sb.append("  PRIMARY KEY (").append(list(t.primaryKey())).append(")\n)");
    return sb.toString();
  }

  @Override
  public String addColumn(String schema, String table, ColumnSpec c) {
    return "ALTER TABLE "
        + table(schema, table)
        + " ADD COLUMN IF NOT EXISTS "
        + quote(c.name())
        + " "
        + checkedType(c.type());
  }

  @Override
  public String selectColumns() {
    return "SELECT column_name, data_type FROM information_schema.columns"
        + " WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position";
  }

  @Override
  public String selectIndexes() {
    return "SELECT indexname FROM pg_indexes WHERE schemaname = ? AND tablename = ?";
  }

  @Override
  public String currentSchema() {
    return "SELECT current_schema()";
  }

  private String list(List<String> cols) {
    return cols.stream().map(this::quote).collect(Collectors.joining(", "));
  }

  /** The expression that turns canonical text into a value of the column's type. */
  private String fromText(String expr, String type) {
    String t = checkedType(type).toLowerCase(Locale.ROOT);
    int collate = t.indexOf(" collate ");
    if (collate > 0) {
      t = t.substring(0, collate);
    }
    if (t.equals("text") || t.startsWith("varchar") || t.startsWith("character varying")) {
      return expr;
    }
    if (t.equals("bytea")) {
      return "decode(" + expr + ", 'hex')";
    }
    return "CAST(" + expr + " AS " + type + ")";
  }

  /** The expression that reads a column back as canonical text. */
  private String toText(String expr, String type) {
    return type.equalsIgnoreCase("bytea") ? "encode(" + expr + ", 'hex')" : expr + "::text";
  }

  private String unnestSelect(TableSpec t, List<String> columns, String alias) {
    List<String> exprs = new ArrayList<>();
    for (String c : columns) {
      exprs.add(fromText(alias + "." + quote(c), t.column(c).type()));
    }
    return String.join(", ", exprs);
  }

  private String unnestFrom(List<String> columns, String alias) {
    String arrays = columns.stream().map(c -> "?::text[]").collect(Collectors.joining(", "));
    return "unnest(" + arrays + ") AS " + alias + "(" + list(columns) + ")";
  }

  @Override
  public String upsertEarliest(
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

  @Override
  public String upsertEarliestReturning(
      String schema,
      TableSpec t,
      List<String> columns,
      String loadDts,
      String recordSource,
      String loadedAt) {
    String pk = t.primaryKey().get(0);
    // xmax is 0 on a row version this statement inserted; an updated row carries our xid.
    return upsertEarliest(schema, t, columns, loadDts, recordSource, loadedAt)
        + "\nRETURNING (t.xmax = 0), "
        + toText("t." + quote(pk), t.column(pk).type());
  }

  /** {@code col = EXCLUDED.col} for every column outside the primary key. */
  private String setFromExcluded(TableSpec t, List<String> columns) {
    return columns.stream()
        .filter(c -> !t.primaryKey().contains(c))
        .map(c -> quote(c) + " = EXCLUDED." + quote(c))
        .collect(Collectors.joining(", "));
  }

  @Override
  public String upsert(String schema, TableSpec t, List<String> columns) {
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
  public String insertIgnore(String schema, TableSpec t, List<String> columns, String loadedAt) {
    return insertNew(schema, t, columns, loadedAt)
        + "\nON CONFLICT ("
        + list(t.primaryKey())
        + ") DO NOTHING";
  }

  @Override
  public String insertNew(String schema, TableSpec t, List<String> columns, String loadedAt) {
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
  public BulkInsert bulkInsert(String schema, TableSpec t, List<String> columns, String loadedAt) {
    List<String> types = new ArrayList<>();
    columns.forEach(c -> types.add(t.column(c).type()));
    String sql =
        "COPY "
            + table(schema, t.name())
            + " ("
            + list(columns)
            + (loadedAt == null ? "" : ", " + quote(loadedAt))
            + ") FROM STDIN";
    return new PostgresCopy(sql, types, loadedAt != null);
  }

  @Override
  public String selectHistoryAround(
      String schema, TableSpec t, List<String> keyColumns, String loadDts, List<String> columns) {
    String tbl = table(schema, t.name());
    List<String> kcols = new ArrayList<>(keyColumns);
    kcols.add("t__");
    String keyCasts =
        keyColumns.stream()
            .map(c -> fromText("u." + quote(c), t.column(c).type()) + " AS " + quote(c))
            .collect(Collectors.joining(", "));
    String match =
        keyColumns.stream()
            .map(c -> "x." + quote(c) + " = k." + quote(c))
            .collect(Collectors.joining(" AND "));
    StringBuilder out = new StringBuilder();
    for (String c : keyColumns) {
      out.append(toText("x." + quote(c), t.column(c).type())).append(", ");
    }
    out.append("round(extract(epoch FROM x.").append(quote(loadDts)).append(") * 1000000)::bigint");
    for (String c : columns) {
      out.append(", ").append(toText("x." + quote(c), t.column(c).type()));
    }
    // One lateral per key with two index probes: the latest version before the time, and every
    // version from it on. (A plain join for the second part let the planner hash-join a sequential
    // scan of the whole satellite, so each batch's read grew with the table.)
    return "WITH k AS (SELECT "
        + keyCasts
        + ", CAST(u.t__ AS timestamptz) AS t__ FROM "
        + unnestFrom(kcols, "u")
        + ")\n"
        + "SELECT "
        + out
        + " FROM k CROSS JOIN LATERAL ((SELECT * FROM "
        + tbl
        + " x WHERE "
        + match
        + " AND x."
        + quote(loadDts)
        + " < k.t__ ORDER BY x."
        + quote(loadDts)
        + " DESC LIMIT 1)\n"
        + "UNION ALL\n"
        + "(SELECT * FROM "
        + tbl
        + " x WHERE "
        + match
        + " AND x."
        + quote(loadDts)
        + " >= k.t__)) x";
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
        .append(unnestFrom(all, "u"))
        .append(" CROSS JOIN LATERAL (SELECT y.ctid FROM ")
        .append(table(schema, t.name()))
        .append(" y WHERE ")
        .append(match)
        .append(" OFFSET 0) y")
        .toString();
  }

  @Override
  public String deleteByKey(String schema, TableSpec t, List<String> cols) {
    return "WITH d AS ("
        + probes(schema, t, cols, List.of())
        + ")\nDELETE FROM "
        + table(schema, t.name())
        + " x WHERE x.ctid = ANY(ARRAY(SELECT row_id FROM d))";
  }

  @Override
  public String updateByKey(
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

  @Override
  public String deleteReturning(String schema, TableSpec t, String where, List<String> columns) {
    String out =
        columns.stream()
            .map(c -> toText(quote(c), t.column(c).type()))
            .collect(Collectors.joining(", "));
    return "DELETE FROM " + table(schema, t.name()) + " WHERE " + where + " RETURNING " + out;
  }

  @Override
  public String moveRows(
      String schema,
      TableSpec from,
      TableSpec to,
      String where,
      List<String> columns,
      java.util.Map<String, String> extra) {
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
  public String lockSchemaChanges(String schema) {
    // "IF NOT EXISTS" does not make two sessions' CREATEs safe: both see nothing, both create,
    // one fails on the catalog's unique index. The lock is held until the transaction ends.
    return "SELECT pg_advisory_xact_lock(hashtext('vaultstream ddl ' || "
        + literal(schema == null ? "" : schema, "text")
        + "))";
  }

  @Override
  public String lockKeys() {
    // pg_advisory_xact_lock is volatile, so the planner evaluates it above the sort, in its order.
    return "SELECT pg_advisory_xact_lock(u.k) FROM unnest(?::bigint[]) AS u(k) ORDER BY u.k";
  }

  @Override
  public String statementTimeout(long millis) {
    return millis > 0 ? "SET statement_timeout = " + millis : null;
  }

  @Override
  public java.util.Map<String, String> socketTimeout(long millis) {
    // pgjdbc takes whole seconds; round up so that a small value never turns into "no limit".
    return millis > 0
        ? java.util.Map.of("socketTimeout", Long.toString((millis + 999) / 1000))
        : java.util.Map.of();
  }

  @Override
  public String lockTimeout(long millis) {
    return millis > 0 ? "SET LOCAL lock_timeout = " + millis : null;
  }

  @Override
  public boolean isLockTimeout(java.sql.SQLException e) {
    return "55P03".equals(e.getSQLState()); // lock_not_available
  }

  @Override
  public String vacuum(String schema, String table) {
    // SKIP_LOCKED: when another task of the connector vacuums it now, this one need not wait.
    return "VACUUM (SKIP_LOCKED) " + table(schema, table);
  }

  @Override
  public String identityType() {
    return "bigserial";
  }

  @Override
  public String createIndex(String schema, String table, String name, List<String> columns) {
    return "CREATE INDEX IF NOT EXISTS "
        + quote(name)
        + " ON "
        + table(schema, table)
        + " ("
        + list(columns)
        + ")";
  }

  @Override
  public String selectKeyMap(String schema, String keyMapTable) {
    // One index probe per key, inside a lateral subquery that the planner cannot flatten (OFFSET
    // 0): whatever the statistics say, the only plan is a loop over the batch's keys with an
    // equality on both leading columns of the primary key. With "pk = ANY(...)" a plan costed on a
    // table that had not been analyzed yet probed the index on source_table alone and compared
    // every key map entry of the source with every key of the batch (seconds per batch once the
    // key map held 100,000 entries).
    return "SELECT m.pk, round(extract(epoch FROM m.valid_from) * 1000000)::bigint, m.key_values"
        + " FROM (SELECT CAST(? AS text) AS source_table) s"
        + " CROSS JOIN unnest(?::text[]) AS k(pk)"
        + " CROSS JOIN LATERAL (SELECT x.pk, x.valid_from, x.key_values FROM "
        + table(schema, keyMapTable)
        + " x WHERE x.source_table = s.source_table AND x.pk = k.pk OFFSET 0) m";
  }

  @Override
  public String insertLiteralIgnore(
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
  public String literal(String text, String type) {
    if (text == null) {
      return "NULL";
    }
    return fromText("'" + text.replace("'", "''") + "'", type);
  }
}
