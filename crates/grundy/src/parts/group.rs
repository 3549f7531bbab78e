//! The positions of one game in a sum, behind one object-safe interface: how [`super::Sum`] holds parts of different
//! games, typed positions included, and how every analysis reaches each game's one statement of its rules.
//!
//! Two kinds of group exist, and the choice between them is made here, not by the caller:
//! - [`GameGroup`]: any [`Game`], valued by the memoised [`Solver`] after the game's closed forms;
//! - [`HeapGroup`]: a heap game ([`crate::HeapView::is_heap_game`]), valued from a nim-value sequence computed once by the
//!   cheapest exact method ([`crate::heap::table::HeapTable`]), so a heap of 10^12 costs what its certified period
//!   costs.

use crate::context::Context;
use crate::error::{Error, ErrorKind, Result};
use crate::game::HeapView;
use crate::game::NotationView;
use crate::game::{Game, Known, Options, Outcome, Play};
use crate::heap::table::{HeapComponent, HeapTable};
use crate::heap::HeapGame;
use crate::misere::search::{HeapPositions, Numbered, NumberedGame};
use crate::nimber::Nimber;
use crate::solver::{Limits, Solver};
use crate::sum::{Component, Move};
use std::cell::RefCell;
use std::rc::Rc;

/// The positions of one game in a sum.
pub(crate) trait Group {
    /// The game's name.
    fn name(&self) -> String;
    /// The convention the game's own rules are played under ([`Game::play`]).
    fn own_play(&self) -> Play;
    /// How many positions (components) the group holds.
    fn len(&self) -> usize;
    /// Position `i` as the game writes it.
    fn show(&self, i: usize) -> String;
    /// The game's note, shown with every analysis.
    fn note(&self) -> Option<String>;
    /// Runs the group's searches (and its game's closed forms) under `cx` from now on.
    fn set_context(&self, cx: &Context);
    /// The normal-play parts, in order (sharing the group's memo).
    fn components(&self) -> Vec<Box<dyn Component>>;
    /// For a heap game: the game and the heaps.
    fn heaps(&self) -> Option<(Rc<HeapGame>, Vec<u64>)>;
    /// The game for the exact misère search, with the numbers of the group's positions (each checked to be
    /// searchable first).
    fn misere_game(&self) -> Result<(Box<dyn Numbered>, Vec<u64>)>;
    /// Position `i` standing alone under `play`, when a proved rule gives its outcome: the outcome and every move to
    /// a P-position.
    fn alone(&self, i: usize, play: Play) -> Option<(Outcome, Vec<Move>)>;
    /// The take-and-break code of the game, when it has one (loopy play of codes has its own solvers).
    fn code(&self) -> Option<crate::heap::Code>;
    /// For loopy analysis: the game's options of position `i` and of every position reachable from it, numbered,
    /// as a graph with the numbers of the group's positions; `None` when an option is a sum of two or more
    /// components (the multiset analysis of [`crate::loopy::multiset`] is for codes).
    fn reachable(&self, max_positions: usize) -> Option<Result<Reachable>>;
    /// The group's game as a session of play sees it ([`super::play`]): positions numbered, their options listed,
    /// moves described, and groups of any of its positions made again (sharing the group's memo).
    fn playable(&self) -> Box<dyn Playable>;
}

/// One game of a sum as a session of play ([`super::play`]) sees it: its positions numbered by `u64` (a heap game
/// numbers them by heap size), with their options, descriptions and normal-play nim-values, and a [`Group`] of any
/// of its positions for the analyses of [`super::analyse`]. The memo of the group it was made from is shared.
pub(crate) trait Playable {
    /// The game's name.
    fn name(&self) -> String;
    /// The numbers of the positions of the group it was made from, in order.
    fn roots(&self) -> Vec<u64>;
    /// Position `p` as the game writes it.
    fn show(&self, p: u64) -> String;
    /// A sum of positions (an option) as the game writes it; `0` for an emptied heap.
    fn show_sum(&self, to: &[u64]) -> String;
    /// The move from `p` to the option `to`, in words.
    fn describe(&self, p: u64, to: &[u64]) -> String;
    /// True when positions are heaps, numbered by their size.
    fn is_heap(&self) -> bool;
    /// The options of `p` (each a sum of positions), or an error when the game refuses to list them (a position
    /// too large to search) or there are more than `limit`.
    fn options(&mut self, p: u64, limit: usize) -> Result<Vec<Vec<u64>>>;
    /// The normal-play nim-value of `p` (closed form, heap table or memoised search).
    fn nim_value(&mut self, p: u64) -> Result<Nimber>;
    /// A group holding the positions `ps`, for an analysis of the sum they are part of.
    fn group(&self, ps: &[u64]) -> Box<dyn Group>;
}

