package io.vaultstream.write;

import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.plan.HistoryRow;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The hash diffs of one table's new versions, over the attributes each version covers. */
final class VersionHashes {
  private final HashKeyCalculator hasher;
  private final List<String> attrs;
  private final int fixed;

  VersionHashes(HashKeyCalculator hasher, TableSpec model, TableSpec t, List<String> attrs) {
    this.hasher = hasher;
    this.attrs = attrs;
    this.fixed = fixedAttributes(model, t, attrs);
  }

  /** The hash diff of a version whose attributes are all NULL. */
  String emptyDiff() {
    return hasher.hashDiff(attrs.subList(0, fixed), Collections.nCopies(fixed, null));
  }

  /**
   * How many of a table's attributes every hash diff covers: all of them, except in a table that
   * takes its columns from events, where the columns added from events count only up to the last
   * one a row holds a value in. They were added in order, so a column added later leaves the hash
   * diff of a row without it as it was: a replay or a re-snapshot of an unchanged row writes no new
   * version. Each profile then orders the columns covered as it does.
   */
  private static int fixedAttributes(TableSpec model, TableSpec t, List<String> attrs) {
    if (!t.discoversColumns()) {
      return attrs.size();
    }
    int fixed = 0;
    while (fixed < attrs.size() && model.column(attrs.get(fixed)) != null) {
      fixed++;
    }
    return fixed;
  }

  /** A new version of a history row, with its hash diff (none for a delete). */
  HistoryMerge.Version version(HistoryRow r) {
    String hd = null;
    if (!r.delete()) {
      int covered = attrs.size();
      while (covered > fixed && r.attributes().get(attrs.get(covered - 1)) == null) {
        covered--;
      }
      List<String> vals = new ArrayList<>(covered);
      for (String a : attrs.subList(0, covered)) {
        vals.add(r.attributes().get(a));
      }
      hd = hasher.hashDiff(attrs.subList(0, covered), vals);
    }
    return new HistoryMerge.Version(
        r.loadDts(), hd, r.delete(), r.attributes(), false, r.recordSource());
  }
}
