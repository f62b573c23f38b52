package io.vaultstream.bench.connect;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

/**
 * The database's share of the physical ceiling: the rows a load left in the vault, copied with
 * {@code COPY ... FROM STDIN} into empty copies of the same tables (every table of the vault's
 * schema, {@code LIKE ... INCLUDING ALL}: the same columns, keys and indexes), in one transaction.
 * The rows are read out first, so only the writing is timed: what the load's writes cost this
 * server with no loader logic at all.
 */
final class VaultCopy {
  /** The copy's seconds and rows. */
  record Result(double seconds, long rows, long bytes) {}

  private VaultCopy() {}

  static Result run(BenchDatabase target, String schema) throws Exception {
    Connection db = target.db;
    CopyManager copy = db.unwrap(PGConnection.class).getCopyAPI();
    Map<String, byte[]> data = readOut(target, copy, schema);
    String into = schema + "_copy";
    createCopies(target, schema, into, data.keySet());
    boolean autoCommit = db.getAutoCommit();
    db.setAutoCommit(false);
    long rows = 0;
    long bytes = 0;
    long t0 = System.nanoTime();
    try {
      for (var e : data.entrySet()) {
        rows +=
            copy.copyIn(
                "COPY " + into + "." + target.quote(e.getKey()) + " FROM STDIN",
                new ByteArrayInputStream(e.getValue()));
        bytes += e.getValue().length;
      }
      db.commit();
    } catch (SQLException e) {
      db.rollback();
      throw e;
    } finally {
      db.setAutoCommit(autoCommit);
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    try (Statement st = db.createStatement()) {
      st.execute("DROP SCHEMA " + into + " CASCADE");
    }
    return new Result(seconds, rows, bytes);
  }

  /** Each table's rows in COPY's text format, read before anything is timed. */
  private static Map<String, byte[]> readOut(BenchDatabase target, CopyManager copy, String schema)
      throws Exception {
    Map<String, byte[]> data = new LinkedHashMap<>();
    for (String t : target.tables(schema)) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      copy.copyOut("COPY " + schema + "." + target.quote(t) + " TO STDOUT", out);
      data.put(t, out.toByteArray());
    }
    return data;
  }

  /** Schema {@code into} with an empty copy of each table: its columns, keys and indexes. */
  private static void createCopies(
      BenchDatabase target, String schema, String into, java.util.Collection<String> tables)
      throws SQLException {
    try (Statement st = target.db.createStatement()) {
      st.execute("DROP SCHEMA IF EXISTS " + into + " CASCADE");
      st.execute("CREATE SCHEMA " + into);
      for (String t : tables) {
        String name = target.quote(t);
        st.execute(
            "CREATE TABLE "
                + into
                + "."
                + name
                + " (LIKE "
                + schema
                + "."
                + name
                + " INCLUDING ALL)");
      }
    }
  }
}
