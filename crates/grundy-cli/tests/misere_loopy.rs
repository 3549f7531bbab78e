//! The command's misère and loopy modes: answers, JSON, and one-line errors for bad input.

mod common;
use common::{parse_json as json, run as grundy};

fn graph_file(name: &str, text: &str) -> String {
    common::temp_file("cli-test", name, text)
}

#[test]
fn loopy_graph_outcomes_in_json() {
    // 0 -> 1 -> 2 -> 0 is a cycle, 2 -> 3 -> 4 a tail to a terminal node.
    let f = graph_file(
        "cycle.txt",
        "# a cycle with a tail\nnodes 5\n0 1\n1 2\n2 0\n2 3\n3 4\n",
    );
    let (code, out, _) = grundy(&["value", "loopy-graph", &f, "2", "--json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["value_text"], "inf(1)");
    assert_eq!(v["drawing_moves"][0]["to"], 0);
    let (_, out, _) = grundy(&["value", "loopy-graph", &f, "2", "3", "--json"]);
    let v = json(&out);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1);
    assert_eq!(v["winning_moves"][0]["to"], 3);
    let (_, out, _) = grundy(&["value", "graph", &f, "3", "3", "--loopy", "--json"]);
    assert_eq!(json(&out)["outcome"], "P");
}

#[test]
fn loopy_graph_bad_input_is_one_line() {
    let cases = [
        ("empty.txt", "", "empty"),
        ("truncated.txt", "0 1\n1", "line 2"),
        ("token.txt", "0 1\n1 two\n", "'two'"),
        ("range.txt", "0 99999999999\n", "too large"),
        ("declared.txt", "nodes 2\n0 5\n", "declared node count 2"),
    ];
    for (name, text, needle) in cases {
        let f = graph_file(name, text);
        let (code, out, err) = grundy(&["value", "loopy-graph", &f, "0"]);
        assert_eq!(code, 2, "{name}");
        assert!(out.is_empty(), "{name}: {out}");
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(
            err.starts_with("grundy: ") && err.contains(needle),
            "{name}: {err}"
        );
    }
    let f = graph_file("ok.txt", "0 1\n");
    let (code, _, err) = grundy(&["value", "loopy-graph", &f, "7"]);
    assert_eq!(code, 2);
    assert!(err.contains("node 7 is not in the graph"), "{err}");
    let (code, _, err) = grundy(&["value", "loopy-graph", &f]);
    assert_eq!(code, 2);
    assert!(err.contains("NODE"), "{err}");
}

#[test]
fn loopy_heap_codes_name_their_bound() {
    let (code, out, _) = grundy(&["value", "20.3", "1", "--loopy", "--max-heap", "6", "--json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["outcome"], "N");
    assert!(v["note"].as_str().unwrap().contains("at most 6"));
    let (_, out, _) = grundy(&["value", "20.3", "2", "--loopy", "--max-heap", "6", "--json"]);
    assert_eq!(json(&out)["outcome"], "D");
    let (code, _, err) = grundy(&["value", "20.3", "9", "--loopy", "--max-heap", "6"]);
    assert_eq!(code, 2);
    assert!(err.contains("too large"), "{err}");
    // Without --loopy the finite engines refuse the code and say why.
    let (code, _, err) = grundy(&["value", "20.3", "2"]);
    assert_eq!(code, 2);
    assert!(err.contains("--loopy"), "{err}");
}

#[test]
fn misere_values_and_moves() {
    // Misère Nim: 1 + 1 + 1 is a P-position; 5 + 3 wins by leaving 3 + 3.
    let (_, out, _) = grundy(&["value", "nim", "1", "1", "1", "--misere", "--json"]);
    assert_eq!(json(&out)["outcome"], "P");
    let (_, out, _) = grundy(&["value", "nim", "5", "3", "--misere", "--json"]);
    let v = json(&out);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["result"], "3");
    // Kayles 5 alone: genus 4^146, misère nim-value 1 (exact search: Kayles splits heaps).
    let (_, out, _) = grundy(&["value", "kayles", "5", "--misere", "--json"]);
    let v = json(&out);
    assert_eq!(v["misere_nim_value"], 1);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["parts"][0]["genus"], "4^146");
    assert_eq!(v["parts"][0]["tame"], false);
    let (_, out, _) = grundy(&["seq", "kayles", "--to", "6", "--genus"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[5], "4^146");
    assert_eq!(lines[4], "1^031 tame");
    let (_, out, _) = grundy(&["seq", "nim", "--to", "3", "--misere"]);
    assert_eq!(out, "1\n0\n2\n3\n");
}

#[test]
fn misere_errors_are_one_line() {
    let (code, _, err) = grundy(&[
        "value",
        "kayles",
        "20",
        "20",
        "20",
        "--misere",
        "--max-positions",
        "100",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--max-positions"), "{err}");
    let (code, _, err) = grundy(&["value", "kayles", "-1", "--misere"]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err}");
    let (code, _, err) = grundy(&["seq", "kayles", "--to", "x", "--genus"]);
    assert_eq!(code, 2);
    assert!(err.contains("'x'"), "{err}");
}

/// Every winning move the command prints, by each method, leaves a position the command itself calls P.
#[test]
fn every_printed_misere_winning_move_leaves_a_p_position() {
    let cases: [(&str, &[&str], &str); 4] = [
        ("nim", &["5", "3", "6", "1"], "Bouton"),
        ("0.[3]", &["5", "3", "6", "1"], "SJ"),
        ("kayles", &["4", "6", "3"], "search"),
        ("subtraction:1,2,4", &["9", "5", "7"], "search"),
    ];
    for (game, heaps, method) in cases {
        let mut args = vec!["value", game];
        args.extend_from_slice(heaps);
        args.extend_from_slice(&["--misere", "--json"]);
        let (code, out, err) = grundy(&args);
        assert_eq!(code, 0, "{err}");
        let v = json(&out);
        assert!(
            v["method"].as_str().unwrap().contains(method),
            "{game}: {}",
            v["method"]
        );
        assert_eq!(v["outcome"], "N", "{game}");
        let moves = v["winning_moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{game}");
        for m in moves {
            let i = m["component"].as_u64().unwrap() as usize;
            let mut after: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
            after.remove(i);
            for part in m["result"].as_str().unwrap().split(" + ") {
                if part != "0" {
                    after.push(part.to_string());
                }
            }
            // Emptying the whole position makes the last move, which loses in misère play.
            assert!(!after.is_empty(), "{game}: {m} empties the position");
            let mut a = vec!["value", game];
            a.extend(after.iter().map(String::as_str));
            a.extend_from_slice(&["--misere", "--json"]);
            let (_, out, _) = grundy(&a);
            assert_eq!(
                json(&out)["outcome"],
                "P",
                "{game} {heaps:?}: {m} leaves {after:?}"
            );
        }
    }
}
