//! Two numbers: `sg(a, b)` from a rule for the values (separable, a nim product, a function of a key, each with
//! closed forms), else `is_p(a, b)` from a rule for the P-positions (a key's values, residue classes, a Beatty
//! pair), checked by the emitted `main` against the cells of the table the rule was read off.

use super::code::{self, Check, Op, E, S};
use super::helpers::Helper;
use super::{
    at_least_one, beatty, bin, comment, flags, formula, v, Built, Language, BEATTY_NOTE, MAX_CELLS,
};
use crate::analysis::pattern::{key_line_fn, line_fn, line_points, Law, LineFn, Pattern, Rule};
use crate::analysis::table::Table;
use crate::error::{Error, Result};
use crate::heap::period;
use crate::nimber::Nimber;

/// The most key values a rule on the P-positions may list for its code (more, and no code is emitted for it).
const MAX_ZEROS: usize = 16;

/// The code of `sg(a, b)` (or `is_p(a, b)`) for the two-number game of `p`, read off table `t`, in `lang`: from the
/// first rule for the values that has closed forms (separable, a nim product, a key's function), else the first
/// rule for the P-positions (a key's values, residue classes, a Beatty pair). The emitted `main` checks it against
/// the cells of `t` (at most [`MAX_CELLS`], evenly spread).
pub fn emit_table(p: &Pattern, t: &Table, lang: Language) -> Result<String> {
    if p.parameters != 2 {
        return Err(Error::input(format!(
            "{}: a position of this game is one number; its code is emitted from its sequence of values",
            p.game
        )));
    }
    let (rows, cols) = (p.rows, p.cols.unwrap_or(p.rows));
    let found = choose(p, t);
    let Some((rule, built)) = found else {
        return Err(Error::input(format!(
            "{}: no rule with a closed form for the nim-values or the P-positions was found on a = {rows}, b = {cols}, so there is no sg(a, b) to emit",
            p.game
        )));
    };
    let mut cells: Vec<[u64; 3]> = Vec::new();
    for (i, row) in t.values.iter().enumerate() {
        for (j, x) in row.iter().enumerate() {
            if let Some(x) = x {
                let (a, bb) = (
                    t.rows.from + i as u64,
                    t.cols.map_or(0, |c| c.from) + j as u64,
                );
                if let Some((k, ls)) = &built.lines {
                    if !ls.contains(&[a, bb][*k]) {
                        continue;
                    }
                }
                let value = if built.p_only { u64::from(*x == 0) } else { *x };
                cells.push([
                    t.rows.from + i as u64,
                    t.cols.map_or(0, |c| c.from) + j as u64,
                    value,
                ]);
            }
        }
    }
    let all = cells.len();
    if all > MAX_CELLS {
        let step = all.div_ceil(MAX_CELLS);
        cells = cells.into_iter().step_by(step).collect();
    }
    let status = format!("observed on a = {rows}, b = {cols} only: a conjecture beyond them");
    let title = if built.p_only {
        format!(
            "is_p(a, b): whether position (a, b) of {} is a P-position (nim-value 0), from the rule found by grundy pattern. The rule found gives the P-positions only, not the nim-values.",
            p.game
        )
    } else {
        format!(
            "sg(a, b): the nim-value of position (a, b) of {}, from the rule found by grundy pattern.",
            p.game
        )
    };
    let how = format!(
        "Run without arguments, main checks {} against {} of the {all} cells grundy computed, and exits with status 1 on a difference; with arguments (pairs a b), it prints {} for each. Written by grundy pattern --emit {}.",
        if built.p_only { "is_p" } else { "sg" },
        if cells.len() == all { "every one".to_string() } else { cells.len().to_string() },
        if built.p_only { "P or N" } else { "sg(a, b)" },
        lang.name()
    );
    let program = built.program(
        comment(&title, &rule.statement, &status, &how),
        vec!["a", "b"],
        Check::Cells {
            cells,
            rows: rows.to_string(),
            cols: cols.to_string(),
        },
    );
    Ok(code::render(&program, lang))
}

