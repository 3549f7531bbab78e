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
