//! The field of nimbers below 2^64: nim-multiplication, powers and inverses.
//!
//! **What it computes.** Conway's nim-product `a ⊗ b`, defined by the mex rule
//! `a ⊗ b = mex{ (a' ⊗ b) ⊕ (a ⊗ b') ⊕ (a' ⊗ b') : a' < a, b' < b }` (On Numbers and Games, ch. 6; Winning Ways,
//! ch. 14). With nim-addition (XOR) it makes every set `{0, …, 2^(2^k) − 1}` a field, so the nimbers below 2^64 are
//! the field GF(2^64); [`pow`] and [`inv`] are its powers and inverses. The nim-value of a product of games such as
//! Coins or Turning Corners is the nim-product of the factors' values.
//!
//! **Why the method is correct.** For a Fermat 2-power `F = 2^(2^k)` and `x, y < F`: `x ⊗ F` is the ordinary
//! product `x·F`, and `F ⊗ F = F ⊕ F/2` (ONAG, Theorem 49). Writing `a = a₁F ⊕ a₀`, `b = b₁F ⊕ b₀` gives
//!
//! `a ⊗ b = ((a₀⊕a₁)⊗(b₀⊕b₁) ⊕ a₀⊗b₀)·F ⊕ (a₀⊗b₀ ⊕ (a₁⊗b₁)⊗(F/2))`,
//!
//! three half-size products (Karatsuba). [`mul_slow`] applies this down to single bits; it is the reference. The
//! fast [`mul`] stops at 16 bits, where the nimbers below 2^16 are the field GF(2^16): its multiplicative group is
//! cyclic of order 65535, so with a generator `g` (found by checking `g^(65535/p) ≠ 1` for p = 3, 5, 17, 257) a
//! product is `exp[log x + log y]`, and `(x ⊗ y) ⊗ 2^15` is `exp[log x + log y + log 2^15]`. The 64-bit product is
//! then nine 16-bit table products and one multiplication by the constant 2^31 (linear over XOR, so four
//! byte-indexed tables). Tests check [`mul`] against [`mul_slow`], and [`mul_slow`] against the mex definition.
//!
//! **Cost.** [`mul`]: 18 reads of the 256 KiB log table, 9 of the exp table (384 KiB in use; a zero tail, 768 KiB
//! of untouched pages, absorbs the logs of zero), 4 of 1 KiB tables; no branches on the data. The tables are built
//! once, on first use, in a few milliseconds. [`pow`]: at most 128 products; [`inv`]: `a^(2^64 − 2)` (Lagrange: the group has order 2^64 − 1).

use std::sync::OnceLock;

/// The reference nim-product: the Karatsuba recursion down to single bits. Slow; for tests and table building.
pub fn mul_slow(a: u64, b: u64) -> u64 {
    mul_rec(a, b, 64)
}

fn mul_rec(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    if a == 0 || b == 0 {
        return 0;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0, b1, b0) = (a >> half, a & mask, b >> half, b & mask);
    let c0 = mul_rec(a0, b0, half);
    let c2 = mul_rec(a1, b1, half);
    let c1 = mul_rec(a0 ^ a1, b0 ^ b1, half) ^ c0;
    (c1 << half) | (c0 ^ mul_rec(c2, 1u64 << (half - 1), half))
}

const ORDER16: usize = 65535;
/// `log[0]`: far enough out that every sum of logs with a zero factor lands in the zero tail of `exp`.
const LOG_ZERO: u32 = 3 * ORDER16 as u32;

/// The tables of the fast product.
pub struct Tables {
    log: Vec<u32>,
    exp: Vec<u16>,
    /// `log 2^15` in GF(2^16).
    log_h: u32,
    /// `mul31[i][c] = (c << 8i) ⊗ 2^31` for bytes `c`.
    mul31: [[u32; 256]; 4],
}

/// A cache: the tables are the same for every caller and cost about a millisecond to build, so they are built once
/// per process, on first use, and only read after.
static TABLES: OnceLock<Tables> = OnceLock::new();

