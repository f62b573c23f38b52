package io.vaultstream.connect;

/**
 * When a task's buffer becomes a batch: at {@code records} records ({@code batch.size}), at {@code
 * bytes} estimated bytes ({@code batch.max.bytes}), or once its oldest record has waited {@code
 * waitMs} milliseconds ({@code batch.max.wait.ms}). The time bound ends a batch only while no batch
 * is being written: meanwhile the buffer fills on up to its record count or bytes, so that batches
 * grow under a backlog instead of being cut while the writer is busy; with the writer idle, a slow
 * stream still reaches the vault within the time bound.
 */
record BatchLimits(int records, long bytes, long waitMs) {

  /**
   * How soon Connect is asked to call put again while a batch is in flight and the time bound has
   * passed (or nothing is buffered): the batch is taken as committed (its offsets, the task's
   * metrics) and the buffer handed over soon after that write ends.
   */
  static final long WRITER_CHECK_MS = 25;

  /**
   * Whether the buffer is a batch now, or an empty batch would load events held in memory that are
   * due (with no batch in flight).
   */
  boolean due(RecordBuffer buffer, BatchLoader loader) {
    return buffer.size() >= records
        || (!buffer.isEmpty() && !loader.writing() && buffer.waitedMs() >= waitMs)
        || (buffer.isEmpty() && loader.heldDue() && !loader.busy());
  }

  /**
   * In how many milliseconds put should be called again, even with no new records, for the buffered
   * ones to be handed over in time and the batch in flight taken as committed soon after its write
   * ends; 0 when nothing is buffered or in flight.
   */
  long wakeUpMs(RecordBuffer buffer, BatchLoader loader) {
    if (buffer.isEmpty()) {
      return loader.busy() ? WRITER_CHECK_MS : 0;
    }
    long left = waitMs - buffer.waitedMs();
    return left > 0 ? left : WRITER_CHECK_MS;
  }
}
