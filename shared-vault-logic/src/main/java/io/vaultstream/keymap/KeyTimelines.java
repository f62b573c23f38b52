package io.vaultstream.keymap;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.TreeMap;

/**
 * The key map of a batch in memory: per source table and primary key, the key columns' values from
 * each event time on, merged from the database and the batch's own events.
 */
public final class KeyTimelines {
  private final Map<String, Map<String, TreeMap<Long, Map<String, String>>>> bySource =
      new HashMap<>();
  private final Map<String, Set<String>> loaded = new HashMap<>();
  private final int rowsPerSource;

  /**
   * Timelines whose map of each source is made with {@code capacity} (a batch's maps are new each
   * time: made at the size they need, not grown to it).
   */
  public KeyTimelines(int capacity) {
    this.rowsPerSource = Math.max(1, capacity);
  }

  private Map<String, TreeMap<Long, Map<String, String>>> source(String source) {
    Map<String, TreeMap<Long, Map<String, String>>> m = bySource.get(source);
    if (m == null) {
      m = new HashMap<>(rowsPerSource);
      bySource.put(source, m);
    }
    return m;
  }

  /** Primary keys of a source not yet read from the database. */
  public Set<String> missing(String source, Set<String> pks) {
    Set<String> have = loaded.getOrDefault(source, Set.of());
    Set<String> out = new HashSet<>();
    for (String pk : pks) {
      if (!have.contains(pk)) {
        out.add(pk);
      }
    }
    return out;
  }

  /**
   * Adds mappings read from the database for these primary keys. Takes {@code pks} and the
   * timelines of {@code read} as they are (kept and added to, not copied): the caller does not use
   * them again.
   */
  public void addLoaded(
      String source, Set<String> pks, Map<String, TreeMap<Long, Map<String, String>>> read) {
    Set<String> have = loaded.get(source);
    if (have == null) {
      loaded.put(source, pks);
    } else {
      if (!(have instanceof HashSet<String>)) {
        have = new HashSet<>(have); // a set that may not be changeable
        loaded.put(source, have);
      }
      have.addAll(pks);
    }
    Map<String, TreeMap<Long, Map<String, String>>> m = source(source);
    read.forEach(
        (pk, tl) -> {
          TreeMap<Long, Map<String, String>> had = m.putIfAbsent(pk, tl);
          if (had != null) {
            had.putAll(tl);
          }
        });
  }

  /** What {@link #put} returns when nothing new was recorded. */
  public static final long IN_FORCE = Long.MIN_VALUE;

  /**
   * Records that the row with this primary key has these key values from time {@code micros} on.
   *
   * @return the time the mapping was recorded at (the next free microsecond when another mapping
   *     holds that time), or {@link #IN_FORCE} when the mapping in force already has these values
   *     (never a time: event times before 1970 are negative)
   */
  public long put(String source, String pk, long micros, Map<String, String> values) {
    TreeMap<Long, Map<String, String>> tl =
        source(source).computeIfAbsent(pk, k -> new TreeMap<>());
    long t = micros;
    for (Map<String, String> held = tl.get(t); held != null; held = tl.get(++t)) {
      if (held.equals(values)) {
        return IN_FORCE;
      }
    }
    Map.Entry<Long, Map<String, String>> before = tl.floorEntry(t);
    if (before != null && before.getValue().equals(values)) {
      return IN_FORCE;
    }
    tl.put(t, values);
    return t;
  }

  /**
   * The key values in force at {@code micros}: the latest mapping from before or at that time, or
   * the earliest one when the time is older than all (a child may be older than its parent's first
   * version, and still mean it); null when the key is unknown.
   */
  public Map<String, String> at(String source, String pk, long micros) {
    NavigableMap<Long, Map<String, String>> tl = timeline(source, pk);
    if (tl == null) {
      return null;
    }
    Map.Entry<Long, Map<String, String>> e = tl.floorEntry(micros);
    return e != null ? e.getValue() : tl.firstEntry().getValue();
  }

  /**
   * The key values of a row at {@code micros} exactly as far as they are known: the latest mapping
   * from before or at that time, null when there is none. A delete takes its keys so: borrowing the
   * earliest mapping made its keys depend on which mappings a batch had seen, so a replay of the
   * same records deleted another key.
   */
  public Map<String, String> atOrBefore(String source, String pk, long micros) {
    NavigableMap<Long, Map<String, String>> tl = timeline(source, pk);
    Map.Entry<Long, Map<String, String>> e = tl == null ? null : tl.floorEntry(micros);
    return e == null ? null : e.getValue();
  }

  /** The mapping that was in force just before {@code micros} (recorded earlier), or null. */
  public Map.Entry<Long, Map<String, String>> before(String source, String pk, long micros) {
    NavigableMap<Long, Map<String, String>> tl = timeline(source, pk);
    return tl == null ? null : tl.lowerEntry(micros);
  }

  /** The first mapping recorded after {@code micros}, or null. */
  public Map.Entry<Long, Map<String, String>> after(String source, String pk, long micros) {
    NavigableMap<Long, Map<String, String>> tl = timeline(source, pk);
    return tl == null ? null : tl.higherEntry(micros);
  }

  private NavigableMap<Long, Map<String, String>> timeline(String source, String pk) {
    Map<String, TreeMap<Long, Map<String, String>>> m = bySource.get(source);
    NavigableMap<Long, Map<String, String>> tl = m == null ? null : m.get(pk);
    return tl == null || tl.isEmpty() ? null : tl;
  }
}
