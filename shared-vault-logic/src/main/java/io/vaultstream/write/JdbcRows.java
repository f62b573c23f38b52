package io.vaultstream.write;

import io.vaultstream.dialect.BulkInsert;
import io.vaultstream.dialect.EarliestWrite;
import io.vaultstream.dialect.SqlStates;
import io.vaultstream.dialect.TextValues;
import io.vaultstream.dialect.TransactionTime;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;

/**
 * Runs statements over {@link TextColumns} on a connection: the columns bound as the dialect binds
 * a batch (one parameter per column, in parts where the database limits a statement's size).
 */
public final class JdbcRows {
  private JdbcRows() {}

  /** Reads one result row. */
  public interface RowReader {
    void read(ResultSet rs) throws SQLException;
  }

  /** Appends the rows through a bulk insert; returns how many. */
  public static int insert(Connection c, TextColumns rows, BulkInsert bulk, TransactionTime time)
      throws SQLException {
    return bulk.insert(c, rows.columns(), time);
  }

  /**
   * Appends all rows through a bulk insert under a savepoint, or none: when one of them is in the
   * table already (a unique violation), rolls back to the savepoint, so the transaction goes on,
   * and returns false.
   */
  public static boolean insertAllOrNone(
      Connection c, SqlStates states, TextColumns rows, BulkInsert bulk, TransactionTime time)
      throws SQLException {
    Savepoint before = c.setSavepoint();
    try {
      bulk.insert(c, rows.columns(), time);
      c.releaseSavepoint(before);
      return true;
    } catch (SQLException e) {
      if (!states.isUniqueViolation(e)) {
        throw e;
      }
      c.rollback(before);
      return false;
    }
  }

  /**
   * Binds the columns from parameter 1 on and runs the statement (in parts where the database
   * limits a statement's size); returns the update count.
   */
  public static int execute(Connection c, TextValues binding, TextColumns rows, String sql)
      throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      int[] count = {0};
      binding.bindInParts(c, ps, 1, rows.columns(), () -> count[0] += ps.executeUpdate());
      return count[0];
    }
  }

  /** Runs an upsert of the earliest rows; returns how many rows it inserted or moved back. */
  public static int write(
      Connection c, TextColumns rows, EarliestWrite write, EarliestWrite.Changed changed)
      throws SQLException {
    return write.run(c, rows.columns(), changed);
  }

  /** Binds the columns and hands each result row to {@code reader}. */
  public static void query(
      Connection c, TextValues binding, TextColumns rows, String sql, RowReader reader)
      throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      binding.bindInParts(
          c,
          ps,
          1,
          rows.columns(),
          () -> {
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                reader.read(rs);
              }
            }
          });
    }
  }
}
