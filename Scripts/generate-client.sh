#!/usr/bin/env bash
# Writes LegibleClient's generated code (Sources/LegibleClient/Generated/) from Sources/LegibleServer/openapi.yaml
# with Apple's swift-openapi-generator (built from Scripts/client-generator/, pinned there).
#   Scripts/generate-client.sh          regenerate in place
#   Scripts/generate-client.sh --check  fail when the committed code is not what the document generates (CI)
set -euo pipefail
cd "$(dirname "$0")/.."

tool_package=Scripts/client-generator
swift build --package-path "$tool_package" -c release --product swift-openapi-generator >&2
generator="$tool_package/.build/release/swift-openapi-generator"

output=Sources/LegibleClient/Generated

# The generator marks its imports `public`; Swift 6.3 warns about each one a file does not use publicly (the
# generator's own silencing needs Swift 6.4), so they become plain imports, which are public in a module built
# without InternalImportsByDefault, as LegibleClient is.
generate() {
    "$generator" generate --config "$tool_package/openapi-generator-config.yaml" --output-directory "$1" \
        Sources/LegibleServer/openapi.yaml > /dev/null 2>&1
    sed -i -E 's/^(@_spi\(Generated\) )?public import /\1import /' "$1"/*.swift
}
if [[ "${1:-}" == "--check" ]]; then
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    generate "$scratch"
    if ! diff -ru "$output" "$scratch"; then
        echo "error: $output is not what Sources/LegibleServer/openapi.yaml generates;" \
            "run Scripts/generate-client.sh and commit the result" >&2
        exit 1
    fi
    echo "generated client matches openapi.yaml"
else
    mkdir -p "$output"
    rm -f "$output"/*.swift
    generate "$output"
    echo "wrote $output"
fi
