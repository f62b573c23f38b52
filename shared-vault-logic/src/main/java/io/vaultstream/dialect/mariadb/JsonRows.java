package io.vaultstream.dialect.mariadb;

import java.util.List;

/** A batch's columns as the JSON text MariaDB's statements read: an array of rows of texts. */
final class JsonRows {
  private JsonRows() {}

  static String of(List<List<String>> columns) {
    int rows = columns.isEmpty() ? 0 : columns.get(0).size();
    StringBuilder sb = new StringBuilder(rows * columns.size() * 16 + 2).append('[');
    for (int r = 0; r < rows; r++) {
      sb.append(r == 0 ? "[" : ",[");
      for (int c = 0; c < columns.size(); c++) {
        if (c > 0) {
          sb.append(',');
        }
        string(sb, columns.get(c).get(r));
      }
      sb.append(']');
    }
    return sb.append(']').toString();
  }

  private static void string(StringBuilder sb, String s) {
    if (s == null) {
      sb.append("null");
      return;
    }
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      switch (ch) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\r' -> sb.append("\\r");
        case '\t' -> sb.append("\\t");
        default -> {
          if (ch < 0x20) {
            sb.append(String.format("\\u%04x", (int) ch));
          } else {
            sb.append(ch);
          }
        }
      }
    }
    sb.append('"');
  }
}
