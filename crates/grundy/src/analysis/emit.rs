//! The rule found, handed over as code: a standalone function `sg(n)` in C++, Python or Rust that computes a heap's
//! nim-value from the rule [`super::pattern`] found, with a `main` that checks it against the values the library
//! computed.
//!
//! **What is emitted.** For a periodic rule, a table of the preperiod and one period and the saltus
//! (`G(n) = PERIOD[(n − e) mod p] + ⌊(n − e)/p⌋·s` for `n ≥ e`), or `n mod p` when that is the closed form; for
//! `G(n) = n`, `n`; for a formula of the candidate library ([`super::pattern::candidates`]), the formula with the
//! base function written out in exact 64-bit integer arithmetic (`unsigned long long` in C++, `u64` in Rust,
//! Python's integers). A comment gives the rule, whether it is certified (and by what) or observed, and on what
//! range.
//!
//! **The check.** The program's `main`, run without arguments, compares `sg(n)` with the first values the library
//! computed (up to 64 of them, written out) and with an FNV-1a checksum of the values of heaps `0..CHECK_COUNT`
//! (up to 100,001 heaps), and exits with status 1 on a difference. With arguments, it prints `sg(n)` for each.
//!
//! **Exactness.** Every operation is on whole numbers: a periodic rule is exact for every heap below 2^64 whose
//! value fits in 64 bits; the formulas use integer square roots corrected by integer comparisons and trial division
//! (which costs `O(√n)` for the arithmetic functions). Affine images `a·f + b` are computed modulo 2^64 in C++ and
//! Rust, which is exact whenever the value fits.

use super::pattern::candidates::Base;
use super::pattern::{Law, Pattern, Rule};
use crate::error::{Error, Result};
use crate::nimber::Nimber;

/// The language of the emitted code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    /// C++17 (`g++ -O2 -std=c++17 -Wall`).
    Cpp,
    /// Python 3.
    Python,
    /// Rust (`rustc -O`).
    Rust,
}

impl Language {
    /// The name, as `--emit` reads it.
    pub fn name(self) -> &'static str {
        match self {
            Language::Cpp => "cpp",
            Language::Python => "python",
            Language::Rust => "rust",
        }
    }
}

/// The most values a periodic rule's table may hold (preperiod plus one period).
pub const MAX_TABLE: u64 = 65_536;

/// How many heaps the emitted `main` checks by checksum (heaps `0..=100000` at most).
pub const MAX_CHECKED: usize = 100_001;

/// How many values the emitted `main` writes out and checks one by one.
pub const FIRST_WRITTEN: usize = 64;

/// The FNV-1a checksum of `values` (each value xored in whole, then multiplied by the FNV prime, modulo 2^64), as
/// the emitted `main` computes it.
pub fn checksum(values: &[Nimber]) -> u64 {
    let mut h: u64 = 14_695_981_039_346_656_037;
    for &v in values {
        h ^= v;
        h = h.wrapping_mul(1_099_511_628_211);
    }
    h
}

/// The rule the code is written from: a certified period or `G(n) = n` first, then a formula of the candidate
/// library, then an observed period.
pub fn chosen(p: &Pattern) -> Option<&Rule> {
    let is = |r: &&Rule, formula: bool| match r.law {
        Law::Periodic { .. } | Law::Identity => !formula,
        Law::Formula { .. } => formula,
        _ => false,
    };
    p.rules
        .iter()
        .find(|r| r.certified && is(r, false))
        .or_else(|| p.rules.iter().find(|r| is(r, true)))
        .or_else(|| p.rules.iter().find(|r| is(r, false)))
}

/// The code of `sg(n)` for the one-number game of `p`, in `lang`, from the rule [`chosen`] picks; `values` are the
/// values the library computed (`G(0), G(1), …`), which the emitted `main` checks against.
pub fn emit(p: &Pattern, values: &[Nimber], lang: Language) -> Result<String> {
    emit_from(p, values, lang, "pattern")
}

