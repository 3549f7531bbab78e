//! Cram as a [`Game`]: its options (the sums of regions a placement leaves), its notation and validation, and its
//! closed form (the value by the search engine, [`super::CramEngine`]).

use super::board::{check_size, normalise, parse_word, region_of};
use super::engine::with_engine;
use super::{mirror_symmetric, search_value, Board};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::ClosedForm;
use crate::game::{Game, Notation, Options, Tabular};
use crate::nimber::Nimber;

/// Cram as a [`Game`]: positions are [`Board`]s; each option is the sorted sum of the regions left by a placement,
/// each region normalised (see the module docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct CramGame;

impl CramGame {
    /// The option left by placing a domino on cells `a` and `b` of `board`: its regions as placed (cropped, not
    /// turned), so that the option shown is the board the move leaves.
    fn after(board: &Board, (a, b): (u32, u32)) -> Vec<Board> {
        Board {
            cells: board.cells & !(1u128 << a | 1u128 << b),
            ..*board
        }
        .regions_as_placed()
    }
}

impl Game for CramGame {
    type Position = Board;
    fn name(&self) -> String {
        "cram".into()
    }
    fn options(&self, board: &Board, out: &mut Options<Board>) -> crate::Result<()> {
        let mut all: Vec<Vec<Board>> = board
            .placements()
            .into_iter()
            .map(|m| Self::after(board, m))
            .collect();
        all.sort_unstable();
        all.dedup();
        for o in all {
            out.push(o);
        }
        Ok(())
    }
    fn validate(&self, b: &Board) -> Result<()> {
        check_size(b.rows as usize, b.cols as usize)?;
        let n = b.rows as usize * b.cols as usize;
        if n < 128 && b.cells >> n != 0 {
            return Err(Error::input(format!(
                "cram: the board {}x{} has cells set past its last cell",
                b.rows, b.cols
            )));
        }
        Ok(())
    }
    fn components(&self, b: &Board) -> crate::Result<Vec<Board>> {
        Ok(b.regions_as_placed())
    }
    /// A board of one region (and lone cells, which play no part) is remembered as that region's least image.
    fn memo_key<'a>(&self, b: &'a Board) -> std::borrow::Cow<'a, Board> {
        let cells = b.cells;
        if cells.count_ones() >= 2
            && region_of(b.rows, b.cols, cells, cells & cells.wrapping_neg()) == cells
        {
            // One region (an option's part always is): its least image.
            return std::borrow::Cow::Owned(normalise(b.cols, cells));
        }
        match b.regions().as_slice() {
            [one] => std::borrow::Cow::Owned(*one),
            _ => std::borrow::Cow::Borrowed(b),
        }
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

impl Notation<Board> for CramGame {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<Board>>> {
        Some(self.read_words(words))
    }
    fn position_syntax(&self) -> &'static str {
        "RxC|FILE|ROWS..."
    }
    fn show(&self, b: &Board) -> String {
        let n = b.rows as usize * b.cols as usize;
        if b.cells.count_ones() as usize == n {
            format!("{}x{}", b.rows, b.cols)
        } else {
            b.show_rows()
        }
    }
    /// The placement that leaves `to`; where several leave the same sum of cropped regions (the end columns of a
    /// `2x3`, listed as one option), each of them, as alternatives.
    fn describe_move(&self, from: &Board, to: &[Board]) -> String {
        let mut want = to.to_vec();
        want.sort_unstable();
        let cols = from.cols as u32;
        let ways: Vec<String> = from
            .placements()
            .into_iter()
            .filter(|&m| Self::after(from, m) == want)
            .map(|m| {
                let (r, c) = (m.0 / cols + 1, m.0 % cols + 1);
                // Across unless the second cell is the one below (on a board of one column, the next cell is).
                if m.1 != m.0 + cols {
                    format!("across row {r}, columns {c}-{}", c + 1)
                } else {
                    format!("down column {c}, rows {r}-{}", r + 1)
                }
            })
            .collect();
        match ways.as_slice() {
            [] => format!("move to {}", self.show_sum(to)),
            [one] => format!("place a domino {one}, leaving {}", self.show_sum(to)),
            [first, rest @ ..] => format!(
                "place a domino {first}, or {} ({} leave the same regions), leaving {}",
                rest.join(", or "),
                if rest.len() == 1 { "both" } else { "all" },
                self.show_sum(to)
            ),
        }
    }
}

