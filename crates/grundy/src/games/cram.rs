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
//! therefore written as the sum of the regions left after the placement, each cropped to its bounding box (blocked
//! cells outside it play no part) and kept in the board's orientation, so that an option reads as the board the
//! move leaves ([`Board::regions_as_placed`]). A region of one cell has no move (value 0) and is left out of the
//! sum. Placements that leave the same sum of cropped regions (the two end columns of a `2x3`) are one option,
//! listed once. A region's moves depend only on which of its cells are adjacent, which the 8 isometries of the grid
//! (rotations by quarter turns, reflections) preserve: so where values are remembered (the search engine below,
//! and [`Board::regions`]) each region is replaced by the least encoding `(rows, cols, bits)` of its 8 images, and
//! equal regions up to symmetry share one entry.
//!
//! **The fast path.** The search engine ([`CramEngine`]) works on boards of at most 8 rows and 8 columns as `u64`
//! bitboards of the 8 × 8 square (module `small`): placements by two masks, regions by a bit flood fill, the
//! canonical form by byte swaps, bit reversals and a transpose, and three exact simplifications before a region is
//! keyed (extra tufts and bridges removed, the across edges of a 2 × 2 square with two closed corners deleted;
//! each proved in the module's docs and checked against the definition on every board within 4 × 4). Larger
//! boards take the `u128` path above. The plain [`crate::Solver`] search ([`CramGame`]'s options) uses neither.
//!
//! **The endgame database.** Every region of the fast path with at most 13 cells has its value in a table built
//! with the crate (module `endgame`: the 127,288 regions the simplifications leave of the 312,241 connected sets of
//! at most 13 cells, each valued by the definition; 1.3 MB in the binary), which the engine reads before its own
//! table: a search never expands a region that small. `cram 5x5` expands 384 regions instead of 1,325; 4x7 8,974
//! instead of 16,709 (one thread).
//!
//! **Cost.** A position with `k` empty cells has at most `2k` placements; each costs a flood fill and the images
//! of each region left, a few dozen word operations on the fast path. The number of distinct regions the search
//! meets grows exponentially with the board (on one core of the project machine, the value alone: `5x6` 0.04 s,
//! `5x7` 0.35 s, `5x8` 1.1 s; benches/RESULTS.md), and the memory limit of the search (the table evicts) or its
//! deadline bounds larger searches.

use super::board_table::{self, BoardTable, Key};
use crate::context::Context;
use crate::error::{escape, Error, Result};
use crate::game::ClosedForm;
use crate::game::{Game, Options};
use crate::nimber::Nimber;
use crate::solver::{root, Limits};

