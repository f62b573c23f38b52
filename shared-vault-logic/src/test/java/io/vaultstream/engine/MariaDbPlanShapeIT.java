package io.vaultstream.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Backlog;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.StatementLog;
import io.vaultstream.testing.TestClock;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * On MariaDB, every statement of a real load (key map, history, hubs and links, waiting rows, error
 * rows, progress) reaches the vault's tables through an index: each is run again under EXPLAIN with
 * the values it was given, after the load, and no access to a vault or queue table may be a full
 * scan (of the table or of an index), but for the sweep's ordered walk of a page of waiting and
 * error rows. The join order is fixed by the statements themselves, so statistics cannot change it.
 */
class MariaDbPlanShapeIT {
  private static final String URL =
      System.getenv()
          .getOrDefault(
              "VAULTSTREAM_TEST_MARIADB_URL", "jdbc:mariadb://127.0.0.1:3306/test?user=root");
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static final int BATCH = 1_000;
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
  void everyStatementOfALoadProbesAnIndex() throws Exception {
    StatementLog log = new StatementLog(URL);
    TestClock clock = new TestClock(Instant.parse("2026-06-01T00:00:00Z"));
    VaultOptions options =
        VaultOptions.builder()
            .jdbcUrl(URL)
            .targetSchema(schema)
            .poolMaxSize(2)
            .watermarkSeconds(60)
            .errorRetentionSeconds(60)
            .sweepPageRows(200)
            .checkStoredProgress(true)
            .build();
    try (VaultLoader loader = VaultLoader.withDataSource(SHOP, options, log, clock)) {
      load(loader, clock);
    }
    List<StatementLog.Executed> executed = new ArrayList<>(log.executed());
    executed.removeIf(e -> !isDml(e.sql()) || e.sql().contains("information_schema"));
    List<String> problems = new ArrayList<>();
    int explained = 0;
    int sweepsAfterKey = 0;
    try (Connection c = DriverManager.getConnection(URL);
        Statement st = c.createStatement()) {
      st.execute("SET time_zone = '+00:00', sql_mode = 'STRICT_ALL_TABLES,NO_BACKSLASH_ESCAPES'");
      for (StatementLog.Executed e : executed) {
        String sql = inline(e.sql(), e.parameters());
        try (ResultSet rs = st.executeQuery("EXPLAIN " + sql)) {
          explained++;
          while (rs.next()) {
            String table = rs.getString("table");
            String type = rs.getString("type");
            // vs_writers: the writers' marks, read whole by every batch (a row per loader)
            boolean vaultTable =
                table != null
                    && !table.startsWith("<")
                    && !isBatch(table)
                    && !table.equals("vs_writers");
            boolean fullScan = "ALL".equals(type) || "index".equals(type);
            if (vaultTable && fullScan && !isSweepPage(e.sql())) {
              problems.add(table + ": " + type + " in " + e.sql().replace('\n', ' '));
            }
            if ("y".equals(table) && isSweepPage(e.sql()) && e.sql().contains(") AS p ")) {
              // A page after the last one starts at the key after it: an index range, not a walk
              // from the table's first row.
              sweepsAfterKey++;
              if (!"range".equals(type)) {
                problems.add("a page after a key walks from the start (" + type + "): " + e.sql());
              }
            }
          }
        }
      }
    }
    assertThat(explained).isGreaterThan(10);
    assertThat(sweepsAfterKey).as("pages read after a full one").isPositive();
    assertThat(problems).as("full scans of vault tables").isEmpty();
  }

  /** The tables the statements give the batch ({@code JSON_TABLE}) and their one-row tables. */
  private static boolean isBatch(String alias) {
    return List.of("u", "k", "b", "p").contains(alias);
  }

  private static boolean isSweepPage(String sql) {
    return sql.contains("ORDER BY y.`topic`, y.`kafka_partition`, y.`kafka_offset`");
  }

  static String inline(String sql, List<Object> params) {
    StringBuilder out = new StringBuilder();
    int p = 0;
    boolean quoted = false;
    for (int i = 0; i < sql.length(); i++) {
      char ch = sql.charAt(i);
      if (ch == '\'') {
        quoted = !quoted;
      }
      if (ch == '?' && !quoted) {
        Object v = params.get(p++);
        out.append(v == null ? "NULL" : "'" + v.toString().replace("'", "''") + "'");
      } else {
        out.append(ch);
      }
    }
    return out.toString();
  }

  private static boolean isDml(String sql) {
    String s = sql.stripLeading().toUpperCase(Locale.ROOT);
    return s.startsWith("SELECT")
        || s.startsWith("WITH")
        || s.startsWith("INSERT")
        || s.startsWith("UPDATE")
        || s.startsWith("DELETE");
  }

  /**
   * As the PostgreSQL plan test's load: waiting rows, the watermark, the retention, late parents.
   */
  private static void load(VaultLoader loader, TestClock clock) throws SQLException {
    ChangeEventDecoder decoder = new ChangeEventDecoder(SHOP, DecoderOptions.defaults());
    List<List<ChangeEvent>> batches = Backlog.of(decoder, 3, 6 * BATCH, BATCH, true);
    List<String> late = List.of("orders", "products", "customers");
    List<ChangeEvent> parents = new ArrayList<>();
    for (int b = 0; b < batches.size(); b++) {
      List<ChangeEvent> children = new ArrayList<>();
      for (ChangeEvent e : batches.get(b)) {
        boolean held = late.contains(e.sourceTable()) && b >= batches.size() / 2;
        (held ? parents : children).add(e);
      }
      Progress p = new Progress("plans", List.of(new Progress.Position("t", 0, b + 1L)));
      loader.load(children, List.of(), p);
      if (b == batches.size() / 2) {
        clock.advance(Duration.ofSeconds(90));
        loader.sweep();
        clock.advance(Duration.ofSeconds(90));
        loader.sweep();
      }
    }
    clock.advance(Duration.ofSeconds(10));
    loader.load(parents);
    loader.sweep();
  }
}
