//! A game that the `grundy` library does not know, defined here through its public [`grundy::Game`] trait only, and
//! registered in its catalog: the test that a crate depending on the library can add a game.
//!
//! **The lazy queen.** A queen stands on square `(x, y)` of a quarter-infinite board. A move takes it any number of
//! squares left (`x` smaller) or down (`y` smaller), or exactly one square diagonally down-left. Whoever cannot move
//! (the queen on `(0, 0)`) loses. It is Wythoff's game with the diagonal move cut to one step, and its nim-values
//! have no closed form here: the library finds them by search.

use grundy::{Error, Game, Notation, Options, Result};

/// The largest coordinate a position may have.
pub const MAX_COORD: u64 = 1_000;

/// The lazy queen: see the crate documentation.
#[derive(Debug, Clone, Copy, Default)]
pub struct LazyQueen;

impl Game for LazyQueen {
    type Position = (u64, u64);

    fn name(&self) -> String {
        "lazy-queen".into()
    }

    fn options(&self, &(x, y): &(u64, u64), out: &mut Options<(u64, u64)>) -> Result<()> {
        for a in 0..x {
            out.push_one((a, y));
        }
        for b in 0..y {
            out.push_one((x, b));
        }
        if x > 0 && y > 0 {
            out.push_one((x - 1, y - 1));
        }
        Ok(())
    }

    fn validate(&self, &(x, y): &(u64, u64)) -> Result<()> {
        if x > MAX_COORD || y > MAX_COORD {
            return Err(Error::input(format!(
                "lazy-queen: ({x}, {y}) is off the board (coordinates up to {MAX_COORD})"
            )));
        }
        Ok(())
    }
    fn notation(&self) -> Option<&dyn Notation<Self::Position>> {
        Some(self)
    }
}

impl Notation<(u64, u64)> for LazyQueen {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<(u64, u64)>>> {
        Some(self.read_words(words))
    }
    fn position_syntax(&self) -> &'static str {
        "X Y [X Y]..."
    }
    fn show(&self, &(x, y): &(u64, u64)) -> String {
        format!("{x} {y}")
    }
    fn describe_move(&self, &(x, y): &(u64, u64), to: &[(u64, u64)]) -> String {
        match to {
            [(a, b)] if *a < x && *b < y => {
                format!("step diagonally from ({x}, {y}) to ({a}, {b})")
            }
            [(a, b)] => format!("move the queen from ({x}, {y}) to ({a}, {b})"),
            _ => "move".into(),
        }
    }
}

impl LazyQueen {
    /// Reads the positions `words` write: the body of this game's [`Notation::parse`].
    fn read_words(&self, words: &[String]) -> Result<Vec<(u64, u64)>> {
        if words.is_empty() || words.len() % 2 == 1 {
            return Err(Error::input(
                "lazy-queen: give the two coordinates of each queen, e.g. lazy-queen 3 5",
            ));
        }
        words
            .chunks(2)
            .map(|c| {
                Ok((
                    grundy::error::parse_u64(&c[0], "lazy-queen: x")?,
                    grundy::error::parse_u64(&c[1], "lazy-queen: y")?,
                ))
            })
            .collect()
    }
}

/// The catalog entry of the lazy queen, for [`grundy::games::Registry::register`].
pub fn entry() -> grundy::games::registry::Entry {
    grundy::games::registry::Entry {
        name: "lazy-queen",
        aliases: &["lq"],
        param: None,
        kind: grundy::games::registry::Kind::Board,
        spec: "X Y",
        summary: "a queen moves left or down any distance, or one step diagonally",
        make: |_| Ok(grundy::games::registry::erase(LazyQueen)),
        caps: grundy::games::registry::Caps::NONE,
    }
}
