-- selectWaitingForParents(vs_waiting, vs_errors, retry columns)
WITH b(s, p) AS (SELECT * FROM unnest(?::text[], ?::text[]))
SELECT 'W', x.state, round(extract(epoch FROM x.arrived_at) * 1000000)::bigint, x."topic"::text, x."kafka_partition"::text, x."kafka_offset"::text, x."target_object"::text, x."message"::text, x."ref_source"::text, x."ref_pk"::text, x."links_only"::text, x."event"::text, x."attempts"::text FROM b CROSS JOIN LATERAL (SELECT * FROM "vault"."vs_waiting" y WHERE y.ref_source = b.s AND y.ref_pk = b.p AND y.event IS NOT NULL OFFSET 0) x
UNION ALL
SELECT 'E', x.error_code, round(extract(epoch FROM x.first_seen) * 1000000)::bigint, x."topic"::text, x."kafka_partition"::text, x."kafka_offset"::text, x."target_object"::text, x."message"::text, x."ref_source"::text, x."ref_pk"::text, x."links_only"::text, x."event"::text, x."attempts"::text FROM b CROSS JOIN LATERAL (SELECT * FROM "vault"."vs_errors" y WHERE y.ref_source = b.s AND y.ref_pk = b.p OFFSET 0) x WHERE x.error_code = 'UNRESOLVED_REFERENCE' AND x.event IS NOT NULL;

-- selectSourcesWaitedOn(vs_waiting, vs_errors)
SELECT b.s FROM unnest(?::text[]) AS b(s) WHERE (SELECT x.ref_pk FROM "vault"."vs_waiting" x WHERE x.ref_source = b.s ORDER BY x.ref_pk LIMIT 1) IS NOT NULL OR (SELECT x.ref_pk FROM "vault"."vs_errors" x WHERE x.ref_source = b.s ORDER BY x.ref_pk LIMIT 1) IS NOT NULL;

-- selectPageEnd(vs_waiting, 500, false)
SELECT y."topic"::text, y."kafka_partition"::text, y."kafka_offset"::text FROM "vault"."vs_waiting" y ORDER BY y."topic", y."kafka_partition", y."kafka_offset" LIMIT 1 OFFSET 499;

-- selectPageEnd(vs_errors, 500, false)
SELECT y."topic"::text, y."kafka_partition"::text, y."kafka_offset"::text, y."error_code"::text, y."target_object"::text FROM "vault"."vs_errors" y ORDER BY y."topic", y."kafka_partition", y."kafka_offset", y."error_code", y."target_object" LIMIT 1 OFFSET 499;

-- selectResolvableWaitingPage(500, false)
SELECT 'W', x.state, round(extract(epoch FROM x.arrived_at) * 1000000)::bigint, x."topic"::text, x."kafka_partition"::text, x."kafka_offset"::text, x."target_object"::text, x."message"::text, x."ref_source"::text, x."ref_pk"::text, x."links_only"::text, x."event"::text, x."attempts"::text FROM (SELECT y.* FROM "vault"."vs_waiting" y ORDER BY y."topic", y."kafka_partition", y."kafka_offset" LIMIT 500) AS x WHERE x.event IS NOT NULL AND EXISTS (SELECT 1 FROM "vault"."vs_key_map" k WHERE k.source_table = x.ref_source AND k.pk = x.ref_pk OFFSET 0);

-- selectResolvableErrorPage(500, false)
SELECT 'E', x.error_code, round(extract(epoch FROM x.first_seen) * 1000000)::bigint, x."topic"::text, x."kafka_partition"::text, x."kafka_offset"::text, x."target_object"::text, x."message"::text, x."ref_source"::text, x."ref_pk"::text, x."links_only"::text, x."event"::text, x."attempts"::text FROM (SELECT y.* FROM "vault"."vs_errors" y ORDER BY y."topic", y."kafka_partition", y."kafka_offset", y."error_code", y."target_object" LIMIT 500) AS x WHERE x.error_code = 'UNRESOLVED_REFERENCE' AND x.event IS NOT NULL AND EXISTS (SELECT 1 FROM "vault"."vs_key_map" k WHERE k.source_table = x.ref_source AND k.pk = x.ref_pk OFFSET 0);

-- selectPageEnd(vs_waiting, 500, true)
SELECT y."topic"::text, y."kafka_partition"::text, y."kafka_offset"::text FROM "vault"."vs_waiting" y WHERE (y."topic", y."kafka_partition", y."kafka_offset") > (CAST(? AS text), CAST(? AS integer), CAST(? AS bigint)) ORDER BY y."topic", y."kafka_partition", y."kafka_offset" LIMIT 1 OFFSET 499;

