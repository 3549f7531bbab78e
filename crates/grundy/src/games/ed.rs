//! E&D (Luogu P2148): heaps come in pairs; a move removes one heap of a pair and splits the other heap (of at least
//! 2) into two positive heaps, which form the new pair. A player who cannot move loses.
//!
//! **Closed form.** The nim-value of the pair `(x, y)` (`x, y ≥ 1`) is the index of the lowest zero bit of
//! `(x − 1) | (y − 1)`. This is the pattern found by tabling the mex rule (the seed documents derive it from the
//! table, as do the usual solutions of SDOI 2011 "E&D"); the tests prove it against the pair game's definition
//! for all pairs up to 64 × 64, which is the outside truth here. A game of several pairs is the nim-sum of the
//! pairs. Cost: `O(1)` per pair.

use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::ClosedForm;
use crate::game::{Game, Notation, Options, Tabular};
use crate::nimber::Nimber;

/// The nim-value of the pair `(x, y)`, `x, y ≥ 1`.
pub fn value(x: u64, y: u64) -> Nimber {
    debug_assert!(x >= 1 && y >= 1);
    ((x - 1) | (y - 1)).trailing_ones() as Nimber
}

/// The largest heap for which `grundy value ed` lists the moves (each heap has `O(heap)` splits).
pub const MOVE_LIST_LIMIT: u64 = 1_000_000;

/// The catalog family `ed`: `grundy value ed X Y [X Y]...`.
pub struct EAndD;

fn parse_pairs(args: &[String]) -> Result<Vec<(u64, u64)>> {
    if args.is_empty() || args.len() & 1 == 1 {
        return Err(Error::input("ed: give the heaps in pairs, e.g. ed 1 2 3 1"));
    }
    let mut out = Vec::new();
    for p in args.chunks(2) {
        let x = crate::error::parse_u64(&p[0], "ed: heap")?;
        let y = crate::error::parse_u64(&p[1], "ed: heap")?;
        if x == 0 || y == 0 {
            return Err(Error::input("ed: heaps are positive (at least 1)"));
        }
        out.push((x, y));
    }
    Ok(out)
}

/// The largest heap of an E&D pair that misère play searches exactly (a pair has `O(heap)` options).
pub const MISERE_SEARCH_MAX_HEAP: u64 = 10_000;

/// E&D as a [`Game`]: its rules, text syntax (`X Y [X Y]...`, one pair per two words) and closed form, stated once.
///
/// A position is a pair `(x, y)` of heaps, both at least 1 ([`Game::validate`]); the pair is unordered in the game,
/// and `(x, y)` and `(y, x)` have the same options. An option is the new pair `(a, b)`, `a ≤ b`, from splitting one
/// heap (when `x = y` each split is listed once). Closed forms: [`ClosedForm::nim_value`] for any pair ([`value`]), and
/// [`ClosedForm::options_with_value`] lists the moves to a value for heaps up to [`MOVE_LIST_LIMIT`], in the order `grundy
/// value` lists them (splits of the second heap first). [`Game::check_searchable`] refuses heaps above
/// [`MISERE_SEARCH_MAX_HEAP`] for a search.
#[derive(Debug, Clone, Copy, Default)]
pub struct EAndDGame;

impl Game for EAndDGame {
    type Position = (u64, u64);
    fn name(&self) -> String {
        "ed".into()
    }
    fn options(&self, &(x, y): &(u64, u64), out: &mut Options<(u64, u64)>) -> crate::Result<()> {
        // The new pair is unordered: list each split once, smaller heap first.
        let mut splits: Vec<u64> = vec![x, y];
        splits.dedup();
        for split in splits {
            for a in 1..=split / 2 {
                out.push_one((a, split - a));
            }
        }
        Ok(())
    }
    fn validate(&self, &(x, y): &(u64, u64)) -> Result<()> {
        if x == 0 || y == 0 {
            return Err(Error::input("ed: heaps are positive (at least 1)"));
        }
        Ok(())
    }
    fn check_searchable(&self, &(x, y): &(u64, u64), _limits: &crate::Limits) -> Result<()> {
        if x.max(y) > MISERE_SEARCH_MAX_HEAP {
            return Err(crate::games::too_large_to_search(
                "ed",
                "heaps",
                MISERE_SEARCH_MAX_HEAP,
            ));
        }
        Ok(())
    }

