//! Moves that leave three or more heaps, by dynamic programming over nim-sums instead of partitions.
//!
//! **What it computes.** Given the nim-values `G(0), G(1), …, G(n−1)` of a heap game, [`MultiHeap`] holds for every
//! `m ≤ n` the set `S_k(m)` of nim-sums `G(h1) ⊕ … ⊕ G(hk)` over all ways to split `m` tokens into exactly `k`
//! non-empty heaps, and the set `T_K(m) = ∪_{k ≥ K} S_k(m)` for "`K` or more" heaps. [`MultiMoves`] uses them to add
//! to a mex set, heap by heap, every nim-value of a take-and-break move that leaves three or more heaps with no
//! constraint (`8`, `C`, `F`, `{3}`, `{2+}`, `{3+}`, …), with all heaps equal (`=`, a closed form), with pairwise
//! unequal heaps (`!`, a knapsack over distinct parts), or with not all heaps equal (`?`). [`MultiHeapEngine`] is
//! the sequence engine built on them: the plain engine's loop over a code's digits with those moves answered here.
//! Partition enumeration in [`super::plain`] remains as the reference ([`super::plain::code_sequence_enumerated`]).
//!
//! **Why it is correct.** XOR is commutative and associative, so the nim-sum of a multiset of heaps does not
//! depend on their order: the set of nim-sums over the partitions of `m` into `k` parts equals the set over its
//! compositions (ordered partitions), and compositions split on their first part `a`:
//!
//! - `S_1(m) = {G(m)}`, and `S_k(m) = ∪_{a=1}^{m−k+1} (G(a) ⊕ S_{k−1}(m−a))` for `k ≥ 2`;
//! - `T_1(m) = {G(m)} ∪ T_2(m)`, and `T_K(m) = ∪_{a=1}^{m−K+1} (G(a) ⊕ T_{K−1}(m−a))` for `K ≥ 2` (split a
//!   composition with at least `K` parts on its first part: the rest has at least `K − 1`).
//!
//! For `k, K ≥ 2` the right-hand sides use `G(a)` and sets at `m − a` with `1 ≤ a ≤ m − 1`, so `S_k(n)` and `T_K(n)`
//! need only `G(0..n−1)`: they are computed when `G(n−1)` is pushed, before `G(n)` is taken as a mex over them.
//!
//! *Not all equal* (`?`) for exactly `k` parts: the only partition of `m` into `k` equal parts (when `k | m`) has
//! nim-sum `v0 = G(m/k)` if `k` is odd and `0` if `k` is even. Removing it from `S_k(m)` is not a set difference:
//! another partition may have the same nim-sum. So those levels also count compositions per nim-sum, saturating at
//! 2 (a second bit set "at least two"): the equal partition is one composition, every other partition of `k ≥ 2`
//! parts has at least two (it has two different parts, which can be swapped), so `v0` is the nim-sum of some
//! not-all-equal partition exactly when at least two compositions give it. Counts add along the recurrence
//! (`C_k(m)[x] = Σ_a C_{k−1}(m−a)[x ⊕ G(a)]`), and a sum saturated at 2 only needs the bits "≥ 1" and "≥ 2".
//!
//! *Not all equal, `K` or more parts* (`{K?+}`): several equal partitions (one per divisor) may share a nim-sum, so
//! counting does not separate them; instead split a composition `(a, rest)` with at least `K` parts on its first
//! part: it is not all equal exactly when `rest` is not all equal, or `rest` is `c` copies of some `b ≠ a`. So
//! `T'_K(m) = ∪_{a=1}^{m−1} G(a) ⊕ (T'_{max(K−1,1)}(m−a) ∪ {v(b, c) : b·c = m−a, c ≥ max(K−1, 1), b ≠ a})`, with
//! `v(b, c) = G(b)` for odd `c` and `0` for even `c`; the equal rests cost one step per divisor of `m − a`.
//!
//! *All equal* (`=`): the one partition into `k` equal parts, nim-sum `G(m/k)` for odd `k` and `0` for even `k`.
//!
//! *Pairwise unequal* (`!`): a partition into distinct parts is a set of part sizes, so a 0/1 knapsack over sizes
//! in increasing order gives it: with `D_s[j][t]` the nim-sums of `j` distinct sizes `≤ s` summing to `t`,
//! `D_s[j][t] = D_{s−1}[j][t] ∪ (G(s) ⊕ D_{s−1}[j−1][t−s])` (size `s` unused, or used once). The parts of a
//! partition of `m ≤ n` into `j ≥ 2` distinct parts are below `m`, so sizes `1..n−1` suffice at heap `n`; size `s`
//! is added (for every `t` up to the last heap asked for) when `G(s)` is pushed. Only `j ≤ √(2t)` levels can be
//! non-empty (`1 + 2 + … + j ≤ t`). "`K` or more" distinct parts is the union of the levels from `K` on.
//!
//! The sets are bit sets of width `W`, a power of two above every nim-value so far: the XOR of values below `2^b`
//! stays below `2^b`, so `W` only grows (doubling, with every stored set copied) when a pushed value reaches it.
//! Translating a bit set by `⊕ g` permutes its words by `g >> 6` and the bits inside each word by `g & 63` (six
//! masked swaps of bit blocks).
//!
//! **Cost.** Each stored level (every exact count from 2 to the largest used; every threshold from 1 to the
//! largest used) costs about `m · W/64` word operations at heap `m`, so about `N² · W/128` per level for heaps up
//! to `N` (twice that for counted levels), and `N · W/64` words of memory per level; the distinct-parts knapsack
//! costs about `N² · W/128` per level too (each size updates every total up to `N`), and a `{K?+}` level about
//! `N² · W/128` plus one step per divisor of every rest (`O(N² log N)` in all). Both are bounded: a work
//! limit ([`MULTI_MAX_WORK`]) and a memory limit ([`MULTI_MAX_WORDS`]) are errors, not slow runs. Partition
//! enumeration costs one XOR per partition instead, about `p(m)`, which grows like `exp(π √(2m/3))`.

