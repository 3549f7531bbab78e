//! A heap game stated by its rules alone: implement [`HeapRules`] (a name and the options of a heap) and wrap the
//! rules in [`Heap`], which is the [`Game`]. The wrapper says everything that every heap game says the same way: a
//! position is a heap size, written as its number, read by [`super::parse_heaps`], numbered by itself in tables
//! (`grundy table`, `grundy plot`), and the game is a heap game ([`crate::HeapView::is_heap_game`]), so the sequence engines,
//! periods and heap tables apply. The rules keep what is theirs: their move words ([`HeapRules::describe_move`],
//! by default the words of taking and splitting, which a coin-turning game replaces), their closed forms, and the
//! facts a theorem reads (does a move split a heap, the longest move, a proved period).
//!
//! # Example
//!
//! The subtraction game S(1, 2) (take one or two tokens), whose nim-values are `n mod 3`, as a heap game:
//!
//! ```rust
//! use grundy::heap::{Heap, HeapRules};
//! use grundy::{HeapFacts, HeapView, NotationView, Options, Solver};
//!
//! struct TakeOneOrTwo;
//! impl HeapRules for TakeOneOrTwo {
//!     fn name(&self) -> String {
//!         "take-1-or-2".into()
//!     }
//!     fn options(&self, n: &u64, out: &mut Options<u64>) -> grundy::Result<()> {
//!         for take in [1, 2] {
//!             if take <= *n {
//!                 grundy::heap::leave(out, n - take);
//!             }
//!         }
//!         Ok(())
//!     }
//! }
//! impl HeapFacts for TakeOneOrTwo {
//!     fn splits(&self) -> Option<bool> {
//!         Some(false) // stated, and checked against the options wherever a theorem reads it
//!     }
//! }
//!
//! let game = Heap(TakeOneOrTwo);
//! assert!(game.is_heap_game());
//! assert_eq!(game.parse(&["7".to_string()])?, vec![7]);
//! assert_eq!(game.describe_move(&7, &[5]), "take 2 from the heap of 7, leaving 5");
//! let mut solver = Solver::new(game);
//! assert_eq!(solver.nim_value(&7)?, 1);
//! # Ok::<(), grundy::Error>(())
//! ```

use crate::error::Result;
use crate::game::HeapFacts;
use crate::game::{ClosedForm, Game, Notation, Options, Play, Tabular};
use crate::limits::Limits;

/// The rules of a heap game: what [`Heap`] needs to be a [`Game`]. Only [`HeapRules::name`] and
/// [`HeapRules::options`] are required; every other method has the meaning of the [`Game`] or [`Notation`] method
/// of the same name.
/// The facts a theorem reads (does a move split a heap, the longest move, a proved period, a take-and-break code, a
/// sequence method of the rules' own) are the rules' [`HeapFacts`], a trait every set of rules implements (an empty
/// `impl HeapFacts for Rules {}` states none: then no move is assumed not to split, and no period is known).
pub trait HeapRules: HeapFacts {
    /// A short name for messages, e.g. `lasker`.
    fn name(&self) -> String;

    /// The options of a heap of `n`: each a sum of heaps (an empty sum when the heap is gone), as
    /// [`Game::options`] lists them.
    fn options(&self, n: &u64, out: &mut Options<u64>) -> Result<()>;

    /// Words for the move from a heap of `from` to the heaps `to`. The default speaks of tokens taken and heaps
    /// split ([`super::describe_heap_move`]); a game whose heaps stand for something else (a coin at place `n`)
    /// says what the move does there.
    fn describe_move(&self, from: u64, to: &[u64]) -> String {
        super::describe_heap_move(from, to)
    }

    /// [`Game::validate`] for a heap of `n`.
    fn validate(&self, n: &u64) -> Result<()> {
        let _ = n;
        Ok(())
    }

    /// [`Game::check_searchable`] for a heap of `n`.
    fn check_searchable(&self, n: &u64, limits: &Limits) -> Result<()> {
        let _ = (n, limits);
        Ok(())
    }

    /// [`Game::play`]: the convention the rules are played under.
    fn play(&self) -> Play {
        Play::Normal
    }

    /// [`Notation::note`].
    fn note(&self) -> Option<String> {
        None
    }

    /// [`Game::closed_form`]: the rules' closed forms, when they have any (`Some(self)` from a type that implements
    /// [`ClosedForm<u64>`]).
    fn closed_form(&self) -> Option<&dyn ClosedForm<u64>> {
        None
    }
}

/// A heap game: the [`Game`] of the rules `R` ([`HeapRules`]), its positions heap sizes (see the module docs). It
/// dereferences to the rules, so their own methods (a closed form's `value(n)`, a code's digits) are at hand.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Heap<R>(pub R);

impl<R> std::ops::Deref for Heap<R> {
    type Target = R;
    fn deref(&self) -> &R {
        &self.0
    }
}

impl<R: HeapRules> Game for Heap<R> {
    type Position = u64;
    fn name(&self) -> String {
        self.0.name()
    }
    fn options(&self, n: &u64, out: &mut Options<u64>) -> Result<()> {
        self.0.options(n, out)
    }
    fn validate(&self, n: &u64) -> Result<()> {
        self.0.validate(n)
    }
    fn check_searchable(&self, n: &u64, limits: &Limits) -> Result<()> {
        self.0.check_searchable(n, limits)
    }
    fn play(&self) -> Play {
        self.0.play()
    }
    fn closed_form(&self) -> Option<&dyn ClosedForm<u64>> {
        self.0.closed_form()
    }
    fn notation(&self) -> Option<&dyn Notation<u64>> {
        Some(self)
    }
    fn table(&self) -> Option<&dyn Tabular<u64>> {
        Some(self)
    }
    fn heap(&self) -> Option<&dyn HeapFacts> {
        Some(&self.0)
    }
}

/// A heap is written as its number; the move words and the note are the rules' own.
impl<R: HeapRules> Notation<u64> for Heap<R> {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<u64>>> {
        Some(super::parse_heaps(&self.0.name(), words))
    }
    fn position_syntax(&self) -> &'static str {
        "HEAP..."
    }
    fn show(&self, n: &u64) -> String {
        n.to_string()
    }
    fn describe_move(&self, from: &u64, to: &[u64]) -> String {
        self.0.describe_move(*from, to)
    }
    fn note(&self) -> Option<String> {
        self.0.note()
    }
}

/// A heap of `n` is numbered by itself in tables.
impl<R: HeapRules> Tabular<u64> for Heap<R> {
    fn parameters(&self) -> usize {
        1
    }
    fn position_at(&self, params: &[u64]) -> Option<u64> {
        match params {
            [n] => Some(*n),
            _ => None,
        }
    }
}
