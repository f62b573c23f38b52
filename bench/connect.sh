#!/usr/bin/env bash
# Benchmark of the Kafka Connect sink: a real broker and worker, one task, PostgreSQL (embedded by
# default). Options: --events=N (200000) --batch-size=N (5000) --latency-rate=N (2000)
# --latency-seconds=N (10) --jdbc-url=URL. The JVM runs with -Xmx512m (BENCH_HEAP to change).
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -q -DskipTests install -pl benchmarks -am >/dev/null
exec mvn -B -q exec:exec -pl benchmarks -Dbench.heap="${BENCH_HEAP:-512m}" -Dbench.args="$*"
