#!/usr/bin/env bash
# The cost of decoding one Debezium record with its schema (io.vaultstream.bench.DecodeLoop): the
# engine's decoder on the record's bytes (the ByteArrayConverter path) against Kafka's JsonConverter
# on the same bytes, in a loop on one thread without broker or worker.
# Options: --events=N (20000 records per round) --rounds=N (15 measured) --warmup=N (15 not measured).
set -euo pipefail
cd "$(dirname "$0")/.."
exec mvn -B -q -DskipTests package org.codehaus.mojo:exec-maven-plugin:exec -pl benchmarks -am \
  -Dbench.main=io.vaultstream.bench.DecodeLoop -Dbench.heap="${BENCH_HEAP:-512m}" \
  -Dbench.gc="${BENCH_GC:--XX:+UseG1GC}" -Dbench.args="$*"
