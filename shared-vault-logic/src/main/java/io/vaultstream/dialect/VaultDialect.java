package io.vaultstream.dialect;

import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.util.List;

/**
 * The SQL of one database family. Stateless; chosen from the JDBC URL through {@link
 * java.util.ServiceLoader}. Every value is passed as canonical text and cast in SQL; a batch's
 * columns are bound by {@link TextValues#bindColumns}. The statements of the loader's own tables
 * are in {@link QueueStatements}, the text forms of values and the failures the engine recognizes
 * in {@link TextValues}.
 */
public interface VaultDialect extends QueueStatements, TextValues, OperatorStatements {

  /** A short name for logs and configuration ("postgresql"). */
  String name();

  /** Whether this dialect serves the JDBC URL. */
  boolean accepts(String jdbcUrl);

  /** SQL run on every new connection (time zone UTC and the like). */
  String connectionInitSql();

  /**
   * The one statement a new pooled connection runs: {@link #connectionInitSql} and {@link
   * #statementTimeout} together.
   */
  default String sessionInitSql(long statementTimeoutMillis) {
    String timeout = statementTimeout(statementTimeoutMillis);
    return timeout == null ? connectionInitSql() : connectionInitSql() + "; " + timeout;
  }

  /** JDBC driver properties every connection of the loader's pool gets (none by default). */
  default java.util.Map<String, String> driverProperties() {
    return java.util.Map.of();
  }

  /** Quotes an identifier that was checked to be legal. */
  String quote(String identifier);

  /** A qualified, quoted table name. */
  default String table(String schema, String table) {
    return schema == null || schema.isEmpty() ? quote(table) : quote(schema) + "." + quote(table);
  }

  // ---- types ------------------------------------------------------------------------------

  String hashType(int hexLength, boolean binary);

  String textType();

  /** Text compared byte-wise, for the engine's own key columns. */
  String keyTextType();

  String timestampType();

  /**
   * The type of the loader's short codes (an error code, a waiting row's state), which its indexes
   * and keys hold; by default {@link #textType}.
   */
  default String codeType() {
    return textType();
  }

  String booleanType();

  /**
   * Why a column name taken from events cannot be a column of this database, or null when it can.
   * Names are checked before any schema change, so a name the database would refuse makes its
   * record a bad record instead of a failed {@code ALTER TABLE}.
   */
  default String columnNameProblem(String name) {
    return null;
  }

  /**
   * The form in which the database compares column names: two names with the same form are one
   * column (PostgreSQL compares quoted names exactly).
   */
  default String columnNameKey(String name) {
    return name;
  }

  /**
   * The type, unchanged, when the dialect may paste it into DDL and casts; otherwise an {@link
   * IllegalArgumentException} naming it. Every path that puts a column type into SQL calls it, so a
   * model that bypassed validation still cannot inject SQL through a type.
   */
  String checkedType(String type);

  // ---- DDL --------------------------------------------------------------------------------

  String createSchema(String schema);

  String createTable(String schema, TableSpec table);

  String addColumn(String schema, String table, ColumnSpec column);

  /**
   * The comment that marks an attribute column added to a table after it was created: versions
   * stored before were hashed without it, which the comparison of versions must know (and need not
   * try for the columns the table was created with).
   */
  String ADDED_COLUMN_MARK = "vaultstream: added after the table was created";

  /**
   * Adds an attribute column to an existing table, marked with {@link #ADDED_COLUMN_MARK}: the
   * statements, in order.
   */
  List<String> addAttributeColumn(String schema, String table, ColumnSpec column);

  /**
   * Changes a column to a wider type of the same kind (a longer varchar, a larger integer, more
   * digits), its values kept.
   */
  String widenColumn(String schema, String table, ColumnSpec column);

  /**
   * A column type (as {@link #selectColumns} lists it, or as this dialect writes a model's type) in
   * the model's canonical spelling ({@link io.vaultstream.model.TypeGrammar#canonical}), or null
   * when it has none: two types are compared in this form.
   */
  default String canonicalType(String type) {
    return io.vaultstream.model.TypeGrammar.canonical(type);
  }

  /**
   * Lists the columns of a table as (name, type, comment): needs the schema and table as
   * parameters.
   */
  String selectColumns();

  /** Lists the names of a table's indexes: needs the schema and table as parameters. */
  String selectIndexes();

  /** The schema the connection writes to when none is configured. */
  String currentSchema();

  // ---- loading ----------------------------------------------------------------------------

  /**
   * Inserts rows given as text arrays (one per column), keeping per key the row with the earliest
   * (load_dts, record_source): hubs, links and non-historized links.
   */
  EarliestWrite upsertEarliest(
      String schema,
      TableSpec table,
      List<String> columns,
      String loadDts,
      String recordSource,
      String loadedAt);

  /** Inserts rows given as text arrays; rows whose primary key exists are overwritten. */
  String upsert(String schema, TableSpec table, List<String> columns);

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

  /** Inserts rows given as text arrays; rows whose primary key exists are left alone. */
  String insertIgnore(String schema, TableSpec table, List<String> columns, String loadedAt);

  /**
   * Inserts rows given as text arrays; a row whose primary key exists fails the statement (cheaper
   * than {@link #insertIgnore}, for rows known to be new).
   */
  String insertNew(String schema, TableSpec table, List<String> columns, String loadedAt);

