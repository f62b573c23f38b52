package io.vaultstream.spark.lake;

import org.apache.spark.sql.SparkSession;

/**
 * A micro-batch's commits to the tables of a lakehouse vault, each made once per batch in the
 * vault's format ({@link LakeFormat#commit}). On Delta, one idempotent commit to one table is a
 * statement run as version {@code version} (the micro-batch id) of the application {@code appId}
 * (derived from the streaming query's checkpoint). Delta records the pair in the table's log with
 * the commit, and skips a later write of the same application whose version is not newer: a
 * micro-batch run again after the driver died between two tables' commits changes only the tables
 * it had not committed yet.
 *
 * <p>Delta skips every further write of the same version to a table silently, so each table gets
 * exactly one commit per micro-batch (inserts, deletes and updates folded into one {@code MERGE}).
 * The settings are session-wide: they are set on the micro-batch's own session (Spark clones one
 * per streaming query), cleared after each statement (so that a later, different statement is not
 * skipped), and a query commits from one thread.
 */
public final class LakeCommit {
  static final String APP_ID = "spark.databricks.delta.write.txnAppId";
  static final String VERSION = "spark.databricks.delta.write.txnVersion";

  /**
   * Whether a MERGE first copies its source aside. Delta copies any source it cannot prove
   * deterministic; a batch's changes are rows in the driver's memory, the same on every read, so
   * the copy (a Spark job per MERGE) buys nothing.
   */
  static final String MATERIALIZE_SOURCE = "spark.databricks.delta.merge.materializeSource";

  private final SparkSession spark;
  private final String appId;
  private final LakeFormat format;
  // One lock for every commit in this JVM: the settings belong to a session, which commits may
  // share.
  private static final Object LOCK = new Object();

  /** Commits to Delta tables. */
  public LakeCommit(SparkSession spark, String appId) {
    this(spark, appId, LakeFormat.DELTA);
  }

  /** Commits to tables of {@code format}. */
  public LakeCommit(SparkSession spark, String appId, LakeFormat format) {
    if (appId == null || appId.isBlank()) {
      throw new IllegalArgumentException("A lakehouse commit needs an application id");
    }
    this.spark = spark;
    this.appId = appId;
    this.format = format;
  }

  /**
   * Runs {@code statement}, which writes {@code table}, as this application's commit {@code
   * version} of the table, once; {@code again} when an earlier run of the batch may have made it.
   */
  public void run(String table, String statement, long version, boolean again) {
    format.commit(spark, table, statement, appId, version, again);
  }

  /** Runs a statement as this application's commit {@code version} of the Delta table it writes. */
  public void run(String statement, long version) {
    delta(spark, appId, statement, version);
  }

  /** Delta's idempotent commit: the statement with the application's id and version set. */
  static void delta(SparkSession spark, String appId, String statement, long version) {
    // Not the session's own monitor: Spark takes it on its threads while the statement runs.
    synchronized (LOCK) {
      spark.conf().set(APP_ID, appId);
      spark.conf().set(VERSION, Long.toString(version));
      String materialize = spark.conf().get(MATERIALIZE_SOURCE, null);
      spark.conf().set(MATERIALIZE_SOURCE, "none");
      try {
        spark.sql(statement).collect();
      } finally {
        spark.conf().unset(APP_ID);
        spark.conf().unset(VERSION);
        if (materialize == null) {
          spark.conf().unset(MATERIALIZE_SOURCE);
        } else {
          spark.conf().set(MATERIALIZE_SOURCE, materialize);
        }
      }
    }
  }

  /** The application id the commits carry. */
  public String appId() {
    return appId;
  }
}