// Its builders (`regions`, `values`, `layout`) are the build script's and the tests'.
#[cfg_attr(not(test), allow(dead_code))]
mod endgame;
mod small;

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

    /// A board from its rows, each a string of `.` (empty) and `#` (blocked), all of the same length. A board of
    /// more than [`MAX_CELLS`] cells whose outer rows and columns are blocked is read without them (no placement
    /// touches them, so the game is the same): a board drawn inside a frame of `#` fits when its empty cells span
    /// at most [`MAX_CELLS`].
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
        if rows.saturating_mul(cols) > MAX_CELLS {
            return Board::framed(lines, rows, cols);
        }
        let mut cells = 0u128;
        for (r, l) in lines.iter().enumerate() {
            for (c, ch) in l.as_ref().chars().enumerate() {
                if ch == '.' {
                    cells |= 1 << (r * cols + c);
                }
            }
        }
        check_size(rows, cols)?;
        Ok(Board {
            rows: rows as u8,
            cols: cols as u8,
            cells,
        })
    }

    /// [`Board::from_rows`] for rows (checked: `.` and `#`, of one length) of more than [`MAX_CELLS`] cells: the
    /// rows and columns holding an empty cell, or an error naming the span of the empty cells.
    fn framed<S: AsRef<str>>(lines: &[S], rows: usize, cols: usize) -> Result<Board> {
        let (mut top, mut bottom, mut left, mut right) = (usize::MAX, 0, usize::MAX, 0);
        for (r, l) in lines.iter().enumerate() {
            for (c, _) in l.as_ref().chars().enumerate().filter(|&(_, ch)| ch == '.') {
                (top, bottom) = (top.min(r), bottom.max(r));
                (left, right) = (left.min(c), right.max(c));
            }
        }
        if top == usize::MAX {
            // No empty cell: the game of no move, as one blocked cell.
            return Ok(Board {
                rows: 1,
                cols: 1,
                cells: 0,
            });
        }
        let (h, w) = (bottom - top + 1, right - left + 1);
        if h * w > MAX_CELLS {
            return Err(Error::input(format!(
                "cram {rows}x{cols}: {} cells is more than the {MAX_CELLS} a board may have, and its empty cells span \
                 {h}x{w} = {} (rows {}-{}, columns {}-{}), blocked cells between them included",
                rows * cols,
                h * w,
                top + 1,
                bottom + 1,
                left + 1,
                right + 1
            )));
        }
        let inner: Vec<String> = lines[top..=bottom]
            .iter()
            .map(|l| l.as_ref().chars().skip(left).take(w).collect())
            .collect();
        Board::from_rows(&inner)
    }

    /// The board as a bitboard of the 8 × 8 square, bit `8·r + c` for row `r`, column `c` (`None` for a board
    /// of more than 8 rows or columns): the form of the engine's fast path ([`small`]).
    fn square(&self) -> Option<u64> {
        let (rows, cols) = (u32::from(self.rows), u32::from(self.cols));
        if rows > 8 || cols > 8 {
            return None;
        }
        let mut x = 0u64;
        for r in 0..rows {
            let row = (self.cells >> (r * cols)) as u64 & ((1u64 << cols) - 1);
            x |= row << (8 * r);
        }
        Some(x)
    }

    /// The board of a bitboard of the square, cropped to the bounding box of `x` in the corner.
    #[cfg(test)]
    fn of_square(x: u64) -> Board {
        let x = small::corner(x);
        let h = if x == 0 {
            1
        } else {
            (63 - x.leading_zeros()) / 8 + 1
        };
        let mut f = x | x >> 32;
        f |= f >> 16;
        f |= f >> 8;
        let w = (8 - (f as u8).leading_zeros()).max(1);
        let mut cells = 0u128;
        for r in 0..h {
            let row = (x >> (8 * r)) & ((1u64 << w) - 1);
            cells |= u128::from(row) << (r * w);
        }
        Board {
            rows: h as u8,
            cols: w as u8,
            cells,
        }
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
        let mut out = Vec::new();
        self.regions_into(&mut out, false);
        out.sort_unstable();
        out
    }

    /// The regions of the board with at least two cells, each cropped to its bounding box but kept in the board's
    /// own orientation (not turned to its least image), sorted: the sum the board is, as a player sees it. The
    /// options of [`CramGame`] are made of these, so that a move's result reads as the board the move leaves.
    pub fn regions_as_placed(&self) -> Vec<Board> {
        let mut out = Vec::new();
        let mut rest = self.cells;
        while rest != 0 {
            let region = region_of(self.rows, self.cols, rest, rest & rest.wrapping_neg());
            rest &= !region;
            if region.count_ones() >= 2 {
                out.push(crop(self.cols, region));
            }
        }
        out.sort_unstable();
        out
    }

    /// Appends the regions of at least two cells to `out`, each normalised; with `stand_in`, a region of two or
    /// three cells (value 1 whatever its shape) is pushed as the `1 × 2` or `1 × 3` strip.
    fn regions_into(&self, out: &mut Vec<Board>, stand_in: bool) {
        self.regions_within(&Edges::new(self.rows, self.cols), out, stand_in);
    }

    /// [`Board::regions_into`], with the board's edges given.
    fn regions_within(&self, edges: &Edges, out: &mut Vec<Board>, stand_in: bool) {
        let mut rest = self.cells;
        while rest != 0 {
            let region = region_within(edges, self.cols, rest, rest & rest.wrapping_neg());
            rest &= !region;
            match region.count_ones() {
                0 | 1 => {}
                n @ (2 | 3) if stand_in => out.push(Board {
                    rows: 1,
                    cols: n as u8,
                    cells: (1 << n) - 1,
                }),
                _ => out.push(normalise(self.cols, region)),
            }
        }
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

/// The 4-connected part of `cells` (empty cells of a `rows × cols` board) that holds the cells `seed`: a flood
/// fill by word shifts, one step a round.
fn region_of(rows: u8, cols: u8, cells: u128, seed: u128) -> u128 {
    region_within(&Edges::new(rows, cols), cols, cells, seed)
}

/// The first and last columns of a `rows × cols` board (the cells a shift across must not wrap from).
struct Edges {
    left: u128,
    right: u128,
}

impl Edges {
    fn new(rows: u8, cols: u8) -> Edges {
        Edges {
            left: column_mask(rows, cols, 0),
            right: column_mask(rows, cols, cols - 1),
        }
    }
}

/// [`region_of`], with the board's edges given.
fn region_within(edges: &Edges, cols: u8, cells: u128, seed: u128) -> u128 {
    let (left_edge, right_edge) = (edges.left, edges.right);
    let cols = u32::from(cols);
    let mut region = seed;
    loop {
        let grown = (region
            | ((region & !right_edge) << 1)
            | ((region & !left_edge) >> 1)
            | region.checked_shl(cols).unwrap_or(0)
            | region.checked_shr(cols).unwrap_or(0))
            & cells;
        if grown == region {
            return region;
        }
        region = grown;
    }
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

/// The bounding box of the non-empty `region` (cells of a board of `cols` columns): its first row, height, first
/// column and width.
fn bounding_box(cols: u8, region: u128) -> (u32, u32, u32, u32) {
    let stride = u32::from(cols);
    let first = region.trailing_zeros();
    let last = 127 - region.leading_zeros();
    let (r0, r1) = (first / stride, last / stride);
    let row_mask = low_bits(stride);
    let mut colmask = 0u128;
    for r in r0..=r1 {
        colmask |= (region >> (r * stride)) & row_mask;
    }
    let c0 = colmask.trailing_zeros();
    (r0, r1 - r0 + 1, c0, 128 - colmask.leading_zeros() - c0)
}

/// The region (bits of a board of `cols` columns) cut to its bounding box, in the same orientation.
fn crop(cols: u8, region: u128) -> Board {
    let stride = u32::from(cols);
    let (r0, h, c0, w) = bounding_box(cols, region);
    let mut cells = 0u128;
    for i in 0..h {
        cells |= ((region >> ((r0 + i) * stride + c0)) & low_bits(w)) << (i * w);
    }
    Board {
        rows: h as u8,
        cols: w as u8,
        cells,
    }
}

/// A region (cells of a board with `cols` columns) cropped to its bounding box, in the least of its 8 images
/// under the symmetries of the grid (the least `Board`: fewest rows, then the least bitset).
///
/// With bit tricks: the region is read as at most 11 rows of its long side (transposed first when it is taller
/// than wide); the four images of that orientation (identity, each row reversed, the rows in reverse order, both)
/// are each packed in `O(rows)` word operations, and a square region adds the four images of its transpose.
fn normalise(cols: u8, region: u128) -> Board {
    let stride = u32::from(cols);
    let (r0, h, c0, w) = bounding_box(cols, region);
    let wmask = low_bits(w);
    let row = |i: u32| (region >> ((r0 + i) * stride + c0)) & wmask;
    // `short`: the rows of the image whose rows are the short side (h <= w: the region's rows; else its columns).
    let mut best: Option<Board> = None;
    let mut consider = |lines: &[u128], len: u32| {
        let n = lines.len();
        let (mut id, mut hf, mut vf, mut rot) = (0u128, 0u128, 0u128, 0u128);
        for (i, &l) in lines.iter().enumerate() {
            let rev = l.reverse_bits() >> (128 - len);
            let at = i as u32 * len;
            let back = (n - 1 - i) as u32 * len;
            id |= l << at;
            hf |= rev << at;
            vf |= l << back;
            rot |= rev << back;
        }
        let cells = id.min(hf).min(vf).min(rot);
        let b = Board {
            rows: n as u8,
            cols: len as u8,
            cells,
        };
        if best.is_none_or(|x| b < x) {
            best = Some(b);
        }
    };
    if h <= w {
        let mut lines = [0u128; 11];
        for (i, l) in lines.iter_mut().enumerate().take(h as usize) {
            *l = row(i as u32);
        }
        consider(&lines[..h as usize], w);
    }
    if w <= h {
        let mut lines = [0u128; 11];
        for i in 0..h {
            let mut x = row(i);
            while x != 0 {
                let j = x.trailing_zeros();
                x &= x - 1;
                lines[j as usize] |= 1 << i;
            }
        }
        consider(&lines[..w as usize], h);
    }
    best.expect("a region has at least one image")
}

/// The low `n` bits set (`n` from 0 to 128).
fn low_bits(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
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
    let inline = |word: &str| {
        let rows: Vec<&str> = word.split('/').collect();
        if let Some(i) = rows.iter().position(|r| r.is_empty()) {
            return Err(Error::input(format!(
                "cram: row {} of the board '{}' is empty: write each row as cells '.' (empty) and '#' (blocked), rows \
                 separated by '/'",
                i + 1,
                escape(word)
            )));
        }
        Board::from_rows(&rows)
    };
    if word.chars().all(|c| matches!(c, '.' | '#' | '/')) {
        return inline(word);
    }
    let text = read_board_file(word).map_err(|e| {
        // A word that is no file but reads as rows of cells (each mostly '.' and '#', as `..x./....`, unlike a
        // path such as `../b.txt`) is a board written inline with a slip: name the cell.
        let looks_inline = e.kind() == std::io::ErrorKind::NotFound
            && word.contains('/')
            && word.split('/').all(|r| {
                let slips = r.chars().filter(|c| !matches!(c, '.' | '#')).count();
                2 * slips < r.chars().count()
            });
        match inline(word) {
            Err(slip) if looks_inline => slip,
            _ => Error::input(format!(
                "cram: cannot read the board file '{}': {e}",
                escape(word)
            )),
        }
    })?;
    // Blank lines before the first row and after the last are no rows; one between rows is an empty row, refused
    // as in a board written inline.
    let all: Vec<&str> = text.lines().map(str::trim_end).collect();
    let first = all.iter().position(|l| !l.is_empty());
    let last = all.iter().rposition(|l| !l.is_empty());
    let (Some(first), Some(last)) = (first, last) else {
        return Err(Error::input(format!(
            "cram: the board file '{}' has no rows",
            escape(word)
        )));
    };
    let lines = &all[first..=last];
    if let Some(i) = lines.iter().position(|l| l.is_empty()) {
        return Err(Error::input(format!(
            "cram: row {} of the board file '{}' is empty: write each row as cells '.' (empty) and '#' (blocked), \
             one row a line",
            i + 1,
            escape(word)
        )));
    }
    Board::from_rows(lines).map_err(|e| e.context(format!("'{}'", escape(word))))
}

/// The most bytes of a board file read: a board of 128 empty cells framed by blocked ones is far smaller.
const MAX_BOARD_FILE_BYTES: u64 = 1 << 20;

/// The text of the board file `path`, at most [`MAX_BOARD_FILE_BYTES`] (`/dev/zero` is refused, not read).
fn read_board_file(path: &str) -> std::io::Result<String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(MAX_BOARD_FILE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_BOARD_FILE_BYTES {
        return Err(std::io::Error::other(format!(
            "larger than {} MiB, more than any board",
            MAX_BOARD_FILE_BYTES >> 20
        )));
    }
    let text = String::from_utf8(bytes).map_err(|_| std::io::Error::other("not UTF-8 text"))?;
    Ok(crate::error::without_bom(&text).to_string())
}

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
    /// 6 × 6: boards to `5x6` take a tenth of a second; `7x7` runs for minutes.
    fn table_extent(&self) -> Option<u64> {
        Some(6)
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

    fn closed_form(&self) -> Option<&dyn ClosedForm<Self::Position>> {
        Some(self)
    }
}

impl ClosedForm<Board> for CramGame {
    /// The [`CramEngine`] (exact; see its docs), on this thread's engine under `cx`; with formulas only
    /// ([`Context::formulas_only`], inside a [`crate::Solver`]), `None` for boards that are not mirror symmetric (see
    /// [`mirror_symmetric`]), so that the solver's memo holds every position it valued.
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

// ---------------------------------------------------------------------------------------------------------------
// The search engine
// ---------------------------------------------------------------------------------------------------------------

/// The Cram search engine: the nim-value of a region by *tests* "is `G(x) = w`?", with a [`BoardTable`] that
/// evicts when full.
///
/// **What it computes, and why it is exact.** `G(x) = w` exactly when `x + *w` is a P-position, i.e. when
/// (a) no option of `x` has value `w` and (b) for every `u < w` some option has value `u` (equivalently
/// `G(x) ≠ u`, as `G(x) ≤ w` once (a) holds). So `G(x)` is the least `w` whose test succeeds, and the engine
/// runs the tests `w = 0, 1, …` in turn. Test (a) stops at the first option found with value `w` — the cut that
/// makes it fast, and a sound one: that single option proves `G(x) ≠ w`, whatever the others are. An option is a
/// sum of regions `c1 + … + ck` (the regions left by the domino; Sprague–Grundy: its value is the nim-sum);
/// the engine cancels equal pairs (`G(c) ⊕ G(c) = 0`), values every region but the largest exactly, and asks the
/// test "is `G(largest) = w ⊕ (the others)`?" of the largest. A test is answered from the table when the table
/// knows it (an exact value, or a bit of "`G(x) ≠ v`"), and by the bound `G(x) ≤ (number of options)` (a mex of
/// `k` values is at most `k`). No other cut is made: unlike pruning that assumes fewer than 256 options, every
/// test reads every option it needs. The table records each answer: "`G(x) = w`" or "`G(x) ≠ w`".
///
/// Boards of at most 8 × 8 are searched as `small` regions (bitboards, simplified; 64-bit keys, held in the
/// table's compact part, [`Key::compact`]), larger ones as [`Board`] regions: the same tests on both. A [`Board`]
/// region that fits in the 8 × 8 square (as the regions of a wider board do once moves have narrowed them) is
/// searched on the fast path and keyed there: a key names a set of cells up to the symmetries of the grid,
/// whichever path meets it. Measured (one thread, `cram search in`), against the engine before these two changes
/// and the option lists made lazily for [`Board`] regions too: 3x9 15.0 → 6.8 ms, 3x10 38.6 → 17.5 ms, 4x9 1.50
/// → 0.41 s (benches/RESULTS.md, 2026-11-30).
///
/// **Order.** How soon a test that succeeds stops depends on which options it tries first: options the table
/// settles first, then the others by the difficulty of their hardest region (`Region::difficulty`, private), least
/// first. The order changes the work, never the answer.
///
/// **Cost.** Worst case the plain search's (every region reachable, each option read once per test); in practice
/// far less, as most N-positions are settled by their first few options. Memory: the table's capacity (34 bytes
/// a [`Board`] entry, 16 a `small` one), from [`Limits::max_memory`] and [`Limits::max_positions`]; past it,
/// entries are evicted and recomputed when met again (the results stay exact).
pub struct CramEngine {
    table: BoardTable,
    nodes: u64,
    deadline: Option<crate::solver::Deadline>,
    stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The caller's cancellation ([`Context::with_cancel`]), looked at with `stop`; unlike a task's stop, it ends
    /// the whole search with an error.
    cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    pool: Vec<Vec<Board>>,
    pool_small: Vec<Vec<Small>>,
    /// Spare option lists and index lists (kept to save an allocation a node).
    pool_opts: Vec<Vec<Opt>>,
    pool_open: Vec<Vec<usize>>,
    helpers: Vec<CramEngine>,
    /// Where this engine reports its progress (the search's [`Context`]; the main engine, not its helpers), and
    /// whether it has since the last search ended.
    progress: Option<crate::context::Progress>,
    reported: bool,
    /// The node count at which the search stops with [`Halt::Budget`] (looked at every 64 nodes).
    budget: u64,
}

/// What the engine's progress reports count (the total is not known in advance).
const PROGRESS: &str = "searching cram (positions expanded)";

/// An option of a region during the engine's search: its regions (equal pairs cancelled) in `flat[start..end]`.
#[derive(Clone, Copy)]
struct Opt {
    start: u32,
    end: u32,
    /// How hard its hardest region looks ([`Region::difficulty`]): options are tried easiest first.
    hard: u32,
    /// The nim-sum of the values of its regions the table knew when last looked at.
    xor: Nimber,
    /// How many of its regions the table did not know then (`u8::MAX`: not looked at yet), and the last of them.
    unknown: u8,
    unk: u32,
}

impl Opt {
    fn new(start: usize, end: usize, hard: u32) -> Opt {
        Opt {
            start: start as u32,
            end: end as u32,
            hard,
            xor: 0,
            unknown: u8::MAX,
            unk: 0,
        }
    }
}

/// A region of the engine's search, in its canonical form: a [`Board`] (any board of at most [`MAX_CELLS`]
/// cells) or a [`Small`] (a region of an 8 × 8 square, the fast path).
trait Region: Copy + Ord + Send + Sync {
    /// Empty cells.
    fn cells(&self) -> u32;
    /// The table key.
    fn key(&self) -> Key;
    /// The options: each the canonical regions left by a placement, equal pairs cancelled, appended to `flat`.
    fn options(&self, flat: &mut Vec<Self>, opts: &mut Vec<Opt>);
    /// The number of placements (of options).
    fn placements(&self) -> u32;
    /// The number of placements and the number of 2 × 2 blocks of empty cells (from one listing of the
    /// placements).
    fn placements_and_squares(&self) -> (u32, u32);
    /// How hard the region looks to value: 3 · (cells + placements) − 2 · (2 × 2 blocks), a heuristic (a region
    /// with more placements has more options; one packed into blocks has more options equal by its symmetries,
    /// which the table answers once). The options of a test are tried in the order of their hardest regions,
    /// easiest first, which decides how soon a test that succeeds stops. Measured, nodes of
    /// `value cram B --no-moves` against the cells of the largest region (the order before): 4x7 0.56, 6x5 0.57,
    /// 7x5 0.61, 5x8 0.59, and 0.70 (geometric mean) on 24 random boards of 28 to 40 cells with holes; cells plus
    /// placements alone gave 0.58, 0.64, 0.85, 1.16 and 0.76 (benches/RESULTS.md).
    fn difficulty(&self) -> u32 {
        let (placements, squares) = self.placements_and_squares();
        3 * (self.cells() + placements) - 2 * squares
    }
    /// [`Region::options`] listed one at a time, in an order of the region's choosing (the same options, perhaps
    /// ordered otherwise), calling `stop(.., Listing::Test)` on each in that order; stops there, returning true,
    /// as soon as `stop` does (the options listed so far are in `flat` and `opts`, the last the one stopped at).
    /// An option may be made up to `ahead` options before its test: `stop(.., Listing::Made)` is called on it then
    /// (its answer ignored), so that the caller can start fetching what it will look up.
    fn options_until(
        &self,
        flat: &mut Vec<Self>,
        opts: &mut Vec<Opt>,
        ahead: usize,
        stop: &mut dyn FnMut(&[Self], &mut Opt, Listing) -> bool,
    ) -> bool;
    /// Whether the mirror strategy makes it a P-position.
    fn mirror(&self) -> bool;
    /// Its value from the endgame database ([`endgame`]), for a region small enough to be there.
    fn endgame(&self) -> Option<Nimber> {
        None
    }
    /// The region as a bitboard of the 8 × 8 square, when it is a [`Board`] that fits there (the engine then
    /// searches it on the fast path, as the [`Small`] regions it splits into).
    fn as_small(&self) -> Option<u64> {
        None
    }
    /// The engine's spare option lists of this type.
    fn pool(e: &mut CramEngine) -> &mut Vec<Vec<Self>>;
}

impl Region for Board {
    fn cells(&self) -> u32 {
        self.cells.count_ones()
    }
    /// A region that fits in the 8 × 8 square has the compact key of its cells there (the least of their images,
    /// as a [`Small`] region's: a key names a set of cells up to the symmetries of the grid, whichever path made
    /// it); a larger one, its cells and shape.
    /// A region past the square whose bounding box holds at most 47 cells has a compact key too
    /// ([`wide_key`]).
    fn key(&self) -> Key {
        match self.as_small() {
            Some(x) => Key::compact(small::canonical(x)),
            None => match wide_key(self) {
                Some(k) => Key::compact(k),
                None => Key::new(self.cells, u32::from(self.rows) << 8 | u32::from(self.cols)),
            },
        }
    }
    fn as_small(&self) -> Option<u64> {
        self.square()
    }
    fn options(&self, flat: &mut Vec<Self>, opts: &mut Vec<Opt>) {
        options_of(self, flat, opts)
    }
    fn placements(&self) -> u32 {
        let (across, down) = board_placements(self);
        across.count_ones() + down.count_ones()
    }
    /// Centre first, as [`Small`] lists them: the placements down, by columns from the centre out, then across, by
    /// rows from the centre out; each option is made just before its test (long keys are not fetched ahead).
    fn options_until(
        &self,
        flat: &mut Vec<Self>,
        opts: &mut Vec<Opt>,
        _ahead: usize,
        stop: &mut dyn FnMut(&[Self], &mut Opt, Listing) -> bool,
    ) -> bool {
        let (rows, cols) = (u32::from(self.rows), u32::from(self.cols));
        let (across, down) = board_placements(self);
        let edges = Edges::new(self.rows, self.cols);
        let mut test = |pair: u128, flat: &mut Vec<Board>, opts: &mut Vec<Opt>| {
            push_board_option(self, pair, &edges, flat, opts);
            let last = opts.len() - 1;
            stop(flat, &mut opts[last], Listing::Test)
        };
        for (lo, hi) in centre_out_pairs(cols) {
            let m = column_mask(self.rows, self.cols, lo as u8)
                | column_mask(self.rows, self.cols, hi as u8);
            for i in bits(down & m) {
                if test(1 << i | 1 << (i + cols), flat, opts) {
                    return true;
                }
            }
        }
        for (lo, hi) in centre_out_pairs(rows) {
            let m = low_bits(cols) << (lo * cols) | low_bits(cols) << (hi * cols);
            for i in bits(across & m) {
                if test(0b11 << i, flat, opts) {
                    return true;
                }
            }
        }
        false
    }
    fn mirror(&self) -> bool {
        mirror_symmetric(self)
    }
    fn placements_and_squares(&self) -> (u32, u32) {
        let (across, down) = board_placements(self);
        let below = across.checked_shr(u32::from(self.cols)).unwrap_or(0);
        (
            across.count_ones() + down.count_ones(),
            (across & below).count_ones(),
        )
    }
    fn pool(e: &mut CramEngine) -> &mut Vec<Vec<Self>> {
        &mut e.pool
    }
}

/// A region of the 8 × 8 square in its canonical form ([`small::canonical`]), after the simplifications of
/// [`small`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Small(u64);

impl Region for Small {
    fn cells(&self) -> u32 {
        self.0.count_ones()
    }
    fn key(&self) -> Key {
        Key::compact(self.0)
    }
    fn options(&self, flat: &mut Vec<Self>, opts: &mut Vec<Opt>) {
        let p = self.0;
        let (across, down) = small::placements(p);
        let mut a = across;
        while a != 0 {
            let i = a.trailing_zeros();
            a &= a - 1;
            Small::push_option(p & !(0b11 << i), flat, opts);
        }
        let mut d = down;
        while d != 0 {
            let i = d.trailing_zeros();
            d &= d - 1;
            Small::push_option(p & !(1 << i | 1 << (i + 8)), flat, opts);
        }
    }
    fn placements(&self) -> u32 {
        let (across, down) = small::placements(self.0);
        across.count_ones() + down.count_ones()
    }
    /// Centre first: the placements down, by columns from the centre out, then across, by rows from the centre
    /// out (an option that settles a test is found sooner there: the board splits into balanced parts, which the
    /// table tends to know). Each option is made `ahead` options before its test (so that its table entries are
    /// fetched meanwhile).
    fn options_until(
        &self,
        flat: &mut Vec<Self>,
        opts: &mut Vec<Opt>,
        ahead: usize,
        stop: &mut dyn FnMut(&[Self], &mut Opt, Listing) -> bool,
    ) -> bool {
        let p = self.0;
        if p == 0 {
            return false;
        }
        let (across, down) = small::placements(p);
        let rows = (63 - p.leading_zeros()) / 8 + 1;
        let mut line = p | p >> 32;
        line |= line >> 16;
        line |= line >> 8;
        let cols = 8 - (line as u8).leading_zeros();
        // The cells left by each placement, in the order of the tests (at most 7 · 8 down and as many across).
        let mut left = [0u64; 112];
        let mut n = 0;
        for m in centre_out(cols, 0x0101_0101_0101_0101, 1) {
            let mut d = down & m;
            while d != 0 {
                let i = d.trailing_zeros();
                d &= d - 1;
                left[n] = p & !(1 << i | 1 << (i + 8));
                n += 1;
            }
        }
        for m in centre_out(rows, 0xff, 8) {
            let mut a = across & m;
            while a != 0 {
                let i = a.trailing_zeros();
                a &= a - 1;
                left[n] = p & !(0b11 << i);
                n += 1;
            }
        }
        let first = opts.len();
        for i in 0..n {
            // Make the options up to `ahead` past the one tested.
            while opts.len() - first < n.min(i + ahead + 1) {
                Small::push_option(left[opts.len() - first], flat, opts);
                let o = opts.last_mut().expect("just pushed");
                stop(flat, o, Listing::Made);
            }
            if stop(flat, &mut opts[first + i], Listing::Test) {
                flat.truncate(opts[first + i].end as usize);
                opts.truncate(first + i + 1);
                return true;
            }
        }
        false
    }
    fn mirror(&self) -> bool {
        small::mirror_symmetric(self.0)
    }
    fn endgame(&self) -> Option<Nimber> {
        endgame_value(self.0)
    }
    fn placements_and_squares(&self) -> (u32, u32) {
        let (across, down) = small::placements(self.0);
        (
            across.count_ones() + down.count_ones(),
            (across & (across >> 8)).count_ones(),
        )
    }
    fn pool(e: &mut CramEngine) -> &mut Vec<Vec<Self>> {
        &mut e.pool_small
    }
}

impl Small {
    /// Appends the option left by a placement (`left`: the cells it leaves): its canonical regions (simplified,
    /// equal pairs cancelled) to `flat`, and the option to `opts`.
    fn push_option(left: u64, flat: &mut Vec<Small>, opts: &mut Vec<Opt>) {
        let start = flat.len();
        small::split(left, &mut |x| flat.push(Small(x)));
        push_opt(flat, start, opts);
    }
}

/// The nodes a search on threads spends on one thread first ([`CramEngine::exact_shared`]).
const SOLO: u64 = 1024;

/// The endgame database's table ([`endgame`]), as the crate's build script wrote it: little-endian words.
static ENDGAME: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/cram_endgame.bin"));

/// The value of the canonical region `x` (of the 8 × 8 square) in the endgame database, if it is there.
fn endgame_value(x: u64) -> Option<Nimber> {
    let word = |i: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&ENDGAME[8 * i..8 * i + 8]);
        u64::from_le_bytes(w)
    };
    endgame::find(word, x).map(Nimber::from)
}

/// How many options [`Region::options_until`] makes ahead of the one it tests, once the table holds
/// [`AHEAD_FROM`] entries: their table entries are fetched from memory meanwhile. A smaller table stays in the
/// cache, and the options made past the one that settles a test would be wasted work: there the engine makes none.
/// Measured, one thread, least CPU time of 7 (ms), none ahead / 2 ahead: 4x7 28.4 / 33.0, 6x5 69.7 / 81.4, 5x6
/// 84.2 / 82.1, 7x5 597 / 547 (its table ends with 350,172 entries, 6x5's with 50,116).
const AHEAD: usize = 2;
/// See [`AHEAD`].
const AHEAD_FROM: usize = 100_000;

/// Why [`Region::options_until`] shows its caller an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Listing {
    /// It was just made (its test comes later): a hint, the answer is ignored.
    Made,
    /// The test: true stops the listing there.
    Test,
}

