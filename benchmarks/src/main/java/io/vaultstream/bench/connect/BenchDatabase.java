package io.vaultstream.bench.connect;

import io.vaultstream.samples.ShopTables;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The database both sinks write to: a PostgreSQL or MariaDB given by URL, or an embedded PostgreSQL
 * 17. On MariaDB a schema is a database (created in utf8mb4 with its binary collation).
 */
final class BenchDatabase implements AutoCloseable {
  final String url;
  final Connection db;
  final String description;
  final boolean mariadb;
  private final EmbeddedPostgres embedded;

  BenchDatabase(String givenUrl) throws Exception {
    if (givenUrl == null) {
      embedded = EmbeddedPostgres.builder().start();
      url = embedded.getJdbcUrl("postgres", "postgres");
    } else {
      embedded = null;
      url = givenUrl;
    }
    mariadb = url.startsWith("jdbc:mariadb:");
    db = DriverManager.getConnection(url);
    if (mariadb) {
      description =
          "MariaDB "
              + single("SELECT version()")
              + " at "
              + url
              + ", innodb_buffer_pool_size "
              + (Long.parseLong(single("SELECT @@innodb_buffer_pool_size")) >> 20)
              + " MiB, innodb_flush_log_at_trx_commit "
              + single("SELECT @@innodb_flush_log_at_trx_commit")
              + ", binary log "
              + (single("SELECT @@log_bin").equals("1") ? "on" : "off");
    } else {
      description =
          (embedded != null ? "embedded PostgreSQL " : "PostgreSQL ")
              + single("SHOW server_version")
              + (embedded != null ? " (io.zonky, started by this harness)" : " at " + url)
              + ", autovacuum "
              + single("SHOW autovacuum");
    }
  }

  /** Whether the connection is to MariaDB. */
  static boolean isMariaDb(Connection c) {
    try {
      return c.getMetaData().getDatabaseProductName().toLowerCase().contains("mariadb");
    } catch (SQLException e) {
      return false;
    }
  }

  /** Drops the sinks' schemas (databases on MariaDB): the server is left as the run found it. */
  void dropSchemas() throws SQLException {
    try (Statement st = db.createStatement()) {
      for (String schema : List.of(SinkConfigs.VAULT_SCHEMA, SinkConfigs.JDBC_SCHEMA)) {
        st.execute(
            mariadb
                ? "DROP DATABASE IF EXISTS " + schema
                : "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
      }
    }
  }

  /**
   * Drops the sinks' schemas (a run starts empty; vaultstream creates its own) and creates the
   * Debezium sink's.
   */
  void reset() throws SQLException {
    try (Statement st = db.createStatement()) {
      if (mariadb) {
        st.execute("DROP DATABASE IF EXISTS " + SinkConfigs.VAULT_SCHEMA);
        st.execute("DROP DATABASE IF EXISTS " + SinkConfigs.JDBC_SCHEMA);
        st.execute(
            "CREATE DATABASE "
                + SinkConfigs.JDBC_SCHEMA
                + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        for (String ddl : debeziumTablesOnMariaDb(SinkConfigs.JDBC_SCHEMA)) {
          st.execute(ddl);
        }
      } else {
        st.execute("DROP SCHEMA IF EXISTS " + SinkConfigs.VAULT_SCHEMA + " CASCADE");
        st.execute("DROP SCHEMA IF EXISTS " + SinkConfigs.JDBC_SCHEMA + " CASCADE");
        st.execute("CREATE SCHEMA " + SinkConfigs.JDBC_SCHEMA);
      }
    }
  }

  /**
   * The Debezium JDBC sink's tables that it cannot create on MariaDB itself, created here: for a
   * timestamp column with a schema default (customers.updated_at, the epoch) the sink writes {@code
   * timestamp(6) DEFAULT '1970-01-01T00:00:00' NOT NULL}, which MariaDB refuses ("Invalid default
   * value": its TIMESTAMP starts one second after the epoch). Such a table is created with the
   * columns the sink's own DDL gives (bigint, int, longtext, timestamp(6), NULL as the schema
   * says), that column as DATETIME(6) with the same default.
   */
  static List<String> debeziumTablesOnMariaDb(String database) {
    List<String> out = new ArrayList<>();
    for (ShopTables.Table t : ShopTables.TABLES) {
      boolean epochDefault =
          t.columns().stream()
              .anyMatch(
                  c -> c.type() == ShopTables.Type.ZONED_TIMESTAMP && c.defaultValue() != null);
      if (epochDefault) {
        out.add(debeziumTableOnMariaDb(database, t));
      }
    }
    return out;
  }

  /** The CREATE TABLE of one such table: the sink's columns, the epoch-default one DATETIME(6). */
  private static String debeziumTableOnMariaDb(String database, ShopTables.Table t) {
    List<String> columns = new ArrayList<>();
    List<String> key = new ArrayList<>();
    for (int i = 0; i < t.columns().size(); i++) {
      ShopTables.Column c = t.columns().get(i);
      boolean inKey = i < t.keyColumns();
      String type =
          switch (c.type()) {
            case INT64 -> "bigint";
            case INT32 -> "int";
            case STRING -> inKey ? "varchar(255)" : "longtext";
            case DECIMAL -> "decimal(12,2)";
            case ZONED_TIMESTAMP -> c.defaultValue() != null ? "datetime(6)" : "timestamp(6)";
          };
      String dflt =
          c.defaultValue() == null
              ? ""
              : " DEFAULT '" + c.defaultValue().replace('T', ' ').replaceFirst("Z$", "") + "'";
      columns.add(c.name() + " " + type + dflt + (c.optional() ? " NULL" : " NOT NULL"));
      if (inKey) {
        key.add(c.name());
      }
    }
    return "CREATE TABLE "
        + database
        + "."
        + t.topic().replace('.', '_')
        + " ("
        + String.join(", ", columns)
        + ", PRIMARY KEY ("
        + String.join(", ", key)
        + "))";
  }

  /** A table name quoted for this database. */
  String quote(String name) {
    return mariadb ? "`" + name.replace("`", "``") + "`" : "\"" + name.replace("\"", "\"\"") + "\"";
  }

  /** Rows in the vault, without the engine's vs_* tables and the ghost rows ('SYSTEM'). */
  long vaultRows() throws SQLException {
    return vaultRows(SinkConfigs.VAULT_SCHEMA);
  }

  /** The same in {@code schema}. */
  long vaultRows(String schema) throws SQLException {
    long total = 0;
    for (String t : tables(schema)) {
      if (!t.startsWith("vs_")) {
        total += count(schema + "." + t + " WHERE record_source <> 'SYSTEM'");
      }
    }
    return total;
  }

  /** Rows of every table in {@code schema} (0 when it has none). */
  long rows(String schema) throws SQLException {
    long total = 0;
    for (String t : tables(schema)) {
      total += count(schema + "." + quote(t));
    }
    return total;
  }

  long count(String from) throws SQLException {
    return Long.parseLong(single("SELECT count(*) FROM " + from));
  }

  /** The tables of {@code schema} (not its views), by name. */
  List<String> tables(String schema) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement st = db.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = '"
                    + schema
                    + "' AND table_type = 'BASE TABLE' ORDER BY 1")) {
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
