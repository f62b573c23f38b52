package io.vaultstream.waiting;

import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.table.TableSpec;
import io.vaultstream.write.JdbcRows;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The timed sweep's reads of the waiting and error tables, one page at a time: each sweep reads at
 * most a page of each table, walking its primary key (topic, partition, offset: the oldest offsets
 * of each partition first) from the row after the last one the previous sweep read, and starts over
 * after the table's last row. So a table of a million rows that wait for parents which never come
 * is read a page per sweep, never all in one transaction; every row is still read once per round of
 * sweeps.
 *
 * <p>Pages follow the primary key, not the waiting or expiry times: rows written by one batch, or
 * moved to the error table by one sweep, share their time, so a page by time could not be bounded.
 */
final class WaitingSweepPages {
  // Per table, the primary key of the last row read (absent: from the first row). A sweep whose
  // batch fails moves it on anyway; its page is read again in the next round.
  private final Map<String, List<String>> after = new ConcurrentHashMap<>();
  private final VaultDialect dialect;
  private final String schema;

  WaitingSweepPages(VaultDialect dialect, String schema) {
    this.dialect = dialect;
    this.schema = schema;
  }

  /** The statement that reads a page's rows, from the first row or after a key. */
  interface PageQuery {
    String sql(boolean afterKey);
  }

  /**
   * Reads the next page of {@code t} with {@code query} (a statement of the dialect reading the
   * page's rows that matter), each row handed to {@code reader}.
   */
  void read(Connection c, TableSpec t, int rows, PageQuery query, JdbcRows.RowReader reader)
      throws SQLException {
    List<String> from = after.get(t.name());
    List<String> last = pageEnd(c, t, rows, from);
    try (PreparedStatement ps = c.prepareStatement(query.sql(from != null))) {
      bind(ps, from);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          reader.read(rs);
        }
      }
    }
    if (last == null) {
      after.remove(t.name()); // the page reached the table's end: start over
    } else {
      after.put(t.name(), last);
    }
  }

  /** The primary key of the page's last row, or null when the page reaches the table's end. */
  private List<String> pageEnd(Connection c, TableSpec t, int rows, List<String> from)
      throws SQLException {
    List<String> key = t.primaryKey();
    try (PreparedStatement ps =
        c.prepareStatement(dialect.selectPageEnd(schema, t, rows, from != null))) {
      bind(ps, from);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return null;
        }
        List<String> out = new ArrayList<>(key.size());
        for (int i = 1; i <= key.size(); i++) {
          out.add(rs.getString(i));
        }
        return out;
      }
    }
  }

  private static void bind(PreparedStatement ps, List<String> from) throws SQLException {
    if (from != null) {
      for (int i = 0; i < from.size(); i++) {
        ps.setString(i + 1, from.get(i));
      }
    }
  }
}
