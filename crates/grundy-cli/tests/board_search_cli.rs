//! `grundy value cram` and `grundy value chomp` (issue 17, the board half): every winning move the command prints
//! leads to a P-position, checked by a brute force written here (not by the binary), and bad input is a one-line
//! error.

use crate::common;
use common::{assert_error, grundy, ok_json, temp_file};
use std::collections::HashMap;

fn mex(mut seen: Vec<u64>) -> u64 {
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .take_while(|(i, &v)| *i as u64 == v)
        .count() as u64
}

/// A Cram board as its rows of `.` and `#`, from a word as the command prints it (`RxC` or `..#/...`).
fn cram_rows(word: &str) -> Vec<Vec<bool>> {
    if let Some((r, c)) = word.split_once('x') {
        let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
        return vec![vec![true; c]; r];
    }
    word.split('/')
        .map(|row| row.chars().map(|ch| ch == '.').collect())
        .collect()
}

/// Cram by the definition, on the whole board.
fn cram_brute(board: &[Vec<bool>], memo: &mut HashMap<Vec<Vec<bool>>, u64>) -> u64 {
    if let Some(&v) = memo.get(board) {
        return v;
    }
    let mut seen = Vec::new();
    for r in 0..board.len() {
        for c in 0..board[r].len() {
            for (dr, dc) in [(0, 1), (1, 0)] {
                let (r2, c2) = (r + dr, c + dc);
                if board[r][c] && r2 < board.len() && c2 < board[r2].len() && board[r2][c2] {
                    let mut next = board.to_vec();
                    next[r][c] = false;
                    next[r2][c2] = false;
                    seen.push(cram_brute(&next, memo));
                }
            }
        }
    }
    let v = mex(seen);
    memo.insert(board.to_vec(), v);
    v
}

/// Chomp by the definition (the poisoned square (0, 0) is never eaten).
fn chomp_brute(rows: &[u32], memo: &mut HashMap<Vec<u32>, u64>) -> u64 {
    if let Some(&v) = memo.get(rows) {
        return v;
    }
    let mut seen = Vec::new();
    for r in 0..rows.len() {
        for c in u32::from(r == 0)..rows[r] {
            let next: Vec<u32> = rows
                .iter()
                .enumerate()
                .map(|(i, &l)| if i >= r { l.min(c) } else { l })
                .filter(|&l| l > 0)
                .collect();
            seen.push(chomp_brute(&next, memo));
        }
    }
    let v = mex(seen);
    memo.insert(rows.to_vec(), v);
    v
}

fn chomp_rows(text: &str) -> Vec<u32> {
    if let Some((r, c)) = text.split_once('x') {
        return vec![c.parse().unwrap(); r.parse().unwrap()];
    }
    text.split_whitespace()
        .map(|w| w.parse().unwrap())
        .collect()
}

/// The value after each printed winning move of `grundy value ARGS --json`, by `value` of each part of its result.
fn check_winning_moves(args: &[&str], value: &mut dyn FnMut(&str) -> u64) -> usize {
    let mut full = args.to_vec();
    full.push("--json");
    let j = ok_json(&full);
    let moves = j["winning_moves"].as_array().unwrap();
    for m in moves {
        let result = m["result"].as_str().unwrap();
        let after = if result == "the empty position" {
            0
        } else {
            result.split(" + ").fold(0, |x, part| x ^ value(part))
        };
        assert_eq!(after, 0, "{args:?}: {m}");
        assert_eq!(m["value_after"], 0, "{args:?}: {m}");
    }
    assert_eq!(
        moves.len() as u64,
        j["winning_move_count"].as_u64().unwrap()
    );
    assert_eq!(j["outcome"] == "N", !moves.is_empty(), "{args:?}: {j}");
    moves.len()
}

