package io.vaultstream.spark.lake;

import org.junit.jupiter.api.BeforeAll;

/**
 * A model that changes while the vault lives, on Iceberg: the same as on Delta ({@link
 * LakeMigrationIT}), a column added and a decimal widened in place at start, refused with the
 * statements when auto-evolve is off, and a change to another kind refused.
 */
class IcebergMigrationIT extends LakeMigrationIT {

  @BeforeAll
  static void start() {
    spark = LakeSessions.startIceberg(dir.resolve("warehouse").toString());
  }

  @Override
  LakeLocation location() {
    return new LakeLocation.Catalog(
        LakeSessions.ICEBERG_CATALOG + ".migration", LakeFormat.ICEBERG);
  }
}
