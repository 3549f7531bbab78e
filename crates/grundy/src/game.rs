//! The game model: the rules of an impartial game, stated once, as a type.
//!
//! A [`Game`] says, for each position, which options (positions reachable in one move) it has. An option may be
//! a *sum* of independent components: splitting a heap into two heaps gives two games, not one, and the solver
//! values such an option as the nim-sum of its parts. Keeping components apart is what makes heap games cheap: a
//! heap of `n` has `O(n)` options instead of one option per multiset of heaps.
//!
//! [`Game`] is a small core (the name, the options, validation, components, memo keys, the convention of play) and
//! opt-in *capabilities*, each a trait a game implements when it has something to say and hands out through a
//! getter of [`Game`]: [`ClosedForm`] (what it knows without search), [`HeapFacts`] (the facts of a heap game),
//! [`Notation`] (text: reading, showing and describing positions and moves), [`SearchHints`] (what the solver's
//! search reads to go faster) and [`Tabular`] (positions named by numbers in tables). The analyses ask through
//! the views [`Known`], [`HeapView`], [`NotationView`], [`HintsView`] and [`TableView`], implemented for every
//! game, which give the plain answer where a game has not the capability.

use crate::code::Code;
use crate::context::Context;
use crate::error::{Error, Result};
use crate::limits::Limits;
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
    /// Keeps the first `len` options (an evaluation that gives up takes back what it added).
    pub fn truncate(&mut self, len: usize) {
        self.ends.truncate(len);
        self.items.truncate(self.ends.last().copied().unwrap_or(0));
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
    /// Moves every option onto the end of `out`, each component mapped by `f`, leaving this buffer empty (its
    /// memory kept for reuse).
    pub(crate) fn move_into<Q>(&mut self, out: &mut Options<Q>, mut f: impl FnMut(P) -> Q) {
        let mut start = 0;
        let mut items = self.items.drain(..);
        for &end in &self.ends {
            out.push(items.by_ref().take(end - start).map(&mut f));
            start = end;
        }
        drop(items);
        self.ends.clear();
    }
}

