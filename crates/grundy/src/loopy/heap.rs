//! Heap games whose moves can add tokens: take-and-break codes with digits left of the point.
//!
//! In CGSuite's notation a code `d_{-k}…d_{-1}d0.d1d2…` lets a move *add* `j` tokens to a heap when `d_{-j}` allows
//! it (bit 1: the heap stays one heap, now `j` larger), and `d0` with bit 1 lets a move leave a heap as it is (a
//! pass). Positions then repeat, so the finite-game engines refuse such codes (CGSuite does too); here they are
//! tokens on a digraph whose nodes are heap sizes, solved by Smith's generalised Sprague–Grundy function
//! ([`super::graph`]), and a sum of heaps is a sum of tokens.
//!
//! **The bound.** Adding tokens makes the heap graph infinite, so the game is played on heaps `0..=B` for a bound
//! `B` the caller gives: *a move that would leave a heap larger than `B` is not allowed*. That is a rule of the
//! game being solved, and it is said with every answer; the values are exact for that game. Moves that leave two
//! or more heaps make a heap a sum, not a node of this graph: [`heap_graph`] refuses them, and
//! [`super::multiset`] plays such codes on multisets of heaps.
//!
//! **Cost.** `O(B · r)` edges for `r` the number of non-zero digits (`O(B²)` for a code with a repeating digit such
//! as `20.[3]`), then the `O((M + 2)(V + E))` of [`super::graph::generalised_values`]. The edges are counted in
//! `O(B)` before any is stored, and a graph whose estimate (16 bytes an edge, 40 a node) is over the memory budget
//! (`--max-memory`) is refused before it is allocated.

use super::graph::{Graph, Solved};
use crate::error::{Error, Result};
use crate::heap::Code;

/// The largest bound on heap sizes.
pub const MAX_BOUND: u64 = 20_000_000;

/// The bound on heap sizes of a loopy heap code when the caller gives none (`--max-heap` on the command line,
/// `max_heap` in Python and on the web): every front end reads it from here.
pub const DEFAULT_MAX_HEAP: u64 = 1000;

/// The heap graph of `code` on heaps `0..=bound` (node `n` is a heap of `n`; 0 is the empty heap), within the
/// default memory budget ([`crate::solver::DEFAULT_MAX_MEMORY`]).
pub fn heap_graph(code: &Code, bound: u64) -> Result<Graph> {
    heap_graph_within(code, bound, crate::solver::DEFAULT_MAX_MEMORY)
}

/// The number of edges of the heap graph of `code` on heaps `0..=bound` (one per move, as [`heap_graph`] lists
/// them), counted in `O(bound)` time without listing them: a heap of `n` has one move for each `j < n` removed whose
/// digit leaves one heap, one for `j = n` when that digit leaves none, a pass when `d0` allows it, and one for each
/// `j` added whose digit allows it and keeps the heap within the bound.
pub fn heap_graph_edges(code: &Code, bound: u64) -> u64 {
    let last = code.max_removed();
    let pass = code.digits()[0].allows(1) as u64;
    let adds: Vec<u64> = code
        .additive()
        .iter()
        .enumerate()
        .filter(|(_, d)| d.allows(1))
        .map(|(i, _)| i as u64 + 1)
        .collect();
    let mut edges: u64 = 0;
    // Removals j in 1..n whose digit leaves one heap, counted as n grows.
    let mut one_heap_below: u64 = 0;
    for n in 1..=bound {
        let in_range = |j: u64| last.is_none_or(|l| j <= l);
        if in_range(n) && code.digit(n).allows(0) {
            edges += 1;
        }
        edges += one_heap_below + pass;
        edges += adds.iter().filter(|&&j| n + j <= bound).count() as u64;
        if in_range(n) && code.digit(n).allows(1) {
            one_heap_below += 1;
        }
    }
    edges
}

/// Bytes the heap graph of `edges` moves on `nodes` heaps takes to build and solve: the edge list (8 bytes an edge)
/// while the compressed graph is made (4 bytes an edge each way), and about 40 bytes a node for the graph and the
/// values.
pub fn heap_graph_bytes(nodes: u64, edges: u64) -> u64 {
    edges
        .saturating_mul(16)
        .saturating_add(nodes.saturating_mul(40))
}

/// [`heap_graph`] within a memory budget of `max_memory` bytes: the edges are counted first
/// ([`heap_graph_edges`]) and a graph that would not fit is refused before anything is allocated.
pub fn heap_graph_within(code: &Code, bound: u64, max_memory: u64) -> Result<Graph> {
    if bound > MAX_BOUND {
        return Err(Error::limit(format!(
            "the heap bound {bound} is above the limit of {MAX_BOUND}"
        )));
    }
    if code.max_heaps() >= 2 {
        return Err(Error::unsupported(format!(
            "the loopy code {code} has moves that leave two or more heaps; its heaps are not nodes of one heap \
             graph (grundy::loopy::multiset plays it on multisets of heaps)"
        )));
    }
    let count = heap_graph_edges(code, bound);
    let limits = crate::solver::Limits {
        max_memory,
        ..Default::default()
    };
    limits.check_memory(
        heap_graph_bytes(bound + 1, count),
        &format!(
            "the heap graph of {code} on heaps 0..={bound} ({count} move{})",
            crate::error::plural(count)
        ),
    )?;
    if count >= u32::MAX as u64 {
        return Err(Error::limit(format!(
            "the heap graph of {code} on heaps 0..={bound} has {count} moves, more than the limit of {}",
            u32::MAX - 1
        ))
        .with_remedy(crate::error::Remedy::LowerMaxHeap));
    }
    let mut edges: Vec<(u32, u32)> = Vec::with_capacity(count as usize);
    let mut buf = Vec::new();
    for n in 1..=bound {
        // Moves that remove tokens (d1, d2, …) and d0 leaving nothing.
        code.for_each_option(n, &mut buf, |_, heaps| {
            let to = heaps.first().copied().unwrap_or(0);
            edges.push((n as u32, to as u32));
        });
        // d0 with bit 1: a move that changes nothing.
        if code.digits()[0].allows(1) {
            edges.push((n as u32, n as u32));
        }
        // d_{-j} with bit 1: add j tokens, if the heap stays within the bound.
        for (i, d) in code.additive().iter().enumerate() {
            let j = i as u64 + 1;
            if d.allows(1) && n + j <= bound {
                edges.push((n as u32, (n + j) as u32));
            }
        }
    }
    debug_assert_eq!(edges.len() as u64, count);
    Graph::new(bound as usize + 1, &edges)
}

