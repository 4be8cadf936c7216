#!/usr/bin/env bash
# Load benchmark (not a test): POST /process-serial on a live legible-server over loopback with wrk.
# Usage: Scripts/bench-process-serial.sh IMAGE [DEVICE_TYPE] [PORT]
# Starts a release build on PORT (default 18181) with a generous rate limit, runs wrk at concurrency 8 and 32
# for 30 s each, prints requests/s and latency percentiles (p99 among them), then stops the server.
# SERVER_ARGS adds flags to the server (for example SERVER_ARGS="--isolation none" to parse in-process);
# SKIP_BUILD=1 runs the release binary already built.
set -euo pipefail
cd "$(dirname "$0")/.."
image=${1:?usage: $0 IMAGE [DEVICE_TYPE] [PORT]}
device=${2:-macbook}
port=${3:-18181}
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }

[ -n "${SKIP_BUILD:-}" ] || swift build -c release --product legible-server
data=$(mktemp -d)
work=$(mktemp -d)
.build/release/legible-server --port "$port" --data-dir "$data" --rate-limit 1000000 --log-level warning ${SERVER_ARGS:-} &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -rf "$data" "$work"' EXIT
until curl -sf "http://127.0.0.1:$port/health" >/dev/null; do sleep 0.2; done

# wrk sends one pre-built multipart body.
boundary=legiblebench7MA4YWxkTrZu0gW
python3 - "$image" "$device" "$boundary" "$work/body.bin" <<'PY'
import sys
image, device, boundary, out = sys.argv[1:]
data = open(image, "rb").read()
parts = [
    f'--{boundary}\r\nContent-Disposition: form-data; name="device_type"\r\n\r\n{device}\r\n'.encode(),
    f'--{boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo"\r\n'
    f'Content-Type: application/octet-stream\r\n\r\n'.encode() + data + b"\r\n",
    f"--{boundary}--\r\n".encode(),
]
open(out, "wb").write(b"".join(parts))
PY
cat > "$work/post.lua" <<LUA
local f = assert(io.open("$work/body.bin", "rb"))
wrk.method = "POST"
wrk.body = f:read("*all")
f:close()
wrk.headers["Content-Type"] = "multipart/form-data; boundary=$boundary"
done = function(summary, latency, requests)
  io.write(string.format("requests/s %.1f  p50 %.1f ms  p99 %.1f ms  non-2xx %d  errors %d\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
LUA
curl -sf "http://127.0.0.1:$port/health"; echo
for connections in 8 32; do
  echo "== concurrency $connections"
  wrk -t 2 -c "$connections" -d 30s --latency -s "$work/post.lua" "http://127.0.0.1:$port/process-serial" | tail -1
done
