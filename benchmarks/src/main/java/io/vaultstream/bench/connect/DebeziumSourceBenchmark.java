package io.vaultstream.bench.connect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.connect.util.clusters.EmbeddedKafkaCluster;

/**
 * The Connect benchmark on events a real Debezium PostgreSQL source connector captured from a real
 * source database: arrival order, envelopes and transactions as users have them. The backlog is
 * captured once; then, for R runs in rotated order, vaultstream and the Debezium JDBC sink each
 * load all of it on a fresh worker and again on that worker once it runs, each time from a new
 * consumer group into a fresh schema; with the physical ceiling (a no-op sink, a COPY of the vault)
 * and the CPU and allocation per event ({@link SourceSinkRuns}).
 *
 * <p>Run: {@code benchmarks/debezium-source.sh [--events=100000] [--runs=3] [--seed=1]
 * [--sinks=both|vaultstream|debezium] [--jdbc-url=...] [--worker-heap=2G]
 * [--variants=key=value,...[/key=value,...]]}.
 */
public final class DebeziumSourceBenchmark {
  private DebeziumSourceBenchmark() {}

  /** Runs the benchmark; exit code 0, 1 when it failed, 2 for a wrong option. */
  public static void main(String[] args) {
    SourceBenchOptions options;
    try {
      options = SourceBenchOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("benchmarks/debezium-source.sh: " + e.getMessage());
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

  private static void run(SourceBenchOptions o) throws Exception {
    Path runDir = runDirectory();
    // The sinks' workers get the plugin.path of benchmarks/connect.sh; the source's worker one of
    // its own (a worker scans every plugin on its path at start).
    PluginInstall plugins = PluginInstall.into(runDir);
    PluginInstall sourcePlugins = PluginInstall.into(runDir.resolve("source"));
    sourcePlugins.installDebeziumSource();
    Path model = o.vaultstream() ? plugins.installVaultstream() : null;
    if (o.debezium()) {
      plugins.installDebezium();
    }
    printSetup(o, runDir, plugins, sourcePlugins);
    try (BenchDatabase target = new BenchDatabase(o.jdbcUrl())) {
      Report.line(
          "Target: %s; schemas %s (vaultstream) and %s (Debezium JDBC sink), dropped before each"
              + " load and after the last",
          target.description, SourceSinkRuns.VAULT_SCHEMA, SourceSinkRuns.JDBC_SCHEMA);
      EmbeddedKafkaCluster broker = new EmbeddedKafkaCluster(1, new Properties());
      broker.start();
      try (EventLoader kafka = new EventLoader(broker.bootstrapServers(), 1)) {
        Report.line(
            "Broker: Kafka 3.9.1 (KRaft, one broker) inside this harness JVM at %s",
            broker.bootstrapServers());
        SourceCapture.Backlog backlog =
            SourceCapture.run(o, broker.bootstrapServers(), sourcePlugins, runDir, kafka.admin);
        SourceSinkRuns runs =
            new SourceSinkRuns(
                o, target, backlog, plugins, runDir, broker.bootstrapServers(), kafka.admin, model);
        runs.runAll();
        runs.summary.print(backlog.records(), o.runs());
      } finally {
        broker.stop();
        // The database is left as it was found: the last load's schemas go.
        for (String schema :
            List.of(
                SourceSinkRuns.VAULT_SCHEMA, SourceSinkRuns.JDBC_SCHEMA, SparkRunnerLoads.SCHEMA)) {
          SourceTarget.drop(target, schema);
        }
        Report.line(
            "Dropped the loads' schemas %s, %s and %s from the target",
            SourceSinkRuns.VAULT_SCHEMA, SourceSinkRuns.JDBC_SCHEMA, SparkRunnerLoads.SCHEMA);
      }
    }
  }

  /** A directory of the run's own, named by its start time. */
  private static Path runDirectory() throws IOException {
    return Files.createDirectories(
        PluginInstall.repositoryRoot()
            .resolve("benchmarks/target/debezium-source-runs")
            .resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))));
  }

  /** The run's setup, printed before anything starts: plugin paths, the source. */
  private static void printSetup(
      SourceBenchOptions o, Path runDir, PluginInstall plugins, PluginInstall sourcePlugins) {
    Report.line("vaultstream Connect benchmark on a real Debezium PostgreSQL source");
    Report.line(
        "Run directory: %s (plugin.path of the sinks' workers %s, of the source's %s)",
        runDir, plugins.pluginPath, sourcePlugins.pluginPath);
    Report.line(
        "Source: %s; connector settings %s", o.sourceUrl(), SourceCapture.config(o.sourceUrl()));
  }
}
