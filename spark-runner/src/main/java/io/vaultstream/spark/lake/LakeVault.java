package io.vaultstream.spark.lake;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.decode.ChangeEventDecoder;
import io.vaultstream.engine.LoadResult;
import io.vaultstream.engine.StoreLoader;
import io.vaultstream.engine.VaultOptions;
import io.vaultstream.event.BadRecord;
import io.vaultstream.event.ChangeEvent;
import io.vaultstream.event.Progress;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.VaultModel;
import io.vaultstream.table.TableSpec;
import io.vaultstream.write.VaultShape;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;

/**
 * A vault in Delta tables, loaded one micro-batch at a time on the driver: the tables created at
 * start (with their ghost records), each micro-batch planned and written by the engine against the
 * tables as the batch pinned them, then committed table by table under the batch's number. A
 * micro-batch run again after a failure (the same number, from the checkpoint) finds its first
 * run's intent, so it reads the same versions with the same clock, plans the same rows, and Delta
 * skips the tables that have the batch already.
 */
public final class LakeVault {
  private final SparkSession spark;
  private final VaultModel model;
  private final LakeLocation at;
  private final LakeTables tables;
  private final LakeTypes types = new LakeTypes();
  private final VaultShape shape;
  private final StoreLoader loader;
  private final BatchClock clock = new BatchClock();
  private final Clock wall;
  private final LakeCommit commit;
  private final ChangeEventDecoder decoder;
  private Map<String, Integer> committed = Map.of();
  private final long sweepIntervalMs;
  private final long watermarkSeconds;

  /**
   * @param appId who writes (the streaming query's id, kept in its checkpoint): a batch number
   *     means one batch per writer
   */
  public LakeVault(
      SparkSession spark, VaultModel model, VaultOptions options, LakeLocation at, String appId) {
    this(spark, model, options, at, appId, Clock.systemUTC());
  }

  /** The same, with the clock a new batch reads (its intent keeps the reading for a re-run). */
  public LakeVault(
      SparkSession spark,
      VaultModel model,
      VaultOptions options,
      LakeLocation at,
      String appId,
      Clock wall) {
    this.wall = wall;
    this.spark = spark;
    this.model = model;
    this.at = at;
    HashKeyCalculator hasher = new HashKeyCalculator(model.hashing());
    this.tables = new LakeTables(model, hasher, at);
    this.shape = new VaultShape(model, types, hasher, at.describe());
    adoptColumns();
    this.loader = new StoreLoader(model, options, types, shape, clock, this::addColumn);
    this.commit = new LakeCommit(spark, appId, at.format());
    this.sweepIntervalMs = options.sweepIntervalMs();
    this.watermarkSeconds = options.watermarkSeconds();
    this.decoder = new ChangeEventDecoder(model, options.decoder(), types.maxKeyChars());
  }

  /**
   * Creates what is missing at {@code at}: the location (a catalog's schema), the vault's tables
   * with their ghost records, and the batch ledger; returns the statements that created tables.
   */
  public static List<String> createTables(SparkSession spark, VaultModel model, LakeLocation at) {
    return createTables(spark, model, at, true);
  }

  /**
   * The same, and the existing tables brought to the model first (columns added, types widened);
   * with {@code autoEvolve} off, an {@link IllegalStateException} names the statements to run.
   */
  public static List<String> createTables(
      SparkSession spark, VaultModel model, LakeLocation at, boolean autoEvolve) {
    at.prepare().forEach(spark::sql);
    List<String> done =
        new LakeTables(model, new HashKeyCalculator(model.hashing()), at).create(spark, autoEvolve);
    spark.sql(LakeBatch.createLedger(at));
    return done;
  }

  /**
   * Takes the columns a table that takes its columns from events has gained in earlier runs (or
   * from an operator, with a type of their own), in the table's order (the hash diff's).
   */
  private void adoptColumns() {
    for (io.vaultstream.table.TableSpec t : tables.all().values()) {
      if (!t.discoversColumns()) {
        continue;
      }
      for (org.apache.spark.sql.types.StructField f :
          spark.table(at.table(t.name())).schema().fields()) {
        if (shape.table(t.name()).column(f.name()) == null) {
          // Of the type the table has: an operator may have added it with a type of its own.
          shape.append(
              t.name(), new io.vaultstream.table.ColumnSpec(f.name(), f.dataType().sql(), false));
        }
      }
    }
  }

