package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.QueueSizes;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.TestDatabase;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.Trigger;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The queries' JMX attributes on the driver, which the alert rules read through the exporter: a
 * running query shows its progress, its commits and the vault's waiting and error tables as the
 * database holds them; a stopped query shows it is not running.
 */
class SparkQueryMetricsIT {
  private static final String PREFIX = "jmx.public";

  @Test
  void aQueryShowsItsStateProgressAndTheVaultsTables(@TempDir Path dir) throws Exception {
    try (SparkRunnerFixture runner = SparkRunnerFixture.start()) {
      String schema = TestDatabase.newSchema();
      Path model = SparkRunnerFixture.modelFor(PREFIX, dir);
      sendAllButTheCustomers(runner);
      JobConfig config =
          runner.config(
              model,
              schema,
              dir.resolve("checkpoints"),
              "--queries",
              "single",
              "--table-sizes-interval-ms",
              "500");
      List<StreamingQuery> queries =
          VaultStreamingJob.start(runner.spark, config, Trigger.ProcessingTime(500));
      assertThat(queries).hasSize(1);
      String name = StartingOffsets.queryName(config.loadModel(), null);
      ObjectName query = VaultQueryMetrics.nameOf(name);
      awaitCommitsAndTheVaultsTables(query, model, schema);
      assertRunningQueryExported(query, "query=\"" + name + "\"");

      queries.get(0).stop();
      assertStoppedQueryShownAndUnregistered(query, "query=\"" + name + "\"");
    }
  }

  /**
   * Waits until the bean shows the query's commits and the waiting and error rows the vault has.
   */
  private static void awaitCommitsAndTheVaultsTables(ObjectName query, Path model, String schema)
      throws Exception {
    MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
    try (VaultLoader reader =
        VaultLoader.open(ModelLoader.load(model), TestDatabase.options(schema).build())) {
      Awaitility.await("the query's attributes show its commits and the vault's tables")
          .atMost(Duration.ofSeconds(120))
          .pollInterval(Duration.ofMillis(250))
          .until(
              () -> {
                QueueSizes db = reader.queueSizes();
                return (Boolean) jmx.getAttribute(query, "Running")
                    && (Long) jmx.getAttribute(query, "LastCommitEpochMillis") > 0
                    && (Long) jmx.getAttribute(query, "RecordsBehind") == 0
                    && db.waitingRows() > 0
                    && (Long) jmx.getAttribute(query, "WaitingRows") == db.waitingRows()
                    && (Long) jmx.getAttribute(query, "ErrorRows") == db.errorRows();
              });
    }
  }

  /** The running query's bean, and the metrics the exporter makes of it for the alert rules. */
  private static void assertRunningQueryExported(ObjectName query, String labels) throws Exception {
    MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
    // The driver's exporter rules turn the bean into the metrics the alert rules query.
    Map<String, Double> exported = scrape(labels);
    assertThat(exported)
        .containsEntry("vaultstream_query_running", 1.0)
        .containsEntry("vaultstream_query_records_behind", 0.0)
        .containsEntry("vaultstream_query_watermark_seconds", 120.0)
        .containsKeys(
            "vaultstream_query_last_progress_timestamp_seconds",
            "vaultstream_query_last_commit_timestamp_seconds",
            "vaultstream_query_waiting_rows",
            "vaultstream_query_error_rows",
            "vaultstream_query_oldest_waiting_age_seconds",
            "vaultstream_query_table_sizes_read_timestamp_seconds");
    // The Spark job's Grafana dashboard queries only what the query exports.
    assertThat(exported.keySet()).as("exported for the query").containsAll(dashboardMetrics());
    assertThat(exported.get("vaultstream_query_last_commit_timestamp_seconds"))
        .isCloseTo(
            (Long) jmx.getAttribute(query, "LastCommitEpochMillis") / 1000.0,
            org.assertj.core.data.Offset.offset(0.001));
    assertThat((Long) jmx.getAttribute(query, "LastProgressEpochMillis")).isPositive();
    assertThat((Long) jmx.getAttribute(query, "OldestWaitingAgeMillis")).isPositive();
    assertThat((Long) jmx.getAttribute(query, "TableSizesReadEpochMillis")).isPositive();
    assertThat((Long) jmx.getAttribute(query, "WatermarkSeconds")).isEqualTo(120);
    // The cache figures, read when the job started (its loader had created the vault's tables).
    long sharedBuffers =
        Long.parseLong(
            TestDatabase.value("SELECT pg_size_bytes(current_setting('shared_buffers'))"));
    assertThat((Long) jmx.getAttribute(query, "DatabaseCacheBytes")).isEqualTo(sharedBuffers);
    assertThat((Long) jmx.getAttribute(query, "VaultRandomlyReachedBytes")).isPositive();
    assertThat((Long) jmx.getAttribute(query, "CacheSizesReadEpochMillis")).isPositive();
    assertThat(exported)
        .containsEntry("vaultstream_query_database_cache_bytes", (double) sharedBuffers)
        .containsKeys(
            "vaultstream_query_vault_randomly_reached_bytes",
            "vaultstream_query_cache_sizes_read_timestamp_seconds");
  }

