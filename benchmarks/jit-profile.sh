#!/usr/bin/env bash
# Where the JIT compiler of a fresh worker spends its time: runs the Connect benchmark on the real
# source (benchmarks/debezium-source.sh, vaultstream only, one run) with a flight recording on the
# sink's worker that keeps every compilation, then sums the compilations of the fresh load's window
# by package, method and compiler (io.vaultstream.bench.JitProfile), with the deoptimizations.
# Options: those of debezium-source.sh (default --events=200000 --runs=1 --sinks=vaultstream), and
# --top=N for the tables. Or on a recording of your own:
#   benchmarks/jit-profile.sh --recording=FILE.jfr [--from=HH:MM:SS] [--to=HH:MM:SS] [--top=N]
set -euo pipefail
cd "$(dirname "$0")/.."

profile() {
  mvn -B -q -DskipTests package org.codehaus.mojo:exec-maven-plugin:exec -pl benchmarks -am \
    -Dbench.main=io.vaultstream.bench.JitProfile -Dbench.heap="${BENCH_HEAP:-2g}" \
    -Dbench.gc=-XX:+UseG1GC -Dbench.args="$*"
}

recording=""
top=""
bench=()
for a in "$@"; do
  case "$a" in
    --recording=*) recording="${a#--recording=}" ;;
    --top=*) top="$a" ;;
    --from=* | --to=*) bench+=("$a") ;;
    *) bench+=("$a") ;;
  esac
done
if [[ -n "$recording" ]]; then
  profile "$recording" "${bench[@]}" $top
  exit 0
fi

settings="$(mktemp --suffix=.jfc)"
java_home="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")"
# The JDK's profile settings, with every compilation kept (not only those over 100 ms).
sed -e '/<event name="jdk.Compilation">/,/<\/event>/ s#<setting name="threshold"[^>]*>[^<]*</setting>#<setting name="threshold">0 ms</setting>#' \
  "$java_home/lib/jfr/profile.jfc" > "$settings"
log="$(mktemp)"
BENCH_WORKER_JVM="-XX:StartFlightRecording=filename={dir}/{worker}.jfr,settings=$settings" \
  bash benchmarks/debezium-source.sh --events=200000 --runs=1 --sinks=vaultstream "${bench[@]}" | tee "$log"
dir="$(sed -n 's/^Run directory: \([^ ]*\).*/\1/p' "$log" | head -1)"
worker_log="$dir/r1-vaultstream.log"
# The fresh load's window: the creation of its connector to its last flush before the second load's.
from="$(grep -m1 'Creating connector vaultstream-r1 ' "$worker_log" | sed 's/^\[[0-9-]* \([0-9:]*\),\([0-9]*\)\].*/\1.\2/')"
to="$(grep '\[vaultstream-r1|task-0\] Flushed' "$worker_log" | tail -1 | sed 's/^\[[0-9-]* \([0-9:]*\),\([0-9]*\)\].*/\1.\2/')"
echo
echo "The fresh load's JIT ($from to $to UTC):"
profile "$dir/r1-vaultstream.jfr" "--from=$from" "--to=$to" $top
