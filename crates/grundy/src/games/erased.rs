//! One game type for many: [`DynGame`], a [`Game`] whose positions are type-erased ([`DynPos`]), through which the
//! catalog analyses the games whose values come from closed forms (Wythoff's game, Staircase Nim, Cutting, …) and
//! the tuple and list scripts (whose positions, lists of numbers, it holds as they are), so that the generic analysis
//! (the solver, sums, winning moves, misère search) is compiled once for all of them instead of once per game type.
//!
//! **Why.** Every analysis is generic over [`Game`], so each game type the catalog names instantiates all of it:
//! with 15 game types analysed directly, the library's release build held 1.42 million lines of LLVM IR, and the 11
//! games made through [`DynGame`] accounted for 236,000 of them (`cargo llvm-lines`; `benches/RESULTS.md`, "Issue 41").
//! **Cost.** Each comparison and hash of a memo key is a branch on the position's form, and a position of a type
//! other than the common small ones ([`DynPos`]) is one allocation more: a plain search of these games is slower by
//! a small factor, which is why the games whose searches are long keep their own positions: Cram and Chomp their own
//! instantiation ([`crate::games::registry::erase`]), Node and Arc Kayles one shared by both, whose rules are behind a
//! pointer and whose positions are graphs as they are ([`crate::games::registry::erase_rules`]). Nothing else
//! changes: [`DynGame`] answers every method of [`Game`] and of each capability the game has ([`ClosedForm`],
//! [`Notation`], [`SearchHints`], [`Tabular`]) by the game's own, and has no capability the game does not have.

use crate::error::Result;
use crate::game::{ClosedForm, Game, Notation, Options, SearchHints, Tabular};
use crate::{Context, Limits, Nimber, Outcome, Play};
use std::any::Any;
use std::cell::RefCell;
use std::fmt::Debug;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// A position of a [`DynGame`]: the game's own position, compared and hashed as that position is (positions of two
/// different types are never equal). The position types of the catalog's games that are a word or two (`u32`,
/// `u64`, `(u64, u64)`, `Vec<u64>`) are held as they are; any other behind a shared pointer. (Held so, an option
/// costs no allocation more than the game's own: with every position behind a pointer, a misère search of Fibonacci
/// Nim spent 40% of its time allocating and freeing them.)
#[derive(Clone)]
pub struct DynPos(Repr);

#[derive(Clone)]
enum Repr {
    Small(u32),
    Word(u64),
    Pair((u64, u64)),
    Words(Vec<u64>),
    Other(Rc<dyn AnyPos>),
}

impl DynPos {
    /// The position `p` of a game whose positions are of type `P`.
    pub fn new<P: Clone + Eq + Hash + Debug + 'static>(p: P) -> DynPos {
        // (Each test is of two constant type ids, decided when `new` is compiled for `P`.)
        let any: &dyn Any = &p;
        let repr = if let Some(&x) = any.downcast_ref::<u32>() {
            Repr::Small(x)
        } else if let Some(&x) = any.downcast_ref::<u64>() {
            Repr::Word(x)
        } else if let Some(&x) = any.downcast_ref::<(u64, u64)>() {
            Repr::Pair(x)
        } else if any.is::<Vec<u64>>() {
            let mut p = Some(p);
            let words = (&mut p as &mut dyn Any)
                .downcast_mut::<Option<Vec<u64>>>()
                .and_then(Option::take)
                .expect("a Vec<u64>");
            Repr::Words(words)
        } else {
            Repr::Other(Rc::new(p))
        };
        DynPos(repr)
    }

    /// The game's own position, when it is of type `P`.
    pub fn get<P: 'static>(&self) -> Option<&P> {
        let any: &dyn Any = match &self.0 {
            Repr::Small(x) => x,
            Repr::Word(x) => x,
            Repr::Pair(x) => x,
            Repr::Words(x) => x,
            Repr::Other(p) => return p.as_any().downcast_ref(),
        };
        any.downcast_ref()
    }
}