/// The error for a position with more than `limit` options.
fn too_many_options(name: &str, shown: &str, limit: usize) -> Error {
    Error::limit(format!(
        "{name} {shown}: more than {limit} moves, too many to play by listing them ('grundy value' analyses it)"
    ))
}

/// The positions of any game, numbered as they are met, for play.
struct GamePlay<G: Game> {
    game: Rc<G>,
    solver: Rc<RefCell<Solver<Rc<G>>>>,
    /// Positions are told apart by how they are shown too: equal positions (one memo entry) may be different
    /// places on the board, such as two isomorphic components of a graph with different vertices, and a move in
    /// one must not be shown as a move in the other.
    ids: rustc_hash::FxHashMap<(G::Position, String), u64>,
    positions: Vec<G::Position>,
    roots: Vec<u64>,
}

impl<G: Game> GamePlay<G> {
    fn id(&mut self, p: &G::Position) -> u64 {
        let key = (p.clone(), self.game.show(p));
        if let Some(&i) = self.ids.get(&key) {
            return i;
        }
        let i = self.positions.len() as u64;
        self.positions.push(p.clone());
        self.ids.insert(key, i);
        i
    }
    fn at(&self, ps: &[u64]) -> Vec<G::Position> {
        ps.iter()
            .map(|&q| self.positions[q as usize].clone())
            .collect()
    }
}

impl<G: Game + 'static> Playable for GamePlay<G>
where
    G::Position: 'static,
{
    fn name(&self) -> String {
        self.game.name()
    }
    fn roots(&self) -> Vec<u64> {
        self.roots.clone()
    }
    fn show(&self, p: u64) -> String {
        self.game.show(&self.positions[p as usize])
    }
    fn show_sum(&self, to: &[u64]) -> String {
        self.game.show_sum(&self.at(to))
    }
    fn describe(&self, p: u64, to: &[u64]) -> String {
        self.game
            .describe_move(&self.positions[p as usize], &self.at(to))
    }
    fn is_heap(&self) -> bool {
        false
    }
    fn options(&mut self, p: u64, limit: usize) -> Result<Vec<Vec<u64>>> {
        let pos = self.positions[p as usize].clone();
        let limits = self.solver.borrow().limits();
        self.game.check_searchable(&pos, &limits)?;
        let mut buf = Options::new();
        self.game.options(&pos, &mut buf)?;
        if buf.len() > limit {
            return Err(too_many_options(&self.game.name(), &self.show(p), limit));
        }
        Ok(buf
            .iter()
            .map(|o| o.iter().map(|q| self.id(q)).collect())
            .collect())
    }
    fn nim_value(&mut self, p: u64) -> Result<Nimber> {
        Part {
            game: self.game.clone(),
            solver: self.solver.clone(),
            position: self.positions[p as usize].clone(),
        }
        .nim_value()
    }
    fn group(&self, ps: &[u64]) -> Box<dyn Group> {
        Box::new(GameGroup {
            game: self.game.clone(),
            positions: self.at(ps),
            solver: self.solver.clone(),
        })
    }
}

/// Heaps of a heap game for play: a heap is numbered by its size.
struct HeapPlay {
    game: Rc<HeapGame>,
    table: Rc<RefCell<HeapTable>>,
    heaps: Vec<u64>,
}

