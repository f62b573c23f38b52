package io.vaultstream.spark.lake;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;

/**
 * The job with {@code --target iceberg --iceberg-schema CATALOG.SCHEMA}: the same run as on Delta
 * ({@link DeltaJobIT}) with the vault in Iceberg tables of a catalog configured in Spark. Shop
 * events from Kafka in several micro-batches become the vault; a record that is not JSON is the one
 * error row while the rest loads; the job run again on its checkpoint writes nothing more.
 */
class IcebergJobIT extends DeltaJobIT {

  @BeforeAll
  static void startIceberg() {
    // After DeltaJobIT's start (the broker, a Delta session): an Iceberg session instead.
    spark = LakeSessions.startIceberg(dir.resolve("warehouse").toString());
  }

  @Override
  List<String> target(Path vault) {
    return List.of(
        "--target", "iceberg", "--iceberg-schema", LakeSessions.ICEBERG_CATALOG + ".job_it");
  }

  @Override
  LakeLocation location(Path vault) {
    return new LakeLocation.Catalog(LakeSessions.ICEBERG_CATALOG + ".job_it", LakeFormat.ICEBERG);
  }
}
