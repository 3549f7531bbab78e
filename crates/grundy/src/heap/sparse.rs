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
//! parts; Officers to 10^5: 198 million split options instead of 273 million from the bottom alone). The scan
//! tests each nim-sum against the wanted rare values only (a stamped array, no clearing per heap). Values are stored as `u16` while they fit in 15 bits and widened to `u32` in
//! the middle of a run when a value needs it (`u32` values above `2^31` are an error, never a wrapped number);
//! the rare positions are kept with their values side by side, so the marking loop reads one scattered value per
//! option.
//!
//! **Two cores.** Heap `n` needs the value of every smaller heap, so heaps are not computed side by side. But the
//! splits of heap `n + 1` for digits `j ≥ 1` have parts of at most `n - 1` heaps: with `--threads 2` a helper
//! thread marks heap `n + 1`'s splits with a rare part (under the current split) while the main thread finds heap
//! `n` (its one-heap options, the splits of `d0`, the mex and the scan). The helper's marks are used only when
//! they were made under the split the main thread still uses; otherwise the main thread marks them itself, so
//! the values never depend on the timing. A hand-over per heap costs about a microsecond when both threads run,
//! and far more when the other core is busy; the engine therefore times windows of 4096 heaps with and without
//! the helper and keeps the faster (probing again, less often while the same mode keeps winning). Where it does
//! not pay, and is not used: below heap 4096, and while there are fewer than 4096 rare positions (Kayles,
//! Officers: the helper's share of a heap would be small next to the hand-over). It pays on long runs of games
//! with many rare positions (Treblecross) when the other core is free; on a machine whose other core is busy the
//! probe keeps one thread.
//!
//! **Measured** (`benches/octal.sh`, the project machine shared with other jobs, so the figures move by tens of
//! percent between runs): against `ogsolve -m rc2` on one core, Officers 0.6 to 10^6 1.7–2.35× faster (grundy
//! 2.6–2.85 s, ogsolve 4.6–6.7 s from run to run; 1.3–1.5× before the scan alternated bottom and middle), Treblecross 0.007 to 2^18 1.8–2.3×, Kayles
//! 0.77 to 2·10^5 over 200× (it has nine rare positions); against the plain engine at 10^5 heaps 12× (Officers,
//! Grundy's game). The second thread did not pay on that loaded machine (the probe mostly kept one thread).
//! `grundy period 0.56` certifies its preperiod 326640 and period 144 in about half a second.

