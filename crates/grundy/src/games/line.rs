//! A game whose positions are named by several numbers, read along one line: every number fixed but one; or, for a
//! game of three or more numbers, as a slice: every number fixed but two ([`slice()`], a table's rows and columns).
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

/// The game `game` along the line `fixed` (one `None`: the free number, written `x`), or on the slice `fixed` (two
/// `None`s: the free numbers, `x` the rows and `y` the columns, in `free`).
pub struct Line {
    game: Box<dyn AnyGame>,
    fixed: Vec<Option<u64>>,
    /// The indices in `fixed` of the free numbers: `x`'s, then `y`'s on a slice.
    free: Vec<usize>,
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
    let free = vec![fixed.iter().position(Option::is_none).unwrap_or(0)];
    Ok(Box::new(Line { game, fixed, free }))
}

/// The game `game` (named by [`AnyGame::parameters`] numbers, at least three) on the slice `spec`: as many words
/// (separated by spaces or commas) as the game has numbers, each a whole number except one `x` and one `y`, the two
/// numbers that vary, `x` in a table's rows and `y` in its columns (`'x y 5'`: `G(x, y, 5)`; `'5 y x'`:
/// `G(5, y, x)`, its third number in the rows). A game of one or two numbers has no slice (its table is the whole
/// game).
pub fn slice(game: Box<dyn AnyGame>, spec: &str) -> Result<Line> {
    let k = game.parameters();
    let name = game.name();
    if k < 3 {
        return Err(Error::input(format!(
            "{name}: a slice fixes all but two of a position's numbers, and a position of this game is {k} number{} \
             (its table is the whole game)",
            if k == 1 { "" } else { "s" }
        )));
    }
    let words: Vec<&str> = spec
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() != k {
        return Err(Error::input(format!(
            "{name}: a slice gives each of the {k} numbers of a position, one of them x (the rows) and one y (the \
             columns), e.g. '{}', not '{}'",
            example(k),
            crate::error::escape(spec)
        )));
    }
    let mut fixed = Vec::with_capacity(k);
    let (mut x, mut y) = (Vec::new(), Vec::new());
    for (i, w) in words.iter().enumerate() {
        match *w {
            "x" | "X" => {
                x.push(i);
                fixed.push(None);
            }
            "y" | "Y" => {
                y.push(i);
                fixed.push(None);
            }
            w => fixed.push(Some(crate::error::parse_u64(
                w,
                &format!("{name}: a number of the slice"),
            )?)),
        }
    }
    if x.len() != 1 || y.len() != 1 {
        return Err(Error::input(format!(
            "{name}: a slice has exactly one x (the rows) and one y (the columns), e.g. '{}', not '{}'",
            example(k),
            crate::error::escape(spec)
        )));
    }
    Ok(Line {
        game,
        fixed,
        free: vec![x[0], y[0]],
    })
}

/// A slice of a game of `k` numbers, for messages: `x y 0` (`x y 0 0` for four).
fn example(k: usize) -> String {
    let mut w = vec!["x".to_string(), "y".to_string()];
    w.resize(k.max(2), "0".to_string());
    w.join(" ")
}

impl Line {
    /// The position of the game at the free numbers `free` (x, then y on a slice) of the line or slice.
    fn at(&self, free: &[u64]) -> Vec<u64> {
        let mut p: Vec<u64> = self.fixed.iter().map(|f| f.unwrap_or(0)).collect();
        for (&i, &v) in self.free.iter().zip(free) {
            p[i] = v;
        }
        p
    }

    /// The numbers of a position on the line or slice: each fixed number, `None` for the free ones.
    pub fn fixed(&self) -> &[Option<u64>] {
        &self.fixed
    }

    /// The indices (from 0) among a position's numbers of the free numbers: `x`'s, then `y`'s on a slice.
    pub fn free(&self) -> &[usize] {
        &self.free
    }

    /// The name of the game the line or slice is read from.
    pub fn game_name(&self) -> String {
        self.game.name()
    }
}

