-- DdlScript.statements #1
CREATE SCHEMA IF NOT EXISTS "vault";

-- DdlScript.statements #2
CREATE TABLE IF NOT EXISTS "vault"."hub_customer" (
  "customer_hk" CHARACTER VARYING(32) NOT NULL,
  "customer_no" CHARACTER VARYING,
  "load_dts" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "record_source" CHARACTER VARYING NOT NULL,
  "loaded_at" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  PRIMARY KEY ("customer_hk")
);

-- DdlScript.statements #3
CREATE TABLE IF NOT EXISTS "vault"."hub_product" (
  "product_hk" CHARACTER VARYING(32) NOT NULL,
  "sku" CHARACTER VARYING,
  "load_dts" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "record_source" CHARACTER VARYING NOT NULL,
  "loaded_at" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  PRIMARY KEY ("product_hk")
);

-- DdlScript.statements #4
CREATE TABLE IF NOT EXISTS "vault"."hub_order" (
  "order_hk" CHARACTER VARYING(32) NOT NULL,
  "order_no" CHARACTER VARYING,
  "load_dts" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "record_source" CHARACTER VARYING NOT NULL,
  "loaded_at" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  PRIMARY KEY ("order_hk")
);

-- DdlScript.statements #5
CREATE TABLE IF NOT EXISTS "vault"."lnk_order_customer" (
  "order_customer_hk" CHARACTER VARYING(32) NOT NULL,
  "order_hk" CHARACTER VARYING(32) NOT NULL,
  "customer_hk" CHARACTER VARYING(32) NOT NULL,
  "load_dts" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "record_source" CHARACTER VARYING NOT NULL,
  "loaded_at" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  PRIMARY KEY ("order_customer_hk")
);

-- DdlScript.statements #6
CREATE TABLE IF NOT EXISTS "vault"."lnk_order_line" (
  "order_line_hk" CHARACTER VARYING(32) NOT NULL,
  "order_hk" CHARACTER VARYING(32) NOT NULL,
  "product_hk" CHARACTER VARYING(32) NOT NULL,
  "line_no" CHARACTER VARYING,
  "load_dts" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "record_source" CHARACTER VARYING NOT NULL,
  "loaded_at" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  PRIMARY KEY ("order_line_hk")
);

-- DdlScript.statements #7
CREATE TABLE IF NOT EXISTS "vault"."nhl_payment" (
  "payment_hk" CHARACTER VARYING(32) NOT NULL,
  "order_hk" CHARACTER VARYING(32) NOT NULL,
  "id" CHARACTER VARYING,
  "load_dts" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "record_source" CHARACTER VARYING NOT NULL,
  "paid_at" CHARACTER VARYING,
  "amount" CHARACTER VARYING,
  "method" CHARACTER VARYING,
  "loaded_at" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  PRIMARY KEY ("payment_hk")
);

-- DdlScript.statements #8
CREATE TABLE IF NOT EXISTS "vault"."sat_customer" (
  "customer_hk" CHARACTER VARYING(32) NOT NULL,
  "load_dts" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "record_source" CHARACTER VARYING NOT NULL,
  "hash_diff" CHARACTER VARYING(32) NOT NULL,
  "delete_flag" BOOLEAN NOT NULL,
  "name" CHARACTER VARYING,
  "email" CHARACTER VARYING,
  "city" CHARACTER VARYING,
  "updated_at" CHARACTER VARYING,
  "loaded_at" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  PRIMARY KEY ("customer_hk", "load_dts")
);

-- DdlScript.statements #9
CREATE TABLE IF NOT EXISTS "vault"."sat_product" (
  "product_hk" CHARACTER VARYING(32) NOT NULL,
  "load_dts" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "record_source" CHARACTER VARYING NOT NULL,
  "hash_diff" CHARACTER VARYING(32) NOT NULL,
  "delete_flag" BOOLEAN NOT NULL,
  "loaded_at" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  PRIMARY KEY ("product_hk", "load_dts")
);

-- DdlScript.statements #10
CREATE TABLE IF NOT EXISTS "vault"."sat_order" (
  "order_hk" CHARACTER VARYING(32) NOT NULL,
  "load_dts" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "record_source" CHARACTER VARYING NOT NULL,
  "hash_diff" CHARACTER VARYING(32) NOT NULL,
  "delete_flag" BOOLEAN NOT NULL,
  "ordered_at" CHARACTER VARYING,
  "status" CHARACTER VARYING,
  "loaded_at" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  PRIMARY KEY ("order_hk", "load_dts")
);

