#!/usr/bin/env bash
# Cram and Chomp (issue 17): `grundy value` beside the published solver `igsolve` (crates.io, by P. Beling; installed
# here into benches/build/igsolve, as octal.sh installs ogsolve) on the same positions, in the same run.
#
# Cram on rectangles up to 5x8 and 6x6, Chomp on rectangles up to 6x7. For each position: igsolve's time (its
# default method, br-asp-set for Cram), grundy's time on one thread (pinned to core 0) and on two (`--threads 2`,
# cores 0 and 1; Cram only: the Chomp engine is single-threaded), the ratios igsolve/grundy, and the two nim-values.
# igsolve prints the nim-value alone, so the Cram rows time `grundy value --no-moves` (the same work) beside it, and
# then `grundy value` as it is usually run, which also finds and lists every winning move (one thread, `moves-1`,
# and two, `moves-2`, each with its own ratio igsolve/grundy; the two lists of moves must be the same).
# Times are whole-process wall times (best of RUNS, default 3), so a position solved in microseconds shows each
# program's start-up cost: the Chomp rows and the even x even Cram boards (both programs answer those by the
# mirror strategy) measure start-up, not search. So both tables also give each program's search alone, timed
# inside its process (best of RUNS): igsolve's own "Calculation time" line beside grundy's engine (Chomp: its one
# thread; Cram: the value on two threads, thread start-up and the table included; a board grundy answers by the
# mirror strategy without its engine shows 0 and a ratio "-").
#
# Values: they must be equal. igsolve's pruning is known to be wrong for positions with 256 or more options
# (issue 17); none of these positions has that many, but if the values ever differ the position is valued again
# by an independent plain search (the memoised Solver, no tests or cuts: Cram as Arc Kayles on the grid graph,
# Chomp through `--save-table`), and the line says whose value the plain search confirms. A difference the plain search does not settle for grundy fails the run.
#
# ONLY=cram or ONLY=chomp runs one table; CRAM_BOARDS="4x7 6x5" chooses the Cram rows. Total run: about two minutes on the project machine when it is idle.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
I=$ROOT/benches/build/igsolve/bin/igsolve
if [ ! -x "$I" ]; then
  cargo install -q --locked --root "$ROOT/benches/build/igsolve" igsolve
fi
PIN1=$PIN PIN2=""
if [ -n "$PIN" ]; then PIN2="taskset -c 0,1"; fi
RUNS=${RUNS:-3}

