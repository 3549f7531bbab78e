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
//! **Cost.** `O(B · r)` edges for `r` the number of non-zero digits, then the `O((M + 2)(V + E))` of
//! [`super::graph::generalised_values`].

use super::graph::{Graph, Solved};
use crate::error::{Error, Result};
use crate::heap::Code;

/// The largest bound on heap sizes.
pub const MAX_BOUND: u64 = 20_000_000;

/// The heap graph of `code` on heaps `0..=bound` (node `n` is a heap of `n`; 0 is the empty heap).
pub fn heap_graph(code: &Code, bound: u64) -> Result<Graph> {
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
    let mut edges: Vec<(u32, u32)> = Vec::new();
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
        if edges.len() as u64 > 4_000_000_000 {
            return Err(Error::limit("the heap graph has more than 4·10^9 edges"));
        }
    }
    Graph::new(bound as usize + 1, &edges)
}

/// The solved heap graph of a loopy code on heaps `0..=bound`.
pub fn solve_code(code: &Code, bound: u64) -> Result<Solved> {
    Ok(Solved::new(heap_graph(code, bound)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::graph::Gsg;
    use crate::ruleset::Outcome;

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