use super::code::{Code, Constraint};
use super::scan;
use crate::error::{Error, Result};
use crate::nimber::Nimber;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release, SeqCst};
use std::sync::atomic::{AtomicBool, AtomicU64};
use std::sync::Mutex;

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
    /// Marks with `stamp` the nim-sums of the splits `r + (m - r)` of the rare positions `r` (values `rare_g`),
    /// masked with `top` (see [`scan::mark`]). `simd`: the fast kernel may be used.
    /// The set of nim-sums `xs[i] ^ ys[len - 1 - i]` as a bit mask (every value below 64; see
    /// [`scan::nim_sums`]).
    #[inline(never)]
    fn nim_sums(xs: &[Self], ys: &[Self], simd: bool) -> u64 {
        let _ = simd;
        xs.iter()
            .zip(ys.iter().rev())
            .fold(0, |b, (&x, &y)| b | 1 << ((x ^ y).get() & 63))
    }
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn mark(
        g: &[Self],
        m: usize,
        rare: &[u32],
        rare_g: &[Self],
        marks: &mut [u32],
        top: usize,
        stamp: u32,
        simd: bool,
    ) {
        let _ = simd;
        let marks = &mut marks[..=top];
        let g = &g[..m];
        for (&r, &v) in rare.iter().zip(rare_g) {
            marks[(v ^ g[m - r as usize]).get() & top] = stamp;
        }
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
    fn mark(
        g: &[u16],
        m: usize,
        rare: &[u32],
        rare_g: &[u16],
        marks: &mut [u32],
        top: usize,
        stamp: u32,
        simd: bool,
    ) {
        scan::mark(g, m, rare, rare_g, marks, top, stamp, simd);
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
    moves: Vec<Move>,
    /// `(m offset j, unequal)` of the digits with a two-heap option other than `=`.
    g: Vec<T>,
    hist: Vec<u64>,
    mask: u64,
    /// The rare positions `a ≥ 1`, ascending, and their values (side by side, so the marking loop reads one
    /// scattered value per option instead of two).
    rare: Vec<u32>,
    rare_g: Vec<T>,
    /// `marks[v] == stamp` when value `v` is an option of the current heap (stamps: no clearing per heap).
    marks: Vec<u32>,
    /// Bit `v` set when the rare value `v` below the candidate is still to be reached (clear between heaps).
    want: scan::Wanted,
    /// The processor has the fast scan kernel, and (`simd`) every value so far is below its bound.
    simd_cpu: bool,
    simd: bool,
    /// Every value is below 64 and so many positions are rare that looking at every split with the dense kernel
    /// costs less than marking the rare ones (see [`Engine::next_dense`]).
    dense: bool,
    /// The common values `0..cap`, ascending, then `cap` itself as a sentinel.
    commons: Vec<u32>,
    /// The rare values `0..cap`, ascending.
    rares: Vec<u32>,
    /// Every value so far is below this power of two, and so is every nim-sum of two of them.
    cap: usize,
    /// Split options `(m, largest smaller part)` of the current heap's full scan (reused buffer).
    splits: Vec<(usize, usize)>,
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
            marks: Vec::new(),
            want: scan::Wanted::new(64),
            simd_cpu: scan::simd_available(),
            simd: false,
            dense: false,
            commons: Vec::new(),
            rares: Vec::new(),
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
        self.marks = vec![0; self.cap + 1];
        self.want = scan::Wanted::new(self.cap);
        self.simd = self.simd_cpu;
        let mask = self.mask;
        self.commons = (0..self.cap as u32)
            .filter(|&v| !is_rare(v as u64, mask))
            .chain([self.cap as u32])
            .collect();
        self.rares = (0..self.cap as u32)
            .filter(|&v| is_rare(v as u64, mask))
            .collect();
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
    fn next_dense(&self) -> u32 {
        let n = self.g.len() as u64;
        let g = &self.g[..];
        let mut bits = 0u64;
        for mv in &self.moves {
            if mv.j > n {
                break;
            }
            let m = n - mv.j;
            if m == 0 {
                if mv.zero {
                    bits |= 1;
                }
                continue;
            }
            if mv.j > 0 && mv.one {
                bits |= 1 << g[m as usize].get();
            }
            if m < 2 {
                continue;
            }
            let unequal = match mv.two {
                None => continue,
                Some(Constraint::AllEqual) => {
                    if m.is_multiple_of(2) {
                        bits |= 1;
                    }
                    continue;
                }
                Some(c) => c != Constraint::Any,
            };
            let (m, half) = (
                m as usize,
                if unequal { (m - 1) / 2 } else { m / 2 } as usize,
            );
            // The splits a + (m - a), a = 1..=half.
            bits |= T::nim_sums(&g[1..=half], &g[m - half..m], self.simd_cpu);
        }
        (!bits).trailing_zeros()
    }

    /// Takes the split `mask` (chosen by the main thread) and lists the rare positions under it.
    fn set_mask(&mut self, mask: u64) {
        self.mask = mask;
        self.rare = (1..self.g.len())
            .filter(|&a| is_rare(self.g[a].get() as u64, mask))
            .map(|a| a as u32)
            .collect();
        self.rare_g = self.rare.iter().map(|&a| self.g[a as usize]).collect();
    }

    /// Appends a value found by the main thread (the helper's copy of the sequence).
    fn push_known(&mut self, v: u32) {
        let n = self.g.len();
        self.g.push(T::new(v));
        if n >= 1 && is_rare(v as u64, self.mask) {
            self.rare.push(n as u32);
            self.rare_g.push(T::new(v));
        }
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

    /// The value of heap `n = g.len()` (at least 1), marking every option in the engine's own marks.
    fn next(&mut self) -> u32 {
        let mut marks = std::mem::take(&mut self.marks);
        let v = self.next_in(&mut marks, false);
        self.marks = marks;
        v
    }

    /// Marks with stamp `n` the values of the splits of heap `n` with a rare part, for the two-heap digits `j`
    /// with `j ≥ 1` (`later`) or `j = 0` (not `later`). Reads heaps below `n - j` only, so with `later` it
    /// needs no heap above `n - 2`: that is what lets a second thread mark heap `n + 1` while heap `n` is found.
    fn mark_rare_splits(&self, n: u64, marks: &mut [u32], later: bool) {
        let stamp = n as u32;
        let g = &self.g[..];
        for mv in &self.moves {
            if (mv.j >= 1) != later || mv.j + 2 > n {
                continue;
            }
            let unequal = match mv.two {
                None | Some(Constraint::AllEqual) => continue,
                Some(c) => c != Constraint::Any,
            };
            // Every split with a rare part: the rare positions r < m (r and m - r both run over all splits).
            let m32 = (n - mv.j) as u32;
            let hi = self.rare.partition_point(|&r| r < m32);
            let (rare, rare_g) = (&self.rare[..hi], &self.rare_g[..hi]);
            let skip = if unequal && m32.is_multiple_of(2) {
                rare.binary_search(&(m32 / 2)).ok()
            } else {
                None
            };
            let m = m32 as usize;
            // Every nim-sum is below `cap`, a power of two.
            let top = self.cap - 1;
            let mut mark_range = |lo: usize, hi: usize| {
                T::mark(
                    g,
                    m,
                    &rare[lo..hi],
                    &rare_g[lo..hi],
                    marks,
                    top,
                    stamp,
                    self.simd_cpu,
                );
            };
            match skip {
                Some(k) => {
                    mark_range(0, k);
                    mark_range(k + 1, hi);
                }
                None => mark_range(0, hi),
            }
        }
    }

    /// The value of heap `n = g.len()`, with `marks` (stamped `n`); when `premarked`, the rare splits of the
    /// digits `j ≥ 1` are already marked there (by the helper thread).
    fn next_in(&mut self, marks: &mut [u32], premarked: bool) -> u32 {
        if self.dense {
            return self.next_dense();
        }
        let n = self.g.len() as u64;
        let stamp = n as u32;
        if !premarked {
            self.mark_rare_splits(n, marks, true);
        }
        self.mark_rare_splits(n, marks, false);
        let g = &self.g[..];
        self.splits.clear();
        for mv in &self.moves {
            if mv.j > n {
                break;
            }
            let m = n - mv.j;
            if m == 0 {
                if mv.zero {
                    marks[0] = stamp;
                }
                continue;
            }
            if mv.j > 0 && mv.one {
                marks[g[m as usize].get()] = stamp;
            }
            if m < 2 {
                continue;
            }
            let unequal = match mv.two {
                None => continue,
                Some(Constraint::AllEqual) => {
                    if m.is_multiple_of(2) {
                        marks[0] = stamp;
                    }
                    continue;
                }
                Some(c) => c != Constraint::Any,
            };
            let half = if unequal { (m - 1) / 2 } else { m / 2 };
            self.splits.push((m as usize, half as usize));
        }
        // The smallest unmarked common value (cap, the sentinel, when every common value below cap is marked).
        let c = *self
            .commons
            .iter()
            .find(|&&v| v as usize == self.cap || marks[v as usize] != stamp)
            .expect("the sentinel ends the list");
        // The rare values below c not yet reached.
        for &w in self.rares.iter().take_while(|&&w| w < c) {
            if marks[w as usize] != stamp {
                self.want.insert(w as usize);
            }
        }
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
            .map(|s| s.1.div_ceil(SCAN_BLOCK))
            .max()
            .unwrap_or(0);
        for t in 0..most {
            for &(m, half) in &self.splits {
                let blocks = half.div_ceil(SCAN_BLOCK);
                if t >= blocks {
                    continue;
                }
                let lo = 1 + scan_block(t, blocks) * SCAN_BLOCK;
                let hi = (lo + SCAN_BLOCK).min(half + 1);
                if T::reach(&g[lo..hi], &g[m + 1 - hi..=m - lo], want, self.simd) {
                    return c;
                }
            }
        }
        // Every option is seen: the mex is the smallest wanted value not reached. Clear the rest for the next
        // heap.
        want.drain().expect("a rare value below c is unreached") as u32
    }
}

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
    let t = code.max_removed().expect("covered codes are finite");
    let moves: Vec<Move> = (0..=t)
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
        .collect();
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
        }
    };
    progress(to);
    Ok(mask)
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
    progress: &mut dyn FnMut(u64),
) -> Result<u64> {
    let g = prefix.iter().map(|&v| N::new(v)).collect();
    let mut e = Engine::<N>::new(moves.clone(), g, hist);
    Ok(match drive(&mut e, to, threads, progress) {
        Done::All => finish(&e, values, to),
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
            }
        }
    })
}

