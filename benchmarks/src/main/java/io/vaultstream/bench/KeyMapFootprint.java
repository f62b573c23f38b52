package io.vaultstream.bench;

import io.vaultstream.keymap.KeyMapCache;
import io.vaultstream.keymap.KeyMapReader;
import io.vaultstream.keymap.KeyText;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The heap a loader's kept key map takes per row ({@code key.map.cache.keys}): rows read back as
 * the database returns them (a JSON text of key values per mapping, read by {@link
 * KeyText#parseValues}), in batches of a thousand, into one {@link KeyMapCache}; the heap in use
 * after full collections before and after, divided by the rows kept. Each row has one mapping
 * unless {@code --changed=P} makes P percent of them have two (a business key that changed).
 *
 * <p>Options: {@code --rows=N} (100000), {@code --columns=N} (key columns per row, 1), {@code
 * --changed=P} (0).
 */
public final class KeyMapFootprint {
  private KeyMapFootprint() {}

  /** Fills a cache and prints its bytes per row. */
  public static void main(String[] args) throws Exception {
    int rows = DecodeLoop.intArg(args, "--rows=", 100_000);
    int columns = DecodeLoop.intArg(args, "--columns=", 1);
    int changed = DecodeLoop.intArg(args, "--changed=", 0);
    KeyMapCache cache = new KeyMapCache(rows);
    KeyMapReader database = (source, pks) -> stored(pks, columns, changed);
    stored(Set.of("[\"0\"]"), columns, changed); // loads the classes before the first measure
    long before = heapInUse();
    for (int from = 0; from < rows; from += 1000) {
      Set<String> batch = new HashSet<>();
      for (int i = from; i < Math.min(rows, from + 1000); i++) {
        batch.add(KeyText.pk(List.of(Integer.toString(1_000_000 + i))));
      }
      cache.reader(database, cache.begin(Map.of()), null).read("public.orders", batch);
    }
    long after = heapInUse();
    System.out.printf(
        "key map kept in memory: %,d rows (%d key column%s, %d %% with two mappings), %,d bytes"
            + " of heap in all, %,d bytes per row%n",
        cache.size(),
        columns,
        columns == 1 ? "" : "s",
        changed,
        after - before,
        (after - before) / Math.max(1, cache.size()));
  }

  /** What the database returns for these rows: each mapping's key values as their JSON text. */
  private static Map<String, TreeMap<Long, Map<String, String>>> stored(
      Set<String> pks, int columns, int changed) {
    Map<String, TreeMap<Long, Map<String, String>>> out = new HashMap<>();
    long at = 1_764_000_000_000_000L;
    for (String pk : pks) {
      String id = pk.substring(2, pk.length() - 2);
      TreeMap<Long, Map<String, String>> timeline = new TreeMap<>();
      timeline.put(at, KeyText.parseValues(KeyText.values(values(id, columns, "A"))));
      if (Math.floorMod(id.hashCode(), 100) < changed) {
        timeline.put(at + 1, KeyText.parseValues(KeyText.values(values(id, columns, "B"))));
      }
      out.put(pk, timeline);
    }
    return out;
  }

  private static Map<String, String> values(String id, int columns, String version) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int c = 0; c < columns; c++) {
      m.put(c == 0 ? "order_no" : "part_" + c, version + "-" + id);
    }
    return m;
  }

  private static long heapInUse() {
    Runtime r = Runtime.getRuntime();
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      System.gc();
      used = Math.min(used, r.totalMemory() - r.freeMemory());
    }
    return used;
  }
}
