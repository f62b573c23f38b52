package io.vaultstream.write;

import java.util.Comparator;
import java.util.List;

/**
 * Key values in text order, element by element (a missing value first, a shorter key before a
 * longer one that starts with it). Rows written in this order reach a table's index in order: a
 * batch walks each index once from one end to the other instead of jumping around it.
 */
final class KeyOrder {
  static final Comparator<List<String>> KEYS =
      (a, b) -> {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
          int c = compare(a.get(i), b.get(i));
          if (c != 0) {
            return c;
          }
        }
        return Integer.compare(a.size(), b.size());
      };

  private KeyOrder() {}

  private static int compare(String a, String b) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : -1) : 1;
    }
    return a.compareTo(b);
  }
}
