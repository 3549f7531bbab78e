//! The budgeted search driver: the sequence computed by doubling steps (or straight to the certificate's own
//! length) until a period is certified or observed, within limits of heaps, memory and time, and the report made
//! of what it found.

use super::certificate::{certifiable, certificate_length, certify, certify_or_next, Certificate};
use super::detect::observe_with;
use super::Periodicity;
use crate::error::{Error, Result};
use crate::game::HeapView;
use crate::heap::sequence::{self, Method};
use crate::heap::{sparse, FAST_MAX_HEAP};
use crate::heap::{Code, Engine, HeapGame};
use crate::nimber::Nimber;
use crate::solver::Limits;

/// The default limit of [`analyse`] (in heaps) for codes the theorem covers.
pub const DEFAULT_LIMIT: u64 = 1 << 22;
/// The default limit for games no theorem here covers (their patterns are only observed).
pub const DEFAULT_LIMIT_UNCERTIFIABLE: u64 = 1 << 14;

/// The outcome of [`analyse`]: the values computed and what they show (`None`: no period seen).
pub struct Analysis {
    /// The nim-values of heaps `0 … values.len() − 1`, as computed (empty unless [`Reach::keep_values`]).
    pub values: Vec<Nimber>,
    /// How many values were computed or looked at (heaps `0 … computed − 1`).
    pub computed: u64,
    /// The preperiod, period and saltus found over `values`, certified or only observed; `None` when none was seen.
    pub periodicity: Option<Periodicity>,
    /// The engine that computed the values.
    pub engine: Engine,
    /// Why a search that follows the certificate ([`Reach::budget`]) stopped before certifying a period: the next
    /// step, and the memory or time budget it would pass, with its remedy ([`crate::error::Remedy::Raise`]) for
    /// each front end to word. `None` when it was not stopped by a budget.
    pub stopped: Option<crate::Error>,
}

/// What `grundy period --json` prints and the Python binding's `period()` returns: one object, one schema
/// (docs/json.md), made from an [`Analysis`] by [`PeriodReport::new`].
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PeriodReport {
    /// The game's name.
    pub game: String,
    /// The preperiod found ([`Periodicity::preperiod`]); null when no period was seen (as are `period` and
    /// `saltus`).
    pub preperiod: Option<u64>,
    /// The period found.
    pub period: Option<u64>,
    /// The saltus found (0 for ordinary periodicity).
    pub saltus: Option<u64>,
    /// True only when a theorem proves the period for every heap.
    pub certified: bool,
    /// The theorem ([`Certificate::describe`]); null when the period is only observed, or none was seen.
    pub certificate: Option<&'static str>,
    /// How many values were computed or looked at (heaps `0 … values_computed − 1`).
    pub values_computed: u64,
    /// The values the certificate needs for this preperiod and period ([`certificate_length`]); null for a closed
    /// form, a game no certificate covers, or when no period was seen.
    pub needed: Option<u64>,
    /// Why a search that follows the certificate stopped short of one ([`Analysis::stopped`]), else null.
    pub stopped: Option<String>,
    /// For a black box ([`crate::HeapFacts::black_box`]: a script, a Python function): the take-and-break code whose options are
    /// exactly the game's on every heap read ([`crate::heap::recognise`]), as text, and the last heap read; absent
    /// when the game has a code or is not recognised.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recognised: Option<Recognised>,
}

/// A game of its own rules recognised as a take-and-break code on heaps `0..=to` ([`PeriodReport::recognised`]).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Recognised {
    /// The code, as `grundy` writes it (`0.77`).
    pub code: String,
    /// The last heap whose options were compared.
    pub to: u64,
}

impl PeriodReport {
    /// The report of `analysis`, a search of `game`, with why it stopped in the library's plain words.
    pub fn new(game: &HeapGame, analysis: &Analysis) -> PeriodReport {
        Self::worded(game, analysis, crate::error::Remedy::plain_words)
    }

