#!/usr/bin/env bash
# Load benchmark (not a test): the queued scan flow (POST /scan, poll GET /result/{id}) on one SQLite instance,
# one instance on PostgreSQL and two instances sharing PostgreSQL and a data folder, on this machine.
# Usage: Scripts/bench-queue.sh IMAGE [DEVICE_TYPE] [JOBS] [CONCURRENCY]
# Needs PostgreSQL (Scripts/start-postgres.sh prints the URL; DATABASE_URL overrides it). SKIP_BUILD=1 runs the
# release binary already built. One instance runs --workers and --engine-workers of CORES (default: this machine's
# cores); each of two instances runs half as many, so that both set-ups have the same workers on the same cores.
# Prints one JSON line per set-up.
set -euo pipefail
cd "$(dirname "$0")/.."
image=${1:?usage: $0 IMAGE [DEVICE_TYPE] [JOBS] [CONCURRENCY]}
device=${2:-macbook}
jobs=${3:-200}
concurrency=${4:-8}
cores=${CORES:-$(nproc)}
half=$(( cores / 2 > 0 ? cores / 2 : 1 ))
database=${DATABASE_URL:-$(Scripts/start-postgres.sh)}

[ -n "${SKIP_BUILD:-}" ] || swift build -c release --product legible-server
binary=.build/release/legible-server
pids=()
folders=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    for folder in "${folders[@]}"; do rm -rf "$folder"; done
}
trap cleanup EXIT

# start PORT DATA_DIR WORKERS [DATABASE]: a release server with limits far past the load.
start() {
    local port=$1 data=$2 workers=$3 url=${4:-}
    env LEGIBLE_SIGNING_KEY=bench-signing-key-0123456789 ${url:+"LEGIBLE_DATABASE_URL=$url"} "$binary" --port "$port" \
        --data-dir "$data" --workers "$workers" --engine-workers "$workers" --rate-limit 1000000 \
        --max-queued-jobs-per-key 100000 --max-queued-jobs 100000 --log-level warning &
    pids+=($!)
    until curl -sf "http://127.0.0.1:$port/health" > /dev/null; do sleep 0.2; done
}
stop_all() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    pids=()
}

run() { python3 Scripts/bench-queue.py "$image" "$device" "$jobs" "$concurrency" "$@"; }

data=$(mktemp -d); folders+=("$data")
start 18281 "$data" "$cores"
echo "sqlite, 1 instance: $(run http://127.0.0.1:18281)"
stop_all

schema="bench$(date +%s)"
url="$database$([[ $database == *\?* ]] && echo '&' || echo '?')schema=$schema"
data=$(mktemp -d); folders+=("$data")
start 18281 "$data" "$cores" "$url"
echo "postgres, 1 instance: $(run http://127.0.0.1:18281)"
stop_all
start 18281 "$data" "$half" "$url"
start 18282 "$data" "$half" "$url"
echo "postgres, 2 instances: $(run http://127.0.0.1:18281 http://127.0.0.1:18282)"
stop_all
