use super::*;
use crate::analysis::{analyse, Report, Sum};
use crate::games::Registry;
use crate::solver::Deadline;

/// A sum read the way the command line reads it: `kayles 5 7 + nim 3`.
fn sum(words: &str) -> Sum {
    let registry = Registry::builtin();
    let mut sum = Sum::new();
    let words: Vec<String> = words.split_whitespace().map(String::from).collect();
    for group in words.split(|w| w == "+") {
        let (game, pos) = group.split_first().expect("a game");
        registry
            .lookup(game)
            .unwrap()
            .add_to(&mut sum, pos)
            .unwrap();
    }
    sum
}

fn session(words: &str, convention: Convention, first: Player) -> Session {
    let limits = crate::analysis::misere::limits(&Limits::default(), None);
    Session::new(sum(words), convention, first, limits, 30.0).unwrap()
}

/// The position a session shows, read back into a fresh sum (`kayles 5 + kayles 7 + nim 3`), analysed from scratch:
/// an independent check of the session's own judgement.
fn outcome_from_scratch(position: &str, convention: Convention) -> Outcome {
    if position == "nothing" {
        return match convention {
            Convention::Misere => Outcome::N,
            _ => Outcome::P,
        };
    }
    let mut s = sum(position);
    let limits = crate::analysis::misere::limits(&Limits::default(), None);
    match analyse(&mut s, convention, &crate::context::Context::new(limits)).unwrap() {
        Report::Normal(a) => a.outcome,
        Report::Misere(m) => m.outcome,
        Report::Loopy(l) => l.outcome,
    }
}

/// Plays a whole game: the person picks move `pick(k, len)` at their k-th turn, the engine answers. Checks that every
/// engine move from an N-position leaves a P-position (analysed from scratch), and that every lost engine move says
/// so. Returns the session at the end.
fn play_out(
    words: &str,
    convention: Convention,
    first: Player,
    pick: impl Fn(usize, usize) -> usize,
) -> Session {
    let mut s = session(words, convention, first);
    let mut k = 0;
    while !s.is_over().unwrap() {
        match s.to_move() {
            Player::Person => {
                let n = s.moves().unwrap().len();
                s.play(pick(k, n)).unwrap();
                k += 1;
            }
            Player::Engine => {
                let before = s.judge_now().unwrap().outcome;
                let e = s.engine_move().unwrap();
                // A graph's file is not part of the position's text: judged by the session (from the analysis).
                let after = if words.starts_with("loopy-graph") {
                    s.judge_now().unwrap().outcome
                } else {
                    outcome_from_scratch(&s.position(), convention)
                };
                match before {
                    Outcome::N => {
                        assert_eq!(
                            after,
                            Outcome::P,
                            "{words}: engine move {} from an N-position",
                            e.mv.text
                        );
                        assert_eq!(e.choice, Choice::Winning);
                    }
                    Outcome::P => {
                        assert_ne!(after, Outcome::P, "{words}");
                        assert!(e.reason.contains("the position is lost"), "{}", e.reason);
                    }
                    Outcome::D => {
                        assert_eq!(after, Outcome::D, "{words}");
                        assert_eq!(e.choice, Choice::Drawing);
                    }
                }
            }
        }
    }
    s
}

#[test]
fn every_engine_move_from_an_n_position_leads_to_a_p_position_normal_play() {
    for words in [
        "kayles 5 7 + nim 3",
        "0.07 10 + nim 2",
        "lasker 2 5 7",
        "wythoff 3 5 + nim 1",
        "grundys-game 9 + kayles 4",
    ] {
        for first in [Player::Person, Player::Engine] {
            for stride in [0usize, 1, 3, 7] {
                let start = session(words, Convention::Normal, first)
                    .judge_now()
                    .unwrap()
                    .outcome;
                let mut s = play_out(words, Convention::Normal, first, |k, n| {
                    (k * stride) % n + 1
                });
                let v = s.verdict().unwrap().expect("over");
                if (first == Player::Engine) == (start == Outcome::N) {
                    assert_eq!(
                        v.winner,
                        Player::Engine,
                        "{words}: the engine wins from a won start"
                    );
                }
            }
        }
    }
}

