package io.vaultstream.dialect.h2;

import io.vaultstream.dialect.OperatorStatements;

/**
 * H2's {@link OperatorStatements}: the vault's tables through information_schema (the defaults), a
 * source schema's columns and constraints through information_schema too.
 */
interface H2Operator extends OperatorStatements, H2Syntax {

  @Override
  default String selectErrorFirstSeenMillis(String schema, String errorsTable) {
    return "SELECT id, DATEDIFF(MILLISECOND, TIMESTAMP WITH TIME ZONE '1970-01-01 00:00:00+00',"
        + " first_seen) FROM "
        + table(schema, errorsTable)
        + " WHERE id IN (SELECT u.v FROM UNNEST(CAST(? AS BIGINT ARRAY)) AS u(v))";
  }

  @Override
  default String selectSourceColumns() {
    return "SELECT c.table_name, c.column_name, LOWER(c.data_type) FROM information_schema.columns c"
        + " JOIN information_schema.tables t ON t.table_schema = c.table_schema"
        + " AND t.table_name = c.table_name WHERE c.table_schema = ? AND t.table_type = 'BASE TABLE'"
        + " ORDER BY c.table_name, c.ordinal_position";
  }

  @Override
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