/// What a [`DynPos`] asks of the position behind it.
trait AnyPos: Debug {
    fn as_any(&self) -> &dyn Any;
    fn eq_dyn(&self, other: &dyn AnyPos) -> bool;
    fn hash_dyn(&self, state: &mut dyn Hasher);
}

impl<P: Eq + Hash + Debug + 'static> AnyPos for P {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn eq_dyn(&self, other: &dyn AnyPos) -> bool {
        other.as_any().downcast_ref::<P>() == Some(self)
    }
    fn hash_dyn(&self, mut state: &mut dyn Hasher) {
        self.hash(&mut state)
    }
}

impl PartialEq for Repr {
    #[inline]
    fn eq(&self, other: &Repr) -> bool {
        match (self, other) {
            (Repr::Small(a), Repr::Small(b)) => a == b,
            (Repr::Word(a), Repr::Word(b)) => a == b,
            (Repr::Pair(a), Repr::Pair(b)) => a == b,
            (Repr::Words(a), Repr::Words(b)) => a == b,
            (Repr::Other(a), Repr::Other(b)) => Rc::ptr_eq(a, b) || a.eq_dyn(&**b),
            _ => false,
        }
    }
}

impl Eq for Repr {}

impl Hash for Repr {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            Repr::Small(x) => x.hash(state),
            Repr::Word(x) => x.hash(state),
            Repr::Pair(x) => x.hash(state),
            Repr::Words(x) => x.hash(state),
            Repr::Other(p) => p.hash_dyn(state),
        }
    }
}

impl PartialEq for DynPos {
    fn eq(&self, other: &DynPos) -> bool {
        self.0 == other.0
    }
}

impl Eq for DynPos {}

impl Hash for DynPos {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state)
    }
}

impl Debug for DynPos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Repr::Small(x) => x.fmt(f),
            Repr::Word(x) => x.fmt(f),
            Repr::Pair(x) => x.fmt(f),
            Repr::Words(x) => x.fmt(f),
            Repr::Other(p) => p.fmt(f),
        }
    }
}

/// The game's rules and capabilities with its positions erased: one implementation per game type ([`Own`]), small
/// beside the analyses it spares.
trait AnyRules {
    fn name(&self) -> String;
    fn options(&self, p: &DynPos, out: &mut Options<DynPos>, distinct: bool) -> Result<()>;
    fn validate(&self, p: &DynPos) -> Result<()>;
    fn check_searchable(&self, p: &DynPos, limits: &Limits) -> Result<()>;
    fn components(&self, p: &DynPos) -> Result<Vec<DynPos>>;
    /// The memo key, `None` when it is the position itself.
    fn memo_key(&self, p: &DynPos) -> Option<DynPos>;
    fn play(&self) -> Play;
    // Closed forms (only asked when the game has them).
    fn nim_value(&self, p: &DynPos, cx: &Context) -> Option<Nimber>;
    fn outcome(&self, p: &DynPos, play: Play, cx: &Context) -> Option<Outcome>;
    fn options_with_value(
        &self,
        p: &DynPos,
        target: Nimber,
        cx: &Context,
    ) -> Option<Vec<Vec<DynPos>>>;
    fn winning_options(&self, p: &DynPos, play: Play, cx: &Context) -> Option<Vec<Vec<DynPos>>>;
    fn outcome_by_search(&self) -> bool;
    // Notation (only asked when the game has one).
    fn parse(&self, words: &[String]) -> Option<Result<Vec<DynPos>>>;
    fn position_syntax(&self) -> &'static str;
    fn show(&self, p: &DynPos) -> String;
    fn describe_move(&self, from: &DynPos, to: &[DynPos]) -> String;
    fn show_sum(&self, sum: &[DynPos]) -> String;
    fn note(&self) -> Option<String>;
    // Search hints (only asked when the game has them).
    fn heap_bytes(&self, p: &DynPos) -> usize;
    fn search_by_tests(&self) -> bool;
    fn value_on_threads(
        &self,
        p: &DynPos,
        threads: usize,
        limits: Limits,
    ) -> Option<Result<crate::game::Proved<DynPos>>>;
    fn search_size(&self, p: &DynPos) -> u64;
    // Tables (only asked when the game has them).
    fn parameters(&self) -> usize;
    fn table_extent(&self) -> Option<u64>;
    fn position_at(&self, params: &[u64]) -> Option<DynPos>;
}

