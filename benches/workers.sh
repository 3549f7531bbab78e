#!/usr/bin/env bash
# One worker against two on the sparse-space engine: `grundy seq GAME --to N --threads 1` and `--threads 2`, run
# alternately RUNS times each (default 3) in the same run, so both see the same machine. Prints, per game, the best
# wall time of each, their ratio (the goal of issue 16: 1.8 for Officers to 10^7), the user time of the same runs
# (two workers spend more CPU than one: hand-overs, each worker's own copy of the values), and the checksums of the
# values (md5 of the output), which must agree: the script fails (exit 1) when they differ.
#
# The machine has 2 cores shared with other work: the load average is printed before and after. A busy second
# core makes the engine cut its two-worker windows and fall back to one worker (see
# crates/grundy/src/heap/sparse/pipeline.rs), so the ratio then tends to 1; measure when the load is low.
# With PROFILE=1, one more two-worker run prints where each worker's time went (GRUNDY_PIPELINE_PROFILE: waits,
# CPU time and work units per worker), and one more one-worker run prints the best speedup two workers can have
# from the order of the work (each heap's counted work; independent of the machine's load: docs/longrun.md).
#
# Usage: benches/workers.sh [SPEC...]   SPEC is GAME:N (default: 0.6:10000000 4!.0:4194304)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-3}
SPECS=("$@")
if [ ${#SPECS[@]} -eq 0 ]; then SPECS=("0.6:10000000" "4!.0:4194304"); fi
export GRUNDY_PROGRESS=0

# run THREADS GAME N: sets T (wall seconds), U (user seconds) and S (checksum).
run() {
  S=$(/usr/bin/time -o "$WORK/time" -f '%e %U' "$G" seq --max-seconds none "$2" --to "$3" --threads "$1" | md5sum | cut -c1-12)
  read -r T U < "$WORK/time"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %10s %12s %12s %8s %12s %12s   %s\n' game heaps "1 worker(s)" "2 workers(s)" ratio "user 1 (s)" "user 2 (s)" checksums
for spec in "${SPECS[@]}"; do
  game=${spec%%:*}; n=${spec##*:}
  b1="" b2="" u1="" u2="" s1="" s2="" same=identical
  for _ in $(seq "$RUNS"); do
    for th in 1 2; do
      run "$th" "$game" "$n"
      if [ "$th" = 1 ]; then
        if [ -z "$b1" ] || [ "$(echo "$T < $b1" | bc -l)" = 1 ]; then b1=$T; u1=$U; fi
        [ -z "$s1" ] && s1=$S
        [ "$S" = "$s1" ] || same=DIFFERENT
      else
        if [ -z "$b2" ] || [ "$(echo "$T < $b2" | bc -l)" = 1 ]; then b2=$T; u2=$U; fi
        [ -z "$s2" ] && s2=$S
        [ "$S" = "$s2" ] || same=DIFFERENT
      fi
    done
  done
  if [ "$s1" != "$s2" ] || [ "$same" = DIFFERENT ]; then same="DIFFERENT one $s1 two $s2"; differ; else same="identical $s1"; fi
  printf '%-8s %10s %12s %12s %7sx %12s %12s   %s\n' "$game" "$n" "$b1" "$b2" "$(ratio "$b1" "$b2")" "$u1" "$u2" "$same"
  if [ -n "${PROFILE:-}" ]; then
    GRUNDY_PIPELINE_PROFILE=1 "$G" seq --max-seconds none "$game" --to "$n" --threads 2 2>&1 >/dev/null | sed 's/^/  /' | tail -5
    GRUNDY_PIPELINE_PROFILE=1 "$G" seq --max-seconds none "$game" --to "$n" --threads 1 2>&1 >/dev/null | grep 'pipeline bound' \
      | sed 's/^/  /' | tail -2
  fi
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