/// The rules of an impartial game: the one statement every analysis reads.
///
/// A game says what its positions are ([`Game::Position`], checked by [`Game::validate`] before any analysis, as a
/// setup becomes a position only through validation) and what the options of a position are ([`Game::options`]:
/// each option a sum of independent components). Normal play ([`crate::Solver`], [`crate::analysis`]), misère
/// search ([`crate::misere::search`]), loopy analysis ([`crate::loopy`]), sums, tables ([`crate::heap::sequence`])
/// and winning moves all read this one statement.
///
/// The trait is a small core (the name, the options, validation, the components of a position, its memo key and
/// the convention of play; every method but [`Game::name`] and [`Game::options`] has a default) and *capabilities*,
/// each a trait of its own that a game implements when it has something to say, and hands out through a getter
/// of `Game` (`Some(self)`; the default `None` says nothing):
///
/// - [`ClosedForm`] ([`Game::closed_form`]): what the game knows without search.
/// - [`HeapFacts`] ([`Game::heap`]): the facts of a heap game.
/// - [`Notation`] ([`Game::notation`]): how positions are read from text, shown and described to a person.
/// - [`SearchHints`] ([`Game::hints`]): what the solver's search reads to go faster (memo sizes, search by tests,
///   threads).
/// - [`Tabular`] ([`Game::table`]): how whole numbers name positions in a table.
///
/// Each capability has a *view*, a trait implemented for every game, that the analyses call: [`Known`],
/// [`HeapView`], [`NotationView`], [`HintsView`] and [`TableView`]. A view answers with the capability's method
/// where the game has it and with the plain fallback where it has not (a position shown by its `Debug` form, no
/// text syntax, no hints, no table), so every analysis reads every game the same way. A game implements the
/// capability and never the view; code that calls a view's method imports the view, and the file that implements
/// a capability for a type calls that type's own methods without it.
///
/// The *closed forms* ([`ClosedForm`], and for heap games [`crate::HeapFacts::period`] and
/// [`crate::HeapFacts::extend_sequence`]) must be proved: the analyses trust them and skip the search they replace.
/// A closed form that answers `None` for a position sends the analysis back to search.
///
/// The finite-game solvers need the game *short*: every sequence of moves ends. They report a cycle as
/// [`crate::ErrorKind::Loopy`]; games whose positions can repeat are analysed by [`crate::loopy`].
///
/// **Heap games** are the games whose positions are heap sizes (`Position = u64`) and whose options are sums of
/// smaller heaps: they say so with [`crate::HeapView::is_heap_game`], and the sequence engines, periodicity and the heap
/// table of [`crate::heap`] then apply ([`crate::heap::HeapGame`] is such a game behind a pointer).
///
/// # Example
///
/// Two heaps `(a, b)`; a move takes one or two tokens from one of them. The core alone is a game every analysis
/// reads; [`Notation`] adds its text (and [`Tabular`] would add tables, [`SearchHints`] hints for the solver).
///
/// ```rust
/// use grundy::{Game, Notation, NotationView, Options, Solver};
///
/// // The analyses read a game through the views, as this function does: `NotationView::describe_move` is the
/// // game's `Notation::describe_move` where it has a notation, `move to …` where it has none.
/// fn first_move<G: Game>(game: &G, from: &G::Position) -> grundy::Result<String> {
///     let mut out = Options::new();
///     game.options(from, &mut out)?;
///     Ok(game.describe_move(from, out.get(0)))
/// }
///
/// struct TwoHeaps;
/// impl Game for TwoHeaps {
///     type Position = (u64, u64);
///     fn name(&self) -> String {
///         "two-heaps".into()
///     }
///     fn options(&self, &(a, b): &(u64, u64), out: &mut Options<(u64, u64)>) -> grundy::Result<()> {
///         for t in [1, 2] {
///             if t <= a {
///                 out.push_one((a - t, b));
///             }
///             if t <= b {
///                 out.push_one((a, b - t));
///             }
///         }
///         Ok(())
///     }
///     fn notation(&self) -> Option<&dyn Notation<(u64, u64)>> {
///         Some(self)
///     }
/// }
/// impl Notation<(u64, u64)> for TwoHeaps {
///     fn show(&self, &(a, b): &(u64, u64)) -> String {
///         format!("{a}+{b}")
///     }
/// }
///
/// let mut solver = Solver::new(TwoHeaps);
/// assert_eq!(solver.nim_value(&(4, 2))?, 3); // (4 mod 3) xor (2 mod 3)
/// assert_eq!(first_move(&TwoHeaps, &(4, 2))?, "move to 3+2");
/// assert!(NotationView::parse(&TwoHeaps, &["4".to_string()]).is_err()); // no text syntax stated
/// # Ok::<(), grundy::Error>(())
/// ```
pub trait Game {
    /// A position of one component. Positions that are equal must have the same options.
    type Position: Clone + Eq + Hash + Debug;

    /// A short name for messages, e.g. `kayles` or `0.77`.
    fn name(&self) -> String;

    /// Writes the options of `position` into `out` (which the caller has cleared).
    ///
    /// Fallible: rules that run code of the user's (a rules script, a Python function) fail here, and the error
    /// ends the analysis that asked, with the error as its answer. A built-in game returns `Ok(())`.
    fn options(&self, position: &Self::Position, out: &mut Options<Self::Position>) -> Result<()>;

    /// Writes the options a valuation reads into `out` (which the caller has cleared): by default every option; a
    /// game that can tell cheaply may list one of each set of options that automorphisms of `position` map onto
    /// each other (isomorphic options have equal values, so the mex, and any value computed from the set of the
    /// options' values, is the same). The solver's searches read these; the moves shown to a person, and the
    /// reference brute force, read [`Game::options`].
    fn distinct_options(
        &self,
        position: &Self::Position,
        out: &mut Options<Self::Position>,
    ) -> Result<()> {
        self.options(position, out)
    }

    // ----- Positions: validation, components -----

