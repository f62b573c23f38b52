package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.connect.config.ConfigNames;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A record whose event waited for its parent row and is refused once the parent arrives (the parent
 * row's business key is NULL) goes to the dead letter queue as a record refused in its own batch
 * does, when its event waited in memory; against a real database.
 */
class RefusedAfterWaitingIT {
  private static final TopicPartition ORDERS = new TopicPartition("shop.public.orders", 0);
  private static final TopicPartition CUSTOMERS = new TopicPartition("shop.public.customers", 0);
  private final RecordingTaskContext connect =
      RecordingTaskContext.withReporter(Set.of(ORDERS, CUSTOMERS));
  private final List<SinkRecord> reported = connect.reported;
  private VaultSinkTask task;
  private String schema;

  @BeforeEach
  void start() throws Exception {
    schema = TestDatabase.newSchema();
  }

  @AfterEach
  void stop() {
    if (task != null) {
      task.stop();
    }
  }

  private void started(String holdMs) {
    Map<String, String> p = new HashMap<>();
    p.put("name", "refused-" + schema);
    p.put(ConfigNames.CONNECTION_URL, TestDatabase.jdbcUrl());
    p.put(ConfigNames.TARGET_SCHEMA, schema);
    p.put(ConfigNames.VAULT_MODEL_PATH, Samples.shopModel().toString());
    p.put(ConfigNames.BATCH_MAX_WAIT, "0"); // every put loads its records
    p.put(ConfigNames.BATCH_PIPELINING, "false");
    p.put(ConfigNames.HOLD_MS, holdMs);
    p.put("errors.tolerance", "all"); // records go to Connect's reporter (the dead letter queue)
    task = new VaultSinkTask();
    task.initialize(connect.context());
    task.start(p);
  }

  private static SinkRecord record(TopicPartition tp, long offset, String after, long tsMs) {
    String value =
        "{\"schema\":null,\"payload\":{\"op\":\"c\",\"after\":"
            + after
            + ",\"source\":{\"ts_ms\":"
            + tsMs
            + "}}}";
    return new SinkRecord(
        tp.topic(),
        tp.partition(),
        null,
        null,
        null,
        value.getBytes(StandardCharsets.UTF_8),
        offset);
  }

  /** Order 1 of customer 5, then customer 5 with a NULL customer number. */
  private List<SinkRecord> loadOrderThenItsCustomer() {
    SinkRecord order =
        record(
            ORDERS,
            7,
            "{\"id\":1,\"customer_id\":5,\"order_no\":\"O1\",\"status\":\"new\"}",
            1_700_000_000_000L);
    task.put(List.of(order));
    assertThat(reported).as("waiting is no refusal").isEmpty();
    SinkRecord customer =
        record(CUSTOMERS, 3, "{\"id\":5,\"customer_no\":null,\"name\":\"x\"}", 1_700_000_001_000L);
    task.put(List.of(customer));
    return List.of(order, customer);
  }

  private List<String> errorRows() throws Exception {
    return TestDatabase.rows(
        "SELECT topic || '/' || kafka_offset || ' ' || error_code FROM "
            + schema
            + ".vs_errors ORDER BY topic, kafka_offset, error_code");
  }

  @Test
  void anEventHeldInMemoryAndRefusedWhenItsParentArrivesIsADeadLetter() throws Exception {
    started("600000");
    List<SinkRecord> records = loadOrderThenItsCustomer();
    assertThat(errorRows())
        .contains("shop.public.orders/7 NULL_BUSINESS_KEY")
        .contains("shop.public.customers/3 NULL_BUSINESS_KEY");
    assertThat(reported)
        .extracting(SinkRecord::topic, SinkRecord::kafkaOffset)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple("shop.public.orders", 7L),
            org.assertj.core.groups.Tuple.tuple("shop.public.customers", 3L));
    SinkRecord order = reported.stream().filter(r -> r.kafkaOffset() == 7).findFirst().get();
    assertThat((byte[]) order.value()).isEqualTo((byte[]) records.get(0).value());
  }

  @Test
  void anEventThatWaitedInTheWaitingTableIsAnErrorRowOnly() throws Exception {
    started("0"); // waits go to the waiting table at once; the record is long committed
    loadOrderThenItsCustomer();
    assertThat(errorRows())
        .contains("shop.public.orders/7 NULL_BUSINESS_KEY")
        .contains("shop.public.customers/3 NULL_BUSINESS_KEY");
    assertThat(reported)
        .extracting(SinkRecord::kafkaOffset)
        .as("only the customer, refused in its own batch")
        .containsExactly(3L);
  }
}