-- DdlScript.statements #11
CREATE TABLE IF NOT EXISTS "vault"."lsat_order_line" (
  "order_line_hk" CHARACTER VARYING(32) NOT NULL,
  "load_dts" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "record_source" CHARACTER VARYING NOT NULL,
  "hash_diff" CHARACTER VARYING(32) NOT NULL,
  "delete_flag" BOOLEAN NOT NULL,
  "qty" CHARACTER VARYING,
  "amount" CHARACTER VARYING,
  "loaded_at" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  PRIMARY KEY ("order_line_hk", "load_dts")
);

-- DdlScript.statements #12
CREATE TABLE IF NOT EXISTS "vault"."ref_order_status" (
  "code" CHARACTER VARYING NOT NULL,
  "load_dts" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "record_source" CHARACTER VARYING NOT NULL,
  "hash_diff" CHARACTER VARYING(32) NOT NULL,
  "delete_flag" BOOLEAN NOT NULL,
  "description" CHARACTER VARYING,
  "loaded_at" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  PRIMARY KEY ("code", "load_dts")
);

-- DdlScript.statements #13
CREATE TABLE IF NOT EXISTS "vault"."vs_key_map" (
  "source_table" CHARACTER VARYING NOT NULL,
  "pk" CHARACTER VARYING NOT NULL,
  "valid_from" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "key_values" CHARACTER VARYING NOT NULL,
  PRIMARY KEY ("source_table", "pk", "valid_from")
);

-- DdlScript.statements #14
CREATE TABLE IF NOT EXISTS "vault"."vs_repeats" (
  "target_table" CHARACTER VARYING NOT NULL,
  "row_key" CHARACTER VARYING NOT NULL,
  "load_dts" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "record_source" CHARACTER VARYING NOT NULL,
  "audit" CHARACTER VARYING,
  PRIMARY KEY ("target_table", "row_key", "load_dts")
);

-- DdlScript.statements #15
CREATE TABLE IF NOT EXISTS "vault"."vs_waiting" (
  "topic" CHARACTER VARYING NOT NULL,
  "kafka_partition" INTEGER NOT NULL,
  "kafka_offset" BIGINT NOT NULL,
  "source_table" CHARACTER VARYING NOT NULL,
  "target_object" CHARACTER VARYING NOT NULL,
  "message" CHARACTER VARYING,
  "ref_source" CHARACTER VARYING,
  "ref_pk" CHARACTER VARYING,
  "links_only" BOOLEAN NOT NULL,
  "operation" CHARACTER VARYING,
  "event_time" TIMESTAMP(6) WITH TIME ZONE,
  "record_key" CHARACTER VARYING,
  "record_value" CHARACTER VARYING,
  "event" CHARACTER VARYING,
  "attempts" INTEGER NOT NULL,
  "last_attempt" TIMESTAMP(6) WITH TIME ZONE,
  "state" CHARACTER VARYING NOT NULL,
  "arrived_at" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  PRIMARY KEY ("topic", "kafka_partition", "kafka_offset")
);

-- DdlScript.statements #16
CREATE TABLE IF NOT EXISTS "vault"."vs_errors" (
  "id" BIGINT GENERATED BY DEFAULT AS IDENTITY NOT NULL,
  "error_code" CHARACTER VARYING NOT NULL,
  "topic" CHARACTER VARYING NOT NULL,
  "kafka_partition" INTEGER NOT NULL,
  "kafka_offset" BIGINT NOT NULL,
  "source_table" CHARACTER VARYING NOT NULL,
  "target_object" CHARACTER VARYING NOT NULL,
  "message" CHARACTER VARYING,
  "ref_source" CHARACTER VARYING,
  "ref_pk" CHARACTER VARYING,
  "links_only" BOOLEAN NOT NULL,
  "operation" CHARACTER VARYING,
  "event_time" TIMESTAMP(6) WITH TIME ZONE,
  "record_key" CHARACTER VARYING,
  "record_value" CHARACTER VARYING,
  "event" CHARACTER VARYING,
  "attempts" INTEGER NOT NULL,
  "last_attempt" TIMESTAMP(6) WITH TIME ZONE,
  "first_seen" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "expires_at" TIMESTAMP(6) WITH TIME ZONE,
  PRIMARY KEY ("topic", "kafka_partition", "kafka_offset", "error_code", "target_object")
);

-- DdlScript.statements #17
CREATE TABLE IF NOT EXISTS "vault"."vs_progress" (
  "consumer" CHARACTER VARYING NOT NULL,
  "topic" CHARACTER VARYING NOT NULL,
  "kafka_partition" INTEGER NOT NULL,
  "next_offset" BIGINT NOT NULL,
  "updated_at" TIMESTAMP(6) WITH TIME ZONE NOT NULL,
  "anchor_offset" BIGINT,
  "anchor_ts" BIGINT,
  PRIMARY KEY ("consumer", "topic", "kafka_partition")
);

