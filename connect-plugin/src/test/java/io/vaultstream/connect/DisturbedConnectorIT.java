package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.TestDatabase;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The connector in a real worker, disturbed: a task failure and restarts, rebalances between tasks,
 * a batch written again after database errors, events held in memory over a restart. The vault is
 * the one the engine builds from the same records directly, and a dead letter is sent once.
 */
class DisturbedConnectorIT extends ShopConnectorFixture {
  @BeforeAll
  static void startCluster() throws Exception {
    startWorker(
        "vaultstream-disturbed",
        List.of("fail.public", "held.public", "dlq.public", "rebal.public"));
  }

  @Test
  void aTaskFailureAndRestartsGiveTheSameVaultAsAnUndisturbedRun() throws Exception {
    ShopEventGenerator gen = new ShopEventGenerator("fail.public", 23);
    ShopFeed feed = new ShopFeed();
    String ref = TestDatabase.newSchema();
    String schema = TestDatabase.newSchema();
    VaultLoader reader = loader("fail.public", schema);
    Map<String, String> p = rawProps("fail.public", schema);
    p.put("max.retries", "0");
    start("disturbed", p);

    feed.produce(connect.kafka(), gen.next(1000));
    feed.awaitLoaded(reader, "disturbed", LOADED);

    // The database refuses writes: with no retries left the task fails, records stay unloaded.
    TestDatabase.refuseWrites(schema, "hub_customer");
    feed.produce(connect.kafka(), gen.next(1000));
    connect
        .assertions()
        .assertConnectorIsRunningAndTasksHaveFailed(
            "disturbed", 1, "the task should fail while the table refuses writes");
    TestDatabase.allowWrites(schema, "hub_customer");
    connect.restartConnectorAndTasks("disturbed", false, true, false);
    connect
        .assertions()
        .assertConnectorAndExactlyNumTasksAreRunning("disturbed", 1, "restart failed");
    feed.awaitLoaded(reader, "disturbed", LOADED);

    // A plain connector restart in the middle of the next part.
    feed.produce(connect.kafka(), gen.next(1000));
    connect.restartConnectorAndTasks("disturbed", false, true, false);
    connect
        .assertions()
        .assertConnectorAndExactlyNumTasksAreRunning("disturbed", 1, "restart failed");
    feed.awaitLoaded(reader, "disturbed", LOADED);

    feed.loadDirectly(loader("fail.public", ref));
    assertThat(vault(schema)).isEqualTo(vault(ref));
  }

  /**
   * The connector goes from one task to two and back while records flow, so partitions move between
   * tasks (with waits held in memory, whose offsets the next owner reads again): the vault is the
   * one the engine builds from the same records directly.
   */
  @Test
  void rebalancesBetweenTasksGiveTheSameVaultAsAnUndisturbedRun() throws Exception {
    ShopEventGenerator gen = new ShopEventGenerator("rebal.public", 43);
    ShopFeed feed = new ShopFeed();
    String schema = TestDatabase.newSchema();
    VaultLoader reader = loader("rebal.public", schema);
    Map<String, String> p = rawProps("rebal.public", schema);
    p.put("waiting.hold.ms", "5000");
    start("rebal", p);
    feed.produce(connect.kafka(), gen.next(1000));
    feed.awaitLoaded(reader, "rebal", LOADED);

    for (int tasks : List.of(2, 1)) {
      feed.produce(connect.kafka(), gen.next(1000));
      p.put("tasks.max", Integer.toString(tasks));
      connect.configureConnector("rebal", p);
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(
              "rebal", tasks, "the connector did not run " + tasks + " tasks");
      feed.produce(connect.kafka(), gen.next(500));
      feed.awaitLoaded(reader, "rebal", LOADED);
    }

    String ref = TestDatabase.newSchema();
    feed.loadDirectly(loader("rebal.public", ref));
    assertThat(vault(schema)).isEqualTo(vault(ref));
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_waiting")).isEqualTo("0");
  }

  /**
   * A record that cannot be decoded goes to the dead letter queue when it arrives, once, however
   * often the batch it is in has to be written again after database errors.
   */
  @Test
  void aBadRecordReachesTheDeadLetterQueueOnceWhenItsBatchIsWrittenAgain() throws Exception {
    ShopEventGenerator gen = new ShopEventGenerator("dlq.public", 41);
    ShopFeed feed = new ShopFeed();
    String schema = TestDatabase.newSchema();
    VaultLoader reader = loader("dlq.public", schema);
    Map<String, String> p = rawProps("dlq.public", schema);
    p.put("errors.tolerance", "all");
    p.put("errors.deadletterqueue.topic.name", "vaultstream-dlq-once");
    p.put("errors.deadletterqueue.topic.replication.factor", "1");
    p.put("max.retries", "100");
    p.put("retry.backoff.ms", "100");
    p.put("statement.timeout.ms", "1000");
    start("dlq", p);
    feed.produce(connect.kafka(), gen.next(300));
    feed.awaitLoaded(reader, "dlq", LOADED);

    // The bad record and good customers after it, read together once the connector resumes; their
    // batch times out on the hub's lock (a fault that can pass) until the lock is released.
    connect.pauseConnector("dlq");
    connect
        .assertions()
        .assertConnectorAndExactlyNumTasksArePaused("dlq", 1, "the connector did not pause");
    connect
        .kafka()
        .produce(
            "dlq.public.customers",
            null,
            "{\"op\":\"c\",\"after\":{\"name\":\"no id\"},\"source\":{\"ts_ms\":1}}");
    feed.endOffsets.merge(new TopicPartition("dlq.public.customers", 0), 1L, Long::sum);
    feed.produce(connect.kafka(), gen.next(300));
    String rollbacks =
        "SELECT xact_rollback FROM pg_stat_database WHERE datname = current_database()";
    try (java.sql.Connection blocker = TestDatabase.connect()) {
      blocker.setAutoCommit(false);
      try (java.sql.Statement st = blocker.createStatement()) {
        st.execute("LOCK TABLE " + schema + ".hub_customer IN ACCESS EXCLUSIVE MODE");
      }
      long before = Long.parseLong(TestDatabase.value(rollbacks));
      connect.resumeConnector("dlq");
      org.awaitility.Awaitility.await("the batch with the bad record failed several times")
          .atMost(LOADED)
          .until(() -> Long.parseLong(TestDatabase.value(rollbacks)) >= before + 3);
      blocker.rollback();
    }
    feed.awaitLoaded(reader, "dlq", LOADED);

    assertThat(connect.kafka().consumeAll(30_000, "vaultstream-dlq-once").count()).isEqualTo(1);
    assertThat(
            TestDatabase.rows(
                "SELECT error_code, kafka_offset FROM " + schema + ".vs_errors ORDER BY 2"))
        .hasSize(1)
        .allMatch(r -> r.startsWith("BAD_RECORD|"));
  }

