package io.vaultstream.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * MariaDB's operator statements run on a real MariaDB (VAULTSTREAM_TEST_MARIADB_URL, else
 * 127.0.0.1:3306 as root), in a database of their own: what they count and read back.
 */
class MariaDbOperatorStatementsIT {
  private static final OperatorStatements D = MariaDbOperatorGoldenTest.ALONE;
  private Connection c;
  private String db;

  @BeforeEach
  void connect() throws SQLException {
    String given = System.getenv("VAULTSTREAM_TEST_MARIADB_URL");
    String url =
        given != null && !given.isBlank() ? given : "jdbc:mariadb://127.0.0.1:3306/test?user=root";
    try {
      c =
          DriverManager.getConnection(
              url + (url.contains("?") ? "&" : "?") + "connectTimeout=3000");
    } catch (SQLException e) {
      Assumptions.abort(
          "MariaDB is not reachable (set VAULTSTREAM_TEST_MARIADB_URL): " + e.getMessage());
    }
    db = "t_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    execute(
        "CREATE DATABASE " + db,
        "CREATE TABLE "
            + db
            + ".hub_customer (customer_hk CHAR(32) PRIMARY KEY,"
            + " load_dts DATETIME(6), record_source VARCHAR(100))",
        "INSERT INTO "
            + db
            + ".hub_customer VALUES ('0', '1900-01-01', 'SYSTEM'),"
            + " ('1', '2026-01-01 00:00:01', 'SHOP.customers'),"
            + " ('2', '2026-01-01 00:00:02.5', 'SHOP.customers'), ('3', '2026-01-01', 'CRM')",
        "CREATE TABLE " + db + ".vs_waiting (id BIGINT PRIMARY KEY, state VARCHAR(20))",
        "INSERT INTO " + db + ".vs_waiting VALUES (1, 'WAITING'), (2, 'WAITING'), (3, 'HELD')",
        "CREATE TABLE " + db + ".vs_errors (id BIGINT PRIMARY KEY, first_seen DATETIME(6))",
        "INSERT INTO "
            + db
            + ".vs_errors VALUES (1, '2026-01-01 00:00:01.25'),"
            + " (2, '2026-01-01 00:00:02'), (3, '1970-01-01 00:00:03')",
        "CREATE TABLE "
            + db
            + ".vs_progress (consumer VARCHAR(100), topic VARCHAR(200),"
            + " kafka_partition INT, next_offset BIGINT, updated_at DATETIME(6),"
            + " PRIMARY KEY (consumer, topic, kafka_partition))",
        "INSERT INTO "
            + db
            + ".vs_progress VALUES ('c', 't', 1, 7, '2026-01-02 03:04:05'),"
            + " ('c', 't', 0, 42, '2026-01-02 03:04:05')",
        "CREATE TABLE "
            + db
            + ".customers (id INT UNSIGNED, region CHAR(2), customer_no"
            + " VARCHAR(20) NOT NULL UNIQUE, active TINYINT(1), born DATE, PRIMARY KEY (region, id))",
        "CREATE TABLE "
            + db
            + ".orders (id BIGINT PRIMARY KEY, c_region CHAR(2), c_id INT UNSIGNED,"
            + " placed_at TIMESTAMP(3) NULL, FOREIGN KEY (c_region, c_id) REFERENCES "
            + db
            + ".customers (region, id))",
        "CREATE VIEW " + db + ".big_orders AS SELECT id FROM " + db + ".orders");
  }

  @AfterEach
  void drop() throws SQLException {
    if (c != null) {
      execute("DROP DATABASE IF EXISTS " + db);
      c.close();
    }
  }

  @Test
  void theVaultsRowsWaitingRowsAndProgressAreCounted() throws SQLException {
    assertThat(
            rows(
                D.countRowsPerRecordSource(db, "hub_customer", "record_source", "load_dts")
                    + " ORDER BY 1",
                "SYSTEM"))
        .containsExactly(
            "CRM|1|2026-01-01 00:00:00.000000", "SHOP.customers|2|2026-01-01 00:00:02.500000");
    assertThat(rows(D.countWaitingByState(db, "vs_waiting")))
        .containsExactly("HELD|1", "WAITING|2");
    assertThat(rows(D.selectAllProgress(db, "vs_progress")))
        .containsExactly(
            "c|t|0|42|2026-01-02 03:04:05.000000", "c|t|1|7|2026-01-02 03:04:05.000000");
    assertThat(rows(D.selectTables(), db))
        .contains("big_orders", "customers", "hub_customer", "vs_errors");
    assertThat(rows(D.tableExists(), db, "vs_errors")).hasSize(1);
    assertThat(rows(D.tableExists(), db, "vs_nothing")).isEmpty();
    assertThat(rows(D.selectSchemasWithTables(2), "vs_errors", "vs_progress")).contains(db);
  }

  @Test
  void firstSeenIsReadAsEpochMillisForIdsBoundAsOneJsonArray() throws SQLException {
    // The form in which the MariaDB dialect binds a set of numbers: one JSON array text.
    assertThat(rows(D.selectErrorFirstSeenMillis(db, "vs_errors") + " ORDER BY 1", "[1,3,99]"))
        .containsExactly("1|1767225601250", "3|3000");
  }

  @Test
  void aSourceDatabasesColumnsAndConstraintsAreReadInTheModelsTypes() throws SQLException {
    assertThat(rows(D.selectSourceColumns(), db))
        .containsSubsequence(
            "customers|id|bigint",
            "customers|region|char(2)",
            "customers|customer_no|varchar(20)",
            "customers|active|boolean",
            "customers|born|date",
            "orders|id|bigint",
            "orders|c_region|char(2)",
            "orders|c_id|bigint",
            "orders|placed_at|timestamptz(3)")
        .noneMatch(r -> r.startsWith("big_orders|"));
    assertThat(rows(D.selectSourceConstraints(), db))
        .contains(
            "customers|PRIMARY|p|region|null|null",
            "customers|PRIMARY|p|id|null|null",
            "customers|customer_no|u|customer_no|null|null")
        .containsSubsequence(
            "orders|orders_ibfk_1|f|c_region|customers|region",
            "orders|orders_ibfk_1|f|c_id|customers|id",
            "orders|PRIMARY|p|id|null|null")
        .containsSubsequence(
            "customers|PRIMARY|p|region|null|null", "customers|PRIMARY|p|id|null|null");
  }

  private void execute(String... sql) throws SQLException {
    try (Statement st = c.createStatement()) {
      for (String s : sql) {
        st.execute(s);
      }
    }
  }

  private List<String> rows(String sql, String... params) throws SQLException {
    List<String> out = new ArrayList<>();
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        ps.setString(i + 1, params[i]);
      }
      try (ResultSet rs = ps.executeQuery()) {
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          List<String> cols = new ArrayList<>();
          for (int i = 1; i <= n; i++) {
            cols.add(rs.getString(i));
          }
          out.add(String.join("|", cols));
        }
      }
    }
    return out;
  }
}
