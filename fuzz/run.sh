#!/usr/bin/env bash
# The cargo-fuzz targets (fuzz/fuzz_targets): each runs SECONDS (default 30) from the committed seed corpus
# fuzz/corpus/TARGET and the dictionary fuzz/TARGET.dict, with libFuzzer's -seed=SEED (default 1), under a 4 GB
# RSS cap and a 10 s limit per input.
#   fuzz/run.sh [SECONDS] [SEED]        TARGETS="code" fuzz/run.sh 600   (only some targets)
# cargo-fuzz is installed from crates.io into fuzz/build (gitignored) on first use. It needs nightly compiler
# features; on a stable toolchain RUSTC_BOOTSTRAP=1 allows them (set here). Inputs the run finds are kept in
# fuzz/corpus-work/TARGET (gitignored), crashes in fuzz/artifacts/TARGET/ (gitignored), with the command that
# reproduces each (cargo fuzz run TARGET ARTIFACT). Exits non-zero if a target found a crash.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
SECONDS_EACH=${1:-30}
SEED=${2:-1}
TARGETS=${TARGETS:-"code graph"}
CF=$PWD/fuzz/build/bin/cargo-fuzz
if [ ! -x "$CF" ]; then
  cargo install -q --locked --root "$PWD/fuzz/build" cargo-fuzz
fi
export RUSTC_BOOTSTRAP=1
status=0
for t in $TARGETS; do
  mkdir -p "fuzz/corpus-work/$t"
  dict=()
  if [ -f "fuzz/$t.dict" ]; then dict=(-dict="fuzz/$t.dict"); fi
  echo "== fuzz target $t: ${SECONDS_EACH}s, seed $SEED"
  if ! "$CF" run --fuzz-dir fuzz "$t" "fuzz/corpus-work/$t" "fuzz/corpus/$t" -- \
      -seed="$SEED" -max_total_time="$SECONDS_EACH" -rss_limit_mb=4096 -timeout=10 -max_len=4096 \
      -print_final_stats=1 "${dict[@]}" 2> "fuzz/corpus-work/$t.log"; then
    status=1
    echo "FAILURE in target $t: see fuzz/corpus-work/$t.log and fuzz/artifacts/$t/"
    grep -E '^(==[0-9]+==ERROR|thread .* panicked|SUMMARY|.*panicked at)' "fuzz/corpus-work/$t.log" | head -5 || true
  fi
  grep -E '^stat::number_of_executed_units|^#[0-9]+ *DONE' "fuzz/corpus-work/$t.log" | tail -2 || true
done
exit $status