    /// Checks that `position` is a position of this game (in range, well formed): an error names what is wrong.
    /// Every analysis calls it on the positions it is given; options need not be checked.
    fn validate(&self, position: &Self::Position) -> Result<()> {
        let _ = position;
        Ok(())
    }

    /// An error when `position` is too large for a search to list its options (a Wythoff position of 10^18 has
    /// 3·10^18 of them), checked before a search starts, so that a huge position is refused at once, not after its
    /// options have filled memory, or whose search would not fit `limits` (Chomp's dense array and its memory
    /// budget). Closed forms still answer such positions. The default accepts every position.
    fn check_searchable(&self, position: &Self::Position, limits: &Limits) -> Result<()> {
        let _ = (position, limits);
        Ok(())
    }

    /// The independent components `position` is the sum of (a row of pins with gaps is a sum of rows); the
    /// default is the position alone. The value of a position is the nim-sum of its components' values.
    fn components(&self, position: &Self::Position) -> Result<Vec<Self::Position>> {
        Ok(vec![position.clone()])
    }

    /// The position a search's memo keeps `position` under: one key for positions the game knows to be the same
    /// game up to a relabelling of their moves (isomorphic, so equal under normal and misère play alike; Cram: a
    /// region's least image under the symmetries of the grid), so that they are searched once, while the options
    /// stay as a player sees them. The default is the position itself.
    fn memo_key<'a>(&self, position: &'a Self::Position) -> std::borrow::Cow<'a, Self::Position> {
        std::borrow::Cow::Borrowed(position)
    }

    /// The convention the game's own rules are played under: [`Play::Normal`] (whoever cannot move loses) unless
    /// the rules say the last mover loses (Candy Piles: whoever eats the last candy loses). A game played misère by
    /// its own rules has no nim-value; it is answered alone, by its misère outcome, and has no place in a sum.
    fn play(&self) -> Play {
        Play::Normal
    }

    // ----- Closed forms: what the game knows without search -----

    /// The game's closed forms ([`ClosedForm`]), when it has any: a game that implements [`ClosedForm`] returns
    /// `Some(self)`. `None` (the default): every value comes from search.
    fn closed_form(&self) -> Option<&dyn ClosedForm<Self::Position>> {
        None
    }

    // ----- Notation, search hints and tables -----

    /// How the game's positions are read from text, shown and described ([`Notation`]): a game that implements
    /// [`Notation`] returns `Some(self)`. `None` (the default): positions are shown by their `Debug` form and cannot
    /// be written as text ([`NotationView`] says how each method falls back).
    fn notation(&self) -> Option<&dyn Notation<Self::Position>> {
        None
    }

    /// What the solver's search reads to go faster ([`SearchHints`]): a game that implements [`SearchHints`]
    /// returns `Some(self)`. `None` (the default): the plain search ([`HintsView`] says how each method falls back).
    fn hints(&self) -> Option<&dyn SearchHints<Self::Position>> {
        None
    }

    /// How whole numbers name positions in a table of the game ([`Tabular`]): a game that implements [`Tabular`]
    /// returns `Some(self)`. `None` (the default): the game has no tables.
    fn table(&self) -> Option<&dyn Tabular<Self::Position>> {
        None
    }

    // ----- Heap games -----

    /// The facts of a heap game ([`HeapFacts`]): `Some(self)` from a game whose positions are heap sizes
    /// (`Position = u64`) and whose options are sums of smaller heaps; the sequence engines, periodicity and the
    /// heap table of [`crate::heap`] then apply. [`crate::heap::Heap`] says it for every game stated by its
    /// [`crate::heap::HeapRules`]. `None` (the default): not a heap game.
    fn heap(&self) -> Option<&dyn HeapFacts> {
        None
    }
}

/// The nim-values of heaps `0..=to` by the game's own method ([`crate::HeapFacts::extend_sequence`] from an empty table);
/// `None` when it has none.
pub fn own_sequence<G: Game + ?Sized>(
    game: &G,
    to: u64,
    progress: &mut dyn FnMut(u64),
) -> Option<Result<Vec<Nimber>>> {
    let mut values = Vec::new();
    let done = game.extend_sequence(&mut values, to, progress)?;
    Some(done.map(|()| values))
}

