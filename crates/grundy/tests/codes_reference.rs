//! Take-and-break codes against a reference as simple as possible (issue 18).
//!
//! The reference reads code text with its own small parser, written from the grammar in `docs/codes.md` (and the
//! module docs of `heap::code`), with no normalisation: a digit is the set of heap counts it lists, each with its
//! constraint. The moves of a heap are enumerated straight from that meaning (remove `j` tokens, split the rest into
//! `k` non-empty heaps for every count `k` digit `d_j` allows, under its constraint when `k ≥ 2`; removing nothing
//! and leaving one heap is no move), and nim-values are the plain mex over those moves, a sum of heaps being valued
//! by XOR. Nothing of the library is used to compute the reference.
//!
//! Random code text from the whole grammar (mask digits in either case, `&n;`, `*`, braces with per-count modifiers
//! and `k+`, modifiers after digits and braces, repeats, digits left of the point, and some texts the grammar
//! refuses) is checked for:
//! (a) `Code::parse` accepts exactly the texts the reference accepts, and its options equal the reference's for
//!     every heap;
//! (b) the canonical form it prints parses back to the same code and the same options;
//! (c) every engine's sequence (plain by enumeration, plain with the multi-heap engine, the sparse engine where it
//!     covers the code, `Engine::Auto`) equals the reference values;
//! (d) the value of a heap, and of a sum of two heaps, and the complete set of winning moves that `grundy value`
//!     reports (`games::lookup`, its components, `sum::analyse`) equal the reference's;
//! (e) a period that `heap::period::certify` certifies holds on the reference values well past its certificate.
//!
//! The seed is fixed (18; `GRUNDY_FUZZ_SEED` changes it) and 800 cases run by default;
//! `GRUNDY_FUZZ_CASES=100000 cargo test -p grundy --release --test all codes_reference::` runs a longer search (see
//! `docs/codes.md`).

use grundy::games;
use grundy::heap::period;
use grundy::heap::plain::{code_sequence, code_sequence_enumerated};
use grundy::heap::table::MAX_LISTED_WINNING_MOVES;
use grundy::heap::{extend_code, sparse, Code, Engine, TakeAndBreak};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use std::collections::{BTreeMap, BTreeSet};

// ---------------------------------------------------------------------------------------------------------------
// The reference: its own parser and its own moves.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    Any,
    /// `!`
    Unequal,
    /// `?`
    NotAllEqual,
    /// `=`
    AllEqual,
}

fn rule(c: char) -> Option<Rule> {
    match c {
        '!' => Some(Rule::Unequal),
        '?' => Some(Rule::NotAllEqual),
        '=' => Some(Rule::AllEqual),
        _ => None,
    }
}

/// A digit as its text says: the counts listed, and "`from` or more".
#[derive(Debug, Clone, Default)]
struct RefDigit {
    counts: BTreeMap<u64, Rule>,
    from: Option<(u64, Rule)>,
}

impl RefDigit {
    fn rule(&self, k: u64) -> Option<Rule> {
        if let Some(&r) = self.counts.get(&k) {
            return Some(r);
        }
        match self.from {
            Some((f, r)) if k >= f => Some(r),
            _ => None,
        }
    }
    fn is_zero(&self) -> bool {
        self.counts.is_empty() && self.from.is_none()
    }
    /// The largest count allowed (`u64::MAX`: "or more").
    fn most(&self) -> u64 {
        if self.from.is_some() {
            u64::MAX
        } else {
            self.counts.keys().copied().max().unwrap_or(0)
        }
    }
}

#[derive(Debug, Clone)]
struct RefCode {
    /// `d_{-1}, d_{-2}, …`
    additive: Vec<RefDigit>,
    /// `d0, d1, …`
    digits: Vec<RefDigit>,
    /// Index of the first repeating digit.
    repeat_from: Option<usize>,
}

impl RefCode {
    fn digit(&self, j: u64) -> RefDigit {
        let n = self.digits.len() as u64;
        if j < n {
            return self.digits[j as usize].clone();
        }
        match self.repeat_from {
            Some(s) => {
                let p = n - s as u64;
                self.digits[(s as u64 + (j - s as u64) % p) as usize].clone()
            }
            None => RefDigit::default(),
        }
    }
    /// A move that adds tokens, or one that removes nothing and leaves the heap as it was.
    fn loopy(&self) -> bool {
        self.additive.iter().any(|d| !d.is_zero()) || self.digits[0].rule(1).is_some()
    }
    fn most_heaps(&self) -> u64 {
        self.digits.iter().map(RefDigit::most).max().unwrap_or(0)
    }
}