-- selectPageEnd(vs_errors, 500, true)
SELECT y."topic"::text, y."kafka_partition"::text, y."kafka_offset"::text, y."error_code"::text, y."target_object"::text FROM "vault"."vs_errors" y WHERE (y."topic", y."kafka_partition", y."kafka_offset", y."error_code", y."target_object") > (CAST(? AS text), CAST(? AS integer), CAST(? AS bigint), CAST(? AS text), CAST(? AS text)) ORDER BY y."topic", y."kafka_partition", y."kafka_offset", y."error_code", y."target_object" LIMIT 1 OFFSET 499;

-- selectResolvableWaitingPage(500, true)
SELECT 'W', x.state, round(extract(epoch FROM x.arrived_at) * 1000000)::bigint, x."topic"::text, x."kafka_partition"::text, x."kafka_offset"::text, x."target_object"::text, x."message"::text, x."ref_source"::text, x."ref_pk"::text, x."links_only"::text, x."event"::text, x."attempts"::text FROM (SELECT y.* FROM "vault"."vs_waiting" y WHERE (y."topic", y."kafka_partition", y."kafka_offset") > (CAST(? AS text), CAST(? AS integer), CAST(? AS bigint)) ORDER BY y."topic", y."kafka_partition", y."kafka_offset" LIMIT 500) AS x WHERE x.event IS NOT NULL AND EXISTS (SELECT 1 FROM "vault"."vs_key_map" k WHERE k.source_table = x.ref_source AND k.pk = x.ref_pk OFFSET 0);

-- selectResolvableErrorPage(500, true)
SELECT 'E', x.error_code, round(extract(epoch FROM x.first_seen) * 1000000)::bigint, x."topic"::text, x."kafka_partition"::text, x."kafka_offset"::text, x."target_object"::text, x."message"::text, x."ref_source"::text, x."ref_pk"::text, x."links_only"::text, x."event"::text, x."attempts"::text FROM (SELECT y.* FROM "vault"."vs_errors" y WHERE (y."topic", y."kafka_partition", y."kafka_offset", y."error_code", y."target_object") > (CAST(? AS text), CAST(? AS integer), CAST(? AS bigint), CAST(? AS text), CAST(? AS text)) ORDER BY y."topic", y."kafka_partition", y."kafka_offset", y."error_code", y."target_object" LIMIT 500) AS x WHERE x.error_code = 'UNRESOLVED_REFERENCE' AND x.event IS NOT NULL AND EXISTS (SELECT 1 FROM "vault"."vs_key_map" k WHERE k.source_table = x.ref_source AND k.pk = x.ref_pk OFFSET 0);

-- takeExpiredErrors(1000)
DELETE FROM "vault"."vs_errors" WHERE ctid = ANY(ARRAY(SELECT y.ctid FROM "vault"."vs_errors" y WHERE "error_code" = 'UNRESOLVED_REFERENCE' AND "expires_at" < CAST(? AS timestamptz) ORDER BY "expires_at" LIMIT 1000)) RETURNING "topic"::text, "kafka_partition"::text, "kafka_offset"::text, "source_table"::text, "target_object"::text, "message"::text, "ref_source"::text, "ref_pk"::text, "links_only"::text, "operation"::text, "event_time"::text, "record_key"::text, "record_value"::text, "event"::text, "attempts"::text, "last_attempt"::text, "first_seen"::text;

-- moveExpiredWaiting()
WITH m AS (DELETE FROM "vault"."vs_waiting" WHERE "state" = 'WAITING' AND "arrived_at" < CAST(? AS timestamptz) RETURNING *)
INSERT INTO "vault"."vs_errors" ("topic", "kafka_partition", "kafka_offset", "source_table", "target_object", "message", "ref_source", "ref_pk", "links_only", "operation", "event_time", "record_key", "record_value", "event", "attempts", "error_code", "first_seen", "expires_at", "last_attempt") SELECT m."topic", m."kafka_partition", m."kafka_offset", m."source_table", m."target_object", m."message", m."ref_source", m."ref_pk", m."links_only", m."operation", m."event_time", m."record_key", m."record_value", m."event", m."attempts", 'UNRESOLVED_REFERENCE', m."arrived_at", CAST(? AS timestamptz), CAST(? AS timestamptz) FROM m ON CONFLICT ("topic", "kafka_partition", "kafka_offset", "error_code", "target_object") DO NOTHING;