#[test]
fn every_engine_move_from_an_n_position_leads_to_a_p_position_misere_play() {
    for words in [
        "nim 1 2 3",
        "kayles 3 4",
        "nim 1 1 + kayles 2",
        "0.07 6 + nim 1",
    ] {
        for first in [Player::Person, Player::Engine] {
            for stride in [0usize, 1, 2] {
                let start = session(words, Convention::Misere, first)
                    .judge_now()
                    .unwrap()
                    .outcome;
                let mut s = play_out(words, Convention::Misere, first, |k, n| {
                    (k * stride) % n + 1
                });
                let v = s.verdict().unwrap().expect("over");
                if (first == Player::Engine) == (start == Outcome::N) {
                    assert_eq!(
                        v.winner,
                        Player::Engine,
                        "{words}: the engine wins from a won start"
                    );
                }
            }
        }
    }
}

/// Remoteness of a sum of Nim heaps by brute force (independent of the session's search): (won, remoteness).
fn nim_remoteness(heaps: &[u64], misere: bool) -> (bool, u32) {
    let mut kids = Vec::new();
    for i in 0..heaps.len() {
        for left in 0..heaps[i] {
            let mut h = heaps.to_vec();
            h[i] = left;
            kids.push(nim_remoteness(&h, misere));
        }
    }
    if kids.is_empty() {
        return (misere, 0);
    }
    match kids.iter().filter(|k| !k.0).map(|k| k.1).min() {
        Some(m) => (true, m + 1),
        None => (false, kids.iter().map(|k| k.1).max().unwrap() + 1),
    }
}

#[test]
fn in_a_lost_position_the_engine_makes_the_game_last_longest() {
    for (heaps, misere) in [
        (vec![3u64, 3], false),
        (vec![2, 3, 1], false),
        (vec![4, 4], false),
        (vec![1, 1, 1], true),
        (vec![2, 2], true),
        (vec![3, 2, 1], true),
    ] {
        let words = format!(
            "nim {}",
            heaps
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        );
        let conv = if misere {
            Convention::Misere
        } else {
            Convention::Normal
        };
        let mut s = session(&words, conv, Player::Engine);
        assert_eq!(s.judge_now().unwrap().outcome, Outcome::P, "{words}");
        // The largest remoteness over the options, by brute force.
        let mut best = 0;
        for i in 0..heaps.len() {
            for left in 0..heaps[i] {
                let mut h = heaps.clone();
                h[i] = left;
                let (won, r) = nim_remoteness(&h, misere);
                assert!(won);
                best = best.max(r);
            }
        }
        let e = s.engine_move().unwrap();
        let Choice::Longest { remoteness, .. } = e.choice else {
            panic!("{words}: {:?}", e.choice)
        };
        assert_eq!(remoteness, best, "{words}");
        // The move played has that remoteness.
        let mut after: Vec<u64> = heaps.clone();
        let i = e.mv.component;
        after[i] = e.mv.result.parse().unwrap();
        assert_eq!(
            nim_remoteness(&after, misere).1,
            best,
            "{words}: {}",
            e.mv.text
        );
        assert!(e.reason.contains("the position is lost"), "{}", e.reason);
        assert!(e.reason.contains("exact remoteness"), "{}", e.reason);
    }
    // nim 3 3: the longest game leaves 3 and 2 (the person then wins in 5 more moves).
    let mut s = session("nim 3 3", Convention::Normal, Player::Engine);
    let e = s.engine_move().unwrap();
    assert_eq!(e.mv.result, "2");
    assert_eq!(
        e.choice,
        Choice::Longest {
            remoteness: 5,
            states: e.choice_states()
        }
    );
}

impl EngineMove {
    fn choice_states(&self) -> usize {
        match self.choice {
            Choice::Longest { states, .. } => states,
            _ => 0,
        }
    }
}

#[test]
fn the_remoteness_search_agrees_with_nim_values() {
    // Won exactly when the nim-sum is not 0 (normal play): kayles and 0.07 sums, searched as whole sums.
    for words in [
        "kayles 1 2 3",
        "kayles 4 4",
        "kayles 5 2",
        "0.07 7 + kayles 3",
        "lasker 3 4",
    ] {
        let mut s = session(words, Convention::Normal, Player::Person);
        let state = s.state.clone();
        let nim = s.judge_now().unwrap().outcome == Outcome::N;
        let (won, _) = s
            .remote
            .search(&mut s.games, &state, false, &Deadline::after_seconds(10.0))
            .unwrap();
        assert_eq!(won, nim, "{words}");
    }
}