    /// The report of `analysis`, a search of `game`, with the remedy of why it stopped (which budget to raise) in
    /// a front end's `words` ([`crate::Error::render`]).
    pub fn worded(
        game: &HeapGame,
        analysis: &Analysis,
        words: impl Fn(crate::error::Remedy) -> String,
    ) -> PeriodReport {
        let p = analysis.periodicity.as_ref();
        let needed = p.and_then(|p| match p.by {
            Some(Certificate::ClosedForm) => None,
            _ => game
                .code()
                .and_then(|c| certificate_length(c, p.preperiod, p.period)),
        });
        PeriodReport {
            game: game.name(),
            preperiod: p.map(|p| p.preperiod),
            period: p.map(|p| p.period),
            saltus: p.map(|p| p.saltus),
            certified: p.is_some_and(|p| p.certified),
            certificate: p.and_then(|p| p.by).map(|c| c.describe()),
            values_computed: analysis.computed,
            needed,
            stopped: analysis.stopped.as_ref().map(|e| e.render(words)),
            recognised: recognised(game),
        }
    }
}

/// The code a heap game of its own rules is on the heaps read, and the last heap read ([`PeriodReport::recognised`]);
/// an error of the rules while reading them is no recognition.
fn recognised(game: &HeapGame) -> Option<Recognised> {
    use crate::heap::recognise;
    if !game.black_box() || !game.is_heap_game() {
        return None;
    }
    let r = recognise::recognise(game, recognise::RECOGNISE_TO).ok()??;
    Some(Recognised {
        code: r.code.to_string(),
        to: r.to,
    })
}

/// How far [`search`] goes, and whether it hands the values back.
#[derive(Debug, Clone, Copy)]
pub struct Reach {
    /// The last heap it may compute.
    pub limit: u64,
    /// Hand the values back in [`Analysis::values`]. Without them, a code the fast engine computes keeps its
    /// values in the engine's own packed copy between steps (2 bytes a value while every value fits in 15 bits,
    /// else 4) and the certificate reads them there, so a step holds [`search_bytes_per_heap`] a heap instead of
    /// [`bytes_per_heap`] (0.1777 to its certificate, 443,139,470 values: see `benches/RESULTS.md`).
    pub keep_values: bool,
    /// With a budget the search follows the certificate (doubling, or straight to the smallest certificate length
    /// the values allow, [`certify_or_next`]) and ends, without an error, before a step whose memory estimate is
    /// over [`Limits::max_memory`] or whose time, predicted from the steps so far, would pass `seconds` seconds
    /// after `start`; the reason is [`Analysis::stopped`]. Without one, such a step is an error.
    pub budget: Option<Budget>,
    /// For a game no certificate covers: compute to `limit` before reading a period off the values (an explicit
    /// `--to`). When false, a period seen is read off once the values reach [`OBSERVE_HEAPS`] heaps or `limit`, or
    /// once the next step would end past [`OBSERVE_SECONDS`] of the search (then off what was computed, and said
    /// to be observed on that range only).
    pub observe_all: bool,
}

/// How many heaps a period no certificate covers is watched over, when the time allows ([`Reach::observe_all`]):
/// a period seen on the first 1,024 values of "take one token, or halve an even heap" (period 128 from heap 385)
/// fails at heap 1,024.
pub const OBSERVE_HEAPS: u64 = DEFAULT_LIMIT_UNCERTIFIABLE;

/// The seconds a search spends watching a period it has seen before it reports it on what it computed.
pub const OBSERVE_SECONDS: f64 = 4.0;

/// The time budget of a search that follows the certificate.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Seconds from `start`.
    pub seconds: f64,
    /// When the command started.
    pub start: crate::clock::Instant,
}

/// Bytes per heap a step of [`search`] holds when it keeps the values ([`Reach::keep_values`]): the engine's ([`sequence::bytes_per_heap`]) and the
/// certificate's `u32` work array. An upper estimate: with the values' room reserved once per step, 0.1777 to its
/// certificate (443,139,470 values, one thread) peaked at 5.4 GB, 12.2 bytes a heap, against 20 estimated.
pub fn bytes_per_heap(game: &HeapGame, engine: Engine, threads: usize) -> u64 {
    let method = match sequence::choose(game, engine) {
        Method::Period { .. } => Method::Engine(Engine::Fast),
        m => m,
    };
    sequence::bytes_per_heap(method, threads) + 4
}

