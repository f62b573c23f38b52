#!/usr/bin/env bash
# Registers the Debezium source and the vaultstream sink with the Connect worker of
# docker-compose.yml (PUT /connectors/<name>/config creates or updates, so running it again is
# harmless), after the worker's own validation of the sink, then waits until both run.
# Needs curl and jq. CONNECT_URL overrides the worker's address (default http://localhost:8083).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
connect="${CONNECT_URL:-http://localhost:8083}"

wait_for_worker() {
  local deadline=$((SECONDS + 180))
  until curl -fs "$connect/connector-plugins" | jq -e 'map(.class) | index("io.vaultstream.connect.VaultSinkConnector")' >/dev/null 2>&1; do
    if ((SECONDS > deadline)); then
      echo "The Connect worker at $connect did not list the vaultstream plugin within 180 s;" \
        "see: docker compose logs plugin connect" >&2
      exit 1
    fi
    sleep 2
  done
}

# Prints every problem the worker's validation reports, by field, and fails when there is one.
validate() {
  local file="$1" class result
  class="$(jq -r '.config["connector.class"] | split(".") | last' "$file")"
  # The worker's validation wants the connector's name among the settings.
  result="$(jq '.config + {name: .name}' "$file" | curl -fsS -X PUT -H 'Content-Type: application/json' \
    --data-binary @- "$connect/connector-plugins/$class/config/validate")"
  if [[ "$(jq '.error_count' <<<"$result")" != 0 ]]; then
    echo "$(basename "$file") does not validate:" >&2
    jq -r '.configs[].value | select(.errors | length > 0) | "  \(.name): \(.errors | join("; "))"' <<<"$result" >&2
    exit 1
  fi
}

register() {
  local file="$1" name
  name="$(jq -r '.name' "$file")"
  jq '.config' "$file" | curl -fsS -o /dev/null -X PUT -H 'Content-Type: application/json' \
    --data-binary @- "$connect/connectors/$name/config"
  echo "registered $name"
}

wait_until_running() {
  local name="$1" deadline=$((SECONDS + 120)) state
  while :; do
    state="$(curl -fs "$connect/connectors/$name/status" |
      jq -r '[.connector.state] + [.tasks[].state] | if length > 1 and all(. == "RUNNING") then "RUNNING" else join(",") end' 2>/dev/null || true)"
    [[ "$state" == RUNNING ]] && { echo "$name is running"; return; }
    if [[ "$state" == *FAILED* ]] || ((SECONDS > deadline)); then
      echo "$name is not running ($state):" >&2
      curl -fs "$connect/connectors/$name/status" | jq -r '.tasks[].trace // empty' | head -20 >&2
      exit 1
    fi
    sleep 2
  done
}

wait_for_worker
validate "$here/connectors/vaultstream-shop.json"
register "$here/connectors/shop-source.json"
register "$here/connectors/vaultstream-shop.json"
wait_until_running shop-source
wait_until_running vaultstream-shop
