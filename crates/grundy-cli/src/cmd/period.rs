//! `grundy period GAME [--to N] [--json]`: the preperiod, period and saltus of a heap game's nim-values, certified
//! by the Guy–Smith periodicity theorem where it applies (see `grundy::heap::period`), else observed.

use crate::args::Args;
use crate::output::{print_json, write_stdout, CliError, CliResult};
use crate::progress::Progress;
use grundy::heap::period::{self, certificate_length};

pub const HELP: &str = "\
grundy period — preperiod, period and saltus of a heap game's nim-values, certified where a theorem allows

USAGE
  grundy period GAME [--to N] [--engine plain|fast|auto] [--threads N] [--json]

Computes the nim-values of the game, doubling the number of heaps (from 1024) until a period is certified or
heap N is reached (default 4194304 for codes the theorem covers, 16384 for other games), and prints the smallest
preperiod e and period p (and the saltus s when G(n+p) = G(n) + s).

'certified' means proved for every heap by the Guy-Smith periodicity theorem: for a code with finitely many digits
(t = the most tokens a move removes) whose moves leave at most two heaps with no !, ?, = constraint,
G(n+p) = G(n) for all e <= n < 2e'+p+t (e'+t when no move leaves two heaps; e' = max(e,1)) implies it for all
n >= e. Arithmetic periods, and periods of games the theorem does not cover (Grundy's game, codes leaving three
heaps, constrained splits), are reported as 'observed up to N' only.

--threads N: threads for the fast engine (default: all cores; see 'grundy seq --help').

JSON keys: game, preperiod, period, saltus, certified, values_computed, needed (values the certificate needs).

EXAMPLES
  grundy period kayles                 preperiod 71, period 12, certified
  grundy period 0.07                   Dawson's Kayles: preperiod 53, period 34
  grundy period subtraction:2,3,7
  grundy period lasker                 saltus 4, observed
";

pub fn run(args: &Args) -> CliResult {
    let [game] = args.positional.as_slice() else {
        return Err(CliError::usage("'grundy period' takes one GAME"));
    };
    let (engine, threads) = super::engine_args(args)?;
    let rules = super::heap_game(game)?;
    let code = rules.code().cloned();
    let certifiable = code.as_ref().is_some_and(period::certifiable);
    let limit = match args.value("to") {
        Some(t) => grundy::error::parse_u64(t, "--to")?,
        None if certifiable => period::DEFAULT_LIMIT,
        None => period::DEFAULT_LIMIT_UNCERTIFIABLE,
    };
    let mut bar = Progress::new(format!("{} period", rules.name()), limit);
    let a = period::analyse(&*rules, limit, engine, threads, &mut |n, _| bar.update(n))?;
    bar.finish();
    let name = rules.name();
    let computed = a.values.len() as u64;
    let Some(p) = a.periodicity else {
        if args.switch("json") {
            return print_json(&serde_json::json!({
                "game": name, "preperiod": null, "period": null, "saltus": null, "certified": false,
                "values_computed": computed,
            }));
        }
        return write_stdout(
            format!(
                "{name}: no period observed in heaps 0..={} (raise --to to look further)\n",
                computed - 1
            )
            .as_bytes(),
        );
    };
    let needed = code
        .as_ref()
        .and_then(|c| certificate_length(c, p.preperiod, p.period));
    if args.switch("json") {
        return print_json(&serde_json::json!({
            "game": name, "preperiod": p.preperiod, "period": p.period, "saltus": p.saltus,
            "certified": p.certified, "values_computed": computed, "needed": needed,
        }));
    }
    let mut s = format!("{name}: preperiod {}, period {}", p.preperiod, p.period);
    if p.saltus != 0 {
        s += &format!(", saltus {}", p.saltus);
    }
    if p.certified {
        s += &format!(
            "\ncertified: G(n+{}) = G(n) for every heap n >= {} (Guy-Smith theorem; checked on {} values, {} needed)\n",
            p.period,
            p.preperiod,
            computed,
            needed.unwrap_or(computed)
        );
    } else {
        s += &format!(
            "\nobserved up to heap {} only (not certified: {})\n",
            computed - 1,
            if certifiable {
                "more values are needed; raise --to"
            } else if p.saltus != 0 {
                "arithmetic periodicity has no certificate here"
            } else {
                "no periodicity theorem here covers this game"
            }
        );
    }
    write_stdout(s.as_bytes())
}