impl CramGame {
    /// Reads the positions `words` write: the body of this game's [`Notation::parse`].
    fn read_words(&self, words: &[String]) -> Result<Vec<Board>> {
        if words.is_empty() {
            return Err(Error::input(
                "cram: give a board: RxC (e.g. 3x4), a board file, or rows like ..#/...",
            ));
        }
        words.iter().map(|w| parse_word(w)).collect()
    }
}

impl Tabular<Board> for CramGame {
    fn parameters(&self) -> usize {
        2
    }
    /// 6 × 6: boards to `5x6` take a tenth of a second; `7x7` runs for minutes.
    fn table_extent(&self) -> Option<u64> {
        Some(6)
    }
    /// The empty `rows × cols` rectangle (both at least 1); a rectangle of more than [`MAX_CELLS`](super::MAX_CELLS)
    /// cells is refused by validation (sides are kept below 256 so that the board's fields hold them, still too
    /// large).
    fn position_at(&self, params: &[u64]) -> Option<Board> {
        match params {
            [r, c] if *r >= 1 && *c >= 1 => {
                Some(Board::rectangle(*r as usize, *c as usize).unwrap_or(Board {
                    rows: (*r).min(255) as u8,
                    cols: (*c).min(255) as u8,
                    cells: 0,
                }))
            }
            _ => None,
        }
    }
}

impl ClosedForm<Board> for CramGame {
    /// The [`CramEngine`](super::CramEngine) (exact; see its docs), on this thread's engine under `cx`; with
    /// formulas only ([`Context::formulas_only`], inside a [`crate::Solver`]), `None` for boards that are not mirror
    /// symmetric (see [`mirror_symmetric`]), so that the solver's memo holds every position it valued.
    fn nim_value(&self, b: &Board, cx: &Context) -> Option<Nimber> {
        if mirror_symmetric(b) {
            return Some(0);
        }
        if cx.formulas_only() {
            return None;
        }
        search_value(std::slice::from_ref(b), cx).ok()
    }

    /// The options of value `target`, each tested by the engine (a test is cheaper than a value).
    fn options_with_value(
        &self,
        b: &Board,
        target: Nimber,
        cx: &Context,
    ) -> Option<Vec<Vec<Board>>> {
        if cx.formulas_only() {
            return None;
        }
        let mut opts = Options::new();
        self.options(b, &mut opts).ok()?;
        let sums: Vec<Vec<Board>> = opts.iter().map(|o| o.to_vec()).collect();
        with_engine(cx, |e| {
            let is = e.sums_are(&sums, target, cx.threads()).ok()?;
            Some(
                sums.into_iter()
                    .zip(is)
                    .filter_map(|(s, is)| is.then_some(s))
                    .collect(),
            )
        })
    }
}

#[cfg(test)]
mod table_tests {
    use crate::games::lookup;

    #[test]
    fn positions_named_by_two_numbers() {
        let cells: Vec<Vec<u64>> = [[0, 3], [1, 1], [1, 2], [1, 3], [1, 4], [2, 2], [2, 4]]
            .into_iter()
            .map(|c| c.to_vec())
            .collect();
        let values = lookup("cram")
            .unwrap()
            .values_at(&cells, &crate::context::Context::default(), &mut |_| {})
            .unwrap();
        // 1xn Cram is the octal game 0.07 (Dawson's Kayles) on n cells: 1x1 0, 1x2 1, 1x3 1, 1x4 2; even x even
        // boards (2x2, 2x4) are P by symmetry (the second player answers by the central point reflection).
        assert_eq!(
            values,
            [None, Some(0), Some(1), Some(1), Some(2), Some(0), Some(0)]
        );
        assert!(lookup("cram")
            .unwrap()
            .values_at(
                &[vec![12, 12]],
                &crate::context::Context::default(),
                &mut |_| {}
            )
            .is_err());
    }
}
