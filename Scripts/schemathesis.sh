#!/usr/bin/env bash
# Proves Sources/LegibleServer/openapi.yaml true against a live legible-server with schemathesis: every operation,
# schema-valid and schema-invalid data, every check that applies, a fixed seed. Exits non-zero when any response
# does not match the document, a 5xx is answered, or the server dies.
#
#   Scripts/schemathesis.sh                    # builds the debug legible-server first
#   SERVER_BIN=path/to/legible-server Scripts/schemathesis.sh
#
# Environment: SERVER_BIN (skip the build), MAX_EXAMPLES (test cases per operation and phase, default 300: about
# 7,000 requests, 1.5 minutes on 2 cores with the debug build),
# SEED (default 20261129), REPORT_DIR (default .build/schemathesis-report), VENV (default
# .build/schemathesis-venv), SERVER_ARGS (extra legible-server flags).
# Needs python3 with venv (Scripts/install-dependencies.sh) and PyPI for the first run. Python is test tooling
# only: the server never runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

schemathesis_version=4.32.5
max_examples=${MAX_EXAMPLES:-300}
seed=${SEED:-20261129}
report_dir=${REPORT_DIR:-$root/.build/schemathesis-report}
venv=${VENV:-$root/.build/schemathesis-venv}

if [ -z "${SERVER_BIN:-}" ]; then
    swift build --product legible-server
    SERVER_BIN="$(swift build --show-bin-path)/legible-server"
fi
[ -x "$SERVER_BIN" ] || { echo "error: no legible-server at $SERVER_BIN" >&2; exit 1; }

# A venv of our own (Debian's system pip is "externally managed"), outside git, reused while the pin holds.
if [ "$("$venv/bin/schemathesis" --version 2>/dev/null)" != "schemathesis, version $schemathesis_version" ]; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$schemathesis_version"
fi
python="$venv/bin/python"

data_dir=$(mktemp -d -t legible-schemathesis-XXXXXX)
server_log="$data_dir/server.log"
api_key="schemathesis-$("$python" -c 'import secrets; print(secrets.token_hex(16))')"
# A free loopback port: bind port 0, read what the kernel chose, let it go for the server.
port=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

server_pid=""
stop_server() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill -TERM "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$data_dir"
}
trap stop_server EXIT
trap 'exit 130' INT TERM

# --rate-limit and --auth-failure-limit are raised far past what one run sends: schemathesis sends about 5,000
# requests a minute, some dozens of them without a key or with a wrong one (the ignored_auth check), and the
# default limits (120 a minute per key, 20 failed authentications per address) would turn most of the run into
# 429s. (429 and its headers are covered by AuthAndLimitTests.)
# LEGIBLE_SHUTDOWN_GRACE=0: jobs still queued at the end need not finish.
# shellcheck disable=SC2086 # SERVER_ARGS is a list of flags
LEGIBLE_SHUTDOWN_GRACE=0 "$SERVER_BIN" --host 127.0.0.1 --port "$port" --data-dir "$data_dir/data" \
    --api-key "$api_key" --rate-limit 1000000 --auth-failure-limit 1000000 ${SERVER_ARGS:-} \
    >"$server_log" 2>&1 &
server_pid=$!

base="http://127.0.0.1:$port"
for _ in $(seq 1 300); do
    if "$python" -c "import urllib.request, sys; urllib.request.urlopen(sys.argv[1], timeout=2)" "$base/health" \
        2>/dev/null; then
        break
    fi
    if ! kill -0 "$server_pid" 2>/dev/null; then
        echo "error: legible-server exited before answering /health; its log:" >&2
        cat "$server_log" >&2
        exit 1
    fi
    sleep 0.2
done
"$python" -c "import urllib.request, sys; urllib.request.urlopen(sys.argv[1], timeout=2)" "$base/health"
echo "legible-server $SERVER_BIN on $base (data in $data_dir)"

rm -rf "$report_dir"
mkdir -p "$report_dir"
# The checks: all of them (--checks all), none excluded. Negative data must be refused with a 4xx; positive data
# accepted with the document's own statuses, widened in schemathesis.toml only for what a schema cannot say (an
# upload's bytes must be a real image or PDF). --generation-database none keeps Hypothesis's example database out
# of the working tree, so the data drawn depends on the seed alone (answers that depend on timing, such as a job
# finished or not, can still steer the stateful phase). The hooks put real serial labels among the sample files,
# so some valid scans read a serial and the success bodies are checked too (Scripts/schemathesis_hooks.py).
# Two workers for the two cores; a request gets 60 s (the slowest, a real scan, takes under a second) before
# it counts as an error.
status=0
SCHEMATHESIS_HOOKS="$root/Scripts/schemathesis_hooks.py" \
    "$venv/bin/schemathesis" --config-file "$root/Scripts/schemathesis.toml" run "$base/openapi.yaml" \
    --header "X-API-Key: $api_key" \
    --mode all \
    --checks all \
    --max-examples "$max_examples" \
    --seed "$seed" \
    --generation-database none \
    --workers 2 \
    --request-timeout 60 \
    --report junit,ndjson \
    --report-dir "$report_dir" \
    --no-color \
    || status=$?

if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "error: legible-server died during the run; its log:" >&2
    tail -50 "$server_log" >&2
    status=1
fi
# An error the server did not map to a 4xx is logged as "unhandled error" and answered 500; schemathesis fails
# on the 500 itself (not_a_server_error), this names it in the server's words.
if grep -q "unhandled error" "$server_log"; then
    echo "error: the server logged unhandled errors:" >&2
    grep "unhandled error" "$server_log" | head -20 >&2
    status=1
fi
cp "$server_log" "$report_dir/server.log"
echo "schemathesis report: $report_dir (junit-*.xml, ndjson-*.ndjson, server.log)"
exit "$status"
