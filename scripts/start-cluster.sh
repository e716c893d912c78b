#!/usr/bin/env bash
# Starts the platform as several processes on this machine (docs/deploy.md "On one machine"):
# engine-a (leads) and engine-b (stands by) on :8091 and :8092, gateway-1 and gateway-2 on :8081
# and :8082, on this machine's PostgreSQL and Redis. Ctrl-C stops them all.
set -euo pipefail
cd "$(dirname "$0")/.."

PG_ADMIN_URL="${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
CLUSTER_DB="${CLUSTER_DB:-tp_cluster}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
export DATABASE_URL="${PG_ADMIN_URL%/*}/${CLUSTER_DB}"
export DATA_DIR="${DATA_DIR:-$PWD/.tmp/cluster/data}"
export PUBLIC_URL="${PUBLIC_URL:-http://localhost:8081}"
export REDIS_PREFIX="${REDIS_PREFIX:-cluster:}"
LOGS=.tmp/cluster
mkdir -p "$LOGS" "$DATA_DIR"

if ! psql "$PG_ADMIN_URL" -Atc "select 1 from pg_database where datname = '${CLUSTER_DB}'" | grep -q 1; then
  psql "$PG_ADMIN_URL" -qc "create database ${CLUSTER_DB}"
fi
[ -f apps/web/dist/index.html ] || NODE_ENV=production npm run build

pids=()
start() { # role name port
  ROLE="$1" PROCESS_NAME="$2" PORT="$3" node --import tsx apps/server/src/main.ts > "$LOGS/$2.log" 2>&1 &
  pids+=($!)
}
wait_ready() { # port
  for _ in $(seq 1 120); do
    curl -fs "http://127.0.0.1:$1/readyz" > /dev/null && return 0
    sleep 0.5
  done
  echo "nothing ready on :$1 (see $LOGS)" >&2
  return 1
}
trap 'kill "${pids[@]}" 2> /dev/null; wait' EXIT INT TERM

start engine engine-a 8091
wait_ready 8091
start engine engine-b 8092
start gateway gateway-1 8081
start gateway gateway-2 8082
wait_ready 8081
wait_ready 8082
echo "engine-a :8091 (leads)  engine-b :8092 (stands by)  gateway-1 :8081  gateway-2 :8082  logs: $LOGS"
wait
