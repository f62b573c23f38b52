package io.vaultstream.quickstart;

import io.vaultstream.dialect.Dialects;
import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.worker.ConnectRest;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Produces the shop's change events at a steady rate and prints, every second, what was produced,
 * what the connector stored (its positions in vs_progress), what waits, what failed and a few vault
 * tables; ends when every event is stored.
 */
final class LiveProgress {
  /** The vault tables shown on each progress line. */
  static final List<String> SHOWN =
      List.of("hub_customer", "hub_order", "lnk_order_customer", "lnk_order_line", "sat_customer");

  private static final long STALL_MS = 120_000;

  private final String bootstrap;
  private final String jdbcUrl;
  private final String schema;
  private final String connector;
  private final ConnectRest rest;
  private final VaultDialect dialect;

  LiveProgress(
      String bootstrap, String jdbcUrl, String schema, String connector, ConnectRest rest) {
    this.bootstrap = bootstrap;
    this.jdbcUrl = jdbcUrl;
    this.dialect = Dialects.forUrl(jdbcUrl, null);
    this.schema = schema;
    this.connector = connector;
    this.rest = rest;
  }

  /** Streams {@code events} at {@code rate} per second; returns when all are stored. */
  void run(ShopEventGenerator gen, int events, int rate, PrintWriter out) throws Exception {
    int sent = 0;
    long start = System.nanoTime();
    long lastReport = -1000;
    Stall stall = new Stall();
    Map<String, Object> producerConfig =
        Map.of(
            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
            ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName(),
            ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(producerConfig);
        Connection db = DriverManager.getConnection(jdbcUrl)) {
      while (true) {
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        sent = send(producer, gen, sent, (int) Math.min(events, elapsedMs * rate / 1000));
        if (elapsedMs - lastReport >= 1000) {
          lastReport = elapsedMs;
          rest.running(connector); // fails at once, with the task's error, when it FAILED
          long loaded = report(db, out, sent, elapsedMs);
          if (sent >= events && loaded >= sent) {
            return;
          }
          stall.check(loaded, sent, elapsedMs);
        }
        LockSupport.parkNanos(50_000_000L);
      }
    }
  }

  /** Sends the records due beyond those {@code sent}; returns how many are sent now. */
  private static int send(
      KafkaProducer<byte[], byte[]> producer, ShopEventGenerator gen, int sent, int due) {
    if (sent >= due) {
      return sent;
    }
    for (ChangeRecord r : gen.next(due - sent)) {
      producer.send(new ProducerRecord<>(r.topic(), r.key(), r.value()));
      sent++;
    }
    producer.flush();
    return sent;
  }

  /** Fails the run when the connector stores nothing for {@link #STALL_MS}. */
  private static final class Stall {
    private long lastLoaded = -1;
    private long lastProgressMs = 0;

    void check(long loaded, int sent, long elapsedMs) {
      if (loaded != lastLoaded) {
        lastLoaded = loaded;
        lastProgressMs = elapsedMs;
      } else if (elapsedMs - lastProgressMs > STALL_MS) {
        throw new IllegalStateException(
            "the connector stored nothing for two minutes (" + loaded + " of " + sent + " events)");
      }
    }
  }

  private long report(Connection db, PrintWriter out, int sent, long elapsedMs)
      throws SQLException {
    long loaded = sum(db, dialect.selectProgress(schema, "vs_progress", List.of()), 3, connector);
    long waiting = sum(db, dialect.countWaitingByState(schema, "vs_waiting"), 2);
    long errors = sum(db, dialect.countErrorsByCode(schema, "vs_errors", List.of()), 2);
    List<String> parts = new ArrayList<>();
    for (String t : SHOWN) {
      long rows =
          sum(
              db,
              dialect.countRowsPerRecordSource(schema, t, "record_source", "load_dts"),
              2,
              "SYSTEM");
      parts.add(String.format("%s %,d", t, rows));
    }
    out.printf(
        "%5.0fs  produced %,7d  loaded %,7d  waiting %,5d  errors %,d  |  %s%n",
        elapsedMs / 1000.0, sent, loaded, waiting, errors, String.join("  ", parts));
    out.flush();
    return loaded;
  }

  /** The sum of one column of a statement's rows; 0 before the connector created its tables. */
  private long sum(Connection db, String sql, int column, String... params) throws SQLException {
    try (PreparedStatement ps = db.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        ps.setString(i + 1, params[i]);
      }
      long total = 0;
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          total += rs.getLong(column);
        }
      }
      return total;
    } catch (SQLException e) {
      if (dialect.undefinedTableState().equals(e.getSQLState())) {
        return 0; // the connector has not created its tables yet
      }
      throw e;
    }
  }
}
