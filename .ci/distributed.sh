#!/usr/bin/env bash
# CI (issue 45): one Cram search split across processes through GNU parallel (docs/distributed-search.md). Cram 5x6
# is expanded to a frontier at depth 2, its components valued by 4 shards run by GNU parallel (Debian's package,
# installed here when missing), their tables merged, and the merged nim-value compared with the direct search. Then
# one shard of Cram 5x6 at depth 1 is killed after its first periodic save and run again: it must resume from its table
# (entries loaded > 0) and the merged value must still be the direct search's. Last, a survey balanced by GNU
# parallel over a code list (docs/sweep.md's recipe) must give the records of one process.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never CARGO_INCREMENTAL=0
if ! command -v parallel >/dev/null; then
    if [ "$(id -u)" = 0 ]; then
        apt-get install -y -q parallel >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q parallel >/dev/null; }
    else
        sudo apt-get install -y -q parallel >/dev/null || { sudo apt-get update -q >/dev/null && sudo apt-get install -y -q parallel >/dev/null; }
    fi
fi
cargo build --quiet -p grundy-cli
G="${CARGO_TARGET_DIR:-$PWD/target}/debug/grundy"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
value() { sed -n 's/.*"nim_value":\([0-9]*\).*/\1/p' <<<"$1"; }

echo "== Cram 5x6: frontier at depth 2, 4 shards through GNU parallel, merge"
"$G" frontier cram 5x6 --depth 2 --out "$W/56.frontier"
parallel --will-cite --halt now,fail=1 -j 4 \
    "$G" shard "$W/56.frontier" --shard {}/4 --save-table "$W/56-{}.tbl" --save-every 1 ::: 1 2 3 4
merged=$("$G" merge "$W/56.frontier" "$W"/56-{1,2,3,4}.tbl --json)
direct=$("$G" value cram 5x6 --no-moves --json)
echo "merged: $(value "$merged"), direct: $(value "$direct")"
[ -n "$(value "$merged")" ] && [ "$(value "$merged")" = "$(value "$direct")" ]

echo "== Cram 5x6 at depth 1: a shard killed after its first periodic save resumes when run again"
"$G" frontier cram 5x6 --depth 1 --out "$W/k.frontier"
"$G" shard "$W/k.frontier" --shard 1/2 --save-table "$W/k-1.tbl" --save-every 0.05 >/dev/null &
pid=$!
for _ in $(seq 6000); do [ -e "$W/k-1.tbl" ] && break; sleep 0.01; done
[ -e "$W/k-1.tbl" ]
kill "$pid" 2>/dev/null || { echo "the shard ended before it was killed"; exit 1; }
wait "$pid" || true
parallel --will-cite --halt now,fail=1 -j 2 \
    "$G" shard "$W/k.frontier" --shard {}/2 --save-table "$W/k-{}.tbl" --json '>' "$W/k-{}.json" ::: 1 2
loaded=$(sed -n 's/.*"loaded":\([0-9]*\).*/\1/p' "$W/k-1.json")
echo "shard 1/2 rerun: $loaded entries loaded from its killed run"
[ "$loaded" -gt 0 ]
merged=$("$G" merge "$W/k.frontier" "$W"/k-{1,2}.tbl --json)
direct=$("$G" value cram 5x6 --no-moves --json)
echo "merged: $(value "$merged"), direct: $(value "$direct")"
[ -n "$(value "$merged")" ] && [ "$(value "$merged")" = "$(value "$direct")" ]
echo "== a survey balanced by GNU parallel over a code list (docs/sweep.md): 0.dd in chunks of 8, against one process"
printf '0.%s\n' $(seq -w 0 77 | grep -v '[89]') > "$W/octal2.txt"
parallel --will-cite --pipe -N 8 -j 2 \
    "'$G' sweep 0.dd --codes - --to 2000 --max-seconds 20 --jsonl '$W/s-{%}.jsonl' >/dev/null 2>&1 || [ \$? -eq 3 ]" \
    < "$W/octal2.txt"
cat "$W"/s-*.jsonl > "$W/balanced.jsonl"
"$G" sweep-merge "$W"/s-*.jsonl > /dev/null 2>&1 || [ $? -eq 3 ]
"$G" sweep 0.dd --to 2000 --max-seconds 20 > "$W/one.jsonl" 2>/dev/null || [ $? -eq 3 ]
figures() { sed 's/"seconds":[0-9.e-]*,//' "$1" | sort; }
[ "$(wc -l < "$W/balanced.jsonl")" -eq 64 ]
diff <(figures "$W/balanced.jsonl") <(figures "$W/one.jsonl")
echo "64 codes, the same records as one process"
echo "== distributed search: OK"