# timed VAR CMD...: runs CMD RUNS times; VAR_t is the best wall time (s), VAR_out the output of the last run. The
# clock is bash's own $EPOCHREALTIME, read with no process started (`date` in a command substitution, as `now`
# does, added about 1.5 ms of its own start-up to every time here: the figures in benches/RESULTS.md before
# 2026-11-30 include it, for both programs alike).
timed() {
  local var=$1; shift
  local bt="" t0 t1 t out
  for _ in $(seq "$RUNS"); do
    t0=$EPOCHREALTIME; out=$("$@"); t1=$EPOCHREALTIME
    t=$(echo "$t1 - $t0" | bc -l)
    if [ -z "$bt" ] || [ "$(echo "$t < $bt" | bc -l)" = 1 ]; then bt=$t; fi
  done
  printf -v "${var}_t" '%.4f' "$bt"
  printf -v "${var}_out" '%s' "$out"
}
ig_value() { sed -n 's/^Nimber of initial position: //p' <<<"$1"; }
# search VAR CMD...: the search time alone (s), best of RUNS: igsolve's own "Calculation time" line (a Rust
# Duration: ns, µs, ms or s), or grundy's "chomp dense search: … in N µs" or "cram engine: … cram search in N µs"
# (GRUNDY_ENGINE_STATS=1, on stderr; the sum when a run prints several: `value` asks the engine a second time for
# the same position, which its table answers in microseconds).
search() {
  local var=$1; shift
  local bt="" t out
  for _ in $(seq "$RUNS"); do
    out=$(GRUNDY_ENGINE_STATS=1 "$@" 2>&1)
    t=$(sed -n -e 's/^Calculation time: //p' -e 's/^chomp dense search: .* in \([0-9]*\) µs$/\1µs/p' \
      -e 's/^cram engine: .* cram search in \([0-9]*\) µs$/\1µs/p' <<<"$out" \
      | awk '/ns$/{s += $1/1e9; n++; next} /µs$/{s += $1/1e6; n++; next} /ms$/{s += $1/1e3; n++; next}
             /s$/{s += $1; n++} END {if (n) printf "%.9f\n", s}')
    if [ -z "$t" ]; then t=0; fi
    if [ -z "$bt" ] || [ "$(echo "$t < $bt" | bc -l)" = 1 ]; then bt=$t; fi
  done
  printf -v "${var}_s" '%.6f' "$bt"
}
# ratio_or_dash A B: A / B, or "-" when B is zero (grundy answers a mirror-symmetric board without its engine).
ratio_or_dash() { if [ "$(echo "$2 == 0" | bc -l)" = 1 ]; then echo -; else ratio "$1" "$2"; fi; }
g_value() { sed -n 's/.*"nim_value":\([0-9]*\).*/\1/p' <<<"$1" | head -1; }

# settle GAME R C IGV GV: an independent search's value, and whose value it confirms: Cram on an R x C rectangle is
# Arc Kayles on the grid graph (a domino removes two adjacent cells, an edge's two ends), searched by the plain
# solver on canonically labelled graphs; a Chomp rectangle by the plain solver's table path (--save-table).
settle() {
  local plain
  if [ "$1" = cram ]; then
    plain=$($PIN1 "$G" value arc-kayles "grid:$2x$3" --json --no-moves --max-seconds 3000)
  else
    plain=$($PIN1 "$G" value "$1" "$2x$3" --json --save-table "$WORK/plain.table" --max-seconds 3000)
  fi
  plain=$(g_value "$plain")
  if [ "$plain" = "$5" ]; then
    same="igsolve WRONG ($4; plain search $plain = grundy)"
  else
    same="DIFFERENT igsolve $4 grundy $5 plain $plain"; differ
  fi
}

total_ig=0 total_g1=0 total_g2=0
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; best of $RUNS runs"
if [ "${ONLY:-cram}" = cram ]; then
  echo
  # Whole-process times, then (the last three columns but one) each program's search alone, value only: igsolve's
  # own "Calculation time" and grundy's engine timed inside the process (GRUNDY_ENGINE_STATS=1), best of RUNS each.
  echo "cram     igsolve(s)   value only: grundy-1(s)  ratio-1 grundy-2(s)  ratio-2   with moves: moves-1(s)  ratio moves-2(s)  ratio   search: igsolve(s) grundy-2(s)  ratio  nim-values"
  total_gm=0 total_gm2=0 total_sig=0 total_sg2=0
  for b in ${CRAM_BOARDS:-4x5 4x6 4x7 5x5 5x6 4x8 6x5 5x7 7x5 5x8 6x6}; do
    r=${b%x*} c=${b#*x}
    timed ig $PIN1 "$I" cram -r "$r" -c "$c"
    timed g1 $PIN1 "$G" value cram "$b" --json --no-moves --threads 1
    timed g2 $PIN2 "$G" value cram "$b" --json --no-moves --threads 2
    timed gm $PIN1 "$G" value cram "$b" --json --threads 1
    timed gm2 $PIN2 "$G" value cram "$b" --json --threads 2
    search sig $PIN1 "$I" cram -r "$r" -c "$c"
    search sg2 $PIN2 "$G" value cram "$b" --json --no-moves --threads 2
    iv=$(ig_value "$ig_out") v1=$(g_value "$g1_out") v2=$(g_value "$g2_out") vm=$(g_value "$gm_out")
    if [ "$v1" != "$v2" ] || [ "$v1" != "$vm" ]; then same="DIFFERENT grundy-1 $v1 grundy-2 $v2 moves-1 $vm"; differ
    elif [ "$gm_out" != "$gm2_out" ]; then same="DIFFERENT winning moves on 1 and 2 threads"; differ
    elif [ "$iv" = "$v1" ]; then same="identical $v1"
    else settle cram "$r" "$c" "$iv" "$v1"; fi
    printf '%-6s %11s %24s %7sx %11s %7sx %23s %5sx %10s %5sx %19s %11s %5sx  %s\n' "$b" "$ig_t" "$g1_t" \
      "$(ratio "$ig_t" "$g1_t")" "$g2_t" "$(ratio "$ig_t" "$g2_t")" "$gm_t" "$(ratio "$ig_t" "$gm_t")" "$gm2_t" \
      "$(ratio "$ig_t" "$gm2_t")" "$sig_s" "$sg2_s" "$(ratio_or_dash "$sig_s" "$sg2_s")" "$same"
    total_sig=$(echo "$total_sig + $sig_s" | bc -l); total_sg2=$(echo "$total_sg2 + $sg2_s" | bc -l)
    total_ig=$(echo "$total_ig + $ig_t" | bc -l); total_g1=$(echo "$total_g1 + $g1_t" | bc -l)
    total_g2=$(echo "$total_g2 + $g2_t" | bc -l); total_gm=$(echo "$total_gm + $gm_t" | bc -l)
    total_gm2=$(echo "$total_gm2 + $gm2_t" | bc -l)
  done
  printf '%-6s %11.4f %24.4f %7sx %11.4f %7sx %23.4f %5sx %10.4f %5sx %19.6f %11.6f %5sx\n' total "$total_ig" \
    "$total_g1" "$(ratio "$total_ig" "$total_g1")" "$total_g2" "$(ratio "$total_ig" "$total_g2")" "$total_gm" \
    "$(ratio "$total_ig" "$total_gm")" "$total_gm2" "$(ratio "$total_ig" "$total_gm2")" "$total_sig" "$total_sg2" \
    "$(ratio "$total_sig" "$total_sg2")"
fi
if [ "${ONLY:-chomp}" = chomp ]; then
  echo
  # Whole-process times (start-up included), then each program's search alone: igsolve's own "Calculation time"
  # and grundy's dense search timed inside the process (GRUNDY_ENGINE_STATS=1), best of RUNS each.
  echo "chomp    igsolve(s) grundy-1(s)  ratio-1  search: igsolve(s) grundy(s)   ratio  nim-values"
  total_ig=0 total_g1=0 total_sig=0 total_sg=0
  # CHOMP_SEARCH: rectangles past 6x7, whose nim-value (which strategy stealing does not give) takes both programs
  # a real search of all C(R+C, R) sub-diagrams; the rows up to 6x7 (1716 sub-diagrams) time process start-up.
  for b in 3x7 4x7 5x5 5x6 5x7 6x6 6x7 7x6 - ${CHOMP_SEARCH-8x8 8x10 10x10 9x12 11x11 12x12}; do
    if [ "$b" = - ]; then
      printf '%-6s %11.4f %11.4f %7sx  %18.6f %10.6f %7sx  (start-up rows)\n' total "$total_ig" "$total_g1" \
        "$(ratio "$total_ig" "$total_g1")" "$total_sig" "$total_sg" "$(ratio "$total_sig" "$total_sg")"
      total_ig=0 total_g1=0 total_sig=0 total_sg=0; continue
    fi
    r=${b%x*} c=${b#*x}
    timed ig $PIN1 "$I" chomp -r "$r" -c "$c"
    timed g1 $PIN1 "$G" value chomp "$b" --json
    search sig $PIN1 "$I" chomp -r "$r" -c "$c"
    search sg $PIN1 "$G" value chomp "$b" --json
    iv=$(ig_value "$ig_out") v1=$(g_value "$g1_out")
    if [ "$iv" = "$v1" ]; then same="identical $v1"; else settle chomp "$r" "$c" "$iv" "$v1"; fi
    printf '%-6s %11s %11s %7sx  %18s %10s %7sx  %s\n' "$b" "$ig_t" "$g1_t" "$(ratio "$ig_t" "$g1_t")" \
      "$sig_s" "$sg_s" "$(ratio "$sig_s" "$sg_s")" "$same"
    total_ig=$(echo "$total_ig + $ig_t" | bc -l); total_g1=$(echo "$total_g1 + $g1_t" | bc -l)
    total_sig=$(echo "$total_sig + $sig_s" | bc -l); total_sg=$(echo "$total_sg + $sg_s" | bc -l)
  done
  printf '%-6s %11.4f %11.4f %7sx  %18.6f %10.6f %7sx  (search rows)\n' total "$total_ig" "$total_g1" \
    "$(ratio "$total_ig" "$total_g1")" "$total_sig" "$total_sg" "$(ratio "$total_sig" "$total_sg")"
fi
