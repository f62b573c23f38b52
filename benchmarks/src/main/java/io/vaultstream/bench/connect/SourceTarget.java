package io.vaultstream.bench.connect;

import java.sql.SQLException;
import java.sql.Statement;

/**
 * What the real-source benchmark does to its target database apart from the sinks: a sink's schema
 * made empty before each load, and C of the physical ceiling, a bulk load with no loader logic. On
 * PostgreSQL a schema is a schema and C a COPY of the vault's own rows; on MariaDB a schema is a
 * database and C a LOAD DATA of as many satellite-shaped rows into one table (the vault's rows are
 * not read out there: its hash keys may be binary columns).
 */
final class SourceTarget {
  private SourceTarget() {}

  /** C's seconds, its name in the summary and the line that reports it. */
  record Bulk(double seconds, String what, String line) {}

  /**
   * Drops {@code schema}; for the Debezium JDBC sink ({@code vault} false) creates it again, empty
   * (on MariaDB with the tables the sink cannot create there itself). vaultstream creates its own.
   */
  static void reset(BenchDatabase target, String schema, boolean vault) throws SQLException {
    drop(target, schema);
    try (Statement st = target.db.createStatement()) {
      if (vault) {
        return;
      }
      if (target.mariadb) {
        st.execute("CREATE DATABASE " + schema + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
        for (String ddl : BenchDatabase.debeziumTablesOnMariaDb(schema)) {
          st.execute(ddl);
        }
      } else {
        st.execute("CREATE SCHEMA " + schema);
      }
    }
  }

  /** Drops {@code schema} (a database on MariaDB) if it is there. */
  static void drop(BenchDatabase target, String schema) throws SQLException {
    try (Statement st = target.db.createStatement()) {
      st.execute(
          (target.mariadb ? "DROP DATABASE IF EXISTS " : "DROP SCHEMA IF EXISTS ")
              + schema
              + (target.mariadb ? "" : " CASCADE"));
    }
  }

  /**
   * C: the bulk load that stands for the vault in {@code schema}, {@code events} records' worth.
   */
  static Bulk bulkLoad(BenchDatabase target, String schema, long events) throws Exception {
    if (target.mariadb) {
      long rows = target.vaultRows(schema);
      double seconds = LoadDataBaseline.run(target.url, rows);
      return new Bulk(
          seconds,
          "LOAD DATA, as many rows",
          String.format(
              "LOAD DATA of %,d satellite-shaped rows (as many as that vault's) into one table:"
                  + " %.2f s = %,.0f events/s",
              rows, seconds, events / seconds));
    }
    VaultCopy.Result copy = VaultCopy.run(target, schema);
    return new Bulk(
        copy.seconds(),
        "COPY of the vault's rows",
        String.format(
            "COPY of that vault's %,d rows (%,d bytes) into copies of its tables: %.2f s ="
                + " %,.0f events/s",
            copy.rows(), copy.bytes(), copy.seconds(), events / copy.seconds()));
  }
}