/// What a game knows without search: its *closed forms*. Each must be proved (the analyses trust them and skip
/// the search they replace), and each is optional: a method that answers `None` for a position sends the analysis
/// back to search. A game with closed forms implements this trait and returns itself from [`Game::closed_form`];
/// the analyses reach them through [`Known`].
///
/// A closed form may be a whole search of its own (Cram's and Chomp's engines): it runs under the [`Context`] it is
/// given (its limits, threads and progress), and answers by formulas only when [`Context::formulas_only`] says so.
pub trait ClosedForm<P> {
    /// The nim-value of `position` by a proved closed form, if the game knows it.
    fn nim_value(&self, position: &P, cx: &Context) -> Option<Nimber> {
        let _ = (position, cx);
        None
    }

    /// The outcome of `position` standing alone under `play`, by a proved rule, for games that know outcomes
    /// where they do not know nim-values (Fibonacci Nim, Wythoff's game at 10^18, misère Wythoff).
    fn outcome(&self, position: &P, play: Play, cx: &Context) -> Option<Outcome> {
        let _ = (position, play, cx);
        None
    }

    /// Every option of `position` whose nim-value is `target`, by a closed form, without enumerating every
    /// option (a heap of 10^18). `None`: enumerate.
    fn options_with_value(
        &self,
        position: &P,
        target: Nimber,
        cx: &Context,
    ) -> Option<Vec<Vec<P>>> {
        let _ = (position, target, cx);
        None
    }

    /// Every option of `position` that is a P-position under `play` (the winning moves of the position standing
    /// alone), by the rule that gives [`ClosedForm::outcome`]. `None`: search.
    fn winning_options(&self, position: &P, play: Play, cx: &Context) -> Option<Vec<Vec<P>>> {
        let _ = (position, play, cx);
        None
    }

    /// Whether a position standing alone whose outcome only is asked, and which no formula answers, is better
    /// settled by the solver's win-loss search ([`crate::Solver::outcome_alone`]) than valued by this game's own
    /// engine. False (the default) for an engine that searches positions itself (Cram's, Chomp's): it is faster than
    /// the generic search of their options. True for an engine that values a whole table of positions to answer one
    /// (a tuple script's dense table), which a search that stops at the first winning move often avoids.
    fn outcome_by_search(&self) -> bool {
        false
    }
}

/// The closed forms of any game, `None` where it has none ([`Game::closed_form`], then the [`ClosedForm`] method):
/// how the analyses ask. Implemented for every [`Game`]; a game never implements it itself.
pub trait Known: Game {
    /// [`ClosedForm::nim_value`], if the game has closed forms.
    fn known_value(&self, position: &Self::Position, cx: &Context) -> Option<Nimber> {
        self.closed_form()?.nim_value(position, cx)
    }
    /// [`ClosedForm::outcome`], if the game has closed forms.
    fn known_outcome(
        &self,
        position: &Self::Position,
        play: Play,
        cx: &Context,
    ) -> Option<Outcome> {
        self.closed_form()?.outcome(position, play, cx)
    }
    /// [`ClosedForm::options_with_value`], if the game has closed forms.
    fn known_options_with_value(
        &self,
        position: &Self::Position,
        target: Nimber,
        cx: &Context,
    ) -> Option<Vec<Vec<Self::Position>>> {
        self.closed_form()?.options_with_value(position, target, cx)
    }
    /// [`ClosedForm::winning_options`], if the game has closed forms.
    fn known_winning_options(
        &self,
        position: &Self::Position,
        play: Play,
        cx: &Context,
    ) -> Option<Vec<Vec<Self::Position>>> {
        self.closed_form()?.winning_options(position, play, cx)
    }
    /// Whether a position alone whose outcome only is asked goes to the win-loss search: a game with no closed
    /// forms, or one whose engine says so ([`ClosedForm::outcome_by_search`]).
    fn outcome_by_search(&self) -> bool {
        self.closed_form().is_none_or(|c| c.outcome_by_search())
    }
}