/// Computes the sequence of `game` by doubling (from 1024 values) up to heap `limit`, until a period is certified
/// (codes the theorem covers) or observed (other games), and reports what was found. The fast engine uses up to
/// `threads` threads (see [`crate::heap::sparse`]).
///
/// `progress` is called now and then with the heap reached and the last heap of the current doubling.
///
/// # Example
///
/// Kayles (`0.77`) is periodic with preperiod 71 and period 12 (Guy and Smith 1956), which the theorem here
/// certifies from the first 1024 values:
///
/// ```rust
/// use grundy::heap::{period, Engine, TakeAndBreak};
///
/// let kayles = TakeAndBreak::parse("0.77")?;
/// let analysis = period::analyse(&kayles, 1 << 12, Engine::Auto, 1, &mut |_, _| {})?;
/// let p = analysis.periodicity.expect("Kayles has a period");
/// assert_eq!((p.preperiod, p.period, p.saltus), (71, 12, 0));
/// assert!(p.certified);
/// assert_eq!(p.by, Some(period::Certificate::GuySmith));
/// // Every heap is now known: G(n) = G(n − 12) for n ≥ 71 + 12.
/// assert_eq!(analysis.values[70], 6);
/// assert_eq!(analysis.values[83 + 5], analysis.values[71 + 5]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn analyse(
    game: &HeapGame,
    limit: u64,
    engine: Engine,
    threads: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Analysis> {
    analyse_limited(game, limit, engine, threads, &Limits::default(), progress)
}

