package io.vaultstream.bench.connect;

import io.vaultstream.worker.FreePorts;
import io.vaultstream.worker.WorkerConfig;
import io.vaultstream.worker.WorkerLaunch;
import io.vaultstream.worker.WorkerLogging;
import io.vaultstream.worker.WorkerProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * The timed loads: each sink on a freshly started worker of its own (the backlog), then again on
 * that worker once it has been running (the events produced meanwhile). Between loads a sink's
 * connector is paused.
 */
final class SinkPhases {
  private static final Duration START = Duration.ofMinutes(3);

  private final BenchOptions options;
  private final BenchDatabase database;
  private final EventLoader loader;
  private final PluginInstall plugins;
  private final Path runDir;
  private final String bootstrap;
  private final Report report;
  WorkerProcess vaultWorker;
  WorkerProcess debeziumWorker;
  WorkerProcess floorWorker;
  WorkerHeap vaultHeap;
  WorkerHeap debeziumHeap;
  List<FlushLog.Flush> freshFlushes = List.of();
  long freshVaultRows;
  double freshVaultSeconds;

  SinkPhases(
      BenchOptions options,
      BenchDatabase database,
      EventLoader loader,
      PluginInstall plugins,
      Path runDir,
      String bootstrap,
      Report report) {
    this.options = options;
    this.database = database;
    this.loader = loader;
    this.plugins = plugins;
    this.runDir = runDir;
    this.bootstrap = bootstrap;
    this.report = report;
  }

  private WorkerProcess startWorker(String name, String sink) throws Exception {
    return startWorker(name, sink, bootstrap, plugins, runDir, options.workerHeap());
  }

  /**
   * A worker as the Connect benchmarks run one (Kafka's flags and shipped settings, {@code -Xms256M
   * -Xmx<heap>}, remote JMX), started in {@code runDir} on {@code plugins}' jars and plugin.path,
   * once its REST API answers; {@code what} names what it is for in the message.
   */
  static WorkerProcess startWorker(
      String name, String what, String bootstrap, PluginInstall plugins, Path runDir, String heap)
      throws Exception {
    long t0 = System.nanoTime();
    int restPort = FreePorts.next();
    WorkerConfig config =
        WorkerConfig.distributed(bootstrap, name, name, restPort, plugins.pluginPath);
    WorkerProcess w =
        WorkerProcess.start(
            WorkerLaunch.of(
                    name, runDir, plugins.workerLibs, restPort, config, WorkerLogging.LOG4J2)
                .jvm(List.of("-Xms256M", "-Xmx" + heap))
                .jvm(WorkerLaunch.KAFKA_JVM_FLAGS)
                .jvm(List.of("-Dkafka.logs.dir=" + runDir))
                .jvm(extraFlags(name, runDir))
                .withJmx());
    try {
      w.awaitReady(START);
    } catch (Exception | Error e) {
      w.close();
      throw e;
    }
    Report.line(
        "Started %s for %s in %.1f s (pid %d, REST 127.0.0.1:%d, JMX 127.0.0.1:%d); log: %s",
        name, what, (System.nanoTime() - t0) / 1e9, w.pid(), w.restPort, w.jmxPort, w.log);
    return w;
  }

  /**
   * JVM flags from the environment variable BENCH_WORKER_JVM (space-separated; {@code {worker}} in
   * a flag becomes the worker's name and {@code {dir}} the run's directory), e.g. a flight
   * recording of each worker: {@code -XX:StartFlightRecording=filename={dir}/{worker}.jfr}.
   */
  static List<String> extraFlags(String name, Path runDir) {
    return extraFlags("BENCH_WORKER_JVM", name, runDir);
  }

  /**
   * JVM flags from the environment variable {@code variable}, as {@link #extraFlags(String, Path)}.
   */
  static List<String> extraFlags(String variable, String name, Path runDir) {
    String flags = System.getenv(variable);
    if (flags == null || flags.isBlank()) {
      return List.of();
    }
    return java.util.Arrays.stream(flags.trim().split("\\s+"))
        .map(f -> f.replace("{worker}", name).replace("{dir}", runDir.toString()))
        .toList();
  }

  void freshVaultstream(Path model, Map<TopicPartition, Long> end) throws Exception {
    vaultWorker = startWorker("worker-1", "vaultstream");
    vaultHeap = new WorkerHeap(vaultWorker);
    long mark = FlushLog.mark(vaultWorker.log);
    System.gc();
    ProcessCpu cpu = new ProcessCpu(vaultWorker.pid(), database.db);
    long t0 = System.nanoTime();
    vaultWorker.rest.create(
        SinkConfigs.VAULTSTREAM,
        SinkConfigs.vaultstream(database.url, model, options.tasks()),
        Duration.ZERO);
    Completion.awaitVault(
        database.db, vaultWorker, end, BenchOptions.timeout(options.events()), 50, null);
    double secs = (System.nanoTime() - t0) / 1e9;
    Map<String, Double> spent = cpu.since();
    freshFlushes = FlushLog.between(vaultWorker.log, mark, FlushLog.mark(vaultWorker.log));
    vaultWorker.rest.pause(SinkConfigs.VAULTSTREAM, options.tasks(), START);
    report.add(
        new Report.Phase(
            SinkConfigs.VAULTSTREAM, "freshly started", options.events(), secs, spent));
    freshVaultRows = database.vaultRows();
    freshVaultSeconds = secs;
    report.note(
        "vaultstream vault rows (fresh load, without vs_* tables and ghost rows): %,d = %,.0f rows/s;"
            + " waiting rows now %,d",
        freshVaultRows,
        freshVaultRows / secs,
        database.count(SinkConfigs.VAULT_SCHEMA + ".vs_waiting"));
  }

