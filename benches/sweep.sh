#!/usr/bin/env bash
# The survey of every octal code 0.d1d2d3 by `grundy sweep`, on one process and on two (`--shard K/2` under
# `xargs -P 2`), with a time budget of SECS seconds per code (default 1): prints the wall time of each, the ratio,
# the summary against the published periods of tests/data/octal-periods.txt, and fails (exit 1) when a code
# certified in both runs has different records (the checksum) or a published figure disagrees.
# Usage: benches/sweep.sh [SECS] [FAMILY]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p grundy-cli
G=$PWD/target/release/grundy
SECS=${1:-1}
FAMILY=${2:-0.ddd}
PUB=$PWD/tests/data/octal-periods.txt
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
export GRUNDY_PROGRESS=0
t0=$(date +%s.%N)
# Exit status 3: the survey is done, with codes left open by their budgets.
"$G" sweep "$FAMILY" --max-seconds "$SECS" --jsonl "$dir/one.jsonl" --published "$PUB" >"$dir/one.txt" || [ $? -eq 3 ]
t1=$(date +%s.%N)
printf '1\n2\n' | xargs -P 2 -I K sh -c '"$0" sweep "$1" --max-seconds "$2" --shard K/2 --jsonl "$3/two-K.jsonl" >/dev/null || [ $? -eq 3 ]' \
  "$G" "$FAMILY" "$SECS" "$dir"
t2=$(date +%s.%N)
"$G" sweep-merge "$dir/two-1.jsonl" "$dir/two-2.jsonl" --published "$PUB" >"$dir/merged.txt"
one=$(echo "$t1 - $t0" | bc -l)
two=$(echo "$t2 - $t1" | bc -l)
# The checksum: every record certified in both runs, without its seconds (certified records are theorems and the
# steps are fixed, so they must be identical); a code certified in one run only finished near its time budget.
compare() {
  python3 - "$@" <<'PY'
import json, sys, hashlib
def load(files):
    out = {}
    for f in files:
        for line in open(f):
            r = json.loads(line); r.pop("seconds", None); out[r["code"]] = r
    return out
one, two = load([sys.argv[1]]), load(sys.argv[2:])
both = sorted(c for c in one if one[c]["certified"] and two.get(c, {}).get("certified"))
h1 = hashlib.sha256(json.dumps([one[c] for c in both], sort_keys=True).encode()).hexdigest()[:16]
h2 = hashlib.sha256(json.dumps([two[c] for c in both], sort_keys=True).encode()).hexdigest()[:16]
only = sorted(c for c in one if one[c]["certified"] != two.get(c, {}).get("certified"))
print(h1, h2, len(both), len(only), " ".join(only[:12]))
PY
}
read -r c1 c2 nboth nonly which < <(compare "$dir/one.jsonl" "$dir/two-1.jsonl" "$dir/two-2.jsonl")
echo "family $FAMILY, $SECS s per code"
printf 'one process:   %8.1f s   checksum %s\n' "$one" "$c1"
printf 'two processes: %8.1f s   checksum %s   (one/two = %.2f)\n' "$two" "$c2" "$(echo "$one / $two" | bc -l)"
echo "certified in both runs: $nboth; certified in one run only (near the time budget): $nonly ${which:-}"
echo "merged shards: $(tail -n +1 "$dir/merged.txt" | grep -c '^0\.') codes in the table"
cat "$dir/one.txt"
echo "longest certified preperiod + period:"
grep '"certified":true' "$dir/one.jsonl" | sed 's/.*"code":"\([^"]*\)".*"period":\([0-9]*\),"preperiod":\([0-9]*\).*/\1 \3 \2/' |
  awk '{print $1, $2, $3, $2 + $3}' | sort -k4,4nr | head -10 | awk '{printf "  %-8s preperiod %9s  period %8s\n", $1, $2, $3}'
status=0
[[ $c1 == "$c2" ]] || { echo "FAIL: a code certified in both runs has different records"; status=1; }
grep -q ' 0 disagree' "$dir/one.txt" || { echo "FAIL: a published figure disagrees"; status=1; }
exit $status