impl<G: Game + ?Sized> Known for G {}

/// The facts of a heap game that the engines, periods and theorems read (see [`Game::heap`]). Each is optional; a
/// fact a theorem relies on is stated here and checked against the options wherever the theorem reads it
/// ([`crate::heap::facts`]), never taken on trust.
pub trait HeapFacts {
    /// Whether every sequence of moves ends, so that heaps have nim-values and the sequence engines, periods and
    /// heap tables apply (true, the default). A code whose moves can add tokens states its heaps and its code here
    /// too, but is not short: its positions can repeat, and it is analysed by [`crate::loopy`].
    fn short(&self) -> bool {
        true
    }

    /// The take-and-break code of the game, when it has one.
    fn code(&self) -> Option<&Code> {
        None
    }

    /// Whether the game's rules are code of the user's whose moves nothing else states (a rules script, a Python
    /// function): such a game may be recognised as a take-and-break code on the heaps its options are read on, and,
    /// when the caller allows it, answered from an observed period, each answer carrying that assumption
    /// ([`crate::heap::table::HeapTable::assumption`]). False (the default) for a game of the library, which
    /// answers by what it states (a code, closed forms, its own method).
    fn black_box(&self) -> bool {
        false
    }

    /// Whether some move leaves two or more heaps, *as the game states it*: `Some(true)`, `Some(false)`, or `None`
    /// (not stated: the default for a game without a code; a code's digits say it). No theorem takes this on
    /// trust: the analyses that need "no move splits a heap" (the SJ theorem, misère Nim's rule) read it off the
    /// options of the heaps they use ([`crate::heap::facts`]), and a statement `Some(false)` that the options
    /// contradict is an error naming the heap. Engines read it only as a cost hint (the plain engine costs `n²`
    /// when moves split), taking `None` as "splits".
    fn splits(&self) -> Option<bool> {
        self.code().map(|c| c.max_heaps() >= 2)
    }

    /// The most tokens one move removes from a heap (`None`: no bound, or not known). No period can be read from
    /// fewer values than this past the preperiod; no certificate reads it (the certificates read a code's digits,
    /// which state the moves themselves).
    fn longest_move(&self) -> Option<u64> {
        self.code().and_then(Code::max_removed)
    }

    /// When a proved closed form makes the heap nim-values periodic: `(preperiod, period, saltus)` with
    /// `G(n + period) = G(n) + saltus` for every `n ≥ preperiod`.
    fn period(&self) -> Option<(u64, u64, u64)> {
        None
    }

    /// The nim-values of heaps `0..=to` by a method of the game's own (a sieve, a closed form), faster than the
    /// engines: extends `values` (the nim-values of heaps `0..values.len()`, possibly empty, trusted as given: a
    /// resumed run's) to heaps `0..=to`. A method may also recompute from heap 0 and replace `values`. A method
    /// that stops early (a deadline) leaves in `values` what it computed, so the caller can say how far it got and
    /// resume from there. `None`: the game has no method of its own, and the engines of [`crate::heap::sequence`]
    /// compute the values. [`own_sequence`] calls it for a fresh table.
    fn extend_sequence(
        &self,
        values: &mut Vec<Nimber>,
        to: u64,
        progress: &mut dyn FnMut(u64),
    ) -> Option<Result<()>> {
        let _ = (values, to, progress);
        None
    }
}

