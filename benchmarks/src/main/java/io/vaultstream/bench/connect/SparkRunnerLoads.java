package io.vaultstream.bench.connect;

import java.io.BufferedReader;
import java.io.IOException;
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
 * same broker with the job's default settings into a schema of its own. It loads the backlog twice,
 * as a freshly started job and then as a running one, times each load itself (from the queries'
 * start to the last micro-batch's commit and the final sweep of waiting rows) and checks it (every
 * record decoded, no error rows, every position stored); its output goes to the run directory, its
 * load lines and failures to this report.
 */
final class SparkRunnerLoads {
  static final String SCHEMA = "dbz_source_spark";
  private static final Pattern LOAD =
      Pattern.compile(
          "^Load (\\d+) \\(.*loaded ([\\d,]+) events into [\\d,]+ vault rows in ([\\d.]+) s");

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
    List<String> command =
        List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx" + options.sparkHeap(),
            "-Dvaultstream.bench=true",
            "-cp",
            Files.readString(Path.of(options.sparkClasspath())).trim(),
            "io.vaultstream.spark.SparkBenchmark",
            "--bootstrap-servers=" + bootstrap,
            "--jdbc-url=" + target.url,
            "--schema=" + SCHEMA,
            "--loads=3");
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    Process p = pb.start();
    // Reading its output ends when the process does; a harness that hangs is stopped.
    long limit = BenchOptions.timeout(backlog.records()).toSeconds() * 2;
    CompletableFuture.runAsync(
        p::destroyForcibly, CompletableFuture.delayedExecutor(limit, TimeUnit.SECONDS));
    List<SourceLoad> loads = new ArrayList<>();
    List<String> checks = new ArrayList<>();
    try (BufferedReader out =
            new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        var file = Files.newBufferedWriter(log)) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        file.write(line);
        file.newLine();
        Matcher m = LOAD.matcher(line);
        if (m.find()) {
          loads.add(load(m));
          Report.line("    spark: %s", line);
        } else if (line.startsWith("FAILED") || line.startsWith("Error table")) {
          checks.add(line);
          Report.line("    spark: %s", line);
        }
      }
    }
    if (!p.waitFor(1, TimeUnit.MINUTES)) {
      throw new IllegalStateException("the Spark harness did not end; its output: " + log);
    }
    if (p.exitValue() != 0 || loads.size() != 3) {
      throw new IllegalStateException(
          "the Spark harness failed (exit code "
              + p.exitValue()
              + ", "
              + loads.size()
              + " of 3 loads reported"
              + (checks.isEmpty() ? "" : ", " + checks)
              + "); its output: "
              + log);
    }
    return loads;
  }

  /** One load line: the records the harness found on the topics, and its seconds. */
  private SourceLoad load(Matcher m) throws IOException {
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
        switch (m.group(1)) {
          case "1" -> SourceSummary.SPARK_FRESH;
          case "2" -> SourceSummary.SPARK_RUNNING;
          default -> SourceSummary.SPARK_SINGLE;
        };
    return new SourceLoad(label, events, seconds, events / seconds, "whole run", Map.of(), 0);
  }
}
