#!/usr/bin/env bash
# Node Kayles and Arc Kayles (issue 17): the solver's search by tests (`solver::by_tests`, the default for these
# games) beside the plain memoised search (every option valued; the baseline), in the same process, on grid graphs
# and cycles. Prints the best of 3 times of each (the value alone, then the value and every winning move), the
# ratios plain/tests, the positions each expanded for the value (a search by tests may expand a position once for
# each value it tests), the two values and the numbers of winning moves; values and moves must be identical (the
# run fails otherwise); then the search by tests on two threads (value alone, both cores) and its ratio to the one-
# thread search by tests. Total run: about three minutes on the project machine.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cargo build --release -q -p grundy --example graph_search_bench
B=$ROOT/target/release/examples/graph_search_bench
# Both cores: the last columns are the search by tests on two threads (value alone) and the ratio tests/tests-2.
PIN2=""
if [ -n "$PIN" ]; then PIN2="taskset -c 0,1"; fi
echo "                       value alone:               with every winning move:  expanded:         two threads:"
echo "game         position  plain(s) tests(s)  ratio plain(s) tests(s)  ratio    plain    tests tests-2(s) ratio  values, moves"
$PIN2 "$B" node-kayles grid:5x5 grid:6x6 grid:5x7 grid:6x7 cycle:40 || differ
$PIN2 "$B" arc-kayles grid:4x5 grid:5x5 grid:4x7 cycle:40 || differ
