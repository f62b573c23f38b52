package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;
import io.vaultstream.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** {@link ConcurrentHistoryWritersContract} on PostgreSQL: the gate locks the progress table. */
class PostgresConcurrentHistoryWritersIT extends ConcurrentHistoryWritersContract {

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
    try (Statement st = gate.createStatement();
        ResultSet rs = st.executeQuery("SELECT pg_backend_pid()")) {
      rs.next();
      return blockedBehind(rs.getInt(1));
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
