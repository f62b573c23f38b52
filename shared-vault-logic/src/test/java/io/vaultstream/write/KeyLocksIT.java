package io.vaultstream.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vaultstream.dialect.postgres.PostgresDialect;
import io.vaultstream.testing.TestDatabase;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The key locks of history writes: taken in ascending order, and few per batch. */
class KeyLocksIT {
  private static final PostgresDialect DIALECT = new PostgresDialect();

  @Test
  void locksAreTakenInAscendingOrderWhateverTheOrderGiven() throws Exception {
    try (Connection holder = TestDatabase.connect();
        Connection locker = TestDatabase.connect()) {
      holder.setAutoCommit(false);
      locker.setAutoCommit(false);
      try (Statement st = holder.createStatement()) {
        st.execute("SELECT pg_advisory_xact_lock(5)");
      }
      int lockerPid = pid(locker);
      CompletableFuture<Void> taking =
          CompletableFuture.runAsync(
              () -> {
                try (PreparedStatement ps = locker.prepareStatement(DIALECT.lockKeys(null))) {
                  ps.setArray(1, locker.createArrayOf("bigint", new Long[] {9L, 5L, 1L}));
                  ps.executeQuery().close();
                } catch (SQLException e) {
                  throw new IllegalStateException(e);
                }
              });
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> !TestDatabase.value(blockedBy(lockerPid)).equals("{}"));
      // Waiting for 5, it holds 1 and not yet 9.
      assertThat(TestDatabase.rows(advisoryLocks(lockerPid))).containsExactly("1|t", "5|f");
      holder.commit();
      taking.get(30, TimeUnit.SECONDS);
      assertThat(TestDatabase.rows(advisoryLocks(lockerPid))).containsExactly("1|t", "5|t", "9|t");
      locker.commit();
      assertThat(TestDatabase.rows(advisoryLocks(lockerPid))).isEmpty();
    }
  }

  @Test
  void aBatchOfManyCodesTakesAtMostOneLockPerStripe() throws Exception {
    List<List<String>> codes = new ArrayList<>();
    for (int i = 0; i < 50_000; i++) {
      codes.add(List.of("CODE-" + i, Integer.toString(i % 7)));
    }
    try (Connection c = TestDatabase.connect()) {
      c.setAutoCommit(false);
      // 50,000 locks in one transaction ran PostgreSQL's default lock table out of memory.
      new KeyLocks(DIALECT).lock(c, "vault", "ref_currency", codes);
      new KeyLocks(DIALECT).lock(c, "vault", "ref_country", codes.subList(0, 3));
      List<String> held = TestDatabase.rows(advisoryLocks(pid(c)));
      assertThat(held).hasSizeBetween(KeyLocks.STRIPES, KeyLocks.STRIPES + 3);
      c.rollback();
    }
    assertThat(KeyLocks.stripe(List.of("EUR"))).isEqualTo(KeyLocks.stripe(List.of("EUR")));
  }

  private static int pid(Connection c) throws SQLException {
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  private static String blockedBy(int pid) {
    return "SELECT pg_blocking_pids(" + pid + ")::text";
  }

  /** The session's advisory locks on 64-bit numbers: number and whether granted. */
  private static String advisoryLocks(int pid) {
    return "SELECT (classid::bigint << 32) | objid::bigint, granted FROM pg_locks"
        + " WHERE locktype = 'advisory' AND objsubid = 1 AND pid = "
        + pid
        + " ORDER BY 1";
  }
}