/// The masks of the lines `0..n` of an 8 × 8 bitboard (line `i` is `line << (step * i)`), from the centre out:
/// the one or two central lines first, then the next pair out on either side, and so on.
fn centre_out(n: u32, line: u64, step: u32) -> impl Iterator<Item = u64> {
    centre_out_pairs(n).map(move |(lo, hi)| line << (step * lo) | line << (step * hi))
}

/// The lines `0..n` from the centre out, as pairs: the one or two central lines first (a single line is its own
/// pair), then the next pair out on either side, and so on.
fn centre_out_pairs(n: u32) -> impl Iterator<Item = (u32, u32)> {
    let n = n as i32;
    let (mut lo, mut hi) = ((n - 1) / 2, n / 2);
    std::iter::from_fn(move || {
        if lo < 0 || hi >= n {
            return None;
        }
        let pair = (lo as u32, hi as u32);
        lo -= 1;
        hi += 1;
        Some(pair)
    })
}

/// Run first by a helper thread: if the kernel started it on `spawner`, the processor of the thread that spawned
/// it, it moves to another (the spawner then yields once, so that a helper queued behind it runs to do so). Left
/// there, a helper waited for the kernel's next balancing, 2-4 ms, in about 40% of the runs of `value cram 4x7
/// --threads 2` (a search of 10 ms), which then took up to 18 ms (benches/RESULTS.md, 2026-11-30).
fn leave_cpu(spawner: Option<usize>) {
    if let Some(c) = spawner {
        if crate::heap::sparse::current_cpu() == Some(c) {
            crate::heap::sparse::move_off_cpu(c);
        }
    }
}

