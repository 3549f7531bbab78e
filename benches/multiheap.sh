#!/usr/bin/env bash
# Times `grundy seq CODE --to N` (the multi-heap engine, crates/grundy/src/heap/multi.rs) against partition
# enumeration (the example `seq_enumerated`, which calls heap::plain::code_sequence_enumerated) for codes whose moves
# leave three or more heaps, at sizes where enumeration still finishes; checks that both print the same values and
# prints the time ratio (engine / enumeration; below 1 is faster). Then times the engine alone where enumeration
# cannot go. Usage: benches/multiheap.sh   (about 30 seconds)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
work=$WORK
cargo build --release -q -p grundy --example seq_enumerated
grundy=$G
enumerated="$ROOT/target/release/examples/seq_enumerated"

# best of $1 runs of a command (its output to $2); prints microseconds
best_us() {
    local runs=$1 out=$2
    shift 2
    echo $(( $(best_ns "$runs" /dev/null "$out" "$@") / 1000 ))
}

printf '%-10s %6s %14s %14s %12s\n' code N engine_us enumerate_us ratio
for case in '0.{2+} 80' '0.{3+} 80' '8.0 1500' '0.F 1500' '0.{3?} 1000' '8!.0 1500' '0.{3!+} 120' '0.{3?+} 80'; do
    read -r code n <<< "$case"
    e=$(best_us 3 "$work/engine.out" "$grundy" seq "$code" --to "$n")
    r=$(best_us 1 "$work/enum.out" "$enumerated" "$code" "$n")
    cmp -s "$work/engine.out" "$work/enum.out" || { echo "$code: the engine and enumeration disagree" >&2; exit 1; }
    ratio=$(awk -v e="$e" -v r="$r" 'BEGIN { printf "%.5f", (r > 0 ? e / r : 0) }')
    printf '%-10s %6s %14s %14s %12s\n' "$code" "$n" "$e" "$r" "$ratio"
done

echo "the engine alone, beyond enumeration (p(300) is about 9·10^15 partitions):"
printf '%-10s %6s %14s %10s\n' code N engine_us "G(N)"
for case in '0.{2+} 300' '0.{2+} 2000' '0.{3+} 2000' '8.0 4000' '8!.0 4000' '0.{3!+} 1000' '0.{3?+} 2000'; do
    read -r code n <<< "$case"
    e=$(best_us 1 "$work/engine.out" "$grundy" seq "$code" --to "$n")
    printf '%-10s %6s %14s %10s\n' "$code" "$n" "$e" "$(tail -1 "$work/engine.out")"
done
