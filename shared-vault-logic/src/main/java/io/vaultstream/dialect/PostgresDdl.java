package io.vaultstream.dialect;

import static io.vaultstream.dialect.PostgresSyntax.checkedType;
import static io.vaultstream.dialect.PostgresSyntax.list;
import static io.vaultstream.dialect.PostgresSyntax.literal;
import static io.vaultstream.dialect.PostgresSyntax.quote;
import static io.vaultstream.dialect.PostgresSyntax.table;

import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.util.List;

/** PostgreSQL's statements that create, inspect and look after the vault's tables. */
final class PostgresDdl {
  private PostgresDdl() {}

  static String createSchema(String schema) {
    return "CREATE SCHEMA IF NOT EXISTS " + quote(schema);
  }

  static String createTable(String schema, TableSpec t) {
    StringBuilder sb =
        new StringBuilder("CREATE TABLE IF NOT EXISTS ")
            .append(table(schema, t.name()))
            .append(" (\n");
    for (ColumnSpec c : t.columns()) {
      sb.append("  ").append(quote(c.name())).append(' ').append(checkedType(c.type()));
      if (c.notNull()) {
        sb.append(" NOT NULL");
      }
      sb.append(",\n");
    }
    sb.append("  PRIMARY KEY (").append(list(t.primaryKey())).append(")\n)");
    return sb.toString();
  }

  static String addColumn(String schema, String table, ColumnSpec c) {
    return "ALTER TABLE "
        + table(schema, table)
        + " ADD COLUMN IF NOT EXISTS "
        + quote(c.name())
        + " "
        + checkedType(c.type());
  }

  static String selectColumns() {
    return "SELECT column_name, data_type FROM information_schema.columns"
        + " WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position";
  }

  static String selectIndexes() {
    return "SELECT indexname FROM pg_indexes WHERE schemaname = ? AND tablename = ?";
  }

  static String createIndex(String schema, String table, String name, List<String> columns) {
    return "CREATE INDEX IF NOT EXISTS "
        + quote(name)
        + " ON "
        + table(schema, table)
        + " ("
        + list(columns)
        + ")";
  }

  static String lockSchemaChanges(String schema) {
    // "IF NOT EXISTS" does not make two sessions' CREATEs safe: both see nothing, both create,
    // one fails on the catalog's unique index. The lock is held until the transaction ends.
    return "SELECT pg_advisory_xact_lock(hashtext('vaultstream ddl ' || "
        + literal(schema == null ? "" : schema, "text")
        + "))";
  }

  static String vacuum(String schema, String table) {
    // SKIP_LOCKED: when another task of the connector vacuums it now, this one need not wait.
    return "VACUUM (SKIP_LOCKED) " + table(schema, table);
  }
}