/// An engine running the tasks of a root dealt to threads ([`root`]): its options `opts` over `flat`.
struct Tasks<'a, R> {
    e: &'a mut CramEngine,
    flat: &'a [R],
    opts: &'a [Opt],
}

impl<R: Region> root::Worker for Tasks<'_, R> {
    type Halt = Halt;
    fn stopped(h: &Halt) -> bool {
        *h == Halt::Stopped
    }
    fn swap_stop(
        &mut self,
        stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    ) -> Option<std::sync::Arc<std::sync::atomic::AtomicBool>> {
        std::mem::replace(&mut self.e.stop, stop)
    }
    fn option_known(&mut self, i: usize) -> Option<Nimber> {
        let mut o = self.opts[i];
        self.e.look_up(self.flat, &mut o);
        (o.unknown == 0).then_some(o.xor)
    }
    fn option_is(&mut self, i: usize, u: Nimber) -> std::result::Result<bool, Halt> {
        let mut o = self.opts[i];
        self.e.look_up(self.flat, &mut o);
        match self.e.table_has(self.flat, &o, u) {
            Some(has) => Ok(has),
            None => self
                .e
                .opt_is(&self.flat[o.start as usize..o.end as usize], u),
        }
    }
}

/// Sorts `v[start..]` and removes its equal pairs (their values cancel in the nim-sum).
fn cancel_pairs_from<R: Region>(v: &mut Vec<R>, start: usize) {
    v[start..].sort_unstable();
    let mut out = start;
    let mut i = start;
    while i < v.len() {
        if i + 1 < v.len() && v[i] == v[i + 1] {
            i += 2;
        } else {
            v[out] = v[i];
            out += 1;
            i += 1;
        }
    }
    v.truncate(out);
}

/// The engine stopped: a deadline passed, or another thread made its test moot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Halt {
    Time,
    Stopped,
    /// The caller cancelled the search ([`Context::with_cancel`]).
    Cancelled,
    /// The node budget of a search begun on one thread ran out (`CramEngine::exact_shared`).
    Budget,
}

/// A board split for the engine: its canonical regions on the fast path when it fits in 8 × 8, else as [`Board`]s.
enum Parts {
    Small(Vec<Small>),
    Big(Vec<Board>),
}

fn parts(b: &Board) -> Parts {
    match b.square() {
        Some(x) => {
            let mut v = Vec::new();
            small::split(x, &mut |r| v.push(Small(r)));
            Parts::Small(v)
        }
        None => Parts::Big(b.regions()),
    }
}

/// Buckets of the shared table part for a search whose region has `cells` cells: about half the entries such a
/// search keeps (measured on one thread: 4x7 19,460, 5x7 350,172, 5x8 964,500 entries; about ×1.5 a cell; on two
/// threads fewer are kept), within the memory budget. Only the speed depends on it: the part grows fourfold once it
/// holds as many entries as buckets (a search of a board of high value keeps many more), and evicts at its largest.
fn shared_buckets(cells: u32, max_bytes: u64) -> usize {
    let mut est: u64 = 10_000;
    for _ in 28..cells.min(80) {
        est = est.saturating_mul(3) / 2;
    }
    for _ in cells..28 {
        est = est * 2 / 3;
    }
    let cap = (max_bytes / 64).max(1024);
    // A power of two (as the part is made), the largest within the budget.
    let cap = 1u64 << (63 - cap.leading_zeros());
    est.max(1024).next_power_of_two().min(cap) as usize
}

impl CramEngine {
    /// An engine whose table holds what `limits` allows (its memory budget and position count).
    pub fn new(limits: &Limits) -> CramEngine {
        let bytes = limits
            .max_memory
            .min((limits.max_positions as u64).saturating_mul(board_table::ENTRY_BYTES + 2));
        CramEngine::with_table(BoardTable::with_max_bytes(bytes), limits.deadline)
    }

    /// An engine searching through `table`, under `deadline`.
    fn with_table(table: BoardTable, deadline: Option<crate::solver::Deadline>) -> CramEngine {
        CramEngine {
            table,
            nodes: 0,
            deadline,
            stop: None,
            cancel: None,
            pool: Vec::new(),
            pool_small: Vec::new(),
            pool_opts: Vec::new(),
            pool_open: Vec::new(),
            helpers: Vec::new(),
            progress: None,
            reported: false,
            budget: u64::MAX,
        }
    }

    /// The table of the engine (its size, capacity and evictions).
    pub fn table(&self) -> &BoardTable {
        &self.table
    }

    /// Positions the engine has expanded (options listed) so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The nim-value of a sum of boards (each split into its regions).
    pub fn value(&mut self, boards: &[Board]) -> Result<Nimber> {
        self.value_threads(boards, 1)
    }

    /// [`CramEngine::value`] on `threads` threads: for each region of the 8 × 8 square, the tests of its options
    /// are dealt to this engine and `threads − 1` helpers, all through one shared table (`exact_shared` and the
    /// module `root` in the source); the answer is the one-thread answer (the table holds only true facts, whoever
    /// wrote them). A region's search first spends 1,024 nodes on this thread alone, and one that ends within
    /// them starts no thread. Measured (benches/RESULTS.md, the endgame database's section; search alone, best of
    /// 7), two cores against one: 4x5 and 5x5 1.0× (one thread throughout), 4x7 1.09×, 6x5 1.82×, 5x6 1.79×, 5x7
    /// 1.56×.
    pub fn value_threads(&mut self, boards: &[Board], threads: usize) -> Result<Nimber> {
        let mut v = 0;
        for b in boards {
            let r = match parts(b) {
                Parts::Small(rs) => self.xor_parallel(&rs, threads),
                Parts::Big(rs) => self.xor_parallel(&rs, threads),
            };
            v ^= r.map_err(|h| self.error(h))?;
        }
        Ok(v)
    }

    fn xor_parallel<R: Region>(
        &mut self,
        rs: &[R],
        threads: usize,
    ) -> std::result::Result<Nimber, Halt> {
        let mut v = 0;
        for r in rs {
            v ^= if threads <= 1 {
                self.exact(r)?
            } else {
                self.exact_shared(r, threads)?
            };
        }
        Ok(v)
    }

    /// [`CramEngine::exact`] on `threads` threads: the tests of the region's options are dealt to this engine and
    /// its helpers as tasks (module `root`), all through one table (its compact part shared:
    /// [`board_table::BoardTable::share`]). Every fact in the table is true whichever thread wrote it, so the answer
    /// is the one-thread answer.
    fn exact_shared<R: Region>(
        &mut self,
        x: &R,
        threads: usize,
    ) -> std::result::Result<Nimber, Halt> {
        let n = x.cells();
        let key = x.key();
        if !key.is_compact() || n < 12 || x.mirror() || self.table.get(&key).exact.is_some() {
            // (A region with a long key, past the 8 x 8 square and its compact keys, has regions no thread shares:
            // one thread searches it.)
            return self.exact(x);
        }
        // First on this thread alone, for SOLO nodes: a search that ends within them starts no thread. (Starting
        // one and sharing the table cost about as much as SOLO nodes; what the solo search proved stays in the
        // table, which the threads share.)
        let budget = std::mem::replace(&mut self.budget, self.nodes.saturating_add(SOLO));
        let solo = self.exact(x);
        self.budget = budget;
        match solo {
            Err(Halt::Budget) => {}
            r => return r,
        }
        self.tick()?;
        let mut flat = Vec::new();
        let mut all = Vec::new();
        x.options(&mut flat, &mut all);
        if all.len() > root::MAX_OPTIONS {
            return self.exact(x);
        }
        // In the one-thread order; each option once (equal sums of regions, such as the images of one placement
        // under the board's symmetries, are one option).
        all.sort_by_key(|o| o.hard);
        let mut seen = std::collections::BTreeSet::new();
        let opts: Vec<Opt> = all
            .into_iter()
            .filter(|o| seen.insert(&flat[o.start as usize..o.end as usize]))
            .collect();
        self.table.share(shared_buckets(n, self.table.max_bytes()));
        self.make_helpers(threads);
        let mut helpers = std::mem::take(&mut self.helpers);
        let tasks = root::Shared::new(opts.len(), threads, |i| {
            let mut o = opts[i];
            self.look_up(&flat, &mut o);
            (o.unknown == 0).then_some(o.xor)
        });
        let r = std::thread::scope(|sc| {
            let mut handles = Vec::new();
            let here = crate::heap::sparse::current_cpu();
            let (flat, opts) = (&flat[..], &opts[..]);
            for (t, h) in helpers.iter_mut().enumerate() {
                let tasks = &tasks;
                handles.push(
                    std::thread::Builder::new()
                        .stack_size(256 << 20)
                        .spawn_scoped(sc, move || {
                            leave_cpu(here);
                            tasks.work(&mut Tasks { e: h, flat, opts }, t + 1)
                        }),
                );
            }
            std::thread::yield_now();
            let r = tasks.work(
                &mut Tasks {
                    e: &mut *self,
                    flat,
                    opts,
                },
                0,
            );
            for h in handles.into_iter().flatten() {
                // Each thread returns the same answer; a helper that failed left only facts it wrote whole.
                let _ = h.join();
            }
            r
        });
        self.helpers = helpers;
        if let Ok(v) = r {
            self.table.set_exact(&x.key(), v, n as u16);
        }
        r
    }

