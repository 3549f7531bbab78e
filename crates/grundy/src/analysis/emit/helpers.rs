//! The helpers an emitted function calls (the base functions of the candidate library, an exact integer square
//! root, nim multiplication, exact Beatty numbers, Fibonacci and Zeckendorf tests), written once per language:
//! the text of a helper is the one part of an emitted program that is not described once ([`super::code`]).

use super::Language;
use crate::analysis::pattern::candidates::Base;

/// A helper function of the emitted code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Helper {
    /// A base function of the candidate library (named as [`Base::name`]; nothing for [`Base::N`]).
    Base(Base),
    /// `nim_mul(x, y, 32)`: the nim product of two numbers below 2^64.
    NimMul,
    /// `beatty(k, u, d, w)` = `⌊k(u + √d)/w⌋` exactly, and `beatty_index(m, u, d, w)`, the largest `k ≤ m` with
    /// `beatty(k) ≤ m` (for `α ≥ 1`).
    Beatty,
    /// `is_fibonacci(m)`.
    IsFibonacci,
    /// `zeckendorf_tail(m)`: the number of 0s that end the Zeckendorf representation of `m ≥ 1`.
    ZeckendorfTail,
}

impl Helper {
    /// The helpers this one calls.
    pub fn needs(self) -> &'static [Helper] {
        match self {
            Helper::Base(Base::TriRoot) => &[Helper::Base(Base::Isqrt)],
            _ => &[],
        }
    }
    /// Whether its C++ uses 128-bit integers.
    pub fn wide(self) -> bool {
        self == Helper::Beatty
    }
    /// Whether its Python uses the `math` module.
    pub fn uses_math(self) -> bool {
        matches!(
            self,
            Helper::Base(Base::Isqrt | Base::TriRoot) | Helper::Beatty
        )
    }
}

/// The text of helper `h` in language `l`.
pub(super) fn helper(h: Helper, l: Language) -> String {
    let [cpp, rust, python] = texts(h);
    match l {
        Language::Cpp => cpp,
        Language::Rust => rust,
        Language::Python => python,
    }
    .to_string()
}

