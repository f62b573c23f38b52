package io.vaultstream.spark;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;

/**
 * A session made with the job's settings gives the clones its streaming queries run in no artifact
 * state of their own, so their tasks share the executor's class loader and Spark's compiled code;
 * with Spark's default, each clone has one.
 */
class SharedClassLoaderTest {
  @Test
  void queriesOfASessionTheJobCreatesShareTheClassLoader() {
    assertThat(SharedClassLoader.sessionSettings())
        .containsEntry(SharedClassLoader.ISOLATION, "false");
    SparkSession.Builder builder =
        SparkSession.builder()
            .master("local[1]")
            .appName("shared-class-loader")
            .config("spark.ui.enabled", "false")
            .config("spark.driver.host", "127.0.0.1")
            .config("spark.driver.bindAddress", "127.0.0.1");
    SharedClassLoader.sessionSettings().forEach(builder::config);
    org.apache.spark.sql.classic.SparkSession spark =
        (org.apache.spark.sql.classic.SparkSession) builder.getOrCreate();
    try {
      org.apache.spark.sql.classic.SparkSession query = spark.cloneSession();
      assertThat(query.sessionUUID()).isNotEqualTo(spark.sessionUUID());
      assertThat(query.artifactManager().state()).isNull();

      spark.conf().set(SharedClassLoader.ISOLATION, "true");
      org.apache.spark.sql.classic.SparkSession isolated = spark.cloneSession();
      assertThat(isolated.artifactManager().state()).isNotNull();
      assertThat(isolated.artifactManager().state().uuid()).isEqualTo(isolated.sessionUUID());
    } finally {
      spark.stop();
    }
  }

  @Test
  void aSettingGivenToSparkSubmitWins() {
    String before = System.getProperty(SharedClassLoader.ISOLATION);
    System.setProperty(SharedClassLoader.ISOLATION, "true");
    try {
      assertThat(SharedClassLoader.sessionSettings()).isEmpty();
    } finally {
      if (before == null) {
        System.clearProperty(SharedClassLoader.ISOLATION);
      } else {
        System.setProperty(SharedClassLoader.ISOLATION, before);
      }
    }
  }
}
