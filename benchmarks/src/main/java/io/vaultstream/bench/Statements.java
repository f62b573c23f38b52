package io.vaultstream.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * PostgreSQL's own account of where its time went ({@code pg_stat_statements}), for {@code
 * --statements=N}: reset when made, the N statements that took longest printed at the end. The
 * embedded PostgreSQL is started with the extension loaded; a database of one's own needs it in
 * {@code shared_preload_libraries}.
 */
final class Statements {
  private final String url;
  private final int top;

  Statements(String url, int top) {
    this.url = url;
    this.top = top > 0 && reset(url) ? top : 0;
  }

  private static boolean reset(String url) {
    try (Connection c = DriverManager.getConnection(url);
        Statement st = c.createStatement()) {
      st.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
      st.execute("SELECT pg_stat_statements_reset()");
      return true;
    } catch (SQLException e) {
      System.out.printf(
          "--statements: pg_stat_statements is not available (%s); add it to the database's"
              + " shared_preload_libraries. Going on without it.%n",
          e.getMessage().lines().findFirst().orElse(""));
      return false;
    }
  }

  void print() throws SQLException {
    if (top <= 0) {
      return;
    }
    try (Connection c = DriverManager.getConnection(url);
        Statement st = c.createStatement()) {
      try (ResultSet rs =
          st.executeQuery(
              "SELECT round(sum(total_exec_time)::numeric), sum(calls) FROM pg_stat_statements")) {
        rs.next();
        System.out.printf(
            "PostgreSQL statements (pg_stat_statements): %,d ms in %,d calls; the %d longest:%n",
            rs.getLong(1), rs.getLong(2), top);
      }
      try (ResultSet rs =
          st.executeQuery(
              "SELECT round(total_exec_time::numeric), calls, rows,"
                  + " left(regexp_replace(query, '\\s+', ' ', 'g'), 110)"
                  + " FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT "
                  + top)) {
        while (rs.next()) {
          System.out.printf(
              "  %6d ms %6d calls %8d rows  %s%n",
              rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getString(4));
        }
      }
    }
  }
}
