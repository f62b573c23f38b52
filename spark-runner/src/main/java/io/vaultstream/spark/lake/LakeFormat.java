package io.vaultstream.spark.lake;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;

/**
 * What differs between the table formats a lakehouse vault can be kept in: how a table is created,
 * how its newest version is found and read back, and how a micro-batch's commit to a table is made
 * idempotent. Everything else (the statements that read and write rows) is Spark SQL both formats
 * take.
 *
 * <p>Delta records an application's id and batch number with a commit and skips a later write of
 * the same pair ({@code txnAppId}/{@code txnVersion}). Iceberg has no such skip; the batch's id and
 * number are written into the summary of the snapshot the commit makes, and a batch run again asks
 * the table's snapshots whether it committed there already before it writes.
 */
public sealed interface LakeFormat {
  /** Delta Lake: the format Databricks keeps tables in. */
  LakeFormat DELTA = new Delta();

  /** Apache Iceberg, in a catalog named by Spark settings. */
  LakeFormat ICEBERG = new Iceberg();

  /** The format's name as an operator reads it. */
  String label();

  /**
   * What follows a {@code CREATE TABLE}'s column list: the format, the clustering (by {@code
   * clusterBy}, quoted) and the table properties.
   */
  String tableClause(List<String> clusterBy);

  /** The statements that widen a column of {@code table} to {@code type} in place. */
  List<String> widen(String table, String column, String type);

  /** The newest version of {@code table} (a Spark SQL name), or -1 for a table never written. */
  long version(SparkSession spark, String table);

  /** The table as of {@code version} (from {@link #version}), as a FROM item. */
  String asOf(String table, long version);

  /**
   * Runs {@code statement}, which writes {@code table}, as commit {@code batch} of the application
   * {@code appId}, once: when {@code again} (an earlier run of the batch may have written the
   * table), a commit the table has already is not made twice.
   */
  void commit(
      SparkSession spark, String table, String statement, String appId, long batch, boolean again);

  /** Delta Lake: liquid clustering, deletion vectors, auto compaction, idempotent commits. */
  final class Delta implements LakeFormat {
    private Delta() {}

    @Override
    public String label() {
      return "Delta";
    }

    @Override
    public String tableClause(List<String> clusterBy) {
      Map<String, String> p = new LinkedHashMap<>();
      p.put("delta.enableDeletionVectors", "true");
      p.put("delta.autoOptimize.optimizeWrite", "true");
      p.put("delta.autoOptimize.autoCompact", "true");
      return " USING DELTA"
          + (clusterBy.isEmpty() ? "" : " CLUSTER BY (" + String.join(", ", clusterBy) + ")")
          + properties(p);
    }

    @Override
    public List<String> widen(String table, String column, String type) {
      // Delta changes a column's type in place once the table has its type widening feature.
      return List.of(
          "ALTER TABLE " + table + " SET TBLPROPERTIES ('delta.enableTypeWidening' = 'true')",
          alterType(table, column, type));
    }

    @Override
    public long version(SparkSession spark, String table) {
      return spark.sql("DESCRIBE HISTORY " + table + " LIMIT 1").first().<Long>getAs("version");
    }

    @Override
    public String asOf(String table, long version) {
      return table + " VERSION AS OF " + version;
    }

    @Override
    public void commit(
        SparkSession spark,
        String table,
        String statement,
        String appId,
        long batch,
        boolean again) {
      LakeCommit.delta(spark, appId, statement, batch);
    }
  }

  /**
   * Apache Iceberg (format version 2): deletes and updates written as delete files rather than
   * rewritten data files (merge-on-read), old metadata files removed as commits accumulate, and the
   * batch's id and number in each commit's snapshot summary.
   */
  final class Iceberg implements LakeFormat {
    /** The snapshot summary keys that name the application and the batch of a commit. */
    static final String APP_KEY = "vaultstream.app-id";

    static final String BATCH_KEY = "vaultstream.batch";

    private static final String COMMIT_METADATA = "org.apache.iceberg.spark.CommitMetadata";

    private Iceberg() {}

    @Override
    public String label() {
      return "Iceberg";
    }

