//! Every `unsafe` block of the crate, fenced in this one module (the crate denies `unsafe_code` everywhere
//! else): the AVX-512 kernels of [`super::scan`] with the safe dispatchers that call them, the read of the
//! first worker's values by the second worker of the pipeline ([`Values`]), and, for the board table of the Cram
//! search, a cache-line prefetch ([`prefetch_line`]), the huge-page hint ([`huge_vec`]) and zeroed lines of atomic
//! words for the part its threads share ([`ZeroedLines`]); and the processor calls by which a helper thread of that
//! search leaves its spawner's processor ([`current_cpu`], [`move_off_cpu`]).
//!
//! **The kernels.** Each `*_simd` function is compiled with `#[target_feature]` and is `unsafe` to call only
//! because the processor must have those features. The dispatchers ([`reach`], [`mark`], [`mark_batch`],
//! [`nim_sums`], [`marked_bits`]) call them when their `simd` argument is true (the engine passes
//! [`simd_available`], asked once per run) *and* the processor has the features (checked on every call, from the
//! standard library's cache), so the safe dispatchers are sound whatever they are passed. Inside the kernels, every
//! unaligned load reads a range that was bounds-checked (by slicing) or follows from a condition checked by the
//! dispatcher, and every gather and scatter index is clamped or masked into its slice; each block says which.
//!
//! **The shared values.** [`Values`] holds the address of the first worker's value vector, whose capacity is
//! reserved for the whole run before the second worker starts (so it never moves), and whose entries below the
//! start of a posted window are final (published with Release, read with Acquire).

use super::scan::*;

/// Whether the processor has AVX-512 F and BW (and VBMI, with `vbmi`): the features the kernels below are
/// compiled for. The dispatchers check it themselves before each call of a kernel, so that no value of their `simd`
/// argument can run a kernel on a processor without them (the standard library caches the answer: a load and a
/// test per call). `simd` only lets a caller choose the scalar kernel ([`simd_available`] is false with
/// `GRUNDY_SCALAR=1`).
#[cfg(target_arch = "x86_64")]
#[inline]
fn has_avx512(vbmi: bool) -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
        && (!vbmi || std::arch::is_x86_feature_detected!("avx512vbmi"))
}

/// The address of the first worker's values, readable by the second worker below the start of its window.
pub(super) struct Values(*const u8);

// SAFETY: the pointer is only dereferenced by `Values::read`, whose contract (below) is that the value read
// was finished before it was published (Release/Acquire on the window's epoch) and is never written or moved
// afterwards; sharing the address itself between threads is then harmless.
unsafe impl Send for Values {}
// SAFETY: as above (`read` only reads).
unsafe impl Sync for Values {}

impl Values {
    /// The address of `g`'s values (the first worker's vector). Its capacity must be reserved for the whole run,
    /// so that pushing to it never moves them, and nothing may write the values below a published window start or
    /// take a mutable slice of the vector while a [`Values`] of it is in use (the pipeline's protocol, `Shared::g`).
    pub(super) fn new<T>(g: &[T]) -> Self {
        Values(g.as_ptr() as *const u8)
    }

    /// Value `i` of the vector given to [`Values::new`], read as `T` (the type the vector holds). Only for
    /// `i` below the start of a window that the reading thread saw posted (an Acquire load of the epoch that
    /// the writer stored with Release after the value was final). This is a module-internal contract: only the
    /// pipeline calls it, once per value it catches up on.
    #[inline]
    pub(super) fn read<T: Copy>(&self, i: usize) -> T {
        // SAFETY: by the contract above, entry `i` of the vector (of `T`, the vector's own type) was written
        // and published before the window was posted; the vector's buffer never moves during the run (its
        // capacity is reserved) and the entry is never written again, so this read neither races nor dangles.
        unsafe { *(self.0 as *const T).add(i) }
    }
}

