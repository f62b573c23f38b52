package io.vaultstream.dialect.postgres;

import io.vaultstream.dialect.BulkInsert;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

/**
 * COPY ... FROM STDIN in text format: PostgreSQL parses each value with the column type's input
 * function, as the CAST of {@link PostgresDialect#insertNew} does, without building and unpacking
 * one array per column (about a third less of the server's time per row). The load time column, if
 * any, gets the transaction's {@code now()}, as the INSERT gives it.
 */
final class PostgresCopy implements BulkInsert {
  // Sent in pieces well below the size the G1 collector treats as humongous (half a region).
  private static final int FLUSH_BYTES = 64 * 1024;
  private final String sql;
  private final boolean[] bytea;
  private final boolean loadedAt;

  /**
   * @param sql the COPY statement, its column list ending with the load time column if there is one
   * @param types the type of each data column
   */
  PostgresCopy(String sql, List<String> types, boolean loadedAt) {
    this.sql = sql;
    this.bytea = new boolean[types.size()];
    for (int i = 0; i < bytea.length; i++) {
      bytea[i] = types.get(i).trim().toLowerCase(Locale.ROOT).equals("bytea");
    }
    this.loadedAt = loadedAt;
  }

  @Override
  public String statement() {
    return sql;
  }

  @Override
  public int insert(Connection c, List<List<String>> columns) throws SQLException {
    int rows = columns.isEmpty() ? 0 : columns.get(0).size();
    if (rows == 0) {
      return 0;
    }
    String now = loadedAt ? transactionTime(c) : null;
    CopyIn in = c.unwrap(PGConnection.class).getCopyAPI().copyIn(sql);
    try {
      StringBuilder line = new StringBuilder(256);
      Utf8Buffer chunk = new Utf8Buffer(FLUSH_BYTES + 8192);
      for (int r = 0; r < rows; r++) {
        line(line, columns, r, now);
        chunk.append(line);
        if (chunk.size >= FLUSH_BYTES) {
          chunk.sendTo(in);
        }
      }
      chunk.sendTo(in);
      return (int) in.endCopy();
    } finally {
      if (in.isActive()) {
        in.cancelCopy();
      }
    }
  }

  /** Row {@code r} as one line of COPY text, into {@code line}. */
  private void line(StringBuilder line, List<List<String>> columns, int r, String now) {
    line.setLength(0);
    for (int col = 0; col < bytea.length; col++) {
      if (col > 0) {
        line.append('\t');
      }
      append(line, columns.get(col).get(r), bytea[col]);
    }
    if (now != null) {
      line.append('\t').append(now);
    }
    line.append('\n');
  }

  /** Text encoded as UTF-8 into one reused array (no String and byte[] copy per piece sent). */
  private static final class Utf8Buffer {
    private byte[] bytes;
    private int size;

    Utf8Buffer(int capacity) {
      bytes = new byte[capacity];
    }

    void append(CharSequence text) {
      if (bytes.length - size < text.length() * 3) {
        bytes =
            java.util.Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + text.length() * 3));
      }
      for (int i = 0; i < text.length(); i++) {
        char ch = text.charAt(i);
        if (ch < 0x80) {
          bytes[size++] = (byte) ch;
        } else if (ch < 0x800) {
          bytes[size++] = (byte) (0xC0 | (ch >> 6));
          bytes[size++] = (byte) (0x80 | (ch & 0x3F));
        } else if (Character.isHighSurrogate(ch)
            && i + 1 < text.length()
            && Character.isLowSurrogate(text.charAt(i + 1))) {
          int cp = Character.toCodePoint(ch, text.charAt(++i));
          bytes[size++] = (byte) (0xF0 | (cp >> 18));
          bytes[size++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
          bytes[size++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
          bytes[size++] = (byte) (0x80 | (cp & 0x3F));
        } else if (Character.isSurrogate(ch)) {
          bytes[size++] = (byte) '?'; // a lone surrogate has no UTF-8 form (as String.getBytes)
        } else {
          bytes[size++] = (byte) (0xE0 | (ch >> 12));
          bytes[size++] = (byte) (0x80 | ((ch >> 6) & 0x3F));
          bytes[size++] = (byte) (0x80 | (ch & 0x3F));
        }
      }
    }

    void sendTo(CopyIn in) throws SQLException {
      if (size > 0) {
        in.writeToCopy(bytes, 0, size);
        size = 0;
      }
    }
  }

  /** One value in COPY's text format: \N for null, the four special characters escaped. */
  static void append(StringBuilder out, String value, boolean bytea) {
    if (value == null) {
      out.append("\\N");
      return;
    }
    if (bytea) {
      out.append("\\\\x"); // bytea's own input form, its backslash escaped for COPY
    }
    int from = 0;
    for (int i = 0; i < value.length(); i++) {
      String escaped = escaped(value.charAt(i));
      if (escaped != null) {
        out.append(value, from, i).append(escaped);
        from = i + 1;
      }
    }
    if (from == 0) {
      out.append(value); // most values: nothing to escape, one copy
    } else {
      out.append(value, from, value.length());
    }
  }

  private static String escaped(char ch) {
    return switch (ch) {
      case '\\' -> "\\\\";
      case '\t' -> "\\t";
      case '\n' -> "\\n";
      case '\r' -> "\\r";
      default -> null;
    };
  }

  private static String transactionTime(Connection c) throws SQLException {
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT now()::text")) {
      rs.next();
      return rs.getString(1);
    }
  }
}