impl Playable for HeapPlay {
    fn name(&self) -> String {
        self.game.name()
    }
    fn roots(&self) -> Vec<u64> {
        self.heaps.clone()
    }
    fn show(&self, p: u64) -> String {
        self.game.show(&p)
    }
    fn show_sum(&self, to: &[u64]) -> String {
        show_heaps(to)
    }
    fn describe(&self, p: u64, to: &[u64]) -> String {
        self.game.describe_move(&p, to)
    }
    fn is_heap(&self) -> bool {
        true
    }
    fn options(&mut self, p: u64, limit: usize) -> Result<Vec<Vec<u64>>> {
        let mut buf = Options::new();
        let all = match self.game.code() {
            Some(code) => crate::misere::search::code_options_within(code, p, &mut buf, limit),
            None => {
                let limits = self.table.borrow().context().limits;
                self.game.check_searchable(&p, &limits)?;
                self.game.options(&p, &mut buf)?;
                buf.len() <= limit
            }
        };
        if !all {
            return Err(too_many_options(&self.game.name(), &p.to_string(), limit));
        }
        Ok(buf.iter().map(<[u64]>::to_vec).collect())
    }
    fn nim_value(&mut self, p: u64) -> Result<Nimber> {
        self.table.borrow_mut().value(p)
    }
    fn group(&self, ps: &[u64]) -> Box<dyn Group> {
        Box::new(HeapGroup {
            game: self.game.clone(),
            table: self.table.clone(),
            heaps: ps.to_vec(),
        })
    }
}

/// Positions reachable from a group's positions, numbered from 0, with their single-component options.
pub(crate) struct Reachable {
    /// Each position as the game shows it, by number.
    pub shown: Vec<String>,
    /// The options of each position, by number.
    pub edges: Vec<(u32, u32)>,
    /// The numbers of the group's positions.
    pub roots: Vec<u32>,
    /// Describes the move from position `from` to `to`, by number.
    pub describe: Box<dyn Fn(u32, u32) -> String>,
}

/// Positions of any game, valued by the memoised solver after the game's closed forms.
pub(crate) struct GameGroup<G: Game> {
    game: Rc<G>,
    positions: Vec<G::Position>,
    solver: Rc<RefCell<Solver<Rc<G>>>>,
}

impl<G: Game + 'static> GameGroup<G>
where
    G::Position: 'static,
{
    /// The positions (each validated) of `game`, valued under `limits`; a position that is a sum of
    /// [`Game::components`] is valued by the nim-sum of theirs.
    pub fn new(game: Rc<G>, positions: Vec<G::Position>, limits: Limits) -> Result<Self> {
        for p in &positions {
            game.validate(p)?;
        }
        let solver = Rc::new(RefCell::new(Solver::with_limits(game.clone(), limits)));
        Ok(GameGroup {
            game,
            positions,
            solver,
        })
    }
}

impl<G: Game + 'static> GameGroup<G>
where
    G::Position: 'static,
{
    /// The positions (each validated) of `game`, valued by `solver`, shared with the caller (a saved table).
    pub fn with_solver(
        game: Rc<G>,
        positions: Vec<G::Position>,
        solver: Rc<RefCell<Solver<Rc<G>>>>,
    ) -> Result<Self> {
        for p in &positions {
            game.validate(p)?;
        }
        Ok(GameGroup {
            game,
            positions,
            solver,
        })
    }
}

/// One position of a [`GameGroup`] as a normal-play part of a sum.
struct Part<G: Game> {
    game: Rc<G>,
    solver: Rc<RefCell<Solver<Rc<G>>>>,
    position: G::Position,
}

impl<G: Game> Part<G> {
    /// The context of the group's searches: what the game's closed forms are asked under.
    fn cx(&self) -> Context {
        self.solver.borrow().context().clone()
    }

    fn moves(&self, to: Vec<Vec<G::Position>>, value_after: Nimber) -> Vec<Move> {
        to.into_iter()
            .map(|o| Move {
                description: self.game.describe_move(&self.position, &o),
                result: self.game.show_sum(&o),
                value_after,
            })
            .collect()
    }
}

