#!/usr/bin/env bash
# Winning moves of huge heaps: `grundy value CODE N --json` (moves in families from the certified period, see
# crates/grundy/src/heap/table.rs) beside a C++ reference written for this bench (benches/cpp/huge_moves.cpp) that
# enumerates every option of the heap with the same certified period. Both count the winning moves of the heap
# played alone; the counts and nim-values are compared, times and ratios printed. Heaps far beyond what the
# enumeration can reach (10^12, 10^18) are timed for grundy alone. Total run: under a minute.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
mkdir -p benches/build
build_cpp huge_moves
C=$WORK/huge_moves

count() { python3 -c 'import json,sys; j=json.load(sys.stdin); print(j["winning_move_count"], j["nim_value"])'; }

echo "game    heap          enumerate(s)  families(s)  ratio    winning moves (enumerated / families), nim-values"
for spec in "0.77 300000000" "0.07 300000000" "0.137 300000000" "0.77 1000000000"; do
  set -- $spec
  game=$1; n=$2
  read -r e p < <($G period "$game" | sed -n 's/.*preperiod \([0-9]*\), period \([0-9]*\).*/\1 \2/p')
  t0=$(now)
  cres=$($PIN "$C" "$game" "$n" "$e" "$p")
  t1=$(now)
  $PIN "$G" value "$game" "$n" --json > benches/build/huge.json
  t2=$(now)
  gres=$(count < benches/build/huge.json)
  tc=$(secs "$t0" "$t1"); tg=$(secs "$t1" "$t2")
  if [ "$cres" = "$gres" ]; then same="identical: $gres"; else same="DIFFERENT: C++ $cres grundy $gres"; differ; fi
  printf '%-7s %-13s %12s %12s %6sx   %s\n' "$game" "$n" "$tc" "$tg" "$(ratio "$tc" "$tg" 0)" "$same"
done

echo
echo "game    heap                  families(s)  winning moves, nim-value"
for spec in "0.77 1000000000000" "0.07 1000000000000000000" "0.137 18446744073709551615"; do
  set -- $spec
  t0=$(now)
  $PIN "$G" value "$1" "$2" --json > benches/build/huge.json
  t1=$(now)
  gres=$(count < benches/build/huge.json)
  printf '%-7s %-21s %12s  %s\n' "$1" "$2" "$(secs "$t0" "$t1")" "$gres"
done
