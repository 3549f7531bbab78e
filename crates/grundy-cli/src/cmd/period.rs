//! `grundy period GAME [--to N] [--json]`: the preperiod, period and saltus of a heap game's nim-values, certified
//! by the Guy–Smith periodicity theorem, the subtraction-game certificate or a proved closed form where one
//! applies (see `grundy::heap::period`), else observed.

use crate::cli::PeriodCmd;
use crate::output::{print_json, write_stdout, CliResult};
use crate::progress::Progress;
use grundy::heap::period::{self, certificate_length, Certificate};
use grundy::heap::{Engine, HeapGame};
use grundy::Limits;

pub const HELP: &str = "\
grundy period — preperiod, period and saltus of a heap game's nim-values, certified where a theorem allows

USAGE
  grundy period GAME [--to N] [--engine plain|fast|auto] [--threads N] [--max-seconds S] [--max-memory SIZE]
                     [--json]

Computes the nim-values of the game, doubling the number of heaps (from 1024) until a period is certified or
heap N is reached (default 4194304 for codes a certificate covers, 16384 for other games), and prints the smallest
preperiod e and period p (and the saltus s when G(n+p) = G(n) + s).

'certified' means proved for every heap, by one of three certificates (the output names it):
  the Guy-Smith periodicity theorem: for a code with finitely many digits (t = the most tokens a move removes)
    whose moves leave at most two heaps with no !, ?, = constraint, G(n+p) = G(n) for all e <= n < 2e'+p+t
    (e' = max(e,1)) implies it for all n >= e;
  the subtraction-game certificate (the same theorem when no move splits a heap: subtraction:S, bash:K, 0.3...):
    with t the largest amount, G(n+p) = G(n) for t consecutive heaps n >= e (e <= n < e'+t) implies it for all
    n >= e, since every option of a larger heap lies in such a window;
  the game's closed form, where its module proves it periodic (bash:K: n mod (K+1), period K+1;
    constrained:L,R: period L+R; nim: G(n) = n, period 1 and saltus 1).
Anything else is 'observed up to N' only, and only when the values show it three times over and reach at least
the game's longest move past the preperiod plus one period (fewer values cannot show a period).

--threads N: threads for the fast engine (default: all cores; see 'grundy seq --help').
--max-seconds S: stop with an error after S seconds (the whole command). --max-memory SIZE: refuse, before
computing, work whose memory estimate is over SIZE (default 3G; e.g. 512M).
Progress goes to stderr: a bar on a terminal, else a plain line every 10 seconds (GRUNDY_PROGRESS_SECONDS=S).

JSON keys: game, preperiod, period, saltus, certified, certificate, values_computed, needed (values the
certificate needs).

EXAMPLES
  grundy period kayles                 preperiod 71, period 12, certified (Guy-Smith)
  grundy period 0.07                   Dawson's Kayles: preperiod 53, period 34
  grundy period subtraction:2,3,7      certified by the subtraction-game certificate
  grundy period bash:100000            period 100001, by the closed form
  grundy period lasker                 saltus 4, observed
";

pub fn run(a: &PeriodCmd) -> CliResult {
    let (engine, threads) = super::engine_args(a.engine.as_deref(), a.threads.as_deref())?;
    let limits = crate::guard::limits();
    let to =
        a.to.as_deref()
            .map(|t| grundy::error::parse_u64(t, "--to"))
            .transpose()?;
    let rules = super::heap_game(&a.game)?;
    report(&*rules, to, engine, threads, &limits, a.json)
}

/// Analyses `rules` up to heap `to` (or the default limit) and prints the result.
fn report(
    rules: &HeapGame,
    to: Option<u64>,
    engine: Engine,
    threads: usize,
    limits: &Limits,
    json: bool,
) -> CliResult {
    let code = rules.code().cloned();
    let certifiable = code.as_ref().is_some_and(period::certifiable);
    let limit = match to {
        Some(t) => t,
        None if certifiable => period::DEFAULT_LIMIT,
        None => period::DEFAULT_LIMIT_UNCERTIFIABLE,
    };
    let mut bar = Progress::new(format!("{} period", rules.name()), limit);
    let a = period::analyse_limited(rules, limit, engine, threads, limits, &mut |n, _| {
        bar.update(n)
    })?;
    bar.finish();
    let name = rules.name();
    let computed = a.values.len() as u64;
    let Some(p) = a.periodicity else {
        if json {
            return print_json(&serde_json::json!({
                "game": name, "preperiod": null, "period": null, "saltus": null, "certified": false,
                "certificate": null, "values_computed": computed,
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
    let needed = match p.by {
        Some(Certificate::ClosedForm) => None,
        _ => code
            .as_ref()
            .and_then(|c| certificate_length(c, p.preperiod, p.period)),
    };
    if json {
        return print_json(&serde_json::json!({
            "game": name, "preperiod": p.preperiod, "period": p.period, "saltus": p.saltus,
            "certified": p.certified, "certificate": p.by.map(|c| c.describe()),
            "values_computed": computed, "needed": needed,
        }));
    }
    let mut s = format!("{name}: preperiod {}, period {}", p.preperiod, p.period);
    if p.saltus != 0 {
        s += &format!(", saltus {}", p.saltus);
    }
    let law = if p.saltus == 0 {
        format!("G(n+{}) = G(n)", p.period)
    } else {
        format!("G(n+{}) = G(n) + {}", p.period, p.saltus)
    };
    match p.by {
        Some(Certificate::ClosedForm) => {
            s += &format!(
                "\ncertified: {law} for every heap n >= {} (by the game's closed form, proved in its module)\n",
                p.preperiod
            );
        }
        Some(by) => {
            s += &format!(
                "\ncertified: {law} for every heap n >= {} ({}; checked on {} values, {} needed)\n",
                p.preperiod,
                by.describe(),
                computed,
                needed.unwrap_or(computed)
            );
        }
        None => {
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
    }
    write_stdout(s.as_bytes())
}
