package io.vaultstream.cli;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Runs a dialect's query with text parameters and gives back its rows as text. */
final class Queries {
  private Queries() {}

  /**
   * Each row of {@code sql} as its columns' text (null for NULL); binds {@code params} in order.
   */
  static List<String[]> rows(Connection c, String sql, String... params) throws SQLException {
    List<String[]> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        ps.setString(i + 1, params[i]);
      }
      try (ResultSet rs = ps.executeQuery()) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          String[] row = new String[n];
          for (int i = 0; i < n; i++) {
            row[i] = rs.getString(i + 1);
          }
          out.add(row);
        }
      }
    }
    return out;
  }
}
