package io.vaultstream.dialect.h2;

import io.vaultstream.dialect.DdlStatements;
import java.util.List;

/**
 * H2's {@link DdlStatements} where they are not standard SQL: its catalog (with each type's length
 * and precision), DDL that commits, and the table whose rows stand in for advisory locks.
 */
interface H2Ddl extends DdlStatements, H2Syntax {

  /** The rows {@code lockKeys} locks: one per lock number ever taken. */
  String LOCKS = "vs_locks";

  @Override
  default String selectColumns() {
    // The whole type, as the statements must cast to it and a widened column is compared with it.
    return "SELECT column_name, CASE"
        + " WHEN d IN ('CHARACTER VARYING', 'CHARACTER', 'BINARY VARYING', 'BINARY')"
        + " THEN d || '(' || character_maximum_length || ')'"
        + " WHEN d = 'NUMERIC' THEN 'NUMERIC(' || numeric_precision || ',' || numeric_scale || ')'"
        + " WHEN d LIKE 'TIME%' THEN REGEXP_REPLACE(d, '^(TIMESTAMP|TIME)',"
        + " '$1(' || datetime_precision || ')')"
        + " ELSE d END, remarks FROM (SELECT c.*, UPPER(c.data_type) AS d"
        + " FROM information_schema.columns c) AS c"
        + " WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position";
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
