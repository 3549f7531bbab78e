//! One entry point for every analysis: a sum of positions, a play convention and limits in; one report out.
//!
//! A [`Sum`] holds positions of any games, typed ([`Sum::add`] takes a [`Game`](crate::Game) and its own positions; no text is
//! involved) or read from words through the catalog ([`crate::games::Registry`]). [`analyse`] decides how to answer
//! under the [`Convention`] asked for, and says which method it used:
//!
//! - **normal play**: each part's nim-value (closed form, heap table, or memoised search), their nim-sum (the
//!   Sprague–Grundy theorem), and every winning move, in families and counts where a huge heap has too many to list
//!   ([`crate::sum::Analysis`]); a single position known only by its outcome is answered by that outcome;
//! - **misère play** ([`misere`]): a proved rule where one applies (a game's own rule for a position alone, misère
//!   Nim's rule, the SJ theorem), else exact search over sums of components; the genus of small heaps;
//! - **loopy play** ([`loopy`]): Smith's generalised Sprague–Grundy values, outcomes P, N or D, winning moves and the
//!   moves that keep a draw, for games whose positions can repeat.
//!
//! The reports derive serde's `Serialize`: the command line's `--json` prints them as they are (`docs/json.md`), so
//! every front end reads one schema.
//!
//! # Example
//!
//! A game defined here, through the [`Game`](crate::Game) trait only, and analysed with typed positions: the subtraction game
//! S(1, 2) (take one or two tokens), whose nim-values are `n mod 3`.
//!
//! ```rust
//! use grundy::analysis::{analyse, Convention, Report, Sum};
//! use grundy::{Context, Game, Options, Outcome};
//! use std::rc::Rc;
//!
//! struct TakeOneOrTwo;
//! impl Game for TakeOneOrTwo {
//!     type Position = u64;
//!     fn name(&self) -> String {
//!         "take-1-or-2".into()
//!     }
//!     fn options(&self, n: &u64, out: &mut Options<u64>) -> grundy::Result<()> {
//!         for take in [1, 2] {
//!             if take <= *n {
//!                 out.push_one(n - take);
//!             }
//!         }
//!         Ok(())
//!     }
//! }
//!
//! let game = Rc::new(TakeOneOrTwo);
//! let mut sum = Sum::new();
//! sum.add(&game, vec![4, 8])?; // nim-values 1 and 2
//! let Report::Normal(a) = analyse(&mut sum, Convention::Normal, &Context::default())? else { unreachable!() };
//! assert_eq!((a.nim_value, a.outcome), (Some(3), Outcome::N));
//! // Two winning moves: heap 4 to 2 (value 1 → 2) and heap 8 to 7 (value 2 → 1); either leaves 2 ⊕ 2 or 1 ⊕ 1.
//! let moves: Vec<_> = a.winning_moves.iter().map(|w| (w.component, w.mv.result.as_str())).collect();
//! assert_eq!(moves, [(0, "2"), (1, "7")]);
//!
//! // Misère play of the same sum: searched exactly.
//! let Report::Misere(m) = analyse(&mut sum, Convention::Misere, &Context::default())? else { unreachable!() };
//! assert_eq!(m.outcome, Outcome::N);
//! # Ok::<(), grundy::Error>(())
//! ```

pub mod cases;
pub mod emit;
pub mod line;
pub mod loopy;
pub mod misere;
pub mod pattern;
pub mod picture;
pub mod play;
pub mod split;
pub mod survey;
pub mod table;

use crate::context::Context;
use crate::error::{Error, Result};

pub use crate::parts::Sum;
pub use loopy::LoopyAnalysis;
pub use misere::MisereAnalysis;

/// The play convention an analysis is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Convention {
    /// Whoever cannot move loses; sums add by nim-sum.
    #[default]
    Normal,
    /// Whoever cannot move wins (whoever makes the last move loses).
    Misere,
    /// Positions may repeat: outcomes P, N or D (a draw), by Smith's generalised values.
    Loopy {
        /// A code with digits that add tokens is played on heaps of at most this many tokens: a move that would
        /// leave a larger heap is not allowed.
        max_heap: u64,
    },
}

