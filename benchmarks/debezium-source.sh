#!/usr/bin/env bash
# The Connect benchmark on events from a real Debezium PostgreSQL source connector: a second
# PostgreSQL 15 cluster ("source", 127.0.0.1:5433, wal_level=logical) holds the shop's six tables in
# database "shop"; a seeded workload (io.vaultstream.bench.connect.ShopWorkload: customers and
# products, orders with their lines in one transaction, payments, updates, deletes) changes them
# while Debezium's PostgreSQL connector 3.6 (pgoutput) captures them into one topic per table on a
# Kafka Connect 4.1 worker. Once every change is in the topics (the backlog), each sink gets a freshly
# started worker of its own and loads the backlog three times on it (fresh, second, running), each
# time from a fresh consumer group into a fresh target schema: vaultstream as
# connect-plugin/src/main/etc/vaultstream-shop.json configures it, the Debezium JDBC sink 3.5 as its
# docs ask (upsert, record_key, deletes, batch 500; JsonConverter with schemas) and then tuned
# (batch.size 5000, max.poll.records 5000). On vaultstream's worker also the physical ceiling: R, a
# no-op sink behind the ByteArrayConverter, and C, a COPY of the running load's vault rows into
# copies of its tables; U = 1/(1/R + 1/C). R runs, the sinks' order rotated; prints each load's
# whole-run and steady (10-90 % of the records) events/s, CPU per event by thread group, GC and
# allocated bytes per event, the vault's row counts and vs_errors, then medians, ranges, ratios
# and the fraction of U.
#
# Options (--name=value): --events=N (100000; the workload's change events, tombstones included)
# --runs=R (3) --seed=S (1) --sinks=both|vaultstream|debezium (both)
# --jdbc-url=URL (the target; jdbc:postgresql://127.0.0.1:5432/test?user=postgres; or a MariaDB,
# jdbc:mariadb://127.0.0.1:3306/test?user=root: the schemas are databases there, and C is a LOAD DATA
# of as many satellite-shaped rows as the vault holds, not of the vault's own rows; not with --spark)
# --worker-heap=2G --variants=k=v,k=v/k=v (each group one more vaultstream load on its running
# worker, with these settings over the shipped ones; {url} in a value is the target's JDBC URL, e.g.
# --variants='connection.url={url}&useServerPrepStmts=false'; a '/' that no key follows belongs to the
# value: --variants=vault.model.path=/tmp/model.json); --spark (in each run also the Spark runner:
# a JVM of its own, local[2], loads the same topics from the same broker with the job's defaults,
# first as a freshly started job, then as a running one, then running with --queries single, into
# a schema of its own; reported beside vaultstream's fresh and second loads). The harness JVM's heap: BENCH_HEAP (default 1g); the
# Spark JVM's: SPARK_BENCH_HEAP (default 2g), more flags for it: SPARK_BENCH_JVM ({dir} as below,
# {worker} spark-r<run>), more arguments for its harness: SPARK_BENCH_ARGS (e.g.
# --max-offsets-per-trigger=20000). More flags for the sinks' workers: BENCH_WORKER_JVM
# (space-separated; {worker} and {dir} become the worker's name and the run's directory), e.g.
# BENCH_WORKER_JVM='-XX:StartFlightRecording=filename={dir}/{worker}.jfr,settings=profile'.
#
# Sets up, on first use (as root): the cluster with pg_createcluster, its conf.d file and loopback
# trust lines in its pg_hba.conf, and database "shop". Leaves the cluster running; its replication
# slot is dropped at the end of each capture, and the loads' schemas in the target at the end of the
# run. Remove the cluster with: pg_dropcluster 15 source --stop
set -euo pipefail
cd "$(dirname "$0")/.."

PG_VERSION=15
CLUSTER=source
PORT=5433
CONF_DIR=/etc/postgresql/$PG_VERSION/$CLUSTER
DEBEZIUM_SOURCE=io.debezium:debezium-connector-postgres:3.6.1.Final:tar.gz:plugin
PLUGIN_DIR=benchmarks/target/debezium-source/plugin

say() { printf '%s\n' "debezium-source.sh: $*"; }
die() { printf '%s\n' "debezium-source.sh: $*" >&2; exit 1; }

sql() { psql -X -q -h 127.0.0.1 -p "$PORT" -U postgres -d "${2:-postgres}" -tAc "$1"; }

cluster_status() { pg_lsclusters -h | awk -v c="$CLUSTER" -v v="$PG_VERSION" '$1==v && $2==c {print $4}'; }