/// [`emit`], naming the command that found the rule (`pattern` or `period`) in the code's comment.
pub fn emit_from(p: &Pattern, values: &[Nimber], lang: Language, command: &str) -> Result<String> {
    if p.parameters != 1 {
        return Err(Error::input(format!(
            "{}: the code emitted computes sg(n) for a game whose position is one number; no code is emitted for a rule on two numbers",
            p.game
        )));
    }
    let Some(rule) = chosen(p) else {
        let p_only = p.rules.iter().any(|r| {
            matches!(r.law, Law::PFormula { .. } | Law::PBeatty { .. })
                || (matches!(
                    r.law,
                    Law::PHeaps {
                        modulus: Some(_),
                        ..
                    }
                ) && !r.certified)
        });
        return Err(Error::input(format!(
            "{}: no rule for the nim-values was found on heaps {}{}, so there is no sg(n) to emit",
            p.game,
            p.rows,
            if p_only {
                " (only one for the P-positions)"
            } else {
                ""
            }
        )));
    };
    let body = Body::of(rule, values)?;
    let status = if rule.certified {
        format!(
            "certified ({}): it holds for every heap n < 2^64 whose value fits in 64 bits",
            rule.certificate.as_deref().unwrap_or("a theorem")
        )
    } else {
        format!(
            "observed on n = {}..={} only: a conjecture beyond n = {}",
            rule.checked_rows.from, rule.checked_rows.to, rule.checked_rows.to
        )
    };
    let check = &values[..values.len().min(MAX_CHECKED)];
    let first = &values[..values.len().min(FIRST_WRITTEN)];
    let head = Head {
        game: &p.game,
        rule: &rule.statement,
        status: &status,
        first,
        count: check.len() as u64,
        sum: checksum(check),
        lang,
        command,
    };
    Ok(match lang {
        Language::Cpp => cpp(&head, &body),
        Language::Python => python(&head, &body),
        Language::Rust => rust(&head, &body),
    })
}

/// What `sg` computes.
enum Body {
    /// `n`.
    Identity,
    /// `n mod p`.
    Mod(u64),
    /// A table: preperiod values, one period, saltus.
    Periodic {
        pre: Vec<Nimber>,
        period: Vec<Nimber>,
        saltus: u64,
    },
    /// A formula of the candidate library.
    Formula {
        base: Base,
        scale: i64,
        offset: i64,
        xor: u64,
        shift: i64,
        below: Vec<Nimber>,
    },
}

impl Body {
    fn of(rule: &Rule, values: &[Nimber]) -> Result<Body> {
        Ok(match &rule.law {
            Law::Identity => Body::Identity,
            Law::Periodic {
                preperiod,
                period,
                saltus,
                values: one,
                ..
            } => {
                if *preperiod == 0
                    && *saltus == 0
                    && one.iter().enumerate().all(|(i, &v)| v == i as u64)
                {
                    Body::Mod(*period)
                } else if preperiod + period > MAX_TABLE {
                    return Err(Error::input(format!(
                        "the preperiod and period hold {} values, more than the {MAX_TABLE} an emitted table may hold",
                        preperiod + period
                    )));
                } else {
                    Body::Periodic {
                        pre: values[..*preperiod as usize].to_vec(),
                        period: one.clone(),
                        saltus: *saltus,
                    }
                }
            }
            Law::Formula {
                base,
                scale,
                offset,
                xor,
                shift,
                below,
                ..
            } => Body::Formula {
                base: *base,
                scale: *scale,
                offset: *offset,
                xor: *xor,
                shift: *shift,
                below: below.clone(),
            },
            _ => return Err(Error::input("this rule has no code to emit")),
        })
    }
}

struct Head<'a> {
    game: &'a str,
    rule: &'a str,
    status: &'a str,
    first: &'a [Nimber],
    count: u64,
    sum: u64,
    lang: Language,
    command: &'a str,
}

impl Head<'_> {
    /// The comment lines (without the comment marker).
    fn comment(&self) -> Vec<String> {
        let mut out = vec![
            format!(
                "sg(n): the nim-value of heap n of {}, from the rule found by grundy {}.",
                self.game, self.command
            ),
            String::new(),
        ];
        out.extend(wrap(&format!("Rule: {}", self.rule), 100));
        out.extend(wrap(&format!("Status: {}.", self.status), 100));
        out.push(String::new());
        out.extend(wrap(
            &format!(
                "Run without arguments, main checks sg against the first {} values grundy computed and a checksum of sg(0..{}), and exits with status 1 on a difference; with arguments, it prints sg(n) for each. Written by grundy {} --emit {}.",
                self.first.len(),
                self.count - 1,
                self.command,
                self.lang.name()
            ),
            100,
        ));
        out
    }
}