enum Done {
    All,
    /// The next value does not fit the engine's value type.
    Wider(u32),
}

/// Runs the engine to heap `to`: on one thread, or (with `threads ≥ 2`) on one thread to [`PIPELINE_FROM`]
/// and then pipelined on two.
fn drive<T: Val>(
    e: &mut Engine<T>,
    to: u64,
    threads: usize,
    progress: &mut dyn FnMut(u64),
) -> Done {
    if threads < 2 || to <= PIPELINE_FROM {
        return run(e, to, progress);
    }
    if let Done::Wider(v) = run(e, PIPELINE_FROM, progress) {
        return Done::Wider(v);
    }
    run_pipelined(e, to, progress)
}

fn run<T: Val>(e: &mut Engine<T>, to: u64, progress: &mut dyn FnMut(u64)) -> Done {
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
        if n & 0xffff == 0 {
            progress(n);
        }
    }
    Done::All
}

/// The helper is used only while there are at least this many rare positions: with fewer, its share of a heap
/// (one XOR per rare position and digit) is smaller than the hand-over.
const HELPER_MIN_RARE: usize = 1024;
/// The pipeline starts at this heap (below it a heap's work is too small to hand over).
const PIPELINE_FROM: u64 = 1 << 12;

/// What the main thread and the helper share.
struct Shared {
    /// Values found by the main thread and not yet taken by the helper (handed over with each job).
    outbox: Mutex<Vec<u32>>,
    /// The heap whose rare splits (digits `j ≥ 1`) the helper is to mark next, its split mask, and the size the
    /// marks must have.
    job: AtomicU64,
    mask: AtomicU64,
    len: AtomicU64,
    /// The last heap the helper finished.
    done: AtomicU64,
    stop: AtomicBool,
    /// The helper is (about to be) parked and needs an unpark to see a new job.
    sleeping: AtomicBool,
    /// Marks of heaps `n` with `n % 2 == 0` and `n % 2 == 1`: the helper fills the one of heap `n + 1` while the
    /// main thread finishes heap `n` in the other.
    bufs: [Mutex<Vec<u32>>; 2],
}

