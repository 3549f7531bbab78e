#!/usr/bin/env bash
# $PIN (empty, or "taskset -c 0") is split into words on purpose, as in benches/script.sh:
# shellcheck disable=SC2086
# Issue 46, "Measure and check": classic judge games asked at the judge's full limit through a rules script
# (docs/rules.md), against the catalog game where one exists, a plain Python memo and a C++ brute force written as
# contestants write them (benches/judge/: the scripts *.rhai, the memos *.py, the brute forces *.cpp, g++ -O2):
#   s134      the subtraction game S(1, 3, 4), G(10^18), and 10^5 heaps in one sum (--positions): below 10^18
#             and below 10^6                                           examples/rules/s134.rhai, subtraction:1,3,4
#   divisor   move n to a proper divisor, G(735134400) (n <= 10^9; 1344 divisors, the most of any n <= 10^9)
#   halving   take one, or halve an even heap, G(10^6)
#   kayles    Kayles, G(10^18), G(10^5), 10^5 heaps in one sum (below 10^18, below 10^6) and G(0..=3000)
#                                                                      examples/rules/kayles.rhai, kayles
#   cutting   the cutting game (POJ 2311), the 200 x 200 table         examples/rules/cutting.rhai, cutting
#   circle    A Funny Game (POJ 2484): one or two adjacent coins off a circle of n <= 10^6 (a pair game: circle, row)
#   fibnim    Fibonacci Nim (HDU 2516), n < 2^31: take at most twice what the opponent just took (history as a
#             pair (n, limit)), asked with --outcome (the question is who wins: a win-loss search, as the
#             memo and the brute force make)                           fibonacci-nim
# Every case is asked at its full limit, then again at a common size that every program reaches. A program that
# cannot reach the full limit is not run there: the table says why ("not feasible: 10^18 states"); a tool command
# that fails prints its error in the table (tool commands run with --max-seconds 60; a failed one is not repeated).
# Prints the best of RUNS runs (default 5) of each, in wall and in CPU time (user + system) in milliseconds, and the
# ratios Python / script and C++ / script (in CPU time; the goal: every one answered at full limit, Python / script
# at least 10). The answers (nim-values; Fibonacci Nim's outcomes; the Kayles sequence and the cutting table by
# their md5; the nim-sum of many heaps) are compared, and the script fails (exit 1) when two differ.
# Usage: benches/judge.sh   (about two minutes with RUNS=3)
set -euo pipefail
# shellcheck source=benches/lib.sh
source "$(dirname "$0")/lib.sh"
RUNS=${RUNS:-5}
J=benches/judge
for prog in sub134 sub134_many divisors halving kayles cutting circle fibnim; do
    g++ -O2 -o "$WORK/$prog" "$J/$prog.cpp"
done

