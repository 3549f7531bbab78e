//! `grundy value cram|chomp|node-kayles|arc-kayles ... --save-table FILE / --load-table FILE`: a saved table gives the same answer as a
//! fresh search with no new positions expanded, every winning move printed leads to a P-position (checked by the
//! ordinary `grundy value` path), and a damaged, foreign or misused table is a one-line error.

use crate::common;
use common::{assert_error, grundy, ok_json, temp_file};

#[test]
fn a_saved_table_answers_the_same_with_no_search() {
    for (game, pos) in [("cram", "4x5"), ("cram", "3x6"), ("chomp", "4x5")] {
        let file = temp_file("value-table", &format!("{game}{pos}.tab"), "");
        let plain = ok_json(&["value", game, pos, "--json"]);
        let saved = ok_json(&["value", game, pos, "--save-table", &file, "--json"]);
        assert_eq!(saved["nim_value"], plain["nim_value"], "{game} {pos}");
        let n = saved["table"]["saved"].as_u64().unwrap();
        assert!(n > 10, "{game} {pos}: {n} saved");
        let loaded = ok_json(&["value", game, pos, "--load-table", &file, "--json"]);
        assert_eq!(loaded["nim_value"], plain["nim_value"], "{game} {pos}");
        assert_eq!(loaded["table"]["loaded"].as_u64().unwrap(), n);
        assert_eq!(loaded["table"]["expanded"].as_u64().unwrap(), 0);
        let moves = loaded["winning_moves"].as_array().unwrap();
        assert_eq!(moves.is_empty(), plain["nim_value"] == 0, "{game} {pos}");
        for m in moves {
            let to = m["result"].as_str().unwrap();
            // Cram's boards are one word each; a Chomp diagram is its row lengths (several words).
            let words: Vec<&str> = to.split_whitespace().filter(|w| *w != "+").collect();
            let mut args = vec!["value", game];
            args.extend(words);
            args.push("--json");
            assert_eq!(ok_json(&args)["nim_value"], 0, "{game} {pos} -> {to}");
        }
    }
}

#[test]
fn a_table_of_a_board_past_the_square_is_read_back_whole() {
    // 3x10 is past the 8 x 8 square: its regions are keyed compactly in two ways (those of the square, and wider
    // ones of at most 47 cells). Loaded again, the table answers the board without expanding a position.
    let file = temp_file("value-table", "wide-3x10.tab", "");
    let saved = ok_json(&[
        "value",
        "cram",
        "3x10",
        "--no-moves",
        "--save-table",
        &file,
        "--json",
    ]);
    let n = saved["table"]["saved"].as_u64().unwrap();
    assert!(n > 5_000, "{n} saved");
    assert_eq!(saved["nim_value"], 2);
    let loaded = ok_json(&[
        "value",
        "cram",
        "3x10",
        "--no-moves",
        "--load-table",
        &file,
        "--json",
    ]);
    assert_eq!(loaded["table"]["loaded"].as_u64().unwrap(), n);
    assert_eq!(loaded["table"]["expanded"].as_u64().unwrap(), 0);
    assert_eq!(loaded["nim_value"], 2);
}

#[test]
fn a_loaded_table_keeps_every_entry() {
    // 5x6 saves about 20,000 entries: loaded into a fresh engine and saved again, none may be lost to full
    // buckets (the engine makes room for the whole file before putting it in).
    let file = temp_file("value-table", "keep-5x6.tab", "");
    let again = temp_file("value-table", "keep-5x6-again.tab", "");
    let saved = ok_json(&[
        "value",
        "cram",
        "5x6",
        "--no-moves",
        "--save-table",
        &file,
        "--json",
    ]);
    let n = saved["table"]["saved"].as_u64().unwrap();
    assert!(n > 15_000, "{n} saved");
    // Loaded from the first file and saved to the second, with `extra` flags.
    let resume = |extra: &[&str]| {
        let mut args = vec![
            "value",
            "cram",
            "5x6",
            "--no-moves",
            "--load-table",
            &file,
            "--save-table",
            &again,
            "--json",
        ];
        args.extend(extra);
        ok_json(&args)
    };
    let resaved = resume(&[]);
    assert_eq!(resaved["table"]["loaded"].as_u64().unwrap(), n);
    assert_eq!(resaved["table"]["expanded"].as_u64().unwrap(), 0);
    assert_eq!(resaved["table"]["saved"].as_u64().unwrap(), n);
    assert_eq!(resaved["nim_value"], saved["nim_value"]);
    // `stored` counts as `saved` does (values and sets of excluded values alike).
    assert_eq!(table_n(&saved, "stored"), n);
    assert_eq!(table_n(&resaved, "stored"), n);
    // A time limit, or a memory budget that holds them all, keeps them all too: the engine made under those
    // limits once the table was loaded took only its values before (27,100 of 208,150 on 5x7), and a resumed
    // run saved the rest away.
    for limit in [["--max-seconds", "1000"], ["--max-memory", "100M"]] {
        let limited = resume(&limit);
        assert_eq!(table_n(&limited, "saved"), n, "{limit:?}");
        assert_eq!(table_n(&limited, "stored"), n, "{limit:?}");
        assert_eq!(table_n(&limited, "expanded"), 0, "{limit:?}");
    }
}

