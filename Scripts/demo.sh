#!/usr/bin/env bash
# One command from a fresh Debian 12 machine with Swift: installs what Legible needs, builds it, and reads the
# serial numbers of the bundled example photos.
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/install-dependencies.sh
swift build -c release --product ocrbench
echo
echo "Reading serial numbers from TestImages/examples (predictions as JSON):"
.build/release/ocrbench serials --images TestImages/examples --use-device-hints --predictions -
