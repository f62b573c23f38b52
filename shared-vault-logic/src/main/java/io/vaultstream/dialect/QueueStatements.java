package io.vaultstream.dialect;

import io.vaultstream.table.TableSpec;
import java.util.List;

/**
 * The SQL of the loader's own tables: waiting rows, error rows and stored progress. Part of {@link
 * VaultDialect}; the tables' columns are those the loader's DDL gives them. All but the take of
 * expired error rows and the delete by ids default to standard SQL ({@link StandardQueueSql});
 * PostgreSQL and MariaDB write the statements the loader runs per batch themselves, so that their
 * plans stay index probes whatever the statistics say.
 */
public interface QueueStatements extends ValueExpressions {

  /**
   * Reads the rows that wait for one of a set of parents: waiting rows with an event, and error
   * rows of {@code unresolvedCode} with an event, whose (ref_source, ref_pk) is one of the pairs
   * given. Binds two text columns (ref_source and ref_pk of each pair, through {@link
   * TextValues#bindColumns}). Returns per row: 'W' (waiting) or 'E' (error), the state or error
   * code, the arrival or first-seen time as epoch microseconds, then {@code columns} as text.
   */
  default String selectWaitingForParents(
      String schema,
      String waitingTable,
      String errorsTable,
      List<String> columns,
      String unresolvedCode) {
    return StandardQueueSql.selectWaitingForParents(
        this, schema, waitingTable, errorsTable, columns, unresolvedCode);
  }

  /**
   * Of a set of source tables, those that a waiting or error row names as its {@code ref_source}
   * (only a row waiting for a parent has one): one probe of each table's (ref_source, ref_pk) index
   * per source, ended by the first entry, so that {@link #selectWaitingForParents} is given only
   * the keys of sources something may wait on, and not run at all when nothing does (a row without
   * an event only makes it run). Binds one text column (the sources, through {@link
   * TextValues#bindColumns}). Returns per source found: the source.
   */
  default String selectSourcesWaitedOn(String schema, String waitingTable, String errorsTable) {
    return StandardQueueSql.selectSourcesWaitedOn(this, schema, waitingTable, errorsTable);
  }

  /**
   * Reads the last primary key of the next page of at most {@code rows} rows of {@code t}, in
   * primary key order, from the first row ({@code afterKey} false) or from the row after a key.
   * Binds, when {@code afterKey}, each primary key column of the last key read, as text. Returns
   * one row, the primary key columns as text, or none when the page reaches the table's end.
   */
  default String selectPageEnd(String schema, TableSpec t, int rows, boolean afterKey) {
    StringBuilder keys = new StringBuilder();
    for (String k : t.primaryKey()) {
      keys.append(keys.length() == 0 ? "" : ", ").append(asText("y." + quote(k)));
    }
    return new StringBuilder("SELECT ")
        .append(keys)
        .append(" FROM ")
        .append(pageRows(schema, t, afterKey))
        .append(" ORDER BY ")
        .append(qualifiedAll("y", t.primaryKey()))
        .append(" LIMIT 1 OFFSET ")
        .append(rows - 1)
        .toString();
  }

  /**
   * The rows of {@code t} a page reads, as the table {@code y} of a FROM clause: all ({@code
   * afterKey} false), or those after a key, its primary key columns bound as text (as {@link
   * #selectPageEnd} binds them), found by an index range.
   */
  default String pageRows(String schema, TableSpec t, boolean afterKey) {
    return StandardQueueSql.pageRows(this, schema, t, afterKey);
  }

  /**
   * The condition on a waiting or error row {@code x} that its parent (ref_source, ref_pk) is in
   * the key map: one probe of the key map's primary key per row.
   */
  default String parentKnown(String schema, String keyMapTable) {
    return "EXISTS (SELECT 1 FROM "
        + table(schema, keyMapTable)
        + " k WHERE k.source_table = x.ref_source AND k.pk = x.ref_pk)";
  }

  /**
   * Reads, of the next page of waiting rows (as {@link #selectPageEnd}), those with an event whose
   * parent is in the key map. Binds as {@link #selectPageEnd}; returns as {@link
   * #selectWaitingForParents} (always 'W').
   */
  default String selectResolvableWaitingPage(
      String schema,
      TableSpec waiting,
      String keyMapTable,
      List<String> columns,
      int rows,
      boolean afterKey) {
    return page(
        schema,
        waiting,
        rows,
        afterKey,
        waitingRowColumns("'W'", "state", "arrived_at", columns),
        "x.event IS NOT NULL AND " + parentKnown(schema, keyMapTable));
  }

  /**
   * Reads, of the next page of error rows (as {@link #selectPageEnd}), those of {@code
   * unresolvedCode} with an event whose parent is in the key map. Binds as {@link #selectPageEnd};
   * returns as {@link #selectWaitingForParents} (always 'E').
   */
  default String selectResolvableErrorPage(
      String schema,
      TableSpec errors,
      String keyMapTable,
      List<String> columns,
      String unresolvedCode,
      int rows,
      boolean afterKey) {
    return page(
        schema,
        errors,
        rows,
        afterKey,
        waitingRowColumns("'E'", "error_code", "first_seen", columns),
        unresolvedError(unresolvedCode) + " AND " + parentKnown(schema, keyMapTable));
  }

