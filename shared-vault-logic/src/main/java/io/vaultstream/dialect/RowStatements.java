package io.vaultstream.dialect;

import io.vaultstream.table.TableSpec;
import java.util.List;

/**
 * The statements that load the vault: rows written set-based, given as text per column and bound by
 * {@link TextValues#bindColumns}, and the reads and locks that come before them. Part of {@link
 * VaultDialect}; everything but the earliest-row upsert defaults to standard SQL over the {@link
 * ValueExpressions} ({@link StandardRowSql}: {@code MERGE} and joins with the batch).
 */
public interface RowStatements extends ValueExpressions, ColumnTypes {

  /** The dialect's short name (as {@link VaultDialect#name}), for messages. */
  String name();

  /**
   * Inserts rows given as text arrays (one per column), keeping per key the row with the earliest
   * (load_dts, record_source): hubs, links and non-historized links. By default the write of {@link
   * #upsertEarliestReturning}; a dialect with a cheaper write that reports only its count
   * (PostgreSQL) overrides it.
   */
  default EarliestWrite upsertEarliest(
      String schema,
      TableSpec table,
      List<String> columns,
      String loadDts,
      String recordSource,
      String loadedAt) {
    return upsertEarliestReturning(schema, table, columns, loadDts, recordSource, loadedAt);
  }

  /**
   * As {@link #upsertEarliest}, telling for each row it inserted or moved back whether this write
   * inserted it, and its key as text.
   */
  EarliestWrite upsertEarliestReturning(
      String schema,
      TableSpec table,
      List<String> columns,
      String loadDts,
      String recordSource,
      String loadedAt);

  /**
   * Whether hub and link keys believed new are better inserted by the {@link #bulkInsert} (which
   * the dialect then has) under a savepoint, undone when one of them is stored, than upserted: true
   * where the upsert's conflict handling costs the database noticeably more per row than the bulk
   * insert (PostgreSQL). False by default: every key is upserted.
   */
  default boolean insertsNewKeysPlainly() {
    return false;
  }

  /** Inserts rows given as text arrays; rows whose primary key exists are overwritten. */
  default String upsert(String schema, TableSpec table, List<String> columns) {
    return StandardRowSql.upsert(this, schema, table, columns);
  }

  /**
   * Inserts rows given as text arrays; rows whose primary key exists are left alone: {@link
   * #insertNew} ended by {@link #keepExisting}, or where the database has no such clause a merge.
   */
  default String insertIgnore(
      String schema, TableSpec table, List<String> columns, String loadedAt) {
    String keep = keepExisting(schema, table);
    return keep == null
        ? StandardRowSql.insertIgnore(this, schema, table, columns, loadedAt)
        : insertNew(schema, table, columns, loadedAt) + "\n" + keep;
  }

  /**
   * The clause that ends an insert into {@code table} so that a row whose primary key exists is
   * left alone instead of failing the statement (PostgreSQL: {@code ON CONFLICT (key) DO NOTHING}),
   * or null (the default) where the database has none: the inserts that keep rows then merge, which
   * two writers of one key at the same moment can meet in a unique violation (the engine then
   * writes the batch again); give the clause where the database has one.
   */
  default String keepExisting(String schema, TableSpec table) {
    return null;
  }

  /**
   * Inserts rows given as text arrays; a row whose primary key exists fails the statement (cheaper
   * than {@link #insertIgnore}, for rows known to be new): each column's {@link #fromText} of the
   * {@link #batch}, and {@code loadedAt} (if not null) set to the {@link #currentTime}.
   */
  default String insertNew(String schema, TableSpec table, List<String> columns, String loadedAt) {
    boolean stamped = loadedAt != null;
    return "INSERT INTO "
        + table(schema, table.name())
        + " ("
        + quoteAll(columns)
        + (stamped ? ", " + quote(loadedAt) : "")
        + ")\nSELECT "
        + batchValues(table, columns, "u")
        + (stamped ? ", " + currentTime() : "")
        + " FROM "
        + batch(table, columns, "u");
  }

  /** Each column's {@link #fromText} of the batch's table {@code alias}, comma separated. */
  default String batchValues(TableSpec table, List<String> columns, String alias) {
    StringBuilder sb = new StringBuilder();
    for (String c : columns) {
      sb.append(sb.length() == 0 ? "" : ", ")
          .append(fromText(alias + "." + quote(c), table.column(c).type()));
    }
    return sb.toString();
  }

