#!/usr/bin/env bash
# Octal games at scale: `grundy seq` (sparse-space engine) beside the published octal solver `ogsolve -m rc2`
# (crates.io, by P. Beling) on the same games and lengths, in the same run, and beside grundy's own plain engine.
# Sequences are compared by checksum (md5 of the values, one per line). Prints times and ratios.
#
# One core: ogsolve and `grundy seq --threads 1` are pinned to core 0 (taskset, when available).
# Two cores: `grundy seq --threads 2` on cores 0 and 1 (ogsolve has no threaded mode, so its one-core time is the
# baseline of both ratios). grundy's two workers find every other heap (each heap's work before the previous
# value is known, then a check); the engine times windows of heaps on two workers against one and keeps the
# faster, so on a machine whose other core is busy the two-core run falls back to about the one-core time.
#
# Each program runs RUNS times (default 3) and its best time is reported, the same rule for every
# program: the machine is shared, and the best of a few runs is the least disturbed one.
#
# Lengths are the issue's (Officers 0.6 and Kayles 0.77 to 10^6, Treblecross 0.007 to 2^18), except that ogsolve
# runs Kayles only to 10^5 and 2*10^5 (it took 389 s for 10^6 on this machine; grundy is timed at the same
# lengths, and alone at 10^6). At the end: a long preperiod certified by `grundy period`.
# Total run: about three minutes on the project machine when it is not loaded.
# ONLY=GAME (e.g. ONLY=0.6) runs just that game's rows of the first table and skips the rest (for iterating).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
O=$ROOT/benches/build/ogsolve/bin/ogsolve
if [ ! -x "$O" ]; then
  cargo install -q --root "$ROOT/benches/build/ogsolve" ogsolve
fi
PIN1=$PIN PIN2=""
if [ -n "$PIN" ]; then PIN2="taskset -c 0,1"; fi

RUNS=${RUNS:-3}
# best VAR CMD...: runs CMD (stdout: the values) RUNS times; sets VAR_t to the best time and VAR_sum to the checksum
# (DIFFERENT if two runs disagree).
best() {
  local var=$1; shift
  local bt="" sum="" t0 t1 s t
  for _ in $(seq "$RUNS"); do
    t0=$(now); s=$("$@" | sum); t1=$(now)
    t=$(echo "$t1 - $t0" | bc -l)
    if [ -z "$bt" ] || [ "$(echo "$t < $bt" | bc -l)" = 1 ]; then bt=$t; fi
    if [ -z "$sum" ]; then sum=$s; elif [ "$sum" != "$s" ]; then sum="DIFFERENT"; fi
  done
  printf -v "${var}_t" '%.2f' "$bt"
  printf -v "${var}_sum" '%s' "$sum"
}
og() { $PIN1 "$O" -m rc2 -n "$1" -p "$2" | sed -n 's/^ nimbers: //p' | tr ' ' '\n' | grep -v '^$'; }
sum() { md5sum | cut -c1-12; }

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "game       heaps    ogsolve-rc2(s) grundy-1(s) ratio-1  grundy-2(s) ratio-2  checksums"
for spec in "0.6 1000000" "0.007 262144" "0.77 100000" "0.77 200000"; do
  set -- $spec
  game=$1; n=$2
  if [ -n "${ONLY:-}" ] && [ "$game" != "$ONLY" ]; then continue; fi
  best o og "$n" "$game"
  best g1 $PIN1 "$G" seq --max-seconds none "$game" --to "$n" --threads 1
  best g2 $PIN2 "$G" seq --max-seconds none "$game" --to "$n" --threads 2
  if [ "$o_sum" = "$g1_sum" ] && [ "$o_sum" = "$g2_sum" ]; then same="identical $g1_sum"; else
    same="DIFFERENT ogsolve $o_sum grundy-1 $g1_sum grundy-2 $g2_sum"; differ; fi
  printf '%-8s %8s %15s %11s %7sx %12s %7sx   %s\n' "$game" "$n" "$o_t" "$g1_t" "$(ratio "$o_t" "$g1_t")" \
    "$g2_t" "$(ratio "$o_t" "$g2_t")" "$same"
done
if [ -n "${ONLY:-}" ]; then exit 0; fi
t0=$(now)
ksum=$($PIN1 "$G" seq --max-seconds none 0.77 --to 1000000 --threads 1 | sum)
t1=$(now)
printf '%-8s %8s %15s %11s %8s %12s %8s   %s\n' 0.77 1000000 "(not run)" "$(secs "$t0" "$t1")" "" "" "" "grundy $ksum"

echo
echo "game       heaps     plain(s)  fast-1(s)  ratio   checksums"
for spec in "0.6 100000" "4!.0 100000" "0.77 100000" "0.106 100000"; do
  set -- $spec
  game=$1; n=$2
  t0=$(now)
  psum=$($PIN1 "$G" seq --max-seconds none "$game" --to "$n" --engine plain | sum)
  t1=$(now)
  fsum=$($PIN1 "$G" seq --max-seconds none "$game" --to "$n" --engine fast --threads 1 | sum)
  t2=$(now)
  tp=$(secs "$t0" "$t1"); tf=$(secs "$t1" "$t2")
  if [ "$psum" = "$fsum" ]; then same="identical $fsum"; else same="DIFFERENT plain $psum fast $fsum"; differ; fi
  printf '%-8s %8s %11s %10s %6sx   %s\n' "$game" "$n" "$tp" "$tf" "$(ratio "$tp" "$tf")" "$same"
done

echo
# Dense codes (docs/longrun.md): auto probes them and runs the plain engine once the values reach 512 (0.06); 0.106,
# dense under every value mask, is sparse once the split uses the heap's parity. User seconds (/usr/bin/time), one core.
echo "dense     heaps   auto(s)  plain(s)  fast(s)  ogsolve-rc2(s)  checksums"
for spec in "0.06 100000" "0.106 100000"; do
  set -- $spec
  game=$1; n=$2
  declare -A ut us
  for e in auto plain fast; do
    us[$e]=$(/usr/bin/time -o "$WORK/time" -f '%U' $PIN1 "$G" seq --max-seconds none "$game" --to "$n" --threads 1 --engine "$e" 2>/dev/null | sum)
    ut[$e]=$(cat "$WORK/time")
  done
  us[og]=$(/usr/bin/time -o "$WORK/time" -f '%U' bash -c "$(declare -f og sum); O=$O PIN1='$PIN1' og $n $game" | sum)
  ut[og]=$(cat "$WORK/time")
  if [ "${us[auto]}" = "${us[plain]}" ] && [ "${us[auto]}" = "${us[fast]}" ] && [ "${us[auto]}" = "${us[og]}" ]; then
    same="identical ${us[auto]}"; else same="DIFFERENT ${us[*]}"; differ; fi
  printf '%-8s %6s %9s %9s %8s %15s   %s\n' "$game" "$n" "${ut[auto]}" "${ut[plain]}" "${ut[fast]}" "${ut[og]}" "$same"
done

echo
echo "certified periods (grundy period, one core):"
# 0.127: period 4, last exception at heap 46577 (OEIS A071464, after Gangolli & Plambeck 1989), so e = 46578.
# 0.56: period 144 (OEIS A071436); its preperiod runs past 3*10^5 heaps.
for game in 0.127 0.56; do
  t0=$(now)
  out=$($PIN1 "$G" period "$game" --json)
  t1=$(now)
  echo "  $game: $out in $(secs "$t0" "$t1") s"
done