    fn closed_form(&self) -> Option<&dyn ClosedForm<Self::Position>> {
        Some(self)
    }
    fn notation(&self) -> Option<&dyn Notation<Self::Position>> {
        Some(self)
    }
    fn table(&self) -> Option<&dyn Tabular<Self::Position>> {
        Some(self)
    }
}

impl Notation<(u64, u64)> for EAndDGame {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<(u64, u64)>>> {
        Some(parse_pairs(words))
    }
    fn position_syntax(&self) -> &'static str {
        "X Y [X Y]..."
    }
    fn show(&self, &(x, y): &(u64, u64)) -> String {
        format!("{x} {y}")
    }
    fn describe_move(&self, &(x, y): &(u64, u64), to: &[(u64, u64)]) -> String {
        match to {
            [(a, b)] if a + b == y => {
                format!("remove the heap of {x}, split the second heap of {y} into {a} and {b}")
            }
            [(a, b)] => {
                format!("remove the heap of {y}, split the first heap of {x} into {a} and {b}")
            }
            _ => format!("move to {}", self.show_sum(to)),
        }
    }
}

impl Tabular<(u64, u64)> for EAndDGame {
    fn parameters(&self) -> usize {
        2
    }
    /// The pair of heaps `(x, y)`, both at least 1.
    fn position_at(&self, params: &[u64]) -> Option<(u64, u64)> {
        match params {
            [x, y] if *x >= 1 && *y >= 1 => Some((*x, *y)),
            _ => None,
        }
    }
}

impl ClosedForm<(u64, u64)> for EAndDGame {
    fn nim_value(&self, &(x, y): &(u64, u64), _cx: &Context) -> Option<Nimber> {
        (x >= 1 && y >= 1).then(|| value(x, y))
    }

    fn options_with_value(
        &self,
        &(x, y): &(u64, u64),
        target: Nimber,
        _cx: &Context,
    ) -> Option<Vec<Vec<(u64, u64)>>> {
        if x == 0 || y == 0 || x.max(y) > MOVE_LIST_LIMIT {
            return None;
        }
        let mut splits = vec![y, x];
        splits.dedup();
        let mut out = Vec::new();
        for split in splits {
            for a in 1..=split / 2 {
                if value(a, split - a) == target {
                    out.push(vec![(a, split - a)]);
                }
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::mex;

    #[test]
    fn closed_form_is_the_definition() {
        let n = 64usize;
        let mut g = vec![vec![0u64; n + 1]; n + 1];
        for s in 2..=2 * n {
            for x in 1..=n {
                if s < x + 1 || s - x > n {
                    continue;
                }
                let y = s - x;
                let mut opts = Vec::new();
                for z in [x, y] {
                    for a in 1..z {
                        opts.push(g[a][z - a]);
                    }
                }
                g[x][y] = mex(opts);
                assert_eq!(value(x as u64, y as u64), g[x][y], "({x},{y})");
            }
        }
        assert_eq!(value(1, 1), 0);
        assert_eq!(value(1 << 40, 1 << 40), 40);
        assert_eq!(value(u64::MAX, u64::MAX), 0);
        assert_eq!(value(1 << 63, 1 << 63), 63);
    }
}

#[cfg(test)]
mod table_tests {
    use crate::games::lookup;

    #[test]
    fn positions_named_by_two_numbers() {
        let cells: Vec<Vec<u64>> = [[0, 1], [1, 1], [1, 2], [2, 2], [3, 4], [4, 4], [5, 0]]
            .into_iter()
            .map(|c| c.to_vec())
            .collect();
        let values = lookup("ed")
            .unwrap()
            .values_at(&cells, &crate::context::Context::default(), &mut |_| {})
            .unwrap();
        // G(x, y) = index of the lowest zero bit of (x-1)|(y-1): (1,1) 0, (1,2) 1, (2,2) 1, (3,4) 2 (2|3 = 3), (4,4) 2.
        assert_eq!(
            values,
            [None, Some(0), Some(1), Some(1), Some(2), Some(2), None]
        );
    }
}
