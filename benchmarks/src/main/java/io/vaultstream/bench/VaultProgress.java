package io.vaultstream.bench;

import io.vaultstream.dialect.Dialects;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.common.TopicPartition;

/**
 * What the embedded benchmark reads back from the vault: the positions the connector stored in
 * {@code vs_progress} (consumer {@code bench}), waiting for them to reach the end offsets, each
 * record's latency and the vault's row count.
 */
final class VaultProgress {
  /** Something done on each poll while waiting, such as collecting latencies. */
  interface Poll {
    void run() throws SQLException;
  }

  private final Connection db;
  private final String schema;

  VaultProgress(Connection db, String schema) {
    this.db = db;
    this.schema = schema;
  }

  /** The next offset stored per partition (none before the connector created its tables). */
  Map<TopicPartition, Long> stored() throws SQLException {
    Map<TopicPartition, Long> out = new HashMap<>();
    try (Statement st = db.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT topic, kafka_partition, next_offset FROM "
                    + schema
                    + ".vs_progress WHERE consumer = 'bench'")) {
      while (rs.next()) {
        out.put(new TopicPartition(rs.getString(1), rs.getInt(2)), rs.getLong(3));
      }
    } catch (SQLException e) {
      // the table does not exist yet, as the database's dialect reports it
      if (!Dialects.forUrl(db.getMetaData().getURL(), null)
          .undefinedTableState()
          .equals(e.getSQLState())) {
        throw e;
      }
    }
    return out;
  }

  /**
   * Moves every record sent at a time in {@code sent} whose position is now stored into {@code out}
   * as its latency in milliseconds.
   */
  void pollLatencies(Map<TopicPartition, Map<Long, Long>> sent, List<Long> out)
      throws SQLException {
    Map<TopicPartition, Long> stored = stored();
    long now = System.nanoTime();
    sent.forEach(
        (tp, offsets) -> {
          long next = stored.getOrDefault(tp, 0L);
          offsets
              .entrySet()
              .removeIf(
                  e -> {
                    if (e.getKey() < next) {
                      out.add((now - e.getValue()) / 1_000_000);
                      return true;
                    }
                    return false;
                  });
        });
  }

  /** Waits (polling, at most 5 minutes) until the stored positions reach {@code end}. */
  void await(Map<TopicPartition, Long> end, Poll each) throws Exception {
    long deadline = System.nanoTime() + 5 * 60 * 1_000_000_000L;
    while (System.nanoTime() < deadline) {
      if (each != null) {
        each.run();
      }
      Map<TopicPartition, Long> stored = stored();
      if (end.entrySet().stream()
          .allMatch(e -> stored.getOrDefault(e.getKey(), 0L) >= e.getValue())) {
        return;
      }
      LockSupport.parkNanos(each == null ? 200_000_000L : 20_000_000L);
    }
    throw new IllegalStateException(
        "the connector did not finish within 5 minutes (see the worker log above)");
  }

  /** The vault's rows, without the ghost records and the loader's own tables. */
  long vaultRows() throws SQLException {
    long total = 0;
    List<String> tables = new ArrayList<>();
    try (Statement st = db.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = '"
                    + schema
                    + "' AND table_name NOT LIKE 'vs\\_%'")) {
      while (rs.next()) {
        tables.add(rs.getString(1));
      }
    }
    for (String t : tables) {
      try (Statement st = db.createStatement();
          ResultSet rs =
              st.executeQuery(
                  "SELECT count(*) FROM "
                      + schema
                      + "."
                      + t
                      + " WHERE record_source <> 'SYSTEM'")) {
        rs.next();
        total += rs.getLong(1);
      }
    }
    return total;
  }
}
