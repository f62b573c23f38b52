package io.vaultstream.dialect.mariadb;

import io.vaultstream.dialect.DdlStatements;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.util.List;
import java.util.Locale;

/**
 * MariaDB's {@link DdlStatements} where they are not standard SQL: databases as schemas, InnoDB
 * tables in utf8mb4, its catalog, and the session's named lock around schema changes.
 */
interface MariaDbDdl extends DdlStatements, MariaDbSyntax {
  /** Text compared byte for byte, as the engine compares keys and codes. */
  String CHARSET = "CHARACTER SET utf8mb4 COLLATE utf8mb4_bin";

  /** The rows {@code lockKeys} locks: one per lock number ever taken (a few hundred a table). */
  String LOCKS = "vs_locks";

  @Override
  default String createSchema(String schema) {
    return "CREATE DATABASE IF NOT EXISTS " + quote(schema) + " " + CHARSET;
  }

  @Override
  default String tableEnd(TableSpec t) {
    String identity = null;
    for (ColumnSpec c : t.columns()) {
      if (columnType(t, c).toLowerCase(Locale.ROOT).contains("auto_increment")) {
        identity = c.name();
      }
    }
    StringBuilder sb = new StringBuilder();
    if (identity != null && !t.primaryKey().contains(identity)) {
      // InnoDB numbers an AUTO_INCREMENT column only when an index leads with it.
      sb.append(",\n  UNIQUE KEY ")
          .append(quote(t.name() + "_" + identity))
          .append(" (")
          .append(quote(identity))
          .append(")");
    }
    return sb.append("\n) ENGINE=InnoDB DEFAULT ").append(CHARSET).toString();
  }

  /** The column's type, bounded where it is a key column an index cannot hold whole. */
  @Override
  default String columnType(TableSpec t, ColumnSpec c) {
    String type = checkedType(c.type());
    if (!t.primaryKey().contains(c.name()) || MariaDbTypes.indexable(type)) {
      return type;
    }
    // An index cannot hold LONGTEXT or LONGBLOB whole; key columns get a bounded type.
    return MariaDbSyntax.kind(type) == Kind.BINARY ? "VARBINARY(255)" : KEY_COLUMN_TEXT;
  }

  @Override
  default List<String> addAttributeColumn(String schema, String table, ColumnSpec c) {
    return List.of(addColumn(schema, table, c) + " COMMENT '" + ADDED_COLUMN_MARK + "'");
  }

  @Override
  default String widenColumn(String schema, String table, ColumnSpec c) {
    return "ALTER TABLE "
        + table(schema, table)
        + " MODIFY COLUMN "
        + quote(c.name())
        + " "
        + checkedType(c.type());
  }

  @Override
  default String selectColumns() {
    // The whole type (length, precision, character set), as the statements must cast to it.
    return "SELECT column_name, CONCAT(column_type, IF(character_set_name IS NULL, '',"
        + " CONCAT(' CHARACTER SET ', character_set_name, ' COLLATE ', collation_name))),"
        + " column_comment FROM information_schema.columns WHERE table_schema = ? AND table_name = ?"
        + " ORDER BY ordinal_position";
  }

  @Override
  default String selectIndexes() {
    return "SELECT DISTINCT index_name FROM information_schema.statistics"
        + " WHERE table_schema = ? AND table_name = ?";
  }

  @Override
  default String currentSchema() {
    return "SELECT DATABASE()";
  }

  @Override
  default boolean transactionalDdl() {
    return false;
  }

  @Override
  default String lockSchemaChanges(String schema) {
    // A named lock of the session (released by unlockSchemaChanges, or when the session ends).
    // "IF NOT EXISTS" does not make two sessions' DDL safe: one's CREATE INDEX waited for the
    // other's metadata locks. Another loader's start-up takes seconds; 600 s bounds the wait.
    return "SELECT GET_LOCK(" + schemaLockName(schema) + ", 600)";
  }

  @Override
  default String unlockSchemaChanges(String schema) {
    return "DO RELEASE_LOCK(" + schemaLockName(schema) + ")";
  }

  private String schemaLockName(String schema) {
    return schema == null || schema.isEmpty()
        ? "CONCAT('vaultstream ddl ', DATABASE())"
        : stringLiteral("vaultstream ddl " + schema);
  }

  @Override
  default List<String> supportTables() {
    return List.of(LOCKS);
  }

  @Override
  default List<String> createSupportTables(String schema) {
    return List.of(
        "CREATE TABLE IF NOT EXISTS "
            + table(schema, LOCKS)
            + " (`id` BIGINT NOT NULL PRIMARY KEY) ENGINE=InnoDB");
  }
}
