package io.vaultstream.dialect.mariadb;

import io.vaultstream.dialect.EarliestWrite;
import io.vaultstream.dialect.RowStatements;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * MariaDB's {@link RowStatements} that write a batch given as one JSON parameter, joined to the
 * table by its key ({@code JSON_TABLE} first, then one index probe per row: {@code STRAIGHT_JOIN}
 * fixes that order whatever the statistics say).
 */
interface MariaDbRows extends RowStatements, MariaDbSyntax {

  /**
   * Also the write of {@link #upsertEarliest}: a single ON DUPLICATE KEY UPDATE cannot tell how
   * many rows it inserted or moved back (its count is the rows found, or 2 per change).
   */
  @Override
  default EarliestWrite upsertEarliestReturning(
      String schema, TableSpec t, List<String> cols, String loadDts, String src, String loaded) {
    return new MariaDbEarliestWrite(this, schema, t, cols, loadDts, src, loaded);
  }

  /** Leaves an existing row alone (not INSERT IGNORE, which would also let bad values through). */
  @Override
  default String keepExisting(String schema, TableSpec t) {
    String k = table(schema, t.name()) + "." + quote(t.primaryKey().get(0));
    return "ON DUPLICATE KEY UPDATE " + k + " = " + k;
  }

  @Override
  default String upsert(String schema, TableSpec t, List<String> columns) {
    String tbl = table(schema, t.name()) + ".";
    List<String> sets = new ArrayList<>();
    for (String c : columns) {
      if (!t.primaryKey().contains(c)) {
        sets.add(tbl + quote(c) + " = VALUES(" + quote(c) + ")");
      }
    }
    return sets.isEmpty()
        ? insertIgnore(schema, t, columns, null)
        : insertNew(schema, t, columns, null)
            + "\nON DUPLICATE KEY UPDATE "
            + String.join(", ", sets);
  }

  @Override
  default String deleteByKey(String schema, TableSpec t, List<String> keyColumns) {
    return "DELETE x FROM "
        + batch(t, keyColumns, "u")
        + " STRAIGHT_JOIN "
        + probed(schema, t.name(), "x", "PRIMARY")
        + " ON "
        + match(t, keyColumns, "x", "u");
  }

  @Override
  default String updateByKey(
      String schema, TableSpec t, List<String> keyColumns, List<String> setColumns) {
    List<String> all = new ArrayList<>(keyColumns);
    all.addAll(setColumns);
    String sets =
        setColumns.stream()
            .map(c -> "x." + quote(c) + " = " + fromText("u." + quote(c), t.column(c).type()))
            .collect(Collectors.joining(", "));
    return "UPDATE "
        + batch(t, all, "u")
        + " STRAIGHT_JOIN "
        + probed(schema, t.name(), "x", "PRIMARY")
        + " ON "
        + match(t, keyColumns, "x", "u")
        + " SET "
        + sets;
  }
}
