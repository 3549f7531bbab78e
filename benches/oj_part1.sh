#!/usr/bin/env bash
# Times `grundy oj` against straightforward C++ references (benches/cpp, scanf/printf, the same closed forms) on the
# largest inputs the judges' limits allow, checks that both print the same answers, and prints time ratios
# (grundy / C++; goal <= 1.0) and cf2004e's peak memory. Usage: benches/oj_part1.sh   (about a minute and a half)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-oj-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

cargo build --release -q -p grundy-cli
grundy="$root/target/release/grundy"
for src in gen_oj_part1 hdu3032 cf2004e abc297g luogu_p6487; do
    g++ -O2 -o "$work/$src" "benches/cpp/$src.cpp"
done

now() { date +%s%N; }
# best of $1 runs of "$2 < $3 > $4"; prints milliseconds
best_ms() {
    local runs=$1 cmd=$2 in=$3 out=$4 best=""
    for _ in $(seq "$runs"); do
        local t0 t1
        t0=$(now); $cmd < "$in" > "$out"; t1=$(now)
        local ms=$(( (t1 - t0) / 1000000 ))
        if [[ -z "$best" || $ms -lt $best ]]; then best=$ms; fi
    done
    echo "$best"
}

printf '%-12s %10s %10s %8s  %s\n' problem grundy_ms cpp_ms ratio input
for id in hdu3032 cf2004e abc297g luogu-p6487; do
    "$work/gen_oj_part1" "$id" > "$work/$id.in"
    runs=5
    [[ $id == hdu3032 ]] && runs=1
    cpp="$work/${id//-/_}"
    r=$(best_ms $runs "$grundy oj $id" "$work/$id.in" "$work/$id.rust.out")
    c=$(best_ms $runs "$cpp" "$work/$id.in" "$work/$id.cpp.out")
    cmp -s "$work/$id.rust.out" "$work/$id.cpp.out" || { echo "$id: grundy and the C++ reference disagree" >&2; exit 1; }
    ratio=$(awk -v r="$r" -v c="$c" 'BEGIN { printf "%.2f", (c > 0 ? r / c : 0) }')
    size=$(du -h "$work/$id.in" | cut -f1)
    if [[ $id == hdu3032 ]]; then
        mem=$(/usr/bin/time -f '%M' "$grundy" oj hdu3032 < "$work/$id.in" 2>&1 >/dev/null | tail -1)
        echo "hdu3032 peak memory (max RSS) of grundy on the $size input: $(( mem / 1024 )) MB (the input is streamed)"
    fi
    printf '%-12s %10s %10s %8s  %s, %s answer lines\n' "$id" "$r" "$c" "$ratio" "$size" "$(wc -l < "$work/$id.cpp.out")"
    rm -f "$work/$id.in"
done

"$work/gen_oj_part1" cf2004e > "$work/cf.in"
rss() { /usr/bin/time -f '%M' "$@" < "$work/cf.in" 2>&1 >/dev/null | tail -1; }
echo "cf2004e peak memory (max RSS): grundy $(( $(rss "$grundy" oj cf2004e) / 1024 )) MB, C++ reference $(( $(rss "$work/cf2004e") / 1024 )) MB"
