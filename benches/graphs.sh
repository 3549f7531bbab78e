#!/usr/bin/env bash
# Node Kayles and Arc Kayles (issue 17): the solver's search by tests (`solver::by_tests`, the default for these
# games) beside the plain memoised search (every option valued; the baseline), in the same process, on grid graphs
# and cycles. Prints the best of 3 times of each (the value alone, then the value and every winning move), the
# ratios plain/tests, the positions each expanded for the value (a search by tests may expand a position once for
# each value it tests), the two values and the numbers of winning moves; values and moves must be identical (the
# run fails otherwise). Total run: about three minutes on the project machine.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cargo build --release -q -p grundy --example graph_search_bench
B=$ROOT/target/release/examples/graph_search_bench
echo "                       value alone:               with every winning move:  expanded:"
echo "game         position  plain(s) tests(s)  ratio plain(s) tests(s)  ratio    plain    tests  values, moves"
$PIN "$B" node-kayles grid:5x5 grid:6x6 grid:5x7 grid:6x7 cycle:40 || differ
$PIN "$B" arc-kayles grid:4x5 grid:5x5 grid:4x7 cycle:40 || differ
