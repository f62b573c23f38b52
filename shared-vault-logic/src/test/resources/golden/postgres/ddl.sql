-- DdlScript.statements #1
CREATE SCHEMA IF NOT EXISTS "vault";

-- DdlScript.statements #2
CREATE TABLE IF NOT EXISTS "vault"."hub_customer" (
  "customer_hk" varchar(32) COLLATE "C" NOT NULL,
  "customer_no" text,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("customer_hk")
);

-- DdlScript.statements #3
CREATE TABLE IF NOT EXISTS "vault"."hub_product" (
  "product_hk" varchar(32) COLLATE "C" NOT NULL,
  "sku" text,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("product_hk")
);

-- DdlScript.statements #4
CREATE TABLE IF NOT EXISTS "vault"."hub_order" (
  "order_hk" varchar(32) COLLATE "C" NOT NULL,
  "order_no" text,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("order_hk")
);

-- DdlScript.statements #5
CREATE TABLE IF NOT EXISTS "vault"."lnk_order_customer" (
  "order_customer_hk" varchar(32) COLLATE "C" NOT NULL,
  "order_hk" varchar(32) COLLATE "C" NOT NULL,
  "customer_hk" varchar(32) COLLATE "C" NOT NULL,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("order_customer_hk")
);

-- DdlScript.statements #6
CREATE TABLE IF NOT EXISTS "vault"."lnk_order_line" (
  "order_line_hk" varchar(32) COLLATE "C" NOT NULL,
  "order_hk" varchar(32) COLLATE "C" NOT NULL,
  "product_hk" varchar(32) COLLATE "C" NOT NULL,
  "line_no" text,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("order_line_hk")
);

-- DdlScript.statements #7
CREATE TABLE IF NOT EXISTS "vault"."nhl_payment" (
  "payment_hk" varchar(32) COLLATE "C" NOT NULL,
  "order_hk" varchar(32) COLLATE "C" NOT NULL,
  "id" text,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "paid_at" text,
  "amount" text,
  "method" text,
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("payment_hk")
);

-- DdlScript.statements #8
CREATE TABLE IF NOT EXISTS "vault"."sat_customer" (
  "customer_hk" varchar(32) COLLATE "C" NOT NULL,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "hash_diff" varchar(32) COLLATE "C" NOT NULL,
  "delete_flag" boolean NOT NULL,
  "name" text,
  "email" text,
  "city" text,
  "updated_at" text,
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("customer_hk", "load_dts")
);

-- DdlScript.statements #9
CREATE TABLE IF NOT EXISTS "vault"."sat_product" (
  "product_hk" varchar(32) COLLATE "C" NOT NULL,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "hash_diff" varchar(32) COLLATE "C" NOT NULL,
  "delete_flag" boolean NOT NULL,
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("product_hk", "load_dts")
);

-- DdlScript.statements #10
CREATE TABLE IF NOT EXISTS "vault"."sat_order" (
  "order_hk" varchar(32) COLLATE "C" NOT NULL,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "hash_diff" varchar(32) COLLATE "C" NOT NULL,
  "delete_flag" boolean NOT NULL,
  "ordered_at" text,
  "status" text,
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("order_hk", "load_dts")
);

-- DdlScript.statements #11
CREATE TABLE IF NOT EXISTS "vault"."lsat_order_line" (
  "order_line_hk" varchar(32) COLLATE "C" NOT NULL,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "hash_diff" varchar(32) COLLATE "C" NOT NULL,
  "delete_flag" boolean NOT NULL,
  "qty" text,
  "amount" text,
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("order_line_hk", "load_dts")
);

-- DdlScript.statements #12
CREATE TABLE IF NOT EXISTS "vault"."ref_order_status" (
  "code" text NOT NULL,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "hash_diff" varchar(32) COLLATE "C" NOT NULL,
  "delete_flag" boolean NOT NULL,
  "description" text,
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("code", "load_dts")
);

-- DdlScript.statements #13
CREATE TABLE IF NOT EXISTS "vault"."vs_key_map" (
  "source_table" text COLLATE "C" NOT NULL,
  "pk" text COLLATE "C" NOT NULL,
  "valid_from" timestamptz NOT NULL,
  "key_values" text NOT NULL,
  PRIMARY KEY ("source_table", "pk", "valid_from")
);

