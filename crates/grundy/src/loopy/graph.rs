//! Smith's generalised Sprague–Grundy function of a directed graph with cycles, and the outcomes of sums of tokens.
//!
//! **The game.** Tokens sit on the nodes of a digraph; a move slides one token along an edge. A player who cannot
//! move loses (normal play). Cycles are allowed, so play may go on forever: that is a draw (outcome D).
//!
//! **What it computes.** Smith's generalised Sprague–Grundy function γ (C. A. B. Smith, "Graphs and composite
//! games", J. Combin. Theory 1 (1966); A. S. Fraenkel and Y. Yesha, "Theory of annihilation games — I", Discrete
//! Appl. Math. 1986, and "The generalized Sprague–Grundy function and its invariance under certain mappings", J.
//! Combin. Theory A 43 (1986); Siegel, *Combinatorial Game Theory*, IV.4). Each node gets either a finite value
//! `m` or `∞(K)`, where `K` is the set of finite values of its followers. `γ(u) = m` exactly when
//! 1. no follower of `u` has value `m`, and every `j < m` is the value of some follower;
//! 2. every follower `v` with `γ(v) > m` (or infinite) has a follower `w` with `γ(w) = m`;
//!
//! together with Smith's counter condition that these "reversals" cannot go on forever (it is what the retrograde
//! order below gives). The nodes that get no finite value are `∞(K)`.
//!
//! **Outcomes** (Smith's theorem for sums). Write `a ⊕ ∞(K) = ∞(K ⊕ a)` and `∞ ⊕ ∞ = ∞(∅)`. The value of a sum of
//! tokens is the nim-sum of the tokens' values; a sum is a P-position when its value is 0, an N-position when its
//! value is finite and non-zero or `∞(K)` with `0 ∈ K`, and a draw (D) when it is `∞(K)` with `0 ∉ K`. So one
//! infinite token `∞(K)` beside finite tokens of nim-sum `a` is an N-position exactly when `a ∈ K`, and two or more
//! infinite tokens always draw. A winning move moves to a P-position; a move that keeps a draw moves to a
//! D-position.
//!
//! **How** (no recursion). Stage `m = 0, 1, 2, …` works on the nodes not yet labelled (the *candidates*, which by
//! then have followers of every value `< m`) and the nodes already known to be infinite. It is a retrograde
//! analysis, as for the P-positions of a finite game: a candidate all of whose followers of value `≥ m` (or
//! infinite) are known to reach a node labelled `m` is labelled `m`; every predecessor of a node labelled `m` is
//! then known to reach `m`. A queue drives it; each node keeps a counter of its relevant followers not yet known to
//! reach `m`. At the end of the stage, a candidate that was not labelled and cannot reach `m` can never get a finite
//! value above `m` (clause 1 fails): it is infinite.
//!
//! **Cost.** Stage `m` touches the candidates and the in-edges of the nodes it labels or marks, so it costs
//! `O(V + E)` at worst; with `M` the largest finite value the whole run is `O((M + 2)(V + E))` time and
//! `O(V + E)` memory (forward and reverse adjacency in compressed arrays of `u32`). Random graphs of average
//! out-degree 5 have `M` around 5, so `10^6` nodes and `5·10^6` edges take a few passes over the edges. Outcomes
//! alone ([`outcomes`]) are one linear-time retrograde pass.

use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::nimber::Nimber;
use std::collections::BTreeSet;
use std::fmt;

/// The most nodes a graph may have (memory is about 30 bytes a node plus 8 an edge, so at most about 0.6 GB of
/// nodes).
pub const MAX_NODES: u64 = 20_000_000;

/// The largest graph file read, in bytes (256 MiB: about 2·10^7 edges written with 8-digit ids). A larger file,
/// or an endless one such as `/dev/zero`, is refused after reading this much, not read to its end.
pub const MAX_FILE_BYTES: u64 = 256 << 20;

/// A digraph in compressed form: followers and predecessors of each node.
#[derive(Debug, Clone)]
pub struct Graph {
    out_start: Vec<u32>,
    out: Vec<u32>,
    in_start: Vec<u32>,
    inn: Vec<u32>,
}

/// An edge-list file as read, before a graph is built from it (see [`Graph::parse`] for the format).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EdgeFile {
    /// The node count of a first line `nodes N`, if the file has one.
    pub declared: Option<u64>,
    /// The node count: the declared one, else the largest id plus one (at most [`MAX_NODES`]).
    pub nodes: u64,
    /// The edges `(x, y)` in the file's order, each id below `nodes`.
    pub edges: Vec<(u32, u32)>,
}

