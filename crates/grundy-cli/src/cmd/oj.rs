//! `grundy oj ID`: answer a judge problem from stdin.

use crate::cli::OjArgs;
use crate::oj::{problems, Run, Tokens};
use crate::output::{print_json, write_stdout, CliError, CliResult};
use std::io::Read;

pub const HELP: &str = "\
grundy oj — answer a judge problem

USAGE
  grundy oj ID < input
  grundy oj --list
  grundy oj --game GAME [--say FIRST,SECOND] < input
  grundy oj --rules FILE | --moves EXPR [--say FIRST,SECOND] < input

Reads the problem's input on stdin and prints exactly the judge's expected output. Bad or truncated input is a
one-line error on stderr and exit status 2; nothing is printed on stdout then. --list names every problem with
its game and a line about it.

Any game, in the most common judge format: with --game GAME (a catalog name or a code), or with a rules script
(--rules FILE, --moves EXPR) and no GAME, stdin holds T, then T test cases, each a count K and K positions of the
game (a heap is one number; a position of a pair game, such as a script's fn moves(a, b), two numbers). Each case
is a sum; one line per case says who wins it with perfect play under normal play: 'First' (the player to move)
or 'Second', or the two words of --say (--say Alice,Bob; --say YES,NO). Every position of every case is valued
with one table or one memo; a note an answer rests on (a script answered as the code it was recognised as) goes
to stderr. Only who wins is asked, so a case of one position of a game that is not a heap game (a pair script, a
history written as a pair) is settled by a win-loss search that stops at the first move to a P-position (as
'grundy value --outcome'): Fibonacci Nim from 3000 tokens as a pair script in 0.14 s instead of half a minute.

EXAMPLES
  printf '2\n3\n1 4 5\n1\n7\n' | grundy oj --game kayles
  printf '1\n2\n1000000000000000000 5\n' | grundy oj --moves 'n => [n - 1, n - 3, n - 4]' --say Alice,Bob
";

pub fn run(a: &OjArgs) -> CliResult {
    let script = !a.rules.rules.is_empty() || a.rules.moves.is_some();
    if a.game.is_some() || script {
        return run_cases(a);
    }
    if a.say != "First,Second" {
        return Err(CliError::usage(
            "--say goes with --game or a rules script; a problem's answer is the judge's output, exactly",
        ));
    }
    let all = problems();
    if a.json && !a.list {
        // A judge's answer is the judge's text, exactly: there is no JSON of it (a flag is never ignored).
        return Err(CliError::usage(
            "--json goes with --list; a problem's answer is the judge's output, exactly as the judge reads it",
        ));
    }
    if a.list {
        if a.json {
            let list: Vec<serde_json::Value> = all
                .iter()
                .map(|p| serde_json::json!({ "id": p.id, "game": p.game, "summary": p.summary }))
                .collect();
            return print_json(&serde_json::json!({ "problems": list }));
        }
        let w = all.iter().map(|p| p.id.len()).max().unwrap_or(0);
        let g = all.iter().map(|p| p.game.len()).max().unwrap_or(0);
        let mut s = String::new();
        for p in &all {
            s.push_str(&format!("{:<w$}  {:<g$}  {}\n", p.id, p.game, p.summary));
        }
        return write_stdout(s.as_bytes());
    }
    let Some(id) = &a.id else {
        return Err(CliError::Lib(grundy::Error::input(
            "'grundy oj' takes one problem ID (see 'grundy oj --list')",
        )));
    };
    let p = all
        .iter()
        .find(|p| p.id == id.to_ascii_lowercase())
        .ok_or_else(|| {
            CliError::Lib(grundy::Error::input(format!(
                "unknown problem '{id}' (see 'grundy oj --list')"
            )))
        })?;
    let stdin = std::io::stdin();
    let mut out = Vec::with_capacity(1 << 16);
    let done = match p.run {
        Run::Tokens(run) => run(&mut Tokens::from_reader(stdin.lock()), &mut out),
        Run::Bytes(run) => {
            let mut input = Vec::new();
            stdin.lock().read_to_end(&mut input)?;
            run(&input, &mut out)
        }
    };
    done.map_err(|e| e.context(format!("oj {}", p.id)))?;
    write_stdout(&out)
}

/// `grundy oj --game GAME` (or a rules script): T test cases, each a count and that many positions of one game, one
/// line per case in the words of `--say`.
fn run_cases(a: &OjArgs) -> CliResult {
    super::load_rules(&a.rules, false)?;
    let (first, second) = a
        .say
        .split_once(',')
        .filter(|(f, s)| !f.is_empty() && !s.is_empty() && !s.contains(','))
        .ok_or_else(|| {
            CliError::usage(format!(
                "--say {}: give two words separated by a comma, the first for a first-player win (e.g. --say Alice,Bob)",
                grundy::error::escape(&a.say)
            ))
        })?;
    let name = super::game_or_script(a.game.as_deref())?;
    let game = super::catalog().lookup(&name)?;
    let k = grundy::analysis::cases::numbers_per_position(&*game)?;
    let stdin = std::io::stdin();
    let mut t = Tokens::from_reader(stdin.lock());
    let count = t.int("the number of test cases T", 0, 10_000_000)?;
    let mut cases = Vec::new();
    let mut total = 0u64;
    // Each number is read under a fixed label, and its case named only when it is wrong: no text is made per
    // number of a judge's 10^6.
    for i in 1..=count {
        let positions = t
            .int("the number of positions K", 0, 10_000_000)
            .map_err(|e| e.context(format!("case {i}")))?;
        total += positions;
        if total > 20_000_000 {
            return Err(CliError::usage(
                "more than 20000000 positions in all: too many for one run",
            ));
        }
        let mut case = Vec::with_capacity(positions as usize);
        for j in 1..=positions {
            let p = (0..k)
                .map(|_| t.int("a position", 0, u64::MAX))
                .collect::<grundy::Result<Vec<u64>>>()
                .map_err(|e| e.context(format!("case {i}, position {j}")))?;
            case.push(p);
        }
        cases.push(case);
    }
    t.expect_end()?;
    let cx = crate::guard::context_with(crate::guard::limits());
    // Only who wins is asked: a case of one position is settled by a win-loss search where no formula values it.
    let found = grundy::analysis::cases::outcomes(&*game, &cases, &cx)?;
    for n in &found.notes {
        eprintln!("note: {n}");
    }
    let mut out = String::with_capacity(found.outcomes.len() * (first.len().max(second.len()) + 1));
    for o in found.outcomes {
        out.push_str(if o == grundy::Outcome::N {
            first
        } else {
            second
        });
        out.push('\n');
    }
    write_stdout(out.as_bytes())
}
