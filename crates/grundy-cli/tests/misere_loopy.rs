//! The command's misère and loopy modes: answers, JSON, and one-line errors for bad input.

use crate::common;
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
    assert_eq!(code, 3);
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

/// The misère outcome of a sum of Kayles heaps by plain search, independent of the command: a move takes one or two
/// adjacent pins from a heap, leaving up to two heaps; whoever cannot move wins.
fn kayles_misere_p(heaps: &[u64], memo: &mut std::collections::HashMap<Vec<u64>, bool>) -> bool {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&p) = memo.get(&key) {
        return p;
    }
    let mut p = !key.is_empty(); // no move: the player to move wins (N)
    'all: for i in 0..key.len() {
        for take in 1..=2u64.min(key[i]) {
            for left in 0..=(key[i] - take) {
                let right = key[i] - take - left;
                let mut after = key.clone();
                after.remove(i);
                after.extend([left, right]);
                if kayles_misere_p(&after, memo) {
                    p = false; // a move to a P-position
                    break 'all;
                }
            }
        }
    }
    memo.insert(key, p);
    p
}

/// Winning moves are listed in every component, equal ones included, and each leaves a misère P-position by an
/// independent search (issue 18).
#[test]
fn misere_winning_moves_in_every_equal_component() {
    let mut memo = std::collections::HashMap::new();
    for heaps in [
        &["2", "2", "2"][..],
        &["3", "3", "1", "4", "4", "4"],
        &["5", "5", "2"],
    ] {
        let mut args = vec!["value", "kayles"];
        args.extend_from_slice(heaps);
        args.extend_from_slice(&["--misere", "--json"]);
        let (code, out, err) = grundy(&args);
        assert_eq!(code, 0, "{err}");
        let v = json(&out);
        let hs: Vec<u64> = heaps.iter().map(|h| h.parse().unwrap()).collect();
        let p = kayles_misere_p(&hs, &mut memo);
        assert_eq!(v["outcome"], if p { "P" } else { "N" }, "{heaps:?}");
        let moves = v["winning_moves"].as_array().unwrap();
        let mut components = std::collections::BTreeSet::new();
        for m in moves {
            let i = m["component"].as_u64().unwrap() as usize;
            components.insert(i);
            let mut after = hs.clone();
            after.remove(i);
            for part in m["result"].as_str().unwrap().split(" + ") {
                after.push(part.parse().unwrap());
            }
            assert!(kayles_misere_p(&after, &mut memo), "{heaps:?}: {m}");
        }
        // Every component from which some move reaches a P-position is listed: equal heaps all or none.
        for i in 0..hs.len() {
            let wins = (1..=2u64.min(hs[i])).any(|take| {
                (0..=hs[i] - take).any(|l| {
                    let mut after = hs.clone();
                    after[i] = l;
                    after.push(hs[i] - take - l);
                    kayles_misere_p(&after, &mut memo)
                })
            });
            assert_eq!(components.contains(&i), wins, "{heaps:?}: component {i}");
        }
    }
    // kayles 2 2 2: take a whole heap of 2 in any of the three (leaving 2 + 2, a misère P-position).
    let (_, out, _) = grundy(&["value", "kayles", "2", "2", "2", "--misere", "--json"]);
    let v = json(&out);
    let comps: Vec<u64> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["component"].as_u64().unwrap())
        .collect();
    assert_eq!(comps, [0, 1, 2]);
    let (_, out, _) = grundy(&["value", "kayles", "2", "2", "2", "--misere"]);
    for i in 0..3 {
        assert!(
            out.contains(&format!("in kayles 2 (component {i}): take all 2")),
            "{out}"
        );
    }
    // The same through misère Nim's rule and the SJ theorem: 3 + 3 + 3 wins in each heap.
    for (game, method) in [("nim", "Bouton"), ("0.[3]", "SJ")] {
        let (_, out, _) = grundy(&["value", game, "3", "3", "3", "--misere", "--json"]);
        let v = json(&out);
        assert!(v["method"].as_str().unwrap().contains(method), "{v}");
        let comps: std::collections::BTreeSet<u64> = v["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["component"].as_u64().unwrap())
            .collect();
        assert_eq!(comps.into_iter().collect::<Vec<_>>(), [0, 1, 2], "{game}");
    }
}

