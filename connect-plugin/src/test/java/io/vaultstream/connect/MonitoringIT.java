package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.management.MBeanServer;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * The monitoring example works on a real worker: with a connector that loaded events, the exporter
 * rules turn the worker's beans into every metric the Grafana dashboard queries, labelled with the
 * connector and task, with the values the task's beans hold.
 */
class MonitoringIT {
  private static final String PREFIX = "mon.public";
  private static final String CONNECTOR = "metrics-it";
  private static final List<String> TABLES = ShopFeed.TABLES;

  @Test
  void everyMetricTheDashboardQueriesIsExportedForARunningTask() throws Exception {
    EmbeddedConnectCluster connect = EmbeddedWorker.start("monitoring-it");
    String schema = TestDatabase.newSchema();
    String model = Files.readString(Samples.shopModel()).replace("shop.public.", PREFIX + ".");
    try (VaultLoader reader =
        VaultLoader.open(ModelLoader.parse(model, PREFIX), TestDatabase.options(schema).build())) {
      ShopFeed.createTopics(connect.kafka(), PREFIX);
      ShopFeed feed = new ShopFeed();
      feed.produce(connect.kafka(), new ShopEventGenerator(PREFIX, 5).next(600));
      connect.configureConnector(CONNECTOR, props(schema, model));
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(CONNECTOR, 1, "the connector did not start");
      feed.awaitLoaded(reader, CONNECTOR, Duration.ofSeconds(90));
      MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
      javax.management.ObjectName task = VaultTaskMetrics.nameOf(CONNECTOR, "0");
      // The task counts a batch when it takes it as committed, shortly after the vault commits it.
      Awaitility.await("the task counted its batches")
          .atMost(Duration.ofSeconds(30))
          .until(() -> (Long) jmx.getAttribute(task, "EventsLoaded") == 600);

      assertTheDashboardsMetricsAreExportedForTheTask(jmx, task);
      connect.deleteConnector(CONNECTOR);
    } finally {
      connect.stop();
    }
  }

  /**
   * What the exporter rules make of the worker's beans: every metric the dashboard queries, for the
   * connector's task, with the values its beans hold.
   */
  private static void assertTheDashboardsMetricsAreExportedForTheTask(
      MBeanServer jmx, javax.management.ObjectName task) throws Exception {
    String scrape = MonitoringExample.scrape();
    // What the agent would serve, kept for a look at the metrics' names, help and types.
    Files.writeString(java.nio.file.Path.of("target", "monitoring-scrape.txt"), scrape);
    List<MonitoringExample.Sample> samples = MonitoringExample.samples(scrape);
    Set<String> wanted = MonitoringExample.dashboardMetrics();
    assertThat(wanted).as("metrics the dashboard queries").hasSizeGreaterThan(10);
    String labels = "connector=\"" + CONNECTOR + "\"";
    Map<String, List<MonitoringExample.Sample>> ours =
        samples.stream()
            .filter(s -> s.labels().contains(labels) && s.labels().contains("task=\"0\""))
            .collect(Collectors.groupingBy(MonitoringExample.Sample::name));
    assertThat(ours.keySet()).as("exported for the task").containsAll(wanted);

    long loaded = (Long) jmx.getAttribute(task, "EventsLoaded");
    assertThat(ours.get("vaultstream_task_events_loaded_total"))
        .singleElement()
        .extracting(MonitoringExample.Sample::value)
        .isEqualTo((double) loaded);
    assertThat(ours.get("vaultstream_pool_max_connections"))
        .singleElement()
        .extracting(MonitoringExample.Sample::value)
        .isEqualTo(4.0);
    // Both percentiles of the last minute, in seconds: finite, ordered.
    Map<String, Double> latency =
        ours.get("vaultstream_task_event_latency_seconds").stream()
            .collect(
                Collectors.toMap(
                    s -> s.labels().replaceAll(".*quantile=\"([^\"]+)\".*", "$1"),
                    MonitoringExample.Sample::value));
    assertThat(latency).containsOnlyKeys("0.5", "0.99");
    assertThat(latency.get("0.5")).isFinite().isNotNegative().isLessThan(600.0);
    assertThat(latency.get("0.99")).isGreaterThanOrEqualTo(latency.get("0.5"));
    assertThat(ours.get("vaultstream_task_batch_duration_seconds")).hasSize(2);
    // The worker's consumer lag, per partition the task reads, labelled like the task's metrics.
    assertThat(ours.get("vaultstream_consumer_records_lag"))
        .extracting(s -> s.labels().replaceAll(".*topic=\"([^\"]+)\".*", "$1"))
        // (the consumer's metrics write a topic's dots as underscores)
        .containsExactlyInAnyOrderElementsOf(
            TABLES.stream().map(t -> (PREFIX + "." + t).replace('.', '_')).toList());
  }

  private static Map<String, String> props(String schema, String model) {
    Map<String, String> p = ShopFeed.bytesConnector(PREFIX, TABLES, schema, model);
    p.put("batch.size", "200");
    return p;
  }
}
