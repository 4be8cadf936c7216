#!/usr/bin/env bash
# Builds and runs every package-benchmark suite once per benchmark (LEGIBLE_BENCHMARK_QUICK=1), to prove they
# build and run. It checks no time: CI machines are shared, and benchmarks are never pass/fail on speed.
# `swift package benchmark` exits 0 even when a benchmark throws or its setup fails, so its output is checked.
#
# Suites run one at a time. SwiftPM's own `swift-package` process (the plugin host, not a benchmark of ours)
# has been seen to die of a segmentation fault in libdispatch on CI, intermittently (swiftlang/swift-package-manager
# #8171 reports the same kind of crash elsewhere). When `swift-package` dies by a signal and the output names no
# failed benchmark, that suite is run once more; any second failure, and every benchmark failure, fails the run.
set -uo pipefail
cd "$(dirname "$0")/.."

suites=(Imaging Recognition Serials Pages Forms)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
total=0

benchmark_failed() {
    grep -E "^Benchmark .* failed with|setup failed|Fatal error" "$log"
}

for suite in "${suites[@]}"; do
    for attempt in 1 2; do
        LEGIBLE_BENCHMARK_QUICK=1 swift package benchmark --no-progress --target "${suite}Benchmarks" >"$log" 2>&1
        status=$?
        cat "$log"
        if benchmark_failed; then
            echo "error: a benchmark of ${suite}Benchmarks failed (above)" >&2
            exit 1
        fi
        if [ "$status" -eq 0 ]; then
            break
        fi
        if [ "$status" -gt 128 ] && [ "$attempt" -eq 1 ]; then
            echo "warning: swift package benchmark died by signal $((status - 128)) on ${suite}Benchmarks" \
                "with no benchmark failure in its output; running the suite once more" >&2
            continue
        fi
        echo "error: swift package benchmark exited with $status on ${suite}Benchmarks" >&2
        exit 1
    done
    count=$(grep -cE "^│ Time \(wall clock\)" "$log" || true)
    if [ "$count" -eq 0 ]; then
        echo "error: no benchmark of ${suite}Benchmarks ran" >&2
        exit 1
    fi
    total=$((total + count))
done
echo "benchmark smoke run: $total benchmarks ran"
