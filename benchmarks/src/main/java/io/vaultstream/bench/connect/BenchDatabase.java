package io.vaultstream.bench.connect;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** The PostgreSQL both sinks write to: one given by URL, or an embedded PostgreSQL 17. */
final class BenchDatabase implements AutoCloseable {
  final String url;
  final Connection db;
  final String description;
  private final EmbeddedPostgres embedded;

  BenchDatabase(String givenUrl) throws Exception {
    if (givenUrl == null) {
      embedded = EmbeddedPostgres.builder().start();
      url = embedded.getJdbcUrl("postgres", "postgres");
    } else {
      embedded = null;
      url = givenUrl;
    }
    db = DriverManager.getConnection(url);
    String version = single("SHOW server_version");
    description =
        (embedded != null ? "embedded PostgreSQL " : "PostgreSQL ")
            + version
            + (embedded != null ? " (io.zonky, started by this harness)" : " at " + url)
            + ", autovacuum "
            + single("SHOW autovacuum");
  }

  /** Drops the sinks' schemas (a run starts empty) and creates the Debezium sink's. */
  void reset() throws SQLException {
    try (Statement st = db.createStatement()) {
      st.execute("DROP SCHEMA IF EXISTS " + SinkConfigs.VAULT_SCHEMA + " CASCADE");
      st.execute("DROP SCHEMA IF EXISTS " + SinkConfigs.JDBC_SCHEMA + " CASCADE");
      st.execute("CREATE SCHEMA " + SinkConfigs.JDBC_SCHEMA);
    }
  }

  /** Rows in the vault, without the engine's vs_* tables and the ghost rows ('SYSTEM'). */
  long vaultRows() throws SQLException {
    long total = 0;
    for (String t : tables(SinkConfigs.VAULT_SCHEMA)) {
      if (!t.startsWith("vs_")) {
        total += count(SinkConfigs.VAULT_SCHEMA + "." + t + " WHERE record_source <> 'SYSTEM'");
      }
    }
    return total;
  }

  /** Rows of every table in {@code schema} (0 when it has none). */
  long rows(String schema) throws SQLException {
    long total = 0;
    for (String t : tables(schema)) {
      total += count(schema + ".\"" + t + "\"");
    }
    return total;
  }

  long count(String from) throws SQLException {
    return Long.parseLong(single("SELECT count(*) FROM " + from));
  }

  List<String> tables(String schema) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement st = db.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = '"
                    + schema
                    + "' ORDER BY 1")) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  private String single(String sql) throws SQLException {
    try (Statement st = db.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Override
  public void close() throws Exception {
    db.close();
    if (embedded != null) {
      embedded.close();
    }
  }
}