/// The heap facts of any game, `None` or `false` where it is not a heap game ([`Game::heap`], then the
/// [`HeapFacts`] method): how the engines and analyses ask. Implemented for every [`Game`]; a game never implements
/// it itself.
pub trait HeapView: Game {
    /// True when positions are heap sizes, every option is a sum of smaller heaps (then `Position` is `u64`), and
    /// the game is short ([`HeapFacts::short`]): what the sequence engines, periods and heap tables need.
    fn is_heap_game(&self) -> bool {
        self.heap().is_some_and(|h| h.short())
    }
    /// [`HeapFacts::code`].
    fn code(&self) -> Option<&Code> {
        self.heap()?.code()
    }
    /// [`HeapFacts::black_box`].
    fn black_box(&self) -> bool {
        self.heap().is_some_and(|h| h.black_box())
    }
    /// [`HeapFacts::splits`].
    fn splits(&self) -> Option<bool> {
        self.heap()?.splits()
    }
    /// [`HeapFacts::longest_move`].
    fn longest_move(&self) -> Option<u64> {
        self.heap()?.longest_move()
    }
    /// [`HeapFacts::period`].
    fn period(&self) -> Option<(u64, u64, u64)> {
        self.heap()?.period()
    }
    /// [`HeapFacts::extend_sequence`].
    fn extend_sequence(
        &self,
        values: &mut Vec<Nimber>,
        to: u64,
        progress: &mut dyn FnMut(u64),
    ) -> Option<Result<()>> {
        self.heap()?.extend_sequence(values, to, progress)
    }
}

impl<G: Game + ?Sized> HeapView for G {}

/// The refusal of a game with no text syntax: `"{name}: positions of this game cannot be written as text"`.
fn no_text_syntax(name: &str) -> Error {
    Error::unsupported(format!(
        "{name}: positions of this game cannot be written as text"
    ))
}

/// A sum of positions as a person reads it: each shown by `show`, joined by ` + `; the empty sum in words.
pub(crate) fn join_sum<P>(sum: &[P], show: impl Fn(&P) -> String) -> String {
    if sum.is_empty() {
        "the empty position".to_string()
    } else {
        sum.iter().map(show).collect::<Vec<_>>().join(" + ")
    }
}

/// How a game's positions are read from text and shown to a person: its *notation*. A game with one implements
/// this trait and returns itself from [`Game::notation`]; the analyses reach it through [`NotationView`]. Only
/// [`Notation::show`] is required.
pub trait Notation<P> {
    /// Reads a sum of positions from words, as the command line writes them (`5 7` for two heaps, `3 5` for one
    /// Wythoff position): the game's text syntax. `None` (the default): the game has no text syntax, and
    /// [`NotationView::parse`] refuses the words. Positions it returns are validated by the caller
    /// ([`Game::validate`]).
    fn parse(&self, words: &[String]) -> Option<Result<Vec<P>>> {
        let _ = words;
        None
    }

    /// What [`Notation::parse`] reads, for help and messages, e.g. `HEAP...` (the default) or `A B [A B]...`.
    fn position_syntax(&self) -> &'static str {
        "HEAP..."
    }

    /// How a position is shown to a person (in the syntax [`Notation::parse`] reads, where there is one).
    fn show(&self, position: &P) -> String;

    /// Describes the move from `from` to the option `to`, in words a student follows; by default `move to ` and
    /// the option shown by [`Notation::show_sum`].
    fn describe_move(&self, from: &P, to: &[P]) -> String {
        let _ = from;
        format!("move to {}", self.show_sum(to))
    }

    /// How a sum of positions is shown: by default each by [`Notation::show`], joined by ` + `.
    fn show_sum(&self, sum: &[P]) -> String {
        join_sum(sum, |p| self.show(p))
    }

    /// A note shown with every analysis of this game (for example, the bound a loopy code is played under); none
    /// by default.
    fn note(&self) -> Option<String> {
        None
    }
}

