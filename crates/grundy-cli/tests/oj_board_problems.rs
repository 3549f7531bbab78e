//! `grundy oj` for the graph, grid, pairing and scoring games, and `grundy value` for their families:
//! every judge sample, bad input of each kind, and every printed winning move checked to reach a P-position.

use crate::common;
use common::{assert_oj_error, grundy_stdin as grundy};
use std::path::PathBuf;

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/oj")
}

const IDS: &[&str] = &[
    "poj1704",
    "poj2311",
    "luogu-p2148",
    "cf87c",
    "agc002e",
    "cf388c",
    "loj10243",
    "loj10245",
    "poj1067",
    "yosupo-nim-product-64",
];

#[test]
fn every_sample_is_answered_exactly() {
    for id in IDS {
        let samples = common::run_oj_samples(id, &data().join(id));
        assert!(!samples.is_empty(), "no sample for {id}");
        for s in samples {
            let p = &s.input;
            assert_eq!(s.code, 0, "{id} {p:?}: {}", s.err);
            assert_eq!(s.out.trim_end(), s.want.trim_end(), "{id} {p:?}");
        }
    }
}

#[test]
fn bad_input_is_a_one_line_error() {
    for id in IDS {
        assert_oj_error(id, "", "");
        assert_oj_error(id, "x", "'x'");
    }
    for (id, input, needle) in [
        ("poj1704", "1\n3\n1 2", "truncated"),
        ("poj1704", "1\n2\n4 4", "two chessmen on cell 4"),
        ("poj1704", "1\n2\n4 10001", "between 1 and 10000"),
        ("poj2311", "2 1", "between 2 and 200"),
        ("poj2311", "2 2\n3", "truncated"),
        ("luogu-p2148", "1\n3\n1 2 3", "even"),
        ("luogu-p2148", "1\n2\n0 2", "between 1 and 2000000000"),
        ("cf87c", "100001", "between 1 and 100000"),
        ("cf87c", "5 6", "extra data"),
        ("agc002e", "3\n1 2", "truncated"),
        ("agc002e", "1\n-1", "'-1'"),
        ("cf388c", "1\n2 5", "truncated"),
        ("cf388c", "1\n1 1001", "between 1 and 1000"),
        (
            "loj10243",
            "3 3 1\n1 2\n2 3\n3 1\n1",
            "cycle through the edge",
        ),
        ("loj10243", "3 1 1\n1 4\n1", "between 1 and 3"),
        ("loj10245", "1\n5\n", "truncated"),
        ("poj1067", "1 2 3", "line 1"),
        ("poj1067", "1 2\n1000000000000000001 2", "line 2"),
        ("poj1067", "1", "truncated"),
        ("yosupo-nim-product-64", "2\n1 2\n3", "truncated"),
        (
            "yosupo-nim-product-64",
            "1\n18446744073709551616 1",
            "between 0 and 18446744073709551615",
        ),
    ] {
        assert_oj_error(id, input, needle);
    }
}

#[test]
fn cycle_error_names_an_edge_of_the_cycle() {
    let o = grundy(&["oj", "loj10243"], b"5 5 1\n1 2\n2 3\n3 4\n4 2\n4 5\n1\n");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        ["2 -> 3", "3 -> 4", "4 -> 2"]
            .iter()
            .any(|e| err.contains(e)),
        "{err}"
    );
}

#[test]
fn poj1067_large_heaps_and_misere() {
    // (⌊kφ⌋, ⌊kφ⌋ + k) for k = 10^17: ⌊10^17·φ⌋ = 161803398874989484.
    let k = 100_000_000_000_000_000u64;
    let a = 161_803_398_874_989_484u64;
    let input = format!(
        "{a} {}\n{a} {}\n0 0 1\n0 1 1\n2 2 1\n1 2 1\n3 5 1\n0 0\n",
        a + k,
        a + k + 1
    );
    let o = grundy(&["oj", "poj1067"], input.as_bytes());
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "0\n1\n1\n0\n0\n1\n0\n0\n"
    );
}

