-- selectHistoryAround(sat_customer, [customer_hk])
WITH k AS (SELECT u."customer_hk" AS "customer_hk", CAST(u.t__ AS timestamptz) AS t__ FROM unnest(?::text[], ?::text[]) AS u("customer_hk", "t__"))
SELECT x."customer_hk"::text, round(extract(epoch FROM x."load_dts") * 1000000)::bigint, x."hash_diff"::text, x."delete_flag"::text, x."name"::text, x."email"::text, x."city"::text, x."updated_at"::text FROM k CROSS JOIN LATERAL ((SELECT * FROM "vault"."sat_customer" x WHERE x."customer_hk" = k."customer_hk" AND x."load_dts" < k.t__ ORDER BY x."load_dts" DESC LIMIT 1)
UNION ALL
(SELECT * FROM "vault"."sat_customer" x WHERE x."customer_hk" = k."customer_hk" AND x."load_dts" >= k.t__)) x;

-- selectHistoryAround(sat_product, [product_hk])
WITH k AS (SELECT u."product_hk" AS "product_hk", CAST(u.t__ AS timestamptz) AS t__ FROM unnest(?::text[], ?::text[]) AS u("product_hk", "t__"))
SELECT x."product_hk"::text, round(extract(epoch FROM x."load_dts") * 1000000)::bigint, x."hash_diff"::text, x."delete_flag"::text FROM k CROSS JOIN LATERAL ((SELECT * FROM "vault"."sat_product" x WHERE x."product_hk" = k."product_hk" AND x."load_dts" < k.t__ ORDER BY x."load_dts" DESC LIMIT 1)
UNION ALL
(SELECT * FROM "vault"."sat_product" x WHERE x."product_hk" = k."product_hk" AND x."load_dts" >= k.t__)) x;

-- selectHistoryAround(sat_order, [order_hk])
WITH k AS (SELECT u."order_hk" AS "order_hk", CAST(u.t__ AS timestamptz) AS t__ FROM unnest(?::text[], ?::text[]) AS u("order_hk", "t__"))
SELECT x."order_hk"::text, round(extract(epoch FROM x."load_dts") * 1000000)::bigint, x."hash_diff"::text, x."delete_flag"::text, x."ordered_at"::text, x."status"::text FROM k CROSS JOIN LATERAL ((SELECT * FROM "vault"."sat_order" x WHERE x."order_hk" = k."order_hk" AND x."load_dts" < k.t__ ORDER BY x."load_dts" DESC LIMIT 1)
UNION ALL
(SELECT * FROM "vault"."sat_order" x WHERE x."order_hk" = k."order_hk" AND x."load_dts" >= k.t__)) x;

-- selectHistoryAround(lsat_order_line, [order_line_hk])
WITH k AS (SELECT u."order_line_hk" AS "order_line_hk", CAST(u.t__ AS timestamptz) AS t__ FROM unnest(?::text[], ?::text[]) AS u("order_line_hk", "t__"))
SELECT x."order_line_hk"::text, round(extract(epoch FROM x."load_dts") * 1000000)::bigint, x."hash_diff"::text, x."delete_flag"::text, x."qty"::text, x."amount"::text FROM k CROSS JOIN LATERAL ((SELECT * FROM "vault"."lsat_order_line" x WHERE x."order_line_hk" = k."order_line_hk" AND x."load_dts" < k.t__ ORDER BY x."load_dts" DESC LIMIT 1)
UNION ALL
(SELECT * FROM "vault"."lsat_order_line" x WHERE x."order_line_hk" = k."order_line_hk" AND x."load_dts" >= k.t__)) x;

-- selectHistoryAround(ref_order_status, [code])
WITH k AS (SELECT u."code" AS "code", CAST(u.t__ AS timestamptz) AS t__ FROM unnest(?::text[], ?::text[]) AS u("code", "t__"))
SELECT x."code"::text, round(extract(epoch FROM x."load_dts") * 1000000)::bigint, x."hash_diff"::text, x."delete_flag"::text, x."description"::text FROM k CROSS JOIN LATERAL ((SELECT * FROM "vault"."ref_order_status" x WHERE x."code" = k."code" AND x."load_dts" < k.t__ ORDER BY x."load_dts" DESC LIMIT 1)
UNION ALL
(SELECT * FROM "vault"."ref_order_status" x WHERE x."code" = k."code" AND x."load_dts" >= k.t__)) x;

-- selectKeyMap(vault, vs_key_map)
SELECT m.pk, round(extract(epoch FROM m.valid_from) * 1000000)::bigint, m.key_values FROM (SELECT CAST(? AS text) AS source_table) s CROSS JOIN unnest(?::text[]) AS k(pk) CROSS JOIN LATERAL (SELECT x.pk, x.valid_from, x.key_values FROM "vault"."vs_key_map" x WHERE x.source_table = s.source_table AND x.pk = k.pk OFFSET 0) m;

-- lockKeys()
SELECT pg_advisory_xact_lock(u.k) FROM unnest(?::bigint[]) AS u(k) ORDER BY u.k;

