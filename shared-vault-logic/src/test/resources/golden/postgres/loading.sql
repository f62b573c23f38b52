-- upsertEarliestReturning(hub_customer)
INSERT INTO "vault"."hub_customer" AS t ("customer_hk", "customer_no", "load_dts", "record_source", "loaded_at")
SELECT u."customer_hk", u."customer_no", CAST(u."load_dts" AS timestamptz), u."record_source", now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[]) AS u("customer_hk", "customer_no", "load_dts", "record_source")
ON CONFLICT ("customer_hk") DO UPDATE SET "customer_no" = EXCLUDED."customer_no", "load_dts" = EXCLUDED."load_dts", "record_source" = EXCLUDED."record_source"
WHERE (EXCLUDED."load_dts", EXCLUDED."record_source") < (t."load_dts", t."record_source")
RETURNING (t.xmax = 0), t."customer_hk"::text;

-- upsertEarliestReturning(hub_product)
INSERT INTO "vault"."hub_product" AS t ("product_hk", "sku", "load_dts", "record_source", "loaded_at")
SELECT u."product_hk", u."sku", CAST(u."load_dts" AS timestamptz), u."record_source", now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[]) AS u("product_hk", "sku", "load_dts", "record_source")
ON CONFLICT ("product_hk") DO UPDATE SET "sku" = EXCLUDED."sku", "load_dts" = EXCLUDED."load_dts", "record_source" = EXCLUDED."record_source"
WHERE (EXCLUDED."load_dts", EXCLUDED."record_source") < (t."load_dts", t."record_source")
RETURNING (t.xmax = 0), t."product_hk"::text;

-- upsertEarliestReturning(hub_order)
INSERT INTO "vault"."hub_order" AS t ("order_hk", "order_no", "load_dts", "record_source", "loaded_at")
SELECT u."order_hk", u."order_no", CAST(u."load_dts" AS timestamptz), u."record_source", now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[]) AS u("order_hk", "order_no", "load_dts", "record_source")
ON CONFLICT ("order_hk") DO UPDATE SET "order_no" = EXCLUDED."order_no", "load_dts" = EXCLUDED."load_dts", "record_source" = EXCLUDED."record_source"
WHERE (EXCLUDED."load_dts", EXCLUDED."record_source") < (t."load_dts", t."record_source")
RETURNING (t.xmax = 0), t."order_hk"::text;

-- upsertEarliestReturning(lnk_order_customer)
INSERT INTO "vault"."lnk_order_customer" AS t ("order_customer_hk", "order_hk", "customer_hk", "load_dts", "record_source", "loaded_at")
SELECT u."order_customer_hk", u."order_hk", u."customer_hk", CAST(u."load_dts" AS timestamptz), u."record_source", now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("order_customer_hk", "order_hk", "customer_hk", "load_dts", "record_source")
ON CONFLICT ("order_customer_hk") DO UPDATE SET "order_hk" = EXCLUDED."order_hk", "customer_hk" = EXCLUDED."customer_hk", "load_dts" = EXCLUDED."load_dts", "record_source" = EXCLUDED."record_source"
WHERE (EXCLUDED."load_dts", EXCLUDED."record_source") < (t."load_dts", t."record_source")
RETURNING (t.xmax = 0), t."order_customer_hk"::text;

-- upsertEarliestReturning(lnk_order_line)
INSERT INTO "vault"."lnk_order_line" AS t ("order_line_hk", "order_hk", "product_hk", "line_no", "load_dts", "record_source", "loaded_at")
SELECT u."order_line_hk", u."order_hk", u."product_hk", u."line_no", CAST(u."load_dts" AS timestamptz), u."record_source", now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("order_line_hk", "order_hk", "product_hk", "line_no", "load_dts", "record_source")
ON CONFLICT ("order_line_hk") DO UPDATE SET "order_hk" = EXCLUDED."order_hk", "product_hk" = EXCLUDED."product_hk", "line_no" = EXCLUDED."line_no", "load_dts" = EXCLUDED."load_dts", "record_source" = EXCLUDED."record_source"
WHERE (EXCLUDED."load_dts", EXCLUDED."record_source") < (t."load_dts", t."record_source")
RETURNING (t.xmax = 0), t."order_line_hk"::text;

