package io.vaultstream.dialect;

import java.util.Map;

/**
 * What every connection of the loader's pool is set up with, and the timeouts of its statements.
 * Part of {@link VaultDialect}.
 */
public interface SessionSettings {

  /** SQL run on every new connection (time zone UTC and the like). */
  String connectionInitSql();

  /**
   * The one statement a new pooled connection runs: {@link #connectionInitSql}, {@link
   * #serverProcessSql} (unless {@code prepareServerProcess} is false) and {@link #statementTimeout}
   * together.
   */
  default String sessionInitSql(long statementTimeoutMillis, boolean prepareServerProcess) {
    StringBuilder sql = new StringBuilder(connectionInitSql());
    // The timeout last: it is for the loader's statements, not for setting the session up.
    for (String more :
        new String[] {
          prepareServerProcess ? serverProcessSql() : null, statementTimeout(statementTimeoutMillis)
        }) {
      if (more != null) {
        sql.append("; ").append(more);
      }
    }
    return sql.toString();
  }

  /**
   * SQL that prepares the database's process serving a new connection of the loader's own pool for
   * the loader's statements, or null for none. Run once per connection, so never on a connection
   * borrowed from a pool the loader does not own (that one runs {@link #connectionInitSql} at every
   * borrow).
   */
  default String serverProcessSql() {
    return null;
  }

  /** JDBC driver properties every connection of the loader's pool gets (none by default). */
  default Map<String, String> driverProperties() {
    return Map.of();
  }

  /**
   * A statement run on every new connection that makes the database cancel a statement running
   * longer than {@code millis}, or null for none (0, or a database without the setting).
   */
  default String statementTimeout(long millis) {
    return null;
  }

  /**
   * The JDBC driver properties that make a read from the database give up after {@code millis}
   * without bytes (nothing for 0, or a driver without the property).
   */
  default Map<String, String> socketTimeout(long millis) {
    return Map.of();
  }

  /**
   * A statement that makes the rest of the transaction's (or savepoint's) statements give up
   * waiting for a lock after {@code millis}, so a schema change does not queue behind a long query
   * while every reader of the table queues behind it; null for none.
   */
  default String lockTimeout(long millis) {
    return null;
  }

  /**
   * A statement that ends what {@link #lockTimeout} set where it outlives the transaction (MariaDB:
   * a session setting, which would stay on a pooled connection), or null where it does not.
   */
  default String resetLockTimeout() {
    return null;
  }
}