  /**
   * A faster way to do what {@link #insertNew} does, or null when the dialect has none (the
   * default): rows known to be new, {@code loadedAt} (if not null) set to the transaction's time.
   */
  default BulkInsert bulkInsert(
      String schema, TableSpec table, List<String> columns, String loadedAt) {
    return null;
  }

  /** Inserts one row of SQL literals unless its primary key exists (ghost records). */
  default String insertLiteralIgnore(
      String schema, TableSpec table, List<String> columns, List<String> literals) {
    if (keepExisting(schema, table) == null) {
      return StandardRowSql.insertLiteralIgnore(this, schema, table, columns, literals);
    }
    return "INSERT INTO "
        + table(schema, table.name())
        + " ("
        + quoteAll(columns)
        + ") VALUES ("
        + String.join(", ", literals)
        + ")\n"
        + keepExisting(schema, table);
  }

  /** A SQL literal of canonical text for a column of this type; NULL for null. */
  default String literal(String text, String type) {
    return text == null ? "NULL" : fromText(stringLiteral(text), checkedType(type));
  }

  /** Deletes rows whose {@code keyColumns} values are given as text arrays. */
  default String deleteByKey(String schema, TableSpec table, List<String> keyColumns) {
    return StandardRowSql.deleteByKey(this, schema, table, keyColumns);
  }

  /**
   * Updates {@code setColumns} of rows found by {@code keyColumns}; parameters are text arrays, key
   * columns first.
   */
  default String updateByKey(
      String schema, TableSpec table, List<String> keyColumns, List<String> setColumns) {
    return StandardRowSql.updateByKey(this, schema, table, keyColumns, setColumns);
  }

  /**
   * Reads, for keys and times given as text arrays, the latest row before that time and every row
   * at or after it. Returns the key columns, load_dts as epoch microseconds, then {@code columns}
   * as text.
   */
  default String selectHistoryAround(
      String schema,
      TableSpec table,
      List<String> keyColumns,
      String loadDts,
      List<String> columns) {
    return StandardRowSql.selectHistoryAround(this, schema, table, keyColumns, loadDts, columns);
  }

  /**
   * What {@link #selectHistoryAround} returns of each stored row {@code x}: the key columns and
   * {@code columns} as text ({@link #toText}), load_dts between them as {@link #epochMicros}.
   */
  default String historyColumns(
      TableSpec table, List<String> keyColumns, String loadDts, List<String> columns) {
    StringBuilder out = new StringBuilder();
    for (String c : keyColumns) {
      out.append(toText("x." + quote(c), table.column(c).type())).append(", ");
    }
    out.append(epochMicros("x." + quote(loadDts)));
    for (String c : columns) {
      out.append(", ").append(toText("x." + quote(c), table.column(c).type()));
    }
    return out.toString();
  }

  /** The column of {@link #selectDifferingRows} that numbers the rows bound. */
  String ROW_NUMBER = "i__";

  /**
   * Reads which of the rows given (columns {@link #ROW_NUMBER}, {@code keyColumn}, then {@code
   * columns}, as text, bound as a batch) disagree with the stored row of their key in any of {@code
   * columns}, compared as values of the columns' types: returns the row number, then per column
   * whether it differs ({@code true}/{@code false}) and the stored value as text. Rows without a
   * stored row are not returned. One index probe per row.
   */
  default String selectDifferingRows(
      String schema, TableSpec table, String keyColumn, List<String> columns) {
    return StandardRowSql.selectDifferingRows(this, schema, table, keyColumn, columns);
  }

  /**
   * Reads key map entries of one source for primary keys given as a text array: returns pk,
   * valid_from as epoch microseconds and key_values. Parameters: source table, pk array.
   */
  default String selectKeyMap(String schema, String keyMapTable) {
    return StandardRowSql.selectKeyMap(this, schema, keyMapTable);
  }

  /**
   * A statement that takes a transaction-scoped lock on each 64-bit number of an array bound as its
   * one parameter, in ascending order (so two sessions locking overlapping sets cannot deadlock),
   * waiting for each; or null when the database has no such locks. Writers of the same reference
   * code serialize on it: no parent row's upsert orders them.
   */
  default String lockKeys(String schema) {
    return null;
  }
}