#[test]
fn nim_products_match_the_library() {
    let pairs = [
        (0u64, 5u64),
        (2, 2),
        (16, 16),
        (1 << 63, 1 << 63),
        (u64::MAX, 12345),
    ];
    let mut input = format!("{}\n", pairs.len());
    let mut want = String::new();
    for (a, b) in pairs {
        input += &format!("{a} {b}\n");
        want += &format!("{}\n", grundy::nimber::field::mul_slow(a, b));
    }
    let o = grundy(&["oj", "yosupo-nim-product-64"], input.as_bytes());
    assert_eq!(String::from_utf8(o.stdout).unwrap(), want);
}

fn value_json(args: &[&str]) -> serde_json::Value {
    let mut a = vec!["value"];
    a.extend_from_slice(args);
    a.push("--json");
    common::ok_json(&a)
}

/// Every winning move of `game pos` (one component) leads to a position of nim-value 0.
fn moves_reach_p(game: &str, pos: &[&str], extra: &[&str]) -> usize {
    let mut args = vec![game];
    args.extend_from_slice(pos);
    let v = value_json(&args);
    let moves = v["winning_moves"].as_array().unwrap().clone();
    assert_eq!(moves.is_empty(), v["nim_value"] == 0, "{args:?}");
    for m in &moves {
        let result = m["result"].as_str().unwrap().to_string();
        let mut a: Vec<String> = vec![game.to_string()];
        a.extend(extra.iter().map(|s| s.to_string()));
        a.extend(result.split(' ').filter(|s| *s != "+").map(str::to_string));
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let after = value_json(&a);
        assert_eq!(after["nim_value"], 0, "{args:?} -> {result}");
    }
    moves.len()
}

#[test]
fn value_of_each_family_and_its_winning_moves() {
    assert_eq!(value_json(&["wythoff", "3", "5"])["nim_value"], 0);
    assert_eq!(value_json(&["wythoff", "4", "4"])["nim_value"], 7); // OEIS A317205: G(4, 4) = 7
    assert!(moves_reach_p("wythoff", &["10", "7"], &[]) > 0);
    // Beyond the nim-value table an N-position is answered with its outcome and winning moves (no nim-value);
    // P-positions are exact. (tests/families.rs checks every such move.)
    let j = value_json(&["wythoff", "1000000000000000000", "999999999999999990"]);
    assert_eq!(j["outcome"], "N");
    assert_eq!(j["nim_value"], serde_json::Value::Null);
    assert!(!j["winning_moves"].as_array().unwrap().is_empty());
    assert_eq!(
        value_json(&["wythoff", "161803398874989484", "261803398874989484"])["nim_value"],
        0
    );
    assert!(moves_reach_p("staircase", &["3", "1", "4", "1", "5"], &[]) > 0);
    assert_eq!(
        moves_reach_p(
            "chessmen",
            &["17", "1", "5", "6", "7", "9", "12", "14"],
            &[]
        ),
        3
    );
    assert_eq!(value_json(&["chessmen", "3", "1", "2"])["nim_value"], 0);
    for piece in ["4x5", "6x7", "2x9", "8x8"] {
        moves_reach_p("cutting", &[piece], &[]);
    }
    assert_eq!(value_json(&["cutting", "2x2"])["nim_value"], 0);
    assert!(moves_reach_p("ed", &["3", "4"], &[]) > 0);
    // Sums across families.
    let v = value_json(&["wythoff", "1", "2", "+", "nim", "3", "+", "ed", "1", "2"]);
    assert_eq!(v["nim_value"], 3 ^ 1);
    for m in v["winning_moves"].as_array().unwrap() {
        assert_eq!(
            m["value_after"].as_u64().unwrap() ^ 3 ^ 1,
            v["parts"][m["component"].as_u64().unwrap() as usize]["nim_value"]
                .as_u64()
                .unwrap()
        );
    }
}

