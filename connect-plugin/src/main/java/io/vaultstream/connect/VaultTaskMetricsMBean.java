package io.vaultstream.connect;

/**
 * What a sink task has loaded, as JMX attributes under {@code
 * io.vaultstream:type=sink-task-metrics,connector=<name>,task=<index>} (counts since the task
 * started).
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

  /** Events held in memory for a missing parent now ({@code waiting.hold.ms}). */
  int getEventsHeld();

  /** How long the last committed batch took, in milliseconds. */
  long getLastBatchMillis();

  /** When the last batch committed (epoch milliseconds), 0 before the first. */
  long getLastCommitEpochMillis();
}
