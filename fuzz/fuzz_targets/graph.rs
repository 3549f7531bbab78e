//! bytes → the graph-file reader `loopy::Graph::parse` (the one reader of `graph FILE` and `loopy-graph FILE`).
//! When a graph parses: `Dag::from_graph` (the `graph` game: values, or an error
//! naming a cycle), and for up to 2^16 nodes Smith's generalised values and the outcomes must return without
//! panicking, and a token on node 0 must be analysed. Inputs naming a number from 2^20 to the reader's limit of
//! 2*10^7 nodes are skipped: a one-line file `19999999 0` is a graph of 2*10^7 nodes, which takes over 10 s under
//! the sanitizer (about 4 s and 550 MB in the release binary) without being wrong; the command-line fuzzer runs
//! such files.
#![no_main]

use grundy::games::digraph::Dag;
use grundy::loopy::{generalised_values, outcomes, Graph, Solved};
use libfuzzer_sys::fuzz_target;

/// True if `data` has a run of decimal digits whose value is from 2^20 to 2*10^7.
fn names_a_large_graph(data: &[u8]) -> bool {
    let mut v: u64 = 0;
    let mut in_run = false;
    for &b in data.iter().chain(std::iter::once(&b' ')) {
        if b.is_ascii_digit() {
            v = v.saturating_mul(10).saturating_add(u64::from(b - b'0'));
            in_run = true;
        } else {
            if in_run && (1 << 20..=20_000_000).contains(&v) {
                return true;
            }
            v = 0;
            in_run = false;
        }
    }
    false
}

fuzz_target!(|data: &[u8]| {
    if names_a_large_graph(data) {
        return;
    }
    let text = String::from_utf8_lossy(data);
    let Ok(g) = Graph::parse(&text) else {
        return;
    };
    if let Ok(dag) = Dag::from_graph(&g) {
        assert_eq!(
            dag.len(),
            g.nodes(),
            "Dag::from_graph changed the node count"
        );
    }
    if g.nodes() <= 1 << 16 {
        let values = generalised_values(&g);
        let outs = outcomes(&g);
        assert_eq!(values.len(), g.nodes());
        assert_eq!(outs.len(), g.nodes());
        if g.nodes() > 0 {
            let s = Solved::new(g);
            let _ = s.analyse(&[0]);
            let _ = s.analyse(&[0, 0]);
        }
    }
});
