package io.vaultstream.write;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Places one key's new versions into its stored history so that the history is the same whatever
 * order the events arrive in: a version is kept when its (delete flag, hash diff) differs from the
 * version just before it in load_dts order. An event that repeats the version before it is not kept
 * but remembered as a repeat (table vs_repeats), because a later-arriving, earlier event can land
 * between the two and make it a change; a stored version that such an arrival makes redundant
 * becomes a repeat in turn. A delete carries the attributes of the version before it.
 */
final class HistoryMerge {

  /** One version of a key: new, stored in the table, or a stored repeat. */
  static final class Version {
    long t;
    String hashDiff;
    boolean delete;
    Map<String, String> attrs;
    final boolean stored;
    String recordSource;

    /** Whether this is a remembered repeat (its content is the version in force at its time). */
    boolean repeat;

    /**
     * The event's own time, before this batch moved it past another version of the key at that
     * time: where a replay looks for it.
     */
    long eventTime;

    /** Audit column values of a new version (from its own event); empty for none. */
    Map<String, String> audit = Map.of();

    Version(
        long t,
        String hashDiff,
        boolean delete,
        Map<String, String> attrs,
        boolean stored,
        String recordSource) {
      this.t = t;
      this.hashDiff = hashDiff;
      this.delete = delete;
      this.attrs = attrs;
      this.stored = stored;
      this.recordSource = recordSource;
      this.eventTime = t;
    }

    /** A remembered repeat at {@code t}, its content filled in by the merge. */
    static Version repeat(long t, String recordSource) {
      Version v = new Version(t, null, false, null, false, recordSource);
      v.repeat = true;
      return v;
    }

    boolean sameAs(Version o) {
      return delete == o.delete && Objects.equals(hashDiff, o.hashDiff);
    }

    /** Whether this version is new in the batch (neither stored nor a remembered repeat). */
    boolean isNew() {
      return !stored && !repeat;
    }
  }

  /**
   * What to write for one key: versions to insert into the table and stored ones to delete from it,
   * repeats to remember and remembered ones that became versions.
   */
  record Outcome(
      List<Version> inserts,
      List<Version> deletes,
      List<Version> repeatsAdded,
      List<Version> repeatsRemoved) {}

  /** Whether two neighbouring versions hold the same content. */
  interface Sameness {
    boolean same(Version a, Version b);
  }

  /** The same delete flag and hash diff. */
  static final Sameness BY_HASH = Version::sameAs;

  /** Merges without remembered repeats, versions compared by delete flag and hash diff. */
  static Outcome merge(
      List<Version> stored,
      List<Version> fresh,
      long firstNew,
      Map<String, String> nullAttrs,
      String emptyDiff) {
    return merge(stored, List.of(), fresh, firstNew, nullAttrs, emptyDiff, BY_HASH);
  }

  /**
   * Merges.
   *
   * @param stored the stored versions in load_dts order: the latest before the batch's earliest
   *     time, then all after
   * @param repeats the remembered repeats from the batch's earliest time on
   * @param fresh the batch's versions in load_dts order (deletes without attributes yet)
   * @param emptyDiff the hash diff of all-NULL attributes, for a delete with nothing before it
   * @param same how two neighbouring versions are compared
   */
  static Outcome merge(
      List<Version> stored,
      List<Version> repeats,
      List<Version> fresh,
      long firstNew,
      Map<String, String> nullAttrs,
      String emptyDiff,
      Sameness same) {
    if (stored.isEmpty() && repeats.isEmpty() && fresh.size() == 1) {
      // The usual case (a new key, or a key with one version in the batch and none stored around
      // it): the version is kept as it is.
      Version v = fresh.get(0);
      if (v.delete) {
        v.attrs = nullAttrs;
        v.hashDiff = emptyDiff;
      }
      return new Outcome(List.of(v), List.of(), List.of(), List.of());
    }
    List<Version> removed = new ArrayList<>();
    List<Version> all = timeline(stored, repeats, removed);
    for (Version v : fresh) {
      if (known(all, v, same)) {
        continue; // the same event, loaded before: a replay
      }
      v.t = v.eventTime; // (the planner may have moved it past a replay skipped above)
      while (at(all, v.t) != null) {
        v.t++; // a time taken by a stored version or an earlier new one
      }
      all.add(v);
    }
    all.sort(Comparator.comparingLong((Version v) -> v.t));
    return walk(all, firstNew, nullAttrs, emptyDiff, same, removed);
  }

