package io.vaultstream.dialect.h2;

import io.vaultstream.dialect.EarliestWrite;
import io.vaultstream.dialect.RowStatements;
import io.vaultstream.dialect.TextValues;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * H2's {@link RowStatements}: the batch as a typed table merged into the vault's table by key
 * ({@code MERGE ... USING}), which H2 runs as one index probe per row.
 */
interface H2Rows extends RowStatements, H2Syntax, TextValues {

  @Override
  default EarliestWrite upsertEarliestReturning(
      String schema, TableSpec t, List<String> cols, String loadDts, String src, String loaded) {
    return new H2EarliestWrite(this, schema, t, cols, loadDts, src, loaded);
  }

  /** {@code MERGE INTO t USING (the batch) ON (key)}, to be followed by its WHEN clauses. */
  default String mergeBatch(String schema, TableSpec t, List<String> columns) {
    return "MERGE INTO "
        + table(schema, t.name())
        + " x USING "
        + typedBatch(t, columns, "s")
        + " ON "
        + t.primaryKey().stream()
            .map(c -> "x." + quote(c) + " = s." + quote(c))
            .collect(Collectors.joining(" AND "));
  }

  /** The clause that inserts a batch row whose key is not stored. */
  default String insertMissing(List<String> columns, String loadedAt) {
    return "\nWHEN NOT MATCHED THEN INSERT ("
        + quoteAll(columns)
        + (loadedAt == null ? "" : ", " + quote(loadedAt))
        + ") VALUES ("
        + qualifiedAll("s", columns)
        + (loadedAt == null ? "" : ", " + currentTime())
        + ")";
  }

  /** {@code col = s.col} for every column outside the primary key. */
  default String setFromBatch(TableSpec t, List<String> columns) {
    return columns.stream()
        .filter(c -> !t.primaryKey().contains(c))
        .map(c -> quote(c) + " = s." + quote(c))
        .collect(Collectors.joining(", "));
  }

  /** H2 has no clause that ends an INSERT this way: the dialect's inserts that keep rows merge. */
  @Override
  default String keepExisting(String schema, TableSpec t) {
    throw new UnsupportedOperationException("H2 keeps existing rows by MERGE (insertIgnore)");
  }

  @Override
  default String insertIgnore(String schema, TableSpec t, List<String> columns, String loadedAt) {
    return mergeBatch(schema, t, columns) + insertMissing(columns, loadedAt);
  }