impl AnyGame for Line {
    fn name(&self) -> String {
        let words: Vec<String> = self
            .fixed
            .iter()
            .enumerate()
            .map(|(i, f)| match f {
                Some(v) => v.to_string(),
                None if self.free.get(1) == Some(&i) => "y".to_string(),
                None => "x".to_string(),
            })
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
            "{}: a line or slice is read by a table or a pattern; a position is the game's own",
            self.name()
        )))
    }
    fn parameters(&self) -> usize {
        self.free.len()
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
        let mut out = Vec::with_capacity(cells.len());
        self.values_into(cells, cx, progress, &mut out)?;
        Ok(out)
    }
    fn values_into(
        &self,
        cells: &[Vec<u64>],
        cx: &Context,
        progress: &mut dyn FnMut(u64),
        out: &mut Vec<Option<Nimber>>,
    ) -> Result<()> {
        let full: Vec<Vec<u64>> = cells
            .iter()
            .map(|c| {
                if c.len() == self.free.len() {
                    Ok(self.at(c))
                } else {
                    Err(Error::input(format!(
                        "{}: a point of a {} is {} number{}",
                        self.name(),
                        if self.free.len() == 1 {
                            "line"
                        } else {
                            "slice"
                        },
                        self.free.len(),
                        if self.free.len() == 1 { "" } else { "s" }
                    )))
                }
            })
            .collect::<Result<_>>()?;
        self.game.values_into(&full, cx, progress, out)
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

    /// A game of three numbers (a script: take from one heap, or one token from each of the first two).
    fn three() -> Box<dyn AnyGame> {
        let s = crate::script::Script::inline(
            "(a, b, c) => { let o = []; for x in 0..a { o.push([x, b, c]) } for y in 0..b { o.push([a, y, c]) } \
             for z in 0..c { o.push([a, b, z]) } if a > 0 && b > 0 { o.push([a - 1, b - 1, c]) } o }",
            crate::script::Settings::default(),
        )
        .unwrap();
        let mut r = crate::games::Registry::builtin();
        s.register(&mut r).unwrap();
        r.lookup("script").unwrap()
    }

    /// A slice's values are the game's own at the positions it names, x in the rows and y in the columns.
    #[test]
    fn a_slice_reads_the_games_own_values() {
        let cx = Context::default();
        for (spec, place) in [("x y 3", [0, 1, 2]), ("2 y x", [2, 1, 0])] {
            let s = slice(three(), spec).unwrap();
            assert_eq!(s.parameters(), 2);
            assert_eq!(s.free(), &place[..2]);
            let cells: Vec<Vec<u64>> = (0..5)
                .flat_map(|a| (0..5).map(move |b| vec![a, b]))
                .collect();
            let got = s.values_at(&cells, &cx, &mut |_| {}).unwrap();
            let full: Vec<Vec<u64>> = cells
                .iter()
                .map(|c| {
                    let mut p = vec![0; 3];
                    p[place[0]] = c[0];
                    p[place[1]] = c[1];
                    p[place[2]] = if spec == "x y 3" { 3 } else { 2 };
                    p
                })
                .collect();
            let want = three().values_at(&full, &cx, &mut |_| {}).unwrap();
            assert_eq!(got, want, "{spec}");
            assert!(got.contains(&Some(0)) && got.iter().any(|v| *v > Some(1)));
        }
        assert_eq!(slice(three(), "2 y x").unwrap().name(), "script (2, y, x)");
    }

    #[test]
    fn bad_slices_are_one_line_errors() {
        for (game, spec, needle) in [
            (three(), "x y", "each of the 3 numbers"),
            (three(), "x y 1 1", "each of the 3 numbers"),
            (three(), "x x 1", "exactly one x"),
            (three(), "y 1 2", "exactly one x"),
            (three(), "x y w", "'w'"),
            (lookup("wythoff").unwrap(), "x y", "2 numbers"),
            (lookup("kayles").unwrap(), "x y", "1 number"),
        ] {
            let e = slice(game, spec).err().unwrap();
            assert!(e.to_string().contains(needle), "{spec}: {e}");
            assert!(!e.to_string().contains('\n'), "{spec}: {e}");
        }
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
