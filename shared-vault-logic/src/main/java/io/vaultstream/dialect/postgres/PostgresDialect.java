package io.vaultstream.dialect.postgres;

import io.vaultstream.dialect.BulkInsert;
import io.vaultstream.dialect.EarliestWrite;
import io.vaultstream.dialect.SingleEarliestWrite;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.util.List;
import java.util.Map;

/**
 * PostgreSQL 12+: rows travel as one text array per column through {@code unnest}, so a batch is
 * one statement per table whatever its size. The statements are built by {@link PostgresDdl},
 * {@link PostgresRows}, {@link PostgresHistory} and {@link PostgresQueue}.
 */
public final class PostgresDialect
    implements VaultDialect,
        PostgresQueueStatements,
        PostgresTextValues,
        PostgresOperatorStatements {

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
    return PostgresSyntax.quote(identifier);
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
  public String checkedType(String type) {
    return PostgresSyntax.checkedType(type);
  }

  @Override
  public String identityType() {
    return "bigserial";
  }

  @Override
  public String literal(String text, String type) {
    return PostgresSyntax.literal(text, type);
  }

  // ---- settings and locks -----------------------------------------------------------------

  @Override
  public String statementTimeout(long millis) {
    return millis > 0 ? "SET statement_timeout = " + millis : null;
  }

  @Override
  public Map<String, String> socketTimeout(long millis) {
    // pgjdbc takes whole seconds; round up so that a small value never turns into "no limit".
    return millis > 0 ? Map.of("socketTimeout", Long.toString((millis + 999) / 1000)) : Map.of();
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
  public String lockSchemaChanges(String schema) {
    return PostgresDdl.lockSchemaChanges(schema);
  }

  @Override
  public String lockKeys(String schema) {
    return PostgresHistory.lockKeys();
  }

  // ---- DDL --------------------------------------------------------------------------------

  @Override
  public String createSchema(String schema) {
    return PostgresDdl.createSchema(schema);
  }

  @Override
  public String createTable(String schema, TableSpec t) {
    return PostgresDdl.createTable(schema, t);
  }

  @Override
  public String addColumn(String schema, String table, ColumnSpec c) {
    return PostgresDdl.addColumn(schema, table, c);
  }

  @Override
  public List<String> addAttributeColumn(String schema, String table, ColumnSpec c) {
    return PostgresDdl.addAttributeColumn(schema, table, c);
  }

  @Override
  public String widenColumn(String schema, String table, ColumnSpec c) {
    return PostgresDdl.widenColumn(schema, table, c);
  }

  @Override
  public String selectColumns() {
    return PostgresDdl.selectColumns();
  }

  @Override
  public String selectIndexes() {
    return PostgresDdl.selectIndexes();
  }

  @Override
  public String currentSchema() {
    return "SELECT current_schema()";
  }

  @Override
  public String createIndex(String schema, String table, String name, List<String> columns) {
    return PostgresDdl.createIndex(schema, table, name, columns);
  }

  @Override
  public String vacuum(String schema, String table) {
    return PostgresDdl.vacuum(schema, table);
  }

  // ---- loading ----------------------------------------------------------------------------

  @Override
  public EarliestWrite upsertEarliest(
      String schema, TableSpec t, List<String> cols, String loadDts, String src, String loaded) {
    return new SingleEarliestWrite(
        this, PostgresRows.upsertEarliest(schema, t, cols, loadDts, src, loaded), false);
  }

  @Override
  public EarliestWrite upsertEarliestReturning(
      String schema, TableSpec t, List<String> cols, String loadDts, String src, String loaded) {
    return new SingleEarliestWrite(
        this, PostgresRows.upsertEarliestReturning(schema, t, cols, loadDts, src, loaded), true);
  }

  @Override
  public String upsert(String schema, TableSpec t, List<String> columns) {
    return PostgresRows.upsert(schema, t, columns);
  }

  @Override
  public String insertIgnore(String schema, TableSpec t, List<String> columns, String loadedAt) {
    return PostgresRows.insertIgnore(schema, t, columns, loadedAt);
  }

  @Override
  public String insertNew(String schema, TableSpec t, List<String> columns, String loadedAt) {
    return PostgresRows.insertNew(schema, t, columns, loadedAt);
  }

  @Override
  public BulkInsert bulkInsert(String schema, TableSpec t, List<String> columns, String loadedAt) {
    return PostgresRows.bulkInsert(schema, t, columns, loadedAt);
  }

  @Override
  public String insertLiteralIgnore(
      String schema, TableSpec t, List<String> columns, List<String> literals) {
    return PostgresRows.insertLiteralIgnore(schema, t, columns, literals);
  }

  @Override
  public String deleteByKey(String schema, TableSpec t, List<String> keyColumns) {
    return PostgresRows.deleteByKey(schema, t, keyColumns);
  }

  @Override
  public String updateByKey(String schema, TableSpec t, List<String> keys, List<String> sets) {
    return PostgresRows.updateByKey(schema, t, keys, sets);
  }

  @Override
  public String selectDifferingRows(
      String schema, TableSpec t, String keyColumn, List<String> columns) {
    return PostgresChanges.selectDifferingRows(schema, t, keyColumn, columns);
  }

  @Override
  public String selectHistoryAround(
      String schema, TableSpec t, List<String> keyColumns, String loadDts, List<String> columns) {
    return PostgresHistory.selectHistoryAround(schema, t, keyColumns, loadDts, columns);
  }

  @Override
  public String selectKeyMap(String schema, String keyMapTable) {
    return PostgresHistory.selectKeyMap(schema, keyMapTable);
  }
}
