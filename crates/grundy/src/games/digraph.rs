//! Tokens on a directed acyclic graph (LOJ 10243): tokens sit on nodes (several may share a node); a move slides
//! one token along an edge. A player who cannot move loses.
//!
//! **Nim-values.** Each token is a game of its own, so a position is the nim-sum of `G(v)` over the tokens' nodes,
//! with `G(v) = mex{ G(w) : v → w }` (Sprague–Grundy). [`Dag::new`] orders the nodes by Kahn's algorithm (repeatedly
//! remove a node with no incoming edge left; Kahn 1962) and evaluates them in reverse order, so every successor is
//! valued first: `O(N + M)` time, no recursion. The mex of `d` values is at most `d`, so a stamp array of `N + 1`
//! entries gives each node's mex in `O(out-degree)`.
//!
//! **Cycles.** When Kahn's algorithm stops early, every remaining node has a remaining predecessor; walking
//! predecessors from any remaining node must repeat a node, and the edge that closes the repeat lies on a cycle.
//! The error names it.
//!
//! **File format** (`grundy value graph FILE NODE...`): whitespace-separated integers; first `N M` (nodes are
//! `1..=N`), then `M` edges `X Y`, each meaning an edge from `X` to `Y`. Lines starting with `#` are comments.
//! Example: `3 2` / `1 2` / `2 3` is the path 1 → 2 → 3.

use crate::error::{Error, Result};
use crate::games::listed::Listed;
use crate::games::Family;
use crate::nimber::Nimber;
use crate::sum::{Component, Move};

/// A directed acyclic graph with the nim-value of every node.
#[derive(Debug, Clone)]
pub struct Dag {
    start: Vec<u32>,
    succ: Vec<u32>,
    values: Vec<u32>,
}

