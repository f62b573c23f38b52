package io.vaultstream.bench.connect;

import io.vaultstream.worker.WorkerProcess;
import java.net.URI;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import javax.management.ObjectName;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/**
 * The backlog, as a user's Debezium deployment makes it: Debezium's PostgreSQL connector on a
 * worker of its own snapshots the source shop (the order statuses), streams the workload's changes
 * through pgoutput into one topic per table, then stops; its replication slot is dropped.
 */
final class SourceCapture {
  static final String CONNECTOR = "debezium-postgres-shop";
  private static final Duration START = Duration.ofMinutes(3);

  private SourceCapture() {}

  /** What the capture left in the topics, and what the workload did. */
  record Backlog(
      Map<TopicPartition, Long> end,
      long records,
      ShopWorkload workload,
      Map<String, Long> sourceRows) {}

  /** The source connector's settings (the recipe this benchmark's figures rest on). */
  static Map<String, String> config(String sourceUrl) {
    URI uri = URI.create(sourceUrl.replaceFirst("^jdbc:", ""));
    Map<String, String> c = new LinkedHashMap<>();
    c.put("connector.class", "io.debezium.connector.postgresql.PostgresConnector");
    c.put("tasks.max", "1");
    c.put("database.hostname", uri.getHost());
    c.put("database.port", Integer.toString(uri.getPort() < 0 ? 5432 : uri.getPort()));
    String user = SinkConfigs.queryParameter(sourceUrl, "user");
    c.put("database.user", user == null ? "postgres" : user);
    String password = SinkConfigs.queryParameter(sourceUrl, "password");
    c.put("database.password", password == null ? "" : password);
    c.put("database.dbname", uri.getPath().replaceFirst("^/", ""));
    // Topics shop.public.<table>: the names the shipped shop model and example connector expect.
    c.put("topic.prefix", "shop");
    c.put("plugin.name", "pgoutput");
    c.put("slot.name", ShopSource.SLOT);
    c.put("publication.name", ShopSource.PUBLICATION);
    c.put("publication.autocreate.mode", "filtered");
    c.put(
        "table.include.list",
        String.join(",", ShopSource.TABLES.stream().map(t -> "public." + t).toList()));
    c.put("snapshot.mode", "initial");
    c.put("decimal.handling.mode", "precise");
    c.put("tombstones.on.delete", "true");
    c.put("topic.creation.default.replication.factor", "1");
    c.put("topic.creation.default.partitions", "1");
    c.put("key.converter", "org.apache.kafka.connect.json.JsonConverter");
    c.put("key.converter.schemas.enable", "true");
    c.put("value.converter", "org.apache.kafka.connect.json.JsonConverter");
    c.put("value.converter.schemas.enable", "true");
    return c;
  }

