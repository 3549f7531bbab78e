//! The emitted function, run here: an interpreter of the body ([`code::E`], [`code::S`]) with the helpers computed
//! by the library, and property tests that whatever rule the code is written from, its function gives on every
//! heap (or cell) of the range the rule was read off the value (or the P-position) the library computed. The
//! rendering in each language is checked by compiling it (`tests/pattern_seeds.rs`); this checks what is rendered.

use super::code::{Op, Table, E, S};
use super::{chosen, chosen_p, p_body, value_body, Built};
use crate::analysis::pattern::candidates::{zeckendorf_tail, Base, PSet, BASES, PSETS};
use crate::analysis::pattern::{self, sequence_rules};
use crate::analysis::table::{Span, Table as Cells};
use crate::heap::period;
use crate::nimber::Nimber;
use proptest::prelude::*;

fn table<'a>(tables: &'a [Table], name: &str) -> &'a [u64] {
    &tables.iter().find(|t| t.name == name).unwrap().values
}

/// `⌊k(u + √d)/w⌋`, as the emitted helper computes it.
fn beatty(k: u64, u: i64, d: u64, w: u64) -> u64 {
    let root = crate::games::wythoff::isqrt(d as u128 * k as u128 * k as u128) as i128;
    ((k as i128 * u as i128 + root) / w as i128) as u64
}