# measure RUNS CMD...: runs CMD (stdout to $WORK/out, stderr to $WORK/err) RUNS times; sets WALL and CPU to the
# least wall time and the least CPU time (user + system) of a run, in milliseconds. When CMD fails, returns 1 at
# once with ERR set to its first line on stderr.
measure() {
    local runs=$1 r u s ms cpu TIMEFORMAT='%3R %3U %3S'
    shift
    WALL="" CPU="" ERR=""
    for _ in $(seq "$runs"); do
        if ! { time "$@" > "$WORK/out" 2> "$WORK/err"; } 2> "$WORK/time"; then
            ERR=$(grep -m 1 -v '^note:' "$WORK/err" || true)
            return 1
        fi
        read -r r u s < <(tail -n 1 "$WORK/time")
        ms=$((10#${r/./}))
        cpu=$((10#${u/./} + 10#${s/./}))
        if [[ -z "$WALL" || $ms -lt $WALL ]]; then WALL=$ms; fi
        if [[ -z "$CPU" || $cpu -lt $CPU ]]; then CPU=$cpu; fi
    done
}
# The answer in $WORK/out, by kind: a `grundy value` nim-value, its outcome (P or N), the nim-sum of a `grundy
# value` of many heaps, a program's first line, a
# program's last line, a program's 1/0 (first player wins) as an outcome, the md5 of the whole output, or of a CSV
# table as "a b value".
answer() {
    case $1 in
        value) grep -m 1 -o ': nim-value [0-9]*$' "$WORK/out" | grep -o '[0-9]*$' || echo '?' ;;
        outcome) sed -n 's/^outcome: \([PN]\).*/\1/p' "$WORK/out" | head -n 1 ;;
        nimsum) grep -m 1 -o "parts' values: [0-9]*$" "$WORK/out" | grep -o '[0-9]*$' || echo '?' ;;
        line) head -n 1 "$WORK/out" ;;
        last) tail -n 1 "$WORK/out" ;;
        win) if [[ $(head -n 1 "$WORK/out") == 1 ]]; then echo N; else echo P; fi ;;
        md5) md5sum < "$WORK/out" | cut -c 1-12 ;;
        csv) tail -n +2 "$WORK/out" | tr ',' ' ' | md5sum | cut -c 1-12 ;;
    esac
}
# ratio of two millisecond counts (a count of 0 is taken as 1 ms, the resolution).
r() { ratio "$1" "$(( $2 > 0 ? $2 : 1 ))" 2; }

ROWS=()
# cell KIND RUNS CMD...: measures CMD; sets CELL (the table's cell: "wall (cpu)", or the error), ANS and T (CPU ms;
# empty when CMD failed). A first word "-" followed by a reason skips CMD: CELL is the reason.
cell() {
    local kind=$1 runs=$2
    shift 2
    ANS="" T=""
    if [[ $1 == - ]]; then
        CELL=$2
        return
    fi
    if measure "$runs" "$@"; then
        CELL="$WALL ($CPU)" T=$CPU ANS=$(answer "$kind")
    else
        CELL="FAILED: ${ERR:-exit status != 0}"
    fi
}
# row NAME QUESTION KIND SCRIPT-CMD | CATALOG-CMD | PYTHON-CMD | CPP-CMD (each "-" REASON, or a command). The
# kinds of answer of the catalog, and of Python and C++: CKIND, PKIND (default KIND).
row() {
    local name=$1 question=$2 kind=$3 runs=$RUNS i=0 sc st sa cc ca pc pt pa xc xt xa args=() parts=() answers a rp rx
    shift 3
    # split the rest at the "|" words
    parts=("" "" "" "")
    for w in "$@"; do
        if [[ $w == "|" ]]; then i=$((i + 1)); else parts[i]+="${parts[i]:+$'\x1f'}$w"; fi
    done
    IFS=$'\x1f' read -r -a args <<< "${parts[0]}"
    cell "$kind" "$runs" "${args[@]}"; sc=$CELL st=$T sa=$ANS
    IFS=$'\x1f' read -r -a args <<< "${parts[1]}"
    cell "${CKIND:-$kind}" "$runs" "${args[@]}"; cc=$CELL ca=$ANS
    IFS=$'\x1f' read -r -a args <<< "${parts[2]}"
    cell "${PKIND:-$kind}" "$RUNS" "${args[@]}"; pc=$CELL pt=$T pa=$ANS
    IFS=$'\x1f' read -r -a args <<< "${parts[3]}"
    cell "${PKIND:-$kind}" "$RUNS" "${args[@]}"; xc=$CELL xt=$T xa=$ANS
    answers=""
    for a in "$sa" "$ca" "$pa" "$xa"; do
        if [[ -n $a ]]; then
            if [[ -n $answers && $a != "${answers%% *}" ]]; then
                echo "DIFFERENT answers for $name $question: script '$sa' catalog '$ca' python '$pa' c++ '$xa'" >&2
                differ
            fi
            answers="$a $answers"
        fi
    done
    rp="" rx=""
    if [[ -n $st && -n $pt ]]; then rp="$(r "$pt" "$st")x"; fi
    if [[ -n $st && -n $xt ]]; then rx="$(r "$xt" "$st")x"; fi
    ROWS+=("| $name | $question | $sc | $cc | $pc | $xc | ${rp:--} | ${rx:--} | ${sa:-${ca:-${pa:-$xa}}} |")
    echo "${ROWS[-1]}"
}

