package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.zaxxer.hikari.HikariDataSource;
import io.vaultstream.testing.TestDatabase;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

/**
 * What a connection of the loader's own pool is on PostgreSQL: its session settings hold whatever
 * its first transaction does, and its server process keeps the memory its statements free.
 */
class PostgresPoolIT {
  private static final int WARM_UP = 5;
  private static final int COPIES = 20;
  private static final int ROWS = 1_500;

  /**
   * The pool commits a new connection's set-up: a first transaction rolled back (as a plan's reads
   * end) leaves the time zone, the plan cache mode and the statement timeout as they were set.
   */
  @Test
  void theSessionSettingsOutliveAFirstTransactionRolledBack() throws Exception {
    VaultOptions options =
        TestDatabase.options(TestDatabase.newSchema()).statementTimeoutMs(45_000).build();
    try (HikariDataSource pool = Pool.open(options);
        Connection c = pool.getConnection();
        Statement st = c.createStatement()) {
      st.execute("SELECT 1");
      c.rollback();
      assertThat(settings(st)).containsExactly("UTC", "off", "force_custom_plan", "off", "45s");
    }
  }

  /**
   * The server process's memory: its minor page faults per {@code COPY}, read from {@code /proc}
   * (the test's PostgreSQL runs on this machine), against those of a plain connection running the
   * same statements into a table of the same shape. Both fault in the shared buffers of the pages
   * they fill; only the plain one also takes its working memory again at each statement.
   */
  @Test
  void aPooledConnectionsServerProcessKeepsWhatItFrees() throws Exception {
    String schema = TestDatabase.newSchema();
    long plain;
    try (Connection c = TestDatabase.connect()) {
      plain = faultsPerCopy(c, schema + ".plain");
    }
    long pooled;
    VaultOptions options = TestDatabase.options(schema).build();
    try (HikariDataSource pool = Pool.open(options);
        Connection c = pool.getConnection()) {
      pooled = faultsPerCopy(c, schema + ".pooled");
    }
    // 4 KiB pages: the plain connection's COPYs of this size take some 150 KiB again each.
    assertThat(pooled)
        .as("minor page faults per COPY: pooled connection %s, plain connection %s", pooled, plain)
        .isLessThanOrEqualTo(plain - 20);
  }

  /**
   * With the preparation turned off, a pooled connection's server process takes its working memory
   * again at each statement, as a plain connection's does; the settings are still made.
   */
  @Test
  void thePreparationOfTheServerProcessCanBeTurnedOff() throws Exception {
    String schema = TestDatabase.newSchema();
    VaultOptions options =
        TestDatabase.options(schema).prepareServerProcess(false).statementTimeoutMs(45_000).build();
    long pooled;
    long plain;
    try (HikariDataSource pool = Pool.open(options);
        Connection c = pool.getConnection()) {
      // Checked first: the page faults are skipped where the server runs on another machine.
      try (Statement st = c.createStatement()) {
        assertThat(settings(st)).containsExactly("UTC", "off", "force_custom_plan", "off", "45s");
      }
      try (Connection p = TestDatabase.connect()) {
        plain = faultsPerCopy(p, schema + ".plain");
      }
      pooled = faultsPerCopy(c, schema + ".pooled");
    }
    assertThat(pooled)
        .as("minor page faults per COPY: pooled connection %s, plain connection %s", pooled, plain)
        .isGreaterThan(plain - 20);
  }

  private static List<String> settings(Statement st) throws SQLException {
    List<String> values = new ArrayList<>();
    for (String name :
        new String[] {
          "TimeZone", "jit", "plan_cache_mode", "enable_bitmapscan", "statement_timeout"
        }) {
      try (ResultSet rs = st.executeQuery("SHOW " + name)) {
        rs.next();
        values.add(rs.getString(1));
      }
    }
    return values;
  }

  /**
   * The server process's minor page faults per COPY of {@link #ROWS} rows into a new link-shaped
   * table, one per transaction, after {@link #WARM_UP} of them.
   */
  private static long faultsPerCopy(Connection c, String table) throws SQLException, IOException {
    Path stat;
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
      rs.next();
      stat = Path.of("/proc", Integer.toString(rs.getInt(1)), "stat");
    }
    // A server in a container has process ids of its own: the same number here is another process.
    assumeTrue(
        Files.isReadable(stat) && Files.readString(stat).contains("(postgres)"),
        "the test's PostgreSQL runs elsewhere: its process is not " + stat);
    try (Statement st = c.createStatement()) {
      st.execute(
          "CREATE TABLE "
              + table
              + " (k char(32) PRIMARY KEY, a char(32), b char(32), load_dts timestamp, src text,"
              + " loaded_at timestamptz)");
    }
    boolean autoCommit = c.getAutoCommit();
    c.setAutoCommit(false);
    for (int i = 0; i < WARM_UP; i++) {
      copy(c, table, i);
    }
    long before = minorFaults(stat);
    for (int i = WARM_UP; i < WARM_UP + COPIES; i++) {
      copy(c, table, i);
    }
    long faults = minorFaults(stat) - before;
    c.setAutoCommit(autoCommit);
    return faults / COPIES;
  }

  private static void copy(Connection c, String table, int n) throws SQLException, IOException {
    StringBuilder rows = new StringBuilder();
    for (int i = 0; i < ROWS; i++) {
      String k = String.format("%016x%016x", n * 0x9E3779B97F4A7C15L, i * 0xC2B2AE3D27D4EB4FL);
      rows.append(k)
          .append('\t')
          .append(k, 16, 32)
          .append(k, 0, 16)
          .append('\t')
          .append(k, 8, 32)
          .append(k, 0, 8)
          .append("\t2026-12-06 10:00:00.")
          .append(String.format("%06d", i))
          .append("\tshop.public.order_lines\t2026-12-06 11:00:00+00\n");
    }
    c.unwrap(PGConnection.class)
        .getCopyAPI()
        .copyIn("COPY " + table + " FROM STDIN", new StringReader(rows.toString()));
    c.commit();
  }

  /** Field 10 of {@code /proc/<pid>/stat}, after the command name (which may hold spaces). */
  private static long minorFaults(Path stat) throws IOException {
    String s = Files.readString(stat);
    String[] fields = s.substring(s.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(fields[7]);
  }
}
