package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.StatementLog;
import io.vaultstream.testing.TestClock;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * On MariaDB, the reads and writes of a multi-active satellite's sets reach it through its primary
 * key: the statements of a load (new sets, changed and deleted members, a late change) are run
 * again under EXPLAIN, with the values they were given, after the satellite grew by 60,000 rows
 * without ANALYZE; no access to it may be a full scan of the table or of an index.
 */
class MariaDbMultiActivePlanShapeIT {
  private static final String URL =
      System.getenv()
          .getOrDefault(
              "VAULTSTREAM_TEST_MARIADB_URL", "jdbc:mariadb://127.0.0.1:3306/test?user=root");
  private static final VaultModel PHONES = ForeignSatellitesContract.phones();
  private static final String TABLE = "msat_customer_phone";
  private String schema;

  @BeforeEach
  void createDatabase() {
    schema = "t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    try (Connection c = DriverManager.getConnection(URL);
        Statement st = c.createStatement()) {
      st.execute("CREATE DATABASE " + schema + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
    } catch (SQLException e) {
      Assumptions.abort("MariaDB at " + URL + " cannot be reached: " + e.getMessage());
    }
  }

  @AfterEach
  void dropDatabase() throws SQLException {
    try (Connection c = DriverManager.getConnection(URL);
        Statement st = c.createStatement()) {
      st.execute("DROP DATABASE IF EXISTS " + schema);
    }
  }

  @Test
  void theSetReadProbesThePrimaryKey() throws Exception {
    StatementLog log = new StatementLog(URL);
    TestClock clock = new TestClock(Instant.parse("2026-06-01T00:00:00Z"));
    VaultOptions options =
        VaultOptions.builder().jdbcUrl(URL).targetSchema(schema).poolMaxSize(2).build();
    try (VaultLoader loader = VaultLoader.withDataSource(PHONES, options, log, clock)) {
      MultiActivePlanShapeIT.load(loader, new EventFactory(PHONES));
    }
    List<StatementLog.Executed> executed = new ArrayList<>(log.executed());
    executed.removeIf(e -> !e.sql().contains("`" + TABLE + "`") || e.sql().contains("INSERT"));
    assertThat(executed).anyMatch(e -> e.sql().contains("DELETE"));
    assertThat(executed).anyMatch(e -> e.sql().startsWith("SELECT"));
    List<String> problems = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(URL);
        Statement st = c.createStatement()) {
      st.execute("SET time_zone = '+00:00', sql_mode = 'STRICT_ALL_TABLES,NO_BACKSLASH_ESCAPES'");
      st.execute(
          "INSERT INTO "
              + schema
              + "."
              + TABLE
              + " (customer_hk, phone_type, load_dts, record_source, hash_diff, delete_flag,"
              + " number, loaded_at) SELECT UPPER(MD5(seq)), 'home', TIMESTAMP '2020-01-01 00:00:00'"
              + " + INTERVAL seq SECOND, 'GROWN', UPPER(MD5(seq)), 0, 'n', NOW(6)"
              + " FROM seq_1_to_60000");
      for (StatementLog.Executed e : executed) {
        String sql = MariaDbPlanShapeIT.inline(e.sql(), e.parameters());
        try (ResultSet rs = st.executeQuery("EXPLAIN " + sql)) {
          while (rs.next()) {
            String table = rs.getString("table");
            String type = rs.getString("type");
            boolean batch = table == null || table.startsWith("<") || table.length() <= 2;
            if (!batch && ("ALL".equals(type) || "index".equals(type))) {
              problems.add(table + ": " + type + " in " + e.sql().replace('\n', ' '));
            }
          }
        }
      }
    }
    assertThat(problems).as("full scans of the set table").isEmpty();
  }
}
