package io.vaultstream.engine;

import io.vaultstream.keymap.KeyMapCache;
import io.vaultstream.keymap.KeyMapReader;
import java.sql.SQLException;
import java.util.Map;

/**
 * How a loader's batches use the key map it keeps in memory ({@link KeyMapCache}): read through it
 * when the store keeps the writers' marks, store this loader's mark with every batch that adds
 * mappings, keep what committed, and drop everything when a batch fails. Off (reads go to the
 * store) when the options keep no keys.
 */
final class KeyMapMemory {
  private final KeyMapCache cache;

  KeyMapMemory(int maxKeys) {
    this.cache = maxKeys > 0 ? new KeyMapCache(maxKeys) : null;
  }

  /**
   * The key map as a batch planned on {@code store} reads it, with {@code inFlight}'s mappings (the
   * batch committed meanwhile, or null) kept with what it reads. Batches of one loader that run at
   * once (not one planned while the one before it commits) are safe too: what they read while the
   * other commits is not kept.
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
    return cache.reader(db, cache.begin(marks), inFlight == null ? null : inFlight.keyMapEntries());
  }

  /**
   * Stores this loader's mark in the batch's transaction when the batch adds mappings; returns the
   * mark, or null when none was stored.
   */
  Long mark(BatchStore store, PlannedBatch b, long nowMicros) throws SQLException {
    if (cache == null || b.plan.keyMap.isEmpty()) {
      return null;
    }
    long mark = cache.nextMark();
    store.storeWriterMark(cache.writer(), mark, nowMicros, cache.pruneDue(nowMicros));
    return mark;
  }

  /** The batch that stored {@code mark} (or none) committed. */
  void committed(PlannedBatch b, Long mark) {
    if (mark != null) {
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
