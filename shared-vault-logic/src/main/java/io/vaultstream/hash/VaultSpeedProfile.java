package io.vaultstream.hash;

import java.util.List;

/**
 * VaultSpeed: each key value {@code UPPER(REPLACE(TRIM(v), D, '\'||D))} followed by the delimiter
 * D, NULL or empty as the configured null value; hash diffs use {@code ~} for NULL, keep case and
 * drop trailing delimiters and {@code ~}; upper-case hex.
 */
final class VaultSpeedProfile implements HashProfile {
  static final String DIFF_NULL = "~";
  private final String delimiter;
  private final String escapedDelimiter;
  private final String nullValue;

  VaultSpeedProfile(String delimiter, String nullValue) {
    this.delimiter = delimiter;
    this.escapedDelimiter = "\\" + delimiter;
    this.nullValue = nullValue;
  }

  @Override
  public boolean appendKeyInput(List<String> values, StringBuilder sb) {
    for (int i = 0; i < values.size(); i++) {
      String v = values.get(i);
      String t = v == null ? "" : HashProfile.trimSpaces(v);
      sb.append(
          t.isEmpty() ? nullValue : HashProfile.upper(t.replace(delimiter, escapedDelimiter)));
      sb.append(delimiter);
    }
    return true;
  }

  @Override
  public boolean appendDiffInput(List<String> columns, List<String> values, StringBuilder sb) {
    int from = sb.length();
    for (int i = 0; i < values.size(); i++) {
      String v = values.get(i);
      String t = v == null ? DIFF_NULL : HashProfile.trimSpaces(v);
      sb.append(t.replace(delimiter, escapedDelimiter)).append(delimiter);
    }
    // RTRIM(s, D || '~'): every trailing character that is in the delimiter or is '~'.
    int end = sb.length();
    while (end > from) {
      char c = sb.charAt(end - 1);
      if (c == '~' || delimiter.indexOf(c) >= 0) {
        end--;
      } else {
        break;
      }
    }
    sb.setLength(end);
    return true;
  }

  @Override
  public boolean upperHex() {
    return true;
  }
}
