package io.vaultstream.spark;

/**
 * A streaming query of the job, as JMX attributes of the driver under {@code
 * io.vaultstream:type=spark-query-metrics,query=<name>} (the name quoted only when JMX needs it).
 * The table sizes are the target schema's, the same for every query of the job.
 */
public interface VaultQueryMetricsMBean {
  /** Whether the query runs: true from its start until it stops or fails. */
  boolean getRunning();

  /**
   * When Spark last reported the query's progress (epoch milliseconds), 0 before: after every
   * micro-batch, and every few seconds while it has no records to read.
   */
  long getLastProgressEpochMillis();

  /** When the query's last micro-batch with records ended, its rows committed (epoch ms), or 0. */
  long getLastCommitEpochMillis();

  /** Records the query's topics hold beyond its last micro-batch; -1 when Spark does not say. */
  long getRecordsBehind();

  /** Rows of the schema's waiting table waiting for a parent, at the last read of the sizes. */
  long getWaitingRows();

  /** Rows of the schema's error table (every error code), at the last read of the sizes. */
  long getErrorRows();

  /** Milliseconds since the oldest row waiting for a parent arrived; 0 when none waited. */
  long getOldestWaitingAgeMillis();

  /** When the table sizes were last read (epoch milliseconds), 0 before the first read. */
  long getTableSizesReadEpochMillis();

  /** The watermark ({@code --watermark-seconds}): how long a row waits before it is an error. */
  long getWatermarkSeconds();

  /**
   * The database's page cache in bytes (PostgreSQL {@code shared_buffers}, MariaDB {@code
   * innodb_buffer_pool_size}), at the last read of the cache figures (every 10 minutes at most); 0
   * before the first read or when the database cannot tell.
   */
  long getDatabaseCacheBytes();

  /**
   * The part of the vault that each batch reaches at random, in bytes (the schema's indexes and the
   * key map; MariaDB: its tables and indexes), at the same read; larger than {@code
   * DatabaseCacheBytes}, batches read pages from outside the cache and slow down as the vault
   * grows.
   */
  long getVaultRandomlyReachedBytes();

  /** When the cache figures were last read (epoch milliseconds), 0 before the first read. */
  long getCacheSizesReadEpochMillis();
}
