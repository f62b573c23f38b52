package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A connector whose transform routes two source databases' customer topics into the one topic the
 * model names (Kafka's RegexRouter): every record of both loads, although their offsets overlap;
 * each partition read is stored in the vault and committed to Kafka under its own name, and a
 * restarted task resumes both from the vault instead of reading them again.
 */
class RoutedTopicsIT {
  private static final String NAME = "routed";
  private static final Duration LOADED = Duration.ofSeconds(90);
  private EmbeddedConnectCluster connect;
  private VaultLoader reader;

  @AfterEach
  void stop() {
    if (reader != null) {
      reader.close();
    }
    if (connect != null) {
      connect.stop();
    }
  }

  /** Customers {@code from} to {@code to} of the source database {@code db}, Debezium's JSON. */
  private static List<ChangeRecord> customers(String db, int from, int to) {
    List<ChangeRecord> out = new ArrayList<>();
    for (int id = from; id <= to; id++) {
      String value =
          "{\"schema\":null,\"payload\":{\"op\":\"c\",\"after\":{\"id\":"
              + id
              + ",\"customer_no\":\""
              + db
              + "-"
              + id
              + "\",\"name\":\"n\"},\"source\":{\"ts_ms\":1700000000000}}}";
      out.add(
          new ChangeRecord(
              "customers",
              "c",
              db + ".public.customers",
              ("{\"id\":" + id + "}").getBytes(StandardCharsets.UTF_8),
              value.getBytes(StandardCharsets.UTF_8)));
    }
    return out;
  }

  @Test
  void twoTopicsRoutedIntoOneLoadEveryRecordAndKeepTheirOwnOffsets() throws Exception {
    String model = Files.readString(Samples.shopModel()).replace("shop.public.", "merged.public.");
    String schema = TestDatabase.newSchema();
    reader =
        VaultLoader.open(
            ModelLoader.parse(model, "merged.public"), TestDatabase.options(schema).build());
    connect = EmbeddedWorker.start("vaultstream-routed-topics");
    connect.kafka().createTopic("east.public.customers", 1);
    connect.kafka().createTopic("west.public.customers", 1);
    ShopFeed feed = new ShopFeed();
    feed.produce(connect.kafka(), customers("east", 1, 200));
    feed.produce(connect.kafka(), customers("west", 1001, 1150));

    Map<String, String> connector = ShopFeed.bytesConnector("unused", List.of(), schema, model);
    connector.put("topics", "east.public.customers,west.public.customers");
    connector.put("transforms", "route");
    connector.put("transforms.route.type", "org.apache.kafka.connect.transforms.RegexRouter");
    connector.put("transforms.route.regex", "(east|west)\\.public\\.(.*)");
    connector.put("transforms.route.replacement", "merged.public.$2");
    connector.put("batch.max.wait.ms", "200");
    connect.configureConnector(NAME, connector);
    // Positions stored under the topics read: east.public.customers at 200, west at 150.
    feed.awaitLoaded(reader, NAME, LOADED);
    assertThat(customers(schema))
        .as("every customer of both databases, although their offsets overlap")
        .isEqualTo("350");
    awaitCommittedToKafka(feed.endOffsets);

    // A restarted task resumes both partitions from the vault: it loads only what came since.
    connect.restartConnectorAndTasks(NAME, false, true, false);
    connect.assertions().assertConnectorAndExactlyNumTasksAreRunning(NAME, 1, "restart failed");
    feed.produce(connect.kafka(), customers("west", 1151, 1160));
    feed.awaitLoaded(reader, NAME, LOADED);
    assertThat(customers(schema)).isEqualTo("360");
    assertThat(
            (Long)
                ManagementFactory.getPlatformMBeanServer()
                    .getAttribute(VaultTaskMetrics.nameOf(NAME, "0"), "EventsLoaded"))
        .as("the restarted task read only the ten new records")
        .isEqualTo(10L);
    assertThat(TestDatabase.rows("SELECT * FROM " + schema + ".vs_errors")).isEmpty();
  }

  /** The customers of both databases in the vault's hub (its ghost records aside). */
  private static String customers(String schema) throws Exception {
    return TestDatabase.value(
        "SELECT count(*) FROM "
            + schema
            + ".hub_customer WHERE customer_no LIKE 'east-%' OR customer_no LIKE 'west-%'");
  }

  /** Waits until Kafka holds the connector's offsets of both partitions read, at their ends. */
  private void awaitCommittedToKafka(Map<TopicPartition, Long> ends) throws Exception {
    try (Admin admin = connect.kafka().createAdminClient()) {
      Awaitility.await("offsets committed to Kafka under the topics read")
          .atMost(LOADED)
          .pollInterval(Duration.ofMillis(250))
          .until(
              () -> {
                Map<TopicPartition, Long> committed = new HashMap<>();
                admin
                    .listConsumerGroupOffsets("connect-" + NAME)
                    .partitionsToOffsetAndMetadata()
                    .get()
                    .forEach((tp, o) -> committed.put(tp, o.offset()));
                return committed.equals(ends);
              });
    }
  }
}