/// The rule the code is written from, and its function: the first rule for the values whose parts have closed
/// forms, else the first rule for the P-positions that has code. Periods of rows or columns come after every other
/// rule for the values (their code holds for the lines checked only), and after the rules for the P-positions too
/// when some line shows none; code that refuses positions past the range the rule was read off (rows or columns
/// outside it, a line that shows no period) is chosen only when no rule of the same kind (values, or P-positions)
/// gives code without such refusals.
pub(super) fn choose<'a>(p: &'a Pattern, t: &Table) -> Option<(&'a Rule, Built)> {
    let p_rule = |r: &&Rule| {
        matches!(
            &r.law,
            Law::PKey { .. } | Law::PResidues { .. } | Law::Beatty { .. }
        )
    };
    let lines = |r: &&Rule| matches!(&r.law, Law::LinePeriods { .. });
    let gaps =
        |r: &&Rule| matches!(&r.law, Law::LinePeriods { without, .. } if !without.is_empty());
    let mut built = p
        .rules
        .iter()
        .filter(|r| !p_rule(r) && !lines(r))
        .chain(p.rules.iter().filter(|r| lines(r) && !gaps(r)))
        .chain(p.rules.iter().filter(p_rule))
        .chain(p.rules.iter().filter(gaps))
        .filter_map(|r| build(r, t).map(|b| (r, b)));
    let first = built.next()?;
    if !first.1.bounded {
        return Some(first);
    }
    let p_only = first.1.p_only;
    built
        .find(|(_, b)| !b.bounded && b.p_only == p_only)
        .or(Some(first))
}

/// The function of `rule`, when it has one: `None` for a rule without closed forms.
fn build(rule: &Rule, t: &Table) -> Option<Built> {
    let mut b = Built::default();
    let rows = rule.checked_rows.from;
    let cols = rule.checked_cols.map_or(0, |c| c.from);
    match &rule.law {
        Law::Separable { f, g, .. } | Law::NimProduct { f, g, .. } => {
            let product = matches!(rule.law, Law::NimProduct { .. });
            let (ff, gf) = parts(&line_points(f, rows), &line_points(g, cols), product)?;
            let fx = line(&mut b, &ff, v("a"))?;
            let gx = line(&mut b, &gf, v("b"))?;
            let value = if product {
                b.helpers.push(Helper::NimMul);
                let value = E::call("nim_mul", vec![fx, gx, E::L(32)]);
                match rule.law {
                    Law::NimProduct { constant, .. } if constant != 1 => {
                        E::call("nim_mul", vec![E::L(constant), value, E::L(32)])
                    }
                    _ => value,
                }
            } else {
                match (&fx, &gx) {
                    (_, E::L(0)) => fx,
                    (E::L(0), _) => gx,
                    _ => bin(fx, Op::Xor, gx),
                }
            };
            b.body.push(S::Return(value));
        }
        Law::Key { key, function, .. } => {
            let Some(f) = key_line_fn(function).filter(|_| key != "b - a") else {
                key_lines(&mut b, key, function)?;
                return Some(b);
            };
            let k = key_expr(&mut b, key)?;
            b.body.push(S::Let("k", k));
            match f {
                LineFn::Formula(fit) => formula(&mut b, "k", &fit),
                f => {
                    let value = line(&mut b, &f, v("k"))?;
                    b.body.push(S::Return(value));
                }
            }
        }
        Law::PKey { key, zeros, class } => {
            b.p_only = true;
            let cond = if key == "b - a" {
                p_difference(&mut b, zeros, class.as_ref())?
            } else {
                let k = key_expr(&mut b, key)?;
                b.body.push(S::Let("k", k));
                match class {
                    Some((m, rs)) => class_flag(&mut b, v("k"), *m, rs),
                    None => any_equal(zeros.iter().map(|&z| {
                        let z = u64::try_from(z).ok()?;
                        Some(bin(v("k"), Op::Eq, E::L(z)))
                    }))?,
                }
            };
            b.body.push(S::Return(cond));
        }
        Law::PResidues { modulus, residues } => {
            b.p_only = true;
            let m = *modulus;
            let at: Vec<u64> = residues.iter().map(|&(x, y)| x * m + y).collect();
            b.tables.push(flags(
                "PRES",
                format!("1 at (a mod {m})·{m} + (b mod {m}) for the residues of the P-positions."),
                m * m,
                &at,
            ));
            let i = bin(
                bin(bin(v("a"), Op::Rem, E::L(m)), Op::Mul, E::L(m)),
                Op::Add,
                bin(v("b"), Op::Rem, E::L(m)),
            );
            b.body.push(S::Return(bin(
                E::Index("PRES", Box::new(i)),
                Op::Ne,
                E::L(0),
            )));
        }
        Law::Beatty {
            alpha_exact,
            beta_exact,
            first,
            ..
        } => beatty_pair(&mut b, *alpha_exact, *beta_exact, *first)?,
        Law::LinePeriods { along, lines, .. } => line_periods(&mut b, t, along == "b", lines)?,
        _ => return None,
    }
    Some(b)
}

