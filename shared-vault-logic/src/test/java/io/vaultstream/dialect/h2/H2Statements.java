package io.vaultstream.dialect.h2;

import io.vaultstream.dialect.DdlStatements;
import io.vaultstream.dialect.EarliestWrite;
import io.vaultstream.dialect.OperatorStatements;
import io.vaultstream.dialect.QueueStatements;
import io.vaultstream.dialect.RowStatements;
import io.vaultstream.dialect.StandardTypes;
import io.vaultstream.table.TableSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * H2's statements where the SPI's standard SQL does not serve: rows returned by a write ({@code
 * FINAL TABLE}, {@code OLD TABLE}), sets of numbers, its catalog's comments and indexes, DDL that
 * commits, and the table whose rows stand in for advisory locks.
 */
interface H2Statements
    extends RowStatements, QueueStatements, OperatorStatements, DdlStatements, H2Syntax, H2Values {

  /** The rows {@link #lockKeys} locks: one per lock number ever taken. */
  String LOCKS = "vs_locks";

  @Override
  default EarliestWrite upsertEarliestReturning(
      String schema, TableSpec t, List<String> cols, String loadDts, String src, String loaded) {
    return new H2EarliestWrite(this, schema, t, cols, loadDts, src, loaded);
  }

  @Override
  default String lockKeys(String schema) {
    // No advisory locks: a merge of one row per number takes its row lock, held to the
    // transaction's end, in ascending order.
    return "SELECT id FROM FINAL TABLE (MERGE INTO "
        + table(schema, LOCKS)
        + " x USING (SELECT u.v AS id FROM "
        + numbers()
        + " ORDER BY u.v) AS s ON x.id = s.id WHEN MATCHED THEN UPDATE SET id = s.id"
        + " WHEN NOT MATCHED THEN INSERT (id) VALUES (s.id))";
  }

  @Override
  default String takeExpiredErrors(
      String schema, TableSpec errors, List<String> columns, String code, int rows) {
    List<String> out = new ArrayList<>();
    columns.forEach(c -> out.add(asText(quote(c))));
    String t = table(schema, errors.name());
    return "SELECT "
        + String.join(", ", out)
        + " FROM OLD TABLE (DELETE FROM "
        + t
        + " WHERE id IN (SELECT y.id FROM "
        + t
        + " y WHERE y.error_code = '"
        + code
        + "' AND y.expires_at < CAST(? AS "
        + timestampType()
        + ") ORDER BY y.expires_at LIMIT "
        + rows
        + "))";
  }

  @Override
  default String deleteErrorsById(String schema, String errors) {
    return "DELETE FROM "
        + table(schema, errors)
        + " WHERE id IN (SELECT u.v FROM "
        + numbers()
        + ")";
  }

  @Override
  default String selectErrorFirstSeenMillis(String schema, String errors) {
    return "SELECT id, "
        + epochMicros("first_seen")
        + " / 1000 FROM "
        + table(schema, errors)
        + " WHERE id IN (SELECT u.v FROM "
        + numbers()
        + ")";
  }

  @Override
  default String selectColumns() {
    return "SELECT c.column_name, "
        + StandardTypes.CATALOG_TYPE
        + ", c.remarks FROM information_schema.columns c"
        + " WHERE c.table_schema = ? AND c.table_name = ? ORDER BY c.ordinal_position";
  }

  @Override
  default String selectIndexes() {
    return "SELECT DISTINCT index_name FROM information_schema.indexes"
        + " WHERE table_schema = ? AND table_name = ?";
  }

  @Override
  default String currentSchema() {
    return "SELECT CURRENT_SCHEMA";
  }

  /** H2 commits the transaction before a schema change. */
  @Override
  default boolean transactionalDdl() {
    return false;
  }

  @Override
  default List<String> supportTables() {
    return List.of(LOCKS);
  }

  @Override
  default List<String> createSupportTables(String schema) {
    return List.of(
        "CREATE TABLE IF NOT EXISTS " + table(schema, LOCKS) + " (id BIGINT NOT NULL PRIMARY KEY)");
  }
}
