//! bytes → the graph-file reader `loopy::Graph::parse` (the one reader of `graph FILE` and `loopy-graph FILE`).
//! When a graph parses: for graphs of up to 2^20 nodes `Dag::from_graph` (the `graph` game: values, or an error
//! naming a cycle), and for up to 2^16 nodes Smith's generalised values and the outcomes must return without
//! panicking, and a token on node 0 must be analysed. (Larger graphs, up to the reader's 2*10^7 nodes, are slow
//! under the sanitizer but not wrong: the command-line fuzzer runs them.)
#![no_main]

use grundy::games::digraph::Dag;
use grundy::loopy::{generalised_values, outcomes, Graph, Solved};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(g) = Graph::parse(&text) else {
        return;
    };
    if g.nodes() > 1 << 20 {
        return;
    }
    if let Ok(dag) = Dag::from_graph(&g) {
        assert_eq!(dag.len(), g.nodes(), "Dag::from_graph changed the node count");
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
