//! A game whose positions are named by several numbers, read along one line: every number fixed but one.
//!
//! `pattern --line 'x 5'` of a pair game reads the values `G(x, 5)` for `x = 0, 1, 2, …` as a sequence of one
//! number, and looks for the rules of one-number games in it (periods, formulas, P-position classes). The line is a
//! view of the game's table, not a game of its own: the options of a position on the line may leave it (a cut of a
//! sheet changes its height), and every value is the game's, computed by its own search with one memo for the whole
//! line ([`AnyGame::values_at`]). So a rule found on a line is observed on the range computed, never certified.

use crate::context::Context;
use crate::error::{Error, Result};
use crate::games::AnyGame;
use crate::heap::HeapGame;
use crate::nimber::Nimber;
use crate::parts::Sum;
use std::rc::Rc;

/// The game `game` along the line `fixed` (one `None`: the free number, written `x`).
pub struct Line {
    game: Box<dyn AnyGame>,
    fixed: Vec<Option<u64>>,
}

/// The game `game` (named by [`AnyGame::parameters`] numbers) along the line `spec`: as many words (separated by
/// spaces or commas) as the game has numbers, each a whole number except one `x`, the number that varies
/// (`'x 5'`: `G(x, 5)`; `'3 x'`: `G(3, x)`).
pub fn line(game: Box<dyn AnyGame>, spec: &str) -> Result<Box<dyn AnyGame>> {
    let k = game.parameters();
    let name = game.name();
    if k < 2 {
        return Err(Error::input(format!(
            "{name}: a line fixes all but one of a position's numbers, and a position of this game is {k} number{}",
            if k == 1 { "" } else { "s" }
        )));
    }
    let words: Vec<&str> = spec
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() != k {
        return Err(Error::input(format!(
            "{name}: a line gives each of the {k} numbers of a position, one of them x (e.g. 'x 5'), not '{}'",
            crate::error::escape(spec)
        )));
    }
    let fixed = words
        .iter()
        .map(|w| match *w {
            "x" | "X" => Ok(None),
            w => crate::error::parse_u64(w, &format!("{name}: a number of the line")).map(Some),
        })
        .collect::<Result<Vec<_>>>()?;
    if fixed.iter().filter(|f| f.is_none()).count() != 1 {
        return Err(Error::input(format!(
            "{name}: a line has exactly one x, the number that varies (e.g. 'x 5'), not '{}'",
            crate::error::escape(spec)
        )));
    }
    Ok(Box::new(Line { game, fixed }))
}

impl Line {
    /// The position of the game at `x` on the line.
    fn at(&self, x: u64) -> Vec<u64> {
        self.fixed.iter().map(|f| f.unwrap_or(x)).collect()
    }
}

impl AnyGame for Line {
    fn name(&self) -> String {
        let words: Vec<String> = self
            .fixed
            .iter()
            .map(|f| f.map_or("x".to_string(), |v| v.to_string()))
            .collect();
        format!("{} ({})", self.game.name(), words.join(", "))
    }
    fn position_syntax(&self) -> &'static str {
        "X"
    }
    fn heap_game(&self) -> Option<Rc<HeapGame>> {
        None
    }
    fn add_to(&self, _sum: &mut Sum, _words: &[String]) -> Result<()> {
        Err(Error::unsupported(format!(
            "{}: a line is read by a table or a pattern; a position is the game's own",
            self.name()
        )))
    }
    fn parameters(&self) -> usize {
        1
    }
    fn play(&self) -> crate::Play {
        self.game.play()
    }
    fn values_at(
        &self,
        cells: &[Vec<u64>],
        cx: &Context,
        progress: &mut dyn FnMut(u64),
    ) -> Result<Vec<Option<Nimber>>> {
        let full: Vec<Vec<u64>> = cells
            .iter()
            .map(|c| match c.as_slice() {
                [x] => Ok(self.at(*x)),
                _ => Err(Error::input(format!(
                    "{}: a point of a line is one number",
                    self.name()
                ))),
            })
            .collect::<Result<_>>()?;
        self.game.values_at(&full, cx, progress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::registry::lookup;

    #[test]
    fn a_line_reads_the_games_own_values() {
        let l = line(lookup("wythoff").unwrap(), "x 2").unwrap();
        assert_eq!(l.name(), "wythoff (x, 2)");
        let cells: Vec<Vec<u64>> = (0..10).map(|x| vec![x]).collect();
        let got = l
            .values_at(&cells, &Context::default(), &mut |_| {})
            .unwrap();
        let full: Vec<Vec<u64>> = (0..10).map(|x| vec![x, 2]).collect();
        let want = lookup("wythoff")
            .unwrap()
            .values_at(&full, &Context::default(), &mut |_| {})
            .unwrap();
        assert_eq!(got, want);
        assert_eq!(got[1], Some(0)); // (1, 2) is a P-position
    }

    #[test]
    fn bad_lines_are_one_line_errors() {
        for (game, spec, needle) in [
            ("wythoff", "x", "each of the 2 numbers"),
            ("wythoff", "x x", "exactly one x"),
            ("wythoff", "3 4", "exactly one x"),
            ("wythoff", "x y", "y"),
            ("kayles", "x", "1 number"),
        ] {
            let e = line(lookup(game).unwrap(), spec).err().unwrap();
            assert!(e.to_string().contains(needle), "{game} {spec}: {e}");
        }
    }
}
