//! The scan kernel of the sparse-space engine: which of a set of *wanted* values occur among the nim-sums
//! `xs[i] ⊕ ys[len - 1 - i]` of two runs of nim-values (the splits `a + (m - a)` of a heap, smaller parts
//! ascending in `xs`, larger parts descending in `ys`).
//!
//! **What it computes.** [`reach`] removes from a [`Wanted`] set every value it meets among the nim-sums and
//! returns true as soon as the set is empty (every wanted value reached; the rest of the run is not looked at).
//! Otherwise it returns false with every wanted value of the run removed.
//!
//! **Two implementations, one result.** [`reach_scalar`] looks at one nim-sum at a time. On x86-64 processors
//! with AVX-512 (F, BW and VBMI) the engine uses [`reach_simd`]: 32 nim-sums per step (reverse the 32 larger
//! parts with one permutation, XOR), and a membership test of all 32 at once in the set's table (byte `u / 8`
//! fetched by one two-register byte permutation per 1024 bits, then bit `u mod 8`, for the bucket
//! `u = v >> shift`: a 1024-bit table while the values are below 1024, 2048 bits above, exact while the values
//! are below 2048, buckets of 2 to 16 values above). Where the table is exact a hit is a wanted value (unless
//! another lane of the same step took it first) and is cleared without a branch per lane; in a bucket table
//! the value itself is checked. A step costs about ten instructions for 32 split options instead of about six
//! per option, and most steps find nothing (in a long scan the wanted values are few and rare). Both are
//! checked against each other on
//! random runs (tests below) and the engine against the plain one on whole sequences. The processor is asked
//! once per run ([`simd_available`]); elsewhere the scalar kernel is used and the values are the same.
//!
//! **Where the code is.** The scalar kernels and the types are here; the AVX-512 kernels and the dispatchers that
//! choose between the two ([`reach`], [`mark`], [`mark_batch`], [`nim_sums`], [`marked_bits`]) are in the
//! sparse engine's private module `raw.rs`, the one module of the crate allowed `unsafe` code (each `unsafe`
//! block there states its safety argument), and are re-exported here.

pub use super::raw::{mark, mark_batch, marked_bits, nim_sums, reach};
#[cfg(target_arch = "x86_64")]
pub use super::raw::{mark_simd, nim_sums_simd, reach_simd};

/// The fast kernels' table has this many bits (four 512-bit registers; two while the values are below 1024).
pub(super) const TABLE_BITS: usize = 2048;

/// The wanted values of a scan: an exact bit set over `0..cap`, a count, and a table of 2048 bits in
/// which bit `u` is set when some wanted value `v` has `v >> shift == u` (buckets of `2^shift` values, `shift`
/// the least that makes `cap` fit; 0, so the table is exact, while `cap <= 2048`).
#[derive(Debug, Clone)]
pub struct Wanted {
    pub(super) bits: Vec<u64>,
    pub(super) table: [u64; TABLE_BITS / 64],
    pub(super) shift: u32,
    /// 512-bit registers that hold the table's used part: 2 while `cap <= 1024`, else 4 (read by the AVX-512
    /// kernels only).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(super) tables: usize,
    pub(super) left: usize,
}

impl Wanted {
    /// An empty set for values below `cap` (a power of two).
    pub fn new(cap: usize) -> Self {
        let cap = cap.max(64);
        assert!(cap.is_power_of_two());
        Wanted {
            bits: vec![0; cap / 64],
            table: [0; TABLE_BITS / 64],
            shift: (cap.trailing_zeros()).saturating_sub(TABLE_BITS.trailing_zeros()),
            tables: if cap <= 1024 { 2 } else { 4 },
            left: 0,
        }
    }

    /// How many wanted values are left.
    pub fn left(&self) -> usize {
        self.left
    }

    /// Whether `v` (below the set's bound) is still wanted.
    pub fn contains(&self, v: usize) -> bool {
        self.bits[v / 64] >> (v % 64) & 1 != 0
    }

