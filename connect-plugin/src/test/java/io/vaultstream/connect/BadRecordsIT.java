package io.vaultstream.connect;

import static io.vaultstream.connect.ProductEvents.field;
import static io.vaultstream.connect.ProductEvents.product;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import io.vaultstream.testing.VaultDump;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * Records whose values the vault cannot hold, among good ones, through a real worker with the
 * JsonConverter (the Struct path) and with the shipped example's converters (the bytes path): the
 * task keeps running, the good records load with their exact values, each bad one is a BAD_RECORD
 * error row and a dead letter. What a dead letter keeps is DeadLetterBytesIT's.
 */
class BadRecordsIT extends BadRecordsWorker {
  BadRecordsIT() {
    super("vaultstream-bad-records");
  }

  /** The good records of the feed built what the engine builds from them directly. */
  private void assertGoodRecordsLoadedAsByTheEngine(ShopFeed feed, String model, String schema)
      throws Exception {
    String ref = TestDatabase.newSchema();
    feed.loadDirectly(loader(model, ref));
    Map<String, List<String>> got = VaultDump.of(schema);
    Map<String, List<String>> want = VaultDump.of(ref);
    for (String t : List.of("hub_customer", "hub_order", "lnk_order_line", "sat_order")) {
      assertThat(got.get(t)).as(t).isEqualTo(want.get(t));
    }
  }

  @Test
  void badRecordsBecomeErrorRowsAndTheTaskKeepsLoading() throws Exception {
    String model = Files.readString(Samples.shopModel()).replace("shop.public.", PREFIX + ".");
    ShopFeed feed = new ShopFeed();
    feed.produce(connect.kafka(), new ShopEventGenerator(PREFIX, 5).withSchemas().next(300));
    produceTwoGoodAndFiveBadRecords(feed);

    String schema = TestDatabase.newSchema();
    VaultLoader reader = loader(model, schema);
    Map<String, String> p = ShopFeed.jsonConnector(PREFIX, TABLES, schema, model);
    p.put("max.retries", "0"); // a batch that fails fails the task at once
    p.put("errors.tolerance", "all");
    p.put("errors.deadletterqueue.topic.name", "bad-records-dlq");
    p.put("errors.deadletterqueue.topic.replication.factor", "1");
    connect.configureConnector("bad", p);
    feed.awaitLoaded(reader, "bad", Duration.ofSeconds(90));

    connect
        .assertions()
        .assertConnectorAndExactlyNumTasksAreRunning("bad", 1, "the task must keep running");
    String s = schema;
    assertThat(
            TestDatabase.rows(
                "SELECT topic, kafka_offset, event_time IS NULL FROM "
                    + s
                    + ".vs_errors WHERE error_code = 'BAD_RECORD' ORDER BY 1, 2"))
        .hasSize(5)
        .allMatch(r -> r.endsWith("|t"));
    assertThat(
            TestDatabase.rows(
                "SELECT opens_at::text FROM " + s + ".sat_product WHERE opens_at IS NOT NULL"))
        .containsExactly("24:00:00");
    assertThat(
            TestDatabase.rows(
                "SELECT valid_to::text FROM " + s + ".sat_product WHERE valid_to IS NOT NULL"))
        .containsExactly("9999-12-31 00:00:00");
    assertThat(connect.kafka().consumeAll(30_000, "bad-records-dlq").count()).isEqualTo(5);

    assertGoodRecordsLoadedAsByTheEngine(feed, model, s);
  }

