//! `grundy seq GAME --to N`: the nim-value sequence of a heap game.

use crate::args::{Args, Opt};
use crate::output::{print_json, write_stdout, CliError, CliResult};
use crate::progress::Progress;
use std::fmt::Write as _;

pub const HELP: &str = "\
grundy seq — nim-values of heaps 0..=N

USAGE
  grundy seq GAME --to N [--json] [--misere | --genus] [--max-positions N]

Prints G(0), G(1), ..., G(N), one per line, for a heap game (a name, a code, subtraction:S, allbut:S, bash:K).
With --json prints {\"game\": ..., \"values\": [...]}.

--misere prints misère nim-values (1 for a heap with no move, else the mex of its options' misère values, sums
searched exactly). --genus prints the genus g^γ0γ1... in CGSuite's notation (g the nim-value, γk the misère
nim-value of the heap plus k heaps *2, written until they alternate; (a,b,...) when a value exceeds 9), followed by
'tame' when the heap and every heap it reaches have the genus of a misère Nim heap.

EXAMPLES
  grundy seq kayles --to 100
  grundy seq 4!.0 --to 2000          Grundy's game
  grundy seq subtraction:1,3,4 --to 20
  grundy seq kayles --to 20 --genus      4^146 at heap 5 (Winning Ways ch. 13)
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
