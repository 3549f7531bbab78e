//! Integration tests of the `grundy` binary: answers, JSON, and one-line errors with exit status 2.

use crate::common;
mod docs_examples;
use common::*;

#[test]
fn lasker_2_5_7_names_the_split_of_7_into_1_and_6() {
    let o = grundy(&["value", "lasker", "2", "5", "7"]);
    assert_eq!(o.status.code(), Some(0));
    let s = stdout(&o);
    assert!(s.contains("lasker 7: nim-value 8"), "{s}");
    assert!(s.contains("nim-sum: 2 xor 5 xor 8 = 15"), "{s}");
    assert!(s.contains("split the heap of 7 into 1 and 6"), "{s}");
    let j = json(&grundy(&["value", "lasker", "2", "5", "7", "--json"]));
    assert_eq!(j["nim_value"], 15);
    assert_eq!(j["outcome"], "N");
    let results: Vec<&str> = j["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["result"].as_str().unwrap())
        .collect();
    assert_eq!(results, ["1 + 6", "2 + 5", "3 + 4"]);
}

#[test]
fn a_sum_of_different_games() {
    let j = json(&grundy(&[
        "value", "kayles", "5", "7", "+", "nim", "3", "+", "0.07", "10", "--json",
    ]));
    // Kayles: G(5) = 4, G(7) = 2; Nim: 3; Dawson's Kayles 0.07: G(10) = G_0.137(9) = 3 (OEIS A002187).
    let parts: Vec<u64> = j["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["nim_value"].as_u64().unwrap())
        .collect();
    assert_eq!(parts, [4, 2, 3, 3]);
    assert_eq!(j["nim_value"], 6);
    for m in j["winning_moves"].as_array().unwrap() {
        assert_eq!(
            m["value_after"].as_u64().unwrap(),
            parts[m["component"].as_u64().unwrap() as usize] ^ 6
        );
    }
    assert_eq!(j["winning_moves"].as_array().unwrap().len(), 2);
}

#[test]
fn every_printed_winning_move_leads_to_a_p_position() {
    for (game, heaps) in [
        ("kayles", vec!["5", "9", "13"]),
        ("4!.0", vec!["20", "7"]),
        ("0.137", vec!["30"]),
        ("subtraction:1,3,4", vec!["10", "11"]),
    ] {
        let mut args = vec!["value", game];
        args.extend(heaps.iter().copied());
        args.push("--json");
        let j = json(&grundy(&args));
        for m in j["winning_moves"].as_array().unwrap() {
            // Play the move: the position becomes the other heaps plus the result, which must be a P-position.
            let c = m["component"].as_u64().unwrap() as usize;
            let mut after: Vec<String> = heaps
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != c)
                .map(|(_, h)| h.to_string())
                .collect();
            let r = m["result"].as_str().unwrap();
            if r != "0" {
                after.extend(r.split(" + ").map(String::from));
            }
            if after.is_empty() {
                continue; // the empty position is a P-position
            }
            let mut a = vec!["value", game];
            a.extend(after.iter().map(String::as_str));
            a.push("--json");
            let k = json(&grundy(&a));
            assert_eq!(
                k["outcome"], "P",
                "{game} {heaps:?}: move {m} leads to {after:?}"
            );
            assert_eq!(k["winning_moves"].as_array().unwrap().len(), 0);
        }
    }
}

#[test]
fn seq_prints_reference_values() {
    let o = grundy(&["seq", "kayles", "--to", "2000"]);
    let v: Vec<u64> = stdout(&o).lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(v.len(), 2001);
    assert_eq!(&v[..12], &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    // Period 12 from heap 71 (OEIS A002186).
    assert!((71..=1988).all(|n| v[n + 12] == v[n]));
    let j = json(&grundy(&["seq", "grundys-game", "--to", "13", "--json"]));
    assert_eq!(j["game"], "grundys-game");
    assert_eq!(
        j["values"],
        serde_json::json!([0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3])
    );
    let o = grundy(&["seq", "0.07", "--to", "2000"]);
    assert_eq!(stdout(&o).lines().count(), 2001);
}

#[test]
fn long_move_lists_are_shortened_in_text_but_complete_in_json() {
    // Kayles 10^6 (valued from its certified period) has tens of thousands of winning moves.
    let o = grundy(&["value", "kayles", "1000000"]);
    let s = stdout(&o);
    assert_eq!(o.status.code(), Some(0));
    assert!(s.lines().count() < 40, "{} lines", s.lines().count());
    assert!(
        s.contains("more winning moves (--all-moves lists them, --json gives them all)"),
        "{s}"
    );
    let j = json(&grundy(&["value", "kayles", "1000000", "--json"]));
    let n = j["winning_moves"].as_array().unwrap().len();
    assert!(n > 1000, "{n}");
    assert!(s.contains(&format!("{} winning moves", n)), "{s}");
    let all = stdout(&grundy(&["value", "kayles", "1000000", "--all-moves"]));
    assert_eq!(
        all.lines().filter(|l| l.starts_with("  in kayles")).count(),
        n
    );
}

#[test]
fn games_lists_the_named_games_with_codes() {
    let s = stdout(&grundy(&["games"]));
    for (name, code) in [
        ("kayles", "0.77"),
        ("dawsons-kayles", "0.07"),
        ("dawsons-chess", "0.137"),
        ("grundys-game", "4!.0"),
        ("lasker", "4.[3]"),
        ("treblecross", "0.007"),
        ("officers", "0.6"),
    ] {
        assert!(
            s.lines().any(|l| l.starts_with(name) && l.contains(code)),
            "{name} {code} in {s}"
        );
    }
}

#[test]
fn help_teaches() {
    let s = stdout(&grundy(&["--help"]));
    assert!(
        s.contains("take-and-break code") && s.contains("grundy value lasker 2 5 7"),
        "{s}"
    );
    let s = stdout(&grundy(&["value", "--help"]));
    assert!(s.contains("winning_moves"), "{s}");
}

#[test]
fn bad_input_is_a_one_line_error() {
    assert_error(
        &grundy(&["value", "kayles", "99999999999999999999999"]),
        "too large",
    );
    assert_error(
        &grundy(&["value", "grundys-game", "1000000000000"]),
        "limit of 2000000000",
    );
    assert_error(&grundy(&["value", "kayles", "-3"]), "'-3'");
    assert_error(&grundy(&["value", "kayles", "x"]), "'x'");
    assert_error(&grundy(&["value", "kayles"]), "at least one heap");
    assert_error(&grundy(&["value"]), "needs a GAME");
    assert_error(
        &grundy(&["value", "nim", "3", "+"]),
        "'+' must stand between",
    );
    assert_error(
        &grundy(&["value", "0.7x", "3"]),
        "malformed take-and-break code",
    );
    assert_error(&grundy(&["value", "0.[3", "3"]), "never closed");
    assert_error(&grundy(&["value", "14.0", "3"]), "repeat");
    assert_error(&grundy(&["value", "nosuchgame", "3"]), "unknown game");
    assert_error(&grundy(&["value", "subtraction:", "3"]), "subtraction");
    assert_error(
        &grundy(&["value", "subtraction:0,2", "3"]),
        "may not contain 0",
    );
    assert_error(&grundy(&["value", "bash:0", "3"]), "K >= 1");
    assert_error(&grundy(&["seq", "kayles"]), "--to");
    assert_error(&grundy(&["seq", "kayles", "--to", "10000000000"]), "limit");
    assert_error(
        &grundy(&["seq", "kayles", "--to", "5", "--frobnicate"]),
        "unexpected argument '--frobnicate'",
    );
    assert_error(
        &grundy(&["frobnicate"]),
        "unrecognized subcommand 'frobnicate'",
    );
    assert_error(
        &grundy_stdin(&["oj", "luogu-p2197"], b""),
        "truncated input",
    );
    assert_error(
        &grundy_stdin(&["oj", "luogu-p2197"], b"1\n3\n1 2"),
        "truncated input",
    );
    assert_error(
        &grundy_stdin(&["oj", "luogu-p2197"], b"1\n2\n1 99999"),
        "between 0 and 9999",
    );
    assert_error(&grundy_stdin(&["oj", "nosuch"], b""), "unknown problem");
}

#[test]
fn huge_heaps_with_a_closed_form() {
    let j = json(&grundy(&["value", "lasker", "2147483647", "--json"]));
    assert_eq!(j["nim_value"], 2147483648u64);
    let j = json(&grundy(&[
        "value",
        "nim",
        "18446744073709551615",
        "5",
        "--json",
    ]));
    assert_eq!(j["nim_value"], 18446744073709551615u64 ^ 5);
    // The only winning move: take the huge heap down to 5, so that 5 xor 5 = 0.
    assert_eq!(j["winning_moves"].as_array().unwrap().len(), 1);
    assert_eq!(j["winning_moves"][0]["component"], 0);
    assert_eq!(j["winning_moves"][0]["result"], "5");
}

#[test]
fn a_position_known_by_its_outcome_alone() {
    // Fibonacci Nim of 10^18: no nim-value is known, but the outcome and every winning move are (Zeckendorf).
    let j = json(&grundy(&[
        "value",
        "fibonacci-nim",
        "1000000000000000000",
        "--json",
    ]));
    assert_eq!(j["outcome"], "N");
    assert!(j["nim_value"].is_null());
    let moves = j["winning_moves"].as_array().unwrap();
    assert_eq!(
        moves[0]["result"], "999999999999999998 4",
        "the smallest Zeckendorf term of 10^18 is 2"
    );
    for m in moves {
        let r = m["result"].as_str().unwrap();
        let (rest, max) = r.split_once(' ').unwrap();
        if rest == "0" {
            continue;
        }
        let k = json(&grundy(&["value", "fibonacci-nim", rest, max, "--json"]));
        assert_eq!(k["outcome"], "P", "after {r}");
    }
    // In a sum, a nim-value is needed: a clear error.
    assert_error(
        &grundy(&[
            "value",
            "fibonacci-nim",
            "1000000000000000000",
            "+",
            "nim",
            "1",
        ]),
        "its outcome is known by rule but not its nim-value",
    );
}

/// The README's loopy example, on the graph file the repository ships.
#[test]
fn the_shipped_example_graph() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/game.txt");
    let j = json(&grundy(&["value", "loopy-graph", file, "0", "4", "--json"]));
    // Node 3 has no move (0); 5 -> 3 gives 1; 0 -> 1 -> 2 -> {0, 3}: G(2) = 2, G(1) = 0, G(0) = 1; 4 -> {0, 5}: 0.
    assert_eq!(j["parts"][0]["value_text"], "1");
    assert_eq!(j["parts"][1]["value_text"], "0");
    assert_eq!(j["outcome"], "N");
    let j = json(&grundy(&["value", "loopy-graph", file, "6", "--json"]));
    assert_eq!(j["outcome"], "D");
    assert_eq!(j["value_text"], "inf()");
}

/// A count of 1 takes the singular: 1 value written, 1 table entry saved and loaded, 1 position expanded, 1
/// position reachable.
#[test]
fn counts_of_one_are_singular() {
    let f = temp_path("cli-singular", "nim.txt");
    let (code, out, err) = run(&["seq", "nim", "--to", "0", "--out", &f]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        format!("# nim: 1 value (heaps 0..=0) in {f}, engine closed-form\n")
    );
    let t = temp_path("cli-singular", "path1.tbl");
    let (code, out, err) = run(&["value", "node-kayles", "path:1", "--save-table", &t]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.ends_with(&format!(
            "table (node-kayles): 0 entries loaded, 1 position expanded, 1 entry saved to {t}\n"
        )),
        "{out}"
    );
    let (code, out, err) = run(&["value", "node-kayles", "path:1", "--load-table", &t]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.ends_with("table (node-kayles): 1 entry loaded, 0 positions expanded\n"),
        "{out}"
    );
    let (code, out, err) = run(&["value", "0.7", "0", "--loopy"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("(1 position reachable from the heaps given)"),
        "{out}"
    );
}

/// A sum of many large Kayles rows whose winning moves cannot all be listed in time: the time limit ends the
/// listing, not the answer. The values and the outcome are printed with the moves found so far, stderr says in one
/// line that the list is partial, and the status is 3; under `--json` `winning_moves_stopped` says why and
/// `winning_move_count` counts the moves listed. Every listed move is replayed: the part's value after it, from
/// scratch, makes the nim-sum 0.
#[test]
fn a_time_limit_ends_the_listing_of_winning_moves_not_the_answer() {
    let heaps: Vec<u64> = (0..3000u64)
        .map(|i| 500_000 + i.wrapping_mul(2_654_435_761) % 400_000)
        .collect();
    let text: String = heaps.iter().map(|h| format!("{h} ")).collect();
    let f = temp_file("positions", "rows.txt", &text);
    let (code, out, err) = run(&[
        "value",
        "kayles",
        "--positions",
        &f,
        "--max-seconds",
        "2",
        "--json",
    ]);
    assert_eq!(code, 3, "{err}");
    assert!(
        err.starts_with("grundy: value stopped early")
            && err.contains("partial")
            && err.contains("printed"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["outcome"], "N", "{j}");
    let stopped = j["winning_moves_stopped"].as_str().unwrap();
    assert!(
        stopped.contains("time limit") && stopped.contains("--max-seconds"),
        "{stopped}"
    );
    let moves = j["winning_moves"].as_array().unwrap();
    // Only the moves found are counted: listed, in families or counted, of the parts searched.
    let counted = |key: &str| -> u64 {
        j[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["count"].as_u64().unwrap())
            .sum()
    };
    let found =
        moves.len() as u64 + counted("winning_move_families") + counted("unlisted_winning_moves");
    assert_eq!(j["winning_move_count"].as_u64(), Some(found));
    assert!(!moves.is_empty(), "{j}");
    let total = j["nim_value"].as_u64().unwrap();
    for m in moves.iter().step_by((moves.len() / 5).max(1)) {
        let i = m["component"].as_u64().unwrap() as usize;
        let before = j["parts"][i]["nim_value"].as_u64().unwrap();
        let mut args = vec!["value", "kayles"];
        let after: Vec<&str> = m["result"].as_str().unwrap().split(" + ").collect();
        args.extend(after.iter().copied());
        args.extend(["--no-moves", "--json"]);
        let v = ok_json(&args)["nim_value"].as_u64().unwrap();
        assert_eq!(total ^ before ^ v, 0, "{m}");
    }
    // In text: the answer, and the count said to be of the moves found.
    let (code, out, _) = run(&["value", "kayles", "--positions", &f, "--max-seconds", "2"]);
    assert_eq!(code, 3);
    assert!(
        out.contains("outcome: N") && out.contains("found before a limit stopped the listing"),
        "{out}"
    );
}

/// `--positions FILE` (or `-`, standard input) reads a judge's many positions: 100,000 Nim heaps give the nim-sum of
/// their sizes; the text lists the first parts and counts the rest; the JSON lists every part. Bad files are
/// one-line errors.
#[test]
fn positions_from_a_file_or_standard_input() {
    let heaps: Vec<u64> = (0..100_000u64)
        .map(|i| i.wrapping_mul(2_654_435_761) % 1_000_003)
        .collect();
    let text: String = heaps.iter().map(|h| format!("{h}\n")).collect();
    let f = temp_file("positions", "heaps.txt", &text);
    let want = heaps.iter().fold(0, |a, h| a ^ h);
    let j = ok_json(&["value", "nim", "--positions", &f, "--json", "--no-moves"]);
    assert_eq!(j["nim_value"], want);
    assert_eq!(j["parts"].as_array().unwrap().len(), 100_000);
    let (code, out, err) = run_stdin(
        &["value", "nim", "--positions", "-", "--no-moves"],
        text.as_bytes(),
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!("nim-sum of the 100000 parts' values: {want}")),
        "{out}"
    );
    assert!(
        out.contains("... and 99968 more parts (--json lists them all)"),
        "{out}"
    );
    assert!(out.lines().count() < 50, "{out}");
    // Beside positions given as words, and with a second game after '+'.
    let small = temp_file("positions", "small.txt", "3 5 + kayles 4\n");
    let j = ok_json(&[
        "value",
        "nim",
        "6",
        "--positions",
        &small,
        "--json",
        "--no-moves",
    ]);
    // Nim 6, 3, 5 and Kayles 4 (nim-value 1): 6 xor 3 xor 5 xor 1 = 1.
    assert_eq!(j["nim_value"], 1);
    // An empty file is a judge's case with no heap: the empty sum, a P-position (also beside a part given as words).
    let empty = temp_file("positions", "empty.txt", " \n");
    let j = ok_json(&["value", "nim", "--positions", &empty, "--json"]);
    assert_eq!(
        (j["nim_value"].as_u64(), j["outcome"].as_str()),
        (Some(0), Some("P")),
        "{j}"
    );
    assert_eq!(j["parts"].as_array().map(Vec::len), Some(0), "{j}");
    let j = ok_json(&[
        "value",
        "kayles",
        "4",
        "+",
        "nim",
        "--positions",
        &empty,
        "--json",
    ]);
    assert_eq!(j["nim_value"].as_u64(), Some(1), "{j}");
    assert_error(
        &grundy(&["value", "no-such-game", "--positions", &empty]),
        "no-such-game",
    );
    assert_error(
        &grundy(&["value", "nim", "--positions", "/nonexistent/p.txt"]),
        "cannot read it",
    );
    let bad = temp_file("positions", "bad.txt", "3 x 5");
    assert_error(&grundy(&["value", "nim", "--positions", &bad]), "x");
}