/// The text of helper `h` in C++, Rust and Python, side by side.
///
/// Long: one arm per helper, each the helper's three texts (the base functions' bodies written out), so that a
/// helper is read and changed in its three languages at once.
fn texts(h: Helper) -> [&'static str; 3] {
    match h {
        Helper::Base(Base::N) => ["", "", ""],
        Helper::Base(Base::Popcount) => [
            "static u64 popcount(u64 m) { return (u64)__builtin_popcountll(m); }\n",
            "fn popcount(m: u64) -> u64 {\n    m.count_ones() as u64\n}\n",
            "def popcount(m: int) -> int:\n    return bin(m).count(\"1\")\n",
        ],
        Helper::Base(Base::Parity) => [
            "static u64 parity(u64 m) { return (u64)(__builtin_popcountll(m) & 1); }\n",
            "fn parity(m: u64) -> u64 {\n    (m.count_ones() & 1) as u64\n}\n",
            "def parity(m: int) -> int:\n    return bin(m).count(\"1\") & 1\n",
        ],
        Helper::Base(Base::Odious) => [
            "// The m-th odious number (an odd number of 1 bits), odious(0) = 1.\nstatic u64 odious(u64 m) { return 2 * m + 1 - (u64)(__builtin_popcountll(m) & 1); }\n",
            "/// The m-th odious number (an odd number of 1 bits), odious(0) = 1.\nfn odious(m: u64) -> u64 {\n    2 * m + 1 - (m.count_ones() & 1) as u64\n}\n",
            "def odious(m: int) -> int:\n    \"\"\"The m-th odious number (an odd number of 1 bits), odious(0) = 1.\"\"\"\n    return 2 * m + 1 - (bin(m).count(\"1\") & 1)\n",
        ],
        Helper::Base(Base::Evil) => [
            "// The m-th evil number (an even number of 1 bits), evil(0) = 0.\nstatic u64 evil(u64 m) { return 2 * m + (u64)(__builtin_popcountll(m) & 1); }\n",
            "/// The m-th evil number (an even number of 1 bits), evil(0) = 0.\nfn evil(m: u64) -> u64 {\n    2 * m + (m.count_ones() & 1) as u64\n}\n",
            "def evil(m: int) -> int:\n    \"\"\"The m-th evil number (an even number of 1 bits), evil(0) = 0.\"\"\"\n    return 2 * m + (bin(m).count(\"1\") & 1)\n",
        ],
        Helper::Base(Base::TrailingOnes) => [
            "// The index of the lowest 0 bit of m.\nstatic u64 trailing_ones(u64 m) { return ~m == 0 ? 64 : (u64)__builtin_ctzll(~m); }\n",
            "/// The index of the lowest 0 bit of m.\nfn trailing_ones(m: u64) -> u64 {\n    m.trailing_ones() as u64\n}\n",
            "def trailing_ones(m: int) -> int:\n    \"\"\"The index of the lowest 0 bit of m.\"\"\"\n    return ((m + 1) & -(m + 1)).bit_length() - 1\n",
        ],
        Helper::Base(Base::V2) => [
            "// The 2-adic valuation of m >= 1.\nstatic u64 v2(u64 m) { return (u64)__builtin_ctzll(m); }\n",
            "/// The 2-adic valuation of m >= 1.\nfn v2(m: u64) -> u64 {\n    m.trailing_zeros() as u64\n}\n",
            "def v2(m: int) -> int:\n    \"\"\"The 2-adic valuation of m >= 1.\"\"\"\n    return (m & -m).bit_length() - 1\n",
        ],
        Helper::Base(Base::Ruler) => [
            "// 2^v2(m), the lowest set bit of m >= 1.\nstatic u64 ruler(u64 m) { return m & (~m + 1); }\n",
            "/// 2^v2(m), the lowest set bit of m >= 1.\nfn ruler(m: u64) -> u64 {\n    m & m.wrapping_neg()\n}\n",
            "def ruler(m: int) -> int:\n    \"\"\"2^v2(m), the lowest set bit of m >= 1.\"\"\"\n    return m & -m\n",
        ],
        Helper::Base(Base::FloorLog2) => [
            "static u64 floor_log2(u64 m) { return 63 - (u64)__builtin_clzll(m); }\n",
            "fn floor_log2(m: u64) -> u64 {\n    63 - m.leading_zeros() as u64\n}\n",
            "def floor_log2(m: int) -> int:\n    return m.bit_length() - 1\n",
        ],
        Helper::Base(Base::HighestBit) => [
            "static u64 highest_bit(u64 m) { return 1ULL << (63 - __builtin_clzll(m)); }\n",
            "fn highest_bit(m: u64) -> u64 {\n    1u64 << (63 - m.leading_zeros())\n}\n",
            "def highest_bit(m: int) -> int:\n    return 1 << (m.bit_length() - 1)\n",
        ],
        Helper::Base(Base::BigOmega) => [
            "// The number of prime factors of m >= 1, with multiplicity (trial division).\nstatic u64 bigomega(u64 m) {\n    u64 k = 0;\n    for (u64 p = 2; p <= m / p; p += (p == 2 ? 1 : 2))\n        while (m % p == 0) {\n            m /= p;\n            k++;\n        }\n    return m > 1 ? k + 1 : k;\n}\n",
            "/// The number of prime factors of m >= 1, with multiplicity (trial division).\nfn bigomega(mut m: u64) -> u64 {\n    let (mut k, mut p) = (0, 2u64);\n    while p <= m / p {\n        while m % p == 0 {\n            m /= p;\n            k += 1;\n        }\n        p += if p == 2 { 1 } else { 2 };\n    }\n    if m > 1 {\n        k + 1\n    } else {\n        k\n    }\n}\n",
            "def bigomega(m: int) -> int:\n    \"\"\"The number of prime factors of m >= 1, with multiplicity (trial division).\"\"\"\n    k, p = 0, 2\n    while p * p <= m:\n        while m % p == 0:\n            m //= p\n            k += 1\n        p += 1 if p == 2 else 2\n    return k + 1 if m > 1 else k\n",
        ],
        Helper::Base(Base::Omega) => [
            "// The number of distinct prime factors of m >= 1 (trial division).\nstatic u64 omega(u64 m) {\n    u64 k = 0;\n    for (u64 p = 2; p <= m / p; p += (p == 2 ? 1 : 2))\n        if (m % p == 0) {\n            k++;\n            while (m % p == 0) m /= p;\n        }\n    return m > 1 ? k + 1 : k;\n}\n",
            "/// The number of distinct prime factors of m >= 1 (trial division).\nfn omega(mut m: u64) -> u64 {\n    let (mut k, mut p) = (0, 2u64);\n    while p <= m / p {\n        if m % p == 0 {\n            k += 1;\n            while m % p == 0 {\n                m /= p;\n            }\n        }\n        p += if p == 2 { 1 } else { 2 };\n    }\n    if m > 1 {\n        k + 1\n    } else {\n        k\n    }\n}\n",
            "def omega(m: int) -> int:\n    \"\"\"The number of distinct prime factors of m >= 1 (trial division).\"\"\"\n    k, p = 0, 2\n    while p * p <= m:\n        if m % p == 0:\n            k += 1\n            while m % p == 0:\n                m //= p\n        p += 1 if p == 2 else 2\n    return k + 1 if m > 1 else k\n",
        ],
        Helper::Base(Base::Tau) => [
            "// The number of divisors of m >= 1 (trial division).\nstatic u64 tau(u64 m) {\n    u64 d = 1;\n    for (u64 p = 2; p <= m / p; p += (p == 2 ? 1 : 2)) {\n        u64 e = 0;\n        while (m % p == 0) {\n            m /= p;\n            e++;\n        }\n        d *= e + 1;\n    }\n    return m > 1 ? 2 * d : d;\n}\n",
            "/// The number of divisors of m >= 1 (trial division).\nfn tau(mut m: u64) -> u64 {\n    let (mut d, mut p) = (1u64, 2u64);\n    while p <= m / p {\n        let mut e = 0;\n        while m % p == 0 {\n            m /= p;\n            e += 1;\n        }\n        d *= e + 1;\n        p += if p == 2 { 1 } else { 2 };\n    }\n    if m > 1 {\n        2 * d\n    } else {\n        d\n    }\n}\n",
            "def tau(m: int) -> int:\n    \"\"\"The number of divisors of m >= 1 (trial division).\"\"\"\n    d, p = 1, 2\n    while p * p <= m:\n        e = 0\n        while m % p == 0:\n            m //= p\n            e += 1\n        d *= e + 1\n        p += 1 if p == 2 else 2\n    return 2 * d if m > 1 else d\n",
        ],
        Helper::Base(Base::OddPart) => [
            "static u64 odd_part(u64 m) { return m >> __builtin_ctzll(m); }\n",
            "fn odd_part(m: u64) -> u64 {\n    m >> m.trailing_zeros()\n}\n",
            "def odd_part(m: int) -> int:\n    return m // (m & -m)\n",
        ],
        Helper::Base(Base::Isqrt) => [
            CPP_ISQRT,
            RUST_ISQRT,
            "def isqrt(m: int) -> int:\n    return math.isqrt(m)\n",
        ],
        Helper::Base(Base::TriRoot) => [
            CPP_TRI,
            RUST_TRI,
            "def tri_root(m: int) -> int:\n    \"\"\"The largest k with k(k+1)/2 <= m.\"\"\"\n    return (math.isqrt(8 * m + 1) - 1) // 2\n",
        ],
        Helper::Base(Base::FibIndex) => [
            "// The largest k with F(k) <= m, F(1) = F(2) = 1, for m >= 1.\nstatic u64 fib_index(u64 m) {\n    u64 a = 1, b = 1, k = 2;\n    while (b <= m - a) {\n        u64 c = a + b;\n        a = b;\n        b = c;\n        k++;\n    }\n    return k;\n}\n",
            "/// The largest k with F(k) <= m, F(1) = F(2) = 1, for m >= 1.\nfn fib_index(m: u64) -> u64 {\n    let (mut a, mut b, mut k) = (1u64, 1u64, 2u64);\n    while b <= m - a {\n        let c = a + b;\n        a = b;\n        b = c;\n        k += 1;\n    }\n    k\n}\n",
            "def fib_index(m: int) -> int:\n    \"\"\"The largest k with F(k) <= m, F(1) = F(2) = 1, for m >= 1.\"\"\"\n    a, b, k = 1, 1, 2\n    while a + b <= m:\n        a, b, k = b, a + b, k + 1\n    return k\n",
        ],
        Helper::NimMul => [CPP_NIM_MUL, RUST_NIM_MUL, PYTHON_NIM_MUL],
        Helper::Beatty => [CPP_BEATTY, RUST_BEATTY, PYTHON_BEATTY],
        Helper::IsFibonacci => [CPP_FIB, RUST_FIB, PYTHON_FIB],
        Helper::ZeckendorfTail => [CPP_ZECK, RUST_ZECK, PYTHON_ZECK],
    }
}