-- DdlScript.statements #14
CREATE TABLE IF NOT EXISTS "vault"."vs_repeats" (
  "target_table" text COLLATE "C" NOT NULL,
  "row_key" text COLLATE "C" NOT NULL,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "audit" text,
  PRIMARY KEY ("target_table", "row_key", "load_dts")
);

-- DdlScript.statements #15
CREATE TABLE IF NOT EXISTS "vault"."vs_waiting" (
  "topic" text NOT NULL,
  "kafka_partition" integer NOT NULL,
  "kafka_offset" bigint NOT NULL,
  "source_table" text NOT NULL,
  "target_object" text NOT NULL,
  "message" text,
  "ref_source" text COLLATE "C",
  "ref_pk" text COLLATE "C",
  "links_only" boolean NOT NULL,
  "operation" text,
  "event_time" timestamptz,
  "record_key" text,
  "record_value" text,
  "event" text,
  "attempts" integer NOT NULL,
  "last_attempt" timestamptz,
  "state" text NOT NULL,
  "arrived_at" timestamptz NOT NULL,
  PRIMARY KEY ("topic", "kafka_partition", "kafka_offset")
);

-- DdlScript.statements #16
CREATE TABLE IF NOT EXISTS "vault"."vs_errors" (
  "id" bigserial NOT NULL,
  "error_code" text NOT NULL,
  "topic" text NOT NULL,
  "kafka_partition" integer NOT NULL,
  "kafka_offset" bigint NOT NULL,
  "source_table" text NOT NULL,
  "target_object" text NOT NULL,
  "message" text,
  "ref_source" text COLLATE "C",
  "ref_pk" text COLLATE "C",
  "links_only" boolean NOT NULL,
  "operation" text,
  "event_time" timestamptz,
  "record_key" text,
  "record_value" text,
  "event" text,
  "attempts" integer NOT NULL,
  "last_attempt" timestamptz,
  "first_seen" timestamptz NOT NULL,
  "expires_at" timestamptz,
  PRIMARY KEY ("topic", "kafka_partition", "kafka_offset", "error_code", "target_object")
);

-- DdlScript.statements #17
CREATE TABLE IF NOT EXISTS "vault"."vs_progress" (
  "consumer" text NOT NULL,
  "topic" text NOT NULL,
  "kafka_partition" integer NOT NULL,
  "next_offset" bigint NOT NULL,
  "updated_at" timestamptz NOT NULL,
  "anchor_offset" bigint,
  "anchor_ts" bigint,
  PRIMARY KEY ("consumer", "topic", "kafka_partition")
);

-- DdlScript.statements #18
CREATE TABLE IF NOT EXISTS "vault"."vs_writers" (
  "writer" text COLLATE "C" NOT NULL,
  "mark" bigint NOT NULL,
  "written_at" bigint NOT NULL,
  PRIMARY KEY ("writer")
);

-- DdlScript.statements #19
ALTER TABLE "vault"."vs_progress" ADD COLUMN IF NOT EXISTS "anchor_offset" bigint;

-- DdlScript.statements #20
ALTER TABLE "vault"."vs_progress" ADD COLUMN IF NOT EXISTS "anchor_ts" bigint;

-- DdlScript.statements #21
CREATE INDEX IF NOT EXISTS "vs_waiting_ref" ON "vault"."vs_waiting" ("ref_source", "ref_pk");

-- DdlScript.statements #22
CREATE INDEX IF NOT EXISTS "vs_errors_ref" ON "vault"."vs_errors" ("ref_source", "ref_pk");

-- DdlScript.statements #23
CREATE INDEX IF NOT EXISTS "vs_waiting_due" ON "vault"."vs_waiting" ("state", "arrived_at");

-- DdlScript.statements #24
CREATE INDEX IF NOT EXISTS "vs_errors_due" ON "vault"."vs_errors" ("error_code", "expires_at");

