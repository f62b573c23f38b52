CREATE SCHEMA IF NOT EXISTS "vault";

CREATE TABLE IF NOT EXISTS "vault"."hub_thing" (
  "thing_hk" varchar(64) COLLATE "C" NOT NULL,
  "code" varchar(20),
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("thing_hk")
);

CREATE TABLE IF NOT EXISTS "vault"."nhl_thing" (
  "nhl_thing_hk" varchar(64) COLLATE "C" NOT NULL,
  "thing_hk" varchar(64) COLLATE "C" NOT NULL,
  "id" bigint,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "h" NUMERIC ( 12 , 2 ),
  "s" timestamptz(6),
  "u" bytea,
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("nhl_thing_hk")
);

CREATE TABLE IF NOT EXISTS "vault"."sat_thing" (
  "thing_hk" varchar(64) COLLATE "C" NOT NULL,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "hash_diff" varchar(64) COLLATE "C" NOT NULL,
  "delete_flag" boolean NOT NULL,
  "a" smallint,
  "b" INT,
  "c" int8,
  "d" real,
  "e" double precision,
  "f" float8,
  "g" numeric,
  "h" NUMERIC ( 12 , 2 ),
  "i" decimal(7),
  "j" text,
  "k" character varying(40),
  "l" char(3),
  "m" boolean,
  "n" date,
  "o" time,
  "p" time(3) with time zone,
  "q" timetz,
  "r" timestamp(0) without time zone,
  "s" timestamptz(6),
  "t" timestamp with time zone,
  "u" bytea,
  "v" uuid,
  "w" json,
  "x" jsonb,
  "y" bool,
  "z" character,
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("thing_hk", "load_dts")
);

CREATE TABLE IF NOT EXISTS "vault"."ref_kind" (
  "kind" char(2) NOT NULL,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "hash_diff" varchar(64) COLLATE "C" NOT NULL,
  "delete_flag" boolean NOT NULL,
  "label" varchar(100),
  "loaded_at" timestamptz NOT NULL,
  PRIMARY KEY ("kind", "load_dts")
);

CREATE TABLE IF NOT EXISTS "vault"."vs_key_map" (
  "source_table" text COLLATE "C" NOT NULL,
  "pk" text COLLATE "C" NOT NULL,
  "valid_from" timestamptz NOT NULL,
  "key_values" text NOT NULL,
  PRIMARY KEY ("source_table", "pk", "valid_from")
);

CREATE TABLE IF NOT EXISTS "vault"."vs_repeats" (
  "target_table" text COLLATE "C" NOT NULL,
  "row_key" text COLLATE "C" NOT NULL,
  "load_dts" timestamptz NOT NULL,
  "record_source" text NOT NULL,
  "audit" text,
  PRIMARY KEY ("target_table", "row_key", "load_dts")
);

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

CREATE TABLE IF NOT EXISTS "vault"."vs_writers" (
  "writer" text COLLATE "C" NOT NULL,
  "mark" bigint NOT NULL,
  "written_at" bigint NOT NULL,
  PRIMARY KEY ("writer")
);

ALTER TABLE "vault"."vs_progress" ADD COLUMN IF NOT EXISTS "anchor_offset" bigint;

ALTER TABLE "vault"."vs_progress" ADD COLUMN IF NOT EXISTS "anchor_ts" bigint;

CREATE INDEX IF NOT EXISTS "vs_waiting_ref" ON "vault"."vs_waiting" ("ref_source", "ref_pk");

CREATE INDEX IF NOT EXISTS "vs_errors_ref" ON "vault"."vs_errors" ("ref_source", "ref_pk");

CREATE INDEX IF NOT EXISTS "vs_waiting_due" ON "vault"."vs_waiting" ("state", "arrived_at");

CREATE INDEX IF NOT EXISTS "vs_errors_due" ON "vault"."vs_errors" ("error_code", "expires_at");

INSERT INTO "vault"."hub_thing" ("thing_hk", "load_dts", "record_source", "loaded_at") VALUES ('0000000000000000000000000000000000000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("thing_hk") DO NOTHING;

INSERT INTO "vault"."hub_thing" ("thing_hk", "load_dts", "record_source", "loaded_at") VALUES ('ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("thing_hk") DO NOTHING;

INSERT INTO "vault"."nhl_thing" ("nhl_thing_hk", "thing_hk", "load_dts", "record_source", "loaded_at") VALUES ('0000000000000000000000000000000000000000000000000000000000000000', '0000000000000000000000000000000000000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("nhl_thing_hk") DO NOTHING;

INSERT INTO "vault"."nhl_thing" ("nhl_thing_hk", "thing_hk", "load_dts", "record_source", "loaded_at") VALUES ('ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff', 'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("nhl_thing_hk") DO NOTHING;

INSERT INTO "vault"."sat_thing" ("thing_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES ('0000000000000000000000000000000000000000000000000000000000000000', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', '0000000000000000000000000000000000000000000000000000000000000000', CAST('false' AS boolean), CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("thing_hk", "load_dts") DO NOTHING;

INSERT INTO "vault"."sat_thing" ("thing_hk", "load_dts", "record_source", "hash_diff", "delete_flag", "loaded_at") VALUES ('ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff', CAST('1900-01-01 00:00:00.000000+00' AS timestamptz), 'SYSTEM', 'ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff', CAST('false' AS boolean), CAST('1900-01-01 00:00:00.000000+00' AS timestamptz))
ON CONFLICT ("thing_hk", "load_dts") DO NOTHING;