    /// Makes helper engines (each its own table, of this one's size, under its deadline) until there are `threads`
    /// engines in all; when this engine's table shares its compact part, so do theirs.
    fn make_helpers(&mut self, threads: usize) {
        let bytes = self.table.max_bytes();
        while self.helpers.len() + 1 < threads {
            // (Its compact keys live in the shared part: a table of its own starts as small as it can.)
            let mut h = CramEngine::with_table(BoardTable::lean(bytes), None);
            h.progress = None;
            self.helpers.push(h);
        }
        let shared = self.table.shared_part();
        for h in &mut self.helpers {
            h.deadline = self.deadline;
            if let Some(c) = &shared {
                if h.table.shared_part().is_none() {
                    h.table.attach(c.clone());
                }
            }
        }
    }

    /// For each sum of regions in `sums` (as [`CramEngine::sum_is`] takes them), whether it has nim-value `w`: the
    /// tests of a position's winning moves. On `threads` > 1 the sums are dealt to this engine and its helpers,
    /// sums equal up to the symmetries of the grid to the same engine (so that one table proves them once), and
    /// tested at once; each test is exact on any engine, so the answers are those of one thread.
    pub fn sums_are(
        &mut self,
        sums: &[Vec<Board>],
        w: Nimber,
        threads: usize,
    ) -> Result<Vec<bool>> {
        if threads <= 1 || sums.len() < 2 {
            return sums.iter().map(|s| self.sum_is(s, w)).collect();
        }
        // Group the sums by their regions' least images; deal each group to the engine with the fewest sums.
        let mut keyed: Vec<(Vec<Board>, usize)> = sums
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let mut k: Vec<Board> = s.iter().flat_map(|b| b.regions()).collect();
                k.sort_unstable();
                (k, i)
            })
            .collect();
        keyed.sort_unstable();
        let mut deals: Vec<Vec<usize>> = vec![Vec::new(); threads];
        let mut start = 0;
        while start < keyed.len() {
            let end = start
                + keyed[start..]
                    .iter()
                    .take_while(|(k, _)| *k == keyed[start].0)
                    .count();
            let least = (0..threads)
                .min_by_key(|&t| deals[t].len())
                .expect("threads > 1");
            deals[least].extend(keyed[start..end].iter().map(|&(_, i)| i));
            start = end;
        }
        // The engines share one table (this one's facts moved into it), sized for the largest board, when every
        // region of the boards has a compact key (as have those of the 8 x 8 square and the smaller ones past it),
        // which the shared part holds. (`keyed` holds every sum's regions.)
        if keyed
            .iter()
            .all(|(k, _)| k.iter().all(|r| r.key().is_compact()))
        {
            let cells = sums
                .iter()
                .flatten()
                .map(|b| b.cells.count_ones())
                .max()
                .unwrap_or(0);
            self.table
                .share(shared_buckets(cells, self.table.max_bytes()));
        }
        self.make_helpers(threads);
        let mut helpers = std::mem::take(&mut self.helpers);
        let run = |e: &mut CramEngine, deal: &[usize]| -> Result<Vec<(usize, bool)>> {
            deal.iter()
                .map(|&i| Ok((i, e.sum_is(&sums[i], w)?)))
                .collect()
        };
        let results: Vec<Result<Vec<(usize, bool)>>> = std::thread::scope(|sc| {
            let mut handles = Vec::new();
            let here = crate::heap::sparse::current_cpu();
            for (h, deal) in helpers.iter_mut().zip(&deals[1..]) {
                let spawned = std::thread::Builder::new()
                    .stack_size(256 << 20)
                    .spawn_scoped(sc, move || {
                        leave_cpu(here);
                        run(h, deal)
                    });
                handles.push((spawned, deal));
            }
            std::thread::yield_now();
            let mut all = vec![run(self, &deals[0])];
            for (h, deal) in handles {
                all.push(match h {
                    Ok(h) => h
                        .join()
                        .unwrap_or_else(|_| Err(Error::limit("cram: a search thread failed"))),
                    // A thread that could not be started: its deal is tested on this one.
                    Err(_) => run(self, deal),
                });
            }
            all
        });
        self.helpers = helpers;
        let mut out = vec![false; sums.len()];
        for r in results {
            for (i, is) in r? {
                out[i] = is;
            }
        }
        Ok(out)
    }

    /// Whether the sum of the regions `sum` (each normalised, as [`Board::regions`] gives them) has nim-value `w`.
    pub fn sum_is(&mut self, sum: &[Board], w: Nimber) -> Result<bool> {
        let r = (|| {
            let mut small = Vec::new();
            let mut big = Vec::new();
            for b in sum {
                match parts(b) {
                    Parts::Small(v) => small.extend(v),
                    Parts::Big(v) => big.extend(v),
                }
            }
            cancel_pairs_from(&mut small, 0);
            big.retain(|b| b.cells.count_ones() >= 2);
            cancel_pairs_from(&mut big, 0);
            if big.is_empty() {
                return self.opt_is(&small, w);
            }
            let mut t = w;
            for c in &small {
                t ^= self.exact(c)?;
            }
            self.opt_is(&big, t)
        })();
        r.map_err(|h| self.error(h))
    }

    fn error(&self, h: Halt) -> Error {
        match (h, &self.deadline) {
            (Halt::Time, Some(d)) => d.error(),
            (Halt::Cancelled, _) => {
                Error::cancelled("cram: the search was stopped before it ended")
            }
            _ => Error::limit("cram: the search was stopped"),
        }
    }

    fn tick(&mut self) -> std::result::Result<(), Halt> {
        self.nodes += 1;
        // A stop is looked for every 64 nodes (a test made moot ends within about 0.1 ms), the clock every 1024.
        if self.nodes & 0x3f == 0 {
            if self.nodes >= self.budget {
                return Err(Halt::Budget);
            }
            if let Some(s) = &self.stop {
                if s.load(std::sync::atomic::Ordering::Relaxed) {
                    return Err(Halt::Stopped);
                }
            }
            if let Some(c) = &self.cancel {
                if c.load(std::sync::atomic::Ordering::Relaxed) {
                    return Err(Halt::Cancelled);
                }
            }
            if self.nodes & 0x3ff == 0 && self.deadline.is_some_and(|d| d.passed()) {
                return Err(Halt::Time);
            }
            if self.nodes & 0xfff == 0 {
                if let Some(p) = &self.progress {
                    p(PROGRESS, self.nodes, crate::context::UNKNOWN_TOTAL);
                    self.reported = true;
                }
            }
        }
        Ok(())
    }

    /// The exact value of a normalised region.
    fn exact<R: Region>(&mut self, x: &R) -> std::result::Result<Nimber, Halt> {
        match self.scan(x, Nimber::MAX)? {
            Ok(v) => Ok(v),
            Err(()) => unreachable!("a scan without a bound ends with the value"),
        }
    }

    /// Whether the sum `sum` of normalised regions (no equal pair) has value `w`.
    fn opt_is<R: Region>(&mut self, sum: &[R], w: Nimber) -> std::result::Result<bool, Halt> {
        let Some((bi, _)) = sum.iter().enumerate().max_by_key(|(_, b)| b.cells()) else {
            return Ok(w == 0);
        };
        let mut t = w;
        for (i, c) in sum.iter().enumerate() {
            if i != bi {
                t ^= self.exact(c)?;
            }
        }
        self.is(&sum[bi], t)
    }

    /// Whether the normalised region `x` has value `w` (`x + *w` is a P-position).
    fn is<R: Region>(&mut self, x: &R, w: Nimber) -> std::result::Result<bool, Halt> {
        Ok(self.scan(x, w)? == Ok(w))
    }

    /// What the table knows of the region `x`, with the small cases and the mirror strategy answered first (and
    /// recorded).
    fn known<R: Region>(&mut self, x: &R) -> board_table::Known {
        let n = x.cells();
        if n < 4 {
            return board_table::Known {
                exact: Some(Nimber::from(n >= 2)),
                not: 0,
            };
        }
        if n <= endgame::MAX_CELLS {
            if let Some(v) = x.endgame() {
                return board_table::Known {
                    exact: Some(v),
                    not: 0,
                };
            }
        }
        let key = x.key();
        let k = self.table.get(&key);
        if k.exact.is_none() && k.not & 1 == 0 && x.mirror() {
            self.table.set_exact(&key, 0, n as u16);
            return board_table::Known {
                exact: Some(0),
                not: 0,
            };
        }
        k
    }

    /// The tests "is `G(x) = u`?" for `u = 0, 1, …`, on one listing of the options of `x`. Test `u` (after every
    /// smaller one failed) looks for an option of value `u`: if there is one, `G(x) ≠ u`; if not, `G(x) = u`.
    /// With `bound` = [`Nimber::MAX`] the answer is `Ok(G(x))`. With a smaller `bound` it is one test, "is
    /// `G(x) = bound`?": `Ok(bound)` if so, `Err(())` if not (an option of value `bound` ends it at once; when
    /// there is none, the smaller values are tested and the exact value is recorded on the way).
    fn scan<R: Region>(
        &mut self,
        x: &R,
        bound: Nimber,
    ) -> std::result::Result<std::result::Result<Nimber, ()>, Halt> {
        let known = self.known(x);
        if let Some(v) = known.exact {
            return Ok(if v <= bound { Ok(v) } else { Err(()) });
        }
        if let Some(p) = x.as_small() {
            return self.scan_small(x, p, bound, known.not);
        }
        if bound < 64 && known.not >> bound & 1 == 1 {
            // A test of `bound`, which the table already knows is not the value. (Callers of a bounded scan,
            // [`CramEngine::is`], ask only whether the answer is `Ok(bound)`.)
            return Ok(Err(()));
        }
        let key = x.key();
        let work = x.cells() as u16;
        self.tick()?;
        let mut flat = R::pool(self).pop().unwrap_or_default();
        let mut opts = self.pool_opts.pop().unwrap_or_default();
        if bound == Nimber::MAX {
            x.options(&mut flat, &mut opts);
        } else {
            // A test of one value (`bound`): the mex of k values is at most k; and an option the table knows to
            // have value `bound` settles it (G(x) != bound) as soon as it is listed, before the others are made.
            // (The same table fact `has_option` would find first: a stop here answers as `scan_with` would.)
            let ahead = if self.table.len() >= AHEAD_FROM {
                AHEAD
            } else {
                0
            };
            let settled = bound > Nimber::from(x.placements())
                || x.options_until(&mut flat, &mut opts, ahead, &mut |flat, o, why| {
                    if why == Listing::Made {
                        for r in &flat[o.start as usize..o.end as usize] {
                            if r.cells() >= 4 {
                                self.table.prefetch(&r.key());
                            }
                        }
                        return false;
                    }
                    self.look_up(flat, o);
                    self.table_has(flat, o, bound) == Some(true)
                });
            if settled {
                self.table.set_not(&key, bound, work);
                flat.clear();
                R::pool(self).push(flat);
                opts.clear();
                self.pool_opts.push(opts);
                return Ok(Err(()));
            }
        }
        opts.sort_unstable_by_key(|o| o.hard);
        let r = self.scan_with(&key, known.not, bound, work, &flat, &mut opts);
        flat.clear();
        R::pool(self).push(flat);
        opts.clear();
        self.pool_opts.push(opts);
        r
    }

    /// [`CramEngine::scan`] of a [`Board`] region that fits in the 8 × 8 square (its cells `p` there): on the fast
    /// path, as the sum of the [`Small`] regions it simplifies and splits into ([`small::split`]: each step an exact
    /// equivalence); the answer is recorded under the region's own key too.
    fn scan_small<R: Region>(
        &mut self,
        x: &R,
        p: u64,
        bound: Nimber,
        not: u64,
    ) -> std::result::Result<std::result::Result<Nimber, ()>, Halt> {
        if bound < 64 && not >> bound & 1 == 1 {
            return Ok(Err(()));
        }
        let mut parts = Vec::new();
        small::split(p, &mut |r| parts.push(Small(r)));
        cancel_pairs_from(&mut parts, 0);
        let (key, work) = (x.key(), x.cells() as u16);
        if bound == Nimber::MAX {
            let mut v = 0;
            for c in &parts {
                v ^= self.exact(c)?;
            }
            self.table.set_exact(&key, v, work);
            return Ok(Ok(v));
        }
        if self.opt_is(&parts, bound)? {
            self.table.set_exact(&key, bound, work);
            Ok(Ok(bound))
        } else {
            self.table.set_not(&key, bound, work);
            Ok(Err(()))
        }
    }

    fn scan_with<R: Region>(
        &mut self,
        key: &Key,
        not: u64,
        bound: Nimber,
        work: u16,
        flat: &[R],
        opts: &mut [Opt],
    ) -> std::result::Result<std::result::Result<Nimber, ()>, Halt> {
        let mut open = self.pool_open.pop().unwrap_or_default();
        let r = self.scan_open(key, not, bound, work, flat, opts, &mut open);
        open.clear();
        self.pool_open.push(open);
        r
    }

    /// [`CramEngine::scan_with`], with a spare index list.
    #[allow(clippy::too_many_arguments)]
    fn scan_open<R: Region>(
        &mut self,
        key: &Key,
        mut not: u64,
        bound: Nimber,
        work: u16,
        flat: &[R],
        opts: &mut [Opt],
        open: &mut Vec<usize>,
    ) -> std::result::Result<std::result::Result<Nimber, ()>, Halt> {
        // A test of one value (`bound`): an option of that value settles it at once, before any smaller value is
        // looked at. The mex of k values is at most k.
        if bound != Nimber::MAX {
            if bound > opts.len() as Nimber || self.has_option(flat, opts, bound, open)? {
                self.table.set_not(key, bound, work);
                return Ok(Err(()));
            }
            // No option has value `bound`, so G(x) <= bound: the loop below ends by `bound`.
            if bound < 64 {
                not &= !(1 << bound);
            }
        }
        let mut u: Nimber = 0;
        loop {
            if (u < 64 && not >> u & 1 == 1)
                || (u != bound && self.has_option(flat, opts, u, open)?)
            {
                self.table.set_not(key, u, work);
                u += 1;
                continue;
            }
            self.table.set_exact(key, u, work);
            return Ok(if u == bound || bound == Nimber::MAX {
                Ok(u)
            } else {
                Err(())
            });
        }
    }

    /// Whether some option of `opts` has value `u`: first those the table settles, then the rest, in order.
    /// What the table knows of each option's regions is looked up once and kept in the option (a region valued
    /// later is looked up again only for options still undecided).
    fn has_option<R: Region>(
        &mut self,
        flat: &[R],
        opts: &mut [Opt],
        u: Nimber,
        open: &mut Vec<usize>,
    ) -> std::result::Result<bool, Halt> {
        open.clear();
        for (i, slot) in opts.iter_mut().enumerate() {
            if slot.unknown == u8::MAX {
                self.look_up(flat, slot);
            }
            match self.table_has(flat, slot, u) {
                Some(true) => return Ok(true),
                Some(false) => {}
                None => open.push(i),
            }
        }
        for &i in open.iter() {
            let o = opts[i];
            if self.opt_is(&flat[o.start as usize..o.end as usize], u)? {
                return Ok(true);
            }
            if o.unknown > 1 {
                // Its smaller regions were valued by the test: look again.
                self.look_up(flat, &mut opts[i]);
            }
        }
        Ok(false)
    }

    /// Whether the option `o` (looked up) has value `u`, when the table (and `o`'s lookup) can tell.
    fn table_has<R: Region>(&self, flat: &[R], o: &Opt, u: Nimber) -> Option<bool> {
        match o.unknown {
            0 => Some(o.xor == u),
            1 => self.table.get(&flat[o.unk as usize].key()).is(u ^ o.xor),
            _ => None,
        }
    }

    /// Reads what the table knows of the regions of `o` into it.
    fn look_up<R: Region>(&mut self, flat: &[R], o: &mut Opt) {
        o.xor = 0;
        o.unknown = 0;
        for (j, c) in flat[o.start as usize..o.end as usize].iter().enumerate() {
            match self.known(c).exact {
                Some(v) => o.xor ^= v,
                None => {
                    o.unknown = o.unknown.saturating_add(1);
                    o.unk = o.start + j as u32;
                }
            }
        }
    }

    /// Debugging figures: nodes, entries, evictions.
    pub fn stats(&self) -> (u64, usize, u64) {
        (self.nodes, self.table.len(), self.table.evicted())
    }
}

