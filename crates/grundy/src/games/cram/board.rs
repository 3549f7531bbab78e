//! The Cram board: its shape and empty cells as a `u128` bitset, its regions and their normal form under the
//! symmetries of the grid, the placements of a domino, and the reading of a board from a word or a file.

use crate::error::{escape, Error, Result};

/// The most cells a board may have (empty or blocked): the width of its bitset.
pub const MAX_CELLS: usize = 128;

/// A Cram board: `rows × cols` cells, with bit `r·cols + c` of `cells` set when the cell in row `r`, column `c`
/// (from 0) is empty. Bits past `rows·cols` are clear ([`Game::validate`](crate::game::Game::validate) checks it).
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
    pub(super) fn square(&self) -> Option<u64> {
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
    pub(super) fn of_square(x: u64) -> Board {
        let x = super::small::corner(x);
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
    /// options of [`CramGame`](super::CramGame) are made of these, so that a move's result reads as the board the
    /// move leaves.
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
    pub(super) fn regions_within(&self, edges: &Edges, out: &mut Vec<Board>, stand_in: bool) {
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

    pub(super) fn show_rows(&self) -> String {
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

pub(super) fn check_size(rows: usize, cols: usize) -> Result<()> {
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
pub(super) fn region_of(rows: u8, cols: u8, cells: u128, seed: u128) -> u128 {
    region_within(&Edges::new(rows, cols), cols, cells, seed)
}

/// The first and last columns of a `rows × cols` board (the cells a shift across must not wrap from).
pub(super) struct Edges {
    left: u128,
    right: u128,
}

impl Edges {
    pub(super) fn new(rows: u8, cols: u8) -> Edges {
        Edges {
            left: column_mask(rows, cols, 0),
            right: column_mask(rows, cols, cols - 1),
        }
    }
}

/// [`region_of`], with the board's edges given.
pub(super) fn region_within(edges: &Edges, cols: u8, cells: u128, seed: u128) -> u128 {
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
pub(super) fn column_mask(rows: u8, cols: u8, c: u8) -> u128 {
    (0..rows as u32).fold(0, |m, r| m | 1u128 << (r * cols as u32 + c as u32))
}

/// The indices of the set bits of `x`, lowest first.
pub(super) fn bits(mut x: u128) -> impl Iterator<Item = u32> {
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
pub(super) fn bounding_box(cols: u8, region: u128) -> (u32, u32, u32, u32) {
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
pub(super) fn crop(cols: u8, region: u128) -> Board {
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
pub(super) fn normalise(cols: u8, region: u128) -> Board {
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
pub(super) fn low_bits(n: u32) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// Reads one word: a rectangle `RxC`, an inline board (`..#/...`), or the name of a board file.
pub(super) fn parse_word(word: &str) -> Result<Board> {
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
pub(super) const MAX_BOARD_FILE_BYTES: u64 = 1 << 20;

/// The text of the board file `path`, at most [`MAX_BOARD_FILE_BYTES`] (`/dev/zero` is refused, not read).
pub(super) fn read_board_file(path: &str) -> std::io::Result<String> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::cram::engine::engine_tests::random_boards;
    use crate::games::cram::CramGame;
    use crate::solver::Solver;

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