-- DdlScript.statements #18
CREATE TABLE IF NOT EXISTS "vault"."vs_writers" (
  "writer" CHARACTER VARYING NOT NULL,
  "mark" BIGINT NOT NULL,
  "written_at" BIGINT NOT NULL,
  PRIMARY KEY ("writer")
);

-- DdlScript.statements #19
CREATE TABLE IF NOT EXISTS "vault"."vs_locks" (id BIGINT NOT NULL PRIMARY KEY);

-- DdlScript.statements #20
ALTER TABLE "vault"."vs_progress" ADD COLUMN IF NOT EXISTS "anchor_offset" BIGINT;

-- DdlScript.statements #21
ALTER TABLE "vault"."vs_progress" ADD COLUMN IF NOT EXISTS "anchor_ts" BIGINT;

-- DdlScript.statements #22
CREATE INDEX IF NOT EXISTS "vs_waiting_ref" ON "vault"."vs_waiting" ("ref_source", "ref_pk");

-- DdlScript.statements #23
CREATE INDEX IF NOT EXISTS "vs_errors_ref" ON "vault"."vs_errors" ("ref_source", "ref_pk");

-- DdlScript.statements #24
CREATE INDEX IF NOT EXISTS "vs_waiting_due" ON "vault"."vs_waiting" ("state", "arrived_at");

-- DdlScript.statements #25
CREATE INDEX IF NOT EXISTS "vs_errors_due" ON "vault"."vs_errors" ("error_code", "expires_at");

