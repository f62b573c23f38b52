package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;

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
import java.util.Properties;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import kafka.testkit.KafkaClusterTestKit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.spark.sql.SparkSession;
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
    KafkaClusterTestKit kafka = EmbeddedKafka.start();
    SparkSession spark =
        SparkSession.builder()
            .master("local[2]")
            .appName("vaultstream-metrics-it")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1")
            .config("spark.sql.shuffle.partitions", "2")
            .getOrCreate();
    try {
      String schema = TestDatabase.newSchema();
      Path model = dir.resolve("model.json");
      Files.writeString(
          model, Files.readString(Samples.shopModel()).replace("shop.public.", PREFIX + "."));
      produceWithoutCustomers(kafka);
      JobConfig config =
          JobConfig.from(
              new String[] {
                "--model", model.toString(),
                "--jdbc-url", TestDatabase.jdbcUrl(),
                "--schema", schema,
                "--bootstrap-servers", kafka.bootstrapServers(),
                "--checkpoint", dir.resolve("checkpoints").toString(),
                "--queries", "single",
                "--table-sizes-interval-ms", "500"
              },
              Map.of());
      List<StreamingQuery> queries =
          VaultStreamingJob.start(spark, config, Trigger.ProcessingTime(500));
      assertThat(queries).hasSize(1);
      MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
      ObjectName query =
          VaultQueryMetrics.nameOf(StartingOffsets.queryName(config.loadModel(), null));
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
      // The driver's exporter rules turn the bean into the metrics the alert rules query.
      String q = "query=\"" + StartingOffsets.queryName(config.loadModel(), null) + "\"";
      Map<String, Double> exported = scrape(q);
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

      queries.get(0).stop();
      Awaitility.await("the stopped query shows it is not running")
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(100))
          .until(() -> !(Boolean) jmx.getAttribute(query, "Running"));
      assertThat(scrape(q)).containsEntry("vaultstream_query_running", 0.0);
      VaultStreamingJob.shutdown();
      assertThat(jmx.isRegistered(query)).as("unregistered at shutdown").isFalse();
    } finally {
      VaultStreamingJob.shutdown();
      spark.stop();
      kafka.close();
    }
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
  private static void produceWithoutCustomers(KafkaClusterTestKit kafka) throws Exception {
    List<String> tables =
        List.of("customers", "products", "order_status", "orders", "order_lines", "payments");
    try (Admin admin = Admin.create(kafka.clientProperties())) {
      List<NewTopic> topics = new ArrayList<>();
      tables.forEach(t -> topics.add(new NewTopic(PREFIX + "." + t, 1, (short) 1)));
      admin.createTopics(topics).all().get();
      // A new partition's leader is named a moment before it takes requests: wait until it does.
      Map<org.apache.kafka.common.TopicPartition, org.apache.kafka.clients.admin.OffsetSpec> ends =
          new java.util.HashMap<>();
      tables.forEach(
          t ->
              ends.put(
                  new org.apache.kafka.common.TopicPartition(PREFIX + "." + t, 0),
                  org.apache.kafka.clients.admin.OffsetSpec.latest()));
      Awaitility.await("the new partitions served by the broker")
          .atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofMillis(100))
          .ignoreExceptions()
          .until(() -> admin.listOffsets(ends).all().get().size() == ends.size());
    }
    Properties p = new Properties();
    p.putAll(kafka.clientProperties());
    p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p)) {
      List<java.util.concurrent.Future<?>> acks = new ArrayList<>();
      for (ChangeRecord r : new ShopEventGenerator(PREFIX, 3).next(300)) {
        if (!r.table().equals("customers")) {
          acks.add(producer.send(new ProducerRecord<>(r.topic(), r.key(), r.value())));
        }
      }
      for (var a : acks) {
        a.get();
      }
    }
  }
}
