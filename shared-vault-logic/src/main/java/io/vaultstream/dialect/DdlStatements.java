package io.vaultstream.dialect;

import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.util.List;

/**
 * The statements that create, inspect and look after the vault's tables. Part of {@link
 * VaultDialect}; the defaults are standard SQL over {@link #quote} and {@link #checkedType}, which
 * a dialect overrides where its database differs.
 */
public interface DdlStatements extends QuotedNames, ColumnTypes {

  /**
   * The comment that marks an attribute column added to a table after it was created: versions
   * stored before were hashed without it, which the comparison of versions must know (and need not
   * try for the columns the table was created with).
   */
  String ADDED_COLUMN_MARK = "vaultstream: added after the table was created";

  default String createSchema(String schema) {
    return "CREATE SCHEMA IF NOT EXISTS " + quote(schema);
  }

  /**
   * Creates a table unless it exists: its columns ({@link #columnType}), its primary key, then
   * {@link #tableEnd}.
   */
  default String createTable(String schema, TableSpec t) {
    StringBuilder sb =
        new StringBuilder("CREATE TABLE IF NOT EXISTS ")
            .append(table(schema, t.name()))
            .append(" (\n");
    for (ColumnSpec c : t.columns()) {
      sb.append("  ").append(quote(c.name())).append(' ').append(columnType(t, c));
      if (c.notNull()) {
        sb.append(" NOT NULL");
      }
      sb.append(",\n");
    }
    sb.append("  PRIMARY KEY (").append(quoteAll(t.primaryKey())).append(")");
    return sb.append(tableEnd(t)).toString();
  }

  /**
   * A column's type in {@link #createTable}: its checked type unless the database needs another.
   */
  default String columnType(TableSpec t, ColumnSpec c) {
    return checkedType(c.type());
  }

  /**
   * What follows the primary key in {@link #createTable}: further constraints, the closing
   * parenthesis and the table's options.
   */
  default String tableEnd(TableSpec t) {
    return "\n)";
  }

  default String addColumn(String schema, String table, ColumnSpec column) {
    return "ALTER TABLE "
        + table(schema, table)
        + " ADD COLUMN IF NOT EXISTS "
        + quote(column.name())
        + " "
        + checkedType(column.type());
  }

  /**
   * Adds an attribute column to an existing table, marked with {@link #ADDED_COLUMN_MARK}: the
   * statements, in order ({@link #addColumn}, then {@code COMMENT ON COLUMN}, which PostgreSQL,
   * Oracle, DB2 and H2 take).
   */
  default List<String> addAttributeColumn(String schema, String table, ColumnSpec column) {
    return List.of(
        addColumn(schema, table, column),
        "COMMENT ON COLUMN "
            + table(schema, table)
            + "."
            + quote(column.name())
            + " IS '"
            + ADDED_COLUMN_MARK
            + "'");
  }

  /**
   * Changes a column to a wider type of the same kind (a longer varchar, a larger integer, more
   * digits), its values kept.
   */
  default String widenColumn(String schema, String table, ColumnSpec column) {
    return "ALTER TABLE "
        + table(schema, table)
        + " ALTER COLUMN "
        + quote(column.name())
        + " SET DATA TYPE "
        + checkedType(column.type());
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

  /** Creates an index unless it exists. */
  default String createIndex(String schema, String table, String name, List<String> columns) {
    return "CREATE INDEX IF NOT EXISTS "
        + quote(name)
        + " ON "
        + table(schema, table)
        + " ("
        + quoteAll(columns)
        + ")";
  }

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
   * Tables of the schema that the dialect's own statements need besides the vault's (MariaDB: the
   * rows {@link RowStatements#lockKeys} locks), created after the vault's tables; none by default.
   */
  default List<String> createSupportTables(String schema) {
    return List.of();
  }

  /** The names of the tables {@link #createSupportTables} creates. */
  default List<String> supportTables() {
    return List.of();
  }
}
