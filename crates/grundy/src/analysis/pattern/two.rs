//! Two parameters: the rules observed on a table of `G(a, b)` (symmetry, line periods, separability, nim products,
//! keys of `(a, b)`, and the P-positions as key values, residue classes or a Beatty pair).

use super::beatty::beatty;
use super::candidates::{self, Base, Found};
use super::show_list;
use super::{Law, Pattern, Rule};
use crate::analysis::table::{Span, Table};
use crate::heap::period;
use crate::nimber::Nimber;
use std::collections::BTreeMap;

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
    if let Some(r) = symmetric(t, cols) {
        rules.push(rule(r.0, r.1));
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
    for r in key_rules(&all) {
        telling += 1;
        rules.push(rule(r.0, r.1));
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
        if let Some(r) = p_key_rule(&all) {
            rules.push(rule(r.0, r.1));
            p_found = true;
        }
    }
    if !p_found {
        if let Some(r) = p_residues_rule(t, &all) {
            rules.push(rule(r.0, r.1));
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

/// `G(a, b) = G(b, a)` on the square both ranges share, when it holds there on at least three pairs of cells.
fn symmetric(t: &Table, cols: Span) -> Option<(Law, String)> {
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
            return Some((
                Law::Symmetric,
                format!("G(a, b) = G(b, a) (checked on a, b in {lo}..={hi})"),
            ));
        }
    }
    None
}

/// `G(a, b)` as a function of each key of [`KEYS`] that determines it, in the order of [`KEYS`], leaving out a key
/// that splits the cells as one already reported.
fn key_rules(all: &[(u64, u64, Nimber)]) -> Vec<(Law, String)> {
    let mut out = Vec::new();
    let mut key_fits: Vec<Vec<i128>> = Vec::new();
    for (name, key) in KEYS {
        if let Some(function) = key_function(all, *key) {
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
            out.push((
                Law::Key {
                    key: name.to_string(),
                    function,
                    formula,
                },
                st,
            ));
        }
    }
    out
}

/// The P-positions as residue classes of `(a mod m, b mod m)` ([`p_residues`]).
fn p_residues_rule(t: &Table, all: &[(u64, u64, Nimber)]) -> Option<(Law, String)> {
    let (m, res) = p_residues(t, all)?;
    let shown: Vec<String> = res.iter().map(|(x, y)| format!("({x}, {y})")).collect();
    Some((
        Law::PResidues {
            modulus: m,
            residues: res,
        },
        format!(
            "the P-positions are exactly the cells with (a mod {m}, b mod {m}) in {{{}}}",
            shown.join(", ")
        ),
    ))
}

/// The P-positions as the cells where the first key of [`KEYS`] that describes them takes given values ([`p_key`]).
fn p_key_rule(all: &[(u64, u64, Nimber)]) -> Option<(Law, String)> {
    for (name, key) in KEYS {
        if let Some((zk, class)) = p_key(all, *key) {
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
            return Some((
                Law::PKey {
                    key: name.to_string(),
                    zeros: zk,
                    class,
                },
                st,
            ));
        }
    }
    None
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
        (Some(x), Some(y)) => Some(
            format!("G(a, b) = ({x}) xor ({y})")
                .replace("(a)", "a")
                .replace("(b)", "b"),
        ),
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
/// The parts are fixed up to constant factors only: each is then scaled to a closed form where a constant gives it
/// one ([`scaled_to_closed_form`]), the constant factor `c` taking the rest, `G(a, b) = c ⊗ f(a) ⊗ g(b)`.
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
    // G = f ⊗ g = (f ⊗ e) ⊗ (g ⊗ d) ⊗ (e ⊗ d)⁻¹ for any nonzero e and d.
    let (f, e) = scaled_to_closed_form(&f, t.rows.from);
    let (g, d) = scaled_to_closed_form(&g, cols.from);
    let constant = inv(mul(e, d))?;
    let factor = if constant == 1 {
        String::new()
    } else {
        format!("{constant} ⊗ ")
    };
    let formula = match (
        describe_line(&f, t.rows.from, "a"),
        describe_line(&g, cols.from, "b"),
    ) {
        (Some(x), Some(y)) => Some(
            format!("G(a, b) = {factor}({x}) ⊗ ({y})")
                .replace("(a)", "a")
                .replace("(b)", "b"),
        ),
        _ => None,
    };
    let tartan = "the form the Tartan theorem gives for a product of two coin-turning games (Winning Ways, ch. 14, after H. W. Lenstra)";
    let st = match &formula {
        Some(fm) => format!("{fm}, a nim product: {tartan}"),
        None => format!(
            "G(a, b) = {factor}f(a) ⊗ g(b), a nim product ({tartan}): f = {} (a from {}), g = {} (b from {})",
            show_opt(&f),
            t.rows.from,
            show_opt(&g),
            cols.from
        ),
    };
    Some((
        Law::NimProduct {
            f,
            g,
            constant,
            formula,
        },
        st,
    ))
}

/// The largest value a nim product's part is scaled to at its first nonzero place when a closed form is sought.
const MAX_SCALED: Nimber = 255;

/// Part `v` of a nim product (`v[i]` at `start + i`) times the nonzero constant `s` that gives it a closed form
/// ([`describe_line`]), with `s`: `s = 1` when `v` has one or no constant gives one, else the first `s` that sends
/// the first nonzero value of `v` to `1, 2, …, MAX_SCALED` and the part to a closed form.
fn scaled_to_closed_form(v: &[Option<Nimber>], start: u64) -> (Vec<Option<Nimber>>, Nimber) {
    use crate::nimber::field::{inv, mul};
    let times =
        |s: Nimber| -> Vec<Option<Nimber>> { v.iter().map(|x| x.map(|x| mul(x, s))).collect() };
    if describe_line(v, start, "k").is_some() {
        return (v.to_vec(), 1);
    }
    let Some(first) = v.iter().flatten().copied().find(|&x| x != 0) else {
        return (v.to_vec(), 1);
    };
    let Some(unit) = inv(first) else {
        return (v.to_vec(), 1);
    };
    (1..=MAX_SCALED)
        .map(|target| mul(target, unit))
        .find_map(|s| {
            let w = times(s);
            describe_line(&w, start, "k").map(|_| (w, s))
        })
        .unwrap_or_else(|| (v.to_vec(), 1))
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
    describe_function(&line_points(v, start)).map(|f| {
        f.trim_start_matches("f(k) = ")
            .replace("k", var)
            .to_string()
    })
}

/// A closed form of a line or a key's function `f(k)`, as data: what `describe_function` names, or a formula of
/// the candidate library (`key_fit`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineFn {
    /// `f(k) = c`.
    Const(Nimber),
    /// `f(k) = k + c`.
    Plus(i128),
    /// `f(k) = k mod m`.
    Mod(u64),
    /// `f(k)` = the index of the lowest 0 bit of `k`.
    TrailingOnes,
    /// `f(k) = ⌊k / m⌋`.
    Div(u64),
    /// `f(k) = k xor c` (`c ≠ 0`).
    Xor(u64),
    /// A formula of the candidate library, in `k`.
    Formula(candidates::Fit),
}

