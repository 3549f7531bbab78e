#!/usr/bin/env bash
# Rules scripts (docs/rules.md) against the same rules in plain Python with memoisation (benches/script_*.py, the
# way the seeds write a brute force) and against the built-in engine, side by side in one run:
#   - the subtraction game S(1, 3, 4) to 10^5 heaps: examples/rules/s134.rhai, script_subtraction.py,
#     `grundy seq subtraction:1,3,4`;
#   - Kayles to 3,000 heaps: examples/rules/kayles.rhai (its splits(m) options enumerated natively), script_kayles.py,
#     `grundy seq kayles`.
# Prints the best of RUNS runs (default 5) of each, in wall time and in CPU time (user + system, which a busy
# machine disturbs less), the ratios Python / script (the goal: at least 10) and script / built-in in both, and
# fails (exit 1) when the three value sequences differ. Usage: benches/script.sh   (about a minute)
#
# The script runs as `grundy seq` runs any one-number rules script whose `moves` body compiles natively
# (docs/rules.md, "Speed"): a dense table of values, heap n's options evaluated natively and XORed from the table,
# splits(m) as m/2 + 1 XORs in place. The Python programs are the brute force a contestant writes (a memoised
# recursive sg(n), a set and a mex loop), unchanged.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-5}
: > "$WORK/empty"
# measure RUNS IN OUT CMD...: runs `CMD < IN > OUT` RUNS times; sets WALL and CPU to the least wall time and the
# least CPU time (user + system) of a run, in milliseconds (bash's `time`, to the millisecond).
measure() {
    local runs=$1 in=$2 out=$3 r u s ms cpu TIMEFORMAT='%3R %3U %3S'
    shift 3
    WALL="" CPU=""
    for _ in $(seq "$runs"); do
        if ! { time "$@" < "$in" > "$out"; } 2> "$WORK/time"; then
            cat "$WORK/time" >&2
            exit 1
        fi
        read -r r u s < <(tail -n 1 "$WORK/time")
        ms=$((10#${r/./}))
        cpu=$((10#${u/./} + 10#${s/./}))
        if [[ -z "$WALL" || $ms -lt $WALL ]]; then WALL=$ms; fi
        if [[ -z "$CPU" || $cpu -lt $CPU ]]; then CPU=$cpu; fi
    done
}
# ratio of two millisecond counts (a count of 0 is taken as 1 ms, the resolution).
r() { ratio "$1" "$(( $2 > 0 ? $2 : 1 ))" 1; }
echo "best of $RUNS runs; milliseconds: wall (CPU)"
printf '%-12s %7s %14s %14s %14s %16s %16s\n' game N script python builtin python/script script/builtin
for case in "s134 subtraction:1,3,4 script_subtraction.py 100000" "kayles kayles script_kayles.py 3000"; do
    read -r rules builtin py n <<< "$case"
    measure "$RUNS" "$WORK/empty" "$WORK/script.out" $PIN "$G" seq --max-seconds none --rules "examples/rules/$rules.rhai" --to "$n"
    sw=$WALL sc=$CPU
    measure "$RUNS" "$WORK/empty" "$WORK/python.out" $PIN python3 "benches/$py" "$n"
    pw=$WALL pc=$CPU
    measure "$RUNS" "$WORK/empty" "$WORK/builtin.out" $PIN "$G" seq --max-seconds none "$builtin" --to "$n"
    bw=$WALL bc=$CPU
    sums="$(md5sum < "$WORK/script.out") $(md5sum < "$WORK/python.out") $(md5sum < "$WORK/builtin.out")"
    if ! cmp -s "$WORK/script.out" "$WORK/python.out" || ! cmp -s "$WORK/script.out" "$WORK/builtin.out"; then
        echo "DIFFERENT values for $rules: $sums" >&2
        differ
    fi
    printf '%-12s %7s %14s %14s %14s %16s %16s\n' "$rules.rhai" "$n" "$sw ($sc)" "$pw ($pc)" "$bw ($bc)" \
        "$(r "$pw" "$sw") ($(r "$pc" "$sc"))" "$(r "$sw" "$bw") ($(r "$sc" "$bc"))"
done
echo "checksums (md5 of the value lines) agree: script = python = built-in"