/// [`reach_scalar`] for `u16` values below the set's bound, 32 nim-sums per step when the processor has AVX-512
/// (`simd` from [`simd_available`]).
#[inline]
pub fn reach(xs: &[u16], ys: &[u16], want: &mut Wanted, simd: bool) -> bool {
    #[cfg(target_arch = "x86_64")]
    if simd && has_avx512(true) {
        // SAFETY: the processor has the features the kernel is compiled for (AVX-512 F, BW and VBMI: checked just
        // above, whatever the caller passed as `simd`); the kernel checks its own bounds.
        return unsafe { reach_simd(xs, ys, want) };
    }
    let _ = simd;
    reach_u16(xs, ys, want)
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
    if simd && has_avx512(false) && s.m <= i32::MAX as usize && s.g.len() >= 2 {
        // SAFETY: the processor has AVX-512 F and BW (checked just above); the kernel clamps its gather indices
        // into g (32-bit indices hold every position below m) and masks its scatter indices with
        // top < marks.len().
        return unsafe { mark_simd(s, st) };
    }
    let _ = simd;
    mark_scalar(s, st, |x, y| (x ^ y) as usize);
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

/// Marks the nim-sums of a batch of splits (see [`BatchSplits`]): for every `i` and heap `k`,
/// `marks[k * slot + (rare_g[i] ^ g[base + stride · k - rare[i]])] = stamp`, 16 heaps per scatter on
/// AVX-512 (`simd`). Panics when a condition of [`BatchSplits`] or [`BatchStamp`] fails.
#[inline]
pub fn mark_batch(s: &BatchSplits<u16>, st: &mut BatchStamp, simd: bool) {
    batch_checks(s, st);
    #[cfg(target_arch = "x86_64")]
    if simd
        && has_avx512(false)
        && s.base + BATCH * s.stride <= i32::MAX as usize
        && (s.stride == 1 || s.stride == 2)
    {
        // SAFETY: the processor has AVX-512 F and BW (checked just above); the conditions the kernel's loads and
        // scatter rely on were checked above (`batch_checks`, 32-bit indices, stride 1 or 2).
        return unsafe { mark_batch_simd(s, st) };
    }
    let _ = simd;
    mark_batch_scalar(s, st, |x, y| (x ^ y) as usize);
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
    if simd && has_avx512(false) {
        // SAFETY: the processor has AVX-512 F and BW (checked just above); the kernel slices its own loads.
        return unsafe { nim_sums_simd(xs, ys) };
    }
    let _ = simd;
    nim_sums_scalar(xs, ys, |x, y| (x ^ y) as usize)
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
    if simd && has_avx512(false) {
        // SAFETY: the processor has AVX-512 F (checked just above); the slice is exactly 64 entries per word.
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

/// A file mapped shared, read and write, into memory: the cold part of a bounded run's values
/// ([`super::store`]). Only plain integer types ([`Plain`]) are viewed through it.
///
/// **Soundness.** The mapping is `MAP_SHARED` over a file this process created and unlinked at once (nothing
/// else can open it, so nothing else writes it), `len` bytes long, page-aligned (so aligned for `u16` and `u32`),
/// and unmapped only on drop or by [`Mapping::resize`] (both take `&mut self`, so no slice of it is alive).
/// [`Mapping::release`] (`madvise(MADV_DONTNEED)`) only drops the process's page-table entries: for a shared file
/// mapping the data stays in the file (dirty pages are kept in the page cache and written back), and the next read
/// faults the same bytes in again, so it never changes what a live slice reads.
#[cfg(unix)]
pub(super) struct Mapping {
    ptr: *mut u8,
    len: usize,
    file: std::fs::File,
}

// SAFETY: the mapping is owned like a `Vec<u8>` (the pointer is never shared outside `&self`/`&mut self` borrows).
#[cfg(unix)]
unsafe impl Send for Mapping {}
// SAFETY: as above: shared access only reads (or releases pages, which does not change the bytes read).
#[cfg(unix)]
unsafe impl Sync for Mapping {}

/// Integer types read and written through a [`Mapping`]: every bit pattern is a valid value.
pub(super) trait Plain: Copy {}
impl Plain for u16 {}
impl Plain for u32 {}

#[cfg(unix)]
impl Mapping {
    /// Maps `file` (which this process owns alone), grown to `len` bytes (at least one page).
    pub(super) fn new(file: std::fs::File, len: usize) -> std::io::Result<Mapping> {
        let mut m = Mapping {
            ptr: std::ptr::null_mut(),
            len: 0,
            file,
        };
        m.resize(len)?;
        Ok(m)
    }

    /// Grows (or shrinks) the file and the mapping to `len` bytes (at least one page); the bytes kept are
    /// unchanged (they are in the file).
    pub(super) fn resize(&mut self, len: usize) -> std::io::Result<()> {
        let len = len.max(page()).next_multiple_of(page());
        self.unmap();
        self.file.set_len(len as u64)?;
        // SAFETY: a fresh shared mapping of `len` bytes of a file open for reading and writing, at an address the
        // kernel chooses (so it overlaps nothing); the result is checked for MAP_FAILED.
        let p = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_SHARED,
                std::os::unix::io::AsRawFd::as_raw_fd(&self.file),
                0,
            )
        };
        if p == libc::MAP_FAILED {
            return Err(std::io::Error::last_os_error());
        }
        self.ptr = p as *mut u8;
        self.len = len;
        Ok(())
    }

    fn unmap(&mut self) {
        if !self.ptr.is_null() {
            // SAFETY: `ptr`/`len` are the mapping made by `resize`, and `&mut self` means no slice of it is alive.
            unsafe { libc::munmap(self.ptr as *mut libc::c_void, self.len) };
            self.ptr = std::ptr::null_mut();
            self.len = 0;
        }
    }

    /// Bytes mapped.
    pub(super) fn bytes(&self) -> usize {
        self.len
    }

    /// The first `n` values of type `T` (`n · size_of::<T>()` at most the bytes mapped).
    pub(super) fn slice<T: Plain>(&self, n: usize) -> &[T] {
        assert!(n * std::mem::size_of::<T>() <= self.len);
        // SAFETY: the range is inside the mapping (asserted), page-aligned at its start (so aligned for `T`,
        // at most 4 bytes), every bit pattern is a valid `T`, and the bytes change only through `&mut self`.
        unsafe { std::slice::from_raw_parts(self.ptr as *const T, n) }
    }

    /// The first `n` values of type `T`, mutable.
    pub(super) fn slice_mut<T: Plain>(&mut self, n: usize) -> &mut [T] {
        assert!(n * std::mem::size_of::<T>() <= self.len);
        // SAFETY: as in `slice`, and `&mut self` makes this the only borrow.
        unsafe { std::slice::from_raw_parts_mut(self.ptr as *mut T, n) }
    }

    /// Gives back the process's pages of bytes `from..to` (rounded inwards to whole pages): they stay in the file
    /// (and in the kernel's page cache while it has room) and are read back on the next access. True when a
    /// page was given back.
    pub(super) fn release(&self, from: usize, to: usize) -> bool {
        let (from, to) = (
            from.next_multiple_of(page()),
            (to.min(self.len) / page()) * page(),
        );
        if from >= to {
            return false;
        }
        // SAFETY: the range is whole pages inside the mapping; MADV_DONTNEED on a shared file mapping keeps the
        // data in the file (see the type's docs), so no value read through a live slice changes.
        unsafe {
            libc::madvise(
                self.ptr.add(from) as *mut libc::c_void,
                to - from,
                libc::MADV_DONTNEED,
            )
        };
        true
    }
}

#[cfg(unix)]
impl Drop for Mapping {
    fn drop(&mut self) {
        self.unmap();
    }
}

/// The page size.
#[cfg(unix)]
fn page() -> usize {
    // SAFETY: sysconf reads a constant of the system.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if p > 0 {
        p as usize
    } else {
        4096
    }
}