    /// Adds `v` (below the set's bound) to the wanted values (nothing if it is already wanted).
    pub fn insert(&mut self, v: usize) {
        if !self.contains(v) {
            self.bits[v / 64] |= 1 << (v % 64);
            let u = v >> self.shift;
            self.table[u / 64] |= 1 << (u % 64);
            self.left += 1;
        }
    }

    /// Inserts the values `64 * w + i` for the bits `i` of `x` (a word at a time: the table's words are the set's
    /// own while it is exact).
    pub fn insert_word(&mut self, w: usize, x: u64) {
        let new = x & !self.bits[w];
        if new == 0 {
            return;
        }
        self.bits[w] |= new;
        self.left += new.count_ones() as usize;
        if self.shift == 0 {
            self.table[w] |= new;
        } else {
            let mut y = new;
            while y != 0 {
                let u = (w * 64 + y.trailing_zeros() as usize) >> self.shift;
                self.table[u / 64] |= 1 << (u % 64);
                y &= y - 1;
            }
        }
    }

    /// Removes `v`; true when it was wanted. `Some(u)` in `emptied` when its bucket `u` became empty.
    #[inline]
    pub(super) fn take(&mut self, v: usize, emptied: &mut Option<usize>) -> bool {
        let (w, b) = (v / 64, v % 64);
        if self.bits[w] >> b & 1 == 0 {
            return false;
        }
        self.bits[w] &= !(1 << b);
        self.left -= 1;
        // The bucket's 2^shift bits, aligned: part of word w, or whole words from w on.
        let empty = if self.shift < 6 {
            let size = 1u32 << self.shift;
            let first = (b as u32) & !(size - 1);
            self.bits[w] & (((1u64 << size) - 1) << first) == 0
        } else {
            let words = 1usize << (self.shift - 6);
            let from = w & !(words - 1);
            self.bits[from..from + words].iter().all(|&x| x == 0)
        };
        if empty {
            let u = v >> self.shift;
            self.table[u / 64] &= !(1 << (u % 64));
            *emptied = Some(u);
        }
        true
    }

    /// Removes every value, smallest first, returning the smallest one that was there.
    pub fn drain(&mut self) -> Option<usize> {
        let mut first = None;
        for (w, word) in self.bits.iter_mut().enumerate() {
            if *word != 0 {
                first.get_or_insert(w * 64 + word.trailing_zeros() as usize);
                *word = 0;
            }
        }
        self.table = [0; TABLE_BITS / 64];
        self.left = 0;
        first
    }
}

/// Whether the fast kernels can run on this processor (AVX-512 F, BW and VBMI). The environment variable
/// `GRUNDY_SCALAR=1` forces the scalar kernels, so that tests can run both paths of the engines on any machine.
pub fn simd_available() -> bool {
    if std::env::var_os("GRUNDY_SCALAR").is_some_and(|v| v == "1") {
        return false;
    }
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512vbmi")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Removes from `want` the values met among the nim-sums `xs[i] ^ ys[len - 1 - i]`, one at a time (the
/// reference kernel, and the one used where the fast kernel is not); true as soon as none is left.
/// `nim_sum` gives the nim-sum of two stored values as an index.
#[inline(always)]
pub fn reach_scalar<T: Copy>(
    xs: &[T],
    ys: &[T],
    want: &mut Wanted,
    nim_sum: impl Fn(T, T) -> usize,
) -> bool {
    let mut emptied = None;
    for (x, y) in xs.iter().zip(ys.iter().rev()) {
        if want.take(nim_sum(*x, *y), &mut emptied) && want.left == 0 {
            return true;
        }
    }
    false
}

/// The scalar kernel for `u16` values (a function of its own, so that the hot loop keeps its few variables in
/// registers).
#[inline(never)]
pub fn reach_u16(xs: &[u16], ys: &[u16], want: &mut Wanted) -> bool {
    reach_scalar(xs, ys, want, |x, y| (x ^ y) as usize)
}

/// The splits `r + (m - r)` of a heap's part `m` in which `r` runs over rare positions: `rare`
/// ascending, their values `rare_g`, and the values `g` of every heap below `g.len()`. Every `r` must be in `1..m`
/// with `m - r < g.len()` (so the first, ascending, has the largest part) for the marks to be right.
pub struct Splits<'a, T> {
    /// The values of the heaps `0..g.len()`.
    pub g: &'a [T],
    /// The part that is split.
    pub m: usize,
    /// The rare positions, ascending, each in `1..m` with `m - r < g.len()`.
    pub rare: &'a [u32],
    /// Their values, side by side with `rare`.
    pub rare_g: &'a [T],
}