impl LineFn {
    /// The closed form in words, `f(k) = …`.
    pub fn words(&self) -> String {
        match self {
            LineFn::Const(c) => format!("f(k) = {c}"),
            LineFn::Plus(0) => "f(k) = k".into(),
            LineFn::Plus(c) if *c > 0 => format!("f(k) = k + {c}"),
            LineFn::Plus(c) => format!("f(k) = k - {}", -c),
            LineFn::Mod(m) => format!("f(k) = k mod {m}"),
            LineFn::TrailingOnes => {
                "f(k) = the index of the lowest 0 bit of k (trailing ones)".into()
            }
            LineFn::Div(m) => format!("f(k) = floor(k / {m})"),
            LineFn::Xor(c) => format!("f(k) = k xor {c}"),
            LineFn::Formula(fit) if fit.base == Base::N => fit.formula_in("f", "k"),
            LineFn::Formula(fit) => {
                format!("{}, where {}", fit.formula_in("f", "k"), fit.base.words())
            }
        }
    }
}

/// A closed form `f(k) = …` for the points `(k, f(k))` (increasing `k`), when one of a few simple ones fits all of
/// them and there are enough points to tell (at least 4).
fn describe_function(pts: &[(i128, Nimber)]) -> Option<String> {
    line_fn(pts).map(|f| f.words())
}

