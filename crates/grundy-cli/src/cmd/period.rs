//! `grundy period GAME [--to N] [--json]`: the preperiod, period and saltus of a heap game's nim-values, certified
//! by the Guy–Smith periodicity theorem, the subtraction-game certificate or a proved closed form where one
//! applies (see `grundy::heap::period`), else observed.

use crate::cli::{as_text, PeriodArgs};
use crate::output::{print_json, write_stdout, CliResult};
use crate::progress::Progress;
use grundy::game::HeapView;
use grundy::heap::period::{self, Budget, Certificate, PeriodReport, Reach};
use grundy::heap::{Engine, HeapGame};
use grundy::{Limits, Nimber};

pub const HELP: &str = "\
grundy period — preperiod, period and saltus of a heap game's nim-values, certified where a theorem allows

USAGE
  grundy period GAME [--to N] [--engine plain|fast|auto] [--threads N] [--max-seconds S] [--max-memory SIZE]
                     [--out FILE] [--resume FILE] [--json | --emit cpp|python|rust]
  grundy period GAME --line 'x 5' [--to N] [--json] [--max-seconds S] [--max-memory SIZE]

Computes the nim-values of the game in steps until a period is certified, and prints the smallest preperiod e and
period p (and the saltus s when G(n+p) = G(n) + s). Each step doubles the heaps (from 1024), or, for a code a
certificate covers, goes straight to the number of values the certificate needs when the values already show a
period from e (see below: 2e'+p+t+p values for the Guy-Smith theorem).

How far: with --to N, up to heap N (a step past --max-memory or --max-seconds is an error). Without it, a code a
certificate covers is followed as far as its certificate needs, stopping (with an answer that says why, not an
error) before a step whose memory estimate is over --max-memory or whose time, predicted from the steps so far,
would pass --max-seconds (default 600 s); other games stop at heap 16384.

'certified' means proved for every heap, by one of three certificates (the output names it):
  the Guy-Smith periodicity theorem: for a code with finitely many digits (t = the most tokens a move removes)
    whose moves leave at most two heaps with no !, ?, = constraint, G(n+p) = G(n) for all e <= n < 2e'+p+t
    (e' = max(e,1)) implies it for all n >= e;
  the subtraction-game certificate (the same theorem when no move splits a heap: subtraction:S, bash:K, 0.3...):
    with t the largest amount, G(n+p) = G(n) for t consecutive heaps n >= e (e <= n < e'+t) implies it for all
    n >= e, since every option of a larger heap lies in such a window;
  the game's closed form, where its module proves it periodic (bash:K: n mod (K+1), period K+1;
    constrained:L,R: period L+R; nim: G(n) = n, period 1 and saltus 1).
Anything else is 'observed up to N' only, and only when the values show it eight times over and reach at least
the game's longest move past the preperiod plus one period (fewer values cannot show a period). Without --to, a
period seen is watched to heap 16383 as far as 4 s allow; with --to N the values are computed to heap N first.

--threads N: threads for the fast engine (default: all cores; see 'grundy seq --help').
--max-seconds S: stop with an error after S seconds (the whole command). --max-memory SIZE: refuse, before
computing, work whose memory estimate is over SIZE (default 3G; e.g. 512M).
Progress goes to stderr: a bar on a terminal, else a plain line every 10 seconds (GRUNDY_PROGRESS_SECONDS=S).
--out FILE: save the values to FILE after each step (the format of 'grundy seq --out'). --resume FILE: start from
the values in FILE (written by 'period --out' or 'seq --out'; looked at first, then extended, appending to FILE
unless --out names another). A run stopped by a limit says what FILE holds and the command that resumes it.

--emit cpp|python|rust: print a standalone function sg(n) computing the period found (the preperiod and one period
as a table, with the saltus, or n mod p), with a comment giving the law and whether it is certified, and a main
that checks it against the values of heaps up to 100000 (see 'grundy help pattern'). No period is an error.

JSON keys: game, preperiod, period, saltus, certified, certificate, values_computed, needed (values the
certificate needs), stopped (why a search without --to stopped short of a certificate, else null).

--line 'x 5': a game of two or more numbers along one line, every number fixed but x (see 'grundy help seq'): the
smallest period (ordinary, else arithmetic) that G(x, 5) for x = 0..=N shows eight times past its preperiod. With
--to N, on x = 0..=N. Without it, N = 1023, doubled (2047, 4095, ... up to 65535, a progress bar for each step on
stderr) until two steps in a row show the same period, preperiod and saltus (it then held on values it was not read
from); a step whose time, predicted from the last (four times it: a point has as many options as its x), would pass
--max-seconds (default 60 s for a line) is not started, and a step a limit stops leaves the last step's values: the answer
then says where and why it stopped ('stopped: ...'). Always 'observed on x = 0..=N only': a line is a view of the
game's table (a position's options may leave the line), so no periodicity theorem covers it. JSON: game, line
(true), from, to, preperiod, period, saltus, certified (false), certificate (null), values_computed, stopped (why
the doubling stopped short of a period seen twice; null when it found one or with --to). --engine, --threads,
--out, --resume and --emit do not apply to a line and are refused.

EXAMPLES
  grundy period kayles                 preperiod 71, period 12, certified (Guy-Smith)
  grundy period 0.07                   Dawson's Kayles: preperiod 53, period 34
  grundy period subtraction:2,3,7      certified by the subtraction-game certificate
  grundy period bash:100000            period 100001, by the closed form
  grundy period lasker                 saltus 4, observed
  grundy period 0.16 --to 200000 --out 0.16.seq   no period yet in heaps 0..=200000, the values kept in the file
  grundy period 0.16 --resume 0.16.seq            goes on from the file: preperiod 105351, period 149459, certified
  grundy period 0.1777 --max-memory 16G --max-seconds none --out 0.1777.seq   (a long run: minutes)
                                       preperiod 160949018, period 60620715 (Flammenkamp's tables), certified
  grundy period wythoff --line 'x 3'   preperiod 8, period 6, saltus 6, observed on x = 0..=2047
";

/// The time budget of a `period` run with no `--to` and no `--max-seconds`: a step predicted to end later is not
/// started.
pub const DEFAULT_BUDGET_SECONDS: f64 = 600.0;

pub fn run(a: &PeriodArgs) -> CliResult {
    let engine = a.engine.unwrap_or(Engine::Auto);
    let threads = a.threads.unwrap_or_else(super::all_cores);
    let limits = crate::guard::limits();
    let to = a.to;
    super::load_rules(&a.rules, false)?;
    if let Some(spec) = &a.line {
        return run_line(a, spec);
    }
    let game = super::game_or_script(a.game.as_deref())?;
    super::lookup(&game)?.normal_values_only("a period")?;
    let rules = super::heap_game(&game)?;
    let out = a.out.as_deref().or(a.resume.as_deref()).map(as_text);
    let hint = |to: Option<u64>| {
        let mut c = format!("grundy period {game}{}", a.rules.as_flags());
        if let Some(t) = to {
            c += &format!(" --to {t}");
        }
        if let Some(f) = out {
            c += &format!(" --resume {f}");
        }
        c
    };
    let command = hint(to);
    report(a, &rules, to, engine, threads, &limits, out, &command)
        .map_err(|e| super::seq::resumable(e, out, &command))
}

/// The first range of `period --line` without `--to`: x = 0..=1023, doubled (to 2047, 4095, ...) until a period is
/// observed ([`line_search`]).
pub const LINE_FIRST_TO: u64 = 1023;

/// The time budget of `period --line` without `--to` or `--max-seconds` (a line's steps cost the square of their
/// range, and a line may show no period: the default finishes within a minute).
pub const LINE_BUDGET_SECONDS: f64 = 60.0;

/// The last x `period --line` doubles to without `--to`.
pub const LINE_LAST_TO: u64 = (1 << 16) - 1;

/// `grundy period GAME --line SPEC [--to N]`: the period observed on a game of two or more numbers along one line,
/// `x = 0..=N` (`grundy::analysis::line`), always labelled observed on that range: a line is a view of the game's
/// table, which no periodicity theorem covers.
fn run_line(a: &PeriodArgs, spec: &str) -> CliResult {
    super::refuse_on_line(
        "period",
        &[
            (a.engine.is_some(), "--engine"),
            (a.threads.is_some(), "--threads"),
            (a.out.is_some(), "--out"),
            (a.resume.is_some(), "--resume"),
            (a.emit.is_some(), "--emit"),
        ],
        "its values come from the game's own search of its positions, in memory, and its period is observed \
         only: no heap engine, file or emitted program",
    )?;
    let line = super::line_game(a.game.as_deref(), spec)?;
    let (l, stopped) = line_search(&*line, a.to)?;
    // The values are all in: the deadline no longer ends the process while the answer is written.
    crate::guard::answering();
    let p = l.periodicity.as_ref();
    if a.json {
        return print_json(&serde_json::json!({
            "game": l.game, "line": true, "from": l.from, "to": l.to(),
            "preperiod": p.map(|p| p.preperiod), "period": p.map(|p| p.period), "saltus": p.map(|p| p.saltus),
            "certified": false, "certificate": null, "values_computed": l.values.len(), "stopped": stopped,
        }));
    }
    let range = format!("x = {}..={}", l.from, l.to());
    let s = match p {
        None => format!(
            "{}: no period observed on {range} ({}; --to N looks further, up to x = N)\n",
            l.game,
            stopped.as_deref().unwrap_or("the range asked for")
        ),
        Some(p) => {
            let law = if p.saltus == 0 {
                format!("G(x+{}) = G(x)", p.period)
            } else {
                format!("G(x+{}) = G(x) + {}", p.period, p.saltus)
            };
            format!(
                "{}: preperiod {}, period {}{}\nobserved on {range} only: {law} for {} <= x <= {} (a line is a view of \
                 the game's table: no periodicity theorem covers it)\n",
                l.game,
                p.preperiod,
                p.period,
                if p.saltus == 0 { String::new() } else { format!(", saltus {}", p.saltus) },
                p.preperiod,
                l.to() - p.period
            ) + stopped
                .as_ref()
                .map_or(String::new(), |w| format!("stopped: {w}; --to N computes to x = N\n"))
                .as_str()
        }
    };
    write_stdout(s.as_bytes())
}

/// The values along `line` and the period observed on them: on x = 0..=`to` when given; else on x = 0..=1023,
/// doubled (2047, 4095, ...) until a period is observed twice ([`grundy::heap::period::observe`]: at least eight periods
/// past its preperiod), up to [`LINE_LAST_TO`], within the memory budget and a time budget (--max-seconds, else
/// [`LINE_BUDGET_SECONDS`]): a step whose time, predicted from the last (a point has as many options as its x,
/// so four times it), would pass the budget is not started, and a step a limit stops leaves the last one's values.
/// A period is taken when the step before showed the same one (preperiod, period and saltus), so that it held on
/// values it was not read from. Each step shows its progress on stderr. With the values, why the search stopped
/// short of such a period (`None` when it found one or `to` was given).
fn line_search(
    line: &dyn grundy::games::AnyGame,
    to: Option<u64>,
) -> CliResult<(grundy::analysis::line::LineValues, Option<String>)> {
    use grundy::analysis::line::values;
    if let Some(to) = to {
        let mut bar = Progress::new(format!("{} to x = {to}", line.name()), to);
        let cx = crate::guard::context_with(crate::guard::limits());
        let l = values(line, to, &cx, &mut |n| bar.update(n))?;
        bar.finish();
        return Ok((l, None));
    }
    // A step stops a little before the command's deadline, so that the last step's answer is printed in time.
    let (limits, command_deadline) = crate::guard::limits_before_saving();
    let commands = |e: grundy::Error| match (command_deadline, limits.deadline) {
        (Some(d), Some(early)) if e.message() == early.error().message() => d.error(),
        _ => e,
    };
    let budget = limits
        .deadline
        .map_or(LINE_BUDGET_SECONDS, |d| d.remaining().as_secs_f64());
    // The budget as the user set it (the command's own deadline), for messages.
    let limit = command_deadline.map_or(LINE_BUDGET_SECONDS, |d| d.seconds());
    let seconds = |s: f64| {
        if s < 10.0 {
            format!("{s:.1}")
        } else {
            format!("{s:.0}")
        }
    };
    // Said first when the search stops with a period seen on the last range only.
    let unchecked = |l: &grundy::analysis::line::LineValues| match l.periodicity {
        Some(_) => format!(
            "the period seen on x = {}..={} was not checked on more values: ",
            l.from,
            l.to()
        ),
        None => String::new(),
    };
    let start = std::time::Instant::now();
    let cx = crate::guard::context_with(limits);
    let mut last = None;
    let mut n = LINE_FIRST_TO;
    loop {
        let began = std::time::Instant::now();
        let mut bar = Progress::new(
            format!("{} to x = {n} (doubling until a period shows)", line.name()),
            n,
        );
        let got = values(line, n, &cx, &mut |d| bar.update(d));
        bar.finish();
        let l = match (got, last.take()) {
            (Ok(l), prev) => {
                last = prev;
                l
            }
            (Err(e), Some(prev)) if e.budget().is_some() => {
                let why = format!(
                    "{}the step to x = {n} was stopped: {}",
                    unchecked(&prev),
                    crate::output::said(&commands(e))
                );
                return Ok((prev, Some(why)));
            }
            (Err(e), _) => return Err(commands(e).into()),
        };
        // A period is taken when the step before saw the same one on half the values: it held on values it was
        // not read from. (A line whose values are x up to 1100 and 0 past it shows period 1, saltus 1, on
        // 0..=1023.)
        let seen = |v: &grundy::analysis::line::LineValues| {
            v.periodicity
                .as_ref()
                .map(|p| (p.preperiod, p.period, p.saltus))
        };
        if l.periodicity.is_some() && last.as_ref().map(seen) == Some(seen(&l)) {
            return Ok((l, None));
        }
        if n >= LINE_LAST_TO {
            let why = format!(
                "{}x = {n} is as far as the search doubles without --to",
                unchecked(&l)
            );
            return Ok((l, Some(why)));
        }
        let next = n.saturating_mul(2).saturating_add(1).min(LINE_LAST_TO);
        let predicted = began.elapsed().as_secs_f64() * 4.0;
        if start.elapsed().as_secs_f64() + predicted > budget {
            let why = format!(
                "{}the step to x = {next}, predicted to take about {} s, would pass the time budget of {} s",
                unchecked(&l),
                seconds(predicted),
                seconds(limit)
            );
            return Ok((l, Some(why)));
        }
        last = Some(l);
        n = next;
    }
}

/// Analyses `rules` up to heap `to` (or, by default, as far as the certificate needs within the budgets) and
/// prints the result.
///
/// Long: the run and its report in order: the reach and its budget, the resume from a file, the search with its
/// progress and saving closure, then the JSON, the emitted program or the text, whose wording reads most of the
/// search's locals.
#[allow(clippy::too_many_arguments)]
fn report(
    a: &PeriodArgs,
    rules: &HeapGame,
    to: Option<u64>,
    engine: Engine,
    threads: usize,
    limits: &Limits,
    out: Option<&str>,
    command: &str,
) -> CliResult {
    let json = a.json;
    let emit = a.emit;
    let code = rules.code().cloned();
    let certifiable = code.as_ref().is_some_and(period::certifiable);
    let name = rules.name();
    // By default a code a certificate covers is followed as far as its certificate needs, within the memory budget
    // (--max-memory) and a time budget (--max-seconds, else DEFAULT_BUDGET_SECONDS).
    let reach = match to {
        Some(t) => Reach {
            limit: t,
            budget: None,
            keep_values: false,
            observe_all: true,
        },
        None if certifiable => Reach {
            limit: grundy::heap::FAST_MAX_HEAP,
            budget: Some(Budget {
                seconds: limits
                    .deadline
                    .map_or(DEFAULT_BUDGET_SECONDS, |d| d.remaining().as_secs_f64()),
                start: std::time::Instant::now(),
            }),
            keep_values: false,
            observe_all: false,
        },
        None => Reach {
            limit: period::DEFAULT_LIMIT_UNCERTIFIABLE,
            budget: None,
            keep_values: false,
            observe_all: false,
        },
    };
    let prefix = match a.resume.as_deref().map(as_text) {
        Some(file) => {
            // Only what the file holds is read (at most up to the limit), not the limit's worth.
            let held = super::seq::saved_values(file).unwrap_or(0);
            let upto = reach.limit.min(held.saturating_sub(1));
            let prefix = super::seq::read_file(file, rules, upto, limits)?;
            if let Some(o) = out.filter(|&o| o != file) {
                super::seq::start_file(o, &name)?;
                super::seq::append(o, &prefix, &name)?;
            }
            prefix
        }
        None => {
            if let Some(file) = out {
                super::seq::start_file(file, &name)?;
            }
            Vec::new()
        }
    };
    crate::guard::set_resume_hint(&match out {
        Some(file) => format!(
            "saved in {file}: {}; resume with '{command}'",
            match prefix.len() {
                0 => "none yet".to_string(),
                n => format!("heaps 0..={}", n - 1),
            }
        ),
        None => "nothing was saved: run with --out FILE to keep the values and --resume FILE to continue"
            .to_string(),
    });
    let mut bar = Progress::new(format!("{name} period"), reach.limit.min(1023));
    let mut step_to = 0;
    let mut saved = |new: &[Nimber], from: usize| -> grundy::Result<()> {
        let Some(file) = out else { return Ok(()) };
        super::seq::append(file, new, &name).map_err(|e| grundy::Error::input(e.to_string()))?;
        crate::guard::set_resume_hint(&format!(
            "saved in {file}: heaps 0..={}; resume with '{command}'",
            (from + new.len()).saturating_sub(1)
        ));
        Ok(())
    };
    let a = period::search(
        rules,
        prefix,
        reach,
        engine,
        threads,
        limits,
        &mut |n, to| {
            if to != step_to {
                step_to = to;
                bar.set_total(to);
            }
            bar.update(n)
        },
        &mut saved,
    )?;
    bar.finish();
    let r = PeriodReport::worded(rules, &a, crate::output::flag_words);
    if json {
        return print_json(
            &serde_json::to_value(&r).map_err(|e| grundy::Error::input(e.to_string()))?,
        );
    }
    if let Some(lang) = emit {
        return emit_code(
            rules,
            a.periodicity.as_ref(),
            r.values_computed,
            lang.language(),
        );
    }
    let (stopped, computed, needed) = (r.stopped, r.values_computed, r.needed);
    // A script recognised as a code: say so, after the period's lines.
    let recognised = match &r.recognised {
        Some(grundy::heap::period::Recognised { code, to }) => format!(
            "{name}'s moves on heaps 0..={to} are exactly those of the code {code}: 'grundy period {code}' certifies \
             that code's period, and 'grundy value' answers heaps past the table as {code}, stating the assumption\n"
        ),
        None => String::new(),
    };
    let Some(p) = a.periodicity else {
        let why = match &stopped {
            Some(s) => format!("stopped: {s}"),
            None => "raise --to to look further".to_string(),
        };
        return write_stdout(
            format!(
                "{name}: no period observed in heaps 0..={} ({why})\n{recognised}",
                computed - 1
            )
            .as_bytes(),
        );
    };
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
                if let Some(s) = &stopped {
                    format!("more values are needed; stopped: {s}")
                } else if certifiable {
                    "more values are needed; raise --to".to_string()
                } else if p.saltus != 0 {
                    "arithmetic periodicity has no certificate here".to_string()
                } else {
                    "no periodicity theorem here covers this game".to_string()
                }
            );
        }
    }
    s += &recognised;
    write_stdout(s.as_bytes())
}