#[test]
fn every_printed_cram_winning_move_leads_to_a_p_position() {
    let mut memo = HashMap::new();
    let mut value = |part: &str| cram_brute(&cram_rows(part), &mut memo);
    let file = temp_file("board-search", "b.txt", "..#..\n.....\n.#...\n");
    let mut total = 0;
    for args in [
        vec!["value", "cram", "3x4"],
        vec!["value", "cram", "1x9"],
        vec!["value", "cram", "2x5"],
        vec!["value", "cram", "3x5"],
        vec!["value", "cram", "..#./..../#..."],
        vec!["value", "cram", &file],
        vec!["value", "cram", "3x4", "1x7"],
    ] {
        total += check_winning_moves(&args, &mut value);
    }
    assert!(total > 0);
    // The whole board before the move: 3x4 is an N-position (odd x even).
    assert_ne!(value("3x4"), 0);
}

/// The regions (4-connected, of two cells or more) of a board, each cut to its bounding box in the board's own
/// orientation and written as the command writes a board (`RxC` when full, else rows of `.` and `#`), sorted.
fn cram_regions_as_placed(board: &[Vec<bool>]) -> Vec<String> {
    let (h, w) = (board.len(), board[0].len());
    let mut seen = vec![vec![false; w]; h];
    let mut out = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if !board[r][c] || seen[r][c] {
                continue;
            }
            let mut cells = vec![(r, c)];
            seen[r][c] = true;
            let mut i = 0;
            while i < cells.len() {
                let (y, x) = cells[i];
                i += 1;
                let near = [
                    (y.wrapping_sub(1), x),
                    (y + 1, x),
                    (y, x.wrapping_sub(1)),
                    (y, x + 1),
                ];
                for (y2, x2) in near {
                    if y2 < h && x2 < w && board[y2][x2] && !seen[y2][x2] {
                        seen[y2][x2] = true;
                        cells.push((y2, x2));
                    }
                }
            }
            if cells.len() < 2 {
                continue;
            }
            let (r0, r1) = (
                cells.iter().map(|p| p.0).min().unwrap(),
                cells.iter().map(|p| p.0).max().unwrap(),
            );
            let (c0, c1) = (
                cells.iter().map(|p| p.1).min().unwrap(),
                cells.iter().map(|p| p.1).max().unwrap(),
            );
            let (rh, rw) = (r1 - r0 + 1, c1 - c0 + 1);
            out.push(if cells.len() == rh * rw {
                format!("{rh}x{rw}")
            } else {
                (r0..=r1)
                    .map(|y| {
                        (c0..=c1)
                            .map(|x| if cells.contains(&(y, x)) { '.' } else { '#' })
                            .collect::<String>()
                    })
                    .collect::<Vec<_>>()
                    .join("/")
            });
        }
    }
    out.sort();
    out
}

#[test]
fn a_printed_cram_move_leaves_the_board_it_describes() {
    // The result of each winning move is the board with the described domino placed, in the board's orientation
    // (not a turned or mirrored image of it): what a player reads must match the move. Placements that leave the
    // same regions (each cropped to its bounding box) are one move, and its text names each of them (2x3: the end columns), each checked.
    let mut alternatives = 0;
    for word in [
        "3x4",
        "7x1",
        "1x7",
        "6x1",
        "3x5",
        "2x5",
        "2x3",
        "..#../...../.#...",
        "#..../...../.....",
        "4x5",
    ] {
        let j = ok_json(&["value", "cram", word, "--json"]);
        let before = cram_rows(word);
        let moves = j["winning_moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{word}: {j}");
        let mut placements = std::collections::BTreeSet::new();
        for m in moves {
            let text = m["move"].as_str().unwrap();
            let result = m["result"].as_str().unwrap();
            let mut parts: Vec<String> = if result == "the empty position" {
                Vec::new()
            } else {
                result.split(" + ").map(str::to_string).collect()
            };
            parts.sort();
            let ways = text
                .strip_prefix("place a domino ")
                .and_then(|t| t.strip_suffix(&format!(", leaving {result}")))
                .unwrap_or_else(|| panic!("{word}: {text}"));
            let ways = ways
                .strip_suffix(" (both leave the same regions)")
                .or_else(|| ways.strip_suffix(" (all leave the same regions)"))
                .unwrap_or(ways);
            let ways: Vec<&str> = ways.split(", or ").collect();
            alternatives += ways.len() - 1;
            for way in ways {
                assert!(placements.insert(way.to_string()), "{word}: {way} twice");
                let nums: Vec<usize> = way
                    .split(|ch: char| !ch.is_ascii_digit())
                    .filter(|t| !t.is_empty())
                    .map(|t| t.parse().unwrap())
                    .collect();
                let mut after = before.clone();
                if way.starts_with("across row") {
                    let (r, c) = (nums[0] - 1, nums[1] - 1);
                    assert_eq!(nums[2], nums[1] + 1, "{text}");
                    assert!(after[r][c] && after[r][c + 1], "{word}: {text}");
                    after[r][c] = false;
                    after[r][c + 1] = false;
                } else {
                    assert!(way.starts_with("down column"), "{text}");
                    let (c, r) = (nums[0] - 1, nums[1] - 1);
                    assert_eq!(nums[2], nums[1] + 1, "{text}");
                    assert!(after[r][c] && after[r + 1][c], "{word}: {text}");
                    after[r][c] = false;
                    after[r + 1][c] = false;
                }
                assert_eq!(
                    parts,
                    cram_regions_as_placed(&after),
                    "{word}: {way} in {m}"
                );
            }
        }
    }
    assert!(
        alternatives >= 1,
        "2x3's end columns are one move named twice"
    );
}

