//! One parameter: the rules of a heap game's sequence (period, closed form, bound, P-positions, a formula of the
//! candidate library), read off the values the period search computed.

use super::beatty::heap_beatty;
use super::candidates::{self, Base, Fit, Found};
use super::show_list;
use super::{Law, Pattern, Rule};
use crate::analysis::table::{Span, Table};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::HeapView;
use crate::games::AnyGame;
use crate::heap::period::{self, Certificate, Periodicity};
use crate::heap::Engine;
use crate::nimber::Nimber;

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
    match one_parameter_partial(game, to, cx, progress)? {
        (_, _, Some(e)) => Err(e),
        (p, values, None) => Ok((p, values)),
    }
}

/// [`one_parameter_values`], keeping the values computed before a limit (time, memory, positions) stopped the work:
/// then the rules read off those heaps (each observed on them only), the values, and the error that stopped it
/// (`None` when the whole range was computed). A limit reached before any value was computed is an error, and so is
/// anything else [`one_parameter_values`] refuses.
///
/// Long: the two ways of computing the values (a heap game's period search, another game's values by search), each
/// keeping what a limit leaves, then the rules read off them.
pub fn one_parameter_partial(
    game: &dyn AnyGame,
    to: Option<u64>,
    cx: &Context,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<(Pattern, Vec<Nimber>, Option<Error>)> {
    let limits = &cx.limits;
    if game.parameters() != 1 {
        return Err(crate::Error::input(format!(
            "{}: positions of this game are not named by one number",
            game.name()
        ))
        .with_remedy(crate::error::Remedy::RowsAndColumns));
    }
    let (values, periodicity, stopped) = match game.heap_game() {
        Some(heap) => {
            let certifiable = heap.code().is_some_and(period::certifiable);
            let limit = to.unwrap_or(if certifiable {
                period::DEFAULT_LIMIT
            } else {
                period::DEFAULT_LIMIT_UNCERTIFIABLE
            });
            // An explicit --to is computed to the end before a period is read off (see period::Reach::observe_all).
            // The values each step computed are kept as it hands them over, also when a limit stops it.
            let mut kept: Vec<Nimber> = Vec::new();
            let reach = period::Reach {
                limit,
                budget: None,
                keep_values: true,
                observe_all: to.is_some(),
            };
            let searched = period::search(
                &heap,
                Vec::new(),
                reach,
                Engine::Auto,
                1,
                limits,
                progress,
                &mut |v, from| {
                    kept.truncate(from);
                    kept.extend_from_slice(v);
                    Ok(())
                },
            );
            match searched {
                Ok(a) => {
                    // A closed form's period is answered from one preperiod and period of values: the rules are
                    // read off as many values as a computed sequence would give (up to [`CLOSED_FORM_VALUES`]
                    // heaps), so that every statement of the game (a code, a script) reads the same rules off the
                    // same values.
                    let mut values = a.values;
                    let want = limit.min(CLOSED_FORM_VALUES - 1);
                    if (values.len() as u64) <= want {
                        values = crate::heap::sequence::values(&heap, want, &mut |_| {})?;
                    }
                    (values, a.periodicity, None)
                }
                Err(e) if e.budget().is_some() && !kept.is_empty() => {
                    let p = period::observe_with(&kept, heap.longest_move());
                    (kept, p, Some(e))
                }
                Err(e) => return Err(e),
            }
        }
        None => {
            let to = to.unwrap_or(DEFAULT_TO_SEARCHED);
            let cells: Vec<Vec<u64>> = (0..=to).map(|n| vec![n]).collect();
            let mut got = Vec::new();
            let stopped = match game.values_into(&cells, cx, &mut |d| progress(d, to), &mut got) {
                Ok(()) => None,
                Err(e) if e.budget().is_some() && got.first().is_some_and(Option::is_some) => {
                    Some(e)
                }
                Err(e) => return Err(e),
            };
            // The values from 0 up to the first number that names no position.
            let values: Vec<Nimber> = got.iter().map_while(|v| *v).collect();
            if values.is_empty() {
                return Err(crate::Error::input(format!(
                    "{}: the number 0 names no position, so the sequence has no start",
                    game.name()
                )));
            }
            let p = period::observe_with(&values, None);
            (values, p, stopped)
        }
    };
    let p = sequence_rules(&game.name(), &values, periodicity.as_ref());
    Ok((p, values, stopped))
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
            for (law, st, proved) in periodic_rules(values, p, identity, certified) {
                rules.push(rule(law, st, proved));
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
                let (law, st) = formula_rule(&fit, rows);
                rules.insert(0, rule(law, st, false));
                formula_found = true;
            }
            Found::Nearest(m) => nearest = m,
        }
    }
    if periodicity.is_none() && !formula_found {
        // Rules on the P-positions alone: a set of the library, or residue classes.
        let at = rules.len() - 1;
        if let Some((law, st)) = p_only_rule(values, rows) {
            rules.insert(at, rule(law, st, false));
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

/// The rules of a sequence with period `p` (preperiod, period and saltus; a closed form where one fits; the bound
/// on the values; the P-positions), each with whether the period's certificate proves it.
fn periodic_rules(
    values: &[Nimber],
    p: &Periodicity,
    identity: bool,
    certified: bool,
) -> Vec<(Law, String, bool)> {
    let mut out = Vec::new();
    let (e, per, s) = (p.preperiod, p.period, p.saltus);
    let one: Vec<Nimber> = values[e as usize..(e + per) as usize].to_vec();
    let formula = periodic_formula(&one, e, per, s, identity);
    let law = if s == 0 {
        format!("G(n + {per}) = G(n)")
    } else {
        format!("G(n + {per}) = G(n) + {s}")
    };
    // A rule only observed holds on the values read, and is stated so: "for e <= n <= N", never "for every".
    let last = (values.len() as u64).saturating_sub(1);
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
    out.push((
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
        out.push((
            Law::Bounded { max },
            if certified {
                format!("G(n) <= {max} for every n (the values repeat from the preperiod on)")
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
        out.push((
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
        out.push((
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
    out
}

/// A closed form for a sequence with preperiod `e`, period `per` and saltus `s` whose values from `e` on begin
/// with `one`: `G(n) = n mod p`, or `G(n) = n` from the preperiod on (unless `identity` already says `G(n) = n`).
fn periodic_formula(one: &[Nimber], e: u64, per: u64, s: u64, identity: bool) -> Option<String> {
    if e == 0 && s == 0 && one.iter().enumerate().all(|(i, &v)| v == i as u64) {
        Some(format!("G(n) = n mod {per}"))
    } else if !identity && s == per && one.iter().enumerate().all(|(i, &v)| v == e + i as u64) {
        Some(format!("G(n) = n for n >= {e}"))
    } else {
        None
    }
}

/// The rule of a formula of the candidate library that fits every value (`rows`: the heaps checked).
fn formula_rule(fit: &Fit, rows: Span) -> (Law, String) {
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
    (
        Law::Formula {
            base: fit.base,
            function: fit.base.words().to_string(),
            scale: fit.scale,
            offset: fit.offset,
            divisor: fit.divisor,
            xor: fit.xor,
            shift: fit.shift,
            from: fit.from,
            below: fit.below.clone(),
            formula,
        },
        st,
    )
}

/// A rule on the P-positions alone, for values with no period and no formula: a set of the candidate library, else
/// residue classes the P-positions show, else a Beatty sequence (`rows`: the heaps checked).
fn p_only_rule(values: &[Nimber], rows: Span) -> Option<(Law, String)> {
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
        return Some((
            Law::PFormula {
                set: pf.set,
                shift: pf.shift,
                from: pf.from,
                listed: pf.listed,
                formula,
            },
            st,
        ));
    }
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
        return Some((
            Law::PHeaps {
                listed,
                modulus: Some(per),
                residues,
                from: e,
            },
            st,
        ));
    }
    let (law, st) = heap_beatty(values)?;
    Some((law, format!("{st}; checked on n = 0..={}", rows.to)))
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
        slice: None,
        stopped: None,
    }
}
