package io.vaultstream.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/**
 * The MariaDB named by {@code VAULTSTREAM_TEST_MARIADB_URL}, by default root on 127.0.0.1:3306. A
 * schema is a database here (utf8mb4, binary collation); the databases the tests create are dropped
 * after each test class.
 */
final class MariaDbTarget extends TargetDatabase {
  static final MariaDbTarget INSTANCE = new MariaDbTarget();
  static final String DEFAULT_URL = "jdbc:mariadb://127.0.0.1:3306/test?user=root";

  private static final List<String> CREATED = new ArrayList<>();

  private final String url;
  private String unreachable;
  private boolean probed;

  private MariaDbTarget() {
    String given = System.getenv("VAULTSTREAM_TEST_MARIADB_URL");
    url = given == null || given.isBlank() ? DEFAULT_URL : given;
  }

  @Override
  public String name() {
    return "MariaDB";
  }

  @Override
  public String jdbcUrl() {
    return url;
  }

  @Override
  public synchronized void assumeReachable() {
    if (!probed) {
      probed = true;
      try (Connection c = DriverManager.getConnection(url)) {
        c.isValid(5);
      } catch (SQLException e) {
        unreachable = e.getMessage();
      }
    }
    Assumptions.assumeTrue(
        unreachable == null,
        () ->
            "MariaDB at "
                + url.replaceAll("password=[^&;]*", "password=***")
                + " cannot be reached: "
                + unreachable);
  }

  @Override
  protected void prepare(Statement st) throws SQLException {
    st.execute("SET time_zone = '+00:00'");
  }

  @Override
  protected String createSchema(String name) {
    return "CREATE DATABASE " + name + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin";
  }

  @Override
  protected void created(String schema) {
    synchronized (CREATED) {
      CREATED.add(schema);
    }
  }

  static void dropCreated() throws SQLException {
    List<String> drop;
    synchronized (CREATED) {
      drop = new ArrayList<>(CREATED);
      CREATED.clear();
    }
    for (String db : drop) {
      INSTANCE.execute("DROP DATABASE IF EXISTS " + db);
    }
  }

  @Override
  public String quote(String identifier) {
    return "`" + identifier.replace("`", "``") + "`";
  }

  /** Backslash escapes a character in MariaDB's string literals (by default). */
  @Override
  public String literal(String text) {
    return "'" + text.replace("\\", "\\\\").replace("'", "''") + "'";
  }

  @Override
  public String missingTableSqlState() {
    return "42S02";
  }

  @Override
  public String textDataType() {
    return "longtext";
  }

  @Override
  public String decimalType() {
    return "DECIMAL(12,2)";
  }

  @Override
  public String binaryDataType() {
    return "binary";
  }

  @Override
  public void renameTable(String schema, String from, String to) throws SQLException {
    execute("RENAME TABLE " + schema + "." + from + " TO " + schema + "." + to);
  }

  @Override
  public void addCheck(
      String schema, String table, String name, String condition, boolean existingRowsToo)
      throws SQLException {
    // The session setting only spares the rows already there: other sessions still check.
    execute(
        "SET SESSION check_constraint_checks = " + (existingRowsToo ? "1" : "0"),
        checkStatement(schema, table, name, condition));
  }
}