impl EdgeFile {
    /// Reads the edge-list file at `path` (at most [`MAX_FILE_BYTES`]) without building a graph, for readers with
    /// limits of their own (the undirected graphs of Node Kayles refuse more than 128 vertices before a graph of
    /// millions of nodes is made). Errors name the file.
    pub fn read_file(path: &str) -> Result<EdgeFile> {
        EdgeFile::read_file_within(path, MAX_NODES, "nodes")
    }

    /// [`EdgeFile::read_file`] for a reader that takes at most `max_nodes` nodes (at most [`MAX_NODES`]), called
    /// `noun` in its messages ("vertices").
    pub fn read_file_within(path: &str, max_nodes: u64, noun: &str) -> Result<EdgeFile> {
        use std::io::Read;
        let shown = crate::error::escape(path);
        let cannot =
            |e: std::io::Error| Error::input(format!("{shown}: cannot read the graph file: {e}"));
        let file = std::fs::File::open(path).map_err(cannot)?;
        let mut bytes = Vec::new();
        file.take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(Error::limit(format!(
                "{shown}: the graph file is larger than {} MiB, the largest read",
                MAX_FILE_BYTES >> 20
            )));
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            Error::input(format!("{shown}: the graph file is not UTF-8 text ({e})"))
        })?;
        EdgeFile::parse_within(
            crate::error::without_bom(&text),
            max_nodes.min(MAX_NODES),
            noun,
        )
        .map_err(|e| e.context(&shown))
    }

    /// A graph written inline as one word instead of a file: `edges:` and then, separated by commas, edges `X-Y`
    /// (an undirected graph) or `X>Y` (a directed one, from X to Y) and lone ids `X` (a node on no edge). The node
    /// count is the largest id plus one, and every id below it must be named (a node on no edge is listed alone:
    /// `edges:0-1,1-2,3`), so that a slip in the numbering is an error, not a phantom isolated node. `None` when the
    /// word does not start with `edges:` (it is then a file name). Python passes its edge lists and networkx graphs
    /// this way.
    pub fn inline(
        word: &str,
        directed: bool,
        max_nodes: u64,
        noun: &str,
    ) -> Option<Result<EdgeFile>> {
        let rest = word.strip_prefix("edges:")?;
        Some(EdgeFile::parse_inline(
            rest,
            directed,
            max_nodes.min(MAX_NODES),
            noun,
        ))
    }

    fn parse_inline(rest: &str, directed: bool, max_nodes: u64, noun: &str) -> Result<EdgeFile> {
        let (joint, other) = if directed { ('>', '-') } else { ('-', '>') };
        let id = |w: &str| -> Result<u32> {
            let w = w.trim();
            let v = crate::error::parse_bounded(w, "edges: an id", max_nodes.saturating_sub(1))?;
            Ok(v as u32)
        };
        if rest.trim().is_empty() {
            return Err(Error::input(format!(
                "edges: give at least one edge {} or one id after 'edges:'",
                if directed { "X>Y" } else { "X-Y" }
            )));
        }
        let mut edges = Vec::new();
        let mut named: Vec<u32> = Vec::new();
        for item in rest.split(',') {
            let item = item.trim();
            if item.is_empty() {
                return Err(Error::input(
                    "edges: give edges and lone ids separated by commas, with nothing empty between them",
                ));
            }
            if item.contains(other) {
                let kind = if directed {
                    "directed: write X>Y"
                } else {
                    "undirected: write X-Y"
                };
                return Err(Error::input(format!(
                    "edges: '{}': the graphs of this game are {kind}",
                    crate::error::escape(item)
                )));
            }
            match item.split_once(joint) {
                Some((x, y)) => {
                    let (x, y) = (id(x)?, id(y)?);
                    edges.push((x, y));
                    named.extend([x, y]);
                }
                None => named.push(id(item)?),
            }
        }
        let nodes = named.iter().max().map_or(0, |&m| m as u64 + 1);
        named.sort_unstable();
        named.dedup();
        if let Some(missing) = (0..nodes as u32).find(|&v| named.binary_search(&v).is_err()) {
            return Err(Error::input(format!(
                "edges: {missing} is on no edge and not listed (the {noun} run from 0 to {}): list one on no edge alone, as in edges:0-1,2",
                nodes - 1
            )));
        }
        Ok(EdgeFile {
            declared: Some(nodes),
            nodes,
            edges,
        })
    }

    /// [`EdgeFile::inline`] when `word` is an inline graph, else the file `word` read by
    /// [`EdgeFile::read_file_within`].
    pub fn read_word_within(
        word: &str,
        directed: bool,
        max_nodes: u64,
        noun: &str,
    ) -> Result<EdgeFile> {
        match EdgeFile::inline(word, directed, max_nodes, noun) {
            Some(r) => r,
            None => EdgeFile::read_file_within(word, max_nodes, noun),
        }
    }

    /// Parses the edge-list format of [`Graph::parse`]; errors name the line.
    pub fn parse(text: &str) -> Result<EdgeFile> {
        EdgeFile::parse_within(text, MAX_NODES, "nodes")
    }

    /// [`EdgeFile::parse`] for at most `max_nodes` nodes, called `noun` in the messages.
    fn parse_within(text: &str, max_nodes: u64, noun: &str) -> Result<EdgeFile> {
        let mut declared: Option<u64> = None;
        let mut edges = Vec::new();
        let mut max_id: Option<u32> = None;
        let mut seen_content = false;
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            let at = i + 1;
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut it = line.split_whitespace();
            let (w0, w1, extra) = (it.next(), it.next(), it.next().is_some());
            // The common case, an edge of two short decimal ids, without allocating.
            if let (Some(a), Some(b), false) = (w0, w1, extra) {
                if let (Some(x), Some(y)) = (fast_id(a), fast_id(b)) {
                    let limit = declared.unwrap_or(u64::MAX);
                    if (x as u64) < limit && (y as u64) < limit {
                        seen_content = true;
                        max_id = Some(max_id.unwrap_or(0).max(x).max(y));
                        edges.push((x, y));
                        continue;
                    }
                }
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            if words[0] == "nodes" {
                if seen_content {
                    return Err(Error::input(format!(
                        "line {at}: 'nodes N' may only be the first line"
                    )));
                }
                if words.len() != 2 {
                    return Err(Error::input(format!(
                        "line {at}: expected 'nodes N', found '{line}'"
                    )));
                }
                let n = crate::error::parse_bounded(
                    words[1],
                    &format!("line {at}: node count"),
                    max_nodes,
                )?;
                declared = Some(n);
                seen_content = true;
                continue;
            }
            seen_content = true;
            if words.len() != 2 {
                return Err(Error::input(format!(
                    "line {at}: expected an edge 'X Y' (two node ids), found '{line}'"
                )));
            }
            let id = |w: &str| -> Result<u32> {
                Ok(
                    crate::error::parse_bounded(w, &format!("line {at}: node id"), u32::MAX as u64)?
                        as u32,
                )
            };
            let (x, y) = (id(words[0])?, id(words[1])?);
            if let Some(n) = declared {
                for v in [x, y] {
                    if v as u64 >= n {
                        return Err(Error::input(format!(
                            "line {at}: node {v} is not below the declared node count {n}"
                        )));
                    }
                }
            }
            max_id = Some(max_id.unwrap_or(0).max(x).max(y));
            edges.push((x, y));
        }
        let nodes = match (declared, max_id) {
            (Some(n), _) => n,
            (None, Some(m)) => m as u64 + 1,
            (None, None) => {
                return Err(Error::input(
                    "the graph file is empty: give edges 'X Y' or a first line 'nodes N'",
                ))
            }
        };
        if nodes > max_nodes {
            return Err(Error::limit(format!(
                "the graph has {nodes} {noun}, more than the limit of {max_nodes}"
            )));
        }
        Ok(EdgeFile {
            declared,
            nodes,
            edges,
        })
    }
}

