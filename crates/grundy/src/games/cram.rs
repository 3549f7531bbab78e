//! Cram: two players take turns placing a domino on two adjacent empty cells of a board (across a row or down a
//! column); whoever cannot place one loses (normal play). `grundy value cram 3x4` for an empty rectangle of 3 rows
//! and 4 columns, `grundy value cram FILE` for a board read from a file (one line per row, `.` an empty cell, `#`
//! a blocked one), `grundy value cram ..#./....` for the same board written inline (rows separated by `/`).
//! Several words are a sum of boards.
//!
//! **Representation.** A board is a [`Board`]: its rows and columns and a `u128` bitset of its empty cells (bit
//! `r·cols + c`), so a board has at most [`MAX_CELLS`] = 128 cells; a larger one is refused with a one-line error.
//!
//! **Why components and symmetry are exact.** A domino covers two cells that are 4-neighbours, so a placement in
//! one 4-connected region of empty cells never changes what can be placed in another: the board is the disjoint sum
//! of its regions, and by the Sprague–Grundy theorem its nim-value is the nim-sum of theirs. Each option is
//! therefore written as the sum of the regions left after the placement. A region's moves depend only on which of
//! its cells are adjacent, which the 8 isometries of the grid (rotations by quarter turns, reflections) preserve,
//! and blocked cells outside its bounding box play no part: so each region is cropped to its bounding box and
//! replaced by the least encoding `(rows, cols, bits)` of its 8 images, and equal regions share one memo entry. A
//! region of one cell has no move (value 0) and is left out of the sum. Placements that give the same normalised
//! sum (mirror-image placements on a symmetric board) are one option, listed once.
//!
//! **Cost.** A position with `k` empty cells has at most `2k` placements; each costs a flood fill and 8 images per
//! region, `O(k)` word operations with a 128-bit word. The number of distinct regions the search meets grows
//! exponentially with the board: `5x5` takes a tenth of a second, `5x6` (30 cells) a few seconds, and the memo limit
//! of the search (or its deadline) ends larger searches with an error.

use crate::error::{escape, Error, Result};
use crate::game::{Game, Options};

/// The most cells a board may have (empty or blocked): the width of its bitset.
pub const MAX_CELLS: usize = 128;

/// A Cram board: `rows × cols` cells, with bit `r·cols + c` of `cells` set when the cell in row `r`, column `c`
/// (from 0) is empty. Bits past `rows·cols` are clear ([`Game::validate`] checks it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    /// Rows of the board.
    pub rows: u8,
    /// Columns of the board.
    pub cols: u8,
    /// The empty cells: bit `r·cols + c`.
    pub cells: u128,
}