  /** The rows of a page ({@code x}) that match {@code where}: {@code select} of each. */
  private String page(
      String schema, TableSpec t, int rows, boolean afterKey, String select, String where) {
    return select
        + " FROM (SELECT y.* FROM "
        + pageRows(schema, t, afterKey)
        + " ORDER BY "
        + qualifiedAll("y", t.primaryKey())
        + " LIMIT "
        + rows
        + ") AS x WHERE "
        + where;
  }

  /**
   * Deletes at most {@code rows} error rows of {@code unresolvedCode} whose expires_at has passed,
   * those that expire first. Binds the current time (as {@link TextValues#timestampText}); returns
   * {@code columns} of each deleted row as text.
   */
  String takeExpiredErrors(
      String schema, TableSpec errors, List<String> columns, String unresolvedCode, int rows);

  /**
   * Moves the waiting rows in state {@code waitingState} that arrived before a cutoff to the error
   * table as {@code unresolvedCode}, copying {@code columns} and setting first_seen (the arrival),
   * expires_at and last_attempt; rows whose key exists there are dropped. Binds three timestamps
   * (as {@link TextValues#timestampText}): the cutoff, the expiry, the current time. The statements
   * run in order in one transaction, each binding the same three; the first's update count is the
   * number of rows moved.
   */
  default List<String> moveExpiredWaiting(
      String schema,
      TableSpec waiting,
      TableSpec errors,
      List<String> columns,
      String waitingState,
      String unresolvedCode) {
    return StandardQueueSql.moveExpiredWaiting(
        this, schema, waiting, errors, columns, waitingState, unresolvedCode);
  }

  /**
   * Reads error rows for operators, by id, at most {@code limit}: every {@code filterColumns} equal
   * to a parameter. Binds one value per filter column, in order. Returns id, error_code,
   * source_table, target_object, topic, kafka_partition, kafka_offset, message, attempts,
   * first_seen and expires_at as text, record_key, record_value, event.
   */
  default String selectErrorRows(
      String schema, String errorsTable, List<String> filterColumns, int limit) {
    return "SELECT id, error_code, source_table, target_object, topic, kafka_partition,"
        + " kafka_offset, message, attempts, "
        + asText("first_seen")
        + ", "
        + asText("expires_at")
        + ", record_key, record_value, event FROM "
        + table(schema, errorsTable)
        + errorFilter(filterColumns)
        + " ORDER BY id LIMIT "
        + limit;
  }

  /**
   * Counts error rows per error code, in code order, filtered as {@link #selectErrorRows} (and
   * binding the same). Returns error_code, count.
   */
  default String countErrorsByCode(String schema, String errorsTable, List<String> filterColumns) {
    return "SELECT error_code, count(*) FROM "
        + table(schema, errorsTable)
        + errorFilter(filterColumns)
        + " GROUP BY error_code ORDER BY error_code";
  }

  /** Deletes error rows filtered as {@link #selectErrorRows} (binding the same). */
  default String deleteErrors(String schema, String errorsTable, List<String> filterColumns) {
    return "DELETE FROM " + table(schema, errorsTable) + errorFilter(filterColumns);
  }

  /**
   * The filter of {@link #selectErrorRows}: {@code " WHERE "} every column equal to a parameter, or
   * nothing for no column.
   */
  default String errorFilter(List<String> filterColumns) {
    StringBuilder sb = new StringBuilder();
    for (String c : filterColumns) {
      sb.append(sb.length() == 0 ? " WHERE " : " AND ").append(quote(c)).append(" = ?");
    }
    return sb.toString();
  }

  /**
   * Deletes error rows by id. Binds the ids as one parameter (through {@link
   * TextValues#bindNumbers}).
   */
  String deleteErrorsById(String schema, String errorsTable);

  /**
   * What the reads of waiting and error rows return of each row {@code x} (see {@link
   * #selectWaitingForParents}): {@code origin} ('W' or 'E'), its {@code state} column, its {@code
   * since} column as {@link #epochMicros}, then {@code columns} as text.
   */
  default String waitingRowColumns(
      String origin, String state, String since, List<String> columns) {
    StringBuilder sb =
        new StringBuilder("SELECT ")
            .append(origin)
            .append(", x.")
            .append(state)
            .append(", ")
            .append(epochMicros("x." + since));
    for (String c : columns) {
      sb.append(", ").append(asText("x." + quote(c)));
    }
    return sb.toString();
  }

  /** The condition on an error row {@code x} that it is unresolved ({@code code}) with an event. */
  default String unresolvedError(String code) {
    return "x.error_code = '" + code + "' AND x.event IS NOT NULL";
  }

  /**
   * Reads the stored progress of one consumer. Binds the consumer. Returns topic, kafka_partition,
   * next_offset, then {@code anchorColumns} (none when the table has none).
   */
  default String selectProgress(String schema, String progressTable, List<String> anchorColumns) {
    StringBuilder sb = new StringBuilder("SELECT topic, kafka_partition, next_offset");
    anchorColumns.forEach(c -> sb.append(", ").append(c));
    return sb.append(" FROM ")
        .append(table(schema, progressTable))
        .append(" WHERE consumer = ?")
        .toString();
  }
}
