package io.vaultstream.dialect.mariadb;

import io.vaultstream.dialect.RowStatements;
import io.vaultstream.dialect.StandardRowSql;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** MariaDB's reads of stored history and of the key map, and the locks taken before them. */
interface MariaDbHistory extends RowStatements, MariaDbSyntax {

  @Override
  default String selectHistoryAround(
      String schema, TableSpec t, List<String> keyColumns, String loadDts, List<String> columns) {
    String at = typed("k.`t__`", t.column(loadDts).type());
    // Per key of the batch, an index range from the latest version before the time (found by a
    // probe of the same index) to the key's last version.
    return "SELECT "
        + historyColumns(t, keyColumns, loadDts, columns)
        + " FROM "
        + batchKeys(t, keyColumns, loadDts)
        + " STRAIGHT_JOIN "
        + probed(schema, t.name(), "x", "PRIMARY")
        + " ON "
        + match(t, keyColumns, "x", "k")
        + " AND x."
        + quote(loadDts)
        + " >= COALESCE(("
        + latestTimeBefore(schema, t, keyColumns, loadDts, at)
        + "), "
        + at
        + ")";
  }

  /** The batch's keys and times {@code k}: the key columns, then the time (as the load_dts). */
  private String batchKeys(TableSpec t, List<String> keyColumns, String loadDts) {
    List<ColumnSpec> batch = new ArrayList<>();
    keyColumns.forEach(c -> batch.add(t.column(c)));
    batch.add(new ColumnSpec("t__", t.column(loadDts).type(), true));
    TableSpec keys = StandardRowSql.batchOf("k", batch);
    List<String> names = new ArrayList<>(keyColumns);
    names.add("t__");
    return batch(keys, names, "k");
  }

  /** The load time of the key's latest stored version before {@code at} (NULL for none). */
  private String latestTimeBefore(
      String schema, TableSpec t, List<String> keyColumns, String loadDts, String at) {
    String sameKey =
        keyColumns.stream()
            .map(c -> "y." + quote(c) + " = " + typed("k." + quote(c), t.column(c).type()))
            .collect(Collectors.joining(" AND "));
    return "SELECT MAX(y."
        + quote(loadDts)
        + ") FROM "
        + probed(schema, t.name(), "y", "PRIMARY")
        + " WHERE "
        + sameKey
        + " AND y."
        + quote(loadDts)
        + " < "
        + at;
  }

  @Override
  default String selectKeyMap(String schema, String keyMapTable) {
    // The source comes first (a one-row table), so the parameters are in the order of the
    // contract: source, then the batch of primary keys.
    return "SELECT m.`pk`, "
        + epochMicros("m.`valid_from`")
        + ", m.`key_values` FROM (SELECT CONVERT(? USING utf8mb4) COLLATE utf8mb4_bin AS s) AS p"
        + " STRAIGHT_JOIN JSON_TABLE(?, '$[*]' COLUMNS (`pk` LONGTEXT CHARACTER SET utf8mb4"
        + " COLLATE utf8mb4_bin PATH '$[0]')) AS k STRAIGHT_JOIN "
        + probed(schema, keyMapTable, "m", "PRIMARY")
        + " ON m.`source_table` = p.s AND m.`pk` = k.`pk`";
  }

  @Override
  default String lockKeys(String schema) {
    // MariaDB has no transaction-scoped advisory locks: an upsert of one row per number takes its
    // row lock, held to the transaction's end, in ascending order (the ORDER BY).
    String t = table(schema, MariaDbDdl.LOCKS);
    return "INSERT INTO "
        + t
        + " (`id`) SELECT u.v FROM JSON_TABLE(?, '$[*]' COLUMNS (v BIGINT PATH '$')) AS u"
        + " ORDER BY u.v ON DUPLICATE KEY UPDATE "
        + t
        + ".`id` = "
        + t
        + ".`id` RETURNING `id`";
  }
}
