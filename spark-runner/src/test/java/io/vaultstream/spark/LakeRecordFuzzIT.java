package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.engine.VaultLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.fuzz.FuzzRecord;
import io.vaultstream.fuzz.RecordMix;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.spark.lake.LakeDump;
import io.vaultstream.spark.lake.LakeLocation;
import io.vaultstream.spark.lake.LakeSessionTests;
import io.vaultstream.spark.lake.LakeTypes;
import io.vaultstream.spark.lake.LakeVault;
import io.vaultstream.testing.Samples;
import io.vaultstream.testing.TestDatabase;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

/**
 * The record guarantees on the Delta target, under generated input (the engine's record fuzzer's
 * mix: hostile texts and numbers, broken JSON, wrong envelopes, unknown topics, new columns, bad
 * ones among good ones), written micro-batch by micro-batch through the job's own foreachBatch
 * function. No throwable escapes a micro-batch (a failing one would run again for ever), and every
 * partition's stored position moves past its last record. And the records whose columns Delta can
 * name (no space, comma or brace, no upper case, which Delta would take for a lower-case column of
 * the same name) give the same vault as PostgreSQL, table by table, with the same records as error
 * rows.
 *
 * <p>Default: 800 generated records (two micro-batches) and the known hostile inputs, seed 1;
 * {@code -Dfuzz.seed=N} or {@code random}, and {@code -Dfuzz.records=N}, for other runs.
 */
class LakeRecordFuzzIT extends LakeSessionTests {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static final int BATCH = 400;

  private static long seed() {
    String s = System.getProperty("fuzz.seed");
    return s == null || s.isBlank()
        ? 1
        : s.trim().equals("random") ? System.nanoTime() : Long.parseLong(s.trim());
  }

  @Test
  void noRecordFailsAMicroBatchAndNameableRecordsLoadAsInPostgres() throws Exception {
    long seed = seed();
    int count = Integer.getInteger("fuzz.records", 800);
    String replay = "-Dfuzz.seed=" + seed + " -Dfuzz.records=" + count + " (Delta)";
    System.out.println("Delta record fuzz: " + replay);
    List<FuzzRecord> records = RecordMix.generate(seed, count, null, false);

    // Every record, through the job's foreachBatch: no micro-batch fails.
    String schema = TestDatabase.newSchema();
    VaultOptions options = TestDatabase.options(schema).build();
    LakeLocation all = new LakeLocation.Path(dir.resolve("all").toString());
    load(records, options, all, "fuzz-all", replay);
    assertEveryPartitionStoredPastItsLastRecord(records, all, replay);

    // The records Delta can name, in PostgreSQL and in Delta: the same vault.
    List<FuzzRecord> nameable = nameable(records, options);
    assertThat(nameable.size()).as("most records are nameable").isGreaterThan(count / 2);
    loadIntoPostgres(nameable, options);
    LakeLocation same = new LakeLocation.Path(dir.resolve("nameable").toString());
    load(nameable, options, same, "fuzz-nameable", replay);
    assertSameVaultAndErrorRows(schema, same, replay);
  }

  /** Each partition's position stored in the Delta vault is the one after its last record. */
  private static void assertEveryPartitionStoredPastItsLastRecord(
      List<FuzzRecord> records, LakeLocation at, String replay) {
    Map<String, Long> next = new TreeMap<>();
    for (FuzzRecord r : records) {
      next.merge(r.topic() + "/" + r.partition(), r.offset() + 1, Math::max);
    }
    Map<String, Long> stored = new TreeMap<>();
    for (Row r :
        spark
            .sql("SELECT topic, kafka_partition, next_offset FROM " + at.table("vs_progress"))
            .collectAsList()) {
      stored.put(r.get(0) + "/" + r.get(1), Long.parseLong(r.get(2).toString()));
    }
    assertThat(stored).as(replay).isEqualTo(next);
  }

