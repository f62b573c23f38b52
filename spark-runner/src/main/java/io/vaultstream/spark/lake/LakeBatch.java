package io.vaultstream.spark.lake;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * One micro-batch against a lakehouse vault (Delta or Iceberg), exactly once without multi-table
 * transactions.
 *
 * <p>Both formats commit one table at a time, so the batch is made a transaction in three steps. It
 * begins by writing its <em>intent</em>: the batch's clock reading and the version of every table
 * it reads, one row of {@value #LEDGER}, itself an idempotent commit. It reads every table as of
 * that version (time travel) and keeps its changes in memory ({@link LakeChanges}): a failure
 * before the commits leaves no trace but the intent. Then it commits each table once, as this
 * batch's idempotent commit ({@link LakeCommit}), in the order the caller gives: vault rows before
 * the state that says they are done.
 *
 * <p>A batch run again (the driver died, Spark's checkpoint hands it the same records) finds its
 * intent, so it reads the same table versions with the same clock reading, plans the same changes,
 * and the tables it had committed are not written twice ({@link LakeFormat#commit}): every table
 * ends as if the batch ran once.
 */
public final class LakeBatch {
  /** The ledger of intents: one row per application and batch. */
  public static final String LEDGER = "vs_lake_batches";

  /** How many tables' versions are looked up at once (each lookup is a query of its own). */
  private static final int AT_ONCE = 4;

  private final SparkSession spark;
  private final LakeLocation at;
  private final LakeCommit commit;
  private final long batch;
  private final long now;
  private final Map<String, Long> versions;
  private final boolean again;
  private final Long before;

  private LakeBatch(
      SparkSession spark,
      LakeLocation at,
      LakeCommit commit,
      long batch,
      long now,
      Map<String, Long> versions,
      boolean again,
      Long before) {
    this.spark = spark;
    this.at = at;
    this.commit = commit;
    this.batch = batch;
    this.now = now;
    this.versions = versions;
    this.again = again;
    this.before = before;
  }

  /** The statement that creates the ledger, if absent. */
  public static String createLedger(LakeLocation at) {
    return "CREATE TABLE IF NOT EXISTS "
        + at.table(LEDGER)
        + " (app_id STRING NOT NULL, batch BIGINT NOT NULL, now_micros BIGINT NOT NULL,"
        + " table_name STRING NOT NULL, table_version BIGINT NOT NULL)"
        + at.format().tableClause(List.of("app_id", "batch"));
  }

  /**
   * Begins batch {@code batch}: the intent stored by an earlier run of it, else a new one with the
   * clock reading {@code nowMicros} and the current version of each of {@code tables}.
   */
  public static LakeBatch begin(
      SparkSession spark,
      LakeLocation at,
      LakeCommit commit,
      long batch,
      List<String> tables,
      long nowMicros) {
    if (tables.isEmpty()) {
      // The intent is its rows: a batch that reads no table would have none to find again.
      throw new IllegalArgumentException("A micro-batch pins at least one table");
    }
    List<Row> stored = new ArrayList<>();
    Long before = null;
    for (Row r : ledger(spark, at, commit.appId(), batch)) {
      if (r.getLong(0) == batch) {
        stored.add(r);
      } else {
        before = r.getLong(1);
      }
    }
    if (!stored.isEmpty()) {
      Map<String, Long> versions = new LinkedHashMap<>();
      for (Row r : stored) {
        versions.put(r.getString(2), r.getLong(3));
      }
      return new LakeBatch(
          spark, at, commit, batch, stored.get(0).getLong(1), versions, true, before);
    }
    Map<String, Long> versions = intent(spark, at, commit, batch, tables, nowMicros);
    return new LakeBatch(spark, at, commit, batch, nowMicros, versions, false, before);
  }

  /** The ledger's rows of this batch and of the one before it. */
  private static List<Row> ledger(SparkSession spark, LakeLocation at, String appId, long batch) {
    return spark
        .sql(
            "SELECT batch, now_micros, table_name, table_version FROM "
                + at.table(LEDGER)
                + " WHERE app_id = "
                + LakeTables.literal(appId)
                + " AND batch IN ("
                + (batch - 1)
                + ", "
                + batch
                + ")")
        .collectAsList();
  }

  /**
   * Writes a new intent: the clock reading and each table's current version (each a query of its
   * own, answered from the table's log, run at once); returns the versions.
   */
  private static Map<String, Long> intent(
      SparkSession spark,
      LakeLocation at,
      LakeCommit commit,
      long batch,
      List<String> tables,
      long nowMicros) {
    List<Callable<Long>> lookups = new ArrayList<>();
    for (String t : tables) {
      lookups.add(() -> at.format().version(spark, at.table(t)));
    }
    List<Long> found = inParallel(lookups, AT_ONCE);
    Map<String, Long> versions = new LinkedHashMap<>();
    List<String> rows = new ArrayList<>();
    for (int i = 0; i < tables.size(); i++) {
      String t = tables.get(i);
      versions.put(t, found.get(i));
      rows.add(
          "("
              + LakeTables.literal(commit.appId())
              + ", "
              + batch
              + "L, "
              + nowMicros
              + "L, "
              + LakeTables.literal(t)
              + ", "
              + found.get(i)
              + "L)");
    }
    commit.run(
        at.table(LEDGER),
        "INSERT INTO " + at.table(LEDGER) + " VALUES " + String.join(", ", rows),
        batch,
        false);
    return versions;
  }

  /** The batch's clock reading, the same in every run of the batch. */
  public long now() {
    return now;
  }

  /**
   * The clock reading of the application's batch before this one, or null when this is its first
   * (the same in every run of this batch: the ledger's rows do not change).
   */
  public Long nowBefore() {
    return before;
  }

  /** Whether an earlier run of this batch had begun (and may have committed some tables). */
  public boolean runAgain() {
    return again;
  }

  /** The table as the batch reads it: as of its version when the batch first began. */
  public String read(String table) {
    Long v = versions.get(table);
    if (v == null) {
      throw new IllegalArgumentException("Batch " + batch + " did not pin table " + table);
    }
    return at.format().asOf(at.table(table), v);
  }

  /** Commits each table's changes, in the order given, as this batch's commit of that table. */
  public void commit(List<LakeChanges> inOrder) {
    for (LakeChanges c : inOrder) {
      c.commit(spark, at, commit, batch, again);
    }
  }

  /**
   * Runs the tasks (read-only queries), {@code atOnce} at a time, and returns their results in the
   * tasks' order; throws the first failure once every task has ended.
   */
  private static <T> List<T> inParallel(List<Callable<T>> tasks, int atOnce) {
    ExecutorService pool =
        Executors.newFixedThreadPool(Math.max(1, Math.min(atOnce, tasks.size())));
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (Callable<T> t : tasks) {
        futures.add(pool.submit(t));
      }
      List<T> out = new ArrayList<>();
      RuntimeException failed = null;
      for (Future<T> f : futures) {
        try {
          out.add(f.get());
        } catch (ExecutionException e) {
          Throwable cause = e.getCause();
          if (cause instanceof Error err) {
            throw err;
          }
          if (failed == null) {
            failed = cause instanceof RuntimeException r ? r : new IllegalStateException(cause);
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("Interrupted while reading the tables' versions", e);
        }
      }
      if (failed != null) {
        throw failed;
      }
      return out;
    } finally {
      pool.shutdown();
    }
  }
}
