//! A sum of positions of any games: what every analysis reads ([`crate::analysis::analyse`]), and what the catalog
//! adds positions to ([`crate::games::AnyGame::add_to`]).
//!
//! [`Sum`] holds the positions of each game in one *group* (module `group`): typed positions behind one object-safe
//! interface, valued by the game's closed forms, its heap table or the memoised solver. The module sits below the
//! catalog and the analyses, so that both can name a sum without reaching up to the other.

pub(crate) mod group;

use crate::error::{Error, Result};
use crate::game::Game;
use crate::game::HeapView;
use crate::heap::HeapGame;
use crate::limits::Limits;
use crate::sum::Component;
use group::{GameGroup, Group, HeapGroup};
use std::rc::Rc;

/// A sum of positions of one or more games: what [`crate::analysis::analyse`] analyses.
#[derive(Default)]
pub struct Sum {
    groups: Vec<Box<dyn Group>>,
}

impl Sum {
    /// The empty sum (a P-position under normal play).
    pub fn new() -> Self {
        Sum::default()
    }

    /// Adds positions of `game`, each validated by [`Game::validate`] and split into its [`Game::components`].
    /// Positions added in one call share one memo; a heap game added here is valued by search (use
    /// [`Sum::add_heaps`] for the sequence engines and certified periods).
    pub fn add<G: Game + 'static>(
        &mut self,
        game: &Rc<G>,
        positions: Vec<G::Position>,
    ) -> Result<&mut Self>
    where
        G::Position: 'static,
    {
        self.groups.push(Box::new(GameGroup::new(
            game.clone(),
            positions,
            Limits::default(),
        )?));
        Ok(self)
    }

    /// Adds positions of `game` like [`Sum::add`], valued by the given `solver` instead of a fresh one: its memo (a
    /// saved table read back, [`crate::table_file`]) answers what it holds, and what the analysis searches stays in
    /// it after the analysis (to be saved). The analysis sets the solver's limits.
    pub fn add_with_solver<G: Game + 'static>(
        &mut self,
        game: &Rc<G>,
        positions: Vec<G::Position>,
        solver: &Rc<std::cell::RefCell<crate::solver::Solver<Rc<G>>>>,
    ) -> Result<&mut Self>
    where
        G::Position: 'static,
    {
        self.groups.push(Box::new(GameGroup::with_solver(
            game.clone(),
            positions,
            solver.clone(),
        )?));
        Ok(self)
    }

    /// Adds heaps of a heap game ([`crate::HeapView::is_heap_game`]), valued from its nim-value sequence, computed once by the
    /// cheapest exact method ([`crate::heap::sequence`]).
    pub fn add_heaps(&mut self, game: &Rc<HeapGame>, heaps: Vec<u64>) -> Result<&mut Self> {
        if !game.is_heap_game() {
            return Err(Error::input(format!(
                "{}: its positions are not heaps",
                game.name()
            )));
        }
        self.groups
            .push(Box::new(HeapGroup::new(game.clone(), heaps)?));
        Ok(self)
    }

    /// The number of components.
    pub fn len(&self) -> usize {
        self.groups.iter().map(|g| g.len()).sum()
    }

    /// True when the sum has no component.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The notes of the games in the sum (for example, the heap bound of a loopy code), each once.
    pub fn notes(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for n in self.groups.iter().filter_map(|g| g.note()) {
            if !out.contains(&n) {
                out.push(n);
            }
        }
        out
    }

    /// The convention the sum's own rules are played under: [`crate::Play::Misere`] when every part's game is played
    /// misère by its own rules ([`Game::play`]: the last mover loses), [`crate::Play::Normal`] when none is (and for
    /// the empty sum). A sum mixing the two has no convention of its own: an error naming a game of each.
    pub fn own_play(&self) -> Result<crate::Play> {
        use crate::Play;
        let misere = self.groups.iter().find(|g| g.own_play() == Play::Misere);
        let normal = self.groups.iter().find(|g| g.own_play() == Play::Normal);
        match (misere, normal) {
            (Some(m), Some(n)) => Err(Error::unsupported(format!(
                "{} is played misère by its own rules (the last mover loses) and {} is not, so their sum is played under no one convention: analyse them apart, or state both under one",
                m.name(),
                n.name()
            ))),
            (Some(_), None) => Ok(Play::Misere),
            _ => Ok(Play::Normal),
        }
    }

    /// Whether normal play of the sum searches positions (a part that is not a heap game, valued by the solver,
    /// whose stored positions [`Limits::max_positions`] bounds); heap games are valued from their sequences.
    pub fn searches_positions(&self) -> bool {
        self.groups.iter().any(|g| g.heaps().is_none())
    }

    /// Adds a group made elsewhere (a session of play makes groups of the positions it reaches).
    pub(crate) fn push_group(&mut self, group: Box<dyn Group>) {
        self.groups.push(group);
    }

    pub(crate) fn groups(&self) -> &[Box<dyn Group>] {
        &self.groups
    }

    /// The normal-play parts of every group, in order.
    pub(crate) fn components(&self) -> Vec<Box<dyn Component>> {
        self.groups.iter().flat_map(|g| g.components()).collect()
    }
}
