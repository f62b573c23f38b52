package io.vaultstream.dialect;

import io.vaultstream.ddl.DdlScript;
import io.vaultstream.ddl.VaultTables;
import io.vaultstream.hash.HashKeyCalculator;
import io.vaultstream.model.EffectivitySatellite;
import io.vaultstream.model.Naming;
import io.vaultstream.model.VaultModel;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import io.vaultstream.testing.TrackingModel;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The exact DDL and catalog reads a dialect gives for the shop model in schema "vault". */
abstract class DdlGoldenCases {
  /** The dialect under test. */
  abstract VaultDialect dialect();

  /** The folder of its golden files under golden/. */
  abstract String folder();

  private final VaultDialect d = dialect();

  @Test
  void theShopModelsDdlIsAsRecorded() throws IOException {
    GoldenSql g = new GoldenSql();
    List<String> script =
        DdlScript.statements(
            GoldenSql.SHOP, d, new HashKeyCalculator(GoldenSql.SHOP.hashing()), GoldenSql.SCHEMA);
    for (int i = 0; i < script.size(); i++) {
      g.add("DdlScript.statements #" + (i + 1), script.get(i));
    }
    g.assertMatches(folder() + "/ddl.sql");
  }

  @Test
  void effectivityAndStatusSatellitesAreAsRecorded() throws IOException {
    VaultModel m = TrackingModel.model();
    HashKeyCalculator hasher = new HashKeyCalculator(m.hashing());
    VaultTables tables = new VaultTables(m, d, hasher);
    Naming n = m.naming();
    String s = GoldenSql.SCHEMA;
    GoldenSql g = new GoldenSql();
    for (String name : List.of("eff_order_customer", "sts_customer", "sts_order")) {
      TableSpec t = tables.all().get(name);
      List<String> cols =
          t.columns().stream().map(ColumnSpec::name).filter(c -> !c.equals(n.loadedAt())).toList();
      List<String> keys = List.of(t.primaryKey().get(0));
      g.add("createTable(" + name + ")", d.createTable(s, t))
          .add("ghosts(" + name + ")", DdlScript.ghosts(n, d, tables.hashType(), hasher, s, t))
          .add("insertNew(" + name + ")", d.insertNew(s, t, cols, n.loadedAt()))
          .add(
              "selectHistoryAround(" + name + ", " + keys + ")",
              d.selectHistoryAround(
                  s,
                  t,
                  keys,
                  n.loadDts(),
                  List.of(n.hashDiff(), n.deleteFlag(), EffectivitySatellite.IS_ACTIVE)));
    }
    g.assertMatches(folder() + "/ddl-tracking.sql");
  }

  @Test
  void schemaChangesAndCatalogReadsAreAsRecorded() throws IOException {
    String s = GoldenSql.SCHEMA;
    new GoldenSql()
        .add("createSchema(vault)", d.createSchema(s))
        .add(
            "addColumn(vault, sat_customer, email text)",
            d.addColumn(s, "sat_customer", new ColumnSpec("email", "text", false)))
        .add(
            "addAttributeColumn(vault, sat_customer, phone text)",
            String.join(
                ";\n",
                d.addAttributeColumn(s, "sat_customer", new ColumnSpec("phone", "text", false))))
        .add(
            "widenColumn(vault, sat_customer, name varchar(50))",
            d.widenColumn(s, "sat_customer", new ColumnSpec("name", "varchar(50)", false)))
        .add(
            "createIndex(vault, vs_waiting, vs_waiting_ref, [ref_source, ref_pk])",
            d.createIndex(
                s, VaultTables.WAITING, "vs_waiting_ref", List.of("ref_source", "ref_pk")))
        .add("selectColumns()", d.selectColumns())
        .add("selectIndexes()", d.selectIndexes())
        .add("currentSchema()", d.currentSchema())
        .add("lockSchemaChanges(vault)", d.lockSchemaChanges(s))
        .add("lockSchemaChanges(null)", d.lockSchemaChanges(null))
        .add("unlockSchemaChanges(vault)", d.unlockSchemaChanges(s))
        .add("unlockSchemaChanges(null)", d.unlockSchemaChanges(null))
        .add("vacuum(vault, vs_waiting)", d.vacuum(s, VaultTables.WAITING))
        .add("vacuum(vault, vs_errors)", d.vacuum(s, VaultTables.ERRORS))
        .assertMatches(folder() + "/ddl-changes.sql");
  }
}