impl Tables {
    /// The shared tables, built on first use.
    pub fn get() -> &'static Tables {
        TABLES.get_or_init(Tables::build)
    }

    fn build() -> Tables {
        let pow16 = |mut a: u64, mut k: u64| {
            let mut r = 1;
            while k > 0 {
                if k & 1 == 1 {
                    r = mul_rec(r, a, 16);
                }
                a = mul_rec(a, a, 16);
                k >>= 1;
            }
            r
        };
        let g = (2u64..)
            .find(|&g| [3u64, 5, 17, 257].iter().all(|&p| pow16(g, 65535 / p) != 1))
            .expect("GF(2^16) has a generator");
        // Multiplying by g is linear over XOR: one table entry per bit of x.
        let by_g: Vec<u64> = (0..16).map(|i| mul_rec(1 << i, g, 16)).collect();
        let mut exp = vec![0u16; 3 * LOG_ZERO as usize];
        let mut log = vec![LOG_ZERO; 1 << 16];
        let mut x = 1u64;
        for (i, e) in exp.iter_mut().take(ORDER16).enumerate() {
            *e = x as u16;
            log[x as usize] = i as u32;
            x = (0..16)
                .filter(|&b| x >> b & 1 == 1)
                .fold(0, |acc, b| acc ^ by_g[b]);
        }
        assert_eq!(x, 1, "g generates GF(2^16)*");
        for i in ORDER16..3 * ORDER16 {
            exp[i] = exp[i - ORDER16];
        }
        // Multiplying by 2^31 is linear over XOR: 32 products of single bits give every byte table entry.
        let bit31: Vec<u32> = (0..32)
            .map(|i| mul_rec(1 << i, 1 << 31, 32) as u32)
            .collect();
        let mut mul31 = [[0u32; 256]; 4];
        for (i, row) in mul31.iter_mut().enumerate() {
            for (c, e) in row.iter_mut().enumerate() {
                *e = (0..8)
                    .filter(|&b| c >> b & 1 == 1)
                    .fold(0, |acc, b| acc ^ bit31[8 * i + b]);
            }
        }
        Tables {
            log_h: log[1 << 15],
            log,
            exp,
            mul31,
        }
    }

    #[inline(always)]
    fn lg(&self, x: u32) -> u32 {
        // SAFETY-free indexing: x < 2^16 always, the table has 2^16 entries.
        self.log[(x & 0xFFFF) as usize]
    }

    #[inline(always)]
    fn ex(&self, i: u32) -> u32 {
        self.exp[i as usize] as u32
    }

    /// The nim-product of two 32-bit nimbers, from the logs of their halves.
    #[inline(always)]
    fn mul32(&self, a: u32, b: u32) -> u32 {
        let (a0, a1) = (a & 0xFFFF, a >> 16);
        let (b0, b1) = (b & 0xFFFF, b >> 16);
        let c0 = self.ex(self.lg(a0) + self.lg(b0));
        let c2h = self.ex(self.lg(a1) + self.lg(b1) + self.log_h);
        let c1 = self.ex(self.lg(a0 ^ a1) + self.lg(b0 ^ b1)) ^ c0;
        (c1 << 16) | (c0 ^ c2h)
    }

    #[inline(always)]
    fn times_2_31(&self, c: u32) -> u32 {
        self.mul31[0][(c & 0xFF) as usize]
            ^ self.mul31[1][(c >> 8 & 0xFF) as usize]
            ^ self.mul31[2][(c >> 16 & 0xFF) as usize]
            ^ self.mul31[3][(c >> 24) as usize]
    }

    /// The nim-product `a ⊗ b`.
    #[inline]
    pub fn mul(&self, a: u64, b: u64) -> u64 {
        let (a0, a1) = (a as u32, (a >> 32) as u32);
        let (b0, b1) = (b as u32, (b >> 32) as u32);
        let c0 = self.mul32(a0, b0);
        let c2 = self.mul32(a1, b1);
        let c1 = self.mul32(a0 ^ a1, b0 ^ b1) ^ c0;
        ((c1 as u64) << 32) | (c0 ^ self.times_2_31(c2)) as u64
    }
}

