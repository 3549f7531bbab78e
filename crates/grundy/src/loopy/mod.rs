//! Loopy impartial games: games whose positions can repeat, where perfect play may go on forever (a draw).
//!
//! - [`graph`]: tokens on a digraph with cycles — Smith's generalised Sprague–Grundy function (finite values and
//!   `∞(K)`), the outcomes P, N and D of single tokens (linear-time retrograde analysis) and of sums of tokens
//!   (Smith's theorem, infinite components included), every winning move and every move that keeps a draw.
//! - [`heap`]: heap games whose moves may add tokens (take-and-break codes with digits left of the point, which
//!   CGSuite refuses as loopy), played on a bounded range of heap sizes and solved through [`graph`].

pub mod graph;
pub mod heap;

pub use graph::{generalised_values, outcomes, Graph, Gsg, LoopyAnalysis, Solved, TokenMove};