/// `is_p(a, b)` for the Beatty pair `(⌊kα⌋, ⌊kβ⌋)`, `k >= first`, and the mirror images: `lo = min(a, b)`, `k` the
/// largest with `⌊kα⌋ <= lo`, then `⌊kα⌋ = lo` and `⌊kβ⌋ = max(a, b)`; `None` when `α` or `β` is below 1.
fn beatty_pair(
    b: &mut Built,
    alpha_exact: [i64; 3],
    beta_exact: [i64; 3],
    first: u64,
) -> Option<()> {
    if !at_least_one(alpha_exact) || !at_least_one(beta_exact) {
        return None;
    }
    b.p_only = true;
    b.helpers.push(Helper::Beatty);
    b.note = Some(BEATTY_NOTE.into());
    b.body
        .push(S::Let("lo", E::Min(Box::new(v("a")), Box::new(v("b")))));
    b.body
        .push(S::Let("hi", E::Max(Box::new(v("a")), Box::new(v("b")))));
    let [u, d, w] = alpha_exact;
    b.body.push(S::Let(
        "k",
        E::call(
            "beatty_index",
            vec![v("lo"), E::I(u), E::L(d as u64), E::L(w as u64)],
        ),
    ));
    let mut cond = bin(
        bin(beatty(v("k"), alpha_exact), Op::Eq, v("lo")),
        Op::And,
        bin(beatty(v("k"), beta_exact), Op::Eq, v("hi")),
    );
    if first > 0 {
        cond = bin(bin(v("k"), Op::Ge, E::L(first)), Op::And, cond);
    }
    b.body.push(S::Return(cond));
    Some(())
}

/// Closed forms of the parts `f` and `g` of `G(a, b) = f(a) ⊕ g(b)`, which are unique only up to a number `c` xored
/// into both: the first `c` (0, 1, …, 127, then the parts' own values) for which both `f ⊕ c` and `g ⊕ c` have one. A nim
/// product's parts (`product`) are taken as they are.
fn parts(f: &[(i128, Nimber)], g: &[(i128, Nimber)], product: bool) -> Option<(LineFn, LineFn)> {
    let mut shifts: Vec<Nimber> = vec![0];
    if !product {
        shifts.extend(1..128);
        shifts.extend(
            f.iter()
                .chain(g)
                .map(|p| p.1)
                .filter(|&x| x >= 128)
                .take(64),
        );
    }
    shifts.iter().find_map(|&c| {
        let xor = |pts: &[(i128, Nimber)]| -> Vec<(i128, Nimber)> {
            pts.iter().map(|&(k, x)| (k, x ^ c)).collect()
        };
        Some((line_fn(&xor(f))?, line_fn(&xor(g))?))
    })
}

/// A closed form of a line or a key's function applied to `x` (`None` for a formula of the candidate library,
/// which takes statements, see [`formula`]).
fn line(b: &mut Built, f: &LineFn, x: E) -> Option<E> {
    Some(match f {
        LineFn::Const(c) => E::L(*c),
        LineFn::Plus(c) => E::plus(x, *c),
        LineFn::Mod(m) => bin(x, Op::Rem, E::L(*m)),
        LineFn::TrailingOnes => {
            b.helpers.push(Helper::Base(
                crate::analysis::pattern::candidates::Base::TrailingOnes,
            ));
            E::call("trailing_ones", vec![x])
        }
        LineFn::Div(m) => bin(x, Op::Div, E::L(*m)),
        LineFn::Xor(c) => bin(x, Op::Xor, E::L(*c)),
        LineFn::Formula(_) => return None,
    })
}

