-- selectHistoryAround(sat_customer, [customer_hk])
SELECT x.`customer_hk`, TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', x.`load_dts`), x.`hash_diff`, CAST(x.`delete_flag` AS CHAR), x.`name`, x.`email`, x.`city`, x.`updated_at` FROM JSON_TABLE(?, '$[*]' COLUMNS (`customer_hk` VARCHAR(1024) CHARACTER SET ascii COLLATE ascii_bin PATH '$[0]', `t__` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[1]')) AS k STRAIGHT_JOIN `vault`.`sat_customer` AS x FORCE INDEX (PRIMARY) ON x.`customer_hk` = k.`customer_hk` AND x.`load_dts` >= COALESCE((SELECT MAX(y.`load_dts`) FROM `vault`.`sat_customer` AS y FORCE INDEX (PRIMARY) WHERE y.`customer_hk` = k.`customer_hk` AND y.`load_dts` < CAST(k.`t__` AS DATETIME(6))), CAST(k.`t__` AS DATETIME(6)));

-- selectHistoryAround(sat_product, [product_hk])
SELECT x.`product_hk`, TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', x.`load_dts`), x.`hash_diff`, CAST(x.`delete_flag` AS CHAR) FROM JSON_TABLE(?, '$[*]' COLUMNS (`product_hk` VARCHAR(1024) CHARACTER SET ascii COLLATE ascii_bin PATH '$[0]', `t__` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[1]')) AS k STRAIGHT_JOIN `vault`.`sat_product` AS x FORCE INDEX (PRIMARY) ON x.`product_hk` = k.`product_hk` AND x.`load_dts` >= COALESCE((SELECT MAX(y.`load_dts`) FROM `vault`.`sat_product` AS y FORCE INDEX (PRIMARY) WHERE y.`product_hk` = k.`product_hk` AND y.`load_dts` < CAST(k.`t__` AS DATETIME(6))), CAST(k.`t__` AS DATETIME(6)));

-- selectHistoryAround(sat_order, [order_hk])
SELECT x.`order_hk`, TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', x.`load_dts`), x.`hash_diff`, CAST(x.`delete_flag` AS CHAR), x.`ordered_at`, x.`status` FROM JSON_TABLE(?, '$[*]' COLUMNS (`order_hk` VARCHAR(1024) CHARACTER SET ascii COLLATE ascii_bin PATH '$[0]', `t__` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[1]')) AS k STRAIGHT_JOIN `vault`.`sat_order` AS x FORCE INDEX (PRIMARY) ON x.`order_hk` = k.`order_hk` AND x.`load_dts` >= COALESCE((SELECT MAX(y.`load_dts`) FROM `vault`.`sat_order` AS y FORCE INDEX (PRIMARY) WHERE y.`order_hk` = k.`order_hk` AND y.`load_dts` < CAST(k.`t__` AS DATETIME(6))), CAST(k.`t__` AS DATETIME(6)));

-- selectHistoryAround(lsat_order_line, [order_line_hk])
SELECT x.`order_line_hk`, TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', x.`load_dts`), x.`hash_diff`, CAST(x.`delete_flag` AS CHAR), x.`qty`, x.`amount` FROM JSON_TABLE(?, '$[*]' COLUMNS (`order_line_hk` VARCHAR(1024) CHARACTER SET ascii COLLATE ascii_bin PATH '$[0]', `t__` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[1]')) AS k STRAIGHT_JOIN `vault`.`lsat_order_line` AS x FORCE INDEX (PRIMARY) ON x.`order_line_hk` = k.`order_line_hk` AND x.`load_dts` >= COALESCE((SELECT MAX(y.`load_dts`) FROM `vault`.`lsat_order_line` AS y FORCE INDEX (PRIMARY) WHERE y.`order_line_hk` = k.`order_line_hk` AND y.`load_dts` < CAST(k.`t__` AS DATETIME(6))), CAST(k.`t__` AS DATETIME(6)));

-- selectHistoryAround(ref_order_status, [code])
SELECT x.`code`, TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', x.`load_dts`), x.`hash_diff`, CAST(x.`delete_flag` AS CHAR), x.`description` FROM JSON_TABLE(?, '$[*]' COLUMNS (`code` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[0]', `t__` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[1]')) AS k STRAIGHT_JOIN `vault`.`ref_order_status` AS x FORCE INDEX (PRIMARY) ON x.`code` = k.`code` AND x.`load_dts` >= COALESCE((SELECT MAX(y.`load_dts`) FROM `vault`.`ref_order_status` AS y FORCE INDEX (PRIMARY) WHERE y.`code` = k.`code` AND y.`load_dts` < CAST(k.`t__` AS DATETIME(6))), CAST(k.`t__` AS DATETIME(6)));

-- selectKeyMap(vault, vs_key_map)
SELECT m.`pk`, TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', m.`valid_from`), m.`key_values` FROM (SELECT CONVERT(? USING utf8mb4) COLLATE utf8mb4_bin AS s) AS p STRAIGHT_JOIN JSON_TABLE(?, '$[*]' COLUMNS (`pk` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[0]')) AS k STRAIGHT_JOIN `vault`.`vs_key_map` AS m FORCE INDEX (PRIMARY) ON m.`source_table` = p.s AND m.`pk` = k.`pk`;

-- lockKeys()
null;

