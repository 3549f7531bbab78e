//! Cram regions that fit in an 8 × 8 square, as `u64` bitboards (bit `8·r + c` for row `r`, column `c`): the fast
//! path of the [`super::CramEngine`] for boards of at most 8 rows and 8 columns.
//!
//! **Moves.** A domino covers two 4-neighbours; the placements are the bits of `p & (p >> 1) & !last column`
//! (across) and `p & (p >> 8)` (down), so listing them is two word operations.
//!
//! **Simplifications, each an exact equivalence** (Cram is Arc Kayles on the grid graph of the empty cells: a move
//! deletes both ends of an edge; a cell with no neighbour plays no part). Proofs by induction on the cells, showing
//! the options of the two positions pair up with equal values:
//! - *Extra tufts.* A *tuft* is a cell with one neighbour. If a cell `c` has two tufts `a` and `b`, the board
//!   without `b` has the same value: placing on `(c, b)` and on `(c, a)` leave the same cells (up to a lone cell),
//!   any move through `c` leaves `a`, `b` alone, and any other move keeps `a`, `b` tufts of `c`.
//! - *Bridges.* A cell `x` that is not a tuft and all of whose neighbours have a tuft (other than `x`) may be
//!   removed: a placement `(x, c)` leaves what `(c, a)` leaves without `x` (`a` the tuft of `c`, left alone), and
//!   every other move keeps the condition. Two such cells are never neighbours, so all are removed at once.
//! - *Squares.* In a 2 × 2 block whose two opposite corners `a`, `d` have no neighbour outside it, the two
//!   across edges of the block may be deleted (`a`, `d` become tufts of the other two corners `b`, `c`). The
//!   placement `(a, b)` leaves `c` with the tuft `d`, as `(b, d)` after the deletion leaves `c` with the tuft `a`;
//!   `(c, d)` and `(a, c)` likewise; a placement on `b` and an outside cell leaves `c` with two tufts `a`, `d`
//!   (one of them extra) against `c` with the tuft `a`; other moves keep the block. Blocks never share an edge.
//!   A region is split into the connected parts left by the deleted edges (a part holding both ends of a deleted
//!   edge holds the whole block, where the equivalence puts the edges back).
//!
//! **Canonical form.** A region is moved to the top-left corner of the square (its lowest row and column 0); its
//! key is the least of the 8 images under the symmetries of the square (a transpose and three flips by byte
//! swaps and bit reversals), each moved to the corner: equal regions up to the symmetries of the grid have one key.
//! Cost: a few dozen word operations a region.

/// Column 0 of the square.
const COL0: u64 = 0x0101_0101_0101_0101;
/// Column 7 of the square.
const COL7: u64 = 0x8080_8080_8080_8080;

/// Cells with an empty neighbour to the right / left / below / above.
#[inline(always)]
fn has_r(p: u64) -> u64 {
    (p >> 1) & !COL7
}
#[inline(always)]
fn has_l(p: u64) -> u64 {
    (p << 1) & !COL0
}
#[inline(always)]
fn has_d(p: u64) -> u64 {
    p >> 8
}
#[inline(always)]
fn has_u(p: u64) -> u64 {
    p << 8
}

/// The placements of `p`: across (bit `i`: cells `i`, `i + 1`) and down (bit `i`: cells `i`, `i + 8`).
#[inline]
pub fn placements(p: u64) -> (u64, u64) {
    (p & has_r(p), p & has_d(p))
}

