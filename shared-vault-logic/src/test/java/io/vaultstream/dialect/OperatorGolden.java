package io.vaultstream.dialect;

import io.vaultstream.ddl.DdlScript;
import io.vaultstream.ddl.VaultTables;

/** The operator statements of a dialect under their titles, for the golden tests. */
final class OperatorGolden {
  private OperatorGolden() {}

  static GoldenSql of(OperatorStatements d) {
    String s = GoldenSql.SCHEMA;
    return new GoldenSql()
        .add(
            "countRowsPerRecordSource(hub_customer) binding " + DdlScript.GHOST_RECORD_SOURCE,
            d.countRowsPerRecordSource(s, "hub_customer", "record_source", "load_dts"))
        .add(
            "countRowsPerRecordSource(a name with a quote and a backtick)",
            d.countRowsPerRecordSource("my\"s`chema", "sat_\"x`", "record_source", "load_dts"))
        .add("countWaitingByState()", d.countWaitingByState(s, VaultTables.WAITING))
        .add(
            "selectOldestWaiting() binding the state",
            d.selectOldestWaiting(s, VaultTables.WAITING))
        .add("selectAllProgress()", d.selectAllProgress(s, VaultTables.PROGRESS))
        .add("selectTables()", d.selectTables())
        .add("tableExists()", d.tableExists())
        .add("selectSchemasWithTables(2)", d.selectSchemasWithTables(2))
        .add(
            "selectCacheFigures(vs_key_map) binding the schema",
            d.selectCacheFigures(VaultTables.KEY_MAP))
        .add("selectErrorFirstSeenMillis()", d.selectErrorFirstSeenMillis(s, VaultTables.ERRORS))
        .add("selectSourceColumns()", d.selectSourceColumns())
        .add("selectSourceConstraints()", d.selectSourceConstraints());
  }
}
