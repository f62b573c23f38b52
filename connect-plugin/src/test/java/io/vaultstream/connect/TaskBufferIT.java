package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.connect.config.ConfigNames;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTaskContext;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The task's buffer against a real database, driven as Connect drives it: a batch ends at {@code
 * batch.max.bytes}, and records buffered while a batch fails are neither lost nor passed by the
 * committed offsets when partitions close. An offset commit does not wait for the batch being
 * written, so the tests commit as Connect does, again and again, until the offset they expect.
 */
class TaskBufferIT {
  private static final String TOPIC = "shop.public.customers";
  private static final TopicPartition P0 = new TopicPartition(TOPIC, 0);
  private static final TopicPartition P1 = new TopicPartition(TOPIC, 1);
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

  private Map<String, String> props(String... more) {
    Map<String, String> p = new HashMap<>();
    p.put("name", "buffer-" + schema);
    p.put(ConfigNames.CONNECTION_URL, TestDatabase.jdbcUrl());
    p.put(ConfigNames.TARGET_SCHEMA, schema);
    p.put(ConfigNames.VAULT_MODEL_PATH, Samples.shopModel().toString());
    p.put(ConfigNames.BATCH_MAX_WAIT, "600000");
    p.put(ConfigNames.BATCH_SIZE, "100000");
    p.put(ConfigNames.MAX_RETRIES, "100");
    p.put(ConfigNames.RETRY_BACKOFF, "10");
    for (int i = 0; i < more.length; i += 2) {
      p.put(more[i], more[i + 1]);
    }
    return p;
  }

  private VaultSinkTask started(Map<String, String> props) {
    task = new VaultSinkTask();
    task.initialize(context());
    task.start(props);
    return task;
  }

  private SinkTaskContext context() {
    return RecordingTaskContext.of(Set.of(P0, P1)).context();
  }

  /** Customers C{offset} of one partition, with a name of {@code nameLength} characters. */
  private static List<SinkRecord> customers(TopicPartition tp, int nameLength, long... offsets) {
    List<SinkRecord> out = new ArrayList<>();
    for (long o : offsets) {
      String value =
          "{\"schema\":null,\"payload\":{\"op\":\"c\",\"after\":{\"id\":"
              + o
              + ",\"customer_no\":\"C"
              + tp.partition()
              + "-"
              + o
              + "\",\"name\":\""
              + "n".repeat(nameLength)
              + "\"},\"source\":{\"ts_ms\":1700000000000}}}";
      out.add(
          new SinkRecord(
              tp.topic(),
              tp.partition(),
              null,
              null,
              null,
              value.getBytes(StandardCharsets.UTF_8),
              o));
    }
    return out;
  }

  private String customersInTheVault() throws Exception {
    return TestDatabase.rows(
            "SELECT customer_no FROM "
                + schema
                + ".hub_customer WHERE customer_no LIKE 'C%' ORDER BY length(customer_no),"
                + " customer_no")
        .stream()
        .collect(Collectors.joining(","));
  }

  private static String expected(int partition, long from, long to) {
    return LongStream.range(from, to)
        .mapToObj(o -> "C" + partition + "-" + o)
        .collect(Collectors.joining(","));
  }

  /**
   * Connect's offset commits of P0, every few milliseconds, until the task reports {@code offset}:
   * a commit does not wait for the batch being written. Returns the last report.
   */
  private Map<TopicPartition, OffsetAndMetadata> offsetCommitsUntil(long offset) {
    AtomicReference<Map<TopicPartition, OffsetAndMetadata>> last = new AtomicReference<>();
    Awaitility.await("offset " + offset + " of " + P0 + " to commit")
        .atMost(Duration.ofMinutes(1))
        .pollInterval(Duration.ofMillis(20))
        .until(
            () -> {
              last.set(task.preCommit(Map.of(P0, new OffsetAndMetadata(offset))));
              OffsetAndMetadata o = last.get().get(P0);
              return o != null && o.offset() >= offset;
            });
    return last.get();
  }

  @Test
  void aBatchEndsAtItsMaximumBytesBeforeItsRecordCount() throws Exception {
    started(
        props(
            ConfigNames.BATCH_PIPELINING,
            "false",
            ConfigNames.BATCH_MAX_BYTES,
            Long.toString(300 * 1024)));
    task.open(List.of(P0));
    // Twenty records of about 20 KB decoded each: far below batch.size, above 300 KiB.
    task.put(customers(P0, 10_000, LongStream.range(0, 20).toArray()));
    String loaded = customersInTheVault();
    assertThat(loaded).as("written before the offset commit").isNotEmpty();
    assertThat(loaded.split(",").length).isLessThan(20);
    task.preCommit(Map.of(P0, new OffsetAndMetadata(20)));
    assertThat(customersInTheVault()).isEqualTo(expected(0, 0, 20));
  }

  @Test
  void recordsBufferedWhileABatchFailsSurviveTheCloseOfOtherPartitions() throws Exception {
    started(
        props(
            ConfigNames.BATCH_SIZE,
            "5",
            ConfigNames.POOL_MAX_SIZE,
            "3",
            ConfigNames.STATEMENT_TIMEOUT,
            "1000"));
    task.open(List.of(P0, P1));
    task.put(customers(P0, 1, 0, 1, 2, 3, 4)); // a first batch, before any fault
    offsetCommitsUntil(5);
    assertThat(customersInTheVault()).isEqualTo(expected(0, 0, 5));

    Map<TopicPartition, OffsetAndMetadata> committed = new HashMap<>();
    try (Connection blocker = TestDatabase.connect()) {
      // The next batch's write waits for the hub's lock past the statement timeout: a fault
      // that can pass (57014), as a database that is unreachable for a while.
      blocker.setAutoCommit(false);
      try (Statement st = blocker.createStatement()) {
        st.execute("LOCK TABLE " + schema + ".hub_customer IN ACCESS EXCLUSIVE MODE");
      }
      task.put(customers(P0, 1, 5, 6, 7, 8, 9)); // planned, handed to the writer
      task.put(customers(P0, 1, 10, 11)); // buffered behind it
      task.close(List.of(P1)); // a rebalance takes the other partition; the write fails
      blocker.rollback();
    }
    // Connect goes on with the partition it kept; records 10 and 11 are not delivered again.
    task.put(customers(P0, 1, 12, 13, 14));
    committed.putAll(offsetCommitsUntil(15));

    assertThat(customersInTheVault()).isEqualTo(expected(0, 0, 15));
    assertThat(committed.get(P0).offset()).isEqualTo(15);
  }
}
