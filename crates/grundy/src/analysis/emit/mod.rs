//! The rule found, handed over as code: a standalone function `sg(n)` or `sg(a, b)` in C++, Python or Rust that
//! computes a position's nim-value from the rule [`super::pattern`] found, or `is_p(n)` / `is_p(a, b)` when the rule
//! gives the P-positions only, with a `main` that checks it against the values the library computed.
//!
//! **What is emitted, one number.** For a periodic rule, a table of the preperiod and one period and the saltus
//! (`G(n) = PERIOD[(n − e) mod p] + ⌊(n − e)/p⌋·s` for `n ≥ e`), or `n mod p` when that is the closed form; for
//! `G(n) = n`, `n`; for a formula of the candidate library ([`super::pattern::candidates`]), the formula with the
//! base function written out in exact 64-bit integer arithmetic (`unsigned long long` in C++, `u64` in Rust,
//! Python's integers). When the values have no rule but the P-positions do ([`Law::PFormula`], residue classes
//! [`Law::PHeaps`], a Beatty sequence [`Law::PBeatty`]), `is_p(n)`.
//!
//! **Two numbers** ([`emit_table`]). A rule for the values first: `G(a, b) = f(a) ⊕ g(b)` or `f(a) ⊗ g(b)` (nim
//! product) with closed forms for `f` and `g`, or `G = f(key(a, b))` (a closed form of `f`, else its values continued
//! by their period, each side of the diagonal its own for `b − a`), or rows (columns) each eventually
//! arithmetic-periodic ([`Law::LinePeriods`], refusing rows outside the range or without a period); else a rule for the
//! P-positions: a key's values ([`Law::PKey`]), residue classes of `(a mod m, b mod m)`, a Beatty pair (exact, in
//! 128-bit integers), as `is_p(a, b)`. Every two-number rule is observed on its table only, and the comment says so.
//!
//! A comment gives the rule, whether it is certified (and by what) or observed, and on what range. The body of the
//! function is described once (`code`: expressions and statements on whole numbers) and rendered in each
//! language; only the helpers' text (`helpers`) and the `main` (`mains`) are written per language.
//!
//! **The check.** The program's `main`, run without arguments, compares the function with the first values the
//! library computed (up to 64 of them, written out) and with an FNV-1a checksum of the values of heaps
//! `0..CHECK_COUNT` (up to 100,001 heaps), or, for two numbers, with every cell of the table (up to
//! [`MAX_CELLS`]), and exits with status 1 on a difference. With arguments, it prints the function for each heap
//! (or each pair `a b`): the value, or `P` / `N`.
//!
//! **Exactness.** Every operation is on whole numbers: a periodic rule is exact for every heap below 2^64 whose
//! value fits in 64 bits; the formulas use integer square roots corrected by integer comparisons and trial division
//! (which costs `O(√n)` for the arithmetic functions). Affine images `a·f + b` are computed modulo 2^64 in C++ and
//! Rust, which is exact whenever the value fits (and `(a·f + b) / d` whenever `d·G(n)` fits). Beatty numbers `⌊k(u + √d)/w⌋` are computed in 128-bit integers,
//! exact for `k` below 3·10^18.

mod code;
mod helpers;
mod mains;
#[cfg(test)]
mod props;
mod two;

pub use two::emit_table;

use super::pattern::candidates::{Base, Fit, PSet};
use super::pattern::{Law, Pattern, Rule};
use crate::error::{Error, Result};
use crate::nimber::Nimber;
use code::{Check, Op, Program, Table, E, S};
use helpers::Helper;

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

/// The most cells of a two-number table the emitted `main` writes out and checks (evenly spread over the table
/// when it has more).
pub const MAX_CELLS: usize = 4096;

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

/// When [`chosen`] finds no rule for the values of a one-number game: the rule on the P-positions alone the code
/// is written from (a set of the candidate library, residue classes, a Beatty sequence).
pub fn chosen_p(p: &Pattern) -> Option<&Rule> {
    p.rules.iter().find(|r| match &r.law {
        Law::PFormula { .. } | Law::PBeatty { .. } => true,
        Law::PHeaps { modulus, .. } => modulus.is_some(),
        _ => false,
    })
}

/// The code of `sg(n)` (or `is_p(n)`) for the one-number game of `p`, in `lang`, from the rule [`chosen`] (or
/// [`chosen_p`]) picks; `values` are the values the library computed (`G(0), G(1), …`), which the emitted `main`
/// checks against.
pub fn emit(p: &Pattern, values: &[Nimber], lang: Language) -> Result<String> {
    emit_from(p, values, lang, "pattern")
}