const CPP_ISQRT: &str = "// floor(sqrt(x)), exactly: a floating-point guess corrected in integers.\nstatic u64 isqrt(u64 x) {\n    u64 r = (u64)sqrtl((long double)x);\n    while (r > 0 && r > x / r) r--;\n    while (r + 1 <= x / (r + 1)) r++;\n    return r;\n}\n";
const CPP_TRI: &str = "// The largest k with k(k+1)/2 <= m (isqrt(2m) or one less).\nstatic u64 tri_root(u64 m) {\n    u64 k = isqrt(2 * m);\n    if (k * (k + 1) / 2 > m) k--;\n    return k;\n}\n";

const RUST_ISQRT: &str = "/// floor(sqrt(x)), exactly: a floating-point guess corrected in integers.\nfn isqrt(x: u64) -> u64 {\n    let mut r = (x as f64).sqrt() as u64;\n    while r > 0 && r > x / r {\n        r -= 1;\n    }\n    while r + 1 <= x / (r + 1) {\n        r += 1;\n    }\n    r\n}\n";
const RUST_TRI: &str = "/// The largest k with k(k+1)/2 <= m (isqrt(2m) or one less).\nfn tri_root(m: u64) -> u64 {\n    let k = isqrt(2 * m);\n    if k * (k + 1) / 2 > m {\n        k - 1\n    } else {\n        k\n    }\n}\n";

