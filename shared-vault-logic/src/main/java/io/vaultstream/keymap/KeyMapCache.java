package io.vaultstream.keymap;

import java.security.SecureRandom;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The key map's timelines a loader has read, kept between its batches so that a row's mappings are
 * read from the database once, not in every batch that meets the row again.
 *
 * <p>A timeline is kept only as the database returned it, whole (a row without mappings is kept as
 * known to have none), plus the mappings this loader committed to it since. Mappings a batch writes
 * for a row it did not read (an insert's) are not kept: the row may hold others.
 *
 * <p>Every loader that writes mappings stores a random mark in {@code vs_writers} in the same
 * transaction. Each batch first reads all marks ({@link #begin}): when another loader's mark is
 * new, gone or changed, or this loader's own mark is not the one it last stored (the database went
 * back to an earlier state: a restore, a failover), everything kept is dropped and read again. So
 * is everything after a batch that failed ({@link #forget}): whether its commit happened is not
 * known. The marks make what is kept as fresh as a read at the start of the batch would be.
 *
 * <p>Safe for the two threads of a pipeline (one plans the next batch while the other commits the
 * one before); one loader per cache.
 */
public final class KeyMapCache {
  private static final SecureRandom RANDOM = new SecureRandom();

  private final int maxKeys;
  private final String writer = UUID.randomUUID().toString();
  // By source and primary key, each row's timeline as Kept.of made it.
  private final Map<String, Map<String, Object>> bySource = new HashMap<>();
  private int keys;
  // Bumped whenever what is kept is dropped: a read begun before then must not be kept.
  private long epoch;
  // Batches with mappings committed, and the mappings of the last one: a read begun before a commit
  // is kept only if it holds that batch's mappings (the batch in flight while it was planned).
  private long commits;
  private Object lastCommitted;
  // The mappings of the batch being written now: a read that holds them is kept only while that
  // batch is being written (a failure drops everything) or once it committed.
  private Object writing;
  // The other writers' marks when last compared; null when nothing is known yet.
  private Map<String, Long> others;
  // This writer's mark as last committed (null: none stored), and the one being committed.
  private Long mine;
  private Long pending;

  /**
   * A cache that keeps the timelines of at most {@code maxKeys} primary keys (then starts over).
   */
  public KeyMapCache(int maxKeys) {
    if (maxKeys < 1) {
      throw new IllegalArgumentException("a key map cache keeps at least one key: " + maxKeys);
    }
    this.maxKeys = maxKeys;
  }

  /** This loader's name in {@code vs_writers}. */
  public String writer() {
    return writer;
  }

  /** How many primary keys' timelines are kept. */
  public synchronized int size() {
    return keys;
  }

  /**
   * A batch begins: {@code stored} are the marks in {@code vs_writers} now, by writer. Drops what
   * is kept unless they are the marks last seen, this loader's own as it last stored it (or as it
   * is storing it).
   *
   * @return where the batch's reads begin ({@link #reader})
   */
  public synchronized Begun begin(Map<String, Long> stored) {
    Long own = stored.get(writer);
    Map<String, Long> rest = new HashMap<>(stored);
    rest.remove(writer);
    boolean same =
        others != null
            && rest.equals(others)
            && (Objects.equals(own, mine) || (pending != null && pending.equals(own)));
    if (!same) {
      drop();
      others = rest;
      mine = own;
    }
    return new Begun(epoch, commits);
  }

  /** Where a batch's reads began: what was kept, and how many batches had committed. */
  public record Begun(long epoch, long commits) {}

  /**
   * Reads through the cache: kept timelines from memory, the others from {@code database}, kept
   * from then on with {@code inFlight}'s mappings of them (the batch being committed meanwhile, or
   * null), unless what is kept was dropped since the batch began, or another batch committed
   * mappings meanwhile.
   */
  public KeyMapReader reader(
      KeyMapReader database,
      Begun begun,
      Map<String, Map<String, TreeMap<Long, Map<String, String>>>> inFlight) {
    return (source, pks) -> {
      Map<String, TreeMap<Long, Map<String, String>>> out = new HashMap<>();
      Set<String> missing = kept(source, pks, out);
      if (missing.isEmpty()) {
        return out;
      }
      Map<String, TreeMap<Long, Map<String, String>>> read = database.read(source, missing);
      keep(begun, inFlight, source, missing, read);
      out.putAll(read);
      return out;
    };
  }

  /** Copies the kept timelines of {@code pks} into {@code out}; returns the keys not kept. */
  private synchronized Set<String> kept(
      String source, Set<String> pks, Map<String, TreeMap<Long, Map<String, String>>> out) {
    Map<String, Object> m = bySource.get(source);
    if (m == null) {
      return pks;
    }
    Set<String> missing = new HashSet<>();
    for (String pk : pks) {
      Object tl = m.get(pk);
      if (tl == null) {
        missing.add(pk);
      } else if (tl != Kept.NONE) {
        out.put(pk, Kept.timeline(tl)); // a copy: the caller may add to it
      }
    }
    return missing;
  }

  private synchronized void keep(
      Begun begun,
      Map<String, Map<String, TreeMap<Long, Map<String, String>>>> inFlightBatch,
      String source,
      Set<String> pks,
      Map<String, TreeMap<Long, Map<String, String>>> read) {
    if (begun.epoch() != epoch) {
      return; // dropped since the batch began: what it read may predate the reason
    }
    if (inFlightBatch != null && inFlightBatch != writing && inFlightBatch != lastCommitted) {
      return; // the batch in flight failed, or its write has not begun: its mappings may never be
    }
    if (commits != begun.commits()
        && (commits != begun.commits() + 1
            || inFlightBatch == null
            || lastCommitted != inFlightBatch)) {
      return; // another batch of this loader committed mappings the read may lack
    }
    Map<String, TreeMap<Long, Map<String, String>>> inFlight =
        inFlightBatch == null ? null : inFlightBatch.get(source);
    if (keys + pks.size() > maxKeys) {
      bySource.clear();
      keys = 0;
      if (pks.size() > maxKeys) {
        return;
      }
    }
    Map<String, Object> m = bySource.computeIfAbsent(source, s -> new HashMap<>());
    for (String pk : pks) {
      TreeMap<Long, Map<String, String>> tl = read.get(pk);
      TreeMap<Long, Map<String, String>> adding = inFlight == null ? null : inFlight.get(pk);
      if (adding != null) {
        tl = tl == null ? new TreeMap<>() : new TreeMap<>(tl);
        tl.putAll(adding);
      }
      if (m.put(pk, Kept.of(tl)) == null) {
        keys++;
      }
    }
  }

  /** A new random mark. */
  public static long randomMark() {
    return RANDOM.nextLong();
  }

  /** A batch with these mappings is being written (its commit or failure follows). */
  public synchronized void writing(
      Map<String, Map<String, TreeMap<Long, Map<String, String>>>> mappings) {
    writing = mappings;
  }

  /**
   * A batch with new mappings is about to store this loader's mark: the mark to store, which {@link
   * #begin} takes for this loader's own until the batch commits or fails.
   */
  public synchronized long nextMark() {
    long m = randomMark();
    pending = m;
    return m;
  }

  /** The batch that stored {@code mark} committed these mappings (by source and primary key). */
  public synchronized void committed(
      long mark, Map<String, Map<String, TreeMap<Long, Map<String, String>>>> written) {
    mine = mark;
    pending = null;
    commits++;
    lastCommitted = written;
    if (writing == written) {
      writing = null;
    }
    written.forEach(
        (source, rows) -> {
          Map<String, Object> m = bySource.get(source);
          if (m != null) {
            rows.forEach(
                (pk, tl) -> {
                  Object kept = m.get(pk);
                  if (kept != null) {
                    TreeMap<Long, Map<String, String>> more = Kept.timeline(kept);
                    more.putAll(tl);
                    m.put(pk, Kept.of(more));
                  }
                });
          }
        });
  }

  /** A batch failed (it may or may not have committed): drops everything kept. */
  public synchronized void forget() {
    drop();
    others = null;
    mine = null;
    pending = null;
    writing = null;
  }

  private void drop() {
    bySource.clear();
    keys = 0;
    epoch++;
  }
}
