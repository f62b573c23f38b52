package io.vaultstream.connect;

import io.vaultstream.engine.LoadResult;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import java.sql.SQLException;
import java.util.List;
import java.util.function.Consumer;

/** The engine as a task's batches use it: loads each batch, one at a time or pipelined. */
interface BatchLoader extends AutoCloseable {
  /**
   * Loads a batch, or (pipelined) plans it and starts writing it once the batch before has
   * committed. {@code committed} is told, on the caller's thread, when the batch has committed.
   *
   * @throws SQLException when this batch or the one before it failed: neither is loaded
   */
  void submit(
      List<ChangeEvent> events,
      List<BadRecord> bad,
      Progress progress,
      Consumer<LoadResult> committed)
      throws SQLException;

  /** Waits for the batch being written, if any. */
  void drain() throws SQLException;

  /**
   * Tells {@code committed} of the batch in flight if its write has ended, without waiting for it.
   *
   * @throws SQLException when that write failed (as {@link #drain()})
   */
  void collect() throws SQLException;

  /** Whether a batch is in flight: handed over, and its {@code committed} not told yet. */
  boolean busy();

  /** Whether the batch in flight is still being written (its write has not ended). */
  boolean writing();

  /** Whether events held in memory are due, so that an empty batch would load or park them. */
  boolean heldDue();

  /** Stores positions at once, in a transaction of their own. */
  void storeProgress(Progress progress) throws SQLException;

  /** Takes positions read from the vault for the partitions the task resumes there. */
  void expectStoredProgress(String consumer, List<Progress.Position> positions);

  /** Drops the events held in memory for a partition the task no longer reads. */
  void forget(String topic, int partition);

  @Override
  void close();
}
