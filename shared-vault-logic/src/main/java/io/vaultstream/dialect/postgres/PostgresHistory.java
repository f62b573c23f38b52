package io.vaultstream.dialect.postgres;

import io.vaultstream.dialect.RowStatements;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** PostgreSQL's reads of stored history and of the key map, and the locks taken before them. */
interface PostgresHistory extends RowStatements, PostgresSyntax {

  @Override
  default String selectHistoryAround(
      String schema, TableSpec t, List<String> keyColumns, String loadDts, List<String> columns) {
    String ld = "x." + quote(loadDts);
    String versions = versionsOfKey(schema, t, keyColumns);
    // One lateral per key with two index probes: the latest version before the time, and every
    // version from it on. (A plain join for the second part let the planner hash-join a sequential
    // scan of the whole satellite, so each batch's read grew with the table.)
    return "WITH k AS ("
        + batchKeys(t, keyColumns)
        + ")\n"
        + "SELECT "
        + historyColumns(t, keyColumns, loadDts, columns)
        + " FROM k CROSS JOIN LATERAL (("
        + versions
        + " AND "
        + ld
        + " < k.t__ ORDER BY "
        + ld
        + " DESC LIMIT 1)\n"
        + "UNION ALL\n"
        + "("
        + versions
        + " AND "
        + ld
        + " >= k.t__)) x";
  }

  /** The batch's keys, typed as the table's key columns, each with its time {@code t__}. */
  private String batchKeys(TableSpec t, List<String> keyColumns) {
    List<String> kcols = new ArrayList<>(keyColumns);
    kcols.add("t__");
    String keyCasts =
        keyColumns.stream()
            .map(c -> fromText("u." + quote(c), t.column(c).type()) + " AS " + quote(c))
            .collect(Collectors.joining(", "));
    return "SELECT "
        + keyCasts
        + ", CAST(u.t__ AS timestamptz) AS t__ FROM "
        + batch(t, kcols, "u");
  }

  /** The stored versions {@code x} of the key {@code k}, to be narrowed by their time. */
  private String versionsOfKey(String schema, TableSpec t, List<String> keyColumns) {
    String match =
        keyColumns.stream()
            .map(c -> "x." + quote(c) + " = k." + quote(c))
            .collect(Collectors.joining(" AND "));
    return "SELECT * FROM " + table(schema, t.name()) + " x WHERE " + match;
  }

  @Override
  default String selectKeyMap(String schema, String keyMapTable) {
    // One index probe per key, inside a lateral subquery that the planner cannot flatten (OFFSET
    // 0): whatever the statistics say, the only plan is a loop over the batch's keys with an
    // equality on both leading columns of the primary key. With "pk = ANY(...)" a plan costed on a
    // table that had not been analyzed yet probed the index on source_table alone and compared
    // every key map entry of the source with every key of the batch (seconds per batch once the
    // key map held 100,000 entries).
    return "SELECT m.pk, round(extract(epoch FROM m.valid_from) * 1000000)::bigint, m.key_values"
        + " FROM (SELECT CAST(? AS text) AS source_table) s"
        + " CROSS JOIN unnest(?::text[]) AS k(pk)"
        + " CROSS JOIN LATERAL (SELECT x.pk, x.valid_from, x.key_values FROM "
        + table(schema, keyMapTable)
        + " x WHERE x.source_table = s.source_table AND x.pk = k.pk OFFSET 0) m";
  }

  @Override
  default String lockKeys(String schema) {
    // pg_advisory_xact_lock is volatile, so the planner evaluates it above the sort, in its order.
    return "SELECT pg_advisory_xact_lock(u.k) FROM unnest(?::bigint[]) AS u(k) ORDER BY u.k";
  }
}
