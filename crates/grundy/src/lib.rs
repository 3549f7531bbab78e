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
//!
//! # A short tour
//!
//! Value the sum of a Kayles row of 4 pins and a Nim heap of 3: look each game up in the catalog
//! ([`games::lookup`]), turn positions written as on the command line into components
//! ([`games::Family::components`]), and analyse the sum ([`sum::analyse`]). Kayles 4 has nim-value 1 and Nim 3
//! has nim-value 3, so the sum has nim-value 1 ⊕ 3 = 2: an N-position. One winning move takes 2 from the Nim
//! heap, leaving a heap of 1 (total 1 ⊕ 1 = 0).
//!
//! ```rust
//! use grundy::{games, sum, Outcome};
//!
//! let kayles = games::lookup("kayles")?;
//! let nim = games::lookup("nim")?;
//! let mut parts = kayles.components(&["4".to_string()])?;
//! parts.extend(nim.components(&["3".to_string()])?);
//!
//! let analysis = sum::analyse(&mut parts)?;
//! assert_eq!(analysis.parts[0].nim_value, Some(1)); // Kayles 4
//! assert_eq!(analysis.parts[1].nim_value, Some(3)); // Nim 3
//! assert_eq!(analysis.nim_value, Some(2));
//! assert_eq!(analysis.outcome, Outcome::N);
//!
//! // Three winning moves: Kayles 4 → 3 or 1 + 2 (value 3), and Nim 3 → 1 (value 1).
//! assert_eq!(analysis.winning_move_count(), 3);
//! let nim_move = analysis.winning_moves.iter().find(|w| w.game == "nim").unwrap();
//! assert_eq!(nim_move.component, 1);
//! assert_eq!(nim_move.mv.result, "1");
//! assert_eq!(nim_move.mv.value_after, 1);
//! # Ok::<(), grundy::Error>(())
//! ```
#![warn(missing_docs)]
#![deny(unsafe_code)]

pub mod error;
pub mod game;
pub mod games;
pub mod heap;
pub mod loopy;
pub mod misere;
pub mod nimber;
pub mod progress;
pub mod solver;
pub mod sum;

pub use error::{Error, ErrorKind, Result};
pub use game::{Game, Options, Outcome, Play};
pub use nimber::Nimber;
pub use solver::{Deadline, Limits, Solver};