struct RefParser {
    c: Vec<char>,
    i: usize,
}

impl RefParser {
    fn peek(&self) -> Option<char> {
        self.c.get(self.i).copied()
    }
    fn number(&mut self) -> Result<u64, String> {
        let s = self.i;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
        let t: String = self.c[s..self.i].iter().collect();
        t.parse::<u64>().map_err(|_| format!("bad number '{t}'"))
    }
    fn modifier(&mut self) -> Option<Rule> {
        let r = self.peek().and_then(rule);
        if r.is_some() {
            self.i += 1;
        }
        r
    }
    fn digit(&mut self) -> Result<RefDigit, String> {
        let c = self.peek().ok_or("no digit")?;
        self.i += 1;
        let mut d = RefDigit::default();
        if let Some(v) = c.to_digit(32) {
            let r = self.modifier().unwrap_or(Rule::Any);
            for k in 0..5 {
                if v >> k & 1 == 1 {
                    d.counts.insert(k, r);
                }
            }
        } else if c == '&' {
            let v = self.number()?;
            if self.peek() != Some(';') {
                return Err("no ';'".into());
            }
            self.i += 1;
            let r = self.modifier().unwrap_or(Rule::Any);
            for k in 0..64 {
                if v >> k & 1 == 1 {
                    d.counts.insert(k, r);
                }
            }
        } else if c == '*' {
            d.from = Some((0, self.modifier().unwrap_or(Rule::Any)));
        } else if c == '{' {
            let mut entries = Vec::new();
            loop {
                let k = self.number()?;
                if k > 63 {
                    return Err("count above 63".into());
                }
                let r = self.modifier();
                let plus = self.peek() == Some('+');
                if plus {
                    self.i += 1;
                }
                entries.push((k, r, plus));
                match self.peek() {
                    Some(',') => self.i += 1,
                    Some('}') => {
                        self.i += 1;
                        break;
                    }
                    _ => return Err("bad braces".into()),
                }
            }
            let after = self.modifier();
            if after.is_some() && entries.iter().any(|e| e.1.is_some()) {
                return Err("modifier inside and after".into());
            }
            let last = entries.len() - 1;
            for (i, &(k, r, plus)) in entries.iter().enumerate() {
                let r = r.or(after).unwrap_or(Rule::Any);
                if plus && i != last {
                    return Err("'+' not last".into());
                }
                if d.counts.insert(k, r).is_some() {
                    return Err("count twice".into());
                }
                if plus {
                    d.counts.remove(&k);
                    d.from = Some((k, r));
                }
            }
            if let Some((f, _)) = d.from {
                if d.counts.keys().any(|&k| k >= f) {
                    return Err("count covered by k+".into());
                }
            }
        } else {
            return Err(format!("'{c}' is no digit"));
        }
        if self.peek().and_then(rule).is_some() {
            return Err("two modifiers".into());
        }
        Ok(d)
    }
}

fn ref_parse(text: &str) -> Result<RefCode, String> {
    let mut p = RefParser {
        c: text.trim().chars().collect(),
        i: 0,
    };
    let mut left = Vec::new();
    while p.peek().is_some_and(|c| c != '.') {
        left.push(p.digit()?);
    }
    if left.is_empty() {
        return Err("no d0".into());
    }
    let mut digits = vec![left.pop().unwrap()];
    left.reverse();
    let mut repeat_from = None;
    if p.peek() == Some('.') {
        p.i += 1;
        while p.peek().is_some_and(|c| c != '[') {
            digits.push(p.digit()?);
        }
        if p.peek() == Some('[') {
            p.i += 1;
            repeat_from = Some(digits.len());
            while p.peek().is_some_and(|c| c != ']') {
                digits.push(p.digit()?);
            }
            if p.peek() != Some(']') || digits.len() == repeat_from.unwrap() {
                return Err("bad repeat".into());
            }
            p.i += 1;
        }
        if p.peek().is_some() {
            return Err("text after the code".into());
        }
    } else if !left.is_empty() {
        return Err("no point".into());
    }
    Ok(RefCode {
        additive: left,
        digits,
        repeat_from,
    })
}

/// Every partition of `m` into `k` positive parts, nondecreasing.
fn partitions_of(m: u64, k: u64, min: u64, cur: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
    if k == 0 {
        if m == 0 {
            out.push(cur.clone());
        }
        return;
    }
    let mut a = min;
    while a * k <= m {
        cur.push(a);
        partitions_of(m - a, k - 1, a, cur, out);
        cur.pop();
        a += 1;
    }
}

