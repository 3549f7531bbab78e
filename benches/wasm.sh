#!/usr/bin/env bash
# The WebAssembly build (crates/grundy-wasm under Node.js, the module web/build.sh makes) against the native binary
# on the same work, in one run: Kayles to 10^5 (seq), `pattern wythoff`, and the value of Cram 4x5, each a few
# milliseconds of work (so the native figure is mostly the process's start), then Grundy's game to 10^6 on one thread
# (seconds of the sparse engine: the speed of the compiled code itself; RUNS_LONG times, default 3; also against the
# native binary on its scalar kernels, the ones WebAssembly runs). Each is run
# RUNS times (default 5) in a fresh process on each side (so neither keeps a memo between runs): the native time is
# the whole process's, the WebAssembly time the workload's first run once the module is loaded (its code compiled on
# first use, as a page meets it), and "warm" the median of four more runs in the same process (for Cram an answer
# from the engine's table, kept between calls). Medians and ratios are printed, and the script fails when an answer
# differs. Then the page's transfer size: every file of web/dist/ compressed by gzip -9 (build it with
# bash web/build.sh first).
#
#   bash benches/wasm.sh
# Needs node, and cargo for the builds (CARGO_TARGET_DIR is respected).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
export RUNS_LONG=${RUNS_LONG:-3}
target_dir=${CARGO_TARGET_DIR:-$PWD/target}
node_dir=benches/build/wasm-node
bash web/build.sh --node "$node_dir" >/dev/null
cargo build --quiet --release -p grundy-cli
native=$target_dir/release/grundy

median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# Seconds of one native run of "$@" (the whole process), its output in $out_file.
out_file=$(mktemp)
answer_file=$(mktemp)
trap 'rm -f "$out_file" "$answer_file"' EXIT
native_seconds() {
    local t0 t1
    t0=$(date +%s.%N)
    "$native" "$@" >"$out_file" 2>/dev/null
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc -l
}

status=0
printf '%-22s %10s %12s %8s %12s %8s  %s\n' "work" "native s" "wasm 1st s" "ratio" "wasm warm s" "ratio" "answers"
for work in seq pattern cram grundys; do
    runs=$RUNS
    repeats=5
    case $work in
        seq) args=(seq kayles --to 100000 --json); label="Kayles seq to 10^5" ;;
        pattern) args=(pattern wythoff --json); label="pattern wythoff" ;;
        cram) args=(value cram 4x5 --json); label="Cram 4x5 value" ;;
        grundys) args=(seq grundys-game --to 1000000 --threads 1 --json); label="Grundy's game to 10^6"
            runs=${RUNS_LONG:-3}; repeats=2 ;;
    esac
    n_times=(); w_times=(); warm=(); loads=()
    for _ in $(seq "$runs"); do
        n_times+=("$(native_seconds "${args[@]}")")
        line=$(node benches/wasm-bench.mjs "$node_dir" "$work" "$answer_file" "$repeats")
        w_times+=("$(node -e 'const r = JSON.parse(process.argv[1]); console.log(r.seconds)' "$line")")
        warm+=("$(node -e 'const r = JSON.parse(process.argv[1]); console.log(r.warm)' "$line")")
        loads+=("$(node -e 'const r = JSON.parse(process.argv[1]); console.log(r.loaded)' "$line")")
    done
    same=$(node -e '
        const [wasmFile, file, work] = process.argv.slice(1);
        const fs = require("fs");
        // Keys in one order on both sides (the command line prints them sorted).
        const canon = (v) => Array.isArray(v) ? v.map(canon) : v && typeof v === "object"
            ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon(v[k])])) : v;
        const w = JSON.parse(fs.readFileSync(wasmFile, "utf8"));
        let n = JSON.parse(fs.readFileSync(file, "utf8"));
        if (work === "seq" || work === "grundys") n = n.values;
        console.log(JSON.stringify(canon(w)) === JSON.stringify(canon(n)) ? "same" : "DIFFER");
    ' "$answer_file" "$out_file" "$work")
    [ "$same" = same ] || status=1
    n_med=$(printf '%s\n' "${n_times[@]}" | median)
    w_med=$(printf '%s\n' "${w_times[@]}" | median)
    h_med=$(printf '%s\n' "${warm[@]}" | median)
    l_med=$(printf '%s\n' "${loads[@]}" | median)
    ratio=$(echo "$w_med / $n_med" | bc -l)
    hratio=$(echo "$h_med / $n_med" | bc -l)
    printf '%-22s %10.4f %12.4f %7.2fx %12.4f %7.2fx  %s (module load %.3f s apart)\n' "$label" "$n_med" "$w_med" "$ratio" "$h_med" "$hratio" "$same" "$l_med"
    if [ "$work" = grundys ]; then
        # The native binary's sparse engine uses AVX-512 or AVX2 kernels where the processor has them; WebAssembly
        # runs the scalar ones. The native scalar kernels (GRUNDY_SCALAR=1) on the same work:
        s_times=()
        for _ in $(seq "$runs"); do s_times+=("$(GRUNDY_SCALAR=1 native_seconds "${args[@]}")"); done
        s_med=$(printf '%s\n' "${s_times[@]}" | median)
        printf '%-22s %10.4f %12s %8s %12.4f %7.2fx  (the native binary on its scalar kernels, GRUNDY_SCALAR=1)\n' \
            "  native scalar" "$s_med" "" "" "$h_med" "$(echo "$h_med / $s_med" | bc -l)"
    fi
done

if [ -d web/dist ]; then
    total=0
    for f in web/dist/*; do
        total=$((total + $(gzip -9 -c "$f" | wc -c)))
    done
    raw=$(cat web/dist/* | wc -c)
    printf 'page transfer size: %d bytes compressed by gzip -9 (%d bytes as built), %d files\n' "$total" "$raw" "$(ls web/dist | wc -l)"
fi
[ "$status" = 0 ] || { echo "wasm.sh: an answer of the WebAssembly build differs from the native binary's" >&2; exit 1; }
