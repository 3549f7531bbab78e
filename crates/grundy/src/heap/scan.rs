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

/// The fast kernels' table has this many bits (four 512-bit registers; two while the values are below 1024).
const TABLE_BITS: usize = 2048;

/// The wanted values of a scan: an exact bit set over `0..cap`, a count, and a table of 2048 bits in
/// which bit `u` is set when some wanted value `v` has `v >> shift == u` (buckets of `2^shift` values, `shift`
/// the least that makes `cap` fit; 0, so the table is exact, while `cap <= 2048`).
#[derive(Debug, Clone)]
pub struct Wanted {
    bits: Vec<u64>,
    table: [u64; TABLE_BITS / 64],
    shift: u32,
    /// 512-bit registers that hold the table's used part: 2 while `cap <= 1024`, else 4 (read by the AVX-512
    /// kernels only).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    tables: usize,
    left: usize,
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

    pub fn contains(&self, v: usize) -> bool {
        self.bits[v / 64] >> (v % 64) & 1 != 0
    }

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
    fn take(&mut self, v: usize, emptied: &mut Option<usize>) -> bool {
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

/// [`reach_scalar`] for `u16` values below the set's bound, 32 nim-sums per step when the processor has AVX-512
/// (`simd` from [`simd_available`]).
#[inline]
pub fn reach(xs: &[u16], ys: &[u16], want: &mut Wanted, simd: bool) -> bool {
    #[cfg(target_arch = "x86_64")]
    if simd {
        // SAFETY: `simd` comes from `simd_available`, so the processor has the features the kernel is compiled
        // for; the kernel checks its own bounds.
        return unsafe { reach_simd(xs, ys, want) };
    }
    let _ = simd;
    reach_u16(xs, ys, want)
}

/// The scalar kernel for `u16` values (a function of its own, so that the hot loop keeps its few variables in
/// registers).
#[inline(never)]
pub fn reach_u16(xs: &[u16], ys: &[u16], want: &mut Wanted) -> bool {
    reach_scalar(xs, ys, want, |x, y| (x ^ y) as usize)
}

/// The two runs cut to the same length `len` (the first `len` of `xs`, the last `len` of `ys`, so that the
/// pairs are the same).
#[cfg(target_arch = "x86_64")]
fn paired<'a>(xs: &'a [u16], ys: &'a [u16]) -> (&'a [u16], &'a [u16], usize) {
    let len = xs.len().min(ys.len());
    (&xs[..len], &ys[ys.len() - len..], len)
}

/// The 32 nim-sums `xs[i + k] ^ ys[len - 1 - i - k]`, `k = 0..32` (the larger parts reversed by one
/// permutation). Panics unless `i + 32 <= len` for runs of equal length `len`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn nim_sums32(xs: &[u16], ys: &[u16], i: usize) -> std::arch::x86_64::__m512i {
    use std::arch::x86_64::*;
    let len = xs.len();
    let (x, y) = (&xs[i..i + 32], &ys[len - 32 - i..len - i]);
    // Lane k of the reversed vector takes lane 31 - k.
    let rev = _mm512_set_epi16(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31,
    );
    // SAFETY: both slices hold exactly 32 values (64 bytes), read unaligned.
    let (x, y) = unsafe {
        (
            _mm512_loadu_si512(x.as_ptr() as *const __m512i),
            _mm512_loadu_si512(y.as_ptr() as *const __m512i),
        )
    };
    _mm512_xor_si512(x, _mm512_permutexvar_epi16(rev, y))
}

/// The AVX-512 kernel. Every value in `xs` and `ys` must be below the set's bound (a larger one would read
/// the wrong table bit and be missed: the engine sizes the set from the largest value).
///
/// # Safety
/// The processor must have AVX-512 F, BW and VBMI.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
pub unsafe fn reach_simd(xs: &[u16], ys: &[u16], want: &mut Wanted) -> bool {
    // SAFETY: the same features.
    unsafe {
        if want.tables == 2 {
            reach_simd_with::<2>(xs, ys, want)
        } else {
            reach_simd_with::<4>(xs, ys, want)
        }
    }
}

