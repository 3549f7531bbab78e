//! The JSON of `grundy value` under normal play has exactly the keys docs/json.md documents (the library's
//! `grundy::sum::Analysis` serialised), with values checked against nim-values computed here from the rules.

use crate::common;
use common::{grundy, parse_json};
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// Runs `grundy ARGS` (which must succeed) and parses its stdout, checking it is one line of JSON whose keys are
/// printed sorted (serde_json's maps), as docs/json.md says.
fn value_json(args: &[&str]) -> Value {
    let o = grundy(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}");
    let s = String::from_utf8(o.stdout).unwrap();
    assert_eq!(s.lines().count(), 1, "{args:?}");
    let j = parse_json(&s);
    assert_eq!(serde_json::to_string(&j).unwrap() + "\n", s, "{args:?}");
    j
}

/// The documented keys of each object.
const TOP: [&str; 7] = [
    "nim_value",
    "outcome",
    "parts",
    "unlisted_winning_moves",
    "winning_move_count",
    "winning_move_families",
    "winning_moves",
];
const PART: [&str; 3] = ["game", "nim_value", "position"];
const MOVE: [&str; 6] = [
    "component",
    "game",
    "move",
    "position",
    "result",
    "value_after",
];
const FAMILY: [&str; 11] = [
    "component",
    "count",
    "first",
    "game",
    "last",
    "move",
    "position",
    "rest",
    "step",
    "take",
    "value_after",
];
const UNLISTED: [&str; 4] = ["component", "count", "game", "position"];

fn keys(v: &Value) -> Vec<&str> {
    v.as_object().unwrap().keys().map(String::as_str).collect()
}

/// Every object of the analysis `j` has exactly the documented keys.
fn assert_schema(j: &Value) {
    assert_eq!(keys(j), TOP);
    for (list, want) in [
        ("parts", &PART[..]),
        ("winning_moves", &MOVE[..]),
        ("winning_move_families", &FAMILY[..]),
        ("unlisted_winning_moves", &UNLISTED[..]),
    ] {
        for x in j[list].as_array().unwrap() {
            assert_eq!(keys(x), want, "{list}: {x}");
        }
    }
}

fn mex(s: &BTreeSet<u64>) -> u64 {
    (0..).find(|v| !s.contains(v)).unwrap()
}

/// Nim-values of heaps 0..=n of an octal game written as its digits after the point (`[7, 7]` is Kayles 0.77):
/// digit j lets a move take j tokens and leave no heap (bit 1), one heap (bit 2) or two heaps (bit 4).
fn octal(digits: &[u64], n: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(n + 1);
    for h in 0..=n {
        let mut s = BTreeSet::new();
        for (j, &d) in (1..).zip(digits) {
            if h < j {
                break;
            }
            let r = h - j;
            if d & 1 != 0 && r == 0 {
                s.insert(0);
            }
            if d & 2 != 0 && r > 0 {
                s.insert(g[r]);
            }
            if d & 4 != 0 {
                for a in 1..=r / 2 {
                    if r - a >= 1 {
                        s.insert(g[a] ^ g[r - a]);
                    }
                }
            }
        }
        g.push(mex(&s));
    }
    g
}

/// Nim-values of Lasker's Nim heaps 0..=n: take any number of tokens from a heap, or split it into two non-empty
/// heaps.
fn lasker(n: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(n + 1);
    for h in 0..=n {
        let mut s: BTreeSet<u64> = (0..h).map(|r| g[r]).collect();
        s.extend((1..=h / 2).map(|a| g[a] ^ g[h - a]));
        g.push(mex(&s));
    }
    g
}

/// Kayles' nim-value of any heap, from the values up to 400 and its period 12 from heap 71 (Guy & Smith 1956).
fn kayles() -> impl Fn(u64) -> u64 {
    let g = octal(&[7, 7], 400);
    // The period holds over the computed range (a check of the constants used below).
    assert!((71..400 - 12).all(|h| g[h] == g[h + 12]));
    move |h| g[if h <= 400 { h } else { 71 + (h - 71) % 12 } as usize]
}

/// The heaps of a split `result` ("0", "5" or "1 + 3").
fn heaps(result: &str) -> Vec<u64> {
    if result == "0" {
        vec![]
    } else {
        result.split(" + ").map(|x| x.parse().unwrap()).collect()
    }
}

