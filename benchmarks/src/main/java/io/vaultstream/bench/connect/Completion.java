package io.vaultstream.bench.connect;

import io.vaultstream.dialect.Dialects;
import io.vaultstream.worker.WorkerProcess;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * When a sink has loaded every event: vaultstream when its {@code vs_progress} rows reach the end
 * offsets (written in the batch's own transaction), the Debezium sink when its consumer group's
 * committed offsets do (Connect commits them every {@code offset.flush.interval.ms}, 1 s here).
 */
final class Completion {
  private Completion() {}

  /** Something to do at each poll (e.g. time records for the latency). */
  interface EachPoll {
    void run(Map<TopicPartition, Long> stored) throws Exception;
  }

  /** vaultstream's stored positions for connector {@code consumer}. */
  static Map<TopicPartition, Long> vaultProgress(Connection db, String consumer)
      throws SQLException {
    return vaultProgress(db, SinkConfigs.VAULT_SCHEMA, consumer);
  }

  /** vaultstream's stored positions for connector {@code consumer} in the vault {@code schema}. */
  static Map<TopicPartition, Long> vaultProgress(Connection db, String schema, String consumer)
      throws SQLException {
    Map<TopicPartition, Long> out = new HashMap<>();
    try (PreparedStatement st =
        db.prepareStatement(
            "SELECT topic, kafka_partition, next_offset FROM "
                + schema
                + ".vs_progress WHERE consumer = ?")) {
      st.setString(1, consumer);
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          out.put(new TopicPartition(rs.getString(1), rs.getInt(2)), rs.getLong(3));
        }
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

  /** Polls vs_progress every {@code pollMillis} ms until it reaches {@code end}. */
  static void awaitVault(
      Connection db,
      WorkerProcess worker,
      Map<TopicPartition, Long> end,
      Duration timeout,
      long pollMillis,
      EachPoll each)
      throws Exception {
    awaitVault(
        db,
        SinkConfigs.VAULT_SCHEMA,
        SinkConfigs.VAULTSTREAM,
        worker,
        end,
        timeout,
        pollMillis,
        each);
  }

  /** Polls {@code schema}.vs_progress for {@code consumer} until it reaches {@code end}. */
  static void awaitVault(
      Connection db,
      String schema,
      String consumer,
      WorkerProcess worker,
      Map<TopicPartition, Long> end,
      Duration timeout,
      long pollMillis,
      EachPoll each)
      throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    long nextCheck = 0;
    long nextPrint = System.nanoTime() + 10_000_000_000L;
    while (true) {
      Map<TopicPartition, Long> stored = vaultProgress(db, schema, consumer);
      if (each != null) {
        each.run(stored);
      }
      if (reached(stored, end)) {
        return;
      }
      nextPrint = progress(consumer, stored, end, nextPrint);
      nextCheck = checkWorker(worker, consumer, nextCheck, deadline, timeout);
      LockSupport.parkNanos(pollMillis * 1_000_000L);
    }
  }

  /** Polls the consumer group {@code connect-<connector>} every 100 ms until it reaches end. */
  static void awaitGroup(
      Admin admin,
      WorkerProcess worker,
      String connector,
      Map<TopicPartition, Long> end,
      Duration timeout)
      throws Exception {
    awaitGroup(admin, worker, connector, end, timeout, null);
  }

  /** As {@link #awaitGroup(Admin, WorkerProcess, String, Map, Duration)}, feeding {@code clock}. */
  static void awaitGroup(
      Admin admin,
      WorkerProcess worker,
      String connector,
      Map<TopicPartition, Long> end,
      Duration timeout,
      LoadClock clock)
      throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    long nextCheck = 0;
    long nextPrint = System.nanoTime() + 10_000_000_000L;
    while (true) {
      Map<TopicPartition, OffsetAndMetadata> committed =
          admin
              .listConsumerGroupOffsets("connect-" + connector)
              .partitionsToOffsetAndMetadata()
              .get();
      Map<TopicPartition, Long> stored = new HashMap<>();
      committed.forEach((tp, om) -> stored.put(tp, om == null ? 0L : om.offset()));
      if (clock != null) {
        clock.sample(stored, end);
      }
      if (reached(stored, end)) {
        return;
      }
      nextPrint = progress(connector, stored, end, nextPrint);
      nextCheck = checkWorker(worker, connector, nextCheck, deadline, timeout);
      LockSupport.parkNanos(100_000_000L);
    }
  }

  /** Every 10 s a line of progress, so a long load shows it is moving. */
  private static long progress(
      String who, Map<TopicPartition, Long> stored, Map<TopicPartition, Long> end, long nextPrint) {
    long now = System.nanoTime();
    if (now < nextPrint) {
      return nextPrint;
    }
    long done = 0;
    long all = 0;
    for (var e : end.entrySet()) {
      done += Math.min(e.getValue(), stored.getOrDefault(e.getKey(), 0L));
      all += e.getValue();
    }
    Report.line("    ... %s: %,d of the topics' %,d records stored", who, done, all);
    return now + 10_000_000_000L;
  }

  static boolean reached(Map<TopicPartition, Long> stored, Map<TopicPartition, Long> end) {
    return end.entrySet().stream()
        .allMatch(e -> stored.getOrDefault(e.getKey(), 0L) >= e.getValue());
  }

  /** Every 2 s: is the worker alive and no task FAILED? Also gives up at the deadline. */
  private static long checkWorker(
      WorkerProcess worker, String connector, long nextCheck, long deadline, Duration timeout)
      throws Exception {
    long now = System.nanoTime();
    if (now > deadline) {
      throw new IllegalStateException(
          connector + " did not load every event within " + timeout + "; see " + worker.log);
    }
    if (now < nextCheck) {
      return nextCheck;
    }
    worker.rest.inState(connector, "RUNNING", 0);
    return now + 2_000_000_000L;
  }
}