E18=1000000000000000000
S=(--max-seconds 60 --no-moves)
echo "best of $RUNS runs; milliseconds: wall (CPU); ratios in CPU time"
echo "load: $(uptime)"
echo "| case | question | script | catalog | Python | C++ | Python/script | C++/script | answer |"
echo "|---|---|---|---|---|---|---|---|---|"

row s134 "G(10^18)" value \
    $PIN "$G" value --rules examples/rules/s134.rhai "$E18" "${S[@]}" \| \
    $PIN "$G" value subtraction:1,3,4 "$E18" "${S[@]}" \| \
    - "not feasible: 10^18 states" \| - "not feasible: 10^18 states"
PKIND=line row s134 "G(10^6), common" value \
    $PIN "$G" value --rules examples/rules/s134.rhai 1000000 "${S[@]}" \| \
    $PIN "$G" value subtraction:1,3,4 1000000 "${S[@]}" \| \
    $PIN python3 "$J/sub134.py" 1000000 \| $PIN "$WORK/sub134" 1000000

# a judge's T = 10^5 heaps in one sum (--positions), seeded random heaps below 10^18 and below 10^6; the nim-sum
heaps() { python3 -c "import random; random.seed(46); print(*(random.randrange(1, $1) for _ in range(100000)))"; }
heaps '10**18' > "$WORK/heaps18"
heaps '10**6' > "$WORK/heaps6"
row s134 "10^5 heaps < 10^18, nim-sum" nimsum \
    $PIN "$G" value --rules examples/rules/s134.rhai --positions "$WORK/heaps18" "${S[@]}" \| \
    $PIN "$G" value subtraction:1,3,4 --positions "$WORK/heaps18" "${S[@]}" \| \
    - "not feasible: 10^18 states" \| - "not feasible: 10^18 states"
PKIND=line row s134 "10^5 heaps < 10^6, nim-sum, common" nimsum \
    $PIN "$G" value --rules examples/rules/s134.rhai --positions "$WORK/heaps6" "${S[@]}" \| \
    $PIN "$G" value subtraction:1,3,4 --positions "$WORK/heaps6" "${S[@]}" \| \
    $PIN python3 "$J/sub134_many.py" "$WORK/heaps6" \| $PIN "$WORK/sub134_many" "$WORK/heaps6"

PKIND=line row divisor "G(735134400), n <= 10^9" value \
    $PIN "$G" value --rules "$J/divisors.rhai" 735134400 "${S[@]}" \| - "no catalog game" \| \
    $PIN python3 "$J/divisors.py" 735134400 \| $PIN "$WORK/divisors" 735134400

PKIND=line row halving "G(10^6)" value \
    $PIN "$G" value --rules "$J/halving.rhai" 1000000 "${S[@]}" \| - "no catalog game" \| \
    $PIN python3 "$J/halving.py" 1000000 \| $PIN "$WORK/halving" 1000000
PKIND=line row halving "G(200000), common" value \
    $PIN "$G" value --rules "$J/halving.rhai" 200000 "${S[@]}" \| - "no catalog game" \| \
    $PIN python3 "$J/halving.py" 200000 \| $PIN "$WORK/halving" 200000

row kayles "G(10^18)" value \
    $PIN "$G" value --rules examples/rules/kayles.rhai "$E18" "${S[@]}" \| \
    $PIN "$G" value kayles "$E18" "${S[@]}" \| \
    - "not feasible: 10^18 rows, O(n^2)" \| - "not feasible: 10^18 rows, O(n^2)"
PKIND=last row kayles "G(10^5)" value \
    $PIN "$G" value --rules examples/rules/kayles.rhai 100000 "${S[@]}" \| \
    $PIN "$G" value kayles 100000 "${S[@]}" \| \
    - "not run: O(n^2), est. 13 min" \| $PIN "$WORK/kayles" 100000
