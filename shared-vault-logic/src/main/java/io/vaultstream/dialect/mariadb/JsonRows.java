package io.vaultstream.dialect.mariadb;

import io.vaultstream.event.JsonStrings;
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
    JsonStrings.append(sb, s);
  }
}
