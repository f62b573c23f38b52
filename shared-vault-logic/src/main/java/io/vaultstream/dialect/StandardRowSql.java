package io.vaultstream.dialect;

import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableKind;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The standard SQL of {@link RowStatements}' defaults, written once over a dialect's names, value
 * expressions and batch: rows written by {@code MERGE} (SQL:2008) of the batch read as a typed
 * table, history and key map read by joins with the batch. A database close to the standard takes
 * them as they are (the tests' example dialect for H2, {@code io.vaultstream.dialect.h2} in
 * shared-vault-logic/src/test); PostgreSQL and MariaDB write their own, with plans pinned to index
 * probes.
 *
 * <p>A {@code MERGE} is not an atomic insert-if-absent: of two writers inserting one key at the
 * same moment, the second fails with a unique violation, which the engine answers by writing the
 * batch again, skipping the rows that exist. A database with such a clause ({@code ON CONFLICT},
 * {@code ON DUPLICATE KEY}) should give it as {@link RowStatements#keepExisting}.
 */
public final class StandardRowSql {
  private StandardRowSql() {}

  /** The shape of a batch of these columns (a name and type each), for {@code batch}. */
  public static TableSpec batchOf(String name, List<ColumnSpec> columns) {
    return new TableSpec(name, TableKind.TECHNICAL, columns, List.of(), false);
  }

  /** The shape of a batch of text columns (the engine's own keys). */
  public static TableSpec textBatch(ColumnTypes d, String name, List<String> columns) {
    List<ColumnSpec> specs = new ArrayList<>();
    columns.forEach(c -> specs.add(new ColumnSpec(c, d.keyTextType(), true)));
    return batchOf(name, specs);
  }

  /** The batch's rows with each column of {@code t}'s type ({@code fromText}), as {@code alias}. */
  public static String typedBatch(
      RowStatements d, TableSpec t, List<String> columns, String alias) {
    String casts =
        columns.stream()
            .map(c -> d.fromText("u." + d.quote(c), t.column(c).type()) + " AS " + d.quote(c))
            .collect(Collectors.joining(", "));
    return "(SELECT " + casts + " FROM " + d.batch(t, columns, "u") + ") AS " + alias;
  }

  /** {@code a.c = b.c} for each of {@code columns}, joined by AND. */
  public static String equalOn(QuotedNames d, List<String> columns, String a, String b) {
    return columns.stream()
        .map(c -> a + "." + d.quote(c) + " = " + b + "." + d.quote(c))
        .collect(Collectors.joining(" AND "));
  }

  /**
   * {@code MERGE INTO t x USING (the batch's columns) s ON (the keys)}, to be followed by its WHEN
   * clauses.
   */
  public static String merge(
      RowStatements d, String schema, TableSpec t, List<String> keys, List<String> columns) {
    return "MERGE INTO "
        + d.table(schema, t.name())
        + " x USING "
        + typedBatch(d, t, columns, "s")
        + " ON "
        + equalOn(d, keys, "x", "s");
  }

  /** The clause that inserts a row {@code s} whose key is not stored. */
  public static String insertMissing(RowStatements d, List<String> columns, String loadedAt) {
    return "\nWHEN NOT MATCHED THEN INSERT ("
        + d.quoteAll(columns)
        + (loadedAt == null ? "" : ", " + d.quote(loadedAt))
        + ") VALUES ("
        + d.qualifiedAll("s", columns)
        + (loadedAt == null ? "" : ", " + d.currentTime())
        + ")";
  }

  /** {@code col = s.col} for each of {@code columns} outside {@code t}'s primary key. */
  public static String setFromBatch(QuotedNames d, TableSpec t, List<String> columns) {
    return assignFromBatch(d, columns.stream().filter(c -> !t.primaryKey().contains(c)).toList());
  }

  /** {@code col = s.col} for each of {@code columns}. */
  private static String assignFromBatch(QuotedNames d, List<String> columns) {
    return columns.stream()
        .map(c -> d.quote(c) + " = s." + d.quote(c))
        .collect(Collectors.joining(", "));
  }

  static String insertIgnore(
      RowStatements d, String schema, TableSpec t, List<String> columns, String loadedAt) {
    return merge(d, schema, t, t.primaryKey(), columns) + insertMissing(d, columns, loadedAt);
  }

  static String insertLiteralIgnore(
      RowStatements d, String schema, TableSpec t, List<String> columns, List<String> literals) {
    return "MERGE INTO "
        + d.table(schema, t.name())
        + " x USING (VALUES ("
        + String.join(", ", literals)
        + ")) AS s("
        + d.quoteAll(columns)
        + ") ON "
        + equalOn(d, t.primaryKey(), "x", "s")
        + insertMissing(d, columns, null);
  }

  static String upsert(RowStatements d, String schema, TableSpec t, List<String> columns) {
    String sets = setFromBatch(d, t, columns);
    return merge(d, schema, t, t.primaryKey(), columns)
        + (sets.isEmpty() ? "" : "\nWHEN MATCHED THEN UPDATE SET " + sets)
        + insertMissing(d, columns, null);
  }

  static String deleteByKey(RowStatements d, String schema, TableSpec t, List<String> keys) {
    return merge(d, schema, t, keys, keys) + "\nWHEN MATCHED THEN DELETE";
  }

  static String updateByKey(
      RowStatements d, String schema, TableSpec t, List<String> keys, List<String> sets) {
    List<String> all = new ArrayList<>(keys);
    all.addAll(sets);
    return merge(d, schema, t, keys, all)
        + "\nWHEN MATCHED THEN UPDATE SET "
        + assignFromBatch(d, sets);
  }

  /**
   * Per key {@code k} of the batch, its stored versions {@code x} from the latest before the key's
   * time (or from the time, when there is none before it) on.
   */
  static String selectHistoryAround(
      RowStatements d,
      String schema,
      TableSpec t,
      List<String> keys,
      String loadDts,
      List<String> columns) {
    List<String> withTime = new ArrayList<>(keys);
    withTime.add("t__");
    List<ColumnSpec> specs = new ArrayList<>();
    keys.forEach(c -> specs.add(t.column(c)));
    specs.add(new ColumnSpec("t__", d.timestampType(), true));
    TableSpec batch = batchOf("k", specs);
    String ld = d.quote(loadDts);
    return "SELECT "
        + d.historyColumns(t, keys, loadDts, columns)
        + " FROM "
        + typedBatch(d, batch, withTime, "k")
        + " JOIN "
        + d.table(schema, t.name())
        + " x ON "
        + equalOn(d, keys, "x", "k")
        + " AND x."
        + ld
        + " >= COALESCE((SELECT MAX(y."
        + ld
        + ") FROM "
        + d.table(schema, t.name())
        + " y WHERE "
        + equalOn(d, keys, "y", "k")
        + " AND y."
        + ld
        + " < k.t__), k.t__)";
  }

  static String selectKeyMap(RowStatements d, String schema, String keyMapTable) {
    // The source first (a one-row table), so that the parameters come in the contract's order.
    return "SELECT m.pk, "
        + d.epochMicros("m.valid_from")
        + ", m.key_values FROM (VALUES (CAST(? AS "
        + d.keyTextType()
        + "))) AS p(s) CROSS JOIN "
        + d.batch(textBatch(d, "k", List.of("pk")), List.of("pk"), "k")
        + " JOIN "
        + d.table(schema, keyMapTable)
        + " m ON m.source_table = p.s AND m.pk = k.pk";
  }

  static String selectDifferingRows(
      RowStatements d, String schema, TableSpec t, String keyColumn, List<String> columns) {
    List<ColumnSpec> specs = new ArrayList<>();
    specs.add(new ColumnSpec(RowStatements.ROW_NUMBER, "bigint", true));
    specs.add(t.column(keyColumn));
    columns.forEach(c -> specs.add(t.column(c)));
    List<String> bound = specs.stream().map(ColumnSpec::name).toList();
    StringBuilder out = new StringBuilder("u." + d.quote(RowStatements.ROW_NUMBER));
    List<String> differs = new ArrayList<>();
    for (String c : columns) {
      String type = t.column(c).type();
      String mine = "x." + d.quote(c);
      String differ = mine + " IS DISTINCT FROM " + d.fromText("u." + d.quote(c), type);
      differs.add(differ);
      out.append(", CASE WHEN ").append(differ).append(" THEN 'true' ELSE 'false' END");
      out.append(", ").append(d.toText(mine, type));
    }
    return "SELECT "
        + out
        + " FROM "
        + d.batch(batchOf("u", specs), bound, "u")
        + " JOIN "
        + d.table(schema, t.name())
        + " x ON x."
        + d.quote(keyColumn)
        + " = "
        + d.fromText("u." + d.quote(keyColumn), t.column(keyColumn).type())
        + " WHERE "
        + String.join(" OR ", differs);
  }
}
