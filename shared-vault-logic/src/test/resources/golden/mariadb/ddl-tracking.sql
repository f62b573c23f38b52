-- createTable(eff_order_customer)
CREATE TABLE IF NOT EXISTS `vault`.`eff_order_customer` (
  `order_customer_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `load_dts` DATETIME(6) NOT NULL,
  `record_source` LONGTEXT NOT NULL,
  `hash_diff` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `delete_flag` BOOLEAN NOT NULL,
  `is_active` BOOLEAN,
  `loaded_at` DATETIME(6) NOT NULL,
  PRIMARY KEY (`order_customer_hk`, `load_dts`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- ghosts(eff_order_customer)
INSERT INTO `vault`.`eff_order_customer` (`order_customer_hk`, `load_dts`, `record_source`, `hash_diff`, `delete_flag`, `loaded_at`) VALUES ('00000000000000000000000000000000', '1900-01-01 00:00:00.000000', 'SYSTEM', '00000000000000000000000000000000', (CASE WHEN '0' IN ('true', 't', '1') THEN 1 WHEN '0' IN ('false', 'f', '0') THEN 0 END), '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`eff_order_customer`.`order_customer_hk` = `vault`.`eff_order_customer`.`order_customer_hk`;
INSERT INTO `vault`.`eff_order_customer` (`order_customer_hk`, `load_dts`, `record_source`, `hash_diff`, `delete_flag`, `loaded_at`) VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', '1900-01-01 00:00:00.000000', 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', (CASE WHEN '0' IN ('true', 't', '1') THEN 1 WHEN '0' IN ('false', 'f', '0') THEN 0 END), '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`eff_order_customer`.`order_customer_hk` = `vault`.`eff_order_customer`.`order_customer_hk`;

-- insertNew(eff_order_customer)
INSERT INTO `vault`.`eff_order_customer` (`order_customer_hk`, `load_dts`, `record_source`, `hash_diff`, `delete_flag`, `is_active`, `loaded_at`)
SELECT u.`order_customer_hk`, u.`load_dts`, u.`record_source`, u.`hash_diff`, (CASE WHEN u.`delete_flag` IN ('true', 't', '1') THEN 1 WHEN u.`delete_flag` IN ('false', 'f', '0') THEN 0 END), (CASE WHEN u.`is_active` IN ('true', 't', '1') THEN 1 WHEN u.`is_active` IN ('false', 'f', '0') THEN 0 END), UTC_TIMESTAMP(6) FROM JSON_TABLE(?, '$[*]' COLUMNS (`order_customer_hk` VARCHAR(1024) CHARACTER SET ascii COLLATE ascii_bin PATH '$[0]', `load_dts` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[1]', `record_source` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[2]', `hash_diff` VARCHAR(1024) CHARACTER SET ascii COLLATE ascii_bin PATH '$[3]', `delete_flag` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[4]', `is_active` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[5]')) AS u;

-- selectHistoryAround(eff_order_customer, [order_customer_hk])
SELECT x.`order_customer_hk`, TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', x.`load_dts`), x.`hash_diff`, CAST(x.`delete_flag` AS CHAR), CAST(x.`is_active` AS CHAR) FROM JSON_TABLE(?, '$[*]' COLUMNS (`order_customer_hk` VARCHAR(1024) CHARACTER SET ascii COLLATE ascii_bin PATH '$[0]', `t__` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[1]')) AS k STRAIGHT_JOIN `vault`.`eff_order_customer` AS x FORCE INDEX (PRIMARY) ON x.`order_customer_hk` = k.`order_customer_hk` AND x.`load_dts` >= COALESCE((SELECT MAX(y.`load_dts`) FROM `vault`.`eff_order_customer` AS y FORCE INDEX (PRIMARY) WHERE y.`order_customer_hk` = k.`order_customer_hk` AND y.`load_dts` < CAST(k.`t__` AS DATETIME(6))), CAST(k.`t__` AS DATETIME(6)));

-- createTable(sts_customer)
CREATE TABLE IF NOT EXISTS `vault`.`sts_customer` (
  `customer_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `load_dts` DATETIME(6) NOT NULL,
  `record_source` LONGTEXT NOT NULL,
  `hash_diff` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `delete_flag` BOOLEAN NOT NULL,
  `is_active` BOOLEAN,
  `loaded_at` DATETIME(6) NOT NULL,
  PRIMARY KEY (`customer_hk`, `load_dts`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- ghosts(sts_customer)
INSERT INTO `vault`.`sts_customer` (`customer_hk`, `load_dts`, `record_source`, `hash_diff`, `delete_flag`, `loaded_at`) VALUES ('00000000000000000000000000000000', '1900-01-01 00:00:00.000000', 'SYSTEM', '00000000000000000000000000000000', (CASE WHEN '0' IN ('true', 't', '1') THEN 1 WHEN '0' IN ('false', 'f', '0') THEN 0 END), '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`sts_customer`.`customer_hk` = `vault`.`sts_customer`.`customer_hk`;
INSERT INTO `vault`.`sts_customer` (`customer_hk`, `load_dts`, `record_source`, `hash_diff`, `delete_flag`, `loaded_at`) VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', '1900-01-01 00:00:00.000000', 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', (CASE WHEN '0' IN ('true', 't', '1') THEN 1 WHEN '0' IN ('false', 'f', '0') THEN 0 END), '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`sts_customer`.`customer_hk` = `vault`.`sts_customer`.`customer_hk`;

-- insertNew(sts_customer)
INSERT INTO `vault`.`sts_customer` (`customer_hk`, `load_dts`, `record_source`, `hash_diff`, `delete_flag`, `is_active`, `loaded_at`)
SELECT u.`customer_hk`, u.`load_dts`, u.`record_source`, u.`hash_diff`, (CASE WHEN u.`delete_flag` IN ('true', 't', '1') THEN 1 WHEN u.`delete_flag` IN ('false', 'f', '0') THEN 0 END), (CASE WHEN u.`is_active` IN ('true', 't', '1') THEN 1 WHEN u.`is_active` IN ('false', 'f', '0') THEN 0 END), UTC_TIMESTAMP(6) FROM JSON_TABLE(?, '$[*]' COLUMNS (`customer_hk` VARCHAR(1024) CHARACTER SET ascii COLLATE ascii_bin PATH '$[0]', `load_dts` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[1]', `record_source` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[2]', `hash_diff` VARCHAR(1024) CHARACTER SET ascii COLLATE ascii_bin PATH '$[3]', `delete_flag` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[4]', `is_active` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[5]')) AS u;

-- selectHistoryAround(sts_customer, [customer_hk])
SELECT x.`customer_hk`, TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', x.`load_dts`), x.`hash_diff`, CAST(x.`delete_flag` AS CHAR), CAST(x.`is_active` AS CHAR) FROM JSON_TABLE(?, '$[*]' COLUMNS (`customer_hk` VARCHAR(1024) CHARACTER SET ascii COLLATE ascii_bin PATH '$[0]', `t__` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[1]')) AS k STRAIGHT_JOIN `vault`.`sts_customer` AS x FORCE INDEX (PRIMARY) ON x.`customer_hk` = k.`customer_hk` AND x.`load_dts` >= COALESCE((SELECT MAX(y.`load_dts`) FROM `vault`.`sts_customer` AS y FORCE INDEX (PRIMARY) WHERE y.`customer_hk` = k.`customer_hk` AND y.`load_dts` < CAST(k.`t__` AS DATETIME(6))), CAST(k.`t__` AS DATETIME(6)));

-- createTable(sts_order)
CREATE TABLE IF NOT EXISTS `vault`.`sts_order` (
  `order_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `load_dts` DATETIME(6) NOT NULL,
  `record_source` LONGTEXT NOT NULL,
  `hash_diff` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `delete_flag` BOOLEAN NOT NULL,
  `is_active` BOOLEAN,
  `loaded_at` DATETIME(6) NOT NULL,
  PRIMARY KEY (`order_hk`, `load_dts`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- ghosts(sts_order)
INSERT INTO `vault`.`sts_order` (`order_hk`, `load_dts`, `record_source`, `hash_diff`, `delete_flag`, `loaded_at`) VALUES ('00000000000000000000000000000000', '1900-01-01 00:00:00.000000', 'SYSTEM', '00000000000000000000000000000000', (CASE WHEN '0' IN ('true', 't', '1') THEN 1 WHEN '0' IN ('false', 'f', '0') THEN 0 END), '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`sts_order`.`order_hk` = `vault`.`sts_order`.`order_hk`;
INSERT INTO `vault`.`sts_order` (`order_hk`, `load_dts`, `record_source`, `hash_diff`, `delete_flag`, `loaded_at`) VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', '1900-01-01 00:00:00.000000', 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', (CASE WHEN '0' IN ('true', 't', '1') THEN 1 WHEN '0' IN ('false', 'f', '0') THEN 0 END), '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`sts_order`.`order_hk` = `vault`.`sts_order`.`order_hk`;

-- insertNew(sts_order)
INSERT INTO `vault`.`sts_order` (`order_hk`, `load_dts`, `record_source`, `hash_diff`, `delete_flag`, `is_active`, `loaded_at`)
SELECT u.`order_hk`, u.`load_dts`, u.`record_source`, u.`hash_diff`, (CASE WHEN u.`delete_flag` IN ('true', 't', '1') THEN 1 WHEN u.`delete_flag` IN ('false', 'f', '0') THEN 0 END), (CASE WHEN u.`is_active` IN ('true', 't', '1') THEN 1 WHEN u.`is_active` IN ('false', 'f', '0') THEN 0 END), UTC_TIMESTAMP(6) FROM JSON_TABLE(?, '$[*]' COLUMNS (`order_hk` VARCHAR(1024) CHARACTER SET ascii COLLATE ascii_bin PATH '$[0]', `load_dts` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[1]', `record_source` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[2]', `hash_diff` VARCHAR(1024) CHARACTER SET ascii COLLATE ascii_bin PATH '$[3]', `delete_flag` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[4]', `is_active` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[5]')) AS u;

-- selectHistoryAround(sts_order, [order_hk])
SELECT x.`order_hk`, TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', x.`load_dts`), x.`hash_diff`, CAST(x.`delete_flag` AS CHAR), CAST(x.`is_active` AS CHAR) FROM JSON_TABLE(?, '$[*]' COLUMNS (`order_hk` VARCHAR(1024) CHARACTER SET ascii COLLATE ascii_bin PATH '$[0]', `t__` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[1]')) AS k STRAIGHT_JOIN `vault`.`sts_order` AS x FORCE INDEX (PRIMARY) ON x.`order_hk` = k.`order_hk` AND x.`load_dts` >= COALESCE((SELECT MAX(y.`load_dts`) FROM `vault`.`sts_order` AS y FORCE INDEX (PRIMARY) WHERE y.`order_hk` = k.`order_hk` AND y.`load_dts` < CAST(k.`t__` AS DATETIME(6))), CAST(k.`t__` AS DATETIME(6)));

