//! A component whose nim-value is known up front and whose moves are listed on demand: the glue between the
//! catalog's non-heap games (Wythoff, the cutting game, E&D, tokens on a graph, …) and [`crate::sum`].

use crate::error::Result;
use crate::nimber::Nimber;
use crate::sum::{Component, Move};

/// Lists the moves of a position to options of a given nim-value.
pub type MovesTo = Box<dyn FnMut(Nimber) -> Result<Vec<Move>>>;

/// One position of a non-heap game.
pub struct Listed {
    game: String,
    position: String,
    value: Nimber,
    moves: MovesTo,
}

impl Listed {
    /// The position `position` of `game` (both as written for people), of nim-value `value`; `moves(v)` lists its moves
    /// to options of nim-value `v`.
    pub fn new(
        game: impl Into<String>,
        position: impl Into<String>,
        value: Nimber,
        moves: MovesTo,
    ) -> Self {
        Listed {
            game: game.into(),
            position: position.into(),
            value,
            moves,
        }
    }
}

impl Component for Listed {
    fn game(&self) -> String {
        self.game.clone()
    }
    fn position(&self) -> String {
        self.position.clone()
    }
    fn nim_value(&mut self) -> Result<Nimber> {
        Ok(self.value)
    }
    fn moves_to(&mut self, target: Nimber) -> Result<Vec<Move>> {
        (self.moves)(target)
    }
}

/// A position known by its outcome and its winning moves, not by a nim-value: it can be answered alone (see
/// [`Component::outcome_alone`]) but not added into a sum, where a nim-value would be needed.
pub struct OutcomeOnly {
    game: String,
    position: String,
    outcome: crate::Outcome,
    winning: Vec<Move>,
    /// Why no nim-value is given.
    why: String,
}

impl OutcomeOnly {
    /// The position `position` of `game` with its `outcome` and its `winning` moves (to P-positions); `why` says why
    /// no nim-value is given.
    pub fn new(
        game: impl Into<String>,
        position: impl Into<String>,
        outcome: crate::Outcome,
        winning: Vec<Move>,
        why: impl Into<String>,
    ) -> Self {
        OutcomeOnly {
            game: game.into(),
            position: position.into(),
            outcome,
            winning,
            why: why.into(),
        }
    }
}

impl Component for OutcomeOnly {
    fn game(&self) -> String {
        self.game.clone()
    }
    fn position(&self) -> String {
        self.position.clone()
    }
    fn nim_value(&mut self) -> Result<Nimber> {
        Err(crate::Error::unsupported(format!(
            "{} {}: {}",
            self.game, self.position, self.why
        )))
    }
    fn outcome_alone(&mut self) -> Result<crate::Outcome> {
        Ok(self.outcome)
    }
    fn moves_to(&mut self, target: Nimber) -> Result<Vec<Move>> {
        if target != 0 {
            return self.nim_value().map(|_| vec![]);
        }
        Ok(self.winning.clone())
    }
}
