package io.vaultstream.write;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Places one key's new versions into its stored history: a version is kept when its (delete flag,
 * hash diff) differs from the version just before it in load_dts order; a stored version that an
 * older, later-arriving version makes redundant is removed, so the result does not depend on the
 * order events were processed in. A delete carries the attributes of the version before it.
 */
final class HistoryMerge {

  /** One version of a key, stored or new. */
  static final class Version {
    long t;
    String hashDiff;
    final boolean delete;
    Map<String, String> attrs;
    final boolean stored;
    final String recordSource;

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
    }

    boolean sameAs(Version o) {
      return delete == o.delete && Objects.equals(hashDiff, o.hashDiff);
    }
  }

  /** What to write for one key. */
  record Outcome(List<Version> inserts, List<Version> deletes) {}

  /** Whether two neighbouring versions hold the same content. */
  interface Sameness {
    boolean same(Version a, Version b);
  }

  /** The same delete flag and hash diff. */
  static final Sameness BY_HASH = Version::sameAs;

  /** Merges, versions compared by delete flag and hash diff. */
  static Outcome merge(
      List<Version> stored,
      List<Version> fresh,
      long firstNew,
      Map<String, String> nullAttrs,
      String emptyDiff) {
    return merge(stored, fresh, firstNew, nullAttrs, emptyDiff, BY_HASH);
  }

  /**
   * Merges.
   *
   * @param stored the stored versions: the latest before the batch's earliest time, then all after
   * @param fresh the batch's versions in load_dts order (deletes without attributes yet)
   * @param emptyDiff the hash diff of all-NULL attributes, for a delete with nothing before it
   * @param same how two neighbouring versions are compared
   */
  static Outcome merge(
      List<Version> stored,
      List<Version> fresh,
      long firstNew,
      Map<String, String> nullAttrs,
      String emptyDiff,
      Sameness same) {
    if (stored.isEmpty() && fresh.size() == 1) {
      // The usual case (a new key, or a key with one version in the batch and none stored around
      // it): the version is kept as it is.
      Version v = fresh.get(0);
      if (v.delete) {
        v.attrs = nullAttrs;
        v.hashDiff = emptyDiff;
      }
      return new Outcome(List.of(v), List.of());
    }
    // The lists are a handful of versions: plain scans, no sets of boxed times.
    List<Version> all = new ArrayList<>(stored.size() + fresh.size());
    all.addAll(stored);
    for (Version v : fresh) {
      Version at = at(stored, v.t);
      if (at != null && (v.delete ? at.delete : same.same(at, v))) {
        continue; // the same event, loaded before: a replay
      }
      while (at(all, v.t) != null) {
        v.t++; // a time taken by a stored version or an earlier new one
      }
      all.add(v);
    }
    all.sort(Comparator.comparingLong((Version v) -> v.t));
    List<Version> inserts = new ArrayList<>();
    List<Version> deletes = new ArrayList<>();
    Version prev = null;
    for (Version v : all) {
      if (!v.stored && v.delete) {
        v.attrs = prev == null ? nullAttrs : prev.attrs;
        v.hashDiff = prev == null ? emptyDiff : prev.hashDiff;
      }
      boolean changed = prev == null || !same.same(prev, v);
      if (changed) {
        if (!v.stored) {
          inserts.add(v);
        }
        prev = v;
      } else if (v.stored && v.t >= firstNew) {
        deletes.add(v);
      }
    }
    return new Outcome(inserts, deletes);
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
