package io.vaultstream.hash;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * AutomateDV: each value {@code NULLIF(UPPER(TRIM(v)),'')}, NULL as {@code ^^}, joined by {@code
 * ||}; an all-NULL key loads no row; hash diff columns sorted case-insensitively; upper-case hex.
 * The order of a table's hash diff columns is computed once per list of columns and kept.
 */
final class AutomateDvProfile implements HashProfile {
  static final String NULL = "^^";
  static final String JOIN = "||";

  /** More lists of columns than any model has tables for: past it, orders are not kept. */
  private static final int MAX_ORDERS = 4096;

  private final Map<List<String>, int[]> orders = new ConcurrentHashMap<>();

  static String standardise(String v) {
    if (v == null) {
      return null;
    }
    String s = HashProfile.upper(HashProfile.trimSpaces(v));
    return s.isEmpty() ? null : s;
  }

  @Override
  public boolean appendKeyInput(List<String> values, StringBuilder sb) {
    boolean any = false;
    for (int i = 0; i < values.size(); i++) {
      String s = standardise(values.get(i));
      any |= s != null;
      if (i > 0) {
        sb.append(JOIN);
      }
      sb.append(s == null ? NULL : s);
    }
    if (!any) {
      sb.setLength(0);
    }
    return any;
  }

  @Override
  public boolean appendDiffInput(List<String> columns, List<String> values, StringBuilder sb) {
    int[] order = order(columns);
    for (int k = 0; k < order.length; k++) {
      String s = standardise(values.get(order[k]));
      if (k > 0) {
        sb.append(JOIN);
      }
      sb.append(s == null ? NULL : s);
    }
    return true;
  }

  /** The columns' positions sorted by their lower-case names (a stable sort). */
  private int[] order(List<String> columns) {
    int[] known = orders.get(columns);
    if (known != null) {
      return known;
    }
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      order.add(i);
    }
    order.sort(Comparator.comparing(i -> columns.get(i).toLowerCase(Locale.ROOT)));
    int[] out = order.stream().mapToInt(Integer::intValue).toArray();
    if (orders.size() < MAX_ORDERS) {
      orders.put(List.copyOf(columns), out);
    }
    return out;
  }

  @Override
  public boolean diffValueIsNull(String value) {
    return value == null || HashProfile.trimSpaces(value).isEmpty();
  }

  @Override
  public boolean upperHex() {
    return true;
  }
}