/// [`reach_simd`] with the table in `R` registers (2: 1024 bits, 4: 2048 bits; the set's `tables`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
unsafe fn reach_simd_with<const R: usize>(xs: &[u16], ys: &[u16], want: &mut Wanted) -> bool {
    use std::arch::x86_64::*;
    let (xs, ys, len) = paired(xs, ys);
    let low_byte = _mm512_set1_epi16(0xff);
    let low3 = _mm512_set1_epi16(7);
    let one = _mm512_set1_epi16(1);
    let high_bit = _mm512_set1_epi8(-128);
    let shift = _mm_cvtsi32_si128(want.shift as i32);
    // SAFETY: the table is 32 words; R registers read its first 8 R words, unaligned.
    let mut t: [__m512i; R] = std::array::from_fn(|r| unsafe {
        _mm512_loadu_si512(want.table.as_ptr().add(8 * r) as *const __m512i)
    });
    // Bit u of the table for each 16-bit lane u (below 512 R), in bit 0 of the lane: byte u / 8 (the index is
    // in the low byte of each lane, one permutation per 128 bytes, the two halves of a 2048-bit table chosen by
    // the byte index's top bit; the high byte's lookup is masked off), then its bit u % 8.
    let lookup = |t: &[__m512i; R], u: __m512i| -> __m512i {
        let idx = _mm512_srli_epi16::<3>(u);
        let mut byte = _mm512_permutex2var_epi8(t[0], idx, t[1]);
        if R == 4 {
            let upper = _mm512_permutex2var_epi8(t[2], idx, t[3]);
            byte = _mm512_mask_blend_epi8(_mm512_test_epi8_mask(idx, high_bit), byte, upper);
        }
        _mm512_srlv_epi16(_mm512_and_si512(byte, low_byte), _mm512_and_si512(u, low3))
    };
    // Clears bit u of the table registers (branch-free: every register gets an AND-NOT, all but one with
    // nothing).
    let clear = |t: &mut [__m512i; R], u: usize| {
        let (byte, bit) = (u >> 3, 1i8 << (u & 7));
        for (r, reg) in t.iter_mut().enumerate() {
            let here = if byte >> 6 == r {
                1u64 << (byte & 63)
            } else {
                0
            };
            *reg = _mm512_andnot_si512(_mm512_maskz_set1_epi8(here, bit), *reg);
        }
    };
    let mut i = 0;
    if want.shift == 0 {
        // The table is the set itself: a hit is a wanted value, unless an earlier lane of the same step took
        // it. No branch per lane: each hit clears its bit in the set and in the table registers (clearing a
        // clear bit changes nothing) and counts only if the bit was set.
        while i + 32 <= len {
            let v = nim_sums32(xs, ys, i);
            let mut hit = _mm512_test_epi16_mask(lookup(&t, v), one);
            if hit != 0 {
                while hit != 0 {
                    let k = hit.trailing_zeros() as usize;
                    hit &= hit - 1;
                    let u = (xs[i + k] ^ ys[len - 1 - i - k]) as usize & (512 * R - 1);
                    let (w, b) = (u / 64, 1u64 << (u % 64));
                    let word = &mut want.bits[w];
                    want.left -= (*word & b != 0) as usize;
                    *word &= !b;
                    clear(&mut t, u);
                }
                if want.left == 0 {
                    break;
                }
            }
            i += 32;
        }
        // The set is the table: store the registers back.
        for (r, reg) in t.iter().enumerate() {
            // SAFETY: the table is 32 words, written unaligned.
            unsafe {
                _mm512_storeu_si512(want.table.as_mut_ptr().add(8 * r) as *mut __m512i, *reg)
            };
        }
        if want.left == 0 {
            return true;
        }
        return reach_u16(&xs[i..], &ys[..len - i], want);
    }
    while i + 32 <= len {
        // The bucket u = v >> shift of each nim-sum (below 512 R), looked up in the table.
        let u = _mm512_srl_epi16(nim_sums32(xs, ys, i), shift);
        let mut hit = _mm512_test_epi16_mask(lookup(&t, u), one);
        while hit != 0 {
            let k = hit.trailing_zeros() as usize;
            hit &= hit - 1;
            // A bucket hit: the value itself may not be wanted (or was met earlier in this step).
            let mut emptied = None;
            if want.take((xs[i + k] ^ ys[len - 1 - i - k]) as usize, &mut emptied) {
                if want.left == 0 {
                    return true;
                }
                if let Some(u) = emptied {
                    // Clear the bucket in the table registers too (a reload right after the store would stall).
                    clear(&mut t, u);
                }
            }
        }
        i += 32;
    }
    reach_u16(&xs[i..], &ys[..len - i], want)
}

/// The splits `r + (m - r)` of a heap's part `m` in which `r` runs over rare positions: `rare`
/// ascending, their values `rare_g`, and the values `g` of every heap below `g.len()`. Every `r` must be in `1..m`
/// with `m - r < g.len()` (so the first, ascending, has the largest part) for the marks to be right.
pub struct Splits<'a, T> {
    pub g: &'a [T],
    pub m: usize,
    pub rare: &'a [u32],
    pub rare_g: &'a [T],
}

