package io.vaultstream.spark;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checkpoints on the local file system are written through Hadoop's {@code FileSystem} API rather
 * than Spark's default {@code FileContext} one. Without Hadoop's native library (which no Maven
 * artifact carries), the {@code FileContext} rename of every checkpoint file starts {@code
 * readlink} processes and its create starts {@code chmod} ones: about a dozen processes per
 * micro-batch and query, 0.2 s of each micro-batch in local mode. The {@code FileSystem} manager
 * writes a temporary file and renames it too, which is atomic on a local disk; the job's own
 * variant of it ({@link LocalCheckpointFiles}) also creates that file without the {@code chmod}
 * process Hadoop's local file system starts for each one. A checkpoint manager the session names
 * already, and checkpoints on other file systems (DBFS, S3, ABFS, HDFS), are left as Spark chooses.
 */
final class LocalCheckpoints {
  private static final Logger LOG = LoggerFactory.getLogger(LocalCheckpoints.class);

  /** Spark's setting naming the checkpoint file manager class. */
  static final String MANAGER = "spark.sql.streaming.checkpointFileManagerClass";

  /**
   * The checkpoint file manager for the local disk: Spark's over Hadoop's {@code FileSystem} API,
   * its files created without a process each ({@link LocalCheckpointFiles}).
   */
  static final String FILE_SYSTEM_MANAGER = LocalCheckpointFiles.class.getName();

  /** Set (to true) in a session where this class, not the user, named the manager. */
  static final String SET_HERE = "vaultstream.checkpointManagerSetByTheJob";

  private LocalCheckpoints() {}

  /**
   * Names the file system manager for the queries the job starts now when {@code checkpoint} is on
   * the local file system, and takes its own setting back for a checkpoint elsewhere (a session
   * that started a job on a local checkpoint before). A manager the user named, in the session or
   * in the Hadoop configuration, is left alone. Queries read the setting when they start.
   */
  static void apply(SparkSession spark, String checkpoint) {
    Configuration hadoop = spark.sparkContext().hadoopConfiguration();
    boolean ours = spark.conf().contains(SET_HERE);
    if (!ours && (spark.conf().contains(MANAGER) || hadoop.get(MANAGER) != null)) {
      return;
    }
    if (local(checkpoint, hadoop)) {
      spark.conf().set(MANAGER, FILE_SYSTEM_MANAGER);
      spark.conf().set(SET_HERE, "true");
      LOG.info("Checkpoints under {} are written through Hadoop's FileSystem API", checkpoint);
    } else if (ours) {
      spark.conf().unset(MANAGER);
      spark.conf().unset(SET_HERE);
    }
  }

  /**
   * Whether a checkpoint location is on the local file system, as Hadoop resolves it: by its
   * scheme, or for a path without one by the default file system's (DBFS or HDFS on a cluster).
   */
  static boolean local(String checkpoint, Configuration hadoop) {
    if (checkpoint == null || checkpoint.isBlank()) {
      return false;
    }
    String scheme;
    try {
      scheme = new Path(checkpoint.trim()).toUri().getScheme();
    } catch (IllegalArgumentException e) {
      // Not a path Hadoop reads: left as Spark chooses, the query reports it.
      return false;
    }
    if (scheme == null) {
      scheme = FileSystem.getDefaultUri(hadoop).getScheme();
    }
    return "file".equalsIgnoreCase(scheme);
  }
}