impl Convention {
    /// Loopy play on heaps of at most `max_heap` tokens, [`crate::loopy::heap::DEFAULT_MAX_HEAP`] when none is
    /// given; a bound past [`crate::loopy::heap::MAX_BOUND`] is an [`crate::ErrorKind::Input`] error naming
    /// `max_heap` (the keyword of the Python and web front ends; the command line words its own, `--max-heap`).
    pub fn loopy(max_heap: Option<u64>) -> Result<Convention> {
        let max_heap = max_heap.unwrap_or(crate::loopy::heap::DEFAULT_MAX_HEAP);
        if max_heap > crate::loopy::heap::MAX_BOUND {
            return Err(Error::input(format!(
                "max_heap: {max_heap} is too large (the largest allowed is {})",
                crate::loopy::heap::MAX_BOUND
            )));
        }
        Ok(Convention::Loopy { max_heap })
    }
}

/// What [`analyse`] found: one report type per convention, each serialising as the JSON object the command line
/// prints (`docs/json.md`).
#[derive(Debug, Clone, serde::Serialize)]
#[serde(untagged)]
pub enum Report {
    /// Normal play.
    Normal(crate::sum::Analysis),
    /// Misère play.
    Misere(MisereAnalysis),
    /// Loopy play.
    Loopy(LoopyAnalysis),
}

/// Analyses `sum` under `convention`, within the context `cx`: its limits (positions stored by searches, the
/// deadline, memory), its threads and its progress, which reach every search and every closed form that searches.
///
/// Normal play: the nim-value of each part, their nim-sum, and every winning move (a [`crate::sum::Analysis`]).
/// Misère play: [`misere::analyse`]. Loopy play: [`loopy::analyse`].
///
/// A game's own convention is part of its statement ([`Game::play`](crate::Game::play)): a sum of games played misère by their own
/// rules (a rules script's `const PLAY = "misere"`, Candy Piles) is analysed under misère play when `convention` is
/// [`Convention::Normal`] (the convention of the rules as stated), and asking for [`Convention::Misere`] or
/// [`Convention::Loopy`] on top of it is refused, as is a sum mixing the two ([`Sum::own_play`]).
pub fn analyse(sum: &mut Sum, convention: Convention, cx: &Context) -> Result<Report> {
    analyse_with(sum, convention, cx, true, false)
}

/// [`analyse`] without the winning moves under normal play (`grundy value --no-moves`): the nim-value of each part,
/// their nim-sum and the outcome, with no winning move searched (the lists of moves are empty). Misère and loopy
/// play are as [`analyse`] (their outcomes are read from their moves).
pub fn analyse_values(sum: &mut Sum, convention: Convention, cx: &Context) -> Result<Report> {
    analyse_with(sum, convention, cx, false, false)
}

/// [`analyse`] (with the winning moves when `moves`) when only the outcome is asked (`grundy value --outcome`,
/// Python's `Game.outcome`): under normal play, a position standing alone whose nim-value no formula gives is
/// answered by a win-loss search that stops at the first option found to be a P-position
/// ([`crate::Solver::outcome_alone`]), often after far fewer positions than valuing it; its nim-value is then
/// `None`, and its winning moves are its options found to be P-positions. A sum of several parts, and misère and
/// loopy play, are answered as [`analyse`] answers them (the outcome of a sum needs its parts' values).
pub fn analyse_outcome(
    sum: &mut Sum,
    convention: Convention,
    cx: &Context,
    moves: bool,
) -> Result<Report> {
    analyse_with(sum, convention, cx, moves, true)
}

fn analyse_with(
    sum: &mut Sum,
    convention: Convention,
    cx: &Context,
    moves: bool,
    outcome_only: bool,
) -> Result<Report> {
    // The notes are stated with the answer (`Analysis::notes`), so an answer may rest on one.
    let noted = cx.clone().with_notes_stated(true);
    for g in sum.groups() {
        g.set_context(&noted);
    }
    let limits = &cx.limits;
    if sum.own_play()? == crate::Play::Misere {
        return match convention {
            Convention::Normal => misere::analyse_own(sum, limits).map(Report::Misere),
            Convention::Misere => Err(misere::already_misere(sum)),
            Convention::Loopy { .. } => Err(Error::unsupported(format!(
                "{}: loopy play of a game played misère by its own rules is not supported",
                sum.groups()[0].name()
            ))),
        };
    }
    match convention {
        Convention::Normal => {
            let mut parts = sum.components();
            let mut a = if outcome_only {
                crate::sum::analyse_outcome(&mut parts, moves, limits)?
            } else {
                crate::sum::analyse_with(&mut parts, moves, limits)?
            };
            // After the analysis: what the answers rested on is known once they are found.
            a.notes = sum.notes();
            Ok(Report::Normal(a))
        }
        Convention::Misere => misere::analyse(sum, limits).map(Report::Misere),
        Convention::Loopy { max_heap } => loopy::analyse(sum, max_heap, limits).map(Report::Loopy),
    }
}
