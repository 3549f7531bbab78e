//! The rare/common split: the mask (and the heap's parity, when it may take part), which positions it makes
//! rare, and the histogram it is chosen from.

use super::*;

/// Heaps at which the split is chosen again (doubling from here).
pub(super) const FIRST_REBUILD: u64 = 256;
/// The mask is searched over this many low bits of the values.
pub(super) const MASK_BITS: u32 = 12;

/// A rare/common split (see the module docs): the value mask `M` and, with the phase bit, the parity `j0` of the
/// code's two-heap digits. Position `n` with value `v` is *rare* when `popcount(ext_n(v) & mask_ext)` is even,
/// where `ext_n(v) = (v << 1) | ((n ^ j0) & 1)` and `mask_ext = (M << 1) | p` (`p = 1` when `phase` is `Some`):
/// without the phase bit, when `popcount(v & M)` is even; with it, the classes of the heaps with `n ^ j0` odd
/// are swapped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Split {
    /// The value mask `M`.
    pub mask: u64,
    /// `Some(j0)` when the heap's parity takes part (`p = 1`; `j0` is 0 or 1).
    pub phase: Option<u64>,
}

impl Split {
    /// The split of the mask alone (`p = 0`).
    pub fn of_mask(mask: u64) -> Split {
        Split { mask, phase: None }
    }

    /// True when heap `n`'s classes are swapped (the phase bit is set and `n ^ j0` is odd).
    #[inline]
    pub fn flips(&self, n: u64) -> bool {
        self.phase.is_some_and(|j0| (n ^ j0) & 1 == 1)
    }

    /// True when the value `v` is rare for heap `n` (position `n` with the value `v` is rare).
    #[inline]
    pub fn is_rare(&self, n: u64, v: Nimber) -> bool {
        is_rare(v, self.mask) != self.flips(n)
    }

    /// `mask_ext = (M << 1) | p`, the mask over `ext_n(v)`.
    pub fn ext_mask(&self) -> u64 {
        (self.mask << 1) | self.phase.is_some() as u64
    }

    /// In words: `mask 0b1101`, or `mask 0b1101 and the heap's parity`.
    pub fn describe(&self) -> String {
        match self.phase {
            None => format!("mask {:#b}", self.mask),
            Some(_) => format!("mask {:#b} and the heap's parity", self.mask),
        }
    }

    /// The rule in words, for a reader: which positions are rare.
    pub fn rule(&self) -> String {
        match self.phase {
            None => format!("rare: v & {:#b} has an even number of 1 bits", self.mask),
            Some(j0) => format!(
                "rare: v & {:#b} has an even number of 1 bits at the heaps n with n + {j0} even, an odd number at the others",
                self.mask
            ),
        }
    }
}

/// The parity `j0` of the digits `j` whose moves the engine enumerates as splits `a + b = n - j` (two heaps, not
/// required equal), when they all share it: then the heap's parity may take part in the split (see the module
/// docs). `None` when they do not, when there is none, or when the sparse engine does not cover the code.
pub fn phase_of(code: &Code) -> Option<u64> {
    if !covers(code) {
        return None;
    }
    phase_of_moves(&moves_of(code))
}

/// [`phase_of`] from the engine's digits.
pub(super) fn phase_of_moves(moves: &[Move]) -> Option<u64> {
    let mut js = moves
        .iter()
        .filter(|m| matches!(m.two, Some(c) if c != Constraint::AllEqual))
        .map(|m| m.j & 1);
    let j0 = js.next()?;
    js.all(|j| j == j0).then_some(j0)
}

/// What a sequence computation found, for `--stats`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stats {
    /// The value mask of the rare/common split (rare: even popcount of `v & mask`, swapped at the heaps `n` with
    /// `n ^ j0` odd when `phase` is `Some(j0)`: see [`Split`]).
    pub mask: u64,
    /// `Some(j0)` when the heap's parity takes part in the split.
    pub phase: Option<u64>,
    /// The distinct values of the rare positions, ascending.
    pub rare_values: Vec<Nimber>,
    /// How many positions `n ≥ 1` are rare.
    pub rare_positions: u64,
    /// The last rare position.
    pub last_rare: Option<u64>,
    /// The largest value.
    pub largest: Nimber,
    /// The first heap whose value is the largest.
    pub largest_at: u64,
    /// How many heaps (0 included) are P-positions (value 0).
    pub p_positions: u64,
}

impl Stats {
    /// The split the statistics were counted under.
    pub fn split(&self) -> Split {
        Split {
            mask: self.mask,
            phase: self.phase,
        }
    }
}

#[inline]
pub(super) fn is_rare(v: Nimber, mask: u64) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

/// The statistics of a sequence under a split (use [`best_split`] for the engine's choice).
pub fn stats(values: &[Nimber], split: Split) -> Stats {
    let mut acc = StatsAcc::new(split);
    for (n, &v) in values.iter().enumerate() {
        acc.add(n, v);
    }
    acc.finish()
}

