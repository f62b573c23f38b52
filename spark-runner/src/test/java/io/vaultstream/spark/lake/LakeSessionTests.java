package io.vaultstream.spark.lake;

import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a lakehouse integration test class shares: a directory of its own and a Spark session,
 * started before its tests (with Delta Lake; a class that needs Iceberg starts its own session in a
 * {@code start()} of its own) and stopped after them.
 */
public abstract class LakeSessionTests {
  /** The class's directory: the warehouse and the vaults' tables. */
  @TempDir public static Path dir;

  /** The class's Spark session. */
  public static SparkSession spark;

  @BeforeAll
  static void start() {
    spark = LakeSessions.start(dir.resolve("warehouse").toString());
  }

  /**
   * The engine's loader over the lakehouse store at {@code at}, adding a column new in the events
   * to its table as a string.
   */
  static io.vaultstream.engine.StoreLoader storeLoader(
      io.vaultstream.model.VaultModel model,
      io.vaultstream.engine.VaultOptions options,
      LakeTypes types,
      io.vaultstream.write.VaultShape shape,
      io.vaultstream.testing.TestClock clock,
      LakeLocation at) {
    return new io.vaultstream.engine.StoreLoader(
        model,
        options,
        types,
        shape,
        clock,
        (t, c) ->
            spark.sql(
                "ALTER TABLE "
                    + at.table(t.name())
                    + " ADD COLUMNS ("
                    + LakeLocation.quote(c.name())
                    + " STRING)"));
  }

  @AfterAll
  static void stop() {
    if (spark != null) {
      spark.stop();
      spark = null;
    }
  }
}
