package io.vaultstream.spark.lake;

import org.apache.spark.sql.SparkSession;

/**
 * The tests' Spark sessions: with Delta Lake, as a cluster without Databricks configures it, or
 * with Apache Iceberg and a catalog {@value #ICEBERG_CATALOG} kept in a directory (Iceberg's Hadoop
 * catalog).
 */
public final class LakeSessions {
  private LakeSessions() {}

  /** The name of the tests' Iceberg catalog. */
  public static final String ICEBERG_CATALOG = "lake";

  /**
   * A new session with Delta Lake. Any session still running in this JVM is stopped first: a new
   * builder would otherwise hand it back, with its own extensions and catalogs.
   */
  public static SparkSession start(String warehouse) {
    stopRunning();
    return common(warehouse)
        .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
        .config(
            "spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
        .getOrCreate();
  }

  /**
   * A session with Iceberg's extensions and the catalog {@value #ICEBERG_CATALOG} in a directory.
   */
  public static SparkSession startIceberg(String warehouse) {
    stopRunning();
    String catalog = "spark.sql.catalog." + ICEBERG_CATALOG;
    return common(warehouse)
        .config(
            "spark.sql.extensions",
            "org.apache.iceberg.spark.extensions.IcebergSparkSessionExtensions")
        .config(catalog, "org.apache.iceberg.spark.SparkCatalog")
        .config(catalog + ".type", "hadoop")
        .config(catalog + ".warehouse", warehouse + "/iceberg")
        // A test reads what a job's own session wrote: no table kept from before it.
        .config(catalog + ".cache-enabled", "false")
        .getOrCreate();
  }

  private static void stopRunning() {
    for (scala.Option<SparkSession> s :
        java.util.List.of(SparkSession.getActiveSession(), SparkSession.getDefaultSession())) {
      if (s.isDefined()) {
        s.get().stop();
      }
    }
    SparkSession.clearActiveSession();
    SparkSession.clearDefaultSession();
  }

  private static SparkSession.Builder common(String warehouse) {
    return SparkSession.builder()
        .master("local[2]")
        .appName("vaultstream-lake-it")
        .config("spark.ui.enabled", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.sql.shuffle.partitions", "2")
        // A table's state is computed in 50 tasks by default: two suffice for the tests' tables.
        .config("spark.databricks.delta.snapshotPartitions", "2")
        .config("spark.sql.session.timeZone", "UTC")
        .config("spark.sql.warehouse.dir", warehouse);
  }
}
