#!/usr/bin/env bash
# Rows in key order against rows as hash keys arrive: what a batch's satellite statements cost on
# PostgreSQL on a large index (with the defaults, its primary key is about twice a 128 MB
# shared_buffers; the script prints both).
#
# Builds a satellite-shaped table (hash key, load time, record source, hash diff, two attributes;
# primary key on hash key and load time, the loader's column types) of --rows rows, then times, in
# alternation, --pairs pairs of batches of --batch keys: the history read the loader runs before a
# write (one index probe per key, a lateral join over an array of keys) and the insert of new
# versions, once with the keys in the order they came and once sorted. Prints the median and range
# per statement and order. All timing is server-side (clock_timestamp), so the client and network
# are not in it. The table is dropped at the end.
#
#   benchmarks/index-order.sh [--url=postgresql://postgres@127.0.0.1:5432/test] [--rows=3000000]
#                             [--batch=2000] [--pairs=30]
set -euo pipefail
URL=postgresql://postgres@127.0.0.1:5432/test
ROWS=3000000
BATCH=2000
PAIRS=30
for arg in "$@"; do
  case "$arg" in
    --url=*) URL="${arg#*=}" ;;
    --rows=*) ROWS="${arg#*=}" ;;
    --batch=*) BATCH="${arg#*=}" ;;
    --pairs=*) PAIRS="${arg#*=}" ;;
    -h | --help) sed -n 2,15p "$0"; exit 0 ;;
    *) echo "index-order.sh: unknown argument $arg (see --help)" >&2; exit 2 ;;
  esac
done
command -v psql >/dev/null || { echo "index-order.sh: psql is needed" >&2; exit 2; }

psql -X -q -v ON_ERROR_STOP=1 "$URL" <<SQL
\set QUIET on
SET client_min_messages = warning;
DROP TABLE IF EXISTS vs_bench_index_order;
CREATE TABLE vs_bench_index_order (
  hk varchar(32) COLLATE "C" NOT NULL, load_dts timestamptz NOT NULL, record_source text,
  hash_diff varchar(32) COLLATE "C",
  a text, b text, PRIMARY KEY (hk, load_dts));
INSERT INTO vs_bench_index_order
  SELECT md5(i::text), now() - interval '1 day', 'shop.public.order_line', md5((i * 7)::text),
         'attr' || i, 'val' || i
  FROM generate_series(1, $ROWS) i;
CHECKPOINT;
\pset tuples_only on
SELECT format('table: %s rows, heap %s, primary key %s; shared_buffers %s', $ROWS,
  pg_size_pretty(pg_relation_size('vs_bench_index_order')),
  pg_size_pretty(pg_relation_size('vs_bench_index_order_pkey')),
  current_setting('shared_buffers'));
\pset tuples_only off
CREATE TEMP TABLE vs_bench_times (statement text, ordered boolean, ms float8);
DO \$\$
DECLARE
  keys text[];
  t0 timestamptz;
  n int;
  o int;
BEGIN
  -- Three pairs first that are not counted (the caches warm up), then the pairs counted; which
  -- order goes first alternates from pair to pair.
  FOR p IN -2 .. $PAIRS LOOP
    FOR step IN 0 .. 1 LOOP
      o := (step + p + 2) % 2;
      -- Existing keys spread over the whole index, as a batch's updates reach it.
      SELECT CASE WHEN o = 1 THEN array_agg(k ORDER BY k) ELSE array_agg(k ORDER BY r) END INTO keys
        FROM (SELECT md5((1 + floor(random() * $ROWS))::int::text) k, random() r
              FROM generate_series(1, $BATCH)) s;
      t0 := clock_timestamp();
      SELECT count(*) INTO n FROM unnest(keys) AS k(hk) CROSS JOIN LATERAL
        (SELECT * FROM vs_bench_index_order x WHERE x.hk = k.hk
         ORDER BY x.load_dts DESC LIMIT 1) m;
      INSERT INTO vs_bench_times SELECT 'history read', o = 1,
        extract(epoch FROM clock_timestamp() - t0) * 1000 WHERE p > 0;
      -- New versions of those keys, inserted in the array's order.
      t0 := clock_timestamp();
      INSERT INTO vs_bench_index_order
        SELECT k.hk, now() + make_interval(secs => (p + 3) * 2 + o), 'shop.public.order_line',
               md5(k.hk), 'attr', 'val'
        FROM unnest(keys) WITH ORDINALITY AS k(hk, i) ORDER BY k.i
        ON CONFLICT DO NOTHING;
      INSERT INTO vs_bench_times SELECT 'insert', o = 1,
        extract(epoch FROM clock_timestamp() - t0) * 1000 WHERE p > 0;
    END LOOP;
  END LOOP;
END
\$\$;
\pset footer off
SELECT statement, CASE WHEN ordered THEN 'key order' ELSE 'arrival order' END AS "keys",
       round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 2) AS "median ms",
       round(min(ms)::numeric, 2) AS "min", round(max(ms)::numeric, 2) AS "max", count(*) AS batches
  FROM vs_bench_times GROUP BY statement, ordered ORDER BY statement, ordered;
DROP TABLE vs_bench_index_order;
SQL
