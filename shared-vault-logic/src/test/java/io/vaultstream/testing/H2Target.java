package io.vaultstream.testing;

import java.sql.SQLException;
import java.sql.Statement;

/**
 * An H2 database in this JVM's memory, the third database of the behaviour contracts: it runs the
 * example dialect of the tests ({@code io.vaultstream.dialect.h2}). Unquoted names fold to lower
 * case, as on PostgreSQL; the database lives until the JVM ends.
 */
final class H2Target extends TargetDatabase {
  static final H2Target INSTANCE = new H2Target();

  private static final String URL =
      "jdbc:h2:mem:vaultstream;DB_CLOSE_DELAY=-1;DATABASE_TO_LOWER=TRUE;LOCK_TIMEOUT=10000";

  private H2Target() {}

  @Override
  public String name() {
    return "H2";
  }

  @Override
  public String jdbcUrl() {
    return URL;
  }

  @Override
  public void assumeReachable() {
    // In memory: always there.
  }

  @Override
  protected void prepare(Statement st) throws SQLException {
    st.execute("SET TIME ZONE 'UTC'");
  }

  @Override
  protected String createSchema(String name) {
    return "CREATE SCHEMA " + name;
  }

  @Override
  public String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }

  @Override
  public String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  @Override
  public String missingTableSqlState() {
    return "42S02";
  }

  @Override
  public String textDataType() {
    return "character varying";
  }

  @Override
  public String decimalType() {
    return "NUMERIC(12,2)";
  }

  @Override
  public String binaryDataType() {
    return "binary";
  }

  @Override
  public void renameTable(String schema, String from, String to) throws SQLException {
    execute("ALTER TABLE " + schema + "." + from + " RENAME TO " + to);
  }

  @Override
  public void addCheck(
      String schema, String table, String name, String condition, boolean existingRowsToo)
      throws SQLException {
    execute(
        "ALTER TABLE "
            + schema
            + "."
            + table
            + " ADD CONSTRAINT "
            + name
            + " CHECK ("
            + condition
            + ")"
            + (existingRowsToo ? "" : " NOCHECK"));
  }
}
