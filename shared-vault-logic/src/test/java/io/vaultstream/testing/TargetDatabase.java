package io.vaultstream.testing;

import io.vaultstream.engine.VaultOptions;
import io.vaultstream.engine.VaultOptionsBuilder;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * A database the engine's behaviour tests run against. Query results are printed the same way on
 * every database, by JDBC type: timestamps as UTC {@code yyyy-MM-dd HH:mm:ss} with the microseconds
 * trimmed of trailing zeros, booleans as true/false, binary values as upper-case hex, NULL as null
 * and everything else (numbers, text) as the driver's text.
 */
public abstract class TargetDatabase {
  private static final DateTimeFormatter SECONDS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  /** The PostgreSQL of {@link TestDatabase}. */
  public static TargetDatabase postgres() {
    return PostgresTarget.INSTANCE;
  }

  /** The MariaDB named by {@code VAULTSTREAM_TEST_MARIADB_URL} (default: root on localhost). */
  public static TargetDatabase mariaDb() {
    return MariaDbTarget.INSTANCE;
  }

  /** An H2 database in memory, which the tests' example dialect serves. */
  public static TargetDatabase h2() {
    return H2Target.INSTANCE;
  }

  /** Drops the schemas the tests created where the database keeps them after the test class. */
  public static void dropCreatedSchemas() throws SQLException {
    MariaDbTarget.dropCreated();
  }

  /** The database's name, for messages. */
  public abstract String name();

  /** The JDBC URL (user and password included). */
  public abstract String jdbcUrl();

  /** Skips the running test (a JUnit assumption) when the database cannot be reached. */
  public abstract void assumeReachable();

  /** Runs the session settings a test connection needs (UTC). */
  protected void prepare(Statement st) throws SQLException {
    st.execute("SET TIME ZONE 'UTC'");
  }

  /** The statement creating an empty schema. */
  protected String createSchema(String name) {
    return "CREATE SCHEMA " + name;
  }

  /** An identifier quoted for the database: by default the standard's double quotes. */
  public String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }

  /** The SQLSTATE of the engine's failure "a vault table does not exist" on this database. */
  public abstract String missingTableSqlState();

  /** A string literal of the text: by default a quote doubled, as the standard writes it. */
  public String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  /** information_schema.columns.data_type of the loader's text columns. */
  public abstract String textDataType();

  /** The SQL type of an exact decimal column, as an operator would declare it. */
  public abstract String decimalType();

  /** information_schema.columns.data_type of a binary hash key column. */
  public abstract String binaryDataType();

  /** Renames a table within its schema. */
  public void renameTable(String schema, String from, String to) throws SQLException {
    execute("ALTER TABLE " + schema + "." + from + " RENAME TO " + to);
  }

  /**
   * Adds a check constraint; with {@code existingRowsToo} false the rows already in the table are
   * not checked (only the rows written from now on: {@link #sparingExistingRows}).
   */
  public void addCheck(
      String schema, String table, String name, String condition, boolean existingRowsToo)
      throws SQLException {
    execute(
        checkStatement(schema, table, name, condition)
            + (existingRowsToo ? "" : " " + sparingExistingRows()));
  }

  /** {@code ALTER TABLE ... ADD CONSTRAINT name CHECK (condition)}. */
  protected static String checkStatement(
      String schema, String table, String name, String condition) {
    return "ALTER TABLE "
        + schema
        + "."
        + table
        + " ADD CONSTRAINT "
        + name
        + " CHECK ("
        + condition
        + ")";
  }

  /** What ends {@code ADD CONSTRAINT ... CHECK} so that the rows already there are not checked. */
  protected String sparingExistingRows() {
    throw new UnsupportedOperationException(name() + " has no such clause");
  }

  /** Engine options for this database and a schema, with a small pool. */
  public VaultOptionsBuilder options(String schema) {
    return VaultOptions.builder().jdbcUrl(jdbcUrl()).targetSchema(schema).poolMaxSize(2);
  }

  /** A new connection (auto-commit, UTC). */
  public Connection connect() throws SQLException {
    Connection c = DriverManager.getConnection(jdbcUrl());
    try (Statement st = c.createStatement()) {
      prepare(st);
    } catch (SQLException e) {
      c.close();
      throw e;
    }
    return c;
  }

  /** A new, empty schema named t_ and 12 random hex digits. */
  public String newSchema() throws SQLException {
    String name = "t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    execute(createSchema(name));
    created(name);
    return name;
  }

  /** Called with each schema {@link #newSchema()} created. */
  protected void created(String schema) {}

  /** Runs a query and returns each row as its columns' values joined by '|'. */
  public List<String> rows(String sql) throws SQLException {
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
          sb.append(text(rs, i, md.getColumnType(i), md.getColumnTypeName(i)));
        }
        out.add(sb.toString());
      }
    }
    return out;
  }

  /** Runs a query returning one value. */
  public String value(String sql) throws SQLException {
    List<String> r = rows(sql);
    return r.isEmpty() ? null : r.get(0);
  }

  /** Runs statements on one connection. */
  public void execute(String... sql) throws SQLException {
    try (Connection c = connect();
        Statement st = c.createStatement()) {
      for (String s : sql) {
        st.execute(s);
      }
    }
  }

  /** A point in time printed as {@link #rows} prints timestamps. */
  public static String timestamp(long epochMicros) {
    Instant i =
        Instant.ofEpochSecond(Math.floorDiv(epochMicros, 1_000_000L))
            .plusNanos(Math.floorMod(epochMicros, 1_000_000L) * 1000L);
    return timestamp(LocalDateTime.ofInstant(i, ZoneOffset.UTC));
  }

  private static String timestamp(LocalDateTime t) {
    String out = t.format(SECONDS);
    int micros = t.getNano() / 1000;
    if (micros == 0) {
      return out;
    }
    return out + "." + String.format("%06d", micros).replaceAll("0+$", "");
  }

  private static String text(ResultSet rs, int i, int type, String typeName) throws SQLException {
    if ("uuid".equalsIgnoreCase(typeName)) {
      return String.valueOf(rs.getObject(i)); // as text everywhere (H2 reports it as binary)
    }
    switch (type) {
      case Types.BOOLEAN, Types.BIT -> {
        boolean b = rs.getBoolean(i);
        return rs.wasNull() ? "null" : Boolean.toString(b);
      }
      case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> {
        if (type == Types.TIMESTAMP_WITH_TIMEZONE || "timestamptz".equalsIgnoreCase(typeName)) {
          OffsetDateTime o = rs.getObject(i, OffsetDateTime.class);
          return o == null
              ? "null"
              : timestamp(o.withOffsetSameInstant(ZoneOffset.UTC).toLocalDateTime());
        }
        LocalDateTime t = rs.getObject(i, LocalDateTime.class);
        return t == null ? "null" : timestamp(t);
      }
      case Types.DATE -> {
        LocalDate d = rs.getObject(i, LocalDate.class);
        return d == null ? "null" : d.toString();
      }
      case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> {
        byte[] b = rs.getBytes(i);
        return b == null ? "null" : HexFormat.of().withUpperCase().formatHex(b);
      }
      default -> {
        return String.valueOf(rs.getString(i));
      }
    }
  }

  @Override
  public String toString() {
    return name();
  }
}
