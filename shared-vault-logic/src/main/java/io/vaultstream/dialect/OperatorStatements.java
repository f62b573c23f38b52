package io.vaultstream.dialect;

import java.util.Collections;

/**
 * The SQL of the operator commands ({@code vaultstream status}, {@code errors}, {@code init}): what
 * a vault holds, where it is, and what a source database's catalog says about its tables. Part of
 * {@link VaultDialect}. Every name is quoted by {@link #quote} and {@link #table} (but the loader's
 * own column names, which need no quotes); every value is a bound parameter; a set of ids is bound
 * through {@link TextValues#bindNumbers}. The reads of the vault default to standard SQL over
 * {@link #asText}, the catalog reads (the vault's tables, a source schema's columns and
 * constraints) to the standard's information_schema.
 */
public interface OperatorStatements extends ValueExpressions {

  // ---- the vault --------------------------------------------------------------------------

  /**
   * Counts the rows of a vault table per record source, leaving out those of one record source (the
   * ghost records'). Binds that record source. Returns per record source: the record source, the
   * row count, and the newest {@code loadDtsColumn} as text (texts of one dialect compare in time
   * order).
   */
  default String countRowsPerRecordSource(
      String schema, String table, String recordSourceColumn, String loadDtsColumn) {
    String rs = quote(recordSourceColumn);
    return "SELECT "
        + rs
        + ", count(*), "
        + asText("max(" + quote(loadDtsColumn) + ")")
        + " FROM "
        + table(schema, table)
        + " WHERE "
        + rs
        + " <> ? GROUP BY "
        + rs;
  }

  /** Counts the waiting rows per state. Returns state and count, by state. */
  default String countWaitingByState(String schema, String waitingTable) {
    return "SELECT state, count(*) FROM "
        + table(schema, waitingTable)
        + " GROUP BY state ORDER BY state";
  }

  /**
   * Finds when the oldest waiting row of one state arrived: one probe of the waiting table's index
   * on (state, arrived_at). Binds the state. Returns one row: the oldest arrived_at in epoch
   * microseconds, null when no row has that state.
   */
  default String selectOldestWaiting(String schema, String waitingTable) {
    return "SELECT "
        + epochMicros("min(arrived_at)")
        + " FROM "
        + table(schema, waitingTable)
        + " WHERE state = ?";
  }

  /**
   * Reads the stored progress of every consumer. Returns consumer, topic, kafka_partition,
   * next_offset and updated_at as text, in that order.
   */
  default String selectAllProgress(String schema, String progressTable) {
    return "SELECT consumer, topic, kafka_partition, next_offset, "
        + asText("updated_at")
        + " FROM "
        + table(schema, progressTable)
        + " ORDER BY consumer, topic, kafka_partition";
  }

  /**
   * Reads how the vault's size compares with the database's page cache, or null when the dialect
   * cannot tell. Binds the schema. Returns one row: the name of the setting that sizes the cache,
   * the cache's bytes, the bytes of the schema's tables, the bytes of their indexes, the bytes a
   * batch reaches at random (the indexes, where a hash key lands anywhere, and the key map table
   * {@code keyMapTable}, whose entries children read back; where a database stores rows in their
   * primary key, the tables too), the page reads that missed the cache and those that hit it (null
   * where not counted), and whether those counts are the schema's ('schema') or the whole server's
   * ('server').
   */
  default String selectCacheFigures(String keyMapTable) {
    return null;
  }

  /** Lists the tables of a schema. Binds the schema. Returns each table's name, by name. */
  default String selectTables() {
    return "SELECT table_name FROM information_schema.tables WHERE table_schema = ?"
        + " ORDER BY table_name";
  }

  /**
   * Tells whether a table exists: one row if it does, none else. Binds the schema and the table.
   */
  default String tableExists() {
    return "SELECT 1 FROM information_schema.tables WHERE table_schema = ? AND table_name = ?";
  }

  /**
   * Lists the schemas holding a table of one of {@code tables} names. Binds the names, one
   * parameter each. Returns each schema's name once, by name.
   */
  default String selectSchemasWithTables(int tables) {
    return "SELECT DISTINCT table_schema FROM information_schema.tables WHERE table_name IN ("
        + String.join(", ", Collections.nCopies(tables, "?"))
        + ") ORDER BY table_schema";
  }

  /**
   * Reads the first_seen of error rows as epoch milliseconds. Binds the ids as one parameter
   * (through {@link TextValues#bindNumbers}). Returns id and first_seen.
   */
  String selectErrorFirstSeenMillis(String schema, String errorsTable);

  // ---- a source database's catalog ----------------------------------------------------------

  /**
   * Lists the columns of a source schema's tables. Binds the schema. Returns table, column and
   * type, by table and then in the table's column order; the type is spelled as a vault model
   * declares it where the model has such a type ({@code integer}, {@code varchar(40)}, {@code
   * timestamp(6)}), else as the database names it.
   */
  default String selectSourceColumns() {
    return "SELECT c.table_name, c.column_name, LOWER("
        + StandardTypes.CATALOG_TYPE
        + ") FROM information_schema.columns c JOIN information_schema.tables t"
        + " ON t.table_schema = c.table_schema AND t.table_name = c.table_name"
        + " WHERE c.table_schema = ? AND t.table_type = 'BASE TABLE'"
        + " ORDER BY c.table_name, c.ordinal_position";
  }

  /**
   * Lists the columns of a source schema's primary keys, unique constraints and foreign keys, one
   * row per column. Binds the schema. Returns table, constraint name, kind ('p' primary key, 'u'
   * unique, 'f' foreign key), column, then for a foreign key the referenced table and column (else
   * null); by table, kind, constraint name and then the columns' order in the constraint.
   */
  default String selectSourceConstraints() {
    // A foreign key's n-th column references the n-th column of the key it references.
    return "SELECT k.table_name, k.constraint_name, CASE t.constraint_type"
        + " WHEN 'PRIMARY KEY' THEN 'p' WHEN 'UNIQUE' THEN 'u' ELSE 'f' END AS kind,"
        + " k.column_name, f.table_name, f.column_name"
        + " FROM information_schema.table_constraints t"
        + " JOIN information_schema.key_column_usage k ON k.constraint_schema = t.constraint_schema"
        + " AND k.constraint_name = t.constraint_name"
        + " LEFT JOIN information_schema.referential_constraints r"
        + " ON r.constraint_schema = t.constraint_schema AND r.constraint_name = t.constraint_name"
        + " LEFT JOIN information_schema.key_column_usage f"
        + " ON f.constraint_schema = r.unique_constraint_schema"
        + " AND f.constraint_name = r.unique_constraint_name"
        + " AND f.ordinal_position = k.position_in_unique_constraint"
        + " WHERE t.table_schema = ? AND t.constraint_type IN ('PRIMARY KEY', 'UNIQUE',"
        + " 'FOREIGN KEY')"
        + " ORDER BY k.table_name, kind, k.constraint_name, k.ordinal_position";
  }
}
