-- createTable(eff_order_customer)
CREATE TABLE IF NOT EXISTS "vault"."eff_order_customer" (
  "order_customer_hk" varchar(32) COLLATE "C" NOT NULL,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "hash_diff" varchar(32) COLLATE "C" NOT NULL,
  "delete_flag" boolean NOT NULL,
  "is_active" boolean,
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("order_customer_hk", "load_dts")
);

-- ghosts(eff_order_customer)
INSERT INTO "vault"."eff_order_customer" ("order_customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', '00000000000000000000000000000000', CAST('false' AS boolean), CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("order_customer_hk", "load_dts") DO NOTHING;
INSERT INTO "vault"."eff_order_customer" ("order_customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('false' AS boolean), CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("order_customer_hk", "load_dts") DO NOTHING;

-- insertNew(eff_order_customer)
INSERT INTO "vault"."eff_order_customer" ("order_customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "is_active", "loaded_at")
SELECT u."order_customer_hk", CAST(u."load_dts" AS timestamptz), u."record_source", u."hash_diff", CAST(u."delete_flag" AS boolean), CAST(u."is_active" AS boolean), now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("order_customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "is_active");

-- selectHistoryAround(eff_order_customer, [order_customer_hk])
WITH k AS (SELECT u."order_customer_hk" AS "order_customer_hk", CAST(u.t__ AS timestamptz) AS t__ FROM unnest(?::text[], ?::text[]) AS u("order_customer_hk", "t__"))
SELECT x."order_customer_hk"::text, round(extract(epoch FROM x."load_dts") * 1000000)::bigint, x."hash_diff"::text, x."delete_flag"::text, x."is_active"::text FROM k CROSS JOIN LATERAL ((SELECT * FROM "vault"."eff_order_customer" x WHERE x."order_customer_hk" = k."order_customer_hk" AND x."load_dts" < k.t__ ORDER BY x."load_dts" DESC LIMIT 1)
UNION ALL
(SELECT * FROM "vault"."eff_order_customer" x WHERE x."order_customer_hk" = k."order_customer_hk" AND x."load_dts" >= k.t__)) x;

-- createTable(sts_customer)
CREATE TABLE IF NOT EXISTS "vault"."sts_customer" (
  "customer_hk" varchar(32) COLLATE "C" NOT NULL,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "hash_diff" varchar(32) COLLATE "C" NOT NULL,
  "delete_flag" boolean NOT NULL,
  "is_active" boolean,
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("customer_hk", "load_dts")
);

-- ghosts(sts_customer)
INSERT INTO "vault"."sts_customer" ("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', '00000000000000000000000000000000', CAST('false' AS boolean), CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("customer_hk", "load_dts") DO NOTHING;
INSERT INTO "vault"."sts_customer" ("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('false' AS boolean), CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("customer_hk", "load_dts") DO NOTHING;

-- insertNew(sts_customer)
INSERT INTO "vault"."sts_customer" ("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "is_active", "loaded_at")
SELECT u."customer_hk", CAST(u."load_dts" AS timestamptz), u."record_source", u."hash_diff", CAST(u."delete_flag" AS boolean), CAST(u."is_active" AS boolean), now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "is_active");

-- selectHistoryAround(sts_customer, [customer_hk])
WITH k AS (SELECT u."customer_hk" AS "customer_hk", CAST(u.t__ AS timestamptz) AS t__ FROM unnest(?::text[], ?::text[]) AS u("customer_hk", "t__"))
SELECT x."customer_hk"::text, round(extract(epoch FROM x."load_dts") * 1000000)::bigint, x."hash_diff"::text, x."delete_flag"::text, x."is_active"::text FROM k CROSS JOIN LATERAL ((SELECT * FROM "vault"."sts_customer" x WHERE x."customer_hk" = k."customer_hk" AND x."load_dts" < k.t__ ORDER BY x."load_dts" DESC LIMIT 1)
UNION ALL
(SELECT * FROM "vault"."sts_customer" x WHERE x."customer_hk" = k."customer_hk" AND x."load_dts" >= k.t__)) x;

-- createTable(sts_order)
CREATE TABLE IF NOT EXISTS "vault"."sts_order" (
  "order_hk" varchar(32) COLLATE "C" NOT NULL,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "hash_diff" varchar(32) COLLATE "C" NOT NULL,
  "delete_flag" boolean NOT NULL,
  "is_active" boolean,
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("order_hk", "load_dts")
);

-- ghosts(sts_order)
INSERT INTO "vault"."sts_order" ("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', '00000000000000000000000000000000', CAST('false' AS boolean), CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("order_hk", "load_dts") DO NOTHING;
INSERT INTO "vault"."sts_order" ("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('false' AS boolean), CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("order_hk", "load_dts") DO NOTHING;

-- insertNew(sts_order)
INSERT INTO "vault"."sts_order" ("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "is_active", "loaded_at")
SELECT u."order_hk", CAST(u."load_dts" AS timestamptz), u."record_source", u."hash_diff", CAST(u."delete_flag" AS boolean), CAST(u."is_active" AS boolean), now() FROM unnest(?::text[], ?::text[], ?::text[], ?::text[], ?::text[], ?::text[]) AS u("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "is_active");

-- selectHistoryAround(sts_order, [order_hk])
WITH k AS (SELECT u."order_hk" AS "order_hk", CAST(u.t__ AS timestamptz) AS t__ FROM unnest(?::text[], ?::text[]) AS u("order_hk", "t__"))
SELECT x."order_hk"::text, round(extract(epoch FROM x."load_dts") * 1000000)::bigint, x."hash_diff"::text, x."delete_flag"::text, x."is_active"::text FROM k CROSS JOIN LATERAL ((SELECT * FROM "vault"."sts_order" x WHERE x."order_hk" = k."order_hk" AND x."load_dts" < k.t__ ORDER BY x."load_dts" DESC LIMIT 1)
UNION ALL
(SELECT * FROM "vault"."sts_order" x WHERE x."order_hk" = k."order_hk" AND x."load_dts" >= k.t__)) x;

