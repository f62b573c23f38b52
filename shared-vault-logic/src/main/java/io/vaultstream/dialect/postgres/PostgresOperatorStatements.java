package io.vaultstream.dialect.postgres;

import io.vaultstream.dialect.OperatorStatements;

/**
 * PostgreSQL's {@link OperatorStatements}: the vault's tables through information_schema (the
 * defaults), a source schema through pg_catalog (whose {@code format_type} spells types as a model
 * declares them).
 */
interface PostgresOperatorStatements extends OperatorStatements {

  @Override
  default String selectErrorFirstSeenMillis(String schema, String errorsTable) {
    return "SELECT id, floor(extract(epoch FROM first_seen) * 1000)::bigint FROM "
        + table(schema, errorsTable)
        + " WHERE id = ANY(?)";
  }

  @Override
  default String selectCacheFigures(String keyMapTable) {
    // What a batch reaches at random: the indexes (a hash key lands on any leaf page, while the
    // tables' new rows are appended) and the key map's rows, which children read back by their
    // parents' keys. The cache hits and misses are the statistics' counts since their last reset.
    return "SELECT 'shared_buffers', pg_size_bytes(current_setting('shared_buffers')),"
        + " sum(pg_relation_size(c.oid)) FILTER (WHERE c.relkind = 'r')::bigint,"
        + " sum(pg_relation_size(c.oid)) FILTER (WHERE c.relkind = 'i')::bigint,"
        + " sum(pg_relation_size(c.oid)) FILTER (WHERE c.relkind = 'i' OR c.relname = '"
        + keyMapTable.replace("'", "''")
        + "')::bigint,"
        + " (SELECT sum(coalesce(t.heap_blks_read, 0) + coalesce(t.idx_blks_read, 0))::bigint"
        + " FROM pg_statio_user_tables t WHERE t.schemaname = n.nspname),"
        + " (SELECT sum(coalesce(t.heap_blks_hit, 0) + coalesce(t.idx_blks_hit, 0))::bigint"
        + " FROM pg_statio_user_tables t WHERE t.schemaname = n.nspname),"
        + " 'schema' FROM pg_namespace n JOIN pg_class c ON c.relnamespace = n.oid"
        + " WHERE n.nspname = ? AND c.relkind IN ('r', 'i') GROUP BY n.nspname";
  }

  @Override
  default String selectSourceColumns() {
    return "SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a"
        + " JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace"
        + " WHERE n.nspname = ? AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT"
        + " a.attisdropped ORDER BY c.relname, a.attnum";
  }

  @Override
  default String selectSourceConstraints() {
    // conkey and confkey side by side: a foreign key's n-th column references its n-th
    // referenced column (confkey is null, unnested as nulls, for the other kinds).
    return "SELECT c.relname, k.conname, k.contype::text, a.attname, f.relname, fa.attname"
        + " FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid"
        + " JOIN pg_namespace n ON n.oid = c.relnamespace"
        + " CROSS JOIN LATERAL unnest(k.conkey, k.confkey) WITH ORDINALITY u(attnum, fattnum, ord)"
        + " JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum"
        + " LEFT JOIN pg_class f ON f.oid = k.confrelid"
        + " LEFT JOIN pg_attribute fa ON fa.attrelid = k.confrelid AND fa.attnum = u.fattnum"
        + " WHERE n.nspname = ? AND k.contype IN ('p', 'u', 'f')"
        + " ORDER BY c.relname, k.contype, k.conname, u.ord";
  }
}
