package io.vaultstream.bench.connect;

import io.vaultstream.worker.WorkerLaunch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.util.clusters.EmbeddedKafkaCluster;

/**
 * The Connect benchmark on generated events: what users run. Kafka Connect 4.1 distributed workers,
 * each in its own JVM with Kafka's flags and shipped configuration, with vaultstream installed from
 * its zip and the Debezium JDBC sink beside it; both sinks load the same Debezium events into the
 * same database (PostgreSQL, or MariaDB for a {@code jdbc:mariadb:} URL), each first on a freshly
 * started worker, then on a running one.
 *
 * <p>Run: {@code benchmarks/connect.sh [--events=200000] [--jdbc-url=...] [--tasks=1]
 * [--sinks=both|vaultstream|debezium] [--running-events=N] [--latency-seconds=20]
 * [--worker-heap=2G] [--floor=true]}.
 */
public final class WorkerBenchmark {
  private WorkerBenchmark() {}

  /** Runs the benchmark; exit code 0, 1 when it failed, 2 for a wrong option. */
  public static void main(String[] args) {
    BenchOptions options;
    try {
      options = BenchOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("benchmarks/connect.sh: " + e.getMessage());
      System.exit(2);
      return;
    }
    int code = 0;
    try {
      run(options);
    } catch (Exception | Error e) {
      System.out.flush();
      System.err.println("The benchmark failed: " + e);
      e.printStackTrace();
      code = 1;
    }
    System.exit(code); // the embedded broker's threads are not daemons
  }

  private static void run(BenchOptions o) throws Exception {
    Path root = PluginInstall.repositoryRoot();
    Path runDir =
        Files.createDirectories(
            root.resolve("benchmarks/target/connect-runs")
                .resolve(
                    LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))));
    PluginInstall plugins = PluginInstall.into(runDir);
    Path model = o.vaultstream() ? plugins.installVaultstream() : null;
    if (o.debezium()) {
      plugins.installDebezium();
    }
    printSetup(o, runDir, plugins);
    try (BenchDatabase database = new BenchDatabase(o.jdbcUrl())) {
      prepare(database, o);
      EmbeddedKafkaCluster broker = new EmbeddedKafkaCluster(1, new Properties());
      broker.start();
      try (EventLoader loader = new EventLoader(broker.bootstrapServers(), o.tasks())) {
        Report.line(
            "Broker: Kafka 3.9.1 (KRaft, one broker) inside this harness JVM at %s; topics"
                + " shop.public.<table> with %d partition(s) each",
            broker.bootstrapServers(), o.tasks());
        SinkPhases phases =
            new SinkPhases(
                o, database, loader, plugins, runDir, broker.bootstrapServers(), new Report());
        try {
          measure(o, database, loader, phases, model);
        } finally {
          phases.close();
        }
      } finally {
        broker.stop();
        database.dropSchemas();
        Report.line(
            "Dropped the sinks' schemas %s and %s from the target",
            SinkConfigs.VAULT_SCHEMA, SinkConfigs.JDBC_SCHEMA);
      }
    }
  }

  /** The run's setup, printed before anything starts: workers, timing. */
  private static void printSetup(BenchOptions o, Path runDir, PluginInstall plugins) {
    Report.line("vaultstream Connect benchmark: Kafka Connect 4.1.1 workers as users run them");
    Report.line("Run directory: %s (plugin.path %s)", runDir, plugins.pluginPath);
    Report.line(
        "Workers: ConnectDistributed 4.1.1, one JVM each, -Xms256M -Xmx%s %s; Kafka's shipped"
            + " connect-distributed.properties (JsonConverter with schemas, internal topics of"
            + " replication factor 1) but offset.flush.interval.ms=1000; remote JMX on 127.0.0.1",
        o.workerHeap(), String.join(" ", WorkerLaunch.KAFKA_JVM_FLAGS));
    Report.line(
        "Timing: from the connector's creation (or resume) until every event is stored. vaultstream:"
            + " its %s.vs_progress reaches the end offsets (polled every 50 ms). Debezium JDBC sink:"
            + " its consumer group connect-%s has committed them (polled every 100 ms; Connect"
            + " commits every 1 s, so up to 1 s is added)",
        SinkConfigs.VAULT_SCHEMA, SinkConfigs.DEBEZIUM);
  }

  /** The emptied database, and on MariaDB the tables the Debezium JDBC sink cannot create. */
  private static void prepare(BenchDatabase database, BenchOptions o) throws Exception {
    Report.line("Database: %s", database.description);
    database.reset();
    if (database.mariadb && o.debezium()) {
      BenchDatabase.debeziumTablesOnMariaDb(SinkConfigs.JDBC_SCHEMA)
          .forEach(
              ddl ->
                  Report.line(
                      "Begun for the Debezium JDBC sink, whose own DDL for a timestamp column"
                          + " defaulting to the epoch MariaDB refuses: %s",
                      ddl));
    }
  }

  private static void measure(
      BenchOptions o, BenchDatabase database, EventLoader loader, SinkPhases phases, Path model)
      throws Exception {
    Report report = phases.report();
    loader.createTopics();
    Map<TopicPartition, Long> end =
        produce(loader, o.events(), "the backlog, before any sink starts");
    if (o.vaultstream()) {
      phases.freshVaultstream(model, end);
    }
    if (o.debezium()) {
      phases.freshDebezium(end);
    }
    if (o.floor()) {
      phases.freshFloor(end);
    }
    if (o.runningEvents() > 0) {
      end = produce(loader, o.runningEvents(), "while both sinks are paused");
      if (o.vaultstream()) {
        phases.runningVaultstream(end);
      }
      if (o.debezium()) {
        phases.runningDebezium(end);
      }
      if (o.floor()) {
        phases.runningFloor(end);
      }
    }
    if (o.vaultstream()) {
      Extras.copy(database, phases.freshVaultRows, phases.freshVaultSeconds, report);
      Extras.flushes(phases.freshFlushes, report);
      if (o.latencySeconds() > 0) {
        Extras.latency(loader, database, phases, o.latencySeconds(), report);
      }
      Extras.errors(database, loader, report);
    }
    Extras.heap("worker-1 (vaultstream)", phases.vaultHeap, report);
    Extras.heap("worker-2 (Debezium JDBC)", phases.debeziumHeap, report);
    report.summary();
  }

  private static Map<TopicPartition, Long> produce(EventLoader loader, int n, String when)
      throws Exception {
    long t0 = System.nanoTime();
    loader.produce(n);
    Map<TopicPartition, Long> end = loader.endOffsets();
    Report.line(
        "Produced %,d change events (%s) in %.1f s; end offsets: %,d records in all",
        n,
        when,
        (System.nanoTime() - t0) / 1e9,
        end.values().stream().mapToLong(Long::longValue).sum());
    return end;
  }
}
