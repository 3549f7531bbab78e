//! `grundy value CODE HEAP... --loopy` for codes whose moves split heaps: answers in text and JSON, every printed
//! winning move checked by asking the command about the position it leaves, and one-line errors.

use crate::common;
use common::{parse_json as json, run as grundy};

/// The outcome letter of `code` on `heaps` (all given as components) with heaps of at most `bound`.
fn outcome(code: &str, heaps: &[u64], bound: &str) -> String {
    let hs: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let mut args = vec!["value", code];
    args.extend(hs.iter().map(String::as_str));
    args.extend(["--loopy", "--max-heap", bound, "--json"]);
    let (code_, out, err) = grundy(&args);
    assert_eq!(code_, 0, "{err}");
    json(&out)["outcome"].as_str().unwrap().to_string()
}

/// Checks that each winning (drawing) move of `v` leaves a P-position (a D-position), by asking the command.
fn check_moves(code: &str, heaps: &[u64], bound: &str, v: &serde_json::Value) {
    for (list, want) in [("winning_moves", "P"), ("drawing_moves", "D")] {
        for m in v[list].as_array().unwrap() {
            let i = m["component"].as_u64().unwrap() as usize;
            assert_eq!(m["from"].as_u64().unwrap(), heaps[i]);
            let mut after: Vec<u64> = heaps
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &h)| h)
                .collect();
            after.extend(
                m["to"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_u64().unwrap()),
            );
            if after.is_empty() {
                after.push(0);
            }
            assert_eq!(outcome(code, &after, bound), want, "{code} {heaps:?}: {m}");
        }
    }
}

#[test]
fn a_splitting_code_and_a_sum_in_text_and_json() {
    // 14.0: d_{-1} = 1 allows no move (a heap that gains a token cannot vanish), d0 = 4 splits a heap in two, so
    // the game is 4.0: heap values 0, 0, 1, 0, 1 for heaps 0..=4 (3 -> 1+2 of value 0 xor 1).
    let (code, out, err) = grundy(&["value", "14.0", "3", "--loopy", "--max-heap", "10"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("heap 3: generalised value 0"), "{out}");
    assert!(out.contains("outcome: P"), "{out}");
    assert!(
        out.contains("note: the game 14.0 is played on heaps of at most 10"),
        "{out}"
    );
    let (code, out, _) = grundy(&["value", "14.0", "3", "4", "--loopy", "--max-heap", "10"]);
    assert_eq!(code, 0);
    assert!(out.contains("sum: 0 xor 1 = 1"), "{out}");
    assert!(
        out.contains("replace the heap of 4 by heaps 1, 3 (the value becomes 0)"),
        "{out}"
    );
    let (_, out, _) = grundy(&[
        "value",
        "14.0",
        "3",
        "4",
        "--loopy",
        "--max-heap",
        "10",
        "--json",
    ]);
    let v = json(&out);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["value"]["finite"], 1);
    assert_eq!(v["parts"][1]["heap"], 4);
    assert_eq!(v["positions"], 8);
    let moves: Vec<String> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| format!("{} {} {}", m["component"], m["from"], m["to"]))
        .collect();
    assert_eq!(moves, ["0 3 [1,2]", "1 4 [1,3]", "1 4 [2,2]"]);
    check_moves("14.0", &[3, 4], "10", &v);
}

#[test]
fn loopy_splitting_codes_win_and_draw() {
    // 2.37: pass, take one leaving 0 or 1 heap, take two leaving 0, 1 or 2 heaps. A heap of 2 is ∞({0}): it wins by
    // taking both tokens, but is no finite value (it can pass); two such heaps draw (∞ ⊕ ∞).
    let (_, out, _) = grundy(&["value", "2.37", "2", "--loopy", "--max-heap", "5", "--json"]);
    let v = json(&out);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["value"]["infinite"], serde_json::json!([0]));
    assert_eq!(v["winning_moves"][0]["to"], serde_json::json!([]));
    check_moves("2.37", &[2], "5", &v);
    let (_, out, _) = grundy(&["value", "2.37", "2", "1", "--loopy", "--max-heap", "5"]);
    assert!(out.contains("outcome: D"), "{out}");
    assert!(out.contains("pass: leave the heap of 2 as it is"), "{out}");
    for heaps in [vec![2u64, 1], vec![4], vec![5, 3]] {
        let hs: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let mut args = vec!["value", "2.37"];
        args.extend(hs.iter().map(String::as_str));
        args.extend(["--loopy", "--max-heap", "5", "--json"]);
        let (code, out, err) = grundy(&args);
        assert_eq!(code, 0, "{err}");
        let v = json(&out);
        check_moves("2.37", &heaps, "5", &v);
    }
    // 0.77 (Kayles) through the same path: heap 7 has nim-value 2; its winning moves, checked the same way.
    let (_, out, _) = grundy(&["value", "0.77", "7", "--loopy", "--max-heap", "7", "--json"]);
    let v = json(&out);
    assert_eq!(v["value"]["finite"], 2);
    assert!(!v["winning_moves"].as_array().unwrap().is_empty());
    check_moves("0.77", &[7], "7", &v);
}

#[test]
fn budgets_and_bad_input_are_one_line_errors() {
    // Each command line, split at spaces, and what its error says.
    for (line, want) in [
        (
            "value 0.{2+} 200 --loopy --max-heap 200 --max-positions 1000",
            "more than 1000 positions",
        ),
        (
            "value 24.0 3 --loopy --max-heap 6 --max-positions 1000",
            "more than 1000 positions",
        ),
        (
            "value 24.0 3 --loopy --max-heap 6 --max-positions x",
            "--max-positions",
        ),
        (
            "value 24.0 3 --loopy --max-heap 6 --max-positions 99999999999",
            "--max-positions",
        ),
        ("value 14.0 3x --loopy --max-heap 6", "3x"),
        ("value 14.0 7 --loopy --max-heap 6", "(raise --max-heap)"),
        ("value 14.0 --loopy --max-heap 6", "heap size"),
    ] {
        let args: Vec<&str> = line.split(' ').collect();
        let (code, out, err) = grundy(&args);
        assert_eq!(code, common::status_of_error(&err), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
}
