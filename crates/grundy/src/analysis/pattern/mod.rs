//! The rule found: reading a game's law off its table of nim-values ("打表找规律", as the seed documents do by hand),
//! each rule stated with the range it was checked on, and called *certified* only where a theorem proves it.
//!
//! **One parameter** (heap games, [`one_parameter`]). The values come from [`crate::heap::period::analyse_limited`],
//! which computes them by doubling until a period is certified or the limit is reached. The rules read off them:
//! the preperiod `e`, period `p` and saltus `s` (`G(n + p) = G(n) + s` for `n ≥ e`), written as a closed form where
//! one fits (`G(n) = n`, `G(n) = n mod p`); a bound on the values (saltus 0); and the P-positions, as the residue
//! classes `n ≡ r (mod p)` for `n ≥ e` plus the P-positions of the preperiod. These are *certified* exactly when the
//! period is: by the Guy–Smith periodicity theorem (octal codes whose moves leave at most two heaps), the
//! subtraction-game certificate, or the game's proved closed form; every rule derived from a certified period holds
//! for every heap, because the values below `e + p` are computed exactly and the law gives the rest. Otherwise a
//! rule is "observed up to N".
//!
//! **Beyond periods** ([`candidates`]). Where no theorem gives the law, a library of candidate rules (functions of
//! the binary digits, arithmetic functions, inverse polynomials, and their images `a·f(n + c) + b`,
//! `f(n + c) xor x`) is tried against the values, simplest first, and the simplest that holds on every heap is
//! reported as observed ([`Law::Formula`]); when none holds, the one that holds longest is named with its first
//! failure ([`Pattern::nearest`]). When the values have no rule, the P-positions alone are tried: residue classes
//! and the sets of the library ([`Law::PFormula`]). [`crate::analysis::emit`] turns the rule into code.
//!
//! **Two parameters** ([`two_parameters`], on a [`Table`]). Every rule is *observed* on the table's range (no
//! theorem here proves a two-parameter law): symmetry `G(a, b) = G(b, a)`; periodicity of each row in `b` and each
//! column in `a` (ordinary or arithmetic, as for one parameter); separability `G(a, b) = f(a) ⊕ g(b)` (the game is a
//! sum in disguise), checked as `G(a, b) ⊕ G(a, b0) ⊕ G(a0, b) ⊕ G(a0, b0) = 0` on every cell; else a nim
//! product `G(a, b) = f(a) ⊗ g(b)` (the form the Tartan theorem gives for products of coin-turning games); `G` as a function of
//! one simple key of `(a, b)` ([`KEYS`]: `a + b`, `a − b`, `|a − b|`, `min`, `max`, `a ⊕ b`, `a | b`, `a & b`,
//! `(a − 1) | (b − 1)`, `(a − 1) ⊕ (b − 1)`), named where the function is a simple one (`k`, `k + c`, `k mod m`,
//! the index of the lowest zero bit of `k`, or a candidate of [`candidates`]); and the P-positions: as the cells where a key takes given values
//! (lines such as `b − a = 1`), as residue classes of `(a mod m, b mod m)`, as a Beatty pair
//! `(⌊kα⌋, ⌊kβ⌋)` with `α`, `β` quadratic irrationals or rationals, or, when there are few, listed.
//!
//! **Beatty pairs, exactly.** The P-positions `(a_k, b_k)`, `a_k ≤ b_k`, sorted, give the estimates
//! `α ≈ a_K / K`, `β ≈ b_K / K`. Candidates `α = (u + √d) / w` (`d` not a square, small `u`, `d`, `w`) and
//! `α = p / q` are then *checked exactly* against every pair, with integer arithmetic only:
//! `⌊k(u + √d)/w⌋ = ⌊(ku + ⌊√(dk²)⌋)/w⌋` (as `√(dk²)` is irrational for `k > 0`, and `⌊(m + θ)/w⌋ = ⌊m/w⌋` for an
//! integer `m` and `0 ≤ θ < 1`), with an exact integer square root ([`crate::games::wythoff::isqrt`]). No floating
//! point decides anything; the decimal estimate is shown only as an estimate. Whether `1/α + 1/β = 1` (the two
//! sequences complementary, Beatty's theorem) is checked in exact rational arithmetic on `ℚ(√d)`.
//!
//! **Cost.** One parameter: the cost of the sequence (see [`crate::heap::period`]) plus linear scans. Two
//! parameters: `O(cells · keys)` for the keys and `O(cells)` for the rest, after the table.

pub mod candidates;

mod beatty;
mod one;
mod two;