fn meets(heaps: &[u64], r: Rule) -> bool {
    if heaps.len() < 2 {
        return true; // a constraint says nothing about zero heaps or one
    }
    match r {
        Rule::Any => true,
        Rule::Unequal => heaps.windows(2).all(|w| w[0] != w[1]),
        Rule::NotAllEqual => heaps[0] != heaps[heaps.len() - 1],
        Rule::AllEqual => heaps[0] == heaps[heaps.len() - 1],
    }
}

/// Every move of a heap of `n`: `(tokens removed, heaps left sorted)`, sorted.
fn ref_options(code: &RefCode, n: u64) -> Vec<(u64, Vec<u64>)> {
    let mut out = Vec::new();
    if n == 0 {
        return out;
    }
    for j in 0..=n {
        let d = code.digit(j);
        let m = n - j;
        for k in 0..=m {
            if j == 0 && k == 1 {
                continue;
            }
            let Some(r) = d.rule(k) else { continue };
            let mut parts = Vec::new();
            partitions_of(m, k, 1, &mut Vec::new(), &mut parts);
            for p in parts {
                if meets(&p, r) {
                    out.push((j, p));
                }
            }
        }
    }
    out.sort();
    out
}

fn mex(set: &BTreeSet<u64>) -> u64 {
    (0..).find(|v| !set.contains(v)).unwrap()
}

fn xor(g: &[u64], heaps: &[u64]) -> u64 {
    heaps.iter().fold(0, |x, &h| x ^ g[h as usize])
}

/// The reference nim-values of heaps `0..=to`.
fn ref_values(code: &RefCode, to: u64) -> Vec<u64> {
    let mut g = Vec::new();
    for n in 0..=to {
        let set = ref_options(code, n)
            .iter()
            .map(|(_, h)| xor(&g, h))
            .collect();
        g.push(mex(&set));
    }
    g
}

// ---------------------------------------------------------------------------------------------------------------
// The library, seen from outside.

fn lib_options(code: &Code, n: u64) -> Vec<(u64, Vec<u64>)> {
    let mut out = Vec::new();
    code.for_each_option(n, &mut Vec::new(), |j, h| out.push((j, h.to_vec())));
    out.sort();
    out
}

fn heaps_of(result: &str) -> Vec<u64> {
    if result == "0" {
        return Vec::new();
    }
    let mut v: Vec<u64> = result.split(" + ").map(|s| s.parse().unwrap()).collect();
    v.sort();
    v
}

