package io.vaultstream.spark;

import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.decode.DecoderOptions;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.fuzz.Decoded;
import io.vaultstream.fuzz.Findings;
import io.vaultstream.fuzz.FuzzRecord;
import io.vaultstream.fuzz.FuzzRegistry;
import io.vaultstream.fuzz.RecordMix;
import io.vaultstream.fuzz.VaultOutcome;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TargetDatabase;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeProjection;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The record guarantees on the Spark runner: generated records (JSON and Avro, bad ones among good
 * ones) written partition by partition through {@link BatchWriter}, as the executors do: as Spark's
 * internal rows, one reused row as the Kafka source gives them (the JDBC queries' path), and as
 * {@link Row}s (the decoding the lakehouse writer shares). No throwable escapes a micro-batch (a
 * failing batch runs again for ever), bad records become BAD_RECORD rows, good ones load, the
 * stored positions move past every record.
 *
 * <p>Default: 1,500 generated records and the known hostile inputs, seed 1 (printed); {@code
 * -Dfuzz.seed=N} replays one, {@code -Dfuzz.seed=random} draws one, {@code -Dfuzz.records=...} runs
 * longer.
 */
class BatchWriterFuzzIT {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static final String QUERY = "fuzz";
  private static SparkContext spark;
  private static VaultMetrics metrics;
  private long batchId;
  private boolean internal;
  // Events per transaction: the single query's chunks (records decoded as the chunks take them).
  private int chunk;

  @BeforeAll
  static void startSpark() {
    spark =
        new SparkContext(
            new SparkConf()
                .setMaster("local[1]")
                .setAppName("batch-writer-fuzz")
                .set("spark.ui.enabled", "false")
                .set("spark.driver.host", "127.0.0.1")
                .set("spark.driver.bindAddress", "127.0.0.1"));
    metrics = new VaultMetrics(spark);
  }

  @AfterAll
  static void stopSpark() throws Exception {
    Loaders.closeAll();
    spark.stop();
    TargetDatabase.dropCreatedSchemas();
  }

  /**
   * The records as the Kafka source gives them: one {@code UnsafeRow}, written again for each
   * record, so a reader that kept a reference into it would see the next record's bytes.
   */
  private static Iterator<InternalRow> internalRows(List<FuzzRecord> part) {
    UnsafeProjection reused = UnsafeProjection.create(KafkaRows.schema());
    Iterator<FuzzRecord> records = part.iterator();
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return records.hasNext();
      }

      @Override
      public InternalRow next() {
        FuzzRecord r = records.next();
        return reused.apply(
            new GenericInternalRow(
                new Object[] {
                  r.key(),
                  r.value(),
                  UTF8String.fromString(r.topic()),
                  r.partition(),
                  r.offset(),
                  r.kafkaTimestampMs() * 1000L
                }));
      }
    };
  }

  private static Row row(FuzzRecord r) {
    return RowFactory.create(
        r.key(),
        r.value(),
        r.topic(),
        r.partition(),
        r.offset(),
        new Timestamp(r.kafkaTimestampMs()));
  }

  @ParameterizedTest(name = "as {0}")
  @ValueSource(strings = {"internal rows", "rows", "internal rows in chunks of 64"})
  void noRecordStopsAMicroBatchAndEveryRecordIsLoadedOrAnErrorRow(String form) throws Exception {
    internal = form.startsWith("internal rows");
    chunk = form.endsWith("chunks of 64") ? 64 : Integer.MAX_VALUE;
    long seed = RecordMix.seed(1);
    int count = Integer.getInteger("fuzz.records", 1500);
    String replay = "-Dfuzz.seed=" + seed + " -Dfuzz.records=" + count + " (Spark, " + form + ")";
    System.out.println("Spark record fuzz: " + replay);
    TargetDatabase db = TargetDatabase.postgres();
    String schema = db.newSchema();
    Findings findings = new Findings();
    try (FuzzRegistry registry = new FuzzRegistry()) {
      VaultOptions options = optionsRetryingAsTheJob(db, schema, registry);
      List<FuzzRecord> records = RecordMix.generate(seed, count, registry, false);
      Set<FuzzRecord> stopped = writeAsMicroBatches(records, options, findings);
      List<Decoded> decoded = decodedAgain(records, options);
      VaultOutcome outcome = new VaultOutcome(SHOP, db, schema, findings);
      outcome.check(decoded, stopped);
      outcome.checkPositions(decoded);
    }
    findings.assertNone(replay);
  }

  /**
   * The vault's options with the job's retries in the executor: a schema id the registry answers
   * 404 for is waited out for 20 s (a lagging follower), then its record is a bad record.
   */
  private VaultOptions optionsRetryingAsTheJob(
      TargetDatabase db, String schema, FuzzRegistry registry) {
    return db.options(schema)
        // In chunks, a pool that holds a pipeline's connections (the job's default, 4).
        .poolMaxSize(chunk == Integer.MAX_VALUE ? 2 : 4)
        .maxRetries(40)
        .retryBackoffMs(1000)
        .decoder(new DecoderOptions(null, null, registry.url()))
        .build();
  }

  /**
   * Writes the first record alone, then the rest in micro-batches of 500; returns the records set
   * aside because they made a partition throw.
   */
  private Set<FuzzRecord> writeAsMicroBatches(
      List<FuzzRecord> records, VaultOptions options, Findings findings) throws Exception {
    Set<FuzzRecord> stopped = Collections.newSetFromMap(new IdentityHashMap<>());
    write(records.subList(0, 1), options, findings, stopped);
    for (int from = 1; from < records.size(); from += 500) {
      write(
          records.subList(from, Math.min(records.size(), from + 500)), options, findings, stopped);
    }
    return stopped;
  }

  /** What the executors decoded, decoded again the same way, to tell what each record became. */
  private static List<Decoded> decodedAgain(List<FuzzRecord> records, VaultOptions options) {
    ChangeEventDecoder decoder = new ChangeEventDecoder(SHOP, options.decoder());
    Findings decoding = new Findings();
    List<Decoded> decoded = new ArrayList<>();
    for (FuzzRecord r : records) {
      decoded.add(Decoded.of(decoder, r, decoding));
    }
    return decoded;
  }

  /**
   * Writes one Spark partition of a micro-batch. One that throws would be run again for ever: the
   * records that make it throw are found by writing halves (as later micro-batches) and set aside,
   * and the positions are then stored by a micro-batch of the rest.
   */
  private void write(
      List<FuzzRecord> part, VaultOptions options, Findings findings, Set<FuzzRecord> stopped) {
    try {
      writePartition(part, options);
      return;
    } catch (Throwable t) { // NOPMD: an Error from a micro-batch is one of the violations sought
      isolate(part, t, options, findings, stopped);
    }
    List<FuzzRecord> rest = new ArrayList<>(part);
    rest.removeIf(stopped::contains);
    try {
      if (!rest.isEmpty()) {
        writePartition(rest, options);
      }
    } catch (Throwable t) { // NOPMD
      findings.add("c: the micro-batch without the failing records fails too", null, t);
    }
  }

  private void isolate(
      List<FuzzRecord> part,
      Throwable failure,
      VaultOptions options,
      Findings findings,
      Set<FuzzRecord> stopped) {
    if (part.size() == 1) {
      stopped.add(part.get(0));
      findings.add(
          "a/c: a micro-batch with this record fails; Spark runs it again for ever, so the query"
              + " stops",
          part.get(0),
          failure);
      return;
    }
    int mid = part.size() / 2;
    for (List<FuzzRecord> half : List.of(part.subList(0, mid), part.subList(mid, part.size()))) {
      try {
        writePartition(half, options);
      } catch (Throwable t) { // NOPMD
        isolate(half, t, options, findings, stopped);
      }
    }
  }

  private void writePartition(List<FuzzRecord> part, VaultOptions options) throws Exception {
    String ledger = BatchWriter.LEDGER + "/" + QUERY;
    long id = batchId++;
    if (internal) {
      BatchWriter.writeInternalPartition(
          SHOP, options, QUERY, ledger, metrics, id, chunk, internalRows(part));
    } else {
      List<Row> rows = new ArrayList<>();
      part.forEach(r -> rows.add(row(r)));
      BatchWriter.writePartition(SHOP, options, QUERY, ledger, metrics, id, chunk, rows.iterator());
    }
  }
}