/// `s` cut into lines of at most `width` characters at spaces.
fn wrap(s: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for w in s.split(' ') {
        if !line.is_empty() && line.chars().count() + 1 + w.chars().count() > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += w;
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// A list of numbers, at most 16 to a line, each line indented by `indent`.
fn list(v: &[Nimber], indent: &str) -> String {
    v.chunks(16)
        .map(|c| {
            let parts: Vec<String> = c.iter().map(u64::to_string).collect();
            format!("{indent}{},", parts.join(", "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The argument `n + c` of a shifted formula.
fn shifted(shift: i64) -> String {
    match shift {
        0 => "n".into(),
        c if c > 0 => format!("n + {c}"),
        c => format!("n - {}", -c),
    }
}

fn cpp_helper(b: Base) -> &'static str {
    match b {
        Base::N => "",
        Base::Popcount => "static u64 popcount(u64 m) { return (u64)__builtin_popcountll(m); }\n",
        Base::Parity => "static u64 parity(u64 m) { return (u64)(__builtin_popcountll(m) & 1); }\n",
        Base::Odious => {
            "// The m-th odious number (an odd number of 1 bits), odious(0) = 1.\nstatic u64 odious(u64 m) { return 2 * m + 1 - (u64)(__builtin_popcountll(m) & 1); }\n"
        }
        Base::Evil => {
            "// The m-th evil number (an even number of 1 bits), evil(0) = 0.\nstatic u64 evil(u64 m) { return 2 * m + (u64)(__builtin_popcountll(m) & 1); }\n"
        }
        Base::TrailingOnes => {
            "// The index of the lowest 0 bit of m.\nstatic u64 trailing_ones(u64 m) { return ~m == 0 ? 64 : (u64)__builtin_ctzll(~m); }\n"
        }
        Base::V2 => "// The 2-adic valuation of m >= 1.\nstatic u64 v2(u64 m) { return (u64)__builtin_ctzll(m); }\n",
        Base::Ruler => "// 2^v2(m), the lowest set bit of m >= 1.\nstatic u64 ruler(u64 m) { return m & (~m + 1); }\n",
        Base::FloorLog2 => "static u64 floor_log2(u64 m) { return 63 - (u64)__builtin_clzll(m); }\n",
        Base::HighestBit => "static u64 highest_bit(u64 m) { return 1ULL << (63 - __builtin_clzll(m)); }\n",
        Base::BigOmega => {
            "// The number of prime factors of m >= 1, with multiplicity (trial division).\nstatic u64 bigomega(u64 m) {\n    u64 k = 0;\n    for (u64 p = 2; p <= m / p; p += (p == 2 ? 1 : 2))\n        while (m % p == 0) {\n            m /= p;\n            k++;\n        }\n    return m > 1 ? k + 1 : k;\n}\n"
        }
        Base::Omega => {
            "// The number of distinct prime factors of m >= 1 (trial division).\nstatic u64 omega(u64 m) {\n    u64 k = 0;\n    for (u64 p = 2; p <= m / p; p += (p == 2 ? 1 : 2))\n        if (m % p == 0) {\n            k++;\n            while (m % p == 0) m /= p;\n        }\n    return m > 1 ? k + 1 : k;\n}\n"
        }
        Base::Tau => {
            "// The number of divisors of m >= 1 (trial division).\nstatic u64 tau(u64 m) {\n    u64 d = 1;\n    for (u64 p = 2; p <= m / p; p += (p == 2 ? 1 : 2)) {\n        u64 e = 0;\n        while (m % p == 0) {\n            m /= p;\n            e++;\n        }\n        d *= e + 1;\n    }\n    return m > 1 ? 2 * d : d;\n}\n"
        }
        Base::OddPart => "static u64 odd_part(u64 m) { return m >> __builtin_ctzll(m); }\n",
        Base::Isqrt | Base::TriRoot => "",
        Base::FibIndex => {
            "// The largest k with F(k) <= m, F(1) = F(2) = 1, for m >= 1.\nstatic u64 fib_index(u64 m) {\n    u64 a = 1, b = 1, k = 2;\n    while (b <= m - a) {\n        u64 c = a + b;\n        a = b;\n        b = c;\n        k++;\n    }\n    return k;\n}\n"
        }
    }
}

const CPP_ISQRT: &str = "// floor(sqrt(x)), exactly: a floating-point guess corrected in integers.\nstatic u64 isqrt(u64 x) {\n    u64 r = (u64)sqrtl((long double)x);\n    while (r > 0 && r > x / r) r--;\n    while (r + 1 <= x / (r + 1)) r++;\n    return r;\n}\n";
const CPP_TRI: &str = "// The largest k with k(k+1)/2 <= m (isqrt(2m) or one less).\nstatic u64 tri_root(u64 m) {\n    u64 k = isqrt(2 * m);\n    if (k * (k + 1) / 2 > m) k--;\n    return k;\n}\n";

/// The C++ program computing the values `b` describes, headed by `h`.
///
/// Long: the emitted C++ program's text, read top to bottom: its header, the value function for each form of the values
/// (identity, modulus, period, formula: one match arm each) and the `main` that checks the first values and the
/// checksum.
fn cpp(h: &Head, b: &Body) -> String {
    let mut s = String::new();
    for l in h.comment() {
        s += format!("// {l}").trim_end();
        s.push('\n');
    }
    s += "#include <cmath>\n#include <cstdio>\n#include <cstdlib>\n\ntypedef unsigned long long u64;\n\n";
    let sg = match b {
        Body::Identity => "u64 sg(u64 n) { return n; }\n".to_string(),
        Body::Mod(p) => format!("u64 sg(u64 n) {{ return n % {p}; }}\n"),
        Body::Periodic {
            pre,
            period,
            saltus,
        } => {
            let mut t = String::new();
            if !pre.is_empty() {
                t += &format!(
                    "// G(0..{}): the preperiod.\nstatic const u64 PRE[{}] = {{\n{}\n}};\n",
                    pre.len() - 1,
                    pre.len(),
                    list(pre, "    ")
                );
            }
            t += &format!(
                "// One period, from n = {}.\nstatic const u64 PERIOD[{}] = {{\n{}\n}};\n\n",
                pre.len(),
                period.len(),
                list(period, "    ")
            );
            t += "u64 sg(u64 n) {\n";
            let e = pre.len();
            if e > 0 {
                t += &format!("    if (n < {e}) return PRE[n];\n");
            }
            let m = if e > 0 {
                format!("n - {e}")
            } else {
                "n".into()
            };
            if *saltus == 0 {
                t += &format!("    return PERIOD[({m}) % {}];\n}}\n", period.len());
            } else {
                t += &format!(
                    "    // G(n + {p}) = G(n) + {saltus}.\n    return PERIOD[({m}) % {p}] + ({m}) / {p} * {saltus}ULL;\n}}\n",
                    p = period.len()
                );
            }
            t
        }
        Body::Formula {
            base,
            scale,
            offset,
            xor,
            shift,
            below,
        } => {
            let mut t = String::new();
            if matches!(base, Base::Isqrt | Base::TriRoot) {
                t += CPP_ISQRT;
            }
            if *base == Base::TriRoot {
                t += CPP_TRI;
            }
            t += cpp_helper(*base);
            t.push('\n');
            if !below.is_empty() {
                t += &format!(
                    "static const u64 BELOW[{}] = {{{}}};\n\n",
                    below.len(),
                    below
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            }
            t += "u64 sg(u64 n) {\n";
            if !below.is_empty() {
                t += &format!("    if (n < {}) return BELOW[n];\n", below.len());
            }
            let f = if *base == Base::N {
                shifted(*shift)
            } else {
                format!("{}({})", base.name(), shifted(*shift))
            };
            t += &format!("    u64 f = {f};\n");
            if *xor != 0 {
                t += &format!("    return f ^ {xor}ULL;\n}}\n");
            } else {
                let mut e = "f".to_string();
                if *scale != 1 {
                    e = format!("(u64)({scale}LL) * f");
                }
                if *offset != 0 {
                    e += &format!(" + (u64)({offset}LL)");
                }
                t += &format!("    return {e};\n}}\n");
            }
            t
        }
    };
    s += &sg;
    s += &format!(
        "\n// The first values grundy computed, and the FNV-1a checksum of G(0..{}).\nstatic const u64 FIRST[{}] = {{\n{}\n}};\nstatic const u64 CHECK_COUNT = {};\nstatic const u64 CHECKSUM = {}ULL;\n",
        h.count - 1,
        h.first.len(),
        list(h.first, "    "),
        h.count,
        h.sum
    );
    s += r#"
int main(int argc, char** argv) {
    if (argc > 1) {
        for (int i = 1; i < argc; i++) printf("%llu\n", sg(strtoull(argv[i], nullptr, 10)));
        return 0;
    }
    for (u64 n = 0; n < sizeof FIRST / sizeof FIRST[0]; n++) {
        if (sg(n) != FIRST[n]) {
            fprintf(stderr, "sg(%llu) = %llu, but grundy computed %llu\n", n, sg(n), FIRST[n]);
            return 1;
        }
    }
    u64 h = 14695981039346656037ULL;
    for (u64 n = 0; n < CHECK_COUNT; n++) {
        h ^= sg(n);
        h *= 1099511628211ULL;
    }
    if (h != CHECKSUM) {
        fprintf(stderr, "the checksum of sg(0..%llu) differs from grundy's values\n", CHECK_COUNT - 1);
        return 1;
    }
    printf("ok: sg(n) agrees with grundy's values for n = 0..%llu\n", CHECK_COUNT - 1);
    return 0;
}
"#;
    s
}

fn rust_helper(b: Base) -> &'static str {
    match b {
        Base::N => "",
        Base::Popcount => "fn popcount(m: u64) -> u64 {\n    m.count_ones() as u64\n}\n",
        Base::Parity => "fn parity(m: u64) -> u64 {\n    (m.count_ones() & 1) as u64\n}\n",
        Base::Odious => {
            "/// The m-th odious number (an odd number of 1 bits), odious(0) = 1.\nfn odious(m: u64) -> u64 {\n    2 * m + 1 - (m.count_ones() & 1) as u64\n}\n"
        }
        Base::Evil => {
            "/// The m-th evil number (an even number of 1 bits), evil(0) = 0.\nfn evil(m: u64) -> u64 {\n    2 * m + (m.count_ones() & 1) as u64\n}\n"
        }
        Base::TrailingOnes => {
            "/// The index of the lowest 0 bit of m.\nfn trailing_ones(m: u64) -> u64 {\n    m.trailing_ones() as u64\n}\n"
        }
        Base::V2 => "/// The 2-adic valuation of m >= 1.\nfn v2(m: u64) -> u64 {\n    m.trailing_zeros() as u64\n}\n",
        Base::Ruler => "/// 2^v2(m), the lowest set bit of m >= 1.\nfn ruler(m: u64) -> u64 {\n    m & m.wrapping_neg()\n}\n",
        Base::FloorLog2 => "fn floor_log2(m: u64) -> u64 {\n    63 - m.leading_zeros() as u64\n}\n",
        Base::HighestBit => "fn highest_bit(m: u64) -> u64 {\n    1u64 << (63 - m.leading_zeros())\n}\n",
        Base::BigOmega => {
            "/// The number of prime factors of m >= 1, with multiplicity (trial division).\nfn bigomega(mut m: u64) -> u64 {\n    let (mut k, mut p) = (0, 2u64);\n    while p <= m / p {\n        while m % p == 0 {\n            m /= p;\n            k += 1;\n        }\n        p += if p == 2 { 1 } else { 2 };\n    }\n    if m > 1 {\n        k + 1\n    } else {\n        k\n    }\n}\n"
        }
        Base::Omega => {
            "/// The number of distinct prime factors of m >= 1 (trial division).\nfn omega(mut m: u64) -> u64 {\n    let (mut k, mut p) = (0, 2u64);\n    while p <= m / p {\n        if m % p == 0 {\n            k += 1;\n            while m % p == 0 {\n                m /= p;\n            }\n        }\n        p += if p == 2 { 1 } else { 2 };\n    }\n    if m > 1 {\n        k + 1\n    } else {\n        k\n    }\n}\n"
        }
        Base::Tau => {
            "/// The number of divisors of m >= 1 (trial division).\nfn tau(mut m: u64) -> u64 {\n    let (mut d, mut p) = (1u64, 2u64);\n    while p <= m / p {\n        let mut e = 0;\n        while m % p == 0 {\n            m /= p;\n            e += 1;\n        }\n        d *= e + 1;\n        p += if p == 2 { 1 } else { 2 };\n    }\n    if m > 1 {\n        2 * d\n    } else {\n        d\n    }\n}\n"
        }
        Base::OddPart => "fn odd_part(m: u64) -> u64 {\n    m >> m.trailing_zeros()\n}\n",
        Base::Isqrt | Base::TriRoot => "",
        Base::FibIndex => {
            "/// The largest k with F(k) <= m, F(1) = F(2) = 1, for m >= 1.\nfn fib_index(m: u64) -> u64 {\n    let (mut a, mut b, mut k) = (1u64, 1u64, 2u64);\n    while b <= m - a {\n        let c = a + b;\n        a = b;\n        b = c;\n        k += 1;\n    }\n    k\n}\n"
        }
    }
}

const RUST_ISQRT: &str = "/// floor(sqrt(x)), exactly: a floating-point guess corrected in integers.\nfn isqrt(x: u64) -> u64 {\n    let mut r = (x as f64).sqrt() as u64;\n    while r > 0 && r > x / r {\n        r -= 1;\n    }\n    while r + 1 <= x / (r + 1) {\n        r += 1;\n    }\n    r\n}\n";
const RUST_TRI: &str = "/// The largest k with k(k+1)/2 <= m (isqrt(2m) or one less).\nfn tri_root(m: u64) -> u64 {\n    let k = isqrt(2 * m);\n    if k * (k + 1) / 2 > m {\n        k - 1\n    } else {\n        k\n    }\n}\n";

/// The Rust program computing the values `b` describes, headed by `h`.
///
/// Long: the emitted Rust program's text, read top to bottom: its header, the value function for each form of the
/// values (identity, modulus, period, formula: one match arm each) and the `main` that checks the first values and the
/// checksum.
fn rust(h: &Head, b: &Body) -> String {
    let mut s = String::new();
    for l in h.comment() {
        s += format!("//! {l}").trim_end();
        s.push('\n');
    }
    s.push('\n');
    let sg = match b {
        Body::Identity => "fn sg(n: u64) -> u64 {\n    n\n}\n".to_string(),
        Body::Mod(p) => format!("fn sg(n: u64) -> u64 {{\n    n % {p}\n}}\n"),
        Body::Periodic {
            pre,
            period,
            saltus,
        } => {
            let mut t = String::new();
            if !pre.is_empty() {
                t += &format!(
                    "/// G(0..{}): the preperiod.\nconst PRE: [u64; {}] = [\n{}\n];\n",
                    pre.len() - 1,
                    pre.len(),
                    list(pre, "    ")
                );
            }
            t += &format!(
                "/// One period, from n = {}.\nconst PERIOD: [u64; {}] = [\n{}\n];\n\n",
                pre.len(),
                period.len(),
                list(period, "    ")
            );
            t += "fn sg(n: u64) -> u64 {\n";
            let e = pre.len();
            if e > 0 {
                t += &format!("    if n < {e} {{\n        return PRE[n as usize];\n    }}\n");
            }
            let m = if e > 0 {
                format!("(n - {e})")
            } else {
                "n".into()
            };
            if *saltus == 0 {
                t += &format!("    PERIOD[({m} % {}) as usize]\n}}\n", period.len());
            } else {
                t += &format!(
                    "    // G(n + {p}) = G(n) + {saltus}.\n    PERIOD[({m} % {p}) as usize] + {m} / {p} * {saltus}\n}}\n",
                    p = period.len()
                );
            }
            t
        }
        Body::Formula {
            base,
            scale,
            offset,
            xor,
            shift,
            below,
        } => {
            let mut t = String::new();
            if matches!(base, Base::Isqrt | Base::TriRoot) {
                t += RUST_ISQRT;
            }
            if *base == Base::TriRoot {
                t += RUST_TRI;
            }
            t += rust_helper(*base);
            t.push('\n');
            if !below.is_empty() {
                t += &format!(
                    "const BELOW: [u64; {}] = [{}];\n\n",
                    below.len(),
                    below
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            }
            t += "fn sg(n: u64) -> u64 {\n";
            if !below.is_empty() {
                t += &format!(
                    "    if n < {} {{\n        return BELOW[n as usize];\n    }}\n",
                    below.len()
                );
            }
            let f = if *base == Base::N {
                shifted(*shift)
            } else {
                format!("{}({})", base.name(), shifted(*shift))
            };
            t += &format!("    let f = {f};\n");
            if *xor != 0 {
                t += &format!("    f ^ {xor}\n}}\n");
            } else {
                let mut e = "f".to_string();
                if *scale != 1 {
                    e = format!("({scale}i64 as u64).wrapping_mul(f)");
                }
                if *offset != 0 {
                    e = format!("{e}.wrapping_add({offset}i64 as u64)");
                }
                t += &format!("    {e}\n}}\n");
            }
            t
        }
    };
    s += &sg;
    s += &format!(
        "\n/// The first values grundy computed, and the FNV-1a checksum of G(0..{}).\nconst FIRST: [u64; {}] = [\n{}\n];\nconst CHECK_COUNT: u64 = {};\nconst CHECKSUM: u64 = {};\n",
        h.count - 1,
        h.first.len(),
        list(h.first, "    "),
        h.count,
        h.sum
    );
    s += r#"
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args.is_empty() {
        for a in &args {
            match a.parse::<u64>() {
                Ok(n) => println!("{}", sg(n)),
                Err(_) => {
                    eprintln!("{a}: not a heap (a whole number below 2^64)");
                    std::process::exit(2);
                }
            }
        }
        return;
    }
    for (n, &want) in FIRST.iter().enumerate() {
        let got = sg(n as u64);
        if got != want {
            eprintln!("sg({n}) = {got}, but grundy computed {want}");
            std::process::exit(1);
        }
    }
    let mut h: u64 = 14695981039346656037;
    for n in 0..CHECK_COUNT {
        h ^= sg(n);
        h = h.wrapping_mul(1099511628211);
    }
    if h != CHECKSUM {
        eprintln!("the checksum of sg(0..{}) differs from grundy's values", CHECK_COUNT - 1);
        std::process::exit(1);
    }
    println!("ok: sg(n) agrees with grundy's values for n = 0..{}", CHECK_COUNT - 1);
}
"#;
    s
}

fn python_helper(b: Base) -> &'static str {
    match b {
        Base::N => "",
        Base::Popcount => "def popcount(m: int) -> int:\n    return bin(m).count(\"1\")\n",
        Base::Parity => "def parity(m: int) -> int:\n    return bin(m).count(\"1\") & 1\n",
        Base::Odious => {
            "def odious(m: int) -> int:\n    \"\"\"The m-th odious number (an odd number of 1 bits), odious(0) = 1.\"\"\"\n    return 2 * m + 1 - (bin(m).count(\"1\") & 1)\n"
        }
        Base::Evil => {
            "def evil(m: int) -> int:\n    \"\"\"The m-th evil number (an even number of 1 bits), evil(0) = 0.\"\"\"\n    return 2 * m + (bin(m).count(\"1\") & 1)\n"
        }
        Base::TrailingOnes => {
            "def trailing_ones(m: int) -> int:\n    \"\"\"The index of the lowest 0 bit of m.\"\"\"\n    return ((m + 1) & -(m + 1)).bit_length() - 1\n"
        }
        Base::V2 => "def v2(m: int) -> int:\n    \"\"\"The 2-adic valuation of m >= 1.\"\"\"\n    return (m & -m).bit_length() - 1\n",
        Base::Ruler => "def ruler(m: int) -> int:\n    \"\"\"2^v2(m), the lowest set bit of m >= 1.\"\"\"\n    return m & -m\n",
        Base::FloorLog2 => "def floor_log2(m: int) -> int:\n    return m.bit_length() - 1\n",
        Base::HighestBit => "def highest_bit(m: int) -> int:\n    return 1 << (m.bit_length() - 1)\n",
        Base::BigOmega => {
            "def bigomega(m: int) -> int:\n    \"\"\"The number of prime factors of m >= 1, with multiplicity (trial division).\"\"\"\n    k, p = 0, 2\n    while p * p <= m:\n        while m % p == 0:\n            m //= p\n            k += 1\n        p += 1 if p == 2 else 2\n    return k + 1 if m > 1 else k\n"
        }
        Base::Omega => {
            "def omega(m: int) -> int:\n    \"\"\"The number of distinct prime factors of m >= 1 (trial division).\"\"\"\n    k, p = 0, 2\n    while p * p <= m:\n        if m % p == 0:\n            k += 1\n            while m % p == 0:\n                m //= p\n        p += 1 if p == 2 else 2\n    return k + 1 if m > 1 else k\n"
        }
        Base::Tau => {
            "def tau(m: int) -> int:\n    \"\"\"The number of divisors of m >= 1 (trial division).\"\"\"\n    d, p = 1, 2\n    while p * p <= m:\n        e = 0\n        while m % p == 0:\n            m //= p\n            e += 1\n        d *= e + 1\n        p += 1 if p == 2 else 2\n    return 2 * d if m > 1 else d\n"
        }
        Base::OddPart => "def odd_part(m: int) -> int:\n    return m // (m & -m)\n",
        Base::Isqrt => "def isqrt(m: int) -> int:\n    return math.isqrt(m)\n",
        Base::TriRoot => {
            "def tri_root(m: int) -> int:\n    \"\"\"The largest k with k(k+1)/2 <= m.\"\"\"\n    return (math.isqrt(8 * m + 1) - 1) // 2\n"
        }
        Base::FibIndex => {
            "def fib_index(m: int) -> int:\n    \"\"\"The largest k with F(k) <= m, F(1) = F(2) = 1, for m >= 1.\"\"\"\n    a, b, k = 1, 1, 2\n    while a + b <= m:\n        a, b, k = b, a + b, k + 1\n    return k\n"
        }
    }
}

/// The Python program computing the values `b` describes, headed by `h`.
///
/// Long: the emitted Python program's text, read top to bottom: its header, the value function for each form of the
/// values (identity, modulus, period, formula: one match arm each) and the `__main__` that checks the first values and
/// the checksum.
fn python(h: &Head, b: &Body) -> String {
    let mut s = String::from("#!/usr/bin/env python3\n");
    for l in h.comment() {
        s += format!("# {l}").trim_end();
        s.push('\n');
    }
    if matches!(
        b,
        Body::Formula {
            base: Base::Isqrt | Base::TriRoot,
            ..
        }
    ) {
        s += "import math\n";
    }
    s += "import sys\n\n";
    let sg = match b {
        Body::Identity => "def sg(n: int) -> int:\n    return n\n".to_string(),
        Body::Mod(p) => format!("def sg(n: int) -> int:\n    return n % {p}\n"),
        Body::Periodic {
            pre,
            period,
            saltus,
        } => {
            let mut t = String::new();
            if !pre.is_empty() {
                t += &format!(
                    "# G(0..{}): the preperiod.\nPRE = [\n{}\n]\n",
                    pre.len() - 1,
                    list(pre, "    ")
                );
            }
            t += &format!(
                "# One period, from n = {}.\nPERIOD = [\n{}\n]\n\n\n",
                pre.len(),
                list(period, "    ")
            );
            t += "def sg(n: int) -> int:\n";
            let e = pre.len();
            if e > 0 {
                t += &format!("    if n < {e}:\n        return PRE[n]\n");
            }
            let m = if e > 0 {
                format!("(n - {e})")
            } else {
                "n".into()
            };
            if *saltus == 0 {
                t += &format!("    return PERIOD[{m} % {}]\n", period.len());
            } else {
                t += &format!(
                    "    # G(n + {p}) = G(n) + {saltus}.\n    return PERIOD[{m} % {p}] + {m} // {p} * {saltus}\n",
                    p = period.len()
                );
            }
            t
        }
        Body::Formula {
            base,
            scale,
            offset,
            xor,
            shift,
            below,
        } => {
            let mut t = String::new();
            let helper = python_helper(*base);
            if !helper.is_empty() {
                t += helper;
                t += "\n\n";
            }
            if !below.is_empty() {
                t += &format!(
                    "BELOW = [{}]\n\n\n",
                    below
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            }
            t += "def sg(n: int) -> int:\n";
            if !below.is_empty() {
                t += &format!("    if n < {}:\n        return BELOW[n]\n", below.len());
            }
            let f = if *base == Base::N {
                shifted(*shift)
            } else {
                format!("{}({})", base.name(), shifted(*shift))
            };
            t += &format!("    f = {f}\n");
            if *xor != 0 {
                t += &format!("    return f ^ {xor}\n");
            } else {
                let mut e = "f".to_string();
                if *scale != 1 {
                    e = format!("{scale} * f");
                }
                if *offset > 0 {
                    e += &format!(" + {offset}");
                } else if *offset < 0 {
                    e += &format!(" - {}", -offset);
                }
                t += &format!("    return {e}\n");
            }
            t
        }
    };
    s += &sg;
    s += &format!(
        "\n\n# The first values grundy computed, and the FNV-1a checksum of G(0..{}).\nFIRST = [\n{}\n]\nCHECK_COUNT = {}\nCHECKSUM = {}\n",
        h.count - 1,
        list(h.first, "    "),
        h.count,
        h.sum
    );
    s += r#"

def main() -> int:
    if len(sys.argv) > 1:
        for a in sys.argv[1:]:
            print(sg(int(a)))
        return 0
    for n, want in enumerate(FIRST):
        if sg(n) != want:
            print(f"sg({n}) = {sg(n)}, but grundy computed {want}", file=sys.stderr)
            return 1
    h = 14695981039346656037
    for n in range(CHECK_COUNT):
        h = ((h ^ sg(n)) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    if h != CHECKSUM:
        print(f"the checksum of sg(0..{CHECK_COUNT - 1}) differs from grundy's values", file=sys.stderr)
        return 1
    print(f"ok: sg(n) agrees with grundy's values for n = 0..{CHECK_COUNT - 1}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
"#;
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksum_is_fnv_1a() {
        // FNV-1a of no values is the offset basis.
        assert_eq!(checksum(&[]), 14_695_981_039_346_656_037);
        assert_ne!(checksum(&[0, 1]), checksum(&[1, 0]));
    }

    #[test]
    fn wrapped_comments() {
        let w = wrap("a b c d e f", 3);
        assert_eq!(w, ["a b", "c d", "e f"]);
    }
}
