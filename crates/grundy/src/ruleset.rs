//! Rulesets: the rules of a finite impartial game, as a type.
//!
//! A [`Ruleset`] says, for each position, which options (positions reachable in one move) it has. An option may be
//! a *sum* of independent components: splitting a heap into two heaps gives two games, not one, and the solver
//! values such an option as the nim-sum of its parts. Keeping components apart is what makes heap games cheap: a
//! heap of `n` has `O(n)` options instead of one option per multiset of heaps.

use crate::nimber::Nimber;
use std::fmt::Debug;
use std::hash::Hash;

/// Normal or misère play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Play {
    /// The player who cannot move loses.
    #[default]
    Normal,
    /// The player who cannot move wins (whoever makes the last move loses).
    Misere,
}

/// The outcome class of a position: who wins with perfect play. It serialises (serde) as its letter: `"P"`, `"N"`
/// or `"D"`, as [`Outcome::letter`] writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Outcome {
    /// The previous player (the one who just moved) wins: a P-position.
    P,
    /// The next player (the one to move) wins: an N-position.
    N,
    /// Neither player can force a win: perfect play goes on forever (loopy games only).
    D,
}

impl Outcome {
    /// The outcome of a position with nim-value `v` under normal play.
    pub fn of_nim_value(v: Nimber) -> Outcome {
        if v == 0 {
            Outcome::P
        } else {
            Outcome::N
        }
    }
    /// The outcome class as one letter: `"P"`, `"N"` or `"D"`.
    pub fn letter(self) -> &'static str {
        match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        }
    }
}

/// The options of one position, written into a reusable buffer: each option is a (possibly empty) list of
/// components whose sum it is. Enumerating options allocates nothing once the buffer has grown.
#[derive(Debug, Clone)]
pub struct Options<P> {
    items: Vec<P>,
    ends: Vec<usize>,
}

impl<P> Default for Options<P> {
    fn default() -> Self {
        Options {
            items: Vec::new(),
            ends: Vec::new(),
        }
    }
}

impl<P> Options<P> {
    /// An empty buffer: no options (the options of a terminal position).
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds an option that is the sum of `components` (an empty sum is the terminal position).
    pub fn push<I: IntoIterator<Item = P>>(&mut self, components: I) {
        self.items.extend(components);
        self.ends.push(self.items.len());
    }
    /// Adds an option with a single component.
    pub fn push_one(&mut self, p: P) {
        self.items.push(p);
        self.ends.push(self.items.len());
    }
    /// Number of options.
    pub fn len(&self) -> usize {
        self.ends.len()
    }
    /// Whether there are no options: the position is terminal (a P-position under normal play).
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
    /// The components of option `i`.
    pub fn get(&self, i: usize) -> &[P] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.items[start..self.ends[i]]
    }
    /// Every option in order.
    pub fn iter(&self) -> impl Iterator<Item = &[P]> + '_ {
        (0..self.len()).map(move |i| self.get(i))
    }
    /// Removes every option, keeping the memory for reuse.
    pub fn clear(&mut self) {
        self.items.clear();
        self.ends.clear();
    }
    /// All components of all options, one after the other.
    pub fn flat(&self) -> &[P] {
        &self.items
    }
}

/// The rules of a finite impartial game.
///
/// Implementations must be *short*: every sequence of moves ends. The solver checks this and reports a cycle as
/// [`crate::ErrorKind::Loopy`]; games with cycles are handled by [`crate::loopy`].
pub trait Ruleset {
    /// A position of one component. Positions that are equal must have the same options.
    type Position: Clone + Eq + Hash + Debug;

    /// A short name for messages, e.g. `kayles` or `0.77`.
    fn name(&self) -> String;

    /// Writes the options of `position` into `out` (which the caller has cleared).
    fn options(&self, position: &Self::Position, out: &mut Options<Self::Position>);

    /// A nim-value known without search (a proved closed form), if any. The solver trusts it.
    fn known_value(&self, _position: &Self::Position) -> Option<Nimber> {
        None
    }

    /// How a position is shown to a person.
    fn show(&self, position: &Self::Position) -> String {
        format!("{position:?}")
    }

    /// Describes the move from `from` to the option `to`, in words a student follows.
    fn describe_move(&self, from: &Self::Position, to: &[Self::Position]) -> String {
        let _ = from;
        format!("move to {}", self.show_sum(to))
    }

    /// How a sum of positions is shown.
    fn show_sum(&self, sum: &[Self::Position]) -> String {
        if sum.is_empty() {
            "the empty position".to_string()
        } else {
            sum.iter()
                .map(|p| self.show(p))
                .collect::<Vec<_>>()
                .join(" + ")
        }
    }
}

impl<R: Ruleset + ?Sized> Ruleset for &R {
    type Position = R::Position;
    fn name(&self) -> String {
        (**self).name()
    }
    fn options(&self, position: &Self::Position, out: &mut Options<Self::Position>) {
        (**self).options(position, out)
    }
    fn known_value(&self, position: &Self::Position) -> Option<Nimber> {
        (**self).known_value(position)
    }
    fn show(&self, position: &Self::Position) -> String {
        (**self).show(position)
    }
    fn describe_move(&self, from: &Self::Position, to: &[Self::Position]) -> String {
        (**self).describe_move(from, to)
    }
}
