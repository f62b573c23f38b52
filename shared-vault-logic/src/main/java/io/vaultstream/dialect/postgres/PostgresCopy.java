package io.vaultstream.dialect.postgres;

import io.vaultstream.dialect.BulkInsert;
import io.vaultstream.dialect.RowMajorColumns;
import io.vaultstream.dialect.TransactionTime;
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
 * any, gets the transaction's {@code now()}, as the INSERT gives it, read once per transaction.
 */
final class PostgresCopy implements BulkInsert {
  // Sent in pieces well below the size the G1 collector treats as humongous (half a region).
  private static final int FLUSH_BYTES = 64 * 1024;
  // Each thread's text array, reused by its next COPY instead of made anew (72 KB, kept up to four
  // times that if a long row grew it: below half a region still; a dozen COPYs per batch). An array
  // holds no class of the loader's, so a worker thread that outlives the plugin keeps nothing of it
  // alive but these bytes.
  private static final ThreadLocal<byte[]> TEXT = new ThreadLocal<>();
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
  public int insert(Connection c, List<List<String>> columns, TransactionTime time)
      throws SQLException {
    int rows = columns.isEmpty() ? 0 : columns.get(0).size();
    if (rows == 0) {
      return 0;
    }
    String now = loadedAt ? time.text(() -> transactionTime(c)) : null;
    CopyIn in = c.unwrap(PGConnection.class).getCopyAPI().copyIn(sql);
    try {
      byte[] reused = TEXT.get();
      TEXT.remove(); // a COPY that fails half way leaves it to be made anew
      Utf8Buffer chunk = new Utf8Buffer(reused != null ? reused : new byte[FLUSH_BYTES + 8192]);
      // Row by row, as the lines go: the rows themselves where the columns are views of them.
      List<List<String>> byRow =
          columns instanceof RowMajorColumns held ? held.rows() : rowsOf(columns, rows);
      // Each row's values copied into one array (one call per row, not one per value: the rows
      // are lists of several kinds).
      String[] values = new String[bytea.length];
      for (int r = 0; r < rows; r++) {
        line(chunk, byRow.get(r).toArray(values), now);
        if (chunk.size >= FLUSH_BYTES) {
          chunk.sendTo(in);
        }
      }
      chunk.sendTo(in);
      long copied = in.endCopy();
      if (chunk.bytes.length <= 4 * (FLUSH_BYTES + 8192)) {
        TEXT.set(chunk.bytes); // one grown by a huge value is left to the collector
      }
      return (int) copied;
    } finally {
      if (in.isActive()) {
        in.cancelCopy();
      }
    }
  }

  /** Columns given as lists of their own, read as rows (views: nothing is copied). */
  private static List<List<String>> rowsOf(List<List<String>> columns, int rows) {
    return new java.util.AbstractList<>() {
      @Override
      public List<String> get(int r) {
        return new java.util.AbstractList<>() {
          @Override
          public String get(int col) {
            return columns.get(col).get(r);
          }

          @Override
          public int size() {
            return columns.size();
          }
        };
      }

      @Override
      public int size() {
        return rows;
      }
    };
  }

  /** One row's values (the first of them, one per column) as one line of COPY text. */
  private void line(Utf8Buffer out, String[] row, String now) {
    for (int col = 0; col < bytea.length; col++) {
      if (col > 0) {
        out.ascii('\t');
      }
      out.value(row[col], bytea[col]);
    }
    if (now != null) {
      out.ascii('\t');
      out.value(now, false);
    }
    out.ascii('\n');
  }

  /** One value in COPY's text format, as UTF-8 (for tests). */
  static byte[] copyText(String value, boolean bytea) {
    Utf8Buffer out = new Utf8Buffer(new byte[16]);
    out.value(value, bytea);
    return java.util.Arrays.copyOf(out.bytes, out.size);
  }

  /**
   * COPY text encoded as UTF-8 into one reused array, each value escaped and encoded in one pass
   * over its characters (no String, StringBuilder or byte[] per value or line).
   */
  private static final class Utf8Buffer {
    private byte[] bytes;
    private int size;

    Utf8Buffer(byte[] bytes) {
      this.bytes = bytes;
    }

    private void room(int more) {
      if (bytes.length - size < more) {
        bytes = java.util.Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
      }
    }

    /** A separator or line end. */
    void ascii(char ch) {
      room(1);
      bytes[size++] = (byte) ch;
    }

    /**
     * One value: \N for null; tab, line feed, carriage return and backslash escaped; a bytea value
     * (hex text) behind its input form's prefix, whose backslash is escaped too.
     */
    void value(String value, boolean bytea) {
      if (value == null) {
        room(2);
        bytes[size++] = '\\';
        bytes[size++] = 'N';
        return;
      }
      int n = value.length();
      // At most 3 bytes per char: an escape is 2, UTF-8 is at most 3 per char (4 per pair).
      room(3 * n + 3);
      byte[] b = bytes;
      int s = size;
      if (bytea) {
        b[s++] = '\\';
        b[s++] = '\\';
        b[s++] = 'x';
      }
      for (int i = 0; i < n; i++) {
        char ch = value.charAt(i);
        if (ch < 0x80) {
          if (ch > '\r' && ch != '\\') {
            b[s++] = (byte) ch;
          } else {
            s = escaped(b, s, ch);
          }
        } else if (ch < 0x800) {
          b[s++] = (byte) (0xC0 | (ch >> 6));
          b[s++] = (byte) (0x80 | (ch & 0x3F));
        } else if (Character.isHighSurrogate(ch)
            && i + 1 < n
            && Character.isLowSurrogate(value.charAt(i + 1))) {
          int cp = Character.toCodePoint(ch, value.charAt(++i));
          b[s++] = (byte) (0xF0 | (cp >> 18));
          b[s++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
          b[s++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
          b[s++] = (byte) (0x80 | (cp & 0x3F));
        } else if (Character.isSurrogate(ch)) {
          b[s++] = (byte) '?'; // a lone surrogate has no UTF-8 form (as String.getBytes)
        } else {
          b[s++] = (byte) (0xE0 | (ch >> 12));
          b[s++] = (byte) (0x80 | ((ch >> 6) & 0x3F));
          b[s++] = (byte) (0x80 | (ch & 0x3F));
        }
      }
      size = s;
    }

    /**
     * An ASCII char up to carriage return, or a backslash, at {@code s}: returns the next index.
     */
    private static int escaped(byte[] b, int s, char ch) {
      char escape =
          switch (ch) {
            case '\\' -> '\\';
            case '\t' -> 't';
            case '\n' -> 'n';
            case '\r' -> 'r';
            default -> 0;
          };
      if (escape == 0) {
        b[s++] = (byte) ch;
      } else {
        b[s++] = '\\';
        b[s++] = (byte) escape;
      }
      return s;
    }

    void sendTo(CopyIn in) throws SQLException {
      if (size > 0) {
        in.writeToCopy(bytes, 0, size);
        size = 0;
      }
    }
  }

  private static String transactionTime(Connection c) throws SQLException {
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT now()::text")) {
      rs.next();
      return rs.getString(1);
    }
  }
}