/// Loopy mode lists the winning and the draw-keeping moves of every token, equal tokens included (issue 18).
#[test]
fn loopy_moves_in_every_equal_token() {
    // 0 -> 1 -> 2 -> 0 a cycle, 2 -> 3 -> 4 a tail: node 3 has value 1, node 2 is inf(1).
    let f = graph_file("cycle3.txt", "nodes 5\n0 1\n1 2\n2 0\n2 3\n3 4\n");
    let (_, out, _) = grundy(&["value", "loopy-graph", &f, "3", "3", "3", "--json"]);
    let v = json(&out);
    assert_eq!(v["outcome"], "N");
    let moves: Vec<(u64, u64, u64)> = v["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            assert_eq!(m["value_after_text"], "0");
            (
                m["component"].as_u64().unwrap(),
                m["from"].as_u64().unwrap(),
                m["to"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(moves, [(0, 3, 4), (1, 3, 4), (2, 3, 4)]);
    // Two tokens on the cycle draw; each keeps the draw by moving on along the cycle or to 3.
    let (_, out, _) = grundy(&["value", "loopy-graph", &f, "2", "2", "--json"]);
    let v = json(&out);
    assert_eq!(v["outcome"], "D");
    let moves: Vec<(u64, u64)> = v["drawing_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["component"].as_u64().unwrap(), m["to"].as_u64().unwrap()))
        .collect();
    // 2 -> 0 leaves inf() + inf(1): a draw; 2 -> 3 leaves inf(1) + 1 = inf(0): N for the opponent, not a draw.
    assert_eq!(moves, [(0, 0), (1, 0)]);
    let (_, out, _) = grundy(&["value", "loopy-graph", &f, "3", "3", "3"]);
    for i in 0..3 {
        assert!(
            out.contains(&format!(
                "[component {i}] move the token on node 3 to node 4"
            )),
            "{out}"
        );
    }
}

/// Many tokens on a cycle: every token keeps the draw; text shows the first 20 moves and the count, --all-moves and
/// JSON every one (issue 19: the sum is valued in linear time).
#[test]
fn loopy_many_tokens_are_listed_with_a_count() {
    let n = 1000;
    let mut text = format!("nodes {n}\n");
    for i in 0..n {
        text.push_str(&format!("{i} {}\n", (i + 1) % n));
    }
    let f = graph_file("ring.txt", &text);
    let nodes: Vec<String> = (0..3000).map(|i| (i * 7 % n).to_string()).collect();
    let mut args = vec!["value", "loopy-graph", f.as_str()];
    args.extend(nodes.iter().map(String::as_str));
    let (code, out, err) = grundy(&args);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("outcome: D"), "{out}");
    assert!(
        out.contains("3000 moves that keep the draw; the first 20:"),
        "{out}"
    );
    assert!(out.contains("... and 2980 more"), "{out}");
    args.push("--all-moves");
    let (_, out, _) = grundy(&args);
    assert_eq!(
        out.lines().filter(|l| l.contains("move the token")).count(),
        3000
    );
    args.pop();
    args.push("--json");
    let (_, out, _) = grundy(&args);
    let v = json(&out);
    let moves = v["drawing_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3000);
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m["component"], i);
        let from = m["from"].as_u64().unwrap();
        assert_eq!(m["to"].as_u64().unwrap(), (from + 1) % n as u64);
    }
}

/// `--out` writes the misère values and genera (the lines stdout would show); `--resume`, `--engine` and
/// `--threads` are refused with the misère views, and `--misere` with loopy games (issue 19).
#[test]
fn misere_seq_out_and_refused_flags() {
    let dir = std::env::temp_dir().join(format!("grundy-misere-out-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (view, json_key) in [("--misere", "values"), ("--genus", "genus")] {
        let f = dir.join(format!("k{view}.txt"));
        let f = f.to_str().unwrap();
        let (_, shown, _) = grundy(&["seq", "kayles", "--to", "8", view]);
        let (code, out, err) = grundy(&["seq", "kayles", "--to", "8", view, "--out", f]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(f), "{out}");
        assert_eq!(std::fs::read_to_string(f).unwrap(), shown);
        let (_, shown, _) = grundy(&["seq", "kayles", "--to", "8", view, "--json"]);
        let (code, _, _) = grundy(&["seq", "kayles", "--to", "8", view, "--json", "--out", f]);
        assert_eq!(code, 0);
        let saved = std::fs::read_to_string(f).unwrap();
        assert_eq!(saved, shown);
        assert_eq!(json(&saved)[json_key].as_array().unwrap().len(), 9);
    }
    let (_, out, _) = grundy(&["seq", "kayles", "--to", "5", "--misere"]);
    let lines: Vec<&str> = out.lines().collect();
    // Misère Kayles: heaps 0..=5 have misère nim-values 1, 0, 2, 3, 0, 1 (Winning Ways ch. 13: genus 0^120, 1^031,
    // 2^20, 3^31, 1^031, 4^146).
    assert_eq!(lines, ["1", "0", "2", "3", "0", "1"]);
    for (flag, value) in [
        ("--resume", "x.seq"),
        ("--engine", "plain"),
        ("--threads", "2"),
    ] {
        for view in ["--misere", "--genus"] {
            let (code, out, err) = grundy(&["seq", "kayles", "--to", "5", view, flag, value]);
            assert_eq!(code, 2, "{flag} {view}");
            assert!(out.is_empty());
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(err.contains(flag) && err.contains(view), "{err}");
        }
    }
    let g = graph_file("two.txt", "nodes 2\n0 1\n1 0\n");
    for args in [
        &["value", "loopy-graph", g.as_str(), "0", "--misere"][..],
        &["value", "20.3", "1", "--loopy", "--misere"],
    ] {
        let (code, out, err) = grundy(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(err.lines().count(), 1, "{err}");
        // A loopy graph is refused by what it is; --loopy --misere by the flags' declaration.
        assert!(
            (err.contains("misère play of loopy games") && err.contains("not supported"))
                || (err.contains("cannot be used with")
                    && err.contains("--misere")
                    && err.contains("--loopy")),
            "{err}"
        );
    }
}

/// Runs `grundy ARGS` and returns its exit status, stderr and the seconds it took.
fn timed(args: &[&str]) -> (i32, String, f64) {
    let start = std::time::Instant::now();
    let (code, _, err) = grundy(args);
    (code, err, start.elapsed().as_secs_f64())
}

/// `--max-seconds` bounds the whole command: the exact search, the genus shown beside it, and every heap of a
/// sequence share one deadline; fractions are accepted (issue 19). Each command here needs seconds without a limit.
#[test]
fn max_seconds_bounds_the_whole_command() {
    // Each takes more than 3 s without a limit.
    // (A sum of two games: heaps of one game alone are answered by the misère quotient at once.)
    let kayles_pair = "value kayles 40 + 0.07 40 --misere --max-seconds 0.3";
    let genus = "seq kayles --to 80 --genus --max-seconds 0.3";
    let misere = "seq kayles --to 80 --misere --max-seconds 0.3";
    let fraction = "seq kayles --to 80 --misere --max-seconds .3";
    let cases: Vec<Vec<&str>> = [kayles_pair, genus, misere, fraction]
        .iter()
        .map(|c| c.split(' ').collect())
        .collect();
    for args in &cases {
        let (code, err, secs) = timed(args);
        assert_eq!(code, 3, "{args:?}: {err}");
        assert!(secs < 1.3, "{args:?} took {secs:.2} s");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with("grundy: ")
                && err.contains("time limit of 0.3 s")
                && err.contains("--max-seconds"),
            "{err}"
        );
    }
    // The search of 0.3F 39 + 12 takes a few seconds and the genus shown beside it has a budget of its own: with a
    // limit of 1.5 s the command answers (the genus left out when there is no time for it) or stops, by 2.5 s.
    let (code, err, secs) = timed(&[
        "value",
        "0.3F",
        "39",
        "12",
        "--misere",
        "--max-seconds",
        "1.5",
    ]);
    assert!(secs < 2.5, "took {secs:.2} s");
    assert!(
        code == 0 || err.contains("time limit of 1.5 s"),
        "{code}: {err}"
    );
    let (code, err, _) = timed(&[
        "seq",
        "kayles",
        "--to",
        "3",
        "--misere",
        "--max-seconds",
        "0",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--max-seconds") && err.contains("'0'"),
        "{err}"
    );
}

/// The two memory reproducers of issue 19, run under `ulimit -v 4000000` (about 3.8 GiB of address space): each
/// ends at once with exit 2 and one line naming the limit it reached, instead of being killed.
#[test]
fn memory_reproducers_end_with_a_limit_error() {
    let bin = env!("CARGO_BIN_EXE_grundy");
    for (args, needle) in [
        ("value '0.[U]' 400 --misere", "--max-positions"),
        ("value '20.[3]' 9 --loopy --max-heap 30000", "--max-memory"),
        (
            "value '20.[3]' 9 --loopy --max-heap 3000 --max-memory 10M",
            "limit of 10.0 MiB",
        ),
        (
            "value '0.[U]' 60 --misere --max-positions 100000000 --max-memory 1M",
            "--max-memory",
        ),
    ] {
        let start = std::time::Instant::now();
        let o = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("ulimit -v 4000000; exec '{bin}' {args}"))
            .output()
            .unwrap();
        let secs = start.elapsed().as_secs_f64();
        let (code, out, err) = common::parts(o);
        assert_eq!(code, common::status_of_error(&err), "{args}: {err}");
        assert!(out.is_empty(), "{args}: {out}");
        assert_eq!(err.lines().count(), 1, "{args}: {err}");
        assert!(
            err.starts_with("grundy: ") && err.contains(needle),
            "{args}: {err}"
        );
        assert!(secs < 5.0, "{args}: {secs:.2} s");
    }
    // A bad size is an input error naming the flag.
    let (code, _, err) = grundy(&["value", "20.3", "1", "--loopy", "--max-memory", "10Q"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--max-memory") && err.contains("'10Q'"),
        "{err}"
    );
}

/// `seq 0.3F --to 39 --genus` used to give up at heap 39 ("did not settle within 7 heaps *2"); the genus is now
/// exact with no depth bound, and each γ0 agrees with the misère values of `seq --misere` (issue 19).
#[test]
fn genus_of_a_late_settling_heap() {
    let (code, out, err) = grundy(&["seq", "0.3F", "--to", "39", "--genus", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    let genus = v["genus"].as_array().unwrap();
    assert_eq!(genus.len(), 40);
    let (_, misere, _) = grundy(&["seq", "0.3F", "--to", "39", "--misere"]);
    let (_, normal, _) = grundy(&["seq", "0.3F", "--to", "39"]);
    for ((g, m), n) in genus.iter().zip(misere.lines()).zip(normal.lines()) {
        assert_eq!(g["misere_nim_value"].to_string(), m, "{g}");
        assert_eq!(g["nim_value"].to_string(), n, "{g}");
    }
    // Heap 39 alternates only from γ5 on: seven terms, comma-separated since some exceed 9.
    let last = genus[39]["genus"].as_str().unwrap();
    assert!(last.split(',').count() >= 7, "{last}");
}

/// Issue 39's reproducers, as a person types them: a one-number script played misère by its own rules, misère
/// moves of graphs and boards named in the position as given, and `play` on the board that failed.
#[test]
fn one_game_one_answer_reproducers() {
    let script = common::temp_file(
        "cli-test",
        "mis125.rhai",
        "const PLAY = \"misere\";\nfn moves(n) { [n - 1, n - 2, n - 5] }\n",
    );
    // The only move from 1 takes the last token, and the last mover loses: P. Misère play of S(1, 2, 5) by
    // hand: heaps 0..=7 are N P N N P N N P (a heap of 0 has no move: whoever cannot move wins).
    for (heaps, outcome) in [
        (&["1"][..], "P"),
        (&["3"], "N"),
        (&["6"], "N"),
        (&["7"], "P"),
        (&["1", "1", "1"], "P"),
        (&["3", "9"], "N"),
    ] {
        let mut args = vec!["value", "--rules", &script];
        args.extend_from_slice(heaps);
        args.push("--json");
        let (code, out, err) = grundy(&args);
        assert_eq!(code, 0, "{heaps:?}: {err}");
        let v = json(&out);
        assert_eq!(v["play"], "misere", "{heaps:?}");
        assert_eq!(v["outcome"], outcome, "{heaps:?}");
    }
    let (code, _, err) = grundy(&["value", "--rules", &script, "1", "--misere"]);
    assert_eq!(code, 2);
    assert!(err.contains("misère by its own rules already"), "{err}");
    // seq lists the misère nim-values of the rules as stated.
    let (code, out, _) = grundy(&["seq", "--rules", &script, "--to", "7"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.split_whitespace().collect::<Vec<_>>(),
        ["1", "0", "2", "1", "0", "2", "1", "0"]
    );
    let (code, _, err) = grundy(&["table", "--rules", &script]);
    assert_eq!(code, 2);
    assert!(err.contains("misère by its own rules"), "{err}");

    // Two isolated vertices: vertex 0 and vertex 1, each once.
    let g = graph_file("two-isolated.txt", "nodes 2\n");
    let (_, out, _) = grundy(&["value", "node-kayles", &g, "--misere", "--json"]);
    let moves: Vec<String> = json(&out)["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(moves.len(), 2);
    assert!(
        moves[0].contains("vertex 0") && moves[1].contains("vertex 1"),
        "{moves:?}"
    );
    // Arc Kayles on 0-1-2 and 3-4: edges 0-1, 1-2 and 3-4.
    let g = graph_file("path-and-edge.txt", "0 1\n1 2\n3 4\n");
    let (_, out, _) = grundy(&["value", "arc-kayles", &g, "--misere", "--json"]);
    let moves: Vec<String> = json(&out)["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect();
    for edge in ["0-1", "1-2", "3-4"] {
        assert_eq!(
            moves
                .iter()
                .filter(|m| m.contains(&format!("edge {edge}")))
                .count(),
            1,
            "{moves:?}"
        );
    }
    // The one winning move of this board beside a Nim heap is down column 2 (across row 1 loses).
    let (_, out, _) = grundy(&[
        "value", "cram", "../#./#.", "+", "nim", "1", "--misere", "--json",
    ]);
    let v = json(&out);
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{v}");
    assert!(
        moves[0]["move"]
            .as_str()
            .unwrap()
            .contains("down column 2, rows 1-2"),
        "{v}"
    );
    // Cram 3x3: twelve winning moves, twelve texts.
    let (_, out, _) = grundy(&["value", "cram", "3x3", "--misere", "--json"]);
    let texts: std::collections::BTreeSet<String> = json(&out)["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(texts.len(), 12);
    // play: the hint is the winning move, and taking it wins.
    let (code, out, err) = common::run_stdin(
        &["play", "cram", "../#./#.", "+", "nim", "1", "--misere"],
        b"hint\n1\n",
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("hint: 1. cram ../#./#.: place a domino down column 2, rows 1-2"),
        "{out}"
    );
    assert!(out.contains("you win"), "{out}");
}

/// Smaller promises of issue 40, each as a person meets it.
#[test]
fn small_promises_kept() {
    // oj's --json goes with --list only: a problem's answer is the judge's text.
    let (code, out, err) = common::run_stdin(&["oj", "abc297g", "--json"], b"1 1 1\n1\n");
    assert_eq!(code, 2);
    assert!(out.is_empty() && err.lines().count() == 1, "{err}");
    assert!(err.contains("--json goes with --list"), "{err}");
    // A negative position after `--` is a position of the one script, refused by it, not read as a GAME.
    let (code, _, err) = grundy(&["value", "--moves", "n => [n - 1]", "--", "-3"]);
    assert_eq!(code, 2);
    assert!(err.contains("heap size") && err.contains("'-3'"), "{err}");
    // A UTF-8 byte-order mark at the start of a graph file, a board file or a script is no part of it.
    let g = graph_file("bom.txt", "\u{feff}0 1\n");
    let (code, out, err) = grundy(&["value", "node-kayles", &g]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("nim-value 1"), "{out}");
    let b = graph_file("bom-board.txt", "\u{feff}..\n..\n");
    let (code, out, err) = grundy(&["value", "cram", &b]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("nim-value 0"), "{out}");
    let s = common::temp_file("cli-test", "bom.rhai", "\u{feff}fn moves(n) { [n - 1] }\n");
    let (code, out, err) = grundy(&["value", "--rules", &s, "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("nim-value 1"), "{out}");
}

/// A heap of a game whose heap of n has about n moves is refused by play at once, not after its moves fill memory.
#[test]
fn play_refuses_a_huge_heap_before_listing_its_moves() {
    for game in [
        ["nim", "18446744073709551615"],
        ["lasker", "1000000000"],
        ["not-a-nim", "99999999999"],
    ] {
        let start = std::time::Instant::now();
        let (code, _, err) = common::run_stdin(&["play", game[0], game[1]], b"quit\n");
        assert_eq!(code, 2, "{game:?}");
        assert!(err.contains("too many"), "{game:?}: {err}");
        assert!(start.elapsed().as_secs_f64() < 2.0, "{game:?}");
    }
}
