# The preamble the benchmark scripts share; each sources it right after `set -euo pipefail`:
#   source "$(dirname "$0")/lib.sh"
# It moves to the repository root and builds the release `grundy` command. Then:
#   ROOT             the repository root
#   G                the release `grundy` command (under CARGO_TARGET_DIR when that is set)
#   WORK             a scratch directory, removed when the script exits
#   PIN              a prefix that pins a command to core 0 (empty where taskset is missing)
#   now, now_ns      the wall-clock time in seconds (to the nanosecond), or in nanoseconds
#   secs T0 T1       T1 − T0 in seconds, to 4 decimals
#   ratio A B [D]    A / B to D decimals (default 2)
#   best_ns RUNS IN OUT CMD...   the least wall time, in nanoseconds, of RUNS runs of `CMD < IN > OUT`
#   build_cpp NAME [FLAG...]     compiles the reference benches/cpp/NAME.cpp (g++ -O2 FLAG...) to $WORK/NAME
#   differ           marks the run as failed (two checksums differ): the script goes on printing its table, then
#                    exits with status 1
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT=$PWD
cargo build --release -q -p grundy-cli
G=${CARGO_TARGET_DIR:-$ROOT/target}/release/grundy
WORK=$(mktemp -d "${TMPDIR:-/tmp}/grundy-bench.XXXXXX")
BAD=""
differ() { BAD=1; }
on_exit() {
    local status=$?
    rm -rf "$WORK"
    if [ -n "$BAD" ]; then
        echo "benchmark FAILED: checksums differ (see DIFFERENT above)" >&2
        exit 1
    fi
    exit "$status"
}
trap on_exit EXIT
PIN=""
if command -v taskset >/dev/null; then PIN="taskset -c 0"; fi

now() { date +%s.%N; }
now_ns() { date +%s%N; }
secs() { echo "$2 - $1" | bc -l | xargs printf '%.4f'; }
ratio() { echo "$1 / $2" | bc -l | xargs printf "%.${3:-2}f"; }
build_cpp() {
    local name=$1
    shift
    g++ -O2 "$@" -o "$WORK/$name" "benches/cpp/$name.cpp"
}
best_ns() {
    local runs=$1 in=$2 out=$3 best="" t0 t1
    shift 3
    for _ in $(seq "$runs"); do
        t0=$(now_ns); "$@" < "$in" > "$out"; t1=$(now_ns)
        if [[ -z "$best" || $((t1 - t0)) -lt $best ]]; then best=$((t1 - t0)); fi
    done
    echo "$best"
}
