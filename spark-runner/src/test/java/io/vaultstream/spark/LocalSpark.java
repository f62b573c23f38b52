package io.vaultstream.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;

/** The Spark context of the tests that call the batch writer directly: one local executor. */
final class LocalSpark {
  private LocalSpark() {}

  static SparkContext start(String app) {
    return new SparkContext(
        new SparkConf()
            .setMaster("local[1]")
            .setAppName(app)
            .set("spark.ui.enabled", "false")
            .set("spark.driver.host", "127.0.0.1")
            .set("spark.driver.bindAddress", "127.0.0.1"));
  }

  /** Stops the context and the engines the batch writer opened in this JVM. */
  static void stop(SparkContext spark) {
    Loaders.closeAll();
    spark.stop();
  }
}