-- DdlScript.statements #25
INSERT INTO "vault"."hub_customer" ("customer_hk", "load_dts", "record_source", "loaded_at") VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("customer_hk") DO NOTHING;

-- DdlScript.statements #26
INSERT INTO "vault"."hub_customer" ("customer_hk", "load_dts", "record_source", "loaded_at") VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("customer_hk") DO NOTHING;

-- DdlScript.statements #27
INSERT INTO "vault"."hub_product" ("product_hk", "load_dts", "record_source", "loaded_at") VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("product_hk") DO NOTHING;

-- DdlScript.statements #28
INSERT INTO "vault"."hub_product" ("product_hk", "load_dts", "record_source", "loaded_at") VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("product_hk") DO NOTHING;

-- DdlScript.statements #29
INSERT INTO "vault"."hub_order" ("order_hk", "load_dts", "record_source", "loaded_at") VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("order_hk") DO NOTHING;

-- DdlScript.statements #30
INSERT INTO "vault"."hub_order" ("order_hk", "load_dts", "record_source", "loaded_at") VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("order_hk") DO NOTHING;

-- DdlScript.statements #31
INSERT INTO "vault"."lnk_order_customer" ("order_customer_hk", "order_hk", "customer_hk", "load_dts", "record_source", "loaded_at") VALUES ('00000000000000000000000000000000', '00000000000000000000000000000000', '00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("order_customer_hk") DO NOTHING;

-- DdlScript.statements #32
INSERT INTO "vault"."lnk_order_customer" ("order_customer_hk", "order_hk", "customer_hk", "load_dts", "record_source", "loaded_at") VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("order_customer_hk") DO NOTHING;

-- DdlScript.statements #33
INSERT INTO "vault"."lnk_order_line" ("order_line_hk", "order_hk", "product_hk", "load_dts", "record_source", "loaded_at") VALUES ('00000000000000000000000000000000', '00000000000000000000000000000000', '00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("order_line_hk") DO NOTHING;

-- DdlScript.statements #34
INSERT INTO "vault"."lnk_order_line" ("order_line_hk", "order_hk", "product_hk", "load_dts", "record_source", "loaded_at") VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("order_line_hk") DO NOTHING;

-- DdlScript.statements #35
INSERT INTO "vault"."nhl_payment" ("payment_hk", "order_hk", "load_dts", "record_source", "loaded_at") VALUES ('00000000000000000000000000000000', '00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("payment_hk") DO NOTHING;

-- DdlScript.statements #36
INSERT INTO "vault"."nhl_payment" ("payment_hk", "order_hk", "load_dts", "record_source", "loaded_at") VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("payment_hk") DO NOTHING;

-- DdlScript.statements #37
INSERT INTO "vault"."sat_customer" ("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', '00000000000000000000000000000000', CAST('false' AS boolean), CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("customer_hk", "load_dts") DO NOTHING;

-- DdlScript.statements #38
INSERT INTO "vault"."sat_customer" ("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('false' AS boolean), CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("customer_hk", "load_dts") DO NOTHING;

-- DdlScript.statements #39
INSERT INTO "vault"."sat_product" ("product_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', '00000000000000000000000000000000', CAST('false' AS boolean), CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("product_hk", "load_dts") DO NOTHING;

-- DdlScript.statements #40
INSERT INTO "vault"."sat_product" ("product_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('false' AS boolean), CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("product_hk", "load_dts") DO NOTHING;

-- DdlScript.statements #41
INSERT INTO "vault"."sat_order" ("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', '00000000000000000000000000000000', CAST('false' AS boolean), CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("order_hk", "load_dts") DO NOTHING;

-- DdlScript.statements #42
INSERT INTO "vault"."sat_order" ("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('false' AS boolean), CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("order_hk", "load_dts") DO NOTHING;

-- DdlScript.statements #43
INSERT INTO "vault"."lsat_order_line" ("order_line_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', '00000000000000000000000000000000', CAST('false' AS boolean), CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("order_line_hk", "load_dts") DO NOTHING;

-- DdlScript.statements #44
INSERT INTO "vault"."lsat_order_line" ("order_line_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('false' AS boolean), CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("order_line_hk", "load_dts") DO NOTHING;