  /**
   * A faster way to do what {@link #insertNew} does, or null when the dialect has none (the
   * default): rows known to be new, {@code loadedAt} (if not null) set to the transaction's time.
   */
  default BulkInsert bulkInsert(
      String schema, TableSpec table, List<String> columns, String loadedAt) {
    return null;
  }

  /**
   * Reads, for keys and times given as text arrays, the latest row before that time and every row
   * at or after it. Returns the key columns, load_dts as epoch microseconds, then {@code columns}
   * as text.
   */
  String selectHistoryAround(
      String schema,
      TableSpec table,
      List<String> keyColumns,
      String loadDts,
      List<String> columns);

  /** The column of {@link #selectDifferingRows} that numbers the rows bound. */
  String ROW_NUMBER = "i__";

  /**
   * Reads which of the rows given (columns {@link #ROW_NUMBER}, {@code keyColumn}, then {@code
   * columns}, as text, bound as a batch) disagree with the stored row of their key in any of {@code
   * columns}, compared as values of the columns' types: returns the row number, then per column
   * whether it differs ({@code true}/{@code false}) and the stored value as text. Rows without a
   * stored row are not returned. One index probe per row. (The default refuses, so that a dialect
   * written before this method still compiles; a model whose non-historized links set changes aside
   * needs it.)
   */
  default String selectDifferingRows(
      String schema, TableSpec table, String keyColumn, List<String> columns) {
    throw new UnsupportedOperationException(
        "the "
            + name()
            + " dialect cannot compare a non-historized link's events with its rows; give the"
            + " link \"onChange\": \"satellite\"");
  }

  /**
   * Reads key map entries of one source for primary keys given as a text array: returns pk,
   * valid_from as epoch microseconds and key_values. Parameters: source table, pk array.
   */
  String selectKeyMap(String schema, String keyMapTable);

  /** Inserts one row of SQL literals unless its primary key exists (ghost records). */
  String insertLiteralIgnore(
      String schema, TableSpec table, List<String> columns, List<String> literals);

  /** A SQL literal of canonical text for a column of this type; NULL for null. */
  String literal(String text, String type);

  /** Deletes rows whose {@code keyColumns} values are given as text arrays. */
  String deleteByKey(String schema, TableSpec table, List<String> keyColumns);

  /**
   * Updates {@code setColumns} of rows found by {@code keyColumns}; parameters are text arrays, key
   * columns first.
   */
  String updateByKey(
      String schema, TableSpec table, List<String> keyColumns, List<String> setColumns);

  /** An auto-incremented integer column type. */
  String identityType();

  /**
   * Reclaims the space of deleted rows of one of the loader's queue tables (waiting, error rows),
   * run outside a transaction; null when the database needs no such statement.
   */
  default String vacuum(String schema, String table) {
    return null;
  }

  /**
   * A statement that makes the rest of the transaction wait for any other session creating the same
   * schema's tables (loaders starting together), or null when the DDL is safe without it.
   */
  default String lockSchemaChanges(String schema) {
    return null;
  }

  /**
   * A statement that releases the lock of {@link #lockSchemaChanges} where it outlives the
   * transaction (MariaDB's named locks belong to the session), or null where the transaction's end
   * releases it.
   */
  default String unlockSchemaChanges(String schema) {
    return null;
  }

  /**
   * Whether a schema change is part of the transaction, so that a savepoint can undo it
   * (PostgreSQL), rather than committing the transaction before it runs (MariaDB).
   */
  default boolean transactionalDdl() {
    return true;
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

  /**
   * Tables of the schema that the dialect's own statements need besides the vault's (MariaDB: the
   * rows {@link #lockKeys} locks), created after the vault's tables; none by default.
   */
  default List<String> createSupportTables(String schema) {
    return List.of();
  }

  /** The names of the tables {@link #createSupportTables} creates. */
  default List<String> supportTables() {
    return List.of();
  }

  /**
   * A statement run on every new connection that makes the database cancel a statement running
   * longer than {@code millis}, or null for none (0, or a database without the setting).
   */
  default String statementTimeout(long millis) {
    return null;
  }

  /**
   * The JDBC driver properties that make a read from the database give up after {@code millis}
   * without bytes (nothing for 0, or a driver without the property).
   */
  default java.util.Map<String, String> socketTimeout(long millis) {
    return java.util.Map.of();
  }

  /**
   * A statement that makes the rest of the transaction's (or savepoint's) statements give up
   * waiting for a lock after {@code millis}, so a schema change does not queue behind a long query
   * while every reader of the table queues behind it; null for none.
   */
  default String lockTimeout(long millis) {
    return null;
  }

  /**
   * A statement that ends what {@link #lockTimeout} set where it outlives the transaction (MariaDB:
   * a session setting, which would stay on a pooled connection), or null where it does not.
   */
  default String resetLockTimeout() {
    return null;
  }

  /** Whether the failure is a statement that gave up waiting for a lock ({@link #lockTimeout}). */
  default boolean isLockTimeout(java.sql.SQLException e) {
    return false;
  }

  /**
   * The most characters of key text (a key as the key map stores it) the key columns hold, where
   * their index limits them below the engine's own bound of 2,000 bytes (MariaDB: 380); a longer
   * key is refused when decoded.
   */
  default int maxKeyChars() {
    return Integer.MAX_VALUE;
  }

  /** Creates an index unless it exists. */
  String createIndex(String schema, String table, String name, List<String> columns);
}