impl Graph {
    /// Reads and parses the edge-list file at `path` (see [`Graph::parse`]); errors name the file. At most
    /// [`MAX_FILE_BYTES`] are read.
    pub fn read_file(path: &str) -> Result<Graph> {
        let f = EdgeFile::read_file(path)?;
        Graph::new(f.nodes as usize, &f.edges).map_err(|e| e.context(crate::error::escape(path)))
    }

    /// The digraph a word names: written inline (`edges:0>1,1>2`, [`EdgeFile::inline`]) or the edge-list file of
    /// that name ([`Graph::read_file`]).
    pub fn read_word(word: &str) -> Result<Graph> {
        match EdgeFile::inline(word, true, MAX_NODES, "nodes") {
            Some(f) => {
                let f = f?;
                Graph::new(f.nodes as usize, &f.edges)
            }
            None => Graph::read_file(word),
        }
    }

    /// A graph on `nodes` nodes with the given edges (`x -> y`). Node ids must be `< nodes`.
    pub fn new(nodes: usize, edges: &[(u32, u32)]) -> Result<Graph> {
        if nodes as u64 > MAX_NODES {
            return Err(Error::limit(format!(
                "the graph has {nodes} nodes, more than the limit of {MAX_NODES}"
            )));
        }
        if edges.len() >= u32::MAX as usize {
            return Err(Error::limit(format!(
                "the graph has {} edges, more than the limit of {}",
                edges.len(),
                u32::MAX - 1
            )));
        }
        for &(x, y) in edges {
            let bad = if x as usize >= nodes { x } else { y };
            if x as usize >= nodes || y as usize >= nodes {
                return Err(Error::input(format!(
                    "edge {x} {y}: node {bad} is not below the node count {nodes}"
                )));
            }
        }
        let csr = |reverse: bool| {
            let key = |&(x, y): &(u32, u32)| if reverse { (y, x) } else { (x, y) };
            let mut start = vec![0u32; nodes + 1];
            for e in edges {
                start[key(e).0 as usize + 1] += 1;
            }
            for i in 0..nodes {
                start[i + 1] += start[i];
            }
            let mut fill = start.clone();
            let mut adj = vec![0u32; edges.len()];
            for e in edges {
                let (a, b) = key(e);
                adj[fill[a as usize] as usize] = b;
                fill[a as usize] += 1;
            }
            (start, adj)
        };
        let (out_start, out) = csr(false);
        let (in_start, inn) = csr(true);
        Ok(Graph {
            out_start,
            out,
            in_start,
            inn,
        })
    }

