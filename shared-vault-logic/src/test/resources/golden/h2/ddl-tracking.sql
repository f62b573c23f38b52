-- createTable(eff_order_customer)
CREATE TABLE IF NOT EXISTS "vault"."eff_order_customer" (
  "order_customer_hk" CHARACTER VARYING(32) NOT NULL,
  "load_dts" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "record_source" CHARACTER VARYING NOT NULL,
  "hash_diff" CHARACTER VARYING(32) NOT NULL,
  "delete_flag" BOOLEAN NOT NULL,
  "is_active" BOOLEAN,
  "loaded_at" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  PRIMARY KEY ("order_customer_hk", "load_dts")
);

-- ghosts(eff_order_customer)
MERGE INTO "vault"."eff_order_customer" x USING (VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', '00000000000000000000000000000000', CAST('false' AS BOOLEAN), CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("order_customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") ON x."order_customer_hk" = s."order_customer_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("order_customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES (s."order_customer_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."loaded_at");
MERGE INTO "vault"."eff_order_customer" x USING (VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('false' AS BOOLEAN), CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("order_customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") ON x."order_customer_hk" = s."order_customer_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("order_customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES (s."order_customer_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."loaded_at");

-- insertNew(eff_order_customer)
INSERT INTO "vault"."eff_order_customer" ("order_customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "is_active", "loaded_at")
SELECT u."order_customer_hk", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE), u."record_source", u."hash_diff", CAST(u."delete_flag" AS BOOLEAN), CAST(u."is_active" AS BOOLEAN), CURRENT_TIMESTAMP FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("order_customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "is_active");

-- selectHistoryAround(eff_order_customer, [order_customer_hk])
SELECT CAST(x."order_customer_hk" AS CHARACTER VARYING), DATEDIFF(MICROSECOND, TIMESTAMP WITH TIME ZONE '1970-01-01 00:00:00+00', x."load_dts"), CAST(x."hash_diff" AS CHARACTER VARYING), CASE WHEN x."delete_flag" IS NULL THEN NULL WHEN x."delete_flag" THEN 'true' ELSE 'false' END, CASE WHEN x."is_active" IS NULL THEN NULL WHEN x."is_active" THEN 'true' ELSE 'false' END FROM (SELECT u."order_customer_hk" AS "order_customer_hk", CAST(u."t__" AS TIMESTAMP(6) WITH TIME ZONE) AS "t__" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("order_customer_hk", "t__")) AS k JOIN "vault"."eff_order_customer" x ON x."order_customer_hk" = k."order_customer_hk" AND x."load_dts" >= COALESCE((SELECT MAX(y."load_dts") FROM "vault"."eff_order_customer" y WHERE y."order_customer_hk" = k."order_customer_hk" AND y."load_dts" < k.t__), k.t__);

-- createTable(sts_customer)
CREATE TABLE IF NOT EXISTS "vault"."sts_customer" (
  "customer_hk" CHARACTER VARYING(32) NOT NULL,
  "load_dts" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "record_source" CHARACTER VARYING NOT NULL,
  "hash_diff" CHARACTER VARYING(32) NOT NULL,
  "delete_flag" BOOLEAN NOT NULL,
  "is_active" BOOLEAN,
  "loaded_at" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  PRIMARY KEY ("customer_hk", "load_dts")
);

-- ghosts(sts_customer)
MERGE INTO "vault"."sts_customer" x USING (VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', '00000000000000000000000000000000', CAST('false' AS BOOLEAN), CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") ON x."customer_hk" = s."customer_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES (s."customer_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."loaded_at");
MERGE INTO "vault"."sts_customer" x USING (VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('false' AS BOOLEAN), CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") ON x."customer_hk" = s."customer_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES (s."customer_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."loaded_at");

-- insertNew(sts_customer)
INSERT INTO "vault"."sts_customer" ("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "is_active", "loaded_at")
SELECT u."customer_hk", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE), u."record_source", u."hash_diff", CAST(u."delete_flag" AS BOOLEAN), CAST(u."is_active" AS BOOLEAN), CURRENT_TIMESTAMP FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "is_active");

-- selectHistoryAround(sts_customer, [customer_hk])
SELECT CAST(x."customer_hk" AS CHARACTER VARYING), DATEDIFF(MICROSECOND, TIMESTAMP WITH TIME ZONE '1970-01-01 00:00:00+00', x."load_dts"), CAST(x."hash_diff" AS CHARACTER VARYING), CASE WHEN x."delete_flag" IS NULL THEN NULL WHEN x."delete_flag" THEN 'true' ELSE 'false' END, CASE WHEN x."is_active" IS NULL THEN NULL WHEN x."is_active" THEN 'true' ELSE 'false' END FROM (SELECT u."customer_hk" AS "customer_hk", CAST(u."t__" AS TIMESTAMP(6) WITH TIME ZONE) AS "t__" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("customer_hk", "t__")) AS k JOIN "vault"."sts_customer" x ON x."customer_hk" = k."customer_hk" AND x."load_dts" >= COALESCE((SELECT MAX(y."load_dts") FROM "vault"."sts_customer" y WHERE y."customer_hk" = k."customer_hk" AND y."load_dts" < k.t__), k.t__);

-- createTable(sts_order)
CREATE TABLE IF NOT EXISTS "vault"."sts_order" (
  "order_hk" CHARACTER VARYING(32) NOT NULL,
  "load_dts" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "record_source" CHARACTER VARYING NOT NULL,
  "hash_diff" CHARACTER VARYING(32) NOT NULL,
  "delete_flag" BOOLEAN NOT NULL,
  "is_active" BOOLEAN,
  "loaded_at" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  PRIMARY KEY ("order_hk", "load_dts")
);

-- ghosts(sts_order)
MERGE INTO "vault"."sts_order" x USING (VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', '00000000000000000000000000000000', CAST('false' AS BOOLEAN), CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") ON x."order_hk" = s."order_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES (s."order_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."loaded_at");
MERGE INTO "vault"."sts_order" x USING (VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('false' AS BOOLEAN), CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") ON x."order_hk" = s."order_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES (s."order_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."loaded_at");

-- insertNew(sts_order)
INSERT INTO "vault"."sts_order" ("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "is_active", "loaded_at")
SELECT u."order_hk", CAST(u."load_dts" AS TIMESTAMP(6) WITH TIME ZONE), u."record_source", u."hash_diff", CAST(u."delete_flag" AS BOOLEAN), CAST(u."is_active" AS BOOLEAN), CURRENT_TIMESTAMP FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "is_active");

-- selectHistoryAround(sts_order, [order_hk])
SELECT CAST(x."order_hk" AS CHARACTER VARYING), DATEDIFF(MICROSECOND, TIMESTAMP WITH TIME ZONE '1970-01-01 00:00:00+00', x."load_dts"), CAST(x."hash_diff" AS CHARACTER VARYING), CASE WHEN x."delete_flag" IS NULL THEN NULL WHEN x."delete_flag" THEN 'true' ELSE 'false' END, CASE WHEN x."is_active" IS NULL THEN NULL WHEN x."is_active" THEN 'true' ELSE 'false' END FROM (SELECT u."order_hk" AS "order_hk", CAST(u."t__" AS TIMESTAMP(6) WITH TIME ZONE) AS "t__" FROM UNNEST(CAST(? AS CHARACTER VARYING ARRAY), CAST(? AS CHARACTER VARYING ARRAY)) AS u("order_hk", "t__")) AS k JOIN "vault"."sts_order" x ON x."order_hk" = k."order_hk" AND x."load_dts" >= COALESCE((SELECT MAX(y."load_dts") FROM "vault"."sts_order" y WHERE y."order_hk" = k."order_hk" AND y."load_dts" < k.t__), k.t__);

