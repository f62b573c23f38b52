package io.vaultstream.engine;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.error.ErrorTable;
import io.vaultstream.waiting.WaitingRow;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The sizes of the loader's queue tables in a schema, as {@code vaultstream status} counts them:
 * the waiting rows still waiting for a parent within the watermark (state {@code WAITING}; rows
 * linked to the unknown ghost are not counted), every row of the error table, and when the oldest
 * waiting row arrived. The tables are the schema's, shared by every task and job loading into it,
 * and changed by operators too: read from the database, the sizes are right whoever changed them.
 *
 * @param waitingRows rows of {@code vs_waiting} in state {@code WAITING}
 * @param errorRows rows of {@code vs_errors}, every error code
 * @param oldestWaitingMillis when the oldest of those waiting rows arrived (epoch milliseconds), 0
 *     when none waits
 */
public record QueueSizes(long waitingRows, long errorRows, long oldestWaitingMillis) {

  /**
   * Reads the sizes: one count of each table (the statements of {@code vaultstream status}) and,
   * when rows wait, one probe of the waiting table's index on (state, arrived_at).
   */
  static QueueSizes read(Connection c, VaultDialect d, String schema) throws SQLException {
    long waiting = 0;
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(d.countWaitingByState(schema, VaultTables.WAITING))) {
      while (rs.next()) {
        if (WaitingRow.WAITING.equals(rs.getString(1))) {
          waiting = rs.getLong(2);
        }
      }
    }
    long errors = 0;
    for (String[] row :
        new ErrorTable(d, schema).countByCode(c, new ErrorTable.Filter(null, null, null, null))) {
      errors += Long.parseLong(row[1]);
    }
    return new QueueSizes(waiting, errors, waiting == 0 ? 0 : oldestWaiting(c, d, schema));
  }

  private static long oldestWaiting(Connection c, VaultDialect d, String schema)
      throws SQLException {
    try (PreparedStatement ps =
        c.prepareStatement(d.selectOldestWaiting(schema, VaultTables.WAITING))) {
      ps.setString(1, WaitingRow.WAITING);
      try (ResultSet rs = ps.executeQuery()) {
        long micros = rs.next() ? rs.getLong(1) : 0;
        return Math.floorDiv(micros, 1000L);
      }
    }
  }
}