  /**
   * Products the vault can hold at the edge of their types and five records it cannot, after the
   * feed's records; counted in the feed's end offsets.
   */
  private void produceTwoGoodAndFiveBadRecords(ShopFeed feed) {
    long ok = 1_700_000_000_000L;
    String micro = "io.debezium.time.MicroTime";
    List<String> products =
        List.of(
            // good: PostgreSQL's end of the day, and the usual "valid to" date 9999-12-31
            product(900_001, field("opens_at", "int64", micro), "\"opens_at\":86400000000", ok),
            product(
                900_002,
                field("valid_to", "int64", "io.debezium.time.Timestamp"),
                "\"valid_to\":253402214400000",
                ok),
            // bad: a time past the end of the day (a DateTimeException killed the task)
            product(900_003, field("opens_at", "int64", micro), "\"opens_at\":86400000001", ok),
            // bad: an event time beyond year 9999 (failed every batch after it)
            product(900_004, field("note", "string", null), "\"note\":\"x\"", 253402300800000000L),
            // bad: a decimal of a billion digits
            product(
                900_005,
                "{\"field\":\"price\",\"type\":\"bytes\",\"name\":\"org.apache.kafka.connect.data.Decimal\","
                    + "\"parameters\":{\"scale\":\"-999999999\"}}",
                "\"price\":\"AQ==\"",
                ok),
            // bad: a column name PostgreSQL would cut to 63 bytes
            product(
                900_006,
                field("n".repeat(70), "string", null),
                "\"" + "n".repeat(70) + "\":\"x\"",
                ok));
    products.forEach(p -> connect.kafka().produce(PREFIX + ".products", null, p));
    // bad: a primary key too long for the key map's index
    connect
        .kafka()
        .produce(
            PREFIX + ".order_status",
            null,
            "{\"schema\":null,\"payload\":{\"op\":\"c\",\"after\":{\"code\":\""
                + "c".repeat(3000)
                + "\"},\"source\":{\"ts_ms\":1}}}");
    feed.endOffsets.merge(new TopicPartition(PREFIX + ".products", 0), 6L, Long::sum);
    feed.endOffsets.merge(new TopicPartition(PREFIX + ".order_status", 0), 1L, Long::sum);
  }

  @Test
  void withTheDefaultToleranceADeadLetterQueueDoesNotStopTheTask() throws Exception {
    String model = Files.readString(Samples.shopModel()).replace("shop.public.", PREFIX + ".");
    ShopFeed feed = new ShopFeed();
    feed.produce(connect.kafka(), new ShopEventGenerator(PREFIX, 5).withSchemas().next(100));
    String micro = "io.debezium.time.MicroTime";
    long ok = 1_700_000_000_000L;
    // bad: a time past the end of the day; good: the product after it
    connect
        .kafka()
        .produce(
            PREFIX + ".products",
            null,
            product(900_003, field("opens_at", "int64", micro), "\"opens_at\":86400000001", ok));
    connect
        .kafka()
        .produce(
            PREFIX + ".products",
            null,
            product(900_001, field("opens_at", "int64", micro), "\"opens_at\":3600000000", ok));
    feed.endOffsets.merge(new TopicPartition(PREFIX + ".products", 0), 2L, Long::sum);

    String schema = TestDatabase.newSchema();
    VaultLoader reader = loader(model, schema);
    Map<String, String> p = ShopFeed.jsonConnector(PREFIX, TABLES, schema, model);
    p.put("max.retries", "0");
    // errors.tolerance left at Connect's default, none: Connect's reporter would fail the task.
    p.put("errors.deadletterqueue.topic.name", "none-tolerated-dlq");
    p.put("errors.deadletterqueue.topic.replication.factor", "1");
    p.put("errors.log.enable", "true");
    connect.configureConnector("bad-none", p);
    feed.awaitLoaded(reader, "bad-none", Duration.ofSeconds(90));

    connect
        .assertions()
        .assertConnectorAndExactlyNumTasksAreRunning("bad-none", 1, "the task must keep running");
    assertThat(
            TestDatabase.rows(
                "SELECT topic, kafka_offset FROM "
                    + schema
                    + ".vs_errors WHERE error_code = 'BAD_RECORD'"))
        .singleElement()
        .asString()
        .startsWith(PREFIX + ".products|");
    assertThat(
            TestDatabase.rows(
                "SELECT opens_at::text FROM " + schema + ".sat_product WHERE opens_at IS NOT NULL"))
        .containsExactly("01:00:00");
    assertGoodRecordsLoadedAsByTheEngine(feed, model, schema);
  }
}