  @Override
  default String insertLiteralIgnore(
      String schema, TableSpec t, List<String> columns, List<String> literals) {
    List<String> values = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      values.add(literals.get(i) + " AS " + quote(columns.get(i)));
    }
    return "MERGE INTO "
        + table(schema, t.name())
        + " x USING (SELECT "
        + String.join(", ", values)
        + ") AS s ON "
        + t.primaryKey().stream()
            .map(c -> "x." + quote(c) + " = s." + quote(c))
            .collect(Collectors.joining(" AND "))
        + insertMissing(columns, null);
  }

  @Override
  default String upsert(String schema, TableSpec t, List<String> columns) {
    String sets = setFromBatch(t, columns);
    return mergeBatch(schema, t, columns)
        + (sets.isEmpty() ? "" : "\nWHEN MATCHED THEN UPDATE SET " + sets)
        + insertMissing(columns, null);
  }

  @Override
  default String deleteByKey(String schema, TableSpec t, List<String> keyColumns) {
    return mergeOnKeys(schema, t, keyColumns, keyColumns) + " WHEN MATCHED THEN DELETE";
  }

  @Override
  default String updateByKey(
      String schema, TableSpec t, List<String> keyColumns, List<String> setColumns) {
    List<String> all = new ArrayList<>(keyColumns);
    all.addAll(setColumns);
    String sets =
        setColumns.stream()
            .map(c -> quote(c) + " = s." + quote(c))
            .collect(Collectors.joining(", "));
    return mergeOnKeys(schema, t, keyColumns, all) + " WHEN MATCHED THEN UPDATE SET " + sets;
  }

  /** A MERGE of the batch's {@code columns} matched on {@code keyColumns}. */
  private String mergeOnKeys(
      String schema, TableSpec t, List<String> keyColumns, List<String> columns) {
    return "MERGE INTO "
        + table(schema, t.name())
        + " x USING "
        + typedBatch(t, columns, "s")
        + " ON "
        + keyColumns.stream()
            .map(c -> "x." + quote(c) + " = s." + quote(c))
            .collect(Collectors.joining(" AND "));
  }

  @Override
  default String selectHistoryAround(
      String schema, TableSpec t, List<String> keyColumns, String loadDts, List<String> columns) {
    List<String> withTime = new ArrayList<>(keyColumns);
    withTime.add("t__");
    String keyCasts =
        keyColumns.stream()
            .map(c -> fromText("u." + quote(c), t.column(c).type()) + " AS " + quote(c))
            .collect(Collectors.joining(", "));
    String sameKey =
        keyColumns.stream()
            .map(c -> "y." + quote(c) + " = k." + quote(c))
            .collect(Collectors.joining(" AND "));
    String ld = quote(loadDts);
    // Per key, from its latest version before the time (or the time, when none is) on.
    return "SELECT "
        + historyColumns(t, keyColumns, loadDts, columns)
        + " FROM (SELECT "
        + keyCasts
        + ", CAST(u.t__ AS "
        + timestampType()
        + ") AS t__ FROM "
        + batch(t, withTime, "u")
        + ") AS k JOIN "
        + table(schema, t.name())
        + " x ON "
        + sameKey.replace("y.", "x.")
        + " AND x."
        + ld
        + " >= COALESCE((SELECT MAX(y."
        + ld
        + ") FROM "
        + table(schema, t.name())
        + " y WHERE "
        + sameKey
        + " AND y."
        + ld
        + " < k.t__), k.t__)";
  }

  @Override
  default String selectKeyMap(String schema, String keyMapTable) {
    return "SELECT m.pk, "
        + epochMicros("m.valid_from")
        + ", m.key_values FROM (SELECT CAST(? AS CHARACTER VARYING) AS s) AS p"
        + " CROSS JOIN UNNEST(CAST(? AS CHARACTER VARYING ARRAY)) AS k(pk) JOIN "
        + table(schema, keyMapTable)
        + " m ON m.source_table = p.s AND m.pk = k.pk";
  }

  @Override
  default String lockKeys(String schema) {
    // H2 has no advisory locks: a merge of one row per number takes its row lock, held to the
    // transaction's end, in ascending order.
    return "SELECT id FROM FINAL TABLE (MERGE INTO "
        + table(schema, H2Ddl.LOCKS)
        + " x USING (SELECT u.v AS id FROM UNNEST(CAST(? AS BIGINT ARRAY)) AS u(v) ORDER BY u.v)"
        + " AS s ON x.id = s.id WHEN MATCHED THEN UPDATE SET id = s.id"
        + " WHEN NOT MATCHED THEN INSERT (id) VALUES (s.id))";
  }

  @Override
  default String selectDifferingRows(
      String schema, TableSpec t, String keyColumn, List<String> columns) {
    List<String> bound = new ArrayList<>();
    bound.add(ROW_NUMBER);
    bound.add(keyColumn);
    bound.addAll(columns);
    StringBuilder out = new StringBuilder("u." + quote(ROW_NUMBER));
    List<String> differs = new ArrayList<>();
    for (String c : columns) {
      String type = t.column(c).type();
      String mine = "x." + quote(c);
      String theirs = fromText("u." + quote(c), type);
      differs.add(mine + " IS DISTINCT FROM " + theirs);
      out.append(", LOWER(CAST((")
          .append(mine)
          .append(" IS DISTINCT FROM ")
          .append(theirs)
          .append(") AS CHARACTER VARYING))");
      out.append(", ").append(toText(mine, type));
    }
    return "SELECT "
        + out
        + " FROM "
        + batch(t, bound, "u")
        + " JOIN "
        + table(schema, t.name())
        + " x ON x."
        + quote(keyColumn)
        + " = "
        + fromText("u." + quote(keyColumn), t.column(keyColumn).type())
        + " WHERE "
        + String.join(" OR ", differs);
  }
}
