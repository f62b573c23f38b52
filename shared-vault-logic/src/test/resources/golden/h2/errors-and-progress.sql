-- selectErrorRows(no filter, 50)
SELECT id, error_code, source_table, target_object, topic, kafka_partition, kafka_offset, message, attempts, CAST(first_seen AS CHARACTER VARYING), CAST(expires_at AS CHARACTER VARYING), record_key, record_value, event FROM "vault"."vs_errors" ORDER BY id LIMIT 50;

-- selectErrorRows(every filter, 1)
SELECT id, error_code, source_table, target_object, topic, kafka_partition, kafka_offset, message, attempts, CAST(first_seen AS CHARACTER VARYING), CAST(expires_at AS CHARACTER VARYING), record_key, record_value, event FROM "vault"."vs_errors" WHERE "error_code" = ? AND "source_table" = ? AND "target_object" = ? AND "id" = ? ORDER BY id LIMIT 1;

-- countErrorsByCode(no filter)
SELECT error_code, count(*) FROM "vault"."vs_errors" GROUP BY error_code ORDER BY error_code;

-- countErrorsByCode(every filter)
SELECT error_code, count(*) FROM "vault"."vs_errors" WHERE "error_code" = ? AND "source_table" = ? AND "target_object" = ? AND "id" = ? GROUP BY error_code ORDER BY error_code;

-- deleteErrors(no filter)
DELETE FROM "vault"."vs_errors";

-- deleteErrors(every filter)
DELETE FROM "vault"."vs_errors" WHERE "error_code" = ? AND "source_table" = ? AND "target_object" = ? AND "id" = ?;

-- deleteErrorsById()
DELETE FROM "vault"."vs_errors" WHERE id IN (SELECT u.v FROM UNNEST(CAST(? AS BIGINT ARRAY)) AS u(v));

-- selectProgress(anchors)
SELECT topic, kafka_partition, next_offset, anchor_offset, anchor_ts FROM "vault"."vs_progress" WHERE consumer = ?;

-- selectProgress(no anchors)
SELECT topic, kafka_partition, next_offset FROM "vault"."vs_progress" WHERE consumer = ?;

-- upsert(vs_progress, anchored)
MERGE INTO "vault"."vs_progress" x USING (SELECT u."consumer" AS "consumer", u."topic" AS "topic", CAST(u."kafka_partition" AS INTEGER) AS "kafka_partition", CAST(u."next_offset" AS BIGINT) AS "next_offset", CAST(u."updated_at" AS TIMESTAMP(6) WITH TIME ZONE) AS "updated_at", CAST(u."anchor_offset" AS BIGINT) AS "anchor_offset", CAST(u."anchor_ts" AS BIGINT) AS "anchor_ts" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("consumer", "topic", "kafka_partition", "next_offset", "updated_at", "anchor_offset", "anchor_ts")) AS s ON x."consumer" = s."consumer" AND x."topic" = s."topic" AND x."kafka_partition" = s."kafka_partition"
WHEN MATCHED THEN UPDATE SET "next_offset" = s."next_offset", "updated_at" = s."updated_at", "anchor_offset" = s."anchor_offset", "anchor_ts" = s."anchor_ts"
WHEN NOT MATCHED THEN INSERT ("consumer", "topic", "kafka_partition", "next_offset", "updated_at", "anchor_offset", "anchor_ts") VALUES (s."consumer", s."topic", s."kafka_partition", s."next_offset", s."updated_at", s."anchor_offset", s."anchor_ts");

-- upsert(vs_progress, plain)
MERGE INTO "vault"."vs_progress" x USING (SELECT u."consumer" AS "consumer", u."topic" AS "topic", CAST(u."kafka_partition" AS INTEGER) AS "kafka_partition", CAST(u."next_offset" AS BIGINT) AS "next_offset", CAST(u."updated_at" AS TIMESTAMP(6) WITH TIME ZONE) AS "updated_at" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("consumer", "topic", "kafka_partition", "next_offset", "updated_at")) AS s ON x."consumer" = s."consumer" AND x."topic" = s."topic" AND x."kafka_partition" = s."kafka_partition"
WHEN MATCHED THEN UPDATE SET "next_offset" = s."next_offset", "updated_at" = s."updated_at"
WHEN NOT MATCHED THEN INSERT ("consumer", "topic", "kafka_partition", "next_offset", "updated_at") VALUES (s."consumer", s."topic", s."kafka_partition", s."next_offset", s."updated_at");