fn call(name: &str, a: &[E], env: &[(&str, u64)], tables: &[Table]) -> u64 {
    let x = |i: usize| eval(&a[i], env, tables);
    let signed = |i: usize| match a[i] {
        E::I(s) => s,
        _ => x(i) as i64,
    };
    match name {
        "nim_mul" => crate::nimber::field::mul(x(0), x(1)),
        "beatty" => beatty(x(0), signed(1), x(2), x(3)),
        "beatty_index" => {
            let (m, u, d, w) = (x(0), signed(1), x(2), x(3));
            let (mut lo, mut hi) = (0, m);
            while lo < hi {
                let mid = lo + (hi - lo).div_ceil(2);
                if beatty(mid, u, d, w) <= m {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            lo
        }
        "is_fibonacci" => u64::from(PSet::Fibonacci.contains(x(0))),
        "zeckendorf_tail" => zeckendorf_tail(x(0)),
        _ => BASES
            .iter()
            .find(|b| b.name() == name)
            .unwrap_or_else(|| panic!("no helper {name}"))
            .eval(x(0)),
    }
}

/// The value of `e` (a truth value as 1 or 0), with C++'s and Rust's arithmetic modulo 2^64.
fn eval(e: &E, env: &[(&str, u64)], tables: &[Table]) -> u64 {
    match e {
        E::V(v) => env.iter().rev().find(|x| x.0 == *v).unwrap().1,
        E::L(x) => *x,
        E::I(x) => *x as u64,
        E::B(b) => u64::from(*b),
        // `&&` and `||` look at the right only when the left does not decide (it may divide by zero).
        E::Bin(x, Op::And, y) => u64::from(eval(x, env, tables) != 0 && eval(y, env, tables) != 0),
        E::Bin(x, Op::Lor, y) => u64::from(eval(x, env, tables) != 0 || eval(y, env, tables) != 0),
        E::Bin(x, op, y) => {
            let (x, y) = (eval(x, env, tables), eval(y, env, tables));
            match op {
                Op::Add => x.wrapping_add(y),
                Op::Sub => x.wrapping_sub(y),
                Op::Mul => x.wrapping_mul(y),
                Op::Div => x / y,
                Op::Rem => x % y,
                Op::Xor => x ^ y,
                Op::Or => x | y,
                Op::BitAnd => x & y,
                Op::Eq => u64::from(x == y),
                Op::Ne => u64::from(x != y),
                Op::Lt => u64::from(x < y),
                Op::Ge => u64::from(x >= y),
                Op::And => u64::from(x != 0 && y != 0),
                Op::Lor => u64::from(x != 0 || y != 0),
            }
        }
        E::Min(x, y) => eval(x, env, tables).min(eval(y, env, tables)),
        E::Max(x, y) => eval(x, env, tables).max(eval(y, env, tables)),
        E::Call(f, a) => call(f, a, env, tables),
        E::Index(t, i) => table(tables, t)[eval(i, env, tables) as usize],
        E::Affine(x, a, b) => (*a as u64)
            .wrapping_mul(eval(x, env, tables))
            .wrapping_add(*b as u64),
    }
}

/// The function of `b` at the arguments `args` (named `n`, or `a` and `b`).
fn run(b: &Built, args: &[(&'static str, u64)]) -> u64 {
    let mut env: Vec<(&str, u64)> = args.to_vec();
    for s in &b.body {
        match s {
            S::Comment(_) => {}
            S::Let(v, e) => {
                let x = eval(e, &env, &b.tables);
                env.push((v, x));
            }
            S::If(c, e) => {
                if eval(c, &env, &b.tables) != 0 {
                    return eval(e, &env, &b.tables);
                }
            }
            S::Return(e) => return eval(e, &env, &b.tables),
            // A refusal: a value no cell of a test table has.
            S::Refuse(c, _) => {
                if eval(c, &env, &b.tables) != 0 {
                    return u64::MAX;
                }
            }
        }
    }
    panic!("the body returns nothing")
}

/// Whatever rule the one-number code is written from holds on every heap of the values (true when there is code).
fn one_holds(values: &[Nimber]) -> Result<bool, TestCaseError> {
    let per = period::observe(values);
    let p = sequence_rules("t", values, per.as_ref());
    let built = match (chosen(&p), chosen_p(&p)) {
        (Some(r), _) => value_body(r, values),
        (None, Some(r)) => p_body(r),
        (None, None) => return Ok(false),
    };
    let Ok(b) = built else { return Ok(false) };
    for (n, &v) in values.iter().enumerate() {
        let want = if b.p_only { u64::from(v == 0) } else { v };
        prop_assert_eq!(run(&b, &[("n", n as u64)]), want, "n = {} {:?}", n, p.rules);
    }
    Ok(true)
}

/// Whatever rule the two-number code is written from holds on every cell of the table (true when there is code).
fn two_holds(n: u64, h: impl Fn(u64, u64) -> u64) -> Result<bool, TestCaseError> {
    let values: Vec<Vec<Option<u64>>> = (0..=n)
        .map(|a| (0..=n).map(|b| Some(h(a, b))).collect())
        .collect();
    let t = Cells {
        game: "t".into(),
        parameters: 2,
        rows: Span::new(0, n).unwrap(),
        cols: Some(Span::new(0, n).unwrap()),
        values,
        p_positions: vec![],
        slice: None,
        stopped: None,
    };
    let p = pattern::two_parameters(&t);
    let Some((_, b)) = super::two::choose(&p, &t) else {
        return Ok(false);
    };
    for a in 0..=n {
        for c in 0..=n {
            if let Some((i, ls)) = &b.lines {
                if !ls.contains(&[a, c][*i]) {
                    continue;
                }
            }
            let v = h(a, c);
            let want = if b.p_only { u64::from(v == 0) } else { v };
            prop_assert_eq!(
                run(&b, &[("a", a), ("b", c)]),
                want,
                "({}, {}) {:?}",
                a,
                c,
                p.rules
            );
        }
    }
    Ok(true)
}

/// A simple function of one number: `x mod m`, `x / m`, `x + c`, a constant.
fn line(kind: u8, m: u64, x: u64) -> u64 {
    match kind % 4 {
        0 => x % m,
        1 => x / m,
        2 => x + m,
        _ => m,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Periodic values (with a preperiod and a saltus), a formula of the library, a set of the library as the
    /// P-positions with values around them, and values at random.
    #[test]
    fn one_number_code_holds_on_its_range(
        pre in proptest::collection::vec(0u64..6, 0..10),
        per in proptest::collection::vec(0u64..6, 1..10),
        saltus in 0u64..3,
        base in 0usize..BASES.len(),
        scale in 1i64..3,
        offset in 0i64..3,
        set in 0usize..PSETS.len(),
        noise in proptest::collection::vec(0u64..4, 300),
    ) {
        let len = 300usize;
        let periodic: Vec<u64> = (0..len)
            .map(|n| if n < pre.len() { pre[n] } else {
                let i = n - pre.len();
                per[i % per.len()] + (i / per.len()) as u64 * saltus
            })
            .collect();
        // A period on 300 values with preperiod and period below 10 is always found, and always has code.
        prop_assert!(one_holds(&periodic)?);
        let b: Base = BASES[base];
        let from = b.defined_from() as usize;
        let formula: Vec<u64> = (0..len)
            .map(|n| if n < from { 0 } else { (scale * b.eval(n as u64) as i64 + offset) as u64 })
            .collect();
        prop_assert!(one_holds(&formula)?);
        let s = PSETS[set];
        let p_set: Vec<u64> = (0..len as u64)
            .map(|n| if s.contains(n) { 0 } else { 1 + noise[n as usize] })
            .collect();
        prop_assert!(one_holds(&p_set)?);
        one_holds(&noise)?;
    }

    /// Separable tables, nim products, functions of a key, P-positions in residue classes or on lines, and tables
    /// at random.
    #[test]
    fn two_number_code_holds_on_its_range(
        kinds in (0u8..4, 0u8..4),
        ms in (1u64..6, 1u64..6),
        key in 0usize..9,
        res in proptest::collection::vec(any::<bool>(), 9),
        noise in proptest::collection::vec(1u64..4, 256),
    ) {
        let n = 15;
        let (f, g) = (|a| line(kinds.0, ms.0, a), |b| line(kinds.1, ms.1, b));
        let separable = two_holds(n, |a, b| f(a) ^ g(b))?;
        prop_assert!(separable);
        two_holds(n, |a, b| crate::nimber::field::mul(f(a) % 16, g(b) % 16))?;
        let keys: [fn(u64, u64) -> u64; 9] = [
            |a, b| a + b,
            |a, b| a.abs_diff(b),
            |a, b| a.min(b),
            |a, b| a.max(b),
            |a, b| a ^ b,
            |a, b| a | b,
            |a, b| a & b,
            |a, b| (a.max(1) - 1) | (b.max(1) - 1),
            |_, b| b,
        ];
        two_holds(n, |a, b| line(kinds.0, ms.0 + 1, keys[key](a, b)))?;
        let m = 3;
        two_holds(n, |a, b| {
            if res[((a % m) * m + b % m) as usize] { 0 } else { noise[(a * 16 + b) as usize] }
        })?;
        let on_a_line = two_holds(n, |a, b| if b == a + ms.0 { 0 } else { noise[(a * 16 + b) as usize] })?;
        prop_assert!(on_a_line);
        two_holds(n, |a, b| noise[(a * 16 + b) as usize] % 3)?;
        // A function of b − a (or of a key) without a closed form: periodic in it, each side its own way.
        let (p, q) = (ms.0 + 1, ms.1 + 1);
        let side = |k: u64, m: u64, at: u64| noise[(at + k % m) as usize] % 3;
        let diff = |a: u64, b: u64| if b >= a { side(b - a, p, 0) } else { 9 + side(a - b, q, 100) };
        prop_assert!(two_holds(n, diff)?);
        two_holds(n, |a, b| side(keys[key](a, b), p, 0) + 3 * keys[key](a, b) / p * u64::from(res[0]))?;
        // Rows (or columns) periodic, each its own way, with a preperiod and a saltus: no closed form.
        let row = |a: u64, b: u64| {
            let (e, m) = (a % 4, a % 3 + 1);
            if b < e {
                noise[(a * 7 + b) as usize % 256]
            } else {
                noise[(a * 5 + (b - e) % m) as usize % 256] % 3 + (b - e) / m * ms.0 * u64::from(res[1])
            }
        };
        prop_assert!(two_holds(30, row)?);
        prop_assert!(two_holds(30, |a, b| row(b, a))?);
    }
}

/// The table `h` on `0..=n` squared, its rule's function, and the rule's kind.
fn chosen_two(n: u64, h: impl Fn(u64, u64) -> u64) -> (Built, String) {
    let values: Vec<Vec<Option<u64>>> = (0..=n)
        .map(|a| (0..=n).map(|b| Some(h(a, b))).collect())
        .collect();
    let t = Cells {
        game: "t".into(),
        parameters: 2,
        rows: Span::new(0, n).unwrap(),
        cols: Some(Span::new(0, n).unwrap()),
        values,
        p_positions: vec![],
        slice: None,
        stopped: None,
    };
    let p = pattern::two_parameters(&t);
    let (r, b) = super::two::choose(&p, &t).unwrap();
    (b, r.statement.clone())
}

/// Rows periodic each its own way (with a saltus), columns the same, and a function of `b − a` periodic on each
/// side: code from the lines' periods, exact far beyond the table (at `b` near 10^18) and refusing what it
/// does not know.
#[test]
fn line_periods_and_differences_have_code() {
    let row = |a: u64, b: u64| {
        let (e, m) = (a % 2, a % 3 + 1);
        if b < e {
            7 + b
        } else {
            (a * 5 + (b - e) % m) % 3 + (b - e) / m * (a % 2)
        }
    };
    let (b, st) = chosen_two(24, row);
    assert!(st.contains("row") && !b.p_only, "{st}");
    let big = 1_000_000_000_000_000_000u64;
    for a in 0..=24 {
        for y in [big - 1, big, big + 7, u64::MAX - 3] {
            assert_eq!(run(&b, &[("a", a), ("b", y)]), row(a, y), "({a}, {y})");
        }
    }
    assert_eq!(
        run(&b, &[("a", 25), ("b", 0)]),
        u64::MAX,
        "a row outside is refused"
    );
    let (c, st) = chosen_two(24, |a, b| row(b, a));
    assert!(st.contains("column"), "{st}");
    assert_eq!(run(&c, &[("a", big), ("b", 5)]), row(5, big));
    let diff = |a: u64, b: u64| {
        if b >= a {
            (b - a) % 3
        } else {
            [4, 5][((a - b) % 2) as usize]
        }
    };
    let (d, st) = chosen_two(24, diff);
    assert!(st.contains("b - a") && !d.p_only, "{st}");
    for (a, y) in [(0, big), (big, 3), (big - 5, big), (u64::MAX, 0), (7, 7)] {
        assert_eq!(run(&d, &[("a", a), ("b", y)]), diff(a, y), "({a}, {y})");
    }
}
