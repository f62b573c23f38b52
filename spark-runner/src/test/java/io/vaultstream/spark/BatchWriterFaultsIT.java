package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.decode.SchemaRegistryUnavailableException;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.AvroCustomers;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A micro-batch's partition of Confluent Avro records while the schema registry is down: a short
 * outage is waited out within the retries; a longer one fails the batch (so Spark runs it again),
 * and neither stores a good record as a bad one nor moves the batch's stored progress. A record
 * that cannot be decoded is an error row while the others load.
 */
class BatchWriterFaultsIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static SparkContext spark;
  private static VaultMetrics metrics;
  private AvroCustomers.Registry registry;
  private String schema;

  @BeforeAll
  static void startSpark() {
    spark = LocalSpark.start("batch-writer-faults");
    metrics = new VaultMetrics(spark);
  }

  @AfterAll
  static void stopSpark() {
    LocalSpark.stop(spark);
  }

  @BeforeEach
  void start() throws Exception {
    registry = new AvroCustomers.Registry();
    schema = TestDatabase.newSchema();
  }

  @AfterEach
  void stop() {
    registry.close();
  }

  private VaultOptions options(int maxRetries) {
    return options(maxRetries, 2);
  }

  /** With a pool of {@code pool} connections: 4 (the job's default) loads in chunks. */
  private VaultOptions options(int maxRetries, int pool) {
    return TestDatabase.options(schema)
        .poolMaxSize(pool)
        .maxRetries(maxRetries)
        .retryBackoffMs(10)
        .decoder(new DecoderOptions(null, null, registry.url()))
        .build();
  }

  private static List<Row> customers(long... ids) throws Exception {
    Schema v1 = AvroCustomers.envelope(false);
    List<Row> rows = new ArrayList<>();
    for (long id : ids) {
      byte[] value = AvroCustomers.wire(1, v1, AvroCustomers.customer(v1, id, null));
      rows.add(customerRecord(value, id));
    }
    return rows;
  }

  private void write(VaultOptions options, long batchId) throws Exception {
    write(options, batchId, Integer.MAX_VALUE);
  }

  /** Writes customers 1 and 2 as a partition, in transactions of {@code chunk} events. */
  private void write(VaultOptions options, long batchId, int chunk) throws Exception {
    BatchWriter.writePartition(
        SHOP,
        options,
        "q",
        BatchWriter.LEDGER + "/q",
        metrics,
        batchId,
        chunk,
        customers(1, 2).iterator());
  }

  /** Writes {@code rows} as a partition of batch {@code batchId}, one event per transaction. */
  private void writeInChunksOfOne(VaultOptions options, long batchId, List<Row> rows)
      throws Exception {
    BatchWriter.writePartition(
        SHOP, options, "q", BatchWriter.LEDGER + "/q", metrics, batchId, 1, rows.iterator());
  }

  /** A record of the customers' partition 0 at {@code offset}. */
  private static Row customerRecord(byte[] value, long offset) {
    return RowFactory.create(
        null, value, "shop.public.customers", 0, offset, new Timestamp(1_767_225_600_000L));
  }

  /** The business keys in hub_customer, but for the ghost records'. */
  private List<String> customersInTheHub() throws Exception {
    return TestDatabase.rows(
        "SELECT customer_no FROM "
            + schema
            + ".hub_customer WHERE customer_no LIKE 'C%' ORDER BY 1");
  }

  /** The next offset stored for the customers' partition. */
  private String customersNextOffset() throws Exception {
    return TestDatabase.value(
        "SELECT next_offset FROM " + schema + ".vs_progress WHERE topic = 'shop.public.customers'");
  }

  private String errorRows() throws Exception {
    return TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_errors");
  }

  @Test
  void aShortOutageIsWaitedOut() throws Exception {
    registry.fail(503, 2);
    write(options(3), 0);
    assertThat(customersInTheHub()).containsExactly("C1", "C2");
    assertThat(errorRows()).as("no good record stored as a bad one").isEqualTo("0");
  }

  @Test
  void aLongerOutageFailsTheBatchSoItRunsAgain() throws Exception {
    VaultOptions options = options(1);
    registry.fail(503, 100);
    assertThatThrownBy(() -> write(options, 0))
        .isInstanceOf(SchemaRegistryUnavailableException.class)
        .hasMessageContaining("answered 503");
    assertThat(errorRows()).isEqualTo("0");
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_progress"))
        .as("the batch is not recorded as loaded")
        .isEqualTo("0");
    registry.fail(503, 0);
    write(options, 0); // Spark runs the batch again
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".hub_customer"))
        .isEqualTo("4"); // two ghost records and the two customers
  }

  @Test
  void anOutageWhileTheChunksOfAMicroBatchAreDecodedFailsItAsItIsAndItRunsAgain() throws Exception {
    // One event per transaction: the records are decoded as the chunks take them, inside the
    // load's retries, which must not wait out the outage a second time nor hide it.
    VaultOptions options = options(1, 4);
    registry.fail(503, 100);
    int before = registry.requests();
    assertThatThrownBy(() -> write(options, 0))
        .isInstanceOf(SchemaRegistryUnavailableException.class);
    int decodedFirst = registry.requests() - before;
    before = registry.requests();
    assertThatThrownBy(() -> write(options, 0, 1))
        .isInstanceOf(SchemaRegistryUnavailableException.class)
        .hasMessageContaining("answered 503");
    assertThat(registry.requests() - before)
        .as("the outage waited out as long as when the records are decoded first")
        .isEqualTo(decodedFirst);
    assertThat(TestDatabase.value("SELECT count(*) FROM " + schema + ".vs_progress"))
        .as("the batch is not recorded as loaded")
        .isEqualTo("0");
    registry.fail(503, 0);
    write(options, 0, 1);
    assertThat(customersInTheHub()).containsExactly("C1", "C2");
    assertThat(errorRows()).isEqualTo("0");
  }

  @Test
  void anOutageAfterAChunkCommittedLeavesTheBatchUnrecordedAndItsRunAgainLoadsEveryRecord()
      throws Exception {
    VaultOptions options = options(1, 4);
    // Batch 0 makes the loader know schema id 1; batch 1's last record has schema id 2, asked for
    // only when the chunks reach it, after the first chunk (one event each) was handed over.
    writeInChunksOfOne(options, 0, customers(1));
    Schema v2 = AvroCustomers.envelope(true);
    List<Row> batch = customers(2, 3);
    batch.add(customerRecord(AvroCustomers.wire(2, v2, AvroCustomers.customer(v2, 4, "Oslo")), 4L));
    registry.fail(503, 100);
    assertThatThrownBy(() -> writeInChunksOfOne(options, 1, batch))
        .isInstanceOf(SchemaRegistryUnavailableException.class);
    assertThat(customersInTheHub()).as("the first chunk committed").containsExactly("C1", "C2");
    assertThat(customersNextOffset()).as("the batch is not recorded as loaded").isEqualTo("2");
    registry.fail(503, 0);
    writeInChunksOfOne(options, 1, batch);
    assertThat(customersInTheHub()).containsExactly("C1", "C2", "C3", "C4");
    assertThat(customersNextOffset()).isEqualTo("5");
    assertThat(errorRows()).isEqualTo("0");
  }

  @Test
  void aLastChunkThatFailsOnceIsLoadedAgainFromTheMicroBatchsStartWithEachRecordOnce()
      throws Exception {
    VaultOptions options = options(2, 4);
    writeInChunksOfOne(options, 0, customers(1));
    // The first row written to the positions from now on (only a micro-batch's last chunk writes
    // rows there) fails with a serialization failure, which the load's retries wait out: a
    // sequence counts the row writes outside the transactions that roll back.
    TestDatabase.execute(
        "CREATE SEQUENCE " + schema + ".progress_writes",
        "CREATE FUNCTION "
            + schema
            + ".fail_once() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF nextval('"
            + schema
            + ".progress_writes') = 1 THEN RAISE EXCEPTION 'simulated conflict' USING ERRCODE ="
            + " 'serialization_failure'; END IF; RETURN NEW; END $$",
        "CREATE TRIGGER fail_once BEFORE INSERT OR UPDATE ON "
            + schema
            + ".vs_progress FOR EACH ROW EXECUTE FUNCTION "
            + schema
            + ".fail_once()");
    List<Row> batch = customers(2, 3, 4);
    batch.add(
        customerRecord("{not a record".getBytes(java.nio.charset.StandardCharsets.UTF_8), 5L));
    writeInChunksOfOne(options, 1, batch);
    // The first row write always fails, so a later one means it failed and the load went on.
    assertThat(
            Long.parseLong(
                TestDatabase.value("SELECT last_value FROM " + schema + ".progress_writes")))
        .as("the positions' first write failed and was done again")
        .isGreaterThan(1L);
    assertThat(customersInTheHub()).containsExactly("C1", "C2", "C3", "C4");
    assertThat(errorRows()).as("the bad record once").isEqualTo("1");
    assertThat(customersNextOffset()).isEqualTo("6");
  }

  @Test
  void aMicroBatchInChunksOfOnlyBadRecordsStoresThemAndItsPositions() throws Exception {
    VaultOptions options = TestDatabase.options(schema).poolMaxSize(4).build();
    List<Row> rows = new ArrayList<>();
    for (long offset = 0; offset < 3; offset++) {
      rows.add(
          customerRecord(
              ("{not a record " + offset).getBytes(java.nio.charset.StandardCharsets.UTF_8),
              offset));
    }
    BatchWriter.writePartition(
        SHOP, options, "q", BatchWriter.LEDGER + "/q", metrics, 0, 1, rows.iterator());
    assertThat(errorRows()).isEqualTo("3");
    assertThat(customersNextOffset()).isEqualTo("3");
  }

  @Test
  void aRecordThatCannotBeDecodedIsAnErrorRowAndTheOthersLoad() throws Exception {
    List<Row> rows = customers(1, 2);
    rows.add(
        customerRecord(
            "{not an avro record".getBytes(java.nio.charset.StandardCharsets.UTF_8), 3L));
    BatchWriter.writePartition(
        SHOP,
        options(0),
        "q",
        BatchWriter.LEDGER + "/q",
        metrics,
        0,
        Integer.MAX_VALUE,
        rows.iterator());
    assertThat(customersInTheHub()).containsExactly("C1", "C2");
    List<String> errors =
        TestDatabase.rows(
            "SELECT error_code, topic, kafka_partition, kafka_offset, message IS NOT NULL FROM "
                + schema
                + ".vs_errors");
    assertThat(errors).containsExactly("BAD_RECORD|shop.public.customers|0|3|t");
    assertThat(
            TestDatabase.value(
                "SELECT next_offset FROM "
                    + schema
                    + ".vs_progress WHERE topic = 'shop.public.customers'"))
        .as("the bad record's offset is loaded past too")
        .isEqualTo("4");
  }
}
