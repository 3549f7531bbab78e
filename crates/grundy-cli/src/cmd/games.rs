//! `grundy games`: the catalog.

use crate::output::{write_stdout, CliError, CliResult};

pub const HELP: &str = "\
grundy games — the named games

Lists each named game with its take-and-break code (CGSuite notation) or rule, and a line about it. Any of the
names, or a code, can be given to 'grundy value' and 'grundy seq'.
";

pub fn run(argv: &[String]) -> CliResult {
    if super::wants_help(argv, HELP)? {
        return Ok(());
    }
    if let Some(a) = argv.first() {
        return Err(CliError::usage(format!(
            "'grundy games' takes no arguments, found '{a}'"
        )));
    }
    let mut s = String::new();
    let entries = grundy::games::catalog();
    let w = entries.iter().map(|e| e.name.len()).max().unwrap_or(0);
    let c = entries
        .iter()
        .map(|e| e.spec.chars().count())
        .max()
        .unwrap_or(0);
    for e in entries {
        let pad = c - e.spec.chars().count();
        s.push_str(&format!(
            "{:<w$}  {}{}  {}\n",
            e.name,
            e.spec,
            " ".repeat(pad),
            e.summary
        ));
    }
    write_stdout(s.as_bytes())
}
