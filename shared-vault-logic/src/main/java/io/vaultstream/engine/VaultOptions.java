package io.vaultstream.engine;

import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.dialect.MaskedUrl;
import io.vaultstream.waiting.WaitingPolicy;
import io.vaultstream.write.ColumnLimits;
import java.io.Serializable;

/**
 * Every setting of the engine in one immutable value. The Connect configuration and the Spark
 * arguments each map into it in one place. The database connection ({@link ConnectionOptions}) and
 * the waits for parents ({@link WaitOptions}) are values of their own; this class also answers
 * their settings by name.
 */
public final class VaultOptions implements Serializable {
  private static final long serialVersionUID = 2L;

  /** The pool's name when none is given; such a pool registers no JMX beans. */
  public static final String DEFAULT_POOL_NAME = "vaultstream";

  static final java.util.regex.Pattern POOL_NAME =
      java.util.regex.Pattern.compile("[A-Za-z0-9._-]{1,200}");

  private final ConnectionOptions connection;
  private final WaitOptions waits;
  private final String targetSchema;
  private final boolean autoCreate;
  private final boolean autoEvolve;
  private final ColumnLimits columnLimits;
  private final DecoderOptions decoder;
  private final long ddlLockTimeoutMs;
  private final int maxRetries;
  private final long retryBackoffMs;
  private final boolean checkStoredProgress;
  private final int keyMapCacheKeys;

  /** What happens to a reference still unresolved when its error row's retention runs out. */
  public enum ExpiredReferences {
    /** Load the link against the unknown ghost record (the default: nothing is lost). */
    UNKNOWN,
    /** Drop it (counted and logged). */
    DROP
  }

  VaultOptions(VaultOptionsBuilder b) {
    this.connection = new ConnectionOptions(b);
    this.waits = new WaitOptions(b);
    this.targetSchema = b.targetSchema;
    this.autoCreate = b.autoCreate;
    this.autoEvolve = b.autoEvolve;
    this.columnLimits = b.columnLimits;
    this.decoder = b.decoder;
    this.ddlLockTimeoutMs = b.ddlLockTimeoutMs;
    this.maxRetries = b.maxRetries;
    this.retryBackoffMs = b.retryBackoffMs;
    this.checkStoredProgress = b.checkStoredProgress;
    this.keyMapCacheKeys = b.keyMapCacheKeys;
  }

  /**
   * How many primary keys' key map timelines a loader keeps in memory between batches (read once,
   * then kept while no other writer writes mappings and the database does not go back); 0 reads
   * them in every batch. One loader per cache: a loader shared by concurrent callers sets 0.
   */
  public int keyMapCacheKeys() {
    return keyMapCacheKeys;
  }

  public static VaultOptionsBuilder builder() {
    return new VaultOptionsBuilder();
  }

  /** The URL, credentials, pool and per-connection limits. */
  public ConnectionOptions connection() {
    return connection;
  }

  /** The watermark, the error rows' retention, the sweep and the waits held in memory. */
  public WaitOptions waits() {
    return waits;
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
  public ColumnLimits columnLimits() {
    return columnLimits;
  }

  public DecoderOptions decoder() {
    return decoder;
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
   * Whether each batch that stores positions first checks that the vault still holds, for each of
   * its partitions, the next offset this loader last committed; when it does not (the database lost
   * acknowledged commits, or another writer moved the position), the batch fails with {@link
   * StoredProgressMoved} before it writes, and the caller reads those partitions again from the
   * stored positions. For a caller that owns its partitions until it {@link VaultLoader#forget}s
   * them (a Connect task); not for loaders whose partitions move between them unannounced (Spark's
   * executors).
   */
  public boolean checkStoredProgress() {
    return checkStoredProgress;
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

  // The connection's settings by name (see ConnectionOptions).

  public String jdbcUrl() {
    return connection.jdbcUrl();
  }

  public String user() {
    return connection.user();
  }

  public String password() {
    return connection.password();
  }

  /** {@link ConnectionOptions#dialect()} */
  public String dialect() {
    return connection.dialect();
  }

  /** {@link ConnectionOptions#driverClassName()} */
  public String driverClassName() {
    return connection.driverClassName();
  }

  /** {@link ConnectionOptions#poolName()} */
  public String poolName() {
    return connection.poolName();
  }

  public int poolMaxSize() {
    return connection.poolMaxSize();
  }

  public int poolMinIdle() {
    return connection.poolMinIdle();
  }

  public long connectionTimeoutMs() {
    return connection.connectionTimeoutMs();
  }

  /** {@link ConnectionOptions#poolIdleTimeoutMs()} */
  public long poolIdleTimeoutMs() {
    return connection.poolIdleTimeoutMs();
  }

  /** {@link ConnectionOptions#poolMaxLifetimeMs()} */
  public long poolMaxLifetimeMs() {
    return connection.poolMaxLifetimeMs();
  }

  /** {@link ConnectionOptions#transactionIsolation()} */
  public String transactionIsolation() {
    return connection.transactionIsolation();
  }

  /** {@link ConnectionOptions#socketTimeoutMs()} */
  public long socketTimeoutMs() {
    return connection.socketTimeoutMs();
  }

  /** {@link ConnectionOptions#statementTimeoutMs()} */
  public long statementTimeoutMs() {
    return connection.statementTimeoutMs();
  }

  /** {@link ConnectionOptions#prepareServerProcess()} */
  public boolean prepareServerProcess() {
    return connection.prepareServerProcess();
  }

  // The waits' settings by name (see WaitOptions).

  /** {@link WaitOptions#waitingPolicy()} */
  public WaitingPolicy waitingPolicy() {
    return waits.waitingPolicy();
  }

  /** {@link WaitOptions#watermarkSeconds()} */
  public long watermarkSeconds() {
    return waits.watermarkSeconds();
  }

  /** {@link WaitOptions#errorRetentionSeconds()} */
  public long errorRetentionSeconds() {
    return waits.errorRetentionSeconds();
  }

  /** {@link WaitOptions#expiredReferences()} */
  public ExpiredReferences expiredReferences() {
    return waits.expiredReferences();
  }

  /** {@link WaitOptions#sweepIntervalMs()} */
  public long sweepIntervalMs() {
    return waits.sweepIntervalMs();
  }

  /** {@link WaitOptions#sweepPageRows()} */
  public int sweepPageRows() {
    return waits.sweepPageRows();
  }

  /** {@link WaitOptions#holdWaitsMs()} */
  public long holdWaitsMs() {
    return waits.holdWaitsMs();
  }

  /** {@link WaitOptions#holdWaitsMaxEvents()} */
  public int holdWaitsMaxEvents() {
    return waits.holdWaitsMaxEvents();
  }

  /** {@link WaitOptions#holdWaitsMaxBytes()} */
  public long holdWaitsMaxBytes() {
    return waits.holdWaitsMaxBytes();
  }

  @Override
  public String toString() {
    return "VaultOptions{jdbcUrl="
        + MaskedUrl.of(jdbcUrl())
        + ", user="
        + user()
        + ", targetSchema="
        + targetSchema
        + ", autoCreate="
        + autoCreate
        + ", autoEvolve="
        + autoEvolve
        + ", pool="
        + (poolName() == null ? "" : poolName() + " ")
        + poolMinIdle()
        + ".."
        + poolMaxSize()
        + "}";
  }
}
