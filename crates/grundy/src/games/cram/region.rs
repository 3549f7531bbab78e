//! The regions the search engine values: a [`Board`] or a `Small` (a region of the 8 × 8 square, the fast
//! path), each in its canonical form, with its table key, its options (the sums of regions a placement leaves,
//! made all at once or lazily), and the endgame database read before the engine's table.

use super::board::{bits, column_mask, low_bits, Edges};
use super::board_table::Key;
#[cfg(feature = "endgame-table")]
use super::endgame;
use super::engine::CramEngine;
use super::keys::wide_key;
use super::{mirror_symmetric, small, Board};
use crate::nimber::Nimber;

/// An option of a region during the engine's search: its regions (equal pairs cancelled) in `flat[start..end]`.
#[derive(Clone, Copy)]
pub(super) struct Opt {
    pub(super) start: u32,
    pub(super) end: u32,
    /// How hard its hardest region looks ([`Region::difficulty`]): options are tried easiest first.
    pub(super) hard: u32,
    /// The nim-sum of the values of its regions the table knew when last looked at.
    pub(super) xor: Nimber,
    /// How many of its regions the table did not know then (`u8::MAX`: not looked at yet), and the last of them.
    pub(super) unknown: u8,
    pub(super) unk: u32,
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
pub(super) trait Region: Copy + Ord + Send + Sync {
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
pub(super) struct Small(pub(super) u64);

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

/// The endgame database's table ([`endgame`]), as the crate's build script wrote it: little-endian words.
#[cfg(feature = "endgame-table")]
pub(super) static ENDGAME: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/cram_endgame.bin"));

/// The value of the canonical region `x` (of the 8 × 8 square) in the endgame database, if it is there.
#[cfg(feature = "endgame-table")]
pub(super) fn endgame_value(x: u64) -> Option<Nimber> {
    let word = |i: usize| {
        let mut w = [0u8; 8];
        w.copy_from_slice(&ENDGAME[8 * i..8 * i + 8]);
        u64::from_le_bytes(w)
    };
    endgame::find(word, x).map(Nimber::from)
}

/// Without the `endgame-table` feature there is no database: every region is searched.
#[cfg(not(feature = "endgame-table"))]
pub(super) fn endgame_value(_: u64) -> Option<Nimber> {
    None
}

/// How many options [`Region::options_until`] makes ahead of the one it tests, once the table holds
/// [`AHEAD_FROM`] entries: their table entries are fetched from memory meanwhile. A smaller table stays in the
/// cache, and the options made past the one that settles a test would be wasted work: there the engine makes none.
/// Measured, one thread, least CPU time of 7 (ms), none ahead / 2 ahead: 4x7 28.4 / 33.0, 6x5 69.7 / 81.4, 5x6
/// 84.2 / 82.1, 7x5 597 / 547 (its table ends with 350,172 entries, 6x5's with 50,116).
pub(super) const AHEAD: usize = 2;
/// See [`AHEAD`].
pub(super) const AHEAD_FROM: usize = 100_000;

/// Why [`Region::options_until`] shows its caller an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Listing {
    /// It was just made (its test comes later): a hint, the answer is ignored.
    Made,
    /// The test: true stops the listing there.
    Test,
}

/// The masks of the lines `0..n` of an 8 × 8 bitboard (line `i` is `line << (step * i)`), from the centre out:
/// the one or two central lines first, then the next pair out on either side, and so on.
pub(super) fn centre_out(n: u32, line: u64, step: u32) -> impl Iterator<Item = u64> {
    centre_out_pairs(n).map(move |(lo, hi)| line << (step * lo) | line << (step * hi))
}

/// The lines `0..n` from the centre out, as pairs: the one or two central lines first (a single line is its own
/// pair), then the next pair out on either side, and so on.
pub(super) fn centre_out_pairs(n: u32) -> impl Iterator<Item = (u32, u32)> {
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

/// Sorts `v[start..]` and removes its equal pairs (their values cancel in the nim-sum).
pub(super) fn cancel_pairs_from<R: Region>(v: &mut Vec<R>, start: usize) {
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

/// A board split for the engine: its canonical regions on the fast path when it fits in 8 × 8, else as [`Board`]s.
pub(super) enum Parts {
    Small(Vec<Small>),
    Big(Vec<Board>),
}

pub(super) fn parts(b: &Board) -> Parts {
    match b.square() {
        Some(x) => {
            let mut v = Vec::new();
            small::split(x, &mut |r| v.push(Small(r)));
            Parts::Small(v)
        }
        None => Parts::Big(b.regions()),
    }
}

/// The options of the normalised region `x`: for each placement, the regions of at least two cells it leaves,
/// normalised, equal pairs cancelled, appended to `flat`; `opts` indexes them.
pub(super) fn options_of(x: &Board, flat: &mut Vec<Board>, opts: &mut Vec<Opt>) {
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
pub(super) fn push_board_option(
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
pub(super) fn push_opt<R: Region>(flat: &mut Vec<R>, start: usize, opts: &mut Vec<Opt>) {
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
pub(super) fn board_placements(x: &Board) -> (u128, u128) {
    let cols = u32::from(x.cols);
    let across = x.cells & (x.cells >> 1) & !column_mask(x.rows, x.cols, x.cols - 1);
    let down = x.cells & x.cells.checked_shr(cols).unwrap_or(0);
    (across, down)
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