  /**
   * The stored versions with the remembered repeats among them, each repeat holding the content of
   * the stored version in force at its time; a repeat without one (or at a stored version's time)
   * is dropped.
   */
  private static List<Version> timeline(
      List<Version> stored, List<Version> repeats, List<Version> removed) {
    List<Version> all = new ArrayList<>(stored.size() + repeats.size() + 4);
    all.addAll(stored);
    for (Version r : repeats) {
      Version in = null;
      for (Version s : stored) {
        if (s.t <= r.t && (in == null || s.t > in.t)) {
          in = s;
        }
      }
      if (in == null || in.t == r.t) {
        removed.add(r);
        continue;
      }
      r.hashDiff = in.hashDiff;
      r.delete = in.delete;
      r.attrs = in.attrs;
      all.add(r);
    }
    return all;
  }

  /**
   * Whether the event was loaded before: a stored version or repeat with its content holds its time
   * or one of the next microseconds that equal-time events were moved to. (The batch's own earlier
   * versions do not count: a row that changes back within one instant is a change.)
   */
  private static boolean known(List<Version> all, Version v, Sameness same) {
    for (long t = Math.min(v.eventTime, v.t); ; t++) {
      Version o = null;
      boolean taken = false;
      for (Version x : all) {
        if (x.t == t) {
          taken = true;
          if (!x.isNew()) {
            o = x;
          }
        }
      }
      if (!taken && t >= v.t) {
        return false;
      }
      if (o != null && (v.delete ? o.delete : same.same(o, v))) {
        return true;
      }
    }
  }

  /**
   * Walks the key's versions in time order: a version that changes the content is kept (inserted
   * when not stored), one that repeats the version before it is remembered as a repeat.
   */
  private static Outcome walk(
      List<Version> all,
      long firstNew,
      Map<String, String> nullAttrs,
      String emptyDiff,
      Sameness same,
      List<Version> removed) {
    List<Version> inserts = new ArrayList<>();
    List<Version> deletes = new ArrayList<>();
    List<Version> added = new ArrayList<>();
    Version prev = null;
    for (Version stored : all) {
      Version v = stored;
      if (stale(prev, v)) {
        deletes.add(v);
        v = writtenAgain(v);
      }
      if (!v.stored && v.delete) {
        v.attrs = prev == null ? nullAttrs : prev.attrs;
        v.hashDiff = prev == null ? emptyDiff : prev.hashDiff;
      }
      if (prev == null || !same.same(prev, v)) {
        if (!v.stored) {
          inserts.add(v); // new, or a repeat that an earlier arrival made a change again
        }
        if (v.repeat) {
          removed.add(v);
        }
        prev = v;
      } else {
        repeatsPrevious(v, firstNew, deletes, added);
      }
    }
    return new Outcome(inserts, deletes, added, removed);
  }

  /**
   * A delete stored before the version it follows arrived: it carries that version's attributes
   * now, so it is written again, as a new delete of the same time, source and audit columns.
   */
  private static Version writtenAgain(Version staleDelete) {
    Version v = new Version(staleDelete.t, null, true, null, false, staleDelete.recordSource);
    v.audit = staleDelete.audit;
    return v;
  }

  /**
   * A version with the content of the one before it: a new one becomes a repeat to remember, and so
   * does a stored one from the batch's first new time on, deleted from the table.
   */
  private static void repeatsPrevious(
      Version v, long firstNew, List<Version> deletes, List<Version> added) {
    if (v.isNew()) {
      added.add(v);
    } else if (v.stored && v.t >= firstNew) {
      deletes.add(v);
      added.add(v);
    }
  }

  /** Whether a stored delete carries other attributes than the version now before it. */
  private static boolean stale(Version prev, Version v) {
    return v.stored && v.delete && prev != null && !Objects.equals(prev.hashDiff, v.hashDiff);
  }

  private static Version at(List<Version> versions, long t) {
    for (Version v : versions) {
      if (v.t == t) {
        return v;
      }
    }
    return null;
  }

  private HistoryMerge() {}
}
