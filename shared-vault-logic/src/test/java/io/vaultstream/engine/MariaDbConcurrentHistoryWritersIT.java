package io.vaultstream.engine;

import io.vaultstream.testing.TargetDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * {@link ConcurrentHistoryWritersContract} on MariaDB: the gate holds the row locks of both
 * consumers' progress rows (an upsert of them, uncommitted).
 */
class MariaDbConcurrentHistoryWritersIT extends ConcurrentHistoryWritersContract {

  @Override
  protected TargetDatabase db() {
    return TargetDatabase.mariaDb();
  }

  @Override
  protected void closeGate(Connection gate, String schema) throws SQLException {
    try (Statement st = gate.createStatement()) {
      st.execute(
          "INSERT INTO "
              + schema
              + ".vs_progress (consumer, topic, kafka_partition, next_offset, updated_at)"
              + " VALUES ('a', 't', 0, 0, UTC_TIMESTAMP(6)), ('b', 't', 0, 0, UTC_TIMESTAMP(6))"
              + " ON DUPLICATE KEY UPDATE next_offset = next_offset");
    }
  }

  @Override
  protected int waitingBehind(Connection gate) throws SQLException {
    // The tests run one at a time: every transaction waiting for a lock is one of this test's.
    try (Statement st = gate.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT count(*) FROM information_schema.innodb_trx"
                    + " WHERE trx_state = 'LOCK WAIT'")) {
      rs.next();
      return rs.getInt(1);
    }
  }
}
