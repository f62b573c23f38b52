package io.vaultstream.engine;

import java.util.List;

/** The checks {@link VaultOptionsBuilder#build} makes: each refuses a bad value with the reason. */
final class VaultOptionsChecks {
  private VaultOptionsChecks() {}

  /** The target database and schema, and the retention and memory bounds. */
  static void checkTargetAndBounds(VaultOptionsBuilder b) {
    if (!b.outsideADatabase && (b.jdbcUrl == null || b.jdbcUrl.isBlank())) {
      throw new IllegalArgumentException("a JDBC URL of the target database is required");
    }
    String schemaProblem =
        VaultOptionsBuilder.schemaNameProblem(b.targetSchema, b.jdbcUrl, b.dialect);
    if (schemaProblem != null) {
      throw new IllegalArgumentException(schemaProblem);
    }
    if (b.watermarkSeconds < 0 || b.errorRetentionSeconds < 0) {
      throw new IllegalArgumentException(
          "the watermark and the error record retention must be 0 seconds or more");
    }
    if (b.holdWaitsMs < 0 || b.holdWaitsMaxEvents < 0) {
      throw new IllegalArgumentException(
          "the time and the number of events held in memory must be 0 or more");
    }
    if (b.holdWaitsMaxBytes < 0 || b.sweepPageRows < 1) {
      throw new IllegalArgumentException(
          "the bytes of events held in memory must be 0 or more, and the sweep's page at least 1"
              + " row");
    }
  }

  /** The JDBC name of an isolation level given with or without its TRANSACTION_ prefix. */
  static String isolationLevel(String given) {
    String level = given.trim().toUpperCase(java.util.Locale.ROOT);
    if (!level.startsWith("TRANSACTION_")) {
      level = "TRANSACTION_" + level;
    }
    if (!List.of(
            "TRANSACTION_READ_UNCOMMITTED",
            "TRANSACTION_READ_COMMITTED",
            "TRANSACTION_REPEATABLE_READ",
            "TRANSACTION_SERIALIZABLE")
        .contains(level)) {
      throw new IllegalArgumentException(
          "unknown transaction isolation '"
              + given
              + "'; valid: READ_COMMITTED, REPEATABLE_READ, SERIALIZABLE, READ_UNCOMMITTED"
              + " (with or without the TRANSACTION_ prefix)");
    }
    return level;
  }

  static void checkPool(VaultOptionsBuilder b) {
    if (b.poolMaxSize < 2) {
      // A column first seen in a batch is added on a second connection, in its own transaction,
      // while the batch holds the first: with one, the loader waits for itself.
      throw new IllegalArgumentException(
          "the connection pool needs at least 2 connections (given "
              + b.poolMaxSize
              + "): a column first seen in events is added on a second connection while the"
              + " batch holds the first");
    }
    if (b.poolName != null && !VaultOptions.POOL_NAME.matcher(b.poolName).matches()) {
      throw new IllegalArgumentException(
          "the pool name '"
              + b.poolName
              + "' is not usable in a JMX object name; use 1 to 200 letters, digits, '.', '_'"
              + " or '-'");
    }
    if (b.poolIdleTimeoutMs < 0 || b.poolMaxLifetimeMs < 0) {
      throw new IllegalArgumentException(
          "the pool's idle timeout and maximum lifetime must be 0 ms or more");
    }
  }

  static void checkTimeouts(VaultOptionsBuilder b) {
    if (b.socketTimeoutMs < 0
        || b.statementTimeoutMs < 0
        || b.ddlLockTimeoutMs < 0
        || b.maxRetries < 0
        || b.retryBackoffMs < 0) {
      throw new IllegalArgumentException(
          "the socket, statement and DDL lock timeouts, the retries and their backoff must be 0"
              + " or more");
    }
    if (b.keyMapCacheKeys < 0) {
      throw new IllegalArgumentException(
          "the key map cache's size must be 0 (off) or more keys: " + b.keyMapCacheKeys);
    }
    if (b.statementTimeoutMs > 0
        && b.socketTimeoutMs > 0
        && b.statementTimeoutMs >= b.socketTimeoutMs) {
      throw new IllegalArgumentException(
          "the statement timeout ("
              + b.statementTimeoutMs
              + " ms) must be below the socket timeout ("
              + b.socketTimeoutMs
              + " ms): otherwise the driver drops the connection before the database cancels"
              + " the statement");
    }
  }
}
