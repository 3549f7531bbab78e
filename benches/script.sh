#!/usr/bin/env bash
# Rules scripts (docs/rules.md) against the same rules in plain Python with memoisation (benches/script_*.py, the
# way the seeds write a brute force) and against the built-in engine, side by side in one run:
#   - the subtraction game S(1, 3, 4) to 10^5 heaps: examples/rules/s134.rhai, script_subtraction.py,
#     `grundy seq subtraction:1,3,4`;
#   - Kayles to 3,000 heaps: examples/rules/kayles.rhai (its splits(m) options enumerated natively), script_kayles.py,
#     `grundy seq kayles`.
# Prints the best of RUNS runs (default 3) of each, the ratio Python / script (the goal: at least 10) and script /
# built-in, and fails (exit 1) when the three value sequences differ. Usage: benches/script.sh   (about a minute)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-3}
: > "$WORK/empty"
ms() { echo $(( $1 / 1000000 )); }
printf '%-22s %8s %12s %12s %12s %14s %16s\n' game N script_ms python_ms builtin_ms python/script script/builtin
for case in "s134 subtraction:1,3,4 script_subtraction.py 100000" "kayles kayles script_kayles.py 3000"; do
    read -r rules builtin py n <<< "$case"
    s=$(best_ns "$RUNS" "$WORK/empty" "$WORK/script.out" $PIN "$G" seq --rules "examples/rules/$rules.rhai" --to "$n")
    p=$(best_ns "$RUNS" "$WORK/empty" "$WORK/python.out" $PIN python3 "benches/$py" "$n")
    b=$(best_ns "$RUNS" "$WORK/empty" "$WORK/builtin.out" $PIN "$G" seq "$builtin" --to "$n")
    sums="$(md5sum < "$WORK/script.out") $(md5sum < "$WORK/python.out") $(md5sum < "$WORK/builtin.out")"
    if ! cmp -s "$WORK/script.out" "$WORK/python.out" || ! cmp -s "$WORK/script.out" "$WORK/builtin.out"; then
        echo "DIFFERENT values for $rules: $sums" >&2
        differ
    fi
    printf '%-22s %8s %12s %12s %12s %14s %16s\n' "$rules.rhai" "$n" "$(ms "$s")" "$(ms "$p")" "$(ms "$b")" \
        "$(ratio "$p" "$s" 1)" "$(ratio "$s" "$b" 1)"
done
echo "checksums (md5 of the value lines) agree: script = python = built-in"
