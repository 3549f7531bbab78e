//! `grundy play` end to end in a pseudo-terminal (rexpect): what a person at a terminal types and sees. A whole game
//! the engine wins, a game the person wins by following `hint`, bad input, misère and loopy games; and the same
//! session with stdin a pipe.

use crate::common;

use rexpect::reader::ReadUntil;
use rexpect::session::{spawn_command, PtySession};
use std::process::Command;

const PROMPT: &str = "your move> ";
const OVER: &str = "game over: ";

fn play(args: &[&str]) -> PtySession {
    let mut c = Command::new(env!("CARGO_BIN_EXE_grundy"));
    c.arg("play").args(args);
    spawn_command(c, Some(20_000)).expect("spawn grundy play in a pty")
}

/// Waits for the prompt or the end of the game: the text before it, and whether the game is over (then the verdict
/// up to the end of output).
fn next(p: &mut PtySession) -> (String, Option<String>) {
    let (before, found) = p
        .exp_any(vec![
            ReadUntil::String(PROMPT.into()),
            ReadUntil::String(OVER.into()),
        ])
        .expect("a prompt or the end of the game");
    if found == OVER {
        let verdict = p.exp_eof().expect("the end of output");
        (before, Some(verdict))
    } else {
        (before, None)
    }
}

/// The graph file shipped with the repository.
fn game_txt() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/game.txt").to_string()
}

#[test]
fn a_whole_game_won_by_the_engine() {
    // kayles 4 4 is a P-position for the person (equal heaps): whatever they play, the engine wins.
    let mut p = play(&["kayles", "4", "4"]);
    p.exp_string("grundy play: kayles 4 + kayles 4, normal play")
        .unwrap();
    let mut engine_moves = 0;
    let verdict = loop {
        let (before, over) = next(&mut p);
        engine_moves += before.matches("engine plays: ").count();
        // Every engine move from a position it wins leaves nim-sum 0.
        for line in before
            .lines()
            .filter(|l| l.trim_start().starts_with("why: "))
        {
            assert!(
                line.contains("nim-sum") && line.contains("= 0")
                    || line.contains("you have no move left"),
                "{line}"
            );
        }
        if let Some(v) = over {
            break v;
        }
        p.send_line("1").unwrap();
    };
    assert!(engine_moves >= 2, "{engine_moves}");
    assert!(verdict.contains("the engine wins"), "{verdict}");
    assert!(
        verdict.contains("You never had a winning move"),
        "{verdict}"
    );
}

#[test]
fn a_game_the_person_wins_by_following_hint() {
    let mut p = play(&["kayles", "5", "7", "+", "nim", "3"]);
    let verdict = loop {
        let (_, over) = next(&mut p);
        if let Some(v) = over {
            break v;
        }
        p.send_line("hint").unwrap();
        let (_, number) = p.exp_regex(r"hint: [0-9]+").unwrap();
        p.exp_string(PROMPT).unwrap();
        p.send_line(number.trim_start_matches("hint: ")).unwrap();
        p.exp_string("you play: ").unwrap();
    };
    assert!(verdict.contains("you win"), "{verdict}");
}

