#!/usr/bin/env bash
# Builds the DocC documentation of the public modules with a documentation catalogue, and fails on any DocC
# warning (an unresolved link, an undocumented parameter). SwiftPM's note about GLib's -pthread is not ours.
# Archives land in .build/plugins/Swift-DocC/outputs/<Module>.doccarchive.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for target in SerialScan FormFields FormFill; do
    log=$(mktemp)
    swift package generate-documentation --target "$target" >"$log" 2>&1 || { cat "$log"; exit 1; }
    if grep -E "^warning:" "$log" | grep -v "prohibited flag" >/dev/null; then
        echo "error: DocC warnings in $target:" >&2
        grep -E -A6 "^warning:" "$log" | grep -v "prohibited flag" >&2
        status=1
    else
        echo "documentation for $target: no warnings"
    fi
    rm -f "$log"
done
exit $status