impl Board {
    /// The empty `rows × cols` rectangle, or an error when it has no cell or more than [`MAX_CELLS`].
    pub fn rectangle(rows: usize, cols: usize) -> Result<Board> {
        check_size(rows, cols)?;
        let n = rows * cols;
        let cells = if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        };
        Ok(Board {
            rows: rows as u8,
            cols: cols as u8,
            cells,
        })
    }

    /// A board from its rows, each a string of `.` (empty) and `#` (blocked), all of the same length.
    pub fn from_rows<S: AsRef<str>>(lines: &[S]) -> Result<Board> {
        let rows = lines.len();
        let cols = lines.first().map_or(0, |l| l.as_ref().chars().count());
        for (i, l) in lines.iter().enumerate() {
            let l = l.as_ref();
            if let Some((j, ch)) = l
                .chars()
                .enumerate()
                .find(|(_, ch)| !matches!(ch, '.' | '#'))
            {
                return Err(Error::input(format!(
                    "cram: row {}, column {}: '{}' is not a cell (write '.' for an empty cell, '#' for a blocked one)",
                    i + 1,
                    j + 1,
                    escape(&ch.to_string())
                )));
            }
            let n = l.chars().count();
            if n != cols {
                return Err(Error::input(format!(
                    "cram: row {} has {n} cells but row 1 has {cols}: every row of a board has the same length",
                    i + 1
                )));
            }
        }
        check_size(rows, cols)?;
        let mut cells = 0u128;
        for (r, l) in lines.iter().enumerate() {
            for (c, ch) in l.as_ref().chars().enumerate() {
                if ch == '.' {
                    cells |= 1 << (r * cols + c);
                }
            }
        }
        Ok(Board {
            rows: rows as u8,
            cols: cols as u8,
            cells,
        })
    }

    /// Whether the cell in row `r`, column `c` (from 0) is empty.
    pub fn is_empty(&self, r: usize, c: usize) -> bool {
        r < self.rows as usize
            && c < self.cols as usize
            && self.cells >> (r * self.cols as usize + c) & 1 == 1
    }

    /// The number of empty cells.
    pub fn empty_cells(&self) -> u32 {
        self.cells.count_ones()
    }

    /// Every placement of a domino: the pair of cell indices (`r·cols + c`) it covers, across rows first.
    pub fn placements(&self) -> Vec<(u32, u32)> {
        let cols = self.cols as u32;
        let not_last = !column_mask(self.rows, self.cols, self.cols - 1);
        let across = self.cells & (self.cells >> 1) & not_last;
        // `checked_shr`: a `1 × 128` board shifts by the whole width (no cell below; a plain `>>` would overflow).
        let down = self.cells & self.cells.checked_shr(cols).unwrap_or(0);
        let mut out = Vec::with_capacity((across.count_ones() + down.count_ones()) as usize);
        out.extend(bits(across).map(|i| (i, i + 1)));
        out.extend(bits(down).map(|i| (i, i + cols)));
        out
    }

    /// The regions (4-connected sets of empty cells) of the board with at least two cells, each cropped and in its
    /// least symmetric image, sorted: the sum the board is.
    pub fn regions(&self) -> Vec<Board> {
        let left_edge = column_mask(self.rows, self.cols, 0);
        let right_edge = column_mask(self.rows, self.cols, self.cols - 1);
        let cols = self.cols as u32;
        let mut rest = self.cells;
        let mut out = Vec::new();
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = (region
                    | ((region & !right_edge) << 1)
                    | ((region & !left_edge) >> 1)
                    | region.checked_shl(cols).unwrap_or(0)
                    | region.checked_shr(cols).unwrap_or(0))
                    & rest;
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            if region.count_ones() >= 2 {
                out.push(normalise(self.cols, region));
            }
        }
        out.sort_unstable();
        out
    }

    fn show_rows(&self) -> String {
        let (rows, cols) = (self.rows as usize, self.cols as usize);
        (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| if self.is_empty(r, c) { '.' } else { '#' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

fn check_size(rows: usize, cols: usize) -> Result<()> {
    if rows == 0 || cols == 0 {
        return Err(Error::input(format!(
            "cram {rows}x{cols}: a board needs at least one row and one column"
        )));
    }
    if rows.saturating_mul(cols) > MAX_CELLS {
        return Err(Error::input(format!(
            "cram {rows}x{cols}: {} cells is more than the {MAX_CELLS} a board may have",
            rows.saturating_mul(cols)
        )));
    }
    Ok(())
}

/// The bits of column `c` of a `rows × cols` board.
fn column_mask(rows: u8, cols: u8, c: u8) -> u128 {
    (0..rows as u32).fold(0, |m, r| m | 1u128 << (r * cols as u32 + c as u32))
}

/// The indices of the set bits of `x`, lowest first.
fn bits(mut x: u128) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let i = x.trailing_zeros();
            x &= x - 1;
            i
        })
    })
}

/// A region (cells of a board with `cols` columns) cropped to its bounding box, in the least of its 8 images
/// under the symmetries of the grid.
fn normalise(cols: u8, region: u128) -> Board {
    let cols = cols as u32;
    let (mut r0, mut r1, mut c0, mut c1) = (u32::MAX, 0, u32::MAX, 0);
    for i in bits(region) {
        let (r, c) = (i / cols, i % cols);
        r0 = r0.min(r);
        r1 = r1.max(r);
        c0 = c0.min(c);
        c1 = c1.max(c);
    }
    let (h, w) = (r1 - r0 + 1, c1 - c0 + 1);
    let mut images = [0u128; 8];
    for i in bits(region) {
        let (r, c) = (i / cols - r0, i % cols - c0);
        let (rr, cc) = (h - 1 - r, w - 1 - c);
        // Images 0..4 are h × w; images 4..8 (transposed) are w × h.
        for (k, idx) in [
            r * w + c,
            r * w + cc,
            rr * w + c,
            rr * w + cc,
            c * h + r,
            c * h + rr,
            cc * h + r,
            cc * h + rr,
        ]
        .into_iter()
        .enumerate()
        {
            images[k] |= 1u128 << idx;
        }
    }
    let (h, w) = (h as u8, w as u8);
    images
        .iter()
        .enumerate()
        .map(|(k, &cells)| {
            let (rows, cols) = if k < 4 { (h, w) } else { (w, h) };
            Board { rows, cols, cells }
        })
        .min()
        .expect("eight images")
}

/// Reads one word: a rectangle `RxC`, an inline board (`..#/...`), or the name of a board file.
fn parse_word(word: &str) -> Result<Board> {
    if word.is_empty() {
        return Err(Error::input("cram: an empty word is not a board"));
    }
    if word
        .chars()
        .all(|c| c.is_ascii_digit() || c == 'x' || c == 'X')
    {
        let bad = || {
            Error::input(format!(
                "cram: expected a board RxC (rows x columns, e.g. 3x4), found '{}'",
                escape(word)
            ))
        };
        let (r, c) = word.split_once(['x', 'X']).ok_or_else(bad)?;
        if r.is_empty() || c.is_empty() || c.contains(['x', 'X']) {
            return Err(bad());
        }
        let side = |s: &str, what: &str| {
            crate::error::parse_bounded(s, &format!("cram: {what}"), MAX_CELLS as u64)
        };
        let (r, c) = (side(r, "rows")? as usize, side(c, "columns")? as usize);
        return Board::rectangle(r, c);
    }
    if word.chars().all(|c| matches!(c, '.' | '#' | '/')) {
        let rows: Vec<&str> = word.split('/').collect();
        return Board::from_rows(&rows);
    }
    let text = std::fs::read_to_string(word).map_err(|e| {
        Error::input(format!(
            "cram: cannot read the board file '{}': {e}",
            escape(word)
        ))
    })?;
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty())
        .collect();
    if lines.is_empty() {
        return Err(Error::input(format!(
            "cram: the board file '{}' has no rows",
            escape(word)
        )));
    }
    Board::from_rows(&lines).map_err(|e| e.context(format!("'{}'", escape(word))))
}

