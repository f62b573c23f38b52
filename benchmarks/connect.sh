#!/usr/bin/env bash
# The Connect benchmark on generated events (the benchmark of record, on a real Debezium source, is
# debezium-source.sh), what users run: Kafka Connect 4.1.1 distributed workers, each in its own
# JVM (Kafka's JVM flags and shipped connect-distributed.properties, offset.flush.interval.ms=1000),
# vaultstream installed from its zip and the Debezium JDBC sink 3.5 from its plugin directory on the
# same plugin.path; both load the same Debezium change events (JsonConverter with schemas) from a
# broker inside the harness JVM into the same database server (PostgreSQL; MariaDB for a
# jdbc:mariadb: URL, each sink in a database of its own): first a backlog on a freshly started
# worker each, then as many events again on the running workers. Also prints vault rows/s against a
# plain bulk load (PostgreSQL: COPY; MariaDB: LOAD DATA LOCAL INFILE), vaultstream's event-to-vault
# latency at half its rate, the workers' heap, flush times and CPU per event (worker threads,
# broker, database server). The sinks' schemas (bench_vault, bench_jdbc) are dropped at the end.
# Options: --events=N (200000) --jdbc-url=URL (jdbc:postgresql:... or jdbc:mariadb:...; default: an
# embedded PostgreSQL 17) --tasks=N (1; N partitions per topic and tasks.max=N)
# --sinks=both|vaultstream|debezium (both) --running-events=N (as --events; 0 skips)
# --latency-seconds=N (20; 0 skips) --worker-heap=2G.
# The harness JVM's heap: BENCH_HEAP (default 1g).
set -euo pipefail
cd "$(dirname "$0")/.."
# Builds what the run needs in this checkout (the plugin zip, the worker's jars, the Debezium plugin
# unless --sinks=vaultstream), then runs the benchmark in a reactor of the benchmarks module and
# what it depends on (exec:exec runs in the benchmarks module only): nothing is installed into the
# local Maven repository. Two steps, because the reactor may order the worker's module after the
# benchmarks module, which depends on nothing of it.
modules=connect-plugin,benchmarks,benchmarks/worker-4.1
case " $* " in
  *" --sinks=vaultstream "*) ;;
  *) modules+=,benchmarks/debezium-jdbc ;;
esac
mvn -B -q -DskipTests -Pbench package -pl "$modules" -am >/dev/null
exec mvn -B -q -DskipTests package org.codehaus.mojo:exec-maven-plugin:exec -pl benchmarks -am \
  -Dbench.main=io.vaultstream.bench.connect.WorkerBenchmark \
  -Dbench.heap="${BENCH_HEAP:-1g}" -Dbench.args="$*"
