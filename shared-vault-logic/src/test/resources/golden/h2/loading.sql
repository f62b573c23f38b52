-- upsertEarliestReturning(hub_customer)
SELECT CAST("customer_hk" AS CHARACTER VARYING) FROM FINAL TABLE (MERGE INTO "vault"."hub_customer" x USING (SELECT u."customer_hk" AS "customer_hk", u."customer_no" AS "customer_no", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("customer_hk", "customer_no", "load_dts", "record_source")) AS s ON x."customer_hk" = s."customer_hk"
WHEN MATCHED AND (s."load_dts", s."record_source") < (x."load_dts", x."record_source") THEN UPDATE SET "customer_no" = s."customer_no", "load_dts" = s."load_dts", "record_source" = s."record_source");
SELECT CAST("customer_hk" AS CHARACTER VARYING) FROM FINAL TABLE (MERGE INTO "vault"."hub_customer" x USING (SELECT u."customer_hk" AS "customer_hk", u."customer_no" AS "customer_no", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("customer_hk", "customer_no", "load_dts", "record_source")) AS s ON x."customer_hk" = s."customer_hk"
WHEN NOT MATCHED THEN INSERT ("customer_hk", "customer_no", "load_dts", "record_source", "loaded_at") VALUES (s."customer_hk", s."customer_no", s."load_dts", s."record_source", CURRENT_TIMESTAMP));

-- upsertEarliestReturning(hub_product)
SELECT CAST("product_hk" AS CHARACTER VARYING) FROM FINAL TABLE (MERGE INTO "vault"."hub_product" x USING (SELECT u."product_hk" AS "product_hk", u."sku" AS "sku", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("product_hk", "sku", "load_dts", "record_source")) AS s ON x."product_hk" = s."product_hk"
WHEN MATCHED AND (s."load_dts", s."record_source") < (x."load_dts", x."record_source") THEN UPDATE SET "sku" = s."sku", "load_dts" = s."load_dts", "record_source" = s."record_source");
SELECT CAST("product_hk" AS CHARACTER VARYING) FROM FINAL TABLE (MERGE INTO "vault"."hub_product" x USING (SELECT u."product_hk" AS "product_hk", u."sku" AS "sku", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("product_hk", "sku", "load_dts", "record_source")) AS s ON x."product_hk" = s."product_hk"
WHEN NOT MATCHED THEN INSERT ("product_hk", "sku", "load_dts", "record_source", "loaded_at") VALUES (s."product_hk", s."sku", s."load_dts", s."record_source", CURRENT_TIMESTAMP));

-- upsertEarliestReturning(hub_order)
SELECT CAST("order_hk" AS CHARACTER VARYING) FROM FINAL TABLE (MERGE INTO "vault"."hub_order" x USING (SELECT u."order_hk" AS "order_hk", u."order_no" AS "order_no", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("order_hk", "order_no", "load_dts", "record_source")) AS s ON x."order_hk" = s."order_hk"
WHEN MATCHED AND (s."load_dts", s."record_source") < (x."load_dts", x."record_source") THEN UPDATE SET "order_no" = s."order_no", "load_dts" = s."load_dts", "record_source" = s."record_source");
SELECT CAST("order_hk" AS CHARACTER VARYING) FROM FINAL TABLE (MERGE INTO "vault"."hub_order" x USING (SELECT u."order_hk" AS "order_hk", u."order_no" AS "order_no", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("order_hk", "order_no", "load_dts", "record_source")) AS s ON x."order_hk" = s."order_hk"
WHEN NOT MATCHED THEN INSERT ("order_hk", "order_no", "load_dts", "record_source", "loaded_at") VALUES (s."order_hk", s."order_no", s."load_dts", s."record_source", CURRENT_TIMESTAMP));

-- upsertEarliestReturning(lnk_order_customer)
SELECT CAST("order_customer_hk" AS CHARACTER VARYING) FROM FINAL TABLE (MERGE INTO "vault"."lnk_order_customer" x USING (SELECT u."order_customer_hk" AS "order_customer_hk", u."order_hk" AS "order_hk", u."customer_hk" AS "customer_hk", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("order_customer_hk", "order_hk", "customer_hk", "load_dts", "record_source")) AS s ON x."order_customer_hk" = s."order_customer_hk"
WHEN MATCHED AND (s."load_dts", s."record_source") < (x."load_dts", x."record_source") THEN UPDATE SET "order_hk" = s."order_hk", "customer_hk" = s."customer_hk", "load_dts" = s."load_dts", "record_source" = s."record_source");
SELECT CAST("order_customer_hk" AS CHARACTER VARYING) FROM FINAL TABLE (MERGE INTO "vault"."lnk_order_customer" x USING (SELECT u."order_customer_hk" AS "order_customer_hk", u."order_hk" AS "order_hk", u."customer_hk" AS "customer_hk", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("order_customer_hk", "order_hk", "customer_hk", "load_dts", "record_source")) AS s ON x."order_customer_hk" = s."order_customer_hk"
WHEN NOT MATCHED THEN INSERT ("order_customer_hk", "order_hk", "customer_hk", "load_dts", "record_source", "loaded_at") VALUES (s."order_customer_hk", s."order_hk", s."customer_hk", s."load_dts", s."record_source", CURRENT_TIMESTAMP));

