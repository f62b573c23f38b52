#!/usr/bin/env bash
# Benchmark of the Spark runner in local[2]: the Connect benchmark's events (module samples, same
# seed: Debezium envelopes with schemas as the JsonConverter writes them, deletes and tombstones)
# pre-loaded into a real broker, loaded with Trigger.AvailableNow into an embedded PostgreSQL 17 or
# a PostgreSQL of one's own. Prints events/s and the JVM's CPU per event over the load (in all, and
# without its JIT compiler and GC threads). Then checks the vault: no error rows, every record's
# position stored.
# Options: --events=N (200000) --jdbc-url=URL (a PostgreSQL of one's own instead of the embedded
# one, e.g. 'jdbc:postgresql://127.0.0.1:5432/test?user=postgres') --schema=NAME (bench_spark; the
# benchmark's own schema, dropped first) --max-offsets-per-trigger=N (5000; 20000 with
# --queries=single) --warmup-events=N (0: a freshly started job; N: load N other events first, then
# the measured ones by a second run of the same job) --queries=per-source|single (the job's
# --queries: one query per source table, the default, or one over every topic); any other
# --name=value goes to the job (--batch-size=N, --kafka.<setting>=value). Heap: BENCH_HEAP (2g).
# More flags for the benchmark's JVM: BENCH_JVM (space-separated, given to it as JDK_JAVA_OPTIONS),
# e.g. BENCH_JVM='-XX:StartFlightRecording=filename=/tmp/spark.jfr,settings=profile'; the measured
# load is printed between the lines "Load N starting" and "Load N ended" to cut a recording to it.
# --bootstrap-servers=HOST:PORT loads the shop topics another producer left on that broker instead
# (benchmarks/debezium-source.sh --spark uses it): --loads=N (2) times into --schema, dropped before
# each load: a freshly started job, then a running one, the third with --queries single.
# --target=delta instead measures the Delta target's cost per micro-batch as its tables grow: the
# same events, without the broker, loaded micro-batch by micro-batch into a Delta vault by the job's
# per-batch path (Delta Lake 4.0 in local[2]); options --events=N (500000), --batch-events=N (20000,
# the job's records per micro-batch), --delta-path=DIR (a new temporary directory).
# --target=delta --compare loads the same events, in the same micro-batches, into a fresh PostgreSQL
# vault by the job's JDBC batch writer (the single query's) and into a fresh Delta vault by its Delta
# batch writer, in one run, and prints both side by side (events/s, median and range of the batch
# times, vault rows; rows per table must match, else it fails), then the Delta tables' data files
# and versions after the micro-batches and after OPTIMIZE; options --events=N (100000),
# --batch-events=N (20000), --runs=N (1; the target going first alternates), --jdbc-url=URL
# (jdbc:postgresql://127.0.0.1:5432/test?user=postgres, used as found), --schema=NAME
# (bench_compare; run i loads into NAME_r<i>, dropped before and after), --batch-size=N (the JDBC
# writer's events per transaction, the job's default 5000), --delta-path=DIR (empty; by default a
# new temporary directory, deleted at the end).
set -euo pipefail
cd "$(dirname "$0")/.."
for a in "$@"; do
  case "$a" in
    --*=* | --compare) ;;
    *) echo "benchmarks/spark.sh: unexpected argument '$a': arguments are --name=value" >&2; exit 2 ;;
  esac
done
# One reactor builds what the run needs in this checkout and runs it (exec:exec runs in the
# benchmarks/spark module only): nothing is installed into the local Maven repository.
jvm=()
if [[ -n "${BENCH_JVM:-}" ]]; then
  jvm=("-Dbench.jvm.extra=$BENCH_JVM")
fi
exec mvn -B -q -DskipTests package org.codehaus.mojo:exec-maven-plugin:exec -pl benchmarks/spark -am \
  -Dbench.heap="${BENCH_HEAP:-2g}" ${jvm[@]+"${jvm[@]}"} -Dbench.args="$*"