use super::code::{Code, Constraint, Digit};
use super::{Engine, HeapGame, SequenceEngine};
use crate::error::{Error, Result};
use crate::game::HeapView;
use crate::nimber::Nimber;
use crate::solver::Limits;

/// Word operations the engine may spend in one run.
pub const MULTI_MAX_WORK: u64 = 10_000_000_000;
/// 64-bit words the engine may store in one run (1 GiB).
pub const MULTI_MAX_WORDS: u64 = 1 << 27;

/// Bits with bit `b` of their position clear, for the six in-word swaps.
const SWAP: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

/// The word `w` with bit `p` moved to bit `p ⊕ lo` (`lo < 64`).
#[inline]
fn permute(mut w: u64, lo: u32) -> u64 {
    for (b, &mask) in SWAP.iter().enumerate() {
        if lo >> b & 1 == 1 {
            let s = 1u32 << b;
            w = ((w & mask) << s) | ((w >> s) & mask);
        }
    }
    w
}

/// `dst |= {x ⊕ g : x ∈ src}`; `g` is below the width of both.
#[inline]
fn or_translated(dst: &mut [u64], src: &[u64], g: Nimber) {
    let hi = (g >> 6) as usize;
    let lo = (g & 63) as u32;
    for (i, &w) in src.iter().enumerate() {
        if w != 0 {
            dst[i ^ hi] |= permute(w, lo);
        }
    }
}

/// Calls `f` with every member of a bit set.
#[inline]
pub fn for_each_member(set: &[u64], f: &mut dyn FnMut(Nimber)) {
    for (i, &w) in set.iter().enumerate() {
        let mut w = w;
        while w != 0 {
            f((i as u64) << 6 | w.trailing_zeros() as u64);
            w &= w - 1;
        }
    }
}

/// One stored family of sets: row `m` holds a set for `m` tokens (plus, when counted, the "at least two" set).
#[derive(Debug, Clone, Default)]
struct Level {
    /// Rows of `words` words: the set (≥ 1 composition).
    one: Vec<u64>,
    /// Rows of `words` words: nim-sums of at least two compositions (counted levels only).
    two: Vec<u64>,
}

/// Nim-sum sets of splits into many heaps, grown heap by heap (see the module docs).
#[derive(Debug, Clone)]
pub struct MultiHeap {
    g: Vec<Nimber>,
    /// Words per set (`W / 64`), a power of two.
    words: usize,
    /// `exact[i]`: `S_{i+2}` (empty when no count of 3 or more is asked for).
    exact: Vec<Level>,
    /// True when the exact levels count compositions up to 2.
    counted: bool,
    /// `at_least[i]`: `T_{i+1}` (empty when no threshold of 2 or more is asked for).
    at_least: Vec<Level>,
    /// `nae[i]`: `T'_{i+1}`, the nim-sums of `i + 1` or more heaps, not all equal.
    nae: Vec<Level>,
    /// `divisors[r]`: the divisors of `r` (kept when `nae` is used).
    divisors: Vec<Vec<u32>>,
    work: u64,
    scratch: Vec<u64>,
    scratch2: Vec<u64>,
}

impl MultiHeap {
    /// An engine that answers [`MultiHeap::xors`] for `k ≤ max_exact` (counted, for [`MultiHeap::not_all_equal`],
    /// when `counted`) and [`MultiHeap::xors_at_least`] for `K ≤ max_at_least`. Push `G(0), G(1), …` in order.
    pub fn new(max_exact: usize, counted: bool, max_at_least: usize) -> MultiHeap {
        let exact = if max_exact >= 2 { max_exact - 1 } else { 0 };
        let at_least = if max_at_least >= 2 { max_at_least } else { 0 };
        MultiHeap {
            g: Vec::new(),
            words: 1,
            exact: vec![Level::default(); exact],
            counted: counted && exact > 0,
            at_least: vec![Level::default(); at_least],
            nae: Vec::new(),
            divisors: Vec::new(),
            work: 0,
            scratch: Vec::new(),
            scratch2: Vec::new(),
        }
    }

