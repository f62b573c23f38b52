package io.vaultstream.cli;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * The MariaDB the tests use: the server named by {@code VAULTSTREAM_TEST_MARIADB_URL}, else
 * 127.0.0.1:3306 as root. A test that cannot reach it is skipped by an assumption saying so. Each
 * test works in its own random database (MariaDB's schema).
 */
final class MariaDbServer {
  private static final String DEFAULT_URL = "jdbc:mariadb://127.0.0.1:3306/test?user=root";

  private MariaDbServer() {}

  /** The JDBC URL (user included). */
  static String jdbcUrl() {
    String given = System.getenv("VAULTSTREAM_TEST_MARIADB_URL");
    return given != null && !given.isBlank() ? given : DEFAULT_URL;
  }

  /** Skips the calling test, saying why, when the server cannot be reached. */
  static void assumeReachable() {
    try (Connection c =
        DriverManager.getConnection(
            jdbcUrl() + (jdbcUrl().contains("?") ? "&" : "?") + "connectTimeout=3000")) {
      c.isValid(3);
    } catch (SQLException e) {
      Assumptions.abort(
          "MariaDB is not reachable at "
              + jdbcUrl().replaceAll("password=[^&;]*", "password=***")
              + " (set VAULTSTREAM_TEST_MARIADB_URL to a reachable server): "
              + e.getMessage());
    }
  }

  /** A new, empty database with a random name. */
  static String newDatabase() throws SQLException {
    String name = "t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    execute("CREATE DATABASE " + name);
    return name;
  }

  /** Runs statements, each on its own. */
  static void execute(String... sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(jdbcUrl());
        Statement st = c.createStatement()) {
      for (String s : sql) {
        st.execute(s);
      }
    }
  }

  /** Runs a query and returns each row as its columns' text joined by '|'. */
  static List<String> rows(String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(jdbcUrl());
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          sb.append(i > 1 ? "|" : "").append(rs.getString(i));
        }
        out.add(sb.toString());
      }
    }
    return out;
  }
}