/// A game of type `G` seen through [`AnyRules`], with a buffer for its own options.
struct Own<G: Game> {
    game: G,
    buf: RefCell<Options<G::Position>>,
}

impl<G: Game> Own<G>
where
    G::Position: 'static,
{
    /// The game's own position behind `p`: every [`DynPos`] a [`DynGame`] is given was made by it from a position
    /// of its game (by parsing, a table's cell, an option or a component), so another type is a bug.
    fn own<'a>(&self, p: &'a DynPos) -> &'a G::Position {
        p.get::<G::Position>()
            .expect("a position of an erased game is of the game's own type")
    }
    fn owns(&self, ps: &[DynPos]) -> Vec<G::Position> {
        ps.iter().map(|p| self.own(p).clone()).collect()
    }
    fn wrap(ps: Vec<G::Position>) -> Vec<DynPos> {
        ps.into_iter().map(DynPos::new).collect()
    }
    fn wrap_all(options: Vec<Vec<G::Position>>) -> Vec<Vec<DynPos>> {
        options.into_iter().map(Self::wrap).collect()
    }
}

impl<G: Game> AnyRules for Own<G>
where
    G::Position: 'static,
{
    fn name(&self) -> String {
        self.game.name()
    }
    fn options(&self, p: &DynPos, out: &mut Options<DynPos>, distinct: bool) -> Result<()> {
        // (Reentrant: a game's options never ask for another position's options, so the buffer is free here.)
        let mut buf = self.buf.borrow_mut();
        buf.clear();
        if distinct {
            self.game.distinct_options(self.own(p), &mut buf)?;
        } else {
            self.game.options(self.own(p), &mut buf)?;
        }
        buf.move_into(out, DynPos::new);
        Ok(())
    }
    fn validate(&self, p: &DynPos) -> Result<()> {
        self.game.validate(self.own(p))
    }
    fn check_searchable(&self, p: &DynPos, limits: &Limits) -> Result<()> {
        self.game.check_searchable(self.own(p), limits)
    }
    fn components(&self, p: &DynPos) -> Result<Vec<DynPos>> {
        Ok(Self::wrap(self.game.components(self.own(p))?))
    }
    fn memo_key(&self, p: &DynPos) -> Option<DynPos> {
        match self.game.memo_key(self.own(p)) {
            std::borrow::Cow::Borrowed(_) => None,
            std::borrow::Cow::Owned(k) => Some(DynPos::new(k)),
        }
    }
    fn play(&self) -> Play {
        self.game.play()
    }
    fn nim_value(&self, p: &DynPos, cx: &Context) -> Option<Nimber> {
        self.game.closed_form()?.nim_value(self.own(p), cx)
    }
    fn outcome(&self, p: &DynPos, play: Play, cx: &Context) -> Option<Outcome> {
        self.game.closed_form()?.outcome(self.own(p), play, cx)
    }
    fn options_with_value(
        &self,
        p: &DynPos,
        target: Nimber,
        cx: &Context,
    ) -> Option<Vec<Vec<DynPos>>> {
        let found = self
            .game
            .closed_form()?
            .options_with_value(self.own(p), target, cx)?;
        Some(Self::wrap_all(found))
    }
    fn winning_options(&self, p: &DynPos, play: Play, cx: &Context) -> Option<Vec<Vec<DynPos>>> {
        let found = self
            .game
            .closed_form()?
            .winning_options(self.own(p), play, cx)?;
        Some(Self::wrap_all(found))
    }
    fn outcome_by_search(&self) -> bool {
        self.game
            .closed_form()
            .is_some_and(|c| c.outcome_by_search())
    }
    fn parse(&self, words: &[String]) -> Option<Result<Vec<DynPos>>> {
        Some(self.game.notation()?.parse(words)?.map(Self::wrap))
    }
    fn position_syntax(&self) -> &'static str {
        self.game
            .notation()
            .map_or("HEAP...", |n| n.position_syntax())
    }
    fn show(&self, p: &DynPos) -> String {
        match self.game.notation() {
            Some(n) => n.show(self.own(p)),
            None => format!("{p:?}"),
        }
    }
    fn describe_move(&self, from: &DynPos, to: &[DynPos]) -> String {
        match self.game.notation() {
            Some(n) => n.describe_move(self.own(from), &self.owns(to)),
            None => format!("move to {}", self.show_sum(to)),
        }
    }
    fn show_sum(&self, sum: &[DynPos]) -> String {
        match self.game.notation() {
            Some(n) => n.show_sum(&self.owns(sum)),
            None => crate::game::join_sum(sum, |p| format!("{p:?}")),
        }
    }
    fn note(&self) -> Option<String> {
        self.game.notation()?.note()
    }
    fn heap_bytes(&self, p: &DynPos) -> usize {
        // The game's own estimate, and the shared pointer's allocation (two counts and the position) when the
        // position is held behind one.
        let own = self.game.hints().map_or(0, |h| h.heap_bytes(self.own(p)));
        let pointer = match p.0 {
            Repr::Other(_) => 2 * std::mem::size_of::<usize>() + std::mem::size_of::<G::Position>(),
            _ => 0,
        };
        own + pointer
    }
    fn search_by_tests(&self) -> bool {
        self.game.hints().is_some_and(|h| h.search_by_tests())
    }
    fn value_on_threads(
        &self,
        p: &DynPos,
        threads: usize,
        limits: Limits,
    ) -> Option<Result<crate::game::Proved<DynPos>>> {
        let found = self
            .game
            .hints()?
            .value_on_threads(self.own(p), threads, limits)?;
        Some(found.map(|(v, parts)| {
            let parts = parts
                .into_iter()
                .map(|(q, w)| (DynPos::new(q), w))
                .collect();
            (v, parts)
        }))
    }
    fn search_size(&self, p: &DynPos) -> u64 {
        self.game.hints().map_or(0, |h| h.search_size(self.own(p)))
    }
    fn parameters(&self) -> usize {
        self.game.table().map_or(0, |t| t.parameters())
    }
    fn table_extent(&self) -> Option<u64> {
        self.game.table()?.table_extent()
    }
    fn position_at(&self, params: &[u64]) -> Option<DynPos> {
        self.game.table()?.position_at(params).map(DynPos::new)
    }
}