-- upsertEarliest(nhl_payment)
INSERT INTO "vault"."nhl_payment" AS t ("payment_hk", "order_hk", "id", "load_dts", "record_source", "paid_at", "amount", "method", "loaded_at")
SELECT u."payment_hk", u."order_hk", u."id", CAST(u."load_dts" AS timestamptz), u."record_source", u."paid_at", u."amount", u."method", now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("payment_hk", "order_hk", "id", "load_dts", "record_source", "paid_at", "amount", "method")
ON CONFLICT ("payment_hk") DO UPDATE SET "order_hk" = EXCLUDED."order_hk", "id" = EXCLUDED."id", "load_dts" = EXCLUDED."load_dts", "record_source" = EXCLUDED."record_source", "paid_at" = EXCLUDED."paid_at", "amount" = EXCLUDED."amount", "method" = EXCLUDED."method"
WHERE (EXCLUDED."load_dts", EXCLUDED."record_source") < (t."load_dts", t."record_source");

-- upsertEarliestReturning(nhl_payment)
INSERT INTO "vault"."nhl_payment" AS t ("payment_hk", "order_hk", "id", "load_dts", "record_source", "paid_at", "amount", "method", "loaded_at")
SELECT u."payment_hk", u."order_hk", u."id", CAST(u."load_dts" AS timestamptz), u."record_source", u."paid_at", u."amount", u."method", now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("payment_hk", "order_hk", "id", "load_dts", "record_source", "paid_at", "amount", "method")
ON CONFLICT ("payment_hk") DO UPDATE SET "order_hk" = EXCLUDED."order_hk", "id" = EXCLUDED."id", "load_dts" = EXCLUDED."load_dts", "record_source" = EXCLUDED."record_source", "paid_at" = EXCLUDED."paid_at", "amount" = EXCLUDED."amount", "method" = EXCLUDED."method"
WHERE (EXCLUDED."load_dts", EXCLUDED."record_source") < (t."load_dts", t."record_source")
RETURNING (t.xmax = 0), t."payment_hk"::text;

-- selectDifferingRows(nhl_payment)
SELECT u."i__", (x."paid_at" IS DISTINCT FROM u."paid_at")::text, x."paid_at"::text, (x."amount" IS DISTINCT FROM u."amount")::text, x."amount"::text, (x."method" IS DISTINCT FROM u."method")::text, x."method"::text FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("i__", "payment_hk", "paid_at", "amount", "method") CROSS JOIN LATERAL (SELECT * FROM "vault"."nhl_payment" x WHERE x."payment_hk" = u."payment_hk" OFFSET 0) x WHERE ROW(x."paid_at", x."amount", x."method") IS DISTINCT FROM ROW(u."paid_at", u."amount", u."method");

-- insertNew(sat_customer)
INSERT INTO "vault"."sat_customer" ("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "name", "email", "city", "updated_at", "loaded_at")
SELECT u."customer_hk", CAST(u."load_dts" AS timestamptz), u."record_source", u."hash_diff", CAST(u."delete_flag" AS boolean), u."name", u."email", u."city", u."updated_at", now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "name", "email", "city", "updated_at");