/// The nim-product `a ⊗ b` (fast: table-driven; see the module docs).
///
/// # Example
///
/// Below 4 the nimbers are the field GF(4): `2 ⊗ 2 = 3` and `2 ⊗ 3 = 1` (so `3` is the inverse of `2`). A Fermat
/// 2-power times a smaller nimber is the ordinary product, and `F ⊗ F = 3F/2`.
///
/// ```rust
/// use grundy::nimber::field::mul;
///
/// assert_eq!(mul(2, 2), 3);
/// assert_eq!(mul(2, 3), 1);
/// assert_eq!(mul(4, 3), 12);
/// assert_eq!(mul(16, 16), 24);
/// assert_eq!(mul(1 << 32, 1 << 32), 3 << 31);
/// ```
#[inline]
pub fn mul(a: u64, b: u64) -> u64 {
    Tables::get().mul(a, b)
}

/// `a` nim-raised to the `k`-th power (`a^0 = 1`, also for `a = 0`), by repeated squaring.
pub fn pow(a: u64, mut k: u64) -> u64 {
    let t = Tables::get();
    let (mut r, mut a) = (1u64, a);
    while k > 0 {
        if k & 1 == 1 {
            r = t.mul(r, a);
        }
        a = t.mul(a, a);
        k >>= 1;
    }
    r
}

/// The nim-inverse of `a`, or `None` for 0: `a^(2^64 − 2)`, since `a^(2^64 − 1) = 1` for `a ≠ 0`.
pub fn inv(a: u64) -> Option<u64> {
    (a != 0).then(|| pow(a, u64::MAX - 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The nim-product straight from the mex definition, for `a, b < n`.
    fn mex_table(n: usize) -> Vec<Vec<u64>> {
        let mut t = vec![vec![0u64; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut seen = vec![false; 4 * n + 2];
                for a2 in 0..a {
                    for b2 in 0..b {
                        let v = (t[a2][b] ^ t[a][b2] ^ t[a2][b2]) as usize;
                        if v < seen.len() {
                            seen[v] = true;
                        }
                    }
                }
                t[a][b] = seen.iter().position(|&s| !s).unwrap() as u64;
            }
        }
        t
    }

    #[test]
    fn products_agree_with_the_mex_definition() {
        let t = mex_table(70);
        for (a, row) in t.iter().enumerate() {
            for (b, &v) in row.iter().enumerate() {
                assert_eq!(mul_slow(a as u64, b as u64), v, "{a} x {b}");
                assert_eq!(mul(a as u64, b as u64), v, "{a} x {b}");
            }
        }
        // Known values: 2 ⊗ 2 = 3, 4 ⊗ 4 = 6, 16 ⊗ 16 = 24 (F ⊗ F = 3F/2).
        assert_eq!(mul(2, 2), 3);
        assert_eq!(mul(4, 4), 6);
        assert_eq!(mul(16, 16), 24);
        assert_eq!(mul(1 << 32, 1 << 32), 3 << 31);
    }

    #[test]
    fn judge_sample_values() {
        // yosupo nim_product_64, sample 1.
        assert_eq!(mul(3141, 5926), 14994);
        assert_eq!(mul(u64::MAX, u64::MAX), 11290409524105353207);
    }

    proptest! {
        #[test]
        fn fast_product_is_the_reference(a in any::<u64>(), b in any::<u64>()) {
            prop_assert_eq!(mul(a, b), mul_slow(a, b));
            prop_assert_eq!(mul(a, b), mul(b, a));
        }

        #[test]
        fn field_laws(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
            prop_assert_eq!(mul(mul(a, b), c), mul(a, mul(b, c)));
            prop_assert_eq!(mul(a, b ^ c), mul(a, b) ^ mul(a, c));
            prop_assert_eq!(mul(a, 1), a);
            if a != 0 {
                let i = inv(a).unwrap();
                prop_assert_eq!(mul(a, i), 1);
            }
        }

        #[test]
        fn powers_multiply(a in any::<u64>(), j in 0u64..40, k in 0u64..40) {
            prop_assert_eq!(mul(pow(a, j), pow(a, k)), pow(a, j + k));
            let mut r = 1;
            for _ in 0..k { r = mul(r, a); }
            prop_assert_eq!(pow(a, k), r);
        }
    }

    #[test]
    fn zero_has_no_inverse() {
        assert_eq!(inv(0), None);
        assert_eq!(inv(1), Some(1));
        assert_eq!(inv(2), Some(3)); // 2 ⊗ 3 = 1
    }
}
