//! The rare/common split: the mask, which values it makes rare, and the histogram it is chosen from.

use super::*;

/// Heaps at which the split is chosen again (doubling from here).
pub(super) const FIRST_REBUILD: u64 = 256;
/// The mask is searched over this many low bits of the values.
pub(super) const MASK_BITS: u32 = 12;

/// What a sequence computation found, for `--stats`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stats {
    /// The bit mask of the rare/common split (rare: even popcount of `v & mask`).
    pub mask: u64,
    /// The distinct rare values that occur, ascending.
    pub rare_values: Vec<Nimber>,
    /// How many positions `n ≥ 1` have a rare value.
    pub rare_positions: u64,
    /// The last position with a rare value.
    pub last_rare: Option<u64>,
    /// The largest value.
    pub largest: Nimber,
    /// The first heap whose value is the largest.
    pub largest_at: u64,
    /// How many heaps (0 included) are P-positions (value 0).
    pub p_positions: u64,
}

#[inline]
pub(super) fn is_rare(v: Nimber, mask: u64) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

/// The statistics of a sequence under a mask (use [`best_mask`] for the engine's choice).
pub fn stats(values: &[Nimber], mask: u64) -> Stats {
    let mut acc = StatsAcc::new(mask);
    for (n, &v) in values.iter().enumerate() {
        acc.add(n, v);
    }
    acc.finish()
}

/// [`stats`] one value at a time (for values read in chunks).
pub(super) struct StatsAcc(Stats);

impl StatsAcc {
    pub(super) fn new(mask: u64) -> Self {
        StatsAcc(Stats {
            mask,
            rare_values: Vec::new(),
            rare_positions: 0,
            last_rare: None,
            largest: 0,
            largest_at: 0,
            p_positions: 0,
        })
    }

    /// Heap `n` has the value `v` (heaps in increasing order).
    pub(super) fn add(&mut self, n: usize, v: Nimber) {
        let s = &mut self.0;
        if v == 0 {
            s.p_positions += 1;
        }
        if v > s.largest {
            s.largest = v;
            s.largest_at = n as u64;
        }
        if n >= 1 && is_rare(v, s.mask) {
            s.rare_positions += 1;
            s.last_rare = Some(n as u64);
            if !s.rare_values.contains(&v) {
                s.rare_values.push(v);
            }
        }
    }

    pub(super) fn finish(mut self) -> Stats {
        self.0.rare_values.sort_unstable();
        self.0
    }
}

/// The mask (over the low 12 bits) that makes the fewest positions `n ≥ 1` of `values` rare.
pub fn best_mask(values: &[Nimber]) -> u64 {
    let mut hist: Vec<u64> = Vec::new();
    for &v in values.iter().skip(1) {
        let v = v as usize;
        if v >= hist.len() {
            hist.resize(v + 1, 0);
        }
        hist[v] += 1;
    }
    choose_mask(&hist)
}

pub(super) fn choose_mask(hist: &[u64]) -> u64 {
    let bits = (usize::BITS - hist.len().saturating_sub(1).leading_zeros()).min(MASK_BITS);
    let mut best = (u64::MAX, 0u64);
    for mask in 1..(1u64 << bits) {
        let rare: u64 = hist
            .iter()
            .enumerate()
            .filter(|&(v, _)| is_rare(v as u64, mask))
            .map(|(_, &c)| c)
            .sum();
        if rare < best.0 {
            best = (rare, mask);
        }
    }
    best.1
}

/// Counts one more occurrence of `v`.
pub(super) fn bump(hist: &mut Vec<u64>, v: u32) {
    let v = v as usize;
    if v >= hist.len() {
        hist.resize(v + 1, 0);
    }
    hist[v] += 1;
}