  /**
   * Orders whose customers have not arrived are held in memory: no waiting rows, and the offsets
   * committed to Kafka stay at the earliest held order; a restart meanwhile reads them again, and
   * when the customers come everything loads as the engine loads it directly.
   */
  @Test
  void heldEventsKeepTheirOffsetsUncommittedAndSurviveARestart() throws Exception {
    List<ChangeRecord> all = new ShopEventGenerator("held.public", 31).next(1500);
    List<ChangeRecord> children =
        all.stream().filter(r -> !r.topic().endsWith(".customers")).toList();
    List<ChangeRecord> parents =
        all.stream().filter(r -> r.topic().endsWith(".customers")).toList();
    ShopFeed feed = new ShopFeed();
    String schema = TestDatabase.newSchema();
    String partial = TestDatabase.newSchema();
    VaultLoader reader = loader("held.public", schema);
    Map<String, String> p = rawProps("held.public", schema);
    // Held for up to five minutes (half the watermark): far longer than the test runs.
    p.put("watermark.size.seconds", "600");
    p.put("waiting.hold.ms", "300000");
    start("held", p);

    feed.produce(connect.kafka(), children);
    // The engine alone, without holding, on the same records: the order hubs to expect.
    feed.loadDirectly(loader("held.public", partial));
    String orders = "SELECT count(*) FROM %s.hub_order WHERE record_source <> 'SYSTEM'";
    String expectedOrders = TestDatabase.value(orders.formatted(partial));
    assertThat(TestDatabase.value("SELECT count(*) FROM " + partial + ".vs_waiting"))
        .as("without holding, orders wait in rows")
        .isNotEqualTo("0");
    org.awaitility.Awaitility.await("orders loaded, their links held")
        .atMost(LOADED)
        .until(() -> TestDatabase.value(orders.formatted(schema)).equals(expectedOrders));
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_waiting")).isEqualTo("0");
    Map<TopicPartition, Long> heldAt = committedOnceAllButTheOrdersAreAtTheirEnd(feed);
    assertThat(
            feed.endOffsets.entrySet().stream()
                .filter(e -> e.getKey().topic().endsWith(".orders"))
                .anyMatch(e -> heldAt.getOrDefault(e.getKey(), 0L) < e.getValue()))
        .as("an order partition's committed offset stays at its earliest held order: %s", heldAt)
        .isTrue();

    // A restart forgets what was held; the records are read again from the held offsets.
    connect.restartConnectorAndTasks("held", false, true, false);
    connect.assertions().assertConnectorAndExactlyNumTasksAreRunning("held", 1, "restart failed");
    feed.produce(connect.kafka(), parents);
    feed.awaitLoaded(reader, "held", LOADED);

    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_waiting")).isEqualTo("0");
    String ref = TestDatabase.newSchema();
    feed.loadDirectly(loader("held.public", ref));
    assertThat(vault(schema)).isEqualTo(vault(ref));
  }

  /**
   * The offsets committed for the "held" connector, once every topic but the orders is committed to
   * its end.
   */
  private static Map<TopicPartition, Long> committedOnceAllButTheOrdersAreAtTheirEnd(ShopFeed feed)
      throws Exception {
    Map<TopicPartition, Long> heldAt = new HashMap<>();
    try (Admin admin = connect.kafka().createAdminClient()) {
      org.awaitility.Awaitility.await("offsets committed below the held orders")
          .atMost(LOADED)
          .until(
              () -> {
                Map<TopicPartition, OffsetAndMetadata> c =
                    admin
                        .listConsumerGroupOffsets("connect-held")
                        .partitionsToOffsetAndMetadata()
                        .get();
                heldAt.clear();
                c.forEach((tp, o) -> heldAt.put(tp, o.offset()));
                // every topic but orders is committed to its end
                return feed.endOffsets.entrySet().stream()
                    .filter(e -> !e.getKey().topic().endsWith(".orders"))
                    .allMatch(e -> heldAt.getOrDefault(e.getKey(), -1L).equals(e.getValue()));
              });
    }
    return heldAt;
  }
}
