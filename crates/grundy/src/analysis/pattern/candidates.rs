//! The library of candidate rules for one-number games: closed forms beyond periods, each tried against the computed
//! values and reported only when it holds exactly on the whole range.
//!
//! **Base functions** ([`Base`], simplest first): `n`; functions of the binary digits (the number of 1 bits and its
//! parity, the `n`-th odious and evil numbers, the index of the lowest 0 bit, the 2-adic valuation `v2(n)` and the
//! ruler function `2^v2(n)`, `⌊log2 n⌋` and the highest set bit); arithmetic functions (the number of prime factors
//! with and without multiplicity, the number of divisors, the largest odd divisor); inverse polynomials (the largest
//! `k` with `k(k+1)/2 ≤ n`, `⌊√n⌋`, the Fibonacci index). Every one is exact integer arithmetic.
//!
//! **Images** ([`Fit`]): `G(n) = (a·f(n + c) + b) / d` and `G(n) = f(n + c) xor x` for `n ≥ from` (`from` the
//! first heap where `f(n + c)` is defined, or one more), the values below `from` listed. The slope `a/d` (a fraction
//! in lowest terms, `d` at most [`MAX_DIVISOR`]) and `b` are read off the first two heaps where `f` differs, `x` off
//! the first heap; then every heap is checked, the division exact at each (`G(n) = (odd_part(n) − 1) / 2` is the
//! rule of moving to a smaller number that does not divide `n`). Candidates are ordered simplest first
//! ([`Fit::complexity`]: the shift, then a scale, a divisor, an offset, a xor, then the base), and the simplest that
//! fits is the rule. When none fits, the candidate that fits longest is named with its first failure.
//!
//! **P-positions alone** ([`PSet`]): when no rule fits the values, the set of P-positions is tried against the evil
//! and odious numbers (shifted), the Fibonacci numbers, the powers of 2, the triangular numbers, the squares, the
//! numbers whose Zeckendorf representation ends in an even or odd number of 0s, and Beatty sequences `⌊kα⌋`
//! (see the parent module for the exact Beatty check).
//!
//! Everything here is *observed* on the range checked: no theorem is applied.
//!
//! **Cost.** Each base is tabulated once over the range (a smallest-prime-factor sieve for the arithmetic
//! functions), then each candidate is one pass over the values that stops at the first mismatch.

use crate::games::wythoff::isqrt;
use crate::nimber::Nimber;

