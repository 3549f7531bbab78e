//! A survey of the periods of every code of a family (`grundy sweep`): the [`Family`] and its shards, the
//! [`Record`] of each code (one JSON line), the search of one code within its budgets ([`survey_code`]), the
//! [`merge`] of a sharded survey's files, and the [`summary`] that compares with [`Published`] figures.
//!
//! The front ends read the arguments, run the codes, write the lines and print; what a survey is lives here.

mod family;
mod merge;
mod published;
mod record;

pub use family::{game_key, parse_code_list, Family, Shard, LIST};
pub use merge::{best_records, certificate_versions, check_family, merge, open_codes, prefer};
pub use published::{no_negative_zero, summary, Published};
pub use record::{
    csv, read_records, read_text, LineError, Record, CERTIFICATE_VERSION, CSV_COLUMNS,
    MAX_LINE_BYTES,
};

use crate::clock::Instant;
use crate::context::Context;
use crate::game::HeapView;
use crate::games::Registry;
use crate::heap::period::{self, Budget, Reach};
use crate::heap::{sparse, Engine, FAST_MAX_HEAP};
use crate::limits::{Deadline, Limits};

/// The budgets of each code of a survey.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PerCode {
    /// Compute at most heaps `0..=to` (and observe a period there); `None`: as far as the certificate needs.
    pub to: Option<u64>,
    /// Seconds for each code: a step predicted to pass it is not started, and a step that does is stopped.
    pub seconds: f64,
}

impl PerCode {
    /// The largest heap a search within these budgets may reach (`to`, else the engine's limit).
    pub fn heaps(&self) -> u64 {
        self.to.unwrap_or(FAST_MAX_HEAP)
    }

    /// Whether `r` needs no new run within these budgets and `memory` (bytes): it is certified, or it ran with
    /// budgets at least as large (so this run could not get further). A record without its budgets (written
    /// before records carried them) is not covered.
    pub fn covered_by(&self, r: &Record, memory: u64) -> bool {
        r.certified
            || (r.budget_seconds.is_some_and(|s| s >= self.seconds)
                && r.budget_heaps.is_some_and(|h| h >= self.heaps())
                && r.budget_memory.is_some_and(|m| m >= memory))
    }
}

/// The name of an engine in a record.
fn engine_name(e: Engine) -> &'static str {
    match e {
        Engine::Plain => "plain",
        Engine::Fast => "fast",
        Engine::Auto => "auto",
    }
}

/// The record of one code (a game spec of `registry`) of `family`: its period searched for within `budget` and
/// the memory budget and threads of `cx` (its deadline is not read: each code has its own, `budget.seconds`). A
/// code that fails (a limit, a spec that is no heap game) is recorded as open, with the reason; this never fails.
/// The record carries its provenance: the library's version, the budgets, the threads and the engine.
pub fn survey_code(
    registry: &Registry,
    code: &str,
    family: &str,
    budget: PerCode,
    cx: &Context,
) -> Record {
    let (r, engine) = search_code(registry, code, family, budget, cx);
    Record {
        budget_heaps: Some(budget.heaps()),
        budget_memory: Some(cx.limits.max_memory),
        budget_seconds: Some(budget.seconds),
        certificate_version: Some(CERTIFICATE_VERSION),
        engine: Some(engine_name(engine).to_string()),
        threads: Some(cx.threads() as u64),
        version: Some(env!("CARGO_PKG_VERSION").to_string()),
        ..r
    }
}

/// What an error that left a code open says of it: `budget` for a limit (or a cancellation), which a larger
/// budget may get past, else `error`.
fn stopped_by(e: &crate::Error) -> &'static str {
    match e.kind() {
        crate::ErrorKind::Limit | crate::ErrorKind::Cancelled => "budget",
        _ => "error",
    }
}

/// The record of [`survey_code`] without its provenance, and the engine that ran.
fn search_code(
    registry: &Registry,
    code: &str,
    family: &str,
    budget: PerCode,
    cx: &Context,
) -> (Record, Engine) {
    let start = Instant::now();
    let secs = || (start.elapsed().as_secs_f64() * 1000.0).round() / 1000.0;
    let rules = match registry.lookup(code).and_then(|g| {
        let name = g.name();
        g.heap_game().ok_or_else(|| {
            crate::Error::input(format!(
                "{name}: positions of this game are not heaps, so it has no sequence"
            ))
        })
    }) {
        Ok(r) => r,
        Err(e) => {
            return (
                Record {
                    stopped_by: Some(stopped_by(&e).to_string()),
                    ..Record::stopped(code, family, secs(), e.message())
                },
                Engine::Auto,
            )
        }
    };
    let limits = Limits {
        deadline: Some(Deadline::after_seconds(budget.seconds)),
        max_memory: cx.limits.max_memory,
        ..Limits::default()
    };
    let reach = Reach {
        limit: budget.heaps(),
        budget: Some(Budget {
            seconds: budget.seconds,
            start,
        }),
        // The statistics of the record are computed over the values.
        keep_values: true,
        observe_all: budget.to.is_some(),
    };
    let r = period::search(
        &rules,
        Vec::new(),
        reach,
        Engine::Auto,
        cx.threads(),
        &limits,
        &mut |_, _| {},
        &mut |_, _| Ok(()),
    );
    let seconds = secs();
    let a = match r {
        Ok(a) => a,
        Err(e) => {
            return (
                Record {
                    stopped_by: Some(stopped_by(&e).to_string()),
                    ..Record::stopped(code, family, seconds, e.message())
                },
                Engine::Auto,
            )
        }
    };
    let phase = rules.code().and_then(sparse::phase_of);
    let st = sparse::stats(&a.values, sparse::best_split(&a.values, phase));
    let p = a.periodicity.as_ref();
    let certified = p.is_some_and(|p| p.certified);
    let stopped = match (&a.stopped, certified) {
        (Some(s), _) => Some(s.message().to_string()),
        (None, false) => Some(format!(
            "no certificate in heaps 0..={}",
            a.values.len().saturating_sub(1)
        )),
        (None, true) => None,
    };
    let record = Record {
        certificate: p.and_then(|p| p.by).map(|c| c.describe().to_string()),
        certified,
        code: code.to_string(),
        family: family.to_string(),
        largest: Some(st.largest),
        largest_at: Some(st.largest_at as u64),
        last_rare: st.last_rare,
        period: p.map(|p| p.period),
        preperiod: p.map(|p| p.preperiod),
        rare_positions: Some(st.rare_positions as u64),
        saltus: p.map(|p| p.saltus),
        seconds: Some(seconds),
        stopped_by: (!certified).then(|| "budget".to_string()),
        stopped,
        values_computed: Some(a.values.len() as u64),
        ..Record::stopped(code, family, seconds, "")
    };
    (record, a.engine)
}
