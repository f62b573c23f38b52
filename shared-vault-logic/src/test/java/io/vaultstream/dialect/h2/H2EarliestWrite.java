package io.vaultstream.dialect.h2;

import io.vaultstream.dialect.EarliestWrite;
import io.vaultstream.dialect.StandardRowSql;
import io.vaultstream.table.TableSpec;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * H2's earliest-row upsert of hubs and links, in two merges that each return the keys they wrote
 * ({@code FINAL TABLE}): one moves stored rows back to the batch's earlier version, one inserts the
 * keys not stored. A single merge would return both without telling which.
 */
final class H2EarliestWrite implements EarliestWrite {
  private final H2Statements sql;
  private final String moveBack;
  private final String insert;

  H2EarliestWrite(
      H2Statements sql,
      String schema,
      TableSpec t,
      List<String> columns,
      String loadDts,
      String recordSource,
      String loadedAt) {
    this.sql = sql;
    String pk = t.primaryKey().get(0);
    String key = sql.toText(sql.quote(pk), t.column(pk).type());
    String merge = StandardRowSql.merge(sql, schema, t, t.primaryKey(), columns);
    String earlier =
        "(s."
            + sql.quote(loadDts)
            + ", s."
            + sql.quote(recordSource)
            + ") < (x."
            + sql.quote(loadDts)
            + ", x."
            + sql.quote(recordSource)
            + ")";
    String sets = StandardRowSql.setFromBatch(sql, t, columns);
    this.moveBack =
        "SELECT "
            + key
            + " FROM FINAL TABLE ("
            + merge
            + "\nWHEN MATCHED AND "
            + earlier
            + " THEN UPDATE SET "
            + sets
            + ")";
    this.insert =
        "SELECT "
            + key
            + " FROM FINAL TABLE ("
            + merge
            + StandardRowSql.insertMissing(sql, columns, loadedAt)
            + ")";
  }

  @Override
  public List<String> statements() {
    return List.of(moveBack, insert);
  }

  @Override
  public int run(Connection c, List<List<String>> columns, Changed changed) throws SQLException {
    return write(c, moveBack, columns, false, changed) + write(c, insert, columns, true, changed);
  }

  private int write(
      Connection c, String statement, List<List<String>> columns, boolean inserts, Changed changed)
      throws SQLException {
    int count = 0;
    try (PreparedStatement ps = c.prepareStatement(statement)) {
      sql.bindColumns(c, ps, 1, columns);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          count++;
          changed.row(inserts, rs.getString(1));
        }
      }
    }
    return count;
  }
}
