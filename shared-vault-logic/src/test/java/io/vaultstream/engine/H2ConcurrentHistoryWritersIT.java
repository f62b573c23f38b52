package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * {@link ConcurrentHistoryWritersContract} on H2: the gate holds the row locks of both consumers'
 * progress rows (a merge of them, uncommitted).
 */
class H2ConcurrentHistoryWritersIT extends ConcurrentHistoryWritersContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.h2();
  }

  @Override
  protected void closeGate(Connection gate, String schema) throws SQLException {
    try (Statement st = gate.createStatement()) {
      st.execute(
          "MERGE INTO "
              + schema
              + ".vs_progress (consumer, topic, kafka_partition, next_offset, updated_at)"
              + " KEY (consumer, topic, kafka_partition)"
              + " VALUES ('a', 't', 0, 0, CURRENT_TIMESTAMP), ('b', 't', 0, 0, CURRENT_TIMESTAMP)");
    }
  }

  @Override
  protected int waitingBehind(Connection gate) throws SQLException {
    // The tests run one at a time: every other session inside a statement is one of this test's,
    // waiting for a lock (H2 does not tell which session blocks which).
    try (Statement st = gate.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT count(*) FROM information_schema.sessions WHERE session_id <> SESSION_ID()"
                    + " AND executing_statement IS NOT NULL")) {
      rs.next();
      return rs.getInt(1);
    }
  }
}