    /// Reads the edge-list format: lines `X Y` (an edge from node X to node Y, ids below 2^32), blank lines and
    /// lines starting with `#` ignored, and an optional first line `nodes N` fixing the node count (else the
    /// largest id plus one). This is the one graph-file reader: `loopy-graph` and the DAG game `graph`
    /// ([`crate::games::digraph::Dag::from_graph`]) both read their files with it.
    ///
    /// # Example
    ///
    /// A 2-cycle `0 ⇄ 1` is a draw from either node (each player can always move back); a path `2 → 3` gives a
    /// P-position at its end and an N-position before it.
    ///
    /// ```rust
    /// use grundy::loopy::graph::{outcomes, Graph};
    /// use grundy::Outcome;
    ///
    /// let g = Graph::parse("# a 2-cycle, then a path\n0 1\n1 0\n2 3\n")?;
    /// assert_eq!((g.nodes(), g.edges()), (4, 3));
    /// assert_eq!(outcomes(&g), [Outcome::D, Outcome::D, Outcome::N, Outcome::P]);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn parse(text: &str) -> Result<Graph> {
        let f = EdgeFile::parse(text)?;
        Graph::new(f.nodes as usize, &f.edges)
    }

    /// The number of nodes.
    pub fn nodes(&self) -> usize {
        self.out_start.len() - 1
    }
    /// The number of edges (moves from node to node), repeats included.
    pub fn edges(&self) -> usize {
        self.out.len()
    }
    /// The followers of `u` (the nodes one move away).
    pub fn followers(&self, u: u32) -> &[u32] {
        &self.out[self.out_start[u as usize] as usize..self.out_start[u as usize + 1] as usize]
    }
    /// The predecessors of `u`.
    pub fn predecessors(&self, u: u32) -> &[u32] {
        &self.inn[self.in_start[u as usize] as usize..self.in_start[u as usize + 1] as usize]
    }
    /// Checks that `u` is a node, naming it otherwise.
    pub fn check_node(&self, u: u64) -> Result<u32> {
        if u >= self.nodes() as u64 {
            return Err(Error::input(match self.nodes() {
                0 => format!("node {u} is not in the graph (it has no nodes)"),
                1 => format!("node {u} is not in the graph (its only node is 0)"),
                n => format!("node {u} is not in the graph (it has nodes 0..{})", n - 1),
            }));
        }
        Ok(u as u32)
    }
}

/// A node id of at most 9 decimal digits (so below 2^32), else `None` (the slow path then reports any error).
fn fast_id(w: &str) -> Option<u32> {
    let b = w.as_bytes();
    if b.is_empty() || b.len() > 9 || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(b.iter().fold(0u32, |a, &d| a * 10 + (d - b'0') as u32))
}

/// The value of [`generalised_values`] for a node that gets no finite value.
pub const INFINITE: u32 = u32::MAX;

/// Smith's generalised value of one position or of a sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Gsg {
    /// A finite value: the position behaves as a nim-heap of this size.
    Finite(Nimber),
    /// `∞(K)`: infinite, with `K` the finite values it can move to (after adding the finite part of a sum).
    Infinite(BTreeSet<Nimber>),
}

