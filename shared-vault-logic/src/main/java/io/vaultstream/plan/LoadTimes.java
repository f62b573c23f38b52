package io.vaultstream.plan;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The load times one batch has given each key of a satellite or reference table, so that two
 * versions of a key never share one: a version at a time already taken moves to the first free
 * microsecond after it. Most keys get one version per batch, which is kept without a set.
 */
final class LoadTimes {
  /**
   * A table's key; a tracking satellite's key also names the version's active flag. Its hash and
   * equality are written out: a record's go through {@code Objects.hashCode} and {@code
   * Objects.equals}, whose type profile every record of the JVM shares, and a fresh worker's JIT
   * compiled the planner's hottest methods again each time another caller's keys broke the class it
   * had speculated on there (docs/BENCHMARKS.md, "Where the fresh worker's JIT goes").
   */
  private record Slot(String table, List<String> key, String active) {
    @Override
    public int hashCode() {
      int h = 31 * table.hashCode() + key.hashCode();
      return active == null ? h : 31 * h + active.hashCode();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Slot s
          && table.equals(s.table)
          && key.equals(s.key)
          && (active == null ? s.active == null : active.equals(s.active));
    }
  }

  /** The times of one key: the first one, then a set once there are more. */
  private static final class Times {
    final long first;
    Set<Long> more;

    Times(long first) {
      this.first = first;
    }

    /** Takes {@code t}; false when it was taken already. */
    boolean add(long t) {
      if (t == first) {
        return false;
      }
      if (more == null) {
        more = new HashSet<>();
      }
      return more.add(t);
    }
  }

  private final Map<Slot, Times> taken;

  /** The times of a batch of {@code events} events (its map made at the size most batches need). */
  LoadTimes(int events) {
    taken = new HashMap<>(BatchPlanner.capacity(Math.max(events, 1)));
  }

  /** Takes the first free time at or after {@code t} for the key of the table, and returns it. */
  long firstFree(String table, List<String> key, long t) {
    // One lookup (most keys are new to the batch): the key's hash is made once.
    Times times = taken.putIfAbsent(new Slot(table, key, null), new Times(t));
    if (times == null) {
      return t;
    }
    while (!times.add(t)) {
      t++;
    }
    return t;
  }

  /** Takes a tracking version's time; false when the batch has that version already. */
  boolean take(String table, String key, String active, long t) {
    Times times = taken.putIfAbsent(new Slot(table, List.of(key), active), new Times(t));
    if (times == null) {
      return true;
    }
    return times.add(t);
  }
}
