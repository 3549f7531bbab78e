#!/usr/bin/env bash
# Octal games at scale: `grundy seq` (sparse-space engine) beside the published octal solver `ogsolve -m rc2`
# (crates.io, by P. Beling) on the same games and lengths, in the same run, and beside grundy's own plain engine.
# Sequences are compared by checksum (md5 of the values, one per line). Prints times and ratios.
# Both programs compute on one core (pinned with taskset when it is available); grundy's engine is sequential
# (see crates/grundy/src/heap/sparse.rs), so a second core does not change its time.
# Total run: about two minutes on the project machine.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
cargo build --release -q
G=$ROOT/target/release/grundy
O=$ROOT/benches/build/ogsolve/bin/ogsolve
if [ ! -x "$O" ]; then
  cargo install -q --root "$ROOT/benches/build/ogsolve" ogsolve
fi
PIN=""
if command -v taskset >/dev/null; then PIN="taskset -c 0"; fi

now() { date +%s.%N; }
secs() { echo "$2 - $1" | bc -l | xargs printf '%.2f'; }
ratio() { echo "$1 / $2" | bc -l | xargs printf '%.2f'; }

echo "game        heaps     ogsolve-rc2(s)  grundy(s)  ratio   checksums"
for spec in "0.6 1000000" "0.77 100000" "0.007 131072" "0.137 200000"; do
  set -- $spec
  game=$1; n=$2
  t0=$(now)
  osum=$($PIN "$O" -m rc2 -n "$n" -p "$game" | sed -n 's/^ nimbers: //p' | tr ' ' '\n' | grep -v '^$' | md5sum | cut -c1-12)
  t1=$(now)
  gsum=$($PIN "$G" seq "$game" --to "$n" | md5sum | cut -c1-12)
  t2=$(now)
  to=$(secs "$t0" "$t1"); tg=$(secs "$t1" "$t2")
  same=$([ "$osum" = "$gsum" ] && echo "identical $gsum" || echo "DIFFERENT ogsolve $osum grundy $gsum")
  printf '%-10s %8s %15s %10s %6sx   %s\n' "$game" "$n" "$to" "$tg" "$(ratio "$to" "$tg")" "$same"
done

echo
echo "game        heaps     plain(s)  fast(s)   ratio   checksums"
for spec in "0.6 100000" "4!.0 100000" "0.77 100000"; do
  set -- $spec
  game=$1; n=$2
  t0=$(now)
  psum=$($PIN "$G" seq "$game" --to "$n" --engine plain | md5sum | cut -c1-12)
  t1=$(now)
  fsum=$($PIN "$G" seq "$game" --to "$n" --engine fast | md5sum | cut -c1-12)
  t2=$(now)
  tp=$(secs "$t0" "$t1"); tf=$(secs "$t1" "$t2")
  same=$([ "$psum" = "$fsum" ] && echo "identical $fsum" || echo "DIFFERENT plain $psum fast $fsum")
  printf '%-10s %8s %9s %8s %7sx   %s\n' "$game" "$n" "$tp" "$tf" "$(ratio "$tp" "$tf")" "$same"
done
