package io.vaultstream.bench.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The source workload on a real PostgreSQL with logical decoding: the events it counts are the
 * changes the server decodes for it (a delete counting twice, for its tombstone), and a seed gives
 * the same source again.
 */
class ShopWorkloadIT {
  private static EmbeddedPostgres pg;
  private static String url;

  @BeforeAll
  static void start() throws Exception {
    pg =
        EmbeddedPostgres.builder()
            .setServerConfig("wal_level", "logical")
            .setServerConfig("max_replication_slots", "4")
            .start();
    url = pg.getJdbcUrl("postgres", "postgres");
  }

  @AfterAll
  static void stop() throws Exception {
    pg.close();
  }

  @Test
  void countsTheEventsTheServerDecodes() throws Exception {
    try (ShopSource source = new ShopSource(url);
        Connection conn = DriverManager.getConnection(url);
        Statement st = source.db.createStatement()) {
      source.recreate();
      st.execute("SELECT pg_create_logical_replication_slot('workload_test', 'test_decoding')");
      ShopWorkload workload = new ShopWorkload(conn, 5);
      workload.run(3_000);
      // The workload commits asynchronously and a slot decodes flushed WAL only: the WAL writer
      // flushes it within wal_writer_delay, so the changes are read until every commit is in.
      long[] decoded = decodeAll(st, workload.transactions);
      long inserts = decoded[0];
      long updates = decoded[1];
      long deletes = decoded[2];
      st.execute("SELECT pg_drop_replication_slot('workload_test')");

      assertThat(workload.events).isEqualTo(inserts + updates + 2 * deletes);
      assertThat(workload.events).isBetween(3_000L, 3_020L);
      assertThat(inserts).isGreaterThan(0);
      assertThat(updates).isGreaterThan(0);
      assertThat(deletes).isGreaterThan(0);
      Map<String, Long> rows = source.rowCounts();
      assertThat(rows.get("customers")).isLessThanOrEqualTo(workload.lastCustomer);
      assertThat(rows.get("orders")).isLessThanOrEqualTo(workload.lastOrder);
      assertThat(rows.get("payments")).isEqualTo(workload.lastPayment);
      assertThat(rows.get("products")).isEqualTo(workload.products);
    }
  }

  /** Inserts, updates and deletes the slot decodes once it holds {@code commits} transactions. */
  private static long[] decodeAll(Statement st, long commits) throws Exception {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (true) {
      long[] counts = new long[4];
      try (ResultSet rs =
          st.executeQuery(
              "SELECT data FROM pg_logical_slot_peek_changes('workload_test', NULL, NULL)")) {
        while (rs.next()) {
          String d = rs.getString(1);
          counts[0] += d.matches("table public\\.\\w+: INSERT:.*") ? 1 : 0;
          counts[1] += d.matches("table public\\.\\w+: UPDATE:.*") ? 1 : 0;
          counts[2] += d.matches("table public\\.\\w+: DELETE:.*") ? 1 : 0;
          counts[3] += d.startsWith("COMMIT") ? 1 : 0;
        }
      }
      if (counts[3] >= commits || System.nanoTime() > deadline) {
        assertThat(counts[3]).as("transactions decoded").isEqualTo(commits);
        return counts;
      }
      java.util.concurrent.locks.LockSupport.parkNanos(100_000_000L);
    }
  }

  @Test
  void aSeedGivesTheSameSourceAgain() throws Exception {
    Map<String, Long> first = runOnce(11);
    Map<String, Long> second = runOnce(11);
    assertThat(second).isEqualTo(first);
    assertThat(runOnce(12)).isNotEqualTo(first);
  }

  private static Map<String, Long> runOnce(long seed) throws Exception {
    try (ShopSource source = new ShopSource(url);
        Connection conn = DriverManager.getConnection(url)) {
      source.recreate();
      new ShopWorkload(conn, seed).run(2_000);
      Map<String, Long> rows = source.rowCounts();
      try (Statement st = source.db.createStatement();
          ResultSet rs = st.executeQuery("SELECT sum(amount) FROM order_lines")) {
        rs.next();
        rows.put(
            "sum(order_lines.amount) in cents", rs.getBigDecimal(1).movePointRight(2).longValue());
      }
      return rows;
    }
  }
}
