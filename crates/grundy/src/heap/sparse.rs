//! The sparse-space (rare/common) engine: nim-value sequences of take-and-break codes that leave at most two
//! heaps, with about as many XORs per heap as there are rare positions instead of `n/2`.
//!
//! **What it computes.** The same `G(0), G(1), …, G(N)` as the plain engine ([`super::plain`]) for a code with
//! finitely many digits whose moves leave 0, 1 or 2 heaps (any constraint on the two heaps: none, `!`, `?`, `=`;
//! `d0 = 4` as in Grundy's game `4!.0` included).
//!
//! **The split.** Pick a bit mask `M` and call a value `v` *rare* when `popcount(v & M)` is even and *common* when
//! it is odd. Parity of `popcount(· & M)` is linear over XOR, so
//! `rare ⊕ rare = rare`, `rare ⊕ common = common` and **`common ⊕ common = rare`**: a common value is never the
//! nim-sum of two common values. This is the observation behind the sparse-space computations of octal games
//! (Winning Ways, ch. 4, "rare and common values" for Grundy's game; R. Gangolli and T. Plambeck, *A note on
//! periodicity in some octal games*, Int. J. Game Theory 18 (1989); A. Flammenkamp's octal game records, which
//! use the same rare/common split with a mask chosen from the values).
//!
//! **Why the result is exact whatever the mask.** For a heap `n` the engine marks every option value except those
//! of splits `a + b` in which both `a` and `b` are common positions; it keeps the list `R` of all positions
//! `a ≥ 1` with a rare value (under the current mask), so "every split involving a rare position" is enumerated
//! completely from `R`. The unmarked options are common ⊕ common, hence rare. Let `c` be the smallest common
//! value not marked: no option at all has value `c` (marked ones were all seen; unmarked ones are rare), and every
//! common value below `c` is reached. So `G(n) = mex ≤ c`, and `G(n) = c` exactly when every *rare* value below
//! `c` is reached. Rare values below `c` that are already marked are reached; if some are not, the engine scans
//! all split options (common ⊕ common included), marking as it goes, and stops as soon as every rare value below
//! `c` is reached (then `G(n) = c`) or the options are exhausted (then `G(n)` is the smallest unmarked value, a
//! rare value below `c`). Nothing in this argument depends on which mask was chosen: a poor mask only makes `R`
//! long (mask 0 makes every value rare, and the engine becomes the plain one).
//!
//! **Choosing the split.** At heaps 256, 512, 1024, … and whenever the largest value needs a new bit, the engine
//! counts how often each value occurred, picks the mask (over the low 12 bits of the values) that makes the
//! fewest positions rare, and rebuilds `R` — `O(N)` work in all, amortised by the doubling.
//!
//! **Cost.** Per heap: one XOR per (rare position, two-heap digit), plus a scan of the split options that stops
//! as soon as every rare value below the candidate is reached (the whole `n/2` splits per two-heap digit only at
//! the heaps whose value is rare). Once every heap's value is common (Officers after heap 20627) the scan is a
//! coupon collection: about `V · H_k` split options (`H_k` the harmonic number) for the `k` rare values below
//! the candidate when the nim-sums spread over `V` values, so its order matters: it takes blocks of 256 splits
//! alternately from the smallest smaller part up and from the middle down (nim-sums near 0 come from two grown
//! parts; Officers to 10^5: 198 million split options instead of 273 million from the bottom alone). Values are
//! stored as `u16` while they fit in 15 bits and widened to `u32` in the middle of a run when a value needs it
//! (`u32` values above `2^31` are an error, never a wrapped number); the rare positions are kept with their
//! values side by side.
//!
//! **Kernels.** The inner loops live in [`super::scan`], each with a scalar reference and an AVX-512 version
//! chosen at run time and checked against each other: the scan tests 32 nim-sums per step against a table of
//! the wanted values held in registers (exact below 2048); the marking writes 16 marks per scatter. Marking
//! goes in *batches* of 16 heaps `n, n + s, …, n + 15s` (`s = 1`, or 2 for each of two workers) while their
//! marks fit the first-level cache (values below 512): for a rare position `r ≥ 34` every heap's larger part
//! `m - r` is already known when the batch starts, and the 16 larger parts of one `r` lie side by side in the
//! values, so one load fetches them and one scatter marks the 16 heaps (each heap has its own marks); the few
//! rare positions below 34, and every rare position once the values pass 512, are marked heap by heap (16
//! larger parts per gather). Officers to 10^6: about 30% less time than marking heap by heap. The marks become
//! a bit set in which the smallest unmarked common value and the rare values below it are found a word at a
//! time. Where every value is below 64 and at least one position in 16 is rare (0.106: half its positions are
//! rare under any mask), marking the rare positions would look at about as many splits as there are, so the
//! engine looks at all of them with the dense kernel instead (32 nim-sums per step OR-ed into a 64-bit mask;
//! the mex is exact from the mask).
//!
//! **Two cores.** Heap `n` needs the value of every smaller heap, but only its one-heap option of the digit `j = 1`
//! and the split `1 + (n - 1)` of the digit `j = 0` read heap `n - 1` (the *late* options). So with `--threads 2`
//! two workers find every other heap: each finds heap `n` over its *early* options while the other worker finishes
//! heap `n - 1`, then, once `G(n - 1)` is known, finishes it: `mex(E ∪ L) = mex(E)` unless a late option has the
//! value `mex(E)`, and then heap `n` is computed again from all its options (285 heaps of Officers' first 10^6).
//! Each worker keeps its own copy of the values and its own split (the argument above holds for any split), so per
//! heap only one cache line crosses between the cores: the heap's number and value. A worker waiting for the
//! other's value marks part of its next batch meanwhile (Officers: about 40% of the batch marking is done so). The
//! engine times windows of 4096 heaps on two workers against one and keeps the faster (probing again, less often
//! while the same mode keeps winning): two workers pay from a microsecond of work per heap on (Officers,
//! Treblecross, Grundy's game, 0.106; in the runs below 1.2–1.6× the one-worker time, less than 2× because each
//! heap waits for the other worker's last one, and heaps differ in cost) and not on Kayles (a tenth of a
//! microsecond per heap); below heap 4096, and whenever the other core is busy, one worker runs. The values never
//! depend on the timing.
//!
//! **Measured** (`benches/octal.sh`: best of three runs of each program on the project machine, 2 cores shared
//! with other work, whose speed moves by up to 2× between runs; identical checksums throughout), against
//! `ogsolve -m rc2` on one core, in five runs of the whole script. Officers 0.6 to 10^6: one core 3.0–4.2×
//! faster (grundy 1.46–1.92 s, ogsolve 4.80–7.52 s), two cores 3.8–5.7× (0.93–1.43 s). Treblecross 0.007 to
//! 2^18: one core 3.0–4.9× (3.67–4.82 s, ogsolve 12.7–18.7 s), two cores 5.6–7.7× (2.23–2.74 s). Kayles 0.77:
//! 85–126× at 10^5, 147–277× at 2·10^5 (it has nine rare positions). Against the plain engine at 10^5 heaps:
//! Officers 29–39×, Grundy's game 34–51×, Kayles 415–628×, 0.106 (the dense kernel) 22–29×. Officers to 10^7
//! takes 10.4 s on two cores. `grundy period 0.56` certifies its preperiod 326640 and period 144 in 0.2–0.4 s,
//! 0.16 its period 149459 (preperiod 105351) in about 0.15 s.

use super::code::{Code, Constraint};
use super::scan;
use crate::error::{Error, Result};
use crate::nimber::Nimber;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release, SeqCst};
use std::sync::atomic::{AtomicBool, AtomicU64};

/// Heaps at which the split is chosen again (doubling from here).
const FIRST_REBUILD: u64 = 256;
/// The mask is searched over this many low bits of the values.
const MASK_BITS: u32 = 12;

/// True when the sparse engine computes this code: finitely many digits, no move leaving three or more heaps,
/// and no move that can repeat a position.
pub fn covers(code: &Code) -> bool {
    code.max_removed().is_some() && code.max_heaps() <= 2 && !code.is_loopy()
}

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
    /// The largest value and the first heap where it occurs.
    pub largest: Nimber,
    pub largest_at: u64,
    /// How many heaps (0 included) are P-positions (value 0).
    pub p_positions: u64,
}

#[inline]
fn is_rare(v: Nimber, mask: u64) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