/// Marks: `marks[v] = stamp` for each value met, masked with `top` (a power of two less one, with
/// `marks.len() > top`; the engine's `cap - 1`, above every nim-sum).
pub struct Stamp<'a> {
    /// One mark per value (`marks.len() > top`).
    pub marks: &'a mut [u32],
    /// The mask applied to each nim-sum (a power of two less one).
    pub top: usize,
    /// The value written for each nim-sum met.
    pub stamp: u32,
}

/// The scalar marking loop (for any stored value type: `nim_sum` gives the nim-sum of two as an index).
#[inline(never)]
pub fn mark_scalar<T: Copy>(s: &Splits<T>, st: &mut Stamp, nim_sum: impl Fn(T, T) -> usize) {
    let marks = &mut st.marks[..=st.top];
    for (&r, &v) in s.rare.iter().zip(s.rare_g) {
        marks[nim_sum(v, s.g[s.m - r as usize]) & st.top] = st.stamp;
    }
}

/// Heaps per batch of [`mark_batch`] (one 16-lane scatter marks one split of each).
pub const BATCH: usize = 16;

/// The splits `r + (m_k - r)` of [`BATCH`] heaps at once, for rare positions `r` far enough below every heap
/// that every larger part is known: heap `k` of the batch splits its part `m_k = base + stride · k`, and
/// `rare[i]` (value `rare_g[i]`) pairs with the part `m_k - rare[i]`. For one `r` the larger parts of the 16
/// heaps lie side by side in `g` (every `stride`-th value from `g[base - r]`), so one load fetches them
/// instead of a gather per heap. Each `r` must satisfy `r < base` (so every part is at least 1) and
/// `base - r + 16 · stride <= g.len()` (every part read is known); with `unequal`, the split `r + r` is left out
/// (a digit whose two heaps must differ).
pub struct BatchSplits<'a, T> {
    /// The values of the heaps `0..g.len()`.
    pub g: &'a [T],
    /// The part split by the batch's first heap (heap `k` splits `base + stride · k`).
    pub base: usize,
    /// The step between the batch's heaps (1, or 2 on two workers).
    pub stride: usize,
    /// The rare positions marked, each with `r < base` and `base - r + 16 · stride <= g.len()` (any order).
    pub rare: &'a [u32],
    /// Their values, side by side with `rare`.
    pub rare_g: &'a [T],
    /// The two heaps must differ: the split `r + r` is left out.
    pub unequal: bool,
}

/// Marks of a batch: heap `k`'s marks are `marks[k * slot..(k + 1) * slot]`, the batch's stamp is `stamp`, and
/// each nim-sum is masked with `top < slot`.
pub struct BatchStamp<'a> {
    /// The marks of the batch's heaps, `slot` per heap (at least `BATCH * slot`).
    pub marks: &'a mut [u32],
    /// The marks per heap.
    pub slot: usize,
    /// The mask applied to each nim-sum (`top < slot`, a power of two less one).
    pub top: usize,
    /// The value written for each nim-sum met.
    pub stamp: u32,
}

/// The conditions of [`BatchSplits`] and [`BatchStamp`] (every `r`: the rare positions need not be sorted).
pub(super) fn batch_checks<T>(s: &BatchSplits<T>, st: &BatchStamp) {
    assert!(s.rare.len() == s.rare_g.len() && s.stride >= 1);
    assert!(st.top < st.slot && st.marks.len() >= BATCH * st.slot);
    for &r in s.rare {
        let r = r as usize;
        assert!(
            r < s.base && s.base - r + BATCH * s.stride <= s.g.len(),
            "part {r} of {} is outside the known values",
            s.base
        );
    }
}

