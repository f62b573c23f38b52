package io.vaultstream.spark.lake;

import static org.assertj.core.api.Assertions.assertThat;

import io.vaultstream.ddl.VaultTables;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.ModelLoader;
import io.vaultstream.model.VaultModel;
import io.vaultstream.table.TableSpec;
import io.vaultstream.testing.Samples;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The vault's tables in Apache Iceberg (a Hadoop catalog in a directory): created with the
 * properties a stream needs and their ghost records; a batch's commit made once per table although
 * Iceberg has no idempotent commit of its own (the batch's id is in the snapshot's summary, and a
 * batch run again looks there first); and a table never written (no snapshot yet) read as the empty
 * table it was when the batch began.
 */
class IcebergTablesIT extends LakeSessionTests {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());
  private static final String CATALOG = LakeSessions.ICEBERG_CATALOG;

  @BeforeAll
  static void startIceberg() {
    spark = LakeSessions.startIceberg(dir.resolve("warehouse").toString());
  }

  private static LakeLocation at(String schema) {
    return new LakeLocation.Catalog(CATALOG + "." + schema, LakeFormat.ICEBERG);
  }

  @Test
  void theVaultsTablesAreIcebergTablesWithTheirGhostRecords() {
    LakeLocation at = at("tables");
    LakeVault.createTables(spark, SHOP, at);
    LakeVault.createTables(spark, SHOP, at); // a job started again creates nothing twice
    Map<String, String> properties = new TreeMap<>();
    for (Row r : spark.sql("SHOW TBLPROPERTIES " + at.table("hub_customer")).collectAsList()) {
      properties.put(r.getString(0), r.getString(1));
    }
    assertThat(properties)
        .containsEntry("format", "iceberg/parquet")
        .containsEntry("format-version", "2")
        .containsEntry("write.merge.mode", "merge-on-read")
        .containsEntry("write.delete.mode", "merge-on-read")
        .containsEntry("write.update.mode", "merge-on-read")
        .containsEntry("write.metadata.delete-after-commit.enabled", "true");
    assertThat(spark.sql("SELECT count(*) FROM " + at.table("hub_customer")).first().getLong(0))
        .as("the two ghost records, once")
        .isEqualTo(2);
    List<String> names =
        spark.sql("SHOW TABLES IN " + CATALOG + ".tables").collectAsList().stream()
            .map(r -> r.getString(1))
            .toList();
    assertThat(names).contains(VaultTables.KEY_MAP, VaultTables.ERRORS, LakeBatch.LEDGER);
    assertThat(names).containsAll(SHOP.hubs().keySet());
  }

  @Test
  void aCommitRunAgainForTheSameBatchChangesNothingAndTheNextOneLoads() {
    String table = createKeyValueTable("commits");
    LakeCommit commit = new LakeCommit(spark, "query-1", LakeFormat.ICEBERG);
    String insert = "INSERT INTO " + table + " VALUES ('a', 1)";
    commit.run(table, insert, 5, false);
    commit.run(table, insert, 5, true); // the driver died after the commit: the batch runs again
    assertThat(spark.table(table).count()).isEqualTo(1);

    String merge =
        "MERGE INTO "
            + table
            + " t USING (SELECT 'a' AS k, 2 AS v UNION ALL SELECT 'b', 3) s ON t.k = s.k"
            + " WHEN MATCHED THEN UPDATE SET v = t.v + s.v WHEN NOT MATCHED THEN INSERT *";
    commit.run(table, merge, 6, true); // a batch that may have run: it had not
    commit.run(table, merge, 6, true);
    assertThat(values(table)).containsExactly(Map.entry("a", 3), Map.entry("b", 3));

    // The snapshots name the application and batch that made them.
    assertThat(snapshotsMadeBy(table)).containsExactly("query-1/5", "query-1/6");

    // Nothing stays behind on the thread: a statement of no batch carries no batch.
    spark.sql("INSERT INTO " + table + " VALUES ('c', 4)");
    assertThat(LakeFormat.Iceberg.committed(spark, table, "query-1", 7)).isFalse();
    // Another application (a new checkpoint) has batches of its own.
    new LakeCommit(spark, "query-2", LakeFormat.ICEBERG)
        .run(table, "INSERT INTO " + table + " VALUES ('d', 5)", 5, true);
    assertThat(values(table)).containsKeys("c", "d");
    assertThat(LakeFormat.Iceberg.committed(spark, table, "query-2", 5)).isTrue();
  }

  /** An Iceberg table {@code t (k STRING, v INT)} in a new namespace; returns its name. */
  private static String createKeyValueTable(String namespace) {
    spark.sql("CREATE NAMESPACE IF NOT EXISTS " + CATALOG + "." + namespace);
    String table = at(namespace).table("t");
    spark.sql(
        "CREATE TABLE IF NOT EXISTS "
            + table
            + " (k STRING, v INT)"
            + LakeFormat.ICEBERG.tableClause(List.of()));
    return table;
  }

  /** The application and batch (app-id/batch) each of the table's snapshots names, oldest first. */
  private static List<String> snapshotsMadeBy(String table) {
    return spark
        .sql(
            "SELECT concat(summary['vaultstream.app-id'], '/', summary['vaultstream.batch'])"
                + " FROM "
                + table
                + ".`snapshots` ORDER BY committed_at")
        .collectAsList()
        .stream()
        .map(r -> r.getString(0))
        .toList();
  }

  @Test
  void aTableNeverWrittenIsReadAsTheEmptyTableItWasWhenTheBatchBegan() {
    LakeLocation at = at("keymap");
    LakeTables tables = new LakeTables(SHOP, new HashKeyCalculator(SHOP.hashing()), at);
    LakeVault.createTables(spark, SHOP, at);
    assertThat(LakeFormat.ICEBERG.version(spark, at.table(VaultTables.KEY_MAP))).isEqualTo(-1);
    LakeCommit commit = new LakeCommit(spark, "keymap", LakeFormat.ICEBERG);
    TableSpec keyMap = tables.all().get(VaultTables.KEY_MAP);
    LakeBatch first = LakeBatch.begin(spark, at, commit, 0, List.of(VaultTables.KEY_MAP), 0L);
    LakeChanges entries = new LakeChanges(keyMap, "valid_from", "source_table");
    entries.put(
        LakeChanges.Action.INSERT,
        Map.of(
            "source_table",
            "orders",
            "pk",
            "[\"1\"]",
            "valid_from",
            1_000L,
            "key_values",
            io.vaultstream.keymap.KeyText.values(Map.of("customer_no", "C-1"))));
    first.commit(List.of(entries));

    LakeBatch second = LakeBatch.begin(spark, at, commit, 1, List.of(VaultTables.KEY_MAP), 0L);
    assertThat(new LakeKeyMap(spark, second).read("orders", Set.of("[\"1\"]")))
        .containsOnlyKeys("[\"1\"]");
    // The first batch, run again, reads the key map as it began: empty.
    LakeBatch again = LakeBatch.begin(spark, at, commit, 0, List.of(VaultTables.KEY_MAP), 0L);
    assertThat(again.runAgain()).isTrue();
    assertThat(new LakeKeyMap(spark, again).read("orders", Set.of("[\"1\"]"))).isEmpty();
    // And its commit is not made twice.
    again.commit(List.of(entries));
    assertThat(spark.table(at.table(VaultTables.KEY_MAP)).count()).isEqualTo(1);
  }

  private static Map<String, Integer> values(String table) {
    Map<String, Integer> out = new TreeMap<>();
    for (Row r : spark.table(table).collectAsList()) {
      out.put(r.getString(0), r.getInt(1));
    }
    return out;
  }
}