impl Dag {
    /// Builds the graph on nodes `1..=n` from edges `(x, y)` (1-based) and values every node; an edge out of range
    /// or a cycle is an error.
    pub fn new(n: usize, edges: &[(u32, u32)]) -> Result<Dag> {
        let mut start = vec![0u32; n + 2];
        let mut indeg = vec![0u32; n + 1];
        for &(x, y) in edges {
            for v in [x, y] {
                if v == 0 || v as usize > n {
                    return Err(Error::input(format!(
                        "edge {x} -> {y}: nodes are numbered 1 to {n}"
                    )));
                }
            }
            start[x as usize + 1] += 1;
            indeg[y as usize] += 1;
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let mut fill = start.clone();
        let mut succ = vec![0u32; edges.len()];
        for &(x, y) in edges {
            succ[fill[x as usize] as usize] = y;
            fill[x as usize] += 1;
        }
        // Kahn's algorithm.
        let mut order: Vec<u32> = (1..=n as u32).filter(|&v| indeg[v as usize] == 0).collect();
        let mut head = 0;
        while head < order.len() {
            let v = order[head] as usize;
            head += 1;
            for &w in &succ[start[v] as usize..start[v + 1] as usize] {
                indeg[w as usize] -= 1;
                if indeg[w as usize] == 0 {
                    order.push(w);
                }
            }
        }
        if order.len() < n {
            let (x, y) = cycle_edge(n, edges, &indeg);
            return Err(Error::input(format!(
                "the graph has a cycle through the edge {x} -> {y}; tokens on a graph need an acyclic graph"
            )));
        }
        let mut values = vec![0u32; n + 1];
        let mut stamp = vec![u32::MAX; n + 2];
        for &v in order.iter().rev() {
            let v = v as usize;
            let out = &succ[start[v] as usize..start[v + 1] as usize];
            for &w in out {
                let g = values[w as usize] as usize;
                if g <= out.len() {
                    stamp[g] = v as u32;
                }
            }
            let mut m = 0;
            while stamp[m] == v as u32 {
                m += 1;
            }
            values[v] = m as u32;
        }
        Ok(Dag {
            start,
            succ,
            values,
        })
    }

    /// Parses the file format of the module docs and values the graph.
    pub fn parse(text: &str) -> Result<Dag> {
        let mut words = text
            .lines()
            .filter(|l| !l.trim_start().starts_with('#'))
            .flat_map(str::split_whitespace);
        let mut next = |what: &str, max: u64| -> Result<u64> {
            let w = words
                .next()
                .ok_or_else(|| Error::input(format!("graph: truncated: expected {what}")))?;
            crate::error::parse_bounded(w, &format!("graph: {what}"), max)
        };
        let n = next("the number of nodes N", 10_000_000)? as usize;
        let m = next("the number of edges M", 100_000_000)? as usize;
        let mut edges = Vec::with_capacity(m.min(1 << 20));
        for _ in 0..m {
            let x = next("an edge's first node", n as u64)? as u32;
            let y = next("an edge's second node", n as u64)? as u32;
            edges.push((x, y));
        }
        if let Some(w) = words.next() {
            return Err(Error::input(format!(
                "graph: unexpected '{w}' after the {m} edges"
            )));
        }
        Dag::new(n, &edges)
    }

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.values.len() - 1
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// `G(v)` for a node `1..=N`.
    pub fn value(&self, v: usize) -> Nimber {
        self.values[v] as Nimber
    }
    /// The successors of `v`.
    pub fn successors(&self, v: usize) -> &[u32] {
        &self.succ[self.start[v] as usize..self.start[v + 1] as usize]
    }
}

/// An edge on a cycle, among the nodes Kahn's algorithm left (`indeg > 0`).
fn cycle_edge(n: usize, edges: &[(u32, u32)], indeg: &[u32]) -> (u32, u32) {
    let mut pred = vec![0u32; n + 1];
    for &(x, y) in edges {
        if indeg[x as usize] > 0 && indeg[y as usize] > 0 {
            pred[y as usize] = x;
        }
    }
    let mut seen = vec![false; n + 1];
    let mut v = (1..=n).find(|&v| indeg[v] > 0).expect("a node is left") as u32;
    loop {
        seen[v as usize] = true;
        let u = pred[v as usize];
        if seen[u as usize] {
            return (u, v);
        }
        v = u;
    }
}

/// The catalog family `graph`: `grundy value graph FILE NODE...` (one token per NODE).
pub struct Graph;

/// Tokens on a DAG as a [`crate::Ruleset`] (a position is a token's node), for the exact misère search.
#[derive(Debug, Clone)]
pub struct DagRules(pub std::rc::Rc<Dag>);

impl crate::Ruleset for DagRules {
    type Position = u32;
    fn name(&self) -> String {
        "graph".into()
    }
    fn options(&self, &v: &u32, out: &mut crate::Options<u32>) {
        for &w in self.0.successors(v as usize) {
            out.push_one(w);
        }
    }
    fn show(&self, v: &u32) -> String {
        v.to_string()
    }
    fn describe_move(&self, v: &u32, to: &[u32]) -> String {
        match to {
            [w] => format!("move the token from node {v} to node {w}"),
            _ => format!("move to {}", self.show_sum(to)),
        }
    }
}

/// Reads the graph file and the tokens' nodes of `graph FILE NODE...`.
fn read_graph(args: &[String]) -> Result<(String, Dag, Vec<usize>)> {
    let Some((file, nodes)) = args.split_first().filter(|(_, n)| !n.is_empty()) else {
        return Err(Error::input(
            "graph: give an edge-list FILE and the tokens' nodes, e.g. graph g.txt 1 4",
        ));
    };
    let text = std::fs::read_to_string(file)
        .map_err(|e| Error::input(format!("graph: cannot read '{file}': {e}")))?;
    let dag = Dag::parse(&text).map_err(|e| e.context(file))?;
    let mut tokens = Vec::new();
    for a in nodes {
        let v = crate::error::parse_u64(a, "graph: a token's node")? as usize;
        if v == 0 || v > dag.len() {
            return Err(Error::input(format!(
                "graph: node {v} is not in the graph (nodes 1 to {})",
                dag.len()
            )));
        }
        tokens.push(v);
    }
    Ok((file.clone(), dag, tokens))
}

impl Family for Graph {
    fn name(&self) -> String {
        "graph".into()
    }
    #[allow(clippy::type_complexity)]
    fn misere_parts(
        &self,
        args: &[String],
    ) -> Option<Result<(Box<dyn crate::misere::search::MisereGame>, Vec<u64>)>> {
        Some(read_graph(args).map(|(_, dag, tokens)| {
            let tokens: Vec<u32> = tokens.into_iter().map(|v| v as u32).collect();
            crate::games::ruleset_misere_parts(DagRules(std::rc::Rc::new(dag)), &tokens)
        }))
    }
    fn position_syntax(&self) -> &'static str {
        "FILE NODE..."
    }
    fn components(&self, args: &[String]) -> Result<Vec<Box<dyn Component>>> {
        let (file, dag, tokens) = read_graph(args)?;
        let dag = std::rc::Rc::new(dag);
        let mut out: Vec<Box<dyn Component>> = Vec::new();
        for v in tokens {
            let d = dag.clone();
            let moves = Box::new(move |target: Nimber| -> Result<Vec<Move>> {
                Ok(d.successors(v)
                    .iter()
                    .filter(|&&w| d.value(w as usize) == target)
                    .map(|&w| Move {
                        description: format!("move the token from node {v} to node {w}"),
                        result: w.to_string(),
                        value_after: target,
                    })
                    .collect())
            });
            out.push(Box::new(Listed::new(
                format!("graph {file}"),
                v.to_string(),
                dag.value(v),
                moves,
            )));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{Options, Ruleset};
    use crate::solver::Solver;
    use proptest::prelude::*;

    struct Tokens(Vec<Vec<u32>>);
    impl Ruleset for Tokens {
        type Position = u32;
        fn name(&self) -> String {
            "graph".into()
        }
        fn options(&self, v: &u32, out: &mut Options<u32>) {
            for &w in &self.0[*v as usize] {
                out.push_one(w);
            }
        }
    }

    proptest! {
        #[test]
        fn values_match_the_solver(n in 1usize..30, raw in proptest::collection::vec((1u32..30, 1u32..30), 0..80)) {
            // Edges from a higher to a lower node: acyclic.
            let edges: Vec<(u32, u32)> = raw.into_iter()
                .map(|(a, b)| ((a - 1) % n as u32 + 1, (b - 1) % n as u32 + 1))
                .filter(|(a, b)| a != b)
                .map(|(a, b)| (a.max(b), a.min(b)))
                .collect();
            let dag = Dag::new(n, &edges).unwrap();
            let mut adj = vec![vec![]; n + 1];
            for &(x, y) in &edges { adj[x as usize].push(y); }
            let mut s = Solver::new(Tokens(adj));
            for v in 1..=n {
                prop_assert_eq!(dag.value(v), s.nim_value(&(v as u32)).unwrap());
            }
        }
    }

    #[test]
    fn cycles_and_bad_files_are_errors() {
        let e = Dag::parse("4 4\n1 2\n2 3\n3 2\n3 4\n").unwrap_err();
        let m = e.message().to_string();
        assert!(m.contains("2 -> 3") || m.contains("3 -> 2"), "{m}");
        assert!(Dag::parse("3 2\n1 2\n")
            .unwrap_err()
            .message()
            .contains("truncated"));
        assert!(Dag::parse("3 1\n1 4\n")
            .unwrap_err()
            .message()
            .contains("largest allowed is 3"));
        assert!(Dag::parse("3 1\n1 x\n")
            .unwrap_err()
            .message()
            .contains("'x'"));
        assert!(Dag::parse("").unwrap_err().message().contains("truncated"));
        assert!(Dag::parse("1 1\n1 1\n")
            .unwrap_err()
            .message()
            .contains("1 -> 1"));
        let d = Dag::parse("# a path\n3 2\n1 2\n2 3\n").unwrap();
        assert_eq!((d.value(1), d.value(2), d.value(3)), (0, 1, 0));
    }
}
