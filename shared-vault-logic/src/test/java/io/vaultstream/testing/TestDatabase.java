package io.vaultstream.testing;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The PostgreSQL the tests use ({@link TargetDatabase#postgres()}): the server named by {@code
 * VAULTSTREAM_TEST_JDBC_URL}, or else an embedded PostgreSQL started once per JVM. Each test works
 * in its own random schema. Query results are PostgreSQL's own text ({@code getString}), for the
 * tests of PostgreSQL specifics; {@link TargetDatabase#rows} prints them the same on every
 * database.
 */
public final class TestDatabase {
  private TestDatabase() {}

  /** The JDBC URL (user and password included). */
  public static String jdbcUrl() {
    return TargetDatabase.postgres().jdbcUrl();
  }

  /** Engine options for the test database and a schema, with a small pool. */
  public static io.vaultstream.engine.VaultOptionsBuilder options(String schema) {
    return TargetDatabase.postgres().options(schema);
  }

  /** A new connection (auto-commit, UTC). */
  public static Connection connect() throws SQLException {
    return TargetDatabase.postgres().connect();
  }

  /** A new, empty schema with a random name. */
  public static String newSchema() throws SQLException {
    return TargetDatabase.postgres().newSchema();
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
    TargetDatabase.postgres().execute(sql);
  }

  /**
   * The database refuses every write to the table from now on, as after a privilege revoked
   * (SQLSTATE 42501, a failure no retry gets past): a trigger raises it. {@link #allowWrites} takes
   * it away. (A table renamed away would not do: the loader creates a lost table again.)
   */
  public static void refuseWrites(String schema, String table) throws SQLException {
    execute(
        "CREATE OR REPLACE FUNCTION "
            + schema
            + ".refuse_writes() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION"
            + " 'permission denied for table %', TG_TABLE_NAME USING ERRCODE ="
            + " 'insufficient_privilege'; END $$",
        "CREATE TRIGGER refuse_writes BEFORE INSERT OR UPDATE OR DELETE ON "
            + schema
            + "."
            + table
            + " FOR EACH STATEMENT EXECUTE FUNCTION "
            + schema
            + ".refuse_writes()");
  }

  /** Takes away what {@link #refuseWrites} did. */
  public static void allowWrites(String schema, String table) throws SQLException {
    execute("DROP TRIGGER refuse_writes ON " + schema + "." + table);
  }
}
