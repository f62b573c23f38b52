-- DdlScript.statements #1
CREATE DATABASE IF NOT EXISTS `vault` CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #2
CREATE TABLE IF NOT EXISTS `vault`.`hub_customer` (
  `customer_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `customer_no` LONGTEXT,
  `load_dts` DATETIME(6) NOT NULL,
  `record_source` LONGTEXT NOT NULL,
  `loaded_at` DATETIME(6) NOT NULL,
  PRIMARY KEY (`customer_hk`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #3
CREATE TABLE IF NOT EXISTS `vault`.`hub_product` (
  `product_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `sku` LONGTEXT,
  `load_dts` DATETIME(6) NOT NULL,
  `record_source` LONGTEXT NOT NULL,
  `loaded_at` DATETIME(6) NOT NULL,
  PRIMARY KEY (`product_hk`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #4
CREATE TABLE IF NOT EXISTS `vault`.`hub_order` (
  `order_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `order_no` LONGTEXT,
  `load_dts` DATETIME(6) NOT NULL,
  `record_source` LONGTEXT NOT NULL,
  `loaded_at` DATETIME(6) NOT NULL,
  PRIMARY KEY (`order_hk`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #5
CREATE TABLE IF NOT EXISTS `vault`.`lnk_order_customer` (
  `order_customer_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `order_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `customer_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `load_dts` DATETIME(6) NOT NULL,
  `record_source` LONGTEXT NOT NULL,
  `loaded_at` DATETIME(6) NOT NULL,
  PRIMARY KEY (`order_customer_hk`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #6
CREATE TABLE IF NOT EXISTS `vault`.`lnk_order_line` (
  `order_line_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `order_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `product_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `line_no` LONGTEXT,
  `load_dts` DATETIME(6) NOT NULL,
  `record_source` LONGTEXT NOT NULL,
  `loaded_at` DATETIME(6) NOT NULL,
  PRIMARY KEY (`order_line_hk`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #7
CREATE TABLE IF NOT EXISTS `vault`.`nhl_payment` (
  `payment_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `order_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `id` LONGTEXT,
  `load_dts` DATETIME(6) NOT NULL,
  `record_source` LONGTEXT NOT NULL,
  `paid_at` LONGTEXT,
  `amount` LONGTEXT,
  `method` LONGTEXT,
  `loaded_at` DATETIME(6) NOT NULL,
  PRIMARY KEY (`payment_hk`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #8
CREATE TABLE IF NOT EXISTS `vault`.`sat_customer` (
  `customer_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `load_dts` DATETIME(6) NOT NULL,
  `record_source` LONGTEXT NOT NULL,
  `hash_diff` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `delete_flag` BOOLEAN NOT NULL,
  `name` LONGTEXT,
  `email` LONGTEXT,
  `city` LONGTEXT,
  `updated_at` LONGTEXT,
  `loaded_at` DATETIME(6) NOT NULL,
  PRIMARY KEY (`customer_hk`, `load_dts`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #9
CREATE TABLE IF NOT EXISTS `vault`.`sat_product` (
  `product_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `load_dts` DATETIME(6) NOT NULL,
  `record_source` LONGTEXT NOT NULL,
  `hash_diff` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `delete_flag` BOOLEAN NOT NULL,
  `loaded_at` DATETIME(6) NOT NULL,
  PRIMARY KEY (`product_hk`, `load_dts`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #10
CREATE TABLE IF NOT EXISTS `vault`.`sat_order` (
  `order_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `load_dts` DATETIME(6) NOT NULL,
  `record_source` LONGTEXT NOT NULL,
  `hash_diff` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `delete_flag` BOOLEAN NOT NULL,
  `ordered_at` LONGTEXT,
  `status` LONGTEXT,
  `loaded_at` DATETIME(6) NOT NULL,
  PRIMARY KEY (`order_hk`, `load_dts`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #11
CREATE TABLE IF NOT EXISTS `vault`.`lsat_order_line` (
  `order_line_hk` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `load_dts` DATETIME(6) NOT NULL,
  `record_source` LONGTEXT NOT NULL,
  `hash_diff` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `delete_flag` BOOLEAN NOT NULL,
  `qty` LONGTEXT,
  `amount` LONGTEXT,
  `loaded_at` DATETIME(6) NOT NULL,
  PRIMARY KEY (`order_line_hk`, `load_dts`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #12
CREATE TABLE IF NOT EXISTS `vault`.`ref_order_status` (
  `code` VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  `load_dts` DATETIME(6) NOT NULL,
  `record_source` LONGTEXT NOT NULL,
  `hash_diff` CHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `delete_flag` BOOLEAN NOT NULL,
  `description` LONGTEXT,
  `loaded_at` DATETIME(6) NOT NULL,
  PRIMARY KEY (`code`, `load_dts`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #13
CREATE TABLE IF NOT EXISTS `vault`.`vs_key_map` (
  `source_table` VARCHAR(380) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  `pk` VARCHAR(380) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  `valid_from` DATETIME(6) NOT NULL,
  `key_values` LONGTEXT NOT NULL,
  PRIMARY KEY (`source_table`, `pk`, `valid_from`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #14
CREATE TABLE IF NOT EXISTS `vault`.`vs_repeats` (
  `target_table` VARCHAR(380) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  `row_key` VARCHAR(380) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  `load_dts` DATETIME(6) NOT NULL,
  `record_source` LONGTEXT NOT NULL,
  `audit` LONGTEXT,
  PRIMARY KEY (`target_table`, `row_key`, `load_dts`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #15
CREATE TABLE IF NOT EXISTS `vault`.`vs_waiting` (
  `topic` VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  `kafka_partition` INT NOT NULL,
  `kafka_offset` BIGINT NOT NULL,
  `source_table` LONGTEXT NOT NULL,
  `target_object` LONGTEXT NOT NULL,
  `message` LONGTEXT,
  `ref_source` VARCHAR(380) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin,
  `ref_pk` VARCHAR(380) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin,
  `links_only` BOOLEAN NOT NULL,
  `operation` LONGTEXT,
  `event_time` DATETIME(6),
  `record_key` LONGTEXT,
  `record_value` LONGTEXT,
  `event` LONGTEXT,
  `attempts` INT NOT NULL,
  `last_attempt` DATETIME(6),
  `state` VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `arrived_at` DATETIME(6) NOT NULL,
  PRIMARY KEY (`topic`, `kafka_partition`, `kafka_offset`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #16
CREATE TABLE IF NOT EXISTS `vault`.`vs_errors` (
  `id` BIGINT AUTO_INCREMENT NOT NULL,
  `error_code` VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  `topic` VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  `kafka_partition` INT NOT NULL,
  `kafka_offset` BIGINT NOT NULL,
  `source_table` LONGTEXT NOT NULL,
  `target_object` VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  `message` LONGTEXT,
  `ref_source` VARCHAR(380) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin,
  `ref_pk` VARCHAR(380) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin,
  `links_only` BOOLEAN NOT NULL,
  `operation` LONGTEXT,
  `event_time` DATETIME(6),
  `record_key` LONGTEXT,
  `record_value` LONGTEXT,
  `event` LONGTEXT,
  `attempts` INT NOT NULL,
  `last_attempt` DATETIME(6),
  `first_seen` DATETIME(6) NOT NULL,
  `expires_at` DATETIME(6),
  PRIMARY KEY (`topic`, `kafka_partition`, `kafka_offset`, `error_code`, `target_object`),
  UNIQUE KEY `vs_errors_id` (`id`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #17
CREATE TABLE IF NOT EXISTS `vault`.`vs_progress` (
  `consumer` VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  `topic` VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  `kafka_partition` INT NOT NULL,
  `next_offset` BIGINT NOT NULL,
  `updated_at` DATETIME(6) NOT NULL,
  `anchor_offset` BIGINT,
  `anchor_ts` BIGINT,
  PRIMARY KEY (`consumer`, `topic`, `kafka_partition`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #18
CREATE TABLE IF NOT EXISTS `vault`.`vs_writers` (
  `writer` VARCHAR(380) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  `mark` BIGINT NOT NULL,
  `written_at` BIGINT NOT NULL,
  PRIMARY KEY (`writer`)
) ENGINE=InnoDB DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- DdlScript.statements #19
CREATE TABLE IF NOT EXISTS `vault`.`vs_locks` (`id` BIGINT NOT NULL PRIMARY KEY) ENGINE=InnoDB;

-- DdlScript.statements #20
ALTER TABLE `vault`.`vs_progress` ADD COLUMN IF NOT EXISTS `anchor_offset` BIGINT;

-- DdlScript.statements #21
ALTER TABLE `vault`.`vs_progress` ADD COLUMN IF NOT EXISTS `anchor_ts` BIGINT;

-- DdlScript.statements #22
CREATE INDEX IF NOT EXISTS `vs_waiting_ref` ON `vault`.`vs_waiting` (`ref_source`, `ref_pk`);

-- DdlScript.statements #23
CREATE INDEX IF NOT EXISTS `vs_errors_ref` ON `vault`.`vs_errors` (`ref_source`, `ref_pk`);

-- DdlScript.statements #24
CREATE INDEX IF NOT EXISTS `vs_waiting_due` ON `vault`.`vs_waiting` (`state`, `arrived_at`);

-- DdlScript.statements #25
CREATE INDEX IF NOT EXISTS `vs_errors_due` ON `vault`.`vs_errors` (`error_code`, `expires_at`);

-- DdlScript.statements #26
INSERT INTO `vault`.`hub_customer` (`customer_hk`, `load_dts`, `record_source`, `loaded_at`) VALUES ('00000000000000000000000000000000', '1900-01-01 00:00:00.000000', 'SYSTEM', '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`hub_customer`.`customer_hk` = `vault`.`hub_customer`.`customer_hk`;

-- DdlScript.statements #27
INSERT INTO `vault`.`hub_customer` (`customer_hk`, `load_dts`, `record_source`, `loaded_at`) VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', '1900-01-01 00:00:00.000000', 'SYSTEM', '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`hub_customer`.`customer_hk` = `vault`.`hub_customer`.`customer_hk`;

-- DdlScript.statements #28
INSERT INTO `vault`.`hub_product` (`product_hk`, `load_dts`, `record_source`, `loaded_at`) VALUES ('00000000000000000000000000000000', '1900-01-01 00:00:00.000000', 'SYSTEM', '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`hub_product`.`product_hk` = `vault`.`hub_product`.`product_hk`;

-- DdlScript.statements #29
INSERT INTO `vault`.`hub_product` (`product_hk`, `load_dts`, `record_source`, `loaded_at`) VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', '1900-01-01 00:00:00.000000', 'SYSTEM', '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`hub_product`.`product_hk` = `vault`.`hub_product`.`product_hk`;

-- DdlScript.statements #30
INSERT INTO `vault`.`hub_order` (`order_hk`, `load_dts`, `record_source`, `loaded_at`) VALUES ('00000000000000000000000000000000', '1900-01-01 00:00:00.000000', 'SYSTEM', '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`hub_order`.`order_hk` = `vault`.`hub_order`.`order_hk`;

-- DdlScript.statements #31
INSERT INTO `vault`.`hub_order` (`order_hk`, `load_dts`, `record_source`, `loaded_at`) VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', '1900-01-01 00:00:00.000000', 'SYSTEM', '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`hub_order`.`order_hk` = `vault`.`hub_order`.`order_hk`;

-- DdlScript.statements #32
INSERT INTO `vault`.`lnk_order_customer` (`order_customer_hk`, `order_hk`, `customer_hk`, `load_dts`, `record_source`, `loaded_at`) VALUES ('00000000000000000000000000000000', '00000000000000000000000000000000', '00000000000000000000000000000000', '1900-01-01 00:00:00.000000', 'SYSTEM', '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`lnk_order_customer`.`order_customer_hk` = `vault`.`lnk_order_customer`.`order_customer_hk`;

-- DdlScript.statements #33
INSERT INTO `vault`.`lnk_order_customer` (`order_customer_hk`, `order_hk`, `customer_hk`, `load_dts`, `record_source`, `loaded_at`) VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', '1900-01-01 00:00:00.000000', 'SYSTEM', '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`lnk_order_customer`.`order_customer_hk` = `vault`.`lnk_order_customer`.`order_customer_hk`;

-- DdlScript.statements #34
INSERT INTO `vault`.`lnk_order_line` (`order_line_hk`, `order_hk`, `product_hk`, `load_dts`, `record_source`, `loaded_at`) VALUES ('00000000000000000000000000000000', '00000000000000000000000000000000', '00000000000000000000000000000000', '1900-01-01 00:00:00.000000', 'SYSTEM', '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`lnk_order_line`.`order_line_hk` = `vault`.`lnk_order_line`.`order_line_hk`;

-- DdlScript.statements #35
INSERT INTO `vault`.`lnk_order_line` (`order_line_hk`, `order_hk`, `product_hk`, `load_dts`, `record_source`, `loaded_at`) VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', '1900-01-01 00:00:00.000000', 'SYSTEM', '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`lnk_order_line`.`order_line_hk` = `vault`.`lnk_order_line`.`order_line_hk`;

-- DdlScript.statements #36
INSERT INTO `vault`.`nhl_payment` (`payment_hk`, `order_hk`, `load_dts`, `record_source`, `loaded_at`) VALUES ('00000000000000000000000000000000', '00000000000000000000000000000000', '1900-01-01 00:00:00.000000', 'SYSTEM', '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`nhl_payment`.`payment_hk` = `vault`.`nhl_payment`.`payment_hk`;

-- DdlScript.statements #37
INSERT INTO `vault`.`nhl_payment` (`payment_hk`, `order_hk`, `load_dts`, `record_source`, `loaded_at`) VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', '1900-01-01 00:00:00.000000', 'SYSTEM', '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`nhl_payment`.`payment_hk` = `vault`.`nhl_payment`.`payment_hk`;

-- DdlScript.statements #38
INSERT INTO `vault`.`sat_customer` (`customer_hk`, `load_dts`, `record_source`, `hash_diff`, `delete_flag`, `loaded_at`) VALUES ('00000000000000000000000000000000', '1900-01-01 00:00:00.000000', 'SYSTEM', '00000000000000000000000000000000', (CASE WHEN '0' IN ('true', 't', '1') THEN 1 WHEN '0' IN ('false', 'f', '0') THEN 0 END), '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`sat_customer`.`customer_hk` = `vault`.`sat_customer`.`customer_hk`;

-- DdlScript.statements #39
INSERT INTO `vault`.`sat_customer` (`customer_hk`, `load_dts`, `record_source`, `hash_diff`, `delete_flag`, `loaded_at`) VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', '1900-01-01 00:00:00.000000', 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', (CASE WHEN '0' IN ('true', 't', '1') THEN 1 WHEN '0' IN ('false', 'f', '0') THEN 0 END), '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`sat_customer`.`customer_hk` = `vault`.`sat_customer`.`customer_hk`;

-- DdlScript.statements #40
INSERT INTO `vault`.`sat_product` (`product_hk`, `load_dts`, `record_source`, `hash_diff`, `delete_flag`, `loaded_at`) VALUES ('00000000000000000000000000000000', '1900-01-01 00:00:00.000000', 'SYSTEM', '00000000000000000000000000000000', (CASE WHEN '0' IN ('true', 't', '1') THEN 1 WHEN '0' IN ('false', 'f', '0') THEN 0 END), '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`sat_product`.`product_hk` = `vault`.`sat_product`.`product_hk`;

-- DdlScript.statements #41
INSERT INTO `vault`.`sat_product` (`product_hk`, `load_dts`, `record_source`, `hash_diff`, `delete_flag`, `loaded_at`) VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', '1900-01-01 00:00:00.000000', 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', (CASE WHEN '0' IN ('true', 't', '1') THEN 1 WHEN '0' IN ('false', 'f', '0') THEN 0 END), '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`sat_product`.`product_hk` = `vault`.`sat_product`.`product_hk`;

-- DdlScript.statements #42
INSERT INTO `vault`.`sat_order` (`order_hk`, `load_dts`, `record_source`, `hash_diff`, `delete_flag`, `loaded_at`) VALUES ('00000000000000000000000000000000', '1900-01-01 00:00:00.000000', 'SYSTEM', '00000000000000000000000000000000', (CASE WHEN '0' IN ('true', 't', '1') THEN 1 WHEN '0' IN ('false', 'f', '0') THEN 0 END), '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`sat_order`.`order_hk` = `vault`.`sat_order`.`order_hk`;

-- DdlScript.statements #43
INSERT INTO `vault`.`sat_order` (`order_hk`, `load_dts`, `record_source`, `hash_diff`, `delete_flag`, `loaded_at`) VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', '1900-01-01 00:00:00.000000', 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', (CASE WHEN '0' IN ('true', 't', '1') THEN 1 WHEN '0' IN ('false', 'f', '0') THEN 0 END), '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`sat_order`.`order_hk` = `vault`.`sat_order`.`order_hk`;

-- DdlScript.statements #44
INSERT INTO `vault`.`lsat_order_line` (`order_line_hk`, `load_dts`, `record_source`, `hash_diff`, `delete_flag`, `loaded_at`) VALUES ('00000000000000000000000000000000', '1900-01-01 00:00:00.000000', 'SYSTEM', '00000000000000000000000000000000', (CASE WHEN '0' IN ('true', 't', '1') THEN 1 WHEN '0' IN ('false', 'f', '0') THEN 0 END), '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`lsat_order_line`.`order_line_hk` = `vault`.`lsat_order_line`.`order_line_hk`;

-- DdlScript.statements #45
INSERT INTO `vault`.`lsat_order_line` (`order_line_hk`, `load_dts`, `record_source`, `hash_diff`, `delete_flag`, `loaded_at`) VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', '1900-01-01 00:00:00.000000', 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', (CASE WHEN '0' IN ('true', 't', '1') THEN 1 WHEN '0' IN ('false', 'f', '0') THEN 0 END), '1900-01-01 00:00:00.000000')
ON DUPLICATE KEY UPDATE `vault`.`lsat_order_line`.`order_line_hk` = `vault`.`lsat_order_line`.`order_line_hk`;

