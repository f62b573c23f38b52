-- countRowsPerRecordSource(hub_customer) binding SYSTEM
SELECT "record_source", count(*), CAST(max("load_dts") AS CHARACTER VARYING) FROM "vault"."hub_customer" WHERE "record_source" <> ? GROUP BY "record_source";

-- countRowsPerRecordSource(a name with a quote and a backtick)
SELECT "record_source", count(*), CAST(max("load_dts") AS CHARACTER VARYING) FROM "my""s`chema"."sat_""x`" WHERE "record_source" <> ? GROUP BY "record_source";

-- countWaitingByState()
SELECT state, count(*) FROM "vault"."vs_waiting" GROUP BY state ORDER BY state;

-- selectOldestWaiting() binding the state
SELECT DATEDIFF(MICROSECOND, TIMESTAMP WITH TIME ZONE '1970-01-01 00:00:00+00', min(arrived_at)) FROM "vault"."vs_waiting" WHERE state = ?;

-- selectAllProgress()
SELECT consumer, topic, kafka_partition, next_offset, CAST(updated_at AS CHARACTER VARYING) FROM "vault"."vs_progress" ORDER BY consumer, topic, kafka_partition;

-- selectTables()
SELECT table_name FROM information_schema.tables WHERE table_schema = ? ORDER BY table_name;

-- tableExists()
SELECT 1 FROM information_schema.tables WHERE table_schema = ? AND table_name = ?;

-- selectSchemasWithTables(2)
SELECT DISTINCT table_schema FROM information_schema.tables WHERE table_name IN (?, ?) ORDER BY table_schema;

-- selectCacheFigures(vs_key_map) binding the schema
null;

-- selectErrorFirstSeenMillis()
SELECT id, DATEDIFF(MICROSECOND, TIMESTAMP WITH TIME ZONE '1970-01-01 00:00:00+00', first_seen) / 1000 FROM "vault"."vs_errors" WHERE id IN (SELECT u.v FROM UNNEST(CAST(? AS BIGINT ARRAY)) AS u(v));

-- selectSourceColumns()
SELECT c.table_name, c.column_name, LOWER(CASE WHEN UPPER(c.data_type) IN ('CHARACTER VARYING', 'CHARACTER', 'BINARY VARYING', 'BINARY') AND c.character_maximum_length IS NOT NULL THEN UPPER(c.data_type) || '(' || c.character_maximum_length || ')' WHEN UPPER(c.data_type) IN ('NUMERIC', 'DECIMAL') AND c.numeric_precision IS NOT NULL THEN 'NUMERIC(' || c.numeric_precision || ',' || COALESCE(c.numeric_scale, 0) || ')' WHEN UPPER(c.data_type) LIKE 'TIMESTAMP%' AND c.datetime_precision IS NOT NULL THEN 'TIMESTAMP(' || c.datetime_precision || ')' || SUBSTRING(UPPER(c.data_type) FROM 10) WHEN UPPER(c.data_type) LIKE 'TIME%' AND c.datetime_precision IS NOT NULL THEN 'TIME(' || c.datetime_precision || ')' || SUBSTRING(UPPER(c.data_type) FROM 5) ELSE UPPER(c.data_type) END) FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name WHERE c.table_schema = ? AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.ordinal_position;

-- selectSourceConstraints()
SELECT k.table_name, k.constraint_name, CASE t.constraint_type WHEN 'PRIMARY KEY' THEN 'p' WHEN 'UNIQUE' THEN 'u' ELSE 'f' END AS kind, k.column_name, f.table_name, f.column_name FROM information_schema.table_constraints t JOIN information_schema.key_column_usage k ON k.constraint_schema = t.constraint_schema AND k.constraint_name = t.constraint_name LEFT JOIN information_schema.referential_constraints r ON r.constraint_schema = t.constraint_schema AND r.constraint_name = t.constraint_name LEFT JOIN information_schema.key_column_usage f ON f.constraint_schema = r.unique_constraint_schema AND f.constraint_name = r.unique_constraint_name AND f.ordinal_position = k.position_in_unique_constraint WHERE t.table_schema = ? AND t.constraint_type IN ('PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY') ORDER BY k.table_name, kind, k.constraint_name, k.ordinal_position;

