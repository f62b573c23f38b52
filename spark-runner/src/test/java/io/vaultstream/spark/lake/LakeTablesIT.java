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
import java.util.TreeMap;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructField;
import org.junit.jupiter.api.Test;

/**
 * The shop vault's Delta tables, created twice (a job started again): the columns and types of the
 * documented mapping, clustering on the hash key, the stream's table properties, one pair of ghost
 * records; and the idempotent commit a micro-batch run again relies on.
 */
class LakeTablesIT extends LakeSessionTests {
  private static final VaultModel SHOP = ModelLoader.load(Samples.shopModel());

  private static List<String> create(LakeTables tables) {
    return tables.create(spark);
  }

  @Test
  void pathTablesAreCreatedOnceWithTheirTypesClusteringPropertiesAndGhosts() {
    LakeLocation at = new LakeLocation.Path(dir.resolve("vault").toString());
    LakeTables tables = new LakeTables(SHOP, new HashKeyCalculator(SHOP.hashing()), at);
    create(tables);
    // Started again: nothing to create, no ghost record to write.
    assertThat(create(tables)).allSatisfy(s -> assertThat(s).startsWith("CREATE TABLE IF NOT"));

    String hub = SHOP.hubs().keySet().iterator().next();
    TableSpec hubSpec = tables.all().get(hub);
    Map<String, String> types = types(at.table(hub));
    assertThat(types)
        .containsEntry(hubSpec.primaryKey().get(0), "string")
        .containsEntry(SHOP.naming().loadDts(), "timestamp")
        .containsEntry(SHOP.naming().recordSource(), "string");
    assertThat(types.keySet())
        .containsExactlyInAnyOrderElementsOf(
            hubSpec.columns().stream().map(c -> c.name()).toList());
    assertThat(clustering(at.table(hub))).containsExactly(hubSpec.primaryKey().get(0));
    assertThat(properties(at.table(hub)))
        .containsEntry("delta.enableDeletionVectors", "true")
        .containsEntry("delta.autoOptimize.optimizeWrite", "true")
        .containsEntry("delta.autoOptimize.autoCompact", "true");
    assertThat(clustering(at.table(VaultTables.KEY_MAP))).containsExactly("source_table", "pk");

    // One null and one unknown ghost record per hub and satellite, however often the job starts.
    assertOnePairOfGhostRecordsPerHubAndSatellite(at, hub, hubSpec);
    assertThat(spark.table(at.table(VaultTables.KEY_MAP)).count()).isZero();
  }

  /** The hub and the first satellite each hold the null and the unknown ghost record, once. */
  private static void assertOnePairOfGhostRecordsPerHubAndSatellite(
      LakeLocation at, String hub, TableSpec hubSpec) {
    List<Row> ghosts =
        spark
            .sql(
                "SELECT "
                    + LakeLocation.quote(hubSpec.primaryKey().get(0))
                    + ", "
                    + SHOP.naming().recordSource()
                    + " FROM "
                    + at.table(hub)
                    + " ORDER BY 1")
            .collectAsList();
    HashKeyCalculator h = new HashKeyCalculator(SHOP.hashing());
    assertThat(ghosts).hasSize(2);
    assertThat(ghosts.stream().map(r -> r.getString(0)).sorted().toList())
        .containsExactlyElementsOf(
            java.util.stream.Stream.of(h.nullKey(), h.unknownKey()).sorted().toList());
    assertThat(ghosts).allSatisfy(r -> assertThat(r.getString(1)).isEqualTo("SYSTEM"));
    String sat = SHOP.satellites().keySet().iterator().next();
    assertThat(spark.table(at.table(sat)).count()).isEqualTo(2);
  }

  @Test
  void catalogTablesAreCreatedInTheirSchemaWithTheDeclaredTypes() {
    VaultModel crm =
        ModelLoader.load(
            Samples.shopModel().resolveSibling("../many-to-many/model.json").normalize());
    LakeLocation at = new LakeLocation.Catalog("vault_it");
    create(new LakeTables(crm, new HashKeyCalculator(crm.hashing()), at));
    List<String> names =
        spark.sql("SHOW TABLES IN vault_it").collectAsList().stream()
            .map(r -> r.getString(1))
            .toList();
    assertThat(names).contains(VaultTables.KEY_MAP, VaultTables.ERRORS);
    assertThat(names).containsAll(crm.hubs().keySet());
    // Declared source types: a boolean stays a flag, a date a date, text is text.
    Map<String, String> types = types(at.table("lsat_customer_address"));
    assertThat(types)
        .containsEntry("is_primary", "boolean")
        .containsEntry("valid_since", "date")
        .containsEntry("address_type", "string")
        .containsEntry(crm.naming().loadDts(), "timestamp");
  }