-- DdlScript.statements #26
MERGE INTO "vault"."hub_customer" x USING (VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("customer_hk", "load_dts", "record_source", "loaded_at") ON x."customer_hk" = s."customer_hk"
WHEN NOT MATCHED THEN INSERT ("customer_hk", "load_dts", "record_source", "loaded_at") VALUES (s."customer_hk", s."load_dts", s."record_source", s."loaded_at");

-- DdlScript.statements #27
MERGE INTO "vault"."hub_customer" x USING (VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("customer_hk", "load_dts", "record_source", "loaded_at") ON x."customer_hk" = s."customer_hk"
WHEN NOT MATCHED THEN INSERT ("customer_hk", "load_dts", "record_source", "loaded_at") VALUES (s."customer_hk", s."load_dts", s."record_source", s."loaded_at");

-- DdlScript.statements #28
MERGE INTO "vault"."hub_product" x USING (VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("product_hk", "load_dts", "record_source", "loaded_at") ON x."product_hk" = s."product_hk"
WHEN NOT MATCHED THEN INSERT ("product_hk", "load_dts", "record_source", "loaded_at") VALUES (s."product_hk", s."load_dts", s."record_source", s."loaded_at");

-- DdlScript.statements #29
MERGE INTO "vault"."hub_product" x USING (VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("product_hk", "load_dts", "record_source", "loaded_at") ON x."product_hk" = s."product_hk"
WHEN NOT MATCHED THEN INSERT ("product_hk", "load_dts", "record_source", "loaded_at") VALUES (s."product_hk", s."load_dts", s."record_source", s."loaded_at");

-- DdlScript.statements #30
MERGE INTO "vault"."hub_order" x USING (VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("order_hk", "load_dts", "record_source", "loaded_at") ON x."order_hk" = s."order_hk"
WHEN NOT MATCHED THEN INSERT ("order_hk", "load_dts", "record_source", "loaded_at") VALUES (s."order_hk", s."load_dts", s."record_source", s."loaded_at");

-- DdlScript.statements #31
MERGE INTO "vault"."hub_order" x USING (VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("order_hk", "load_dts", "record_source", "loaded_at") ON x."order_hk" = s."order_hk"
WHEN NOT MATCHED THEN INSERT ("order_hk", "load_dts", "record_source", "loaded_at") VALUES (s."order_hk", s."load_dts", s."record_source", s."loaded_at");

-- DdlScript.statements #32
MERGE INTO "vault"."lnk_order_customer" x USING (VALUES ('00000000000000000000000000000000', '00000000000000000000000000000000', '00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("order_customer_hk", "order_hk", "customer_hk", "load_dts", "record_source", "loaded_at") ON x."order_customer_hk" = s."order_customer_hk"
WHEN NOT MATCHED THEN INSERT ("order_customer_hk", "order_hk", "customer_hk", "load_dts", "record_source", "loaded_at") VALUES (s."order_customer_hk", s."order_hk", s."customer_hk", s."load_dts", s."record_source", s."loaded_at");

-- DdlScript.statements #33
MERGE INTO "vault"."lnk_order_customer" x USING (VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("order_customer_hk", "order_hk", "customer_hk", "load_dts", "record_source", "loaded_at") ON x."order_customer_hk" = s."order_customer_hk"
WHEN NOT MATCHED THEN INSERT ("order_customer_hk", "order_hk", "customer_hk", "load_dts", "record_source", "loaded_at") VALUES (s."order_customer_hk", s."order_hk", s."customer_hk", s."load_dts", s."record_source", s."loaded_at");

-- DdlScript.statements #34
MERGE INTO "vault"."lnk_order_line" x USING (VALUES ('00000000000000000000000000000000', '00000000000000000000000000000000', '00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("order_line_hk", "order_hk", "product_hk", "load_dts", "record_source", "loaded_at") ON x."order_line_hk" = s."order_line_hk"
WHEN NOT MATCHED THEN INSERT ("order_line_hk", "order_hk", "product_hk", "load_dts", "record_source", "loaded_at") VALUES (s."order_line_hk", s."order_hk", s."product_hk", s."load_dts", s."record_source", s."loaded_at");

-- DdlScript.statements #35
MERGE INTO "vault"."lnk_order_line" x USING (VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("order_line_hk", "order_hk", "product_hk", "load_dts", "record_source", "loaded_at") ON x."order_line_hk" = s."order_line_hk"
WHEN NOT MATCHED THEN INSERT ("order_line_hk", "order_hk", "product_hk", "load_dts", "record_source", "loaded_at") VALUES (s."order_line_hk", s."order_hk", s."product_hk", s."load_dts", s."record_source", s."loaded_at");

-- DdlScript.statements #36
MERGE INTO "vault"."nhl_payment" x USING (VALUES ('00000000000000000000000000000000', '00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("payment_hk", "order_hk", "load_dts", "record_source", "loaded_at") ON x."payment_hk" = s."payment_hk"
WHEN NOT MATCHED THEN INSERT ("payment_hk", "order_hk", "load_dts", "record_source", "loaded_at") VALUES (s."payment_hk", s."order_hk", s."load_dts", s."record_source", s."loaded_at");

-- DdlScript.statements #37
MERGE INTO "vault"."nhl_payment" x USING (VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("payment_hk", "order_hk", "load_dts", "record_source", "loaded_at") ON x."payment_hk" = s."payment_hk"
WHEN NOT MATCHED THEN INSERT ("payment_hk", "order_hk", "load_dts", "record_source", "loaded_at") VALUES (s."payment_hk", s."order_hk", s."load_dts", s."record_source", s."loaded_at");

-- DdlScript.statements #38
MERGE INTO "vault"."sat_customer" x USING (VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', '00000000000000000000000000000000', CAST('false' AS BOOLEAN), CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") ON x."customer_hk" = s."customer_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES (s."customer_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."loaded_at");

-- DdlScript.statements #39
MERGE INTO "vault"."sat_customer" x USING (VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('false' AS BOOLEAN), CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") ON x."customer_hk" = s."customer_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("customer_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES (s."customer_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."loaded_at");

-- DdlScript.statements #40
MERGE INTO "vault"."sat_product" x USING (VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', '00000000000000000000000000000000', CAST('false' AS BOOLEAN), CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("product_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") ON x."product_hk" = s."product_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("product_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES (s."product_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."loaded_at");

-- DdlScript.statements #41
MERGE INTO "vault"."sat_product" x USING (VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('false' AS BOOLEAN), CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("product_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") ON x."product_hk" = s."product_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("product_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES (s."product_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."loaded_at");

-- DdlScript.statements #42
MERGE INTO "vault"."sat_order" x USING (VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', '00000000000000000000000000000000', CAST('false' AS BOOLEAN), CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") ON x."order_hk" = s."order_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES (s."order_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."loaded_at");

-- DdlScript.statements #43
MERGE INTO "vault"."sat_order" x USING (VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('false' AS BOOLEAN), CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") ON x."order_hk" = s."order_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("order_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES (s."order_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."loaded_at");

-- DdlScript.statements #44
MERGE INTO "vault"."lsat_order_line" x USING (VALUES ('00000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', '00000000000000000000000000000000', CAST('false' AS BOOLEAN), CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("order_line_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") ON x."order_line_hk" = s."order_line_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("order_line_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES (s."order_line_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."loaded_at");

-- DdlScript.statements #45
MERGE INTO "vault"."lsat_order_line" x USING (VALUES ('FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE), 'SYSTEM', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF', CAST('false' AS BOOLEAN), CAST('1900-01-01 00:00:00.000000' AS TIMESTAMP(6) WITH TIME ZONE))) AS s("order_line_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") ON x."order_line_hk" = s."order_line_hk" AND x."load_dts" = s."load_dts"
WHEN NOT MATCHED THEN INSERT ("order_line_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES (s."order_line_hk", s."load_dts", s."record_source", s."hash_diff", s."delete_flag", s."loaded_at");