/// A game with its positions erased ([`DynPos`]): the same rules, values, moves and capabilities as the game it was
/// made from ([`DynGame::new`]), analysed by code compiled once for every game made so.
pub struct DynGame {
    rules: Box<dyn AnyRules>,
    closed_form: bool,
    notation: bool,
    hints: bool,
    table: bool,
}

impl DynGame {
    /// The game `game` with its positions erased. A heap game is analysed from its nim-value sequence instead
    /// ([`crate::games::registry::erase_heap`]); made so, it would lose its heap facts, so it is refused.
    ///
    /// # Panics
    /// When `game` is a heap game ([`Game::heap`]): a bug of the caller.
    pub fn new<G: Game + 'static>(game: G) -> DynGame
    where
        G::Position: 'static,
    {
        assert!(game.heap().is_none(), "a heap game is not erased");
        DynGame {
            closed_form: game.closed_form().is_some(),
            notation: game.notation().is_some(),
            hints: game.hints().is_some(),
            table: game.table().is_some(),
            rules: Box::new(Own {
                game,
                buf: RefCell::new(Options::new()),
            }),
        }
    }
}

impl Game for DynGame {
    type Position = DynPos;

    fn name(&self) -> String {
        self.rules.name()
    }
    fn options(&self, position: &DynPos, out: &mut Options<DynPos>) -> Result<()> {
        self.rules.options(position, out, false)
    }
    fn distinct_options(&self, position: &DynPos, out: &mut Options<DynPos>) -> Result<()> {
        self.rules.options(position, out, true)
    }
    fn validate(&self, position: &DynPos) -> Result<()> {
        self.rules.validate(position)
    }
    fn check_searchable(&self, position: &DynPos, limits: &Limits) -> Result<()> {
        self.rules.check_searchable(position, limits)
    }
    fn components(&self, position: &DynPos) -> Result<Vec<DynPos>> {
        self.rules.components(position)
    }
    fn memo_key<'a>(&self, position: &'a DynPos) -> std::borrow::Cow<'a, DynPos> {
        match self.rules.memo_key(position) {
            None => std::borrow::Cow::Borrowed(position),
            Some(k) => std::borrow::Cow::Owned(k),
        }
    }
    fn play(&self) -> Play {
        self.rules.play()
    }
    fn closed_form(&self) -> Option<&dyn ClosedForm<DynPos>> {
        self.closed_form.then_some(self as &dyn ClosedForm<DynPos>)
    }
    fn notation(&self) -> Option<&dyn Notation<DynPos>> {
        self.notation.then_some(self as &dyn Notation<DynPos>)
    }
    fn hints(&self) -> Option<&dyn SearchHints<DynPos>> {
        self.hints.then_some(self as &dyn SearchHints<DynPos>)
    }
    fn table(&self) -> Option<&dyn Tabular<DynPos>> {
        self.table.then_some(self as &dyn Tabular<DynPos>)
    }
}

