#!/usr/bin/env bash
# The former benchmark (io.vaultstream.bench.ConnectBenchmark): broker and worker in ONE JVM
# (EmbeddedConnectCluster), ByteArrayConverter, one task, PostgreSQL (embedded by default). Not
# what users run: see benchmarks/debezium-source.sh for the benchmark of record.
# Options: --events=N (200000) --batch-size=N (5000) --latency-rate=N (2000)
# --latency-seconds=N (10) --jdbc-url=URL --warmup-events=N (default: as many as --events; a
# freshly started worker loads N other events first, timed apart, then the measured ones, as a
# running worker; 0: measure the freshly started worker only) --pipelining=true|false (the
# connector's batch.pipelining) --hold-ms=N (the connector's waiting.hold.ms, default 0: waiting rows
# at once) --partition-fetch-bytes=N (consumer.override.max.partition.fetch.bytes)
# --sink=decode-only (the floor: a task that only decodes the records and writes nothing)
# --sink=planner (no broker, no worker: the engine's planner alone, bytes allocated and CPU time per
# event on the planning thread; --events=N (50000) per run, --runs=N (5), --warmup-events=N, --batch-size=N)
# --statements=N (print the N statements PostgreSQL spent most time on, from pg_stat_statements).
# Besides events/s it prints the CPU time the load cost, per event, split by where it was spent.
# The JVM runs with -Xmx512m (BENCH_HEAP to change) and G1 (BENCH_GC=-XX:+UseParallelGC to try another
# collector).
set -euo pipefail
cd "$(dirname "$0")/.."
# One reactor builds what the run needs in this checkout and runs it (exec:exec runs in the
# benchmarks module only): nothing is installed into the local Maven repository.
exec mvn -B -q -DskipTests package org.codehaus.mojo:exec-maven-plugin:exec -pl benchmarks -am \
  -Dbench.main=io.vaultstream.bench.ConnectBenchmark -Dbench.heap="${BENCH_HEAP:-512m}" \
  -Dbench.gc="${BENCH_GC:--XX:+UseG1GC}" -Dbench.args="$*"