/// `--emit LANG`: the period as code (`grundy::analysis::emit`), checked against the values of heaps up to
/// `min(computed - 1, 100000)` (and at least one preperiod and period), computed again.
fn emit_code(
    rules: &HeapGame,
    periodicity: Option<&period::Periodicity>,
    computed: u64,
    lang: grundy::analysis::emit::Language,
) -> CliResult {
    use grundy::analysis::emit;
    let Some(p) = periodicity else {
        return Err(crate::output::CliError::usage(format!(
            "{}: no period was found on heaps 0..={}, so there is no sg(n) to emit (raise --to, or try 'grundy pattern {} --emit {}')",
            rules.name(),
            computed.saturating_sub(1),
            rules.name(),
            lang.name()
        )));
    };
    let table = p.preperiod + p.period;
    if table > 4 * emit::MAX_TABLE {
        return Err(crate::output::CliError::usage(format!(
            "{}: the preperiod and period hold {table} values, more than the {} an emitted table may hold",
            rules.name(),
            emit::MAX_TABLE
        )));
    }
    let upto = (table - 1).max(computed.saturating_sub(1).min(emit::MAX_CHECKED as u64 - 1));
    let values = grundy::heap::sequence::values(rules, upto, &mut |_| {})?;
    let found = grundy::analysis::pattern::sequence_rules(&rules.name(), &values, Some(p));
    write_stdout(emit::emit_from(&found, &values, lang, "period")?.as_bytes())
}
