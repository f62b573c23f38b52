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
    if (v == null) {
      return AutomateDvProfile.NULL;
    }
    String s = HashProfile.trimSpaces(v);
    s = s.replace("\\", "\\\\");
    s = s.replace("\"", "dv4dbt-quote-replacement");
    s = s.replace("^^", "dv4dbt-null-replacement");
    s = s.replace("||", "dv4dbt-concat-replacement");
    return "\"" + s + "\"";
  }

  private static String join(List<String> values, boolean upper) {
    StringBuilder sb = new StringBuilder();
    boolean any = false;
    for (int i = 0; i < values.size(); i++) {
      if (i > 0) {
        sb.append(AutomateDvProfile.JOIN);
      }
      any |= values.get(i) != null;
      sb.append(quote(values.get(i)));
    }
    if (!any) {
      return null;
    }
    String s = upper ? HashProfile.upper(sb.toString()) : sb.toString();
    if (s.indexOf('\n') >= 0
        || s.indexOf('\t') >= 0
        || s.indexOf('\u000B') >= 0
        || s.indexOf('\r') >= 0) {
      s = s.replace("\n", "").replace("\t", "").replace("\u000B", "").replace("\r", "");
    }
    return s;
  }

  @Override
  public String keyInput(List<String> values) {
    return join(values, true);
  }

  @Override
  public String diffInput(List<String> columns, List<String> values) {
    if (trimTrailingNulls) {
      int end = values.size();
      while (end > 0 && values.get(end - 1) == null) {
        end--;
      }
      return join(values.subList(0, end), false);
    }
    return join(values, false);
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