/// [`emit`], naming the command that found the rule (`pattern` or `period`) in the code's comment.
pub fn emit_from(p: &Pattern, values: &[Nimber], lang: Language, command: &str) -> Result<String> {
    if p.parameters != 1 {
        return Err(Error::input(format!(
            "{}: a rule on two numbers is emitted from the game's table, not from a sequence of values",
            p.game
        )));
    }
    let (rule, built) = match (chosen(p), chosen_p(p)) {
        (Some(rule), _) => (rule, value_body(rule, values)?),
        (None, Some(rule)) => (rule, p_body(rule)?),
        (None, None) => {
            return Err(Error::input(format!(
                "{}: no rule for the nim-values or the P-positions was found on heaps {}, so there is no sg(n) to emit",
                p.game, p.rows
            )))
        }
    };
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
    let shown: Vec<u64> = if built.p_only {
        check.iter().map(|&v| u64::from(v == 0)).collect()
    } else {
        check.to_vec()
    };
    let title = if built.p_only {
        format!(
            "is_p(n): whether heap n of {} is a P-position (nim-value 0), from the rule found by grundy {command}. The rule found gives the P-positions only, not the nim-values.",
            p.game
        )
    } else {
        format!(
            "sg(n): the nim-value of heap n of {}, from the rule found by grundy {command}.",
            p.game
        )
    };
    let how = format!(
        "Run without arguments, main checks {f} against the first {} values grundy computed and a checksum of {f}(0..{}), and exits with status 1 on a difference; with arguments, it prints {} for each. Written by grundy {command} --emit {}.",
        shown.len().min(FIRST_WRITTEN),
        shown.len() - 1,
        if built.p_only { "P or N" } else { "sg(n)" },
        lang.name(),
        f = if built.p_only { "is_p" } else { "sg" },
    );
    let program = built.program(
        comment(&title, &rule.statement, &status, &how),
        vec!["n"],
        Check::Heaps {
            first: shown[..shown.len().min(FIRST_WRITTEN)].to_vec(),
            count: shown.len() as u64,
            sum: checksum(&shown),
        },
    );
    Ok(code::render(&program, lang))
}

/// The comment of a program: the title, the rule, its status, and what `main` does.
struct Comment<'a> {
    title: &'a str,
    rule: &'a str,
    status: &'a str,
    how: &'a str,
}

fn comment<'a>(title: &'a str, rule: &'a str, status: &'a str, how: &'a str) -> Comment<'a> {
    Comment {
        title,
        rule,
        status,
        how,
    }
}

impl Comment<'_> {
    /// The comment lines (without the comment marker), with the note of the function after the status.
    fn lines(&self, note: Option<&str>) -> Vec<String> {
        let mut out = wrap(self.title, 100);
        out.push(String::new());
        out.extend(wrap(&format!("Rule: {}", self.rule), 100));
        out.extend(wrap(&format!("Status: {}.", self.status), 100));
        if let Some(n) = note {
            out.extend(wrap(&format!("Note: {n}"), 100));
        }
        out.push(String::new());
        out.extend(wrap(self.how, 100));
        out
    }
}

/// What a rule's function is made of: its helpers, tables and body, whether it gives the P-positions only, and a
/// note on where it is exact.
#[derive(Default)]
struct Built {
    helpers: Vec<Helper>,
    tables: Vec<Table>,
    body: Vec<S>,
    p_only: bool,
    note: Option<String>,
    /// For code by rows (`Some((0, rows))`) or columns (`Some((1, cols))`): the lines it has code for; the cells of
    /// other lines are refused, so `main` does not check them.
    lines: Option<(usize, Vec<u64>)>,
    /// Whether the code refuses positions past the range the rule was read off (rows or columns outside it, a line
    /// that shows no period): such code is chosen only when no rule gives code without such refusals.
    bounded: bool,
}

impl Built {
    /// The whole program: this function headed by comment `c`, on `params`, checked by `check`.
    fn program(self, c: Comment, params: Vec<&'static str>, check: Check) -> Program {
        Program {
            comment: c.lines(self.note.as_deref()),
            helpers: self.helpers,
            tables: self.tables,
            p_only: self.p_only,
            params,
            body: self.body,
            check,
        }
    }
}

fn v(name: &'static str) -> E {
    E::V(name)
}

fn bin(x: E, op: Op, y: E) -> E {
    E::bin(x, op, y)
}

/// A table of 0/1 flags: 1 at the numbers in `set` below `len`.
fn flags(name: &'static str, doc: String, len: u64, set: &[u64]) -> Table {
    let mut values = vec![0; len as usize];
    for &x in set.iter().filter(|&&x| x < len) {
        values[x as usize] = 1;
    }
    Table { name, doc, values }
}