#[test]
fn undo_takes_back_the_persons_move_and_the_engines_reply() {
    let mut s = session("kayles 5 7 + nim 3", Convention::Normal, Player::Person);
    let start = s.position();
    assert!(s.undo().is_err(), "nothing to undo yet");
    s.play(1).unwrap();
    s.engine_move().unwrap();
    let mid = s.position();
    s.play(1).unwrap();
    s.engine_move().unwrap();
    assert_eq!(s.undo().unwrap(), 2);
    assert_eq!(s.position(), mid);
    assert_eq!(s.to_move(), Player::Person);
    assert_eq!(s.turns().len(), 2);
    assert_eq!(s.undo().unwrap(), 2);
    assert_eq!(s.position(), start);
    assert!(s.turns().is_empty());
    assert!(s.undo().is_err());
    // With the engine first, undo goes back to the person's first turn, after the engine's opening move.
    let mut s = session("nim 1 2", Convention::Normal, Player::Engine);
    s.engine_move().unwrap();
    let after_engine = s.position();
    s.play(1).unwrap();
    assert_eq!(s.undo().unwrap(), 1);
    assert_eq!(s.position(), after_engine);
    assert_eq!(s.turns().len(), 1);
}

#[test]
fn the_verdict_names_the_first_missed_win() {
    // nim 1 2: the winning move is 2 -> 1. The person empties the heap of 1 instead and loses.
    let mut s = session("nim 1 2", Convention::Normal, Player::Person);
    let n = s.parse_move("nim 1 -> 0").unwrap();
    s.play(n).unwrap();
    assert!(s.verdict().unwrap().is_none());
    let e = s.engine_move().unwrap();
    assert_eq!(e.mv.text, "nim 2: take all 2 from the heap of 2");
    assert!(e.reason.contains("you have no move left"), "{}", e.reason);
    let v = s.verdict().unwrap().expect("over");
    assert_eq!(v.winner, Player::Engine);
    assert_eq!(v.moves, 2);
    let m = v.missed.expect("a missed win");
    assert_eq!(m.number, 1);
    assert_eq!(m.played, "nim 1: take all 1 from the heap of 1");
    assert_eq!(
        m.winning_move,
        "nim 2: take 1 from the heap of 2, leaving 1"
    );
    assert!(
        v.text.contains("Your first missed win was move 1"),
        "{}",
        v.text
    );

    // The first missed win, not a later one: right at move 1, wrong at move 3.
    let mut s = session("nim 3 5 7", Convention::Normal, Player::Person);
    let h = s.hint().unwrap().unwrap();
    s.play(h.number).unwrap();
    s.engine_move().unwrap();
    let winning = s.judge_now().unwrap().winning.clone();
    let wrong = s
        .moves()
        .unwrap()
        .into_iter()
        .find(|m| !winning.contains(&m.number))
        .unwrap();
    let missed_hint = s.hint().unwrap().unwrap();
    s.play(wrong.number).unwrap();
    while !s.is_over().unwrap() {
        if s.to_move() == Player::Engine {
            s.engine_move().unwrap();
        } else {
            s.play(1).unwrap();
        }
    }
    let v = s.verdict().unwrap().unwrap();
    assert_eq!(v.winner, Player::Engine);
    let m = v.missed.unwrap();
    assert_eq!(
        (m.number, m.played, m.winning_move),
        (3, wrong.text, missed_hint.text)
    );

    // A person who never had a winning move is told so.
    let mut s = session("nim 2 2", Convention::Normal, Player::Person);
    while !s.is_over().unwrap() {
        if s.to_move() == Player::Engine {
            s.engine_move().unwrap();
        } else {
            s.play(1).unwrap();
        }
    }
    let v = s.verdict().unwrap().unwrap();
    assert_eq!((v.winner, v.missed), (Player::Engine, None));
    assert!(v.text.contains("never had a winning move"), "{}", v.text);
}

