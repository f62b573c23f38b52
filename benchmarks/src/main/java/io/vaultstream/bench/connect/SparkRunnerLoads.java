package io.vaultstream.bench.connect;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Spark runner's loads of the captured backlog, for {@code debezium-source.sh --spark}: the
 * Spark harness (module benchmarks/spark, {@code io.vaultstream.spark.SparkBenchmark
 * --bootstrap-servers}) in a JVM of its own, Spark in local[2], reading the same topics from the
 * same broker with the job's default settings into a schema of its own. It loads the backlog three
 * times: as a freshly started job, then as a running one, then as the running job with one query
 * for every topic ({@code --queries single}). Each load is timed by the harness itself, from the
 * queries' start to their end (Trigger.AvailableNow: the last micro-batch committed and the queries
 * stopped) and a last sweep of waiting rows, so it includes a shutdown that Connect's loads, timed
 * to the moment their positions are stored, do not; and checked (every record decoded, no error
 * rows, every position stored). Its output goes to the run directory, its load lines and checks to
 * this report.
 */
final class SparkRunnerLoads {
  static final String SCHEMA = "dbz_source_spark";
  static final Pattern LOAD =
      Pattern.compile(
          "^Load (\\d+) \\(.*loaded ([\\d,]+) events into [\\d,]+ vault rows in ([\\d.]+) s: .*"
              + "\\((one query [a-z ]+)\\)$");

  /** The line the Spark harness prints just before a load's clock starts. */
  static final Pattern START = Pattern.compile("^Load (\\d+) starting$");

  /** The line the Spark harness prints just after a load's clock stops. */
  static final Pattern END = Pattern.compile("^Load (\\d+) ended$");

  private final SourceBenchOptions options;
  private final BenchDatabase target;
  private final SourceCapture.Backlog backlog;
  private final Path runDir;
  private final String bootstrap;

  SparkRunnerLoads(
      SourceBenchOptions options,
      BenchDatabase target,
      SourceCapture.Backlog backlog,
      Path runDir,
      String bootstrap) {
    this.options = options;
    this.target = target;
    this.backlog = backlog;
    this.runDir = runDir;
    this.bootstrap = bootstrap;
  }

  /** Runs the Spark harness once; its loads, fresh, running, running with one query. */
  List<SourceLoad> run(int run) throws Exception {
    Path log = runDir.resolve("spark-r" + run + ".log");
    ProcessBuilder pb = new ProcessBuilder(command(run)).redirectErrorStream(true);
    pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    Process p = pb.start();
    try {
      // Reading its output ends when the process does; a harness that hangs is stopped.
      long limit = BenchOptions.timeout(backlog.records()).toSeconds() * 2;
      CompletableFuture.runAsync(
          p::destroyForcibly, CompletableFuture.delayedExecutor(limit, TimeUnit.SECONDS));
      Output out = read(p, log);
      if (!p.waitFor(1, TimeUnit.MINUTES) || p.exitValue() != 0 || out.loads.size() != 3) {
        throw new IllegalStateException(
            "the Spark harness failed ("
                + (p.isAlive() ? "still running" : "exit code " + p.exitValue())
                + ", "
                + out.loads.size()
                + " of 3 loads reported"
                + (out.checks.stream().anyMatch(c -> c.startsWith("FAILED"))
                    ? ", " + out.checks
                    : "")
                + "); its output: "
                + log);
      }
      return out.loads;
    } finally {
      if (p.isAlive()) {
        p.destroyForcibly();
        p.waitFor(30, TimeUnit.SECONDS);
      }
    }
  }

  /** The loads the harness reported, each with the CPU metered while it ran, and its checks. */
  private record Output(List<SourceLoad> loads, List<String> checks) {}

  /**
   * Copies the harness's output to {@code log} until it ends, metering the Spark JVM's CPU from
   * each load's start line to its end line, and reports its load lines and checks.
   */
  private Output read(Process p, Path log) throws Exception {
    List<String> loadLines = new ArrayList<>();
    List<Map<String, Double>> cpu = new ArrayList<>();
    List<String> checks = new ArrayList<>();
    ProcessCpu meter = null;
    Map<String, Double> metered = Map.of();
    try (BufferedReader in =
            new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        var file = Files.newBufferedWriter(log)) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        file.write(line);
        file.newLine();
        if (START.matcher(line).find()) {
          meter = new ProcessCpu(p.pid(), target.db);
        } else if (END.matcher(line).find()) {
          metered = meter == null ? Map.of() : meter.since();
          meter = null;
        } else if (LOAD.matcher(line).find()) {
          loadLines.add(line);
          cpu.add(metered);
          metered = Map.of();
          Report.line("    spark: %s", line);
        } else if (line.startsWith("FAILED") || line.startsWith("Error table")) {
          checks.add(line);
          Report.line("    spark: %s", line);
        }
      }
    }
    List<SourceLoad> loads = new ArrayList<>();
    for (int i = 0; i < loadLines.size(); i++) {
      Matcher m = LOAD.matcher(loadLines.get(i));
      m.find();
      loads.add(load(m, cpu.get(i)));
    }
    return new Output(loads, checks);
  }

  /**
   * The Spark JVM's command line; flags from the environment variable SPARK_BENCH_JVM
   * (space-separated, {@code {dir}} the run's directory, {@code {worker}} "spark-r" and the run)
   * come before the class path, e.g. a flight recording of the job; arguments for the harness (and
   * the job's settings it passes on) from SPARK_BENCH_ARGS come last, e.g. {@code
   * --max-offsets-per-trigger=20000}.
   */
  private List<String> command(int run) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx" + options.sparkHeap());
    cmd.add("-Dvaultstream.bench=true");
    cmd.addAll(SinkPhases.extraFlags("SPARK_BENCH_JVM", "spark-r" + run, runDir));
    cmd.addAll(
        List.of(
            "-cp",
            Files.readString(Path.of(options.sparkClasspath())).trim(),
            "io.vaultstream.spark.SparkBenchmark",
            "--bootstrap-servers=" + bootstrap,
            "--jdbc-url=" + target.url,
            "--schema=" + SCHEMA,
            "--loads=3"));
    String more = System.getenv("SPARK_BENCH_ARGS");
    if (more != null && !more.isBlank()) {
      cmd.addAll(List.of(more.trim().split("\\s+")));
    }
    return cmd;
  }

  /**
   * One load line: the records the harness found on the topics, and its seconds; with the CPU the
   * Spark JVM (its executor threads count as "other") and the database spent meanwhile.
   */
  private SourceLoad load(Matcher m, Map<String, Double> cpu) {
    long events = Long.parseLong(m.group(2).replace(",", ""));
    if (events != backlog.records()) {
      throw new IllegalStateException(
          "the Spark harness loaded "
              + events
              + " records, the backlog holds "
              + backlog.records());
    }
    double seconds = Double.parseDouble(m.group(3));
    String label =
        m.group(1).equals("1")
            ? SourceSummary.SPARK_FRESH
            : m.group(4).contains("all topics")
                ? SourceSummary.SPARK_SINGLE
                : SourceSummary.SPARK_RUNNING;
    // No steady rate: the harness times the whole load only.
    // The database's share is left out: the meter finds the backends a worker keeps open, but for
    // the Spark JVM's pools it gave 0.1 to 1.5 s for the same load (a cause not found yet).
    Map<String, Double> jvm = new java.util.LinkedHashMap<>(cpu);
    jvm.remove(ProcessCpu.POSTGRES);
    jvm.remove(ProcessCpu.MARIADB);
    return new SourceLoad(label, events, seconds, Double.NaN, "whole run", jvm, 0);
  }
}