  /**
   * Recreates the source tables, starts the connector, waits for its snapshot to end and its stream
   * to connect, runs the workload, waits until every change is in the topics, then stops the worker
   * and drops the slot.
   */
  static Backlog run(
      SourceBenchOptions o, String bootstrap, PluginInstall plugins, Path runDir, Admin admin)
      throws Exception {
    try (ShopSource source = new ShopSource(o.sourceUrl())) {
      source.recreate();
      long snapshotRows = ShopSource.STATUSES.size();
      WorkerProcess worker =
          SinkPhases.startWorker(
              "source", "Debezium's PostgreSQL connector", bootstrap, plugins, runDir, "1G");
      try {
        worker.rest.create(CONNECTOR, config(o.sourceUrl()), Duration.ZERO);
        awaitStreaming(worker);
        Report.line(
            "Debezium PostgreSQL connector %s: initial snapshot (%d order statuses) done,"
                + " streaming from slot %s",
            CONNECTOR, snapshotRows, ShopSource.SLOT);
        ShopWorkload workload;
        long t0 = System.nanoTime();
        try (var conn = DriverManager.getConnection(o.sourceUrl())) {
          workload = new ShopWorkload(conn, o.seed());
          workload.run(o.events());
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        Map<String, Long> sourceRows = source.rowCounts();
        Report.line(
            "Workload (seed %d): %,d transactions, %,d change events expected (tombstones"
                + " included) in %.1f s; source rows now %s",
            o.seed(), workload.transactions, workload.events, secs, sourceRows);
        long expected = snapshotRows + workload.events;
        Map<TopicPartition, Long> end = awaitTopics(admin, worker, expected);
        Report.line(
            "Captured: %,d records in the topics %.1f s after the workload began (%s)",
            expected, (System.nanoTime() - t0) / 1e9, end);
        return new Backlog(end, expected, workload, sourceRows);
      } finally {
        worker.close();
        dropSlot(source);
      }
    }
  }

  /** Waits until the connector's streaming metrics say it is connected (the snapshot is over). */
  private static void awaitStreaming(WorkerProcess worker) throws Exception {
    ObjectName pattern =
        new ObjectName("debezium.postgres:type=connector-metrics,context=streaming,*");
    long deadline = System.nanoTime() + START.toNanos();
    while (System.nanoTime() < deadline) {
      worker.rest.inState(CONNECTOR, "RUNNING", -1); // throws when its task FAILED
      for (ObjectName n : worker.mbeans().queryNames(pattern, null)) {
        if (Boolean.TRUE.equals(worker.mbeans().getAttribute(n, "Connected"))) {
          return;
        }
      }
      LockSupport.parkNanos(200_000_000L);
    }
    throw new IllegalStateException(
        CONNECTOR + " did not start streaming within " + START + "; see " + worker.log);
  }

  /** Polls the shop topics' end offsets until they hold {@code expected} records. */
  private static Map<TopicPartition, Long> awaitTopics(
      Admin admin, WorkerProcess worker, long expected) throws Exception {
    Duration timeout = BenchOptions.timeout(expected);
    long deadline = System.nanoTime() + timeout.toNanos();
    long nextPrint = System.nanoTime() + 10_000_000_000L;
    while (true) {
      Map<TopicPartition, Long> end = endOffsets(admin);
      long records = end.values().stream().mapToLong(Long::longValue).sum();
      if (records > expected) {
        throw new IllegalStateException(
            "the topics hold " + records + " records, more than the " + expected + " expected");
      }
      if (records == expected) {
        return end;
      }
      if (System.nanoTime() > nextPrint) {
        Report.line("    ... captured %,d of %,d records", records, expected);
        nextPrint = System.nanoTime() + 10_000_000_000L;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(
            "Debezium captured "
                + records
                + " of "
                + expected
                + " records within "
                + timeout
                + "; see "
                + worker.log);
      }
      worker.rest.inState(CONNECTOR, "RUNNING", -1);
      LockSupport.parkNanos(200_000_000L);
    }
  }

  /** Every partition of the shop topics that exist now, with its end offset. */
  static Map<TopicPartition, Long> endOffsets(Admin admin) throws Exception {
    Set<String> topics = admin.listTopics().names().get(60, TimeUnit.SECONDS);
    Map<TopicPartition, OffsetSpec> ask = new HashMap<>();
    for (var d :
        admin
            .describeTopics(
                topics.stream().filter(t -> t.startsWith("shop.public.")).sorted().toList())
            .allTopicNames()
            .get(60, TimeUnit.SECONDS)
            .values()) {
      d.partitions()
          .forEach(p -> ask.put(new TopicPartition(d.name(), p.partition()), OffsetSpec.latest()));
    }
    Map<TopicPartition, Long> out =
        new java.util.TreeMap<>(java.util.Comparator.comparing(TopicPartition::toString));
    admin
        .listOffsets(ask)
        .all()
        .get(60, TimeUnit.SECONDS)
        .forEach((tp, info) -> out.put(tp, info.offset()));
    return out;
  }

  /** Drops the slot once the stopped connector's walsender let it go (polled, at most 30 s). */
  private static void dropSlot(ShopSource source) throws Exception {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (source.slotExists()) {
      if (source.dropSlot()) {
        Report.line("Dropped replication slot %s", ShopSource.SLOT);
        return;
      }
      if (System.nanoTime() > deadline) {
        Report.line(
            "Replication slot %s is still active (%s); drop it with"
                + " SELECT pg_drop_replication_slot('%s') on the source",
            ShopSource.SLOT, source.slotState(), ShopSource.SLOT);
        return;
      }
      LockSupport.parkNanos(200_000_000L);
    }
  }
}
