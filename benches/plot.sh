#!/usr/bin/env bash
# Times `grundy plot GAME --to N -o FILE` (values, period search and drawing; crates/grundy/src/analysis/picture)
# against the baseline `grundy seq GAME --to N --out FILE` (the same values alone), at a million heaps, as PNG and as
# SVG, and prints the ratio (plot / seq): what drawing adds. Checks that the largest value the plot reports is the
# largest of the sequence and that two runs of the plot give the same bytes. Usage: benches/plot.sh [N]
# (about a minute at the default N = 1000000)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
n=${1:-1000000}
work=$WORK

printf '%-8s %-4s %9s %10s %10s %8s %10s\n' game fmt N seq_ms plot_ms ratio bytes
for game in kayles 0.07 0.6 '4!.0'; do
    s=$(best_ns 2 /dev/null "$work/seq.txt" "$G" seq --max-seconds none "$game" --to "$n" --out "$work/values.seq")
    # The largest value of the sequence, from its file (one little-endian u32 per heap after the header line).
    largest=$(tail -n +2 "$work/values.seq" | od -An -v -tu4 | tr -s ' ' '\n' | sort -n | tail -1)
    for fmt in png svg; do
        p=$(best_ns 2 /dev/null "$work/plot.json" "$G" plot --max-seconds none "$game" --to "$n" --rare -o "$work/a.$fmt" --json)
        cp "$work/a.$fmt" "$work/first.$fmt"
        "$G" plot --max-seconds none "$game" --to "$n" --rare -o "$work/a.$fmt" > /dev/null
        if ! cmp -s "$work/a.$fmt" "$work/first.$fmt"; then
            echo "DIFFERENT: two runs of plot $game $fmt gave different files" >&2
            differ
        fi
        got=$(sed -n 's/.*"largest":\([0-9]*\).*/\1/p' "$work/plot.json")
        if [ "$got" != "$largest" ]; then
            echo "DIFFERENT: plot $game says the largest value is $got, the sequence $largest" >&2
            differ
        fi
        printf '%-8s %-4s %9s %10s %10s %8s %10s\n' "$game" "$fmt" "$n" $((s / 1000000)) $((p / 1000000)) \
            "$(ratio "$p" "$s")" "$(stat -c %s "$work/a.$fmt")"
    done
done
