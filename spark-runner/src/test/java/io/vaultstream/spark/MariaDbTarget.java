package io.vaultstream.spark;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;

/**
 * The MariaDB server the MariaDB tests write to: {@code VAULTSTREAM_TEST_MARIADB_URL}, or else the
 * local server's {@code test} database as root. Each test gets a database of its own (MariaDB's
 * schema), dropped afterwards.
 */
final class MariaDbTarget {
  static final String URL =
      System.getenv()
          .getOrDefault(
              "VAULTSTREAM_TEST_MARIADB_URL", "jdbc:mariadb://127.0.0.1:3306/test?user=root");

  private MariaDbTarget() {}

  /** Skips the calling test, saying why, when the server cannot be reached. */
  static void assumeReachable() {
    String reason = null;
    try (Connection c = connect();
        Statement st = c.createStatement()) {
      st.execute("SELECT 1");
    } catch (SQLException e) {
      reason = e.getMessage();
    }
    Assumptions.assumeTrue(
        reason == null, "MariaDB at " + URL + " cannot be reached: " + reason + "; test skipped");
  }

  static Connection connect() throws SQLException {
    return DriverManager.getConnection(
        URL + (URL.contains("?") ? "&" : "?") + "connectTimeout=3000");
  }

  /** A new, empty database with a random name, in utf8mb4 with byte-wise comparison. */
  static String newDatabase() throws SQLException {
    String name = "t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    execute("CREATE DATABASE " + name + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
    return name;
  }

  static void drop(String database) throws SQLException {
    execute("DROP DATABASE IF EXISTS " + database);
  }

  static void execute(String sql) throws SQLException {
    try (Connection c = connect();
        Statement st = c.createStatement()) {
      st.execute(sql);
    }
  }

  /** Each row of the query as its columns' text joined by '|'. */
  static List<String> rows(String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      while (rs.next()) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          sb.append(i > 1 ? "|" : "").append(rs.getString(i));
        }
        out.add(sb.toString());
      }
    }
    return out;
  }
}
