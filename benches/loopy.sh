#!/usr/bin/env bash
# Loopy games: Smith's generalised Sprague–Grundy values of a random digraph with 10^6 nodes and 5*10^6 edges.
#
# Builds what it needs, generates the graphs from fixed seeds (crates/grundy/examples/loopy_bench.rs), and prints
# the rate (edges per second) of the generalised values next to the linear-time retrograde analysis of single-token
# outcomes (the baseline: one pass over the edges), with their ratio. Two graphs: uniformly random edges (mostly
# draws, small finite values) and mostly acyclic edges (1% point backwards; finite values up to 8, so more stages).
# Then the command end to end on the second graph, reading the edge-list file.
set -euo pipefail
cd "$(dirname "$0")/.."
N=1000000
E=5000000
cargo build --release -q -p grundy --example loopy_bench
cargo build --release -q -p grundy-cli
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== uniformly random edges (seed 42)"
target/release/examples/loopy_bench $N $E 42 1000
echo
echo "== mostly acyclic edges, 1% backwards (seed 7), also written to a file"
target/release/examples/loopy_bench $N $E 7 10 "$tmp/g.txt"
echo
echo "== grundy value loopy-graph FILE 1 2 3 --json (read $(du -h "$tmp/g.txt" | cut -f1) of text, solve, answer)"
start=$(date +%s.%N)
target/release/grundy value loopy-graph "$tmp/g.txt" 1 2 3 --json | cut -c1-160
end=$(date +%s.%N)
echo "command total: $(echo "$end - $start" | bc) s for $E edges = $(echo "scale=1; $E / ($end - $start) / 1000000" | bc) M edges/s"