pub use one::{
    one_parameter, one_parameter_partial, one_parameter_values, sequence_rules, CLOSED_FORM_VALUES,
    DEFAULT_TO_SEARCHED,
};
pub use two::{key_line_fn, line_fn, line_points, two_parameters, Key, LineFn, KEYS};

use super::table::{Span, Table};
use crate::nimber::Nimber;
use candidates::{Base, NearMiss, PSet};

/// One rule found: what it says, in words and as data, where it was checked, and whether a theorem proves it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Rule {
    /// The rule as data.
    #[serde(flatten)]
    pub law: Law,
    /// The rule in words, e.g. `G(n + 7) = G(n) for n >= 0`.
    pub statement: String,
    /// True only when a theorem proves the rule for every position.
    pub certified: bool,
    /// The theorem, when certified.
    pub certificate: Option<String>,
    /// The range the rule was checked on: heaps `0..=N` (one parameter) or rows and columns.
    pub checked_rows: Span,
    /// The columns it was checked on (two parameters).
    pub checked_cols: Option<Span>,
}

/// A rule as data (serialised with a `"kind"` key naming the variant, in kebab case).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Law {
    /// `G(n + period) = G(n) + saltus` for `n ≥ preperiod`; `values` are `G(preperiod .. preperiod + period)`.
    Periodic {
        /// The preperiod `e`.
        preperiod: u64,
        /// The period `p`.
        period: u64,
        /// The saltus `s` (0: ordinary periodicity).
        saltus: u64,
        /// One period of values, from the preperiod.
        values: Vec<Nimber>,
        /// A closed form, when one fits (`G(n) = n mod 7`).
        formula: Option<String>,
    },
    /// `G(n) = n`.
    Identity,
    /// Every value is at most `max`.
    Bounded {
        /// The largest value.
        max: Nimber,
    },
    /// The P-positions of a heap game: `listed` (below the preperiod, or all of them when no period is known), and
    /// the heaps `n ≥ from` with `n mod modulus` in `residues`.
    PHeaps {
        /// P-positions listed one by one.
        listed: Vec<u64>,
        /// The modulus of the residue classes (the period), when there are classes.
        modulus: Option<u64>,
        /// The residues `r`: every heap `n ≥ from` with `n ≡ r` is a P-position, and no other heap `n ≥ from`.
        residues: Vec<u64>,
        /// Where the residue classes start (the preperiod).
        from: u64,
    },
    /// `G(a, b) = G(b, a)`.
    Symmetric,
    /// Each row (`along = "b"`) or column (`along = "a"`) of the table is periodic in the other number.
    LinePeriods {
        /// `"b"`: rows, periodic in `b`; `"a"`: columns, periodic in `a`.
        along: String,
        /// `(line, preperiod, period, saltus)` for each line that shows a period (preperiod counted from the first
        /// cell of the line that names a position).
        lines: Vec<[u64; 4]>,
        /// The lines that show no period.
        without: Vec<u64>,
    },
    /// `G(a, b) = c ⊗ f(a) ⊗ g(b)`, a nim product (the form the Tartan theorem gives for a product of two
    /// coin-turning games): `f` over the rows, `g` over the columns (`None` where no cell names them). The parts are
    /// fixed up to constant factors only; each is scaled by the constant that gives it a closed form when one does
    /// (the constant `c` takes the rest), else `g(b0) = 1` for the first column `b0` with a nonzero cell and `c = 1`.
    NimProduct {
        /// `f(a)` for each row.
        f: Vec<Option<Nimber>>,
        /// `g(b)` for each column.
        g: Vec<Option<Nimber>>,
        /// The constant factor `c` (1 when the parts carry it all).
        constant: Nimber,
        /// Closed forms of `f` and `g`, when they fit.
        formula: Option<String>,
    },
    /// `G(a, b) = f(a) ⊕ g(b)`: `f` over the rows, `g` over the columns (`None` where no cell names them).
    Separable {
        /// `f(a)` for each row.
        f: Vec<Option<Nimber>>,
        /// `g(b)` for each column.
        g: Vec<Option<Nimber>>,
        /// Closed forms of `f` and `g`, when they fit.
        formula: Option<String>,
    },
    /// `G(a, b) = f(key(a, b))`.
    Key {
        /// The key, e.g. `a + b`.
        key: String,
        /// `(key, f(key))` for every key seen, in increasing order of the key.
        function: Vec<(i128, Nimber)>,
        /// A closed form of `f`, when one fits.
        formula: Option<String>,
    },
    /// The P-positions are exactly the cells whose key lies in `zeros`.
    PKey {
        /// The key, e.g. `b - a`.
        key: String,
        /// The key's values at the P-positions.
        zeros: Vec<i128>,
        /// The same set as a residue class `key ≡ r (mod m)`, when it is one: `(m, r)`.
        class: Option<(u64, Vec<u64>)>,
    },
    /// The P-positions are exactly the cells with `(a mod m, b mod m)` in `residues`.
    PResidues {
        /// The modulus `m`.
        modulus: u64,
        /// The residue pairs of the P-positions.
        residues: Vec<(u64, u64)>,
    },
    /// The P-positions `(a, b)` with `a ≤ b` are `(⌊kα⌋, ⌊kβ⌋)` for `k = first, first + 1, …`, and, when the table is
    /// symmetric in them, their mirror images.
    Beatty {
        /// `α` exactly, e.g. `(1 + sqrt 5)/2`.
        alpha: String,
        /// `β` exactly.
        beta: String,
        /// `α = (u + √d)/w` as `[u, d, w]` (`d = 0`: the rational `u/w`).
        alpha_exact: [i64; 3],
        /// `β` as `[u, d, w]`.
        beta_exact: [i64; 3],
        /// The decimal estimate of `α` read from the last pair (an estimate only).
        alpha_estimate: String,
        /// The first index `k`.
        first: u64,
        /// How many pairs were checked.
        pairs: u64,
        /// Whether `1/α + 1/β = 1` (exactly): the two sequences are complementary (Beatty's theorem).
        complementary: bool,
    },
    /// `G(n) = (scale·f(n + shift) + offset) / divisor` (or `f(n + shift) xor xor` when `xor` is not 0) for every
    /// `n ≥ from`, the division exact, `f` a function of the candidate library ([`candidates`]), and
    /// `G(n) = below[n]` for `n < from`.
    Formula {
        /// The base function `f`, e.g. `popcount`.
        base: Base,
        /// `f` in words.
        function: String,
        /// `a`.
        scale: i64,
        /// `b`.
        offset: i64,
        /// `d` (1: no division).
        divisor: i64,
        /// `x` (0: the affine form).
        xor: u64,
        /// `c`.
        shift: i64,
        /// The first heap the formula covers.
        from: u64,
        /// `G(0), …, G(from − 1)`.
        below: Vec<Nimber>,
        /// The formula as text, e.g. `G(n) = ruler(n) for n >= 1, G(0) = 0`.
        formula: String,
    },
    /// The P-positions `n ≥ from` are the heaps with `n + shift` in `set` (a set of the candidate library), and
    /// `listed` below `from`.
    PFormula {
        /// The set, e.g. `evil`.
        set: PSet,
        /// `c`.
        shift: i64,
        /// The first heap the rule covers.
        from: u64,
        /// The P-positions below `from`.
        listed: Vec<u64>,
        /// The rule as text.
        formula: String,
    },
    /// The P-positions `n ≥ 1` of a heap game are the Beatty sequence `⌊kα⌋`, `k = 1, 2, …` (and heap 0 when
    /// `with_zero`).
    PBeatty {
        /// `α` exactly, e.g. `(1 + sqrt 5)/2`.
        alpha: String,
        /// `α = (u + √d)/w` as `[u, d, w]` (`d = 0`: the rational `u/w`).
        exact: [i64; 3],
        /// The decimal estimate of `α` read from the last term (an estimate only).
        alpha_estimate: String,
        /// How many terms were checked.
        terms: u64,
        /// Whether heap 0 is a P-position too.
        with_zero: bool,
    },
    /// The P-positions of the range, listed (few of them, and no rule above describes them).
    PListed {
        /// The P-positions.
        positions: Vec<Vec<u64>>,
    },
}

/// What [`one_parameter`] and [`two_parameters`] found: the rules, and the first rows when no rule fits.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Pattern {
    /// The game's name.
    pub game: String,
    /// How many numbers name a position (1 or 2).
    pub parameters: usize,
    /// The range the values were computed on (heaps, or rows).
    pub rows: Span,
    /// The columns (two parameters).
    pub cols: Option<Span>,
    /// The rules found, most telling first.
    pub rules: Vec<Rule>,
    /// True when no rule about the values fits (symmetry alone does not count).
    pub nothing_fits: bool,
    /// The first rows of the table (at most 12 by 12), shown when nothing fits.
    pub first_rows: Option<Table>,
    /// When no rule fits the values of a one-number game: the candidate of the library that fits longest, and
    /// where it first fails.
    pub nearest: Option<NearMiss>,
}

fn show_list<T: std::fmt::Display>(v: &[T], most: usize) -> String {
    let mut parts: Vec<String> = v.iter().take(most).map(|x| x.to_string()).collect();
    if v.len() > most {
        parts.push(format!("… ({} in all)", v.len()));
    }
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(" ")
    }
}