/// [`analyse`] within `limits` (memory checked before each doubling, the deadline polled by the engines).
///
/// A game whose closed form is proved periodic ([`crate::HeapFacts::period`]) is answered from it, certified
/// by the closed form, with the values of one preperiod and period (at most 2^22 of them). Otherwise the values
/// come from [`crate::heap::sequence::extend`] at doubling checkpoints; codes the theorem covers are computed until it
/// certifies a period or `limit` is reached (then a pattern is at most observed), other games until a period is
/// observed with enough values ([`observe_with`]) over [`OBSERVE_HEAPS`] heaps (or as many as
/// [`OBSERVE_SECONDS`] allow) or `limit` is reached.
pub fn analyse_limited(
    game: &HeapGame,
    limit: u64,
    engine: Engine,
    threads: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Analysis> {
    analyse_observing(game, limit, false, engine, threads, limits, progress)
}

/// [`analyse_limited`], and with `observe_all` ([`Reach::observe_all`]: an explicit `--to`) a game no certificate
/// covers is computed to heap `limit` before its period is read off.
pub fn analyse_observing(
    game: &HeapGame,
    limit: u64,
    observe_all: bool,
    engine: Engine,
    threads: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Analysis> {
    let reach = Reach {
        limit,
        budget: None,
        keep_values: true,
        observe_all,
    };
    search(
        game,
        Vec::new(),
        reach,
        engine,
        threads,
        limits,
        progress,
        &mut |_, _| Ok(()),
    )
}

/// Bytes per heap a step of [`search`] holds on `threads` threads when the fast engine computes the values, `wide`
/// when they need 4 bytes: the engine's copy (a second one for the second worker) or, after the step, the
/// certificate's `u32` work array over half the values.
pub fn search_bytes_per_heap(threads: usize, wide: bool) -> u64 {
    let v = if wide { 4 } else { 2 };
    let workers = threads.clamp(1, 2) as u64;
    (v * workers).max(v + 2)
}

/// How many values [`search`] hands to its `saved` callback at a time (8 MB as `u64`).
const SAVE_CHUNK: usize = 1 << 20;

/// Where the values of a search are held: a `u64` table, or the fast engine's packed copy.
enum Store {
    Table(Vec<Nimber>),
    Run(Box<sparse::Run>),
}

/// Calls `$f` on the values of a store, whatever their width.
macro_rules! on_values {
    ($store:expr, |$v:ident| $body:expr) => {
        match $store {
            Store::Table(t) => {
                let $v = &t[..];
                $body
            }
            Store::Run(r) => match r.values() {
                sparse::Packed::Narrow(x) => {
                    let $v = x;
                    $body
                }
                sparse::Packed::Wide(x) => {
                    let $v = x;
                    $body
                }
            },
        }
    };
}

impl Store {
    fn len(&self) -> u64 {
        match self {
            Store::Table(t) => t.len() as u64,
            Store::Run(r) => r.len() as u64,
        }
    }
    fn wide(&self) -> bool {
        match self {
            Store::Table(_) => true,
            Store::Run(r) => matches!(r.values(), sparse::Packed::Wide(_)),
        }
    }
    fn into_values(self, keep: bool) -> Vec<Nimber> {
        match self {
            Store::Table(t) if keep => t,
            Store::Run(r) if keep => r.values().to_nimbers(0..r.len()),
            _ => Vec::new(),
        }
    }
}

/// [`observe_with`] on a store, skipped (`None`) when its work arrays (a reversed copy, a `usize` Z-array and a
/// `u64` preperiod array, then the differences as `i128`: up to 40 bytes a value) would pass `limits.max_memory`: an observation is never worth
/// ending a long search with an out-of-memory error.
fn observe_within(store: &Store, longest: Option<u64>, limits: &Limits) -> Option<Periodicity> {
    if store.len().saturating_mul(40) > limits.max_memory {
        return None;
    }
    on_values!(store, |v| observe_with(v, longest))
}

/// [`analyse_limited`] from the values of heaps `0 … values.len() − 1` already known (a resumed run: they are
/// trusted as given, and checked first), up to `reach` (which also says whether the values are handed back). After
/// each step `saved(values, from)` is called with the values of heaps `from …` that the step computed (also when
/// it stopped at a limit, with what it computed; in chunks of up to 2^20 values, in order, when the values are not
/// kept), so a caller can keep them in a file and resume.
///
/// For a code the theorem covers, the next step after a checkpoint with no certificate goes to the smaller of
/// twice as many heaps and the smallest certificate length the values allow ([`certify_or_next`]): a true period
/// already visible is certified at the first step that can certify it. (0.1777: preperiod 160,949,018, period
/// 60,620,715, per Flammenkamp's octal tables; the certificate needs 443,139,470 values, where doubling would
/// compute 536,870,912.)
#[allow(clippy::too_many_arguments)]
pub fn search(
    game: &HeapGame,
    values: Vec<Nimber>,
    reach: Reach,
    engine: Engine,
    threads: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(u64, u64),
    saved: &mut dyn FnMut(&[Nimber], usize) -> Result<()>,
) -> Result<Analysis> {
    let keep = reach.keep_values;
    let limit = reach.limit;
    if engine == Engine::Auto {
        if let Some(analysis) = closed_form(game, engine, threads, limits, keep)? {
            return Ok(analysis);
        }
    }
    let name = game.name();
    let code = game.code().cloned();
    let cert = code.as_ref().is_some_and(certifiable);
    let longest = game.longest_move();
    let (step_engine, mut method) = step_engine(game, engine);
    // How many values are known (the run knows heap 0 before its first step, but it is saved with that step).
    let mut known = values.len() as u64;
    let mut store = start(code.as_ref(), step_engine, &name, values)?;
    let per_heap = |store: &Store| match store {
        Store::Run(_) if !keep => search_bytes_per_heap(threads, store.wide()),
        _ => bytes_per_heap(game, engine, threads),
    };
    let mut to = first_to(known, limit);
    // Seconds per heap of the last step, to predict the next.
    let mut secs_per_heap: Option<f64> = None;
    let started = crate::clock::Instant::now();
    loop {
        let have = known;
        if have <= to {
            let heaps = to - have + 1;
            if let Some(b) = reach.budget {
                let need = (to + 1).saturating_mul(per_heap(&store));
                let stop = over_budget(&b, to, heaps, need, secs_per_heap, limits);
                if stop.is_some() && have > 0 {
                    let periodicity =
                        certified_or_observed(&store, code.as_ref(), cert, longest, limits);
                    return Ok(Analysis {
                        computed: store.len(),
                        values: store.into_values(keep),
                        periodicity,
                        engine: engine_of(method),
                        stopped: stop,
                    });
                }
            }
            let t0 = crate::clock::Instant::now();
            method = step(
                game,
                &mut store,
                (have, to, limit),
                (engine, step_engine),
                threads,
                limits,
                keep,
                &name,
                progress,
                saved,
            )?;
            secs_per_heap = Some(t0.elapsed().as_secs_f64() / heaps as f64);
            known = store.len();
        }
        let (found, next) = match &code {
            Some(c) if cert => on_values!(&store, |v| certify_or_next(c, v)),
            _ => (on_values!(&store, |v| observe_with(v, longest)), None),
        };
        let l = store.len();
        let watch = !cert
            && found.is_some()
            && l <= limit
            && watch_further(
                &reach,
                l,
                secs_per_heap,
                started,
                || per_heap(&store),
                limits,
            );
        if (found.is_some() && !watch) || l > limit {
            let periodicity = found.or_else(|| observe_within(&store, longest, limits));
            return Ok(Analysis {
                computed: l,
                values: store.into_values(keep),
                periodicity,
                engine: engine_of(method),
                stopped: None,
            });
        }
        to = next_to(l, next, limit);
    }
}

/// The engine of each step of [`search`] and the method it starts with: a code the theorem covers is computed by
/// its engine directly (`sequence::extend` would look for the certificate itself at every checkpoint below each
/// step, see `sequence::by_period`, and fill past it).
fn step_engine(game: &HeapGame, engine: Engine) -> (Engine, Method) {
    let step_engine = match sequence::choose(game, engine) {
        Method::Period { .. } => Engine::Fast,
        _ => engine,
    };
    (step_engine, sequence::choose(game, step_engine))
}

/// Where [`search`] keeps its values, starting from `values`: the fast engine keeps its packed values between
/// steps (no `u64` table, no prefix rebuilt per step).
fn start(
    code: Option<&Code>,
    step_engine: Engine,
    name: &str,
    values: Vec<Nimber>,
) -> Result<Store> {
    Ok(match code {
        Some(c) if step_engine == Engine::Fast && sparse::covers(c) => {
            Store::Run(Box::new(sparse::Run::new(c, name, &values)?))
        }
        _ => Store::Table(values),
    })
}

/// One step of [`search`]: the values of heaps `have..=to` into `store`, handed to `saved` (also when the step
/// stopped at a limit, with what it computed); the method that computed them.
#[allow(clippy::too_many_arguments)]
fn step(
    game: &HeapGame,
    store: &mut Store,
    (have, to, limit): (u64, u64, u64),
    (engine, step_engine): (Engine, Engine),
    threads: usize,
    limits: &Limits,
    keep: bool,
    name: &str,
    progress: &mut dyn FnMut(u64, u64),
    saved: &mut dyn FnMut(&[Nimber], usize) -> Result<()>,
) -> Result<Method> {
    match store {
        Store::Table(values) => {
            // The values' room at once: a vector growing by doubling would hold up to twice the step.
            values.reserve_exact(usize::try_from(to + 1 - have).unwrap_or(0));
            let r = sequence::extend(game, values, to, step_engine, threads, limits, &mut |n| {
                progress(n, to)
            });
            saved(&values[have as usize..], have as usize)?;
            r.map_err(|e| sequence::stopped(name, e, values.len() as u64, limit, limits))
        }
        Store::Run(run) => {
            let table_per_heap = bytes_per_heap(game, engine, threads);
            let r = run_step(
                game,
                run,
                to,
                threads,
                limits,
                table_per_heap,
                keep,
                &mut |n| progress(n, to),
            );
            let now = run.len();
            // Handed over in chunks: a `u64` copy of the whole step would be 8 bytes a heap again.
            let mut at = have as usize;
            while at < now {
                let end = now.min(at + SAVE_CHUNK);
                saved(&run.values().to_nimbers(at..end), at)?;
                at = end;
            }
            r.map_err(|e| sequence::stopped(name, e, now as u64, limit, limits))?;
            Ok(Method::Engine(Engine::Fast))
        }
    }
}

/// The last heap of the first step of [`search`] with `known` values saved, at most `limit`: saved values are
/// looked at first; a fresh search starts with heaps 0..=1023.
fn first_to(known: u64, limit: u64) -> u64 {
    match known {
        0 => limit.min(1023),
        l => (l - 1).min(limit),
    }
}

/// The periodicity [`search`] reports when a budget stops it before a step: certified from the values of `store`
/// when `cert` (the theorem covers `code`), else observed within them.
fn certified_or_observed(
    store: &Store,
    code: Option<&Code>,
    cert: bool,
    longest: Option<u64>,
    limits: &Limits,
) -> Option<Periodicity> {
    match code {
        Some(c) if cert => on_values!(store, |v| certify(c, v)),
        _ => None,
    }
    .or_else(|| observe_within(store, longest, limits))
}

/// Whether [`search`], having computed heaps `0..l` of which a period is only observed, watches it further (see
/// [`Reach::observe_all`]): to the reach's limit when told, else to OBSERVE_HEAPS heaps while the next step fits in
/// OBSERVE_SECONDS (predicted from `secs_per_heap`, the last step's, since `started`) and in the memory limit
/// (`per_heap` bytes a heap).
fn watch_further(
    reach: &Reach,
    l: u64,
    secs_per_heap: Option<f64>,
    started: crate::clock::Instant,
    per_heap: impl FnOnce() -> u64,
    limits: &Limits,
) -> bool {
    reach.observe_all
        || (l < OBSERVE_HEAPS && {
            let next = l.saturating_mul(2).min(reach.limit.saturating_add(1));
            let predicted = secs_per_heap.map_or(0.0, |s| s * (next - l) as f64 * 1.5);
            started.elapsed().as_secs_f64() + predicted <= OBSERVE_SECONDS
                && next.saturating_mul(per_heap()) <= limits.max_memory
        })
}

/// The last heap of the next step of [`search`] after heaps `0..l`, given the smallest certificate length `next`
/// the values allow, at most `limit`. Without a period in sight every certificate length is near 2L: the bound
/// is followed only when it saves a quarter of a doubling or more (a period the values already show over a long
/// stretch).
fn next_to(l: u64, next: Option<u64>, limit: u64) -> u64 {
    let doubled = l.saturating_mul(2).saturating_sub(1);
    match next {
        Some(n) if n - 1 < doubled - l / 4 => n - 1,
        _ => doubled,
    }
    .max(l)
    .min(limit)
}

/// The answer of [`search`] for a game whose closed form is proved periodic ([`Game::period`](crate::Game::period)):
/// the values of one preperiod and period (at most 2^22 of them), certified by the closed form. `None` when the
/// game has no such closed form.
fn closed_form(
    game: &HeapGame,
    engine: Engine,
    threads: usize,
    limits: &Limits,
    keep: bool,
) -> Result<Option<Analysis>> {
    let Some((e, p, s)) = game.period() else {
        return Ok(None);
    };
    let n = e.saturating_add(p).clamp(1, 1 << 22);
    let (values, method) = sequence::nim_values(game, n - 1, engine, threads, limits, &mut |_| {})?;
    let computed = values.len() as u64;
    Ok(Some(Analysis {
        periodicity: Some(Periodicity {
            preperiod: e,
            period: p,
            saltus: s,
            certified: true,
            by: Some(Certificate::ClosedForm),
            values_computed: computed,
        }),
        values: if keep { values } else { Vec::new() },
        computed,
        engine: engine_of(method),
        stopped: None,
    }))
}

/// Why a search with budget `b` must not take its next step, heaps `0..=to` (`heaps` of them new, about `need`
/// bytes): the memory over `limits.max_memory`, or the time predicted from `secs_per_heap` (the last step's) past
/// the budget. `None` when the step fits.
fn over_budget(
    b: &Budget,
    to: u64,
    heaps: u64,
    need: u64,
    secs_per_heap: Option<f64>,
    limits: &Limits,
) -> Option<crate::Error> {
    use crate::error::Budget as Kept;
    if need > limits.max_memory {
        Some(crate::Error::over_budget(
            Kept::Memory(limits.max_memory),
            format!(
                "the next step, heaps 0..={to}, would need about {} of memory, over the limit of {}",
                crate::solver::format_bytes(need),
                crate::solver::format_bytes(limits.max_memory)
            ),
        ))
    } else {
        let spent = b.start.elapsed().as_secs_f64();
        // The cost per heap grows with the heap for most codes: half as much again is allowed for.
        let predicted = secs_per_heap.map_or(0.0, |s| s * heaps as f64 * 1.5);
        (spent + predicted > b.seconds).then(|| {
            crate::Error::over_budget(
                Kept::Time(std::time::Duration::from_secs_f64(b.seconds.clamp(0.0, 1e9))),
                format!(
                    "the next step, heaps 0..={to}, would take about {predicted:.0} s more, past the time budget of {} s",
                    b.seconds
                ),
            )
        })
    }
}

/// One step of a search on the fast engine's packed values: the heap limit and the memory checked first (as
/// [`sequence::extend`] checks them), the deadline polled where progress is reported.
#[allow(clippy::too_many_arguments)]
pub(in crate::heap) fn run_step(
    game: &HeapGame,
    run: &mut sparse::Run,
    to: u64,
    threads: usize,
    limits: &Limits,
    table_per_heap: u64,
    keep: bool,
    progress: &mut dyn FnMut(u64),
) -> Result<()> {
    let name = game.name();
    if to > FAST_MAX_HEAP {
        return Err(Error::limit(format!(
            "{name}: heap {to} is beyond the fast engine's limit of {FAST_MAX_HEAP}"
        )));
    }
    let wide = matches!(run.values(), sparse::Packed::Wide(_));
    let per_heap = if keep {
        table_per_heap
    } else {
        search_bytes_per_heap(threads, wide)
    };
    limits.check_memory(
        (to + 1).saturating_mul(per_heap),
        &format!("{name}: the nim-values of heaps 0..={to} (fast)"),
    )?;
    let r = run.extend(to, threads, &mut |n| {
        progress(n);
        !limits.deadline.is_some_and(|d| d.passed())
    });
    match (r, limits.check_time()) {
        (Ok(()), _) => Ok(()),
        (Err(err), Err(late)) => Err(late.context(err.message())),
        (Err(err), Ok(())) => Err(err),
    }
}

/// The engine named by a method (the closed form and the counting mex count as the plain engine's exact answer).
fn engine_of(m: Method) -> Engine {
    match m {
        Method::Engine(e) => e,
        Method::Period { .. } => Engine::Fast,
        _ => Engine::Plain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_from_saved_values_ends_where_a_fresh_one_does() {
        // Dawson's Kayles 0.07 (preperiod 53, period 34), resumed from its first 100 values, and each step saved.
        let game = crate::heap::TakeAndBreak::parse("0.07").unwrap();
        let l = Limits::default();
        let reach = Reach {
            limit: 5000,
            budget: None,
            keep_values: true,
            observe_all: false,
        };
        let fresh = search(
            &game,
            vec![],
            reach,
            Engine::Auto,
            1,
            &l,
            &mut |_, _| {},
            &mut |_, _| Ok(()),
        )
        .unwrap();
        let mut saved = Vec::new();
        let resumed = search(
            &game,
            fresh.values[..100].to_vec(),
            Reach {
                keep_values: false,
                ..reach
            },
            Engine::Auto,
            1,
            &l,
            &mut |_, _| {},
            &mut |v, from| {
                assert_eq!(from, 100 + saved.len());
                saved.extend_from_slice(v);
                Ok(())
            },
        )
        .unwrap();
        // The resumed search looks at its 100 values first, then steps from there: it certifies the same period
        // from fewer values than the fresh one's first step (1024), and saves exactly the values it computed.
        let (p, q) = (fresh.periodicity.unwrap(), resumed.periodicity.unwrap());
        assert_eq!((p.preperiod, p.period, p.certified), (53, 34, true));
        assert_eq!((q.preperiod, q.period, q.certified), (53, 34, true));
        assert!(q.values_computed >= 176 && q.values_computed < 1024);
        assert!(resumed.values.is_empty());
        assert_eq!(saved, fresh.values[100..resumed.computed as usize]);
    }

    #[test]
    fn a_budget_ends_the_search_without_an_error() {
        // Officers (0.6) has no period in its first 10^5 heaps; a memory budget of 200 KB stops the search before
        // the step it cannot hold, and says so.
        let game = crate::heap::TakeAndBreak::parse("0.6").unwrap();
        let l = Limits {
            max_memory: 200_000,
            ..Limits::default()
        };
        let reach = Reach {
            limit: 1 << 20,
            budget: Some(Budget {
                seconds: 1e6,
                start: std::time::Instant::now(),
            }),
            keep_values: true,
            observe_all: false,
        };
        let a = search(
            &game,
            vec![],
            reach,
            Engine::Auto,
            1,
            &l,
            &mut |_, _| {},
            &mut |_, _| Ok(()),
        )
        .unwrap();
        let per_heap = bytes_per_heap(&game, Engine::Auto, 1);
        let n = a.values.len() as u64;
        assert!(
            n * per_heap <= 200_000 && (2 * n) * per_heap > 200_000,
            "{n}"
        );
        assert!(a
            .stopped
            .unwrap()
            .to_string()
            .contains("raise the memory limit"));
        assert!(a.periodicity.is_none_or(|p| !p.certified));
    }

    #[test]
    fn the_report_has_the_same_keys_with_a_period_or_without() {
        let keys = |r: &PeriodReport| {
            let j = serde_json::to_value(r).unwrap();
            j.as_object().unwrap().keys().cloned().collect::<Vec<_>>()
        };
        let want = [
            "certificate",
            "certified",
            "game",
            "needed",
            "period",
            "preperiod",
            "saltus",
            "stopped",
            "values_computed",
        ];
        // Kayles: certified from its first 1024 values; the certificate needs 168 (2·71 + 12 + 2, plus a period).
        let kayles = crate::heap::TakeAndBreak::parse("0.77").unwrap();
        let a = analyse(&kayles, 4096, Engine::Auto, 1, &mut |_, _| {}).unwrap();
        let r = PeriodReport::new(&kayles, &a);
        assert_eq!(keys(&r), want);
        assert_eq!(
            (r.preperiod, r.period, r.saltus, r.certified, r.needed),
            (Some(71), Some(12), Some(0), true, Some(168))
        );
        assert_eq!(r.certificate, Some("the Guy-Smith periodicity theorem"));
        assert_eq!((r.values_computed, r.stopped), (1024, None));
        // Officers to heap 2000: no period, every field of the pattern null, the same keys.
        let officers = crate::heap::TakeAndBreak::parse("0.6").unwrap();
        let a = analyse(&officers, 2000, Engine::Auto, 1, &mut |_, _| {}).unwrap();
        let r = PeriodReport::new(&officers, &a);
        assert_eq!(keys(&r), want);
        assert_eq!(
            (
                r.preperiod,
                r.period,
                r.saltus,
                r.certified,
                r.certificate,
                r.needed
            ),
            (None, None, None, false, None, None)
        );
        assert_eq!(r.values_computed, 2001);
        // A closed form needs no values for its certificate.
        let bash = crate::games::lookup("bash:5").unwrap().heap_game().unwrap();
        let r = PeriodReport::new(
            &bash,
            &analyse(&bash, 100, Engine::Auto, 1, &mut |_, _| {}).unwrap(),
        );
        assert_eq!((r.period, r.certified, r.needed), (Some(6), true, None));
        assert_eq!(r.certificate, Some("the game's closed form"));
    }
}
