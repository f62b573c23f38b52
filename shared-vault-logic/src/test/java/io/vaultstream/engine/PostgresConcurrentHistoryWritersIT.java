package io.vaultstream.engine;

import static io.vaultstream.testing.EventFactory.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.vaultstream.event.ChangeEvent;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.EventFactory;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TargetDatabase;
import io.vaultstream.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@link ConcurrentHistoryWritersContract} on PostgreSQL: the gate locks the progress table. */
class PostgresConcurrentHistoryWritersIT extends ConcurrentHistoryWritersContract {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.postgres();
  }

  @Override
  protected void closeGate(Connection gate, String schema) throws SQLException {
    try (Statement st = gate.createStatement()) {
      st.execute("LOCK TABLE " + schema + ".vs_progress IN EXCLUSIVE MODE");
    }
  }

  @Override
  protected int waitingBehind(Connection gate) throws SQLException {
    return blockedBehind(backendPid(gate));
  }

  private static int backendPid(Connection c) throws SQLException {
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  /**
   * Once a loader's upsert met no stored key it did not know, its new keys are inserted plainly, in
   * a subtransaction of the batch (their row's xmin is not the batch transaction's id), while keys
   * it met before, and every key of its first batch, are upserted by the transaction itself.
   */
  @Test
  void newKeysAreInsertedPlainlyOnceTheLoaderKnowsTheStoredOnes() throws Exception {
    String schema = newSchema();
    VaultLoader a = track(VaultLoader.open(SHOP, db().options(schema).build()));
    EventFactory ev = new EventFactory(SHOP);
    String first = transactionOf(schema, a, List.of(ev.order(at(1_000), 1, "O1", null)), 0);
    String second =
        transactionOf(
            schema,
            a,
            List.of(ev.order(at(1_001), 2, "O2", null), ev.order(at(900), 1, "O3", null)),
            1);
    String xmin = "SELECT xmin::text FROM " + schema + ".hub_order WHERE order_no = '%s'";
    assertThat(db().value(xmin.formatted("O1"))).as("the first batch upserts").isEqualTo(first);
    assertThat(db().value(xmin.formatted("O2")))
        .as("a new key of the second batch")
        .isNotEqualTo(second);
  }

  /**
   * Loads the events with the loader, holding its transaction open at the end (the gate) to read
   * its id; returns the id.
   */
  private String transactionOf(
      String schema, VaultLoader loader, List<ChangeEvent> events, int round) throws Exception {
    try (Connection gate = db().connect()) {
      gate.setAutoCommit(false);
      closeGate(gate, schema);
      int pid = backendPid(gate);
      CompletableFuture<LoadResult> load = loadAsync(loader, events, "a", round);
      String waiting =
          "SELECT backend_xid::text FROM pg_stat_activity WHERE "
              + pid
              + " = ANY(pg_blocking_pids(pid))";
      await().atMost(Duration.ofSeconds(30)).until(() -> !db().rows(waiting).isEmpty());
      String xid = db().value(waiting);
      gate.commit();
      assertThat(load.get(30, TimeUnit.SECONDS).problems()).isEmpty();
      return xid;
    }
  }

  /** Sessions waiting for a lock held by {@code pid}, directly or through another waiting one. */
  static int blockedBehind(int pid) throws SQLException {
    return Integer.parseInt(
        TestDatabase.value(
            "WITH RECURSIVE w(pid) AS (SELECT "
                + pid
                + " UNION SELECT a.pid FROM pg_stat_activity a JOIN w"
                + " ON w.pid = ANY(pg_blocking_pids(a.pid)))"
                + " SELECT count(*) - 1 FROM w"));
  }
}