#[test]
fn graph_from_a_file() {
    let dir = std::env::temp_dir().join(format!("grundy-graph-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("g.txt");
    std::fs::write(
        &f,
        // The loj10243 sample in the edge-list format of the loopy games (node ids 0-based as written).
        "# loj10243 sample\nnodes 6\n1 0\n1 3\n0 3\n0 4\n3 4\n0 2\n2 4\n2 5\n",
    )
    .unwrap();
    let fs = f.to_str().unwrap();
    let v = value_json(&["graph", fs, "0", "1", "3", "5"]);
    assert_ne!(v["nim_value"], 0); // the judge's answer is "win"
    for node in ["0", "1", "2", "3", "4", "5"] {
        moves_reach_p("graph", &[fs, node], &[fs]);
    }
    std::fs::write(&f, "0 1\n1 2\n2 0\n").unwrap();
    let o = grundy(&["value", "graph", fs, "1"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cycle through the edge"));
}

#[test]
fn fox_cards_says_it_is_a_scoring_game() {
    // Alone: the scores, exit 0, and plainly "a scoring game".
    let o = grundy(&["value", "fox-cards", "100", "1,10"], b"");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        out.contains("scoring game, not impartial")
            && out.contains("Ciel (moving first, taking from the tops) scores 101"),
        "{out}"
    );
    let o = grundy(&["value", "fox-cards", "100", "1,10", "--json"], b"");
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (
            j["ciel"].as_u64(),
            j["jiro"].as_u64(),
            j["impartial"].as_bool()
        ),
        (Some(101), Some(10), Some(false))
    );
    // In a sum: an error, since a scoring game has no nim-value.
    let o = grundy(&["value", "fox-cards", "100", "1,10", "+", "nim", "1"], b"");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err.contains("scoring game, not impartial") && err.contains("no place in a sum"),
        "{err}"
    );
}

#[test]
fn outcome_only_games_answer_alone_and_refuse_sums() {
    let json = common::ok_json;
    // Candy Piles (agc002e's samples): 1 3 and 1 2 1 are first-player wins, 1 2 3 is not.
    let v = json(&["value", "candy-piles", "1", "3", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert!(v["nim_value"].is_null());
    for m in v["winning_moves"].as_array().unwrap() {
        let after: Vec<String> = m["result"]
            .as_str()
            .unwrap()
            .split(' ')
            .map(String::from)
            .collect();
        let mut args = vec!["value", "candy-piles"];
        args.extend(after.iter().map(String::as_str));
        args.push("--json");
        assert_eq!(json(&args)["outcome"], "P", "after {m}");
    }
    assert_eq!(
        json(&["value", "candy-piles", "1", "2", "3", "--json"])["outcome"],
        "P"
    );
    // Chocolate (loj10245's first rounds): 11 10 15 is a P-position ("YES"), 13 6 7 15 3 is not.
    assert_eq!(
        json(&["value", "chocolate", "11", "10", "15", "--json"])["outcome"],
        "P"
    );
    let v = json(&["value", "chocolate", "13", "6", "7", "15", "3", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1);
    for game in ["candy-piles", "chocolate"] {
        let o = grundy(&["value", game, "1", "2", "+", "nim", "1"], b"");
        assert_eq!(o.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&o.stderr).contains("sum"));
    }
}

#[test]
fn nimber_subcommand() {
    let out = |args: &[&str]| {
        let o = grundy(args, b"");
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stdout).trim().to_string(),
        )
    };
    assert_eq!(
        out(&["nimber", "mul", "3141", "5926"]),
        (Some(0), "14994".into())
    );
    assert_eq!(out(&["nimber", "inv", "2"]), (Some(0), "3".into()));
    assert_eq!(out(&["nimber", "pow", "2", "3"]), (Some(0), "1".into()));
    let a = 123_456_789_123_456_789u64;
    let (_, i) = out(&["nimber", "inv", &a.to_string()]);
    assert_eq!(grundy::nimber::field::mul_slow(a, i.parse().unwrap()), 1);
    assert_eq!(out(&["nimber", "inv", "0"]).0, Some(2));
    assert_eq!(out(&["nimber", "mul", "1"]).0, Some(2));
    assert_eq!(
        out(&["nimber", "mul", "1", "18446744073709551616"]).0,
        Some(2)
    );
}