#[test]
fn a_person_who_follows_the_hints_wins() {
    for (words, conv) in [
        ("kayles 5 7 + nim 3", Convention::Normal),
        ("nim 3 5 7", Convention::Normal),
        ("nim 1 2 3 4", Convention::Misere),
        ("kayles 3 5", Convention::Misere),
    ] {
        let mut s = session(words, conv, Player::Person);
        assert_eq!(s.judge_now().unwrap().outcome, Outcome::N, "{words}");
        while !s.is_over().unwrap() {
            if s.to_move() == Player::Engine {
                s.engine_move().unwrap();
            } else {
                let h = s.hint().unwrap().expect("a winning move");
                s.play(h.number).unwrap();
            }
        }
        let v = s.verdict().unwrap().unwrap();
        assert_eq!(v.winner, Player::Person, "{words}");
        assert!(v.text.contains("you win"), "{}", v.text);
    }
}

#[test]
fn moves_are_read_as_numbers_full_text_or_short_forms() {
    let mut s = session("kayles 5 7 + nim 3", Convention::Normal, Player::Person);
    let moves = s.moves().unwrap();
    let take2 = moves
        .iter()
        .find(|m| m.text == "kayles 7: take 2 from the heap of 7, leaving 5")
        .expect("listed")
        .number;
    assert_eq!(
        s.parse_move("kayles 7: take 2 from the heap of 7, leaving 5")
            .unwrap(),
        take2
    );
    assert_eq!(
        s.parse_move("  Kayles 7:  take 2 from the heap of 7,  leaving 5. ")
            .unwrap(),
        take2
    );
    assert_eq!(s.parse_move("kayles 7 -> 5").unwrap(), take2);
    assert_eq!(s.parse_move("7 -> 5").unwrap(), take2);
    assert_eq!(s.parse_move(&take2.to_string()).unwrap(), take2);
    let split = s.parse_move("kayles 7 -> 4 + 2").unwrap();
    assert_eq!(moves[split - 1].result, "2 + 4");
    let empty = s.parse_move("nim 3 -> 0").unwrap();
    assert_eq!(
        moves[empty - 1].text,
        "nim 3: take all 3 from the heap of 3"
    );
    // Bad input: one line saying why.
    for (text, why) in [
        ("", "type a move"),
        ("0", "there is no move 0: the moves are numbered 1 to"),
        ("999", "there is no move 999"),
        ("kayles 9 -> 5", "no part of the position is 'kayles 9'"),
        (
            "kayles 7 -> 7",
            "kayles 7 cannot move to 7: its moves lead to 6, 1 + 5, 2 + 4, 3 + 3, 5",
        ),
        ("nim 3 -> 4", "nim 3 cannot move to 4"),
        (
            "take it all",
            "'take it all' is not a legal move or a command",
        ),
    ] {
        let e = s.parse_move(text).unwrap_err().to_string();
        assert!(e.contains(why), "{text:?}: {e}");
        assert!(!e.contains('\n'), "{e}");
    }
    // The same heap twice: either is the same move.
    let mut s = session("kayles 4 4", Convention::Normal, Player::Person);
    assert_eq!(s.parse_move("4 -> 3").unwrap(), 1);
    // A position that two games share needs the game's name.
    let mut s = session("kayles 3 + nim 3", Convention::Normal, Player::Person);
    let e = s.parse_move("3 -> 2").unwrap_err().to_string();
    assert!(e.contains("names more than one move"), "{e}");
    assert!(s.parse_move("nim 3 -> 2").is_ok());
}

#[test]
fn values_and_why_explain_the_position() {
    let mut s = session("kayles 5 7 + nim 3", Convention::Normal, Player::Person);
    let j = s.judge_now().unwrap();
    let vs: Vec<_> = j
        .values
        .iter()
        .map(|v| (v.position.as_str(), v.value.as_deref()))
        .collect();
    assert_eq!(vs, [("5", Some("4")), ("7", Some("2")), ("3", Some("3"))]);
    assert_eq!(j.outcome, Outcome::N);
    assert!(
        j.why
            .starts_with("nim-sum 4 xor 2 xor 3 = 5: an N-position"),
        "{}",
        j.why
    );
    let m = session("nim 1 2 3", Convention::Misere, Player::Person)
        .judge_now()
        .unwrap();
    assert!(m.why.contains("misère Nim's rule"), "{}", m.why);
    assert_eq!(m.values[2].genus.as_deref(), Some("3^31"));
}