  /** Adds a column first seen in events (a run again after a failure finds it there). */
  private void addColumn(io.vaultstream.table.TableSpec t, io.vaultstream.table.ColumnSpec c) {
    List<String> existing = List.of(spark.table(at.table(t.name())).schema().fieldNames());
    if (!existing.contains(c.name())) {
      spark.sql(
          "ALTER TABLE "
              + at.table(t.name())
              + " ADD COLUMNS ("
              + LakeLocation.quote(c.name())
              + " "
              + c.type()
              + ")");
    }
  }

  /**
   * The next offset the vault at {@code at} holds per Kafka partition for {@code consumer} (its
   * rows of the progress table, which each micro-batch commits last).
   */
  public static Map<org.apache.kafka.common.TopicPartition, Long> storedPositions(
      SparkSession spark, VaultModel model, LakeLocation at, String consumer) {
    TableSpec t =
        new LakeTables(model, new HashKeyCalculator(model.hashing()), at)
            .all()
            .get(VaultTables.PROGRESS);
    if (at.format() == LakeFormat.ICEBERG) {
      spark.catalog().refreshTable(at.table(t.name()));
    }
    Map<org.apache.kafka.common.TopicPartition, Long> out = new java.util.HashMap<>();
    for (org.apache.spark.sql.Row r :
        spark
            .table(at.table(t.name()))
            .where(org.apache.spark.sql.functions.col("consumer").equalTo(consumer))
            .select("topic", "kafka_partition", "next_offset")
            .collectAsList()) {
      out.put(
          new org.apache.kafka.common.TopicPartition(
              r.getString(0), Integer.parseInt(String.valueOf(r.get(1)))),
          Long.parseLong(String.valueOf(r.get(2))));
    }
    return out;
  }

  /** The decoder of the model's records. */
  public ChangeEventDecoder decoder() {
    return decoder;
  }

  /** Where the tables are. */
  public LakeLocation location() {
    return at;
  }

  /**
   * Loads micro-batch {@code batch}: its events, its bad records (to the error table) and the
   * positions it reached, committed table by table.
   */
  public LoadResult load(
      long batch, List<ChangeEvent> events, List<BadRecord> bad, Progress progress)
      throws SQLException {
    Begun b = begin(batch);
    LoadResult r = loader.load(b.store(), events, bad, progress, sweeps(b.pinned()));
    committed = Map.copyOf(b.store().committed());
    return r;
  }

  /**
   * Runs batch {@code batch} as a sweep: every waiting and unresolved error row rechecked against
   * the whole key map, the watermark and the retention applied.
   */
  public LoadResult sweep(long batch) throws SQLException {
    LakeBatchStore store = begin(batch).store();
    LoadResult r = loader.sweep(store);
    committed = Map.copyOf(store.committed());
    return r;
  }

  /** A batch begun: its intent and its store. */
  private record Begun(LakeBatch pinned, LakeBatchStore store) {}

  /** Begins batch {@code batch}: its intent, its clock, its store. */
  private Begun begin(long batch) {
    LakeBatch pinned =
        LakeBatch.begin(
            spark,
            at,
            commit,
            batch,
            List.copyOf(tables.all().keySet()),
            Math.addExact(
                Math.multiplyExact(wall.instant().getEpochSecond(), 1_000_000L),
                wall.instant().getNano() / 1_000));
    clock.at = pinned.now();
    return new Begun(pinned, new LakeBatchStore(spark, pinned, shape, types, model.naming()));
  }

  /**
   * Whether the batch runs the sweep: when its clock reading is in another sweep interval than the
   * batch before it (or it is the first). Decided from the ledger, not from this driver's memory,
   * so a batch run again after a restart sweeps exactly when its first run did.
   */
  boolean sweeps(LakeBatch pinned) {
    long every =
        Math.min(
            Math.multiplyExact(sweepIntervalMs, 1_000L),
            Math.multiplyExact(watermarkSeconds, 1_000_000L));
    Long before = pinned.nowBefore();
    return before == null
        || every <= 0
        || Math.floorDiv(pinned.now(), every) != Math.floorDiv(before, every);
  }

  /** The changes (rows inserted, updated or deleted) per table of the last micro-batch. */
  public Map<String, Integer> committed() {
    return committed;
  }

  /** The clock of the batch being loaded: the one its intent holds, the same in every run. */
  private static final class BatchClock extends Clock {
    private volatile long at;

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }

    @Override
    public Instant instant() {
      return Instant.ofEpochSecond(
          Math.floorDiv(at, 1_000_000L), Math.floorMod(at, 1_000_000L) * 1000L);
    }
  }
}
