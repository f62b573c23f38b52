package io.vaultstream.keymap;

import java.util.Map;
import java.util.TreeMap;

/**
 * A key map timeline as {@link KeyMapCache} keeps it, in as little memory as its mappings allow: a
 * row without mappings as one shared marker, a row with one mapping (almost every row: a business
 * key seldom changes) as that mapping alone, a longer timeline as a {@code TreeMap} of its own.
 * Rows kept by the hundred thousand make the difference: the tree, its entry and the boxed time
 * cost about a hundred bytes a row.
 */
final class Kept {
  /** A row known to have no mappings. */
  static final Object NONE = new Object();

  private record One(long from, Map<String, String> values) {}

  private Kept() {}

  /** {@code timeline} (null: no mappings) as kept; a longer one is copied. */
  static Object of(TreeMap<Long, Map<String, String>> timeline) {
    if (timeline == null || timeline.isEmpty()) {
      return NONE;
    }
    if (timeline.size() == 1) {
      Map.Entry<Long, Map<String, String>> e = timeline.firstEntry();
      return new One(e.getKey(), e.getValue());
    }
    return new TreeMap<>(timeline);
  }

  /** A new timeline holding what {@code kept} ({@link #of}'s) holds, for the caller to change. */
  @SuppressWarnings("unchecked")
  static TreeMap<Long, Map<String, String>> timeline(Object kept) {
    if (kept instanceof One one) {
      TreeMap<Long, Map<String, String>> t = new TreeMap<>();
      t.put(one.from(), one.values());
      return t;
    }
    return kept == NONE
        ? new TreeMap<>()
        : new TreeMap<>((TreeMap<Long, Map<String, String>>) kept);
  }
}
