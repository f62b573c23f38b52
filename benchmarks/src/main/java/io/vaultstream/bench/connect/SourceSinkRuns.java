package io.vaultstream.bench.connect;

import io.vaultstream.worker.WorkerProcess;
import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;

/**
 * The sinks' loads of the captured backlog: in each run every sink loads all of it on a freshly
 * started worker of its own, as a connector of a new name (so a new consumer group, reading from
 * the start) into a target schema dropped just before; the order of the sinks rotates from run to
 * run. A load is timed from the connector's creation until its consumer group has committed the
 * topics' end offsets.
 */
final class SourceSinkRuns {
  static final String VAULT_SCHEMA = "dbz_source_vault";
  static final String JDBC_SCHEMA = "dbz_source_jdbc";

  private final SourceBenchOptions options;
  private final BenchDatabase target;
  private final SourceCapture.Backlog backlog;
  private final PluginInstall plugins;
  private final Path runDir;
  private final String bootstrap;
  private final Admin admin;
  private final Path model;

  /** Events/s per sink, one per run, in run order. */
  final Map<String, List<Double>> rates = new LinkedHashMap<>();

  SourceSinkRuns(
      SourceBenchOptions options,
      BenchDatabase target,
      SourceCapture.Backlog backlog,
      PluginInstall plugins,
      Path runDir,
      String bootstrap,
      Admin admin,
      Path model) {
    this.options = options;
    this.target = target;
    this.backlog = backlog;
    this.plugins = plugins;
    this.runDir = runDir;
    this.bootstrap = bootstrap;
    this.admin = admin;
    this.model = model;
  }

  /** The sinks of run {@code run} (1-based), rotated: the first sink goes last in the next run. */
  List<String> order(int run) {
    List<String> sinks = new ArrayList<>();
    if (options.vaultstream()) {
      sinks.add(SinkConfigs.VAULTSTREAM);
    }
    if (options.debezium()) {
      sinks.add(SinkConfigs.DEBEZIUM);
    }
    java.util.Collections.rotate(sinks, -(run - 1));
    return sinks;
  }

  void runAll() throws Exception {
    for (int run = 1; run <= options.runs(); run++) {
      Report.line("");
      Report.line(
          "--- Run %d of %d: %s ---", run, options.runs(), String.join(", then ", order(run)));
      for (String sink : order(run)) {
        double rate = load(sink, run);
        rates.computeIfAbsent(sink, k -> new ArrayList<>()).add(rate);
      }
    }
  }

  private double load(String sink, int run) throws Exception {
    boolean vault = sink.equals(SinkConfigs.VAULTSTREAM);
    resetSchema(vault);
    String name = sink + "-r" + run;
    Map<String, String> config;
    if (vault) {
      config = SinkConfigs.vaultstream(target.url, model, 1);
      config.put("target.schema", VAULT_SCHEMA);
    } else {
      config = SinkConfigs.debezium(target.url, 1);
      config.put("collection.name.format", JDBC_SCHEMA + ".${topic}");
    }
    try (WorkerProcess worker =
        SinkPhases.startWorker(
            "r" + run + "-" + (vault ? "vaultstream" : "debezium-jdbc"),
            sink,
            bootstrap,
            plugins,
            runDir,
            options.workerHeap())) {
      System.gc();
      long t0 = System.nanoTime();
      worker.rest.create(name, config, Duration.ZERO);
      Completion.awaitGroup(
          admin, worker, name, backlog.end(), BenchOptions.timeout(backlog.records()));
      double secs = (System.nanoTime() - t0) / 1e9;
      double rate = backlog.records() / secs;
      Report.line(
          "  run %d, %s: %,d events in %.1f s = %,.0f events/s (consumer group connect-%s)",
          run, sink, backlog.records(), secs, rate, name);
      if (vault) {
        checkVault(config.get("errors.deadletterqueue.topic.name"));
      } else {
        checkJdbc();
      }
      return rate;
    }
  }

  private void resetSchema(boolean vault) throws SQLException {
    try (Statement st = target.db.createStatement()) {
      String schema = vault ? VAULT_SCHEMA : JDBC_SCHEMA;
      st.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
      if (!vault) {
        st.execute("CREATE SCHEMA " + schema); // vaultstream creates its own
      }
    }
  }

  /**
   * The vault's rows per table (without ghost rows), the hubs against the keys the workload created
   * (a hub keeps deleted keys), and the error and waiting rows: the workload writes no invalid row,
   * so vs_errors must stay empty.
   */
  private void checkVault(String dlq) throws Exception {
    Map<String, Long> rows = new LinkedHashMap<>();
    for (String t : target.tables(VAULT_SCHEMA)) {
      rows.put(
          t,
          t.startsWith("vs_")
              ? target.count(VAULT_SCHEMA + "." + t)
              : target.count(VAULT_SCHEMA + "." + t + " WHERE record_source <> 'SYSTEM'"));
    }
    ShopWorkload w = backlog.workload();
    Map<String, Long> hubs =
        Map.of("hub_customer", w.lastCustomer, "hub_product", w.products, "hub_order", w.lastOrder);
    List<String> wrong = new ArrayList<>();
    hubs.forEach(
        (hub, want) -> {
          if (!want.equals(rows.get(hub))) {
            wrong.add(hub + " " + rows.get(hub) + " (the workload created " + want + ")");
          }
        });
    Report.line("    vault rows: %s", rows);
    Report.line(
        "    vs_errors: %,d (the workload has no invalid rows: 0 expected); vs_waiting: %,d;"
            + " dead letter queue: %,d records (all runs so far); hubs %s",
        rows.getOrDefault("vs_errors", 0L),
        rows.getOrDefault("vs_waiting", 0L),
        deadLetters(dlq),
        wrong.isEmpty() ? "match the keys the workload created" : "WRONG: " + wrong);
  }

  /** Records in the dead letter queue topic (0 without one, or while it does not exist). */
  private long deadLetters(String dlq) throws Exception {
    if (dlq == null || !admin.listTopics().names().get().contains(dlq)) {
      return 0;
    }
    return admin
        .listOffsets(Map.of(new TopicPartition(dlq, 0), OffsetSpec.latest()))
        .all()
        .get()
        .values()
        .stream()
        .mapToLong(o -> o.offset())
        .sum();
  }

  /** The Debezium JDBC sink's tables mirror the source's: their row counts should be equal. */
  private void checkJdbc() throws SQLException {
    Map<String, Long> rows = new LinkedHashMap<>();
    for (String t : target.tables(JDBC_SCHEMA)) {
      rows.put(t, target.count(JDBC_SCHEMA + "." + target.quote(t)));
    }
    boolean same = true;
    for (var e : backlog.sourceRows().entrySet()) {
      same &= e.getValue().equals(rows.get("shop_public_" + e.getKey()));
    }
    Report.line(
        "    Debezium JDBC sink rows: %s (%s the source's)",
        rows, same ? "equal to" : "NOT equal to");
  }
}