/// A key of `(a, b)` as an expression on whole numbers, with the note on where it is defined; `None` for `b − a`,
/// which may be negative.
fn key_expr(b: &mut Built, key: &str) -> Option<E> {
    let (a, bb) = (|| v("a"), || v("b"));
    let less_one = |x: E| bin(x, Op::Sub, E::L(1));
    Some(match key {
        "a + b" => {
            b.note = Some("a + b is computed in 64 bits: exact while a + b < 2^64.".into());
            bin(a(), Op::Add, bb())
        }
        "|a - b|" => bin(
            E::Max(Box::new(a()), Box::new(bb())),
            Op::Sub,
            E::Min(Box::new(a()), Box::new(bb())),
        ),
        "min(a, b)" => E::Min(Box::new(a()), Box::new(bb())),
        "max(a, b)" => E::Max(Box::new(a()), Box::new(bb())),
        "a xor b" => bin(a(), Op::Xor, bb()),
        "a | b" => bin(a(), Op::Or, bb()),
        "a & b" => bin(a(), Op::BitAnd, bb()),
        "(a-1) | (b-1)" | "(a-1) xor (b-1)" => {
            b.note =
                Some("the key needs a, b >= 1: the rule says nothing of a = 0 or b = 0.".into());
            let op = if key.contains('|') { Op::Or } else { Op::Xor };
            bin(less_one(a()), op, less_one(bb()))
        }
        _ => return None,
    })
}

/// `TABLE[x mod m] != 0` for the residues `rs`, with the table.
fn class_flag(b: &mut Built, x: E, m: u64, rs: &[u64]) -> E {
    b.tables.push(flags(
        "PCLASS",
        format!("1 at the residues (mod {m}) of the key at the P-positions."),
        m,
        rs,
    ));
    bin(
        E::Index("PCLASS", Box::new(bin(x, Op::Rem, E::L(m)))),
        Op::Ne,
        E::L(0),
    )
}

/// `c1 || c2 || …` (at most [`MAX_ZEROS`] terms, each present).
fn any_equal(terms: impl Iterator<Item = Option<E>>) -> Option<E> {
    let terms: Vec<E> = terms.collect::<Option<Vec<E>>>()?;
    if terms.is_empty() || terms.len() > MAX_ZEROS {
        return None;
    }
    terms.into_iter().reduce(|x, y| bin(x, Op::Lor, y))
}

/// The P-positions as values of `b − a` (which may be negative): a residue class of it, computed as
/// `(b mod m + m − a mod m) mod m`, or its values one by one.
fn p_difference(b: &mut Built, zeros: &[i128], class: Option<&(u64, Vec<u64>)>) -> Option<E> {
    if let Some((m, rs)) = class {
        let m = *m;
        let i = bin(
            bin(bin(v("b"), Op::Rem, E::L(m)), Op::Add, E::L(m)),
            Op::Sub,
            bin(v("a"), Op::Rem, E::L(m)),
        );
        return Some(class_flag(b, i, m, rs));
    }
    any_equal(zeros.iter().map(|&z| {
        let (hi, lo) = if z >= 0 { ("b", "a") } else { ("a", "b") };
        let z = u64::try_from(z.unsigned_abs()).ok()?;
        Some(bin(
            bin(v(hi), Op::Ge, v(lo)),
            Op::And,
            bin(bin(v(hi), Op::Sub, v(lo)), Op::Eq, E::L(z)),
        ))
    }))
}

/// One line of a table of periodic lines: its values from `first` through one period, `G(first + i) = vals[i]`
/// below the preperiod `e` and `G(y + p) = G(y) + s` from `e` on (`p = 0`: no period, values below `e` only).
struct LineCode {
    first: u64,
    e: u64,
    p: u64,
    s: u64,
    vals: Vec<u64>,
}

impl LineCode {
    /// The line of values `seq` (`seq[i]` at `first + i`): with the period it shows three times over, else its
    /// values only.
    fn of(first: u64, seq: &[Nimber]) -> LineCode {
        match period::observe(seq) {
            Some(q) => LineCode {
                first,
                e: first + q.preperiod,
                p: q.period,
                s: q.saltus,
                vals: seq[..(q.preperiod + q.period) as usize].to_vec(),
            },
            None => LineCode {
                first,
                e: first + seq.len() as u64,
                p: 0,
                s: 0,
                vals: seq.to_vec(),
            },
        }
    }
}