#[test]
fn bad_input_gets_a_reason_and_the_prompt_again() {
    let mut p = play(&["nim", "1", "2"]);
    p.exp_string(PROMPT).unwrap();
    for (typed, reason) in [
        (
            "nim 9 -> 1",
            "not a move: no part of the position is 'nim 9' (the parts: nim 1, nim 2)",
        ),
        (
            "nim 2 -> 5",
            "not a move: nim 2 cannot move to 5: its moves lead to 1, 0",
        ),
        (
            "7",
            "not a move: there is no move 7: the moves are numbered 1 to 3",
        ),
        (
            "fly away",
            "not a move: 'fly away' is not a legal move or a command",
        ),
        (
            "undo",
            "cannot undo: nothing to undo: you have not moved yet",
        ),
    ] {
        p.send_line(typed).unwrap();
        p.exp_string(reason).unwrap();
        p.exp_string(PROMPT).unwrap();
    }
    p.send_line("why").unwrap();
    p.exp_string("why: nim-sum 1 xor 2 = 3: an N-position")
        .unwrap();
    p.exp_string(PROMPT).unwrap();
    // A legal move after all the bad ones, then take it back, then quit.
    p.send_line("nim 1 -> 0").unwrap();
    p.exp_string("engine plays: nim 2: take all 2 from the heap of 2")
        .unwrap();
    p.exp_string(OVER).unwrap();
    let v = p.exp_eof().unwrap();
    assert!(
        v.contains("Your first missed win was move 1 in nim 1 + nim 2: you played nim 1: take all 1 from the heap of 1, but nim 2: take 1 from the heap of 2, leaving 1 wins."),
        "{v}"
    );
    let mut p = play(&["nim", "3", "5"]);
    p.exp_string(PROMPT).unwrap();
    p.send_line("nim 3 -> 1").unwrap();
    p.exp_string("engine plays: ").unwrap();
    p.exp_string(PROMPT).unwrap();
    p.send_line("undo").unwrap();
    p.exp_string("took back 2 moves.").unwrap();
    p.exp_string("position: nim 3 + nim 5 (your move)").unwrap();
    p.exp_string(PROMPT).unwrap();
    p.send_line("quit").unwrap();
    p.exp_string("you quit: the game is left unfinished.")
        .unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn misere_play_lost_and_won() {
    // nim 1 2 3 under misère play is a P-position (a heap above 1, nim-sum 0): the engine, moving first, is lost,
    // says so, makes the game last longest, and the person wins by following the hints.
    let mut p = play(&["nim", "1", "2", "3", "--misere", "--first", "engine"]);
    // rexpect reads bytes as Latin-1: expected texts keep to ASCII.
    p.exp_string("re play (whoever makes the last move loses)")
        .unwrap();
    p.exp_string("-position); this move makes the game last longest: with your best play you win in 4 more moves")
        .unwrap();
    let verdict = loop {
        let (_, over) = next(&mut p);
        if let Some(v) = over {
            break v;
        }
        p.send_line("hint").unwrap();
        let (_, number) = p.exp_regex(r"hint: [0-9]+").unwrap();
        p.exp_string(PROMPT).unwrap();
        p.send_line(number.trim_start_matches("hint: ")).unwrap();
    };
    assert!(
        verdict.contains("play: whoever cannot move wins): you win"),
        "{verdict}"
    );
    // The engine wins from an N-position: its first move names the rule that chose it.
    let mut p = play(&["nim", "1", "2", "2", "--misere", "--first", "engine"]);
    p.exp_string("engine plays: ").unwrap();
    p.exp_string("why: it leaves a mis").unwrap();
    p.exp_string("-position (every move leaves a position the opponent wins), by mis")
        .unwrap();
    p.exp_string("Nim's rule (Bouton)").unwrap();
    p.exp_string(PROMPT).unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
}

#[test]
fn loopy_play_keeps_a_draw_and_wins() {
    let file = game_txt();
    // Node 6: 6 <-> 7 is a cycle nobody can leave: the engine keeps the draw, and the person may quit.
    let mut p = play(&["loopy-graph", &file, "6", "--first", "engine"]);
    p.exp_string("loopy play (positions may repeat").unwrap();
    p.exp_string("why: no move wins here (a D-position): it keeps the draw")
        .unwrap();
    p.exp_string(PROMPT).unwrap();
    p.send_line("1").unwrap();
    p.exp_string("keeps the draw").unwrap();
    p.exp_string(PROMPT).unwrap();
    p.send_line("quit").unwrap();
    p.exp_eof().unwrap();
    // Node 0: the engine moves to node 1 (value 0) and wins.
    let mut p = play(&["graph", &file, "0", "--loopy", "--first", "engine"]);
    p.exp_string("engine plays: loopy-graph 0: move the token on node 0 to node 1")
        .unwrap();
    p.exp_string("why: it leaves a P-position").unwrap();
    let verdict = loop {
        let (_, over) = next(&mut p);
        if let Some(v) = over {
            break v;
        }
        p.send_line("1").unwrap();
    };
    assert!(verdict.contains("the engine wins"), "{verdict}");
}

/// The exit status of a session whose output has ended.
fn exit_code(p: &PtySession) -> Option<i32> {
    match p.process.wait().expect("the exit status") {
        rexpect::process::WaitStatus::Exited(_, code) => Some(code),
        _ => None,
    }
}

#[test]
fn a_time_limit_ends_a_long_search_of_the_engine_with_one_line() {
    // Cram 5x9 and Node Kayles on the 7x7 grid take the normal-play search far longer than 0.3 s (no mirror
    // strategy answers an odd board): the session ends with the limit's error, naming the flag, and exit 2.
    for game in [&["cram", "5x9"][..], &["node-kayles", "grid:7x7"]] {
        let mut args = game.to_vec();
        args.extend(["--first", "engine", "--max-seconds", "0.3"]);
        let mut p = play(&args);
        let out = p.exp_eof().expect("the end of output");
        let lines: Vec<&str> = out.lines().filter(|l| !l.trim().is_empty()).collect();
        // One line; when the search's progress bar had started (stderr is a terminal), the line also says how far
        // the search got ("searching …: stopped near …: ") before the limit's words.
        assert_eq!(lines.len(), 1, "{args:?}: {out}");
        assert!(lines[0].starts_with("grundy: "), "{args:?}: {out}");
        assert!(
            lines[0].ends_with(
                "the command took longer than its time limit of 0.3 s (raise it with --max-seconds)"
            ),
            "{args:?}: {out}"
        );
        assert_eq!(exit_code(&p), Some(3), "{args:?}");
    }
}

#[test]
fn a_whole_game_plays_within_generous_limits() {
    let mut p = play(&[
        "kayles",
        "4",
        "4",
        "--max-seconds",
        "60",
        "--max-memory",
        "1G",
    ]);
    p.exp_string("grundy play: kayles 4 + kayles 4, normal play")
        .unwrap();
    let verdict = loop {
        let (_, over) = next(&mut p);
        if let Some(v) = over {
            break v;
        }
        p.send_line("1").unwrap();
    };
    assert!(verdict.contains("the engine wins"), "{verdict}");
    assert_eq!(exit_code(&p), Some(0));
}

#[test]
fn a_piped_game_plays_as_in_a_terminal_and_ends_on_end_of_input() {
    let (code, out, err) = common::parts(common::grundy_stdin(
        &["play", "nim", "1", "2"],
        b"hint\nnim 2 -> 1\n",
    ));
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        out.contains("hint: 2. nim 2: take 1 from the heap of 2, leaving 1"),
        "{out}"
    );
    assert!(
        out.contains("you play: nim 2: take 1 from the heap of 2, leaving 1"),
        "{out}"
    );
    assert!(
        out.contains("end of input: the game is left unfinished."),
        "{out}"
    );
    // Bad command lines: one line on stderr, exit 2.
    for (args, msg) in [
        (
            &["play", "nim", "3", "--first", "you"][..],
            "grundy: --first: 'you' is neither 'me' nor 'engine'",
        ),
        (
            &["play"][..],
            "grundy: 'grundy play' needs a GAME and a position",
        ),
        (
            &["play", "20.3", "2", "--loopy"][..],
            "grundy: 20.3: playing a code whose moves add tokens is not supported",
        ),
        (
            &["play", "nim", "3", "+", "kayles", "2", "--loopy"][..],
            "grundy: loopy play takes one game",
        ),
        (
            &["play", "nim", "3", "--max-positions", "9"][..],
            "grundy: --max-positions bounds the --misere and --loopy analyses",
        ),
        (
            &["play", "nim", "3", "--max-seconds", "0"][..],
            "grundy: --max-seconds",
        ),
        (
            &["play", "nim", "3", "--max-memory", "lots"][..],
            "grundy: --max-memory",
        ),
    ] {
        let (code, out, err) = common::parts(common::grundy_stdin(args, b""));
        assert_eq!(code, 2, "{args:?}");
        assert!(err.starts_with(msg), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert_eq!(out, "", "{args:?}");
    }
}

/// Counts of one take the singular: a game won after 1 move, and 1 more move to a win.
#[test]
fn a_count_of_one_is_singular() {
    let (code, out, err) = common::parts(common::grundy_stdin(&["play", "nim", "1"], b"1\n"));
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.contains("you win after 1 move."), "{out}");
    let (code, out, err) = common::parts(common::grundy_stdin(
        &["play", "nim", "1", "1", "--first", "engine"],
        b"1\n",
    ));
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        out.contains("with your best play you win in 1 more move "),
        "{out}"
    );
    assert!(out.contains("you win after 2 moves."), "{out}");
}

/// A line that is not UTF-8 text gets a one-line answer and the game goes on with the next lines.
#[test]
fn a_line_that_is_not_utf8_is_answered_and_the_game_goes_on() {
    let (code, out, err) = common::parts(common::grundy_stdin(
        &["play", "nim", "1", "2"],
        b"nim 2 \xff\xfe-> 1\nhint\nnim 2 -> 1\n",
    ));
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    let i = lines
        .iter()
        .position(|l| l.starts_with("not a move: the line is not UTF-8 text"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(lines[i - 1].starts_with("your move> nim 2 "), "{out}");
    assert!(
        out.contains("hint: 2. nim 2: take 1 from the heap of 2, leaving 1"),
        "{out}"
    );
    assert!(
        out.contains("you play: nim 2: take 1 from the heap of 2, leaving 1"),
        "{out}"
    );
    assert!(
        out.ends_with("end of input: the game is left unfinished.\n"),
        "{out}"
    );
}