/// The process's resident memory now, in bytes (`/proc/self/statm`); `None` where the system does not say.
#[cfg(unix)]
pub(super) fn resident_now() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = s.split_whitespace().nth(1)?.parse().ok()?;
    pages.checked_mul(page() as u64)
}

/// No reading of the resident memory on this system.
#[cfg(not(unix))]
pub(super) fn resident_now() -> Option<u64> {
    None
}

/// The process's page faults so far: minor (the page was in memory: the page cache) and major (read from the
/// disk), from `getrusage`; zeros where unknown.
#[cfg(unix)]
pub(super) fn page_faults() -> (u64, u64) {
    // SAFETY: getrusage writes the struct it is given, zero-initialised here (a valid rusage).
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: a valid pointer to a rusage of this process.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) } != 0 {
        return (0, 0);
    }
    (u.ru_minflt as u64, u.ru_majflt as u64)
}

/// The calling thread's CPU seconds so far (`clock_gettime(CLOCK_THREAD_CPUTIME_ID)`): time it ran, whatever else
/// the machine runs (a busy machine makes wall time unreliable); `None` where unknown.
#[cfg(unix)]
pub(crate) fn thread_cpu_seconds() -> Option<f64> {
    // SAFETY: clock_gettime writes the timespec it is given, zero-initialised here (a valid timespec).
    let mut t: libc::timespec = unsafe { std::mem::zeroed() };
    // SAFETY: a valid pointer to a timespec; the clock id is a constant the system defines.
    if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } != 0 {
        return None;
    }
    Some(t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9)
}

