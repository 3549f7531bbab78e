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
//! **File format** (`grundy value graph FILE NODE...`): the edge-list file of the loopy games, read by the one
//! reader [`crate::loopy::graph::Graph::parse`]: lines `X Y` (an edge from node X to node Y; node ids are
//! non-negative integers, used as written), blank lines and lines starting with `#` ignored, and an optional first
//! line `nodes N` fixing the node count (nodes `0..N`; else the largest id plus one). Example: `0 1` / `1 2` is the
//! path 0 → 1 → 2; the same graph written inline instead of a file is `edges:0>1,1>2`
//! ([`crate::loopy::graph::EdgeFile::inline`]). `graph` values the file as a DAG and reports a cycle as an error naming one of its edges;
//! `loopy-graph` (or `graph … --loopy`) allows cycles. The older form with an `N M` header and 1-based nodes is no
//! longer read: it cannot be told apart from an edge list reliably (its header is itself a valid edge), so such a
//! file is read as edges, like any other (the judge adapter `grundy oj loj10243` keeps the judge's own format).

use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::ClosedForm;
use crate::game::{Game, Notation, Options};
use crate::nimber::Nimber;
use std::cell::OnceCell;
use std::rc::Rc;

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
        Self::build(n, edges, 0)
    }

    /// Values the graph read by [`crate::loopy::graph::Graph::parse`] (nodes `0..N`): its node `u` is node `u + 1`
    /// here, and a cycle is reported with the ids as written in the file.
    pub fn from_graph(g: &crate::loopy::graph::Graph) -> Result<Dag> {
        let mut edges = Vec::with_capacity(g.edges());
        for u in 0..g.nodes() as u32 {
            edges.extend(g.followers(u).iter().map(|&w| (u + 1, w + 1)));
        }
        Self::build(g.nodes(), &edges, 1)
    }

    /// [`Dag::new`], naming node `v` as `v − shift` in messages.
    fn build(n: usize, edges: &[(u32, u32)], shift: u32) -> Result<Dag> {
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
            let (x, y) = (x - shift, y - shift);
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

    /// The number of nodes.
    pub fn len(&self) -> usize {
        self.values.len() - 1
    }
    /// Whether the graph has no nodes.
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

/// Tokens on a directed acyclic graph as a [`Game`]: the rules (a token slides along an edge), the text syntax
/// (`FILE NODE...`: the edge-list file, then one token's node per word) and the closed form, stated once.
///
/// A position is one token's node, numbered as the file writes it (`0..N`; the [`Dag`]'s node `v + 1`). The game
/// holds its graph: [`Notation::parse`] reads it from the file named by its first word (the first call fills the game;
/// a later call must name the same file, whose graph the game keeps), and [`GraphGame::new`] makes the game of a
/// graph built by the caller (its [`Dag::new`] node `v + 1` is position `v`). Until a graph is held, no node is a
/// position ([`Game::validate`] says so) and there are no options. [`ClosedForm::nim_value`] is the DAG's value of the
/// node, for every node.
///
/// The name is `graph FILE` once a file is read (as `grundy value` names the part), else `graph`.
#[derive(Debug, Clone, Default)]
pub struct GraphGame {
    dag: OnceCell<Rc<Dag>>,
    file: OnceCell<String>,
}

impl GraphGame {
    /// The game of `dag`, its positions the nodes `0..dag.len()` (position `v` is the DAG's node `v + 1`).
    pub fn new(dag: Rc<Dag>) -> Self {
        GraphGame {
            dag: OnceCell::from(dag),
            file: OnceCell::new(),
        }
    }
    /// A game that holds no graph yet: [`Notation::parse`] reads one from a file.
    pub fn empty() -> Self {
        Self::default()
    }
    /// The graph the game holds, if any.
    pub fn dag(&self) -> Option<&Rc<Dag>> {
        self.dag.get()
    }
    /// The file the graph was read from, if it was read by [`Notation::parse`].
    pub fn file(&self) -> Option<&str> {
        self.file.get().map(String::as_str)
    }
}

impl Game for GraphGame {
    type Position = u32;
    fn name(&self) -> String {
        match self.file.get() {
            Some(f) => format!("graph {f}"),
            None => "graph".into(),
        }
    }
    fn options(&self, &v: &u32, out: &mut Options<u32>) -> crate::Result<()> {
        let Some(dag) = self.dag.get() else {
            return Ok(());
        };
        // Positions are the file's ids; the DAG numbers node `v` as `v + 1`.
        if (v as usize) < dag.len() {
            for &w in dag.successors(v as usize + 1) {
                out.push_one(w - 1);
            }
        }
        Ok(())
    }
    fn validate(&self, &v: &u32) -> Result<()> {
        let Some(dag) = self.dag.get() else {
            return Err(Error::input(
                "graph: the game holds no graph yet (read one: graph FILE NODE...)",
            ));
        };
        if (v as usize) >= dag.len() {
            return Err(Error::input(match dag.len() {
                0 => format!("graph: node {v} is not in the graph (it has no nodes)"),
                1 => format!("graph: node {v} is not in the graph (its only node is 0)"),
                n => format!(
                    "graph: node {v} is not in the graph (it has nodes 0..{})",
                    n - 1
                ),
            }));
        }
        Ok(())
    }

    fn closed_form(&self) -> Option<&dyn ClosedForm<Self::Position>> {
        Some(self)
    }
    fn notation(&self) -> Option<&dyn Notation<Self::Position>> {
        Some(self)
    }
}

impl Notation<u32> for GraphGame {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<u32>>> {
        Some(self.read_words(words))
    }
    fn position_syntax(&self) -> &'static str {
        "FILE NODE..."
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

impl GraphGame {
    /// Reads the positions `words` write: the body of this game's [`Notation::parse`].
    fn read_words(&self, words: &[String]) -> Result<Vec<u32>> {
        let (file, dag, tokens) = read_graph(words)?;
        if self.dag.get().is_some() {
            return match self.file.get() {
                Some(held) if *held == file => Ok(tokens),
                Some(held) => Err(Error::input(format!(
                    "graph: this game holds the graph of {held}; make another game for {file}"
                ))),
                None => Err(Error::input(format!(
                    "graph: this game holds a graph made by GraphGame::new; make another game for {file}"
                ))),
            };
        }
        let _ = self.dag.set(Rc::new(dag));
        let _ = self.file.set(file);
        Ok(tokens)
    }
}

impl ClosedForm<u32> for GraphGame {
    fn nim_value(&self, &v: &u32, _cx: &Context) -> Option<Nimber> {
        let dag = self.dag.get()?;
        ((v as usize) < dag.len()).then(|| dag.value(v as usize + 1))
    }
}

/// Reads the graph file and the tokens' nodes of `graph FILE NODE...`: the DAG, and each token's node as written
/// (the DAG's node `u + 1`).
fn read_graph(args: &[String]) -> Result<(String, Dag, Vec<u32>)> {
    let Some((file, nodes)) = args.split_first().filter(|(_, n)| !n.is_empty()) else {
        return Err(Error::input(
            "graph: give an edge-list FILE and the tokens' nodes, e.g. graph g.txt 0 4",
        ));
    };
    let graph = crate::loopy::graph::Graph::read_word(file).map_err(|e| e.context("graph"))?;
    let mut tokens = Vec::new();
    for a in nodes {
        let u = crate::error::parse_u64(a, "graph: a token's node")?;
        tokens.push(graph.check_node(u).map_err(|e| e.context("graph"))?);
    }
    let dag = Dag::from_graph(&graph).map_err(|e| e.context(file))?;
    Ok((file.clone(), dag, tokens))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Options};
    use crate::solver::Solver;
    use proptest::prelude::*;

    struct Tokens(Vec<Vec<u32>>);
    impl Game for Tokens {
        type Position = u32;
        fn name(&self) -> String {
            "graph".into()
        }
        fn options(&self, v: &u32, out: &mut Options<u32>) -> crate::Result<()> {
            for &w in &self.0[*v as usize] {
                out.push_one(w);
            }
            Ok(())
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
        let read = |t: &str| crate::loopy::graph::Graph::parse(t).and_then(|g| Dag::from_graph(&g));
        // The cycle 1 -> 2 -> 1, named with the ids as written (0-based, as in the file).
        let e = read("nodes 4\n0 1\n1 2\n2 1\n2 3\n").unwrap_err();
        let m = e.message().to_string();
        assert!(m.contains("1 -> 2") || m.contains("2 -> 1"), "{m}");
        assert!(read("0 0\n").unwrap_err().message().contains("0 -> 0"));
        assert!(read("0 x\n").unwrap_err().message().contains("'x'"));
        assert!(read("").unwrap_err().message().contains("empty"));
        assert!(read("nodes 3\n0 3\n")
            .unwrap_err()
            .message()
            .contains("declared node count 3"));
        // The path 0 -> 1 -> 2: values 0, 1, 0 (the file's node u is the DAG's u + 1); node 3 of `nodes 4` is isolated.
        let d = read("# a path\nnodes 4\n0 1\n1 2\n").unwrap();
        assert_eq!(
            (d.value(1), d.value(2), d.value(3), d.value(4)),
            (0, 1, 0, 0)
        );
        assert_eq!(d.len(), 4);
        // LOJ 10243's own 1-based form still goes through Dag::new, with its messages.
        assert!(Dag::new(3, &[(1, 4)])
            .unwrap_err()
            .message()
            .contains("numbered 1 to 3"));
        let e = Dag::new(3, &[(1, 2), (2, 3), (3, 2)]).unwrap_err();
        assert!(e.message().contains("2 -> 3") || e.message().contains("3 -> 2"));
    }
}
