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
//! - [`game`] and [`solver`]: the one game model — every game states its rules once, as a [`Game`] — and the
//!   memoised, stack-safe solver that reads it;
//! - [`analysis`]: the one entry point — a sum of positions, a play convention (normal, misère, loopy) and limits
//!   in, one report out, serialisable as the JSON every front end shares; [`sum`] holds the normal-play result types;
//! - [`heap`]: heap games — take-and-break codes, sequence engines behind one trait, periodicity;
//! - [`games`]: one module per game, each with its closed form and the argument for it, and the catalog's one
//!   registry table ([`games::Registry`]), open to games defined elsewhere;
//! - [`misere`] and [`loopy`]: misère play, and games with cycles and draws.
//!
//! # A short tour
//!
//! Value the sum of a Kayles row of 4 pins and a Nim heap of 3: look each game up in the catalog
//! ([`games::lookup`]), add positions written as on the command line to a sum ([`games::AnyGame::add_to`]), and
//! analyse it ([`analysis::analyse`]). Kayles 4 has nim-value 1 and Nim 3 has nim-value 3, so the sum has nim-value
//! 1 ⊕ 3 = 2: an N-position. One winning move takes 2 from the Nim heap, leaving a heap of 1 (total 1 ⊕ 1 = 0).
//!
//! ```rust
//! use grundy::analysis::{analyse, Convention, Report, Sum};
//! use grundy::{games, Context, Outcome};
//!
//! let mut sum = Sum::new();
//! games::lookup("kayles")?.add_to(&mut sum, &["4".to_string()])?;
//! games::lookup("nim")?.add_to(&mut sum, &["3".to_string()])?;
//!
//! let Report::Normal(analysis) = analyse(&mut sum, Convention::Normal, &Context::default())? else {
//!     unreachable!("normal play gives a normal-play report")
//! };
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
//!
//! // The same sum under misère play: Kayles 4 + Nim 3 is decided by exact search.
//! let Report::Misere(m) = analyse(&mut sum, Convention::Misere, &Context::default())? else { unreachable!() };
//! assert_eq!(m.outcome, Outcome::N);
//! # Ok::<(), grundy::Error>(())
//! ```
#![warn(missing_docs)]
#![deny(unsafe_code)]

pub mod analysis;
pub mod board_table;
pub mod clock;
pub mod code;
pub mod context;
pub mod error;
pub mod game;
pub mod games;
pub mod heap;
#[cfg(test)]
mod layers;
pub mod limits;
#[cfg(test)]
mod long_functions;
pub mod loopy;
pub mod misere;
pub mod nimber;
pub mod parts;
pub mod script;
pub mod solver;
pub mod sum;
pub mod table_file;

pub use context::Context;
pub use error::{Error, ErrorKind, Result};
pub use game::{
    ClosedForm, Game, HeapFacts, HeapView, HintsView, Known, Notation, NotationView, Options,
    Outcome, Play, SearchHints, TableView, Tabular,
};
pub use limits::{Deadline, Limits};
pub use nimber::Nimber;
pub use solver::Solver;
