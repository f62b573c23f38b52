package io.vaultstream.keymap;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Reads stored key map entries for a set of primary keys of one source (one query). */
@FunctionalInterface
public interface KeyMapReader {
  /**
   * Per primary key, its mappings by valid-from time (microseconds). The maps returned are the
   * caller's: it may add to them (the planner adds the batch's own mappings to the timelines).
   */
  Map<String, TreeMap<Long, Map<String, String>>> read(String source, Set<String> pks);
}