#[test]
fn a_sum_of_three_games_is_the_documented_example() {
    // The example of docs/json.md, value for value.
    let j = value_json(&[
        "value", "kayles", "5", "7", "+", "nim", "3", "+", "0.07", "10", "--json",
    ]);
    assert_schema(&j);
    assert_eq!(
        j,
        json!({
            "nim_value": 6,
            "outcome": "N",
            "parts": [
                {"game": "kayles", "nim_value": 4, "position": "5"},
                {"game": "kayles", "nim_value": 2, "position": "7"},
                {"game": "nim", "nim_value": 3, "position": "3"},
                {"game": "0.07", "nim_value": 3, "position": "10"}
            ],
            "unlisted_winning_moves": [],
            "winning_move_count": 2,
            "winning_move_families": [],
            "winning_moves": [
                {
                    "component": 0,
                    "game": "kayles",
                    "move": "take 1 from the heap of 5 and split the rest into 1 and 3",
                    "position": "5",
                    "result": "1 + 3",
                    "value_after": 2
                },
                {
                    "component": 1,
                    "game": "kayles",
                    "move": "take 2 from the heap of 7, leaving 5",
                    "position": "7",
                    "result": "5",
                    "value_after": 4
                }
            ]
        })
    );
    // The same numbers from the rules: Kayles 5 and 7, nim 3, Dawson's Kayles (0.07) 10.
    let (k, d) = (octal(&[7, 7], 10), octal(&[0, 7], 10));
    assert_eq!([k[5], k[7], 3, d[10]], [4, 2, 3, 3]);
    assert_eq!(k[5] ^ k[7] ^ 3 ^ d[10], 6);
    assert_eq!((k[1] ^ k[3], k[5]), (2, 4));
}

#[test]
fn lasker_2_5_7_lists_exactly_the_winning_moves() {
    let j = value_json(&["value", "lasker", "2", "5", "7", "--json"]);
    assert_schema(&j);
    let g = lasker(7);
    let heap = [2u64, 5, 7];
    let total = heap.iter().fold(0, |x, &h| x ^ g[h as usize]);
    assert_eq!((g[2], g[5], g[7], total), (2, 5, 8, 15));
    assert_eq!(j["nim_value"], total);
    assert_eq!(j["outcome"], "N");
    for (i, p) in j["parts"].as_array().unwrap().iter().enumerate() {
        let h = heap[i];
        assert_eq!(
            p,
            &json!({"game": "lasker", "position": h.to_string(), "nim_value": g[h as usize]})
        );
    }
    // Every winning move, from the rules: heap i goes to a position of value g[h] ^ total.
    let mut want = BTreeSet::new();
    for (i, &h) in heap.iter().enumerate() {
        let target = g[h as usize] ^ total;
        for r in 0..h {
            if g[r as usize] == target {
                want.insert((
                    i as u64,
                    if r == 0 {
                        "0".to_string()
                    } else {
                        r.to_string()
                    },
                ));
            }
        }
        for a in 1..=h / 2 {
            if g[a as usize] ^ g[(h - a) as usize] == target {
                want.insert((i as u64, format!("{a} + {}", h - a)));
            }
        }
    }
    // Only heap 7 (value 8) can change to 8 ⊕ 15 = 7: no heap below 7 has value 7 (values 0 1 2 4 3 5 6), but
    // the splits 1 + 6, 2 + 5 and 3 + 4 have values 1 ⊕ 6, 2 ⊕ 5 and 4 ⊕ 3, all 7.
    let want_results = ["1 + 6", "2 + 5", "3 + 4"];
    assert_eq!(
        want,
        want_results.iter().map(|r| (2, r.to_string())).collect()
    );
    let moves = j["winning_moves"].as_array().unwrap();
    let got: BTreeSet<(u64, String)> = moves
        .iter()
        .map(|m| {
            let c = m["component"].as_u64().unwrap();
            let h = heap[c as usize];
            assert_eq!(
                (&m["game"], &m["position"]),
                (&json!("lasker"), &json!(h.to_string()))
            );
            let after = heaps(m["result"].as_str().unwrap());
            let v = after.iter().fold(0, |x, &a| x ^ g[a as usize]);
            assert_eq!(m["value_after"], v, "{m}");
            assert!(!m["move"].as_str().unwrap().is_empty());
            (c, m["result"].as_str().unwrap().to_string())
        })
        .collect();
    assert_eq!(got, want);
    assert_eq!(moves.len(), 3);
    for (m, r) in moves.iter().zip(want_results) {
        let text = format!("split the heap of 7 into {}", r.replace(" + ", " and "));
        assert_eq!((&m["move"], &m["value_after"]), (&json!(text), &json!(7)));
    }
    assert_eq!(j["winning_move_count"], 3);
    assert_eq!(j["winning_move_families"], json!([]));
    assert_eq!(j["unlisted_winning_moves"], json!([]));
}

/// The number of partitions of `n` into positive parts.
fn partitions(n: usize) -> u64 {
    let mut p = vec![0u64; n + 1];
    p[0] = 1;
    for part in 1..=n {
        for m in part..=n {
            p[m] += p[m - part];
        }
    }
    p[n]
}