/// No thread CPU clock on this system.
#[cfg(not(unix))]
pub(crate) fn thread_cpu_seconds() -> Option<f64> {
    None
}

/// No page-fault counters on this system.
#[cfg(not(unix))]
pub(super) fn page_faults() -> (u64, u64) {
    (0, 0)
}

/// No mapped files on this system: a bounded run is refused ([`Mapping::new`] fails).
#[cfg(not(unix))]
pub(super) enum Mapping {}

#[cfg(not(unix))]
impl Mapping {
    pub(super) fn new(_file: std::fs::File, _len: usize) -> std::io::Result<Mapping> {
        Err(std::io::Error::new(
            std::io::ErrorKind::Unsupported,
            "mapped files are supported on Unix systems only",
        ))
    }
    pub(super) fn resize(&mut self, _len: usize) -> std::io::Result<()> {
        match *self {}
    }
    pub(super) fn bytes(&self) -> usize {
        match *self {}
    }
    pub(super) fn slice<T: Plain>(&self, _n: usize) -> &[T] {
        match *self {}
    }
    pub(super) fn slice_mut<T: Plain>(&mut self, _n: usize) -> &mut [T] {
        match *self {}
    }
    pub(super) fn release(&self, _from: usize, _to: usize) -> bool {
        match *self {}
    }
}