    /// Also answers [`MultiHeap::not_all_equal_at_least`] for `K ≤ max` (before the first push).
    pub fn with_not_all_equal_at_least(mut self, max: usize) -> MultiHeap {
        assert!(self.g.is_empty());
        self.nae = vec![Level::default(); max];
        self
    }

    /// How many nim-values were pushed: sets are known for every `m` up to this.
    pub fn len(&self) -> usize {
        self.g.len()
    }

    /// Whether no nim-value has been pushed yet.
    pub fn is_empty(&self) -> bool {
        self.g.is_empty()
    }

    /// Word operations spent so far.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Appends `G(n)` (`n` = [`MultiHeap::len`]) and computes the sets for `n + 1` tokens.
    pub fn push(&mut self, value: Nimber) -> Result<()> {
        let n = self.g.len();
        let mut words = self.words as u64;
        while value >= 64 * words {
            words = words.saturating_mul(2);
        }
        let levels = (self.exact.len() * if self.counted { 2 } else { 1 }
            + self.at_least.len()
            + self.nae.len()) as u64;
        if levels.saturating_mul(n as u64 + 2).saturating_mul(words) > MULTI_MAX_WORDS {
            return Err(Error::limit(format!(
                "the multi-heap engine would need more than {} MiB for heap {}, its memory limit",
                (MULTI_MAX_WORDS * 8) >> 20,
                n + 1
            )));
        }
        if words > self.words as u64 {
            self.widen(words as usize);
        }
        self.g.push(value);
        let w = self.words;
        if n == 0 {
            // No heap of 0 tokens can be split into non-empty heaps: every row 0 is empty.
            for l in self
                .exact
                .iter_mut()
                .chain(&mut self.at_least)
                .chain(&mut self.nae)
            {
                l.one.resize(w, 0);
                if self.counted {
                    l.two.resize(w, 0);
                }
            }
        }
        if let Some((t1, rest)) = self.at_least.split_first_mut() {
            // T_1(n) = {G(n)} ∪ T_2(n); row 0 is already there.
            if n > 0 {
                let t2 = &rest[0].one[n * w..(n + 1) * w];
                t1.one.extend_from_slice(t2);
                t1.one[n * w + (value >> 6) as usize] |= 1 << (value & 63);
            }
        }
        self.grow_rows(n + 1)?;
        Ok(())
    }

    /// Computes row `m` (`= len`) of every level from `G(0..m−1)` and the rows below.
    ///
    /// Long: the recurrences of one new heap (S_2, the at-least rows, the newest divisors, T'_K), in the order they
    /// need each other's rows, sharing the words, the values and one operation count checked at the end.
    fn grow_rows(&mut self, m: usize) -> Result<()> {
        let w = self.words;
        let g = &self.g;
        let mut ops = 0u64;
        // S_2(m), counted: ordered pairs (a, m − a).
        for i in 0..self.exact.len() {
            let k = i + 2;
            let one = &mut self.scratch;
            let two = &mut self.scratch2;
            one.clear();
            one.resize(w, 0);
            two.clear();
            two.resize(w, 0);
            if m >= k {
                if k == 2 {
                    for a in 1..m {
                        let x = g[a] ^ g[m - a];
                        let (wi, bit) = ((x >> 6) as usize, 1u64 << (x & 63));
                        two[wi] |= one[wi] & bit;
                        one[wi] |= bit;
                    }
                    ops += m as u64;
                } else {
                    let prev = &self.exact[i - 1];
                    for (a, &ga) in g.iter().enumerate().take(m - k + 2).skip(1) {
                        let r = (m - a) * w..(m - a + 1) * w;
                        if self.counted {
                            // two |= T' ∪ (one ∩ O'), one |= O', with O', T' the translated rows.
                            let hi = (ga >> 6) as usize;
                            let lo = (ga & 63) as u32;
                            for (j, (&o, &t)) in
                                prev.one[r.clone()].iter().zip(&prev.two[r]).enumerate()
                            {
                                if o != 0 {
                                    let (o, t) = (permute(o, lo), permute(t, lo));
                                    two[j ^ hi] |= t | (one[j ^ hi] & o);
                                    one[j ^ hi] |= o;
                                }
                            }
                        } else {
                            or_translated(one, &prev.one[r], ga);
                        }
                    }
                    ops += (m - k + 1) as u64 * w as u64 * if self.counted { 2 } else { 1 };
                }
            }
            self.exact[i].one.extend_from_slice(one);
            if self.counted {
                self.exact[i].two.extend_from_slice(two);
            }
        }
        for i in 1..self.at_least.len() {
            let kk = i + 1;
            let row = &mut self.scratch;
            row.clear();
            row.resize(w, 0);
            if m >= kk {
                let prev = &self.at_least[i - 1];
                for (a, &ga) in g.iter().enumerate().take(m - kk + 2).skip(1) {
                    or_translated(row, &prev.one[(m - a) * w..(m - a + 1) * w], ga);
                }
                ops += (m - kk + 1) as u64 * w as u64;
            }
            self.at_least[i].one.extend_from_slice(row);
        }
        if !self.nae.is_empty() {
            // The divisors of m − 1, the newest rest.
            let r = m - 1;
            let mut d = Vec::new();
            let mut b = 1;
            while b * b <= r {
                if r.is_multiple_of(b) {
                    d.push(b as u32);
                    if b * b != r {
                        d.push((r / b) as u32);
                    }
                }
                b += 1;
            }
            self.divisors.push(d);
        }
        for i in 0..self.nae.len() {
            // T'_K(m) = ∪_a G(a) ⊕ (T'_{K−1}(m − a) ∪ {equal rests of parts b ≠ a, c ≥ K − 1 of them}).
            let kk = i + 1;
            let row = &mut self.scratch;
            row.clear();
            row.resize(w, 0);
            for (a, &ga) in g.iter().enumerate().take(m).skip(1) {
                let r = m - a;
                // The rest has K − 1 or more parts, and at least one: T'_1 recurs on itself.
                let src = &self.nae[i.saturating_sub(1)].one;
                or_translated(row, &src[r * w..(r + 1) * w], ga);
                ops += w as u64;
                for &b in &self.divisors[r] {
                    let (b, c) = (b as usize, r / b as usize);
                    if b != a && c + 1 >= kk {
                        let x = ga ^ if c % 2 == 1 { g[b] } else { 0 };
                        row[(x >> 6) as usize] |= 1 << (x & 63);
                    }
                }
                ops += self.divisors[r].len() as u64;
            }
            self.nae[i].one.extend_from_slice(row);
        }
        self.work += ops;
        if self.work > MULTI_MAX_WORK {
            return Err(Error::limit(format!(
                "the multi-heap engine spent more than {MULTI_MAX_WORK} word operations by heap {m}, its work limit"
            )));
        }
        Ok(())
    }