#[test]
fn too_many_winning_moves_are_counted_in_unlisted_winning_moves() {
    // 0.*: take one token and leave the rest in any number of heaps. By induction heap n has nim-value n mod 2: its
    // options are the partitions of n − 1, each of value (its number of odd parts) mod 2 = (n − 1) mod 2. So heap 81
    // has value 1 and every one of its moves, one per partition of 80, leaves value 0: p(80) = 15796476 winning
    // moves, of which 100000 are listed.
    assert_eq!(partitions(80), 15_796_476);
    let j = value_json(&["value", "0.*", "81", "--json"]);
    assert_schema(&j);
    assert_eq!((&j["nim_value"], &j["outcome"]), (&json!(1), &json!("N")));
    assert_eq!(
        j["parts"],
        json!([{"game": "0.*", "position": "81", "nim_value": 1}])
    );
    let moves = j["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 100_000);
    let mut seen = BTreeSet::new();
    for m in moves {
        let mut after = heaps(m["result"].as_str().unwrap());
        assert_eq!(after.iter().sum::<u64>(), 80, "{m}");
        assert_eq!(after.iter().filter(|&&h| h % 2 == 1).count() % 2, 0, "{m}");
        assert_eq!((&m["component"], &m["value_after"]), (&json!(0), &json!(0)));
        after.sort();
        assert!(seen.insert(after), "{m} twice");
    }
    assert_eq!(
        j["unlisted_winning_moves"],
        json!([{"component": 0, "game": "0.*", "position": "81", "count": 15_796_476 - 100_000}])
    );
    assert_eq!(j["winning_move_count"], 15_796_476);
    assert_eq!(j["winning_move_families"], json!([]));
}

/// The winning families of a Kayles heap `h` (component `c`) to nim-value `target`, from the rules: for each
/// number taken and each residue class of `a` modulo 12 from heap 71 up, the members `a ≤ (h − take)/2` whose two
/// heaps XOR to `target`, as (component, take, rest, first, step, last, count, value_after).
fn kayles_families(g: &dyn Fn(u64) -> u64, c: u64, h: u64, target: u64) -> BTreeSet<[u64; 8]> {
    let mut fams = BTreeSet::new();
    for take in 1..=2 {
        let rest = h - take;
        for first in 71..71 + 12 {
            if g(first) ^ g(rest - first) == target {
                let count = (rest / 2 - first) / 12 + 1;
                let last = first + (count - 1) * 12;
                fams.insert([c, take, rest, first, 12, last, count, target]);
            }
        }
    }
    fams
}

/// The families of an analysis as the same tuples.
fn families_of(j: &Value) -> BTreeSet<[u64; 8]> {
    j["winning_move_families"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            let n = |k: &str| f[k].as_u64().unwrap();
            let t = [
                n("component"),
                n("take"),
                n("rest"),
                n("first"),
                n("step"),
                n("last"),
                n("count"),
                n("value_after"),
            ];
            assert_eq!(f["game"], "kayles");
            let text = format!(
                "take {} from the heap of {} and split the rest into a and {} − a, for each a ≡ {} (mod 12) with {} ≤ a ≤ {}: {} moves",
                t[1],
                t[1] + t[2],
                t[2],
                t[3] % 12,
                t[3],
                t[5],
                t[6]
            );
            assert_eq!(f["move"], text);
            t
        })
        .collect()
}

/// The listed winning moves of Kayles heap `h` (component `c`) to `target`, from the rules: a move that leaves one
/// heap, or a split into `a + b` with `a` below the preperiod 71.
fn kayles_listed(g: &dyn Fn(u64) -> u64, c: u64, h: u64, target: u64) -> BTreeSet<(u64, String)> {
    let mut listed = BTreeSet::new();
    for take in 1..=2 {
        let rest = h - take;
        if g(rest) == target {
            listed.insert((c, rest.to_string()));
        }
        for a in 1..71 {
            if g(a) ^ g(rest - a) == target {
                listed.insert((c, format!("{a} + {}", rest - a)));
            }
        }
    }
    listed
}