    @Override
    public String tableClause(List<String> clusterBy) {
      Map<String, String> p = new LinkedHashMap<>();
      p.put("format-version", "2");
      p.put("write.delete.mode", "merge-on-read");
      p.put("write.update.mode", "merge-on-read");
      p.put("write.merge.mode", "merge-on-read");
      p.put("write.metadata.delete-after-commit.enabled", "true");
      p.put("write.metadata.previous-versions-max", "100");
      return " USING iceberg" + properties(p);
    }

    @Override
    public List<String> widen(String table, String column, String type) {
      return List.of(alterType(table, column, type));
    }

    @Override
    public long version(SparkSession spark, String table) {
      // The table's main branch names its current snapshot; a table never written has none. The
      // catalog may cache a table for a while: another session's commits would not be seen.
      spark.catalog().refreshTable(table);
      List<org.apache.spark.sql.Row> current =
          spark
              .sql("SELECT snapshot_id FROM " + table + ".`refs` WHERE name = 'main'")
              .collectAsList();
      return current.isEmpty() ? -1 : current.get(0).getLong(0);
    }

    @Override
    public String asOf(String table, long version) {
      // A table never written has no snapshot to travel to: it is read as the empty table it was.
      return version < 0
          ? "(SELECT * FROM " + table + " WHERE FALSE)"
          : table + " VERSION AS OF " + version;
    }

    @Override
    public void commit(
        SparkSession spark,
        String table,
        String statement,
        String appId,
        long batch,
        boolean again) {
      if (again) {
        // The catalog may cache the table as this driver last saw it: a commit whose outcome was
        // unknown may have landed since.
        spark.catalog().refreshTable(table);
        if (committed(spark, table, appId, batch)) {
          return;
        }
      }
      Map<String, String> summary = Map.of(APP_KEY, appId, BATCH_KEY, Long.toString(batch));
      withSummary(summary, () -> spark.sql(statement).collect());
    }

    /** Whether a snapshot of {@code table} is the application's commit {@code batch}. */
    static boolean committed(SparkSession spark, String table, String appId, long batch) {
      return !spark
          .sql(
              "SELECT 1 FROM "
                  + table
                  + ".`snapshots` WHERE summary["
                  + LakeTables.literal(APP_KEY)
                  + "] = "
                  + LakeTables.literal(appId)
                  + " AND summary["
                  + LakeTables.literal(BATCH_KEY)
                  + "] = "
                  + LakeTables.literal(Long.toString(batch))
                  + " LIMIT 1")
          .isEmpty();
    }

    /**
     * Runs {@code write} with {@code summary} added to the snapshot summary of every commit it
     * makes on this thread (Iceberg's {@code CommitMetadata}, looked up at run time: Iceberg is the
     * cluster's, as Delta is, and not a dependency of the job).
     */
    private static void withSummary(Map<String, String> summary, Callable<Object> write) {
      Method with;
      try {
        with =
            Class.forName(COMMIT_METADATA)
                .getMethod("withCommitProperties", Map.class, Callable.class, Class.class);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(
            "The Iceberg target needs Iceberg's Spark runtime on the classpath"
                + " (org.apache.iceberg:iceberg-spark-runtime-4.0_2.13): "
                + COMMIT_METADATA
                + " was not found",
            e);
      }
      try {
        with.invoke(null, summary, write, RuntimeException.class);
      } catch (InvocationTargetException e) {
        Throwable cause = e.getCause();
        if (cause instanceof RuntimeException r) {
          throw r;
        }
        if (cause instanceof Error err) {
          throw err;
        }
        throw new IllegalStateException(cause);
      } catch (IllegalAccessException e) {
        throw new IllegalStateException("Iceberg's " + COMMIT_METADATA + " is not accessible", e);
      }
    }
  }

  private static String alterType(String table, String column, String type) {
    return "ALTER TABLE " + table + " ALTER COLUMN " + LakeLocation.quote(column) + " TYPE " + type;
  }

  /** {@code TBLPROPERTIES (...)} of the given properties. */
  private static String properties(Map<String, String> p) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, String> e : p.entrySet()) {
      out.add(LakeTables.literal(e.getKey()) + " = " + LakeTables.literal(e.getValue()));
    }
    return " TBLPROPERTIES (" + String.join(", ", out) + ")";
  }
}
