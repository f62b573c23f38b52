package io.vaultstream.waiting;

import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.table.TableSpec;
import io.vaultstream.write.TextColumns;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
final class SweepPages {
  // Per table, the primary key of the last row read (absent: from the first row). A sweep whose
  // batch fails moves it on anyway; its page is read again in the next round.
  private final Map<String, List<String>> after = new ConcurrentHashMap<>();
  private final VaultDialect dialect;
  private final String schema;

  SweepPages(VaultDialect dialect, String schema) {
    this.dialect = dialect;
    this.schema = schema;
  }

  /**
   * Reads the next page of {@code t}: the rows of the page that match {@code where} (over {@code
   * x}, the page's rows), with the columns of {@code select}, each handed to {@code reader}.
   */
  void read(
      Connection c,
      TableSpec t,
      int rows,
      String select,
      String where,
      TextColumns.RowReader reader)
      throws SQLException {
    List<String> from = after.get(t.name());
    List<String> last = pageEnd(c, t, rows, from);
    String sql =
        select
            + " FROM (SELECT * FROM "
            + dialect.table(schema, t.name())
            + " y"
            + after(t, from)
            + " ORDER BY "
            + keyList(t)
            + " LIMIT "
            + rows
            + ") x WHERE "
            + where;
    try (PreparedStatement ps = c.prepareStatement(sql)) {
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

  /**
   * A condition that picks at most {@code rows} rows of {@code t} matching {@code where} (over the
   * table's own columns), first in {@code orderBy} order: the rows are found by an index walk and
   * reached by their tuple ids.
   */
  String oldest(TableSpec t, String where, String orderBy, int rows) {
    return "ctid = ANY(ARRAY(SELECT y.ctid FROM "
        + dialect.table(schema, t.name())
        + " y WHERE "
        + where
        + " ORDER BY "
        + orderBy
        + " LIMIT "
        + rows
        + "))";
  }

  /** The primary key of the page's last row, or null when the page reaches the table's end. */
  private List<String> pageEnd(Connection c, TableSpec t, int rows, List<String> from)
      throws SQLException {
    List<String> key = t.primaryKey();
    StringBuilder sql = new StringBuilder("SELECT ");
    for (int i = 0; i < key.size(); i++) {
      sql.append(i == 0 ? "" : ", ")
          .append("y.")
          .append(dialect.quote(key.get(i)))
          .append("::text");
    }
    sql.append(" FROM ")
        .append(dialect.table(schema, t.name()))
        .append(" y")
        .append(after(t, from))
        .append(" ORDER BY ")
        .append(keyList(t))
        .append(" OFFSET ")
        .append(rows - 1)
        .append(" LIMIT 1");
    try (PreparedStatement ps = c.prepareStatement(sql.toString())) {
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

  /** {@code WHERE (key) > (the last key read)}, empty for the first page. */
  private String after(TableSpec t, List<String> from) {
    if (from == null) {
      return "";
    }
    StringBuilder row = new StringBuilder();
    StringBuilder params = new StringBuilder();
    for (String k : t.primaryKey()) {
      String sep = row.length() == 0 ? "" : ", ";
      row.append(sep).append("y.").append(dialect.quote(k));
      params.append(sep).append(param(t.column(k).type()));
    }
    return " WHERE (" + row + ") > (" + params + ")";
  }

  /** A parameter of the column's type (a collation, if the type names one, applied after). */
  private static String param(String type) {
    int collate = type.toLowerCase(Locale.ROOT).indexOf(" collate ");
    return collate < 0
        ? "CAST(? AS " + type + ")"
        : "CAST(? AS " + type.substring(0, collate) + ")" + type.substring(collate);
  }

  private String keyList(TableSpec t) {
    List<String> out = new ArrayList<>();
    t.primaryKey().forEach(k -> out.add("y." + dialect.quote(k)));
    return String.join(", ", out);
  }

  private static void bind(PreparedStatement ps, List<String> from) throws SQLException {
    if (from != null) {
      for (int i = 0; i < from.size(); i++) {
        ps.setString(i + 1, from.get(i));
      }
    }
  }
}