/// The statistics of a sequence under a mask (use [`best_mask`] for the engine's choice).
pub fn stats(values: &[Nimber], mask: u64) -> Stats {
    let mut rare_values: Vec<Nimber> = Vec::new();
    let mut rare_positions = 0;
    let mut last_rare = None;
    let (mut largest, mut largest_at, mut p_positions) = (0, 0, 0);
    for (n, &v) in values.iter().enumerate() {
        if v == 0 {
            p_positions += 1;
        }
        if v > largest {
            largest = v;
            largest_at = n as u64;
        }
        if n >= 1 && is_rare(v, mask) {
            rare_positions += 1;
            last_rare = Some(n as u64);
            if !rare_values.contains(&v) {
                rare_values.push(v);
            }
        }
    }
    rare_values.sort_unstable();
    Stats {
        mask,
        rare_values,
        rare_positions,
        last_rare,
        largest,
        largest_at,
        p_positions,
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

fn choose_mask(hist: &[u64]) -> u64 {
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

/// One digit of the code, as the engine uses it.
#[derive(Clone, Copy)]
struct Move {
    j: u64,
    zero: bool,
    one: bool,
    two: Option<Constraint>,
}

/// The digits of a covered code that allow some move.
fn moves_of(code: &Code) -> Vec<Move> {
    let t = code.max_removed().expect("covered codes are finite");
    (0..=t)
        .map(|j| {
            let d = code.digit(j);
            Move {
                j,
                zero: d.allows(0),
                one: d.allows(1),
                two: d.constraint(2),
            }
        })
        .filter(|m| m.zero || m.one || m.two.is_some())
        .collect()
}

/// A stored value: `u16` while every value fits in 15 bits (half the memory traffic in the inner loops), `u32`
/// after. The engine widens from one to the other when a value needs it; it never wraps.
trait Val: Copy + Default + std::ops::BitXor<Output = Self> + Send + Sync {
    /// Values of this type are below this bound (so is the nim-sum of two of them).
    const LIMIT: u32;
    fn new(v: u32) -> Self;
    fn get(self) -> usize;
    /// Clears the wanted values (bits of `want`) met among the nim-sums `xs[i] ^ ys[len - 1 - i]`, counting
    /// `left` down; true as soon as it reaches 0 (see [`scan`]). `simd`: the fast kernel may be used.
    #[inline(never)]
    fn reach(xs: &[Self], ys: &[Self], want: &mut scan::Wanted, simd: bool) -> bool {
        let _ = simd;
        scan::reach_scalar(xs, ys, want, |x, y| (x ^ y).get())
    }
    /// The set of nim-sums `xs[i] ^ ys[len - 1 - i]` as a bit mask (every value below 64; see
    /// [`scan::nim_sums`]).
    #[inline(never)]
    fn nim_sums(xs: &[Self], ys: &[Self], simd: bool) -> u64 {
        let _ = simd;
        scan::nim_sums_scalar(xs, ys, |x, y| (x ^ y).get())
    }
    /// Marks the nim-sums of the splits of the rare positions (see [`scan::mark`]). `simd`: the fast kernel may
    /// be used.
    fn mark(splits: &scan::Splits<Self>, stamp: &mut scan::Stamp, simd: bool) {
        let _ = simd;
        scan::mark_scalar(splits, stamp, |x, y| (x ^ y).get());
    }
    /// Marks the far splits of a batch of heaps (see [`scan::mark_batch`]).
    fn mark_batch(splits: &scan::BatchSplits<Self>, stamp: &mut scan::BatchStamp, simd: bool) {
        let _ = simd;
        scan::mark_batch_scalar(splits, stamp, |x, y| (x ^ y).get());
    }
}

impl Val for u16 {
    const LIMIT: u32 = 1 << 15;
    #[inline]
    fn new(v: u32) -> Self {
        v as u16
    }
    #[inline]
    fn get(self) -> usize {
        self as usize
    }
    #[inline]
    fn reach(xs: &[u16], ys: &[u16], want: &mut scan::Wanted, simd: bool) -> bool {
        scan::reach(xs, ys, want, simd)
    }
    #[inline]
    fn nim_sums(xs: &[u16], ys: &[u16], simd: bool) -> u64 {
        scan::nim_sums(xs, ys, simd)
    }
    #[inline]
    fn mark(splits: &scan::Splits<u16>, stamp: &mut scan::Stamp, simd: bool) {
        scan::mark(splits, stamp, simd);
    }
    #[inline]
    fn mark_batch(splits: &scan::BatchSplits<u16>, stamp: &mut scan::BatchStamp, simd: bool) {
        scan::mark_batch(splits, stamp, simd);
    }
}

impl Val for u32 {
    const LIMIT: u32 = 1 << 31;
    #[inline]
    fn new(v: u32) -> Self {
        v
    }
    #[inline]
    fn get(self) -> usize {
        self as usize
    }
}

/// The engine's state: values so far, the split, the rare positions, the marks of the current heap.
struct Engine<T: Val> {
    /// The digits of the code that allow some move.
    moves: Vec<Move>,
    /// The values of heaps `0..g.len()`.
    g: Vec<T>,
    hist: Vec<u64>,
    mask: u64,
    /// The rare positions `a ≥ 1`, ascending, and their values (side by side, so the marking loop reads one
    /// scattered value per option instead of two).
    rare: Vec<u32>,
    rare_g: Vec<T>,
    /// The marks of the heaps of the current batch (in a heap's slot, `marks[v] == stamp` when value `v` is an
    /// option of the heap, `stamp` the batch's: no clearing per heap).
    batch: Batch,
    /// The next batch, prepared while waiting for the other worker ([`Engine::prepare`]; its `heaps` is 0
    /// when it holds nothing).
    spare: Batch,
    /// The last stamp given to a batch.
    stamp: u32,
    /// The step between the heaps the runner asks for (1, or 2 when each of two workers finds every other heap),
    /// so that a batch holds the heaps that will be asked for.
    stride: u64,
    /// Bit `v` set when the rare value `v` below the candidate is still to be reached (clear between heaps).
    want: scan::Wanted,
    /// The processor has the fast kernels ([`scan::simd_available`]).
    simd_cpu: bool,
    /// Every value is below 64 and so many positions are rare that looking at every split with the dense kernel
    /// costs less than marking the rare ones (see [`Engine::next_dense`]).
    dense: bool,
    /// The common and the rare values below `cap`, as bit sets (bit `v` of word `v / 64`; at least one word),
    /// and the values marked for the current heap.
    common_bits: Vec<u64>,
    rare_bits: Vec<u64>,
    marked: Vec<u64>,
    /// Every value so far is below this power of two, and so is every nim-sum of two of them.
    cap: usize,
    /// Split options `(m, smallest and largest smaller part)` of the current heap's full scan (reused buffer).
    splits: Vec<(usize, usize, usize)>,
}

impl<T: Val> Engine<T> {
    fn new(moves: Vec<Move>, g: Vec<T>, hist: Vec<u64>) -> Self {
        let mut e = Engine {
            moves,
            g,
            hist,
            mask: 0,
            rare: Vec::new(),
            rare_g: Vec::new(),
            batch: Batch::default(),
            spare: Batch::default(),
            stamp: 0,
            stride: 1,
            want: scan::Wanted::new(64),
            simd_cpu: scan::simd_available(),
            dense: false,
            common_bits: Vec::new(),
            rare_bits: Vec::new(),
            marked: Vec::new(),
            cap: 0,
            splits: Vec::new(),
        };
        e.rebuild();
        e
    }

    fn rebuild(&mut self) {
        self.mask = choose_mask(&self.hist);
        self.cap = self.hist.len().next_power_of_two();
        // Every nim-sum of two values is below cap, and the mex is at most cap.
        let slot = self.words() * 64;
        if slot != self.batch.slot {
            // Batches while their marks fit the first-level cache; otherwise one slot, heap by heap.
            let heaps = if scan::BATCH * slot <= BATCH_MARKS {
                scan::BATCH
            } else {
                1
            };
            for b in [&mut self.batch, &mut self.spare] {
                b.marks = vec![0; heaps * slot];
                b.slot = slot;
            }
        }
        // The batches were marked under the old split.
        self.batch.heaps = 0;
        self.spare.heaps = 0;
        self.want = scan::Wanted::new(self.cap);
        let mask = self.mask;
        let (words, cap) = (self.words(), self.cap);
        let class = |rare: bool| {
            let mut bits = vec![0u64; words];
            for v in (0..cap).filter(|&v| is_rare(v as u64, mask) == rare) {
                bits[v / 64] |= 1 << (v % 64);
            }
            bits
        };
        self.common_bits = class(false);
        self.rare_bits = class(true);
        self.marked = vec![0; self.words()];
        self.rare = (1..self.g.len())
            .filter(|&a| is_rare(self.g[a].get() as u64, mask))
            .map(|a| a as u32)
            .collect();
        self.rare_g = self.rare.iter().map(|&a| self.g[a as usize]).collect();
        self.dense = self.wants_dense();
    }

    /// Whether the dense kernel is the cheaper one: every value below 64 and at least one position in
    /// [`DENSE_RARE`] rare (marking costs about one step per rare position and two-heap digit, the dense kernel
    /// one step per 32 splits, and a heap has about `n / 2` splits per digit).
    fn wants_dense(&self) -> bool {
        self.cap <= 64 && self.rare.len() * DENSE_RARE > self.g.len()
    }

    /// The value of heap `n = g.len()` from every option, the splits' nim-sums collected as a bit mask by the
    /// dense kernel (every value is below 64, so a mask holds them all).
    fn next_dense(&self, early: bool) -> u32 {
        let n = self.g.len() as u64 + early as u64;
        let g = &self.g[..];
        let mut bits = 0u64;
        let mut splits = 0u64;
        self.options(
            n,
            |v| bits |= 1 << v,
            |m, first, half| {
                splits |= T::nim_sums(&g[first..=half], &g[m - half..=m - first], self.simd_cpu)
            },
        );
        (!(bits | splits)).trailing_zeros()
    }

    /// Walks the options of heap `n` that read heaps below `g.len()` only (all of them when `n = g.len()`; all
    /// but the late ones when `n = g.len() + 1`): `direct(v)` for each option whose value is at hand (a move
    /// that leaves no heap, one heap, or two equal heaps), and `split(m, first, half)` for each digit's splits
    /// `a + (m - a)` with `a` in `first..=half` (`first = 2` when the larger part `m - 1` is not known yet).
    fn options(
        &self,
        n: u64,
        mut direct: impl FnMut(usize),
        mut split: impl FnMut(usize, usize, usize),
    ) {
        let len = self.g.len();
        for mv in &self.moves {
            if mv.j > n {
                break;
            }
            let m = n - mv.j;
            if m == 0 {
                if mv.zero {
                    direct(0);
                }
                continue;
            }
            if mv.j > 0 && mv.one && (m as usize) < len {
                direct(self.g[m as usize].get());
            }
            if m < 2 {
                continue;
            }
            let unequal = match mv.two {
                None => continue,
                Some(Constraint::AllEqual) => {
                    if m.is_multiple_of(2) {
                        direct(0);
                    }
                    continue;
                }
                Some(c) => c != Constraint::Any,
            };
            let (m, half) = (
                m as usize,
                if unequal { (m - 1) / 2 } else { m / 2 } as usize,
            );
            let first = (m + 1).saturating_sub(len).max(1);
            if first <= half {
                split(m, first, half);
            }
        }
    }

    /// Words of a bit set over the values below `cap` (at least one).
    fn words(&self) -> usize {
        self.cap.div_ceil(64).max(1)
    }

    /// Appends the value `v` of heap `g.len()`; false when it does not fit `T` (the caller widens).
    fn push(&mut self, v: u32) -> bool {
        if v >= T::LIMIT {
            return false;
        }
        let n = self.g.len();
        self.g.push(T::new(v));
        bump(&mut self.hist, v);
        if v as usize >= self.cap {
            self.rebuild();
        } else if is_rare(v as u64, self.mask) {
            self.rare.push(n as u32);
            self.rare_g.push(T::new(v));
            self.dense = self.wants_dense();
        } else if self.dense && n.is_multiple_of(DENSE_RARE) {
            self.dense = self.wants_dense();
        }
        true
    }

    /// Marks with `stamp` the values of the splits of heap `n` with a rare part whose larger part is below
    /// `g.len()` (every split when `n = g.len()`; all but `1 + (n - 1)` when `n = g.len() + 1`), except those of
    /// the far rare positions its batch marked ([`Engine::plan`]).
    fn mark_rare_splits(&self, n: u64, marks: &mut [u32], stamp: u32) {
        let g = &self.g[..];
        for (d, mv) in self.moves.iter().enumerate() {
            if mv.j + 2 > n {
                continue;
            }
            let unequal = match mv.two {
                None | Some(Constraint::AllEqual) => continue,
                Some(c) => c != Constraint::Any,
            };
            // Every split with a rare part: the rare positions r < m (r and m - r both run over all splits).
            // Only the splits whose larger part is known (all but 1 + (n - 1) when heap n is found early).
            let m32 = (n - mv.j) as u32;
            let m = m32 as usize;
            // (Searched only when some rare position is out of range: usually none is.)
            let rare = &self.rare[..];
            let lo = match rare.first() {
                Some(&r) if (r as usize) + g.len() <= m => {
                    rare.partition_point(|&r| (r as usize) + g.len() <= m)
                }
                _ => 0,
            };
            let hi = match rare.last() {
                Some(&r) if r >= m32 => rare.partition_point(|&r| r < m32),
                _ => rare.len(),
            };
            // The batch marked the rare positions at indices near..beyond.
            let b = &self.batch;
            let (near, beyond) = match b.far.get(d) {
                Some(&far) if far > 0 => (b.near[d], b.beyond[d]),
                _ => (hi, hi),
            };
            let skip = if unequal && m32.is_multiple_of(2) {
                self.rare.binary_search(&(m32 / 2)).ok()
            } else {
                None
            };
            // Every nim-sum is below `cap`, a power of two.
            let top = self.cap - 1;
            let mut mark_range = |lo: usize, hi: usize| {
                if lo >= hi {
                    return;
                }
                let splits = scan::Splits {
                    g,
                    m,
                    rare: &self.rare[lo..hi],
                    rare_g: &self.rare_g[lo..hi],
                };
                let mut st = scan::Stamp {
                    marks: &mut *marks,
                    top,
                    stamp,
                };
                T::mark(&splits, &mut st, self.simd_cpu);
            };
            for (lo, hi) in [(lo, hi.min(near)), (lo.max(beyond), hi)] {
                match skip {
                    Some(k) if lo <= k && k < hi => {
                        mark_range(lo, k);
                        mark_range(k + 1, hi);
                    }
                    _ => mark_range(lo, hi),
                }
            }
        }
    }

    /// The marks of heap `n` (`n = g.len()`, or `g.len() + 1` when found early): its slot in the current batch,
    /// or the first slot of the next batch (prepared ahead by [`Engine::prepare`], when it starts at `n`), or of
    /// a new batch starting at `n`.
    fn slot_of(&mut self, n: u64) -> usize {
        let b = &self.batch;
        if b.heaps > 0 && n >= b.first && (n - b.first).is_multiple_of(b.stride) {
            let k = (n - b.first) / b.stride;
            if k < b.heaps {
                return k as usize;
            }
        }
        let mut next = self.take_spare(n);
        self.mark_some(&mut next, usize::MAX);
        self.spare = std::mem::replace(&mut self.batch, next);
        self.spare.heaps = 0;
        0
    }

    /// The spare batch, planned for heap `n` unless it already is (with the engine's stride).
    fn take_spare(&mut self, n: u64) -> Batch {
        let mut next = std::mem::take(&mut self.spare);
        if !(next.heaps > 0 && next.first == n && next.stride == self.stride) {
            self.plan(&mut next, n);
        }
        next
    }

    /// Plans a batch at heap `n`: heaps `n + stride · k`, `k <` [`scan::BATCH`] (`stride` the engine's, set by
    /// the runner to the step between the heaps it will ask for). For each two-heap digit `j` the batch will
    /// mark ([`Engine::mark_some`]), in each heap's slot, the splits with a rare part `r` in `lo..=far`, where
    /// `far = min(g.len() - 1, n - j - 1)` and `lo = max(FAR, n - j + 16 · stride - g.len())` (`g.len()` now):
    /// every such split is a split of every heap of the batch (`r ≤ m - 1` for each heap's part `m ≥ n - j`),
    /// its larger part is already known (`m - r ≤ n - j + 15 · stride - lo < g.len()`), and `r` is in the rare
    /// list now (below `g.len()`; later rare positions are larger), so the heap's own marking
    /// ([`Engine::mark_rare_splits`]) leaves out exactly these. A batch holds as long as the split does (a
    /// rebuild ends it), whatever the order in which its heaps are found; a heap the run never asks for only
    /// costs its marks. When the batch starts at the next heap (`g.len() ≥ n - 1`), `lo` is `FAR`.
    fn plan(&mut self, b: &mut Batch, n: u64) {
        assert!(
            self.stride == 1 || self.stride == 2,
            "heaps of a batch are 1 or 2 apart"
        );
        b.first = n;
        b.stride = self.stride;
        // A stamp no slot holds: a new one per batch (after 2^32 - 1 batches every mark is cleared first).
        self.stamp = match self.stamp.checked_add(1) {
            Some(s) => s,
            None => {
                b.marks.fill(0);
                self.batch.marks.fill(0);
                1
            }
        };
        b.stamp = self.stamp;
        let heaps = b.marks.len() / b.slot;
        b.heaps = heaps as u64;
        b.far.clear();
        b.near.clear();
        b.beyond.clear();
        let len = self.g.len() as u64;
        for mv in &self.moves {
            let splits = matches!(mv.two, Some(c) if c != Constraint::AllEqual);
            let lo = (FAR as u64).max((n - mv.j.min(n) + 16 * self.stride).saturating_sub(len));
            let far = (len - 1).min(n.saturating_sub(mv.j + 1));
            let far = if splits && heaps == scan::BATCH && far >= lo {
                far as u32
            } else {
                0
            };
            b.far.push(far);
            if far == 0 {
                b.near.push(0);
                b.beyond.push(0);
                continue;
            }
            b.near.push(self.rare.partition_point(|&r| (r as u64) < lo));
            b.beyond.push(self.rare.partition_point(|&r| r <= far));
        }
        b.todo.clone_from(&b.near);
    }

    /// Marks the splits of batch `b` for up to `budget` more rare positions; true once all are marked.
    fn mark_some(&self, b: &mut Batch, mut budget: usize) -> bool {
        for (d, mv) in self.moves.iter().enumerate() {
            if b.far[d] == 0 || b.todo[d] >= b.beyond[d] || budget == 0 {
                continue;
            }
            let (lo, hi) = (b.todo[d], b.beyond[d].min(b.todo[d].saturating_add(budget)));
            let splits = scan::BatchSplits {
                g: &self.g,
                base: (b.first - mv.j) as usize,
                stride: b.stride as usize,
                rare: &self.rare[lo..hi],
                rare_g: &self.rare_g[lo..hi],
                unequal: mv.two != Some(Constraint::Any),
            };
            let mut st = scan::BatchStamp {
                marks: &mut b.marks,
                slot: b.slot,
                top: self.cap - 1,
                stamp: b.stamp,
            };
            T::mark_batch(&splits, &mut st, self.simd_cpu);
            b.todo[d] = hi;
            budget -= hi - lo;
        }
        (0..self.moves.len()).all(|d| b.far[d] == 0 || b.todo[d] >= b.beyond[d])
    }

    /// Work to do while waiting for the other worker: marks part of the batch after the current one (the
    /// heaps `stride · BATCH` further on). False when there is nothing to do.
    fn prepare(&mut self) -> bool {
        let b = &self.batch;
        if self.dense || b.heaps == 0 {
            return false;
        }
        let n = b.first + b.stride * b.heaps;
        let mut next = self.take_spare(n);
        let busy = !self.mark_some(&mut next, PREPARE_CHUNK);
        self.spare = next;
        busy
    }

    /// The value of heap `n = g.len()`.
    fn next(&mut self) -> u32 {
        self.next_of(false)
    }

    /// The nim-value of heap `n = g.len() + 1` over its *early* options, those that do not read `G(n - 1)`
    /// (every option but the one-heap option of the digit `j = 1` and the split `1 + (n - 1)` of the digit
    /// `j = 0`): the speculative half of the two-worker run ([`run_alternating`]). See [`Engine::finish_early`].
    fn next_early(&mut self) -> u32 {
        // From heap 3 on: `late_options` leaves out the equal split 1 + 1 of heap 2.
        assert!(self.g.len() >= 2, "heaps found early are at least 3");
        self.next_of(true)
    }

    /// The values of the *late* options of heap `n = g.len()` (those that read `G(n - 1)`).
    fn late_options(&self) -> impl Iterator<Item = u32> + '_ {
        let n = self.g.len() as u64;
        let g = &self.g;
        self.moves.iter().filter_map(move |mv| {
            let last = g[n as usize - 1].get() as u32;
            match mv.j {
                1 if mv.one && n >= 2 => Some(last),
                0 if n >= 3 => match mv.two {
                    None | Some(Constraint::AllEqual) => None,
                    Some(_) => Some(g[1].get() as u32 ^ last),
                },
                _ => None,
            }
        })
    }

    /// The value of heap `n = g.len()` from `early`, its value over the early options ([`Engine::next_early`],
    /// computed before `G(n - 1)` was known): `mex(E ∪ L) = mex(E)` unless some late option `L` has the value
    /// `mex(E)`, and then the heap is computed again from all its options.
    fn finish_early(&mut self, early: u32) -> u32 {
        if self.late_options().any(|v| v == early) {
            self.next()
        } else {
            early
        }
    }

    fn next_of(&mut self, early: bool) -> u32 {
        if self.dense {
            return self.next_dense(early);
        }
        let k = self.slot_of(self.g.len() as u64 + early as u64);
        let mut marks = std::mem::take(&mut self.batch.marks);
        let slot = self.batch.slot;
        let stamp = self.batch.stamp;
        let v = self.next_marked(&mut marks[k * slot..(k + 1) * slot], stamp, early);
        self.batch.marks = marks;
        v
    }

    /// The value of heap `n = g.len()` (with `early`: of heap `g.len() + 1` over its early options).
    fn next_marked(&mut self, marks: &mut [u32], stamp: u32, early: bool) -> u32 {
        let len = self.g.len();
        let n = len as u64 + early as u64;
        self.mark_rare_splits(n, marks, stamp);
        let mut splits = std::mem::take(&mut self.splits);
        splits.clear();
        self.options(
            n,
            |v| marks[v] = stamp,
            |m, first, half| splits.push((m, first, half)),
        );
        self.splits = splits;
        let g = &self.g[..];
        // The marked values as a bit set.
        self.marked.fill(0);
        scan::marked_bits(marks, stamp, &mut self.marked, self.simd_cpu);
        // The smallest unmarked common value (cap when every common value below cap is marked).
        let c = self
            .common_bits
            .iter()
            .zip(&self.marked)
            .enumerate()
            .find_map(|(w, (&common, &m))| {
                let free = common & !m;
                (free != 0).then(|| w * 64 + free.trailing_zeros() as usize)
            })
            .unwrap_or(self.cap);
        // The rare values below c not yet reached.
        for w in 0..=(c / 64).min(self.marked.len() - 1) {
            let mut x = self.rare_bits[w] & !self.marked[w];
            if w == c / 64 {
                x &= (1u64 << (c % 64)) - 1;
            }
            self.want.insert_word(w, x);
        }
        let c = c as u32;
        if self.want.left() == 0 {
            return c;
        }
        // Scan every split (common ⊕ common included) in blocks of SCAN_BLOCK smaller parts, the digits side by
        // side so that a value some digit reaches early is found early, the blocks alternately from the bottom
        // and from the middle (see `scan_block`), and stop once every wanted value is reached.
        let want = &mut self.want;
        let most = self
            .splits
            .iter()
            .map(|s| (s.2 + 1 - s.1).div_ceil(SCAN_BLOCK))
            .max()
            .unwrap_or(0);
        for t in 0..most {
            for &(m, first, half) in &self.splits {
                let blocks = (half + 1 - first).div_ceil(SCAN_BLOCK);
                if t >= blocks {
                    continue;
                }
                let lo = first + scan_block(t, blocks) * SCAN_BLOCK;
                let hi = (lo + SCAN_BLOCK).min(half + 1);
                if T::reach(&g[lo..hi], &g[m + 1 - hi..=m - lo], want, self.simd_cpu) {
                    return c;
                }
            }
        }
        // Every option is seen: the mex is the smallest wanted value not reached. Clear the rest for the next
        // heap.
        want.drain().expect("a rare value below c is unreached") as u32
    }
}

/// The marks of a batch of heaps `first + stride · k`, `k < heaps` (see [`Engine::plan`]): heap `k`'s
/// in `marks[k * slot..(k + 1) * slot]`.
#[derive(Default)]
struct Batch {
    first: u64,
    stride: u64,
    /// 0 when there is no batch (before the first, and after a rebuild).
    heaps: u64,
    /// The stamp of the batch's marks (every batch has a new one; marks start at 0, below every stamp).
    stamp: u32,
    /// Per entry of `Engine::moves`: the batch marks the splits with a rare part up to `far` (none when `far`
    /// is 0), from the rare position at index `near` of `Engine::rare` to the one before index `beyond`; those
    /// before index `todo` are marked.
    far: Vec<u32>,
    near: Vec<usize>,
    beyond: Vec<usize>,
    todo: Vec<usize>,
    marks: Vec<u32>,
    slot: usize,
}

/// Rare positions marked per call of [`Engine::prepare`] (about a tenth of a microsecond of work: a worker
/// waiting for the other's value checks again this often).
const PREPARE_CHUNK: usize = 32;

/// Heaps are found in batches of [`scan::BATCH`] while their marks number at most this many in all (32 KiB: they
/// stay in the first-level cache), and one at a time otherwise. A scatter costs about the same whatever the
/// number of its lanes, so smaller batches do not pay (Treblecross to 2·10^5, values up to 1024: batches of 8
/// heaps took 30% longer than heap by heap, batches of 16 marking into 64 KiB about the same). Lower in tests,
/// so that both ways run on the games tested.
const BATCH_MARKS: usize = if cfg!(test) { 1 << 11 } else { 1 << 13 };

/// The rare positions from this one on are marked in batches (far enough below the batch's heaps that their
/// splits' larger parts are known for heaps up to 30 ahead: [`Engine::plan`]).
const FAR: u32 = 2 * scan::BATCH as u32 + 2;

/// The dense kernel is used while at least one position in this many is rare (and every value is below 64).
const DENSE_RARE: usize = 16;

/// Smaller parts per block of the scan.
const SCAN_BLOCK: usize = 256;

/// The block scanned `t`-th among `blocks` blocks of smaller parts (block `i` holds `a` in
/// `1 + 256 i .. 1 + 256 (i + 1)`): 0, last, 1, last - 1, …, so each block once. Why alternate: a split whose
/// smaller part is small pairs a young heap's small value with a grown one, so the nim-sums near 0 (needed
/// wanted values, such as 0 itself: two equal values) come mostly from splits near the middle, where both parts
/// have grown; the bottom reaches the large values sooner. Officers (0.6) to 10^5: 273 million split options
/// looked at from the bottom up, 198 million in this order (to 10^6: 2.77 and about 2.0 billion).
fn scan_block(t: usize, blocks: usize) -> usize {
    if t.is_multiple_of(2) {
        t / 2
    } else {
        blocks - 1 - t / 2
    }
}

/// Extends `values` (the nim-values of heaps `0..values.len()`, possibly empty) to heaps `0..=to`, and returns
/// the mask of the final split. `progress` is called with the heap reached now and then.
pub fn extend(
    code: &Code,
    name: &str,
    values: &mut Vec<Nimber>,
    to: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<u64> {
    extend_with_threads(code, name, values, to, 1, progress)
}

/// [`extend`] on up to `threads` threads (two are used when `threads ≥ 2`: see the module docs for where the
/// second one pays). The values are the same whatever the number of threads.
pub fn extend_with_threads(
    code: &Code,
    name: &str,
    values: &mut Vec<Nimber>,
    to: u64,
    threads: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<u64> {
    extend_polled(code, name, values, to, threads, &mut |n| {
        progress(n);
        true
    })
}

/// [`extend_with_threads`] whose `progress` may stop the run: it is called where progress is reported (every
/// 65536 heaps, in the outer loop, so polling costs nothing measurable) and returns `false` to stop. A stopped run
/// keeps the values it computed in `values` and returns a limit error that says how far it got.
pub fn extend_polled(
    code: &Code,
    name: &str,
    values: &mut Vec<Nimber>,
    to: u64,
    threads: usize,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<u64> {
    if !covers(code) {
        return Err(Error::unsupported(format!(
            "{name}: the fast engine covers codes with finitely many digits whose moves leave at most two heaps (use --engine plain)"
        )));
    }
    if to >= u32::MAX as u64 {
        return Err(Error::limit(format!(
            "{name}: heap {to} is beyond the fast engine's limit of {} heaps",
            u32::MAX - 1
        )));
    }
    let moves = moves_of(code);
    let mut prefix: Vec<u32> = Vec::with_capacity(values.len().max(1));
    for (n, &v) in values.iter().enumerate() {
        prefix.push(
            u32::try_from(v)
                .ok()
                .filter(|&x| x < u32::LIMIT)
                .ok_or_else(|| wide(name, n as u64))?,
        );
    }
    if prefix.is_empty() {
        prefix.push(0);
    }
    let mut hist = Vec::new();
    for &v in &prefix[1..] {
        bump(&mut hist, v);
    }
    let mask = if prefix.iter().all(|&v| v < u16::LIMIT) {
        widening::<u16>(moves, &prefix, hist, name, values, to, threads, progress)?
    } else {
        let g = prefix.iter().map(|&v| u32::new(v)).collect();
        let mut e = Engine::<u32>::new(moves, g, hist);
        match drive(&mut e, to, threads, progress) {
            Done::All => finish(&e, values, to),
            Done::Wider(_) => return Err(wide(name, e.g.len() as u64)),
            Done::Stopped => return Err(stopped(&e, values, name, to)),
        }
    };
    let _ = progress(to);
    Ok(mask)
}

/// Keeps the values a stopped run computed, and the error that says how far it got.
fn stopped<T: Val>(e: &Engine<T>, values: &mut Vec<Nimber>, name: &str, to: u64) -> Error {
    let done = e.g.len() as u64;
    finish(e, values, done.saturating_sub(1));
    Error::limit(format!(
        "{name}: stopped after heaps 0..={} of 0..={to}",
        done.saturating_sub(1)
    ))
}

/// Runs with values of type `N` while they fit, then widens to `u32`.
#[allow(clippy::too_many_arguments)]
fn widening<N: Val>(
    moves: Vec<Move>,
    prefix: &[u32],
    hist: Vec<u64>,
    name: &str,
    values: &mut Vec<Nimber>,
    to: u64,
    threads: usize,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<u64> {
    let g = prefix.iter().map(|&v| N::new(v)).collect();
    let mut e = Engine::<N>::new(moves.clone(), g, hist);
    Ok(match drive(&mut e, to, threads, progress) {
        Done::All => finish(&e, values, to),
        Done::Stopped => return Err(stopped(&e, values, name, to)),
        Done::Wider(v) => {
            let g: Vec<u32> = e.g.iter().map(|&x| x.get() as u32).collect();
            let mut w = Engine::<u32>::new(moves, g, std::mem::take(&mut e.hist));
            drop(e);
            if !w.push(v) {
                return Err(wide(name, w.g.len() as u64));
            }
            match drive(&mut w, to, threads, progress) {
                Done::All => finish(&w, values, to),
                Done::Wider(_) => return Err(wide(name, w.g.len() as u64)),
                Done::Stopped => return Err(stopped(&w, values, name, to)),
            }
        }
    })
}

enum Done {
    All,
    /// The next value does not fit the engine's value type.
    Wider(u32),
    /// `progress` asked to stop.
    Stopped,
}

/// Runs the engine to heap `to`: on one thread, or (with `threads ≥ 2`) on one thread to [`PIPELINE_FROM`]
/// and then pipelined on two.
fn drive<T: Val>(
    e: &mut Engine<T>,
    to: u64,
    threads: usize,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Done {
    if threads < 2 || to <= PIPELINE_FROM {
        return run(e, to, progress);
    }
    match run(e, PIPELINE_FROM, progress) {
        Done::All => {}
        other => return other,
    }
    run_alternating(e, to, progress)
}

fn run<T: Val>(e: &mut Engine<T>, to: u64, progress: &mut dyn FnMut(u64) -> bool) -> Done {
    e.stride = 1;
    let mut next_rebuild = (e.g.len() as u64).next_power_of_two().max(FIRST_REBUILD);
    while (e.g.len() as u64) <= to {
        let n = e.g.len() as u64;
        if n == next_rebuild {
            e.rebuild();
            next_rebuild *= 2;
        }
        let v = e.next();
        if !e.push(v) {
            return Done::Wider(v);
        }
        if n & 0xffff == 0 && !progress(n) {
            return Done::Stopped;
        }
    }
    Done::All
}

/// The two-worker run starts at this heap (below it a heap's work is too small to hand over).
const PIPELINE_FROM: u64 = 1 << 12;

/// A value on a cache line of its own, so that a thread spinning on one never slows the other's writes to
/// another.
#[repr(align(128))]
struct Line<T>(T);

/// The address of the first worker's values, readable by the second worker below the start of its window.
struct Values(*const u8);

// SAFETY: the second worker only reads values that the first worker finished before publishing the window
// (Release/Acquire on `Shared::epoch`), and the first worker never writes or moves them afterwards.
unsafe impl Send for Values {}
// SAFETY: as above.
unsafe impl Sync for Values {}

/// What the two workers share. No locks: per heap, one cache line (the heap and its value) crosses over.
struct Shared {
    /// The first worker's values (`Engine::g` of the calling thread): at the start of a window `[s, t)`,
    /// `g[0..s]` are final, and they never move (the vector's capacity is reserved for the whole run before
    /// the second worker starts, and the first worker only pushes to it and reads it through shared slices
    /// during the run: nothing may take a mutable slice of it then).
    g: Values,
    /// The last heap of each parity found in the current window and its value, as `heap << 32 | value` (heaps
    /// are below `2^32`, values below `2^31`).
    slots: [Line<AtomicU64>; 2],
    /// The current window for the second worker (`epoch` counts windows; its start and end are written first).
    epoch: Line<AtomicU64>,
    start: AtomicU64,
    end: AtomicU64,
    /// The last window the second worker finished.
    done: Line<AtomicU64>,
    /// A worker found a value its type cannot hold: the heap and the value (the run stops and widens).
    abort: Line<AtomicBool>,
    abort_at: AtomicU64,
    abort_value: AtomicU64,
    stop: AtomicBool,
    /// The second worker is (about to be) parked and needs an unpark to see a new window.
    sleeping: AtomicBool,
}

/// Waits for heap `k`'s value from the other worker (`None` if the run was aborted first): does `idle` work while
/// it has some ([`Engine::prepare`]), then spins briefly, then yields.
fn wait_value(sh: &Shared, k: u64, idle: &mut dyn FnMut() -> bool) -> Option<u32> {
    let slot = &sh.slots[(k % 2) as usize].0;
    let mut spins = 0u32;
    loop {
        let x = slot.load(Acquire);
        if x >> 32 == k {
            return Some(x as u32);
        }
        if sh.abort.0.load(Relaxed) {
            return None;
        }
        if idle() {
            continue;
        }
        if spins < 4096 {
            std::hint::spin_loop();
            spins += 1;
        } else {
            std::thread::yield_now();
        }
    }
}

/// One worker's share of a window `[s, t)`: the heaps `k` in it with `k % 2 == parity`. For each (the worker
/// holding heaps up to `k - 2`): find heap `k` early ([`Engine::next_early`]), wait for heap `k - 1` from the
/// other worker, finish heap `k` ([`Engine::finish_early`]), hand it over. The other worker does the same for
/// the other parity at the same time, so each heap's early part (nearly all of its work) overlaps the other
/// worker's.
fn work<T: Val>(
    w: &mut Engine<T>,
    sh: &Shared,
    s: u64,
    t: u64,
    parity: u64,
    next_rebuild: &mut u64,
) -> bool {
    let mut k = if s % 2 == parity { s } else { s + 1 };
    w.stride = 2;
    while k < t {
        debug_assert!(w.g.len() as u64 + 1 == k || w.g.len() as u64 == k);
        let v = if w.g.len() as u64 + 1 == k {
            let early = w.next_early();
            let Some(last) = wait_value(sh, k - 1, &mut || w.prepare()) else {
                return false;
            };
            // The other worker held this value in the same type.
            assert!(w.push(last), "a value the other worker held fits");
            settle(w, next_rebuild);
            w.finish_early(early)
        } else {
            // The worker already has heap k - 1 (the first heap of a window).
            w.next()
        };
        if !w.push(v) {
            sh.abort_at.store(k, Relaxed);
            sh.abort_value.store(v as u64, Relaxed);
            sh.abort.0.store(true, Release);
            return false;
        }
        settle(w, next_rebuild);
        sh.slots[(k % 2) as usize]
            .0
            .store(k << 32 | v as u64, Release);
        k += 2;
    }
    true
}

/// Runs its closure when dropped during a panic (so that the other worker stops waiting).
struct OnUnwind<F: Fn()>(F);

impl<F: Fn()> Drop for OnUnwind<F> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            (self.0)();
        }
    }
}

/// Rebuilds the split when the values reach the next point of the doubling schedule of [`run`].
fn settle<T: Val>(w: &mut Engine<T>, next_rebuild: &mut u64) {
    if w.g.len() as u64 >= *next_rebuild {
        w.rebuild();
        while *next_rebuild <= w.g.len() as u64 {
            *next_rebuild *= 2;
        }
    }
}

/// The second worker: for each window, catches up with the first worker's values, then works its share.
fn second_worker<T: Val>(sh: &Shared, mut w: Engine<T>) {
    // Should this thread panic (a bug), the first worker must not wait for it forever.
    let _guard = OnUnwind(|| {
        sh.abort.0.store(true, SeqCst);
        sh.done.0.store(u64::MAX, SeqCst);
    });
    let mut last = 0;
    let mut next_rebuild = (w.g.len() as u64 + 1)
        .next_power_of_two()
        .max(FIRST_REBUILD);
    loop {
        // Spin, then yield, then sleep until the first worker posts a window (it wakes a sleeping worker).
        let mut tries = 0u32;
        while sh.epoch.0.load(Acquire) == last && !sh.stop.load(Acquire) {
            tries += 1;
            if tries < 4096 {
                std::hint::spin_loop();
            } else if tries < 8192 {
                std::thread::yield_now();
            } else {
                sh.sleeping.store(true, SeqCst);
                if sh.epoch.0.load(SeqCst) == last && !sh.stop.load(SeqCst) {
                    std::thread::park();
                }
                sh.sleeping.store(false, SeqCst);
            }
        }
        if sh.stop.load(Acquire) {
            return;
        }
        last = sh.epoch.0.load(Acquire);
        let (s, t) = (sh.start.load(Relaxed), sh.end.load(Relaxed));
        let base = sh.g.0 as *const T;
        while (w.g.len() as u64) < s {
            // SAFETY: g[0..s] were final before the window was posted (Release, read above with Acquire) and
            // are never written again nor moved (capacity reserved for the run).
            let v = unsafe { *base.add(w.g.len()) }.get() as u32;
            // The first worker held this value in the same type.
            assert!(w.push(v), "a value the first worker held fits");
            settle(&mut w, &mut next_rebuild);
        }
        work(&mut w, sh, s, t, (s + 1) % 2, &mut next_rebuild);
        sh.done.0.store(last, Release);
    }
}

/// Heaps `g.len()..=to` on two workers, in windows of [`WINDOW`] heaps: in a two-worker window the calling
/// thread finds every other heap and a second thread the heaps between ([`work`]); the windows alternate with
/// one-worker windows while [`Probe`] times them, and the faster mode is kept. The values never depend on the
/// timing: a heap found early is finished exactly, and the split each worker uses is its own.
fn run_alternating<T: Val>(
    e: &mut Engine<T>,
    to: u64,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Done {
    let start = e.g.len() as u64;
    if start > to {
        return Done::All;
    }
    // The second worker reads the values in place when it catches up: they must never move.
    e.g.reserve_exact((to + 2 - start) as usize);
    let sh = Shared {
        g: Values(e.g.as_ptr() as *const u8),
        slots: [Line(AtomicU64::new(0)), Line(AtomicU64::new(0))],
        epoch: Line(AtomicU64::new(0)),
        start: AtomicU64::new(0),
        end: AtomicU64::new(0),
        done: Line(AtomicU64::new(0)),
        abort: Line(AtomicBool::new(false)),
        abort_at: AtomicU64::new(0),
        abort_value: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        sleeping: AtomicBool::new(false),
    };
    let second = Engine::new(e.moves.clone(), e.g.clone(), e.hist.clone());
    std::thread::scope(|scope| {
        let second_thread = scope.spawn(|| second_worker(&sh, second));
        // Should this thread panic (a bug), the second worker must not wait for it forever.
        let _guard = OnUnwind(|| {
            sh.abort.0.store(true, SeqCst);
            sh.stop.store(true, SeqCst);
            second_thread.thread().unpark();
        });
        let mut next_rebuild = start.next_power_of_two().max(FIRST_REBUILD);
        let mut probe = Probe::new();
        let mut epoch = 0;
        let mut result = Done::All;
        while (e.g.len() as u64) <= to {
            let s = e.g.len() as u64;
            let t = ((s / WINDOW + 1) * WINDOW).min(to + 1);
            if probe.pipelined(s) && t - s >= 2 {
                epoch += 1;
                sh.start.store(s, Relaxed);
                sh.end.store(t, Relaxed);
                sh.epoch.0.store(epoch, SeqCst);
                if sh.sleeping.load(SeqCst) {
                    second_thread.thread().unpark();
                }
                let mut ok = work(e, &sh, s, t, s % 2, &mut next_rebuild);
                if ok && (e.g.len() as u64) < t {
                    // The window's last heap is the second worker's.
                    match wait_value(&sh, t - 1, &mut || false) {
                        Some(v) => {
                            ok = e.push(v);
                            settle(e, &mut next_rebuild);
                        }
                        None => ok = false,
                    }
                }
                // The second worker is done with the window (and with the values) before the next one (u64::MAX:
                // it panicked, and the scope passes the panic on).
                let mut spins = 0u32;
                while sh.done.0.load(Acquire) < epoch {
                    if spins < 4096 {
                        std::hint::spin_loop();
                        spins += 1;
                    } else {
                        std::thread::yield_now();
                    }
                }
                if !ok {
                    // A value too wide for T: every heap before it is in e (the worker that found it waited for
                    // the heap before, and the other one for it).
                    let at = sh.abort_at.load(Relaxed);
                    result = if e.g.len() as u64 == at {
                        Done::Wider(sh.abort_value.load(Relaxed) as u32)
                    } else {
                        run(e, to, progress)
                    };
                    break;
                }
            } else {
                e.stride = 1;
                while (e.g.len() as u64) < t {
                    let v = e.next();
                    if !e.push(v) {
                        result = Done::Wider(v);
                        break;
                    }
                    settle(e, &mut next_rebuild);
                }
                if let Done::Wider(_) = result {
                    break;
                }
            }
            if s / 0x10000 != t / 0x10000 && !progress(t) {
                result = Done::Stopped;
                break;
            }
        }
        sh.stop.store(true, SeqCst);
        second_thread.thread().unpark();
        result
    })
}

/// Chooses between one and two threads by timing windows of [`WINDOW`] heaps: one window with two threads, one
/// with one, then the faster for a while (14 windows, doubling while the same mode keeps winning), again and
/// again.
struct Probe {
    /// The current window, and the window where the next probe starts.
    window: u64,
    next_probe: u64,
    keep: u64,
    /// When the current window started, and at which heap.
    started: std::time::Instant,
    first: u64,
    /// Seconds per heap in the last probe window of each mode: `[one thread, two threads]` (per heap: a window
    /// can be partial, and a heap's work grows with its size).
    took: [f64; 2],
    /// The mode of the current window, and the mode the last probe chose.
    two: bool,
    chose: Option<bool>,
}

const WINDOW: u64 = if cfg!(test) { 1 << 9 } else { 1 << 12 };

/// Two workers are kept while their time per heap is below this multiple of one worker's.
const PREFER_TWO: f64 = 1.15;

impl Probe {
    fn new() -> Self {
        Probe {
            window: u64::MAX,
            next_probe: 0,
            keep: 14,
            started: std::time::Instant::now(),
            first: 0,
            took: [f64::INFINITY; 2],
            two: true,
            chose: None,
        }
    }

    /// Whether the window of heap `n` goes to two workers.
    fn pipelined(&mut self, n: u64) -> bool {
        if cfg!(test) {
            // Tests switch modes often, so that every hand-over between the modes is exercised.
            return !(n / 1500).is_multiple_of(3);
        }
        let w = n / WINDOW;
        if w == self.window {
            return self.two;
        }
        if self.window != u64::MAX {
            let per_heap =
                self.started.elapsed().as_secs_f64() / n.saturating_sub(self.first).max(1) as f64;
            if self.window == self.next_probe {
                self.took[1] = per_heap;
            } else if self.window == self.next_probe + 1 {
                self.took[0] = per_heap;
                // Two workers unless one is clearly faster: one window of each is a small sample on a shared
                // machine, and where two workers pay at all they pay by far more than this margin.
                let two = self.took[1] < PREFER_TWO * self.took[0];
                if self.chose == Some(two) {
                    self.keep = (self.keep * 2).min(1024);
                } else {
                    self.keep = 14;
                }
                self.chose = Some(two);
                self.next_probe = w + self.keep;
            } else if self.two && per_heap > 1.25 * self.took[0] {
                // Two threads have become clearly slower than one was (the other core got busy): probe now.
                self.next_probe = w;
                self.keep = 14;
            }
        } else {
            self.next_probe = w;
        }
        self.window = w;
        self.started = std::time::Instant::now();
        self.first = n;
        self.two = if w == self.next_probe {
            true
        } else if w == self.next_probe + 1 {
            false
        } else {
            self.chose.unwrap_or(false)
        };
        self.two
    }
}

fn finish<T: Val>(e: &Engine<T>, values: &mut Vec<Nimber>, to: u64) -> u64 {
    values.clear();
    values.extend(e.g.iter().take(to as usize + 1).map(|&v| v.get() as Nimber));
    e.mask
}

fn wide(name: &str, n: u64) -> Error {
    Error::limit(format!(
        "{name}: the nim-value of heap {n} does not fit the fast engine's 31-bit values"
    ))
}

/// Counts one more occurrence of `v`.
fn bump(hist: &mut Vec<u64>, v: u32) {
    let v = v as usize;
    if v >= hist.len() {
        hist.resize(v + 1, 0);
    }
    hist[v] += 1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::plain::code_sequence;

    fn both(code: &str, to: u64) -> (Vec<Nimber>, Vec<Nimber>) {
        let c = Code::parse(code).unwrap();
        let plain = code_sequence(&c, code, to, &mut |_| {}).unwrap();
        let mut fast = Vec::new();
        extend(&c, code, &mut fast, to, &mut |_| {}).unwrap();
        (plain, fast)
    }

    #[test]
    fn agrees_with_plain_on_named_games() {
        for code in [
            "0.77", "0.07", "0.137", "4!.0", "0.6", "0.007", "4.7", "4=.3", "0.4!", "0.4=", "0.3",
        ] {
            let (p, f) = both(code, 3000);
            assert_eq!(p, f, "{code}");
        }
    }

    #[test]
    fn resuming_gives_the_same_sequence() {
        let c = Code::parse("0.6").unwrap();
        let mut whole = Vec::new();
        extend(&c, "0.6", &mut whole, 5000, &mut |_| {}).unwrap();
        let mut part = whole[..1234].to_vec();
        extend(&c, "0.6", &mut part, 5000, &mut |_| {}).unwrap();
        assert_eq!(whole, part);
    }

    #[test]
    fn kayles_split_is_sensible_and_stats_are_right() {
        let c = Code::parse("0.77").unwrap();
        let mut v = Vec::new();
        let mask = extend(&c, "kayles", &mut v, 1000, &mut |_| {}).unwrap();
        let s = stats(&v, mask);
        // The only P-position of Kayles is the empty row: from a row of n ≥ 1 pins the first player knocks down
        // the middle one or two and then copies the opponent's moves on the other side.
        assert_eq!(s.p_positions, 1);
        assert_eq!(s.largest, *v.iter().max().unwrap());
        assert_eq!(v[s.largest_at as usize], s.largest);
        assert!(v[..s.largest_at as usize].iter().all(|&x| x < s.largest));
        assert_ne!(mask, 0);
        let rare: Vec<u64> = (1..=1000)
            .filter(|&n| is_rare(v[n as usize], mask))
            .collect();
        assert_eq!(s.rare_positions, rare.len() as u64);
        assert_eq!(s.last_rare, rare.last().copied());
    }

    #[test]
    fn the_scan_visits_every_block_once() {
        for blocks in 1..40 {
            let mut seen: Vec<usize> = (0..blocks).map(|t| scan_block(t, blocks)).collect();
            assert_eq!(seen[0], 0);
            assert_eq!(seen.get(1).copied(), (blocks > 1).then_some(blocks - 1));
            seen.sort_unstable();
            assert_eq!(seen, (0..blocks).collect::<Vec<_>>(), "{blocks} blocks");
        }
    }

    #[test]
    fn codes_it_does_not_cover_are_refused() {
        for code in ["0.F", "0.[7]", "0.{3}"] {
            let c = Code::parse(code).unwrap();
            let e = extend(&c, code, &mut Vec::new(), 10, &mut |_| {}).unwrap_err();
            assert!(e.message().contains("plain"), "{e}");
        }
    }
}

#[cfg(test)]
mod thread_tests {
    use super::*;
    use crate::heap::plain::code_sequence;
    use proptest::prelude::*;

    /// A value type that holds only values below `L`, so that tests reach the widening to `u32` early.
    #[derive(Clone, Copy, Default)]
    struct Tiny<const L: u32>(u16);

    impl<const L: u32> std::ops::BitXor for Tiny<L> {
        type Output = Tiny<L>;
        fn bitxor(self, o: Tiny<L>) -> Tiny<L> {
            Tiny(self.0 ^ o.0)
        }
    }

    impl<const L: u32> Val for Tiny<L> {
        const LIMIT: u32 = L;
        fn new(v: u32) -> Self {
            Tiny(v as u16)
        }
        fn get(self) -> usize {
            self.0 as usize
        }
    }

    /// The values of `code` to heap `to`, starting with values of type `Tiny<L>`.
    fn narrow<const L: u32>(code: &Code, name: &str, to: u64, threads: usize) -> Vec<Nimber> {
        let mut values = Vec::new();
        widening::<Tiny<L>>(
            moves_of(code),
            &[0],
            Vec::new(),
            name,
            &mut values,
            to,
            threads,
            &mut |_| true,
        )
        .unwrap();
        values
    }

    /// Values that outgrow the narrow type are widened mid-run (one thread and two), never wrapped.
    #[test]
    fn widening_mid_run_keeps_the_values() {
        // Officers and Treblecross pass 16 early (heap 60-odd and heap 40-odd), Grundy's game later.
        for (code, to) in [("0.6", 9_000), ("0.007", 9_000), ("4!.0", 9_000)] {
            let c = Code::parse(code).unwrap();
            let plain = code_sequence(&c, code, to, &mut |_| {}).unwrap();
            assert!(
                plain.iter().any(|&v| v >= 16),
                "{code} should need widening"
            );
            for threads in [1, 2] {
                let fast = narrow::<16>(&c, code, to, threads);
                assert_eq!(plain, fast, "{code} threads {threads}");
            }
        }
    }

    /// A value that outgrows the narrow type inside a two-worker window stops both workers and widens, keeping
    /// every value: found by the second worker (Officers reach 128 at heap 4178, in the window from 4097 whose
    /// odd heaps are the first worker's) and by the first (Treblecross reaches 256 at heap 9168, in the window
    /// from 8704 whose even heaps are the first worker's). Test windows are 512 heaps.
    #[test]
    fn widening_inside_a_two_worker_window() {
        fn check<const L: u32>(code: &str, to: u64, window: u64) {
            let c = Code::parse(code).unwrap();
            let plain = code_sequence(&c, code, to, &mut |_| {}).unwrap();
            let first = plain.iter().position(|&v| v >= L as u64).unwrap() as u64;
            let s = first / WINDOW * WINDOW;
            assert_eq!(s.max(PIPELINE_FROM + 1), window, "{code}: heap {first}");
            assert!(
                Probe::new().pipelined(window),
                "{code}: two workers at {window}"
            );
            assert_eq!(plain, narrow::<L>(&c, code, to, 2), "{code}");
        }
        check::<128>("0.6", 6_000, 4097);
        check::<256>("0.007", 9_500, 8704);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(12))]

        /// Random codes (taking and splitting digits, d0 = 4 or not) on two threads: the plain engine's values.
        #[test]
        fn two_threads_equal_plain_on_random_codes(
            d0 in any::<bool>(),
            digits in proptest::collection::vec(0u64..8, 1..5),
        ) {
            let text = format!("{}.{}", if d0 { 4 } else { 0 }, digits.iter().map(|d| d.to_string()).collect::<String>());
            let c = Code::parse(&text).unwrap();
            prop_assume!(covers(&c));
            let plain = code_sequence(&c, &text, 7_000, &mut |_| {}).unwrap();
            let mut fast = Vec::new();
            extend_with_threads(&c, &text, &mut fast, 7_000, 2, &mut |_| {}).unwrap();
            prop_assert_eq!(&plain, &fast, "{}", text);
            prop_assert_eq!(&plain, &speculative(&c, 7_000), "{} (early, then finished)", text);
        }
    }

    /// Heaps found early (before the previous heap's value is known) and finished after, one thread: the
    /// order of work of the two-worker run, checked against the plain engine.
    fn speculative(code: &Code, to: u64) -> Vec<Nimber> {
        let mut e = Engine::<u16>::new(moves_of(code), vec![0], Vec::new());
        // Heap 1 the ordinary way; then, with v = G(n - 1) found but not yet stored: find heap n early, store
        // v, finish heap n.
        let v = e.next();
        assert!(e.push(v));
        let mut v = e.next();
        let mut next_rebuild = FIRST_REBUILD;
        loop {
            let pending = ((e.g.len() as u64) < to).then(|| e.next_early());
            assert!(e.push(v));
            if e.g.len() as u64 == next_rebuild {
                e.rebuild();
                next_rebuild *= 2;
            }
            match pending {
                Some(early) => v = e.finish_early(early),
                None => break,
            }
        }
        e.g.iter().map(|&v| v.get() as Nimber).collect()
    }

    /// A batch holds the heaps it was made for whatever the runner asks: heaps asked in an order other than the
    /// batch's stride (here the stride changes every few heaps, and heaps are found early now and then) only
    /// start new batches, and a batch prepared ahead is used only when the run reaches it as planned.
    #[test]
    fn batches_hold_whatever_the_order_of_heaps() {
        for (code, to) in [
            ("0.6", 6_000),
            ("4!.0", 5_000),
            ("0.77", 3_000),
            ("0.16", 5_000),
        ] {
            let c = Code::parse(code).unwrap();
            let plain = code_sequence(&c, code, to, &mut |_| {}).unwrap();
            let mut e = Engine::<u16>::new(moves_of(&c), vec![0], Vec::new());
            let mut next_rebuild = FIRST_REBUILD;
            while (e.g.len() as u64) <= to {
                let n = e.g.len() as u64;
                e.stride = 1 + (n / 5) % 2;
                // Part of the next batch prepared now and then (used if the run gets there with the same
                // stride, dropped if not).
                for _ in 0..n % 3 {
                    e.prepare();
                }
                let v = if n >= 3 && n < to && n.is_multiple_of(7) {
                    // Heap n + 1 early (it joins the current batch or starts one), then heap n.
                    let early = e.next_early();
                    let v = e.next();
                    assert!(e.push(v));
                    let w = e.finish_early(early);
                    assert_eq!(
                        w as Nimber,
                        plain[n as usize + 1],
                        "{code}: heap {} early",
                        n + 1
                    );
                    w
                } else {
                    e.next()
                };
                assert!(e.push(v));
                if e.g.len() as u64 >= next_rebuild {
                    e.rebuild();
                    next_rebuild *= 2;
                }
            }
            let fast: Vec<Nimber> = e.g.iter().map(|&v| v.get() as Nimber).collect();
            assert_eq!(plain, fast[..plain.len()], "{code}");
        }
    }

    /// Two workers (from heap 4096 on), and heaps found early then finished on one thread, give the plain
    /// engine's values.
    #[test]
    fn two_workers_and_early_heaps_agree_with_plain() {
        for (code, to) in [
            ("0.6", 20_000),
            ("0.007", 12_000),
            ("4!.0", 12_000),
            ("0.137", 9_000),
            ("4.7", 9_000),
            ("0.4!", 9_000),
            ("0.77", 9_000),
            ("0.106", 9_000),
            ("4.07", 9_000),
        ] {
            let c = Code::parse(code).unwrap();
            let plain = code_sequence(&c, code, to, &mut |_| {}).unwrap();
            let mut fast = Vec::new();
            extend_with_threads(&c, code, &mut fast, to, 2, &mut |_| {}).unwrap();
            assert_eq!(plain, fast, "{code}: two workers");
            assert_eq!(plain, speculative(&c, to), "{code}: early, then finished");
        }
    }
}