/// `sg(a, b)` from the periods of the rows (`by_rows`: each row `a` periodic in `b`) or of the columns, each line
/// `[line, preperiod, period, saltus]` of [`Law::LinePeriods`], with the values of `t`; a line outside the range or
/// without a period is refused. `None` when the values are not all in `t` or the tables would be too large.
fn line_periods(b: &mut Built, t: &Table, by_rows: bool, lines: &[[u64; 4]]) -> Option<()> {
    let (x, y) = if by_rows { ("a", "b") } else { ("b", "a") };
    let (line_word, word) = if by_rows {
        ("row", "rows")
    } else {
        ("column", "columns")
    };
    let outer = if by_rows { t.rows } else { t.cols? };
    let at = |l: u64, c: u64| if by_rows { t.get(l, c) } else { t.get(c, l) };
    let inner = if by_rows { t.cols? } else { t.rows };
    let mut code: Vec<LineCode> = (outer.from..=outer.to)
        .map(|_| LineCode {
            first: 0,
            e: 0,
            p: 0,
            s: 0,
            vals: vec![],
        })
        .collect();
    for &[l, e, p, s] in lines {
        let first = (inner.from..=inner.to).find(|&c| at(l, c).is_some())?;
        let vals = (first..e + p)
            .map(|c| at(l, c))
            .collect::<Option<Vec<_>>>()?;
        code[(l - outer.from) as usize] = LineCode {
            first,
            e,
            p,
            s,
            vals,
        };
    }
    let mut ls: Vec<u64> = lines.iter().map(|l| l[0]).collect();
    ls.sort_unstable();
    b.lines = Some((usize::from(!by_rows), ls));
    b.note = Some(format!(
        "{x} outside {}..={} (the {word} checked), a {line_word} without a period, {y} before the {line_word}'s first position, and values from 2^64 up are refused: sg stops with a message.",
        outer.from, outer.to
    ));
    // No `x < 0` on unsigned numbers (rustc warns of a useless comparison).
    let above = bin(E::L(outer.to), Op::Lt, v(x));
    let outside = if outer.from == 0 {
        above
    } else {
        bin(bin(v(x), Op::Lt, E::L(outer.from)), Op::Lor, above)
    };
    b.bounded = true;
    b.body.push(S::Refuse(
        outside,
        format!(
            "{x} is outside the {word} {}..={} the rule was read off",
            outer.from, outer.to
        ),
    ));
    let doc = format!("{line_word} {x} = {}..={}", outer.from, outer.to);
    lines_body(
        b,
        E::plus(v(x), -i128::from(outer.from)),
        y,
        &code,
        line_word,
        &doc,
    )
}

