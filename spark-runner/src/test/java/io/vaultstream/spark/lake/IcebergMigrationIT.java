package io.vaultstream.spark.lake;

import org.junit.jupiter.api.BeforeAll;

/**
 * A model that changes while the vault lives, on Iceberg: the same as on Delta ({@link
 * LakeMigrationIT}), a column added and a decimal widened in place at start, refused with the
 * statements when auto-evolve is off; a change to another kind and a missing key column refused.
 */
class IcebergMigrationIT extends LakeMigrationIT {

  @BeforeAll
  static void startIceberg() {
    spark = LakeSessions.startIceberg(dir.resolve("warehouse").toString());
  }

  @Override
  LakeLocation location(String name) {
    return new LakeLocation.Catalog(LakeSessions.ICEBERG_CATALOG + "." + name, LakeFormat.ICEBERG);
  }
}
