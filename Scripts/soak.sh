#!/usr/bin/env bash
# Soak (not a test): builds a release legible-server and drives it for MINUTES (default 5) with valid scans and
# documents and hostile traffic over loopback, printing memory, descriptors, threads, engine workers and the data
# folder every 10 s (Scripts/soak.py). Needs ../shared/forms beside the repository.
# Usage: Scripts/soak.sh [MINUTES]
set -euo pipefail
cd "$(dirname "$0")/.."
[ -n "${SKIP_BUILD:-}" ] || swift build -c release --product legible-server
exec python3 Scripts/soak.py "${1:-5}"
