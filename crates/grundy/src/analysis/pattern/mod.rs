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

use super::table::{Span, Table};
use crate::context::Context;
use crate::error::Result;
use crate::games::wythoff::isqrt;
use crate::games::AnyGame;
use crate::heap::period::{self, Certificate, Periodicity};
use crate::heap::Engine;
use crate::nimber::Nimber;
use candidates::{Base, Found, NearMiss, PSet};
use std::collections::BTreeMap;

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
    /// `G(a, b) = f(a) ⊗ g(b)`, a nim product (the form the Tartan theorem gives for a product of two coin-turning
    /// games): `f` over the rows, `g` over the columns (`None` where no cell names them), scaled so that
    /// `g(b0) = 1` for the first column `b0` with a nonzero cell.
    NimProduct {
        /// `f(a)` for each row.
        f: Vec<Option<Nimber>>,
        /// `g(b)` for each column.
        g: Vec<Option<Nimber>>,
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
        /// The decimal estimate of `α` read from the last pair (an estimate only).
        alpha_estimate: String,
        /// The first index `k`.
        first: u64,
        /// How many pairs were checked.
        pairs: u64,
        /// Whether `1/α + 1/β = 1` (exactly): the two sequences are complementary (Beatty's theorem).
        complementary: bool,
    },
    /// `G(n) = scale·f(n + shift) + offset` (or `f(n + shift) xor xor` when `xor` is not 0) for every `n ≥ from`,
    /// `f` a function of the candidate library ([`candidates`]), and `G(n) = below[n]` for `n < from`.
    Formula {
        /// The base function `f`, e.g. `popcount`.
        base: Base,
        /// `f` in words.
        function: String,
        /// `a`.
        scale: i64,
        /// `b`.
        offset: i64,
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

/// The fewest heaps whose values a one-parameter pattern reads when the game's closed form gave its period (see
/// [`one_parameter`]).
pub const CLOSED_FORM_VALUES: u64 = 1024;

/// The default last heap of a one-parameter pattern for games that are not heap games (valued by search).
pub const DEFAULT_TO_SEARCHED: u64 = 1000;

/// The rules of a one-parameter game: its heap sequence analysed by [`period::analyse_limited`] up to heap `to`
/// (default: the period module's limits, [`period::DEFAULT_LIMIT`] for codes a certificate covers,
/// [`period::DEFAULT_LIMIT_UNCERTIFIABLE`] otherwise), or, for a one-parameter game that is not a heap game, its
/// values `0..=to` (default [`DEFAULT_TO_SEARCHED`]) by [`AnyGame::values_at`], observed only. `progress` is called
/// with the heap reached and the current target.
pub fn one_parameter(
    game: &dyn AnyGame,
    to: Option<u64>,
    cx: &Context,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Pattern> {
    Ok(one_parameter_values(game, to, cx, progress)?.0)
}

/// [`one_parameter`], with the values the rules were read off (`G(0), G(1), …`), e.g. for
/// [`crate::analysis::emit`].
pub fn one_parameter_values(
    game: &dyn AnyGame,
    to: Option<u64>,
    cx: &Context,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<(Pattern, Vec<Nimber>)> {
    let limits = &cx.limits;
    if game.parameters() != 1 {
        return Err(crate::Error::input(format!(
            "{}: positions of this game are not named by one number (use --rows and --cols for two)",
            game.name()
        )));
    }
    let (values, periodicity) = match game.heap_game() {
        Some(heap) => {
            let certifiable = heap.code().is_some_and(period::certifiable);
            let limit = to.unwrap_or(if certifiable {
                period::DEFAULT_LIMIT
            } else {
                period::DEFAULT_LIMIT_UNCERTIFIABLE
            });
            // An explicit --to is computed to the end before a period is read off (see period::Reach::observe_all).
            let a = period::analyse_observing(
                &heap,
                limit,
                to.is_some(),
                Engine::Auto,
                1,
                limits,
                progress,
            )?;
            // A closed form's period is answered from one preperiod and period of values: the rules are read off
            // as many values as a computed sequence would give (up to [`CLOSED_FORM_VALUES`] heaps), so that every
            // statement of the game (a code, a script) reads the same rules off the same values.
            let mut values = a.values;
            let want = limit.min(CLOSED_FORM_VALUES - 1);
            if (values.len() as u64) <= want {
                values = crate::heap::sequence::values(&heap, want, &mut |_| {})?;
            }
            (values, a.periodicity)
        }
        None => {
            let to = to.unwrap_or(DEFAULT_TO_SEARCHED);
            let cells: Vec<Vec<u64>> = (0..=to).map(|n| vec![n]).collect();
            let got = game.values_at(&cells, cx, &mut |d| progress(d, to))?;
            // The values from 0 up to the first number that names no position.
            let values: Vec<Nimber> = got.iter().map_while(|v| *v).collect();
            if values.is_empty() {
                return Err(crate::Error::input(format!(
                    "{}: the number 0 names no position, so the sequence has no start",
                    game.name()
                )));
            }
            let p = period::observe_with(&values, None);
            (values, p)
        }
    };
    let p = sequence_rules(&game.name(), &values, periodicity.as_ref());
    Ok((p, values))
}

/// The rules of the sequence `values` (`G(0), G(1), …`), given what [`period`] found about it.
pub fn sequence_rules(name: &str, values: &[Nimber], periodicity: Option<&Periodicity>) -> Pattern {
    let n = values.len() as u64;
    let rows = Span {
        from: 0,
        to: n.saturating_sub(1),
    };
    let (certified, certificate) = match periodicity {
        Some(p) if p.certified => (true, p.by.map(|c| certificate_words(c).to_string())),
        _ => (false, None),
    };
    let rule = |law: Law, statement: String, proved: bool| Rule {
        law,
        statement,
        certified: proved && certified,
        certificate: if proved { certificate.clone() } else { None },
        checked_rows: rows,
        checked_cols: None,
    };
    let mut rules = Vec::new();
    // G(n) = n only when the values say so and no period found says otherwise (a closed form's period is read
    // from one preperiod and period of values only).
    let identity = values.len() >= 3
        && values.iter().enumerate().all(|(i, &v)| v == i as u64)
        && periodicity.is_none_or(|p| p.preperiod == 0 && p.saltus == p.period);
    if identity {
        // With a certified law G(n + p) = G(n) + p whose first e + p values are n, every value is n.
        let proved = periodicity.is_some_and(|p| p.saltus == p.period);
        rules.push(rule(Law::Identity, "G(n) = n".into(), proved));
    }
    match periodicity {
        Some(p) => {
            let (e, per, s) = (p.preperiod, p.period, p.saltus);
            let one: Vec<Nimber> = values[e as usize..(e + per) as usize].to_vec();
            let formula = if e == 0 && s == 0 && one.iter().enumerate().all(|(i, &v)| v == i as u64)
            {
                Some(format!("G(n) = n mod {per}"))
            } else if !identity
                && s == per
                && one.iter().enumerate().all(|(i, &v)| v == e + i as u64)
            {
                Some(format!("G(n) = n for n >= {e}"))
            } else {
                None
            };
            let law = if s == 0 {
                format!("G(n + {per}) = G(n)")
            } else {
                format!("G(n + {per}) = G(n) + {s}")
            };
            // A rule only observed holds on the values read, and is stated so: "for e <= n <= N", never "for every".
            let last = n.saturating_sub(1);
            let range = if certified {
                format!("for every n >= {e}")
            } else {
                format!("for {e} <= n <= {}", last.saturating_sub(per))
            };
            let mut st = format!(
                "{law} {range}: preperiod {e}, period {per}{}; one period from n = {e}: {}",
                if s == 0 {
                    String::new()
                } else {
                    format!(", saltus {s}")
                },
                show_list(&one, 24)
            );
            if let Some(f) = &formula {
                st = format!("{f} ({st})");
            }
            rules.push(rule(
                Law::Periodic {
                    preperiod: e,
                    period: per,
                    saltus: s,
                    values: one.clone(),
                    formula,
                },
                st,
                true,
            ));
            if s == 0 {
                let max = values[..(e + per) as usize]
                    .iter()
                    .copied()
                    .max()
                    .unwrap_or(0);
                rules.push(rule(
                    Law::Bounded { max },
                    if certified {
                        format!(
                            "G(n) <= {max} for every n (the values repeat from the preperiod on)"
                        )
                    } else {
                        format!("G(n) <= {max} for n <= {last}")
                    },
                    true,
                ));
                let listed: Vec<u64> = (0..e).filter(|&i| values[i as usize] == 0).collect();
                let residues: Vec<u64> = (0..per)
                    .filter(|&r| {
                        // The heap m in [e, e + p) with m ≡ r (mod p).
                        let m = e + (r + per - e % per) % per;
                        values[m as usize] == 0
                    })
                    .collect();
                let st = p_heaps_words(&listed, per, &residues, e);
                rules.push(rule(
                    Law::PHeaps {
                        listed,
                        modulus: Some(per),
                        residues,
                        from: e,
                    },
                    st,
                    true,
                ));
            } else {
                // With a saltus, G(n) >= s > 0 for every n >= e + p: the P-positions lie below e + p.
                let listed: Vec<u64> = (0..e + per).filter(|&i| values[i as usize] == 0).collect();
                let st = format!(
                    "the P-positions are exactly n = {} (past n = {} every value is at least the saltus {s})",
                    show_list(&listed, 24),
                    e + per - 1
                );
                rules.push(rule(
                    Law::PHeaps {
                        listed,
                        modulus: None,
                        residues: vec![],
                        from: e + per,
                    },
                    st,
                    true,
                ));
            }
        }
        None => {
            let max = values.iter().copied().max().unwrap_or(0);
            rules.push(rule(
                Law::Bounded { max },
                format!("G(n) <= {max} for n <= {}", rows.to),
                false,
            ));
            let listed: Vec<u64> = (0..n).filter(|&i| values[i as usize] == 0).collect();
            let st = format!(
                "the P-positions up to {} are n = {}",
                rows.to,
                show_list(&listed, 30)
            );
            rules.push(rule(
                Law::PHeaps {
                    listed,
                    modulus: None,
                    residues: vec![],
                    from: n,
                },
                st,
                false,
            ));
        }
    }
    // The candidate library, where no theorem gave the law.
    let mut nearest = None;
    let mut formula_found = false;
    if !certified && !identity {
        match candidates::search(values) {
            Found::Fits(fit) => {
                let formula = fit.formula();
                let st = if fit.base == Base::N {
                    format!("{formula} (checked on n = 0..={})", rows.to)
                } else {
                    format!(
                        "{formula}, where {} (checked on n = 0..={})",
                        fit.base.words(),
                        rows.to
                    )
                };
                rules.insert(
                    0,
                    rule(
                        Law::Formula {
                            base: fit.base,
                            function: fit.base.words().to_string(),
                            scale: fit.scale,
                            offset: fit.offset,
                            xor: fit.xor,
                            shift: fit.shift,
                            from: fit.from,
                            below: fit.below.clone(),
                            formula,
                        },
                        st,
                        false,
                    ),
                );
                formula_found = true;
            }
            Found::Nearest(m) => nearest = m,
        }
    }
    if periodicity.is_none() && !formula_found {
        // Rules on the P-positions alone: a set of the library, or residue classes.
        let at = rules.len() - 1;
        if let Some(pf) = candidates::p_search(values) {
            let formula = pf.formula();
            let st = format!(
                "{formula}: the P-positions are {}{} (checked on n = 0..={})",
                match pf.shift {
                    0 => String::new(),
                    c if c > 0 => format!("the heaps n with n + {c} in "),
                    c => format!("the heaps n with n - {} in ", -c),
                },
                pf.set.words(),
                rows.to
            );
            rules.insert(
                at,
                rule(
                    Law::PFormula {
                        set: pf.set,
                        shift: pf.shift,
                        from: pf.from,
                        listed: pf.listed,
                        formula,
                    },
                    st,
                    false,
                ),
            );
        } else {
            let z: Vec<u64> = values.iter().map(|&v| u64::from(v == 0)).collect();
            let zeros = z.iter().filter(|&&x| x == 1).count();
            if let Some(p) = period::observe(&z).filter(|p| p.saltus == 0 && zeros >= 8) {
                let (e, per) = (p.preperiod, p.period);
                let listed: Vec<u64> = (0..e).filter(|&i| values[i as usize] == 0).collect();
                let residues: Vec<u64> = (0..per)
                    .filter(|&r| values[(e + (r + per - e % per) % per) as usize] == 0)
                    .collect();
                let st = format!(
                    "{} (the values show no period, but the P-positions do; checked on n = 0..={})",
                    p_heaps_words(&listed, per, &residues, e),
                    rows.to
                );
                rules.insert(
                    at,
                    rule(
                        Law::PHeaps {
                            listed,
                            modulus: Some(per),
                            residues,
                            from: e,
                        },
                        st,
                        false,
                    ),
                );
            } else if let Some((law, st)) = heap_beatty(values) {
                rules.insert(
                    at,
                    rule(law, format!("{st}; checked on n = 0..={}", rows.to), false),
                );
            }
        }
    }
    let nothing_fits = periodicity.is_none() && !identity && !formula_found;
    let first_rows = nothing_fits.then(|| sequence_table(name, values, 60));
    Pattern {
        game: name.to_string(),
        parameters: 1,
        rows,
        cols: None,
        rules,
        nothing_fits,
        first_rows,
        nearest: if nothing_fits { nearest } else { None },
    }
}

fn certificate_words(c: Certificate) -> &'static str {
    match c {
        Certificate::ClosedForm => "the game's closed form, proved in its module",
        other => other.describe(),
    }
}

fn p_heaps_words(listed: &[u64], per: u64, residues: &[u64], e: u64) -> String {
    let mut s = String::from("the P-positions are ");
    if residues.is_empty() {
        s += &format!("none from n = {e} on");
    } else {
        let rs: Vec<String> = residues.iter().map(u64::to_string).collect();
        s += &format!("the heaps n >= {e} with n ≡ {} (mod {per})", rs.join(", "));
    }
    if !listed.is_empty() {
        s += &format!(", and n = {} below the preperiod", show_list(listed, 24));
    } else if e > 0 {
        s += ", and none below the preperiod";
    }
    s
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

fn sequence_table(name: &str, values: &[Nimber], most: usize) -> Table {
    let shown = &values[..values.len().min(most)];
    Table {
        game: name.to_string(),
        parameters: 1,
        rows: Span {
            from: 0,
            to: shown.len().saturating_sub(1) as u64,
        },
        cols: None,
        values: shown.iter().map(|&v| vec![Some(v)]).collect(),
        p_positions: (0..shown.len() as u64)
            .filter(|&i| shown[i as usize] == 0)
            .map(|i| vec![i])
            .collect(),
    }
}

/// A key of a cell `(a, b)`: its name and the function (`None` where it is undefined, e.g. `a − 1` for `a = 0`).
pub type Key = (&'static str, fn(u64, u64) -> Option<i128>);

/// The keys tried, simplest first.
pub const KEYS: &[Key] = &[
    ("a + b", |a, b| Some(a as i128 + b as i128)),
    ("b - a", |a, b| Some(b as i128 - a as i128)),
    ("|a - b|", |a, b| Some(a.abs_diff(b) as i128)),
    ("min(a, b)", |a, b| Some(a.min(b) as i128)),
    ("max(a, b)", |a, b| Some(a.max(b) as i128)),
    ("a xor b", |a, b| Some((a ^ b) as i128)),
    ("a | b", |a, b| Some((a | b) as i128)),
    ("a & b", |a, b| Some((a & b) as i128)),
    ("(a-1) | (b-1)", |a, b| {
        Some(((a.checked_sub(1)?) | (b.checked_sub(1)?)) as i128)
    }),
    ("(a-1) xor (b-1)", |a, b| {
        Some(((a.checked_sub(1)?) ^ (b.checked_sub(1)?)) as i128)
    }),
];

/// The defined cells of a two-parameter table: `(a, b, G(a, b))`.
fn cells(t: &Table) -> Vec<(u64, u64, Nimber)> {
    let c = t.cols.expect("two parameters");
    let mut out = Vec::new();
    for (i, row) in t.values.iter().enumerate() {
        for (j, v) in row.iter().enumerate() {
            if let Some(v) = v {
                out.push((t.rows.from + i as u64, c.from + j as u64, *v));
            }
        }
    }
    out
}

/// The rules of a two-parameter table (every one observed on the table's range).
pub fn two_parameters(t: &Table) -> Pattern {
    let cols = t.cols.expect("a two-parameter table has columns");
    let rule = |law: Law, statement: String| Rule {
        law,
        statement,
        certified: false,
        certificate: None,
        checked_rows: t.rows,
        checked_cols: Some(cols),
    };
    let all = cells(t);
    let mut rules = Vec::new();
    let mut telling = 0;
    // Symmetry, on the square both ranges share.
    let (lo, hi) = (t.rows.from.max(cols.from), t.rows.to.min(cols.to));
    if lo < hi && hi - lo >= 2 {
        let mut checked = 0;
        let mut ok = true;
        for a in lo..=hi {
            for b in a + 1..=hi {
                match (t.get(a, b), t.get(b, a)) {
                    (Some(x), Some(y)) if x == y => checked += 1,
                    (None, None) => {}
                    _ => ok = false,
                }
            }
        }
        if ok && checked >= 3 {
            rules.push(rule(
                Law::Symmetric,
                format!("G(a, b) = G(b, a) (checked on a, b in {lo}..={hi})"),
            ));
        }
    }
    // Separability.
    if let Some(r) = separable(t, &all) {
        telling += 1;
        rules.push(rule(r.0, r.1));
    } else if let Some(r) = nim_product(t, &all) {
        telling += 1;
        rules.push(rule(r.0, r.1));
    }
    // A function of a key.
    let mut key_fits: Vec<Vec<i128>> = Vec::new();
    for (name, key) in KEYS {
        if let Some(function) = key_function(&all, *key) {
            // A key that splits the cells as one already reported (b - a and |a - b| when a < b) says nothing new.
            let ks: Vec<i128> = all.iter().filter_map(|c| key(c.0, c.1)).collect();
            if key_fits.iter().any(|other| same_partition(other, &ks)) {
                continue;
            }
            key_fits.push(ks);
            let formula = describe_function(&function).or_else(|| key_candidate(&function));
            let st = match &formula {
                Some(f) => format!("G(a, b) = f(k) with k = {name} and {f}"),
                None => format!(
                    "G(a, b) depends only on k = {name}: f(k) for k = {}.. is {}",
                    function[0].0,
                    show_list(&function.iter().map(|x| x.1).collect::<Vec<_>>(), 20)
                ),
            };
            telling += 1;
            rules.push(rule(
                Law::Key {
                    key: name.to_string(),
                    function,
                    formula,
                },
                st,
            ));
        }
    }
    // Rows and columns periodic.
    for along in ["b", "a"] {
        if let Some(r) = line_periods(t, along) {
            telling += 1;
            rules.push(rule(r.0, r.1));
        }
    }
    // P-positions.
    let zeros: Vec<(u64, u64)> = all
        .iter()
        .filter(|c| c.2 == 0)
        .map(|c| (c.0, c.1))
        .collect();
    let mut p_found = false;
    if zeros.is_empty() {
        rules.push(rule(
            Law::PListed { positions: vec![] },
            "no P-position in the range".into(),
        ));
        p_found = true;
    }
    if !p_found {
        for (name, key) in KEYS {
            if let Some((zk, class)) = p_key(&all, *key) {
                let st = match &class {
                    Some((m, rs)) => format!(
                        "the P-positions are exactly the cells with {name} ≡ {} (mod {m})",
                        show_list(rs, 12)
                    ),
                    None if zk.len() == 1 => {
                        format!(
                            "the P-positions are exactly the cells with {name} = {}",
                            zk[0]
                        )
                    }
                    None => format!(
                        "the P-positions are exactly the cells with {name} in {{{}}}",
                        show_list(&zk, 12)
                    ),
                };
                rules.push(rule(
                    Law::PKey {
                        key: name.to_string(),
                        zeros: zk,
                        class,
                    },
                    st,
                ));
                p_found = true;
                break;
            }
        }
    }
    if !p_found {
        if let Some((m, res)) = p_residues(t, &all) {
            let shown: Vec<String> = res.iter().map(|(x, y)| format!("({x}, {y})")).collect();
            rules.push(rule(
                Law::PResidues {
                    modulus: m,
                    residues: res,
                },
                format!(
                    "the P-positions are exactly the cells with (a mod {m}, b mod {m}) in {{{}}}",
                    shown.join(", ")
                ),
            ));
            p_found = true;
        }
    }
    if !p_found {
        if let Some(r) = beatty(t, &zeros) {
            rules.push(rule(r.0, r.1));
            p_found = true;
        }
    }
    if !p_found && zeros.len() <= 12 {
        let shown: Vec<String> = zeros.iter().map(|(a, b)| format!("({a}, {b})")).collect();
        rules.push(rule(
            Law::PListed {
                positions: zeros.iter().map(|&(a, b)| vec![a, b]).collect(),
            },
            format!("the P-positions in the range are {} only", shown.join(", ")),
        ));
        p_found = true;
    }
    if p_found {
        telling += 1;
    }
    let nothing_fits = telling == 0;
    Pattern {
        game: t.game.clone(),
        parameters: 2,
        rows: t.rows,
        cols: Some(cols),
        rules,
        nothing_fits,
        first_rows: nothing_fits.then(|| t.corner(12, 12)),
        nearest: None,
    }
}

/// Whether two keys of the same cells split them into the same classes.
fn same_partition(x: &[i128], y: &[i128]) -> bool {
    let (mut fw, mut bw) = (BTreeMap::new(), BTreeMap::new());
    x.len() == y.len()
        && x.iter()
            .zip(y)
            .all(|(a, b)| *fw.entry(*a).or_insert(*b) == *b && *bw.entry(*b).or_insert(*a) == *a)
}

/// `G(a, b) = f(a) ⊕ g(b)` on every cell where it can be checked, with `f(a) = G(a, b0)` and
/// `g(b) = G(a0, b) ⊕ G(a0, b0)` for the first cell `(a0, b0)`.
fn separable(t: &Table, all: &[(u64, u64, Nimber)]) -> Option<(Law, String)> {
    let &(a0, b0, g00) = all.first()?;
    let cols = t.cols?;
    let mut checked = 0;
    for &(a, b, v) in all {
        if let (Some(x), Some(y)) = (t.get(a, b0), t.get(a0, b)) {
            if v != x ^ y ^ g00 {
                return None;
            }
            checked += 1;
        }
    }
    // Enough cells off the reference row and column to mean something.
    if checked < 9 || checked * 2 < all.len() {
        return None;
    }
    let f: Vec<Option<Nimber>> = (t.rows.from..=t.rows.to).map(|a| t.get(a, b0)).collect();
    let g: Vec<Option<Nimber>> = (cols.from..=cols.to)
        .map(|b| t.get(a0, b).map(|v| v ^ g00))
        .collect();
    let fd = describe_line(&f, t.rows.from, "a");
    let gd = describe_line(&g, cols.from, "b");
    let formula = match (&fd, &gd) {
        (Some(x), Some(y)) if y == "0" => Some(format!("G(a, b) = {x}")),
        (Some(x), Some(y)) if x == "0" => Some(format!("G(a, b) = {y}")),
        (Some(x), Some(y)) => Some(format!("G(a, b) = ({x}) xor ({y})")),
        _ => None,
    };
    let st = match &formula {
        Some(f) => format!("{f}: a sum in disguise, G(a, b) = f(a) xor g(b)"),
        None => format!(
            "G(a, b) = f(a) xor g(b), a sum in disguise: f = {} (a from {}), g = {} (b from {})",
            show_opt(&f),
            t.rows.from,
            show_opt(&g),
            cols.from
        ),
    };
    Some((Law::Separable { f, g, formula }, st))
}

/// `G(a, b) = f(a) ⊗ g(b)` on every cell, with `(a0, b0)` the first cell of nonzero value, `f(a) = G(a, b0)` and
/// `g(b) = G(a0, b) ⊗ G(a0, b0)⁻¹` (nim multiplication and inverse, [`crate::nimber::field`]); reported when at
/// least nine cells off the reference row and column are checked and `f` and `g` each take three values or more.
fn nim_product(t: &Table, all: &[(u64, u64, Nimber)]) -> Option<(Law, String)> {
    use crate::nimber::field::{inv, mul};
    let cols = t.cols?;
    let &(a0, b0, g00) = all.iter().find(|c| c.2 != 0)?;
    let unit = inv(g00)?;
    let mut checked = 0;
    for &(a, b, v) in all {
        if let (Some(x), Some(y)) = (t.get(a, b0), t.get(a0, b)) {
            if v != mul(mul(x, y), unit) {
                return None;
            }
            if a != a0 && b != b0 {
                checked += 1;
            }
        }
    }
    if checked < 9 || checked * 2 < all.len() {
        return None;
    }
    let f: Vec<Option<Nimber>> = (t.rows.from..=t.rows.to).map(|a| t.get(a, b0)).collect();
    let g: Vec<Option<Nimber>> = (cols.from..=cols.to)
        .map(|b| t.get(a0, b).map(|v| mul(v, unit)))
        .collect();
    let distinct = |v: &[Option<Nimber>]| {
        let mut s: Vec<Nimber> = v.iter().flatten().copied().collect();
        s.sort_unstable();
        s.dedup();
        s.len()
    };
    if distinct(&f) < 3 || distinct(&g) < 3 {
        return None;
    }
    let formula = match (
        describe_line(&f, t.rows.from, "a"),
        describe_line(&g, cols.from, "b"),
    ) {
        (Some(x), Some(y)) => Some(
            format!("G(a, b) = ({x}) ⊗ ({y})")
                .replace("(a)", "a")
                .replace("(b)", "b"),
        ),
        _ => None,
    };
    let tartan = "the form the Tartan theorem gives for a product of two coin-turning games (Winning Ways, ch. 14, after H. W. Lenstra)";
    let st = match &formula {
        Some(fm) => format!("{fm}, a nim product: {tartan}"),
        None => format!(
            "G(a, b) = f(a) ⊗ g(b), a nim product ({tartan}): f = {} (a from {}), g = {} (b from {})",
            show_opt(&f),
            t.rows.from,
            show_opt(&g),
            cols.from
        ),
    };
    Some((Law::NimProduct { f, g, formula }, st))
}

fn show_opt(v: &[Option<Nimber>]) -> String {
    let s: Vec<String> = v
        .iter()
        .take(20)
        .map(|x| x.map_or(".".to_string(), |x| x.to_string()))
        .collect();
    s.join(" ") + if v.len() > 20 { " …" } else { "" }
}

/// A line of values `v[i] = h(start + i)` as a formula in `var`, when a simple one fits.
fn describe_line(v: &[Option<Nimber>], start: u64, var: &str) -> Option<String> {
    let pts: Vec<(i128, Nimber)> = v
        .iter()
        .enumerate()
        .filter_map(|(i, x)| x.map(|x| ((start + i as u64) as i128, x)))
        .collect();
    describe_function(&pts).map(|f| {
        f.trim_start_matches("f(k) = ")
            .replace("k", var)
            .to_string()
    })
}

/// A closed form `f(k) = …` for the points `(k, f(k))` (increasing `k`), when one of a few simple ones fits all of
/// them and there are enough points to tell (at least 4).
fn describe_function(pts: &[(i128, Nimber)]) -> Option<String> {
    if pts.len() < 4 {
        return None;
    }
    let first = pts[0].1;
    if pts.iter().all(|p| p.1 == first) {
        return Some(format!("f(k) = {first}"));
    }
    let c = pts[0].1 as i128 - pts[0].0;
    if pts.iter().all(|p| p.1 as i128 - p.0 == c) {
        return Some(match c {
            0 => "f(k) = k".into(),
            c if c > 0 => format!("f(k) = k + {c}"),
            c => format!("f(k) = k - {}", -c),
        });
    }
    if pts.iter().all(|p| p.0 >= 0) {
        for m in 2..=64i128 {
            if pts.iter().all(|p| p.1 as i128 == p.0 % m) {
                return Some(format!("f(k) = k mod {m}"));
            }
        }
        if pts
            .iter()
            .all(|p| p.1 == (p.0 as u128).trailing_ones() as Nimber)
        {
            return Some("f(k) = the index of the lowest 0 bit of k (trailing ones)".into());
        }
        for m in 2..=16i128 {
            if pts.iter().all(|p| p.1 as i128 == p.0 / m) {
                return Some(format!("f(k) = floor(k / {m})"));
            }
        }
    }
    None
}

/// A formula of the candidate library ([`candidates`]) for a key's function, when its keys are `0, 1, 2, …` (at
/// least [`candidates::MIN_CHECKED`] of them): `f(k) = ruler(k) for k >= 1, f(0) = 0`.
fn key_candidate(pts: &[(i128, Nimber)]) -> Option<String> {
    if pts.iter().enumerate().any(|(i, p)| p.0 != i as i128) {
        return None;
    }
    let v: Vec<Nimber> = pts.iter().map(|p| p.1).collect();
    match candidates::search(&v) {
        Found::Fits(fit) if fit.base == Base::N => Some(fit.formula_in("f", "k")),
        Found::Fits(fit) => Some(format!(
            "{}, where {}",
            fit.formula_in("f", "k"),
            fit.base.words()
        )),
        Found::Nearest(_) => None,
    }
}

/// `(key, value)` for every key when the value is a function of the key on every cell, and the key is not
/// (nearly) one-to-one (each class of the key holds two cells on average, and some class three).
fn key_function(
    all: &[(u64, u64, Nimber)],
    key: fn(u64, u64) -> Option<i128>,
) -> Option<Vec<(i128, Nimber)>> {
    let mut f: BTreeMap<i128, (Nimber, usize)> = BTreeMap::new();
    for &(a, b, v) in all {
        let k = key(a, b)?;
        let e = f.entry(k).or_insert((v, 0));
        if e.0 != v {
            return None;
        }
        e.1 += 1;
    }
    let informative = f.len() * 2 <= all.len() && f.values().any(|e| e.1 >= 3) && f.len() >= 2;
    informative.then(|| f.into_iter().map(|(k, (v, _))| (k, v)).collect())
}

/// The key values of the P-positions when being a P-position is a function of the key (each class wholly P or
/// wholly N), the P classes hold at least two cells each, and the key is not nearly one-to-one; with the set as a
/// residue class when it is one.
#[allow(clippy::type_complexity)]
fn p_key(
    all: &[(u64, u64, Nimber)],
    key: fn(u64, u64) -> Option<i128>,
) -> Option<(Vec<i128>, Option<(u64, Vec<u64>)>)> {
    let mut f: BTreeMap<i128, (bool, usize)> = BTreeMap::new();
    for &(a, b, v) in all {
        let k = key(a, b)?;
        let e = f.entry(k).or_insert((v == 0, 0));
        if e.0 != (v == 0) {
            return None;
        }
        e.1 += 1;
    }
    if f.len() * 2 > all.len() || f.len() < 2 {
        return None;
    }
    let zeros: Vec<i128> = f.iter().filter(|e| e.1 .0).map(|e| *e.0).collect();
    if zeros.is_empty() || f.iter().any(|e| e.1 .0 && e.1 .1 < 2) {
        return None;
    }
    // A residue class: the smallest modulus m <= 12 (with the keys spanning at least 3m) that decides.
    let keys: Vec<(i128, bool)> = f.iter().map(|e| (*e.0, e.1 .0)).collect();
    let span = keys.last().unwrap().0 - keys[0].0 + 1;
    let class = if zeros.len() >= 2 {
        (2..=12u64).find_map(|m| {
            if span < 3 * m as i128 {
                return None;
            }
            let mut by: BTreeMap<u64, bool> = BTreeMap::new();
            for &(k, z) in &keys {
                let r = k.rem_euclid(m as i128) as u64;
                if *by.entry(r).or_insert(z) != z {
                    return None;
                }
            }
            Some((m, by.into_iter().filter(|e| e.1).map(|e| e.0).collect()))
        })
    } else {
        None
    };
    Some((zeros, class))
}

/// The smallest modulus `m ≤ 8` (with at least `3m` rows and columns) for which being a P-position depends only on
/// `(a mod m, b mod m)`, with the residue pairs of the P-positions.
fn p_residues(t: &Table, all: &[(u64, u64, Nimber)]) -> Option<(u64, Vec<(u64, u64)>)> {
    let cols = t.cols?;
    (2..=8u64).find_map(|m| {
        if t.rows.len() < 3 * m || cols.len() < 3 * m {
            return None;
        }
        let mut by: BTreeMap<(u64, u64), bool> = BTreeMap::new();
        for &(a, b, v) in all {
            if *by.entry((a % m, b % m)).or_insert(v == 0) != (v == 0) {
                return None;
            }
        }
        let res: Vec<(u64, u64)> = by.into_iter().filter(|e| e.1).map(|e| e.0).collect();
        (!res.is_empty()).then_some((m, res))
    })
}

/// A real number `(u + √d)/w` (`d` not a square), or `u/w` (`d = 0`), `w > 0`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Quad {
    u: i128,
    d: i128,
    w: i128,
}

impl Quad {
    /// `⌊k · self⌋`, exactly.
    fn floor_times(&self, k: i128) -> i128 {
        let root = if self.d == 0 || k == 0 {
            0
        } else {
            isqrt((self.d * k * k) as u128) as i128
        };
        (k * self.u + root).div_euclid(self.w)
    }
    fn show(&self) -> String {
        if self.d == 0 {
            return if self.w == 1 {
                self.u.to_string()
            } else {
                format!("{}/{}", self.u, self.w)
            };
        }
        let name = match (self.u, self.d, self.w) {
            (1, 5, 2) => " = φ, the golden ratio",
            (3, 5, 2) => " = φ² = φ + 1",
            (1, 2, 1) => " = 1 + √2",
            _ => "",
        };
        let top = if self.u == 0 {
            format!("√{}", self.d)
        } else {
            format!("{} + √{}", self.u, self.d)
        };
        if self.w == 1 {
            format!("{top}{name}")
        } else {
            format!("({top})/{}{name}", self.w)
        }
    }
}

/// Whether `1/x + 1/y = 1` exactly, for `x`, `y` with the same `d` (or rationals).
fn complementary(x: Quad, y: Quad) -> bool {
    // 1/((u + √d)/w) = w(u − √d)/(u² − d): rational part w·u/(u² − d), √d part −w/(u² − d).
    if x.d != y.d {
        return false;
    }
    let (nx, ny) = (x.u * x.u - x.d, y.u * y.u - y.d);
    if x.d == 0 {
        // w1/u1 + w2/u2 = 1
        return x.u != 0 && y.u != 0 && x.w * y.u + y.w * x.u == x.u * y.u;
    }
    if nx == 0 || ny == 0 {
        return false;
    }
    let rational = x.w * x.u * ny + y.w * y.u * nx == nx * ny;
    let irrational = x.w * ny + y.w * nx == 0;
    rational && irrational
}

/// The candidates for a Beatty number in `[lo, hi)`, simplest first: rationals `p/q` (`q ≤ 12`), then
/// `(u + √d)/w` with `d ≤ 30` not a square, `w ≤ 6`.
fn candidates() -> Vec<Quad> {
    let mut out = Vec::new();
    for w in 1..=12i128 {
        for u in w..=4 * w {
            out.push(Quad { u, d: 0, w });
        }
    }
    for d in 2..=30i128 {
        let r = isqrt(d as u128) as i128;
        if r * r == d {
            continue;
        }
        for w in 1..=6i128 {
            for u in -6..=12i128 {
                out.push(Quad { u, d, w });
            }
        }
    }
    // Simplest first: the smallest |u| + d + w, then the smallest w.
    out.sort_by_key(|q| (q.u.abs() + q.d + q.w, q.w, q.d));
    out
}

/// Whether `⌊k·x⌋ = v_k` for every `(k, v_k)`.
fn fits(x: Quad, pts: &[(i128, i128)]) -> bool {
    pts.iter().all(|&(k, v)| x.floor_times(k) == v)
}

/// The P-positions as a Beatty pair, on the square both ranges share (see the module docs).
fn beatty(t: &Table, zeros: &[(u64, u64)]) -> Option<(Law, String)> {
    let cols = t.cols?;
    let (lo, hi) = (t.rows.from.max(cols.from), t.rows.to.min(cols.to));
    if hi < lo + 8 {
        return None;
    }
    let inside: Vec<(u64, u64)> = zeros
        .iter()
        .copied()
        .filter(|&(a, b)| (lo..=hi).contains(&a) && (lo..=hi).contains(&b))
        .collect();
    // Symmetric as a set: (a, b) is P exactly when (b, a) is.
    if inside.iter().any(|&(a, b)| t.get(b, a) != Some(0)) {
        return None;
    }
    let mut pairs: Vec<(u64, u64)> = inside.iter().copied().filter(|&(a, b)| a <= b).collect();
    pairs.sort_unstable();
    if pairs.len() < 6
        || pairs
            .windows(2)
            .any(|w| w[0].0 == w[1].0 || w[0].1 >= w[1].1)
    {
        return None;
    }
    let first: u64 = if pairs[0] == (0, 0) { 0 } else { 1 };
    let pa: Vec<(i128, i128)> = pairs
        .iter()
        .enumerate()
        .map(|(i, p)| ((i as u64 + first) as i128, p.0 as i128))
        .collect();
    let pb: Vec<(i128, i128)> = pairs
        .iter()
        .enumerate()
        .map(|(i, p)| ((i as u64 + first) as i128, p.1 as i128))
        .collect();
    let all = candidates();
    let alphas: Vec<Quad> = all.iter().copied().filter(|&x| fits(x, &pa)).collect();
    let betas: Vec<Quad> = all.iter().copied().filter(|&x| fits(x, &pb)).collect();
    // The simplest complementary pair when there is one, else the simplest of each.
    let (alpha, beta) = alphas
        .iter()
        .flat_map(|&x| betas.iter().map(move |&y| (x, y)))
        .find(|&(x, y)| complementary(x, y))
        .or_else(|| Some((*alphas.first()?, *betas.first()?)))?;
    // The next pair must fall outside the square: the list is the whole prefix that fits in it.
    let k_next = (pairs.len() as u64 + first) as i128;
    if alpha.floor_times(k_next) <= hi as i128 && beta.floor_times(k_next) <= hi as i128 {
        return None;
    }
    let (k_last, a_last) = *pa.last().unwrap();
    // The estimate a_K / K to six decimals, in integers.
    let scaled = a_last * 1_000_000 / k_last;
    let estimate = format!("{}.{:06}", scaled / 1_000_000, scaled % 1_000_000);
    let comp = complementary(alpha, beta);
    let n = pairs.len() as u64;
    let st = format!(
        "the P-positions (a, b) with a <= b are the Beatty pairs (floor(k·α), floor(k·β)) for k = {first}..={}, and their mirror images, with α = {}, β = {}{} (α estimated as {estimate} from the last pair, then checked exactly in integers for all {n} pairs; checked on a, b in {lo}..={hi})",
        first + n - 1,
        alpha.show(),
        beta.show(),
        if comp {
            "; 1/α + 1/β = 1, so the two sequences are complementary (Beatty's theorem)"
        } else {
            ""
        }
    );
    Some((
        Law::Beatty {
            alpha: alpha.show(),
            beta: beta.show(),
            alpha_estimate: estimate,
            first,
            pairs: n,
            complementary: comp,
        },
        st,
    ))
}

/// The P-positions `n ≥ 1` of `values` as a Beatty sequence `⌊kα⌋`, `k = 1, 2, …`, `α > 1` the simplest of
/// [`candidates`] that gives every one of them (checked exactly in integers), with at least 8 terms, and the next
/// term past the range (so the terms are exactly the P-positions in it).
fn heap_beatty(values: &[Nimber]) -> Option<(Law, String)> {
    let n = values.len() as i128;
    let zs: Vec<i128> = (1..n).filter(|&i| values[i as usize] == 0).collect();
    if zs.len() < 8 {
        return None;
    }
    let pts: Vec<(i128, i128)> = zs
        .iter()
        .enumerate()
        .map(|(i, &z)| (i as i128 + 1, z))
        .collect();
    let alpha = candidates()
        .into_iter()
        .filter(|x| x.u + x.d > x.w)
        .find(|&x| fits(x, &pts))?;
    let k_next = zs.len() as i128 + 1;
    if alpha.floor_times(k_next) < n {
        return None;
    }
    let (k_last, z_last) = *pts.last().unwrap();
    let scaled = z_last * 1_000_000 / k_last;
    let estimate = format!("{}.{:06}", scaled / 1_000_000, scaled % 1_000_000);
    let with_zero = values[0] == 0;
    let st = format!(
        "the P-positions are {}the Beatty sequence floor(k·α) for k = 1..={}, with α = {} (α estimated as {estimate} from the last term, then checked exactly in integers for all {} terms)",
        if with_zero { "n = 0 and " } else { "" },
        zs.len(),
        alpha.show(),
        zs.len()
    );
    Some((
        Law::PBeatty {
            alpha: alpha.show(),
            exact: [alpha.u as i64, alpha.d as i64, alpha.w as i64],
            alpha_estimate: estimate,
            terms: zs.len() as u64,
            with_zero,
        },
        st,
    ))
}

/// Periodicity of every row in `b` (`along = "b"`) or every column in `a` (`along = "a"`), as [`period::observe`]
/// sees it on the cells of the line that name positions (from the first such cell on; a line with a gap after it
/// is skipped). Reported when at least one line, and at least half of the lines with values, show a period.
fn line_periods(t: &Table, along: &str) -> Option<(Law, String)> {
    let cols = t.cols?;
    let (outer, inner) = if along == "b" {
        (t.rows, cols)
    } else {
        (cols, t.rows)
    };
    let mut lines = Vec::new();
    let mut without = Vec::new();
    for x in outer.from..=outer.to {
        let vals: Vec<Option<Nimber>> = (inner.from..=inner.to)
            .map(|y| {
                if along == "b" {
                    t.get(x, y)
                } else {
                    t.get(y, x)
                }
            })
            .collect();
        let start = match vals.iter().position(Option::is_some) {
            Some(s) => s,
            None => continue,
        };
        let Some(seq) = vals[start..]
            .iter()
            .copied()
            .collect::<Option<Vec<Nimber>>>()
        else {
            continue;
        };
        if seq.len() < 6 {
            continue;
        }
        match period::observe(&seq) {
            Some(p) if p.period < seq.len() as u64 / 3 || p.preperiod == 0 => lines.push([
                x,
                inner.from + start as u64 + p.preperiod,
                p.period,
                p.saltus,
            ]),
            _ => without.push(x),
        }
    }
    if lines.is_empty() || lines.len() < without.len() {
        return None;
    }
    let (line_word, var, other) = if along == "b" {
        ("row", "b", "a")
    } else {
        ("column", "a", "b")
    };
    let same = lines.iter().all(|l| l[2..] == lines[0][2..]);
    let (e_lo, e_hi) = (
        lines.iter().map(|l| l[1]).min().unwrap_or(0),
        lines.iter().map(|l| l[1]).max().unwrap_or(0),
    );
    let law = |l: &[u64; 4]| {
        let g = if along == "b" {
            format!("G({other}, {var} + {})", l[2])
        } else {
            format!("G({var} + {}, {other})", l[2])
        };
        let base = if along == "b" {
            format!("G({other}, {var})")
        } else {
            format!("G({var}, {other})")
        };
        if l[3] == 0 {
            format!("{g} = {base} for {var} >= {}", l[1])
        } else {
            format!("{g} = {base} + {} for {var} >= {}", l[3], l[1])
        }
    };
    let mut st = if same && e_lo == e_hi {
        format!(
            "every {line_word} with values is periodic in {var}: {}",
            law(&lines[0])
        )
    } else if same {
        let l = lines[0];
        let shown: Vec<String> = lines
            .iter()
            .take(6)
            .map(|l| format!("{other} = {}: {}", l[0], law(l)))
            .collect();
        format!(
            "every {line_word} with values is periodic in {var} with period {}{}, from {var} = {e_lo} to {e_hi} depending on the {line_word} ({}{})",
            l[2],
            if l[3] == 0 { String::new() } else { format!(" and saltus {}", l[3]) },
            shown.join("; "),
            if lines.len() > 6 { "; …" } else { "" }
        )
    } else {
        let shown: Vec<String> = lines
            .iter()
            .take(8)
            .map(|l| format!("{other} = {}: {}", l[0], law(l)))
            .collect();
        format!(
            "{} {line_word}s are periodic in {var}, each its own way ({}{})",
            lines.len(),
            shown.join("; "),
            if lines.len() > 8 { "; …" } else { "" }
        )
    };
    if !without.is_empty() {
        st += &format!(
            "; no period seen in the {line_word}s {other} = {}",
            show_list(&without, 12)
        );
    }
    Some((
        Law::LinePeriods {
            along: var.to_string(),
            lines: lines.clone(),
            without,
        },
        st,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_floors() {
        let phi = Quad { u: 1, d: 5, w: 2 };
        // ⌊kφ⌋: the lower Wythoff sequence (OEIS A000201): 1 3 4 6 8 9 11 12.
        let got: Vec<i128> = (1..=8).map(|k| phi.floor_times(k)).collect();
        assert_eq!(got, [1, 3, 4, 6, 8, 9, 11, 12]);
        for k in [1i128, 1000, 1_000_000_007, 1_000_000_000_000_000_000] {
            assert_eq!(
                phi.floor_times(k) as u64,
                crate::games::wythoff::lower(k as u64)
            );
        }
        assert!(complementary(phi, Quad { u: 3, d: 5, w: 2 }));
        assert!(!complementary(phi, Quad { u: 1, d: 5, w: 1 }));
        // √2 and 2 + √2 are complementary (1/√2 + 1/(2 + √2) = 1).
        assert!(complementary(
            Quad { u: 0, d: 2, w: 1 },
            Quad { u: 2, d: 2, w: 1 }
        ));
        // 3/2 and 3: 2/3 + 1/3 = 1.
        assert!(complementary(
            Quad { u: 3, d: 0, w: 2 },
            Quad { u: 3, d: 0, w: 1 }
        ));
        assert_eq!(Quad { u: -3, d: 0, w: 2 }.floor_times(1), -2);
    }

    proptest::proptest! {
        /// ⌊k(u + √d)/w⌋ against its definition: the m with m·w − k·u ≤ k√d < (m + 1)·w − k·u, compared by squares.
        #[test]
        fn exact_floor_is_the_definition(u in -6i128..13, d in 2i128..31, w in 1i128..7, k in 0i128..1_000_000_000) {
            let r = isqrt(d as u128) as i128;
            proptest::prop_assume!(r * r != d);
            let m = Quad { u, d, w }.floor_times(k);
            // x ≤ k√d for x an integer: x ≤ 0 or x² ≤ d·k² (never equal, as k√d is irrational for k > 0).
            let le = |x: i128| x <= 0 || x * x <= d * k * k;
            proptest::prop_assert!(le(m * w - k * u));
            proptest::prop_assert!(!le((m + 1) * w - k * u));
        }
    }

    #[test]
    fn functions_named() {
        let pts = |f: fn(i128) -> u64| (0..20).map(|k| (k, f(k))).collect::<Vec<_>>();
        assert_eq!(
            describe_function(&pts(|k| k as u64 % 5)).unwrap(),
            "f(k) = k mod 5"
        );
        assert_eq!(
            describe_function(&pts(|k| k as u64 + 2)).unwrap(),
            "f(k) = k + 2"
        );
        assert!(
            describe_function(&pts(|k| (k as u64).trailing_ones() as u64))
                .unwrap()
                .contains("lowest 0 bit")
        );
        assert_eq!(
            describe_function(&pts(|k| [3, 1, 4, 1, 5][k as usize % 5])),
            None
        );
    }
}