-- upsertEarliestReturning(lnk_order_line)
SELECT CAST("order_line_hk" AS CHARACTER VARYING) FROM FINAL TABLE (MERGE INTO "vault"."lnk_order_line" x USING (SELECT u."order_line_hk" AS "order_line_hk", u."order_hk" AS "order_hk", u."product_hk" AS "product_hk", u."line_no" AS "line_no", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("order_line_hk", "order_hk", "product_hk", "line_no", "load_dts", "record_source")) AS s ON x."order_line_hk" = s."order_line_hk"
WHEN MATCHED AND (s."load_dts", s."record_source") < (x."load_dts", x."record_source") THEN UPDATE SET "order_hk" = s."order_hk", "product_hk" = s."product_hk", "line_no" = s."line_no", "load_dts" = s."load_dts", "record_source" = s."record_source");
SELECT CAST("order_line_hk" AS CHARACTER VARYING) FROM FINAL TABLE (MERGE INTO "vault"."lnk_order_line" x USING (SELECT u."order_line_hk" AS "order_line_hk", u."order_hk" AS "order_hk", u."product_hk" AS "product_hk", u."line_no" AS "line_no", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("order_line_hk", "order_hk", "product_hk", "line_no", "load_dts", "record_source")) AS s ON x."order_line_hk" = s."order_line_hk"
WHEN NOT MATCHED THEN INSERT ("order_line_hk", "order_hk", "product_hk", "line_no", "load_dts", "record_source", "loaded_at") VALUES (s."order_line_hk", s."order_hk", s."product_hk", s."line_no", s."load_dts", s."record_source", CURRENT_TIMESTAMP));