/// The statements that return line `index`'s value at `y` (a variable) from the tables `LINES` (`[first, e, p, s,
/// where its values start in VALS]` for each line) and `VALS`; a value before the line's first, past the values
/// of a line without a period, or from 2^64 up is refused. `None` when the tables would hold more than
/// [`super::MAX_TABLE`] values.
fn lines_body(
    b: &mut Built,
    index: E,
    y: &'static str,
    code: &[LineCode],
    line_word: &str,
    lines_doc: &str,
) -> Option<()> {
    let mut table = Vec::new();
    let mut vals: Vec<u64> = Vec::new();
    b.bounded |= code.iter().any(|c| c.p == 0);
    for c in code {
        table.extend([c.first, c.e, c.p, c.s, vals.len() as u64]);
        vals.extend(&c.vals);
    }
    if (vals.len() + table.len()) as u64 > super::MAX_TABLE {
        return None;
    }
    b.tables.push(code::Table {
        name: "LINES",
        doc: format!(
            "For each {lines_doc}: its first {y}, preperiod, period (0: none seen), saltus, and where its values start in VALS."
        ),
        values: table,
    });
    b.tables.push(code::Table {
        name: "VALS",
        doc: format!("Each {line_word}'s values from its first {y} through one period."),
        values: vals,
    });
    let field = |k: u64| E::Index("LINES", Box::new(E::plus(v("i"), k as i128)));
    let s = &mut b.body;
    s.push(S::Let("i", bin(index, Op::Mul, E::L(5))));
    s.push(S::Let("first", field(0)));
    s.push(S::Refuse(
        bin(v(y), Op::Lt, v("first")),
        format!("{y} is before the first position of this {line_word}"),
    ));
    s.push(S::Let("e", field(1)));
    s.push(S::If(
        bin(v(y), Op::Lt, v("e")),
        E::Index(
            "VALS",
            Box::new(bin(bin(field(4), Op::Add, v(y)), Op::Sub, v("first"))),
        ),
    ));
    s.push(S::Let("p", field(2)));
    s.push(S::Refuse(
        bin(v("p"), Op::Eq, E::L(0)),
        format!("this {line_word} shows no period in the range the rule was read off"),
    ));
    s.push(S::Let("m", bin(v(y), Op::Sub, v("e"))));
    s.push(S::Let("q", bin(v("m"), Op::Div, v("p"))));
    s.push(S::Let("s", field(3)));
    s.push(S::Comment(
        "Past the preperiod: VALS at (m mod p) into the period, plus (m / p) times the saltus."
            .into(),
    ));
    s.push(S::Let(
        "base",
        E::Index(
            "VALS",
            Box::new(bin(
                bin(bin(field(4), Op::Add, v("e")), Op::Sub, v("first")),
                Op::Add,
                bin(v("m"), Op::Rem, v("p")),
            )),
        ),
    ));
    s.push(S::Refuse(
        bin(
            bin(v("s"), Op::Ne, E::L(0)),
            Op::And,
            bin(
                bin(bin(E::L(u64::MAX), Op::Sub, v("base")), Op::Div, v("s")),
                Op::Lt,
                v("q"),
            ),
        ),
        "the value does not fit in 64 bits".into(),
    ));
    s.push(S::Return(bin(
        v("base"),
        Op::Add,
        bin(v("q"), Op::Mul, v("s")),
    )));
    Some(())
}

/// `G(a, b) = f(key)` where `f` has no closed form: the key as `d ≥ 0` with its values as one periodic line, or,
/// for `b − a`, `d = |a − b|` with two lines (`b ≥ a`: `f(d)`, `b < a`: `f(−d)`, both from `d = 0`). `None` when
/// the keys seen are not consecutive or the key has no expression.
fn key_lines(b: &mut Built, key: &str, pts: &[(i128, Nimber)]) -> Option<()> {
    if pts.windows(2).any(|w| w[1].0 != w[0].0 + 1) || pts.is_empty() {
        return None;
    }
    let (lo, hi) = (pts[0].0, pts[pts.len() - 1].0);
    let (k, code) = if key == "b - a" {
        let f = |k: i128| pts[(k - lo) as usize].1;
        if lo > 0 || hi < 0 {
            return None;
        }
        let up: Vec<Nimber> = (0..=hi).map(f).collect();
        let down: Vec<Nimber> = (lo..=0).rev().map(f).collect();
        b.note = Some(format!(
            "the values of b - a seen are {lo}..={hi}; beyond them each side repeats the period it shows, and a side without one is refused: sg stops with a message."
        ));
        let d = bin(
            E::Max(Box::new(v("a")), Box::new(v("b"))),
            Op::Sub,
            E::Min(Box::new(v("a")), Box::new(v("b"))),
        );
        b.body.push(S::Let("d", d));
        // 0 when b >= a, 1 when b < a.
        let side = E::Min(
            Box::new(E::L(1)),
            Box::new(bin(
                v("a"),
                Op::Sub,
                E::Min(Box::new(v("a")), Box::new(v("b"))),
            )),
        );
        (side, vec![LineCode::of(0, &up), LineCode::of(0, &down)])
    } else {
        let lo = u64::try_from(lo).ok()?;
        let k = key_expr(b, key)?;
        b.body.push(S::Let("d", k));
        let seq: Vec<Nimber> = pts.iter().map(|p| p.1).collect();
        b.note = Some(format!(
            "the values of {key} seen are {lo}..={hi}; beyond them f repeats the period it shows (refused when it shows none: sg stops with a message){}.",
            b.note.as_deref().map(|n| format!("; {n}")).unwrap_or_default()
        ));
        (E::L(0), vec![LineCode::of(lo, &seq)])
    };
    let doc = if code.len() == 2 {
        "side of the diagonal (0: b >= a, 1: b < a), with d = |a - b|"
    } else {
        "line (one: the key d)"
    };
    lines_body(b, k, "d", &code, "side", doc)
}
