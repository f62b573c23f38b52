package io.vaultstream.dialect.postgres;

import io.vaultstream.dialect.DdlStatements;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * PostgreSQL's {@link DdlStatements} where they are not standard SQL: its catalog, advisory locks
 * and VACUUM.
 */
interface PostgresDdl extends DdlStatements {

  /**
   * The first key of the two-key advisory lock on a schema's DDL ("vs" and 1): two-key locks are
   * apart from the one-key locks {@code lockKeys} takes on reference codes.
   */
  int DDL_LOCK_CLASS = 0x76730001;

  @Override
  default String selectColumns() {
    // The whole type (length, precision), as a widened source column is compared with it.
    return "SELECT a.attname, format_type(a.atttypid, a.atttypmod),"
        + " col_description(a.attrelid, a.attnum) FROM pg_catalog.pg_attribute a"
        + " JOIN pg_catalog.pg_class c ON c.oid = a.attrelid"
        + " JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace"
        + " WHERE n.nspname = ? AND c.relname = ? AND a.attnum > 0 AND NOT a.attisdropped"
        + " ORDER BY a.attnum";
  }

  @Override
  default String selectIndexes() {
    return "SELECT indexname FROM pg_indexes WHERE schemaname = ? AND tablename = ?";
  }

  @Override
  default String currentSchema() {
    return "SELECT current_schema()";
  }

  @Override
  default String lockSchemaChanges(String schema) {
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

  @Override
  default String vacuum(String schema, String table) {
    // SKIP_LOCKED: when another task of the connector vacuums it now, this one need not wait.
    return "VACUUM (SKIP_LOCKED) " + table(schema, table);
  }
}