impl Gsg {
    /// The outcome of a position with this value.
    pub fn outcome(&self) -> Outcome {
        match self {
            Gsg::Finite(0) => Outcome::P,
            Gsg::Finite(_) => Outcome::N,
            Gsg::Infinite(k) if k.contains(&0) => Outcome::N,
            Gsg::Infinite(_) => Outcome::D,
        }
    }
    /// The nim-sum of two values, by Smith's rules: `a ⊕ ∞(K) = ∞(K ⊕ a)`, `∞ ⊕ ∞ = ∞(∅)`.
    pub fn add(&self, other: &Gsg) -> Gsg {
        match (self, other) {
            (Gsg::Finite(a), Gsg::Finite(b)) => Gsg::Finite(a ^ b),
            (Gsg::Finite(a), Gsg::Infinite(k)) | (Gsg::Infinite(k), Gsg::Finite(a)) => {
                Gsg::Infinite(k.iter().map(|x| x ^ a).collect())
            }
            _ => Gsg::Infinite(BTreeSet::new()),
        }
    }
}

impl fmt::Display for Gsg {
    /// `3`, or `inf(0,2)` for `∞(K)` with `K = {0, 2}` (`inf()` when `K` is empty).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gsg::Finite(v) => write!(f, "{v}"),
            Gsg::Infinite(k) => {
                let parts: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "inf({})", parts.join(","))
            }
        }
    }
}

/// The generalised Sprague–Grundy values of every node: a finite value, or [`INFINITE`].
///
/// Iterative, `O((M + 2)(V + E))` for largest finite value `M` (see the module documentation).
pub fn generalised_values(g: &Graph) -> Vec<u32> {
    const NONE: u32 = u32::MAX - 1;
    let n = g.nodes();
    let mut label = vec![NONE; n];
    // Followers not yet labelled with a finite value below the current stage.
    let mut unsettled: Vec<u32> = (0..n as u32).map(|u| g.followers(u).len() as u32).collect();
    let mut count = vec![0u32; n];
    // Stage in which a node was last seen to reach a node labelled with that stage's value (+1; 0 = never).
    let mut reach = vec![0u32; n];
    let mut candidates: Vec<u32> = (0..n as u32).collect();
    let mut queue: Vec<u32> = Vec::new();
    let mut m: u32 = 0;
    while !candidates.is_empty() {
        let stamp = m + 1;
        queue.clear();
        for &u in &candidates {
            count[u as usize] = unsettled[u as usize];
            if count[u as usize] == 0 {
                label[u as usize] = m;
                queue.push(u);
            }
        }
        // Retrograde: `queue` holds nodes newly labelled m (then their predecessors reach m), and nodes that newly
        // reach m (then their candidate predecessors lose one relevant follower not yet reaching m).
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            if label[v as usize] == m {
                for &u in g.predecessors(v) {
                    let ui = u as usize;
                    unsettled[ui] -= 1;
                    if reach[ui] != stamp && (label[ui] == NONE || label[ui] == INFINITE) {
                        reach[ui] = stamp;
                        queue.push(u);
                    }
                }
            } else {
                for &u in g.predecessors(v) {
                    let ui = u as usize;
                    if label[ui] == NONE && reach[ui] != stamp {
                        count[ui] -= 1;
                        if count[ui] == 0 {
                            label[ui] = m;
                            queue.push(u);
                        }
                    }
                }
            }
        }
        candidates.retain(|&u| {
            let ui = u as usize;
            if label[ui] != NONE {
                return false;
            }
            if reach[ui] != stamp {
                label[ui] = INFINITE;
                return false;
            }
            true
        });
        m += 1;
    }
    label
}

/// The outcomes (P, N or D) of single tokens, by one linear-time retrograde analysis: a node with no followers is
/// P, a node with a P follower is N, a node all of whose followers are N is P, and the rest draw.
pub fn outcomes(g: &Graph) -> Vec<Outcome> {
    let n = g.nodes();
    let mut out = vec![Outcome::D; n];
    let mut left: Vec<u32> = (0..n as u32).map(|u| g.followers(u).len() as u32).collect();
    let mut queue: Vec<u32> = (0..n as u32).filter(|&u| left[u as usize] == 0).collect();
    for &u in &queue {
        out[u as usize] = Outcome::P;
    }
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        let p = out[v as usize] == Outcome::P;
        for &u in g.predecessors(v) {
            let ui = u as usize;
            if out[ui] != Outcome::D {
                continue;
            }
            if p {
                out[ui] = Outcome::N;
                queue.push(u);
            } else {
                left[ui] -= 1;
                if left[ui] == 0 {
                    out[ui] = Outcome::P;
                    queue.push(u);
                }
            }
        }
    }
    out
}

