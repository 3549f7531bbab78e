#!/usr/bin/env bash
# Certified periods of every octal code 0.d1d2d3 (digits 0-7) with a splitting digit, found by `grundy period`
# up to LIMIT heaps (default 2^20) with at most SECS seconds per code (default 60): prints the codes whose period
# was certified, largest preperiod + period first, and how many were not certified within the limits.
# Each certificate is the theorem stated in crates/grundy/src/heap/period/mod.rs, checked on the computed values.
# Usage: benches/period_sweep.sh [LIMIT] [SECS]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
G=$PWD/target/release/grundy
LIMIT=${1:-1048576}
SECS=${2:-60}
out=$(mktemp)
open=0
for d1 in 0 1 2 3 4 5 6 7; do for d2 in 0 1 2 3 4 5 6 7; do for d3 in 0 1 2 3 4 5 6 7; do
  code="0.$d1$d2$d3"
  # Only codes with a move that splits a heap in two (bit 4 of some digit) are of interest here.
  if (( (d1 & 4) == 0 && (d2 & 4) == 0 && (d3 & 4) == 0 )); then continue; fi
  t0=$(date +%s.%N)
  if json=$(timeout "$SECS" "$G" period "$code" --to "$LIMIT" --json 2>/dev/null); then
    t1=$(date +%s.%N)
    if [[ $json == *'"certified":true'* ]]; then
      e=$(sed 's/.*"preperiod":\([0-9]*\).*/\1/' <<<"$json")
      p=$(sed 's/.*"period":\([0-9]*\).*/\1/' <<<"$json")
      printf '%s %s %s %.2f\n' "$code" "$e" "$p" "$(echo "$t1 - $t0" | bc -l)" >>"$out"
    else
      open=$((open + 1))
    fi
  else
    open=$((open + 1))
  fi
done; done; done
echo "code      preperiod   period   seconds   (certified; largest preperiod + period first)"
sort -k2,2n -k3,3n "$out" | awk '{print $0, $2 + $3}' | sort -k5,5nr | head -25 |
  awk '{printf "%-8s %10s %8s %9s\n", $1, $2, $3, $4}'
echo "certified: $(wc -l <"$out"); not certified within $LIMIT heaps and $SECS s: $open"
rm -f "$out"
