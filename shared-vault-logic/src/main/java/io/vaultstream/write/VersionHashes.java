package io.vaultstream.write;

import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.plan.HistoryRow;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The hash diffs of one table's new versions, and the rule that tells whether a new version holds
 * the same content as a stored one written before columns were added to the table.
 *
 * <p>A new version's hash diff is the profile's formula over every attribute column the table has
 * now, in the table's column order (the profile may sort them). A column added to a table (declared
 * in the model later, or first seen in events) is appended to it and is NULL in every stored row,
 * so a stored version was hashed over a leading part of today's columns. A new version is the same
 * as a stored one when their hash diffs are equal, or when, leaving out a trailing run of columns
 * that are NULL in both, the new version's hash diff over the columns left equals the stored one:
 * an unchanged row that comes again after a column was added (a replay, a re-snapshot, a no-op
 * update) is no new version, under every profile, and a row whose new column gets a value is. Only
 * columns marked as added after the table was created are left out ({@code fixed} counts the
 * others), so a table that never gained a column pays for no second comparison.
 */
final class VersionHashes {
  private final HashKeyCalculator hasher;
  private final List<String> attrs;
  private final int fixed;
  private final String emptyDiff;

  /** Versions compared over every attribute, leaving out any trailing ones when needed. */
  VersionHashes(HashKeyCalculator hasher, List<String> attrs) {
    this(hasher, attrs, 0);
  }

  /**
   * @param fixed how many leading attributes the table was created with: every stored version was
   *     hashed over at least these, so no comparison leaves them out
   */
  VersionHashes(HashKeyCalculator hasher, List<String> attrs, int fixed) {
    this.hasher = hasher;
    this.attrs = attrs;
    this.fixed = fixed;
    this.emptyDiff = hasher.hashDiff(attrs, Collections.nCopies(attrs.size(), null));
  }

  /** The hash diff of a version whose attributes are all NULL. */
  String emptyDiff() {
    return emptyDiff;
  }

  /** A new version of a history row, with its hash diff (none for a delete). */
  HistoryMerge.Version version(HistoryRow r) {
    String hd = r.delete() ? null : diff(r.attributes(), attrs.size());
    HistoryMerge.Version v =
        new HistoryMerge.Version(
            r.loadDts(), hd, r.delete(), r.attributes(), false, r.recordSource());
    v.audit = r.audit();
    v.eventTime = r.eventTime();
    return v;
  }

  private String diff(Map<String, String> values, int covered) {
    List<String> cols = attrs.subList(0, covered);
    List<String> vals = new ArrayList<>(covered);
    for (String a : cols) {
      vals.add(values.get(a));
    }
    return hasher.hashDiff(cols, vals);
  }

  /**
   * Whether two neighbouring versions hold the same content: the same delete flag and hash diff, or
   * a new version (not a delete) and a stored one that equal each other over the columns the stored
   * one may have been hashed over (see the class comment).
   */
  boolean same(HistoryMerge.Version a, HistoryMerge.Version b) {
    if (a.delete != b.delete) {
      return false;
    }
    if (Objects.equals(a.hashDiff, b.hashDiff)) {
      return true;
    }
    // A remembered repeat holds the content of a stored version, hash diff included.
    if (a.isNew() == b.isNew() || a.delete) {
      return false; // both hashed over today's columns, or both as stored
    }
    HistoryMerge.Version fresh = a.isNew() ? a : b;
    HistoryMerge.Version old = a.isNew() ? b : a;
    if (fresh.attrs == null || old.attrs == null || old.hashDiff == null) {
      return false;
    }
    int shortest = attrs.size();
    while (shortest > fixed
        && hasher.diffValueIsNull(fresh.attrs.get(attrs.get(shortest - 1)))
        && hasher.diffValueIsNull(old.attrs.get(attrs.get(shortest - 1)))) {
      shortest--;
    }
    for (int covered = attrs.size() - 1; covered >= shortest; covered--) {
      if (old.hashDiff.equals(diff(fresh.attrs, covered))) {
        return true;
      }
    }
    return false;
  }
}
