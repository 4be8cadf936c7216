#!/usr/bin/env bash
# Runs one fuzz target with libFuzzer and AddressSanitizer: Scripts/fuzz.sh TARGET SECONDS [libFuzzer flags...]
#
# TARGET: image, pdf-structure, pdf-form or requests (Fuzz/README.md). Builds legible-fuzz in .build-fuzz (release,
# -sanitize=fuzzer,address) unless SKIP_BUILD=1, then fuzzes for SECONDS from the committed seeds (Fuzz/Corpus/TARGET)
# and the working corpus (.build-fuzz/corpus/TARGET, kept between runs). Findings (crash-, timeout-, oom-, leak-
# files) go to .build-fuzz/findings/TARGET/; replay one with `swift run legible-fuzz TARGET FILE`, and once fixed,
# commit it under Fuzz/Regressions/TARGET/. Exit status: 0 when the run ended with no finding.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -lt 2 ]; then
    echo "usage: Scripts/fuzz.sh image|pdf-structure|pdf-form|requests SECONDS [libFuzzer flags...]" >&2
    exit 64
fi
target=$1 seconds=$2
shift 2
case "$target" in
image | pdf-structure | pdf-form | requests) ;;
*) echo "error: unknown target '$target'" >&2; exit 64 ;;
esac

scratch=.build-fuzz
if [ -z "${SKIP_BUILD:-}" ]; then
    # SwiftPM's --sanitize flags instrument C targets and link libFuzzer; Swift 6.3's driver passes only the first
    # of its two -sanitize= flags to the compiler, so Swift code gets both sanitizers again in one flag.
    swift build -c release --scratch-path "$scratch" --product legible-fuzz \
        --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -DLEGIBLE_FUZZING
fi
binary="$scratch/release/legible-fuzz"
work="$scratch/corpus/$target"
findings="$scratch/findings/$target"
mkdir -p "$work" "$findings"

dictionary=()
case "$target" in pdf-*) dictionary=(-dict=Fuzz/pdf.dict) ;; esac

export LEGIBLE_FUZZ_TARGET="$target"
# Swift's crash backtracer waits on a crashing process; libFuzzer reports the crash itself.
export SWIFT_BACKTRACE=enable=no
# The server's engine workers may use 3 GiB (RLIMIT_AS); an input that needs more is a finding (-rss_limit_mb).
# A run over 10 s is a hang. Leaks are findings too.
export ASAN_OPTIONS="${ASAN_OPTIONS:-allocator_may_return_null=1:detect_leaks=1}"
# Caches that libraries keep for the life of the process are not leaks (Fuzz/lsan.supp).
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0}"
# A binary without coverage would fuzz blindly: libFuzzer's "inline 8-bit counters" line says how much is covered.
"$binary" "$work" "Fuzz/Corpus/$target" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=3072 -malloc_limit_mb=3072 \
    -artifact_prefix="$findings/" -print_final_stats=1 "${dictionary[@]}" "$@"