const CPP_NIM_MUL: &str = r#"// The nim product of x, y < 2^(2h) (h a power of 2), by halves: with X = 2^h, X*X = X xor X/2.
static u64 nim_mul(u64 x, u64 y, int h) {
    if (x < 2 || y < 2) return x * y;
    u64 m = (1ULL << h) - 1;
    u64 x0 = x & m, x1 = x >> h, y0 = y & m, y1 = y >> h;
    u64 lo = nim_mul(x0, y0, h / 2);
    u64 hi = nim_mul(x1, y1, h / 2);
    u64 mid = nim_mul(x0 ^ x1, y0 ^ y1, h / 2);
    return ((mid ^ lo) << h) ^ lo ^ nim_mul(hi, 1ULL << (h - 1), h / 2);
}
"#;

const RUST_NIM_MUL: &str = r#"/// The nim product of x, y < 2^(2h) (h a power of 2), by halves: with X = 2^h, X*X = X xor X/2.
fn nim_mul(x: u64, y: u64, h: u32) -> u64 {
    if x < 2 || y < 2 {
        return x * y;
    }
    let m = (1u64 << h) - 1;
    let (x0, x1, y0, y1) = (x & m, x >> h, y & m, y >> h);
    let lo = nim_mul(x0, y0, h / 2);
    let hi = nim_mul(x1, y1, h / 2);
    let mid = nim_mul(x0 ^ x1, y0 ^ y1, h / 2);
    ((mid ^ lo) << h) ^ lo ^ nim_mul(hi, 1u64 << (h - 1), h / 2)
}
"#;

