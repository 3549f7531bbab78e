#!/usr/bin/env bash
# One long sequence in memory and bounded (docs/longrun.md): Grundy's game (4!.0) to 2^26 and 2^28, and Officers
# (0.6) to 10^8, each computed twice by `grundy seq --engine fast --threads 1 --out FILE`: with its values in memory,
# and bounded (GRUNDY_WINDOW=2^24: the values in a mapped file of which the first 2^20 and the last 2^24 heaps stay
# resident). Prints per run the user and wall time, the time per heap, the peak resident memory, the ratio
# bounded / in memory, and the bounded run's --stats memory lines; fails (exit 1) when the two files differ
# (sha256 of each printed as its checksum). Then extrapolates Grundy's game to 2^32 and to the longest published
# computation (10^7 values, Mike Guy, quoted in OEIS A002188 from R. K. Guy, Fair Game, 1989, p. 96) from the
# growth of the time per heap between 2^26 and 2^28.
# Usage: [MODES=...] benches/longrun.sh [LIST]   LIST: which runs, default "g26 g28 o8" (g26 alone takes a few minutes).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${1:-g26 g28 o8}
# MODES="memory bounded" (the default) or one of them (a bounded run alone at a size the in-memory one would not fit).
MODES=${MODES:-memory bounded}
export GRUNDY_PROGRESS=0
WINDOW=$((1 << 24))

# measure NAME GAME TO MODE: prints "user wall peak_kb" of one run and keeps its file as $WORK/NAME-MODE.seq.
measure() {
    local name=$1 game=$2 to=$3 mode=$4 f="$WORK/$1-$4.seq" env=()
    if [[ $mode == bounded ]]; then env=(GRUNDY_WINDOW=$WINDOW); fi
    env "${env[@]}" /usr/bin/time -f '%U %e %M' -o "$WORK/time" \
        "$G" seq --max-seconds none "$game" --to "$to" --engine fast --threads 1 --out "$f" --stats >"$WORK/$name-$mode.txt"
    cat "$WORK/time"
}

declare -A PER_HEAP
run_pair() {
    local name=$1 game=$2 to=$3 mode u w m c
    declare -A U W M C
    echo "== $game to $to"
    for mode in $MODES; do
        read -r u w m < <(measure "$name" "$game" "$to" "$mode")
        c=$(sha256sum "$WORK/$name-$mode.seq" | cut -c1-16)
        U[$mode]=$u W[$mode]=$w M[$mode]=$m C[$mode]=$c
        printf '  %-9s user %8.1f s  wall %8.1f s  %7.1f ns/heap (user)  peak RSS %6d MB  checksum %s\n' \
            "$mode:" "$u" "$w" "$(echo "$u * 1000000000 / $to" | bc -l)" $((m / 1024)) "$c"
        rm -f "$WORK/$name-$mode.seq"
    done
    if [[ -n ${U[memory]:-} && -n ${U[bounded]:-} ]]; then
        echo "  bounded / in memory: user time $(ratio "${U[bounded]}" "${U[memory]}"), wall $(ratio "${W[bounded]}" "${W[memory]}"), peak RSS $(ratio "${M[bounded]}" "${M[memory]}")"
        if [[ ${C[memory]} != "${C[bounded]}" ]]; then
            echo "  DIFFERENT: the bounded run's values differ"
            differ
        fi
    fi
    if [[ -n ${U[bounded]:-} ]]; then
        grep '^# memory\|^# file' "$WORK/$name-bounded.txt" | sed 's/^/  /'
        PER_HEAP[$name]=$(echo "${U[bounded]} / $to" | bc -l)
    fi
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