/// Marks: `marks[v] = stamp` for each value met, masked with `top` (a power of two less one, with
/// `marks.len() > top`; the engine's `cap - 1`, above every nim-sum).
pub struct Stamp<'a> {
    pub marks: &'a mut [u32],
    pub top: usize,
    pub stamp: u32,
}

/// Marks the nim-sums of the splits: `marks[rare_g[i] ^ g[m - rare[i]]] = stamp` for every `i`, 16 per step on
/// AVX-512 (`simd`). Checks the conditions of [`Splits`] at both ends.
#[inline]
pub fn mark(s: &Splits<u16>, st: &mut Stamp, simd: bool) {
    assert!(s.rare.len() == s.rare_g.len() && st.marks.len() > st.top);
    assert!(s
        .rare
        .first()
        .is_none_or(|&r| r >= 1 && s.m - (r as usize) < s.g.len()));
    assert!(s.rare.last().is_none_or(|&r| (r as usize) < s.m));
    #[cfg(target_arch = "x86_64")]
    if simd && s.m <= i32::MAX as usize && s.g.len() >= 2 {
        // SAFETY: as in `reach`; the kernel clamps its gather indices into g (32-bit indices hold every
        // position below m) and masks its scatter indices with top < marks.len().
        return unsafe { mark_simd(s, st) };
    }
    let _ = simd;
    mark_scalar(s, st, |x, y| (x ^ y) as usize);
}

/// The scalar marking loop (for any stored value type: `nim_sum` gives the nim-sum of two as an index).
#[inline(never)]
pub fn mark_scalar<T: Copy>(s: &Splits<T>, st: &mut Stamp, nim_sum: impl Fn(T, T) -> usize) {
    let marks = &mut st.marks[..=st.top];
    for (&r, &v) in s.rare.iter().zip(s.rare_g) {
        marks[nim_sum(v, s.g[s.m - r as usize]) & st.top] = st.stamp;
    }
}

/// The AVX-512 marking loop: 16 splits per step, the larger parts' values fetched by one gather and the marks
/// written by one scatter (two equal nim-sums in a step write the same stamp).
///
/// # Safety
/// The processor must have AVX-512 F and BW; `m <= i32::MAX`, `g.len() >= 2`, `marks.len() > top` and
/// `rare.len() == rare_g.len()` (the other conditions of [`Splits`] only make the marks right).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
pub unsafe fn mark_simd(s: &Splits<u16>, st: &mut Stamp) {
    use std::arch::x86_64::*;
    let (g, m, rare, rare_g) = (s.g, s.m, s.rare, s.rare_g);
    let n = rare.len();
    // The gather reads the 4 bytes of g[m - r - 1] and g[m - r] and keeps the upper half.
    let mv = _mm512_set1_epi32(m as i32 - 1);
    let last = _mm512_set1_epi32((g.len() - 2).min(i32::MAX as usize) as i32);
    let topv = _mm512_set1_epi32(st.top as i32);
    let stampv = _mm512_set1_epi32(st.stamp as i32);
    let mut i = 0;
    while i + 16 <= n {
        // SAFETY: i + 16 <= n, so both loads are in bounds. Each gather index is clamped to g.len() - 2, so the
        // gather reads 4 bytes within g (for the engine's ascending rare positions in 1..m with m - r < g.len()
        // the clamp never bites: it reads g[m - r - 1] and g[m - r]); each scatter index is masked to at most
        // top < marks.len().
        unsafe {
            debug_assert!(rare[i..i + 16]
                .iter()
                .all(|&r| r >= 1 && (r as usize) < m && m - (r as usize) < g.len()));
            let r = _mm512_loadu_si512(rare.as_ptr().add(i) as *const __m512i);
            let x =
                _mm512_cvtepu16_epi32(_mm256_loadu_si256(rare_g.as_ptr().add(i) as *const __m256i));
            // Clamped (as unsigned, so a wrapped index is clamped too) to the last 4 bytes of g: a caller that
            // broke the conditions gets wrong marks, never a read outside g.
            let idx = _mm512_min_epu32(_mm512_sub_epi32(mv, r), last);
            let y =
                _mm512_srli_epi32::<16>(_mm512_i32gather_epi32::<2>(idx, g.as_ptr() as *const i32));
            let v = _mm512_and_si512(_mm512_xor_si512(x, y), topv);
            _mm512_i32scatter_epi32::<4>(st.marks.as_mut_ptr() as *mut i32, v, stampv);
        }
        i += 16;
    }
    let rest = Splits {
        g,
        m,
        rare: &rare[i..],
        rare_g: &rare_g[i..],
    };
    mark_scalar(&rest, st, |x, y| (x ^ y) as usize);
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
    pub g: &'a [T],
    pub base: usize,
    pub stride: usize,
    pub rare: &'a [u32],
    pub rare_g: &'a [T],
    pub unequal: bool,
}