/// Spins briefly, then yields, until `f` holds.
fn wait_for(f: impl Fn() -> bool) {
    let mut spins = 0u32;
    while !f() {
        if spins < 512 {
            std::hint::spin_loop();
            spins += 1;
        } else {
            std::thread::yield_now();
        }
    }
}

/// The helper thread: for each job `k`, copies the new values, follows the mask, marks heap `k`'s rare splits
/// of the digits `j ≥ 1` (they read heaps up to `k - 2` only).
fn helper<T: Val>(sh: &Shared, mut h: Engine<T>) {
    let mut last = 0;
    loop {
        // Spin, then yield, then sleep until the main thread posts a job (it wakes a sleeping helper).
        let mut tries = 0u32;
        while sh.job.load(Acquire) == last && !sh.stop.load(Acquire) {
            tries += 1;
            if tries < 512 {
                std::hint::spin_loop();
            } else if tries < 1024 {
                std::thread::yield_now();
            } else {
                sh.sleeping.store(true, SeqCst);
                if sh.job.load(SeqCst) == last && !sh.stop.load(SeqCst) {
                    std::thread::park();
                }
                sh.sleeping.store(false, SeqCst);
            }
        }
        if sh.stop.load(Acquire) {
            return;
        }
        let k = sh.job.load(Acquire);
        last = k;
        let mask = sh.mask.load(Relaxed);
        for v in sh
            .outbox
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .drain(..)
        {
            h.push_known(v);
        }
        debug_assert!(h.g.len() as u64 + 1 >= k);
        if h.mask != mask {
            h.set_mask(mask);
        }
        {
            let mut buf = sh.bufs[(k % 2) as usize]
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            let len = sh.len.load(Relaxed) as usize;
            if buf.len() < len {
                buf.resize(len, 0);
            }
            // The main thread's bound on the values (the marking masks its indices with it).
            h.cap = len - 1;
            h.mark_rare_splits(k, &mut buf, true);
        }
        sh.done.store(k, Release);
    }
}

