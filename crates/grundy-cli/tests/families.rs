//! CLI tests of the catalog's non-heap games: Wythoff past the nim-value table, misère play of the non-heap
//! families, and the messages of misère and loopy answers.

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("run grundy")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Asserts a one-line error with exit status 2 whose message contains `needle`, and nothing on stdout.
fn assert_error(o: &Output, needle: &str) {
    assert_eq!(o.status.code(), Some(2), "stderr: {}", stderr(o));
    let e = stderr(o);
    assert_eq!(e.lines().count(), 1, "one line: {e}");
    assert!(e.starts_with("grundy: "), "{e}");
    assert!(e.contains(needle), "expected '{needle}' in: {e}");
    assert!(o.stdout.is_empty());
}

fn ok_json(args: &[&str]) -> serde_json::Value {
    let o = grundy(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
    serde_json::from_str(&stdout(&o)).expect("JSON")
}

/// Wythoff normal-play P-positions by their definition through the golden ratio, checked independently of the
/// library: `(a, b)` with `a ≤ b` is a P-position iff `a = ⌊kφ⌋` for `k = b − a`, tested by `a < kφ < a + 1`,
/// i.e. `2a − k < k√5 < 2a + 2 − k`, squared in `u128`.
fn wythoff_p(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b) as i128, a.max(b) as i128);
    let k = b - a;
    if k == 0 {
        return a == 0;
    }
    let five_k2 = 5 * k * k;
    let lo = 2 * a - k; // need k√5 > lo
    let hi = 2 * a + 2 - k; // need k√5 < hi
    (lo < 0 || lo * lo < five_k2) && hi > 0 && hi * hi > five_k2
}

#[test]
fn wythoff_large_heaps_are_answered_with_every_winning_move() {
    for (a, b) in [
        (100_000_000u64, 200_000_000u64),
        (1_000_000_000_000_000_000, 999_999_999_999_999_999),
        (123_456_789_012, 987_654_321),
        (5000, 5000),
    ] {
        let (sa, sb) = (a.to_string(), b.to_string());
        let j = ok_json(&["value", "wythoff", &sa, &sb, "--json"]);
        assert_eq!(j["nim_value"], serde_json::Value::Null);
        assert_eq!(j["outcome"], "N");
        let moves = j["winning_moves"].as_array().unwrap();
        assert!(!moves.is_empty() && moves.len() <= 3);
        for m in moves {
            let r: Vec<u64> = m["result"]
                .as_str()
                .unwrap()
                .split(' ')
                .map(|w| w.parse().unwrap())
                .collect();
            let (x, y) = (r[0], r[1]);
            assert!(
                wythoff_p(x, y),
                "({a},{b}) -> ({x},{y}) is not a P-position"
            );
            let legal = (x < a && y == b) || (x == a && y < b) || (x < a && a - x == b - y);
            assert!(legal, "({a},{b}) -> ({x},{y}) is not a move");
        }
        // Completeness of the list is checked against brute force on small positions below.
        let text = stdout(&grundy(&["value", "wythoff", &sa, &sb]));
        assert!(text.contains("outcome: N"), "{text}");
    }
    // A large P-position: (⌊kφ⌋, ⌊kφ⌋ + k) for k = 10^17 is (161803398874989484, 261803398874989484).
    assert!(wythoff_p(161_803_398_874_989_484, 261_803_398_874_989_484));
    let j = ok_json(&[
        "value",
        "wythoff",
        "161803398874989484",
        "261803398874989484",
        "--json",
    ]);
    assert_eq!(j["outcome"], "P");
    assert_eq!(j["winning_moves"].as_array().unwrap().len(), 0);
}

#[test]
fn wythoff_large_heaps_in_a_sum_are_a_clear_error() {
    assert_error(
        &grundy(&[
            "value",
            "wythoff",
            "100000000",
            "200000000",
            "+",
            "nim",
            "1",
        ]),
        "cannot be part of a sum",
    );
    assert_error(
        &grundy(&["value", "wythoff", "1000000000000000001", "1"]),
        "wythoff",
    );
    assert_error(&grundy(&["value", "wythoff", "3"]), "two heaps");
    assert_error(&grundy(&["value", "wythoff", "3", "x"]), "wythoff");
}

/// Every winning move of small Wythoff positions: exactly those the brute force finds, each to a P-position.
#[test]
fn wythoff_small_winning_moves_are_all_the_moves_to_p_positions() {
    for a in 0..30u64 {
        for b in [0u64, 1, 2, 7, 13, 29] {
            let j = ok_json(&["value", "wythoff", &a.to_string(), &b.to_string(), "--json"]);
            let mut expected: Vec<(u64, u64)> = (0..a)
                .map(|c| (c, b))
                .chain((0..b).map(|c| (a, c)))
                .chain((1..=a.min(b)).map(|d| (a - d, b - d)))
                .filter(|&(x, y)| wythoff_p(x, y))
                .collect();
            expected.sort();
            let mut got: Vec<(u64, u64)> = j["winning_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| {
                    let r: Vec<u64> = m["result"]
                        .as_str()
                        .unwrap()
                        .split(' ')
                        .map(|w| w.parse().unwrap())
                        .collect();
                    (r[0], r[1])
                })
                .collect();
            got.sort();
            assert_eq!(got, expected, "wythoff {a} {b}");
            assert_eq!(j["outcome"], if wythoff_p(a, b) { "P" } else { "N" });
        }
    }
}

#[test]
fn misere_with_no_move_says_the_player_to_move_wins() {
    let o = grundy(&["value", "nim", "0", "0", "--misere"]);
    assert_eq!(o.status.code(), Some(0));
    let t = stdout(&o);
    assert!(
        t.contains("the player to move has no move and so wins"),
        "{t}"
    );
    assert!(!t.contains("winning moves:"), "{t}");
}

#[test]
fn loopy_graph_names_its_last_node() {
    let dir = std::env::temp_dir().join(format!("grundy-families-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("g.txt");
    std::fs::write(&f, "0 1\n1 2\n2 0\n").unwrap();
    let o = grundy(&["value", "loopy-graph", f.to_str().unwrap(), "5"]);
    assert_error(&o, "node 5 is not in the graph (it has nodes 0..2)");
}

#[test]
fn loopy_equal_tokens_list_each_move_once() {
    let j = ok_json(&[
        "value",
        "20.3",
        "1",
        "1",
        "--loopy",
        "--max-heap",
        "50",
        "--json",
    ]);
    let moves: Vec<&serde_json::Value> = j["drawing_moves"]
        .as_array()
        .unwrap()
        .iter()
        .chain(j["winning_moves"].as_array().unwrap())
        .collect();
    assert!(!moves.is_empty());
    let mut seen = std::collections::HashSet::new();
    for m in &moves {
        assert!(
            seen.insert((m["from"].clone(), m["to"].clone())),
            "listed twice: {m}"
        );
    }
    let t = stdout(&grundy(&[
        "value",
        "20.3",
        "1",
        "1",
        "--loopy",
        "--max-heap",
        "50",
    ]));
    let lines: Vec<&str> = t.lines().filter(|l| l.starts_with("  move")).collect();
    let unique: std::collections::HashSet<&&str> = lines.iter().collect();
    assert_eq!(lines.len(), unique.len(), "{t}");
}
