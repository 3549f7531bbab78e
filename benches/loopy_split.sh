#!/usr/bin/env bash
# Loopy heap codes whose moves split heaps: `grundy value CODE HEAP... --loopy` (each heap a component, solved on
# the multisets reachable from it; the sum by Smith's theorem) against the straightforward method timed in the same
# run: a C++ retrograde analysis of the whole multiset graph of the sum (benches/cpp/loopy_split.cpp, g++ -O2). The
# outcomes must agree; the script prints both times and the ratio. Then one large component alone (Grundy's game
# 4!.0 as a multiset graph, near a million positions) to show the build and solve rate; its value must equal the
# finite engine's nim-value (grundy seq).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
tmp=$WORK
build_cpp loopy_split

run() { # CODE BOUND "CPP DIGITS" HEAPS...
    code=$1 bound=$2 digits=$3
    shift 3
    t0=$(now)
    ours=$("$G" value "$code" "$@" --loopy --max-heap "$bound" --json)
    t1=$(now)
    ref=$("$tmp/loopy_split" "$bound" $digits -- "$@")
    t2=$(now)
    a=$(echo "$ours" | grep -o '"outcome":"[PND]"' | cut -d'"' -f4)
    b=$(echo "$ref" | grep -o '^outcome [PND]' | cut -d' ' -f2)
    positions=$(echo "$ours" | grep -o '"positions":[0-9]*' | cut -d: -f2)
    [ "$a" = "$b" ] || { echo "MISMATCH on $code $*: grundy $a, C++ $b"; exit 1; }
    to=$(echo "$t1 - $t0" | bc)
    tr=$(echo "$t2 - $t1" | bc)
    echo "$code heaps $* (at most $bound): outcome $a; grundy $to s ($positions positions, components' graphs);" \
        "C++ ${tr} s (${ref#*, }); ratio C++ / grundy: $(echo "scale=1; $tr / $to" | bc)"
}

echo "== sums of heaps: per-component multiset graphs + Smith's theorem vs the whole sum's multiset graph"
run 2.37 14 "0 2 3 7" 12 12 14
run 0.77 13 "0 0 7 7" 10 11 13
run 6.7 12 "0 6 7" 9 11 12
run 2.37 18 "0 2 3 7" 16 16 18
echo
echo "== one large component: grundy value '4!.0' 60 --loopy --max-heap 60 (Grundy's game, every split)"
t0=$(now)
ours=$("$G" value '4!.0' 60 --loopy --max-heap 60 --json)
t1=$(now)
finite=$("$G" seq '4!.0' --to 60 | tail -1)
v=$(echo "$ours" | grep -o '"value_text":"[^"]*"' | head -1 | cut -d'"' -f4)
p=$(echo "$ours" | grep -o '"positions":[0-9]*' | cut -d: -f2)
[ "$v" = "$finite" ] || { echo "MISMATCH: multiset graph $v, finite engine $finite"; exit 1; }
echo "generalised value $v = the finite engine's nim-value $finite; $p positions built and solved in $(echo "$t1 - $t0" | bc) s"