# The cluster Debezium reads: created once, configured for logical decoding, started if it is not.
setup_cluster() {
  command -v pg_createcluster >/dev/null || die "pg_createcluster not found: PostgreSQL $PG_VERSION's Debian packages (postgresql-common) are needed"
  local changed=0
  if [ -z "$(cluster_status)" ]; then
    [ "$(id -u)" = 0 ] || die "creating the source cluster needs root (pg_createcluster $PG_VERSION $CLUSTER -p $PORT)"
    say "creating PostgreSQL $PG_VERSION cluster '$CLUSTER' on port $PORT"
    pg_createcluster "$PG_VERSION" "$CLUSTER" -p "$PORT" >/dev/null
  fi
  local conf=$CONF_DIR/conf.d/90-debezium-source.conf
  local want
  want=$(printf '%s\n' "# benchmarks/debezium-source.sh: logical decoding for Debezium's pgoutput" \
    "wal_level = logical" "max_wal_senders = 10" "max_replication_slots = 10" \
    "listen_addresses = '127.0.0.1'" "port = $PORT")
  if [ "$(cat "$conf" 2>/dev/null)" != "$want" ]; then
    [ "$(id -u)" = 0 ] || die "configuring the source cluster needs root ($conf)"
    mkdir -p "$CONF_DIR/conf.d"
    printf '%s\n' "$want" > "$conf"
    changed=1
  fi
  # Loopback only, without a password: first in the file, so they win over the packaged lines.
  local hba=$CONF_DIR/pg_hba.conf
  if ! grep -q '^host all all 127.0.0.1/32 trust' "$hba"; then
    [ "$(id -u)" = 0 ] || die "configuring the source cluster needs root ($hba)"
    sed -i '1i host all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust' "$hba"
    changed=1
  fi
  case "$(cluster_status)" in
    online)
      if [ "$changed" = 1 ]; then
        say "restarting cluster '$CLUSTER' for its new settings"
        pg_ctlcluster --skip-systemctl-redirect "$PG_VERSION" "$CLUSTER" restart
      fi ;;
    *)
      [ "$(id -u)" = 0 ] || die "starting the source cluster needs root (pg_ctlcluster $PG_VERSION $CLUSTER start)"
      say "starting cluster '$CLUSTER'"
      pg_ctlcluster --skip-systemctl-redirect "$PG_VERSION" "$CLUSTER" start ;;
  esac
  local level
  level=$(sql "SHOW wal_level") || die "cannot connect to 127.0.0.1:$PORT as postgres; see /var/log/postgresql/postgresql-$PG_VERSION-$CLUSTER.log"
  [ "$level" = logical ] || die "cluster '$CLUSTER' runs with wal_level=$level, not logical; restart it: pg_ctlcluster --skip-systemctl-redirect $PG_VERSION $CLUSTER restart"
  if [ -z "$(sql "SELECT 1 FROM pg_database WHERE datname = 'shop'")" ]; then
    sql "CREATE DATABASE shop" >/dev/null
  fi
  say "source: PostgreSQL $(sql "SHOW server_version") at 127.0.0.1:$PORT, database shop, wal_level=$level"
}

# Debezium's PostgreSQL connector as its plugin archive ships it, without the jars the worker itself
# provides (Kafka clients, Connect API, slf4j, Jackson, Kafka's compression libraries): a
# plugin-local copy of those would shadow the worker's. Fetched into benchmarks/target only; no
# module of the build depends on it.
fetch_source_plugin() {
  local archive
  if [ ! -f "$PLUGIN_DIR/debezium-connector-postgres/debezium-connector-postgres-3.6.1.Final.jar" ]; then
    say "fetching $DEBEZIUM_SOURCE"
    rm -rf "$PLUGIN_DIR" benchmarks/target/debezium-source/archive
    mvn -B -q dependency:copy -Dartifact="$DEBEZIUM_SOURCE" \
      -DoutputDirectory=benchmarks/target/debezium-source/archive >/dev/null
    archive=$(ls benchmarks/target/debezium-source/archive/*.tar.gz)
    mkdir -p "$PLUGIN_DIR"
    tar -xzf "$archive" -C "$PLUGIN_DIR"
    (cd "$PLUGIN_DIR/debezium-connector-postgres" && rm -f kafka-clients-*.jar connect-api-*.jar \
      slf4j-*.jar jackson-*.jar lz4-java-*.jar snappy-java-*.jar zstd-jni-*.jar)
  fi
}

spark=0
args=()
for a in "$@"; do
  case "$a" in
    --spark) spark=1 ;;
    *) args+=("$a") ;;
  esac
done

setup_cluster
fetch_source_plugin
# As benchmarks/connect.sh: build the plugin zip, the worker's jars and the Debezium JDBC sink's
# plugin directory in this checkout (nothing installed into the local Maven repository), then run.
modules=connect-plugin,benchmarks,benchmarks/worker-4.1
case " ${args[*]} " in
  *" --sinks=vaultstream "*) ;;
  *) modules+=,benchmarks/debezium-jdbc ;;
esac
say "building $modules"
mvn -B -q -DskipTests -Pbench package -pl "$modules" -am >/dev/null
if [ "$spark" = 1 ]; then
  # The Spark harness runs in a JVM of its own (Spark stays off the Connect harness's class path):
  # its module's classes and its class path as the reactor resolves it, written to a file.
  say "building benchmarks/spark and its class path"
  mvn -B -q -DskipTests package dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt \
    -pl benchmarks/spark -am >/dev/null
  cp_file=$PWD/benchmarks/spark/target/spark-harness-classpath.txt
  printf '%s:%s' "$PWD/benchmarks/spark/target/classes" "$(cat benchmarks/spark/target/bench-classpath.txt)" > "$cp_file"
  args=("--spark-classpath=$cp_file" "--spark-heap=${SPARK_BENCH_HEAP:-2g}" "${args[@]}")
fi
exec mvn -B -q -DskipTests package org.codehaus.mojo:exec-maven-plugin:exec -pl benchmarks -am \
  -Dbench.main=io.vaultstream.bench.connect.DebeziumSourceBenchmark \
  -Dbench.heap="${BENCH_HEAP:-1g}" -Dbench.args="--source-url=jdbc:postgresql://127.0.0.1:$PORT/shop?user=postgres ${args[*]}"