/// Marks of a batch: heap `k`'s marks are `marks[k * slot..(k + 1) * slot]`, the batch's stamp is `stamp`, and
/// each nim-sum is masked with `top < slot`.
pub struct BatchStamp<'a> {
    pub marks: &'a mut [u32],
    pub slot: usize,
    pub top: usize,
    pub stamp: u32,
}

/// Marks the nim-sums of a batch of splits (see [`BatchSplits`]): for every `i` and heap `k`,
/// `marks[k * slot + (rare_g[i] ^ g[base + stride · k - rare[i]])] = stamp`, 16 heaps per scatter on
/// AVX-512 (`simd`). Panics when a condition of [`BatchSplits`] or [`BatchStamp`] fails.
#[inline]
pub fn mark_batch(s: &BatchSplits<u16>, st: &mut BatchStamp, simd: bool) {
    batch_checks(s, st);
    #[cfg(target_arch = "x86_64")]
    if simd && s.base + BATCH * s.stride <= i32::MAX as usize && (s.stride == 1 || s.stride == 2) {
        // SAFETY: as in `reach`; the conditions the kernel's loads and scatter rely on were checked above.
        return unsafe { mark_batch_simd(s, st) };
    }
    let _ = simd;
    mark_batch_scalar(s, st, |x, y| (x ^ y) as usize);
}

/// The conditions of [`BatchSplits`] and [`BatchStamp`] (every `r`: the rare positions need not be sorted).
fn batch_checks<T>(s: &BatchSplits<T>, st: &BatchStamp) {
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

/// The AVX-512 batch marking loop: per rare position, one load of the larger parts of the 16 heaps (every
/// other value when `stride` is 2), one XOR, one scatter into the 16 heaps' marks.
///
/// # Safety
/// The processor must have AVX-512 F and BW; the conditions checked by [`batch_checks`] must hold, `stride` must
/// be 1 or 2 and `base + 16 · stride <= i32::MAX`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn mark_batch_simd(s: &BatchSplits<u16>, st: &mut BatchStamp) {
    use std::arch::x86_64::*;
    let lanes = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    let stride = _mm512_set1_epi32(s.stride as i32);
    let steps = _mm512_mullo_epi32(lanes, stride);
    // Lane k: heap k's part, stamp and the start of its marks.
    let parts = _mm512_add_epi32(_mm512_set1_epi32(s.base as i32), steps);
    let stamps = _mm512_set1_epi32(st.stamp as i32);
    let offsets = _mm512_mullo_epi32(lanes, _mm512_set1_epi32(st.slot as i32));
    let topv = _mm512_set1_epi32(st.top as i32);
    let low = _mm512_set1_epi32(0xffff);
    let marks = st.marks.as_mut_ptr() as *mut i32;
    for (&r, &x) in s.rare.iter().zip(s.rare_g) {
        let from = s.base - r as usize;
        // SAFETY: batch_checks: from + 16 * stride <= g.len(), so the 16 (stride 1) or 32 (stride 2) values
        // read are in g.
        let y = unsafe {
            if s.stride == 1 {
                _mm512_cvtepu16_epi32(_mm256_loadu_si256(s.g.as_ptr().add(from) as *const __m256i))
            } else {
                // Each 32-bit lane holds g[from + 2k] in its low half.
                _mm512_and_si512(
                    _mm512_loadu_si512(s.g.as_ptr().add(from) as *const __m512i),
                    low,
                )
            }
        };
        let v = _mm512_and_si512(_mm512_xor_si512(_mm512_set1_epi32(x as i32), y), topv);
        let idx = _mm512_add_epi32(v, offsets);
        let keep = if s.unequal {
            _mm512_cmpneq_epi32_mask(parts, _mm512_set1_epi32(2 * r as i32))
        } else {
            0xffff
        };
        // SAFETY: each index is at most 15 * slot + top < 16 * slot <= marks.len().
        unsafe { _mm512_mask_i32scatter_epi32::<4>(marks, keep, idx, stamps) };
    }
}

