package io.vaultstream.engine;

import io.vaultstream.event.Progress;
import io.vaultstream.keymap.KeyMapReader;
import io.vaultstream.waiting.WaitingRows;
import io.vaultstream.write.VaultStore;
import java.sql.SQLException;
import java.util.Map;

/**
 * Where one batch reads and writes: the key map it plans with, the vault rows, the waiting and
 * error rows, and the progress, ending in one commit. Planning and writing ({@link BatchSteps}) are
 * the same whatever holds them: {@link JdbcBatchStore} keeps them in a relational database, in one
 * transaction per batch; a lakehouse store reads the tables as of the batch's start and commits
 * each table once per batch.
 */
public interface BatchStore {

  /** The key map as the batch reads it. */
  KeyMapReader keyMap();

  /** The vault's tables as the batch reads and writes them. */
  VaultStore vault();

  /** The waiting rows and unresolved error rows as the batch reads and writes them. */
  WaitingRows waiting();

  /**
   * Fails with {@link StoredProgressMoved}, before the batch writes, when a position committed for
   * {@code consumer} is no longer stored at the offset committed (stores that do not check, or a
   * null consumer: nothing).
   */
  default void checkProgress(String consumer) throws SQLException {}

  /**
   * The marks of the key map's writers ({@code vs_writers}) by writer, or null for a store that
   * keeps none (then no mappings are kept in memory between batches).
   */
  default Map<String, Long> writerMarks() throws SQLException {
    return null;
  }

  /** Stores {@code writer}'s mark in the batch; a store that keeps no marks: nothing. */
  default void storeWriterMark(String writer, long mark, long nowMicros) throws SQLException {}

  /** Stores the positions the batch reached (null or empty: nothing to store). */
  void storeProgress(Progress progress, long nowMicros) throws SQLException;

  /** Makes everything the batch wrote durable, all or nothing. */
  void commit() throws SQLException;

  /** Forgets everything the batch wrote (a store that writes nothing before commit: nothing). */
  void rollback() throws SQLException;
}