/// A move of one token of a sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenMove {
    /// Index of the token in the sum.
    pub token: usize,
    /// The node the token leaves.
    pub from: u32,
    /// The node the token moves to (a follower of `from`).
    pub to: u32,
    /// The value of the sum after the move.
    pub value_after: Gsg,
}

/// The analysis of a sum of tokens on a graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopyAnalysis {
    /// The generalised value of each token.
    pub parts: Vec<Gsg>,
    /// The generalised value of the sum (Smith's rule over `parts`).
    pub value: Gsg,
    /// `P`, `N`, or `D` when perfect play goes on forever.
    pub outcome: Outcome,
    /// Every move to a P-position (non-empty exactly for an N-position).
    pub winning_moves: Vec<TokenMove>,
    /// Every move to a D-position (listed for a D-position: the moves that keep the draw).
    pub drawing_moves: Vec<TokenMove>,
}

/// Moves of one token, as (follower, value of the sum after).
type MovesFrom = Vec<(u32, Gsg)>;

/// A graph with its generalised values computed once, for many queries.
pub struct Solved {
    /// The graph.
    pub graph: Graph,
    /// The generalised value of each node: a finite nim-value, or [`INFINITE`] (see [`generalised_values`]).
    pub values: Vec<u32>,
}

impl Solved {
    /// Computes the generalised values of `graph` once (`O((M + 2)(V + E))`, see [`generalised_values`]).
    pub fn new(graph: Graph) -> Solved {
        let values = generalised_values(&graph);
        Solved { graph, values }
    }

    /// The generalised value of the token on `u`, with its set `K` when infinite.
    pub fn value(&self, u: u32) -> Gsg {
        match self.values[u as usize] {
            INFINITE => Gsg::Infinite(
                self.graph
                    .followers(u)
                    .iter()
                    .map(|&w| self.values[w as usize])
                    .filter(|&x| x != INFINITE)
                    .map(u64::from)
                    .collect(),
            ),
            v => Gsg::Finite(v as Nimber),
        }
    }

    /// The value of a sum of tokens (the empty sum is 0).
    pub fn sum_value(&self, tokens: &[u32]) -> Gsg {
        tokens
            .iter()
            .fold(Gsg::Finite(0), |acc, &u| acc.add(&self.value(u)))
    }

