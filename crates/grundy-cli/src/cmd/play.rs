//! `grundy play GAME POSITION… [+ GAME POSITION…]…`: a game in the terminal against a perfect opponent that
//! explains its moves ([`grundy::analysis::play::Session`]). Reads the person's moves from stdin line by line, so a
//! pipe or a file plays as well as a terminal; the end of input ends the game.

use super::plural;
use crate::cli::{First, PlayArgs};
use crate::output::{CliError, CliResult};
use grundy::analysis::play::{Player, Session};
use grundy::analysis::{Convention, Sum};
use grundy::Outcome;
use std::io::{BufRead, Write};

pub const HELP: &str = "\
grundy play — play against a perfect opponent that explains itself

USAGE
  grundy play GAME POSITION... [+ GAME POSITION...]... [--misere | --loopy] [--first me|engine] [--max-positions N]
              [--max-seconds S] [--max-memory M]

Starts a game on any sum 'grundy value' can value, you against the engine, which plays perfectly. Each turn shows
the position and your legal moves, numbered, each with its short form. Type a move as:
  a number from the list                        3
  the move as listed (case and spacing free)    kayles 7: take 2 from the heap of 7, leaving 5
  a short form [GAME] POSITION -> RESULT        kayles 7 -> 5      7 -> 1 + 4      nim 3 -> 0
or a command:
  hint     a winning move, if you have one (else: the position is lost, or a move that keeps a draw)
  why      why the position is won, lost or drawn: the nim-sum, the misère rule used, or the loopy value
  values   each component's value now (nim-values; genera under --misere; generalised values under --loopy)
  moves    the numbered list of legal moves again
  undo     take back your last move and the engine's reply
  help     this list          quit    leave the game
An illegal or mistyped move gets a one-line reason and the prompt again. stdin need not be a terminal: moves can be
piped in, one a line, and the end of input ends the game.

