-- selectErrorRows(no filter, 50)
SELECT id, error_code, source_table, target_object, topic, kafka_partition, kafka_offset, message, attempts, CAST(first_seen AS CHAR), CAST(expires_at AS CHAR), record_key, record_value, event FROM `vault`.`vs_errors` ORDER BY id LIMIT 50;

-- selectErrorRows(every filter, 1)
SELECT id, error_code, source_table, target_object, topic, kafka_partition, kafka_offset, message, attempts, CAST(first_seen AS CHAR), CAST(expires_at AS CHAR), record_key, record_value, event FROM `vault`.`vs_errors` WHERE `error_code` = ? AND `source_table` = ? AND `target_object` = ? AND `id` = ? ORDER BY id LIMIT 1;

-- countErrorsByCode(no filter)
SELECT error_code, count(*) FROM `vault`.`vs_errors` GROUP BY error_code ORDER BY error_code;

-- countErrorsByCode(every filter)
SELECT error_code, count(*) FROM `vault`.`vs_errors` WHERE `error_code` = ? AND `source_table` = ? AND `target_object` = ? AND `id` = ? GROUP BY error_code ORDER BY error_code;

-- deleteErrors(no filter)
DELETE FROM `vault`.`vs_errors`;

-- deleteErrors(every filter)
DELETE FROM `vault`.`vs_errors` WHERE `error_code` = ? AND `source_table` = ? AND `target_object` = ? AND `id` = ?;

-- deleteErrorsById()
DELETE x FROM JSON_TABLE(?, '$[*]' COLUMNS (v BIGINT PATH '$')) AS u STRAIGHT_JOIN `vault`.`vs_errors` AS x ON x.`id` = u.v;

-- selectProgress(anchors)
SELECT topic, kafka_partition, next_offset, anchor_offset, anchor_ts FROM `vault`.`vs_progress` WHERE consumer = ?;

-- selectProgress(no anchors)
SELECT topic, kafka_partition, next_offset FROM `vault`.`vs_progress` WHERE consumer = ?;

-- upsert(vs_progress, anchored)
INSERT INTO `vault`.`vs_progress` (`consumer`, `topic`, `kafka_partition`, `next_offset`, `updated_at`, `anchor_offset`, `anchor_ts`)
SELECT u.`consumer`, u.`topic`, u.`kafka_partition`, u.`next_offset`, u.`updated_at`, u.`anchor_offset`, u.`anchor_ts` FROM JSON_TABLE(?, '$[*]' COLUMNS (`consumer` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[0]', `topic` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[1]', `kafka_partition` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[2]', `next_offset` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[3]', `updated_at` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[4]', `anchor_offset` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[5]', `anchor_ts` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[6]')) AS u
ON DUPLICATE KEY UPDATE `vault`.`vs_progress`.`next_offset` = VALUES(`next_offset`), `vault`.`vs_progress`.`updated_at` = VALUES(`updated_at`), `vault`.`vs_progress`.`anchor_offset` = VALUES(`anchor_offset`), `vault`.`vs_progress`.`anchor_ts` = VALUES(`anchor_ts`);

-- upsert(vs_progress, plain)
INSERT INTO `vault`.`vs_progress` (`consumer`, `topic`, `kafka_partition`, `next_offset`, `updated_at`)
SELECT u.`consumer`, u.`topic`, u.`kafka_partition`, u.`next_offset`, u.`updated_at` FROM JSON_TABLE(?, '$[*]' COLUMNS (`consumer` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[0]', `topic` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[1]', `kafka_partition` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[2]', `next_offset` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[3]', `updated_at` LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[4]')) AS u
ON DUPLICATE KEY UPDATE `vault`.`vs_progress`.`next_offset` = VALUES(`next_offset`), `vault`.`vs_progress`.`updated_at` = VALUES(`updated_at`);

