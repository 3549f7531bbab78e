//! `grundy value cram|chomp ... --save-table FILE / --load-table FILE`: a saved table gives the same answer as a
//! fresh search with no new positions expanded, every winning move printed leads to a P-position (checked by the
//! ordinary `grundy value` path), and a damaged, foreign or misused table is a one-line error.

mod common;
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
fn a_search_resumes_from_a_smaller_table() {
    let small = temp_file("value-table", "small.tab", "");
    let big = temp_file("value-table", "big.tab", "");
    ok_json(&["value", "cram", "4x4", "--save-table", &small, "--json"]);
    let fresh = ok_json(&["value", "cram", "4x6", "--json"]);
    let resumed = ok_json(&[
        "value",
        "cram",
        "4x6",
        "--load-table",
        &small,
        "--save-table",
        &big,
        "--json",
    ]);
    assert_eq!(resumed["nim_value"], fresh["nim_value"]);
    assert_eq!(resumed["nim_value"], 0, "even x even Cram is a P-position");
    assert!(resumed["table"]["loaded"].as_u64().unwrap() > 0);
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
        "saved tables are kept for cram and chomp, not for nim",
    );
    assert_error(
        &grundy(&[
            "value",
            "cram",
            "2x2",
            "+",
            "nim",
            "1",
            "--save-table",
            &file,
        ]),
        "no '+'",
    );
    assert_error(
        &grundy(&["value", "cram", "2x2", "--misere", "--save-table", &file]),
        "cannot be used with",
    );
}