#[test]
fn every_printed_chomp_winning_move_leads_to_a_p_position() {
    let mut memo = HashMap::new();
    let mut value = |part: &str| chomp_brute(&chomp_rows(part), &mut memo);
    for args in [
        vec!["value", "chomp", "4x4"],
        vec!["value", "chomp", "2x7"],
        vec!["value", "chomp", "3x5"],
        vec!["value", "chomp", "4", "4", "2", "1"],
        vec!["value", "chomp", "5", "3", "3"],
    ] {
        assert!(check_winning_moves(&args, &mut value) > 0, "{args:?}");
    }
    // n x n: the printed move is the (1, 1) bite; 2 x n: it leaves (n, n - 1).
    let j = ok_json(&["value", "chomp", "5x5", "--json"]);
    let results: Vec<&str> = j["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["result"].as_str().unwrap())
        .collect();
    assert!(results.contains(&"5 1 1 1 1"), "{results:?}");
    let j = ok_json(&["value", "chomp", "2x9", "--json"]);
    assert_eq!(j["winning_moves"][0]["result"], "9 8");
    assert_eq!(j["winning_move_count"], 1);
}

#[test]
fn bad_board_input_is_a_one_line_error() {
    let odd = temp_file("board-search", "odd.txt", "..x\n...\n");
    let ragged = temp_file("board-search", "ragged.txt", "...\n..\n");
    // 12 x 13 with two empty cells, in opposite corners: no frame of blocked rows and columns to leave out.
    let mut text = format!(".{}\n", "#".repeat(12));
    text += &format!("{}\n", "#".repeat(13)).repeat(10);
    text += &format!("{}.\n", "#".repeat(12));
    let corners = temp_file("board-search", "corners.txt", &text);
    // A blank line between rows is an empty row (as '//' inline); a file of megabytes is no board (not read whole).
    let gap = temp_file("board-search", "gap.txt", "....\n\n....\n");
    let huge = temp_file("board-search", "huge.txt", &"#".repeat(2 << 20));
    for (args, needle) in [
        (
            vec!["value", "cram", &gap],
            "row 2 of the board file",
        ),
        (vec!["value", "cram", &huge], "larger than 1 MiB"),
        (vec!["value", "cram", "0x3"], "at least one row"),
        (vec!["value", "cram", "3x"], "'3x'"),
        (vec!["value", "cram", "12x12"], "144 cells"),
        (
            vec!["value", "cram", &corners],
            "156 cells is more than the 128 a board may have, and its empty cells span 12x13 = 156 (rows 1-12, \
             columns 1-13)",
        ),
        (vec!["value", "cram", &odd], "'x' is not a cell"),
        (vec!["value", "cram", &ragged], "row 2 has 2 cells"),
        (vec!["value", "cram", "/no/such/file"], "cannot read"),
        (vec!["value", "cram"], "give a board"),
        (vec!["value", "chomp", "3", "4"], "must not increase"),
        (vec!["value", "chomp", "0x3"], "at least one row"),
        (vec!["value", "chomp", "2x"], "'2x'"),
        (vec!["value", "chomp"], "give the row lengths"),
        // A board written inline with a slip names the cell, not a missing file; an empty row is named.
        (
            vec!["value", "cram", "..x./...."],
            "row 1, column 3: 'x' is not a cell",
        ),
        (
            vec!["value", "cram", "//"],
            "row 1 of the board '//' is empty",
        ),
        (
            vec!["value", "cram", "../no-such-board.txt"],
            "cannot read the board file",
        ),
    ] {
        assert_error(&grundy(&args), needle);
    }
    // 299 rows of 300 and one of 299: past both bounds of the search, and no rectangle (whose outcome a rule
    // gives).
    let mut rows = vec!["value".to_string(), "chomp".to_string()];
    rows.extend(std::iter::repeat_n("300".to_string(), 299));
    rows.push("299".into());
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    assert_error(
        &grundy(&rows),
        "too large for the exact search, which takes positions whose squares number up to 20000",
    );
}

#[test]
fn a_large_board_in_a_frame_of_blocked_cells_is_the_board_inside() {
    // 12 x 14 (168 cells, past the 128 a board may have): a 3 x 4 board with a hole, inside blocked rows and
    // columns. Its value, moves and JSON are those of the board inside, written inline.
    let inside = ["..#.", "....", "...."];
    let mut text = format!("{}\n", "#".repeat(14)).repeat(3);
    for row in inside {
        text += &format!("#####{row}#####\n");
    }
    text += &format!("{}\n", "#".repeat(14)).repeat(6);
    let framed = temp_file("board-search", "framed.txt", &text);
    let a = ok_json(&["value", "cram", &framed, "--json"]);
    let b = ok_json(&["value", "cram", &inside.join("/"), "--json"]);
    assert_eq!(a["nim_value"], b["nim_value"]);
    assert_eq!(a["winning_moves"], b["winning_moves"]);
    assert_eq!(a["parts"][0]["position"], "..#./..../....");
    // A frame with no empty cell inside: the game with no move.
    let blocked = temp_file(
        "board-search",
        "blocked.txt",
        &format!("{}\n", "#".repeat(12)).repeat(12),
    );
    let c = ok_json(&["value", "cram", &blocked, "--json"]);
    assert_eq!(c["nim_value"], 0);
    assert_eq!(c["outcome"], "P");
}

#[test]
fn threads_give_the_same_board_and_graph_values_and_are_refused_elsewhere() {
    // Cram 4x5 (2) and 4x7 (3), as igsolve and the plain search give them (benches/boards.sh); 1x8 is Dawson's
    // Kayles on 8 pins (0.07: 1); 2x4 is a P-position (mirror strategy) and 1x3 has value 1. Arc Kayles on the
    // 4 x 5 grid is Cram 4x5 (2); Node Kayles on the path of 23 vertices is Dawson's chess (0.137) on 23 (3, by
    // the octal engine), and Arc Kayles on the cycle of 9 has one option up to symmetry, the path of 7, which is
    // Dawson's Kayles (0.07) on 7 (1): value 0. Node Kayles on the 5 x 6 grid: 3 on one thread.
    for (args, want) in [
        (vec!["value", "cram", "4x5"], 2),
        (vec!["value", "cram", "4x7"], 3),
        (vec!["value", "cram", "1x8"], 1),
        (vec!["value", "cram", "2x4", "+", "cram", "1x3"], 1),
        (vec!["value", "node-kayles", "grid:5x6"], 3),
        (vec!["value", "arc-kayles", "grid:4x5"], 2),
        (
            vec![
                "value",
                "node-kayles",
                "path:23",
                "+",
                "arc-kayles",
                "cycle:9",
            ],
            3,
        ),
    ] {
        let mut one = args.clone();
        one.extend(["--json", "--threads", "1"]);
        let mut two = args.clone();
        two.extend(["--json", "--threads", "2"]);
        let (one, two) = (ok_json(&one), ok_json(&two));
        assert_eq!(one["nim_value"], want, "{args:?}");
        assert_eq!(two["nim_value"], want, "{args:?} on two threads");
        // The winning moves are tested on both threads (symmetric options on one engine): the same list.
        assert_eq!(one["winning_moves"], two["winning_moves"], "{args:?}");
        assert!(!one["winning_moves"].as_array().unwrap().is_empty());
    }
    for (args, needle) in [
        (
            vec!["value", "nim", "3", "--threads", "2"],
            "only the searches of cram, node-kayles, arc-kayles run",
        ),
        (
            vec![
                "value",
                "cram",
                "3x3",
                "+",
                "chomp",
                "3x3",
                "--threads",
                "2",
            ],
            "only the searches of cram, node-kayles, arc-kayles run",
        ),
        (vec!["value", "cram", "3x3", "--threads", "0"], "at least 1"),
        (
            vec!["value", "cram", "3x3", "--threads", "65"],
            "at most 64",
        ),
        (
            vec!["value", "cram", "3x3", "--threads", "two"],
            "--threads",
        ),
    ] {
        assert_error(&grundy(&args), needle);
    }
}

#[test]
fn a_tiny_memory_limit_evicts_and_gives_the_same_values() {
    // --max-memory bounds the engine's table (a few KiB here: it evicts all the time) without failing the search.
    for (b, want) in [("4x5", 2), ("4x7", 3), ("1x8", 1)] {
        let v = ok_json(&["value", "cram", b, "--json", "--max-memory", "4K"]);
        assert_eq!(v["nim_value"], want, "cram {b}");
    }
    let v = ok_json(&["value", "chomp", "6x7", "--json", "--max-memory", "4K"]);
    let full = ok_json(&["value", "chomp", "6x7", "--json"]);
    assert_eq!(v["nim_value"], full["nim_value"]);
    assert_eq!(full["nim_value"], 28);
}

#[test]
fn chomp_refuses_a_memory_limit_below_its_dense_array_at_once() {
    // Chomp's search meets every sub-diagram (6x7: 1716 of them, a byte each, and a few words a square), so an
    // evicting table below that recomputed them without end (9x9 under 10K ran past a minute). Now: one line at
    // once, with the bytes needed; the exit code of a limit.
    for (b, m) in [("6x7", "1K"), ("9x9", "10K")] {
        let started = std::time::Instant::now();
        let out = grundy(&["value", "chomp", b, "--max-memory", m]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "chomp {b} under {m}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("sub-diagrams")
                && err.contains("more than the memory limit")
                && err.contains("--max-memory"),
            "{err}"
        );
        assert!(started.elapsed().as_secs() < 10, "refused at once");
    }
}

#[test]
fn chomp_rectangles_beyond_the_search_have_their_proved_outcome() {
    // 20x20 has C(40, 20) sub-diagrams, past the search: strategy stealing still proves it an N-position.
    let v = ok_json(&["value", "chomp", "20x20", "--no-moves", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["nim_value"], serde_json::Value::Null);
    // Its winning move is not named by that proof: asked for moves, one line says so.
    assert_error(
        &grundy(&["value", "chomp", "20x20"]),
        "an N-position by rule, but the rule names no winning move",
    );
    // Two rows: the P-positions are (a, a - 1), so 2 x 30000's one winning move leaves (30000, 29999).
    let v = ok_json(&["value", "chomp", "2x30000", "--json"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_move_count"], 1);
    assert_eq!(
        v["winning_moves"][0]["result"], "30000 29999",
        "{}",
        v["winning_moves"]
    );
    // A sum needs nim-values, which no rule gives here.
    assert_error(
        &grundy(&["value", "chomp", "20x20", "+", "nim", "1"]),
        "no place in a sum",
    );
}