    /// Re-lays every stored set out with `words` words.
    fn widen(&mut self, words: usize) {
        let old = self.words;
        for l in self
            .exact
            .iter_mut()
            .chain(&mut self.at_least)
            .chain(&mut self.nae)
        {
            for v in [&mut l.one, &mut l.two] {
                let rows = v.len() / old;
                let mut wide = vec![0u64; rows * words];
                for r in 0..rows {
                    wide[r * words..r * words + old].copy_from_slice(&v[r * old..(r + 1) * old]);
                }
                *v = wide;
            }
        }
        self.words = words;
    }

    /// `S_k(m)` as a bit set: the nim-sums of the partitions of `m` into exactly `k` non-empty heaps
    /// (`2 ≤ k ≤ max_exact`, `m ≤ len`).
    pub fn xors(&self, k: usize, m: usize) -> &[u64] {
        assert!(k >= 2 && k - 2 < self.exact.len() && m <= self.g.len());
        &self.exact[k - 2].one[m * self.words..(m + 1) * self.words]
    }

    /// `T_K(m)` as a bit set: the nim-sums of the partitions of `m` into `K` or more non-empty heaps
    /// (`2 ≤ K ≤ max_at_least`, `m ≤ len`).
    pub fn xors_at_least(&self, k: usize, m: usize) -> &[u64] {
        assert!(k >= 2 && k - 1 < self.at_least.len() && m <= self.g.len());
        &self.at_least[k - 1].one[m * self.words..(m + 1) * self.words]
    }

    /// `T'_K(m)` as a bit set: the nim-sums of the partitions of `m` into `K` or more non-empty heaps, not all equal
    /// (`1 ≤ K ≤` the `max` of [`MultiHeap::with_not_all_equal_at_least`], `m ≤ len`).
    pub fn not_all_equal_at_least(&self, k: usize, m: usize) -> &[u64] {
        assert!(k >= 1 && k - 1 < self.nae.len() && m <= self.g.len());
        &self.nae[k - 1].one[m * self.words..(m + 1) * self.words]
    }

    /// Calls `f` with every nim-sum of a partition of `m` into exactly `k` non-empty heaps, not all equal
    /// (`k ≥ 2`; the engine must be counted).
    pub fn not_all_equal(&self, k: usize, m: usize, f: &mut dyn FnMut(Nimber)) {
        assert!(self.counted);
        let one = self.xors(k, m);
        if !m.is_multiple_of(k) {
            return for_each_member(one, f);
        }
        let v0 = if k % 2 == 1 { self.g[m / k] } else { 0 };
        let two = &self.exact[k - 2].two[m * self.words..(m + 1) * self.words];
        let keep = two[(v0 >> 6) as usize] >> (v0 & 63) & 1 == 1;
        for_each_member(one, &mut |x| {
            if x != v0 || keep {
                f(x)
            }
        });
    }
}

