#!/usr/bin/env bash
# Loopy games: Smith's generalised Sprague–Grundy values of a random digraph with 10^6 nodes and 5*10^6 edges.
#
# Builds what it needs, generates the graphs from fixed seeds (crates/grundy/examples/loopy_bench.rs), and prints
# the rate (edges per second) of the generalised values, next to two baselines timed in the same run: the
# linear-time retrograde analysis of single-token outcomes (one pass over the edges), and a plain C++ version of the
# same stage-by-stage algorithm on the same graph (benches/cpp/loopy_gsg.cpp, g++ -O2; its checksum of the values
# must equal ours). Two graphs: uniformly random edges (mostly draws, small finite values), and mostly acyclic edges
# (1% point backwards; finite values up to 8, so more stages). Then the command end to end, reading an edge-list
# file of the second graph.
set -euo pipefail
cd "$(dirname "$0")/.."
N=1000000
E=5000000
cargo build --release -q -p grundy --example loopy_bench
cargo build --release -q -p grundy-cli
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
g++ -O2 -o "$tmp/loopy_gsg" benches/cpp/loopy_gsg.cpp


run() { # SEED BACK_PERMIL [FILE]
    ours=$(target/release/examples/loopy_bench $N $E "$@")
    ref=$("$tmp/loopy_gsg" $N $E "$1" "$2")
    echo "$ours"
    echo "$ref"
    a=$(echo "$ours" | grep -o 'checksum [0-9]*')
    b=$(echo "$ref" | grep -o 'checksum [0-9]*')
    [ "$a" = "$b" ] || { echo "MISMATCH: $a vs $b"; exit 1; }
    t_ours=$(echo "$ours" | grep 'generalised SG values:' | grep -o '[0-9.]* s' | head -1 | cut -d' ' -f1)
    t_ref=$(echo "$ref" | grep -o 'generalised SG values [0-9.]* s' | grep -o '[0-9.]*' | tail -1)
    echo "same values ($a); ratio grundy / C++ reference: $(echo "scale=2; $t_ours / $t_ref" | bc)"
}

echo "== uniformly random edges (seed 42)"
run 42 1000
echo
echo "== mostly acyclic edges, 1% backwards (seed 7), also written to a file"
run 7 10 "$tmp/g.txt"
echo
echo "== grundy value loopy-graph FILE 1 2 3 --json (read $(du -h "$tmp/g.txt" | cut -f1) of text, solve, answer)"
start=$(date +%s.%N)
target/release/grundy value loopy-graph "$tmp/g.txt" 1 2 3 --json | cut -c1-120
end=$(date +%s.%N)
echo "command total: $(echo "$end - $start" | bc) s for $E edges = $(echo "scale=1; $E / ($end - $start) / 1000000" | bc) M edges/s"