impl<G: Game> Component for Part<G> {
    fn game(&self) -> String {
        self.game.name()
    }
    fn position(&self) -> String {
        self.game.show(&self.position)
    }
    fn nim_value(&mut self) -> Result<Nimber> {
        if self.game.play() == Play::Misere {
            return Err(Error::unsupported(format!(
                "{} {}: the game is played misère by its own rules (the last mover loses), so it has no nim-value and no place in a sum of normal-play games",
                self.game.name(),
                self.game.show(&self.position)
            )));
        }
        let cx = self.cx();
        if let Some(v) = self.game.known_value(&self.position, &cx) {
            return Ok(v);
        }
        if self
            .game
            .known_outcome(&self.position, Play::Normal, &cx)
            .is_some()
        {
            // A rule gives the outcome but not the nim-value: the position is answered alone by its outcome, and a
            // sum, which needs the nim-value, is refused rather than searched (the rule exists because the search
            // is out of reach).
            return Err(Error::unsupported(format!(
                "{} {}: its outcome is known by rule but not its nim-value, so it is answered alone and has no place in a sum",
                self.game.name(),
                self.game.show(&self.position),
            )));
        }
        self.game.check_searchable(&self.position, &cx.limits)?;
        let parts = self.game.components(&self.position)?;
        if let [one] = parts.as_slice() {
            return self.solver.borrow_mut().nim_value(one);
        }
        // A sum of independent components: the nim-sum of their values (Sprague–Grundy).
        let mut total = 0;
        for p in &parts {
            total ^= match self.game.known_value(p, &cx) {
                Some(v) => v,
                None => self.solver.borrow_mut().nim_value(p)?,
            };
        }
        Ok(total)
    }
    fn moves_to(&mut self, target: Nimber) -> Result<Vec<Move>> {
        let own = self.game.play();
        let cx = self.cx();
        if own == Play::Misere {
            // Answered alone by its own (misère) rule: the moves to its P-positions.
            let to = self.game.known_winning_options(&self.position, own, &cx);
            return match (target, to) {
                (0, Some(to)) => Ok(self.moves(to, 0)),
                _ => self.nim_value().map(|_| Vec::new()),
            };
        }
        if let Some(to) = self
            .game
            .known_options_with_value(&self.position, target, &cx)
        {
            return Ok(self.moves(to, target));
        }
        if self.game.known_value(&self.position, &cx).is_none()
            && self
                .game
                .known_outcome(&self.position, Play::Normal, &cx)
                .is_some()
        {
            // Known by its outcome alone: its moves to P-positions, by the same rule.
            match (
                target,
                self.game
                    .known_winning_options(&self.position, Play::Normal, &cx),
            ) {
                (0, Some(to)) => return Ok(self.moves(to, 0)),
                (0, None) => {
                    // Alone, and an N-position by a rule that names no winning move (strategy stealing).
                    return Err(Error::unsupported(format!(
                        "{} {}: an N-position by rule, but the rule names no winning move and the position is too large to search for one",
                        self.game.name(),
                        self.game.show(&self.position),
                    ))
                    .with_remedy(crate::error::Remedy::OutcomeAlone));
                }
                _ => {}
            }
            return self.nim_value().map(|_| Vec::new());
        }
        self.game.check_searchable(&self.position, &cx.limits)?;
        let options = self
            .solver
            .borrow_mut()
            .options_of_value(&self.position, target)?;
        Ok(options
            .into_iter()
            .map(|to| Move {
                description: self.game.describe_move(&self.position, &to),
                result: self.game.show_sum(&to),
                value_after: target,
            })
            .collect())
    }
    /// A position of one component, not known by a formula or a rule of outcomes, is searched for its outcome
    /// alone (the search by formulas only: a game's own engine, such as a tuple script's dense table, would value
    /// every position).
    fn outcome_searched(&mut self) -> Result<Option<Outcome>> {
        if self.game.play() == Play::Misere {
            return Ok(None);
        }
        let formulas = self.cx().with_formulas_only(true);
        if self.game.known_value(&self.position, &formulas).is_some()
            || self
                .game
                .known_outcome(&self.position, Play::Normal, &formulas)
                .is_some()
            || !self.game.outcome_by_search()
        {
            // Known by a formula, or valued by the game's own engine (Cram's, faster than a generic search).
            return Ok(None);
        }
        self.game
            .check_searchable(&self.position, &formulas.limits)?;
        match self.game.components(&self.position)?.as_slice() {
            [one] => self.solver.borrow_mut().outcome_alone(one).map(Some),
            _ => Ok(None),
        }
    }
    fn winning_moves_searched(&mut self) -> Result<Vec<Move>> {
        let to = self
            .solver
            .borrow_mut()
            .winning_options_alone(&self.position)?;
        Ok(self.moves(to, 0))
    }
    fn outcome_alone(&mut self) -> Result<Outcome> {
        match self.nim_value() {
            Ok(v) => Ok(Outcome::of_nim_value(v)),
            Err(e) if e.kind() == ErrorKind::Unsupported => {
                let cx = self.cx();
                self.game
                    .known_outcome(&self.position, self.game.play(), &cx)
                    .ok_or(e)
            }
            Err(e) => Err(e),
        }
    }
}