-- insertIgnore(vs_waiting)
INSERT INTO "vault"."vs_waiting" ("topic", "kafka_partition", "kafka_offset", "source_table", "target_object", "message", "ref_source", "ref_pk", "links_only", "operation", "event_time", "record_key", "record_value", "event", "attempts", "last_attempt", "state", "arrived_at")
SELECT u."topic", CAST(u."kafka_partition" AS integer), CAST(u."kafka_offset" AS bigint), u."source_table", u."target_object", u."message", u."ref_source", u."ref_pk", CAST(u."links_only" AS boolean), u."operation", CAST(u."event_time" AS timestamptz), u."record_key", u."record_value", u."event", CAST(u."attempts" AS integer), CAST(u."last_attempt" AS timestamptz), u."state", CAST(u."arrived_at" AS timestamptz) FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("topic", "kafka_partition", "kafka_offset", "source_table", "target_object", "message", "ref_source", "ref_pk", "links_only", "operation", "event_time", "record_key", "record_value", "event", "attempts", "last_attempt", "state", "arrived_at")
ON CONFLICT ("topic", "kafka_partition", "kafka_offset") DO NOTHING;

-- deleteByKey(vs_waiting)
WITH d AS (SELECT y.ctid AS row_id FROM unnest(?::text[], ?::text[], ?::text[]) AS u("topic", "kafka_partition", "kafka_offset") CROSS JOIN LATERAL (SELECT y.ctid FROM "vault"."vs_waiting" y WHERE y."topic" = u."topic" AND y."kafka_partition" = CAST(u."kafka_partition" AS integer) AND y."kafka_offset" = CAST(u."kafka_offset" AS bigint) OFFSET 0) y)
DELETE FROM "vault"."vs_waiting" x WHERE x.ctid = ANY(ARRAY(SELECT row_id FROM d));

-- deleteByKey(vs_errors)
WITH d AS (SELECT y.ctid AS row_id FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("topic", "kafka_partition", "kafka_offset", "error_code", "target_object") CROSS JOIN LATERAL (SELECT y.ctid FROM "vault"."vs_errors" y WHERE y."topic" = u."topic" AND y."kafka_partition" = CAST(u."kafka_partition" AS integer) AND y."kafka_offset" = CAST(u."kafka_offset" AS bigint) AND y."error_code" = u."error_code" AND y."target_object" = u."target_object" OFFSET 0) y)
DELETE FROM "vault"."vs_errors" x WHERE x.ctid = ANY(ARRAY(SELECT row_id FROM d));

-- updateByKey(vs_waiting)
WITH d AS MATERIALIZED (SELECT y.ctid AS row_id, u."ref_source" AS "ref_source", u."ref_pk" AS "ref_pk", u."message" AS "message", CAST(u."attempts" AS integer) AS "attempts", CAST(u."last_attempt" AS timestamptz) AS "last_attempt" FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("topic", "kafka_partition", "kafka_offset", "ref_source", "ref_pk", "message", "attempts", "last_attempt") CROSS JOIN LATERAL (SELECT y.ctid FROM "vault"."vs_waiting" y WHERE y."topic" = u."topic" AND y."kafka_partition" = CAST(u."kafka_partition" AS integer) AND y."kafka_offset" = CAST(u."kafka_offset" AS bigint) OFFSET 0) y)
UPDATE "vault"."vs_waiting" x SET "ref_source" = d."ref_source", "ref_pk" = d."ref_pk", "message" = d."message", "attempts" = d."attempts", "last_attempt" = d."last_attempt" FROM d WHERE x.ctid = ANY(ARRAY(SELECT row_id FROM d)) AND x.ctid = d.row_id;

-- updateByKey(vs_errors)
WITH d AS MATERIALIZED (SELECT y.ctid AS row_id, u."ref_source" AS "ref_source", u."ref_pk" AS "ref_pk", u."message" AS "message", CAST(u."attempts" AS integer) AS "attempts", CAST(u."last_attempt" AS timestamptz) AS "last_attempt" FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("topic", "kafka_partition", "kafka_offset", "error_code", "target_object", "ref_source", "ref_pk", "message", "attempts", "last_attempt") CROSS JOIN LATERAL (SELECT y.ctid FROM "vault"."vs_errors" y WHERE y."topic" = u."topic" AND y."kafka_partition" = CAST(u."kafka_partition" AS integer) AND y."kafka_offset" = CAST(u."kafka_offset" AS bigint) AND y."error_code" = u."error_code" AND y."target_object" = u."target_object" OFFSET 0) y)
UPDATE "vault"."vs_errors" x SET "ref_source" = d."ref_source", "ref_pk" = d."ref_pk", "message" = d."message", "attempts" = d."attempts", "last_attempt" = d."last_attempt" FROM d WHERE x.ctid = ANY(ARRAY(SELECT row_id FROM d)) AND x.ctid = d.row_id;