/// The most distinct positive parts a partition of `to` can have: the largest `k` with `k(k+1)/2 ≤ to`, by bisection
/// in `u128` (no overflow and no loop over `k`, whatever `to`).
fn most_distinct_parts(to: u64) -> usize {
    let (mut lo, mut hi) = (0u128, 1u128 << 33); // hi(hi + 1)/2 > 2^64 > to
    while lo + 1 < hi {
        let mid = (lo + hi) / 2;
        if mid * (mid + 1) / 2 <= to as u128 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo as usize
}

/// Nim-sum sets of partitions into distinct parts, by a 0/1 knapsack over part sizes (see the module docs).
///
/// After part sizes `1..=s` have been added, `D[j][t]` is the set of nim-sums of the sets of `j` distinct sizes
/// `≤ s` that sum to `t`, for every `t ≤ to`. Adding size `s` does `D[j][t] ∪= G(s) ⊕ D[j−1][t−s]` for `j` from the
/// largest down (so each size is used at most once, as in a 0/1 knapsack), and `D[1][s] = {G(s)}`.
#[derive(Debug, Clone)]
struct DistinctParts {
    to: usize,
    words: usize,
    /// `levels[j − 1]` is `D[j]`, rows `t = 0..=to`.
    levels: Vec<Vec<u64>>,
    work: u64,
}

impl DistinctParts {
    fn new(parts: usize, to: usize) -> Result<DistinctParts> {
        let mut d = DistinctParts {
            to,
            words: 0,
            levels: vec![Vec::new(); parts],
            work: 0,
        };
        d.widen(1)?;
        Ok(d)
    }

    fn parts(&self) -> usize {
        self.levels.len()
    }

    fn widen(&mut self, words: usize) -> Result<()> {
        let total = (self.levels.len() as u64)
            .saturating_mul(self.to as u64 + 1)
            .saturating_mul(words as u64);
        if total > MULTI_MAX_WORDS {
            return Err(Error::limit(format!(
                "the multi-heap engine would need more than {} MiB for partitions into distinct parts up to {}, its memory limit",
                (MULTI_MAX_WORDS * 8) >> 20,
                self.to
            )));
        }
        let old = self.words;
        for v in &mut self.levels {
            let mut wide = vec![0u64; (self.to + 1) * words];
            if old > 0 {
                for r in 0..=self.to {
                    wide[r * words..r * words + old].copy_from_slice(&v[r * old..(r + 1) * old]);
                }
            }
            *v = wide;
        }
        self.words = words;
        Ok(())
    }

    /// Adds part size `s ≥ 1`, of nim-value `gs`.
    fn add(&mut self, s: usize, gs: Nimber) -> Result<()> {
        if gs >= 64 * self.words as u64 {
            let mut words = self.words;
            while gs >= 64 * words as u64 {
                words *= 2;
            }
            self.widen(words)?;
        }
        if s > self.to {
            return Ok(());
        }
        let w = self.words;
        for j in (2..=self.levels.len()).rev() {
            let (low, high) = self.levels.split_at_mut(j - 1);
            let (src, dst) = (&low[j - 2], &mut high[0]);
            let first = s + j * (j - 1) / 2;
            for t in first..=self.to {
                or_translated(
                    &mut dst[t * w..(t + 1) * w],
                    &src[(t - s) * w..(t - s + 1) * w],
                    gs,
                );
            }
            self.work += (self.to + 1).saturating_sub(first) as u64 * w as u64;
        }
        self.levels[0][s * w + (gs >> 6) as usize] |= 1 << (gs & 63);
        if self.work > MULTI_MAX_WORK {
            return Err(Error::limit(format!(
                "the multi-heap engine spent more than {MULTI_MAX_WORK} word operations on distinct parts by heap {s}, its work limit"
            )));
        }
        Ok(())
    }

    /// `D[j][t]`: the nim-sums of the partitions of `t` into `j` distinct parts (sizes added so far).
    fn set(&self, j: usize, t: usize) -> &[u64] {
        &self.levels[j - 1][t * self.words..(t + 1) * self.words]
    }
}

/// What the engine does for one digit's moves that leave three or more heaps.
#[derive(Debug, Clone, Default)]
struct Plan {
    /// `(k, c)`: exactly `k ≥ 3` heaps under `c`, answered here.
    exact: Vec<(usize, Constraint)>,
    /// `(K, c)`: every count from `K` on, under `c`, answered here.
    more: Option<(usize, Constraint)>,
}

/// The moves of a take-and-break code that leave three or more heaps, answered from a [`MultiHeap`] where it can.
#[derive(Debug, Clone)]
pub struct MultiMoves {
    engine: MultiHeap,
    /// The knapsack over distinct parts, for `!` counts.
    distinct: Option<DistinctParts>,
    plans: Vec<Plan>,
    /// Index of the first repeating digit, and the period (0: none).
    pre: usize,
    period: usize,
}

impl MultiMoves {
    /// The engine for a code and heaps up to `to`; `None` when no move of the code leaving three or more heaps is
    /// one it answers.
    pub fn for_code(code: &Code, to: u64) -> Result<Option<MultiMoves>> {
        let plans: Vec<Plan> = code.digits().iter().map(plan).collect();
        let mut max_exact = 0;
        let mut counted = false;
        let mut max_at_least = 0;
        let mut max_distinct = 0;
        let mut max_nae = 0;
        let mut any = false;
        for p in &plans {
            for &(k, c) in &p.exact {
                any = true;
                match c {
                    Constraint::Any => max_exact = max_exact.max(k),
                    Constraint::NotAllEqual => {
                        max_exact = max_exact.max(k);
                        counted = true;
                    }
                    Constraint::Unequal => max_distinct = max_distinct.max(k),
                    Constraint::AllEqual => {}
                }
            }
            if let Some((k, c)) = p.more {
                any = true;
                match c {
                    Constraint::Any => max_at_least = max_at_least.max(k),
                    // k distinct parts sum to at least k(k+1)/2.
                    Constraint::Unequal => max_distinct = max_distinct.max(most_distinct_parts(to)),
                    Constraint::NotAllEqual => max_nae = max_nae.max(k),
                    Constraint::AllEqual => {}
                }
            }
        }
        if !any {
            return Ok(None);
        }
        // Every level stores a row per heap: a heap whose one row passes the memory limit is refused before
        // anything is sized from it.
        if to >= MULTI_MAX_WORDS {
            return Err(Error::limit(format!(
                "heap {to} is beyond the multi-heap engine's memory limit (heaps below {MULTI_MAX_WORDS})"
            )));
        }
        let to = to as usize;
        let distinct = if max_distinct >= 2 {
            Some(DistinctParts::new(
                max_distinct.min(most_distinct_parts(to as u64)),
                to,
            )?)
        } else {
            None
        };
        let period = code.period();
        Ok(Some(MultiMoves {
            engine: MultiHeap::new(max_exact, counted, max_at_least)
                .with_not_all_equal_at_least(max_nae),
            distinct,
            pre: code.digits().len() - period,
            plans,
            period,
        }))
    }

    fn plan(&self, j: u64) -> &Plan {
        static NONE: Plan = Plan {
            exact: Vec::new(),
            more: None,
        };
        let n = self.plans.len() as u64;
        if j < n {
            &self.plans[j as usize]
        } else if self.period > 0 {
            let pre = self.pre as u64;
            &self.plans[(pre + (j - pre) % self.period as u64) as usize]
        } else {
            &NONE
        }
    }

    /// Calls `f` with the nim-value of every move removing `j` tokens and leaving `m` of them (`m ≤` the heaps
    /// pushed) as three or more heaps, for the counts this engine answers.
    pub fn for_each_value(&self, j: u64, m: u64, f: &mut dyn FnMut(Nimber)) {
        let p = self.plan(j);
        let mu = m as usize;
        let equal = |k: usize| if k % 2 == 1 { self.engine.g[mu / k] } else { 0 };
        for &(k, c) in &p.exact {
            if k > mu {
                continue;
            }
            match c {
                Constraint::Any => for_each_member(self.engine.xors(k, mu), f),
                Constraint::NotAllEqual => self.engine.not_all_equal(k, mu, f),
                Constraint::AllEqual => {
                    if mu.is_multiple_of(k) {
                        f(equal(k))
                    }
                }
                Constraint::Unequal => {
                    // No knapsack, or fewer levels than k: no partition of m into k distinct parts.
                    if let Some(d) = self.distinct.as_ref().filter(|d| k <= d.parts()) {
                        for_each_member(d.set(k, mu), f)
                    }
                }
            }
        }
        match p.more {
            Some((k, Constraint::Any)) if k <= mu => {
                for_each_member(self.engine.xors_at_least(k, mu), f)
            }
            Some((k, Constraint::AllEqual)) => {
                for kk in k..=mu {
                    if mu.is_multiple_of(kk) {
                        f(equal(kk))
                    }
                }
            }
            Some((k, Constraint::NotAllEqual)) if k <= mu => {
                for_each_member(self.engine.not_all_equal_at_least(k, mu), f)
            }
            Some((k, Constraint::Unequal)) => {
                if let Some(d) = &self.distinct {
                    for kk in k..=d.parts().min(mu) {
                        for_each_member(d.set(kk, mu), f)
                    }
                }
            }
            _ => {}
        }
    }

    /// Appends `G(n)`, `n` the number of values pushed so far (start with `G(0) = 0`).
    pub fn push(&mut self, value: Nimber) -> Result<()> {
        let n = self.engine.len();
        self.engine.push(value)?;
        if let Some(d) = &mut self.distinct {
            if n >= 1 {
                d.add(n, value)?;
            }
        }
        Ok(())
    }
}

/// The multi-heap engine as a [`SequenceEngine`]: the plain engine's digit loop ([`super::plain`]) with every move
/// that leaves three or more heaps answered by [`MultiMoves`] instead of enumerated. It applies to every
/// take-and-break code that cannot repeat a position, and is exact by the recurrences of the module docs; it is
/// chosen for the codes some move of which leaves three or more heaps (`8.0`, `0.*`, `0.{3+}`; for the others it is
/// the plain engine's loop itself), where it costs what those recurrences cost (bounded by [`MULTI_MAX_WORK`] and
/// [`MULTI_MAX_WORDS`]) instead of one XOR per partition.
#[derive(Debug, Clone, Copy, Default)]
pub struct MultiHeapEngine;

/// The multi-heap engine.
pub static MULTI: MultiHeapEngine = MultiHeapEngine;

impl SequenceEngine for MultiHeapEngine {
    fn name(&self) -> &'static str {
        "multi-heap"
    }
    fn engine(&self) -> Engine {
        Engine::Plain
    }
    fn applies(&self, game: &HeapGame) -> bool {
        game.code().is_some_and(|c| !c.is_loopy())
    }
    fn max_heap(&self, _game: &HeapGame) -> u64 {
        super::PLAIN_MAX_HEAP_SPLITTING
    }
    fn bytes_per_heap(&self, _threads: usize) -> u64 {
        // The values, and the engine's own sets, bounded by MULTI_MAX_WORDS on their own.
        16
    }
    fn extend(
        &self,
        game: &HeapGame,
        values: &mut Vec<Nimber>,
        to: u64,
        _threads: usize,
        limits: &Limits,
        progress: &mut dyn FnMut(u64),
    ) -> Result<()> {
        let Some(code) = game.code() else {
            return Err(Error::unsupported(format!(
                "{}: the multi-heap engine computes take-and-break codes only",
                game.name()
            )));
        };
        super::plain::code_extend_limited(code, &game.name(), values, to, limits, progress)
    }
}

