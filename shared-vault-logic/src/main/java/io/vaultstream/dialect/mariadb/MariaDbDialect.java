package io.vaultstream.dialect.mariadb;

import io.vaultstream.dialect.VaultDialect;
import java.util.Map;

/**
 * MariaDB 10.11+ (InnoDB): a batch travels as one JSON parameter read by {@code JSON_TABLE}, so a
 * batch is one statement per table, as with PostgreSQL's arrays, unless it is larger than the
 * server's max_allowed_packet lets a statement be ({@link PacketLimit}). Writes return rows with
 * {@code RETURNING}, which MySQL lacks: MySQL is not served by this dialect. The statements are
 * those of {@link MariaDbDdl}, {@link MariaDbRows} (with {@link MariaDbEarliestWrite}), {@link
 * MariaDbHistory}, {@link MariaDbChanges}, {@link MariaDbQueue} and {@link
 * MariaDbOperatorStatements} (and the standard SQL of the interfaces they extend); column types and
 * names are {@link MariaDbTypes} and {@link MariaDbNames}, values and failures {@link
 * MariaDbTextValues} and {@link MariaDbSqlStates}.
 */
public final class MariaDbDialect
    implements VaultDialect,
        MariaDbDdl,
        MariaDbRows,
        MariaDbHistory,
        MariaDbChanges,
        MariaDbQueue,
        MariaDbOperatorStatements,
        MariaDbNames,
        MariaDbTextValues,
        MariaDbSqlStates {

  /**
   * Strict: a value that does not fit its column fails the statement instead of being adjusted; no
   * backslash escapes, so a quote is the only character a string literal doubles.
   */
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

  // ---- session ----------------------------------------------------------------------------

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
  public String sessionInitSql(long statementTimeoutMillis, boolean prepareServerProcess) {
    // One SET: the driver runs one statement at a time unless allowMultiQueries is on. No
    // preparation of the server's thread: serverProcessSql() is none here.
    return statementTimeoutMillis > 0
        ? connectionInitSql() + ", SESSION max_statement_time = " + statementTimeoutMillis / 1000.0
        : connectionInitSql();
  }

  @Override
  public Map<String, String> driverProperties() {
    // Update counts are the rows changed, as PostgreSQL's are: a duplicate left alone by ON
    // DUPLICATE KEY UPDATE counts 0, not 1.
    // Server-side prepared statements: a batch's rows travel as one JSON parameter, which the
    // binary protocol sends as it is; with client-side preparation the driver escapes it into the
    // statement's text and the server parses that text again (about 15 % of a 5,000-row insert's
    // time, and the client's copy). Each statement text is prepared once per connection and kept
    // (the driver's cache, prepStmtCacheSize). A setting in the JDBC URL wins.
    return Map.of("useAffectedRows", "true", "useServerPrepStmts", "true");
  }

  @Override
  public String statementTimeout(long millis) {
    return millis > 0 ? "SET SESSION max_statement_time = " + (millis / 1000.0) : null;
  }

  @Override
  public Map<String, String> socketTimeout(long millis) {
    return millis > 0 ? Map.of("socketTimeout", Long.toString(millis)) : Map.of();
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
}
