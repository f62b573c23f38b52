package io.vaultstream.testing;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * A PostgreSQL schema copied aside and put back, as a database restored from a backup (or failed
 * over to a standby that had not received the last commits) goes back to an earlier state: the
 * scenario of a vault that lost transactions it had acknowledged.
 */
public final class VaultSnapshot {
  private VaultSnapshot() {}

  /** A copy of every table of {@code schema} in a new schema; returns its name. */
  public static String take(String schema) throws SQLException {
    String snapshot = TestDatabase.newSchema();
    for (String t : tables(schema)) {
      TestDatabase.execute(
          "CREATE TABLE " + snapshot + "." + t + " AS SELECT * FROM " + schema + "." + t);
    }
    return snapshot;
  }

  /** Every table of {@code schema} as in {@code snapshot} again, in one transaction. */
  public static void restore(String schema, String snapshot) throws SQLException {
    try (Connection c = TestDatabase.connect();
        Statement st = c.createStatement()) {
      c.setAutoCommit(false);
      for (String t : tables(schema)) {
        st.execute("TRUNCATE " + schema + "." + t);
        st.execute("INSERT INTO " + schema + "." + t + " SELECT * FROM " + snapshot + "." + t);
      }
      c.commit();
    }
  }

  /**
   * The schema as a backup taken before the loader created anything would restore it: every table
   * dropped.
   */
  public static void restoreToEmpty(String schema) throws SQLException {
    try (Connection c = TestDatabase.connect();
        Statement st = c.createStatement()) {
      c.setAutoCommit(false);
      for (String t : tables(schema)) {
        st.execute("DROP TABLE " + schema + "." + t + " CASCADE");
      }
      c.commit();
    }
  }

  private static List<String> tables(String schema) throws SQLException {
    return TestDatabase.rows(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = '"
            + schema
            + "' AND table_type = 'BASE TABLE'");
  }
}
