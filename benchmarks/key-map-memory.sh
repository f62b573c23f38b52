#!/usr/bin/env bash
# The heap a loader's kept key map takes per row (io.vaultstream.bench.KeyMapFootprint): rows read
# back as the database returns them into one KeyMapCache, the heap in use after full collections
# before and after. Options: --rows=N (100000) --columns=N (key columns per row, 1) --changed=P
# (percent of rows with two mappings, 0).
set -euo pipefail
cd "$(dirname "$0")/.."
exec mvn -B -q -DskipTests package org.codehaus.mojo:exec-maven-plugin:exec -pl benchmarks -am \
  -Dbench.main=io.vaultstream.bench.KeyMapFootprint -Dbench.heap="${BENCH_HEAP:-1g}" \
  -Dbench.gc="${BENCH_GC:--XX:+UseG1GC}" -Dbench.args="$*"
