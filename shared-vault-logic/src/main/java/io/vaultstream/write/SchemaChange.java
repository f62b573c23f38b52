package io.vaultstream.write;

import io.vaultstream.dialect.VaultDialect;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One schema change of the loader, bounded by the DDL lock timeout and tried again a few times. */
final class SchemaChange {
  private static final Logger LOG = LoggerFactory.getLogger(SchemaChange.class);

  /** Attempts of one schema change that gives up waiting for its table's lock. */
  private static final int DDL_ATTEMPTS = 3;

  private final VaultDialect dialect;
  private final long ddlLockTimeoutMs;

  SchemaChange(VaultDialect dialect, long ddlLockTimeoutMs) {
    this.dialect = dialect;
    this.ddlLockTimeoutMs = ddlLockTimeoutMs;
  }

  /**
   * Runs a schema change that needs the table's exclusive lock. Queued behind a long query, it
   * would make every later reader of the table queue behind it; so it waits at most the DDL lock
   * timeout, and is tried again a few times (back to a savepoint, so the transaction's earlier
   * changes stay) before the failure (SQLSTATE 55P03, retriable) goes to the caller, whose batch is
   * retried.
   */
  void run(Connection c, String what, String sql) throws SQLException {
    String lockTimeout = dialect.lockTimeout(ddlLockTimeoutMs);
    // Where DDL commits the transaction (MariaDB) there is nothing for a savepoint to keep.
    boolean undoable = lockTimeout != null && dialect.transactionalDdl();
    for (int attempt = 1; ; attempt++) {
      Savepoint before = undoable ? c.setSavepoint() : null;
      try (Statement st = c.createStatement()) {
        executeUnderLockTimeout(st, lockTimeout, sql);
        if (before != null) {
          c.releaseSavepoint(before);
        }
        return;
      } catch (SQLException e) {
        if (lockTimeout == null || !dialect.isLockTimeout(e) || attempt == DDL_ATTEMPTS) {
          throw e;
        }
        if (before != null) {
          c.rollback(before);
        }
        backOff(what, attempt, e);
      }
    }
  }

  /** The statement under the lock timeout (when the dialect has one), then the timeout reset. */
  private void executeUnderLockTimeout(Statement st, String lockTimeout, String sql)
      throws SQLException {
    if (lockTimeout != null) {
      st.execute(lockTimeout);
    }
    try {
      st.execute(sql);
    } finally {
      afterDdl(st, dialect.resetLockTimeout());
    }
  }

  /**
   * Waits before the next attempt of a change that timed out waiting for its lock, longer after
   * each; throws the timeout when the thread is interrupted meanwhile.
   */
  private void backOff(String what, int attempt, SQLException timedOut) throws SQLException {
    long backoff = 500L * attempt;
    LOG.warn(
        "{} waited {} ms for the table's lock (attempt {} of {}), retrying in {} ms",
        what,
        ddlLockTimeoutMs,
        attempt,
        DDL_ATTEMPTS,
        backoff);
    try {
      Thread.sleep(backoff);
    } catch (InterruptedException stop) {
      Thread.currentThread().interrupt();
      throw timedOut;
    }
  }

  /**
   * Runs a script of schema changes under the lock that makes loaders start one at a time. Waiting
   * for another loader's start-up is fine; waiting for a table lock behind a long query is not:
   * each statement waits at most the DDL lock timeout, and opening the vault is retried.
   */
  void runScript(Connection c, String schema, List<String> statements) throws SQLException {
    try (Statement st = c.createStatement()) {
      String lock = dialect.lockSchemaChanges(schema);
      if (lock != null) {
        st.execute(lock);
      }
      try {
        String lockTimeout = dialect.lockTimeout(ddlLockTimeoutMs);
        if (lockTimeout != null) {
          st.execute(lockTimeout);
        }
        for (String sql : statements) {
          st.execute(sql);
        }
      } finally {
        // Where the lock and the timeout belong to the session, not the transaction, they would
        // stay on the pooled connection.
        afterDdl(st, dialect.resetLockTimeout(), dialect.unlockSchemaChanges(schema));
      }
    }
  }

  /**
   * Runs the statements that end a schema change's session state (null ones skipped); a failure of
   * one (a lost connection) is logged, not thrown over the schema change's own outcome.
   */
  static void afterDdl(Statement st, String... statements) {
    for (String sql : statements) {
      if (sql == null) {
        continue;
      }
      try {
        st.execute(sql);
      } catch (SQLException e) {
        LOG.warn("Ending a schema change with '{}' failed: {}", sql, e.getMessage());
      }
    }
  }
}
