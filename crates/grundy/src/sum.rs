//! Sums of positions of different games, and their analysis for people.
//!
//! A [`Component`] is one position of some game, behind a trait object so that a sum can mix games: `kayles 5 7 +
//! nim 3 + 0.07 10` is four components of three rulesets. Under normal play the nim-value of the sum is the nim-sum
//! of the components' values, and a move wins exactly when it changes one component `c` of value `v_c` into an
//! option of value `v_c ⊕ total` (then the new total is 0). [`analyse`] returns every such move.

use crate::error::Result;
use crate::nimber::Nimber;
use crate::ruleset::{Outcome, Ruleset};
use crate::solver::Solver;
use std::cell::RefCell;
use std::rc::Rc;

/// A move of one component, for people and for programs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    /// In words: "split the heap of 7 into heaps of 1 and 6".
    pub description: String,
    /// The component's position after the move, as the game's syntax writes it (a sum may be `1 + 6`).
    pub result: String,
    /// The nim-value of the component after the move.
    pub value_after: Nimber,
}

/// One position of some game, as a part of a sum.
pub trait Component {
    /// The game's name, e.g. `kayles`.
    fn game(&self) -> String;
    /// The position in the game's syntax, e.g. `7`.
    fn position(&self) -> String;
    /// The nim-value of this component.
    fn nim_value(&mut self) -> Result<Nimber>;
    /// Every move of this component to a position of nim-value `target`.
    fn moves_to(&mut self, target: Nimber) -> Result<Vec<Move>>;
}

/// A position of a [`Ruleset`] as a component; components of the same ruleset share one solver (and its memo).
pub struct RulesetComponent<R: Ruleset> {
    solver: Rc<RefCell<Solver<R>>>,
    position: R::Position,
}

impl<R: Ruleset> RulesetComponent<R> {
    pub fn new(solver: Rc<RefCell<Solver<R>>>, position: R::Position) -> Self {
        RulesetComponent { solver, position }
    }
}

impl<R: Ruleset> Component for RulesetComponent<R> {
    fn game(&self) -> String {
        self.solver.borrow().ruleset().name()
    }
    fn position(&self) -> String {
        self.solver.borrow().ruleset().show(&self.position)
    }
    fn nim_value(&mut self) -> Result<Nimber> {
        self.solver.borrow_mut().nim_value(&self.position)
    }
    fn moves_to(&mut self, target: Nimber) -> Result<Vec<Move>> {
        let mut solver = self.solver.borrow_mut();
        let options = solver.valued_options(&self.position)?;
        let r = solver.ruleset();
        Ok(options
            .into_iter()
            .filter(|(_, v)| *v == target)
            .map(|(to, v)| Move {
                description: r.describe_move(&self.position, &to),
                result: r.show_sum(&to),
                value_after: v,
            })
            .collect())
    }
}

/// One part of an analysed sum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartValue {
    pub game: String,
    pub position: String,
    pub nim_value: Nimber,
}

/// A winning move of a sum: which component, and the move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WinningMove {
    /// Index of the component in the sum (0-based).
    pub component: usize,
    pub game: String,
    pub position: String,
    pub mv: Move,
}

/// The analysis of a sum under normal play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    pub parts: Vec<PartValue>,
    pub nim_value: Nimber,
    pub outcome: Outcome,
    /// Every winning move; empty exactly for a P-position.
    pub winning_moves: Vec<WinningMove>,
}

/// Values every component, nim-sums them, and lists every winning move.
pub fn analyse(components: &mut [Box<dyn Component>]) -> Result<Analysis> {
    let mut parts = Vec::with_capacity(components.len());
    let mut total = 0;
    for c in components.iter_mut() {
        let v = c.nim_value()?;
        total ^= v;
        parts.push(PartValue {
            game: c.game(),
            position: c.position(),
            nim_value: v,
        });
    }
    let mut winning_moves = Vec::new();
    if total != 0 {
        for (i, c) in components.iter_mut().enumerate() {
            let target = parts[i].nim_value ^ total;
            for mv in c.moves_to(target)? {
                winning_moves.push(WinningMove {
                    component: i,
                    game: parts[i].game.clone(),
                    position: parts[i].position.clone(),
                    mv,
                });
            }
        }
    }
    Ok(Analysis {
        parts,
        nim_value: total,
        outcome: Outcome::of_nim_value(total),
        winning_moves,
    })
}
