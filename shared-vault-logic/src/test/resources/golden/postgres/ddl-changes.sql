-- createSchema(vault)
CREATE SCHEMA IF NOT EXISTS "vault";

-- addColumn(vault, sat_customer, email text)
ALTER TABLE "vault"."sat_customer" ADD COLUMN IF NOT EXISTS "email" text;

-- addAttributeColumn(vault, sat_customer, phone text)
ALTER TABLE "vault"."sat_customer" ADD COLUMN IF NOT EXISTS "phone" text;
COMMENT ON COLUMN "vault"."sat_customer"."phone" IS 'vaultstream: added after the table was created';

-- widenColumn(vault, sat_customer, name varchar(50))
ALTER TABLE "vault"."sat_customer" ALTER COLUMN "name" SET DATA TYPE varchar(50);

-- createIndex(vault, vs_waiting, vs_waiting_ref, [ref_source, ref_pk])
CREATE INDEX IF NOT EXISTS "vs_waiting_ref" ON "vault"."vs_waiting" ("ref_source", "ref_pk");

-- selectColumns()
SELECT a.attname, format_type(a.atttypid, a.atttypmod), col_description(a.attrelid, a.attnum) FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_class c ON c.oid = a.attrelid JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relname = ? AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum;

-- selectIndexes()
SELECT indexname FROM pg_indexes WHERE schemaname = ? AND tablename = ?;

-- currentSchema()
SELECT current_schema();

-- lockSchemaChanges(vault)
SELECT pg_advisory_xact_lock(1987248129, -420437509);

-- lockSchemaChanges(null)
SELECT pg_advisory_xact_lock(1987248129, -474954686);

-- unlockSchemaChanges(vault)
null;

-- unlockSchemaChanges(null)
null;

-- vacuum(vault, vs_waiting)
VACUUM (SKIP_LOCKED) "vault"."vs_waiting";

-- vacuum(vault, vs_errors)
VACUUM (SKIP_LOCKED) "vault"."vs_errors";

