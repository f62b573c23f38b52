package io.vaultstream.bench.connect;

import io.vaultstream.worker.WorkerProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;

/**
 * The sinks' loads of the captured backlog. In each run every sink gets a freshly started worker of
 * its own and loads all of the backlog twice on it: first on the fresh worker (the fresh backlog),
 * then, once that load is over and its connector deleted, again as a connector of another name (a
 * new consumer group reading from the start) into its schema dropped just before, on the worker
 * that is now running and compiled (the running worker). vaultstream's worker then also times a
 * COPY of the vault the running load wrote (C of the ceiling), a no-op sink behind the
 * ByteArrayConverter on the same topics (R; once to warm up, then timed) and any variants of the
 * shipped configuration; the Debezium JDBC sink's worker also the sink tuned (batch.size 5000 and
 * as many records per poll). The order of the sinks rotates from run to run. vaultstream is timed
 * by its vs_progress rows, the others by their consumer group's committed offsets, the no-op sink
 * by the records its task read (Connect's metric, over JMX).
 */
final class SourceSinkRuns {
  static final String VAULT_SCHEMA = "dbz_source_vault";
  static final String JDBC_SCHEMA = "dbz_source_jdbc";
  private static final Duration STOP = Duration.ofMinutes(2);
  private static final String SPARK = "the Spark runner";

  private final SourceBenchOptions options;
  private final BenchDatabase target;
  private final SourceCapture.Backlog backlog;
  private final PluginInstall plugins;
  private final Path runDir;
  private final String bootstrap;
  private final Admin admin;
  private final Path model;

  private final SourceSinkChecks checks;
  private final SparkRunnerLoads spark;