/// `p` without its extra tufts and bridges (see the module docs), repeated until nothing changes.
pub fn reduce(mut p: u64) -> u64 {
    loop {
        let (r, l, d, u) = (has_r(p), has_l(p), has_d(p), has_u(p));
        let any = r | l | d | u;
        let two = (r & l) | (d & u) | ((r | l) & (d | u));
        let tufts = p & any & !two;
        // Each tuft's neighbour (its centre), one direction at a time; a tuft whose centre already has one is
        // extra. (The two cells of a lone domino are tufts of each other and are both kept.)
        let td = tufts & d;
        let mut centres = td << 8;
        let tr = tufts & r;
        let extra_r = tr & (centres >> 1);
        centres |= tr << 1;
        let tu = tufts & u;
        let extra_u = tu & (centres << 8);
        centres |= tu >> 8;
        let tl = tufts & l;
        let extra_l = tl & (centres << 1);
        centres |= tl >> 1;
        let extra = extra_r | extra_u | extra_l;
        // Bridges: not a tuft, not a centre, no neighbour that is neither (lone cells included).
        let q = p & !tufts & !centres & !extra;
        let bridges = q & !(has_r(q) | has_l(q) | has_d(q) | has_u(q));
        let next = p & !extra & !bridges;
        if next == p {
            return p;
        }
        p = next;
    }
}

/// The across edges (bit `i`: between cells `i` and `i + 1`) that the square rule deletes.
#[inline]
fn cut_edges(p: u64) -> u64 {
    let (r, l, d, u) = (has_r(p), has_l(p), has_d(p), has_u(p));
    let no_lu = p & !l & !u;
    let no_rd = p & !r & !d;
    let no_ur = p & !u & !r;
    let no_ld = p & !l & !d;
    let block = p & r & d & (p >> 9) & !COL7;
    // Top-left `a` and bottom-right `a + 9` closed; or top-right `a + 1` and bottom-left `a + 8`.
    let a = block & ((no_lu & (no_rd >> 9)) | ((no_ur >> 1) & (no_ld >> 8)));
    a | a << 8
}

