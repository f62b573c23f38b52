package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.connect.util.clusters.EmbeddedConnectCluster;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * A backlog whose child topic runs ahead in source time, on a real worker: customers committed over
 * 30 s of source time, and orders of the last 2,000 customers, each committed 2 s after its
 * customer. Read unpaced, in small fetches, the orders arrive long before their customers and wait
 * as waiting rows; paced ({@code read.skew.max.ms}, on by default, for a backlog: these records
 * were written to Kafka an hour before they are read), the orders' partition is paused until the
 * customers catch up, and only orders of the first poll can wait; the vault is the same.
 */
class ReadPacingIT {
  private static final String PREFIX = "pace.public";
  private static final int CUSTOMERS = 3000;
  private static final int ORDERS = 2000;
  private static final long T0 = 1_767_600_000_000L;

  /** Records a poll hands the task at most. */
  private static final int POLL = 50;

  /** Records a batch holds at most. */
  private static final int BATCH = 200;

  @Test
  void aChildTopicAheadInSourceTimeIsPausedAndItsChildrenDoNotWait() throws Exception {
    // The connectors set their consumers' fetch sizes.
    EmbeddedConnectCluster connect =
        EmbeddedWorker.start(
            "read-pacing-it", Map.of("connector.client.config.override.policy", "All"));
    try {
      connect.kafka().createTopic(PREFIX + ".customers", 1);
      connect.kafka().createTopic(PREFIX + ".orders", 1);
      produceBacklog(connect);
      String model = Files.readString(Samples.shopModel()).replace("shop.public.", PREFIX + ".");

      String unpaced = TestDatabase.newSchema();
      long waitedUnpaced = load(connect, "unpaced", unpaced, model, "0");
      String paced = TestDatabase.newSchema();
      long waitedPaced = load(connect, "paced", paced, model, null);

      assertThat(waitedUnpaced)
          .as("unpaced, most orders are read before their customers and wait as waiting rows")
          .isGreaterThan(ORDERS * 3 / 4);
      assertThat(waitedPaced)
          .as(
              "paced, only orders of the first poll can wait (read before the customers' first"
                  + " records told where that partition is); unpaced %d waited",
              waitedUnpaced)
          .isLessThanOrEqualTo(POLL);
      for (String schema : new String[] {unpaced, paced}) {
        assertThat(count(schema, "hub_customer WHERE record_source <> 'SYSTEM'"))
            .isEqualTo(CUSTOMERS);
        assertThat(count(schema, "lnk_order_customer WHERE record_source <> 'SYSTEM'"))
            .isEqualTo(ORDERS);
        assertThat(count(schema, "vs_waiting")).isZero();
        assertThat(count(schema, "vs_errors")).isZero();
      }
    } finally {
      connect.stop();
    }
  }

  /** Customers at T0 + 10 ms each; the orders of the last 2,000, each 2 s after its customer. */
  private static void produceBacklog(EmbeddedConnectCluster connect) throws Exception {
    try (KafkaProducer<byte[], byte[]> p = connect.kafka().createProducer(new HashMap<>())) {
      for (int i = 0; i < CUSTOMERS; i++) {
        String after = "{\"id\":" + i + ",\"customer_no\":\"C" + i + "\",\"name\":\"n" + i + "\"}";
        p.send(record(PREFIX + ".customers", after, T0 + 10L * i));
      }
      for (int i = CUSTOMERS - ORDERS; i < CUSTOMERS; i++) {
        String after =
            "{\"id\":"
                + i
                + ",\"order_no\":\"O"
                + i
                + "\",\"customer_id\":"
                + i
                + ",\"status\":\"NEW\"}";
        p.send(record(PREFIX + ".orders", after, T0 + 10L * i + 2000));
      }
      p.flush();
    }
  }

  private static ProducerRecord<byte[], byte[]> record(String topic, String after, long sourceMs) {
    String value =
        "{\"schema\":null,\"payload\":{\"op\":\"c\",\"after\":"
            + after
            + ",\"source\":{\"ts_ms\":"
            + sourceMs
            + "}}}";
    // Written to Kafka an hour before it is read: a backlog.
    return new ProducerRecord<>(
        topic,
        null,
        System.currentTimeMillis() - 3_600_000L,
        null,
        value.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Loads the backlog with a connector of its own into {@code schema}, in small fetches and batches
   * (so the two topics are read side by side, as a large backlog is); returns the waiting rows its
   * task wrote.
   */
  private static long load(
      EmbeddedConnectCluster connect, String name, String schema, String model, String skew)
      throws Exception {
    Map<String, String> props = new HashMap<>();
    props.put("connector.class", VaultSinkConnector.class.getName());
    props.put("tasks.max", "1");
    props.put("topics.regex", PREFIX.replace(".", "\\.") + "\\.(customers|orders)");
    props.put("key.converter", "org.apache.kafka.connect.converters.ByteArrayConverter");
    props.put("value.converter", "org.apache.kafka.connect.converters.ByteArrayConverter");
    props.put("connection.url", TestDatabase.jdbcUrl());
    props.put("target.schema", schema);
    props.put("vault.model", model);
    props.put("batch.size", String.valueOf(BATCH));
    props.put("consumer.override.max.partition.fetch.bytes", "8192");
    props.put("consumer.override.max.poll.records", String.valueOf(POLL));
    if (skew != null) {
      props.put("read.skew.max.ms", skew);
    }
    connect.configureConnector(name, props);
    connect
        .assertions()
        .assertConnectorAndExactlyNumTasksAreRunning(name, 1, "the connector did not start");
    MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
    ObjectName task = VaultTaskMetrics.nameOf(name, "0");
    Awaitility.await(name + " loaded the backlog")
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofMillis(100))
        .until(
            () ->
                jmx.isRegistered(task)
                    && (Long) jmx.getAttribute(task, "EventsLoaded") == CUSTOMERS + ORDERS
                    && count(schema, "vs_waiting") == 0);
    long waited = (Long) jmx.getAttribute(task, "WaitingRowsWritten");
    connect.deleteConnector(name);
    return waited;
  }

  private static long count(String schema, String table) throws Exception {
    try (Connection c = TestDatabase.connect();
        ResultSet rs =
            c.createStatement().executeQuery("SELECT count(*) FROM " + schema + "." + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