  /** Every load of every run, and the COPY ceiling. */
  final SourceSummary summary = new SourceSummary();

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
    this.checks = new SourceSinkChecks(target, backlog, admin);
    this.spark = new SparkRunnerLoads(options, target, backlog, runDir, bootstrap);
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
    if (options.spark()) {
      sinks.add(SPARK);
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
        if (sink.equals(SinkConfigs.VAULTSTREAM)) {
          vaultstreamLoads(run);
        } else if (sink.equals(SPARK)) {
          sparkLoads(run);
        } else {
          debeziumLoads(run);
        }
      }
    }
  }

  private void vaultstreamLoads(int run) throws Exception {
    Map<String, String> config = SinkConfigs.vaultstream(target.url, model, 1);
    config.put("target.schema", VAULT_SCHEMA);
    try (WorkerProcess worker = startWorker(run, "vaultstream")) {
      vaultLoad(worker, run, SourceSummary.VAULT_FRESH, "vaultstream-r" + run, config);
      vaultLoad(worker, run, SourceSummary.VAULT_SECOND, "vaultstream-r" + run + "b", config);
      vaultLoad(worker, run, SourceSummary.VAULT_RUNNING, "vaultstream-r" + run + "c", config);
      SourceTarget.Bulk bulk = SourceTarget.bulkLoad(target, VAULT_SCHEMA, backlog.records());
      summary.addCopy(backlog.records(), bulk.seconds(), bulk.what());
      Report.line("  run %d, %s", run, bulk.line());
      noop(worker, run, "noop-r" + run + "a", false);
      noop(worker, run, "noop-r" + run + "b", true);
      int i = 0;
      for (Map<String, String> variant : options.variants()) {
        i++;
        Map<String, String> c = new LinkedHashMap<>(config);
        // "{url}" in a value is the target's JDBC URL, e.g.
        // connection.url={url}&someDriverSetting=x
        variant.forEach((k, v) -> c.put(k, v.replace("{url}", target.url)));
        vaultLoad(
            worker,
            run,
            "vaultstream variant " + i + " running",
            "vaultstream-r" + run + "v" + i,
            c);
      }
    }
  }

  /** The Spark runner's loads; one that fails is reported and left out, the other sinks go on. */
  private void sparkLoads(int run) throws Exception {
    try {
      for (SourceLoad load : spark.run(run)) {
        summary.add(load);
        Report.line(
            "  run %d, %s: CPU µs/event: Spark JVM without JIT %.1f (GC threads %.1f), JIT %.1f",
            run,
            load.label(),
            load.workerMicros(),
            load.micros(ProcessCpu.GC),
            load.micros(ProcessCpu.JIT));
      }
    } catch (Exception e) {
      Report.line("  run %d, the Spark runner FAILED, left out of the results: %s", run, e);
      return;
    }
    checks.vault(SparkRunnerLoads.SCHEMA, null); // the last load's vault
  }

  private void debeziumLoads(int run) throws Exception {
    Map<String, String> config = SinkConfigs.debezium(target.url, 1, JDBC_SCHEMA);
    Map<String, String> tuned = new LinkedHashMap<>(config);
    tuned.put("batch.size", "5000");
    tuned.put("consumer.override.max.poll.records", "5000");
    try (WorkerProcess worker = startWorker(run, "debezium-jdbc")) {
      jdbcLoad(worker, run, SourceSummary.DEBEZIUM_FRESH, "debezium-r" + run, config);
      jdbcLoad(worker, run, SourceSummary.DEBEZIUM_SECOND, "debezium-r" + run + "b", config);
      jdbcLoad(worker, run, SourceSummary.DEBEZIUM_RUNNING, "debezium-r" + run + "c", config);
      jdbcLoad(worker, run, SourceSummary.DEBEZIUM_TUNED, "debezium-r" + run + "t", tuned);
    }
  }

  private WorkerProcess startWorker(int run, String what) throws Exception {
    return SinkPhases.startWorker(
        "r" + run + "-" + what, what, bootstrap, plugins, runDir, options.workerHeap());
  }

  private void vaultLoad(
      WorkerProcess worker, int run, String label, String name, Map<String, String> config)
      throws Exception {
    SourceTarget.reset(target, VAULT_SCHEMA, true);
    LoadClock clock = new LoadClock(backlog.records());
    TaskEvents loaded = new TaskEvents(worker, name);
    long logMark = FlushLog.mark(worker.log);
    record(
        run,
        timed(
            worker,
            label,
            clock,
            name,
            config,
            () ->
                Completion.awaitVault(
                    target.db,
                    VAULT_SCHEMA,
                    name,
                    worker,
                    backlog.end(),
                    BenchOptions.timeout(backlog.records()),
                    50,
                    stored -> clock.sample(loaded.now())),
            () -> clock.sample(loaded.settled())));
    Report.line(
        "    %s",
        Extras.flushLine(
            FlushLog.between(worker.log, logMark, FlushLog.mark(worker.log)), "this load"));
    checks.vault(VAULT_SCHEMA, config.get("errors.deadletterqueue.topic.name"));
    worker.rest.delete(name, STOP);
  }

  private void jdbcLoad(
      WorkerProcess worker, int run, String label, String name, Map<String, String> config)
      throws Exception {
    SourceTarget.reset(target, JDBC_SCHEMA, false);
    LoadClock clock = new LoadClock(backlog.records());
    record(
        run,
        timed(
            worker,
            label,
            clock,
            name,
            config,
            () ->
                Completion.awaitGroup(
                    admin,
                    worker,
                    name,
                    backlog.end(),
                    BenchOptions.timeout(backlog.records()),
                    clock),
            null));
    checks.jdbc();
    worker.rest.delete(name, STOP);
  }

  /** The no-op sink on vaultstream's worker; {@code timed} false: a warm-up, not reported. */
  private void noop(WorkerProcess worker, int run, String name, boolean timed) throws Exception {
    LoadClock clock = new LoadClock(backlog.records());
    SourceLoad load =
        timed(
            worker,
            SourceSummary.NOOP,
            clock,
            name,
            SinkConfigs.noop(),
            () ->
                TaskReads.await(
                    worker,
                    name,
                    backlog.records(),
                    clock,
                    BenchOptions.timeout(backlog.records())),
            null);
    worker.rest.delete(name, STOP);
    if (timed) {
      record(run, load);
    }
  }

  /** A timed load in the summary, and printed. */
  private void record(int run, SourceLoad load) {
    summary.add(load);
    load.print(run);
  }

  private interface Load {
    void run() throws Exception;
  }

  /**
   * Creates connector {@code name} and runs {@code load} (the wait for its end) with the worker's
   * CPU and allocation meters and {@code clock} running, the clock started last; {@code settle} (or
   * null) runs after the clock stopped, before the rates are taken (a last sample of a count that
   * is reported late).
   */
  private SourceLoad timed(
      WorkerProcess worker,
      String label,
      LoadClock clock,
      String name,
      Map<String, String> config,
      Load load,
      Load settle)
      throws Exception {
    System.gc();
    ProcessCpu cpu = new ProcessCpu(worker.pid(), target.db);
    WorkerAllocation allocation = new WorkerAllocation(worker);
    clock.start();
    worker.rest.create(name, config, Duration.ZERO);
    load.run();
    double seconds = clock.stop();
    if (settle != null) {
      settle.run();
    }
    SourceLoad result =
        new SourceLoad(
            label,
            backlog.records(),
            seconds,
            clock.steadyRate(),
            clock.window(),
            cpu.since(),
            allocation.since());
    return result;
  }
}
