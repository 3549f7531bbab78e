//! Loopy impartial games: games whose positions can repeat, where perfect play may go on forever (a draw).
//!
//! - [`graph`]: tokens on a digraph with cycles — Smith's generalised Sprague–Grundy function (finite values and
//!   `∞(K)`), the outcomes P, N and D of single tokens (linear-time retrograde analysis) and of sums of tokens
//!   (Smith's theorem, infinite components included), every winning move and every move that keeps a draw.
//! - [`heap`]: heap games whose moves may add tokens (take-and-break codes with digits left of the point, which
//!   CGSuite refuses as loopy), played on a bounded range of heap sizes and solved through [`graph`].
//! - [`multiset`]: such codes whose moves split heaps: the game of one heap is the digraph of the multisets of heaps
//!   reachable from it, built explicitly under a budget of positions; a sum of heaps by Smith's theorem.

pub mod graph;
pub mod heap;
pub mod multiset;

pub use graph::{generalised_values, outcomes, Graph, Gsg, LoopyAnalysis, Solved, TokenMove};
