package io.vaultstream.spark.lake;

import org.apache.spark.sql.SparkSession;

/** The tests' Spark session with Delta Lake, as a cluster without Databricks configures it. */
public final class LakeSessions {
  private LakeSessions() {}

  public static SparkSession start(String warehouse) {
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
        .config("spark.sql.warehouse.dir", warehouse)
        .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
        .config(
            "spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
        .getOrCreate();
  }
}
