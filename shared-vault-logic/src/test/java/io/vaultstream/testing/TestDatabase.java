package io.vaultstream.testing;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The PostgreSQL the tests use: the server named by {@code VAULTSTREAM_TEST_JDBC_URL}, or else an
 * embedded PostgreSQL 17 started once per JVM. Each test works in its own random schema.
 */
public final class TestDatabase {
  private static String url;
  private static EmbeddedPostgres embedded;

  private TestDatabase() {}

  /** The JDBC URL (user and password included). */
  public static synchronized String jdbcUrl() {
    if (url == null) {
      String given = System.getenv("VAULTSTREAM_TEST_JDBC_URL");
      if (given != null && !given.isBlank()) {
        url = given;
      } else {
        try {
          embedded = EmbeddedPostgres.builder().start();
        } catch (IOException e) {
          throw new UncheckedIOException("Cannot start the embedded PostgreSQL", e);
        }
        url = embedded.getJdbcUrl("postgres", "postgres");
        Runtime.getRuntime()
            .addShutdownHook(
                new Thread(
                    () -> {
                      try {
                        embedded.close();
                      } catch (IOException ignored) {
                        // the JVM is going away
                      }
                    }));
      }
    }
    return url;
  }

  /** Engine options for the test database and a schema, with a small pool. */
  public static io.vaultstream.engine.VaultOptions.Builder options(String schema) {
    return io.vaultstream.engine.VaultOptions.builder()
        .jdbcUrl(jdbcUrl())
        .targetSchema(schema)
        .poolMaxSize(2);
  }

  /** A new connection (auto-commit, UTC). */
  public static Connection connect() throws SQLException {
    Connection c = DriverManager.getConnection(jdbcUrl());
    try (Statement st = c.createStatement()) {
      st.execute("SET TIME ZONE 'UTC'");
    }
    return c;
  }

  /** A new, empty schema with a random name. */
  public static String newSchema() throws SQLException {
    String name = "t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    try (Connection c = connect();
        Statement st = c.createStatement()) {
      st.execute("CREATE SCHEMA " + name);
    }
    return name;
  }

  /** Runs a query and returns each row as its columns' text joined by '|'. */
  public static List<String> rows(String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = connect();
        Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      while (rs.next()) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          if (i > 1) {
            sb.append('|');
          }
          sb.append(rs.getString(i));
        }
        out.add(sb.toString());
      }
    }
    return out;
  }

  /** Runs a query returning one value. */
  public static String value(String sql) throws SQLException {
    List<String> r = rows(sql);
    return r.isEmpty() ? null : r.get(0);
  }

  /** Runs statements. */
  public static void execute(String... sql) throws SQLException {
    try (Connection c = connect();
        Statement st = c.createStatement()) {
      for (String s : sql) {
        st.execute(s);
      }
    }
  }
}