row kayles "10^5 heaps < 10^18, nim-sum" nimsum \
    $PIN "$G" value --rules examples/rules/kayles.rhai --positions "$WORK/heaps18" "${S[@]}" \| \
    $PIN "$G" value kayles --positions "$WORK/heaps18" "${S[@]}" \| \
    - "not feasible: 10^18 rows, O(n^2)" \| - "not feasible: 10^18 rows, O(n^2)"
row kayles "10^5 heaps < 10^6, nim-sum" nimsum \
    $PIN "$G" value --rules examples/rules/kayles.rhai --positions "$WORK/heaps6" "${S[@]}" \| \
    $PIN "$G" value kayles --positions "$WORK/heaps6" "${S[@]}" \| \
    - "not run: O(n^2), est. 20 h" \| - "not run: O(n^2) = 2.5e11, est. 5 min"
row kayles "G(0..=3000), table" md5 \
    $PIN "$G" seq --max-seconds none --rules examples/rules/kayles.rhai --to 3000 \| \
    $PIN "$G" seq --max-seconds none kayles --to 3000 \| \
    $PIN python3 "$J/kayles.py" 3000 \| $PIN "$WORK/kayles" 3000

# the table compared as "w h G" lines, 2 <= w, h <= 200 (the programs print it so; grundy's CSV, "a,b,value" and
# a header, is rewritten to it before its md5, outside the time)
PKIND=md5 row cutting "200 x 200 table" csv \
    $PIN "$G" table --max-seconds none --rules examples/rules/cutting.rhai --rows 2..200 --cols 2..200 --csv \| \
    $PIN "$G" table --max-seconds none cutting --rows 2..200 --cols 2..200 --csv \| \
    $PIN python3 "$J/cutting.py" 200 \| $PIN "$WORK/cutting" 200

row circle "G(circle of 10^6)" value \
    $PIN "$G" value --rules "$J/circle.rhai" 0 1000000 "${S[@]}" \| - "no catalog game" \| \
    - "not feasible: Kayles to 10^6, O(n^2)" \| - "not feasible: Kayles to 10^6, O(n^2) = 2.5e11"
PKIND=line row circle "G(circle of 2000), common" value \
    $PIN "$G" value --rules "$J/circle.rhai" 0 2000 "${S[@]}" \| - "no catalog game" \| \
    $PIN python3 "$J/circle.py" 2000 \| $PIN "$WORK/circle" 2000

CKIND=outcome row fibnim "outcome of 2^31 - 1 (limit 2^31 - 2)" outcome \
    $PIN "$G" value --rules "$J/fibnim.rhai" 2147483647 2147483646 --outcome "${S[@]}" \| \
    $PIN "$G" value fibonacci-nim 2147483647 2147483646 --outcome "${S[@]}" \| \
    - "not feasible: 2^62 states" \| - "not feasible: 2^62 states"
CKIND=outcome row fibnim "outcome of 1836311903 = F(46) (limit F(46) - 1)" outcome \
    $PIN "$G" value --rules "$J/fibnim.rhai" 1836311903 1836311902 --outcome "${S[@]}" \| \
    $PIN "$G" value fibonacci-nim 1836311903 1836311902 --outcome "${S[@]}" \| \
    - "not feasible: 2^60 states" \| - "not feasible: 2^60 states"
PKIND=win row fibnim "outcome of 300 (limit 299), common" outcome \
    $PIN "$G" value --rules "$J/fibnim.rhai" 300 299 --outcome "${S[@]}" \| \
    $PIN "$G" value fibonacci-nim 300 299 --outcome "${S[@]}" \| \
    $PIN python3 "$J/fibnim.py" 300 \| $PIN "$WORK/fibnim" 300
echo "load: $(uptime)"
if [[ -z $BAD ]]; then echo "answers agree wherever two programs answered"; fi
