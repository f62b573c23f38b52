package io.vaultstream.spark.lake;

import org.junit.jupiter.api.BeforeAll;

/**
 * The lakehouse writer on Apache Iceberg: the same tests as on Delta ({@link LakeStoreLoaderIT}),
 * with the vault in Iceberg tables of a catalog. The shop's events loaded batch by batch give the
 * rows PostgreSQL has in every vault table, also when the driver dies after four of a batch's table
 * commits and the batch runs again (Iceberg has no idempotent commit of its own: the batch's id in
 * each snapshot's summary keeps the tables it committed from being written twice); and the waiting
 * rows' whole life (the watermark in a sweep, error rows, parents arriving newest first, a replay)
 * leaves every table, the loader's own included, as in PostgreSQL.
 */
class IcebergStoreLoaderIT extends LakeStoreLoaderIT {

  @BeforeAll
  static void startIceberg() {
    spark = LakeSessions.startIceberg(dir.resolve("warehouse").toString());
  }

  @Override
  LakeLocation location(String name) {
    return new LakeLocation.Catalog(LakeSessions.ICEBERG_CATALOG + "." + name, LakeFormat.ICEBERG);
  }
}
