//! The single-worker engine: the state, the marking of the rare splits, the scan, one heap after another.

use super::*;

/// One digit of the code, as the engine uses it.
#[derive(Clone, Copy)]
pub(super) struct Move {
    pub(super) j: u64,
    pub(super) zero: bool,
    pub(super) one: bool,
    pub(super) two: Option<Constraint>,
}

/// The digits of a covered code that allow some move.
pub(super) fn moves_of(code: &Code) -> Vec<Move> {
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

/// The engine's state: values so far, the split, the rare positions, the marks of the current heap.
pub(super) struct Engine<T: Val> {
    /// The digits of the code that allow some move.
    pub(super) moves: Vec<Move>,
    /// The values of heaps `0..g.len()` (in memory, or in a mapped file: [`Store`]).
    pub(super) g: Store<T>,
    /// How often each value occurred, per parity of the heap ([`Hist`]).
    pub(super) hist: Hist,
    /// The parity `j0` of the two-heap digits when they share it ([`phase_of_moves`]): the split may then use
    /// the heap's parity.
    pub(super) phase: Option<u64>,
    /// The current split.
    pub(super) split: Split,
    /// The rare positions `a ≥ 1`, ascending, and their values (side by side, so the marking loop reads one
    /// scattered value per option instead of two).
    pub(super) rare: Vec<u32>,
    pub(super) rare_g: Vec<T>,
    /// The marks of the heaps of the current batch (in a heap's slot, `marks[v] == stamp` when value `v` is an
    /// option of the heap, `stamp` the batch's: no clearing per heap).
    pub(super) batch: Batch,
    /// The next batch, prepared while waiting for the other worker ([`Engine::prepare`]; its `heaps` is 0
    /// when it holds nothing).
    pub(super) spare: Batch,
    /// The last stamp given to a batch.
    pub(super) stamp: u32,
    /// The step between the heaps the runner asks for (1, or 2 when each of two workers finds every other heap),
    /// so that a batch holds the heaps that will be asked for.
    pub(super) stride: u64,
    /// Bit `v` set when the rare value `v` below the candidate is still to be reached (clear between heaps).
    pub(super) want: scan::Wanted,
    /// The processor has the fast kernels ([`scan::simd_available`]).
    pub(super) simd_cpu: bool,
    /// Every value is below 64 and so many positions are rare that looking at every split with the dense kernel
    /// costs less than marking the rare ones (see [`Engine::next_dense`]).
    pub(super) dense: bool,
    /// The common and the rare values below `cap` under the mask, as bit sets (bit `v` of word `v / 64`; at
    /// least one word): the classes for a heap whose classes the split does not swap (for the others, when the
    /// split uses the heap's parity, the other way round: [`Split::flips`]); and the values marked for the
    /// current heap.
    pub(super) common_bits: Vec<u64>,
    pub(super) rare_bits: Vec<u64>,
    pub(super) marked: Vec<u64>,
    /// Every value so far is below this power of two, and so is every nim-sum of two of them.
    pub(super) cap: usize,
    /// Split options `(m, smallest and largest smaller part)` of the current heap's full scan (reused buffer).
    pub(super) splits: Vec<(usize, usize, usize)>,
    /// Counting the work of each heap (`GRUNDY_PIPELINE_PROFILE` set: see [`super::pipeline::critical_path`]):
    /// `work` adds, per heap, the rare splits marked and the split options scanned; `per_heap` keeps each heap's
    /// (one-worker runs only).
    pub(super) count: bool,
    pub(super) work: u64,
    pub(super) per_heap: Vec<u32>,
}

impl<T: Val> Engine<T> {
    pub(super) fn new(moves: Vec<Move>, g: impl Into<Store<T>>, hist: Hist) -> Self {
        let phase = phase_of_moves(&moves);
        let mut e = Engine {
            moves,
            g: g.into(),
            hist,
            phase,
            split: Split::default(),
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
            count: std::env::var_os("GRUNDY_PIPELINE_PROFILE").is_some(),
            work: 0,
            per_heap: Vec::new(),
        };
        e.rebuild();
        e
    }

    pub(super) fn rebuild(&mut self) {
        self.split = choose_split(&self.hist, self.phase);
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
        let split = self.split;
        let mask = split.mask;
        let (words, cap) = (self.words(), self.cap);
        // The classes of the values under the mask: those of the heaps whose classes the split does not swap.
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
        // In chunks, so that a bounded store gives back what it read as it goes.
        self.rare.clear();
        self.rare_g.clear();
        let g = &self.g;
        for (k, chunk) in g.chunks(CHUNK).enumerate() {
            for (i, &v) in chunk.iter().enumerate() {
                let a = k * CHUNK + i;
                if a >= 1 && split.is_rare(a as u64, v.get() as u64) {
                    self.rare.push(a as u32);
                    self.rare_g.push(v);
                }
            }
            g.release_read(k * CHUNK + chunk.len());
        }
        self.dense = self.wants_dense();
    }

    /// Whether the dense kernel is the cheaper one: every value below 64 and at least one position in
    /// [`DENSE_RARE`] rare (marking costs about one step per rare position and two-heap digit, the dense kernel
    /// one step per 32 splits, and a heap has about `n / 2` splits per digit).
    pub(super) fn wants_dense(&self) -> bool {
        self.cap <= 64 && self.rare.len() * DENSE_RARE > self.g.len()
    }

    /// The value of heap `n = g.len()` from every option, the splits' nim-sums collected as a bit mask by the
    /// dense kernel (every value is below 64, so a mask holds them all).
    pub(super) fn next_dense(&self, early: bool) -> u32 {
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
    pub(super) fn options(
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
    pub(super) fn words(&self) -> usize {
        self.cap.div_ceil(64).max(1)
    }

    /// Appends the value `v` of heap `g.len()`; false when it does not fit `T` (the caller widens).
    pub(super) fn push(&mut self, v: u32) -> bool {
        if v >= T::LIMIT {
            return false;
        }
        let n = self.g.len();
        self.g.push(T::new(v));
        bump(&mut self.hist, n, v as usize);
        if v as usize >= self.cap {
            self.rebuild();
        } else if self.split.is_rare(n as u64, v as u64) {
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
    pub(super) fn mark_rare_splits(&self, n: u64, marks: &mut [u32], stamp: u32) {
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
}

impl<T: Val> Engine<T> {
    /// The value of heap `n = g.len()`.
    pub(super) fn next(&mut self) -> u32 {
        self.next_of(false)
    }

    /// The nim-value of heap `n = g.len() + 1` over its *early* options, those that do not read `G(n - 1)`
    /// (every option but the one-heap option of the digit `j = 1` and the split `1 + (n - 1)` of the digit
    /// `j = 0`): the speculative half of the two-worker run ([`run_alternating`]). See [`Engine::finish_early`].
    pub(super) fn next_early(&mut self) -> u32 {
        // From heap 3 on: `late_options` leaves out the equal split 1 + 1 of heap 2.
        assert!(self.g.len() >= 2, "heaps found early are at least 3");
        self.next_of(true)
    }

    /// The values of the *late* options of heap `n = g.len()` (those that read `G(n - 1)`).
    pub(super) fn late_options(&self) -> impl Iterator<Item = u32> + '_ {
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
    pub(super) fn finish_early(&mut self, early: u32) -> u32 {
        if self.late_options().any(|v| v == early) {
            self.next()
        } else {
            early
        }
    }

    pub(super) fn next_of(&mut self, early: bool) -> u32 {
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
    pub(super) fn next_marked(&mut self, marks: &mut [u32], stamp: u32, early: bool) -> u32 {
        let len = self.g.len();
        let n = len as u64 + early as u64;
        if self.count {
            // The rare splits of this heap (those a batch marked included): one per rare position below each
            // two-heap digit's m.
            for mv in &self.moves {
                if matches!(mv.two, Some(c) if c != Constraint::AllEqual) && mv.j + 2 <= n {
                    let m = (n - mv.j) as u32;
                    self.work += self.rare.partition_point(|&r| r < m) as u64;
                }
            }
        }
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
        // The smallest unmarked value common for heap n (cap when every such value below cap is marked).
        // (The mask's classes, swapped when the split uses the heap's parity and heap n's phase is odd.)
        let (common_bits, rare_bits) = if self.split.flips(n) {
            (&self.rare_bits, &self.common_bits)
        } else {
            (&self.common_bits, &self.rare_bits)
        };
        let c = common_bits
            .iter()
            .zip(&self.marked)
            .enumerate()
            .find_map(|(w, (&common, &m))| {
                let free = common & !m;
                (free != 0).then(|| w * 64 + free.trailing_zeros() as usize)
            })
            .unwrap_or(self.cap);
        // The values rare for heap n below c not yet reached.
        let last = (c / 64).min(self.marked.len() - 1);
        for (w, (&rare, &m)) in rare_bits
            .iter()
            .zip(&self.marked)
            .enumerate()
            .take(last + 1)
        {
            let mut x = rare & !m;
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
                self.g.note_cold(lo, m + 1 - hi);
                self.work += (hi - lo) as u64;
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

/// The dense kernel is used while at least one position in this many is rare (and every value is below 64).
pub(super) const DENSE_RARE: usize = 16;

/// Smaller parts per block of the scan.
pub(super) const SCAN_BLOCK: usize = 256;

/// The block scanned `t`-th among `blocks` blocks of smaller parts (block `i` holds `a` in
/// `1 + 256 i .. 1 + 256 (i + 1)`): 0, last, 1, last - 1, …, so each block once. Why alternate: a split whose
/// smaller part is small pairs a young heap's small value with a grown one, so the nim-sums near 0 (needed
/// wanted values, such as 0 itself: two equal values) come mostly from splits near the middle, where both parts
/// have grown; the bottom reaches the large values sooner. Officers (0.6) to 10^5: 273 million split options
/// looked at from the bottom up, 198 million in this order (to 10^6: 2.77 and about 2.0 billion).
pub(super) fn scan_block(t: usize, blocks: usize) -> usize {
    if t.is_multiple_of(2) {
        t / 2
    } else {
        blocks - 1 - t / 2
    }
}

/// How a run of the engine ended.
pub(super) enum Done {
    All,
    /// The next value does not fit the engine's value type.
    Wider(u32),
    /// `progress` asked to stop.
    Stopped,
}

pub(super) fn run<T: Val>(
    e: &mut Engine<T>,
    to: u64,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Done {
    e.stride = 1;
    let mut next_rebuild = (e.g.len() as u64).next_power_of_two().max(FIRST_REBUILD);
    while (e.g.len() as u64) <= to {
        let n = e.g.len() as u64;
        if n == next_rebuild {
            e.rebuild();
            next_rebuild *= 2;
        }
        let before = e.work;
        let v = e.next();
        if e.count {
            e.per_heap
                .push(u32::try_from(e.work - before).unwrap_or(u32::MAX));
        }
        if !e.push(v) {
            return Done::Wider(v);
        }
        if n & 0xffff == 0 && !progress(n) {
            return Done::Stopped;
        }
    }
    Done::All
}

/// Writes the engine's values of heaps `0..=to` into `values` and returns its split.
pub(super) fn finish<T: Val>(e: &Engine<T>, values: &mut Vec<Nimber>, to: u64) -> Split {
    values.clear();
    values.extend(e.g.iter().take(to as usize + 1).map(|&v| v.get() as Nimber));
    e.split
}