/// The options of the normalised region `x`: for each placement, the regions of at least two cells it leaves,
/// normalised, equal pairs cancelled, appended to `flat`; `opts` indexes them.
fn options_of(x: &Board, flat: &mut Vec<Board>, opts: &mut Vec<Opt>) {
    let cols = u32::from(x.cols);
    let (across, down) = board_placements(x);
    let edges = Edges::new(x.rows, x.cols);
    for i in bits(across) {
        push_board_option(x, 0b11 << i, &edges, flat, opts);
    }
    for i in bits(down) {
        push_board_option(x, 1 << i | 1 << (i + cols), &edges, flat, opts);
    }
}

/// Appends the option of `x` left by the placement on the cells `pair`: its regions (normalised, equal pairs
/// cancelled) to `flat`, and the option to `opts`.
fn push_board_option(
    x: &Board,
    pair: u128,
    edges: &Edges,
    flat: &mut Vec<Board>,
    opts: &mut Vec<Opt>,
) {
    let start = flat.len();
    let after = Board {
        cells: x.cells & !pair,
        ..*x
    };
    after.regions_within(edges, flat, true);
    push_opt(flat, start, opts);
}

/// Makes the regions `flat[start..]` (just appended) an option: equal pairs cancelled, pushed to `opts` with the
/// difficulty of its hardest region.
fn push_opt<R: Region>(flat: &mut Vec<R>, start: usize, opts: &mut Vec<Opt>) {
    cancel_pairs_from(flat, start);
    let hard = flat[start..]
        .iter()
        .map(Region::difficulty)
        .max()
        .unwrap_or(0);
    opts.push(Opt::new(start, flat.len(), hard));
}

/// The first cells of the placements of `x`: across (the cell and the one to its right) and down (the cell and
/// the one below).
fn board_placements(x: &Board) -> (u128, u128) {
    let cols = u32::from(x.cols);
    let across = x.cells & (x.cells >> 1) & !column_mask(x.rows, x.cols, x.cols - 1);
    let down = x.cells & x.cells.checked_shr(cols).unwrap_or(0);
    (across, down)
}

/// Whether `b` is a P-position by the mirror strategy: the board is its own image under the half turn about its
/// centre, and no domino can cover a cell and its image (no empty cell is its own image, and the cells on either
/// side of the centre are not both empty when they are adjacent). Then every placement of the first player has
/// its image free for the second (the images of the cells covered so far are covered too), so the first player
/// runs out of moves first: `G(b) = 0`. Even × even rectangles are the best-known case.
pub fn mirror_symmetric(b: &Board) -> bool {
    let n = u32::from(b.rows) * u32::from(b.cols);
    let cols = u32::from(b.cols);
    let cells = b.cells;
    if cells == 0 || cells.reverse_bits() >> (128 - n) != cells {
        return false;
    }
    let empty = |i: u32| cells >> i & 1 == 1;
    // Cell i's image is n - 1 - i. A fixed cell: i = n - 1 - i.
    if n % 2 == 1 && empty((n - 1) / 2) {
        return false;
    }
    // Across: i + 1 = n - 1 - i, both in one row.
    if n % 2 == 0 && (n / 2) % cols != 0 && empty(n / 2 - 1) {
        return false;
    }
    // Down: i + cols = n - 1 - i.
    if n > cols && (n - 1 - cols) % 2 == 0 && empty((n - 1 - cols) / 2) {
        return false;
    }
    true
}

/// The nim-value of a sum of boards by this thread's [`CramEngine`] (on [`Context::threads`] threads when more
/// than one), under the limits of `cx`, reporting to its progress.
pub fn search_value(boards: &[Board], cx: &Context) -> Result<Nimber> {
    with_engine(cx, |e| {
        let started = crate::clock::Instant::now();
        let r = e.value_threads(boards, cx.threads());
        if std::env::var_os("GRUNDY_ENGINE_STATS").is_some() {
            // The search alone, without the process's start-up: what benches/boards.sh sets beside igsolve's own
            // "Calculation time" (a value the table already holds prints a search of a few microseconds).
            eprintln!(
                "cram engine: {:?} (nodes, entries, evicted); cram search in {} µs",
                e.stats(),
                started.elapsed().as_micros()
            );
        }
        r
    })
}

thread_local! {
    /// A cache: the engine of this thread, kept between searches because its table is the work of every search
    /// made so far (a value, then the winning moves of the same board, then a sum that holds it, each reuse what
    /// the last proved; a saved table is loaded into it). Only true facts about literal boards are stored, so a
    /// later search under any context may read them; the settings of a search (limits, threads, progress) come
    /// from the [`Context`] of each call ([`with_engine`]), never from here.
    static ENGINE: std::cell::RefCell<Option<CramEngine>> = const { std::cell::RefCell::new(None) };
}

