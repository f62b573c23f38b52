package io.vaultstream.engine;

import io.vaultstream.keymap.KeyMapCache;
import io.vaultstream.keymap.KeyMapReader;
import java.sql.SQLException;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * How a loader's batches use the key map it keeps in memory ({@link KeyMapCache}): read through it
 * when the store keeps the writers' marks, store the loader's mark with every batch that adds
 * mappings, keep what committed, and drop everything when a batch fails.
 *
 * <p>With the cache off (the options keep no keys) reads go to the store, and every batch that adds
 * mappings still stores a mark, so that loaders which keep mappings notice its writes. Batches of a
 * loader shared by concurrent callers (the Spark job's tasks) then store their marks in one row one
 * after the other: the mark is the last statement before the commit, so each waits only for the
 * other's commit.
 */
final class KeyMapMemory {
  private final KeyMapCache cache;
  // The loader's name in vs_writers when it keeps nothing.
  private final String writer = UUID.randomUUID().toString();

  KeyMapMemory(int maxKeys) {
    this.cache = maxKeys > 0 ? new KeyMapCache(maxKeys) : null;
  }

  /**
   * The key map as a batch planned on {@code store} reads it. Batches of one loader that run at
   * once (not one planned while the one before it commits) are safe too: what they read while the
   * other commits is not kept.
   *
   * @param inFlight the batch being written meanwhile, or null: its mappings are kept with what is
   *     read, once it commits
   */
  KeyMapReader reader(BatchStore store, PlannedBatch inFlight) throws SQLException {
    KeyMapReader db = store.keyMap();
    if (cache == null) {
      return db;
    }
    Map<String, Long> marks = store.writerMarks();
    if (marks == null) {
      return db;
    }
    Map<String, Map<String, TreeMap<Long, Map<String, String>>>> adding =
        inFlight == null || inFlight.plan.keyMap.isEmpty() ? null : inFlight.keyMapEntries();
    return cache.reader(db, cache.begin(marks), adding);
  }

  /** The batch is about to be written. */
  void writing(PlannedBatch b) {
    if (cache != null && !b.plan.keyMap.isEmpty()) {
      cache.writing(b.keyMapEntries());
    }
  }

  /**
   * Stores the loader's mark in the batch's transaction when the batch adds mappings; returns the
   * mark, or null when none was stored.
   */
  Long mark(BatchStore store, PlannedBatch b, long nowMicros) throws SQLException {
    if (b.plan.keyMap.isEmpty()) {
      return null;
    }
    if (cache == null) {
      store.storeWriterMark(writer, KeyMapCache.randomMark(), nowMicros);
      return null;
    }
    long mark = cache.nextMark();
    store.storeWriterMark(cache.writer(), mark, nowMicros);
    return mark;
  }

  /**
   * The batch that stored {@code mark} (or none) committed. A batch written again after a race
   * skipped mappings another writer had stored at the same times, perhaps with other values: what
   * is kept is dropped instead.
   */
  void committed(PlannedBatch b, Long mark, boolean racing) {
    if (mark == null) {
      return;
    }
    if (racing) {
      cache.forget();
    } else {
      cache.committed(mark, b.keyMapEntries());
    }
  }

  /** A batch's write failed: whether it committed is not known. */
  void failed() {
    if (cache != null) {
      cache.forget();
    }
  }
}