/// The notation of any game, with the plain fallbacks where it has none ([`Game::notation`], then the
/// [`Notation`] method): how the analyses read and write positions. Implemented for every [`Game`]; a game never
/// implements it itself.
pub trait NotationView: Game {
    /// [`Notation::parse`]; a game without a text syntax refuses: `"{name}: positions of this game cannot be
    /// written as text"`.
    fn parse(&self, words: &[String]) -> Result<Vec<Self::Position>> {
        match self.notation().and_then(|n| n.parse(words)) {
            Some(read) => read,
            None => Err(no_text_syntax(&self.name())),
        }
    }
    /// [`Notation::position_syntax`]; `HEAP...` for a game without a notation.
    fn position_syntax(&self) -> &'static str {
        self.notation().map_or("HEAP...", |n| n.position_syntax())
    }
    /// [`Notation::show`]; the position's `Debug` form for a game without a notation.
    fn show(&self, position: &Self::Position) -> String {
        match self.notation() {
            Some(n) => n.show(position),
            None => format!("{position:?}"),
        }
    }
    /// [`Notation::describe_move`]; `move to ` and the option ([`NotationView::show_sum`]) for a game without a
    /// notation.
    fn describe_move(&self, from: &Self::Position, to: &[Self::Position]) -> String {
        match self.notation() {
            Some(n) => n.describe_move(from, to),
            None => format!("move to {}", self.show_sum(to)),
        }
    }
    /// [`Notation::show_sum`]; the positions' `Debug` forms joined by ` + ` for a game without a notation.
    fn show_sum(&self, sum: &[Self::Position]) -> String {
        match self.notation() {
            Some(n) => n.show_sum(sum),
            None => join_sum(sum, |p| format!("{p:?}")),
        }
    }
    /// [`Notation::note`]; none for a game without a notation.
    fn note(&self) -> Option<String> {
        self.notation()?.note()
    }
}

impl<G: Game + ?Sized> NotationView for G {}

/// What the [`crate::Solver`]'s search reads to go faster: hints, each optional, none changing a value. A game
/// with hints implements this trait and returns itself from [`Game::hints`]; the solver reaches them through
/// [`HintsView`].
pub trait SearchHints<P> {
    /// The bytes `position` holds outside itself (on the heap), for the memory budget of a search's memo
    /// ([`crate::Solver`]); the default is none.
    fn heap_bytes(&self, position: &P) -> usize {
        let _ = position;
        0
    }

    /// Whether the [`crate::Solver`] values this game by tests ("has some option the value `u`?", cut at the first
    /// option found; module `solver::by_tests`) instead of valuing every option. Only for a finite, acyclic game
    /// whose play lasts at most a few hundred moves (that search recurses on the call stack, and cannot detect a
    /// loop); the default is no.
    fn search_by_tests(&self) -> bool {
        false
    }

    /// The value of `position` (a memo key) by tests on `threads` threads, with the exact values proved on the way,
    /// for a game whose positions can be shared between threads: `Some(crate::solver::value_on_threads(self, …))`
    /// (Node Kayles and Arc Kayles). The default, `None`, leaves the search on one thread.
    fn value_on_threads(
        &self,
        position: &P,
        threads: usize,
        limits: Limits,
    ) -> Option<Result<Proved<P>>> {
        let _ = (position, threads, limits);
        None
    }

    /// The size of a position for the order of a search by tests ([`SearchHints::search_by_tests`]): options whose
    /// largest component is smallest are tried first. The default is [`SearchHints::heap_bytes`].
    fn search_size(&self, position: &P) -> u64 {
        self.heap_bytes(position) as u64
    }
}

/// The search hints of any game, the plain search's answers where it has none ([`Game::hints`], then the
/// [`SearchHints`] method): how the solver asks. Implemented for every [`Game`]; a game never implements it
/// itself.
pub trait HintsView: Game {
    /// [`SearchHints::heap_bytes`]; 0 for a game without hints.
    fn heap_bytes(&self, position: &Self::Position) -> usize {
        self.hints().map_or(0, |h| h.heap_bytes(position))
    }
    /// [`SearchHints::search_by_tests`]; false for a game without hints.
    fn search_by_tests(&self) -> bool {
        self.hints().is_some_and(|h| h.search_by_tests())
    }
    /// [`SearchHints::value_on_threads`]; `None` for a game without hints.
    fn value_on_threads(
        &self,
        position: &Self::Position,
        threads: usize,
        limits: Limits,
    ) -> Option<Result<Proved<Self::Position>>> {
        self.hints()?.value_on_threads(position, threads, limits)
    }
    /// [`SearchHints::search_size`]; 0 for a game without hints.
    fn search_size(&self, position: &Self::Position) -> u64 {
        self.hints().map_or(0, |h| h.search_size(position))
    }
}