fn listed_of(j: &Value) -> BTreeSet<(u64, String)> {
    j["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["component"].as_u64().unwrap(),
                m["result"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn a_trillion_kayles_has_the_documented_families() {
    let g = kayles();
    let n = 1_000_000_000_000u64;
    let j = value_json(&["value", "kayles", "1000000000000", "--json"]);
    assert_schema(&j);
    assert_eq!(g(n), 1);
    assert_eq!((&j["nim_value"], &j["outcome"]), (&json!(1), &json!("N")));
    assert_eq!(
        j["parts"],
        json!([{"game": "kayles", "position": "1000000000000", "nim_value": 1}])
    );
    let listed = kayles_listed(&g, 0, n, 0);
    assert_eq!(listed.len(), 16);
    assert_eq!(listed_of(&j), listed);
    let fams = kayles_families(&g, 0, n, 0);
    assert_eq!(families_of(&j), fams);
    // The family docs/json.md shows.
    assert_eq!(
        j["winning_move_families"][0],
        json!({
            "component": 0,
            "count": 41666666661u64,
            "first": 73,
            "game": "kayles",
            "last": 499999999993u64,
            "move": "take 2 from the heap of 1000000000000 and split the rest into a and 999999999998 − a, for each a ≡ 1 (mod 12) with 73 ≤ a ≤ 499999999993: 41666666661 moves",
            "position": "1000000000000",
            "rest": 999999999998u64,
            "step": 12,
            "take": 2,
            "value_after": 0
        })
    );
    let count: u64 = 16 + fams.iter().map(|f| f[6]).sum::<u64>();
    assert_eq!(count, 83_333_333_338);
    assert_eq!(j["winning_move_count"], count);
    assert_eq!(j["unlisted_winning_moves"], json!([]));
}

#[test]
fn a_count_above_2_to_the_64_is_a_decimal_string() {
    // Seven Kayles heaps just below 2^64, each of nim-value 1: the sum has value 1 and each heap wins by moving to
    // value 0, with about 3·10^18 moves in families each.
    let g = kayles();
    let hs: Vec<u64> = (0..)
        .map(|i| u64::MAX - i)
        .filter(|&h| g(h) == 1)
        .take(7)
        .collect();
    let words: Vec<String> = hs.iter().map(u64::to_string).collect();
    let mut args = vec!["value", "kayles"];
    args.extend(words.iter().map(String::as_str));
    args.push("--json");
    let j = value_json(&args);
    assert_schema(&j);
    assert_eq!((&j["nim_value"], &j["outcome"]), (&json!(1), &json!("N")));
    let (mut listed, mut fams) = (BTreeSet::new(), BTreeSet::new());
    for (c, &h) in hs.iter().enumerate() {
        listed.extend(kayles_listed(&g, c as u64, h, 0));
        fams.extend(kayles_families(&g, c as u64, h, 0));
    }
    assert_eq!(listed_of(&j), listed);
    assert_eq!(families_of(&j), fams);
    assert_eq!(j["winning_moves"].as_array().unwrap().len(), listed.len());
    assert_eq!(
        j["winning_move_families"].as_array().unwrap().len(),
        fams.len()
    );
    let count = listed.len() as u128 + fams.iter().map(|f| f[6] as u128).sum::<u128>();
    assert!(count > u64::MAX as u128);
    assert_eq!(j["winning_move_count"], count.to_string());
}

#[test]
fn no_moves_leaves_out_the_four_keys_of_the_moves_and_keeps_the_values() {
    // The documented example, then sums of several games, P- and N-positions, and a position with no nim-value.
    assert_eq!(
        value_json(&["value", "cram", "3x5", "--no-moves", "--json"]),
        json!({"nim_value":1,"outcome":"N","parts":[{"game":"cram","nim_value":1,"position":"3x5"}]})
    );
    for args in [
        &["cram", "4x5"][..],
        &["cram", "3x4", "+", "cram", "...#/..../#..."],
        &["kayles", "5", "7", "+", "nim", "3"],
        &["lasker", "2", "5", "7"],
        &["nim", "3", "3"],
        &["fibonacci-nim", "1000000"],
    ] {
        let with: Vec<&str> = ["value"]
            .iter()
            .chain(args)
            .copied()
            .chain(["--json"])
            .collect();
        let full = value_json(&with);
        assert_schema(&full);
        let without: Vec<&str> = with.iter().copied().chain(["--no-moves"]).collect();
        let j = value_json(&without);
        assert_eq!(keys(&j), ["nim_value", "outcome", "parts"], "{args:?}");
        for k in ["nim_value", "outcome", "parts"] {
            assert_eq!(j[k], full[k], "{args:?} {k}");
        }
        // The text says the outcome, and for an N-position that the moves were not searched.
        let o = grundy(
            &without[..without.len() - 2]
                .iter()
                .copied()
                .chain(["--no-moves"])
                .collect::<Vec<_>>(),
        );
        assert_eq!(o.status.code(), Some(0));
        let text = String::from_utf8(o.stdout).unwrap();
        assert!(text.contains("outcome: "), "{text}");
        assert_eq!(
            text.contains("winning moves: not searched (--no-moves)"),
            full["outcome"] == "N",
            "{text}"
        );
        assert!(!text.contains("  in "), "{text}");
    }
}