-- upsertEarliest(nhl_payment)
SELECT CAST("payment_hk" AS CHARACTER VARYING) FROM FINAL TABLE (MERGE INTO "vault"."nhl_payment" x USING (SELECT u."payment_hk" AS "payment_hk", u."order_hk" AS "order_hk", u."id" AS "id", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source", u."paid_at" AS "paid_at", u."amount" AS "amount", u."method" AS "method" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("payment_hk", "order_hk", "id", "load_dts", "record_source", "paid_at", "amount", "method")) AS s ON x."payment_hk" = s."payment_hk"
WHEN MATCHED AND (s."load_dts", s."record_source") < (x."load_dts", x."record_source") THEN UPDATE SET "order_hk" = s."order_hk", "id" = s."id", "load_dts" = s."load_dts", "record_source" = s."record_source", "paid_at" = s."paid_at", "amount" = s."amount", "method" = s."method");
SELECT CAST("payment_hk" AS CHARACTER VARYING) FROM FINAL TABLE (MERGE INTO "vault"."nhl_payment" x USING (SELECT u."payment_hk" AS "payment_hk", u."order_hk" AS "order_hk", u."id" AS "id", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source", u."paid_at" AS "paid_at", u."amount" AS "amount", u."method" AS "method" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("payment_hk", "order_hk", "id", "load_dts", "record_source", "paid_at", "amount", "method")) AS s ON x."payment_hk" = s."payment_hk"
WHEN NOT MATCHED THEN INSERT ("payment_hk", "order_hk", "id", "load_dts", "record_source", "paid_at", "amount", "method", "loaded_at") VALUES (s."payment_hk", s."order_hk", s."id", s."load_dts", s."record_source", s."paid_at", s."amount", s."method", CURRENT_TIMESTAMP));

-- upsertEarliestReturning(nhl_payment)
SELECT CAST("payment_hk" AS CHARACTER VARYING) FROM FINAL TABLE (MERGE INTO "vault"."nhl_payment" x USING (SELECT u."payment_hk" AS "payment_hk", u."order_hk" AS "order_hk", u."id" AS "id", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source", u."paid_at" AS "paid_at", u."amount" AS "amount", u."method" AS "method" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("payment_hk", "order_hk", "id", "load_dts", "record_source", "paid_at", "amount", "method")) AS s ON x."payment_hk" = s."payment_hk"
WHEN MATCHED AND (s."load_dts", s."record_source") < (x."load_dts", x."record_source") THEN UPDATE SET "order_hk" = s."order_hk", "id" = s."id", "load_dts" = s."load_dts", "record_source" = s."record_source", "paid_at" = s."paid_at", "amount" = s."amount", "method" = s."method");
SELECT CAST("payment_hk" AS CHARACTER VARYING) FROM FINAL TABLE (MERGE INTO "vault"."nhl_payment" x USING (SELECT u."payment_hk" AS "payment_hk", u."order_hk" AS "order_hk", u."id" AS "id", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source", u."paid_at" AS "paid_at", u."amount" AS "amount", u."method" AS "method" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("payment_hk", "order_hk", "id", "load_dts", "record_source", "paid_at", "amount", "method")) AS s ON x."payment_hk" = s."payment_hk"
WHEN NOT MATCHED THEN INSERT ("payment_hk", "order_hk", "id", "load_dts", "record_source", "paid_at", "amount", "method", "loaded_at") VALUES (s."payment_hk", s."order_hk", s."id", s."load_dts", s."record_source", s."paid_at", s."amount", s."method", CURRENT_TIMESTAMP));

-- selectDifferingRows(nhl_payment)
SELECT u."i__", CASE WHEN x."paid_at" IS DISTINCT FROM u."paid_at" THEN 'true' ELSE 'false' END, CAST(x."paid_at" AS CHARACTER VARYING), CASE WHEN x."amount" IS DISTINCT FROM u."amount" THEN 'true' ELSE 'false' END, CAST(x."amount" AS CHARACTER VARYING), CASE WHEN x."method" IS DISTINCT FROM u."method" THEN 'true' ELSE 'false' END, CAST(x."method" AS CHARACTER VARYING) FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("i__", "payment_hk", "paid_at", "amount", "method") JOIN "vault"."nhl_payment" x ON x."payment_hk" = u."payment_hk" WHERE x."paid_at" IS DISTINCT FROM u."paid_at" OR x."amount" IS DISTINCT FROM u."amount" OR x."method" IS DISTINCT FROM u."method";

-- insertNew(sat_customer)
INSERT INTO "vault"."sat_customer" ("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "name", "email", "city", "updated_at", "loaded_at")
SELECT u."customer_hk", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE), u."record_source", u."hash_diff", CAST(u."delete_flag" AS BOOLEAN), u."name", u."email", u."city", u."updated_at", CURRENT_TIMESTAMP FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "name", "email", "city", "updated_at");

-- bulkInsert(sat_customer) COPY
null;

-- insertIgnore(sat_customer)
MERGE INTO "vault"."sat_customer" x USING (SELECT u."customer_hk" AS "customer_hk", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source", u."hash_diff" AS "hash_diff", CAST(u."delete_flag" AS BOOLEAN) AS "delete_flag", u."name" AS "name", u."email" AS "email", u."city" AS "city", u."updated_at" AS "updated_at" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "name", "email", "city", "updated_at")) AS s ON x."customer_hk" = s."customer_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "name", "email", "city", "updated_at", "loaded_at") VALUES (s."customer_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."name", s."email", s."city", s."updated_at", CURRENT_TIMESTAMP);

-- deleteByKey(sat_customer, [customer_hk, load_dts])
MERGE INTO "vault"."sat_customer" x USING (SELECT u."customer_hk" AS "customer_hk", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("customer_hk", "load_dts")) AS s ON x."customer_hk" = s."customer_hk" AND x."load_dts" = s."load_dts"
WHEN MATCHED THEN DELETE;

-- insertNew(sat_product)
INSERT INTO "vault"."sat_product" ("product_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at")
SELECT u."product_hk", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE), u."record_source", u."hash_diff", CAST(u."delete_flag" AS BOOLEAN), CURRENT_TIMESTAMP FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("product_hk", "load_dts", "record_source", "hash_diff", "delete_flag");

-- bulkInsert(sat_product) COPY
null;

-- insertIgnore(sat_product)
MERGE INTO "vault"."sat_product" x USING (SELECT u."product_hk" AS "product_hk", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source", u."hash_diff" AS "hash_diff", CAST(u."delete_flag" AS BOOLEAN) AS "delete_flag" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("product_hk", "load_dts", "record_source", "hash_diff", "delete_flag")) AS s ON x."product_hk" = s."product_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("product_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES (s."product_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", CURRENT_TIMESTAMP);

-- deleteByKey(sat_product, [product_hk, load_dts])
MERGE INTO "vault"."sat_product" x USING (SELECT u."product_hk" AS "product_hk", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("product_hk", "load_dts")) AS s ON x."product_hk" = s."product_hk" AND x."load_dts" = s."load_dts"
WHEN MATCHED THEN DELETE;

-- insertNew(sat_order)
INSERT INTO "vault"."sat_order" ("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "ordered_at", "status", "loaded_at")
SELECT u."order_hk", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE), u."record_source", u."hash_diff", CAST(u."delete_flag" AS BOOLEAN), u."ordered_at", u."status", CURRENT_TIMESTAMP FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "ordered_at", "status");

-- bulkInsert(sat_order) COPY
null;

-- insertIgnore(sat_order)
MERGE INTO "vault"."sat_order" x USING (SELECT u."order_hk" AS "order_hk", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source", u."hash_diff" AS "hash_diff", CAST(u."delete_flag" AS BOOLEAN) AS "delete_flag", u."ordered_at" AS "ordered_at", u."status" AS "status" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "ordered_at", "status")) AS s ON x."order_hk" = s."order_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "ordered_at", "status", "loaded_at") VALUES (s."order_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."ordered_at", s."status", CURRENT_TIMESTAMP);

-- deleteByKey(sat_order, [order_hk, load_dts])
MERGE INTO "vault"."sat_order" x USING (SELECT u."order_hk" AS "order_hk", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("order_hk", "load_dts")) AS s ON x."order_hk" = s."order_hk" AND x."load_dts" = s."load_dts"
WHEN MATCHED THEN DELETE;

-- insertNew(lsat_order_line)
INSERT INTO "vault"."lsat_order_line" ("order_line_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "qty", "amount", "loaded_at")
SELECT u."order_line_hk", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE), u."record_source", u."hash_diff", CAST(u."delete_flag" AS BOOLEAN), u."qty", u."amount", CURRENT_TIMESTAMP FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("order_line_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "qty", "amount");

-- bulkInsert(lsat_order_line) COPY
null;

-- insertIgnore(lsat_order_line)
MERGE INTO "vault"."lsat_order_line" x USING (SELECT u."order_line_hk" AS "order_line_hk", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source", u."hash_diff" AS "hash_diff", CAST(u."delete_flag" AS BOOLEAN) AS "delete_flag", u."qty" AS "qty", u."amount" AS "amount" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("order_line_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "qty", "amount")) AS s ON x."order_line_hk" = s."order_line_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("order_line_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "qty", "amount", "loaded_at") VALUES (s."order_line_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."qty", s."amount", CURRENT_TIMESTAMP);

-- deleteByKey(lsat_order_line, [order_line_hk, load_dts])
MERGE INTO "vault"."lsat_order_line" x USING (SELECT u."order_line_hk" AS "order_line_hk", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("order_line_hk", "load_dts")) AS s ON x."order_line_hk" = s."order_line_hk" AND x."load_dts" = s."load_dts"
WHEN MATCHED THEN DELETE;

-- insertNew(ref_order_status)
INSERT INTO "vault"."ref_order_status" ("code", "load_dts", "record_source", "hash_diff", "delete_flag", "description", "loaded_at")
SELECT u."code", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE), u."record_source", u."hash_diff", CAST(u."delete_flag" AS BOOLEAN), u."description", CURRENT_TIMESTAMP FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("code", "load_dts", "record_source", "hash_diff", "delete_flag", "description");

-- bulkInsert(ref_order_status) COPY
null;

-- insertIgnore(ref_order_status)
MERGE INTO "vault"."ref_order_status" x USING (SELECT u."code" AS "code", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts", u."record_source" AS "record_source", u."hash_diff" AS "hash_diff", CAST(u."delete_flag" AS BOOLEAN) AS "delete_flag", u."description" AS "description" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("code", "load_dts", "record_source", "hash_diff", "delete_flag", "description")) AS s ON x."code" = s."code" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("code", "load_dts", "record_source", "hash_diff", "delete_flag", "description", "loaded_at") VALUES (s."code", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."description", CURRENT_TIMESTAMP);

-- deleteByKey(ref_order_status, [code, load_dts])
MERGE INTO "vault"."ref_order_status" x USING (SELECT u."code" AS "code", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE) AS "load_dts" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("code", "load_dts")) AS s ON x."code" = s."code" AND x."load_dts" = s."load_dts"
WHEN MATCHED THEN DELETE;

-- insertNew(vs_key_map)
INSERT INTO "vault"."vs_key_map" ("source_table", "pk", "valid_from", "key_values")
SELECT u."source_table", u."pk", CAST(u."valid_from" AS TIMESTAMP(6) WITH TIME ZONE), u."key_values" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("source_table", "pk", "valid_from", "key_values");

-- insertIgnore(vs_key_map)
MERGE INTO "vault"."vs_key_map" x USING (SELECT u."source_table" AS "source_table", u."pk" AS "pk", CAST(u."valid_from" AS TIMESTAMP(6) WITH TIME ZONE) AS "valid_from", u."key_values" AS "key_values" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("source_table", "pk", "valid_from", "key_values")) AS s ON x."source_table" = s."source_table" AND x."pk" = s."pk" AND x."valid_from" = s."valid_from"
WHEN NOT MATCHED THEN INSERT ("source_table", "pk", "valid_from", "key_values") VALUES (s."source_table", s."pk", s."valid_from", s."key_values");