/// The statements of a formula of the candidate library in `var` (`G = (scale·f(var + shift) + offset) / divisor`, or
/// `f(var + shift) xor xor`, and `below[var]` below it), added to `b`.
fn formula(b: &mut Built, var: &'static str, fit: &Fit) {
    let Fit {
        base,
        scale,
        offset,
        divisor,
        xor,
        shift,
        ref below,
        ..
    } = *fit;
    if !below.is_empty() {
        b.tables.push(Table {
            name: "BELOW",
            doc: format!(
                "The values below the formula's range ({var} < {}).",
                below.len()
            ),
            values: below.to_vec(),
        });
        b.body.push(S::If(
            bin(v(var), Op::Lt, E::L(below.len() as u64)),
            E::Index("BELOW", Box::new(v(var))),
        ));
    }
    let arg = E::plus(v(var), shift as i128);
    let f = if base == Base::N {
        arg
    } else {
        b.helpers.push(Helper::Base(base));
        E::call(base.name(), vec![arg])
    };
    b.body.push(S::Let("f", f));
    b.body.push(S::Return(if xor != 0 {
        bin(v("f"), Op::Xor, E::L(xor))
    } else if divisor != 1 {
        // `a·f + b` is `d·G(n)`, a whole number >= 0: exact whenever it fits in 64 bits.
        bin(
            E::Affine(Box::new(v("f")), scale, offset),
            Op::Div,
            E::L(divisor as u64),
        )
    } else {
        E::Affine(Box::new(v("f")), scale, offset)
    }));
}

/// The body of `sg(n)` for a rule on the values.
fn value_body(rule: &Rule, values: &[Nimber]) -> Result<Built> {
    let mut b = Built::default();
    let n = || v("n");
    match &rule.law {
        Law::Identity => b.body.push(S::Return(n())),
        Law::Periodic {
            preperiod,
            period,
            saltus,
            values: one,
            ..
        } => {
            let (e, p, s) = (*preperiod, *period, *saltus);
            if e == 0 && s == 0 && one.iter().enumerate().all(|(i, &v)| v == i as u64) {
                b.body.push(S::Return(bin(n(), Op::Rem, E::L(p))));
                return Ok(b);
            }
            if e + p > MAX_TABLE {
                return Err(Error::input(format!(
                    "the preperiod and period hold {} values, more than the {MAX_TABLE} an emitted table may hold",
                    e + p
                )));
            }
            if e > 0 {
                b.tables.push(Table {
                    name: "PRE",
                    doc: format!("G(0..{}): the preperiod.", e - 1),
                    values: values[..e as usize].to_vec(),
                });
                b.body.push(S::If(
                    bin(n(), Op::Lt, E::L(e)),
                    E::Index("PRE", Box::new(n())),
                ));
                b.body.push(S::Let("m", bin(n(), Op::Sub, E::L(e))));
            }
            b.tables.push(Table {
                name: "PERIOD",
                doc: format!("One period, from n = {e}."),
                values: one.clone(),
            });
            let m = || if e > 0 { v("m") } else { n() };
            let at = E::Index("PERIOD", Box::new(bin(m(), Op::Rem, E::L(p))));
            let value = if s == 0 {
                at
            } else {
                b.body.push(S::Comment(format!("G(n + {p}) = G(n) + {s}.")));
                bin(
                    at,
                    Op::Add,
                    bin(bin(m(), Op::Div, E::L(p)), Op::Mul, E::L(s)),
                )
            };
            b.body.push(S::Return(value));
        }
        Law::Formula {
            base,
            scale,
            offset,
            divisor,
            xor,
            shift,
            from,
            below,
            ..
        } => {
            let fit = Fit {
                base: *base,
                scale: *scale,
                offset: *offset,
                divisor: *divisor,
                xor: *xor,
                shift: *shift,
                from: *from,
                below: below.clone(),
            };
            formula(&mut b, "n", &fit)
        }
        _ => return Err(Error::input("this rule has no code to emit")),
    }
    Ok(b)
}

/// Whether `[u, d, w]` is a number `α ≥ 1` (so that the Beatty sequence of `α` is strictly increasing).
fn at_least_one([u, d, w]: [i64; 3]) -> bool {
    if d == 0 {
        u >= w
    } else {
        w - u <= 0 || (d as i128) >= ((w - u) as i128).pow(2)
    }
}

/// The Beatty number `⌊k·α⌋` of `[u, d, w]` at `k`, as a call of the helper.
fn beatty(k: E, [u, d, w]: [i64; 3]) -> E {
    E::call("beatty", vec![k, E::I(u), E::L(d as u64), E::L(w as u64)])
}

/// The note of a function that computes Beatty numbers.
const BEATTY_NOTE: &str =
    "the Beatty numbers are computed exactly in 128-bit integers, for numbers below 3*10^18.";