impl<G: Game + 'static> Group for GameGroup<G>
where
    G::Position: 'static,
{
    fn name(&self) -> String {
        self.game.name()
    }
    fn own_play(&self) -> Play {
        self.game.play()
    }
    fn len(&self) -> usize {
        self.positions.len()
    }
    fn show(&self, i: usize) -> String {
        self.game.show(&self.positions[i])
    }
    fn note(&self) -> Option<String> {
        self.game.note()
    }
    fn set_context(&self, cx: &Context) {
        self.solver.borrow_mut().set_context(cx.clone());
    }
    fn components(&self) -> Vec<Box<dyn Component>> {
        self.positions
            .iter()
            .map(|p| {
                Box::new(Part {
                    game: self.game.clone(),
                    solver: self.solver.clone(),
                    position: p.clone(),
                }) as Box<dyn Component>
            })
            .collect()
    }
    fn heaps(&self) -> Option<(Rc<HeapGame>, Vec<u64>)> {
        None
    }
    fn code(&self) -> Option<crate::heap::Code> {
        self.game.code().cloned()
    }
    fn misere_game(&self) -> Result<(Box<dyn Numbered>, Vec<u64>)> {
        let limits = self.solver.borrow().limits();
        for p in &self.positions {
            self.game.check_searchable(p, &limits)?;
        }
        let mut numbered = NumberedGame::new(self.game.clone());
        // Roots: the search keys them by their memo keys, and names their moves in them as given.
        let ids = self.positions.iter().map(|p| numbered.root(p)).collect();
        Ok((Box::new(numbered), ids))
    }
    fn alone(&self, i: usize, play: Play) -> Option<(Outcome, Vec<Move>)> {
        let p = &self.positions[i];
        let cx = self.solver.borrow().context().clone();
        let outcome = self.game.known_outcome(p, play, &cx)?;
        let winning = if outcome == Outcome::P {
            Vec::new()
        } else {
            self.game
                .known_winning_options(p, play, &cx)?
                .into_iter()
                .map(|o| Move {
                    description: self.game.describe_move(p, &o),
                    result: self.game.show_sum(&o),
                    value_after: 0,
                })
                .collect()
        };
        Some((outcome, winning))
    }
    fn playable(&self) -> Box<dyn Playable> {
        let mut play = GamePlay {
            game: self.game.clone(),
            solver: self.solver.clone(),
            ids: Default::default(),
            positions: Vec::new(),
            roots: Vec::new(),
        };
        play.roots = self.positions.iter().map(|p| play.id(p)).collect();
        Box::new(play)
    }
    fn reachable(&self, max_positions: usize) -> Option<Result<Reachable>> {
        let mut ids: rustc_hash::FxHashMap<G::Position, u32> = Default::default();
        let mut order: Vec<G::Position> = Vec::new();
        let mut edges = Vec::new();
        let mut id = |p: &G::Position, order: &mut Vec<G::Position>| -> Result<u32> {
            if let Some(&i) = ids.get(p) {
                return Ok(i);
            }
            if order.len() >= max_positions {
                return Err(Error::over_budget(
                    crate::error::Budget::Positions(max_positions as u64),
                    format!(
                        "{}: more than {max_positions} positions are reachable",
                        self.game.name()
                    ),
                ));
            }
            let i = order.len() as u32;
            ids.insert(p.clone(), i);
            order.push(p.clone());
            Ok(i)
        };
        let mut roots = Vec::new();
        let limits = self.solver.borrow().limits();
        for p in &self.positions {
            if let Err(e) = self.game.check_searchable(p, &limits) {
                return Some(Err(e));
            }
            match id(p, &mut order) {
                Ok(i) => roots.push(i),
                Err(e) => return Some(Err(e)),
            }
        }
        let mut buf = Options::new();
        let mut next = 0;
        while next < order.len() {
            buf.clear();
            let p = order[next].clone();
            if let Err(e) = self.game.options(&p, &mut buf) {
                return Some(Err(e));
            }
            for o in buf.iter() {
                match o {
                    [] => {}
                    [q] => match id(q, &mut order) {
                        Ok(j) => edges.push((next as u32, j)),
                        Err(e) => return Some(Err(e)),
                    },
                    _ => return None,
                }
            }
            next += 1;
        }
        let shown = order.iter().map(|p| self.game.show(p)).collect();
        let game = self.game.clone();
        let describe = Box::new(move |a: u32, b: u32| {
            game.describe_move(&order[a as usize], std::slice::from_ref(&order[b as usize]))
        });
        Some(Ok(Reachable {
            shown,
            edges,
            roots,
            describe,
        }))
    }
}