/// Checks everything for one code text; `Err` says what differs.
fn check(text: &str) -> Result<(), String> {
    let reference = ref_parse(text);
    let parsed = Code::parse(text);
    let (reference, code) = match (reference, parsed) {
        (Err(_), Err(e)) => {
            if e.message().lines().count() != 1 {
                return Err(format!("{text}: a refusal of more than one line: {e}"));
            }
            return Ok(());
        }
        (Ok(_), Err(e)) => return Err(format!("{text}: refused, but the grammar accepts it: {e}")),
        (Err(why), Ok(c)) => {
            return Err(format!(
                "{text}: accepted as {c}, but the grammar refuses it ({why})"
            ))
        }
        (Ok(r), Ok(c)) => (r, c),
    };
    if reference.loopy() {
        if TakeAndBreak::new(code.clone()).is_ok() {
            return Err(format!("{text}: a loopy code accepted as a finite game"));
        }
        return Ok(());
    }
    let two = reference.most_heaps() <= 2;
    let to: u64 = if two { 40 } else { 24 };
    // (a) and (b): the options of every heap.
    let printed = code.to_string();
    let again = Code::parse(&printed).map_err(|e| format!("{text}: prints as {printed}: {e}"))?;
    if again != code || again.to_string() != printed {
        return Err(format!(
            "{text}: prints as {printed}, which parses as {again}"
        ));
    }
    for n in 0..=to {
        let want = ref_options(&reference, n);
        if lib_options(&code, n) != want {
            return Err(format!(
                "{text}: heap {n}: options {:?}, want {want:?}",
                lib_options(&code, n)
            ));
        }
        if lib_options(&again, n) != want {
            return Err(format!(
                "{text} printed as {printed}: heap {n}: other options"
            ));
        }
    }
    // (c): every engine.
    let g = ref_values(&reference, to);
    let name = code.to_string();
    let mut engines = vec![
        (
            "plain enumerated",
            code_sequence_enumerated(&code, &name, to, &mut |_| {}),
        ),
        (
            "plain with multi-heap",
            code_sequence(&code, &name, to, &mut |_| {}),
        ),
    ];
    let mut auto = Vec::new();
    engines.push((
        "auto",
        extend_code(&code, &name, Engine::Auto, &mut auto, to, &mut |_| {}).map(|_| auto),
    ));
    if sparse::covers(&code) {
        let mut fast = Vec::new();
        engines.push((
            "sparse",
            extend_code(&code, &name, Engine::Fast, &mut fast, to, &mut |_| {}).map(|_| fast),
        ));
    }
    for (engine, got) in engines {
        let got = got.map_err(|e| format!("{text}: {engine}: {e}"))?;
        if got != g {
            return Err(format!("{text}: {engine} gives {got:?}, want {g:?}"));
        }
    }
    // (d): values and winning moves as `grundy value` reports them, for single heaps and a sum of two.
    // The path of `grundy value TEXT HEAP...`: the catalog's family for the text, its components, `analyse` (the
    // catalog takes a code only with its point: `4` alone is looked up as printed, `4.0`).
    let spec = if text.contains('.') { text } else { &printed };
    let family = games::lookup(spec).map_err(|e| format!("{text}: {e}"))?;
    let sums: Vec<Vec<u64>> = (0..=to)
        .map(|n| vec![n])
        .chain((1..=to / 2).map(|n| vec![n, to - n]))
        .collect();
    for heaps in sums {
        let args: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let a = analysed(&*family, &args).map_err(|e| format!("{text} {heaps:?}: {e}"))?;
        let total = xor(&g, &heaps);
        if a.nim_value != Some(total) {
            return Err(format!(
                "{text} {heaps:?}: value {:?}, want {total}",
                a.nim_value
            ));
        }
        let mut want = BTreeSet::new();
        if total != 0 {
            for (i, &h) in heaps.iter().enumerate() {
                for (_, o) in ref_options(&reference, h) {
                    if xor(&g, &o) == g[h as usize] ^ total {
                        want.insert((i, o));
                    }
                }
            }
        }
        let got: BTreeSet<(usize, Vec<u64>)> = a
            .winning_moves
            .iter()
            .map(|m| (m.component, heaps_of(&m.mv.result)))
            .collect();
        if got.len() != a.winning_moves.len() {
            return Err(format!("{text} {heaps:?}: a winning move listed twice"));
        }
        if !a.winning_move_families.is_empty() {
            return Err(format!("{text} {heaps:?}: families for small heaps"));
        }
        if a.winning_move_count() != want.len() as u128 || !got.is_subset(&want) {
            return Err(format!(
                "{text} {heaps:?}: winning moves {got:?} (count {}), want {want:?}",
                a.winning_move_count()
            ));
        }
        // Every winning move is listed unless the heap has more than the listing bound.
        if got.len() != want.len() && got.len() < MAX_LISTED_WINNING_MOVES {
            return Err(format!("{text} {heaps:?}: winning moves missing"));
        }
    }
    // (e): a certified period holds on the reference values, far past the values that certify it.
    let mut values = Vec::new();
    if two && extend_code(&code, &name, Engine::Auto, &mut values, 150, &mut |_| {}).is_ok() {
        if let Some(p) = period::certify(&code, &values) {
            let far = 320;
            let g = ref_values(&reference, far);
            for n in p.preperiod..=far {
                let r = p.preperiod + (n - p.preperiod) % p.period;
                if g[n as usize] != g[r as usize] {
                    return Err(format!(
                        "{text}: certified preperiod {} period {}, but G({n}) = {} and G({r}) = {}",
                        p.preperiod, p.period, g[n as usize], g[r as usize]
                    ));
                }
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// Random code text from the whole grammar.

const MODIFIERS: &[&str] = &["", "", "", "!", "?", "="];

fn modifier() -> impl Strategy<Value = String> {
    (0..MODIFIERS.len()).prop_map(|i| MODIFIERS[i].to_string())
}

/// One digit: a mask digit (either case), `&n;`, `*`, or braces (sometimes with a form the grammar refuses).
fn digit() -> BoxedStrategy<String> {
    let mask = (
        prop_oneof![2 => 0u32..8, 1 => 0u32..32],
        any::<bool>(),
        modifier(),
    )
        .prop_map(|(v, lower, m)| {
            let c = char::from_digit(v, 32).unwrap();
            let c = if lower { c } else { c.to_ascii_uppercase() };
            format!("{c}{m}")
        });
    let amp = (
        prop_oneof![0u64..128, Just(1u64 << 40 | 5), Just(0u64)],
        modifier(),
    )
        .prop_map(|(v, m)| format!("&{v};{m}"));
    let star = modifier().prop_map(|m| format!("*{m}"));
    let entry = (0u64..7, modifier());
    let braces = (
        proptest::collection::vec(entry, 1..4),
        any::<bool>(),
        modifier(),
        0u8..10,
    )
        .prop_map(|(entries, plus, after, shuffle)| {
            let mut entries = entries;
            if shuffle > 2 {
                // Mostly increasing and distinct; now and then as drawn (duplicates, '+' not last).
                entries.sort_by_key(|e| e.0);
                entries.dedup_by_key(|e| e.0);
            }
            let n = entries.len();
            let mut s = String::from("{");
            for (i, (k, m)) in entries.into_iter().enumerate() {
                if i > 0 {
                    s += ",";
                }
                // Per-count modifiers, or one after the braces (both now and then).
                let m = if shuffle % 3 == 0 || after.is_empty() {
                    m
                } else {
                    String::new()
                };
                s += &format!("{k}{m}");
                if plus && (i + 1 == n || shuffle == 0) {
                    s += "+";
                }
            }
            s += "}";
            s + after.as_str()
        });
    prop_oneof![6 => mask, 1 => amp, 1 => star, 3 => braces].boxed()
}

/// A digit that leaves at most two heaps (the codes the sparse engine and the period certificate cover).
fn two_heap_digit() -> BoxedStrategy<String> {
    let mask = (0u32..8, modifier()).prop_map(|(v, m)| format!("{v}{m}"));
    let braces =
        (proptest::collection::btree_set(0u64..3, 1..3), modifier()).prop_map(|(ks, m)| {
            let ks: Vec<String> = ks.iter().map(u64::to_string).collect();
            format!("{{{}}}{m}", ks.join(","))
        });
    prop_oneof![4 => mask, 1 => braces].boxed()
}

/// True when `d`, as `d0`, allows leaving one heap (a loopy code).
fn allows_one(d: &str) -> bool {
    ref_parse(&format!("{d}.0")).is_ok_and(|r| r.digits[0].rule(1).is_some())
}

fn code_text() -> impl Strategy<Value = String> {
    prop_oneof![2 => code_from(digit()), 1 => code_from(two_heap_digit())]
}

fn code_from(digit: BoxedStrategy<String>) -> impl Strategy<Value = String> {
    (
        prop_oneof![
            4 => digit.clone().prop_filter("d0 leaving one heap", |d| !allows_one(d)),
            1 => digit.clone(),
        ],
        proptest::option::weighted(0.1, digit.clone()),
        proptest::collection::vec(digit.clone(), 0..4),
        proptest::option::of(proptest::collection::vec(digit, 1..3)),
        any::<bool>(),
    )
        .prop_map(|(d0, add, digits, repeat, point)| {
            let mut s = String::new();
            if let Some(a) = &add {
                s += a;
            }
            s += &d0;
            if !point && add.is_none() && digits.is_empty() && repeat.is_none() {
                return s; // d0 alone
            }
            s += ".";
            for d in digits {
                s += &d;
            }
            if let Some(r) = repeat {
                s += "[";
                for d in r {
                    s += &d;
                }
                s += "]";
            }
            s
        })
}

fn config() -> Config {
    let cases = std::env::var("GRUNDY_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(800);
    let seed = std::env::var("GRUNDY_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(18);
    Config {
        cases,
        rng_seed: RngSeed::Fixed(seed),
        failure_persistence: None,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn codes_mean_what_they_say(text in code_text()) {
        if let Err(e) = check(&text) {
            prop_assert!(false, "{}", e);
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// The reproducers of issue 18, with their true values.

/// The value of heap `n` of `text` as `grundy value` computes it (a one-heap sum), and its printed name.
fn value(text: &str, n: u64) -> (u64, String) {
    let a = analysed(&*games::lookup(text).unwrap(), &[n.to_string()]).unwrap();
    (a.nim_value.unwrap(), a.parts[0].game.clone())
}

#[test]
fn reproducers_have_their_true_values() {
    // 0.0[10]: d1 = 0, so a heap of 1 has no move: value 0 (it was named 0.[10] and valued 1).
    assert_eq!(value("0.0[10]", 1), (0, "0.[01]".to_string()));
    assert_eq!(value("0.0[10]", 2).0, 1); // d2 = 1: take a heap of 2 whole
                                          // 0.H?2[0&2;] is 0.H?[20]: d2 = 2, d3 = 0, d4 = 2, ...
    assert_eq!(value("0.H?2[0&2;]", 1).1, "0.H?[20]");
    // 0.0[{0,1,3?+}0] is 0.[0{0,1,3?+}]: d1 = 0, so a heap of 1 is 0.
    assert_eq!(
        value("0.0[{0,1,3?+}0]", 1),
        (0, "0.[0{0,1,3?+}]".to_string())
    );
    // 0.1[G1]: d1 = 1 takes a whole heap of 1: value 1 (it was 0).
    assert_eq!(value("0.1[G1]", 1), (1, "0.[1G]".to_string()));
    // 0.{1,2=+}: one heap, or two or more all equal.
    assert_eq!(value("0.{1,2=+}", 1).1, "0.{1=+}");
    // C?.1{0,1,2!,3!,4!+} heap 4: 2! forbids leaving 1 + 1; the value is 0 (it was 2).
    assert_eq!(value("C?.1{0,1,2!,3!,4!+}", 4), (0, "C?.1*!".to_string()));
    for text in [
        "0.0[10]",
        "0.H?2[0&2;]",
        "0.0[{0,1,3?+}0]",
        "0.1[G1]",
        "0.{1,2=+}",
        "C?.1{0,1,2!,3!,4!+}",
        "0.{2,2!}",
        "0.{2!,3}=",
        "0.&;",
        "0.{2+,3}",
    ] {
        check(text).unwrap();
    }
}

/// The generator reaches every part of the grammar, and most codes it draws are finite games that get checked.
#[test]
fn generated_codes_cover_the_grammar() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::new(Config {
        rng_seed: RngSeed::Fixed(18),
        ..Config::default()
    });
    let strategy = code_text();
    let (mut refused, mut loopy, mut checked, mut many, mut repeat, mut certified) =
        (0, 0, 0, 0, 0, 0);
    let mut forms = BTreeMap::new();
    for _ in 0..2000 {
        let text = strategy.new_tree(&mut runner).unwrap().current();
        for (form, needle) in [
            ("amp", "&"),
            ("star", "*"),
            ("braces", "{"),
            ("plus", "+}"),
            ("unequal", "!"),
            ("not all equal", "?"),
            ("all equal", "="),
            ("lower case", "a"),
        ] {
            if text.to_lowercase() != text.to_uppercase() && needle == "a" {
                if text.chars().any(|c| c.is_ascii_lowercase()) {
                    *forms.entry(form).or_insert(0) += 1;
                }
            } else if text.contains(needle) {
                *forms.entry(form).or_insert(0) += 1;
            }
        }
        match ref_parse(&text) {
            Err(_) => refused += 1,
            Ok(r) if r.loopy() => loopy += 1,
            Ok(r) => {
                checked += 1;
                if r.most_heaps() > 2 {
                    many += 1;
                }
                if r.repeat_from.is_some() {
                    repeat += 1;
                }
                let code = Code::parse(&text).unwrap();
                let mut v = Vec::new();
                if r.most_heaps() <= 2
                    && extend_code(&code, "t", Engine::Auto, &mut v, 150, &mut |_| {}).is_ok()
                    && period::certify(&code, &v).is_some()
                {
                    certified += 1;
                }
            }
        }
    }
    println!(
        "refused {refused} loopy {loopy} checked {checked} (many heaps {many}, repeating {repeat}, certified {certified}) {forms:?}"
    );
    assert!(checked >= 1000, "{checked}");
    assert!(refused >= 50 && loopy >= 50 && many >= 300 && repeat >= 200 && certified >= 100);
    assert!(
        forms.values().all(|&n| n >= 50) && forms.len() == 8,
        "{forms:?}"
    );
}

/// The normal-play analysis of `words` of `game`, as `grundy value` makes it.
fn analysed(game: &dyn games::AnyGame, words: &[String]) -> grundy::Result<grundy::sum::Analysis> {
    use grundy::analysis::{analyse, Convention, Report, Sum};
    let mut sum = Sum::new();
    game.add_to(&mut sum, words)?;
    match analyse(&mut sum, Convention::Normal, &grundy::Context::default())? {
        Report::Normal(a) => Ok(a),
        other => panic!("normal play gave {other:?}"),
    }
}