/// Heaps `g.len()..=to` on two threads: while the main thread finds heap `n` (its one-heap options, the splits
/// of `d0`, the mex and the scan for rare values), the helper marks heap `n + 1`'s splits with a rare part. A
/// helper's marks count only when they were made under the split the main thread still uses; otherwise the
/// main thread marks them itself, so the values never depend on the timing.
fn run_pipelined<T: Val>(e: &mut Engine<T>, to: u64, progress: &mut dyn FnMut(u64)) -> Done {
    let start = e.g.len() as u64;
    let sh = Shared {
        outbox: Mutex::new(Vec::new()),
        job: AtomicU64::new(0),
        mask: AtomicU64::new(e.mask),
        len: AtomicU64::new(e.cap as u64 + 1),
        done: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        sleeping: AtomicBool::new(false),
        bufs: [
            Mutex::new(vec![0; e.cap + 1]),
            Mutex::new(vec![0; e.cap + 1]),
        ],
    };
    let mut h = Engine::new(e.moves.clone(), e.g.clone(), Vec::new());
    h.set_mask(e.mask);
    std::thread::scope(|scope| {
        let helper_thread = scope.spawn(|| helper(&sh, h));
        let wake = || {
            if sh.sleeping.load(SeqCst) {
                helper_thread.thread().unpark();
            }
        };
        let mut next_rebuild = start.next_power_of_two().max(FIRST_REBUILD);
        // The heap and mask of the last job posted for each parity.
        let mut posted: [Option<(u64, u64)>; 2] = [None, None];
        let mut result = Done::All;
        // The two threads are compared with one in windows of heaps (a probe of each, then the faster for a
        // while): on a machine whose other core is busy the hand-over per heap costs more than it saves. The
        // timing only chooses who marks; the values are the same either way.
        let mut probe = Probe::new();
        // How many values the helper has (or has been sent).
        let mut h_len = start as usize;
        while (e.g.len() as u64) <= to {
            let n = e.g.len() as u64;
            let job = posted[(n % 2) as usize].filter(|&(k, _)| k == n);
            if job.is_some() {
                wait_for(|| sh.done.load(Acquire) >= n);
            }
            if n == next_rebuild {
                e.rebuild();
                next_rebuild *= 2;
            }
            let premarked = job.is_some_and(|(_, m)| m == e.mask);
            if n < to
                && !e.dense
                && (cfg!(test) || e.rare.len() >= HELPER_MIN_RARE)
                && probe.pipelined(n)
            {
                sh.outbox
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .extend(e.g[h_len..].iter().map(|&x| x.get() as u32));
                h_len = e.g.len();
                sh.mask.store(e.mask, Relaxed);
                sh.len.store(e.cap as u64 + 1, Relaxed);
                posted[((n + 1) % 2) as usize] = Some((n + 1, e.mask));
                sh.job.store(n + 1, SeqCst);
                wake();
            }
            let v = {
                let mut buf = sh.bufs[(n % 2) as usize]
                    .lock()
                    .unwrap_or_else(|p| p.into_inner());
                if buf.len() < e.cap + 1 {
                    buf.resize(e.cap + 1, 0);
                }
                e.next_in(&mut buf, premarked)
            };
            if !e.push(v) {
                result = Done::Wider(v);
                break;
            }
            if n & 0xffff == 0 {
                progress(n);
            }
        }
        sh.stop.store(true, SeqCst);
        helper_thread.thread().unpark();
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
    started: std::time::Instant,
    /// Seconds taken by the last probe window of each mode: `[one thread, two threads]`.
    took: [f64; 2],
    /// The mode of the current window, and the mode the last probe chose.
    two: bool,
    chose: Option<bool>,
}

const WINDOW: u64 = 1 << 12;

impl Probe {
    fn new() -> Self {
        Probe {
            window: u64::MAX,
            next_probe: 0,
            keep: 14,
            started: std::time::Instant::now(),
            took: [f64::INFINITY; 2],
            two: true,
            chose: None,
        }
    }

    /// Whether heap `n + 1`'s marks go to the helper.
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
            if self.window == self.next_probe {
                self.took[1] = self.started.elapsed().as_secs_f64();
            } else if self.window == self.next_probe + 1 {
                self.took[0] = self.started.elapsed().as_secs_f64();
                let two = self.took[1] < self.took[0];
                if self.chose == Some(two) {
                    self.keep = (self.keep * 2).min(1024);
                } else {
                    self.keep = 14;
                }
                self.chose = Some(two);
                self.next_probe = w + self.keep;
            } else if self.two && self.started.elapsed().as_secs_f64() > 1.25 * self.took[0] {
                // Two threads have become clearly slower than one was (the other core got busy): probe now.
                self.next_probe = w;
                self.keep = 14;
            }
        } else {
            self.next_probe = w;
        }
        self.window = w;
        self.started = std::time::Instant::now();
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

    /// A value type that holds only values below 16, so that tests reach the widening to `u32` early.
    #[derive(Clone, Copy, Default)]
    struct Tiny(u16);

    impl std::ops::BitXor for Tiny {
        type Output = Tiny;
        fn bitxor(self, o: Tiny) -> Tiny {
            Tiny(self.0 ^ o.0)
        }
    }

    impl Val for Tiny {
        const LIMIT: u32 = 16;
        fn new(v: u32) -> Self {
            Tiny(v as u16)
        }
        fn get(self) -> usize {
            self.0 as usize
        }
    }

    fn moves_of(code: &Code) -> Vec<Move> {
        (0..=code.max_removed().unwrap())
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
                let mut fast = Vec::new();
                widening::<Tiny>(
                    moves_of(&c),
                    &[0],
                    Vec::new(),
                    code,
                    &mut fast,
                    to,
                    threads,
                    &mut |_| {},
                )
                .unwrap();
                assert_eq!(plain, fast, "{code} threads {threads}");
            }
        }
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
            prop_assert_eq!(plain, fast, "{}", text);
        }
    }

    /// The pipelined run (two threads, from heap 4096 on) gives the plain engine's values.
    #[test]
    fn two_threads_agree_with_plain() {
        for (code, to) in [
            ("0.6", 20_000),
            ("0.007", 12_000),
            ("4!.0", 12_000),
            ("0.137", 9_000),
            ("4.7", 9_000),
            ("0.4!", 9_000),
            ("0.77", 9_000),
        ] {
            let c = Code::parse(code).unwrap();
            let plain = code_sequence(&c, code, to, &mut |_| {}).unwrap();
            let mut fast = Vec::new();
            extend_with_threads(&c, code, &mut fast, to, 2, &mut |_| {}).unwrap();
            assert_eq!(plain, fast, "{code}");
        }
    }
}