/// The scalar batch marking loop (for any stored value type: `nim_sum` gives the nim-sum of two as an index).
#[inline(never)]
pub fn mark_batch_scalar<T: Copy>(
    s: &BatchSplits<T>,
    st: &mut BatchStamp,
    nim_sum: impl Fn(T, T) -> usize,
) {
    batch_checks(s, st);
    for k in 0..BATCH {
        let m = s.base + s.stride * k;
        let stamp = st.stamp;
        let marks = &mut st.marks[k * st.slot..k * st.slot + st.top + 1];
        for (&r, &v) in s.rare.iter().zip(s.rare_g) {
            if !(s.unequal && m == 2 * r as usize) {
                marks[nim_sum(v, s.g[m - r as usize]) & st.top] = stamp;
            }
        }
    }
}

/// The scalar dense kernel (for any stored value type: `nim_sum` gives the nim-sum of two as an index).
#[inline(always)]
pub fn nim_sums_scalar<T: Copy>(xs: &[T], ys: &[T], nim_sum: impl Fn(T, T) -> usize) -> u64 {
    let mut bits = 0u64;
    for (x, y) in xs.iter().zip(ys.iter().rev()) {
        bits |= 1 << (nim_sum(*x, *y) & 63);
    }
    bits
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The values reached and the result, by brute force.
    /// The values not reached, and whether every wanted value was reached (at once when none is wanted: the
    /// engine never scans then).
    fn reference(xs: &[u16], ys: &[u16], wanted: &[u16]) -> (Vec<u16>, bool) {
        let mut left: Vec<u16> = wanted.to_vec();
        if left.is_empty() {
            return (left, true);
        }
        for (x, y) in xs.iter().zip(ys.iter().rev()) {
            left.retain(|&w| w != x ^ y);
            if left.is_empty() {
                return (left, true);
            }
        }
        (left, false)
    }

    fn run(xs: &[u16], ys: &[u16], wanted: &[u16], cap: usize, simd: bool) -> (Vec<u16>, bool) {
        let mut want = Wanted::new(cap);
        for &w in wanted {
            want.insert(w as usize);
        }
        let done = if want.left() == 0 {
            true
        } else {
            reach(xs, ys, &mut want, simd)
        };
        let rest: Vec<u16> = (0..cap)
            .filter(|&v| want.contains(v))
            .map(|v| v as u16)
            .collect();
        assert_eq!(rest.len(), want.left(), "the count matches the set");
        // Every bucket with a wanted value is in the table, and no other.
        for u in 0..TABLE_BITS {
            let any = (u << want.shift..(u + 1) << want.shift).any(|v| v < cap && want.contains(v));
            assert_eq!(want.table[u / 64] >> (u % 64) & 1 != 0, any, "bucket {u}");
        }
        (rest, done)
    }

    #[test]
    fn finds_a_value_in_the_last_lane_and_in_the_tail() {
        // 70 splits: two full steps of 32 and a tail of 6. The wanted value 5 appears only at i = 63 (last lane of
        // the second step) and 9 only at i = 69 (the tail).
        let mut xs = vec![0u16; 70];
        let ys = vec![0u16; 70];
        xs[63] = 5;
        xs[69] = 9;
        for simd in [false, simd_available()] {
            assert_eq!(run(&xs, &ys, &[5, 9], 1024, simd), (vec![], true));
            assert_eq!(run(&[], &[], &[], 1024, simd), (vec![], true));
            assert_eq!(run(&[], &[], &[3], 1024, simd), (vec![3], false));
            assert_eq!(
                run(&xs, &ys, &[5, 9, 1000], 1024, simd),
                (vec![1000], false)
            );
            assert_eq!(
                run(&xs, &ys, &[5, 9, 4, 30000], 1 << 15, simd),
                (vec![4, 30000], false)
            );
        }
    }

    /// A batch whose larger parts would run past the known values is refused (never read out of bounds), by
    /// both kernels.
    #[test]
    fn batch_marking_refuses_unknown_parts() {
        let g = vec![1u16; 40];
        // The marks of one rare position r (value 1) for the 16 heaps of parts base..base + 16, or a panic.
        let batch = |base: usize, r: u32, simd: bool| {
            std::panic::catch_unwind(|| {
                let mut marks = vec![0u32; BATCH * 64];
                let splits = BatchSplits {
                    g: &g,
                    base,
                    stride: 1,
                    rare: &[r],
                    rare_g: &[1],
                    unequal: false,
                };
                let mut st = BatchStamp {
                    marks: &mut marks,
                    slot: 64,
                    top: 63,
                    stamp: 9,
                };
                mark_batch(&splits, &mut st, simd);
                marks
            })
        };
        for simd in [false, simd_available()] {
            // base - r + 16 = 41 > 40: the last heap's part would read g[40].
            assert!(batch(26, 1, simd).is_err(), "simd {simd}");
            // r = base: a part of 0.
            assert!(batch(20, 20, simd).is_err(), "simd {simd}");
            // In bounds (base - r + 16 = 40): accepted, and every heap marks 1 ^ 1 = 0.
            let marks = batch(25, 1, simd).expect("in bounds");
            assert!((0..BATCH).all(|k| marks[k * 64] == 9), "simd {simd}");
            assert_eq!(marks.iter().filter(|&&m| m == 9).count(), BATCH);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Both ways of turning stamped marks into a bit set agree with the definition.
        #[test]
        fn marked_bits_agree(marks in proptest::collection::vec(0u32..4, 64..=256)) {
            let words = marks.len() / 64;
            let expect: Vec<u64> = (0..words)
                .map(|w| (0..64).filter(|&i| marks[64 * w + i] == 2).fold(0, |b, i| b | 1 << i))
                .collect();
            for simd in [false, simd_available()] {
                let mut out = vec![0u64; words];
                marked_bits(&marks, 2, &mut out, simd);
                prop_assert_eq!(&out, &expect);
            }
        }

        /// The dense kernels give the set of nim-sums.
        #[test]
        fn dense_kernels_agree_with_brute_force(
            pairs in proptest::collection::vec((0u16..64, 0u16..64), 0..300),
            small in any::<bool>(),
        ) {
            let xs: Vec<u16> = pairs.iter().map(|p| if small { p.0 % 8 } else { p.0 }).collect();
            let ys: Vec<u16> = pairs.iter().map(|p| if small { p.1 % 8 } else { p.1 }).collect();
            let expect = xs.iter().zip(ys.iter().rev()).fold(0u64, |b, (x, y)| b | 1 << (x ^ y));
            prop_assert_eq!(nim_sums(&xs, &ys, false), expect);
            if simd_available() {
                prop_assert_eq!(nim_sums(&xs, &ys, true), expect);
            }
        }

        /// Both marking kernels mark exactly the nim-sums of the rare splits.
        #[test]
        fn marking_kernels_agree_with_brute_force(
            g in proptest::collection::vec(0u16..1024, 2..400),
            picks in proptest::collection::vec(any::<proptest::sample::Index>(), 0..100),
            extra in any::<bool>(),
        ) {
            // m = g.len() (the helper's case, all parts already known) or g.len() - 1.
            let m = if extra { g.len() } else { g.len() - 1 };
            prop_assume!(m >= 2);
            let mut rare: Vec<u32> = picks.iter().map(|i| 1 + i.index(m - 1) as u32).collect();
            rare.sort_unstable();
            rare.dedup();
            let rare_g: Vec<u16> = rare.iter().map(|&r| g[r as usize]).collect();
            let mut expect = vec![0u32; 1024];
            for &r in &rare {
                expect[(g[r as usize] ^ g[m - r as usize]) as usize] = 7;
            }
            for simd in [false, simd_available()] {
                let mut marks = vec![0u32; 1024];
                let splits = Splits { g: &g, m, rare: &rare, rare_g: &rare_g };
                mark(&splits, &mut Stamp { marks: &mut marks, top: 1023, stamp: 7 }, simd);
                prop_assert_eq!(&marks, &expect);
            }
        }

        /// Inserting a word at a time gives the same set as inserting value by value.
        #[test]
        fn insert_word_agrees_with_insert(
            values in proptest::collection::vec(0usize..1 << 15, 0..200),
            bits in 6u32..=15,
        ) {
            let cap = 1usize << bits;
            let (mut one, mut words) = (Wanted::new(cap), Wanted::new(cap));
            let mut by_word = vec![0u64; cap / 64];
            for &v in &values {
                let v = v % cap;
                one.insert(v);
                by_word[v / 64] |= 1 << (v % 64);
            }
            for (w, &x) in by_word.iter().enumerate() {
                words.insert_word(w, x);
                // Again: values already in are not counted twice.
                words.insert_word(w, x);
            }
            prop_assert_eq!(&one.bits, &words.bits);
            prop_assert_eq!(one.table, words.table);
            prop_assert_eq!(one.left, words.left);
        }

        /// Both batch marking kernels mark exactly the nim-sums of each heap's far rare splits.
        #[test]
        fn batch_kernels_agree_with_brute_force(
            g in proptest::collection::vec(0u16..1024, 40..300),
            picks in proptest::collection::vec(any::<proptest::sample::Index>(), 0..60),
            stride in 1usize..=2,
            unequal in any::<bool>(),
            small in any::<bool>(),
        ) {
            let g: Vec<u16> = g.iter().map(|&v| if small { v % 8 } else { v }).collect();
            // Parts from base to base + 15 * stride; every r with base - r + 16 * stride <= g.len() and r < base.
            let base = g.len() - 16 * stride;
            prop_assume!(base >= 2);
            let mut rare: Vec<u32> = picks.iter().map(|i| 1 + i.index(base - 1) as u32).collect();
            rare.sort_unstable();
            rare.dedup();
            let rare_g: Vec<u16> = rare.iter().map(|&r| g[r as usize]).collect();
            let slot = 1024;
            let mut expect = vec![0u32; BATCH * slot];
            for k in 0..BATCH {
                let m = base + stride * k;
                for &r in &rare {
                    if !(unequal && m == 2 * r as usize) {
                        expect[k * slot + (g[r as usize] ^ g[m - r as usize]) as usize] = 100;
                    }
                }
            }
            for simd in [false, simd_available()] {
                let mut marks = vec![0u32; BATCH * slot];
                let splits = BatchSplits { g: &g, base, stride, rare: &rare, rare_g: &rare_g, unequal };
                let mut st = BatchStamp { marks: &mut marks, slot, top: 1023, stamp: 100 };
                mark_batch(&splits, &mut st, simd);
                prop_assert_eq!(&marks, &expect);
            }
        }

        /// Both kernels clear exactly the wanted values a brute-force pass meets, and stop at the same point,
        /// with exact tables (values below 1024) and with buckets (values up to 2^15).
        #[test]
        fn kernels_agree_with_brute_force(
            pairs in proptest::collection::vec((0u16..1 << 15, 0u16..1 << 15), 0..300),
            wanted in proptest::collection::btree_set(0u16..1 << 15, 0..40),
            small in any::<bool>(),
            bits in 4u32..=15,
        ) {
            // Small values make repeated nim-sums (and several hits in one step) common.
            let cap = 1usize << bits;
            let shrink = |v: u16| if small { v % 16 } else { v % cap as u16 };
            let xs: Vec<u16> = pairs.iter().map(|p| shrink(p.0)).collect();
            let ys: Vec<u16> = pairs.iter().map(|p| shrink(p.1)).collect();
            let wanted: Vec<u16> = wanted.into_iter().map(shrink).collect::<std::collections::BTreeSet<_>>()
                .into_iter().collect();
            let expect = reference(&xs, &ys, &wanted);
            prop_assert_eq!(&run(&xs, &ys, &wanted, cap, false), &expect);
            if simd_available() {
                prop_assert_eq!(&run(&xs, &ys, &wanted, cap, true), &expect);
            }
        }
    }
}
