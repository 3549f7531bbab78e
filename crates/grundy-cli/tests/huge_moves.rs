//! `grundy value` on huge heaps whose period is certified: winning moves listed one by one and in families (text
//! and JSON), every printed move checked to lead to a P-position from values computed by `grundy seq`.

use crate::common;
use common::{grundy, ok_json as json};

/// Nim-values of any heap of `game`, from `grundy seq` up to 400 and the published period: Kayles (0.77) from
/// preperiod 71 with period 12 (Guy & Smith 1956; OEIS A002186), Dawson's Kayles (0.07) from 53 with period 34
/// (Winning Ways ch. 4; OEIS A002187).
fn values(game: &str, e: u64, p: u64) -> impl Fn(u64) -> u64 {
    let j = json(&["seq", game, "--to", "400", "--json"]);
    let v: Vec<u64> = j["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    move |x| {
        if x <= 400 {
            v[x as usize]
        } else {
            v[(e + (x - e) % p) as usize]
        }
    }
}

/// Checks the JSON analysis of `args` (one game, heaps `heaps`): every listed move and sampled members of every
/// family leave nim-sum 0, family shapes and counts are exact, and the total count adds up.
fn check(args: &[&str], heaps: &[u64], g: &dyn Fn(u64) -> u64) -> serde_json::Value {
    let j = json(args);
    let total = heaps.iter().fold(0, |x, &h| x ^ g(h));
    assert_eq!(j["nim_value"].as_u64(), Some(total));
    let others = |c: usize| {
        heaps
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != c)
            .fold(0, |x, (_, &h)| x ^ g(h))
    };
    let listed = j["winning_moves"].as_array().unwrap();
    for m in listed {
        let c = m["component"].as_u64().unwrap() as usize;
        let r = m["result"].as_str().unwrap();
        let after: Vec<u64> = if r == "0" {
            vec![]
        } else {
            r.split(" + ").map(|x| x.parse().unwrap()).collect()
        };
        assert_eq!(after.iter().fold(others(c), |x, &h| x ^ g(h)), 0, "{m}");
    }
    let families = j["winning_move_families"].as_array().unwrap();
    let mut count = listed.len() as u128;
    for f in families {
        let c = f["component"].as_u64().unwrap() as usize;
        let field = |k: &str| f[k].as_u64().unwrap();
        let (take, rest, first, step, last, n) = (
            field("take"),
            field("rest"),
            field("first"),
            field("step"),
            field("last"),
            field("count"),
        );
        assert_eq!(take + rest, heaps[c]);
        assert!(last <= rest / 2 && last + step > rest / 2, "{f}");
        assert_eq!((last - first) % step, 0);
        assert_eq!(n, (last - first) / step + 1);
        for a in [first, first + step * ((n - 1) / 2), last] {
            assert_eq!(others(c) ^ g(a) ^ g(rest - a), 0, "{f}: member {a}");
        }
        let text = f["move"].as_str().unwrap();
        assert!(
            text.contains(&format!(
                "(mod {step}) with {first} ≤ a ≤ {last}: {n} moves"
            )),
            "{text}"
        );
        count += n as u128;
    }
    assert_eq!(
        j["winning_move_count"].as_u64().map(u128::from),
        Some(count)
    );
    j
}

#[test]
fn a_trillion_kayles_and_five() {
    let g = values("kayles", 71, 12);
    let n = 1_000_000_000_000u64;
    let o = grundy(&["value", "kayles", "1000000000000", "5"]);
    assert_eq!(o.status.code(), Some(0));
    let s = String::from_utf8(o.stdout).unwrap();
    assert!(
        s.contains(&format!("kayles 1000000000000: nim-value {}", g(n))),
        "{s}"
    );
    check(
        &["value", "kayles", "1000000000000", "5", "--json"],
        &[n, 5],
        &g,
    );
    // Alone, the heap has winning moves in families: count every winning split independently, by residue class.
    let j = check(&["value", "kayles", "1000000000000", "--json"], &[n], &g);
    let mut splits = 0u128;
    for take in 1..=2 {
        let r = n - take;
        for a in 1..71 + 12 {
            if g(a) ^ g(r - a) == 0 {
                splits += if a < 71 {
                    1
                } else {
                    ((r / 2 - a) / 12 + 1) as u128
                };
            }
        }
    }
    let singles = (1..=2).filter(|&t| g(n - t) == 0).count() as u128;
    assert_eq!(
        j["winning_move_count"].as_u64().map(u128::from),
        Some(splits + singles)
    );
    assert!(!j["winning_move_families"].as_array().unwrap().is_empty());
    let s = String::from_utf8(grundy(&["value", "kayles", "1000000000000"]).stdout).unwrap();
    assert!(
        s.contains(&format!("{} winning moves: ", splits + singles))
            && s.contains("split the rest into a and 999999999998 − a, for each a ≡ ")
            && s.contains("(its nim-value 1 becomes 0, and the nim-sum becomes 0)"),
        "{s}"
    );
}

#[test]
fn sums_of_huge_heaps_of_two_games() {
    let k = values("kayles", 71, 12);
    let d = values("dawsons-kayles", 53, 34);
    let (a, b) = (123_456_789_012_345u64, 98_765_432_109u64);
    let (sa, sb) = (a.to_string(), b.to_string());
    let j = json(&["value", "kayles", &sa, "+", "dawsons-kayles", &sb, "--json"]);
    assert_eq!(j["nim_value"].as_u64(), Some(k(a) ^ d(b)));
    // Each component checked alone against the other's value by the same rules: a family member of kayles a
    // leaves kayles value d(b). Both parts have families here.
    let families = j["winning_move_families"].as_array().unwrap();
    assert!(
        families.iter().any(|f| f["component"] == 0)
            && families.iter().any(|f| f["component"] == 1)
    );
    for f in families {
        let (g, other): (&dyn Fn(u64) -> u64, u64) = if f["component"] == 0 {
            (&k, d(b))
        } else {
            (&d, k(a))
        };
        let (first, rest) = (f["first"].as_u64().unwrap(), f["rest"].as_u64().unwrap());
        assert_eq!(g(first) ^ g(rest - first) ^ other, 0, "{f}");
    }
}

#[test]
fn small_heaps_list_every_move_and_no_family() {
    let j = json(&["value", "kayles", "1000", "--json"]);
    assert_eq!(j["winning_move_families"], serde_json::json!([]));
    assert_eq!(
        j["winning_move_count"].as_u64(),
        Some(j["winning_moves"].as_array().unwrap().len() as u64)
    );
}

#[test]
fn bad_huge_heaps_are_one_line_errors() {
    for (args, needle) in [
        (vec!["value", "kayles", "18446744073709551616"], "too large"),
        (vec!["value", "kayles", "1e12"], "'1e12'"),
        (vec!["value", "kayles", ""], "found nothing"),
        (vec!["value", "grundys-game", "1000000000000"], "limit"),
    ] {
        let o = grundy(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = String::from_utf8(o.stderr).unwrap();
        assert_eq!(e.lines().count(), 1, "{e}");
        assert!(
            e.starts_with("grundy: ") && e.contains(needle),
            "{args:?}: {e}"
        );
        assert!(o.stdout.is_empty());
    }
}