  @Test
  void aCommitRunAgainForTheSameBatchChangesNothingAndTheNextOneLoads() {
    String table = new LakeLocation.Path(dir.resolve("commits").toString()).table("t");
    spark.sql("CREATE TABLE IF NOT EXISTS " + table + " (k STRING, v INT) USING DELTA");
    LakeCommit commit = new LakeCommit(spark, "query-1");
    String insert = "INSERT INTO " + table + " VALUES ('a', 1)";
    commit.run(insert, 5);
    commit.run(insert, 5); // the driver died after the commit: the batch runs again
    assertThat(spark.table(table).count()).isEqualTo(1);

    String merge =
        "MERGE INTO "
            + table
            + " t USING (SELECT 'a' AS k, 2 AS v UNION ALL SELECT 'b', 3) s ON t.k = s.k"
            + " WHEN MATCHED THEN UPDATE SET v = t.v + s.v WHEN NOT MATCHED THEN INSERT *";
    commit.run(merge, 6);
    commit.run(merge, 6);
    assertThat(values(table)).containsExactly(Map.entry("a", 3), Map.entry("b", 3));

    // Nothing of the settings stays behind: a statement of no batch is not skipped.
    spark.sql("INSERT INTO " + table + " VALUES ('c', 4)");
    // Another application (a new checkpoint) has versions of its own.
    new LakeCommit(spark, "query-2").run("INSERT INTO " + table + " VALUES ('d', 5)", 0);
    assertThat(values(table)).containsKeys("c", "d");
  }

  @Test
  void theKeyMapIsReadAsTheBatchPinnedIt() {
    LakeLocation at = new LakeLocation.Path(dir.resolve("keymap").toString());
    LakeTables tables = new LakeTables(SHOP, new HashKeyCalculator(SHOP.hashing()), at);
    create(tables);
    spark.sql(LakeBatch.createLedger(at));
    LakeCommit commit = new LakeCommit(spark, "keymap");
    TableSpec keyMap = tables.all().get(VaultTables.KEY_MAP);
    LakeBatch first = LakeBatch.begin(spark, at, commit, 0, List.of(VaultTables.KEY_MAP), 0L);
    LakeChanges entries = new LakeChanges(keyMap, "valid_from", "source_table");
    entries.put(LakeChanges.Action.INSERT, entry("orders", "[\"1\"]", 1_000L, "C-1"));
    entries.put(LakeChanges.Action.INSERT, entry("orders", "[\"1\"]", 5_000L, "C-2"));
    entries.put(LakeChanges.Action.INSERT, entry("orders", "[\"2\"]", 1_000L, "C-'3"));
    entries.put(LakeChanges.Action.INSERT, entry("customers", "[\"1\"]", 1_000L, "X"));
    first.commit(List.of(entries));

    LakeBatch second = LakeBatch.begin(spark, at, commit, 1, List.of(VaultTables.KEY_MAP), 0L);
    LakeKeyMap keyMapRead = new LakeKeyMap(spark, second);
    // Some keys read before in the batch, some not: the answer is the same as one read's.
    assertThat(keyMapRead.read("orders", java.util.Set.of("[\"1\"]", "[\"9\"]")))
        .containsOnlyKeys("[\"1\"]");
    var read = keyMapRead.read("orders", java.util.Set.of("[\"1\"]", "[\"2\"]", "[\"9\"]"));
    assertThat(read).containsOnlyKeys("[\"1\"]", "[\"2\"]");
    assertThat(read.get("[\"1\"]")).containsOnlyKeys(1_000L, 5_000L);
    assertThat(read.get("[\"1\"]").get(5_000L)).containsEntry("customer_no", "C-2");
    assertThat(read.get("[\"2\"]").get(1_000L)).containsEntry("customer_no", "C-'3");
    // The first batch read the key map before its own entries.
    assertThat(new LakeKeyMap(spark, first).read("orders", java.util.Set.of("[\"1\"]"))).isEmpty();
  }

  private static Map<String, Object> entry(String source, String pk, long micros, String value) {
    return Map.of(
        "source_table",
        source,
        "pk",
        pk,
        "valid_from",
        micros,
        "key_values",
        io.vaultstream.keymap.KeyText.values(Map.of("customer_no", value)));
  }

  private static Map<String, Integer> values(String table) {
    Map<String, Integer> out = new TreeMap<>();
    for (Row r : spark.table(table).collectAsList()) {
      out.put(r.getString(0), r.getInt(1));
    }
    return out;
  }

  private static Map<String, String> types(String table) {
    Map<String, String> out = new TreeMap<>();
    for (StructField f : spark.table(table).schema().fields()) {
      out.put(f.name(), f.dataType().typeName());
    }
    return out;
  }

  private static List<String> clustering(String table) {
    Row detail = spark.sql("DESCRIBE DETAIL " + table).first();
    scala.collection.Seq<String> cols = detail.getAs("clusteringColumns");
    return scala.jdk.javaapi.CollectionConverters.asJava(cols);
  }

  private static Map<String, String> properties(String table) {
    Map<String, String> out = new TreeMap<>();
    for (Row r : spark.sql("SHOW TBLPROPERTIES " + table).collectAsList()) {
      out.put(r.getString(0), r.getString(1));
    }
    return out;
  }
}