/// Splits a digit's counts `k ≥ 3` between the engine and enumeration.
fn plan(d: &Digit) -> Plan {
    let mut p = Plan::default();
    let most = d.max_heaps();
    if most < 3 {
        return p;
    }
    // With "or more", every count from `more_from` (at most 64) on has the constraint `more`; explicit counts
    // just below it with the same constraint join the tail.
    let (last, tail) = match d.more() {
        Some(c) => {
            let mut from = d.more_from().max(3);
            while from > 3 && d.constraint(from - 1) == Some(c) {
                from -= 1;
            }
            (from - 1, Some((from, c)))
        }
        None => (most, None),
    };
    for k in 3..=last {
        match d.constraint(k) {
            None => {}
            Some(c) => p.exact.push((k, c)),
        }
    }
    p.more = tail;
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::code::partitions;

    fn members(set: &[u64]) -> Vec<Nimber> {
        let mut v = vec![];
        for_each_member(set, &mut |x| v.push(x));
        v
    }

    #[test]
    fn permuting_bits_is_xor_of_positions() {
        for lo in 0..64u32 {
            for p in [0u32, 1, 5, 17, 32, 63] {
                assert_eq!(permute(1u64 << p, lo), 1u64 << (p ^ lo), "lo {lo} bit {p}");
            }
        }
        let mut dst = vec![0u64; 4];
        or_translated(&mut dst, &[0b101, 0, 1 << 3, 0], 130);
        // {0, 2, 131} ⊕ 130 = {130, 128, 1}.
        assert_eq!(members(&dst), vec![1, 128, 130]);
    }

    /// The sets by partition enumeration, for a made-up sequence with values up to 200 (so the width grows).
    #[test]
    fn sets_agree_with_partitions() {
        let g: Vec<Nimber> = (0..26u64)
            .map(|i| {
                if i == 0 {
                    0
                } else {
                    (i * 37 + i * i * 11) % 201
                }
            })
            .collect();
        let mut e = MultiHeap::new(6, true, 5).with_not_all_equal_at_least(5);
        let mut buf = vec![];
        for (n, &v) in g.iter().enumerate() {
            e.push(v).unwrap();
            let m = n + 1;
            if m >= g.len() {
                break;
            }
            for k in 2..=6 {
                let mut want = std::collections::BTreeSet::new();
                let mut nae = std::collections::BTreeSet::new();
                partitions(m as u64, k, Constraint::Any, &mut buf, &mut |h| {
                    want.insert(h.iter().fold(0, |x, &a| x ^ g[a as usize]));
                });
                partitions(m as u64, k, Constraint::NotAllEqual, &mut buf, &mut |h| {
                    nae.insert(h.iter().fold(0, |x, &a| x ^ g[a as usize]));
                });
                assert_eq!(
                    members(e.xors(k, m)),
                    want.into_iter().collect::<Vec<_>>(),
                    "S_{k}({m})"
                );
                let mut got = vec![];
                e.not_all_equal(k, m, &mut |x| got.push(x));
                assert_eq!(
                    got,
                    nae.into_iter().collect::<Vec<_>>(),
                    "not all equal {k} {m}"
                );
            }
            for kk in 2..=5 {
                let mut want = std::collections::BTreeSet::new();
                for k in kk..=m {
                    partitions(m as u64, k, Constraint::Any, &mut buf, &mut |h| {
                        want.insert(h.iter().fold(0, |x, &a| x ^ g[a as usize]));
                    });
                }
                let mut nae = std::collections::BTreeSet::new();
                for k in kk.max(2)..=m {
                    partitions(m as u64, k, Constraint::NotAllEqual, &mut buf, &mut |h| {
                        nae.insert(h.iter().fold(0, |x, &a| x ^ g[a as usize]));
                    });
                }
                let one = if kk == 2 { 1 } else { kk };
                let mut nae_one = std::collections::BTreeSet::new();
                for k in one.max(2)..=m {
                    partitions(m as u64, k, Constraint::NotAllEqual, &mut buf, &mut |h| {
                        nae_one.insert(h.iter().fold(0, |x, &a| x ^ g[a as usize]));
                    });
                }
                assert_eq!(
                    members(e.not_all_equal_at_least(kk, m)),
                    nae.into_iter().collect::<Vec<_>>(),
                    "T'_{kk}({m})"
                );
                assert_eq!(
                    members(e.not_all_equal_at_least(one, m)),
                    nae_one.into_iter().collect::<Vec<_>>(),
                    "T'_{one}({m})"
                );
                assert_eq!(
                    members(e.xors_at_least(kk, m)),
                    want.into_iter().collect::<Vec<_>>(),
                    "T_{kk}({m})"
                );
            }
        }
        assert!(e.work() > 0);
    }

    #[test]
    fn distinct_parts_agree_with_partitions() {
        let g: Vec<Nimber> = (0..40u64).map(|i| (i * 53 + i * i * 7) % 150).collect();
        let to = 39;
        let mut d = DistinctParts::new(most_distinct_parts(to as u64), to).unwrap();
        assert_eq!(d.parts(), 8); // 1 + 2 + … + 8 = 36 ≤ 39 < 45
        let mut buf = vec![];
        for (s, &v) in g.iter().enumerate().skip(1) {
            // Sizes 1..s−1 are in: every partition of m ≤ s into two or more distinct parts is covered.
            for m in 2..=s {
                for j in 2..=d.parts() {
                    let mut want = std::collections::BTreeSet::new();
                    partitions(m as u64, j, Constraint::Unequal, &mut buf, &mut |h| {
                        want.insert(h.iter().fold(0, |x, &a| x ^ g[a as usize]));
                    });
                    assert_eq!(
                        members(d.set(j, m)),
                        want.into_iter().collect::<Vec<_>>(),
                        "D[{j}][{m}] with sizes below {s}"
                    );
                }
            }
            d.add(s, v).unwrap();
        }
    }

    #[test]
    fn distinct_parts_of_huge_heaps_are_counted_without_a_loop() {
        for to in [0u64, 1, 2, 3, 5, 6, 9, 10, 39, 1000] {
            let k = most_distinct_parts(to) as u64;
            assert!(k * (k + 1) / 2 <= to && (k + 1) * (k + 2) / 2 > to, "{to}");
        }
        // k(k+1)/2 ≤ 2^64 − 1 < (k+1)(k+2)/2 for k = 6074000999 (√(2^65) ≈ 6074001000.2).
        assert_eq!(most_distinct_parts(u64::MAX), 6_074_000_999);
        // A heap far beyond the engine's memory is refused before anything is sized from it.
        for to in [u64::MAX, 1 << 63, MULTI_MAX_WORDS] {
            let e = MultiMoves::for_code(&Code::parse("0.8!").unwrap(), to).unwrap_err();
            assert_eq!(e.kind(), crate::ErrorKind::Limit, "{e}");
            assert!(e.message().contains("memory limit"), "{e}");
        }
        assert!(MultiMoves::for_code(&Code::parse("0.8!").unwrap(), 100).is_ok());
    }

    #[test]
    fn memory_limit_is_an_error() {
        let mut e = MultiHeap::new(3, false, 0);
        e.push(0).unwrap();
        let err = e.push(1 << 40).unwrap_err();
        assert_eq!(err.kind(), crate::ErrorKind::Limit);
        assert!(err.message().contains("memory limit"), "{err}");
        let mut d = DistinctParts::new(3, 1000).unwrap();
        let err = d.add(1, 1 << 40).unwrap_err();
        assert!(err.message().contains("memory limit"), "{err}");
    }

    #[test]
    fn plans_split_counts() {
        let c = Code::parse("0.{2,3!,4?,5=,7+}").unwrap();
        let p = plan(c.digit(1));
        assert_eq!(
            p.exact,
            vec![
                (3, Constraint::Unequal),
                (4, Constraint::NotAllEqual),
                (5, Constraint::AllEqual)
            ]
        );
        assert_eq!(p.more, Some((7, Constraint::Any)));
        let p = plan(Code::parse("0.{3?+}").unwrap().digit(1));
        assert_eq!(p.more, Some((3, Constraint::NotAllEqual)));
        assert!(p.exact.is_empty());
        let p = plan(Code::parse("0.{1+}").unwrap().digit(1));
        assert_eq!(p.more, Some((3, Constraint::Any)));
        assert!(MultiMoves::for_code(&Code::parse("0.77").unwrap(), 10)
            .unwrap()
            .is_none());
        assert!(MultiMoves::for_code(&Code::parse("8!.0").unwrap(), 10)
            .unwrap()
            .is_some());
    }
}
