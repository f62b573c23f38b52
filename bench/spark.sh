#!/usr/bin/env bash
# Benchmark of the Spark runner in local[2]: the Connect benchmark's events (same generator and
# seed) pre-loaded into a real broker, loaded with Trigger.AvailableNow into an embedded
# PostgreSQL. Options: --events=N (200000) --max-offsets-per-trigger=N (5000) --warmup-events=N (0: a
# freshly started job; N: load N other events first, then the measured ones by a second run of the
# same job) --queries=per-source|single (the job's --queries: one query per source table, the
# default, or one over every topic); any other --name=value goes to the job (--batch-size=N,
# --kafka.<setting>=value). Heap: BENCH_HEAP (default 2g).
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -DskipTests install -pl spark-runner -am >/dev/null
exec mvn -B -q exec:exec -pl spark-runner -Dbench.heap="${BENCH_HEAP:-2g}" -Dbench.args="$*"