/// The board a key of the engine's table stands for: a compact key is the cells of a region in the 8 × 8 square
/// (bit `8·r + c`, [`small`]), any other the cells of a board of its shape. Either way the entry is a fact about
/// that literal board (its nim-value), whatever canonical form or simplification led the engine to it: the engine
/// stores a value under a region's key only when the region with exactly those cells has it.
fn board_of_key(k: &Key) -> Option<Board> {
    let shape = k.tag & !(1 << 31);
    let (rows, cols, cells) = if shape == board_table::COMPACT_TAG {
        if k.lo & 0xff == 0 {
            return board_of_wide_key(k.lo);
        }
        (8, 8, u128::from(k.lo))
    } else {
        (
            (shape >> 8) as u8,
            shape as u8,
            u128::from(k.hi) << 64 | u128::from(k.lo),
        )
    };
    let n = rows as u32 * cols as u32;
    (rows > 0 && cols > 0 && n <= MAX_CELLS as u32 && (n == 128 || cells >> n == 0))
        .then_some(Board { rows, cols, cells })
}

/// The key of the engine's table for `b` (the inverse of [`board_of_key`]), as the engine keys it
/// ([`Region::key`]): boards in the 8 × 8 square and small boards past it are compact keys.
fn key_of_board(b: &Board) -> Key {
    b.key()
}

/// The compact key of a normalised region past the 8 × 8 square (more than 8 columns; it has at most as many
/// rows as columns) whose bounding box holds at most 47 cells: its cells row by row from bit 17, its rows from bit
/// 14, its columns from bit 8, and bits 0–7 clear. No key of a region of the square has its low byte clear (its
/// first row holds a cell), so the two kinds never meet. Such regions share the compact part, and its part shared
/// between threads, with the square's.
fn wide_key(b: &Board) -> Option<u64> {
    let (rows, cols) = (u64::from(b.rows), u64::from(b.cols));
    (cols > 8 && rows < 8 && rows * cols <= 47 && b.cells != 0)
        .then_some((b.cells as u64) << 17 | rows << 14 | cols << 8)
}

/// The region of a compact key made by [`wide_key`], if it is one.
fn board_of_wide_key(k: u64) -> Option<Board> {
    let (rows, cols) = ((k >> 14 & 7) as u8, (k >> 8 & 63) as u8);
    let cells = u128::from(k >> 17);
    let n = u32::from(rows) * u32::from(cols);
    (k & 0xff == 0 && cols > 8 && rows > 0 && n <= 47 && cells >> n == 0 && cells != 0)
        .then_some(Board { rows, cols, cells })
}

/// Runs `f` on what this thread's engine knows, as boards (for a saved table, [`crate::table_file`]): each board's
/// exact value, or the values it is known not to have ([`board_table::Known`]). Nothing is collected: a table of
/// gigabytes is written as it is read.
pub fn engine_entries<T>(
    f: impl FnOnce(&mut dyn Iterator<Item = (Board, board_table::Known)>) -> T,
) -> T {
    with_engine_as_is(|e| {
        let mut entries = e
            .table
            .entries()
            .filter_map(|(k, known)| Some((board_of_key(&k)?, known)));
        f(&mut entries)
    })
}

/// Runs `body` with a function that puts one fact read from a saved table into this thread's engine (a fact
/// about its board; an entry that does not fit is dropped or evicts another, as the table's capacity decides),
/// after room is made for `count` of them. The engine is made (or remade) for `limits`, those of the search that
/// follows, so that the table read is not moved again when the search starts.
pub fn engine_import<T>(
    count: usize,
    limits: &Limits,
    body: impl FnOnce(&mut dyn FnMut(&Board, board_table::Known)) -> T,
) -> T {
    with_engine(&Context::new(*limits), |e| {
        e.table.reserve_compact(count);
        body(&mut |b, known| set_known(&mut e.table, &key_of_board(b), known))
    })
}

/// Records in `table` what `known` says of `k` (its value, or the values it does not have), as facts of the least
/// work (the first evicted).
fn set_known(table: &mut BoardTable, k: &Key, known: board_table::Known) {
    match known.exact {
        Some(v) => table.set_exact(k, v, 1),
        None => {
            for v in (0..64).filter(|v| known.not >> v & 1 == 1) {
                table.set_not(k, v, 1);
            }
        }
    }
}

/// Regions this thread's engine and its helpers expanded since they were made.
pub fn engine_nodes() -> u64 {
    ENGINE.with(|e| {
        e.borrow().as_ref().map_or(0, |e| {
            e.nodes + e.helpers.iter().map(|h| h.nodes).sum::<u64>()
        })
    })
}

/// Runs `f` on this thread's engine as it is (made under the default limits when there is none): what reads or
/// counts its table, which must not resize it.
fn with_engine_as_is<T>(f: impl FnOnce(&mut CramEngine) -> T) -> T {
    ENGINE.with(|e| {
        let mut e = e.borrow_mut();
        f(e.get_or_insert_with(|| CramEngine::new(&Limits::default())))
    })
}

