-- createSchema(vault)
CREATE SCHEMA IF NOT EXISTS "vault";

-- addColumn(vault, sat_customer, email text)
ALTER TABLE "vault"."sat_customer" ADD COLUMN IF NOT EXISTS "email" CHARACTER VARYING;

-- addAttributeColumn(vault, sat_customer, phone text)
ALTER TABLE "vault"."sat_customer" ADD COLUMN IF NOT EXISTS "phone" CHARACTER VARYING;
COMMENT ON COLUMN "vault"."sat_customer"."phone" IS 'vaultstream: added after the table was created';

-- widenColumn(vault, sat_customer, name varchar(50))
ALTER TABLE "vault"."sat_customer" ALTER COLUMN "name" SET DATA TYPE CHARACTER VARYING(50);

-- createIndex(vault, vs_waiting, vs_waiting_ref, [ref_source, ref_pk])
CREATE INDEX IF NOT EXISTS "vs_waiting_ref" ON "vault"."vs_waiting" ("ref_source", "ref_pk");

-- selectColumns()
SELECT c.column_name, CASE WHEN UPPER(c.data_type) IN ('CHARACTER VARYING', 'CHARACTER', 'BINARY VARYING', 'BINARY') AND c.character_maximum_length IS NOT NULL THEN UPPER(c.data_type) || '(' || c.character_maximum_length || ')' WHEN UPPER(c.data_type) IN ('NUMERIC', 'DECIMAL') AND c.numeric_precision IS NOT NULL THEN 'NUMERIC(' || c.numeric_precision || ',' || COALESCE(c.numeric_scale, 0) || ')' WHEN UPPER(c.data_type) LIKE 'TIMESTAMP%' AND c.datetime_precision IS NOT NULL THEN 'TIMESTAMP(' || c.datetime_precision || ')' || SUBSTRING(UPPER(c.data_type) FROM 10) WHEN UPPER(c.data_type) LIKE 'TIME%' AND c.datetime_precision IS NOT NULL THEN 'TIME(' || c.datetime_precision || ')' || SUBSTRING(UPPER(c.data_type) FROM 5) ELSE UPPER(c.data_type) END, c.remarks FROM information_schema.columns c WHERE c.table_schema = ? AND c.table_name = ? ORDER BY c.ordinal_position;

-- selectIndexes()
SELECT DISTINCT index_name FROM information_schema.indexes WHERE table_schema = ? AND table_name = ?;

-- currentSchema()
SELECT CURRENT_SCHEMA;

-- lockSchemaChanges(vault)
null;

-- lockSchemaChanges(null)
null;

-- unlockSchemaChanges(vault)
null;

-- unlockSchemaChanges(null)
null;

-- vacuum(vault, vs_waiting)
null;

-- vacuum(vault, vs_errors)
null;