  /** Loads the records into PostgreSQL through the engine, decoded as the job decodes them. */
  private static void loadIntoPostgres(List<FuzzRecord> records, VaultOptions options)
      throws Exception {
    try (VaultLoader jdbc = VaultLoader.open(SHOP, options)) {
      for (int from = 0; from < records.size(); from += BATCH) {
        DecodedRows d = new DecodedRows(jdbc.decoder(), options);
        records.subList(from, Math.min(records.size(), from + BATCH)).forEach(r -> d.add(row(r)));
        jdbc.load(d.events(), d.bad);
      }
    }
  }

  /** PostgreSQL's vault and error rows in the schema equal the Delta vault's at {@code at}. */
  private static void assertSameVaultAndErrorRows(String schema, LakeLocation at, String replay)
      throws Exception {
    LakeDump.assertSameAsPostgres(spark, SHOP, schema, at, replay);
    assertThat(
            TestDatabase.rows(
                "SELECT topic || '/' || kafka_partition || '@' || kafka_offset || ' '"
                    + " || error_code FROM "
                    + schema
                    + ".vs_errors ORDER BY 1"))
        .as("the same error rows " + replay)
        .containsExactlyElementsOf(
            spark
                .sql(
                    "SELECT concat(topic, '/', kafka_partition, '@', kafka_offset, ' ', error_code)"
                        + " AS e FROM "
                        + at.table("vs_errors")
                        + " ORDER BY e")
                .as(org.apache.spark.sql.Encoders.STRING())
                .collectAsList());
  }

  /** Loads the records into a new Delta vault at {@code at}, one micro-batch per {@link #BATCH}. */
  private static void load(
      List<FuzzRecord> records, VaultOptions options, LakeLocation at, String query, String replay)
      throws Exception {
    LakeVault.createTables(spark, SHOP, at);
    LakeBatchWriter writer = new LakeBatchWriter(SHOP, options, at, query, null);
    StructType schema =
        DataTypes.createStructType(
            List.of(
                DataTypes.createStructField("key", DataTypes.BinaryType, true),
                DataTypes.createStructField("value", DataTypes.BinaryType, true),
                DataTypes.createStructField("topic", DataTypes.StringType, false),
                DataTypes.createStructField("partition", DataTypes.IntegerType, false),
                DataTypes.createStructField("offset", DataTypes.LongType, false),
                DataTypes.createStructField("timestamp", DataTypes.TimestampType, true)));
    long batch = 0;
    for (int from = 0; from < records.size(); from += BATCH) {
      List<Row> rows = new ArrayList<>();
      records.subList(from, Math.min(records.size(), from + BATCH)).forEach(r -> rows.add(row(r)));
      Dataset<Row> df = spark.createDataFrame(rows, schema);
      try {
        writer.call(df, batch++);
      } catch (Throwable t) { // NOPMD: any throwable from a micro-batch is the finding
        throw new AssertionError(
            "micro-batch " + (batch - 1) + " of " + query + " failed: " + replay, t);
      }
    }
  }

  /**
   * The records whose decoded columns Delta can name: those a database also stores as columns of
   * their own; a record with a name Delta refuses is an error row on Delta only (proven elsewhere).
   */
  private static List<FuzzRecord> nameable(List<FuzzRecord> records, VaultOptions options)
      throws Exception {
    LakeTypes types = new LakeTypes();
    List<FuzzRecord> out = new ArrayList<>();
    Map<String, Boolean> seen = new HashMap<>();
    try (VaultLoader decoding = VaultLoader.open(SHOP, options)) {
      for (FuzzRecord r : records) {
        DecodedRows d = new DecodedRows(decoding.decoder(), options);
        d.add(row(r));
        boolean ok = true;
        for (ChangeEvent e : d.events()) {
          for (String c : e.row().keySet()) {
            ok &=
                seen.computeIfAbsent(
                    c,
                    k ->
                        types.columnNameProblem(k) == null && k.equals(k.toLowerCase(Locale.ROOT)));
          }
        }
        if (ok) {
          out.add(r);
        }
      }
    }
    return out;
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
}