/// The set of nim-sums `xs[i] ^ ys[len - 1 - i]`, as a bit mask, for values below 64 (every value in `xs` and
/// `ys` must be below 64). The dense kernel: it looks at every split, 32 per step on AVX-512 (`simd`), and is
/// used where most positions are rare, so that marking them one by one would look at as many splits anyway.
#[inline]
pub fn nim_sums(xs: &[u16], ys: &[u16], simd: bool) -> u64 {
    assert_eq!(xs.len(), ys.len());
    #[cfg(target_arch = "x86_64")]
    if simd {
        // SAFETY: as in `reach`.
        return unsafe { nim_sums_simd(xs, ys) };
    }
    let _ = simd;
    nim_sums_scalar(xs, ys, |x, y| (x ^ y) as usize)
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

/// The AVX-512 dense kernel: in each 16-bit lane, four accumulators collect `1 << v` for the nim-sums `v` in
/// `0..16`, `16..32`, `32..48` and `48..64` (a variable shift by 16 or more gives 0); the lanes are OR-ed at
/// the end.
///
/// # Safety
/// The processor must have AVX-512 F and BW.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
pub unsafe fn nim_sums_simd(xs: &[u16], ys: &[u16]) -> u64 {
    use std::arch::x86_64::*;
    let (xs, ys, len) = paired(xs, ys);
    let one = _mm512_set1_epi16(1);
    let (s16, s32, s48) = (
        _mm512_set1_epi16(16),
        _mm512_set1_epi16(32),
        _mm512_set1_epi16(48),
    );
    let zero = _mm512_setzero_si512();
    let (mut a0, mut a1, mut a2, mut a3) = (zero, zero, zero, zero);
    let mut i = 0;
    while i + 32 <= len {
        let v = nim_sums32(xs, ys, i);
        // Counts are unsigned: v - 16 for v < 16 wraps to a count above 15, which shifts everything out.
        a0 = _mm512_or_si512(a0, _mm512_sllv_epi16(one, v));
        a1 = _mm512_or_si512(a1, _mm512_sllv_epi16(one, _mm512_sub_epi16(v, s16)));
        a2 = _mm512_or_si512(a2, _mm512_sllv_epi16(one, _mm512_sub_epi16(v, s32)));
        a3 = _mm512_or_si512(a3, _mm512_sllv_epi16(one, _mm512_sub_epi16(v, s48)));
        i += 32;
    }
    let fold = |a: __m512i| -> u64 {
        let w = _mm512_reduce_or_epi32(a) as u32;
        ((w | w >> 16) & 0xffff) as u64
    };
    let bits = fold(a0) | fold(a1) << 16 | fold(a2) << 32 | fold(a3) << 48;
    bits | nim_sums_scalar(&xs[i..], &ys[..len - i], |x, y| (x ^ y) as usize)
}

/// ORs into the bit set `out` (bit `v` of word `v / 64`) every value `v < 64 * out.len()` with
/// `marks[v] == stamp`: the marks of one heap as a bit set, the form in which they are handed between threads and
/// searched. `marks` must have at least `64 * out.len()` entries.
#[inline]
pub fn marked_bits(marks: &[u32], stamp: u32, out: &mut [u64], simd: bool) {
    let marks = &marks[..64 * out.len()];
    #[cfg(target_arch = "x86_64")]
    if simd {
        // SAFETY: as in `reach`; the slice is exactly 64 entries per word.
        return unsafe { marked_bits_simd(marks, stamp, out) };
    }
    let _ = simd;
    for (word, chunk) in out.iter_mut().zip(marks.chunks_exact(64)) {
        for (i, &m) in chunk.iter().enumerate() {
            *word |= ((m == stamp) as u64) << i;
        }
    }
}

/// [`marked_bits`] with 16 comparisons per instruction.
///
/// # Safety
/// The processor must have AVX-512 F; `marks.len() == 64 * out.len()`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn marked_bits_simd(marks: &[u32], stamp: u32, out: &mut [u64]) {
    use std::arch::x86_64::*;
    let s = _mm512_set1_epi32(stamp as i32);
    for (w, word) in out.iter_mut().enumerate() {
        let mut bits = 0u64;
        for q in 0..4 {
            // SAFETY: 64 * w + 16 * q + 16 <= 64 * out.len() == marks.len().
            let v = unsafe {
                _mm512_loadu_si512(marks.as_ptr().add(64 * w + 16 * q) as *const __m512i)
            };
            bits |= (_mm512_cmpeq_epi32_mask(v, s) as u64) << (16 * q);
        }
        *word |= bits;
    }
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