After each of its moves the engine says why in one line: the nim-sum it left (normal play), the misère rule or
search that found the move (--misere: misère Nim's rule, the SJ theorem, or exact search), or that it keeps a draw
(--loopy). In a lost position it says so and plays the move that makes the game last longest against your best
play: the move of largest remoteness, searched exactly over the sums reachable when they number at most 200000 and
the search ends within 3 s; past that (and in loopy games, where positions repeat) it plays the move that leaves you
the fewest winning replies, and says which rule chose. At the end it says who won and, if you lost, the first move
at which you had a winning move, and what it was.

--misere: whoever makes the last move loses. --loopy: positions may repeat (tokens on 'loopy-graph FILE NODE...' or
'graph FILE NODE...'); outcomes P, N or D. --first engine: the engine moves first (default: you).
--max-positions N: the most states the misère or loopy analysis of one position may store (default 2000000 for
misère play); each misère or loopy analysis also has 30 s of its own. A normal-play search has no clock of its own:
on a large position (cram 5x7, node-kayles grid:7x7) the engine may think for a long time.
--max-seconds S: the whole session ends with a one-line error (exit 3) after S seconds (fractions allowed), whoever
is thinking: your time at the prompt counts too, so it suits piped games and scripts; e.g. --max-seconds 60.
--max-memory M (512M, 2G, ...; default 3G): the session ends with a one-line error when the engine needs more.

EXAMPLE (moves piped in: printf 'nim 2 -> 5\\nhint\\nvalues\\nnim 1 -> 0\\n' | grundy play nim 1 2)
  grundy play: nim 1 + nim 2, normal play (whoever cannot move loses); you move first.
  Type a move's number, the move as listed, or a short form such as 'nim 1 -> 0'; or hint, why, values, moves, ...

  position: nim 1 + nim 2 (your move)
    1. nim 1: take all 1 from the heap of 1   [nim 1 -> 0]
    2. nim 2: take 1 from the heap of 2, leaving 1   [nim 2 -> 1]
    3. nim 2: take all 2 from the heap of 2   [nim 2 -> 0]
  your move> nim 2 -> 5
  not a move: nim 2 cannot move to 5: its moves lead to 1, 0
  your move> hint
  hint: 2. nim 2: take 1 from the heap of 2, leaving 1   [nim 2 -> 1] (it leaves a position the engine loses)
  your move> values
    nim 1: nim-value 1
    nim 2: nim-value 2
    nim-sum 1 xor 2 = 3: an N-position, won by a move that makes the nim-sum 0
  your move> nim 1 -> 0
  you play: nim 1: take all 1 from the heap of 1
  engine plays: nim 2: take all 2 from the heap of 2
    why: it takes the last move: you have no move left
  game over: no move is left and you have to move (whoever cannot move loses): the engine wins after 2 moves. Your
  first missed win was move 1 in nim 1 + nim 2: you played nim 1: take all 1 from the heap of 1, but nim 2: take 1
  from the heap of 2, leaving 1 wins.

MORE EXAMPLES
  grundy play kayles 5 7 + nim 3
  grundy play nim 1 2 3 --misere --first engine
  grundy play cram 5x7 --first engine --max-seconds 60
  grundy play loopy-graph examples/game.txt 0 6 --loopy
  printf 'hint\\n1\\nquit\\n' | grundy play lasker 2 5 7
";

/// The most moves listed at each turn without being asked ('moves' lists them all).
const LISTED: usize = 30;

pub fn run(a: &PlayArgs) -> CliResult {
    use std::io::IsTerminal;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    // Input from a pipe or a file is not echoed by a terminal: write each line after the prompt, so that the
    // transcript reads as a terminal session does.
    let echo = !stdin.is_terminal();
    run_with(a, &mut stdin.lock(), &mut stdout.lock(), echo)
}

/// The session read from `input`, written to `out` (each line read written after the prompt when `echo`).
///
/// Long: the session from its words to its last line: the sum, the first player, the convention and the engine's
/// thinking-time bound, then the loop that reads a line and answers it, which reads all of them.
pub fn run_with(
    a: &PlayArgs,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    echo: bool,
) -> CliResult {
    if a.words.is_empty() {
        return Err(CliError::usage(
            "'grundy play' needs a GAME and a position, e.g. grundy play nim 3 5 6",
        ));
    }
    let first = match a.first {
        None | Some(First::Me) => Player::Person,
        Some(First::Engine) => Player::Engine,
    };
    super::load_rules(&a.rules, a.loopy)?;
    let registry = super::catalog();
    let mut sum = Sum::new();
    let groups: Vec<&[String]> = a.words.split(|w| w == "+").collect();
    super::check_scripts_used(groups.iter().filter_map(|g| g.first().map(String::as_str)))?;
    for group in &groups {
        let Some((game, pos)) = group.split_first() else {
            return Err(CliError::usage(
                "'+' must stand between two parts, each a GAME and a position",
            ));
        };
        let name = if a.loopy && game == "graph" {
            "loopy-graph"
        } else {
            game.as_str()
        };
        let game = registry.lookup(name)?;
        if game.scoring(pos).is_some() {
            return Err(CliError::usage(format!(
                "{} is a scoring game, not an impartial one: it cannot be played here ('grundy value' answers it)",
                game.name()
            )));
        }
        game.add_to(&mut sum, pos)?;
    }
    let loopy = a.loopy || a.words[0] == "loopy-graph";
    // A game played misère by its own rules is played (and bounded) as misère play is.
    let own_misere = sum.own_play()? == grundy::Play::Misere;
    if a.max_positions.is_some() && !a.misere && !a.loopy && !own_misere {
        return Err(CliError::usage(
            "--max-positions bounds the --misere and --loopy analyses; normal play needs no such bound",
        ));
    }
    let mut limits = crate::guard::limits();
    let max_positions = a.max_positions.map(|v| v as usize);
    let convention = if loopy {
        limits.max_positions = max_positions.unwrap_or(grundy::loopy::graph::MAX_NODES as usize);
        Convention::Loopy {
            max_heap: grundy::loopy::heap::DEFAULT_MAX_HEAP,
        }
    } else if a.misere || own_misere {
        limits.max_positions =
            max_positions.unwrap_or(grundy::analysis::misere::DEFAULT_MAX_STATES);
        if a.misere {
            Convention::Misere
        } else {
            Convention::Normal
        }
    } else {
        Convention::Normal
    };
    // Without --max-seconds, each judgement of the engine is bounded instead of the session (a person's thinking
    // time does not count): armed while the engine works, disarmed while a line is awaited.
    let think = (crate::guard::deadline().is_none() && !crate::guard::time_unbounded())
        .then_some(crate::guard::THINK_SECONDS);
    // The searches' own deadline (a misère search's) ends half a second before that bound, so that their words
    // (how far they got) come first.
    let seconds = match think {
        Some(t) => (t - 0.5).min(grundy::analysis::misere::DEFAULT_SECONDS as f64),
        None => grundy::analysis::misere::DEFAULT_SECONDS as f64,
    };
    crate::guard::think(think);
    let mut s = Session::new(sum, convention, first, limits, seconds)?;
    let rule = match s.convention() {
        Convention::Normal => "normal play (whoever cannot move loses)",
        Convention::Misere => "misère play (whoever makes the last move loses)",
        Convention::Loopy { .. } => "loopy play (positions may repeat; perfect play may be a draw)",
    };
    say(
        out,
        &format!(
            "grundy play: {}, {rule}; {} first.\nType a move's number, the move as listed, or a short form such as '{}'; or hint, why, values, moves, undo, help, quit.",
            s.position(),
            match first {
                Player::Person => "you move",
                Player::Engine => "the engine moves",
            },
            s.moves()?.first().map_or("GAME POSITION -> RESULT".to_string(), |m| m.short.clone()),
        ),
    )?;
    let mut line = Vec::new();
    loop {
        if let Some(v) = s.verdict()? {
            return say(out, &format!("game over: {}", v.text));
        }
        if s.to_move() == Player::Engine {
            let e = s.engine_move()?;
            say(
                out,
                &format!("engine plays: {}\n  why: {}", e.mv.text, e.reason),
            )?;
            continue;
        }
        show_turn(&mut s, out)?;
        loop {
            write!(out, "your move> ")?;
            out.flush()?;
            line.clear();
            crate::guard::think(None);
            if input.read_until(b'\n', &mut line)? == 0 {
                return say(out, "\nend of input: the game is left unfinished.");
            }
            crate::guard::think(think);
            // A line that is not UTF-8 text is refused, and the game goes on with the next line (it is written
            // back with U+FFFD for the bytes that are not text).
            let text = String::from_utf8_lossy(&line);
            let typed = text.trim().replace(|c: char| c.is_control(), "?");
            let typed = typed.as_str();
            if echo {
                writeln!(out, "{typed}")?;
            }
            if std::str::from_utf8(&line).is_err() {
                say(
                    out,
                    "not a move: the line is not UTF-8 text (type a move or a command; 'help' lists them)",
                )?;
                continue;
            }
            match typed.to_lowercase().as_str() {
                "quit" | "exit" | "q" => {
                    return say(out, "you quit: the game is left unfinished.");
                }
                "help" | "?" => say(out, COMMANDS)?,
                "moves" => list_moves(&mut s, out, usize::MAX)?,
                "why" => {
                    let j = s.judge_now()?;
                    say(out, &format!("why: {}", j.why))?;
                }
                "values" => values(&mut s, out)?,
                "hint" => hint(&mut s, out)?,
                "undo" => match s.undo() {
                    Ok(n) => {
                        say(out, &format!("took back {n} move{}.", plural(n)))?;
                        break;
                    }
                    Err(e) => say(out, &format!("cannot undo: {}", crate::output::said(&e)))?,
                },
                _ => match s.parse_move(typed) {
                    Ok(n) => {
                        let t = s.play(n)?;
                        say(out, &format!("you play: {}", t.mv.text))?;
                        break;
                    }
                    Err(e) => say(out, &format!("not a move: {}", crate::output::said(&e)))?,
                },
            }
        }
    }
}

const COMMANDS: &str = "\
moves: a number from the list, the move as listed, or a short form [GAME] POSITION -> RESULT (kayles 7 -> 5).
commands: hint (a winning move), why (why the position is won or lost), values (each component's value), moves (the
list again), undo (take back your last move and the engine's reply), help, quit.";

fn say(out: &mut dyn Write, text: &str) -> CliResult {
    writeln!(out, "{text}")?;
    out.flush()?;
    Ok(())
}

fn show_turn(s: &mut Session, out: &mut dyn Write) -> CliResult {
    say(out, &format!("\nposition: {} (your move)", s.position()))?;
    list_moves(s, out, LISTED)
}

fn list_moves(s: &mut Session, out: &mut dyn Write, most: usize) -> CliResult {
    let moves = s.moves()?;
    if moves.len() > most {
        return say(
            out,
            &format!(
                "{} legal moves ('moves' lists them; a short form such as '{}' plays one)",
                moves.len(),
                moves[0].short
            ),
        );
    }
    for m in &moves {
        writeln!(out, "  {}. {}   [{}]", m.number, m.text, m.short)?;
    }
    out.flush()?;
    Ok(())
}

fn hint(s: &mut Session, out: &mut dyn Write) -> CliResult {
    if let Some(m) = s.hint()? {
        return say(
            out,
            &format!(
                "hint: {}. {}   [{}] (it leaves a position the engine loses)",
                m.number, m.text, m.short
            ),
        );
    }
    let j = s.judge_now()?;
    if j.outcome == Outcome::D {
        if let Some(&n) = j.drawing.first() {
            let m = &s.moves()?[n - 1];
            return say(
                out,
                &format!(
                    "hint: no move wins (a draw); {}. {} keeps the draw",
                    m.number, m.text
                ),
            );
        }
    }
    say(
        out,
        "hint: you have no winning move: the position is lost against perfect play (every move leaves a position the engine wins)",
    )
}

fn values(s: &mut Session, out: &mut dyn Write) -> CliResult {
    let j = s.judge_now()?;
    let what = match s.convention() {
        Convention::Loopy { .. } => "generalised value",
        _ => "nim-value",
    };
    for v in &j.values {
        let mut line = format!(
            "  {} {}: {what} {}",
            v.game,
            v.position,
            v.value.as_deref().unwrap_or("unknown")
        );
        if let Some(g) = &v.genus {
            line.push_str(&format!(", genus {g}"));
        }
        writeln!(out, "{line}")?;
    }
    say(out, &format!("  {}", j.why))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(words: &str) -> PlayArgs {
        PlayArgs {
            words: words.split_whitespace().map(String::from).collect(),
            misere: false,
            loopy: false,
            first: None,
            max_positions: None,
            limits: Default::default(),
            rules: Default::default(),
        }
    }

    fn transcript(a: &PlayArgs, input: &str) -> String {
        let mut out = Vec::new();
        run_with(a, &mut input.as_bytes(), &mut out, true).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_line_that_is_not_utf8_is_refused_and_the_next_lines_are_read() {
        let mut out = Vec::new();
        let input: &[u8] = b"\xc3\x28 -> 1\nnim 1 -> 0\n";
        run_with(&cmd("nim 1"), &mut &input[..], &mut out, true).unwrap();
        let t = String::from_utf8(out).unwrap();
        assert!(
            t.contains("your move> \u{fffd}( -> 1\nnot a move: the line is not UTF-8 text"),
            "{t}"
        );
        assert!(
            t.contains("you play: nim 1: take all 1 from the heap of 1"),
            "{t}"
        );
        assert!(t.contains("game over: "), "{t}");
    }

    #[test]
    fn control_characters_typed_are_never_written_back() {
        let t = transcript(&cmd("kayles 3"), "\u{7}\n\u{1b}[31m\nquit\n");
        assert!(!t.chars().any(|c| c.is_control() && c != '\n'), "{t:?}");
        assert!(t.contains("?[31m"), "{t}");
    }

    #[test]
    fn a_piped_game_ends_with_the_verdict_and_the_first_missed_win() {
        let t = transcript(&cmd("nim 1 2"), "nim 1 -> 0\n");
        assert!(
            t.contains("you play: nim 1: take all 1 from the heap of 1"),
            "{t}"
        );
        assert!(
            t.contains("engine plays: nim 2: take all 2 from the heap of 2"),
            "{t}"
        );
        assert!(
            t.contains("game over: no move is left and you have to move"),
            "{t}"
        );
        assert!(
            t.contains("Your first missed win was move 1 in nim 1 + nim 2: you played nim 1: take all 1 from the heap of 1, but nim 2: take 1 from the heap of 2, leaving 1 wins."),
            "{t}"
        );
    }

    #[test]
    fn end_of_input_and_bad_input_are_answered_in_one_line() {
        let t = transcript(&cmd("kayles 5 7 + nim 3"), "kayles 9 -> 1\n99\nfoo\nundo\n");
        assert!(
            t.contains("not a move: no part of the position is 'kayles 9'"),
            "{t}"
        );
        assert!(
            t.contains("not a move: there is no move 99: the moves are numbered 1 to"),
            "{t}"
        );
        assert!(
            t.contains("not a move: 'foo' is not a legal move or a command"),
            "{t}"
        );
        assert!(t.contains("cannot undo: nothing to undo"), "{t}");
        assert!(
            t.ends_with("end of input: the game is left unfinished.\n"),
            "{t}"
        );
    }

    #[test]
    fn bad_command_lines_are_refused() {
        let e = crate::cmd::run_line("play nim 3 --first you").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("--first: 'you' is neither 'me' nor 'engine'"),
            "{e}"
        );
        let mut a = cmd("nim 3");
        a.max_positions = Some(10);
        assert!(run_with(&a, &mut "".as_bytes(), &mut Vec::new(), true).is_err());
        let e = run_with(&cmd(""), &mut "".as_bytes(), &mut Vec::new(), true).unwrap_err();
        assert!(e.to_string().contains("needs a GAME"), "{e}");
    }
}
