#!/usr/bin/env bash
# One long sequence in memory and bounded (docs/longrun.md): Grundy's game (4!.0) to 2^26 and 2^28, and Officers
# (0.6) to 10^8, each computed twice by `grundy seq --engine fast --threads 1 --out FILE`: with its values in memory,
# and bounded (GRUNDY_WINDOW=2^24: the values in a mapped file of which the first 2^20 and the last 2^24 heaps stay
# resident). Prints per run the user and wall time, the time per heap, the peak resident memory, the ratio
# bounded / in memory, and the bounded run's --stats memory lines; fails (exit 1) when the two files differ
# (sha256 of each printed as its checksum). Then extrapolates Grundy's game to 2^32 and to the longest published
# computation (10^7 values, Mike Guy, quoted in OEIS A002188 from R. K. Guy, Fair Game, 1989, p. 96) from the
# growth of the time per heap between 2^26 and 2^28.
# Usage: benches/longrun.sh [LIST]   LIST: which runs, default "g26 g28 o8" (g26 alone takes a minute or two).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${1:-g26 g28 o8}
export GRUNDY_PROGRESS=0
WINDOW=$((1 << 24))

# measure NAME GAME TO MODE: prints "user wall peak_kb" of one run and keeps its file as $WORK/NAME-MODE.seq.
measure() {
    local name=$1 game=$2 to=$3 mode=$4 f="$WORK/$1-$4.seq" env=()
    if [[ $mode == bounded ]]; then env=(GRUNDY_WINDOW=$WINDOW); fi
    env "${env[@]}" /usr/bin/time -f '%U %e %M' -o "$WORK/time" \
        "$G" seq "$game" --to "$to" --engine fast --threads 1 --out "$f" --stats >"$WORK/$name-$mode.txt"
    cat "$WORK/time"
}

declare -A PER_HEAP
run_pair() {
    local name=$1 game=$2 to=$3
    read -r u1 w1 m1 < <(measure "$name" "$game" "$to" memory)
    read -r u2 w2 m2 < <(measure "$name" "$game" "$to" bounded)
    local c1 c2
    c1=$(sha256sum "$WORK/$name-memory.seq" | cut -c1-16)
    c2=$(sha256sum "$WORK/$name-bounded.seq" | cut -c1-16)
    echo "== $game to $to"
    printf '  in memory: user %8.1f s  wall %8.1f s  %7.1f ns/heap (user)  peak RSS %6d MB  checksum %s\n' \
        "$u1" "$w1" "$(echo "$u1 * 1e9 / $to" | bc -l)" $((m1 / 1024)) "$c1"
    printf '  bounded:   user %8.1f s  wall %8.1f s  %7.1f ns/heap (user)  peak RSS %6d MB  checksum %s\n' \
        "$u2" "$w2" "$(echo "$u2 * 1e9 / $to" | bc -l)" $((m2 / 1024)) "$c2"
    echo "  bounded / in memory: user time $(ratio "$u2" "$u1"), wall $(ratio "$w2" "$w1"), peak RSS $(ratio "$m2" "$m1")"
    grep '^# memory\|^# file' "$WORK/$name-bounded.txt" | sed 's/^/  /'
    if [[ $c1 != "$c2" ]]; then
        echo "  DIFFERENT: the bounded run's values differ"
        differ
    fi
    PER_HEAP[$name]=$(echo "$u2 / $to" | bc -l)
    rm -f "$WORK/$name-memory.seq" "$WORK/$name-bounded.seq"
}

for r in $RUNS; do
    case $r in
    g26) run_pair g26 '4!.0' $(((1 << 26) - 1)) ;;
    g28) run_pair g28 '4!.0' $(((1 << 28) - 1)) ;;
    o8) run_pair o8 0.6 100000000 ;;
    *) echo "unknown run $r (g26, g28, o8)" >&2; exit 2 ;;
    esac
done

if [[ -n ${PER_HEAP[g26]:-} && -n ${PER_HEAP[g28]:-} ]]; then
    # The time per heap grows like N^a between 2^26 and 2^28 (a from the two runs); the time to N is then the
    # integral of t(n) = t28 (n / 2^28)^a, i.e. N t(N) / (a + 1).
    a=$(echo "l(${PER_HEAP[g28]} / ${PER_HEAP[g26]}) / l(4)" | bc -l)
    for target in 4294967295 10000000; do
        t=$(echo "${PER_HEAP[g28]} * e($a * l($target / 268435455)) * $target / ($a + 1)" | bc -l)
        printf 'extrapolated, bounded, one core: Grundy'"'"'s game to %s heaps: %.0f s (%.1f h; time per heap ~ N^%.2f)\n' \
            "$target" "$t" "$(echo "$t / 3600" | bc -l)" "$a"
    done
fi