impl ClosedForm<DynPos> for DynGame {
    fn nim_value(&self, position: &DynPos, cx: &Context) -> Option<Nimber> {
        self.rules.nim_value(position, cx)
    }
    fn outcome(&self, position: &DynPos, play: Play, cx: &Context) -> Option<Outcome> {
        self.rules.outcome(position, play, cx)
    }
    fn options_with_value(
        &self,
        position: &DynPos,
        target: Nimber,
        cx: &Context,
    ) -> Option<Vec<Vec<DynPos>>> {
        self.rules.options_with_value(position, target, cx)
    }
    fn winning_options(
        &self,
        position: &DynPos,
        play: Play,
        cx: &Context,
    ) -> Option<Vec<Vec<DynPos>>> {
        self.rules.winning_options(position, play, cx)
    }
    fn outcome_by_search(&self) -> bool {
        self.rules.outcome_by_search()
    }
}

impl Notation<DynPos> for DynGame {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<DynPos>>> {
        self.rules.parse(words)
    }
    fn position_syntax(&self) -> &'static str {
        self.rules.position_syntax()
    }
    fn show(&self, position: &DynPos) -> String {
        self.rules.show(position)
    }
    fn describe_move(&self, from: &DynPos, to: &[DynPos]) -> String {
        self.rules.describe_move(from, to)
    }
    fn show_sum(&self, sum: &[DynPos]) -> String {
        self.rules.show_sum(sum)
    }
    fn note(&self) -> Option<String> {
        self.rules.note()
    }
}

impl SearchHints<DynPos> for DynGame {
    fn heap_bytes(&self, position: &DynPos) -> usize {
        self.rules.heap_bytes(position)
    }
    fn search_by_tests(&self) -> bool {
        self.rules.search_by_tests()
    }
    fn value_on_threads(
        &self,
        position: &DynPos,
        threads: usize,
        limits: Limits,
    ) -> Option<Result<crate::game::Proved<DynPos>>> {
        self.rules.value_on_threads(position, threads, limits)
    }
    fn search_size(&self, position: &DynPos) -> u64 {
        self.rules.search_size(position)
    }
}

