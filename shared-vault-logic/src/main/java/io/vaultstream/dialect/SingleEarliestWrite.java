package io.vaultstream.dialect;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;

/**
 * An {@link EarliestWrite} done by one statement: one that returns, per row it inserted or moved
 * back, whether it inserted it (a boolean) and the key as text; or ({@code returning} false) one
 * whose update count is the number of rows it inserted or moved back, which it reports alone.
 */
public record SingleEarliestWrite(TextValues binder, String sql, boolean returning)
    implements EarliestWrite {

  @Override
  public List<String> statements() {
    return List.of(sql);
  }

  @Override
  public int run(Connection c, List<List<String>> columns, Changed changed) throws SQLException {
    int count = 0;
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      binder.bindColumns(c, ps, 1, columns);
      if (!returning) {
        return ps.executeUpdate();
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          count++;
          changed.row(rs.getBoolean(1), rs.getString(2));
        }
      }
    }
    return count;
  }
}
