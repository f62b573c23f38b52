package io.vaultstream.connect;

import static io.vaultstream.connect.ProductEvents.field;
import static io.vaultstream.connect.ProductEvents.product;
import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.samples.ChangeRecord;
import io.vaultstream.samples.ShopEventGenerator;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TargetDatabase;
import io.vaultstream.testing.TestDatabase;
import io.vaultstream.testing.VaultDump;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;

/**
 * Topics written in transactions, as Debezium writes them on a worker with exactly-once source
 * support: with the consumer reading committed records only (the setting docs/CONNECT.md asks for),
 * an aborted transaction's records never reach the vault, the committed ones build what the engine
 * builds from them directly, and a task started again resumes from its stored positions across the
 * transactions' markers (offsets that hold no record), reading only the new committed records. A
 * connector reading with Kafka's default isolation level, beside it, loads the aborted records: the
 * test can tell the two apart.
 */
class TransactionalSourceIT extends BadRecordsWorker {
  private static final Duration LOADED = Duration.ofSeconds(90);
  private static final long ABORTED_ID = 950_001;
  private static final long COMMITTED_ID = 960_001;
  private static final int ABORTED = 5;

  TransactionalSourceIT() {
    super("vaultstream-transactions");
  }

  @Test
  void readingCommittedRecordsOnlyKeepsAbortedTransactionsOutOfTheVault() throws Exception {
    String model = Files.readString(Samples.shopModel()).replace("shop.public.", PREFIX + ".");
    ShopEventGenerator gen = new ShopEventGenerator(PREFIX, 11).withSchemas();
    ShopFeed feed = new ShopFeed();
    try (KafkaProducer<byte[], byte[]> tx =
        connect
            .kafka()
            .createProducer(Map.of("transactional.id", "shop-source-0", "acks", "all"))) {
      tx.initTransactions();
      feed.produceTransaction(tx, gen.next(150), true);
      long aborted = lastOffset(feed.produceTransaction(tx, products(ABORTED_ID), false));
      feed.produceTransaction(tx, withProduct(gen.next(150), COMMITTED_ID), true);
      assertCommittedAfter(feed, aborted);

      String committed = TestDatabase.newSchema();
      VaultLoader committedReader = loader(model, committed);
      Map<String, String> c = ShopFeed.bytesConnector(PREFIX, TABLES, committed, model);
      c.put("consumer.override.isolation.level", "read_committed");
      connect.configureConnector("committed", c);

      String uncommitted = TestDatabase.newSchema();
      VaultLoader uncommittedReader = loader(model, uncommitted);
      connect.configureConnector(
          "uncommitted", ShopFeed.bytesConnector(PREFIX, TABLES, uncommitted, model));

      feed.awaitLoaded(committedReader, "committed", LOADED);
      feed.awaitLoaded(uncommittedReader, "uncommitted", LOADED);
      assertThat(skus(uncommitted, ABORTED_ID)).as("read uncommitted").hasSize(ABORTED);
      assertThat(skus(committed, ABORTED_ID)).as("read committed").isEmpty();
      assertThat(skus(committed, COMMITTED_ID)).hasSize(ABORTED);
      assertThat(errorRows(committed)).isZero();
      assertSameVault(committed, directLoad(feed, model));

      // Stopped, the task leaves its positions in the vault; more transactions come meanwhile,
      // and the task started again reads from those positions, across the markers, only the new
      // committed records (tombstones are no events; the record it reads again to check the topic
      // is not counted).
      connect.stopConnector("committed");
      connect.assertions().assertConnectorIsStopped("committed", "the connector did not stop");
      aborted = lastOffset(feed.produceTransaction(tx, products(ABORTED_ID + ABORTED), false));
      List<ChangeRecord> more = withProduct(gen.next(100), COMMITTED_ID + ABORTED);
      feed.produceTransaction(tx, more, true);
      assertCommittedAfter(feed, aborted);
      connect.resumeConnector("committed");
      connect
          .assertions()
          .assertConnectorAndExactlyNumTasksAreRunning(
              "committed", 1, "the connector did not start");
      feed.awaitLoaded(committedReader, "committed", LOADED);
      assertThat(
              (Long)
                  ManagementFactory.getPlatformMBeanServer()
                      .getAttribute(VaultTaskMetrics.nameOf("committed", "0"), "EventsLoaded"))
          .as("the started task read only the new committed records")
          .isEqualTo(more.stream().filter(r -> !r.tombstone()).count());
      assertThat(skus(committed, ABORTED_ID + ABORTED))
          .as("read committed, started again")
          .isEmpty();
      assertThat(skus(committed, COMMITTED_ID + ABORTED)).hasSize(ABORTED);
      assertThat(errorRows(committed)).isZero();
      assertSameVault(committed, directLoad(feed, model));
    }
  }

