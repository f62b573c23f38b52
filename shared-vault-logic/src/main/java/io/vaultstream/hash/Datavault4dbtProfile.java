package io.vaultstream.hash;

import java.util.List;

/**
 * datavault4dbt 2.0: each value quoted and escaped, NULL as {@code ^^}, joined by {@code ||}; keys
 * upper-cased as a whole, hash diffs case-sensitive; line breaks and tabs removed; all-NULL gives
 * the zero key; lower-case hex. With {@code use_rtrim} a hash diff leaves out the NULL values after
 * the last non-NULL one (datavault4dbt trims the characters {@code ^} and {@code |} off the end of
 * the joined text; every value is quoted, so that removes exactly those NULLs and their
 * separators).
 */
final class Datavault4dbtProfile implements HashProfile {
  private final boolean trimTrailingNulls;

  Datavault4dbtProfile(boolean trimTrailingNulls) {
    this.trimTrailingNulls = trimTrailingNulls;
  }

  static String quote(String v) {
    StringBuilder sb = new StringBuilder();
    quote(v, sb);
    return sb.toString();
  }

  /** Appends a value quoted and escaped, or {@code ^^} for NULL. */
  private static void quote(String v, StringBuilder sb) {
    if (v == null) {
      sb.append(AutomateDvProfile.NULL);
      return;
    }
    String s = HashProfile.trimSpaces(v);
    s = s.replace("\\", "\\\\");
    s = s.replace("\"", "dv4dbt-quote-replacement");
    s = s.replace("^^", "dv4dbt-null-replacement");
    s = s.replace("||", "dv4dbt-concat-replacement");
    sb.append('"').append(s).append('"');
  }

  /**
   * Appends the values joined (upper-cased for a key, line breaks and tabs removed); false, with
   * nothing appended, when every value is NULL.
   */
  private static boolean join(List<String> values, int count, boolean upper, StringBuilder sb) {
    int from = sb.length();
    boolean any = false;
    for (int i = 0; i < count; i++) {
      if (i > 0) {
        sb.append(AutomateDvProfile.JOIN);
      }
      any |= values.get(i) != null;
      quote(values.get(i), sb);
    }
    if (!any) {
      sb.setLength(from);
      return false;
    }
    if (upper) {
      HashProfile.upper(sb, from);
    }
    int to = from;
    for (int i = from; i < sb.length(); i++) {
      char c = sb.charAt(i);
      if (c != '\n' && c != '\t' && c != '\u000B' && c != '\r') {
        sb.setCharAt(to++, c);
      }
    }
    sb.setLength(to);
    return true;
  }

  @Override
  public boolean appendKeyInput(List<String> values, StringBuilder sb) {
    return join(values, values.size(), true, sb);
  }

  @Override
  public boolean appendDiffInput(List<String> columns, List<String> values, StringBuilder sb) {
    int end = values.size();
    if (trimTrailingNulls) {
      while (end > 0 && values.get(end - 1) == null) {
        end--;
      }
    }
    return join(values, end, false, sb);
  }

  @Override
  public boolean upperHex() {
    return false;
  }

  @Override
  public String allNullKey(int hexLength) {
    return "0".repeat(hexLength);
  }
}