const PYTHON_NIM_MUL: &str = r#"def nim_mul(x: int, y: int, h: int) -> int:
    """The nim product of x, y < 2^(2h) (h a power of 2), by halves: with X = 2^h, X*X = X xor X/2."""
    if x < 2 or y < 2:
        return x * y
    m = (1 << h) - 1
    x0, x1, y0, y1 = x & m, x >> h, y & m, y >> h
    lo = nim_mul(x0, y0, h // 2)
    hi = nim_mul(x1, y1, h // 2)
    mid = nim_mul(x0 ^ x1, y0 ^ y1, h // 2)
    return ((mid ^ lo) << h) ^ lo ^ nim_mul(hi, 1 << (h - 1), h // 2)
"#;

const CPP_BEATTY: &str = r#"// floor(sqrt(x)) for x < 2^128, exactly: a floating-point guess, one Newton step, corrected in integers.
static u128 isqrt128(u128 x) {
    if (x == 0) return 0;
    const u128 top = ~0ULL;
    u128 r = (u128)sqrtl((long double)x);
    if (r < 1) r = 1;
    if (r > top) r = top;
    r = (r + x / r) / 2;
    if (r > top) r = top;
    while (r * r > x) r--;
    while (r < top && (r + 1) * (r + 1) <= x) r++;
    return r;
}

// floor(k(u + sqrt(d))/w), exactly in integers (d*k*k < 2^128: k below 3*10^18 for d <= 30).
static u64 beatty(u64 k, long long u, u64 d, u64 w) {
    __int128 t = (__int128)k * u + (__int128)isqrt128((u128)d * k * k);
    return (u64)(t / (__int128)w);
}

// The largest k <= m with beatty(k, u, d, w) <= m (alpha >= 1, so k <= m).
static u64 beatty_index(u64 m, long long u, u64 d, u64 w) {
    u64 lo = 0, hi = m;
    while (lo < hi) {
        u64 mid = lo + (hi - lo + 1) / 2;
        if (beatty(mid, u, d, w) <= m)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}
"#;

const RUST_BEATTY: &str = r#"/// floor(sqrt(x)) for x < 2^128, exactly: a floating-point guess, one Newton step, corrected in integers.
fn isqrt128(x: u128) -> u128 {
    if x == 0 {
        return 0;
    }
    let top = u64::MAX as u128;
    let mut r = ((x as f64).sqrt() as u128).clamp(1, top);
    r = ((r + x / r) / 2).min(top);
    while r * r > x {
        r -= 1;
    }
    while r < top && (r + 1) * (r + 1) <= x {
        r += 1;
    }
    r
}

/// floor(k(u + sqrt(d))/w), exactly in integers (d*k*k < 2^128: k below 3*10^18 for d <= 30).
fn beatty(k: u64, u: i64, d: u64, w: u64) -> u64 {
    let root = isqrt128(d as u128 * k as u128 * k as u128) as i128;
    ((k as i128 * u as i128 + root) / w as i128) as u64
}

/// The largest k <= m with beatty(k, u, d, w) <= m (alpha >= 1, so k <= m).
fn beatty_index(m: u64, u: i64, d: u64, w: u64) -> u64 {
    let (mut lo, mut hi) = (0u64, m);
    while lo < hi {
        let mid = lo + (hi - lo + 1) / 2;
        if beatty(mid, u, d, w) <= m {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}
"#;

const PYTHON_BEATTY: &str = r#"def beatty(k: int, u: int, d: int, w: int) -> int:
    """floor(k(u + sqrt(d))/w), exactly in integers."""
    return (k * u + math.isqrt(d * k * k)) // w


def beatty_index(m: int, u: int, d: int, w: int) -> int:
    """The largest k <= m with beatty(k, u, d, w) <= m (alpha >= 1, so k <= m)."""
    lo, hi = 0, m
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if beatty(mid, u, d, w) <= m:
            lo = mid
        else:
            hi = mid - 1
    return lo
"#;

const CPP_FIB: &str = r#"// Whether m is a Fibonacci number 1, 2, 3, 5, 8, ...
static bool is_fibonacci(u64 m) {
    u64 a = 1, b = 2;
    while (b < m && b <= ~0ULL - a) {
        u64 c = a + b;
        a = b;
        b = c;
    }
    return m == 1 || m == b;
}
"#;

const RUST_FIB: &str = r#"/// Whether m is a Fibonacci number 1, 2, 3, 5, 8, ...
fn is_fibonacci(m: u64) -> bool {
    let (mut a, mut b) = (1u64, 2u64);
    while b < m {
        match a.checked_add(b) {
            Some(c) => {
                a = b;
                b = c;
            }
            None => return false,
        }
    }
    m == 1 || m == b
}
"#;

const PYTHON_FIB: &str = r#"def is_fibonacci(m: int) -> bool:
    """Whether m is a Fibonacci number 1, 2, 3, 5, 8, ..."""
    a, b = 1, 2
    while b < m:
        a, b = b, a + b
    return m == 1 or m == b
"#;

const CPP_ZECK: &str = r#"// The number of 0s that end the Zeckendorf representation of m >= 1 (1 is term 0, 2 term 1, 3 term 2, 5 term 3, ...).
static u64 zeckendorf_tail(u64 m) {
    u64 fib[92];
    int n = 2;
    fib[0] = 1;
    fib[1] = 2;
    while (n < 92 && fib[n - 1] <= m - fib[n - 2]) {
        fib[n] = fib[n - 1] + fib[n - 2];
        n++;
    }
    u64 last = 0;
    for (int i = n - 1; i >= 0; i--)
        if (fib[i] <= m) {
            m -= fib[i];
            last = (u64)i;
        }
    return last;
}
"#;

const RUST_ZECK: &str = r#"/// The number of 0s that end the Zeckendorf representation of m >= 1 (1 is term 0, 2 term 1, 3 term 2, 5 term 3, ...).
fn zeckendorf_tail(mut m: u64) -> u64 {
    let mut fib = [0u64; 92];
    fib[0] = 1;
    fib[1] = 2;
    let mut n = 2;
    while n < 92 && fib[n - 1] <= m - fib[n - 2] {
        fib[n] = fib[n - 1] + fib[n - 2];
        n += 1;
    }
    let mut last = 0;
    for i in (0..n).rev() {
        if fib[i] <= m {
            m -= fib[i];
            last = i as u64;
        }
    }
    last
}
"#;

const PYTHON_ZECK: &str = r#"def zeckendorf_tail(m: int) -> int:
    """The number of 0s that end the Zeckendorf representation of m >= 1 (1 is term 0, 2 term 1, 3 term 2, ...)."""
    fib = [1, 2]
    while fib[-1] + fib[-2] <= m:
        fib.append(fib[-1] + fib[-2])
    last = 0
    for i in range(len(fib) - 1, -1, -1):
        if fib[i] <= m:
            m -= fib[i]
            last = i
    return last
"#;
