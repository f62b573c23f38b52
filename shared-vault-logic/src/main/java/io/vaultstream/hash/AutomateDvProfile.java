package io.vaultstream.hash;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * AutomateDV: each value {@code NULLIF(UPPER(TRIM(v)),'')}, NULL as {@code ^^}, joined by {@code
 * ||}; an all-NULL key loads no row; hash diff columns sorted case-insensitively; upper-case hex.
 */
final class AutomateDvProfile implements HashProfile {
  static final String NULL = "^^";
  static final String JOIN = "||";

  static String standardise(String v) {
    if (v == null) {
      return null;
    }
    String s = HashProfile.upper(HashProfile.trimSpaces(v));
    return s.isEmpty() ? null : s;
  }

  @Override
  public String keyInput(List<String> values) {
    StringBuilder sb = new StringBuilder();
    boolean any = false;
    for (int i = 0; i < values.size(); i++) {
      String s = standardise(values.get(i));
      any |= s != null;
      if (i > 0) {
        sb.append(JOIN);
      }
      sb.append(s == null ? NULL : s);
    }
    return any ? sb.toString() : null;
  }

  @Override
  public String diffInput(List<String> columns, List<String> values) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      order.add(i);
    }
    order.sort(Comparator.comparing(i -> columns.get(i).toLowerCase(Locale.ROOT)));
    StringBuilder sb = new StringBuilder();
    for (int k = 0; k < order.size(); k++) {
      String s = standardise(values.get(order.get(k)));
      if (k > 0) {
        sb.append(JOIN);
      }
      sb.append(s == null ? NULL : s);
    }
    return sb.toString();
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
