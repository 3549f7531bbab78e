//! # grundy
//!
//! Exact nim-values, outcomes and winning moves of impartial combinatorial games.
//!
//! Two players alternate and both have the same moves; under normal play the player who cannot move loses. By the
//! Sprague–Grundy theorem every position has a nim-value, a position is a P-position (the previous player wins)
//! exactly when its nim-value is 0, and a sum of independent games has the nim-sum (XOR) of the parts' values.
//!
//! The crate is layered by concept:
//! - [`nimber`]: nim-sum, mex, and the field of nimbers (nim-multiplication);
//! - [`ruleset`] and [`solver`]: any finite impartial game as a type, and its memoised, stack-safe solver;
//! - [`sum`]: sums of positions of different games, and the winning moves of a sum;
//! - [`heap`]: heap games — take-and-break codes, subtraction sets, sequence engines, periodicity;
//! - [`games`]: the catalog, one module per game, each with its closed form and the argument for it;
//! - [`misere`] and [`loopy`]: misère play, and games with cycles and draws.

#![deny(unsafe_code)]

pub mod error;
pub mod games;
pub mod heap;
pub mod loopy;
pub mod misere;
pub mod nimber;
pub mod progress;
pub mod ruleset;
pub mod solver;
pub mod sum;

pub use error::{Error, ErrorKind, Result};
pub use nimber::Nimber;
pub use ruleset::{Options, Outcome, Play, Ruleset};
pub use solver::{Deadline, Limits, Solver};