  void freshDebezium(Map<TopicPartition, Long> end) throws Exception {
    debeziumWorker = startWorker("worker-2", "the Debezium JDBC sink");
    debeziumHeap = new WorkerHeap(debeziumWorker);
    freshGroupSink(
        debeziumWorker,
        SinkConfigs.DEBEZIUM,
        SinkConfigs.debezium(database.url, options.tasks()),
        end);
    report.note(
        "Debezium JDBC sink rows in %s: %,d (tables %s)",
        SinkConfigs.JDBC_SCHEMA,
        database.rows(SinkConfigs.JDBC_SCHEMA),
        database.tables(SinkConfigs.JDBC_SCHEMA));
  }

  /** The floor (see {@link SinkConfigs#floor}) on a freshly started worker of its own. */
  void freshFloor(Map<TopicPartition, Long> end) throws Exception {
    floorWorker = startWorker("worker-3", "the floor (FileStreamSink to /dev/null)");
    freshGroupSink(floorWorker, SinkConfigs.FLOOR, SinkConfigs.floor(options.tasks()), end);
  }

  void runningVaultstream(Map<TopicPartition, Long> end) throws Exception {
    long rowsBefore = database.vaultRows();
    System.gc();
    ProcessCpu cpu = new ProcessCpu(vaultWorker.pid(), database.db);
    long t0 = System.nanoTime();
    vaultWorker.rest.resume(SinkConfigs.VAULTSTREAM);
    Completion.awaitVault(
        database.db, vaultWorker, end, BenchOptions.timeout(options.runningEvents()), 50, null);
    double secs = (System.nanoTime() - t0) / 1e9;
    Map<String, Double> spent = cpu.since();
    vaultWorker.rest.pause(SinkConfigs.VAULTSTREAM, options.tasks(), START);
    report.add(
        new Report.Phase(SinkConfigs.VAULTSTREAM, "running", options.runningEvents(), secs, spent));
    long rows = database.vaultRows() - rowsBefore;
    report.note("vaultstream vault rows (running worker): %,d = %,.0f rows/s", rows, rows / secs);
  }

  void runningDebezium(Map<TopicPartition, Long> end) throws Exception {
    runningGroupSink(debeziumWorker, SinkConfigs.DEBEZIUM, end);
  }

  /** The floor again, on its running worker. */
  void runningFloor(Map<TopicPartition, Long> end) throws Exception {
    runningGroupSink(floorWorker, SinkConfigs.FLOOR, end);
  }

  /** A sink timed by its consumer group's committed offsets, created on its worker and paused. */
  private void freshGroupSink(
      WorkerProcess worker, String name, Map<String, String> config, Map<TopicPartition, Long> end)
      throws Exception {
    timedGroupLoad(
        worker,
        name,
        "freshly started",
        options.events(),
        end,
        () -> worker.rest.create(name, config, Duration.ZERO));
  }

  private void runningGroupSink(WorkerProcess worker, String name, Map<TopicPartition, Long> end)
      throws Exception {
    timedGroupLoad(
        worker, name, "running", options.runningEvents(), end, () -> worker.rest.resume(name));
  }

  private interface Start {
    void run() throws Exception;
  }

  private void timedGroupLoad(
      WorkerProcess worker,
      String name,
      String state,
      int events,
      Map<TopicPartition, Long> end,
      Start start)
      throws Exception {
    System.gc();
    ProcessCpu cpu = new ProcessCpu(worker.pid(), database.db);
    long t0 = System.nanoTime();
    start.run();
    Completion.awaitGroup(loader.admin, worker, name, end, BenchOptions.timeout(events));
    double secs = (System.nanoTime() - t0) / 1e9;
    Map<String, Double> spent = cpu.since();
    worker.rest.pause(name, options.tasks(), START);
    report.add(new Report.Phase(name, state, events, secs, spent));
  }

  Report report() {
    return report;
  }

  int tasks() {
    return options.tasks();
  }

  /** Stops the workers and their heap samplers. */
  void close() {
    for (AutoCloseable c :
        new AutoCloseable[] {vaultHeap, debeziumHeap, vaultWorker, debeziumWorker, floorWorker}) {
      try {
        if (c != null) {
          c.close();
        }
      } catch (Exception e) {
        Report.line("(stopping: %s)", e);
      }
    }
  }
}
