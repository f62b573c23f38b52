package io.vaultstream.write;

import io.vaultstream.dialect.BulkInsert;
import io.vaultstream.dialect.EarliestWrite;
import io.vaultstream.dialect.VaultDialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows gathered column by column as text, bound as the dialect binds a batch (one parameter per
 * column).
 */
public final class TextColumns {
  private final VaultDialect dialect;
  private final List<String> names;
  private final List<List<String>> values = new ArrayList<>();

  public TextColumns(VaultDialect dialect, List<String> names) {
    this.dialect = dialect;
    this.names = names;
    names.forEach(n -> values.add(new ArrayList<>()));
  }

  /** Adds one row, values in the order of the names. */
  public void add(List<String> row) {
    for (int i = 0; i < names.size(); i++) {
      values.get(i).add(row.get(i));
    }
  }

  /** Number of rows. */
  public int size() {
    return values.isEmpty() ? 0 : values.get(0).size();
  }

  /** The column names. */
  public List<String> names() {
    return names;
  }

  /** Appends the rows through a bulk insert; returns how many. */
  public int insert(Connection c, BulkInsert bulk) throws SQLException {
    return bulk.insert(c, values);
  }

  /**
   * Binds the columns from parameter 1 on and runs the statement (in parts where the database
   * limits a statement's size); returns the update count.
   */
  public int execute(Connection c, String sql) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      int[] count = {0};
      dialect.bindInParts(c, ps, 1, values, () -> count[0] += ps.executeUpdate());
      return count[0];
    }
  }

  /** Runs an upsert of the earliest rows; returns how many rows it inserted or moved back. */
  public int write(Connection c, EarliestWrite write, EarliestWrite.Changed changed)
      throws SQLException {
    return write.run(c, values, changed);
  }

  /** Binds the columns and hands each result row to {@code reader}. */
  public void query(Connection c, String sql, RowReader reader) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      dialect.bindInParts(
          c,
          ps,
          1,
          values,
          () -> {
            try (ResultSet rs = ps.executeQuery()) {
              while (rs.next()) {
                reader.read(rs);
              }
            }
          });
    }
  }

  /** Reads one result row. */
  public interface RowReader {
    void read(ResultSet rs) throws SQLException;
  }
}
