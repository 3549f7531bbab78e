#!/usr/bin/env bash
# Times `grundy oj` against straightforward C++ references (benches/cpp, scanf/printf, the same closed forms) on the
# largest inputs the judges' limits allow, checks that both print the same answers, and prints time ratios
# (grundy / C++; goal <= 1.0) and cf2004e's peak memory. Usage: benches/oj_heap_problems.sh   (about a minute and a half)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
work=$WORK
grundy=$G
for src in gen_oj_heap_problems hdu3032 cf2004e abc297g luogu_p6487; do
    build_cpp "$src"
done

# best of $1 runs of "CMD... < $2 > $3"; prints milliseconds
best_ms() { echo $(( $(best_ns "$@") / 1000000 )); }

printf '%-12s %10s %10s %8s  %s\n' problem grundy_ms cpp_ms ratio input
for id in hdu3032 cf2004e abc297g luogu-p6487; do
    "$work/gen_oj_heap_problems" "$id" > "$work/$id.in"
    runs=5
    [[ $id == hdu3032 ]] && runs=1
    cpp="$work/${id//-/_}"
    r=$(best_ms $runs "$work/$id.in" "$work/$id.rust.out" "$grundy" oj "$id")
    c=$(best_ms $runs "$work/$id.in" "$work/$id.cpp.out" "$cpp")
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

"$work/gen_oj_heap_problems" cf2004e > "$work/cf.in"
rss() { /usr/bin/time -f '%M' "$@" < "$work/cf.in" 2>&1 >/dev/null | tail -1; }
echo "cf2004e peak memory (max RSS): grundy $(( $(rss "$grundy" oj cf2004e) / 1024 )) MB, C++ reference $(( $(rss "$work/cf2004e") / 1024 )) MB"