#[test]
fn the_graph_tables_count_stored_entries_as_they_save_them() {
    // Node Kayles by tests keeps values and "G != v" sets; `stored` counts both, as `loaded` and `saved` do.
    let file = temp_file("value-table", "node-4x5.tab", "");
    let saved = ok_json(&[
        "value",
        "node-kayles",
        "grid:4x5",
        "--save-table",
        &file,
        "--json",
    ]);
    let n = table_n(&saved, "saved");
    assert_eq!(table_n(&saved, "stored"), n);
    // (4x5 has such sets: the memo alone holds fewer entries.)
    assert!(n > 20, "{n} saved");
    let loaded = ok_json(&[
        "value",
        "node-kayles",
        "grid:4x5",
        "--load-table",
        &file,
        "--max-seconds",
        "1000",
        "--json",
    ]);
    assert_eq!(table_n(&loaded, "loaded"), n);
    assert_eq!(table_n(&loaded, "stored"), n);
    assert_eq!(loaded["nim_value"], saved["nim_value"]);
}

#[test]
fn a_table_saved_on_two_threads_serves_one_and_two() {
    // The threads share one table: what they stored is saved, and answers a later run on any number of threads
    // with nothing searched.
    let file = temp_file("value-table", "threads-5x6.tab", "");
    let again = temp_file("value-table", "threads-5x6-again.tab", "");
    let plain = ok_json(&["value", "cram", "5x6", "--json"]);
    let saved = ok_json(&[
        "value",
        "cram",
        "5x6",
        "--threads",
        "2",
        "--save-table",
        &file,
        "--json",
    ]);
    assert_eq!(saved["nim_value"], plain["nim_value"]);
    assert_eq!(saved["winning_moves"], plain["winning_moves"]);
    let n = table_n(&saved, "saved");
    assert!(n > 20_000, "{n} saved");
    for threads in ["1", "2"] {
        let loaded = ok_json(&[
            "value",
            "cram",
            "5x6",
            "--threads",
            threads,
            "--load-table",
            &file,
            "--save-table",
            &again,
            "--json",
        ]);
        assert_eq!(loaded["nim_value"], plain["nim_value"], "{threads}");
        assert_eq!(loaded["winning_moves"], plain["winning_moves"], "{threads}");
        assert_eq!(table_n(&loaded, "loaded"), n, "{threads}");
        assert_eq!(table_n(&loaded, "expanded"), 0, "{threads}");
    }
}

#[test]
fn a_search_resumes_from_a_smaller_table() {
    // 3x6 is searched (even x even boards are answered by the mirror strategy, and regions of at most 13 cells by
    // the endgame database: neither stores anything).
    let small = temp_file("value-table", "small.tab", "");
    let big = temp_file("value-table", "big.tab", "");
    let saved = ok_json(&["value", "cram", "3x6", "--save-table", &small, "--json"]);
    assert!(table_n(&saved, "saved") > 0);
    let fresh = ok_json(&["value", "cram", "3x8", "--json"]);
    let resumed = ok_json(&[
        "value",
        "cram",
        "3x8",
        "--load-table",
        &small,
        "--save-table",
        &big,
        "--json",
    ]);
    assert_eq!(resumed["nim_value"], fresh["nim_value"]);
    assert_ne!(resumed["nim_value"], 0, "odd x even Cram is an N-position");
    assert!(table_n(&resumed, "loaded") > 0);
}

