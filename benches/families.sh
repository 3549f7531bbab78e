#!/usr/bin/env bash
# Misère play of the catalog's non-heap games. (1) Sums of Wythoff positions under misère play: `grundy value
# wythoff … --misere --json` (the library's exact search over sums of components, with every winning move) beside
# a plain memoised C++ search written for this bench (benches/cpp/wythoff_misere.cpp); outcomes and winning-move
# counts compared, times and ratios printed. (2) Single Wythoff positions with heaps near 10^18 under misère play
# (answered by the misère rule, no search), timed per call. Total run: well under a minute.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
build_cpp wythoff_misere
C=$WORK/wythoff_misere

summary() { python3 -c 'import json,sys; j=json.load(sys.stdin); print(j["outcome"], len(j["winning_moves"]))'; }

echo "misère sum of wythoff positions         C++ search(s)  grundy(s)  ratio   outcome, winning moves"
for pairs in "5 7 6 6 4 9" "8 9 10 12 7 11" "3 5 2 9 6 1 4 4"; do
  args=""
  set -- $pairs
  while [ $# -gt 0 ]; do args="$args wythoff $1 $2 +"; shift 2; done
  args=${args%+}
  t0=$(now)
  cres=$(echo "$pairs" | $PIN "$C")
  t1=$(now)
  gres=$($PIN "$G" value $args --misere --json --max-seconds 60 | summary)
  t2=$(now)
  tc=$(secs "$t0" "$t1"); tg=$(secs "$t1" "$t2")
  if [ "$cres" = "$gres" ]; then same="identical: $gres"; else same="DIFFERENT: C++ $cres grundy $gres"; differ; fi
  printf '%-38s %13s %10s %6sx   %s\n' "$pairs" "$tc" "$tg" "$(ratio "$tc" "$tg")" "$same"
done

echo
echo "single wythoff position, misère (rule)       grundy(s)  outcome, winning moves"
for ab in "1000000000000000000 999999999999999990" "161803398874989484 261803398874989484" "123456789012345678 987654321098765432"; do
  t0=$(now)
  gres=$($PIN "$G" value wythoff $ab --misere --json | summary)
  t1=$(now)
  printf '%-44s %10s   %s\n' "$ab" "$(secs "$t0" "$t1")" "$gres"
done