/// The solved heap graph of a loopy code on heaps `0..=bound`.
pub fn solve_code(code: &Code, bound: u64) -> Result<Solved> {
    Ok(Solved::new(heap_graph(code, bound)?))
}

/// [`solve_code`] within a memory budget of `max_memory` bytes (see [`heap_graph_within`]).
pub fn solve_code_within(code: &Code, bound: u64, max_memory: u64) -> Result<Solved> {
    Ok(Solved::new(heap_graph_within(code, bound, max_memory)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Outcome;
    use crate::loopy::graph::Gsg;

    #[test]
    fn take_one_or_add_one() {
        // 20.3: take one token (d1 = 3: leave 0 or 1 heap) or add one (d_{-1} = 2: stay one heap), heaps 0..=5.
        // 0 is terminal (value 0); 1 moves to 0, so it is N, but every other follower of 1 (the heap 2) can only
        // come back to 1 by a reversal that needs 1 itself: Smith's counter condition makes 1 infinite, ∞({0}).
        // 2..=5 never reach 0, so they are ∞ with no finite follower except 2, which sees 1 (infinite): all draw.
        let code = Code::parse("20.3").unwrap();
        assert_eq!(code.additive().len(), 1);
        let s = solve_code(&code, 5).unwrap();
        assert_eq!(s.value(0), Gsg::Finite(0));
        assert_eq!(s.value(1), Gsg::Infinite([0].into_iter().collect()));
        assert_eq!(s.value(1).outcome(), Outcome::N);
        for n in 2..=5 {
            assert_eq!(s.value(n), Gsg::Infinite(Default::default()), "heap {n}");
            assert_eq!(s.value(n).outcome(), Outcome::D);
        }
        // 2.3: d0 = 2 is a pass (leave the heap as it is) beside taking one. Heap 1 still wins by taking it;
        // from 2 the only escape from passing forever is to move to 1, which loses: a draw.
        let s = solve_code(&Code::parse("2.3").unwrap(), 5).unwrap();
        assert_eq!(s.value(1).outcome(), Outcome::N);
        assert_eq!(s.value(2).outcome(), Outcome::D);
        assert!(matches!(
            heap_graph(&Code::parse("0.77").unwrap(), 10),
            Err(e) if e.kind() == crate::ErrorKind::Unsupported
        ));
    }
}

/// A take-and-break code whose moves can add tokens, as a [`crate::Game`]: positions are heaps, options as the code
/// gives them, unbounded. Only loopy analysis answers it ([`crate::analysis::loopy`], which plays it on heaps of at
/// most a bound); the finite-game searches refuse it at once ([`crate::Game::check_searchable`]), since its positions
/// repeat.
#[derive(Debug, Clone)]
pub struct LoopyCode {
    code: Code,
}

impl LoopyCode {
    /// The game of `code`.
    pub fn new(code: Code) -> Self {
        LoopyCode { code }
    }
}

impl crate::Game for LoopyCode {
    type Position = u64;
    fn name(&self) -> String {
        self.code.to_string()
    }
    fn options(&self, n: &u64, out: &mut crate::Options<u64>) -> crate::Result<()> {
        self.code
            .for_each_option(*n, &mut Vec::new(), |_, h| out.push(h.iter().copied()));
        Ok(())
    }
    fn check_searchable(&self, _n: &u64, _limits: &crate::Limits) -> Result<()> {
        Err(Error::loopy(format!(
            "{}: moves of this code can add tokens, so positions can repeat",
            self.code
        ))
        .with_remedy(crate::error::Remedy::Loopy))
    }
    fn heap(&self) -> Option<&dyn crate::game::HeapFacts> {
        Some(self)
    }
    fn notation(&self) -> Option<&dyn crate::game::Notation<Self::Position>> {
        Some(self)
    }
}

impl crate::game::Notation<u64> for LoopyCode {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<u64>>> {
        Some(self.read_words(words))
    }
    fn show(&self, n: &u64) -> String {
        n.to_string()
    }
    fn describe_move(&self, n: &u64, to: &[u64]) -> String {
        crate::heap::describe_heap_move(*n, to)
    }
}

impl LoopyCode {
    /// Reads the positions `words` write: the body of this game's [`crate::Notation::parse`].
    fn read_words(&self, words: &[String]) -> Result<Vec<u64>> {
        if words.is_empty() {
            return Err(Error::input("give at least one heap size"));
        }
        words
            .iter()
            .map(|w| crate::error::parse_u64(w, &format!("{}: heap size", self.code)))
            .collect()
    }
}

/// Heaps of a code whose positions can repeat: the code is stated, and the game is not short.
impl crate::game::HeapFacts for LoopyCode {
    fn short(&self) -> bool {
        false
    }
    fn code(&self) -> Option<&Code> {
        Some(&self.code)
    }
}