#[test]
fn bad_tables_and_misuse_are_one_line_errors() {
    let file = temp_file("value-table", "c.tab", "");
    ok_json(&["value", "cram", "3x4", "--save-table", &file, "--json"]);
    assert_error(
        &grundy(&["value", "chomp", "3x4", "--load-table", &file]),
        "a table of the game cram, not of chomp",
    );
    let mut bytes = std::fs::read(&file).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    assert_error(
        &grundy(&["value", "cram", "3x4", "--load-table", &file]),
        "checksum mismatch",
    );
    let text = temp_file("value-table", "edges.txt", "0 1\n");
    assert_error(
        &grundy(&["value", "cram", "3x4", "--load-table", &text]),
        "not a grundy table file",
    );
    assert_error(
        &grundy(&["value", "nim", "3", "--save-table", &file]),
        "saved tables are kept for cram, chomp, node-kayles, arc-kayles; this sum has none of them (it has nim)",
    );
    assert_error(
        &grundy(&[
            "value",
            "cram",
            "2x2",
            "+",
            "node-kayles",
            "path:3",
            "--save-table",
            &file,
        ]),
        "a table file holds the values of one game, and this sum has parts of cram and node-kayles",
    );
    assert_error(
        &grundy(&["value", "cram", "2x2", "--misere", "--save-table", &file]),
        "misère play cannot use",
    );
    assert_error(
        &grundy(&[
            "value",
            "node-kayles",
            "path:4",
            "--loopy",
            "--load-table",
            &file,
        ]),
        "loopy games have no such table",
    );
    // A missing file to load is an error, unless it is also the file saved to (the first run of a resumable
    // search).
    let missing = format!("{file}.missing");
    assert_error(
        &grundy(&["value", "cram", "2x3", "--load-table", &missing]),
        "c.tab.missing",
    );
    let j = ok_json(&[
        "value",
        "cram",
        "2x3",
        "--load-table",
        &missing,
        "--save-table",
        &missing,
        "--json",
    ]);
    assert_eq!(j["table"]["loaded"], 0);
    assert!(std::path::Path::new(&missing).exists());
}

/// The JSON of `args` without its `table` key.
fn without_table(mut j: serde_json::Value) -> serde_json::Value {
    j.as_object_mut().unwrap().remove("table");
    j
}

/// With a table saved and loaded, `--json` is the object the command prints without tables (the library's Report),
/// plus the `table` key: for the four games, alone and in sums with other games.
#[test]
fn json_with_a_table_is_the_json_without_one() {
    let graph = temp_file(
        "value-table",
        "g.txt",
        "nodes 9\n0 1\n1 2\n2 3\n3 0\n0 2\n4 5\n5 6\n6 7\n7 8\n",
    );
    let cases: Vec<Vec<&str>> = vec![
        vec!["cram", "3x6", "2x3"],
        vec!["chomp", "3x4"],
        vec!["node-kayles", &graph],
        vec!["arc-kayles", &graph],
        vec![
            "node-kayles",
            "grid:3x4",
            "+",
            "nim",
            "3",
            "+",
            "kayles",
            "5",
        ],
        vec!["arc-kayles", "cycle:7", "+", "dawsons-kayles", "6"],
        vec!["kayles", "4", "+", "cram", "3x6"],
    ];
    for (i, words) in cases.iter().enumerate() {
        let file = temp_file("value-table", &format!("json{i}.tab"), "");
        let mut plain = vec!["value"];
        plain.extend(words);
        plain.push("--json");
        let want = ok_json(&plain);
        let mut save = plain.clone();
        save.extend(["--save-table", &file]);
        let saved = ok_json(&save);
        let n = table_n(&saved, "saved");
        assert!(n > 0, "{words:?}");
        assert_eq!(without_table(saved), want, "{words:?}");
        let mut load = plain.clone();
        load.extend(["--load-table", &file]);
        let loaded = ok_json(&load);
        assert_eq!(loaded["table"]["loaded"].as_u64(), Some(n), "{words:?}");
        assert_eq!(loaded["table"]["expanded"], 0, "{words:?}");
        assert_eq!(loaded["table"]["saved"], serde_json::Value::Null);
        assert_eq!(without_table(loaded), want, "{words:?}");
        // The text answer ends with the table's line.
        let mut text = load.clone();
        text.retain(|w| *w != "--json");
        let out = String::from_utf8(grundy(&text).stdout).unwrap();
        assert!(
            out.ends_with(&format!("{n} entries loaded, 0 positions expanded\n")),
            "{out}"
        );
    }
}