/// `describe_function`, as data.
pub fn line_fn(pts: &[(i128, Nimber)]) -> Option<LineFn> {
    if pts.len() < 4 {
        return None;
    }
    let first = pts[0].1;
    if pts.iter().all(|p| p.1 == first) {
        return Some(LineFn::Const(first));
    }
    let c = pts[0].1 as i128 - pts[0].0;
    if pts.iter().all(|p| p.1 as i128 - p.0 == c) {
        return Some(LineFn::Plus(c));
    }
    if pts.iter().all(|p| p.0 >= 0) {
        let x = pts[0].1 ^ pts[0].0 as Nimber;
        if pts.iter().all(|p| p.1 == p.0 as Nimber ^ x) {
            return Some(LineFn::Xor(x));
        }
        for m in 2..=64i128 {
            if pts.iter().all(|p| p.1 as i128 == p.0 % m) {
                return Some(LineFn::Mod(m as u64));
            }
        }
        if pts
            .iter()
            .all(|p| p.1 == (p.0 as u128).trailing_ones() as Nimber)
        {
            return Some(LineFn::TrailingOnes);
        }
        for m in 2..=16i128 {
            if pts.iter().all(|p| p.1 as i128 == p.0 / m) {
                return Some(LineFn::Div(m as u64));
            }
        }
    }
    None
}

/// The closed form of a key's function as `key_rules` names it: [`line_fn`], else a formula of the candidate
/// library (`key_fit`).
pub fn key_line_fn(pts: &[(i128, Nimber)]) -> Option<LineFn> {
    line_fn(pts).or_else(|| key_fit(pts).map(LineFn::Formula))
}

/// A line `v[i] = h(start + i)` (`None` where no cell names it) as the points `(start + i, v[i])`.
pub fn line_points(v: &[Option<Nimber>], start: u64) -> Vec<(i128, Nimber)> {
    v.iter()
        .enumerate()
        .filter_map(|(i, x)| x.map(|x| ((start + i as u64) as i128, x)))
        .collect()
}

/// A formula of the candidate library ([`candidates`]) for a key's function, when its keys are `0, 1, 2, …` (at
/// least [`candidates::MIN_CHECKED`] of them): `f(k) = ruler(k) for k >= 1, f(0) = 0`.
fn key_candidate(pts: &[(i128, Nimber)]) -> Option<String> {
    key_fit(pts).map(|fit| LineFn::Formula(fit).words())
}

/// The fit of [`key_candidate`], as data.
fn key_fit(pts: &[(i128, Nimber)]) -> Option<candidates::Fit> {
    if pts.iter().enumerate().any(|(i, p)| p.0 != i as i128) {
        return None;
    }
    let v: Vec<Nimber> = pts.iter().map(|p| p.1).collect();
    match candidates::search(&v) {
        Found::Fits(fit) => Some(fit),
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
    let (lines, without) = periods_of_lines(t, along, outer, inner);
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

/// The lines of [`line_periods`] (rows when `along = "b"`, else columns) that show a period, as `(line, preperiod,
/// period, saltus)`, and the lines with values that show none.
fn periods_of_lines(t: &Table, along: &str, outer: Span, inner: Span) -> (Vec<[u64; 4]>, Vec<u64>) {
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
    (lines, without)
}

#[cfg(test)]
mod tests {
    use super::*;

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
