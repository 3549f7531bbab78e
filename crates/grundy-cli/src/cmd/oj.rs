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

Reads the problem's input on stdin and prints exactly the judge's expected output. Bad or truncated input is a
one-line error on stderr and exit status 2; nothing is printed on stdout then. --list names every problem with
its game and a line about it.
";

pub fn run(a: &OjArgs) -> CliResult {
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
