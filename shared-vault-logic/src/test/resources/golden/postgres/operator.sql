-- countRowsPerRecordSource(hub_customer) binding SYSTEM
SELECT "record_source", count(*), max("load_dts")::text FROM "vault"."hub_customer" WHERE "record_source" <> ? GROUP BY "record_source";

-- countRowsPerRecordSource(a name with a quote and a backtick)
SELECT "record_source", count(*), max("load_dts")::text FROM "my""s`chema"."sat_""x`" WHERE "record_source" <> ? GROUP BY "record_source";

-- countWaitingByState()
SELECT state, count(*) FROM "vault"."vs_waiting" GROUP BY state ORDER BY state;

-- selectOldestWaiting() binding the state
SELECT round(extract(epoch FROM min(arrived_at)) * 1000000)::bigint FROM "vault"."vs_waiting" WHERE state = ?;

-- selectAllProgress()
SELECT consumer, topic, kafka_partition, next_offset, updated_at::text FROM "vault"."vs_progress" ORDER BY consumer, topic, kafka_partition;

-- selectTables()
SELECT table_name FROM information_schema.tables WHERE table_schema = ? ORDER BY table_name;

-- tableExists()
SELECT 1 FROM information_schema.tables WHERE table_schema = ? AND table_name = ?;

-- selectSchemasWithTables(2)
SELECT DISTINCT table_schema FROM information_schema.tables WHERE table_name IN (?, ?) ORDER BY table_schema;

-- selectCacheFigures(vs_key_map) binding the schema
SELECT 'shared_buffers', pg_size_bytes(current_setting('shared_buffers')), sum(pg_relation_size(c.oid)) FILTER (WHERE c.relkind = 'r')::bigint, sum(pg_relation_size(c.oid)) FILTER (WHERE c.relkind = 'i')::bigint, sum(pg_relation_size(c.oid)) FILTER (WHERE c.relkind = 'i' OR c.relname = 'vs_key_map')::bigint, (SELECT sum(coalesce(t.heap_blks_read, 0) + coalesce(t.idx_blks_read, 0))::bigint FROM pg_statio_user_tables t WHERE t.schemaname = n.nspname), (SELECT sum(coalesce(t.heap_blks_hit, 0) + coalesce(t.idx_blks_hit, 0))::bigint FROM pg_statio_user_tables t WHERE t.schemaname = n.nspname), 'schema' FROM pg_namespace n JOIN pg_class c ON c.relnamespace = n.oid WHERE n.nspname = ? AND c.relkind IN ('r', 'i') GROUP BY n.nspname;

-- selectErrorFirstSeenMillis()
SELECT id, floor(extract(epoch FROM first_seen) * 1000)::bigint FROM "vault"."vs_errors" WHERE id = ANY(?);

-- selectSourceColumns()
SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped ORDER BY c.relname, a.attnum;

-- selectSourceConstraints()
SELECT c.relname, k.conname, k.contype::text, a.attname, f.relname, fa.attname FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace CROSS JOIN LATERAL unnest(k.conkey, k.confkey) WITH ORDINALITY u(attnum, fattnum, ord) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum LEFT JOIN pg_class f ON f.oid = k.confrelid LEFT JOIN pg_attribute fa ON fa.attrelid = k.confrelid AND fa.attnum = u.fattnum WHERE n.nspname = ? AND k.contype IN ('p', 'u', 'f') ORDER BY c.relname, k.contype, k.conname, u.ord;

