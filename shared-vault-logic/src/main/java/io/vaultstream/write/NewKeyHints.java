package io.vaultstream.write;

import java.util.HashMap;
import java.util.Map;

/**
 * Which hub and link keys are surely not stored yet, as far as this loader knows: per table, a
 * Bloom filter of every key this loader has written or met, and whether the table's new keys are
 * inserted plainly at the moment.
 *
 * <p>A key the filter has never seen is new unless someone else stored it (another loader, or this
 * one before a restart). Such keys are inserted without the upsert's conflict handling, which costs
 * the database about a third less per row; a stored key among them fails that insert, which is then
 * undone and the rows upserted after all. So the hint is verified by every write and never trusted:
 * a key wrongly seen as stored (the filter's false positives, more of them as it fills) is only
 * upserted, as every key was before; a key wrongly seen as new costs one undone insert.
 *
 * <p>To keep undone inserts rare, a table starts in upsert mode and stays there while its upserts
 * find stored keys the filter did not know (the upsert reports the rows it inserted): a restart
 * onto a filled vault, or a second loader writing the same keys. After enough batches whose upserts
 * found none it switches to plain inserts; each undone insert switches it back and doubles the
 * number of such batches needed, up to {@value #MAX_CLEAN_BATCHES}.
 *
 * <p>Shared by the batches of one loader, which may run on two threads one after the other; a lost
 * update only makes a stored key look new (caught by the write) or a table stay in one mode a batch
 * longer.
 */
final class NewKeyHints {
  /** Bits of all filters together (16 MiB). */
  static final long TOTAL_BITS = 1L << 27;

  /** Bits of one table's filter at most (2 MiB: a million keys, about 0.7 % false positives). */
  static final int MAX_BITS = 1 << 24;

  /** Bits of one table's filter at least. */
  static final int MIN_BITS = 1 << 20;

  /** Clean batches needed at most before plain inserts resume. */
  static final int MAX_CLEAN_BATCHES = 64;

  private final int bitsPerTable;
  private final Map<String, Table> tables = new HashMap<>();

  /** Hints for {@code tableCount} hub and link tables sharing {@link #TOTAL_BITS}. */
  NewKeyHints(int tableCount) {
    long share = TOTAL_BITS / Math.max(1, tableCount);
    this.bitsPerTable = (int) Math.max(MIN_BITS, Math.min(MAX_BITS, Long.highestOneBit(share)));
  }

  /** The hints of one table. */
  synchronized Table of(String table) {
    return tables.computeIfAbsent(table, k -> new Table(bitsPerTable));
  }

  /** One table's filter and mode. */
  static final class Table {
    private final long[] bits;
    private final int words;
    private boolean inserting;
    private int cleanNeeded = 1;
    private int clean;

    Table(int bits) {
      this.bits = new long[bits >>> 6];
      this.words = (bits >>> 6) - 1;
    }

    /** Whether new keys are inserted plainly in the next write. */
    synchronized boolean inserting() {
      return inserting;
    }

    /** Whether the key may be stored (false: surely not written or met by this loader). */
    boolean mayBeStored(String key) {
      return mayBeStored(hash(key));
    }

    /** {@link #mayBeStored(String)} of the key whose {@link #hash} is {@code h}. */
    boolean mayBeStored(long h) {
      long m = marks(h);
      return (bits[word(h)] & m) == m;
    }

    /** Notes a key as stored. */
    void stored(String key) {
      stored(hash(key));
    }

    /** {@link #stored(String)} of the key whose {@link #hash} is {@code h}. */
    void stored(long h) {
      int w = word(h);
      bits[w] |= marks(h);
    }

    // A key's three bits lie in one 64-bit word of the filter, so that a probe of a filter much
    // larger than the processor's caches misses them once, not three times; at 16 bits per key
    // that makes about 0.7 % of new keys look stored instead of 0.4 % with bits anywhere, which
    // only costs such a key an upsert.
    private int word(long h) {
      return (int) (h >>> 32) & words;
    }

    /** Three bits of a word, from the hash's low 18 bits (a shift uses its count's low 6 bits). */
    private static long marks(long h) {
      return (1L << h) | (1L << (h >>> 6)) | (1L << (h >>> 12));
    }

    /**
     * An upsert's outcome: of {@code unknown} keys the filter did not know, {@code storedUnknown}
     * were stored already.
     */
    synchronized void upserted(int unknown, int storedUnknown) {
      if (storedUnknown > 0) {
        clean = 0;
      } else if (unknown > 0 && ++clean >= cleanNeeded) {
        inserting = true;
      }
    }

    /** A plain insert met a stored key and was undone. */
    synchronized void undone() {
      inserting = false;
      clean = 0;
      cleanNeeded = Math.min(MAX_CLEAN_BATCHES, cleanNeeded * 2);
    }

    /** A 64-bit hash of the key's characters (FNV-1a, then a finalizer that spreads its bits). */
    static long hash(String key) {
      long h = 0xcbf29ce484222325L;
      for (int i = 0; i < key.length(); i++) {
        h = (h ^ key.charAt(i)) * 0x100000001b3L;
      }
      h ^= h >>> 33;
      h *= 0xff51afd7ed558ccdL;
      h ^= h >>> 33;
      h *= 0xc4ceb9fe1a85ec53L;
      return h ^ (h >>> 33);
    }
  }
}