/// [`stats`] one value at a time (for values read in chunks).
pub(super) struct StatsAcc(Stats, Split);

impl StatsAcc {
    pub(super) fn new(split: Split) -> Self {
        StatsAcc(
            Stats {
                mask: split.mask,
                phase: split.phase,
                rare_values: Vec::new(),
                rare_positions: 0,
                last_rare: None,
                largest: 0,
                largest_at: 0,
                p_positions: 0,
            },
            split,
        )
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
        if n >= 1 && self.1.is_rare(n as u64, v) {
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

/// How often each value occurred, per parity of the heap: `hist[v][n & 1]` counts the heaps `n ≥ 1` with the
/// value `v` (the heap's own parity, so that the histogram does not depend on `j0`).
pub(super) type Hist = Vec<[u64; 2]>;

/// The split the engine would choose for `values` (the heaps `n ≥ 1` counted): the value mask (over the low 12
/// bits) that makes the fewest positions rare, and, when `phase` is `Some(j0)` ([`phase_of`] the code), that
/// mask with the heap's parity instead if that makes strictly fewer positions rare.
pub fn best_split(values: &[Nimber], phase: Option<u64>) -> Split {
    let mut hist = Hist::new();
    for (n, &v) in values.iter().enumerate().skip(1) {
        bump(&mut hist, n, v as usize);
    }
    choose_split(&hist, phase)
}

/// The value mask alone ([`best_split`] without the heap's parity).
pub fn best_mask(values: &[Nimber]) -> u64 {
    best_split(values, None).mask
}

/// The Walsh–Hadamard transform in place: `w[M] = Σ_x c[x] · (-1)^popcount(x & M)`.
fn walsh_hadamard(w: &mut [i64]) {
    let mut h = 1;
    while h < w.len() {
        for i in (0..w.len()).step_by(2 * h) {
            for k in i..i + h {
                let (a, b) = (w[k], w[k + h]);
                w[k] = a + b;
                w[k + h] = a - b;
            }
        }
        h *= 2;
    }
}

/// The split chosen from a histogram ([`Hist`]): over the masks `M` of the low bits of the largest value (at
/// most [`MASK_BITS`]), the one that makes the fewest positions rare (the smallest such mask; mask 0, every
/// position rare, when no mask is tried); then, when the heap's parity may take part (`phase = Some(j0)`), the
/// best mask with it (`M = 0` included), kept only if it makes strictly fewer positions rare, so a code the phase
/// does not help keeps its mask. Every count at once by a Walsh–Hadamard transform of the values' low bits:
/// the positions rare under `M` are `(T + W[M]) / 2` for `T` positions whose transform is `W` (`O(B · 2^B)`).
pub(super) fn choose_split(hist: &[[u64; 2]], phase: Option<u64>) -> Split {
    let bits = (usize::BITS - hist.len().saturating_sub(1).leading_zeros()).min(MASK_BITS);
    let size = 1usize << bits;
    // Per parity of the heap, the counts of the values' low `bits` bits.
    let mut w = [vec![0i64; size], vec![0i64; size]];
    for (v, c) in hist.iter().enumerate() {
        for p in 0..2 {
            w[p][v & (size - 1)] += c[p] as i64;
        }
    }
    let total = [w[0].iter().sum::<i64>(), w[1].iter().sum::<i64>()];
    walsh_hadamard(&mut w[0]);
    walsh_hadamard(&mut w[1]);
    let rare = |p: usize, m: usize, swapped: bool| -> i64 {
        if swapped {
            (total[p] - w[p][m]) / 2
        } else {
            (total[p] + w[p][m]) / 2
        }
    };
    let mut best = (i64::MAX, 0usize);
    for m in 1..size {
        let r = rare(0, m, false) + rare(1, m, false);
        if r < best.0 {
            best = (r, m);
        }
    }
    let plain = Split::of_mask(best.1 as u64);
    let Some(j0) = phase else {
        return plain;
    };
    let at_best = if best.0 == i64::MAX {
        total[0] + total[1]
    } else {
        best.0
    };
    // The heaps of parity j0 keep their classes; the others have them swapped.
    let (keep, swap) = (j0 as usize & 1, 1 - (j0 as usize & 1));
    let mut with = (i64::MAX, 0usize);
    for m in 0..size {
        let r = rare(keep, m, false) + rare(swap, m, true);
        if r < with.0 {
            with = (r, m);
        }
    }
    if with.0 < at_best {
        Split {
            mask: with.1 as u64,
            phase: Some(j0 & 1),
        }
    } else {
        plain
    }
}

/// Counts one more heap `n` with the value `v`.
pub(super) fn bump(hist: &mut Hist, n: usize, v: usize) {
    if v >= hist.len() {
        hist.resize(v + 1, [0; 2]);
    }
    hist[v][n & 1] += 1;
}