-- bulkInsert(sat_customer) COPY
COPY "vault"."sat_customer" ("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "name", "email", "city", "updated_at", "loaded_at") FROM STDIN;

-- insertIgnore(sat_customer)
INSERT INTO "vault"."sat_customer" ("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "name", "email", "city", "updated_at", "loaded_at")
SELECT u."customer_hk", CAST(u."load_dts" AS timestamptz), u."record_source", u."hash_diff", CAST(u."delete_flag" AS boolean), u."name", u."email", u."city", u."updated_at", now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "name", "email", "city", "updated_at")
ON CONFLICT ("customer_hk", "load_dts") DO NOTHING;

-- deleteByKey(sat_customer, [customer_hk, load_dts])
WITH d AS (SELECT y.ctid AS row_id FROM unnest(?::text[], ?::text[]) AS u("customer_hk", "load_dts") CROSS JOIN LATERAL (SELECT y.ctid FROM "vault"."sat_customer" y WHERE y."customer_hk" = u."customer_hk" AND y."load_dts" = CAST(u."load_dts" AS timestamptz) OFFSET 0) y)
DELETE FROM "vault"."sat_customer" x WHERE x.ctid = ANY(ARRAY(SELECT row_id FROM d));

-- insertNew(sat_product)
INSERT INTO "vault"."sat_product" ("product_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at")
SELECT u."product_hk", CAST(u."load_dts" AS timestamptz), u."record_source", u."hash_diff", CAST(u."delete_flag" AS boolean), now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("product_hk", "load_dts", "record_source", "hash_diff", "delete_flag");

-- bulkInsert(sat_product) COPY
COPY "vault"."sat_product" ("product_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") FROM STDIN;

-- insertIgnore(sat_product)
INSERT INTO "vault"."sat_product" ("product_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at")
SELECT u."product_hk", CAST(u."load_dts" AS timestamptz), u."record_source", u."hash_diff", CAST(u."delete_flag" AS boolean), now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("product_hk", "load_dts", "record_source", "hash_diff", "delete_flag")
ON CONFLICT ("product_hk", "load_dts") DO NOTHING;

-- deleteByKey(sat_product, [product_hk, load_dts])
WITH d AS (SELECT y.ctid AS row_id FROM unnest(?::text[], ?::text[]) AS u("product_hk", "load_dts") CROSS JOIN LATERAL (SELECT y.ctid FROM "vault"."sat_product" y WHERE y."product_hk" = u."product_hk" AND y."load_dts" = CAST(u."load_dts" AS timestamptz) OFFSET 0) y)
DELETE FROM "vault"."sat_product" x WHERE x.ctid = ANY(ARRAY(SELECT row_id FROM d));

-- insertNew(sat_order)
INSERT INTO "vault"."sat_order" ("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "ordered_at", "status", "loaded_at")
SELECT u."order_hk", CAST(u."load_dts" AS timestamptz), u."record_source", u."hash_diff", CAST(u."delete_flag" AS boolean), u."ordered_at", u."status", now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "ordered_at", "status");

-- bulkInsert(sat_order) COPY
COPY "vault"."sat_order" ("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "ordered_at", "status", "loaded_at") FROM STDIN;

-- insertIgnore(sat_order)
INSERT INTO "vault"."sat_order" ("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "ordered_at", "status", "loaded_at")
SELECT u."order_hk", CAST(u."load_dts" AS timestamptz), u."record_source", u."hash_diff", CAST(u."delete_flag" AS boolean), u."ordered_at", u."status", now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "ordered_at", "status")
ON CONFLICT ("order_hk", "load_dts") DO NOTHING;

-- deleteByKey(sat_order, [order_hk, load_dts])
WITH d AS (SELECT y.ctid AS row_id FROM unnest(?::text[], ?::text[]) AS u("order_hk", "load_dts") CROSS JOIN LATERAL (SELECT y.ctid FROM "vault"."sat_order" y WHERE y."order_hk" = u."order_hk" AND y."load_dts" = CAST(u."load_dts" AS timestamptz) OFFSET 0) y)
DELETE FROM "vault"."sat_order" x WHERE x.ctid = ANY(ARRAY(SELECT row_id FROM d));

-- insertNew(lsat_order_line)
INSERT INTO "vault"."lsat_order_line" ("order_line_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "qty", "amount", "loaded_at")
SELECT u."order_line_hk", CAST(u."load_dts" AS timestamptz), u."record_source", u."hash_diff", CAST(u."delete_flag" AS boolean), u."qty", u."amount", now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("order_line_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "qty", "amount");

-- bulkInsert(lsat_order_line) COPY
COPY "vault"."lsat_order_line" ("order_line_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "qty", "amount", "loaded_at") FROM STDIN;

-- insertIgnore(lsat_order_line)
INSERT INTO "vault"."lsat_order_line" ("order_line_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "qty", "amount", "loaded_at")
SELECT u."order_line_hk", CAST(u."load_dts" AS timestamptz), u."record_source", u."hash_diff", CAST(u."delete_flag" AS boolean), u."qty", u."amount", now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("order_line_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "qty", "amount")
ON CONFLICT ("order_line_hk", "load_dts") DO NOTHING;

-- deleteByKey(lsat_order_line, [order_line_hk, load_dts])
WITH d AS (SELECT y.ctid AS row_id FROM unnest(?::text[], ?::text[]) AS u("order_line_hk", "load_dts") CROSS JOIN LATERAL (SELECT y.ctid FROM "vault"."lsat_order_line" y WHERE y."order_line_hk" = u."order_line_hk" AND y."load_dts" = CAST(u."load_dts" AS timestamptz) OFFSET 0) y)
DELETE FROM "vault"."lsat_order_line" x WHERE x.ctid = ANY(ARRAY(SELECT row_id FROM d));

-- insertNew(ref_order_status)
INSERT INTO "vault"."ref_order_status" ("code", "load_dts", "record_source", "hash_diff", "delete_flag", "description", "loaded_at")
SELECT u."code", CAST(u."load_dts" AS timestamptz), u."record_source", u."hash_diff", CAST(u."delete_flag" AS boolean), u."description", now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("code", "load_dts", "record_source", "hash_diff", "delete_flag", "description");

-- bulkInsert(ref_order_status) COPY
COPY "vault"."ref_order_status" ("code", "load_dts", "record_source", "hash_diff", "delete_flag", "description", "loaded_at") FROM STDIN;

-- insertIgnore(ref_order_status)
INSERT INTO "vault"."ref_order_status" ("code", "load_dts", "record_source", "hash_diff", "delete_flag", "description", "loaded_at")
SELECT u."code", CAST(u."load_dts" AS timestamptz), u."record_source", u."hash_diff", CAST(u."delete_flag" AS boolean), u."description", now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("code", "load_dts", "record_source", "hash_diff", "delete_flag", "description")
ON CONFLICT ("code", "load_dts") DO NOTHING;

-- deleteByKey(ref_order_status, [code, load_dts])
WITH d AS (SELECT y.ctid AS row_id FROM unnest(?::text[], ?::text[]) AS u("code", "load_dts") CROSS JOIN LATERAL (SELECT y.ctid FROM "vault"."ref_order_status" y WHERE y."code" = u."code" AND y."load_dts" = CAST(u."load_dts" AS timestamptz) OFFSET 0) y)
DELETE FROM "vault"."ref_order_status" x WHERE x.ctid = ANY(ARRAY(SELECT row_id FROM d));

-- insertNew(vs_key_map)
INSERT INTO "vault"."vs_key_map" ("source_table", "pk", "valid_from", "key_values")
SELECT u."source_table", u."pk", CAST(u."valid_from" AS timestamptz), u."key_values" FROM unnest(?::text[], ?::text[], ?::text[], ?::text[]) AS u("source_table", "pk", "valid_from", "key_values");

-- insertIgnore(vs_key_map)
INSERT INTO "vault"."vs_key_map" ("source_table", "pk", "valid_from", "key_values")
SELECT u."source_table", u."pk", CAST(u."valid_from" AS timestamptz), u."key_values" FROM unnest(?::text[], ?::text[], ?::text[], ?::text[]) AS u("source_table", "pk", "valid_from", "key_values")
ON CONFLICT ("source_table", "pk", "valid_from") DO NOTHING;

