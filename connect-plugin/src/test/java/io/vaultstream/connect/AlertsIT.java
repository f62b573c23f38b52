package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.vaultstream.engine.QueueSizes;
import io.vaultstream.engine.VaultLoader;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * The shipped alert rules against a real worker: a Prometheus server scrapes the worker's beans
 * through the shipped exporter rules and evaluates the shipped alert rules, their {@code for}
 * durations shortened to seconds (the durations themselves are tested by promtool in AlertRulesIT).
 * While the task runs, no alert is active for it and the table gauges show what the database holds;
 * once the connector is paused, the task-not-running and connector-not-running alerts fire.
 */
class AlertsIT {
  private static final String PREFIX = "alerts.public";
  private static final String CONNECTOR = "alerts-it";
  private static final List<String> TABLES = ShopFeed.TABLES;

  @Test
  void theTaskAlertsFireForAPausedTaskAndNotForARunningOne() throws Exception {
    EmbeddedConnectCluster connect = EmbeddedWorker.start("alerts-it");
    String schema = TestDatabase.newSchema();
    String model = Files.readString(Samples.shopModel()).replace("shop.public.", PREFIX + ".");
    Path dir = Files.createTempDirectory(Path.of("target"), "alerts-it");
    try (VaultLoader reader =
            VaultLoader.open(
                ModelLoader.parse(model, PREFIX), TestDatabase.options(schema).build());
        PrometheusServer prometheus =
            PrometheusServer.start(dir, quick(dir), MonitoringExample::scrape)) {
      ShopFeed.createTopics(connect.kafka(), PREFIX);
      // No customers: every order's link to its customer waits for a parent.
      List<ChangeRecord> records = new ArrayList<>();
      for (ChangeRecord r : new ShopEventGenerator(PREFIX, 7).next(400)) {
        if (!r.table().equals("customers")) {
          records.add(r);
        }
      }
      ShopFeed feed = new ShopFeed();
      feed.produce(connect.kafka(), records);
      connect.configureConnector(CONNECTOR, props(schema, model));
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(CONNECTOR, 1, "the connector did not start");
      feed.awaitLoaded(reader, CONNECTOR, Duration.ofSeconds(90));

      assertTheTableGaugesShowTheDatabase(reader);
      assertNoAlertActiveWhileTheTaskRuns(prometheus, reader);

      connect.pauseConnector(CONNECTOR);
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksArePaused(CONNECTOR, 1, "the connector did not pause");
      Awaitility.await("the not-running alerts fire for the paused task")
          .atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofMillis(500))
          .until(
              () ->
                  active(prometheus)
                      .containsAll(
                          List.of(
                              "VaultstreamTaskNotRunning task=0 status=paused firing",
                              "VaultstreamConnectorNotRunning task= status=paused firing")));
      connect.deleteConnector(CONNECTOR);
    } finally {
      connect.stop();
    }
  }

  /** The task's table gauges show what the database holds, read by the task on its own. */
  private static void assertTheTableGaugesShowTheDatabase(VaultLoader reader) throws Exception {
    MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
    ObjectName task = VaultTaskMetrics.nameOf(CONNECTOR, "0");
    Awaitility.await("the task's table gauges match the database")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> {
              QueueSizes db = reader.queueSizes();
              return db.waitingRows() > 0
                  && (Long) jmx.getAttribute(task, "WaitingRows") == db.waitingRows()
                  && (Long) jmx.getAttribute(task, "ErrorRows") == db.errorRows();
            });
    assertThat((Long) jmx.getAttribute(task, "OldestWaitingAgeMillis"))
        .isPositive()
        .isLessThan(120_000);
    assertThat((Long) jmx.getAttribute(task, "WatermarkSeconds")).isEqualTo(120);
    // The cache figures, read when the task started (its loader had created the vault's tables).
    long sharedBuffers =
        Long.parseLong(
            TestDatabase.value("SELECT pg_size_bytes(current_setting('shared_buffers'))"));
    assertThat((Long) jmx.getAttribute(task, "DatabaseCacheBytes")).isEqualTo(sharedBuffers);
    assertThat((Long) jmx.getAttribute(task, "VaultRandomlyReachedBytes")).isPositive();
    assertThat((Long) jmx.getAttribute(task, "CacheSizesReadEpochMillis")).isPositive();
  }

  /**
   * Prometheus scrapes the running task and evaluates every rule without error, and no alert is
   * active.
   */
  private static void assertNoAlertActiveWhileTheTaskRuns(
      PrometheusServer prometheus, VaultLoader reader) throws Exception {
    String ours = "{connector=\"" + CONNECTOR + "\"}";
    Awaitility.await("Prometheus sees the task running and evaluated the rules since")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> runningSeenAndRulesEvaluated(prometheus, ours));
    JsonNode waiting = prometheus.api("query", "vaultstream_task_waiting_rows" + ours);
    assertThat(waiting.path("result").get(0).path("value").get(1).asDouble())
        .isEqualTo((double) reader.queueSizes().waitingRows());
    assertThat(active(prometheus)).as("alerts active while the task runs").isEmpty();
  }

  /**
   * Whether Prometheus has the task's status as running and has evaluated every alert rule, all
   * healthy, after the sample it has.
   */
  private static boolean runningSeenAndRulesEvaluated(PrometheusServer p, String ours)
      throws Exception {
    JsonNode status =
        p.api(
            "query",
            "timestamp(kafka_connect_task_status"
                + ours.replace("}", ",status=\"running\"}")
                + ")");
    if (status == null || status.path("result").isEmpty()) {
      return false;
    }
    double seen = status.path("result").get(0).path("value").get(1).asDouble();
    JsonNode rules = p.api("rules", null);
    List<JsonNode> all = new ArrayList<>();
    rules.path("groups").forEach(g -> g.path("rules").forEach(all::add));
    assertThat(all).as("rules loaded").hasSize(AlertRulesIT.alerts().size());
    for (JsonNode r : all) {
      assertThat(r.path("health").asText()).as(r.toString()).isIn("ok", "unknown");
      String last = r.path("lastEvaluation").asText();
      if (!"ok".equals(r.path("health").asText())
          || java.time.Instant.parse(last).toEpochMilli() / 1000.0 <= seen) {
        return false;
      }
    }
    return true;
  }

  /**
   * The shipped alert rules with every {@code for} duration cut to five seconds, written next to
   * the server's files.
   */
  private static Path quick(Path dir) throws java.io.IOException {
    Path rules = dir.resolve("alerts-quick.yml");
    String shipped = Files.readString(AlertRulesIT.ALERTS);
    String quick = shipped.replaceAll("(?m)^(\\s+for:) \\S+$", "$1 5s");
    assertThat(quick).as("the rules have for durations to cut").isNotEqualTo(shipped);
    Files.writeString(rules, quick);
    return rules;
  }

  /** The alerts pending or firing for the connector, as "name task=<t> status=<s> <state>". */
  private static List<String> active(PrometheusServer p) throws Exception {
    JsonNode alerts = p.api("alerts", null);
    List<String> out = new ArrayList<>();
    if (alerts == null) {
      return out;
    }
    for (JsonNode a : alerts.path("alerts")) {
      JsonNode l = a.path("labels");
      if (CONNECTOR.equals(l.path("connector").asText())) {
        out.add(
            l.path("alertname").asText()
                + " task="
                + l.path("task").asText()
                + " status="
                + l.path("status").asText()
                + " "
                + a.path("state").asText());
      }
    }
    return out;
  }

  private static Map<String, String> props(String schema, String model) {
    Map<String, String> p = ShopFeed.bytesConnector(PREFIX, TABLES, schema, model);
    p.put("batch.size", "200");
    p.put("metrics.table.sizes.interval.ms", "500");
    return p;
  }
}