/// The greatest common divisor of `a` and `b` (`gcd(0, 0) = 0`).
fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A base function `f(m)` of the candidate library (serialised as its [`Base::name`], e.g. `"popcount"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Base {
    /// `m` itself.
    N,
    /// The number of 1 bits of `m` (OEIS A000120).
    Popcount,
    /// The number of 1 bits of `m`, mod 2: 1 for odious `m`, 0 for evil `m` (the Thue–Morse sequence, OEIS A010060).
    Parity,
    /// The `m`-th odious number (an odd number of 1 bits), from `odious(0) = 1` (OEIS A000069).
    Odious,
    /// The `m`-th evil number (an even number of 1 bits), from `evil(0) = 0` (OEIS A001969).
    Evil,
    /// The index of the lowest 0 bit of `m` (the number of trailing 1 bits, OEIS A007814 of `m + 1`).
    TrailingOnes,
    /// The 2-adic valuation of `m ≥ 1`: the number of trailing 0 bits (OEIS A007814).
    V2,
    /// The ruler function `2^v2(m)`, the lowest set bit of `m ≥ 1` (OEIS A006519).
    Ruler,
    /// `⌊log2 m⌋` for `m ≥ 1`, the index of the highest set bit (OEIS A000523).
    FloorLog2,
    /// `2^⌊log2 m⌋`, the highest set bit of `m ≥ 1` (OEIS A053644).
    HighestBit,
    /// `Ω(m)`, the number of prime factors of `m ≥ 1` counted with multiplicity (OEIS A001222).
    BigOmega,
    /// `ω(m)`, the number of distinct prime factors of `m ≥ 1` (OEIS A001221).
    Omega,
    /// `d(m)`, the number of divisors of `m ≥ 1` (OEIS A000005).
    Tau,
    /// The largest odd divisor of `m ≥ 1` (OEIS A000265).
    OddPart,
    /// The largest `k` with `k(k+1)/2 ≤ m` (OEIS A003056).
    TriRoot,
    /// `⌊√m⌋` (OEIS A000196).
    Isqrt,
    /// The largest `k` with `F(k) ≤ m`, `F(1) = F(2) = 1` (for `m ≥ 1`): the index of the leading Fibonacci number
    /// of `m`'s Zeckendorf representation.
    FibIndex,
}

impl serde::Serialize for Base {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// The bases tried, simplest first.
pub const BASES: &[Base] = &[
    Base::N,
    Base::Popcount,
    Base::Parity,
    Base::Odious,
    Base::Evil,
    Base::TrailingOnes,
    Base::V2,
    Base::Ruler,
    Base::FloorLog2,
    Base::HighestBit,
    Base::BigOmega,
    Base::Omega,
    Base::Tau,
    Base::OddPart,
    Base::TriRoot,
    Base::Isqrt,
    Base::FibIndex,
];

impl Base {
    /// The function's name in formulas and in emitted code, e.g. `popcount`.
    pub fn name(self) -> &'static str {
        match self {
            Base::N => "n",
            Base::Popcount => "popcount",
            Base::Parity => "parity",
            Base::Odious => "odious",
            Base::Evil => "evil",
            Base::TrailingOnes => "trailing_ones",
            Base::V2 => "v2",
            Base::Ruler => "ruler",
            Base::FloorLog2 => "floor_log2",
            Base::HighestBit => "highest_bit",
            Base::BigOmega => "bigomega",
            Base::Omega => "omega",
            Base::Tau => "tau",
            Base::OddPart => "odd_part",
            Base::TriRoot => "tri_root",
            Base::Isqrt => "isqrt",
            Base::FibIndex => "fib_index",
        }
    }

    /// What the function is, in words (with its OEIS number where it has a well-known one).
    pub fn words(self) -> &'static str {
        match self {
            Base::N => "n",
            Base::Popcount => "popcount(m) = the number of 1 bits of m (OEIS A000120)",
            Base::Parity => {
                "parity(m) = popcount(m) mod 2, 1 for odious m and 0 for evil m (Thue-Morse, OEIS A010060)"
            }
            Base::Odious => {
                "odious(m) = the m-th odious number (odd number of 1 bits), odious(0) = 1 (OEIS A000069)"
            }
            Base::Evil => {
                "evil(m) = the m-th evil number (even number of 1 bits), evil(0) = 0 (OEIS A001969)"
            }
            Base::TrailingOnes => "trailing_ones(m) = the index of the lowest 0 bit of m",
            Base::V2 => "v2(m) = the 2-adic valuation of m, its number of trailing 0 bits (OEIS A007814)",
            Base::Ruler => {
                "ruler(m) = 2^v2(m), the largest power of 2 dividing m, its lowest set bit (OEIS A006519)"
            }
            Base::FloorLog2 => "floor_log2(m) = floor(log2 m), the index of the highest set bit (OEIS A000523)",
            Base::HighestBit => "highest_bit(m) = 2^floor(log2 m), the highest set bit of m (OEIS A053644)",
            Base::BigOmega => {
                "bigomega(m) = the number of prime factors of m counted with multiplicity (OEIS A001222)"
            }
            Base::Omega => "omega(m) = the number of distinct prime factors of m (OEIS A001221)",
            Base::Tau => "tau(m) = the number of divisors of m (OEIS A000005)",
            Base::OddPart => "odd_part(m) = the largest odd divisor of m (OEIS A000265)",
            Base::TriRoot => "tri_root(m) = the largest k with k(k+1)/2 <= m (OEIS A003056)",
            Base::Isqrt => "isqrt(m) = floor(sqrt(m)) (OEIS A000196)",
            Base::FibIndex => {
                "fib_index(m) = the largest k with F(k) <= m, F(1) = F(2) = 1 (the index of the leading term of m's Zeckendorf representation)"
            }
        }
    }

    /// The smallest `m` where the function is defined (0 or 1).
    pub fn defined_from(self) -> u64 {
        match self {
            Base::N
            | Base::Popcount
            | Base::Parity
            | Base::Odious
            | Base::Evil
            | Base::TrailingOnes
            | Base::TriRoot
            | Base::Isqrt => 0,
            _ => 1,
        }
    }

    /// `f(m)`, exactly, for `m ≥ defined_from` (0 below; factorisation by trial division, so meant for small `m`:
    /// [`table`] is the fast way over a range).
    pub fn eval(self, m: u64) -> u64 {
        if m < self.defined_from() {
            return 0;
        }
        match self {
            Base::N => m,
            Base::Popcount => m.count_ones() as u64,
            Base::Parity => (m.count_ones() & 1) as u64,
            Base::Odious => 2 * m + 1 - (m.count_ones() & 1) as u64,
            Base::Evil => 2 * m + (m.count_ones() & 1) as u64,
            Base::TrailingOnes => m.trailing_ones() as u64,
            Base::V2 => m.trailing_zeros() as u64,
            Base::Ruler => m & m.wrapping_neg(),
            Base::FloorLog2 => 63 - m.leading_zeros() as u64,
            Base::HighestBit => 1 << (63 - m.leading_zeros()),
            Base::BigOmega | Base::Omega | Base::Tau => {
                let f = crate::games::arpa::factorise(m);
                match self {
                    Base::BigOmega => f.iter().map(|x| u64::from(x.1)).sum(),
                    Base::Omega => f.len() as u64,
                    _ => f.iter().map(|x| u64::from(x.1) + 1).product(),
                }
            }
            Base::OddPart => m >> m.trailing_zeros(),
            Base::TriRoot => ((isqrt(8 * m as u128 + 1) - 1) / 2) as u64,
            Base::Isqrt => isqrt(m as u128) as u64,
            Base::FibIndex => {
                let (mut a, mut b, mut k) = (1u64, 1u64, 2u64);
                while let Some(c) = a.checked_add(b).filter(|&c| c <= m) {
                    a = b;
                    b = c;
                    k += 1;
                }
                k
            }
        }
    }
}

/// `f(0), …, f(len − 1)` (0 where `f` is undefined), the arithmetic functions by a smallest-prime-factor sieve.
pub fn table(base: Base, len: usize) -> Vec<u64> {
    match base {
        Base::BigOmega | Base::Omega | Base::Tau => {
            let mut spf = vec![0u32; len];
            for i in 2..len {
                if spf[i] == 0 {
                    let mut j = i;
                    while j < len {
                        if spf[j] == 0 {
                            spf[j] = i as u32;
                        }
                        j += i;
                    }
                }
            }
            let mut out = vec![0u64; len];
            for (m, slot) in out.iter_mut().enumerate().skip(1) {
                let (mut x, mut big, mut distinct, mut divisors) = (m, 0u64, 0u64, 1u64);
                while x > 1 {
                    let p = spf[x] as usize;
                    let mut e = 0;
                    while x % p == 0 {
                        x /= p;
                        e += 1;
                    }
                    big += e;
                    distinct += 1;
                    divisors *= e + 1;
                }
                *slot = match base {
                    Base::BigOmega => big,
                    Base::Omega => distinct,
                    _ => divisors,
                };
            }
            out
        }
        _ => (0..len as u64).map(|m| base.eval(m)).collect(),
    }
}

/// A candidate rule that fits: `G(n) = (scale·f(n + shift) + offset) / divisor` (or `f(n + shift) xor xor` when
/// `xor ≠ 0`) for every `n ≥ from`, the division exact, and `G(n) = below[n]` for `n < from`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fit {
    /// The base function.
    pub base: Base,
    /// `a`.
    pub scale: i64,
    /// `b`.
    pub offset: i64,
    /// `d`, from 1 (no division) to [`MAX_DIVISOR`]; 1 in the xor form.
    pub divisor: i64,
    /// `x` (0: the affine form).
    pub xor: u64,
    /// `c`.
    pub shift: i64,
    /// The first heap the formula covers.
    pub from: u64,
    /// `G(0), …, G(from − 1)`.
    pub below: Vec<Nimber>,
}

/// The largest divisor `d` of an image `(a·f + b) / d`.
pub const MAX_DIVISOR: i64 = 16;

impl Fit {
    /// How complicated the formula is (smaller is simpler): a shift, a scale other than 1, a divisor, an offset, a
    /// xor and exceptions below `from` each count, then the base's place in [`BASES`].
    pub fn complexity(&self) -> (u64, usize) {
        let natural = (self.base.defined_from() as i64 - self.shift).max(0) as u64;
        let c = self.shift.unsigned_abs()
            + (self.from - natural)
            + u64::from(self.scale != 1)
            + u64::from(self.divisor != 1)
            + u64::from(self.offset != 0)
            + 2 * u64::from(self.xor != 0);
        (c, BASES.iter().position(|&b| b == self.base).unwrap_or(99))
    }

    /// The value the formula gives at heap `n` (exact; `None` if it leaves the 64-bit range, is undefined, or the
    /// division is not exact there).
    pub fn value(&self, n: u64) -> Option<u64> {
        if n < self.from {
            return self.below.get(n as usize).copied();
        }
        let m = u64::try_from(n as i128 + self.shift as i128).ok()?;
        let f = self.base.eval(m);
        if self.xor != 0 {
            return Some(f ^ self.xor);
        }
        let v = self.scale as i128 * f as i128 + self.offset as i128;
        let d = self.divisor as i128;
        if v % d != 0 {
            return None;
        }
        u64::try_from(v / d).ok()
    }

    /// The argument `n + c` as text.
    pub fn argument(&self) -> String {
        self.argument_in("n")
    }

    fn argument_in(&self, var: &str) -> String {
        match self.shift {
            0 => var.into(),
            c if c > 0 => format!("{var} + {c}"),
            c => format!("{var} - {}", -c),
        }
    }

    /// The right-hand side for `n ≥ from`, e.g. `2*popcount(n + 1) - 1`.
    pub fn expression(&self) -> String {
        self.expression_in("n")
    }

    fn expression_in(&self, var: &str) -> String {
        let arg = self.argument_in(var);
        let f = if self.base == Base::N {
            arg
        } else {
            format!("{}({arg})", self.base.name())
        };
        if self.xor != 0 {
            return format!("{f} xor {}", self.xor);
        }
        let mut s = match self.scale {
            1 => f,
            -1 => format!("-{f}"),
            a => format!("{a}*{f}"),
        };
        match self.offset {
            0 => {}
            b if b > 0 => s += &format!(" + {b}"),
            b => s += &format!(" - {}", -b),
        }
        match self.divisor {
            1 => s,
            d if self.offset == 0 && self.scale == 1 => format!("{s} / {d}"),
            d => format!("({s}) / {d}"),
        }
    }

    /// The rule as a formula: `G(n) = ruler(n) for n >= 1, G(0) = 0`.
    pub fn formula(&self) -> String {
        self.formula_in("G", "n")
    }

    /// The rule as a formula of the function `g` of `var`: `f(k) = ruler(k) for k >= 1, f(0) = 0`.
    pub fn formula_in(&self, g: &str, var: &str) -> String {
        let mut s = format!("{g}({var}) = {}", self.expression_in(var));
        if self.from > 0 {
            let shown: Vec<String> = self.below.iter().map(u64::to_string).collect();
            s += &format!(" for {var} >= {}", self.from);
            if self.from == 1 {
                s += &format!(", {g}(0) = {}", shown[0]);
            } else {
                s += &format!(", {g}(0..={}) = {}", self.from - 1, shown.join(" "));
            }
        }
        s
    }
}

/// The candidate that fits longest when none fits all the values: its formula, the last heap it fits and the
/// value it gives at its first failure.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct NearMiss {
    /// The candidate's formula.
    pub formula: String,
    /// It holds for every heap `n ≤ holds_to`.
    pub holds_to: u64,
    /// The first heap where it fails (`holds_to + 1`).
    pub fails_at: u64,
    /// `G(fails_at)`.
    pub value: Nimber,
    /// What the formula gives there (`null` when it gives no whole number ≥ 0).
    pub predicted: Option<i128>,
}

/// The fewest heaps a candidate must be checked on (at or past `from`) before it is reported.
pub const MIN_CHECKED: usize = 24;

/// The shifts `c` tried, simplest first.
const SHIFTS: &[i64] = &[0, -1, 1, -2, 2];

/// Where a candidate fails: the first heap, what it predicted there, and its formula.
type Miss = (u64, Option<i128>, String);

/// The outcome of one candidate: it fits (`Ok`), or the first heap where it fails and what it predicted there.
fn try_one(
    values: &[Nimber],
    f: &[u64],
    base: Base,
    shift: i64,
    xor_form: bool,
    skip: i64,
) -> Option<std::result::Result<Fit, Miss>> {
    let len = values.len() as i64;
    // The first n with n + shift >= defined_from, and n >= 0, and `skip` heaps more as exceptions.
    let from = (base.defined_from() as i64 - shift).max(0) + skip;
    if len - from < MIN_CHECKED as i64 {
        return None;
    }
    let at = |n: i64| f[(n + shift) as usize] as i128;
    let mut fit = Fit {
        base,
        scale: 1,
        offset: 0,
        divisor: 1,
        xor: 0,
        shift,
        from: from as u64,
        below: values[..from as usize].to_vec(),
    };
    if xor_form {
        fit.xor = values[from as usize] ^ at(from) as u64;
        if fit.xor == 0 {
            return None;
        }
    } else {
        let n0 = from;
        let n1 = (from + 1..len).find(|&n| at(n) != at(n0))?;
        let (v0, v1) = (values[n0 as usize] as i128, values[n1 as usize] as i128);
        let (df, dv) = (at(n1) - at(n0), v1 - v0);
        if dv == 0 {
            // A constant on the range: the bound says it.
            return None;
        }
        // The slope dv/df in lowest terms, the divisor positive.
        let g = gcd(dv.unsigned_abs(), df.unsigned_abs()) as i128;
        let (a, d) = if df < 0 {
            (-dv / g, -df / g)
        } else {
            (dv / g, df / g)
        };
        if d > MAX_DIVISOR as i128 {
            // The formula with the slope rounded towards zero, to say where it fails.
            fit.scale = (dv / df) as i64;
            fit.offset = (v0 - fit.scale as i128 * at(n0)) as i64;
            let p = fit.scale as i128 * at(n1) + fit.offset as i128;
            return Some(Err((n1 as u64, Some(p), fit.formula())));
        }
        fit.scale = i64::try_from(a).ok()?;
        fit.divisor = d as i64;
        fit.offset = i64::try_from(d * v0 - a * at(n0)).ok()?;
        if base == Base::N && fit.scale == 1 && fit.offset == 0 && fit.divisor == 1 && from == 0 {
            // G(n) = n: the identity rule says it.
            return None;
        }
    }
    let d = fit.divisor as i128;
    for n in from..len {
        let p = if fit.xor != 0 {
            (at(n) as u64 ^ fit.xor) as i128
        } else {
            fit.scale as i128 * at(n) + fit.offset as i128
        };
        if p != d * values[n as usize] as i128 {
            // What the formula predicts there (rounded towards zero when the division is not exact).
            return Some(Err((n as u64, Some(p / d), fit.formula())));
        }
    }
    Some(Ok(fit))
}

/// What [`search`] found: the simplest candidate that fits every value, or the one that fits longest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// The simplest candidate that fits.
    Fits(Fit),
    /// None fits; the one that fits longest (when one fits at least a few heaps).
    Nearest(Option<NearMiss>),
}

/// The most values [`search`] and [`p_search`] read: past it they try nothing (the tables would cost as much
/// memory as the values again), so that no rule is claimed on fewer values than the range computed.
pub const MAX_VALUES: usize = 1 << 22;

/// Every candidate against `values` (`G(0), G(1), …`): the simplest that fits all of them, else the nearest miss
/// (nothing when there are more than [`MAX_VALUES`] values).
pub fn search(values: &[Nimber]) -> Found {
    if values.len() > MAX_VALUES {
        return Found::Nearest(None);
    }
    let len = values.len() + 3;
    let mut best: Option<Fit> = None;
    let mut nearest: Option<NearMiss> = None;
    for &base in BASES {
        let f = table(base, len);
        for &shift in SHIFTS {
            if base == Base::N && shift != 0 {
                continue;
            }
            for (xor_form, skip) in [(false, 0), (true, 0), (false, 1), (true, 1)] {
                if base == Base::N && xor_form {
                    continue;
                }
                match try_one(values, &f, base, shift, xor_form, skip) {
                    Some(Ok(fit))
                        if best
                            .as_ref()
                            .is_none_or(|b| fit.complexity() < b.complexity()) =>
                    {
                        best = Some(fit);
                    }
                    Some(Err((at, predicted, formula)))
                        if at >= 8 && nearest.as_ref().is_none_or(|m| at > m.fails_at) =>
                    {
                        nearest = Some(NearMiss {
                            formula,
                            holds_to: at - 1,
                            fails_at: at,
                            value: values[at as usize],
                            predicted: predicted.filter(|&p| p >= 0),
                        });
                    }
                    _ => {}
                }
            }
        }
    }
    match best {
        Some(b) => Found::Fits(b),
        None => Found::Nearest(nearest),
    }
}

/// A set of heaps that the P-positions may form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PSet {
    /// `m` has an even number of 1 bits.
    Evil,
    /// `m` has an odd number of 1 bits.
    Odious,
    /// `m` is a Fibonacci number (1, 2, 3, 5, 8, …).
    Fibonacci,
    /// `m` is a power of 2.
    PowerOfTwo,
    /// `m` is a triangular number `k(k+1)/2`.
    Triangular,
    /// `m` is a square.
    Square,
    /// `m ≥ 1` and its Zeckendorf representation ends in an even number of 0s (the lower Wythoff numbers `⌊kφ⌋`).
    ZeckendorfEven,
    /// `m ≥ 1` and its Zeckendorf representation ends in an odd number of 0s (the upper Wythoff numbers `⌊kφ²⌋`).
    ZeckendorfOdd,
}

/// The sets tried, simplest first.
pub const PSETS: &[PSet] = &[
    PSet::Evil,
    PSet::Odious,
    PSet::PowerOfTwo,
    PSet::Square,
    PSet::Triangular,
    PSet::Fibonacci,
    PSet::ZeckendorfEven,
    PSet::ZeckendorfOdd,
];

/// The number of 0s that end `m`'s Zeckendorf representation (`m ≥ 1`): the index of its smallest term, counting
/// 1 as term 0, 2 as term 1, 3 as term 2, 5 as term 3, ….
pub fn zeckendorf_tail(mut m: u64) -> u64 {
    let mut fib = vec![1u64, 2];
    while let Some(c) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
        if c > m {
            break;
        }
        fib.push(c);
    }
    let mut last = 0;
    for (i, &f) in fib.iter().enumerate().rev() {
        if f <= m {
            m -= f;
            last = i as u64;
        }
    }
    last
}

impl PSet {
    /// Whether `m` is in the set.
    pub fn contains(self, m: u64) -> bool {
        match self {
            PSet::Evil => m.count_ones().is_multiple_of(2),
            PSet::Odious => m.count_ones() % 2 == 1,
            PSet::PowerOfTwo => m.is_power_of_two(),
            PSet::Square => {
                let r = isqrt(m as u128);
                r * r == m as u128
            }
            PSet::Triangular => {
                let k = Base::TriRoot.eval(m) as u128;
                k * (k + 1) / 2 == m as u128
            }
            PSet::Fibonacci => {
                m >= 1 && Base::FibIndex.eval(m) >= 2 && {
                    // m is a Fibonacci number when its Zeckendorf representation has one term.
                    let (mut a, mut b) = (1u64, 2u64);
                    while b < m {
                        let c = a.saturating_add(b);
                        a = b;
                        b = c;
                    }
                    m == 1 || b == m
                }
            }
            PSet::ZeckendorfEven => m >= 1 && zeckendorf_tail(m).is_multiple_of(2),
            PSet::ZeckendorfOdd => m >= 1 && zeckendorf_tail(m) % 2 == 1,
        }
    }

    /// The set's name in formulas and emitted code.
    pub fn name(self) -> &'static str {
        match self {
            PSet::Evil => "is_evil",
            PSet::Odious => "is_odious",
            PSet::PowerOfTwo => "is_power_of_two",
            PSet::Square => "is_square",
            PSet::Triangular => "is_triangular",
            PSet::Fibonacci => "is_fibonacci",
            PSet::ZeckendorfEven => "zeckendorf_even_tail",
            PSet::ZeckendorfOdd => "zeckendorf_odd_tail",
        }
    }

    /// The set in words.
    pub fn words(self) -> &'static str {
        match self {
            PSet::Evil => "the evil numbers (an even number of 1 bits, OEIS A001969)",
            PSet::Odious => "the odious numbers (an odd number of 1 bits, OEIS A000069)",
            PSet::PowerOfTwo => "the powers of 2",
            PSet::Square => "the squares",
            PSet::Triangular => "the triangular numbers k(k+1)/2",
            PSet::Fibonacci => "the Fibonacci numbers 1, 2, 3, 5, 8, ...",
            PSet::ZeckendorfEven => {
                "the numbers whose Zeckendorf representation ends in an even number of 0s (floor(k·φ), OEIS A000201)"
            }
            PSet::ZeckendorfOdd => {
                "the numbers whose Zeckendorf representation ends in an odd number of 0s (floor(k·φ²), OEIS A001950)"
            }
        }
    }

    /// The smallest `m` the set is defined on.
    pub fn defined_from(self) -> u64 {
        match self {
            PSet::Evil | PSet::Odious | PSet::Square | PSet::Triangular => 0,
            _ => 1,
        }
    }
}

/// A set the P-positions form: heap `n ≥ from` is a P-position exactly when `n + shift` is in `set`; below `from`
/// the P-positions are `listed`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PFit {
    /// The set.
    pub set: PSet,
    /// `c`.
    pub shift: i64,
    /// The first heap the rule covers.
    pub from: u64,
    /// The P-positions below `from`.
    pub listed: Vec<u64>,
}

impl PFit {
    /// The rule as a formula, e.g. `n is a P-position exactly when is_evil(n + 1), for n >= 0`.
    pub fn formula(&self) -> String {
        let arg = match self.shift {
            0 => "n".to_string(),
            c if c > 0 => format!("n + {c}"),
            c => format!("n - {}", -c),
        };
        let mut s = format!("G(n) = 0 exactly when {}({arg})", self.set.name());
        if self.from > 0 {
            let l: Vec<String> = self.listed.iter().map(u64::to_string).collect();
            s += &format!(
                " for n >= {}; below it the P-positions are {}",
                self.from,
                if l.is_empty() {
                    "none".to_string()
                } else {
                    format!("n = {}", l.join(" "))
                }
            );
        }
        s
    }
}

/// The simplest [`PSet`] (with a shift of at most 1) that the P-positions of `values` form, with at least 8
/// P-positions and 8 N-positions past `from` so that the set says something.
pub fn p_search(values: &[Nimber]) -> Option<PFit> {
    if values.len() > MAX_VALUES {
        return None;
    }
    let len = values.len() as i64;
    for &shift in &[0i64, -1, 1] {
        for &set in PSETS {
            let from = (set.defined_from() as i64 - shift).max(0);
            if len - from < MIN_CHECKED as i64 {
                continue;
            }
            let zeros = (from..len).filter(|&n| values[n as usize] == 0).count();
            if zeros < 8 || (len - from) as usize - zeros < 8 {
                continue;
            }
            if (from..len).all(|n| (values[n as usize] == 0) == set.contains((n + shift) as u64)) {
                return Some(PFit {
                    set,
                    shift,
                    from: from as u64,
                    listed: (0..from as u64)
                        .filter(|&n| values[n as usize] == 0)
                        .collect(),
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_match_the_definitions() {
        for &b in BASES {
            let t = table(b, 500);
            for (m, &v) in t.iter().enumerate() {
                assert_eq!(v, b.eval(m as u64), "{b:?} at {m}");
            }
        }
        assert_eq!(Base::BigOmega.eval(360), 6);
        assert_eq!(Base::Omega.eval(360), 3);
        assert_eq!(Base::Tau.eval(360), 24);
        assert_eq!(Base::OddPart.eval(360), 45);
        assert_eq!(Base::Ruler.eval(360), 8);
        assert_eq!(Base::V2.eval(360), 3);
        assert_eq!(Base::HighestBit.eval(360), 256);
        assert_eq!(Base::FloorLog2.eval(360), 8);
        let odious: Vec<u64> = (0..8).map(|m| Base::Odious.eval(m)).collect();
        assert_eq!(odious, [1, 2, 4, 7, 8, 11, 13, 14]);
        let evil: Vec<u64> = (0..8).map(|m| Base::Evil.eval(m)).collect();
        assert_eq!(evil, [0, 3, 5, 6, 9, 10, 12, 15]);
        let tri: Vec<u64> = (0..11).map(|m| Base::TriRoot.eval(m)).collect();
        assert_eq!(tri, [0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4]);
        let fib: Vec<u64> = (1..9).map(|m| Base::FibIndex.eval(m)).collect();
        assert_eq!(fib, [2, 3, 4, 4, 5, 5, 5, 6]);
        // At 10^18: exact integer arithmetic.
        let big = 1_000_000_000_000_000_000u64;
        assert_eq!(Base::Isqrt.eval(big), 1_000_000_000);
        assert_eq!(Base::TriRoot.eval(big), 1_414_213_561);
        assert_eq!(Base::V2.eval(big), 18);
        assert_eq!(Base::OddPart.eval(big), 3_814_697_265_625);
        assert_eq!(Base::FibIndex.eval(big), 87); // F(87) = 679891637638612258
                                                  // Zeckendorf tails: floor(kφ) has an even tail, floor(kφ²) an odd one.
        let lower: Vec<u64> = (1..40)
            .filter(|&m| PSet::ZeckendorfEven.contains(m))
            .take(8)
            .collect();
        assert_eq!(lower, [1, 3, 4, 6, 8, 9, 11, 12]);
        let upper: Vec<u64> = (1..40)
            .filter(|&m| PSet::ZeckendorfOdd.contains(m))
            .take(6)
            .collect();
        assert_eq!(upper, [2, 5, 7, 10, 13, 15]);
        let fibs: Vec<u64> = (0..40).filter(|&m| PSet::Fibonacci.contains(m)).collect();
        assert_eq!(fibs, [1, 2, 3, 5, 8, 13, 21, 34]);
    }

    fn found(values: &[u64]) -> Fit {
        match search(values) {
            Found::Fits(f) => f,
            other => panic!("nothing fits: {other:?}"),
        }
    }

    #[test]
    fn each_base_is_found_simplest_first() {
        let ruler: Vec<u64> = (0..300u64)
            .map(|n| if n == 0 { 0 } else { n & n.wrapping_neg() })
            .collect();
        assert_eq!(
            found(&ruler).formula(),
            "G(n) = ruler(n) for n >= 1, G(0) = 0"
        );
        let mock: Vec<u64> = (0..300u64)
            .map(|n| if n == 0 { 0 } else { Base::Odious.eval(n - 1) })
            .collect();
        assert_eq!(
            found(&mock).formula(),
            "G(n) = odious(n - 1) for n >= 1, G(0) = 0"
        );
        let omega: Vec<u64> = (0..300u64).map(|n| Base::BigOmega.eval(n)).collect();
        assert_eq!(
            found(&omega).formula(),
            "G(n) = bigomega(n) for n >= 1, G(0) = 0"
        );
        let tri: Vec<u64> = (0..300u64).map(|n| Base::TriRoot.eval(n)).collect();
        assert_eq!(found(&tri).formula(), "G(n) = tri_root(n)");
        let aff: Vec<u64> = (0..300u64).map(|n| 3 * n.count_ones() as u64 + 2).collect();
        assert_eq!(found(&aff).formula(), "G(n) = 3*popcount(n) + 2");
        let x: Vec<u64> = (0..300u64).map(|n| Base::Isqrt.eval(n + 1) ^ 5).collect();
        assert_eq!(found(&x).formula(), "G(n) = isqrt(n + 1) xor 5");
        for n in 0..300u64 {
            assert_eq!(found(&x).value(n), Some(x[n as usize]));
        }
        // A slope that is a fraction: moving to a smaller number that does not divide n has
        // G(n) = (odd_part(n) - 1) / 2 (values by the mex, from the rule).
        let mut nondiv = vec![0u64; 300];
        for n in 1..300usize {
            let seen: Vec<u64> = (1..n).filter(|m| n % m != 0).map(|m| nondiv[m]).collect();
            nondiv[n] = (0..).find(|g| !seen.contains(g)).unwrap();
        }
        let f = found(&nondiv);
        assert_eq!(
            (f.formula().as_str(), f.divisor),
            ("G(n) = (odd_part(n) - 1) / 2 for n >= 1, G(0) = 0", 2)
        );
        assert!((0..300u64).all(|n| f.value(n) == Some(nondiv[n as usize])));
        // Past the range the division is checked too: an odd numerator gives no value.
        let half = Fit {
            base: Base::N,
            scale: 1,
            offset: 0,
            divisor: 2,
            xor: 0,
            shift: 0,
            from: 0,
            below: vec![],
        };
        assert_eq!((half.value(6), half.value(7)), (Some(3), None));
        assert_eq!(half.formula(), "G(n) = n / 2");
        // A near miss: popcount, broken at 100.
        let mut broken: Vec<u64> = (0..300u64).map(|n| n.count_ones() as u64).collect();
        broken[100] = 9;
        let Found::Nearest(Some(m)) = search(&broken) else {
            panic!()
        };
        assert_eq!(
            (m.formula.as_str(), m.fails_at),
            ("G(n) = popcount(n)", 100)
        );
    }

    #[test]
    fn p_sets() {
        let evil: Vec<u64> = (0..200u64)
            .map(|n| u64::from(n.count_ones() % 2 == 1))
            .collect();
        let p = p_search(&evil).unwrap();
        assert_eq!((p.set, p.shift), (PSet::Evil, 0));
        let wy: Vec<u64> = (0..200u64)
            .map(|n| u64::from(!PSet::ZeckendorfOdd.contains(n + 1)))
            .collect();
        let p = p_search(&wy).unwrap();
        assert_eq!((p.set, p.shift), (PSet::ZeckendorfOdd, 1));
    }
}
