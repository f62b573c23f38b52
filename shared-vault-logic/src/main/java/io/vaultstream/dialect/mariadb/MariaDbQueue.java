package io.vaultstream.dialect.mariadb;

import io.vaultstream.dialect.QueueStatements;
import io.vaultstream.dialect.StandardQueueSql;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * MariaDB's {@link QueueStatements}: the statements on the loader's own tables (waiting rows, error
 * rows, progress).
 */
interface MariaDbQueue extends QueueStatements, MariaDbSyntax {
  /** The text type a pair of the batch travels in, as the indexed columns it meets. */
  String KEY_CARRIER = "LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin";

  @Override
  default String selectWaitingForParents(
      String schema, String waiting, String errors, List<String> columns, String code) {
    // The batch once, read by both halves; each of its pairs is one probe of the (ref_source,
    // ref_pk) index of either table.
    return "WITH b AS (SELECT * FROM JSON_TABLE(?, '$[*]' COLUMNS (s "
        + KEY_CARRIER
        + " PATH '$[0]', p "
        + KEY_CARRIER
        + " PATH '$[1]')) AS u)\n"
        + waitingRowColumns("'W'", "state", "arrived_at", columns)
        + " FROM b STRAIGHT_JOIN "
        + probed(schema, waiting, "x", "`vs_waiting_ref`")
        + " ON x.`ref_source` = b.s AND x.`ref_pk` = b.p WHERE x.`event` IS NOT NULL"
        + "\nUNION ALL\n"
        + waitingRowColumns("'E'", "error_code", "first_seen", columns)
        + " FROM b STRAIGHT_JOIN "
        + probed(schema, errors, "x", "`vs_errors_ref`")
        + " ON x.`ref_source` = b.s AND x.`ref_pk` = b.p WHERE "
        + unresolvedError(code);
  }

  @Override
  default String selectSourcesWaitedOn(String schema, String waiting, String errors) {
    // Scalar subqueries, one probe of the (ref_source, ref_pk) index per source ended by its first
    // entry: an EXISTS would be turned into an IN and answered by reading the whole table.
    return "SELECT b.s FROM JSON_TABLE(?, '$[*]' COLUMNS (s "
        + KEY_CARRIER
        + " PATH '$[0]')) AS b WHERE (SELECT 1 FROM "
        + probed(schema, waiting, "x", "`vs_waiting_ref`")
        + " WHERE x.`ref_source` = b.s LIMIT 1) IS NOT NULL OR (SELECT 1 FROM "
        + probed(schema, errors, "x", "`vs_errors_ref`")
        + " WHERE x.`ref_source` = b.s LIMIT 1) IS NOT NULL";
  }

  /**
   * The last key read, as a one-row table {@code p} with a column per key column, and the condition
   * "after it" over {@code y}, spelt out so that the range optimizer makes it an index range.
   */
  private String[] after(TableSpec t, boolean afterKey) {
    if (!afterKey) {
      return new String[] {"", ""};
    }
    List<String> params = new ArrayList<>();
    for (String k : t.primaryKey()) {
      params.add(param(t.column(k).type()) + " AS " + quote(k));
    }
    List<String> ors = new ArrayList<>();
    List<String> key = t.primaryKey();
    for (int i = 0; i < key.size(); i++) {
      List<String> ands = new ArrayList<>();
      for (int j = 0; j < i; j++) {
        ands.add("y." + quote(key.get(j)) + " = p." + quote(key.get(j)));
      }
      ands.add("y." + quote(key.get(i)) + " > p." + quote(key.get(i)));
      ors.add("(" + String.join(" AND ", ands) + ")");
    }
    return new String[] {
      "(SELECT " + String.join(", ", params) + ") AS p STRAIGHT_JOIN ",
      " WHERE " + String.join(" OR ", ors)
    };
  }

  @Override
  default String pageRows(String schema, TableSpec t, boolean afterKey) {
    String[] after = after(t, afterKey);
    return after[0] + table(schema, t.name()) + " AS y" + after[1];
  }

  @Override
  default String parentKnown(String schema, String keyMap) {
    return "EXISTS (SELECT 1 FROM "
        + probed(schema, keyMap, "k", "PRIMARY")
        + " WHERE k.`source_table` = x.`ref_source` AND k.`pk` = x.`ref_pk`)";
  }

  @Override
  default String takeExpiredErrors(
      String schema, TableSpec errors, List<String> columns, String code, int rows) {
    List<String> out = new ArrayList<>();
    columns.forEach(c -> out.add(asText(quote(c))));
    return "DELETE FROM "
        + table(schema, errors.name())
        + " WHERE `error_code` = '"
        + code
        + "' AND `expires_at` < CAST(? AS DATETIME(6)) ORDER BY `expires_at` LIMIT "
        + rows
        + " RETURNING "
        + String.join(", ", out);
  }

  /** The three timestamps of the move, in the order they are bound, as a one-row table. */
  String TIMES =
      "(SELECT CAST(? AS DATETIME(6)) AS cutoff, CAST(? AS DATETIME(6)) AS expiry,"
          + " CAST(? AS DATETIME(6)) AS now) AS p";

  @Override
  default List<String> moveExpiredWaiting(
      String schema,
      TableSpec waiting,
      TableSpec errors,
      List<String> columns,
      String waitingState,
      String code) {
    List<String> target = StandardQueueSql.movedColumns(columns);
    List<String> source = StandardQueueSql.movedValues(this, columns, code, "now");
    String due = StandardQueueSql.due(this, waitingState);
    String errorsTable = table(schema, errors.name());
    // A row whose key is in the error table already is dropped; the id keeps its value.
    String insert =
        "INSERT INTO "
            + errorsTable
            + " ("
            + quoteAll(target)
            + ")\nSELECT "
            + String.join(", ", source)
            + " FROM "
            + TIMES
            + " STRAIGHT_JOIN "
            + table(schema, waiting.name())
            + " AS m"
            + due
            + "\nON DUPLICATE KEY UPDATE `id` = "
            + errorsTable
            + ".`id`";
    String delete =
        "DELETE m FROM "
            + TIMES
            + " STRAIGHT_JOIN "
            + table(schema, waiting.name())
            + " AS m"
            + due;
    return List.of(insert, delete);
  }

  @Override
  default String deleteErrorsById(String schema, String errors) {
    return "DELETE x FROM JSON_TABLE(?, '$[*]' COLUMNS (v BIGINT PATH '$')) AS u STRAIGHT_JOIN "
        + table(schema, errors)
        + " AS x ON x.`id` = u.v";
  }
}
