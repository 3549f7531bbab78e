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
    /// The outcome of this component played alone. A game whose outcomes are known in closed form but whose
    /// nim-values are not (Fibonacci Nim) overrides this, so that a position standing alone is still answered.
    fn outcome_alone(&mut self) -> Result<Outcome> {
        Ok(Outcome::of_nim_value(self.nim_value()?))
    }
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
    /// `None` only for a position analysed alone by its outcome (see [`Component::outcome_alone`]).
    pub nim_value: Option<Nimber>,
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
    /// The nim-value of the sum; `None` only when a single component's outcome is known but not its nim-value.
    pub nim_value: Option<Nimber>,
    pub outcome: Outcome,
    /// Every winning move; empty exactly for a P-position.
    pub winning_moves: Vec<WinningMove>,
}

/// Values every component, nim-sums them, and lists every winning move.
///
/// A single component whose nim-value is not known (an [`ErrorKind::Unsupported`](crate::ErrorKind) error) but
/// whose outcome is, is answered by its outcome and its moves to P-positions, with no nim-value.
pub fn analyse(components: &mut [Box<dyn Component>]) -> Result<Analysis> {
    if let [c] = components {
        if let Err(e) = c.nim_value() {
            if e.kind() != crate::ErrorKind::Unsupported {
                return Err(e);
            }
            let outcome = c.outcome_alone().map_err(|_| e)?;
            let (game, position) = (c.game(), c.position());
            let mut winning_moves = Vec::new();
            if outcome == Outcome::N {
                for mv in c.moves_to(0)? {
                    winning_moves.push(WinningMove {
                        component: 0,
                        game: game.clone(),
                        position: position.clone(),
                        mv,
                    });
                }
            }
            let parts = vec![PartValue {
                game,
                position,
                nim_value: None,
            }];
            return Ok(Analysis {
                parts,
                nim_value: None,
                outcome,
                winning_moves,
            });
        }
    }
    let mut parts = Vec::with_capacity(components.len());
    let mut values = Vec::with_capacity(components.len());
    let mut total = 0;
    for c in components.iter_mut() {
        let v = c.nim_value()?;
        total ^= v;
        values.push(v);
        parts.push(PartValue {
            game: c.game(),
            position: c.position(),
            nim_value: Some(v),
        });
    }
    let mut winning_moves = Vec::new();
    if total != 0 {
        for (i, c) in components.iter_mut().enumerate() {
            for mv in c.moves_to(values[i] ^ total)? {
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
        nim_value: Some(total),
        outcome: Outcome::of_nim_value(total),
        winning_moves,
    })
}
