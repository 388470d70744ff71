#!/usr/bin/env sh
# Run every fuzz target for SECONDS seconds each (default 30), from any
# directory. Skips, saying so, where `cargo +nightly fuzz` is not available
# (fails instead under CI=true).
# Exit status: 0 when every target ran clean (or all were skipped), 1 when
# a target found a crash (its input is saved under fuzz/artifacts/).
set -u
seconds="${1:-30}"
case "$seconds" in
    ''|*[!0-9]*) echo "usage: $0 SECONDS" >&2; exit 2 ;;
esac
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here" || exit 2
# Outside CI a missing tool skips, saying so; under CI (CI=true, as .ci/run
# sets, after installing what is missing) it fails: a fuzz step that skips
# silently is no fuzz step (issue 44).
skip() {
    if [ "${CI:-}" = "true" ]; then
        echo "FAILED: fuzzing cannot run under CI: $1" >&2
        exit 2
    fi
    echo "skipped: fuzzing ($1)"
    exit 0
}
if ! command -v cargo >/dev/null 2>&1; then
    skip "cargo is not installed"
fi
if ! cargo +nightly --version >/dev/null 2>&1; then
    skip "the nightly toolchain is not installed: rustup toolchain install nightly"
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    skip "cargo-fuzz is not installed: cargo install cargo-fuzz"
fi
status=0
# AddressSanitizer keeps freed memory in a 256 MB quarantine by default,
# which the answer target (many requests on each input) fills in seconds:
# a false out-of-memory at -rss_limit_mb. The crates forbid unsafe code,
# so a small quarantine loses nothing that matters here.
export ASAN_OPTIONS="${ASAN_OPTIONS:-quarantine_size_mb=16}"
for target in $(cargo +nightly fuzz list); do
    mkdir -p "corpus/$target"
    # Seeds: the small ones kept here, and the real files beside the
    # checkout (../shared) where they exist; neither is written to.
    seeds=""
    [ -d "seeds/$target" ] && seeds="seeds/$target"
    # The answer target tries every kind of file on each input, so every
    # real file and every example is a seed for it as it is.
    case "$target" in
        usebio|pbn|bws) shared="../../shared/bridge-data" ;;
        trf) shared="../../shared/chess-data" ;;
        answer) shared="../../shared/bridge-data ../../shared/chess-data ../examples ../crates/event/tests/data ../crates/event/tests/checks seeds/event_toml seeds/event_json seeds/usebio seeds/pbn seeds/trf seeds/bws" ;;
        *) shared="" ;;
    esac
    for dir in $shared; do
        [ -d "$dir" ] && seeds="$seeds $dir"
    done
    echo "fuzzing $target for ${seconds}s"
    # -rss_limit_mb: the 200 MB budget for one input, plus libFuzzer's own corpus.
    # -timeout=30: a runaway, not a slow machine: at 10 s, an input the answer
    # target runs in 0.35 s alone timed out with eight fuzzers and CI sharing 2 cores.
    if ! cargo +nightly fuzz run "$target" "corpus/$target" $seeds -- \
        -max_total_time="$seconds" -rss_limit_mb=512 -timeout=30 -max_len=65536; then
        echo "FAILED: $target (see fuzz/artifacts/$target/)"
        status=1
    fi
done
exit "$status"