/// Cram as a [`Game`]: positions are [`Board`]s; each option is the sorted sum of the regions left by a placement,
/// each region normalised (see the module docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct CramGame;

impl CramGame {
    /// The option left by placing a domino on cells `a` and `b` of `board`.
    fn after(board: &Board, (a, b): (u32, u32)) -> Vec<Board> {
        Board {
            cells: board.cells & !(1u128 << a | 1u128 << b),
            ..*board
        }
        .regions()
    }
}

impl Game for CramGame {
    type Position = Board;
    fn name(&self) -> String {
        "cram".into()
    }
    fn options(&self, board: &Board, out: &mut Options<Board>) {
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
    fn parse(&self, words: &[String]) -> Result<Vec<Board>> {
        if words.is_empty() {
            return Err(Error::input(
                "cram: give a board: RxC (e.g. 3x4), a board file, or rows like ..#/...",
            ));
        }
        words.iter().map(|w| parse_word(w)).collect()
    }
    fn position_syntax(&self) -> &'static str {
        "RxC|FILE|ROWS..."
    }
    fn parameters(&self) -> usize {
        2
    }
    /// The empty `rows × cols` rectangle (both at least 1); a rectangle of more than [`MAX_CELLS`] cells is
    /// refused by validation (sides are kept below 256 so that the board's fields hold them, still too large).
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
    fn components(&self, b: &Board) -> Vec<Board> {
        b.regions()
    }
    fn show(&self, b: &Board) -> String {
        let n = b.rows as usize * b.cols as usize;
        if b.cells.count_ones() as usize == n {
            format!("{}x{}", b.rows, b.cols)
        } else {
            b.show_rows()
        }
    }
    fn describe_move(&self, from: &Board, to: &[Board]) -> String {
        let mut want = to.to_vec();
        want.sort_unstable();
        let cols = from.cols as u32;
        for m in from.placements() {
            if Self::after(from, m) == want {
                let (r, c) = (m.0 / cols + 1, m.0 % cols + 1);
                return if m.1 == m.0 + 1 {
                    format!(
                        "place a domino across row {r}, columns {c}-{}, leaving {}",
                        c + 1,
                        self.show_sum(to)
                    )
                } else {
                    format!(
                        "place a domino down column {c}, rows {r}-{}, leaving {}",
                        r + 1,
                        self.show_sum(to)
                    )
                };
            }
        }
        format!("move to {}", self.show_sum(to))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalising_merges_the_images_of_a_region() {
        // An L of three cells in each of its four orientations, in different places of a 3x3 board.
        let shapes = ["..#/.##/###", "###/##./#..", ".##/..#/###", "#../##./###"];
        let mut seen = Vec::new();
        for s in shapes {
            let rows: Vec<&str> = s.split('/').collect();
            let b = Board::from_rows(&rows).unwrap();
            seen.extend(b.regions());
        }
        seen.dedup();
        assert_eq!(seen.len(), 1, "{seen:?}");
        assert_eq!(seen[0].rows, 2);
    }

    #[test]
    fn placements_do_not_wrap_around_rows() {
        let b = Board::rectangle(2, 3).unwrap();
        assert_eq!(b.placements().len(), 4 + 3);
        let strip = Board::rectangle(1, 5).unwrap();
        assert_eq!(strip.placements().len(), 4);
    }
}

#[cfg(test)]
mod table_tests {
    use crate::games::lookup;
    use crate::solver::Limits;

    #[test]
    fn positions_named_by_two_numbers() {
        let cells: Vec<Vec<u64>> = [[0, 3], [1, 1], [1, 2], [1, 3], [1, 4], [2, 2], [2, 4]]
            .into_iter()
            .map(|c| c.to_vec())
            .collect();
        let values = lookup("cram")
            .unwrap()
            .values_at(&cells, &Limits::default(), &mut |_| {})
            .unwrap();
        // 1xn Cram is the octal game 0.07 (Dawson's Kayles) on n cells: 1x1 0, 1x2 1, 1x3 1, 1x4 2; even x even
        // boards (2x2, 2x4) are P by symmetry (the second player answers by the central point reflection).
        assert_eq!(
            values,
            [None, Some(0), Some(1), Some(1), Some(2), Some(0), Some(0)]
        );
        assert!(lookup("cram")
            .unwrap()
            .values_at(&[vec![12, 12]], &Limits::default(), &mut |_| {})
            .is_err());
    }
}
