package io.vaultstream.engine;

import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.dialect.Dialects;

/**
 * Builds {@link VaultOptions}; only the JDBC URL is required ({@link VaultOptions#builder}), and
 * not even that for a vault outside a database ({@link #outsideADatabase}).
 */
public final class VaultOptionsBuilder {
  String jdbcUrl;
  boolean outsideADatabase;
  String user;
  String password;
  String dialect;
  String targetSchema;
  boolean autoCreate = true;
  boolean autoEvolve = true;
  io.vaultstream.write.ColumnLimits columnLimits = io.vaultstream.write.ColumnLimits.DEFAULT;
  String poolName;
  int poolMaxSize = 4;
  int poolMinIdle = 1;
  long connectionTimeoutMs = 30_000;
  DecoderOptions decoder = DecoderOptions.defaults();
  long watermarkSeconds = 120;
  long errorRetentionSeconds = 120;
  VaultOptions.ExpiredReferences expiredReferences = VaultOptions.ExpiredReferences.UNKNOWN;
  long sweepIntervalMs = 5000;
  long holdWaitsMs = 0;
  int holdWaitsMaxEvents = 20_000;
  long holdWaitsMaxBytes = 64L << 20;
  int sweepPageRows = 10_000;
  String driverClassName;
  long poolIdleTimeoutMs = 600_000;
  long poolMaxLifetimeMs = 1_800_000;
  String transactionIsolation;
  long socketTimeoutMs = 300_000;
  long statementTimeoutMs = 0;
  boolean prepareServerProcess = true;
  long ddlLockTimeoutMs = 5_000;
  int maxRetries = 10;
  long retryBackoffMs = 3_000;
  boolean checkStoredProgress;
  int keyMapCacheKeys = 100_000;

  /** See {@link VaultOptions#keyMapCacheKeys()}; 100,000 by default, 0 turns it off. */
  public VaultOptionsBuilder keyMapCacheKeys(int v) {
    this.keyMapCacheKeys = v;
    return this;
  }

  /** See {@link VaultOptions#checkStoredProgress()}; off by default. */
  public VaultOptionsBuilder checkStoredProgress(boolean v) {
    this.checkStoredProgress = v;
    return this;
  }

  public VaultOptionsBuilder socketTimeoutMs(long v) {
    this.socketTimeoutMs = v;
    return this;
  }

  public VaultOptionsBuilder statementTimeoutMs(long v) {
    this.statementTimeoutMs = v;
    return this;
  }

  /** See {@link ConnectionOptions#prepareServerProcess()}; on by default. */
  public VaultOptionsBuilder prepareServerProcess(boolean v) {
    this.prepareServerProcess = v;
    return this;
  }

  public VaultOptionsBuilder ddlLockTimeoutMs(long v) {
    this.ddlLockTimeoutMs = v;
    return this;
  }

  public VaultOptionsBuilder maxRetries(int v) {
    this.maxRetries = v;
    return this;
  }

  public VaultOptionsBuilder retryBackoffMs(long v) {
    this.retryBackoffMs = v;
    return this;
  }

  public VaultOptionsBuilder driverClassName(String v) {
    this.driverClassName = v;
    return this;
  }

  public VaultOptionsBuilder poolIdleTimeoutMs(long v) {
    this.poolIdleTimeoutMs = v;
    return this;
  }

  public VaultOptionsBuilder poolMaxLifetimeMs(long v) {
    this.poolMaxLifetimeMs = v;
    return this;
  }

  /**
   * {@code TRANSACTION_READ_COMMITTED}, {@code TRANSACTION_REPEATABLE_READ}, {@code
   * TRANSACTION_SERIALIZABLE} or {@code TRANSACTION_READ_UNCOMMITTED} (the prefix may be left out),
   * or null for the database's default.
   */
  public VaultOptionsBuilder transactionIsolation(String v) {
    this.transactionIsolation = v;
    return this;
  }

  public VaultOptionsBuilder holdWaitsMs(long v) {
    this.holdWaitsMs = v;
    return this;
  }

  public VaultOptionsBuilder holdWaitsMaxEvents(int v) {
    this.holdWaitsMaxEvents = v;
    return this;
  }