impl<G: Game + ?Sized> HintsView for G {}

/// How whole numbers name the positions of a game in a table (`grundy table`, `grundy plot`, `grundy pattern`). A
/// game with tables implements this trait and returns itself from [`Game::table`]; the analyses reach it through
/// [`TableView`].
pub trait Tabular<P> {
    /// How many whole numbers name a position: 1 for a heap game (the heap `n`), 2 for a game whose positions are
    /// pairs (Wythoff's `(a, b)`, a `w×h` chocolate bar).
    fn parameters(&self) -> usize;

    /// The largest number a table of this game runs to when the user gives no range (`grundy table`, `grundy
    /// pattern`), where the command's own default (rows and columns 0..9, or 0..19) would search for minutes:
    /// the boards and graphs of a search game grow exponentially with their sides. `None` (the default): the
    /// command's default.
    fn table_extent(&self) -> Option<u64> {
        None
    }

    /// The position named by `params` (`params.len() == self.parameters()`), or `None` when those numbers name
    /// no position (a board with no cells, say). The position is then validated like one read from text.
    fn position_at(&self, params: &[u64]) -> Option<P>;
}

/// The table numbering of any game, none where it has no tables ([`Game::table`], then the [`Tabular`] method):
/// how the tables ask. Implemented for every [`Game`]; a game never implements it itself.
pub trait TableView: Game {
    /// [`Tabular::parameters`]; 0 for a game without tables.
    fn parameters(&self) -> usize {
        self.table().map_or(0, |t| t.parameters())
    }
    /// [`Tabular::table_extent`]; `None` for a game without tables.
    fn table_extent(&self) -> Option<u64> {
        self.table()?.table_extent()
    }
    /// [`Tabular::position_at`]; `None` for a game without tables.
    fn position_at(&self, params: &[u64]) -> Option<Self::Position> {
        self.table()?.position_at(params)
    }
}

impl<G: Game + ?Sized> TableView for G {}

/// A value found on threads, with the exact values of the positions proved on the way (for the caller's memo):
/// what [`SearchHints::value_on_threads`] returns.
pub type Proved<P> = (Nimber, Vec<(P, Nimber)>);

/// Forwards every method of [`Game`] (the core and the capability getters) through a pointer type.
macro_rules! forward_game {
    ($($ptr:ty),*) => {$(
        impl<G: Game + ?Sized> Game for $ptr {
            type Position = G::Position;
            fn name(&self) -> String { (**self).name() }
            fn options(&self, p: &Self::Position, out: &mut Options<Self::Position>) -> Result<()> {
                (**self).options(p, out)
            }
            fn distinct_options(&self, p: &Self::Position, out: &mut Options<Self::Position>) -> Result<()> {
                (**self).distinct_options(p, out)
            }
            fn validate(&self, p: &Self::Position) -> Result<()> { (**self).validate(p) }
            fn check_searchable(&self, p: &Self::Position, limits: &Limits) -> Result<()> { (**self).check_searchable(p, limits) }
            fn components(&self, p: &Self::Position) -> Result<Vec<Self::Position>> { (**self).components(p) }
            fn memo_key<'a>(&self, p: &'a Self::Position) -> std::borrow::Cow<'a, Self::Position> {
                (**self).memo_key(p)
            }
            fn play(&self) -> Play { (**self).play() }
            fn closed_form(&self) -> Option<&dyn ClosedForm<Self::Position>> { (**self).closed_form() }
            fn notation(&self) -> Option<&dyn Notation<Self::Position>> { (**self).notation() }
            fn hints(&self) -> Option<&dyn SearchHints<Self::Position>> { (**self).hints() }
            fn table(&self) -> Option<&dyn Tabular<Self::Position>> { (**self).table() }
            fn heap(&self) -> Option<&dyn HeapFacts> { (**self).heap() }
        }
    )*};
}
forward_game!(&G, Box<G>, std::rc::Rc<G>);