/// The connected part of `p` holding the cell `seed`, not crossing the across edges in `cut`.
#[inline]
pub fn region_of(p: u64, seed: u64, cut: u64) -> u64 {
    let go_r = !cut & !COL7;
    let mut region = seed;
    loop {
        let grown = (region
            | ((region & go_r) << 1)
            | ((region >> 1) & go_r)
            | (region << 8)
            | (region >> 8))
            & p;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// Pushes the canonical forms of the regions of `p` (after the simplifications; regions of fewer than two cells
/// left out) to `out`.
pub fn split(p: u64, out: &mut impl FnMut(u64)) {
    let p = reduce(p);
    let cut = cut_edges(p);
    let mut rest = p;
    while rest != 0 {
        let region = region_of(rest, rest & rest.wrapping_neg(), cut);
        rest &= !region;
        if cut != 0 && region != p {
            // Cut edges: the part may simplify further (new tufts).
            split(region, out);
        } else if region.count_ones() >= 2 {
            out(canonical(region));
        }
    }
}

/// `x` moved to the top-left corner (its lowest row to row 0, its leftmost column to column 0).
#[inline(always)]
pub fn corner(x: u64) -> u64 {
    let x = x >> (x.trailing_zeros() & 56);
    let mut f = x | x >> 32;
    f |= f >> 16;
    f |= f >> 8;
    x >> (f as u8).trailing_zeros()
}

/// The transpose of the square (bit `8r + c` to `8c + r`).
#[inline(always)]
fn transpose(mut x: u64) -> u64 {
    let k1 = 0x5500_5500_5500_5500u64;
    let k2 = 0x3333_0000_3333_0000u64;
    let k4 = 0x0f0f_0f0f_0000_0000u64;
    let mut t = k4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = k2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = k1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The height and width of the bounding box of `x` in the corner (`x` not empty).
#[inline(always)]
fn extent(x: u64) -> (u32, u32) {
    let mut f = x | x >> 32;
    f |= f >> 16;
    f |= f >> 8;
    (
        (63 - x.leading_zeros()) / 8 + 1,
        8 - (f as u8).leading_zeros(),
    )
}

/// The least of the 4 images of `x` (in the corner, `h` rows, `w` columns) under the flips of its rows and
/// columns, each in the corner.
#[inline(always)]
fn least_flip(x: u64, h: u32, w: u32) -> u64 {
    // Each row reversed within its byte, then moved back to column 0.
    let rows_reversed = x.reverse_bits().swap_bytes() >> (8 - w);
    let up = 8 * (8 - h);
    x.min(x.swap_bytes() >> up)
        .min(rows_reversed)
        .min(x.reverse_bits() >> (up + 8 - w))
}

/// The least of the 8 images of the non-empty `x` under the symmetries of the square, each moved to the corner.
/// An image with fewer rows is the smaller (its highest cell is in a lower byte), so a region taller than wide is
/// transposed first and a wider one is not: only a square bounding box needs all 8 images.
#[inline]
pub fn canonical(x: u64) -> u64 {
    let x = corner(x);
    let (h, w) = extent(x);
    if h < w {
        least_flip(x, h, w)
    } else if h > w {
        least_flip(transpose(x), w, h)
    } else {
        least_flip(x, h, w).min(least_flip(transpose(x), w, h))
    }
}

/// Whether the region `x` (in the corner) is a P-position by the mirror strategy: it is its own image under the
/// half turn about the centre of its bounding box, no cell is its own image, and no cell is a neighbour of its
/// image (see [`super::mirror_symmetric`]).
pub fn mirror_symmetric(x: u64) -> bool {
    if x == 0 || corner(x.reverse_bits()) != x {
        return false;
    }
    let h = (63 - x.leading_zeros()) / 8 + 1;
    let mut f = x | x >> 32;
    f |= f >> 16;
    f |= f >> 8;
    let w = 8 - (f as u8).leading_zeros();
    let cell = |r: u32, c: u32| x >> (8 * r + c) & 1 == 1;
    match (h % 2, w % 2) {
        // The centre cell is its own image.
        (1, 1) => !cell(h / 2, w / 2),
        // Across the centre of the middle row.
        (1, 0) => !cell(h / 2, w / 2 - 1),
        // Down the centre of the middle column.
        (0, 1) => !cell(h / 2 - 1, w / 2),
        _ => true,
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::games::cram::{normalise, Board, CramEngine};
    use crate::nimber::Nimber;
    use crate::solver::Limits;
    use std::collections::HashMap;

    pub(in crate::games::cram) struct Rng(pub u64);
    impl Rng {
        pub(in crate::games::cram) fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    /// A random set of cells of the `rows × cols` corner of the square, each empty with probability `1 - holes/8`.
    pub(in crate::games::cram) fn random(rng: &mut Rng, rows: u32, cols: u32, holes: u64) -> u64 {
        let mut x = 0;
        for r in 0..rows {
            for c in 0..cols {
                if rng.next() % 8 >= holes {
                    x |= 1 << (8 * r + c);
                }
            }
        }
        x
    }

    /// Cram by the definition on a set of cells of the square: no regions, no symmetry, no simplification.
    pub(in crate::games::cram) fn brute(p: u64, memo: &mut HashMap<u64, Nimber>) -> Nimber {
        if let Some(&v) = memo.get(&p) {
            return v;
        }
        let (across, down) = (p & (p >> 1) & !COL7, p & (p >> 8));
        let mut seen = 0u128;
        for i in 0..64 {
            if across >> i & 1 == 1 {
                seen |= 1 << brute(p & !(0b11 << i), memo);
            }
            if down >> i & 1 == 1 {
                seen |= 1 << brute(p & !(1 << i | 1 << (i + 8)), memo);
            }
        }
        let v = Nimber::from((!seen).trailing_zeros());
        memo.insert(p, v);
        v
    }

    fn images(x: u64) -> [u64; 8] {
        let t = transpose(x);
        [
            x,
            x.swap_bytes(),
            x.reverse_bits(),
            x.reverse_bits().swap_bytes(),
            t,
            t.swap_bytes(),
            t.reverse_bits(),
            t.reverse_bits().swap_bytes(),
        ]
    }

    #[test]
    fn the_canonical_form_is_one_key_for_the_eight_images_and_no_other_region() {
        let mut rng = Rng(0x1234_5678_9abc_def1);
        for _ in 0..20_000 {
            let (rows, cols) = (1 + rng.next() % 8, 1 + rng.next() % 8);
            let holes = rng.next() % 6;
            let x = random(&mut rng, rows as u32, cols as u32, holes);
            if x == 0 {
                continue;
            }
            let c = canonical(x);
            for y in images(x) {
                assert_eq!(canonical(y), c, "{x:x}");
            }
            // The same class as the general normal form (cropped, least of the 8 images).
            let b = Board::of_square(x);
            let nb = normalise(b.cols, b.cells);
            assert_eq!(
                normalise(Board::of_square(c).cols, Board::of_square(c).cells),
                nb
            );
            assert_eq!(b.square().map(corner), Some(corner(x)));
            // A different region has a different key.
            let other = x ^ 1 << (rng.next() % 64);
            if other != 0 {
                let ob = Board::of_square(other);
                assert_eq!(
                    canonical(other) == c,
                    normalise(ob.cols, ob.cells) == nb,
                    "{x:x} {other:x}"
                );
            }
        }
    }

    #[test]
    fn the_simplifications_keep_the_value() {
        // Every set of cells of the 4 x 4 corner and of the 2 x 8 strip, and random ones of 5 x 5: the nim-sum
        // of the parts `split` gives equals the value by the definition.
        let mut memo = HashMap::new();
        let check = |p: u64, memo: &mut HashMap<u64, Nimber>| {
            let mut parts = Vec::new();
            split(p, &mut |x| parts.push(x));
            let mut v = 0;
            for x in parts {
                assert!(x.count_ones() >= 2 && x == canonical(x));
                v ^= brute(x, memo);
            }
            assert_eq!(v, brute(p, memo), "{p:x}");
        };
        for bits in 0..1u64 << 16 {
            let p = (0..4).fold(0, |p, r| p | (bits >> (4 * r) & 0xf) << (8 * r));
            check(p, &mut memo);
            check(bits, &mut memo);
        }
        let mut rng = Rng(77);
        for _ in 0..300 {
            let holes = 2 + rng.next() % 3;
            let p = random(&mut rng, 5, 5, holes);
            check(p, &mut memo);
        }
    }

    #[test]
    fn mirror_symmetric_regions_are_p_positions() {
        let mut memo = HashMap::new();
        let mut seen = 0;
        for bits in 0..1u64 << 16 {
            let p = (0..4).fold(0, |p, r| p | (bits >> (4 * r) & 0xf) << (8 * r));
            let p = corner(p);
            assert_eq!(
                mirror_symmetric(p),
                super::super::mirror_symmetric(&Board::of_square(p)),
                "{p:x}"
            );
            if mirror_symmetric(p) {
                seen += 1;
                assert_eq!(brute(p, &mut memo), 0);
            }
        }
        assert!(seen > 100, "{seen}");
    }

    #[test]
    fn the_engine_agrees_with_the_definition_on_every_board_to_4x4_and_random_ones_to_5x5() {
        let mut memo = HashMap::new();
        let mut engine = CramEngine::new(&Limits::default());
        let board = |p: u64, rows: u8, cols: u8| {
            let mut cells = 0u128;
            for r in 0..rows {
                for c in 0..cols {
                    if p >> (8 * r + c) & 1 == 1 {
                        cells |= 1 << (r * cols + c);
                    }
                }
            }
            Board { rows, cols, cells }
        };
        for bits in 0..1u64 << 16 {
            let p = (0..4).fold(0, |p, r| p | (bits >> (4 * r) & 0xf) << (8 * r));
            let want = brute(p, &mut memo);
            assert_eq!(engine.value(&[board(p, 4, 4)]).unwrap(), want, "{p:x}");
        }
        let mut rng = Rng(5);
        for _ in 0..400 {
            let (rows, cols) = (1 + rng.next() % 5, 1 + rng.next() % 5);
            let holes = rng.next() % 3;
            let p = random(&mut rng, rows as u32, cols as u32, holes);
            let b = board(p, rows as u8, cols as u8);
            assert_eq!(engine.value(&[b]).unwrap(), brute(p, &mut memo), "{p:x}");
            // And as a sum with a second board, and by tests.
            let v = brute(p, &mut memo);
            assert!(engine.sum_is(&[b], v).unwrap());
            assert!(!engine.sum_is(&[b], v + 1).unwrap());
        }
    }
}
