package io.vaultstream.dialect.postgres;

import static io.vaultstream.dialect.postgres.PostgresSyntax.checkedType;
import static io.vaultstream.dialect.postgres.PostgresSyntax.list;
import static io.vaultstream.dialect.postgres.PostgresSyntax.quote;
import static io.vaultstream.dialect.postgres.PostgresSyntax.table;

import io.vaultstream.dialect.VaultDialect;
import io.vaultstream.table.ColumnSpec;
import io.vaultstream.table.TableSpec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
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

  static List<String> addAttributeColumn(String schema, String table, ColumnSpec c) {
    return List.of(
        addColumn(schema, table, c),
        "COMMENT ON COLUMN "
            + table(schema, table)
            + "."
            + quote(c.name())
            + " IS '"
            + VaultDialect.ADDED_COLUMN_MARK
            + "'");
  }

  static String selectColumns() {
    // The whole type (length, precision), as a widened source column is compared with it.
    return "SELECT a.attname, format_type(a.atttypid, a.atttypmod),"
        + " col_description(a.attrelid, a.attnum) FROM pg_catalog.pg_attribute a"
        + " JOIN pg_catalog.pg_class c ON c.oid = a.attrelid"
        + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
        + " WHERE n.nspname = ? AND c.relname = ? AND a.attnum > 0 AND NOT a.attisdropped"
        + " ORDER BY a.attnum";
  }

  static String widenColumn(String schema, String table, ColumnSpec c) {
    return "ALTER TABLE "
        + table(schema, table)
        + " ALTER COLUMN "
        + quote(c.name())
        + " TYPE "
        + checkedType(c.type());
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

  /**
   * The first key of the two-key advisory lock on a schema's DDL ("vs" and 1): two-key locks are
   * apart from the one-key locks {@code lockKeys} takes on reference codes.
   */
  static final int DDL_LOCK_CLASS = 0x76730001;

  static String lockSchemaChanges(String schema) {
    // "IF NOT EXISTS" does not make two sessions' CREATEs safe: both see nothing, both create,
    // one fails on the catalog's unique index. The lock is held until the transaction ends.
    // The schema's key is computed here, so its name never becomes SQL text: a string literal
    // would need escaping by the session's standard_conforming_strings, which a login role or the
    // URL's options may turn off.
    return "SELECT pg_advisory_xact_lock("
        + DDL_LOCK_CLASS
        + ", "
        + schemaKey(schema == null ? "" : schema)
        + ")";
  }

  /** 32 bits of the SHA-256 of the schema's name: the same for every loader of the schema. */
  private static int schemaKey(String schema) {
    try {
      byte[] d =
          MessageDigest.getInstance("SHA-256").digest(schema.getBytes(StandardCharsets.UTF_8));
      return ByteBuffer.wrap(d).getInt();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  static String vacuum(String schema, String table) {
    // SKIP_LOCKED: when another task of the connector vacuums it now, this one need not wait.
    return "VACUUM (SKIP_LOCKED) " + table(schema, table);
  }
}
