package io.vaultstream.connect;

/**
 * What a sink task has loaded, as JMX attributes under {@code
 * io.vaultstream:type=sink-task-metrics,connector=<name>,task=<index>} (the name quoted only when
 * it holds characters JMX needs quoted). Counts are since the task started; percentiles cover about
 * the last minute (50 to 60 seconds) and are NaN when it saw no batch.
 */
public interface VaultTaskMetricsMBean {
  /** Change events in committed batches. */
  long getEventsLoaded();

  /** Vault rows (hubs, links, satellites, reference tables) written by committed batches. */
  long getVaultRowsWritten();

  /** Batches committed. */
  long getBatchesCommitted();

  /** Waiting rows written for events whose parent had not arrived. */
  long getWaitingRowsWritten();

  /** Waiting and unresolved error rows (and held events) whose parent arrived and that loaded. */
  long getRetriesResolved();

  /** Rows written to the error table (bad records, rejected values, expired references). */
  long getErrorRowsWritten();

  /**
   * Updates and deletes of non-historized links' sources that the links did not take: error rows
   * ({@code onChange} "error", also counted in {@link #getErrorRowsWritten()}) and ignored changes
   * ({@code onChange} "ignore").
   */
  long getNonHistorizedChangesSetAside();

  /**
   * Partitions whose position stored in the vault was found other than the one this task committed
   * there, and that the task read again from the vault's position: the vault lost batches it had
   * acknowledged (restored from a backup, or failed over to a standby that was behind), or another
   * writer stores positions under this connector's name. Each partition counts once per finding.
   */
  long getStoredPositionsMoved();

  /** Events held in memory for a missing parent now ({@code waiting.hold.ms}). */
  int getEventsHeld();

  /** How long the last committed batch took, in milliseconds. */
  long getLastBatchMillis();

  /** When the last batch committed (epoch milliseconds), 0 before the first. */
  long getLastCommitEpochMillis();

  /**
   * Median time from an event's Kafka record timestamp to the commit of its batch in the vault, in
   * milliseconds (records without a timestamp are not counted; an event held in memory for a
   * missing parent counts when the batch it came in commits).
   */
  double getEventLatencyP50Millis();

  /** The 99th percentile of that time, in milliseconds. */
  double getEventLatencyP99Millis();

  /** Median time a committed batch took, in milliseconds. */
  double getBatchMillisP50();

  /** The 99th percentile of the time a committed batch took, in milliseconds. */
  double getBatchMillisP99();

  /**
   * Rows of the schema's waiting table still waiting for a parent within the watermark, at the last
   * read of the table sizes ({@code metrics.table.sizes.interval.ms}); the table is the schema's,
   * shared by every task and job loading into it.
   */
  long getWaitingRows();

  /** Rows of the schema's error table (every error code), at the last read of the table sizes. */
  long getErrorRows();

  /**
   * Milliseconds since the oldest of the rows waiting for a parent arrived (now, from its arrival
   * as the last read of the table sizes found it); 0 when none waited then.
   */
  long getOldestWaitingAgeMillis();

  /** When the table sizes were last read (epoch milliseconds), 0 before the first read. */
  long getTableSizesReadEpochMillis();

  /** The watermark ({@code watermark.size.seconds}): how long a row waits before it is an error. */
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