impl Tabular<DynPos> for DynGame {
    fn parameters(&self) -> usize {
        self.rules.parameters()
    }
    fn table_extent(&self) -> Option<u64> {
        self.rules.table_extent()
    }
    fn position_at(&self, params: &[u64]) -> Option<DynPos> {
        self.rules.position_at(params)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{HintsView, Known, NotationView, TableView};
    use std::collections::HashMap;

    /// The nim-value of `p` by the definition (the mex of its options' values), memoised: the reference, small
    /// beside the solver, which this test would otherwise compile once for every game it reads.
    fn brute<G: Game>(game: &G, p: &G::Position, memo: &mut HashMap<G::Position, u64>) -> u64 {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let mut options = Options::new();
        game.options(p, &mut options).unwrap();
        let seen: Vec<u64> = options
            .iter()
            .map(|o| o.iter().fold(0, |a, q| a ^ brute(game, q, memo)))
            .collect();
        let v = (0..).find(|v| !seen.contains(v)).unwrap();
        memo.insert(p.clone(), v);
        v
    }

    /// What an analysis reads of `p` in `game`, as text: validation, components, memo key, each move as it is
    /// described, the closed forms' answers under both conventions, and the nim-value by the definition.
    fn reading<G: Game>(game: G, positions: &[G::Position]) -> Vec<String> {
        let cx = Context::default();
        let mut memo = HashMap::new();
        let mut out = Vec::new();
        for p in positions {
            let mut line = format!("{:?}", game.validate(p).map_err(|e| e.to_string()));
            let comps = game.components(p).unwrap();
            line += &format!(" parts {}", game.show_sum(&comps));
            line += &format!(" key {}", game.show(&game.memo_key(p)));
            let mut options = Options::new();
            game.options(p, &mut options).unwrap();
            for o in options.iter() {
                line += &format!(" | {}", game.describe_move(p, o));
            }
            let mut distinct = Options::new();
            game.distinct_options(p, &mut distinct).unwrap();
            line += &format!(" distinct {}", distinct.len());
            for play in [Play::Normal, Play::Misere] {
                line += &format!(" {:?}", game.known_outcome(p, play, &cx));
                let wins = game.known_winning_options(p, play, &cx);
                line += &format!(
                    " {:?}",
                    wins.map(|w| w.iter().map(|o| game.show_sum(o)).collect::<Vec<_>>())
                );
            }
            line += &format!(
                " known {:?} size {}",
                game.known_value(p, &cx),
                game.search_size(p)
            );
            let searchable =
                game.validate(p).is_ok() && game.check_searchable(p, &cx.limits).is_ok();
            if searchable && game.play() == Play::Normal {
                let v = comps.iter().fold(0, |a, q| a ^ brute(&game, q, &mut memo));
                line += &format!(" value {v}");
            }
            out.push(line);
        }
        out
    }

    /// `make()` read directly and through [`DynGame`] on the positions named by `words` and by table cells.
    fn same<G: Game + 'static>(make: impl Fn() -> G, words: &[&str], cells: &[Vec<u64>])
    where
        G::Position: 'static,
    {
        let own = make();
        let dynamic = DynGame::new(make());
        assert_eq!(facts(&own), facts(&dynamic));
        let mine = positions(&own, words, cells);
        let theirs = positions(&dynamic, words, cells);
        assert_eq!(mine.len(), theirs.len());
        assert!(!mine.is_empty());
        let normal = own.play() == Play::Normal;
        let read = reading(own, &mine);
        assert!(
            !normal || read.iter().any(|l| l.contains(" value ")),
            "{read:?}"
        );
        assert_eq!(read, reading(dynamic, &theirs));
    }

    /// The facts of a game that are not about a position.
    fn facts<G: Game>(g: &G) -> String {
        format!(
            "{} {} {:?} {} {:?} {} {} {} {}",
            g.name(),
            g.position_syntax(),
            g.play(),
            g.parameters(),
            g.table_extent(),
            g.closed_form().is_some(),
            g.notation().is_some(),
            g.hints().is_some(),
            g.table().is_some()
        )
    }

    /// The positions `words` (each a position's words) and `cells` (a table's cells) name in `g`.
    fn positions<G: Game>(g: &G, words: &[&str], cells: &[Vec<u64>]) -> Vec<G::Position> {
        let mut out = Vec::new();
        for w in words {
            let words: Vec<String> = w.split(' ').map(str::to_string).collect();
            out.extend(g.parse(&words).unwrap());
        }
        for c in cells {
            out.extend(g.position_at(c));
        }
        out
    }

    fn grid(a: u64, b: u64) -> Vec<Vec<u64>> {
        (0..a)
            .flat_map(|i| (0..b).map(move |j| vec![i, j]))
            .collect()
    }

    #[test]
    fn erased_games_read_as_their_own() {
        use crate::games::*;
        same(wythoff::WythoffGame::default, &["7 4", "0 0"], &grid(9, 9));
        same(cutting::CuttingGame::default, &["3x5"], &grid(7, 7));
        same(|| ed::EAndDGame, &["5 8"], &grid(8, 8));
        same(
            fibonacci_nim::FibonacciNim::new,
            &["9", "20 3"],
            &grid(12, 5),
        );
        same(|| staircase::StaircaseGame, &["3 0 2 1", "1 1"], &[]);
        same(|| staircase::ChessmenGame, &["1 4 9", "2 3"], &[]);
        same(arpa::ArpaGame::default, &["12 18 30", "7"], &[]);
        same(|| candy_piles::CandyPilesGame, &["3 2 1", "4"], &[]);
        same(|| chocolate::ChocolateGame, &["3 4", "5"], &[]);
    }

    #[test]
    fn positions_compare_and_hash_as_their_own_and_never_across_types() {
        use std::collections::hash_map::DefaultHasher;
        let hash = |p: &DynPos| {
            let mut h = DefaultHasher::new();
            p.hash(&mut h);
            h.finish()
        };
        let a = DynPos::new((3u64, 4u64));
        let b = DynPos::new((3u64, 4u64));
        assert_eq!(a, b);
        assert_eq!(hash(&a), hash(&b));
        assert_ne!(a, DynPos::new((4u64, 3u64)));
        assert_ne!(a, DynPos::new(vec![3u64, 4]));
        assert_eq!(a.get::<(u64, u64)>(), Some(&(3, 4)));
        assert_eq!(a.get::<u64>(), None);
        assert_eq!(format!("{a:?}"), "(3, 4)");
        // Each of the forms held as they are, and one behind a pointer.
        let words = DynPos::new(vec![1u64, 2, 3]);
        assert_eq!(words.get::<Vec<u64>>(), Some(&vec![1, 2, 3]));
        assert_eq!(words, DynPos::new(vec![1u64, 2, 3]));
        assert_ne!(words, DynPos::new(vec![1u64, 2]));
        assert_eq!(DynPos::new(7u32).get::<u32>(), Some(&7));
        assert_ne!(DynPos::new(7u32), DynPos::new(7u64));
        let other = DynPos::new(vec![1u32, 2]);
        assert_eq!(other.get::<Vec<u32>>(), Some(&vec![1, 2]));
        assert_eq!(other, DynPos::new(vec![1u32, 2]));
        assert_eq!(hash(&other), hash(&DynPos::new(vec![1u32, 2])));
        assert_ne!(other, words);
        assert_eq!(format!("{other:?} {words:?}"), "[1, 2] [1, 2, 3]");
    }
}
