package io.vaultstream.connect;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.connect.config.ConfigNames;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.sink.SinkRecord;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The two ways a worker can hand Debezium's JSON to the task build the same vault: the same records
 * given as raw bytes (the ByteArrayConverter, which the shipped examples use: the engine decodes
 * them) to one task and as Structs (Kafka's JsonConverter with schemas and NULLs kept) to another,
 * each into a schema of its own, leave every vault table and the key map row for row equal (all
 * columns but the wall-clock {@code loaded_at}), and as many rows waiting.
 *
 * <p>The records arrive as a backlog of one topic per table does: in runs of one topic, children
 * often before their parents, every topic in its own order.
 */
class ConverterPathsIT {
  private static final List<String> ARRIVAL =
      List.of("order_lines", "payments", "orders", "customers", "products", "order_status");
  private final List<VaultSinkTask> tasks = new ArrayList<>();

  @AfterEach
  void stop() {
    tasks.forEach(VaultSinkTask::stop);
  }

  @Test
  void rawBytesAndStructsBuildTheSameVault() throws Exception {
    Map<TopicPartition, Deque<ChangeRecord>> byTopic = generatedByTopic();
    Set<TopicPartition> partitions = Set.copyOf(byTopic.keySet());
    List<List<ChangeRecord>> runs = runsOfOneTopic(byTopic);

    String bytesSchema = TestDatabase.newSchema();
    String structSchema = TestDatabase.newSchema();
    VaultSinkTask bytes = started("bytes-" + bytesSchema, bytesSchema, partitions);
    VaultSinkTask structs = started("structs-" + structSchema, structSchema, partitions);
    Map<TopicPartition, Long> next = putBothWays(runs, bytes, structs);
    committedUpTo(bytes, next);
    committedUpTo(structs, next);

    assertEveryTableHasTheSameRows(bytesSchema, structSchema);
    for (String schema : List.of(bytesSchema, structSchema)) {
      assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_errors"))
          .as("error rows in %s", schema)
          .isEqualTo("0");
    }
    assertThat(TestDatabase.value("SELECT count(*) FROM " + bytesSchema + ".vs_waiting"))
        .isEqualTo(TestDatabase.value("SELECT count(*) FROM " + structSchema + ".vs_waiting"));
  }

  /** The generated shop records, by topic, the topics in the order of {@link #ARRIVAL}. */
  private static Map<TopicPartition, Deque<ChangeRecord>> generatedByTopic() {
    Map<TopicPartition, Deque<ChangeRecord>> byTopic = new LinkedHashMap<>();
    for (String table : ARRIVAL) {
      byTopic.put(new TopicPartition("shop.public." + table, 0), new ArrayDeque<>());
    }
    List<ChangeRecord> generated = ShopEventGenerator.debezium(20261203L).next(6_000);
    for (ChangeRecord r : generated) {
      byTopic.get(new TopicPartition(r.topic(), 0)).add(r);
    }
    return byTopic;
  }

  /** Takes the records as runs of up to 700 of one topic, the topics in turn. */
  private static List<List<ChangeRecord>> runsOfOneTopic(
      Map<TopicPartition, Deque<ChangeRecord>> byTopic) {
    List<List<ChangeRecord>> runs = new ArrayList<>();
    while (byTopic.values().stream().anyMatch(q -> !q.isEmpty())) {
      for (Deque<ChangeRecord> q : byTopic.values()) {
        List<ChangeRecord> run = new ArrayList<>();
        for (int i = 0; i < 700 && !q.isEmpty(); i++) {
          run.add(q.poll());
        }
        if (!run.isEmpty()) {
          runs.add(run);
        }
      }
    }
    return runs;
  }

  /**
   * Puts each run to {@code bytes} as raw bytes and to {@code structs} as the JsonConverter's
   * Structs, at the same offsets; returns each partition's next offset.
   */
  private static Map<TopicPartition, Long> putBothWays(
      List<List<ChangeRecord>> runs, VaultSinkTask bytes, VaultSinkTask structs) {
    JsonConverter keys = converter("key");
    JsonConverter values = converter("value");
    Map<TopicPartition, Long> next = new HashMap<>();
    for (List<ChangeRecord> run : runs) {
      List<SinkRecord> raw = new ArrayList<>();
      List<SinkRecord> converted = new ArrayList<>();
      for (ChangeRecord r : run) {
        TopicPartition tp = new TopicPartition(r.topic(), 0);
        long offset = next.merge(tp, 1L, Long::sum) - 1;
        long ts = 1_767_600_000_000L + offset;
        raw.add(
            new SinkRecord(
                r.topic(),
                0,
                null,
                r.key(),
                null,
                r.value(),
                offset,
                ts,
                TimestampType.CREATE_TIME));
        SchemaAndValue k = keys.toConnectData(r.topic(), r.key());
        SchemaAndValue v = values.toConnectData(r.topic(), r.value());
        converted.add(
            new SinkRecord(
                r.topic(),
                0,
                k.schema(),
                k.value(),
                v.schema(),
                v.value(),
                offset,
                ts,
                TimestampType.CREATE_TIME));
      }
      bytes.put(raw);
      structs.put(converted);
    }
    return next;
  }

  /**
   * Every vault table and the key map hold rows in both schemas, and the same rows (all columns but
   * the wall-clock loaded_at).
   */
  private static void assertEveryTableHasTheSameRows(String bytesSchema, String structSchema)
      throws Exception {
    List<String> tables =
        TestDatabase.rows(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = '"
                + bytesSchema
                + "' AND (table_name NOT LIKE 'vs\\_%' OR table_name = 'vs_key_map')"
                + " ORDER BY 1");
    assertThat(tables).contains("hub_customer", "lnk_order_line", "sat_order", "vs_key_map");
    for (String table : tables) {
      String columns =
          TestDatabase.rows(
                  "SELECT column_name FROM information_schema.columns WHERE table_schema = '"
                      + bytesSchema
                      + "' AND table_name = '"
                      + table
                      + "' AND column_name <> 'loaded_at' ORDER BY ordinal_position")
              .stream()
              .collect(Collectors.joining(", "));
      String a = "SELECT " + columns + " FROM " + bytesSchema + "." + table;
      String b = "SELECT " + columns + " FROM " + structSchema + "." + table;
      assertThat(
              TestDatabase.value(
                  "SELECT count(*) FROM (("
                      + a
                      + " EXCEPT ALL "
                      + b
                      + ") UNION ALL ("
                      + b
                      + " EXCEPT ALL "
                      + a
                      + ")) d"))
          .as("rows of %s that only one path wrote", table)
          .isEqualTo("0");
      assertThat(TestDatabase.value("SELECT count(*) FROM " + bytesSchema + "." + table))
          .as(table)
          .isNotEqualTo("0");
    }
  }

  private VaultSinkTask started(String name, String schema, Set<TopicPartition> partitions) {
    Map<String, String> p = new HashMap<>();
    p.put("name", name);
    p.put(ConfigNames.CONNECTION_URL, TestDatabase.jdbcUrl());
    p.put(ConfigNames.TARGET_SCHEMA, schema);
    p.put(ConfigNames.VAULT_MODEL_PATH, Samples.shopModel().toString());
    p.put(ConfigNames.BATCH_SIZE, "1000");
    VaultSinkTask task = new VaultSinkTask();
    task.initialize(RecordingTaskContext.of(partitions).context());
    task.start(p);
    task.open(List.copyOf(partitions));
    tasks.add(task);
    return task;
  }

  /** Kafka's JsonConverter as the worker configures it for keys or values: schemas, NULLs kept. */
  private static JsonConverter converter(String type) {
    JsonConverter c = new JsonConverter();
    c.configure(
        Map.of(
            "schemas.enable", "true",
            "converter.type", type,
            "replace.null.with.default", "false"));
    return c;
  }

  /** Connect's offset commits, again and again, until the task reports every partition's end. */
  private static void committedUpTo(VaultSinkTask task, Map<TopicPartition, Long> end) {
    Map<TopicPartition, OffsetAndMetadata> current = new HashMap<>();
    end.forEach((tp, o) -> current.put(tp, new OffsetAndMetadata(o)));
    Awaitility.await("every record written and its offset committable")
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofMillis(50))
        .until(
            () -> {
              Map<TopicPartition, OffsetAndMetadata> done = task.preCommit(current);
              return end.entrySet().stream()
                  .allMatch(
                      e ->
                          done.get(e.getKey()) != null
                              && done.get(e.getKey()).offset() >= e.getValue());
            });
  }
}
