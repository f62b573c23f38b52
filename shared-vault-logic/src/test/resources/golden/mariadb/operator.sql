-- countRowsPerRecordSource(hub_customer) binding SYSTEM
SELECT `record_source`, count(*), CAST(max(`load_dts`) AS CHAR) FROM `vault`.`hub_customer` WHERE `record_source` <> ? GROUP BY `record_source`;

-- countRowsPerRecordSource(a name with a quote and a backtick)
SELECT `record_source`, count(*), CAST(max(`load_dts`) AS CHAR) FROM `my"s``chema`.`sat_"x``` WHERE `record_source` <> ? GROUP BY `record_source`;

-- countWaitingByState()
SELECT state, count(*) FROM `vault`.`vs_waiting` GROUP BY state ORDER BY state;

-- selectOldestWaiting() binding the state
SELECT TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', min(arrived_at)) FROM `vault`.`vs_waiting` WHERE state = ?;

-- selectAllProgress()
SELECT consumer, topic, kafka_partition, next_offset, CAST(updated_at AS CHAR) FROM `vault`.`vs_progress` ORDER BY consumer, topic, kafka_partition;

-- selectTables()
SELECT table_name FROM information_schema.tables WHERE table_schema = ? ORDER BY table_name;

-- tableExists()
SELECT 1 FROM information_schema.tables WHERE table_schema = ? AND table_name = ?;

-- selectSchemasWithTables(2)
SELECT DISTINCT table_schema FROM information_schema.tables WHERE table_name IN (?, ?) ORDER BY table_schema;

-- selectCacheFigures(vs_key_map) binding the schema
SELECT 'innodb_buffer_pool_size', @@innodb_buffer_pool_size, sum(t.data_length), sum(t.index_length), sum(t.data_length + t.index_length), (SELECT CAST(s.variable_value AS SIGNED) FROM information_schema.global_status s WHERE s.variable_name = 'INNODB_BUFFER_POOL_READS'), (SELECT GREATEST(0, sum(IF(s.variable_name = 'INNODB_BUFFER_POOL_READS', -1, 1) * CAST(s.variable_value AS SIGNED))) FROM information_schema.global_status s WHERE s.variable_name IN ('INNODB_BUFFER_POOL_READ_REQUESTS', 'INNODB_BUFFER_POOL_READS')), 'server' FROM information_schema.tables t WHERE t.table_schema = ? HAVING count(*) > 0;

-- selectErrorFirstSeenMillis()
SELECT x.`id`, TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', x.`first_seen`) DIV 1000 FROM `vault`.`vs_errors` x WHERE x.`id` IN (SELECT u.v FROM JSON_TABLE(?, '$[*]' COLUMNS (v BIGINT PATH '$')) AS u);

-- selectSourceColumns()
SELECT c.table_name, c.column_name, CASE WHEN c.column_type = 'tinyint(1)' THEN 'boolean' WHEN c.data_type = 'tinyint' THEN 'smallint' WHEN c.data_type = 'smallint' THEN IF(c.column_type LIKE '%unsigned%', 'integer', 'smallint') WHEN c.data_type = 'mediumint' THEN 'integer' WHEN c.data_type = 'int' THEN IF(c.column_type LIKE '%unsigned%', 'bigint', 'integer') WHEN c.data_type = 'bigint' THEN IF(c.column_type LIKE '%unsigned%', 'numeric(20,0)', 'bigint') WHEN c.data_type = 'decimal' THEN CONCAT('numeric(', c.numeric_precision, ',', c.numeric_scale, ')') WHEN c.data_type = 'float' THEN 'real' WHEN c.data_type = 'double' THEN 'double precision' WHEN c.data_type = 'varchar' THEN CONCAT('varchar(', c.character_maximum_length, ')') WHEN c.data_type = 'char' THEN CONCAT('char(', c.character_maximum_length, ')') WHEN c.data_type IN ('tinytext', 'text', 'mediumtext', 'longtext') THEN 'text' WHEN c.data_type IN ('binary', 'varbinary', 'tinyblob', 'blob', 'mediumblob', 'longblob') THEN 'bytea' WHEN c.data_type = 'date' THEN 'date' WHEN c.data_type = 'datetime' THEN CONCAT('timestamp(', c.datetime_precision, ')') WHEN c.data_type = 'timestamp' THEN CONCAT('timestamptz(', c.datetime_precision, ')') WHEN c.data_type = 'time' THEN CONCAT('time(', c.datetime_precision, ')') WHEN c.data_type = 'uuid' THEN 'uuid' ELSE c.column_type END FROM information_schema.columns c JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name WHERE c.table_schema = ? AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.ordinal_position;

-- selectSourceConstraints()
SELECT k.table_name, k.constraint_name, CASE t.constraint_type WHEN 'PRIMARY KEY' THEN 'p' WHEN 'UNIQUE' THEN 'u' ELSE 'f' END AS kind, k.column_name, k.referenced_table_name, k.referenced_column_name FROM information_schema.table_constraints t JOIN information_schema.key_column_usage k ON k.table_schema = t.table_schema AND k.table_name = t.table_name AND k.constraint_name = t.constraint_name WHERE t.table_schema = ? AND t.constraint_type IN ('PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY') ORDER BY k.table_name, kind, k.constraint_name, k.ordinal_position;

