//! `grundy seq GAME --to N`: the nim-value sequence of a heap game.

use crate::args::{Args, Opt};
use crate::output::{print_json, write_stdout, CliError, CliResult};
use crate::progress::Progress;
use std::fmt::Write as _;

pub const HELP: &str = "\
grundy seq — nim-values of heaps 0..=N

USAGE
  grundy seq GAME --to N [--json]

Prints G(0), G(1), ..., G(N), one per line, for a heap game (a name, a code, subtraction:S, allbut:S, bash:K).
With --json prints {\"game\": ..., \"values\": [...]}.

EXAMPLES
  grundy seq kayles --to 100
  grundy seq 4!.0 --to 2000          Grundy's game
  grundy seq subtraction:1,3,4 --to 20
";

const OPTS: &[Opt] = &[
    Opt::Value("to"),
    Opt::Switch("json"),
    Opt::Switch("misere"),
    Opt::Switch("genus"),
    Opt::Value("max-positions"),
];

pub fn run(argv: &[String]) -> CliResult {
    if super::wants_help(argv, HELP)? {
        return Ok(());
    }
    let args = Args::parse(argv, OPTS)?;
    let [game] = args.positional.as_slice() else {
        return Err(CliError::usage("'grundy seq' takes one GAME and --to N"));
    };
    let to = args
        .value("to")
        .ok_or_else(|| CliError::usage("'grundy seq' needs --to N"))?;
    let to = grundy::error::parse_u64(to, "--to")?;
    if args.switch("misere") || args.switch("genus") {
        return super::misere::run_seq(&args, game, to);
    }
    let family = grundy::games::lookup(game)?;
    let rules = family.heap_rules().ok_or_else(|| {
        CliError::usage(format!(
            "{}: positions of this game are not heaps, so it has no sequence",
            family.name()
        ))
    })?;
    let mut bar = Progress::new(format!("{} to {to}", rules.name()), to);
    let values = rules.sequence(to, &mut |n| bar.update(n))?;
    bar.finish();
    if args.switch("json") {
        return print_json(&serde_json::json!({ "game": rules.name(), "values": values }));
    }
    let mut s = String::with_capacity(values.len() * 4);
    for v in values {
        let _ = writeln!(s, "{v}");
    }
    write_stdout(s.as_bytes())
}