    /// Values, outcome, winning moves and draw-keeping moves of a sum of tokens.
    ///
    /// **Linear in the tokens.** By Smith's theorem (see the module documentation) the value of a sum depends only on
    /// the nim-sum `a` of its finite parts and on its infinite parts: none gives `a`, one `∞(K)` gives `∞(K ⊕ a)`, two
    /// or more give `∞(∅)`. So the sum of all tokens but one is read off three numbers kept for the whole sum — the
    /// nim-sum of the finite parts, the number of infinite parts and the first two of them — in constant time, and
    /// tokens on the same node (whose other tokens are the same multiset) share one list of moves. The time is
    /// `O(tokens + Σ over distinct token nodes u of Σ over followers w of u of deg(w))` plus the moves listed.
    pub fn analyse(&self, tokens: &[u32]) -> LoopyAnalysis {
        let mut cache: rustc_hash::FxHashMap<u32, Gsg> = rustc_hash::FxHashMap::default();
        let parts: Vec<Gsg> = tokens
            .iter()
            .map(|&u| cache.entry(u).or_insert_with(|| self.value(u)).clone())
            .collect();
        let mut finite: Nimber = 0;
        let mut infinite: Vec<usize> = Vec::new();
        for (i, p) in parts.iter().enumerate() {
            match p {
                Gsg::Finite(v) => finite ^= v,
                Gsg::Infinite(_) if infinite.len() < 2 => infinite.push(i),
                Gsg::Infinite(_) => {}
            }
        }
        let infinite_count = parts
            .iter()
            .filter(|p| matches!(p, Gsg::Infinite(_)))
            .count();
        let value = match infinite_count {
            0 => Gsg::Finite(finite),
            1 => parts[infinite[0]].add(&Gsg::Finite(finite)),
            _ => Gsg::Infinite(BTreeSet::new()),
        };
        let outcome = value.outcome();
        // The sum of every token but token i.
        let rest = |i: usize| -> Gsg {
            match &parts[i] {
                Gsg::Finite(v) => match infinite_count {
                    0 => Gsg::Finite(finite ^ v),
                    1 => parts[infinite[0]].add(&Gsg::Finite(finite ^ v)),
                    _ => Gsg::Infinite(BTreeSet::new()),
                },
                Gsg::Infinite(_) => match infinite_count {
                    1 => Gsg::Finite(finite),
                    2 => {
                        let other = if infinite[0] == i {
                            infinite[1]
                        } else {
                            infinite[0]
                        };
                        parts[other].add(&Gsg::Finite(finite))
                    }
                    _ => Gsg::Infinite(BTreeSet::new()),
                },
            }
        };
        let mut winning_moves = Vec::new();
        let mut drawing_moves = Vec::new();
        if outcome != Outcome::P {
            // The moves of the first token on each node, as (to, value after), reused by equal tokens.
            let mut done: rustc_hash::FxHashMap<u32, (MovesFrom, MovesFrom)> =
                rustc_hash::FxHashMap::default();
            for (i, &u) in tokens.iter().enumerate() {
                let (win, draw) = done.entry(u).or_insert_with(|| {
                    let rest = rest(i);
                    let (mut win, mut draw) = (Vec::new(), Vec::new());
                    let mut seen = rustc_hash::FxHashSet::default();
                    for &w in self.graph.followers(u) {
                        if !seen.insert(w) {
                            continue;
                        }
                        // ∞(∅) ⊕ x = ∞(∅) for every x: beside it every move leaves a draw, whatever w is.
                        let after = match &rest {
                            Gsg::Infinite(k) if k.is_empty() => Gsg::Infinite(BTreeSet::new()),
                            r => r.add(&self.value(w)),
                        };
                        match (outcome, after.outcome()) {
                            (Outcome::N, Outcome::P) => win.push((w, after)),
                            (Outcome::D, Outcome::D) => draw.push((w, after)),
                            _ => {}
                        }
                    }
                    (win, draw)
                });
                let mv = |(w, after): &(u32, Gsg)| TokenMove {
                    token: i,
                    from: u,
                    to: *w,
                    value_after: after.clone(),
                };
                winning_moves.extend(win.iter().map(mv));
                drawing_moves.extend(draw.iter().map(mv));
            }
        }
        LoopyAnalysis {
            parts,
            value,
            outcome,
            winning_moves,
            drawing_moves,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A graph written inline is the graph of the same edges in a file; the numbering and the direction are checked.
    #[test]
    fn an_inline_graph_is_the_files_graph_and_its_slips_are_errors() {
        let inline = |w: &str, directed| EdgeFile::inline(w, directed, MAX_NODES, "nodes").unwrap();
        let f = inline("edges:0>1, 1>0,1>2", true).unwrap();
        assert_eq!(
            (f.nodes, f.edges.clone()),
            (3, vec![(0, 1), (1, 0), (1, 2)])
        );
        let g = Graph::read_word("edges:0>1,1>0,1>2").unwrap();
        let h = Graph::parse("0 1\n1 0\n1 2\n").unwrap();
        assert_eq!(outcomes(&g), outcomes(&h));
        // A lone id is a node on no edge; an id named nowhere is a slip.
        assert_eq!(inline("edges:0-1,2", false).unwrap().nodes, 3);
        for (word, directed, says) in [
            ("edges:1-2", false, "0 is on no edge and not listed"),
            ("edges:0>1", false, "undirected: write X-Y"),
            ("edges:0-1", true, "directed: write X>Y"),
            ("edges:0-1,,1-2", false, "nothing empty"),
            ("edges:", false, "at least one edge X-Y"),
            ("edges:0-x", false, "an id"),
        ] {
            let e = inline(word, directed).unwrap_err().to_string();
            assert!(e.contains(says), "{word}: {e}");
        }
        assert!(EdgeFile::inline("g.txt", false, MAX_NODES, "nodes").is_none());
        let e = EdgeFile::inline("edges:0-200", false, 128, "vertices")
            .unwrap()
            .unwrap_err();
        assert!(e.to_string().contains("an id"), "{e}");
    }

    #[test]
    fn a_cycle_of_three_draws_and_a_tail_is_finite() {
        // 0 -> 1 -> 2 -> 0 is a cycle; 3 -> 4, 4 terminal; 2 -> 3.
        let g = Graph::parse("0 1\n1 2\n2 0\n2 3\n3 4\n").unwrap();
        let s = Solved::new(g);
        assert_eq!(s.value(4), Gsg::Finite(0));
        assert_eq!(s.value(3), Gsg::Finite(1));
        // 2 can move to 3 (value 1) and to 0; 1 can only move to 2; 0 only to 1: no node of the cycle is finite.
        assert_eq!(s.value(2), Gsg::Infinite([1].into_iter().collect()));
        assert_eq!(s.value(2).outcome(), Outcome::D);
        assert_eq!(s.value(0), Gsg::Infinite(BTreeSet::new()));
        // A token on 2 and one on 3: ∞({1}) ⊕ 1 = ∞({0}): N, by moving 2 -> 3.
        let a = s.analyse(&[2, 3]);
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves.len(), 1);
        assert_eq!((a.winning_moves[0].from, a.winning_moves[0].to), (2, 3));
        assert_eq!(outcomes(&s.graph)[2], Outcome::D);
    }

    #[test]
    fn reading_errors_name_the_line() {
        assert!(Graph::parse("").unwrap_err().message().contains("empty"));
        assert!(Graph::parse("0 1\n2")
            .unwrap_err()
            .message()
            .contains("line 2"));
        assert!(Graph::parse("0 x").unwrap_err().message().contains("'x'"));
        assert!(Graph::parse("0 4294967296")
            .unwrap_err()
            .message()
            .contains("too large"));
        assert!(Graph::parse("nodes 3\n0 3")
            .unwrap_err()
            .message()
            .contains("declared node count 3"));
        assert!(Graph::parse("0 1\nnodes 3")
            .unwrap_err()
            .message()
            .contains("first line"));
        assert_eq!(Graph::parse("nodes 5\n").unwrap().nodes(), 5);
        assert_eq!(Graph::parse("# c\n\n3 1\n").unwrap().nodes(), 4);
    }
}

/// Tokens on a digraph whose positions can repeat (the game `loopy-graph`), as a [`crate::Game`]: a position is a
/// node, its options the node's followers. Its words are `FILE NODE...`: the graph is read from the file (see
/// [`Graph::parse`]) when the first position is parsed, or given with [`LoopyGraph::new`].
#[derive(Debug, Default)]
pub struct LoopyGraph {
    graph: std::cell::OnceCell<std::rc::Rc<Graph>>,
}

impl LoopyGraph {
    /// Tokens on `graph`.
    pub fn new(graph: Graph) -> Self {
        let cell = std::cell::OnceCell::new();
        let _ = cell.set(std::rc::Rc::new(graph));
        LoopyGraph { graph: cell }
    }
    fn graph(&self) -> Option<&Graph> {
        self.graph.get().map(|g| &**g)
    }
}

impl crate::Game for LoopyGraph {
    type Position = u64;
    fn name(&self) -> String {
        "loopy-graph".into()
    }
    fn options(&self, u: &u64, out: &mut crate::Options<u64>) -> crate::Result<()> {
        if let Some(g) = self.graph() {
            for &w in g.followers(*u as u32) {
                out.push_one(u64::from(w));
            }
        }
        Ok(())
    }
    fn validate(&self, u: &u64) -> Result<()> {
        match self.graph() {
            Some(g) => g.check_node(*u).map(|_| ()),
            None => Err(Error::input("loopy-graph: no graph has been read")),
        }
    }
    fn notation(&self) -> Option<&dyn crate::game::Notation<Self::Position>> {
        Some(self)
    }
}

impl crate::game::Notation<u64> for LoopyGraph {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<u64>>> {
        Some(self.read_words(words))
    }
    fn position_syntax(&self) -> &'static str {
        "FILE NODE..."
    }
    fn show(&self, u: &u64) -> String {
        u.to_string()
    }
    fn describe_move(&self, u: &u64, to: &[u64]) -> String {
        match to {
            [w] => format!("move the token on node {u} to node {w}"),
            _ => format!("move the token on node {u}"),
        }
    }
}

impl LoopyGraph {
    /// Reads the positions `words` write: the body of this game's [`crate::Notation::parse`].
    fn read_words(&self, words: &[String]) -> Result<Vec<u64>> {
        let [file, nodes @ ..] = words else {
            return Err(Error::input(
                "'loopy-graph FILE NODE...' needs a graph file",
            ));
        };
        if nodes.is_empty() {
            return Err(Error::input("give at least one NODE to put a token on"));
        }
        let graph = Graph::read_word(file)?;
        let mut tokens = Vec::new();
        for w in nodes {
            let u = crate::error::parse_u64(w, "node")?;
            tokens.push(u64::from(graph.check_node(u)?));
        }
        self.graph.set(std::rc::Rc::new(graph)).map_err(|_| {
            Error::input("loopy-graph: this game has its graph already; look the game up again for another file")
        })?;
        Ok(tokens)
    }
}