/// Runs `grundy value WORDS --max-seconds SECONDS --load-table F --save-table F --json` (F a fresh file) until it
/// finishes: each stopped run must say, in one line, how many entries it saved; with `monotone`, never fewer than
/// the run before (the plain solver's memo only grows; Cram's engine table evicts and may hold a few less).
/// Returns the finished run's JSON, the number of stopped runs and the entries the last stopped run saved.
fn resume_until_done(
    label: &str,
    words: &[&str],
    seconds: &str,
    monotone: bool,
) -> (serde_json::Value, usize, u64) {
    let file = temp_file("value-table", label, "");
    std::fs::remove_file(&file).unwrap();
    let mut args = vec!["value"];
    args.extend(words);
    args.extend([
        "--max-seconds",
        seconds,
        "--load-table",
        &file,
        "--save-table",
        &file,
        "--json",
    ]);
    let mut stops = 0;
    let mut last = 0;
    loop {
        let (code, out, err) = common::run(&args);
        if code == 0 {
            return (common::parse_json(&out), stops, last);
        }
        assert!(err.contains(&format!("time limit of {seconds} s")), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        stops += 1;
        assert!(stops < 200, "no progress: {err}");
        // On a loaded machine the limit can pass while the table is being written: the file then keeps what it
        // held, and the next run starts from that.
        if err.contains("stopped while saving the table")
            && err.contains("which keeps what it held before")
        {
            continue;
        }
        assert!(err.contains("entries found so far are saved in"), "{err}");
        let n: u64 = err
            .split("the ")
            .nth(2)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(n >= last || !monotone, "{err}");
        last = n;
    }
}

/// A search stopped by --max-seconds saves what it stored; run again with the same file for --load-table and
/// --save-table, it goes on from there until it finishes, with the value of an uninterrupted run.
#[test]
fn an_interrupted_search_resumes_from_its_table() {
    let want = ok_json(&["value", "node-kayles", "grid:6x7", "--json"]);
    let (done, stops, last) =
        resume_until_done("resume.tab", &["node-kayles", "grid:6x7"], "0.1", true);
    assert_eq!(without_table(done.clone()), want);
    // Tens of thousands of positions of about a hundred options each to label: 0.7 s in a release build, 7x the
    // limit.
    assert!(stops > 0);
    assert!(table_n(&done, "loaded") >= last);
}

/// Cram's table is its engine's: a search stopped by --max-seconds saves what the engine found, and runs resumed
/// from that file reach the value of an uninterrupted run (5x7, about half a second of search in all).
#[test]
fn an_interrupted_cram_search_resumes_from_its_table() {
    let want = ok_json(&["value", "cram", "5x7", "--no-moves", "--json"]);
    let (done, stops, _) = resume_until_done(
        "resume-cram.tab",
        &["cram", "5x7", "--no-moves"],
        "0.1",
        false,
    );
    assert_eq!(done["nim_value"], want["nim_value"]);
    assert_eq!(done["nim_value"], 1, "5x7 Cram has nim-value 1");
    assert!(stops > 0, "the first run should have been stopped");
    assert!(table_n(&done, "loaded") > 1000, "{done}");
}

/// A count of the `table` object of a JSON answer (`loaded`, `saved`, `stored`, `expanded`).
fn table_n(j: &serde_json::Value, key: &str) -> u64 {
    j["table"][key].as_u64().unwrap()
}

#[test]
fn max_positions_bounds_a_saved_table_search_and_the_run_resumes() {
    // A saved table's search is a search of positions: --max-positions is taken (it was refused once, which left
    // a resumable Cram run with the default table of 20 million entries), a run it stops saves what it stored and
    // exits 3, and a run with a larger bound resumes from the file to the value of the plain search.
    let file = common::temp_path("value-table", "bounded-nk.tab");
    let _ = std::fs::remove_file(&file);
    let args = |bound: &'static str| {
        vec![
            "value",
            "node-kayles",
            "grid:4x5",
            "--no-moves",
            "--max-positions",
            bound,
            "--save-table",
            &file,
            "--load-table",
            &file,
            "--json",
        ]
    };
    let (code, _, err) = common::run(&args("5"));
    assert_eq!(code, 3, "{err}");
    assert!(
        err.contains("--max-positions") && err.contains("saved in"),
        "{err}"
    );
    let resumed = ok_json(&args("100000"));
    assert_eq!(resumed["table"]["loaded"], 5);
    let plain = ok_json(&["value", "node-kayles", "grid:4x5", "--no-moves", "--json"]);
    assert_eq!(resumed["nim_value"], plain["nim_value"]);
}
