package io.vaultstream.dialect.mariadb;

import io.vaultstream.dialect.OperatorStatements;

/**
 * MariaDB's (and MySQL's) {@link OperatorStatements}: a schema is a database, timestamps are
 * DATETIME(6) holding UTC, a set of ids is one parameter holding a JSON array. Names go through the
 * dialect's {@link #quote} and {@link #table}.
 */
public interface MariaDbOperatorStatements extends OperatorStatements, MariaDbSyntax {

  @Override
  default String selectErrorFirstSeenMillis(String schema, String errorsTable) {
    return "SELECT x."
        + quote("id")
        + ", TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', x."
        + quote("first_seen")
        + ") DIV 1000 FROM "
        + table(schema, errorsTable)
        + " x WHERE x."
        + quote("id")
        + " IN (SELECT u.v FROM JSON_TABLE(?, '$[*]' COLUMNS (v BIGINT PATH '$')) AS u)";
  }

  @Override
  default String selectCacheFigures(String keyMapTable) {
    // InnoDB stores a table's rows in its primary key, so the tables as well as their indexes are
    // what a batch reaches at random (the key map among them); its page reads are counted for the
    // whole server only. Its
    // table sizes are estimates, refreshed with its statistics.
    return "SELECT 'innodb_buffer_pool_size', @@innodb_buffer_pool_size,"
        + " sum(t.data_length), sum(t.index_length), sum(t.data_length + t.index_length),"
        + " (SELECT CAST(s.variable_value AS SIGNED) FROM information_schema.global_status s"
        + " WHERE s.variable_name = 'INNODB_BUFFER_POOL_READS'),"
        + " (SELECT GREATEST(0, sum(IF(s.variable_name = 'INNODB_BUFFER_POOL_READS', -1, 1)"
        + " * CAST(s.variable_value AS SIGNED))) FROM information_schema.global_status s"
        + " WHERE s.variable_name IN ('INNODB_BUFFER_POOL_READ_REQUESTS',"
        + " 'INNODB_BUFFER_POOL_READS')),"
        + " 'server' FROM information_schema.tables t WHERE t.table_schema = ?"
        + " HAVING count(*) > 0";
  }

  @Override
  default String selectSourceColumns() {
    // The types a model declares, from MariaDB's own: TINYINT(1) is MariaDB's BOOLEAN, unsigned
    // integers take the next wider type, DATETIME is a timestamp without and TIMESTAMP one with
    // a time zone (Debezium's MicroTimestamp and ZonedTimestamp).
    return "SELECT c.table_name, c.column_name, CASE"
        + " WHEN c.column_type = 'tinyint(1)' THEN 'boolean'"
        + " WHEN c.data_type = 'tinyint' THEN 'smallint'"
        + " WHEN c.data_type = 'smallint' THEN IF(c.column_type LIKE '%unsigned%', 'integer',"
        + " 'smallint')"
        + " WHEN c.data_type = 'mediumint' THEN 'integer'"
        + " WHEN c.data_type = 'int' THEN IF(c.column_type LIKE '%unsigned%', 'bigint', 'integer')"
        + " WHEN c.data_type = 'bigint' THEN IF(c.column_type LIKE '%unsigned%', 'numeric(20,0)',"
        + " 'bigint')"
        + " WHEN c.data_type = 'decimal' THEN CONCAT('numeric(', c.numeric_precision, ',',"
        + " c.numeric_scale, ')')"
        + " WHEN c.data_type = 'float' THEN 'real'"
        + " WHEN c.data_type = 'double' THEN 'double precision'"
        + " WHEN c.data_type = 'varchar' THEN CONCAT('varchar(', c.character_maximum_length, ')')"
        + " WHEN c.data_type = 'char' THEN CONCAT('char(', c.character_maximum_length, ')')"
        + " WHEN c.data_type IN ('tinytext', 'text', 'mediumtext', 'longtext') THEN 'text'"
        + " WHEN c.data_type IN ('binary', 'varbinary', 'tinyblob', 'blob', 'mediumblob',"
        + " 'longblob') THEN 'bytea'"
        + " WHEN c.data_type = 'date' THEN 'date'"
        + " WHEN c.data_type = 'datetime' THEN CONCAT('timestamp(', c.datetime_precision, ')')"
        + " WHEN c.data_type = 'timestamp' THEN CONCAT('timestamptz(', c.datetime_precision, ')')"
        + " WHEN c.data_type = 'time' THEN CONCAT('time(', c.datetime_precision, ')')"
        + " WHEN c.data_type = 'uuid' THEN 'uuid'"
        + " ELSE c.column_type END"
        + " FROM information_schema.columns c JOIN information_schema.tables t"
        + " ON t.table_schema = c.table_schema AND t.table_name = c.table_name"
        + " WHERE c.table_schema = ? AND t.table_type = 'BASE TABLE'"
        + " ORDER BY c.table_name, c.ordinal_position";
  }

  @Override
  default String selectSourceConstraints() {
    return "SELECT k.table_name, k.constraint_name, CASE t.constraint_type"
        + " WHEN 'PRIMARY KEY' THEN 'p' WHEN 'UNIQUE' THEN 'u' ELSE 'f' END AS kind,"
        + " k.column_name, k.referenced_table_name, k.referenced_column_name"
        + " FROM information_schema.table_constraints t"
        + " JOIN information_schema.key_column_usage k ON k.table_schema = t.table_schema"
        + " AND k.table_name = t.table_name AND k.constraint_name = t.constraint_name"
        + " WHERE t.table_schema = ? AND t.constraint_type IN ('PRIMARY KEY', 'UNIQUE',"
        + " 'FOREIGN KEY')"
        + " ORDER BY k.table_name, kind, k.constraint_name, k.ordinal_position";
  }
}