  /** The committed records end with products written after the aborted ones, in their partition. */
  private static void assertCommittedAfter(ShopFeed feed, long abortedOffset) {
    assertThat(feed.endOffsets.get(new TopicPartition(PREFIX + ".products", 0)))
        .as("a committed product after the aborted ones")
        .isGreaterThan(abortedOffset + 1);
  }

  private static long lastOffset(List<RecordMetadata> written) {
    return written.stream().mapToLong(RecordMetadata::offset).max().orElseThrow();
  }

  /** The records, then inserts of products from {@code firstId} on. */
  private static List<ChangeRecord> withProduct(List<ChangeRecord> records, long firstId) {
    List<ChangeRecord> out = new ArrayList<>(records);
    out.addAll(products(firstId));
    return out;
  }

  /**
   * Inserts of {@link #ABORTED} products from {@code firstId} on, each with a business key of its
   * own.
   */
  private static List<ChangeRecord> products(long firstId) {
    List<ChangeRecord> out = new ArrayList<>();
    for (long id = firstId; id < firstId + ABORTED; id++) {
      out.add(
          new ChangeRecord(
              "products",
              "c",
              PREFIX + ".products",
              ("{\"id\":" + id + "}").getBytes(StandardCharsets.UTF_8),
              product(
                      id,
                      field("note", "string", null),
                      "\"note\":\"from " + firstId + "\"",
                      1_700_000_000_000L)
                  .getBytes(StandardCharsets.UTF_8)));
    }
    return out;
  }

  /** The business keys in the product hub of the products of ids {@code firstId} to 4 more. */
  private static List<String> skus(String schema, long firstId) throws Exception {
    return TestDatabase.rows(
        "SELECT sku FROM "
            + schema
            + ".hub_product WHERE sku BETWEEN 'X-"
            + firstId
            + "' AND 'X-"
            + (firstId + ABORTED - 1)
            + "' ORDER BY sku");
  }

  private static long errorRows(String schema) throws Exception {
    return Long.parseLong(
        TestDatabase.rows("SELECT count(*) FROM " + schema + ".vs_errors").get(0));
  }

  /** A new schema holding what the engine builds from the feed's records directly. */
  private String directLoad(ShopFeed feed, String model) throws Exception {
    String ref = TestDatabase.newSchema();
    feed.loadDirectly(loader(model, ref));
    return ref;
  }

  /**
   * The vault tables of {@code schema} hold the rows of {@code ref}'s (load times aside); polled,
   * as a child read before its parent waits for the parent's batch.
   */
  private static void assertSameVault(String schema, String ref) throws Exception {
    Map<String, List<String>> want = vault(ref);
    Awaitility.await("the vault of " + schema + " equals the direct load's")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(250))
        .untilAsserted(
            () -> {
              Map<String, List<String>> got = vault(schema);
              assertThat(got.keySet()).isEqualTo(want.keySet());
              for (String t : want.keySet()) {
                assertThat(got.get(t)).as(t).isEqualTo(want.get(t));
              }
            });
  }

  private static Map<String, List<String>> vault(String schema) throws Exception {
    return VaultDump.of(
        TargetDatabase.postgres(), schema, t -> !t.startsWith("vs_"), c -> !c.equals("loaded_at"));
  }
}
