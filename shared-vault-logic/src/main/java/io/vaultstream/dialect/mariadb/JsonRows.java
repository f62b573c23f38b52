package io.vaultstream.dialect.mariadb;

import io.vaultstream.event.JsonStrings;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A batch's columns as the JSON text MariaDB's statements read: an array of rows of texts, in as
 * many parts as needed for each to fit in one statement ({@link PacketLimit}).
 */
final class JsonRows {
  /** ER_NET_PACKET_TOO_LARGE: the server's number for a statement over max_allowed_packet. */
  static final int PACKET_TOO_LARGE = 1153;

  /** Some rows of a batch as one JSON text, and how many. */
  record Part(String json, int rows) {}

  private JsonRows() {}

  static String of(List<List<String>> columns) {
    int rows = rows(columns);
    StringBuilder sb = new StringBuilder(rows * columns.size() * 16 + 2).append('[');
    for (int r = 0; r < rows; r++) {
      if (r > 0) {
        sb.append(',');
      }
      row(sb, columns, r);
    }
    return sb.append(']').toString();
  }

  /**
   * The rows as JSON texts of at most {@code maxBytes} each as the driver sends them (see {@link
   * #sentBytes}), in the batch's order; one text when the batch fits.
   *
   * @throws SQLException SQLSTATE 22001 when one row alone is larger: a value the database cannot
   *     take in any statement, which the engine isolates to its event
   */
  static List<Part> parts(List<List<String>> columns, long maxBytes) throws SQLException {
    int rows = rows(columns);
    List<Part> parts = new ArrayList<>(1);
    int partRows = 0;
    StringBuilder part = new StringBuilder(rows * columns.size() * 16 + 2).append('[');
    long partBytes = 2;
    StringBuilder one = new StringBuilder();
    for (int r = 0; r < rows; r++) {
      one.setLength(0);
      row(one, columns, r);
      long bytes = sentBytes(one);
      if (bytes + 2 > maxBytes) {
        throw tooLarge(bytes, maxBytes);
      }
      if (partBytes > 2 && partBytes + 1 + bytes > maxBytes) {
        parts.add(new Part(part.append(']').toString(), partRows));
        part = new StringBuilder(part.length()).append('[');
        partBytes = 2;
        partRows = 0;
      }
      if (partBytes > 2) {
        part.append(',');
        partBytes++;
      }
      part.append(one);
      partBytes += bytes;
      partRows++;
    }
    parts.add(new Part(part.append(']').toString(), partRows));
    return parts;
  }

  /** Whether one row of texts, as JSON, fits in a statement of at most {@code maxBytes}. */
  static boolean fits(List<String> row, long maxBytes) {
    StringBuilder sb = new StringBuilder().append('[');
    for (int c = 0; c < row.size(); c++) {
      if (c > 0) {
        sb.append(',');
      }
      JsonStrings.append(sb, row.get(c));
    }
    return sentBytes(sb.append(']')) + 2 <= maxBytes;
  }

  private static int rows(List<List<String>> columns) {
    return columns.isEmpty() ? 0 : columns.get(0).size();
  }

  private static void row(StringBuilder sb, List<List<String>> columns, int r) {
    sb.append('[');
    for (int c = 0; c < columns.size(); c++) {
      if (c > 0) {
        sb.append(',');
      }
      JsonStrings.append(sb, columns.get(c).get(r));
    }
    sb.append(']');
  }

  /**
   * The bytes a JSON text takes in the statement the driver sends: UTF-8, and the characters the
   * driver escapes in a string literal counted twice, as it inlines parameters into the text when
   * statements are prepared on the client ({@code useServerPrepStmts=false} in the URL); an upper
   * bound when they are prepared on the server (the loader's default), which takes the text as is.
   */
  static long sentBytes(CharSequence json) {
    long n = 0;
    for (int i = 0; i < json.length(); i++) {
      char ch = json.charAt(i);
      if (ch < 0x80) {
        n += ch == '\\' || ch == '\'' || ch == '"' ? 2 : 1;
      } else if (ch < 0x800 || Character.isSurrogate(ch)) {
        n += 2; // a surrogate pair is 4 bytes, 2 per half
      } else {
        n += 3;
      }
    }
    return n;
  }

  private static SQLException tooLarge(long bytes, long maxBytes) {
    return new SQLException(
        "A row of the batch takes "
            + bytes
            + " bytes in a statement, more than the "
            + maxBytes
            + " bytes one statement may carry under the server's max_allowed_packet; the event"
            + " that brought it cannot be loaded until max_allowed_packet is raised",
        "22001",
        PACKET_TOO_LARGE);
  }
}
