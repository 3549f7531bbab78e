//! Cram's endgame database: the nim-value of every region of the 8 × 8 square with at most [`MAX_CELLS`] empty
//! cells, in the canonical form of the engine's fast path (the [`small`] module), computed when the crate is built
//! (`build.rs`) and read by the engine as a table of fixed size.
//!
//! **What it holds.** Every connected set of at most [`MAX_CELLS`] cells of the square is enumerated once up to the
//! symmetries of the square (Redelmeier's method: each set is grown from its first cell, each cell added once, so
//! no set is made twice; D. H. Redelmeier, "Counting polyominoes: yet another attack", Discrete Mathematics 36,
//! 1981). Each is simplified and split as the engine does ([`small::split`]: each step an exact equivalence, proved
//! in that module), and every region it leaves with 4 cells or more is valued from its options: the mex, over its
//! placements, of the nim-sum of the regions each leaves (simplified and split the same way), memoised. So an entry
//! is the nim-value of Cram on that set of cells, whatever position the engine later meets it in.
//!
//! **Why.** Most of a small board's search is spent on small regions: of the 1,325 regions `cram 5x5` expanded
//! without the database, 941 had 13 cells or fewer (4x7: 7,757 of 16,709). A process's transposition table learns
//! each of them once per run; the database knows them before the run starts. With it, 5x5 expands 384 regions and
//! 4x7 8,974 (one thread; benches/RESULTS.md has the times).
//!
//! **Cost.** Building (the crate's build script compiles this file and [`small`] on their own and runs
//! [`values`]): 312,241 connected sets of at most 13 cells enumerated, 127,288 regions valued, about 1.6 s
//! unoptimised (0.4 s optimised). The table ([`layout`]) is 159,132 words (1.3 MB), a section per number of cells
//! with a fifth of its slots empty (a quarter more slots than entries); a lookup is one hashed probe, in the section of the region's size, and a few
//! words after it.

use super::small;
use std::collections::HashMap;

/// The largest regions the database holds.
pub const MAX_CELLS: u32 = 13;

/// The bits of an entry that hold the key.
const KEY_BITS: u64 = (1 << 56) - 1;

/// Column 0 and column 7 of the square.
const COL0: u64 = 0x0101_0101_0101_0101;
const COL7: u64 = 0x8080_8080_8080_8080;

/// The cells next to the cells of `x`.
fn neighbours(x: u64) -> u64 {
    ((x << 1) & !COL0) | ((x >> 1) & !COL7) | x << 8 | x >> 8
}

/// Calls `f` on every connected set of at most `max` cells of the square that is its own canonical form
/// ([`small::canonical`]), each once.
pub fn regions(max: u32, f: &mut impl FnMut(u64)) {
    // A canonical form lies in the corner: its first cell is in row 0. Each set is grown from its first cell
    // (`first`), with cells after it only.
    for first in 0..8u32 {
        let start = 1u64 << first;
        let allowed = !((start << 1) - 1);
        let untried = neighbours(start) & allowed;
        grow(start, 1, max, untried, start | untried, allowed, f);
    }
}

/// Redelmeier's step: `set` (of `n` cells) is reported, then grown by each cell of `untried` in turn, a cell once
/// tried being left out of the later branches (`seen` holds every cell ever offered).
fn grow(
    set: u64,
    n: u32,
    max: u32,
    mut untried: u64,
    seen: u64,
    allowed: u64,
    f: &mut impl FnMut(u64),
) {
    if small::canonical(set) == set {
        f(set);
    }
    if n == max {
        return;
    }
    while untried != 0 {
        let c = untried & untried.wrapping_neg();
        untried &= !c;
        let new = neighbours(c) & allowed & !seen;
        grow(set | c, n + 1, max, untried | new, seen | new, allowed, f);
    }
}

/// The values of the regions of at least 4 cells that [`small::split`] leaves of the connected sets of at most
/// `max` cells, sorted by key.
pub fn values(max: u32) -> Vec<(u64, u8)> {
    let mut memo = HashMap::new();
    regions(max, &mut |x| {
        small::split(x, &mut |c| {
            value(c, &mut memo);
        })
    });
    let mut v: Vec<(u64, u8)> = memo.into_iter().collect();
    v.sort_unstable();
    v
}

/// The nim-value of Cram on the cells `x` (a canonical region): the mex over the placements of the nim-sum of the
/// regions each leaves.
fn value(x: u64, memo: &mut HashMap<u64, u8>) -> u8 {
    let n = x.count_ones();
    if n < 4 {
        // 0 or 1 cell: no move; 2 or 3 connected cells: every move leaves at most one cell.
        return u8::from(n >= 2);
    }
    if let Some(&v) = memo.get(&x) {
        return v;
    }
    let (across, down) = small::placements(x);
    let mut seen = 0u64;
    for (mut m, pair) in [(across, 0b11u64), (down, 1 | 1 << 8)] {
        while m != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            let mut v = 0;
            small::split(x & !(pair << i), &mut |c| v ^= value(c, memo));
            // At most 2 · 14 placements: every value is below 64.
            seen |= 1 << v;
        }
    }
    let v = (!seen).trailing_zeros() as u8;
    memo.insert(x, v);
    v
}

/// The first slot of `key`'s probes in a section of `len` slots.
fn slot(key: u64, len: usize) -> usize {
    ((u128::from(key.wrapping_mul(0x9e37_79b9_7f4a_7c15)) * len as u128) >> 64) as usize
}

