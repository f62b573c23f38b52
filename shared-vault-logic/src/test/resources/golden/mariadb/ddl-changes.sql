-- createSchema(vault)
CREATE DATABASE IF NOT EXISTS `vault` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- addColumn(vault, sat_customer, email text)
ALTER TABLE `vault`.`sat_customer` ADD COLUMN IF NOT EXISTS `email` LONGTEXT;

-- addAttributeColumn(vault, sat_customer, phone text)
ALTER TABLE `vault`.`sat_customer` ADD COLUMN IF NOT EXISTS `phone` LONGTEXT COMMENT 'vaultstream: added after the table was created';

-- widenColumn(vault, sat_customer, name varchar(50))
ALTER TABLE `vault`.`sat_customer` MODIFY COLUMN `name` VARCHAR(50);

-- createIndex(vault, vs_waiting, vs_waiting_ref, [ref_source, ref_pk])
CREATE INDEX IF NOT EXISTS `vs_waiting_ref` ON `vault`.`vs_waiting` (`ref_source`, `ref_pk`);

-- selectColumns()
SELECT column_name, CONCAT(column_type, IF(character_set_name IS NULL, '', CONCAT(' CHARACTER SET ', character_set_name, ' COLLATE ', collation_name))), column_comment FROM information_schema.columns WHERE table_schema = ? AND table_name = ? ORDER BY ordinal_position;

-- selectIndexes()
SELECT DISTINCT index_name FROM information_schema.statistics WHERE table_schema = ? AND table_name = ?;

-- currentSchema()
SELECT DATABASE();

-- lockSchemaChanges(vault)
SELECT GET_LOCK('vaultstream ddl vault', 600);

-- lockSchemaChanges(null)
SELECT GET_LOCK(CONCAT('vaultstream ddl ', DATABASE()), 600);

-- unlockSchemaChanges(vault)
DO RELEASE_LOCK('vaultstream ddl vault');

-- unlockSchemaChanges(null)
DO RELEASE_LOCK(CONCAT('vaultstream ddl ', DATABASE()));

-- vacuum(vault, vs_waiting)
null;

-- vacuum(vault, vs_errors)
null;