/// Heaps of a heap game, valued from one shared table of its nim-value sequence.
pub(crate) struct HeapGroup {
    game: Rc<HeapGame>,
    table: Rc<RefCell<HeapTable>>,
    heaps: Vec<u64>,
}

impl HeapGroup {
    /// The heaps (each validated) of the heap game `game`.
    pub fn new(game: Rc<HeapGame>, heaps: Vec<u64>) -> Result<Self> {
        for h in &heaps {
            game.validate(h)?;
        }
        let mut table = HeapTable::new(game.clone());
        // A judge's 10^5 heaps below 10^6: the table, once it is computed, reaches the largest of them at once
        // (growing by doubling from the first heap asked computed up to twice the largest, and copied each time).
        if let Some(&most) = heaps.iter().max() {
            table.expect_heaps_up_to(most);
        }
        let table = Rc::new(RefCell::new(table));
        Ok(HeapGroup { game, table, heaps })
    }
}

impl Group for HeapGroup {
    fn name(&self) -> String {
        self.game.name()
    }
    fn own_play(&self) -> Play {
        self.game.play()
    }
    fn len(&self) -> usize {
        self.heaps.len()
    }
    fn show(&self, i: usize) -> String {
        self.game.show(&self.heaps[i])
    }
    fn note(&self) -> Option<String> {
        // The game's own note, and the assumption its table's answers rest on (a script recognised as a code).
        let notes: Vec<String> = self
            .game
            .note()
            .into_iter()
            .chain(self.table.borrow().assumption())
            .collect();
        (!notes.is_empty()).then(|| notes.join("; "))
    }
    fn set_context(&self, cx: &Context) {
        // The heap table's sequence methods bound themselves (their own length limits, and the command's clock
        // and memory guard); the context carries the table's progress and its closed forms'.
        self.table.borrow_mut().set_context(cx);
    }
    fn components(&self) -> Vec<Box<dyn Component>> {
        self.heaps
            .iter()
            .map(|&h| Box::new(HeapComponent::new(self.table.clone(), h)) as Box<dyn Component>)
            .collect()
    }
    fn heaps(&self) -> Option<(Rc<HeapGame>, Vec<u64>)> {
        Some((self.game.clone(), self.heaps.clone()))
    }
    fn code(&self) -> Option<crate::heap::Code> {
        self.game.code().cloned()
    }
    fn misere_game(&self) -> Result<(Box<dyn Numbered>, Vec<u64>)> {
        let game = HeapPositions(self.game.clone());
        for &h in &self.heaps {
            game.validate(h)?;
        }
        Ok((Box::new(game), self.heaps.clone()))
    }
    fn alone(&self, i: usize, play: Play) -> Option<(Outcome, Vec<Move>)> {
        let n = self.heaps[i];
        let cx = self.table.borrow().context().clone();
        let outcome = self.game.known_outcome(&n, play, &cx)?;
        let winning = if outcome == Outcome::P {
            Vec::new()
        } else {
            self.game
                .known_winning_options(&n, play, &cx)?
                .into_iter()
                .map(|o| Move {
                    description: self.game.describe_move(&n, &o),
                    result: show_heaps(&o),
                    value_after: 0,
                })
                .collect()
        };
        Some((outcome, winning))
    }
    fn reachable(&self, _max_positions: usize) -> Option<Result<Reachable>> {
        None
    }
    fn playable(&self) -> Box<dyn Playable> {
        Box::new(HeapPlay {
            game: self.game.clone(),
            table: self.table.clone(),
            heaps: self.heaps.clone(),
        })
    }
}

/// Heaps as a sum is written: `1 + 6`, or `0` for none.
pub(crate) fn show_heaps(heaps: &[u64]) -> String {
    if heaps.is_empty() {
        "0".to_string()
    } else {
        heaps
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" + ")
    }
}