/// The table of `values` (keys of at most 14 cells, which fit in 56 bits): a header of 16 words, word `n` locating the section of the
/// regions of `n` cells (its first word `<< 32 |` its length, 0 for none), then the sections. A section has a
/// quarter more slots than entries, each 0 (empty) or `key | (value + 1) << 56`; a key sits at its [`slot`] or the
/// first empty slot after it (wrapping within the section). Sections by size keep the lookups of the many small
/// regions in a few pages.
pub fn layout(values: &[(u64, u8)]) -> Vec<u64> {
    let mut table = vec![0u64; 16];
    for n in 4..16u32 {
        let part: Vec<_> = values.iter().filter(|(k, _)| k.count_ones() == n).collect();
        if part.is_empty() {
            continue;
        }
        let (start, len) = (table.len(), part.len() + part.len() / 4 + 1);
        table[n as usize] = (start as u64) << 32 | len as u64;
        table.resize(start + len, 0);
        for &&(k, v) in &part {
            assert!(k & !KEY_BITS == 0 && k != 0, "a key of at most 56 bits");
            let mut i = slot(k, len);
            while table[start + i] != 0 {
                i = (i + 1) % len;
            }
            table[start + i] = k | u64::from(v + 1) << 56;
        }
    }
    table
}

/// The value of `key` in a table laid out by [`layout`], read through `word`.
pub fn find(word: impl Fn(usize) -> u64, key: u64) -> Option<u8> {
    let n = key.count_ones() as usize;
    if n >= 16 {
        return None;
    }
    let h = word(n);
    let (start, len) = ((h >> 32) as usize, (h & 0xffff_ffff) as usize);
    if len == 0 {
        return None;
    }
    let mut i = slot(key, len);
    loop {
        let w = word(start + i);
        if w == 0 {
            return None;
        }
        if w & KEY_BITS == key {
            return Some((w >> 56) as u8 - 1);
        }
        i += 1;
        if i == len {
            i = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    #[cfg(feature = "endgame-table")]
    use super::super::small::tests::{brute, random, Rng};
    #[cfg(feature = "endgame-table")]
    use super::super::{endgame_value, ENDGAME};
    use super::*;

    /// The free polyominoes of 1 to 8 cells (OEIS A000105: 1, 1, 2, 5, 12, 35, 108, 369) all fit in the square:
    /// the enumeration makes each once.
    #[test]
    fn the_enumeration_makes_each_free_polyomino_once() {
        let mut by_size = [0u32; 9];
        regions(8, &mut |x| by_size[x.count_ones() as usize] += 1);
        assert_eq!(by_size[1..], [1, 1, 2, 5, 12, 35, 108, 369]);
    }

    /// The table the crate holds is the one this module computes; every entry of up to 10 cells, and every 50th
    /// larger one, is the value of Cram by the definition (no simplification, no symmetry); every enumerated region
    /// that [`small::split`] leaves as it is, is there; and so is every region of at most [`MAX_CELLS`] cells that
    /// `split` leaves of the positions of random play on random boards.
    #[test]
    #[cfg(feature = "endgame-table")]
    fn the_table_holds_every_small_region_with_its_value_by_the_definition() {
        let values = values(MAX_CELLS);
        let bytes: Vec<u8> = layout(&values)
            .iter()
            .flat_map(|w| w.to_le_bytes())
            .collect();
        assert!(
            bytes == ENDGAME,
            "the included table is not the computed one"
        );
        let mut memo = std::collections::HashMap::new();
        for (i, &(k, v)) in values.iter().enumerate() {
            assert_eq!(
                endgame_value(k),
                Some(crate::nimber::Nimber::from(v)),
                "{k:#x}"
            );
            if k.count_ones() <= 10 || i % 50 == 0 {
                assert_eq!(
                    brute(k, &mut memo),
                    crate::nimber::Nimber::from(v),
                    "{k:#x}"
                );
            }
        }
        let mut met = 0;
        regions(MAX_CELLS, &mut |x| {
            let mut parts = Vec::new();
            small::split(x, &mut |c| parts.push(c));
            if x.count_ones() >= 4 && parts == [x] {
                assert!(endgame_value(x).is_some(), "{x:#x}");
                met += 1;
            }
        });
        assert!(
            met > 100_000 && met <= values.len(),
            "{met} of {}",
            values.len()
        );
        // The regions the engine meets: random boards within the square, with holes, played out at random; every
        // region of 4 to 13 cells that `split` leaves of a position is there.
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut looked = 0;
        for _ in 0..2_000 {
            let (rows, cols) = (1 + rng.next() % 8, 1 + rng.next() % 8);
            let mut p = random(&mut rng, rows as u32, cols as u32, 1);
            loop {
                small::split(p, &mut |c| {
                    if (4..=MAX_CELLS).contains(&c.count_ones()) {
                        assert!(endgame_value(c).is_some(), "{c:#x} of {p:#x}");
                        looked += 1;
                    }
                });
                let (across, down) = small::placements(p);
                let n = across.count_ones() + down.count_ones();
                if n == 0 {
                    break;
                }
                let k = (rng.next() % u64::from(n)) as u32;
                // The k-th placement: across first, then down.
                let nth = |mut m: u64, k: u32| {
                    for _ in 0..k {
                        m &= m - 1;
                    }
                    m.trailing_zeros()
                };
                p &= if k < across.count_ones() {
                    !(0b11 << nth(across, k))
                } else {
                    !(0x101 << nth(down, k - across.count_ones()))
                };
            }
        }
        assert!(looked > 5_000, "{looked} regions looked up");
        // Not there: a region of more cells (the 2 x 7 rectangle), a set of cells not in its canonical form.
        assert_eq!(endgame_value(0x7f7f), None);
        assert_eq!(endgame_value(0x0f0f << 2), None);
    }
}
