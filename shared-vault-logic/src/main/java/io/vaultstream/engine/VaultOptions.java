package io.vaultstream.engine;

import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.dialect.MaskedUrl;
import java.io.Serializable;

/**
 * Every setting of the engine in one immutable value. The Connect configuration and the Spark
 * arguments each map into it in one place.
 */
public final class VaultOptions implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String jdbcUrl;
  private final String user;
  private final String password;
  private final String dialect;
  private final String targetSchema;
  private final boolean autoCreate;
  private final boolean autoEvolve;
  private final io.vaultstream.write.ColumnLimits columnLimits;
  private final String poolName;
  private final int poolMaxSize;
  private final int poolMinIdle;
  private final long connectionTimeoutMs;
  private final DecoderOptions decoder;
  private final long watermarkSeconds;
  private final long errorRetentionSeconds;
  private final ExpiredReferences expiredReferences;
  private final long sweepIntervalMs;
  private final long holdWaitsMs;
  private final int holdWaitsMaxEvents;
  private final long holdWaitsMaxBytes;
  private final int sweepPageRows;
  private final String driverClassName;
  private final long poolIdleTimeoutMs;
  private final long poolMaxLifetimeMs;
  private final String transactionIsolation;
  private final long socketTimeoutMs;
  private final long statementTimeoutMs;
  private final long ddlLockTimeoutMs;
  private final int maxRetries;
  private final long retryBackoffMs;

  /** What happens to a reference still unresolved when its error row's retention runs out. */
  public enum ExpiredReferences {
    /** Load the link against the unknown ghost record (the default: nothing is lost). */
    UNKNOWN,
    /** Drop it (counted and logged). */
    DROP
  }

  VaultOptions(VaultOptionsBuilder b) {
    this.jdbcUrl = b.jdbcUrl;
    this.user = b.user;
    this.password = b.password;
    this.dialect = b.dialect;
    this.targetSchema = b.targetSchema;
    this.autoCreate = b.autoCreate;
    this.autoEvolve = b.autoEvolve;
    this.columnLimits = b.columnLimits;
    this.poolName = b.poolName;
    this.poolMaxSize = b.poolMaxSize;
    this.poolMinIdle = b.poolMinIdle;
    this.connectionTimeoutMs = b.connectionTimeoutMs;
    this.decoder = b.decoder;
    this.watermarkSeconds = b.watermarkSeconds;
    this.errorRetentionSeconds = b.errorRetentionSeconds;
    this.expiredReferences = b.expiredReferences;
    this.sweepIntervalMs = b.sweepIntervalMs;
    this.holdWaitsMs = b.holdWaitsMs;
    this.holdWaitsMaxEvents = b.holdWaitsMaxEvents;
    this.holdWaitsMaxBytes = b.holdWaitsMaxBytes;
    this.sweepPageRows = b.sweepPageRows;
    this.driverClassName = b.driverClassName;
    this.poolIdleTimeoutMs = b.poolIdleTimeoutMs;
    this.poolMaxLifetimeMs = b.poolMaxLifetimeMs;
    this.transactionIsolation = b.transactionIsolation;
    this.socketTimeoutMs = b.socketTimeoutMs;
    this.statementTimeoutMs = b.statementTimeoutMs;
    this.ddlLockTimeoutMs = b.ddlLockTimeoutMs;
    this.maxRetries = b.maxRetries;
    this.retryBackoffMs = b.retryBackoffMs;
  }

  /**
   * How long a read from the database may wait for bytes before the connection is given up (0: no
   * limit), so a database that hangs cannot hang the loader, its {@code close()} included.
   */
  public long socketTimeoutMs() {
    return socketTimeoutMs;
  }

  /** How long the database lets one statement run before cancelling it (0: no limit). */
  public long statementTimeoutMs() {
    return statementTimeoutMs;
  }

  /**
   * How long a schema change (a column added at run time, the start-up DDL) waits for its table's
   * lock before it gives up and is tried again (0: no limit). While it waits, every reader of the
   * table queues behind it.
   */
  public long ddlLockTimeoutMs() {
    return ddlLockTimeoutMs;
  }

  /**
   * How often an operation that failed for a reason that can pass (see {@link Failures}) is tried
   * again: opening the vault, and the runtimes' batches.
   */
  public int maxRetries() {
    return maxRetries;
  }

  /** How long to wait before such a retry. */
  public long retryBackoffMs() {
    return retryBackoffMs;
  }

  /** The JDBC driver class to load, or null to find it from the URL (TARGET_JDBC_DRIVER). */
  public String driverClassName() {
    return driverClassName;
  }

  /** How long a pooled connection may sit idle above the minimum before it is closed. */
  public long poolIdleTimeoutMs() {
    return poolIdleTimeoutMs;
  }

  /** How long a pooled connection lives at most (0: no limit). */
  public long poolMaxLifetimeMs() {
    return poolMaxLifetimeMs;
  }

  /**
   * The transaction isolation of the pool's connections ({@code TRANSACTION_READ_COMMITTED} and so
   * on), or null for the database's default.
   */
  public String transactionIsolation() {
    return transactionIsolation;
  }

  /**
   * How long an event waiting for a parent is kept in memory, rechecked with each batch, before it
   * becomes a waiting row (0, the default: at once). Holding suits a single caller that can keep
   * the source position of held events from being committed (the Connect task); see {@link
   * LoadResult#positions()}. Never more than half the watermark, so a held event still reaches the
   * error table in time.
   */
  public long holdWaitsMs() {
    return Math.min(holdWaitsMs, watermarkSeconds * 500L);
  }

  /** At most this many events are held in memory; waits beyond it become waiting rows at once. */
  public int holdWaitsMaxEvents() {
    return holdWaitsMaxEvents;
  }

  /**
   * At most about this many bytes of events are held in memory (estimated from each event's row,
   * see {@code WaitingHeldSize}); waits beyond it become waiting rows at once.
   */
  public long holdWaitsMaxBytes() {
    return holdWaitsMaxBytes;
  }

  /**
   * At most this many rows of the waiting table, and of the error table, are read by one sweep (and
   * at most this many expired error rows released by it); the next sweep reads on from there.
   */
  public int sweepPageRows() {
    return sweepPageRows;
  }

  /**
   * How often waiting rows are checked against the whole key map and the watermark and retention
   * applied (parents arriving in a batch are matched at every flush regardless).
   */
  public long sweepIntervalMs() {
    return sweepIntervalMs;
  }

  /** Seconds a row waits for its parent before it goes to the error table (WATER_MARK_SIZE). */
  /** What the waiting rows' cycle needs of these options. */
  public io.vaultstream.waiting.WaitingPolicy waitingPolicy() {
    return new io.vaultstream.waiting.WaitingPolicy(
        watermarkSeconds,
        errorRetentionSeconds,
        expiredReferences == ExpiredReferences.UNKNOWN,
        sweepIntervalMs,
        sweepPageRows);
  }

  public long watermarkSeconds() {
    return watermarkSeconds;
  }

  /**
   * Seconds an unresolved error row is rechecked before it is released
   * (ERROR_RECORD_RETENTION_TIME).
   */
  public long errorRetentionSeconds() {
    return errorRetentionSeconds;
  }

  /** What happens to references unresolved after the retention time. */
  public ExpiredReferences expiredReferences() {
    return expiredReferences;
  }

  public static VaultOptionsBuilder builder() {
    return new VaultOptionsBuilder();
  }

  public String jdbcUrl() {
    return jdbcUrl;
  }

  public String user() {
    return user;
  }

  public String password() {
    return password;
  }

  /** The dialect name, or null to choose it from the JDBC URL. */
  public String dialect() {
    return dialect;
  }

  /** The schema of the vault tables, or null for the connection's current schema. */
  public String targetSchema() {
    return targetSchema;
  }

  /** Whether missing vault tables (and their ghost records and indexes) are created at start. */
  public boolean autoCreate() {
    return autoCreate;
  }

  /**
   * Whether attribute columns first seen in events are added to the tables that take their columns
   * from events (those whose model lists none); when off, such an event fails its batch, naming the
   * column.
   */
  public boolean autoEvolve() {
    return autoEvolve;
  }

  /** How many columns events may add, per record and per table. */
  public io.vaultstream.write.ColumnLimits columnLimits() {
    return columnLimits;
  }

  /**
   * The name of the connection pool, or null for the default {@value #DEFAULT_POOL_NAME}. A pool
   * given a name registers its JMX beans ({@code com.zaxxer.hikari:type=Pool (<name>)}), so each
   * loader in a JVM needs its own.
   */
  public String poolName() {
    return poolName;
  }

  /** The pool's name when none is given; such a pool registers no JMX beans. */
  public static final String DEFAULT_POOL_NAME = "vaultstream";

  public int poolMaxSize() {
    return poolMaxSize;
  }

  public int poolMinIdle() {
    return poolMinIdle;
  }

  public long connectionTimeoutMs() {
    return connectionTimeoutMs;
  }

  public DecoderOptions decoder() {
    return decoder;
  }

  @Override
  public String toString() {
    return "VaultOptions{jdbcUrl="
        + MaskedUrl.of(jdbcUrl)
        + ", user="
        + user
        + ", targetSchema="
        + targetSchema
        + ", autoCreate="
        + autoCreate
        + ", autoEvolve="
        + autoEvolve
        + ", pool="
        + (poolName == null ? "" : poolName + " ")
        + poolMinIdle
        + ".."
        + poolMaxSize
        + "}";
  }

  static final java.util.regex.Pattern POOL_NAME =
      java.util.regex.Pattern.compile("[A-Za-z0-9._-]{1,200}");
}