#[test]
fn loopy_games_keep_a_draw_and_win_when_they_can() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/game.txt");
    let loopy = Convention::Loopy { max_heap: 1000 };
    // A token on node 6 (6 <-> 7, a cycle nobody can leave) and one on node 0: a draw the engine keeps.
    let mut s = session(&format!("loopy-graph {file} 6"), loopy, Player::Engine);
    assert_eq!(s.judge_now().unwrap().outcome, Outcome::D);
    for _ in 0..3 {
        let e = s.engine_move().unwrap();
        assert_eq!(e.choice, Choice::Drawing);
        assert!(e.reason.contains("keeps the draw"), "{}", e.reason);
        s.play(1).unwrap();
    }
    // Node 0 is an N-position: the engine moves to node 1 (value 0), and wins.
    let s = play_out(
        &format!("loopy-graph {file} 0"),
        loopy,
        Player::Engine,
        |_, _| 1,
    );
    assert_eq!(s.turns()[0].mv.short, "loopy-graph 0 -> 1");
    // Node 4 is a P-position for the engine: lost, it says so and plays on.
    let mut s = session(&format!("loopy-graph {file} 4"), loopy, Player::Engine);
    let e = s.engine_move().unwrap();
    assert!(e.reason.contains("the position is lost"), "{}", e.reason);
    assert!(
        matches!(e.choice, Choice::FewestReplies { .. }),
        "{:?}",
        e.choice
    );
}

#[test]
fn codes_whose_moves_add_tokens_are_refused() {
    let e = Session::new(
        sum("20.3 2"),
        Convention::Loopy { max_heap: 5 },
        Player::Person,
        Limits::default(),
        5.0,
    )
    .err()
    .unwrap();
    assert!(
        e.to_string()
            .contains("20.3: playing a code whose moves add tokens is not supported"),
        "{e}"
    );
}

#[test]
fn sums_the_convention_cannot_answer_are_refused_at_the_start() {
    let limits = Limits::default();
    let e = Session::new(
        sum("nim 3 + kayles 2"),
        Convention::Loopy { max_heap: 10 },
        Player::Person,
        limits,
        5.0,
    )
    .err()
    .unwrap();
    assert!(e.to_string().contains("loopy play takes one game"), "{e}");
}

#[test]
fn past_the_remoteness_budget_the_engine_leaves_the_fewest_winning_replies() {
    // kayles 30 30 is a P-position whose reachable sums (multisets of heaps of total at most 60) number millions:
    // exact remoteness is out of budget, and the engine says which rule chose instead.
    let mut s = session("kayles 30 30", Convention::Normal, Player::Engine);
    assert_eq!(s.judge_now().unwrap().outcome, Outcome::P);
    let state = s.state.clone();
    let legal = s.legal(&state).unwrap();
    // The fewest winning replies over every option, counted by fresh judgements.
    let mut fewest = usize::MAX;
    for l in legal.iter() {
        let after = apply(&state, l.component, &l.option);
        fewest = fewest.min(s.judge(&after).unwrap().winning.len());
    }
    let e = s.engine_move().unwrap();
    assert_eq!(
        e.choice,
        Choice::FewestReplies { replies: fewest },
        "{}",
        e.reason
    );
    assert!(
        e.reason
            .contains("exact remoteness needs more than 200000 positions"),
        "{}",
        e.reason
    );
    assert!(fewest >= 1);
    assert_eq!(s.judge_now().unwrap().winning.len(), fewest);
}

#[test]
fn a_cram_board_written_in_rows_is_named_by_its_rows_in_a_short_move() {
    // `.#./...` ends in dots, which a typed sentence's end loses: the position before `->` keeps them.
    let mut s = session("cram .#./...", Convention::Normal, Player::Person);
    let moves = s.moves().unwrap();
    let across = moves
        .iter()
        .find(|m| m.result == "2x1")
        .expect("listed")
        .number;
    assert_eq!(s.parse_move(".#./... -> 2x1").unwrap(), across);
    assert_eq!(s.parse_move("cram .#./... -> 2x1").unwrap(), across);
    let down = s.parse_move(".#./... -> #./..").unwrap();
    assert_eq!(moves[down - 1].result, "#./..");
    let e = s.parse_move("cram .#./... -> 1x1").unwrap_err().to_string();
    assert!(
        e.contains(".#./... cannot move to 1x1: its moves lead to"),
        "{e}"
    );
}
