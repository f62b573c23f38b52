package io.vaultstream.spark;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The PostgreSQL the benchmark loads into: one given by URL, or an embedded PostgreSQL 17; and what
 * the benchmark reads back from the vault's schema (vault rows, error rows, stored positions).
 */
final class SparkBenchDatabase implements AutoCloseable {
  final String url;
  final String schema;
  final String description;
  private final EmbeddedPostgres embedded;
  private final Connection db;

  SparkBenchDatabase(SparkBenchOptions o) throws Exception {
    schema = o.schema;
    if (o.jdbcUrl == null) {
      embedded = EmbeddedPostgres.builder().start();
      url = embedded.getJdbcUrl("postgres", "postgres");
    } else {
      embedded = null;
      url = o.jdbcUrl;
    }
    try {
      db =
          o.jdbcUser == null && o.jdbcPassword == null
              ? DriverManager.getConnection(url)
              : DriverManager.getConnection(url, o.jdbcUser, o.jdbcPassword);
    } catch (SQLException e) {
      close();
      throw new IllegalStateException(
          "cannot connect to " + SparkBenchOptions.mask(url) + ": " + e.getMessage(), e);
    }
    description =
        (embedded != null ? "embedded PostgreSQL " : "PostgreSQL ")
            + single("SHOW server_version")
            + (embedded != null ? " (io.zonky, started by the benchmark)" : "")
            + " at "
            + SparkBenchOptions.mask(url)
            + ", autovacuum "
            + single("SHOW autovacuum")
            + ", schema "
            + schema;
  }

  /** Drops the benchmark's schema, so the run starts from an empty vault. */
  void reset() throws SQLException {
    try (Statement st = db.createStatement()) {
      st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
    }
  }

  /** The tables of the benchmark's schema. */
  List<String> tables() throws SQLException {
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

  /** Rows per vault table: tables not starting with vs_, rows other than the ghosts ('SYSTEM'). */
  Map<String, Long> vaultRows() throws SQLException {
    Map<String, Long> out = new LinkedHashMap<>();
    for (String t : tables()) {
      if (!t.startsWith("vs_")) {
        out.put(
            t,
            count("SELECT count(*) FROM " + schema + "." + t + " WHERE record_source <> 'SYSTEM'"));
      }
    }
    return out;
  }

  /** Rows of the error table by error code. */
  Map<String, Long> errorsByCode() throws SQLException {
    return grouped(
        "SELECT error_code, count(*) FROM " + schema + ".vs_errors GROUP BY 1 ORDER BY 1");
  }

  /** A few error rows, to say what went wrong. */
  List<String> errorSamples(int limit) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement st = db.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT error_code, source_table, target_object, topic, kafka_partition,"
                    + " kafka_offset, operation, message FROM "
                    + schema
                    + ".vs_errors ORDER BY id LIMIT "
                    + limit)) {
      while (rs.next()) {
        out.add(
            String.format(
                "%s %s -> %s at %s/%d@%d (%s): %s",
                rs.getString(1),
                rs.getString(2),
                rs.getString(3),
                rs.getString(4),
                rs.getInt(5),
                rs.getLong(6),
                rs.getString(7),
                rs.getString(8)));
      }
    }
    return out;
  }

  /** Rows still waiting for a parent. */
  long waiting() throws SQLException {
    return count("SELECT count(*) FROM " + schema + ".vs_waiting");
  }

  /**
   * The Kafka positions the job stored with its rows: per source topic, the highest next offset
   * over the job's consumers (the ledger's pseudo topics left out).
   */
  Map<String, Long> storedPositions() throws SQLException {
    return grouped(
        "SELECT topic, max(next_offset) FROM "
            + schema
            + ".vs_progress WHERE topic NOT LIKE '"
            + BatchWriter.LEDGER
            + "/%' GROUP BY 1 ORDER BY 1");
  }

  private Map<String, Long> grouped(String sql) throws SQLException {
    Map<String, Long> out = new LinkedHashMap<>();
    try (Statement st = db.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      while (rs.next()) {
        out.put(rs.getString(1), rs.getLong(2));
      }
    }
    return out;
  }

  private long count(String sql) throws SQLException {
    return Long.parseLong(single(sql));
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
    try {
      if (db != null) {
        db.close();
      }
    } finally {
      if (embedded != null) {
        embedded.close();
      }
    }
  }
}
