-- selectErrorRows(no filter, 50)
SELECT id, error_code, source_table, target_object, topic, kafka_partition, kafka_offset, message, attempts, first_seen::text, expires_at::text, record_key, record_value, event FROM "vault"."vs_errors" ORDER BY id LIMIT 50;

-- selectErrorRows(every filter, 1)
SELECT id, error_code, source_table, target_object, topic, kafka_partition, kafka_offset, message, attempts, first_seen::text, expires_at::text, record_key, record_value, event FROM "vault"."vs_errors" WHERE "error_code" = ? AND "source_table" = ? AND "target_object" = ? AND "id" = ? ORDER BY id LIMIT 1;

-- countErrorsByCode(no filter)
SELECT error_code, count(*) FROM "vault"."vs_errors" GROUP BY error_code ORDER BY error_code;

-- countErrorsByCode(every filter)
SELECT error_code, count(*) FROM "vault"."vs_errors" WHERE "error_code" = ? AND "source_table" = ? AND "target_object" = ? AND "id" = ? GROUP BY error_code ORDER BY error_code;

-- deleteErrors(no filter)
DELETE FROM "vault"."vs_errors";

-- deleteErrors(every filter)
DELETE FROM "vault"."vs_errors" WHERE "error_code" = ? AND "source_table" = ? AND "target_object" = ? AND "id" = ?;

-- deleteErrorsById()
DELETE FROM "vault"."vs_errors" WHERE id = ANY(?);

-- selectProgress(anchors)
SELECT topic, kafka_partition, next_offset, anchor_offset, anchor_ts FROM "vault"."vs_progress" WHERE consumer = ?;

-- selectProgress(no anchors)
SELECT topic, kafka_partition, next_offset FROM "vault"."vs_progress" WHERE consumer = ?;

-- upsert(vs_progress, anchored)
INSERT INTO "vault"."vs_progress" ("consumer", "topic", "kafka_partition", "next_offset", "updated_at", "anchor_offset", "anchor_ts")
SELECT u."consumer", u."topic", CAST(u."kafka_partition" AS integer), CAST(u."next_offset" AS bigint), CAST(u."updated_at" AS timestamptz), CAST(u."anchor_offset" AS bigint), CAST(u."anchor_ts" AS bigint) FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("consumer", "topic", "kafka_partition", "next_offset", "updated_at", "anchor_offset", "anchor_ts")
ON CONFLICT ("consumer", "topic", "kafka_partition") DO UPDATE SET "next_offset" = EXCLUDED."next_offset", "updated_at" = EXCLUDED."updated_at", "anchor_offset" = EXCLUDED."anchor_offset", "anchor_ts" = EXCLUDED."anchor_ts";

-- upsert(vs_progress, plain)
INSERT INTO "vault"."vs_progress" ("consumer", "topic", "kafka_partition", "next_offset", "updated_at")
SELECT u."consumer", u."topic", CAST(u."kafka_partition" AS integer), CAST(u."next_offset" AS bigint), CAST(u."updated_at" AS timestamptz) FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("consumer", "topic", "kafka_partition", "next_offset", "updated_at")
ON CONFLICT ("consumer", "topic", "kafka_partition") DO UPDATE SET "next_offset" = EXCLUDED."next_offset", "updated_at" = EXCLUDED."updated_at";

