package io.vaultstream.dialect.mariadb;

import static io.vaultstream.dialect.mariadb.MariaDbSyntax.list;
import static io.vaultstream.dialect.mariadb.MariaDbSyntax.quote;
import static io.vaultstream.dialect.mariadb.MariaDbSyntax.rows;
import static io.vaultstream.dialect.mariadb.MariaDbSyntax.table;
import static io.vaultstream.dialect.mariadb.MariaDbSyntax.typed;
import static io.vaultstream.dialect.mariadb.MariaDbSyntax.value;

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
interface MariaDbRows extends RowStatements {
  /** The time a row is written, in UTC, to the microsecond. */
  String NOW = "UTC_TIMESTAMP(6)";

  @Override
  default EarliestWrite upsertEarliest(
      String schema, TableSpec t, List<String> cols, String loadDts, String src, String loaded) {
    // The three statements of the returning form: a single ON DUPLICATE KEY UPDATE cannot tell
    // how many rows it inserted or moved back (its count is the rows found, or 2 per change).
    return new MariaDbEarliestWrite(schema, t, cols, loadDts, src, loaded);
  }

  @Override
  default EarliestWrite upsertEarliestReturning(
      String schema, TableSpec t, List<String> cols, String loadDts, String src, String loaded) {
    return new MariaDbEarliestWrite(schema, t, cols, loadDts, src, loaded);
  }

  @Override
  default String literal(String text, String type) {
    return MariaDbSyntax.literal(text, MariaDbTypes.checked(type));
  }

  /** {@code INSERT INTO t (columns[, loadedAt]) SELECT <values> FROM <batch> u}. */
  @Override
  default String insertNew(String schema, TableSpec t, List<String> columns, String loadedAt) {
    return "INSERT INTO "
        + table(schema, t.name())
        + " ("
        + list(columns)
        + (loadedAt == null ? "" : ", " + quote(loadedAt))
        + ")\nSELECT "
        + values(t, columns, "u")
        + (loadedAt == null ? "" : ", " + NOW)
        + " FROM "
        + rows(t, columns, "u");
  }

  static String values(TableSpec t, List<String> columns, String alias) {
    return columns.stream()
        .map(c -> value(alias + "." + quote(c), t.column(c).type()))
        .collect(Collectors.joining(", "));
  }

  /** Leaves an existing row alone (not INSERT IGNORE, which would also let bad values through). */
  private static String keepExisting(String schema, TableSpec t) {
    String k = table(schema, t.name()) + "." + quote(t.primaryKey().get(0));
    return "\nON DUPLICATE KEY UPDATE " + k + " = " + k;
  }

  @Override
  default String insertIgnore(String schema, TableSpec t, List<String> columns, String loadedAt) {
    return insertNew(schema, t, columns, loadedAt) + keepExisting(schema, t);
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

  /** {@code x.k = <batch's k>} for each key column: one index probe per batch row. */
  static String match(TableSpec t, List<String> keyColumns, String x, String u) {
    return keyColumns.stream()
        .map(c -> x + "." + quote(c) + " = " + typed(u + "." + quote(c), t.column(c).type()))
        .collect(Collectors.joining(" AND "));
  }

  @Override
  default String deleteByKey(String schema, TableSpec t, List<String> keyColumns) {
    return "DELETE x FROM "
        + rows(t, keyColumns, "u")
        + " STRAIGHT_JOIN "
        + MariaDbSyntax.probed(schema, t.name(), "x", "PRIMARY")
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
            .map(c -> "x." + quote(c) + " = " + value("u." + quote(c), t.column(c).type()))
            .collect(Collectors.joining(", "));
    return "UPDATE "
        + rows(t, all, "u")
        + " STRAIGHT_JOIN "
        + MariaDbSyntax.probed(schema, t.name(), "x", "PRIMARY")
        + " ON "
        + match(t, keyColumns, "x", "u")
        + " SET "
        + sets;
  }

  @Override
  default String insertLiteralIgnore(
      String schema, TableSpec t, List<String> columns, List<String> literals) {
    return "INSERT INTO "
        + table(schema, t.name())
        + " ("
        + list(columns)
        + ") VALUES ("
        + String.join(", ", literals)
        + ")"
        + keepExisting(schema, t);
  }
}