/// Runs `f` on this thread's engine, made (or remade, when the table's size changed) for the limits of `cx`, with
/// its deadline and progress.
fn with_engine<T>(cx: &Context, f: impl FnOnce(&mut CramEngine) -> T) -> T {
    let limits = cx.limits;
    ENGINE.with(|e| {
        let mut e = e.borrow_mut();
        let fresh = match &*e {
            Some(en) => en.table.capacity() != CramEngine::new(&limits).table.capacity(),
            None => true,
        };
        if fresh {
            let keep = e.take();
            let mut en = CramEngine::new(&limits);
            // The facts of the old table stay true: carry over what fits, values and exclusions alike (a table
            // loaded with --load-table before the limits of the search were published is kept whole).
            if let Some(old) = keep {
                en.table.reserve_compact(old.table.len());
                for (k, known) in old.table.entries() {
                    set_known(&mut en.table, &k, known);
                }
            }
            *e = Some(en);
        }
        let en = e.as_mut().expect("made above");
        // A new deadline (--max-seconds) needs no new table.
        en.deadline = limits.deadline;
        en.progress = cx.progress().cloned();
        // The caller's cancellation, looked at by the main engine (a helper's search ends with the main one's).
        en.cancel = cx.cancel_flag().cloned();
        let r = f(en);
        if en.reported {
            let end = crate::context::UNKNOWN_TOTAL;
            cx.report(PROGRESS, end, end);
            en.reported = false;
        }
        en.progress = None;
        en.cancel = None;
        r
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cancelled_search_ends_with_the_cancelled_error() {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let flag = Arc::new(AtomicBool::new(true));
        let cx = Context::default().with_cancel(flag);
        // 5 x 7 is beyond the endgame database: the search ticks, and the first look at the flag stops it.
        let board = Board::rectangle(5, 7).unwrap();
        let e = search_value(&[board], &cx).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Cancelled, "{e}");
    }

    /// A region (cells of a board with `cols` columns) cropped to its bounding box, in the least of its 8 images
    /// under the symmetries of the grid.
    fn normalise_slow(cols: u8, region: u128) -> Board {
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

    #[test]
    fn difficulty_counts_cells_placements_and_blocks_on_both_paths() {
        // 3 (cells + placements) - 2 (2 x 2 blocks), the same on the u128 path and the 8 x 8 one.
        for (rows, cols, want) in [
            (2, 2, 3 * (4 + 4) - 2),
            (2, 3, 3 * (6 + 7) - 2 * 2),
            (3, 3, 3 * (9 + 12) - 2 * 4),
        ] {
            let b = Board::rectangle(rows, cols).unwrap();
            assert_eq!(b.difficulty(), want, "{rows}x{cols}");
            let bits = (0..rows).fold(0u64, |acc, r| acc | ((1u64 << cols) - 1) << (8 * r));
            assert_eq!(Small(bits).difficulty(), want, "{rows}x{cols} small");
        }
        // A strip of 128 cells (one row, or one column): no 2 x 2 block, and no shift past the board's bits.
        for (rows, cols) in [(1, 128), (128, 1)] {
            let b = Board::rectangle(rows, cols).unwrap();
            assert_eq!(b.placements_and_squares(), (127, 0));
            assert_eq!(b.difficulty(), 3 * (128 + 127));
        }
    }

    #[test]
    fn the_fast_normal_form_is_the_least_of_the_eight_images() {
        // Random regions (connected or not, any shape) on boards of every size up to 128 cells.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..20_000 {
            let rows = 1 + next() % 16;
            let cols = 1 + next() % (128 / rows).min(40);
            let n = rows * cols;
            let dense = next() % 4;
            let mut cells = 0u128;
            for i in 0..n {
                if next() % 4 <= dense {
                    cells |= 1 << i;
                }
            }
            if cells == 0 {
                continue;
            }
            assert_eq!(
                normalise(cols as u8, cells),
                normalise_slow(cols as u8, cells),
                "round {round}: {rows}x{cols} {cells:b}"
            );
        }
        let full = Board::rectangle(1, 128).unwrap().cells;
        assert_eq!(normalise(128, full), normalise_slow(128, full));
        assert_eq!(normalise(1, full), normalise_slow(1, full));
    }

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
mod engine_tests {
    use super::*;
    use crate::solver::Solver;

    /// Random boards with holes (a fixed seed): `rows` in `r0..r0 + rn`, `cols` in `c0..c0 + cn`, and each cell a
    /// hole with probability `h / den` for `h` drawn below `hn`.
    fn boards(
        count: usize,
        seed: u64,
        (r0, rn): (u64, u64),
        (c0, cn): (u64, u64),
        (hn, den): (u64, u64),
    ) -> Vec<Board> {
        let mut x = seed;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        (0..count)
            .map(|_| {
                let rows = r0 + next() % rn;
                let cols = c0 + next() % cn;
                let holes = next() % hn;
                let mut cells = 0u128;
                for i in 0..rows * cols {
                    if next() % den >= holes {
                        cells |= 1 << i;
                    }
                }
                Board {
                    rows: rows as u8,
                    cols: cols as u8,
                    cells,
                }
            })
            .collect()
    }

    /// Boards of up to 4 × 5.
    fn random_boards(count: usize, seed: u64) -> Vec<Board> {
        boards(count, seed, (1, 4), (1, 5), (4, 8))
    }

    #[test]
    fn the_engine_agrees_with_the_plain_solver() {
        let mut plain = Solver::new(CramGame);
        let mut engine = CramEngine::new(&Limits::default());
        for b in random_boards(300, 0x9e37_79b9_7f4a_7c15) {
            let want = plain.nim_value(&b).unwrap();
            assert_eq!(engine.value(&[b]).unwrap(), want, "{}", b.show_rows());
        }
        for w in ["3x4", "4x4", "3x5", "2x7", "4x5"] {
            let b = CramGame.parse(&[w.to_string()]).unwrap();
            assert_eq!(
                engine.value(&b).unwrap(),
                plain.sum_value(&b).unwrap(),
                "{w}"
            );
        }
    }

    #[test]
    fn boards_past_the_square_agree_with_the_plain_solver() {
        // 2 or 3 rows of 9 or 10 columns, with holes: the general path, whose regions that fit in the 8 x 8
        // square are searched on the fast path and keyed there.
        let mut plain = Solver::new(CramGame);
        let mut engine = CramEngine::new(&Limits::default());
        let mut fast = 0;
        for b in boards(40, 0x0017_5eed_cafe_f00d, (2, 2), (9, 2), (4, 8)) {
            let want = plain.nim_value(&b).unwrap();
            assert_eq!(engine.value(&[b]).unwrap(), want, "{}", b.show_rows());
            assert!(engine.sum_is(&[b], want).unwrap(), "{}", b.show_rows());
            assert!(!engine.sum_is(&[b], want + 1).unwrap(), "{}", b.show_rows());
            fast += b
                .regions()
                .iter()
                .filter(|r| r.as_small().is_some())
                .count();
        }
        // Some boards split into regions that fit in the square from the start (the rest get there by moves).
        assert!(fast > 0);
    }

    /// Boards from 2 × 2 up to 5 × 5.
    fn random_boards_5x5(count: usize, seed: u64) -> Vec<Board> {
        boards(count, seed, (2, 4), (2, 4), (3, 10))
    }

    /// The options of a small region as a sorted list of sums.
    fn sorted_options(flat: &[Small], opts: &[Opt]) -> Vec<Vec<Small>> {
        let mut v: Vec<Vec<Small>> = opts
            .iter()
            .map(|o| flat[o.start as usize..o.end as usize].to_vec())
            .collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn the_lazy_listing_makes_the_same_options_and_stops_at_the_first_wanted() {
        for b in random_boards_5x5(300, 0x9e37_79b9_7f4a_7c15) {
            let Some(x) = b.square() else {
                panic!("a 5x5 board is small")
            };
            let mut regions = Vec::new();
            small::split(x, &mut |r| regions.push(Small(r)));
            for r in regions {
                let (mut f1, mut o1) = (Vec::new(), Vec::new());
                r.options(&mut f1, &mut o1);
                let (mut f2, mut o2) = (Vec::new(), Vec::new());
                assert!(!r.options_until(&mut f2, &mut o2, AHEAD, &mut |_, _, _| false));
                assert_eq!(o1.len() as u32, r.placements());
                assert_eq!(sorted_options(&f1, &o1), sorted_options(&f2, &o2));
                // Stopping at the k-th option: exactly k options listed, the k-th the one stopped at.
                for (k, ahead) in [1, o1.len() / 2, o1.len()]
                    .into_iter()
                    .flat_map(|k| [(k, 0), (k, AHEAD)])
                {
                    if k == 0 {
                        continue;
                    }
                    // Each option is made (once) before its test, at most `ahead` options before it, in the order
                    // of the tests; the stop drops the options made past the one stopped at.
                    let (mut f3, mut o3) = (Vec::new(), Vec::new());
                    let (mut seen, mut made) = (0, Vec::new());
                    assert!(
                        r.options_until(&mut f3, &mut o3, ahead, &mut |flat, o, why| {
                            let regions = flat[o.start as usize..o.end as usize].to_vec();
                            if why == Listing::Made {
                                assert!(made.len() <= seen + ahead);
                                made.push(regions);
                                return false;
                            }
                            assert_eq!(made[seen], regions);
                            seen += 1;
                            seen == k
                        })
                    );
                    assert_eq!(o3.len(), k);
                    assert_eq!(sorted_options(&f3, &o3), {
                        let mut m = made[..k].to_vec();
                        m.sort_unstable();
                        m
                    });
                }
            }
        }
    }

    #[test]
    fn the_lazy_tests_agree_with_the_plain_definition() {
        // Every test "is G(b) = w?" (w up to two past the value) on random boards up to 5 x 5, by engines whose
        // tables know more or less (one kept across boards, one fresh per board, one tiny), against the plain
        // solver's value.
        let mut plain = Solver::new(CramGame);
        let mut kept = CramEngine::new(&Limits::default());
        let mut tiny = CramEngine::new(&Limits {
            max_memory: 1,
            ..Limits::default()
        });
        for (n, b) in random_boards_5x5(150, 0x2545_f491_4f6c_dd1d)
            .into_iter()
            .enumerate()
        {
            let v = plain.nim_value(&b).unwrap();
            let mut fresh = CramEngine::new(&Limits::default());
            for w in (0..=v + 2).rev() {
                assert_eq!(kept.sum_is(&[b], w).unwrap(), v == w, "board {n} w {w}");
                assert_eq!(fresh.sum_is(&[b], w).unwrap(), v == w, "board {n} w {w}");
                assert_eq!(tiny.sum_is(&[b], w).unwrap(), v == w, "board {n} w {w}");
            }
            assert_eq!(kept.value(&[b]).unwrap(), v, "board {n}");
            assert_eq!(tiny.value(&[b]).unwrap(), v, "board {n}");
        }
    }

    #[test]
    fn a_tiny_table_evicts_and_gives_the_same_values() {
        let mut plain = Solver::new(CramGame);
        let tiny = Limits {
            max_memory: 1,
            ..Limits::default()
        };
        let mut engine = CramEngine::new(&tiny);
        // The least table: MIN_SLOTS entries in each part (the 128-bit keys and the compact ones).
        assert_eq!(engine.table().capacity(), 2 * board_table::MIN_SLOTS);
        for b in random_boards(60, 7) {
            assert_eq!(engine.value(&[b]).unwrap(), plain.nim_value(&b).unwrap());
        }
        for w in ["3x5", "4x4", "3x6", "4x5", "3x7"] {
            let b = CramGame.parse(&[w.to_string()]).unwrap();
            assert_eq!(
                engine.value(&b).unwrap(),
                plain.sum_value(&b).unwrap(),
                "{w}"
            );
        }
        assert!(engine.table().evicted() > 0);
        assert!(engine.table().len() <= 2 * board_table::MIN_SLOTS);
    }

    #[test]
    fn two_threads_give_the_one_thread_values() {
        let mut plain = Solver::new(CramGame);
        let mut engine = CramEngine::new(&Limits::default());
        for w in ["4x5", "3x6", "3x5", "...#/..../..../#...", "3x7"] {
            let b = CramGame.parse(&[w.to_string()]).unwrap();
            assert_eq!(
                engine.value_threads(&b, 2).unwrap(),
                plain.sum_value(&b).unwrap(),
                "{w}"
            );
        }
        for b in random_boards(40, 99) {
            assert_eq!(
                engine.value_threads(&[b], 3).unwrap(),
                plain.nim_value(&b).unwrap()
            );
        }
        // Past the 8 x 8 square, with compact keys (at most 47 cells in the bounding box): dealt to threads too,
        // each on a fresh engine.
        for b in boards(12, 0x77, (2, 2), (9, 2), (3, 8)) {
            let mut fresh = CramEngine::new(&Limits::default());
            assert_eq!(
                fresh.value_threads(&[b], 2).unwrap(),
                plain.nim_value(&b).unwrap(),
                "{}",
                b.show_rows()
            );
        }
    }

    #[test]
    fn wide_keys_name_one_region_and_never_a_region_of_the_square() {
        // Every region of 2 or 3 rows and 9 to 15 columns with at most 47 cells in its box: a compact key with a
        // clear low byte, read back as the same region; keys of regions of the square have a cell in their first
        // row, so a set low byte.
        let mut seen = std::collections::HashSet::new();
        for b in boards(400, 0x1234_5678, (2, 2), (9, 7), (4, 8)) {
            for r in b.regions() {
                let k = r.key();
                if r.as_small().is_some() {
                    assert_ne!(k.lo & 0xff, 0, "{}", r.show_rows());
                    continue;
                }
                if u32::from(r.rows) * u32::from(r.cols) > 47 {
                    assert!(!k.is_compact(), "{}", r.show_rows());
                    continue;
                }
                assert!(k.is_compact() && k.lo & 0xff == 0, "{}", r.show_rows());
                assert_eq!(board_of_key(&k), Some(r));
                assert_eq!(key_of_board(&r), k);
                seen.insert(k.lo);
            }
        }
        assert!(seen.len() > 100, "{} wide regions", seen.len());
    }

    #[test]
    fn the_root_dealt_to_threads_gives_the_one_thread_values() {
        // Boards of 16 to 30 cells (the root is dealt to threads from 12 cells on), each on fresh engines, so that
        // the root's tasks are searched rather than read from a table; the one-thread engine is checked against
        // the plain solver above.
        let mut checked = 0;
        for b in boards(24, 0x51ed_270b, (4, 2), (4, 3), (3, 12)) {
            if b.cells.count_ones() < 16 {
                continue;
            }
            let want = CramEngine::new(&Limits::default()).value(&[b]).unwrap();
            for threads in 2..=4 {
                let mut e = CramEngine::new(&Limits::default());
                assert_eq!(
                    e.value_threads(&[b], threads).unwrap(),
                    want,
                    "{} on {threads} threads",
                    b.show_rows()
                );
                // The answer is in the table: a second search reads it.
                let nodes = e.nodes();
                assert_eq!(e.value_threads(&[b], threads).unwrap(), want);
                assert_eq!(e.nodes(), nodes);
            }
            checked += 1;
        }
        assert!(checked >= 12, "only {checked} boards of 16 cells or more");
    }

    #[test]
    fn a_deadline_ends_a_search_on_threads_with_an_error() {
        let limits = Limits {
            deadline: Some(crate::solver::Deadline::after_seconds(0.002)),
            ..Limits::default()
        };
        let mut e = CramEngine::new(&limits);
        let b = CramGame.parse(&["5x8".to_string()]).unwrap();
        let t = std::time::Instant::now();
        let err = e.value_threads(&b, 2).unwrap_err();
        assert!(err.to_string().contains("time"), "{err}");
        assert!(t.elapsed().as_secs() < 5, "stopped late: {:?}", t.elapsed());
    }

    #[test]
    fn mirror_symmetric_boards_are_p_positions() {
        let mut plain = Solver::new(CramGame);
        let mut seen = 0;
        for b in random_boards(3000, 11) {
            if mirror_symmetric(&b) {
                seen += 1;
                assert_eq!(plain.nim_value(&b).unwrap(), 0, "{}", b.show_rows());
            }
        }
        assert!(seen > 20, "{seen}");
        // Not symmetric enough: a 1x2 strip (one domino covers a cell and its image), a 3x3 (the centre is its own
        // image), a 2x3 (the middle column's two cells are images and adjacent).
        for w in ["1x2", "3x3", "2x3", "4x4"] {
            let b = Board::rectangle(w.as_bytes()[0] as usize - 48, w.as_bytes()[2] as usize - 48)
                .unwrap();
            assert_eq!(mirror_symmetric(&b), w == "4x4", "{w}");
        }
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