/// The membership of `m` in a set of the candidate library (a truth value), with the helpers it needs.
fn in_set(b: &mut Built, set: PSet, m: &'static str) -> E {
    let parity = |b: &mut Built, r: u64| {
        b.helpers.push(Helper::Base(Base::Parity));
        bin(E::call("parity", vec![v(m)]), Op::Eq, E::L(r))
    };
    match set {
        PSet::Evil => parity(b, 0),
        PSet::Odious => parity(b, 1),
        PSet::PowerOfTwo => bin(
            bin(v(m), Op::Ne, E::L(0)),
            Op::And,
            bin(
                bin(v(m), Op::BitAnd, bin(v(m), Op::Sub, E::L(1))),
                Op::Eq,
                E::L(0),
            ),
        ),
        PSet::Square => {
            b.helpers.push(Helper::Base(Base::Isqrt));
            b.body.push(S::Let("r", E::call("isqrt", vec![v(m)])));
            bin(bin(v("r"), Op::Mul, v("r")), Op::Eq, v(m))
        }
        PSet::Triangular => {
            b.helpers.push(Helper::Base(Base::TriRoot));
            b.body.push(S::Let("k", E::call("tri_root", vec![v(m)])));
            let t = bin(
                bin(v("k"), Op::Mul, bin(v("k"), Op::Add, E::L(1))),
                Op::Div,
                E::L(2),
            );
            bin(t, Op::Eq, v(m))
        }
        PSet::Fibonacci => {
            b.helpers.push(Helper::IsFibonacci);
            E::call("is_fibonacci", vec![v(m)])
        }
        PSet::ZeckendorfEven | PSet::ZeckendorfOdd => {
            b.helpers.push(Helper::ZeckendorfTail);
            let r = u64::from(set == PSet::ZeckendorfOdd);
            bin(
                bin(E::call("zeckendorf_tail", vec![v(m)]), Op::Rem, E::L(2)),
                Op::Eq,
                E::L(r),
            )
        }
    }
}

/// The body of `is_p(n)` for a rule on the P-positions alone.
fn p_body(rule: &Rule) -> Result<Built> {
    let mut b = Built {
        p_only: true,
        ..Built::default()
    };
    let n = || v("n");
    let below = |b: &mut Built, from: u64, listed: &[u64]| -> Result<()> {
        if from > MAX_TABLE {
            return Err(Error::input(format!(
                "the rule on the P-positions starts at heap {from}, past the {MAX_TABLE} heaps an emitted table may hold"
            )));
        }
        if from > 0 {
            b.tables.push(flags(
                "PBELOW",
                format!("1 at the P-positions n < {from}."),
                from,
                listed,
            ));
            b.body.push(S::If(
                bin(n(), Op::Lt, E::L(from)),
                bin(E::Index("PBELOW", Box::new(n())), Op::Ne, E::L(0)),
            ));
        }
        Ok(())
    };
    match &rule.law {
        Law::PHeaps {
            listed,
            modulus: Some(m),
            residues,
            from,
        } => {
            if *m > MAX_TABLE {
                return Err(Error::input(format!(
                    "the P-positions repeat with period {m}, more than the {MAX_TABLE} values an emitted table may hold"
                )));
            }
            below(&mut b, *from, listed)?;
            b.tables.push(flags(
                "PCLASS",
                format!("1 at the residues r (mod {m}) of the P-positions."),
                *m,
                residues,
            ));
            b.body.push(S::Return(bin(
                E::Index("PCLASS", Box::new(bin(n(), Op::Rem, E::L(*m)))),
                Op::Ne,
                E::L(0),
            )));
        }
        Law::PFormula {
            set,
            shift,
            from,
            listed,
            ..
        } => {
            below(&mut b, *from, listed)?;
            let m = if *shift == 0 {
                "n"
            } else {
                b.body.push(S::Let("m", E::plus(n(), *shift as i128)));
                "m"
            };
            let e = in_set(&mut b, *set, m);
            b.body.push(S::Return(e));
        }
        Law::PBeatty {
            exact, with_zero, ..
        } => {
            if !at_least_one(*exact) {
                return Err(Error::input(
                    "the Beatty number of the P-positions is below 1; no code is emitted for it",
                ));
            }
            b.helpers.push(Helper::Beatty);
            b.note = Some(BEATTY_NOTE.into());
            b.body
                .push(S::If(bin(n(), Op::Eq, E::L(0)), E::B(*with_zero)));
            let [u, d, w] = *exact;
            b.body.push(S::Let(
                "k",
                E::call(
                    "beatty_index",
                    vec![n(), E::I(u), E::L(d as u64), E::L(w as u64)],
                ),
            ));
            b.body.push(S::Return(bin(
                bin(v("k"), Op::Ge, E::L(1)),
                Op::And,
                bin(beatty(v("k"), *exact), Op::Eq, n()),
            )));
        }
        _ => return Err(Error::input("this rule has no code to emit")),
    }
    Ok(b)
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
