package io.vaultstream.spark.lake;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;

/**
 * The run of {@link DeltaLostCommitsIT} with the vault in Iceberg tables of a catalog configured in
 * Spark, put back while the job runs with Iceberg's {@code rollback_to_snapshot} procedure: the
 * query stops, the job does not start again on its checkpoint, and a new checkpoint loads what the
 * rollback took away.
 */
class IcebergLostCommitsIT extends DeltaLostCommitsIT {
  private static final String SCHEMA = LakeSessions.ICEBERG_CATALOG + ".lost_it";

  @BeforeAll
  static void startIceberg() {
    // After DeltaLostCommitsIT's start (the broker, a Delta session): an Iceberg session instead.
    spark = LakeSessions.startIceberg(dir.resolve("warehouse").toString());
  }

  @Override
  List<String> target(Path vault) {
    return List.of("--target", "iceberg", "--iceberg-schema", SCHEMA);
  }

  @Override
  LakeLocation location(Path vault) {
    return new LakeLocation.Catalog(SCHEMA, LakeFormat.ICEBERG);
  }

  /** Each table's current snapshot (-1 for a table that has none yet). */
  @Override
  Map<String, Long> versions(Path vault) {
    Map<String, Long> versions = new HashMap<>();
    for (Row t : spark.sql("SHOW TABLES IN " + SCHEMA).collectAsList()) {
      String table = t.getString(t.fieldIndex("tableName"));
      List<Row> current =
          spark
              .sql("SELECT snapshot_id FROM " + SCHEMA + "." + table + ".refs WHERE name = 'main'")
              .collectAsList();
      versions.put(table, current.isEmpty() ? -1L : current.get(0).getLong(0));
    }
    return versions;
  }

  /** Rolls each table that changed back to its snapshot; one that had none is emptied. */
  @Override
  void restore(Path vault, Map<String, Long> versions) {
    String schema = SCHEMA.substring(SCHEMA.indexOf('.') + 1);
    Map<String, Long> now = versions(vault);
    versions.forEach(
        (table, snapshot) -> {
          if (snapshot.equals(now.get(table))) {
            return;
          }
          if (snapshot < 0) {
            spark.sql("DELETE FROM " + SCHEMA + "." + table);
          } else {
            spark.sql(
                "CALL "
                    + LakeSessions.ICEBERG_CATALOG
                    + ".system.rollback_to_snapshot('"
                    + schema
                    + "."
                    + table
                    + "', "
                    + snapshot
                    + ")");
          }
        });
  }
}