  public VaultOptionsBuilder holdWaitsMaxBytes(long v) {
    this.holdWaitsMaxBytes = v;
    return this;
  }

  public VaultOptionsBuilder sweepPageRows(int v) {
    this.sweepPageRows = v;
    return this;
  }

  public VaultOptionsBuilder sweepIntervalMs(long v) {
    this.sweepIntervalMs = v;
    return this;
  }

  public VaultOptionsBuilder watermarkSeconds(long v) {
    this.watermarkSeconds = v;
    return this;
  }

  public VaultOptionsBuilder errorRetentionSeconds(long v) {
    this.errorRetentionSeconds = v;
    return this;
  }

  public VaultOptionsBuilder expiredReferences(VaultOptions.ExpiredReferences v) {
    this.expiredReferences = v;
    return this;
  }

  /**
   * Options for a vault that no JDBC database holds (a lakehouse, loaded through {@link
   * StoreLoader}): no JDBC URL is asked for, and the connection settings do not apply.
   */
  public VaultOptionsBuilder outsideADatabase() {
    this.outsideADatabase = true;
    return this;
  }

  public VaultOptionsBuilder jdbcUrl(String v) {
    this.jdbcUrl = v;
    return this;
  }

  public VaultOptionsBuilder user(String v) {
    this.user = v;
    return this;
  }

  public VaultOptionsBuilder password(String v) {
    this.password = v;
    return this;
  }

  public VaultOptionsBuilder dialect(String v) {
    this.dialect = v;
    return this;
  }

  public VaultOptionsBuilder targetSchema(String v) {
    this.targetSchema = v;
    return this;
  }

  public VaultOptionsBuilder autoCreate(boolean v) {
    this.autoCreate = v;
    return this;
  }

  /** Whether attribute columns first seen in events are added (default true). */
  public VaultOptionsBuilder autoEvolve(boolean v) {
    this.autoEvolve = v;
    return this;
  }

  /**
   * How many columns first seen in events one record may add to a table, and a table may gain in
   * all (defaults 100 and 250); a record beyond either is a bad record.
   */
  public VaultOptionsBuilder columnLimits(int perRecord, int perTable) {
    this.columnLimits = new io.vaultstream.write.ColumnLimits(perRecord, perTable);
    return this;
  }

  /**
   * Names the pool and registers its JMX beans; letters, digits, '.', '_' and '-' only (the name
   * goes unquoted into an object name), or null for the default, without JMX beans.
   */
  public VaultOptionsBuilder poolName(String v) {
    this.poolName = v;
    return this;
  }

  public VaultOptionsBuilder poolMaxSize(int v) {
    this.poolMaxSize = v;
    return this;
  }

  public VaultOptionsBuilder poolMinIdle(int v) {
    this.poolMinIdle = v;
    return this;
  }

  public VaultOptionsBuilder connectionTimeoutMs(long v) {
    this.connectionTimeoutMs = v;
    return this;
  }

  public VaultOptionsBuilder decoder(DecoderOptions v) {
    this.decoder = v;
    return this;
  }

  public VaultOptions build() {
    VaultOptionsChecks.checkTargetAndBounds(this);
    if (transactionIsolation != null) {
      transactionIsolation = VaultOptionsChecks.isolationLevel(transactionIsolation);
    }
    VaultOptionsChecks.checkPool(this);
    VaultOptionsChecks.checkTimeouts(this);
    return new VaultOptions(this);
  }

  /**
   * Why a target schema name is too long for its database, or null: the dialect named, or else the
   * one accepting the URL, tells ({@link io.vaultstream.dialect.ColumnTypes#schemaNameProblem});
   * when none does, PostgreSQL's rule applies, the stricter (63 bytes are at most 63 characters).
   *
   * @param dialect the dialect's name, or null to go by the URL
   */
  public static String schemaNameProblem(String schema, String jdbcUrl, String dialect) {
    if (schema == null) {
      return null;
    }
    return Dialects.find(jdbcUrl, dialect)
        .or(() -> Dialects.find(null, "postgresql"))
        .map(d -> d.schemaNameProblem(schema))
        .orElse(null);
  }
}
