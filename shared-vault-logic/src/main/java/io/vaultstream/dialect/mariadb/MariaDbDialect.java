package io.vaultstream.dialect.mariadb;

import io.vaultstream.dialect.EarliestWrite;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.util.List;
import java.util.Map;

/**
 * MariaDB 10.11+ (InnoDB): a batch travels as one JSON parameter read by {@code JSON_TABLE}, so a
 * batch is one statement per table, as with PostgreSQL's arrays, unless it is larger than the
 * server's max_allowed_packet lets a statement be ({@link PacketLimit}). Writes return rows with
 * {@code RETURNING}, which MySQL lacks: MySQL is not served by this dialect. The statements are
 * built by {@link MariaDbDdl}, {@link MariaDbRows}, {@link MariaDbEarliestWrite}, {@link
 * MariaDbHistory} and {@link MariaDbQueue}.
 */
public final class MariaDbDialect
    implements VaultDialect, MariaDbQueueStatements, MariaDbTextValues, MariaDbOperatorStatements {

  /** Strict: a value that does not fit its column fails the statement instead of being adjusted. */
  static final String SQL_MODE =
      "STRICT_ALL_TABLES,NO_BACKSLASH_ESCAPES,NO_ENGINE_SUBSTITUTION,ERROR_FOR_DIVISION_BY_ZERO,"
          + "NO_ZERO_DATE,NO_ZERO_IN_DATE";

  @Override
  public String name() {
    return "mariadb";
  }

  @Override
  public boolean accepts(String jdbcUrl) {
    return jdbcUrl != null && jdbcUrl.startsWith("jdbc:mariadb:");
  }

  @Override
  public String connectionInitSql() {
    // DATETIME columns hold UTC; NOW()-style functions and conversions follow the session's zone.
    // Read committed, as on PostgreSQL: a writer that waited for another's lock then reads what
    // the other committed (InnoDB's default, repeatable read, would read its older snapshot).
    return "SET SESSION time_zone = '+00:00', SESSION sql_mode = '"
        + SQL_MODE
        + "', SESSION tx_isolation = 'READ-COMMITTED'";
  }

  @Override
  public String quote(String identifier) {
    return MariaDbSyntax.quote(identifier);
  }

  @Override
  public String hashType(int hexLength, boolean binary) {
    return binary
        ? "BINARY(" + (hexLength / 2) + ")"
        : "CHAR(" + hexLength + ") CHARACTER SET ascii COLLATE ascii_bin";
  }

  @Override
  public String textType() {
    return MariaDbTypes.TEXT;
  }

  @Override
  public String keyTextType() {
    return MariaDbTypes.KEY_TEXT;
  }

  @Override
  public int maxKeyChars() {
    return MariaDbTypes.KEY_TEXT_CHARS;
  }

  @Override
  public String codeType() {
    return "VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin";
  }

  @Override
  public String timestampType() {
    return MariaDbTypes.TIMESTAMP;
  }

  @Override
  public String booleanType() {
    return MariaDbTypes.BOOLEAN;
  }

  @Override
  public String columnNameProblem(String name) {
    return MariaDbNames.problem(name);
  }

  @Override
  public String columnNameKey(String name) {
    return MariaDbNames.key(name);
  }

  @Override
  public String checkedType(String type) {
    return MariaDbTypes.checked(type);
  }

  @Override
  public String identityType() {
    return "BIGINT AUTO_INCREMENT";
  }

  @Override
  public String literal(String text, String type) {
    return MariaDbSyntax.literal(text, MariaDbTypes.checked(type));
  }

  // ---- settings and locks -----------------------------------------------------------------

  @Override
  public String sessionInitSql(long statementTimeoutMillis) {
    // One SET: the driver runs one statement at a time unless allowMultiQueries is on.
    return statementTimeoutMillis > 0
        ? connectionInitSql() + ", SESSION max_statement_time = " + statementTimeoutMillis / 1000.0
        : connectionInitSql();
  }

  @Override
  public Map<String, String> driverProperties() {
    // Update counts are the rows changed, as PostgreSQL's are: a duplicate left alone by ON
    // DUPLICATE KEY UPDATE counts 0, not 1.
    return Map.of("useAffectedRows", "true");
  }

  @Override
  public String statementTimeout(long millis) {
    return millis > 0 ? "SET SESSION max_statement_time = " + (millis / 1000.0) : null;
  }

  @Override
  public Map<String, String> socketTimeout(long millis) {
    return millis > 0 ? Map.of("socketTimeout", Long.toString(millis)) : Map.of();
  }

  /** The rows {@link #lockKeys} locks: one per lock number ever taken (a few hundred a table). */
  static final String LOCKS = "vs_locks";

  @Override
  public String lockKeys(String schema) {
    // MariaDB has no transaction-scoped advisory locks: an upsert of one row per number takes its
    // row lock, held to the transaction's end, in ascending order (the ORDER BY).
    String t = MariaDbSyntax.table(schema, LOCKS);
    return "INSERT INTO "
        + t
        + " (`id`) SELECT u.v FROM JSON_TABLE(?, '$[*]' COLUMNS (v BIGINT PATH '$')) AS u"
        + " ORDER BY u.v ON DUPLICATE KEY UPDATE "
        + t
        + ".`id` = "
        + t
        + ".`id` RETURNING `id`";
  }

  @Override
  public List<String> supportTables() {
    return List.of(LOCKS);
  }

  @Override
  public List<String> createSupportTables(String schema) {
    return List.of(
        "CREATE TABLE IF NOT EXISTS "
            + MariaDbSyntax.table(schema, LOCKS)
            + " (`id` BIGINT NOT NULL PRIMARY KEY) ENGINE=InnoDB");
  }

  @Override
  public boolean isLockTimeout(java.sql.SQLException e) {
    return e.getErrorCode() == 1205; // ER_LOCK_WAIT_TIMEOUT, metadata locks' included
  }

  @Override
  public String lockTimeout(long millis) {
    // Whole seconds, rounded up: a small value never turns into 0 (which would not wait at all).
    // A session setting (MariaDB has no transaction-scoped one): resetLockTimeout ends it.
    return millis > 0 ? "SET SESSION lock_wait_timeout = " + (millis + 999) / 1000 : null;
  }

  @Override
  public String resetLockTimeout() {
    return "SET SESSION lock_wait_timeout = DEFAULT";
  }

  @Override
  public boolean transactionalDdl() {
    return false;
  }

  @Override
  public String lockSchemaChanges(String schema) {
    // A named lock of the session (released by unlockSchemaChanges, or when the session ends).
    // "IF NOT EXISTS" does not make two sessions' DDL safe: one's CREATE INDEX waited for the
    // other's metadata locks. Another loader's start-up takes seconds; 600 s bounds the wait.
    return "SELECT GET_LOCK(" + schemaLockName(schema) + ", 600)";
  }

  @Override
  public String unlockSchemaChanges(String schema) {
    return "DO RELEASE_LOCK(" + schemaLockName(schema) + ")";
  }

  private static String schemaLockName(String schema) {
    return schema == null || schema.isEmpty()
        ? "CONCAT('vaultstream ddl ', DATABASE())"
        : MariaDbSyntax.literal("vaultstream ddl " + schema, MariaDbTypes.TEXT);
  }

  // ---- DDL --------------------------------------------------------------------------------

  @Override
  public String createSchema(String schema) {
    return MariaDbDdl.createSchema(schema);
  }

  @Override
  public String createTable(String schema, TableSpec t) {
    return MariaDbDdl.createTable(schema, t);
  }

  @Override
  public String addColumn(String schema, String table, ColumnSpec c) {
    return MariaDbDdl.addColumn(schema, table, c);
  }

  @Override
  public List<String> addAttributeColumn(String schema, String table, ColumnSpec c) {
    return List.of(MariaDbDdl.addAttributeColumn(schema, table, c));
  }

  @Override
  public String widenColumn(String schema, String table, ColumnSpec c) {
    return MariaDbDdl.widenColumn(schema, table, c);
  }

  @Override
  public String canonicalType(String type) {
    return MariaDbTypes.canonical(type);
  }

  @Override
  public String selectColumns() {
    return MariaDbDdl.selectColumns();
  }

  @Override
  public String selectIndexes() {
    return MariaDbDdl.selectIndexes();
  }

  @Override
  public String currentSchema() {
    return "SELECT DATABASE()";
  }

  @Override
  public String createIndex(String schema, String table, String name, List<String> columns) {
    return MariaDbDdl.createIndex(schema, table, name, columns);
  }

  // ---- loading ----------------------------------------------------------------------------

  @Override
  public EarliestWrite upsertEarliest(
      String schema, TableSpec t, List<String> cols, String loadDts, String src, String loaded) {
    // The three statements of the returning form: a single ON DUPLICATE KEY UPDATE cannot tell
    // how many rows it inserted or moved back (its count is the rows found, or 2 per change).
    return new MariaDbEarliestWrite(schema, t, cols, loadDts, src, loaded);
  }

  @Override
  public EarliestWrite upsertEarliestReturning(
      String schema, TableSpec t, List<String> cols, String loadDts, String src, String loaded) {
    return new MariaDbEarliestWrite(schema, t, cols, loadDts, src, loaded);
  }

  @Override
  public String upsert(String schema, TableSpec t, List<String> columns) {
    return MariaDbRows.upsert(schema, t, columns);
  }

  @Override
  public String insertIgnore(String schema, TableSpec t, List<String> columns, String loadedAt) {
    return MariaDbRows.insertIgnore(schema, t, columns, loadedAt);
  }

  @Override
  public String insertNew(String schema, TableSpec t, List<String> columns, String loadedAt) {
    return MariaDbRows.insertNew(schema, t, columns, loadedAt);
  }

  @Override
  public String insertLiteralIgnore(
      String schema, TableSpec t, List<String> columns, List<String> literals) {
    return MariaDbRows.insertLiteralIgnore(schema, t, columns, literals);
  }

  @Override
  public String deleteByKey(String schema, TableSpec t, List<String> keyColumns) {
    return MariaDbRows.deleteByKey(schema, t, keyColumns);
  }

  @Override
  public String updateByKey(String schema, TableSpec t, List<String> keys, List<String> sets) {
    return MariaDbRows.updateByKey(schema, t, keys, sets);
  }

  @Override
  public String selectDifferingRows(
      String schema, TableSpec t, String keyColumn, List<String> columns) {
    return MariaDbChanges.selectDifferingRows(schema, t, keyColumn, columns);
  }

  @Override
  public String selectHistoryAround(
      String schema, TableSpec t, List<String> keyColumns, String loadDts, List<String> columns) {
    return MariaDbHistory.selectHistoryAround(schema, t, keyColumns, loadDts, columns);
  }

  @Override
  public String selectKeyMap(String schema, String keyMapTable) {
    return MariaDbHistory.selectKeyMap(schema, keyMapTable);
  }
}