/// A prefetch of the cache line of `p` (x86-64; nothing elsewhere), for the board table's look-ahead
/// ([`crate::games`]' Cram search builds options two ahead and prefetches their table entries).
#[inline(always)]
pub(crate) fn prefetch_line<T>(p: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is a hint: it reads nothing the program sees and never faults (here `p` is a live
    // reference anyway), and SSE, its instruction set, is part of every x86-64 processor.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            (p as *const T).cast(),
        );
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// A vector of `n` copies of `fill` whose memory the kernel is asked to back with transparent huge pages (Linux,
/// `madvise(MADV_HUGEPAGE)`, before the first write touches a page), for the board table: its look-ups are random
/// over tens of megabytes, so with 4 KiB pages nearly each one is a TLB miss too. A hint only: where the kernel
/// declines (or elsewhere than Linux, or below 4 MiB) the vector is the same, on ordinary pages.
pub(crate) fn huge_vec<T: Clone>(n: usize, fill: T) -> Vec<T> {
    let mut v = Vec::with_capacity(n);
    advise_huge(v.as_ptr() as usize, n * std::mem::size_of::<T>());
    v.resize(n, fill);
    v
}

/// Asks the kernel to back the whole 2 MiB pages of the `len` bytes at address `start` with transparent huge pages
/// (the hint of [`huge_vec`]); the range must lie in an allocation the caller owns and has not written yet past
/// what it keeps. Nothing where the range holds fewer than two whole huge pages, or elsewhere than Linux.
pub(crate) fn advise_huge(start: usize, len: usize) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let end = start + len;
        let first = (start + HUGE - 1) & !(HUGE - 1);
        if end >= first + 2 * HUGE {
            let len = (end - first) & !(HUGE - 1);
            // SAFETY: `[first, first + len)` lies inside the caller's allocation (`first` is `start` rounded up,
            // `first + len <= end`), which nothing else uses, and MADV_HUGEPAGE changes no content and no
            // mapping, only how later page faults are served; its result (an error where the kernel has no
            // transparent huge pages) is ignored on purpose.
            unsafe {
                libc::madvise(first as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, len);
}

/// `n` cache lines of eight atomic words, all zero, for the board table's shared part ([`ZeroedLines::line`]).
/// Each line starts on a 64-byte boundary; lines taking 1 MiB or more start on a 2 MiB boundary, and the kernel is
/// asked to back them with transparent huge pages (Linux, `madvise(MADV_HUGEPAGE)`, a hint as in [`huge_vec`]). The
/// zeros are the allocator's (`alloc_zeroed`, which for an allocation this large maps fresh pages from the kernel
/// without writing them), so nothing is touched here: a page costs its fault when the search first uses it, one
/// fault a 2 MiB page where the hint is taken instead of 512.
pub(crate) struct ZeroedLines {
    words: Vec<std::sync::atomic::AtomicU64>,
    /// The index of the first word of line 0.
    first: usize,
    n: usize,
}

impl ZeroedLines {
    /// `n` zeroed lines (at least one).
    pub(crate) fn new(n: usize) -> ZeroedLines {
        use std::sync::atomic::AtomicU64;
        const LINE: usize = 64;
        const HUGE: usize = 2 << 20;
        let n = n.max(1);
        let bytes = n
            .checked_mul(LINE)
            .expect("a table part within the address space");
        let huge = bytes >= 1 << 20;
        // Room for the lines from an aligned start (and, for huge pages, for whole pages past them).
        let (align, room) = if huge {
            (HUGE, bytes.next_multiple_of(HUGE) + HUGE)
        } else {
            (LINE, bytes + LINE)
        };
        let words_len = room / 8;
        let layout = std::alloc::Layout::array::<AtomicU64>(words_len)
            .expect("a table part within the address space");
        // SAFETY: the layout's size is not zero (at least one line); all-zero bytes are a valid `AtomicU64` (the
        // same in memory as a `u64`), so all `words_len` words are initialised; and the vector is made with the
        // allocation's own layout (`Vec<AtomicU64>` frees `Layout::array::<AtomicU64>(capacity)`), capacity and
        // length both `words_len`.
        let words = unsafe {
            let p = std::alloc::alloc_zeroed(layout).cast::<AtomicU64>();
            if p.is_null() {
                std::alloc::handle_alloc_error(layout);
            }
            Vec::from_raw_parts(p, words_len, words_len)
        };
        let start = words.as_ptr() as usize;
        let aligned = start.next_multiple_of(align);
        #[cfg(target_os = "linux")]
        if huge {
            // SAFETY: `[aligned, aligned + bytes rounded up to 2 MiB)` lies inside the allocation (`aligned` is at
            // most `HUGE - 8` past its start, and it has `HUGE` bytes of room past the rounded length), which
            // nothing else uses; MADV_HUGEPAGE changes no content and no mapping, only how later faults are served,
            // and its result is ignored on purpose (as in `huge_vec`).
            unsafe {
                libc::madvise(
                    aligned as *mut libc::c_void,
                    bytes.next_multiple_of(HUGE),
                    libc::MADV_HUGEPAGE,
                );
            }
        }
        ZeroedLines {
            first: (aligned - start) / 8,
            words,
            n,
        }
    }

    /// Lines held.
    pub(crate) fn len(&self) -> usize {
        self.n
    }

    /// Line `i` (`i < len()`).
    #[inline]
    pub(crate) fn line(&self, i: usize) -> &[std::sync::atomic::AtomicU64; 8] {
        let w = self.first + 8 * i;
        self.words[w..w + 8].try_into().expect("eight words")
    }
}

impl std::fmt::Debug for ZeroedLines {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ZeroedLines({} lines)", self.n)
    }
}

/// The processor the calling thread runs on (Linux), if the system says.
#[cfg(target_os = "linux")]
pub(crate) fn current_cpu() -> Option<usize> {
    // SAFETY: sched_getcpu takes no argument and only returns a number (or -1).
    let c = unsafe { libc::sched_getcpu() };
    usize::try_from(c).ok()
}

/// No processor numbers on this system.
#[cfg(not(target_os = "linux"))]
pub(crate) fn current_cpu() -> Option<usize> {
    None
}

/// Moves the calling thread off the processor `cpu` (Linux): its allowed set without `cpu` is set, which moves it
/// at once to another allowed processor, and then its whole allowed set again, so that the scheduler stays free to
/// place it later. Nothing is done when `cpu` is its only allowed processor or the system refuses. For a helper
/// thread just started on its parent's processor while another one is idle: the kernel would otherwise move it only
/// at its next balancing, milliseconds later.
#[cfg(target_os = "linux")]
pub(crate) fn move_off_cpu(cpu: usize) {
    // SAFETY: a zeroed cpu_set_t is an empty set (a plain bit array); sched_getaffinity and sched_setaffinity
    // (pid 0: the calling thread) read and write exactly the set whose size they are given.
    unsafe {
        let mut all: libc::cpu_set_t = std::mem::zeroed();
        let size = std::mem::size_of::<libc::cpu_set_t>();
        if libc::sched_getaffinity(0, size, &mut all) != 0 || cpu >= libc::CPU_SETSIZE as usize {
            return;
        }
        if !libc::CPU_ISSET(cpu, &all) || libc::CPU_COUNT(&all) < 2 {
            return;
        }
        let mut others = all;
        libc::CPU_CLR(cpu, &mut others);
        if libc::sched_setaffinity(0, size, &others) == 0 {
            libc::sched_setaffinity(0, size, &all);
        }
    }
}

/// No processor affinity on this system.
#[cfg(not(target_os = "linux"))]
pub(crate) fn move_off_cpu(_cpu: usize) {}