  /** The stopped query shows it is not running; the job's shutdown unregisters its bean. */
  private static void assertStoppedQueryShownAndUnregistered(ObjectName query, String labels)
      throws Exception {
    MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
    Awaitility.await("the stopped query shows it is not running")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(100))
        .until(() -> !(Boolean) jmx.getAttribute(query, "Running"));
    assertThat(scrape(labels)).containsEntry("vaultstream_query_running", 0.0);
    VaultStreamingJob.shutdown();
    assertThat(jmx.isRegistered(query)).as("unregistered at shutdown").isFalse();
  }

  /**
   * The metrics of a scrape of this JVM with the driver's exporter rules, as the agent serves them,
   * by name: those whose labels contain {@code labels}.
   */
  private static Map<String, Double> scrape(String labels) throws Exception {
    io.prometheus.metrics.model.registry.PrometheusRegistry registry =
        new io.prometheus.metrics.model.registry.PrometheusRegistry();
    new io.prometheus.jmx.JmxCollector(
            Path.of("..", "examples", "monitoring", "vaultstream-spark-jmx-exporter.yaml").toFile(),
            io.prometheus.jmx.JmxCollector.Mode.AGENT)
        .register(registry);
    String text =
        io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter.create()
            .toDebugString(registry.scrape());
    Map<String, Double> out = new java.util.TreeMap<>();
    java.util.regex.Pattern sample =
        java.util.regex.Pattern.compile("^([a-z_]+)\\{([^}]*)\\} (\\S+)$");
    for (String line : text.split("\n")) {
      java.util.regex.Matcher m = sample.matcher(line);
      if (m.matches() && m.group(2).contains(labels)) {
        out.put(m.group(1), Double.parseDouble(m.group(3)));
      }
    }
    return out;
  }

  /** The vaultstream metrics the panels of examples/monitoring's Spark dashboard query. */
  private static java.util.Set<String> dashboardMetrics() throws Exception {
    com.fasterxml.jackson.databind.JsonNode dashboard =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(
                Path.of("..", "examples", "monitoring", "vaultstream-spark-dashboard.json")
                    .toFile());
    java.util.Set<String> names = new java.util.TreeSet<>();
    java.util.regex.Pattern metric = java.util.regex.Pattern.compile("\\bvaultstream_[a-z0-9_]+");
    for (com.fasterxml.jackson.databind.JsonNode panel : dashboard.path("panels")) {
      for (com.fasterxml.jackson.databind.JsonNode target : panel.path("targets")) {
        java.util.regex.Matcher m = metric.matcher(target.path("expr").asText());
        while (m.find()) {
          names.add(m.group());
        }
      }
    }
    assertThat(names).as("metrics the dashboard queries").hasSizeGreaterThan(8);
    return names;
  }

  /** The shop's change events but the customers': every order's link waits for its customer. */
  private static void sendAllButTheCustomers(SparkRunnerFixture runner) throws Exception {
    runner.createTopics(PREFIX, false);
    runner.send(
        new ShopEventGenerator(PREFIX, 3)
            .next(300).stream().filter(r -> !r.table().equals("customers")).toList());
  }
}
