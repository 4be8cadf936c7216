#!/usr/bin/env bash
# Builds and runs every package-benchmark suite once per benchmark (LEGIBLE_BENCHMARK_QUICK=1), to prove they
# build and run. It checks no time: CI machines are shared, and benchmarks are never pass/fail on speed.
# `swift package benchmark` exits 0 even when a benchmark throws or its setup fails, so its output is checked.
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp)
trap 'rm -f "$log"' EXIT
LEGIBLE_BENCHMARK_QUICK=1 swift package benchmark --no-progress "$@" 2>&1 | tee "$log"
if grep -E "^Benchmark .* failed with|setup failed|Fatal error" "$log"; then
    echo "error: a benchmark failed (above)" >&2
    exit 1
fi
count=$(grep -cE "^│ Time \(wall clock\)" "$log" || true)
if [ "$count" -eq 0 ]; then
    echo "error: no benchmark ran" >&2
    exit 1
fi
echo "benchmark smoke run: $count benchmarks ran"
