//! The nim-values of heaps `0..=N` of a heap game, by the cheapest exact method that applies: the one place that
//! chooses among the methods and engines ([`choose`], [`engine_for`]), and the one function that `grundy seq`,
//! `grundy period`, heap tables and value look-ups call ([`extend`], [`nim_values`], [`values`]).
//!
//! With [`Engine::Auto`] the methods are tried in this order (an explicit [`Engine::Plain`] or [`Engine::Fast`]
//! runs that engine on every heap, as the reference):
//!
//! 1. **A closed form** ([`ClosedForm::nim_value`](crate::ClosedForm::nim_value)): each value in `O(1)` (Nim `G(n) = n`, Bash
//!    `n mod (K+1)`, Constrained Nim, Lasker's Nim; each module proves its form).
//! 2. **The game's own method** ([`Game::extend_sequence`](crate::Game::extend_sequence)): a sieve or a recurrence of the game's
//!    module, linear or near it (Not a Nim, subtraction sets, Fibonacci subtraction, consecutive splits). A game
//!    has one when it answers for heap 0 (cheap for every method).
//! 3. **Counting mex** ([`Method::CountingMex`]) for codes that never split and whose digits repeat one digit `D`
//!    from some removal `J` on, `D` allowing one heap to be left (all-but subtraction games `allbut:S`, Nim as
//!    `0.[3]`): a heap of `n` reaches every heap `1 … n − J` by the repeating digits, plus the few heaps
//!    `n − j` for `j < J` whose digit allows it, plus the empty heap when `d_n` allows it. So
//!    `G(n) = min { v : v is the value of no heap 1 … n − J, and v ∉ E }`, `E` the at most `J + 1` extra values.
//!    A count of each value over heaps `1 … n − J` and a "next value with count 0" pointer structure
//!    (union–find with path halving; counts only grow, so zeros only disappear) give each heap in
//!    `O(J + α(n))` instead of the plain engine's `O(n)`. Exact: it is the definition of the mex, reorganised.
//! 4. **A certified period** ([`Method::Period`]) for codes the Guy–Smith theorem of [`super::period`] covers
//!    (octal-type codes leaving at most two heaps, subtraction games): the values are computed (by the fast
//!    engine) to checkpoints 1023, 2047, 4095, … below `N`; at each the certificate is tried, and once it holds
//!    every later value is `G(e + (n − e) mod p)`. Values beyond the checkpoint are never guessed: only a theorem
//!    fills them.
//! 5. **The engines** ([`SequenceEngine`]): the sparse-space engine where it applies, else the multi-heap engine
//!    for codes that leave three or more heaps, else the plain one ([`engine_for`]).
//!
//! **Limits.** Before any work the memory the method needs is estimated ([`bytes_per_heap`] × heaps) and checked
//! against [`Limits::max_memory`], and heap sizes past the engines' limits fail at once. The engines poll
//! [`Limits::deadline`] where they report progress and stop with an error that says how far they got.

use super::multi::MULTI;
use super::period::{self, Periodicity};
use super::plain::{self, PLAIN};
use super::sparse::SPARSE;
use super::{Code, Engine, HeapGame, SequenceEngine};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::Known;
use crate::nimber::Nimber;
use crate::solver::Limits;

/// How the values were computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The game's proved closed form.
    ClosedForm,
    /// The game's own method ([`Game::extend_sequence`](crate::Game::extend_sequence)).
    Own,
    /// The counting mex of repeating-digit codes that do not split (all-but subtraction games).
    CountingMex,
    /// Computed to `certified_at` values, where the period `period` from `preperiod` on was certified, then filled.
    Period {
        /// The certified preperiod (first heap of the periodic part).
        preperiod: u64,
        /// The certified period, in heaps.
        period: u64,
        /// How many values (heaps `0 … certified_at − 1`) were computed to certify it; the rest were filled from
        /// the period.
        certified_at: u64,
    },
    /// An engine on every heap ([`Engine::Plain`] for the plain and multi-heap engines, [`Engine::Fast`] for the
    /// sparse-space one).
    Engine(Engine),
}

impl Method {
    /// A short name for messages and JSON (`closed-form`, `own-method`, `counting-mex`, `certified-period`, `fast`,
    /// `plain`).
    pub fn name(&self) -> &'static str {
        match self {
            Method::ClosedForm => "closed-form",
            Method::Own => "own-method",
            Method::CountingMex => "counting-mex",
            Method::Period { .. } => "certified-period",
            Method::Engine(Engine::Fast) => "fast",
            Method::Engine(_) => "plain",
        }
    }
}

/// Whether `game` has a proved closed form (it answers for heap 1).
fn has_closed_form(game: &HeapGame) -> bool {
    game.known_value(&1, &formulas()).is_some()
}

/// The context a sequence asks closed forms under: formulas only (a heap game's closed form is a formula; no
/// engine of a game's own runs inside a sequence).
fn formulas() -> Context {
    Context::default().with_formulas_only(true)
}

/// Whether `game` has a sequence method of its own: it answers for heap 0.
fn has_own_method(game: &HeapGame) -> bool {
    crate::game::own_sequence(game, 0, &mut |_| {}).is_some()
}

/// The engine that `engine` names for `game`: [`Engine::Fast`] the sparse-space engine (an error where it does not
/// apply); [`Engine::Plain`] the multi-heap engine for codes some move of which leaves three or more heaps (for other
/// codes the two run the same loop, and the plain engine is named), else the plain engine; [`Engine::Auto`] the
/// sparse-space engine where it applies, else as [`Engine::Plain`].
pub fn engine_for(game: &HeapGame, engine: Engine) -> Result<&'static dyn SequenceEngine> {
    let name = game.name();
    match engine {
        Engine::Fast | Engine::Auto if SPARSE.applies(game) => Ok(&SPARSE),
        Engine::Fast => Err(match game.code() {
            Some(_) => Error::unsupported(format!(
                "{name}: the fast engine covers codes with finitely many digits whose moves leave at most two heaps (use --engine plain)"
            )),
            None => Error::unsupported(format!(
                "{name}: the fast engine computes take-and-break codes only"
            )),
        }),
        _ if MULTI.applies(game) && game.code().is_some_and(|c| c.max_heaps() >= 3) => Ok(&MULTI),
        _ => Ok(&PLAIN),
    }
}

/// The method [`extend`] uses for `game` with `engine` (before any heap is computed): the one choice among the
/// methods of the module docs.
pub fn choose(game: &HeapGame, engine: Engine) -> Method {
    let code = game.code();
    if engine == Engine::Auto {
        if has_closed_form(game) {
            return Method::ClosedForm;
        }
        if has_own_method(game) {
            return Method::Own;
        }
        if let Some(c) = code {
            if counting_shape(c).is_some() {
                return Method::CountingMex;
            }
            if period::certifiable(c) {
                return Method::Period {
                    preperiod: 0,
                    period: 0,
                    certified_at: 0,
                };
            }
        }
    }
    // An engine that does not apply (fast on a code it does not cover) is named, and refused by `extend`.
    match (engine, code) {
        (Engine::Fast, Some(_)) => Method::Engine(Engine::Fast),
        _ => Method::Engine(engine_for(game, engine).map_or(Engine::Plain, |e| e.engine())),
    }
}

/// Bytes of memory per heap that `method` needs with `threads` threads, an upper estimate: the values (`u64`)
/// handed back, plus, for an engine, what it says it needs ([`SequenceEngine::bytes_per_heap`]: for the fast
/// engine its `u16`/`u32` copy per worker and the `u32` prefix); for the counting mex its counts and pointers; for
/// the game's own method its tables; for a period the filled values (what each checkpoint computes, with the
/// certificate's two work arrays, is checked before that checkpoint).
pub fn bytes_per_heap(method: Method, threads: usize) -> u64 {
    match method {
        Method::ClosedForm => 8,
        Method::Own => 16,
        Method::CountingMex => 16,
        // The fill: the values computed before a certificate are checked at each checkpoint.
        Method::Period { .. } => 8,
        Method::Engine(Engine::Fast) => SPARSE.bytes_per_heap(threads),
        Method::Engine(_) => PLAIN.bytes_per_heap(threads),
    }
}

/// Checks, before any work, that heaps `0..=to` of `game` by `method` fit the heap-size limits and
/// `limits.max_memory`.
pub fn check(
    game: &HeapGame,
    method: Method,
    to: u64,
    threads: usize,
    limits: &Limits,
) -> Result<()> {
    let name = game.name();
    let heap_limit = match method {
        Method::Engine(Engine::Fast) | Method::Period { .. } => {
            Some((SPARSE.max_heap(game), "fast engine"))
        }
        Method::Engine(e) if game.code().is_some() || !has_closed_form(game) => {
            let used = engine_for(game, e).unwrap_or(&PLAIN);
            Some((used.max_heap(game), "plain engine"))
        }
        _ => None,
    };
    if method == Method::ClosedForm && game.known_value(&to, &formulas()).is_none() {
        return Err(Error::limit(format!(
            "{name}: heap {to} is beyond the heaps the game's closed form answers"
        )));
    }
    if let Some((limit, what)) = heap_limit {
        // A certified period may fill past the engine's limit: only the computed part is bounded, and that is
        // not known in advance, so the fill is bounded by memory alone.
        if to > limit && !matches!(method, Method::Period { .. }) {
            return Err(Error::limit(format!(
                "{name}: heap {to} is beyond the {what}'s limit of {limit}"
            )));
        }
    }
    let heaps = to.saturating_add(1);
    let bytes = heaps.saturating_mul(bytes_per_heap(method, threads));
    limits.check_memory(
        bytes,
        &format!(
            "{name}: the nim-values of heaps 0..={to} ({})",
            method.name()
        ),
    )?;
    if usize::try_from(to).is_err() || to == u64::MAX {
        return Err(Error::limit(format!(
            "{name}: heap {to} is too large to tabulate"
        )));
    }
    Ok(())
}

/// The nim-values of heaps `0..=to` of `game`, and how they were computed. See the module docs.
///
/// `threads` bounds the threads of the fast engine; `progress` is called now and then with the heap reached.
///
/// # Example
///
/// The nim-values of Kayles (`0.77`) for rows of 0 to 12 pins, the start of OEIS A002186:
///
/// ```rust
/// use grundy::heap::{sequence, Engine, TakeAndBreak};
///
/// let kayles = TakeAndBreak::parse("0.77")?;
/// let (values, _method) =
///     sequence::nim_values(&kayles, 12, Engine::Auto, 1, &grundy::Limits::default(), &mut |_| {})?;
/// assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn nim_values(
    game: &HeapGame,
    to: u64,
    engine: Engine,
    threads: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<(Vec<Nimber>, Method)> {
    let mut values = Vec::new();
    let m = extend(game, &mut values, to, engine, threads, limits, progress)?;
    Ok((values, m))
}

/// The nim-values of heaps `0..=to` of `game` by the cheapest exact method ([`nim_values`] with [`Engine::Auto`],
/// one thread and the default [`Limits`]): what heap tables, value look-ups and misère analyses call.
pub fn values(game: &HeapGame, to: u64, progress: &mut dyn FnMut(u64)) -> Result<Vec<Nimber>> {
    Ok(nim_values(game, to, Engine::Auto, 1, &Limits::default(), progress)?.0)
}

/// Extends `values` (the nim-values of heaps `0..values.len()`, possibly empty) to heaps `0..=to` of `game` (or
/// truncates it), and returns how. Limits are checked first; on a deadline the values computed so far stay in
/// `values` and the error says how far the run got.
pub fn extend(
    game: &HeapGame,
    values: &mut Vec<Nimber>,
    to: u64,
    engine: Engine,
    threads: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<Method> {
    let r = extend_unlabelled(game, values, to, engine, threads, limits, progress);
    r.map_err(|e| stopped(&game.name(), e, values.len() as u64, to, limits))
}

/// A deadline's error as the caller sees it: how far the run towards heap `to` got (`done` values kept), in one
/// line; other errors unchanged.
pub fn stopped(name: &str, e: Error, done: u64, to: u64, limits: &Limits) -> Error {
    match limits.check_time() {
        Err(late) if e.kind() == crate::ErrorKind::Limit => {
            super::stopped_error(name, done.saturating_sub(1), to, Some(&late))
        }
        _ => e,
    }
}

fn extend_unlabelled(
    game: &HeapGame,
    values: &mut Vec<Nimber>,
    to: u64,
    engine: Engine,
    threads: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<Method> {
    let name = game.name();
    if !game.is_heap_game() {
        return Err(Error::unsupported(format!(
            "{name}: positions of this game are not heaps, so it has no sequence"
        )));
    }
    let method = choose(game, engine);
    if engine == Engine::Fast {
        engine_for(game, engine)?;
    }
    if (values.len() as u64) > to {
        values.truncate(to as usize + 1);
        return Ok(method);
    }
    check(game, method, to, threads, limits)?;
    limits.check_time()?;
    match method {
        Method::ClosedForm => {
            let cx = formulas();
            values.reserve_exact((to + 1) as usize - values.len());
            for n in values.len() as u64..=to {
                let v = match n {
                    0 => 0,
                    _ => game.known_value(&n, &cx).ok_or_else(|| {
                        Error::limit(format!(
                            "{name}: heap {n} is beyond the heaps the game's closed form answers"
                        ))
                    })?,
                };
                values.push(v);
                if n & 0xf_ffff == 0 {
                    progress(n);
                    plain::poll(limits, &name, n, to)?;
                }
            }
            progress(to);
            Ok(method)
        }
        // In place: a method stopped by the deadline leaves what it computed in `values`.
        Method::Own => match game.extend_sequence(values, to, progress) {
            Some(r) => {
                r?;
                if values.len() as u64 != to + 1 {
                    return Err(Error::unsupported(format!(
                        "{name}: the game's own method gave {} values for heaps 0..={to}",
                        values.len()
                    )));
                }
                Ok(method)
            }
            // No method of its own for this many heaps: the engines compute them.
            None => {
                let e = engine_for(game, engine)?;
                e.extend(game, values, to, threads, limits, progress)?;
                Ok(Method::Engine(e.engine()))
            }
        },
        Method::CountingMex => {
            let code = game.code().expect("a counting mex is chosen for codes");
            let shape = counting_shape(code).expect("checked by choose");
            counting_mex(code, shape, &name, values, to, limits, progress)?;
            Ok(method)
        }
        Method::Period { .. } => by_period(game, values, to, threads, limits, progress),
        Method::Engine(_) => {
            let e = engine_for(game, engine)?;
            if let (Engine::Auto, Engine::Fast, Some(code)) = (engine, e.engine(), game.code()) {
                let used = extend_auto(game, code, values, to, threads, limits, progress)?;
                return Ok(Method::Engine(used));
            }
            e.extend(game, values, to, threads, limits, progress)?;
            Ok(Method::Engine(e.engine()))
        }
    }
}

/// `auto` probes a code the fast engine covers on its first [`PROBE_HEAPS`] values (computed by the fast engine)
/// before it commits to the sparse split: a *dense* code ([`is_dense`]) has the rest computed by the plain engine.
pub const PROBE_HEAPS: u64 = 1 << 14;

/// The heaps after the probe timed on each engine for [`DenseProbe`]'s figures.
pub const TIMED_HEAPS: u64 = 512;

/// Whether the sparse split cannot help on these values of `code` (heaps `0..values.len()`): under the best split
/// (the engine's: the heap's parity included where the code allows it, [`super::sparse::phase_of`]) at least 30%
/// of the positions are rare and some value is 64 or more (below 64 the fast engine's dense kernel, 32 nim-sums a
/// step into a 64-bit mask, beats the plain loop by far). 0.106 has half its positions rare under every value
/// mask, but only 15 of its first 10^6 once the heap's parity takes part: it is not dense.
///
/// Why about a third: per heap the fast engine marks one option per rare position and two-heap digit (`r · n` for
/// a fraction `r` of rare positions, both parts of a split running over the rare list), and the heaps with a rare
/// value (a fraction `r` of them) scan all `n / 2` splits besides; the plain engine marks each of the `n / 2`
/// splits once. `r · n + r · n / 2 < n / 2` when `r < 1/3`. Measured, the fast engine costs a little more than
/// this count says (0.06 to 10^5, 37% rare: the plain engine 1.3× faster where the count says 1.1×), so the line
/// is drawn at 30% (0.06 has 32.5% of its first 2^14 positions rare). Figures in `benches/RESULTS.md`.
pub fn is_dense(code: &Code, values: &[Nimber]) -> bool {
    let Some(&largest) = values.iter().max() else {
        return false;
    };
    if largest < 64 || values.len() < 2 {
        return false;
    }
    let st = super::sparse::stats(values, best_split(code, values));
    st.rare_positions.saturating_mul(10) >= 3 * (values.len() as u64 - 1)
}

/// The split the sparse engine would choose for these values of `code` (the heap's parity included where the
/// code allows it).
fn best_split(code: &Code, values: &[Nimber]) -> super::sparse::Split {
    super::sparse::best_split(values, super::sparse::phase_of(code))
}

/// On a dense code ([`is_dense`]) the fast engine still runs while every value is below this: it then marks 16
/// heaps per scatter in the first-level cache (batched marking), and measured it is the faster one (0.06 to
/// 30000: 0.11 s against 0.15 s user; to 60000, values up to 700: 0.68 s against 0.57 s).
pub const DENSE_FAST_BELOW: Nimber = 512;

/// The fast engine's part of `auto` on a code it covers: the first [`PROBE_HEAPS`] heaps by the fast engine, then,
/// when they show a dense code ([`is_dense`]), the fast engine while every value is below [`DENSE_FAST_BELOW`]
/// (in stretches of an eighth of the heaps so far, at least [`PROBE_HEAPS`]) and the plain engine from there on
/// (with no heap limit: the fast engine would cost as much per heap); returns the engine that computed the last
/// heaps. The values are the same either way; only the time differs.
fn extend_auto(
    game: &HeapGame,
    code: &Code,
    values: &mut Vec<Nimber>,
    to: u64,
    threads: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<Engine> {
    if to > PROBE_HEAPS {
        if (values.len() as u64) <= PROBE_HEAPS {
            SPARSE.extend(game, values, PROBE_HEAPS, threads, limits, progress)?;
        }
        if is_dense(code, &values[..=PROBE_HEAPS as usize]) {
            let mut largest = values.iter().copied().max().unwrap_or(0);
            while (values.len() as u64) <= to {
                if largest >= DENSE_FAST_BELOW {
                    plain::code_extend_unbounded(
                        code,
                        &game.name(),
                        values,
                        to,
                        limits,
                        progress,
                        None,
                    )?;
                    return Ok(Engine::Plain);
                }
                let have = values.len();
                let step = (have as u64 / 8).max(PROBE_HEAPS);
                let upto = (have as u64 - 1 + step).min(to);
                SPARSE.extend(game, values, upto, threads, limits, progress)?;
                largest = largest.max(values[have..].iter().copied().max().unwrap_or(0));
            }
            return Ok(Engine::Fast);
        }
    }
    SPARSE.extend(game, values, to, threads, limits, progress)?;
    Ok(Engine::Fast)
}

/// What `auto` found on a dense code ([`is_dense`]) and what the run will cost: what `grundy seq` says on stderr at
/// the start of the run and in `--stats` / `--json`.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct DenseProbe {
    /// The heaps probed (`0..=heaps`), by the fast engine.
    pub heaps: u64,
    /// Positions `1..=heaps` with a rare value under the best mask.
    pub rare_positions: u64,
    /// The largest value probed.
    pub largest: Nimber,
    /// The engine `auto` runs once the values reach `fast_below` (`plain`), and the fast engine before.
    pub engine: &'static str,
    /// [`DENSE_FAST_BELOW`].
    pub fast_below: Nimber,
    /// Heaps a second of each engine on the [`TIMED_HEAPS`] heaps after the probe (measured on this machine, on
    /// one worker, now: in the thread's CPU time where the system has that clock, else in wall time).
    pub plain_heaps_per_second: f64,
    /// The same for the fast engine.
    pub fast_heaps_per_second: f64,
}

impl DenseProbe {
    /// The seconds the plain engine is expected to take from the probe to heap `to`: its time per heap grows as
    /// `n` (a heap has about `n / 2` splits per two-heap digit), so `t(n) = n / (P · rate)` with `rate` measured
    /// at heap `P`, summed.
    pub fn expected_seconds(&self, to: u64) -> f64 {
        let p = self.heaps as f64;
        let to = (to as f64).max(p);
        (to * to - p * p) / 2.0 / (p * self.plain_heaps_per_second)
    }

    /// The one-line notice: the code is dense, the engine chosen, the measured rates and the expected time.
    pub fn notice(&self, name: &str, to: u64) -> String {
        format!(
            "{name}: a dense code, the sparse split cannot help ({:.0}% of heaps 1..={} rare under the best mask, values up to {}): auto runs the fast engine while every value is below {}, then the {} engine ({:.0} heaps/s at heap {}, the fast engine {:.0}); the time per heap grows as n, so heaps up to {to} should take about {}",
            100.0 * self.rare_positions as f64 / self.heaps.max(1) as f64,
            self.heaps,
            self.largest,
            self.fast_below,
            self.engine,
            self.plain_heaps_per_second,
            self.heaps,
            self.fast_heaps_per_second,
            format_seconds(self.expected_seconds(to))
        )
    }
}

fn format_seconds(s: f64) -> String {
    if s < 120.0 {
        format!("{s:.1} s")
    } else if s < 7200.0 {
        format!("{:.1} min", s / 60.0)
    } else {
        format!("{:.1} h", s / 3600.0)
    }
}

/// Probes `game` as `auto` does before a run to heap `to` (the fast engine on its first [`PROBE_HEAPS`] heaps):
/// `Some` when `engine` is `auto`, the run
/// would go to the fast engine past [`PROBE_HEAPS`], and the code is dense; then both engines are timed on the
/// [`TIMED_HEAPS`] heaps after the probe, from the same values (a few tenths of a second in all). `values` (heaps
/// `0..values.len()`, possibly none: the run's own) are extended to heap [`PROBE_HEAPS`] by the fast engine when
/// the probe needs them, so the run continues from there instead of computing them again. `limits` are the
/// run's own (`--max-seconds`, `--max-memory`): the probe is part of the run.
pub fn dense_probe(
    game: &HeapGame,
    engine: Engine,
    to: u64,
    values: &mut Vec<Nimber>,
    limits: &Limits,
) -> Result<Option<DenseProbe>> {
    if engine != Engine::Auto || to <= PROBE_HEAPS + TIMED_HEAPS || !game.is_heap_game() {
        return Ok(None);
    }
    let Some(code) = game.code() else {
        return Ok(None);
    };
    let fast = matches!(
        choose(game, engine),
        Method::Period { .. } | Method::Engine(Engine::Fast)
    );
    if !fast || !SPARSE.applies(game) {
        return Ok(None);
    }
    if (values.len() as u64) <= PROBE_HEAPS {
        SPARSE.extend(game, values, PROBE_HEAPS, 1, limits, &mut |_| {})?;
    }
    let probed = &values[..=PROBE_HEAPS as usize];
    if !is_dense(code, probed) {
        return Ok(None);
    }
    let st = super::sparse::stats(probed, best_split(code, probed));
    let end = PROBE_HEAPS + TIMED_HEAPS;
    // The thread's CPU time where the system has that clock (the machine may be busy), else wall time.
    let start = || {
        (
            super::sparse::thread_cpu_seconds(),
            std::time::Instant::now(),
        )
    };
    let since = |(c0, w0): (Option<f64>, std::time::Instant)| match (
        c0,
        super::sparse::thread_cpu_seconds(),
    ) {
        (Some(a), Some(b)) => b - a,
        _ => w0.elapsed().as_secs_f64(),
    };
    let mut a = probed.to_vec();
    let t = start();
    plain::code_extend_unbounded(code, &game.name(), &mut a, end, limits, &mut |_| {}, None)?;
    let plain_s = since(t);
    let mut b = probed.to_vec();
    let t = start();
    SPARSE.extend(game, &mut b, end, 1, limits, &mut |_| {})?;
    let fast_s = since(t);
    debug_assert_eq!(a, b);
    let rate = |s: f64| TIMED_HEAPS as f64 / s.max(1e-9);
    Ok(Some(DenseProbe {
        heaps: PROBE_HEAPS,
        rare_positions: st.rare_positions,
        largest: st.largest,
        engine: "plain",
        fast_below: DENSE_FAST_BELOW,
        plain_heaps_per_second: rate(plain_s),
        fast_heaps_per_second: rate(fast_s),
    }))
}

/// Computes to doubling checkpoints (heaps 1023, 2047, 4095, … below `to`) until the Guy–Smith certificate holds
/// on the values up to one of them, then fills the rest from the period. A certificate on a prefix of the values
/// holds for every heap, so a resumed run tries the same checkpoints on the values it already has.
///
/// On the fast engine, once the first [`PROBE_HEAPS`] values show a code that is not dense ([`is_dense`]), one
/// [`sparse::Run`](super::sparse::Run) is kept from checkpoint to checkpoint: each continues the same engine (no
/// prefix rebuilt, no `u64` copy converted back and forth), and its two workers keep what they learned about the
/// machine (a fresh engine per checkpoint probed one and two workers from scratch each time). The certificate is
/// tried on the run's own packed values; the `u64` values are written once, at the end.
fn by_period(
    game: &HeapGame,
    values: &mut Vec<Nimber>,
    to: u64,
    threads: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<Method> {
    let name = game.name();
    let code = game.code().expect("a period is chosen for codes");
    let engine = engine_for(game, Engine::Auto)?;
    // The engine's bytes per heap, and the certificate's three linear work arrays at a checkpoint.
    let per_heap = engine.bytes_per_heap(threads) + 24;
    let mut used = engine.engine();
    let mut run: Option<super::sparse::Run> = None;
    let mut c: u64 = 1023;
    loop {
        let c_now = c.min(to);
        if run.is_none()
            && engine.engine() == Engine::Fast
            && c_now > PROBE_HEAPS
            && values.len() as u64 > PROBE_HEAPS
            && !is_dense(code, &values[..=PROBE_HEAPS as usize])
        {
            run = Some(super::sparse::Run::new(code, &name, values)?);
        }
        if let Some(r) = &mut run {
            if (r.len() as u64) <= c_now {
                let step =
                    period::run_step(game, r, c_now, threads, limits, per_heap, true, progress);
                if let Err(e) = step {
                    // What was computed is kept (a run stopped by the deadline).
                    take_values(r, values);
                    return Err(e);
                }
            }
            used = Engine::Fast;
            if c_now >= to {
                take_values(r, values);
                return Ok(Method::Engine(used));
            }
            let p = match r.values() {
                super::sparse::Packed::Narrow(v) => period::certify(code, &v[..=c_now as usize]),
                super::sparse::Packed::Wide(v) => period::certify(code, &v[..=c_now as usize]),
            };
            if let Some(p) = p {
                take_values(r, values);
                fill(values, &p, to);
                progress(to);
                return Ok(Method::Period {
                    preperiod: p.preperiod,
                    period: p.period,
                    certified_at: p.values_computed,
                });
            }
            c = c.saturating_mul(2).saturating_add(1);
            continue;
        }
        if (values.len() as u64) <= c_now {
            limits.check_memory(
                (c_now + 1).saturating_mul(per_heap),
                &format!("{name}: the nim-values of heaps 0..={c_now}"),
            )?;
            used = if engine.engine() == Engine::Fast {
                extend_auto(game, code, values, c_now, threads, limits, progress)?
            } else {
                engine.extend(game, values, c_now, threads, limits, progress)?;
                engine.engine()
            };
        }
        if c_now >= to {
            return Ok(Method::Engine(used));
        }
        if let Some(p) = period::certify(code, &values[..=c_now as usize]) {
            fill(values, &p, to);
            progress(to);
            return Ok(Method::Period {
                preperiod: p.preperiod,
                period: p.period,
                certified_at: p.values_computed,
            });
        }
        c = c.saturating_mul(2).saturating_add(1);
    }
}

/// Appends to `values` the values of `run` past them (the run continued from `values`).
fn take_values(run: &super::sparse::Run, values: &mut Vec<Nimber>) {
    let have = values.len();
    if run.len() > have {
        values.reserve_exact(run.len() - have);
        match run.values() {
            super::sparse::Packed::Narrow(v) => {
                values.extend(v[have..].iter().map(|&x| x as Nimber))
            }
            super::sparse::Packed::Wide(v) => values.extend(v[have..].iter().map(|&x| x as Nimber)),
        }
    }
}

/// Fills `values` to heap `to` from a certified period (saltus 0).
fn fill(values: &mut Vec<Nimber>, p: &Periodicity, to: u64) {
    values.reserve_exact((to + 1) as usize - values.len());
    let (e, q) = (p.preperiod as usize, p.period as usize);
    for n in values.len()..=to as usize {
        // n − q ≥ e: the values reach past the preperiod by more than a period.
        debug_assert!(n - q >= e);
        let v = values[n - q];
        values.push(v);
    }
}

/// The shape the counting mex needs: the removal `J` from which every digit is the same digit, and whether that
/// digit allows taking a whole heap. `None` when the code splits, is finite, or its repeating digits differ or do
/// not allow leaving one heap.
fn counting_shape(code: &Code) -> Option<(u64, bool)> {
    if code.period() == 0 || code.max_heaps() > 1 || code.is_loopy() {
        return None;
    }
    let digits = code.digits();
    let j = digits.len() - code.period();
    let d = &digits[j];
    if !d.allows(1) || digits[j..].iter().any(|x| x != d) {
        return None;
    }
    Some((j as u64, d.allows(0)))
}

/// The counting mex of the module docs.
fn counting_mex(
    code: &Code,
    (j0, _): (u64, bool),
    name: &str,
    values: &mut Vec<Nimber>,
    to: u64,
    limits: &Limits,
    progress: &mut dyn FnMut(u64),
) -> Result<()> {
    let len = to as usize + 2;
    let mut count = vec![0u32; len + 1];
    // next[v] = v while count[v] = 0, else a pointer towards the next value with count 0.
    let mut next: Vec<u32> = (0..=len as u32).collect();
    fn find(next: &mut [u32], mut v: usize) -> usize {
        while next[v] as usize != v {
            let up = next[next[v] as usize];
            next[v] = up;
            v = up as usize;
        }
        v
    }
    let ones: Vec<u64> = (1..j0).filter(|&j| code.digit(j).allows(1)).collect();
    let prefix = values.len();
    values.reserve_exact((to as usize + 1).saturating_sub(prefix));
    if values.is_empty() {
        values.push(0);
    }
    let mut extra: Vec<u64> = Vec::with_capacity(ones.len() + 1);
    for n in 1..=to {
        // Heap n − J joins the counted heaps 1 … n − J.
        if n > j0 {
            let v = values[(n - j0) as usize] as usize;
            if v >= len {
                return Err(Error::limit(format!(
                    "{name}: a value beyond the table at heap {n}"
                )));
            }
            count[v] = count[v].saturating_add(1);
            if count[v] == 1 {
                next[v] = v as u32 + 1;
            }
        }
        if (n as usize) < values.len() {
            continue;
        }
        extra.clear();
        for &j in &ones {
            if j >= n {
                break;
            }
            extra.push(values[(n - j) as usize]);
        }
        if code.digit(n).allows(0) {
            extra.push(0);
        }
        let mut v = find(&mut next, 0);
        while extra.contains(&(v as u64)) {
            v = find(&mut next, v + 1);
        }
        values.push(v as u64);
        if n & 0xffff == 0 {
            progress(n);
            plain::poll(limits, name, n, to)?;
        }
    }
    progress(to);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::plain::code_sequence;
    use crate::heap::TakeAndBreak;
    use proptest::prelude::*;

    fn plain(code: &str, to: u64) -> Vec<Nimber> {
        code_sequence(&Code::parse(code).unwrap(), code, to, &mut |_| {}).unwrap()
    }

    fn auto(code: &str, to: u64) -> (Vec<Nimber>, Method) {
        let t = TakeAndBreak::parse(code).unwrap();
        nim_values(&t, to, Engine::Auto, 1, &Limits::default(), &mut |_| {}).unwrap()
    }

    #[test]
    fn all_but_games_by_counting_equal_the_plain_engine() {
        for set in [
            vec![],
            vec![1],
            vec![2],
            vec![1, 2],
            vec![2, 5, 6],
            vec![1, 3, 4, 9],
        ] {
            let code = crate::heap::all_but_code(&set).unwrap();
            let text = code.to_string();
            let (fast, m) = auto(&text, 3000);
            assert_eq!(m, Method::CountingMex, "{text}");
            assert_eq!(fast, plain(&text, 3000), "{text}");
        }
        // Other repeating-digit codes that do not split.
        for text in ["0.[3]", "0.[2]", "0.1[3]", "0.2[3]", "0.31[2]"] {
            let (fast, m) = auto(text, 2000);
            assert_eq!(m, Method::CountingMex, "{text}");
            assert_eq!(fast, plain(text, 2000), "{text}");
        }
    }

    #[test]
    fn certified_periods_fill_exactly() {
        for text in ["0.137", "0.77", "0.07", "0.3033", "0.333", "0.6"] {
            let (v, m) = auto(text, 20_000);
            assert_eq!(v, plain(text, 20_000), "{text}");
            if text != "0.6" {
                assert!(matches!(m, Method::Period { .. }), "{text}: {m:?}");
            }
        }
        // Dawson's Chess 0.137: period 34 from preperiod 52 (Dawson's Kayles 0.07, whose heap n + 1 it is, has
        // preperiod 53; Winning Ways ch. 4), certified from its first 1024 values.
        let (_, m) = auto("0.137", 1_000_000);
        assert_eq!(
            m,
            Method::Period {
                preperiod: 52,
                period: 34,
                certified_at: 1024
            }
        );
    }

    /// Past the probe (checkpoint 65535 on) the checkpoints continue one kept sparse run: the values are the
    /// plain engine's on one and two workers, from scratch and resumed from a prefix, and a run stopped by the
    /// deadline keeps what it computed.
    #[test]
    fn checkpoints_on_one_kept_run_keep_the_values() {
        let want = plain("0.6", 70_000);
        let t = TakeAndBreak::parse("0.6").unwrap();
        for threads in [1, 2] {
            for from in [0, 40_000, 66_000] {
                let mut values = want[..from].to_vec();
                let m = extend(
                    &t,
                    &mut values,
                    70_000,
                    Engine::Auto,
                    threads,
                    &Limits::default(),
                    &mut |_| {},
                )
                .unwrap();
                assert_eq!(m, Method::Engine(Engine::Fast), "{threads} {from}");
                assert_eq!(values, want, "{threads} {from}");
            }
        }
        // 0.137 is certified at its first checkpoint, before any kept run.
        let (v, m) = auto("0.137", 70_000);
        assert!(
            matches!(
                m,
                Method::Period {
                    certified_at: 1024,
                    ..
                }
            ),
            "{m:?}"
        );
        assert_eq!(v, plain("0.137", 70_000));
        let limits = Limits {
            deadline: Some(crate::solver::Deadline::after_seconds(0.3)),
            ..Limits::default()
        };
        let mut values = Vec::new();
        let e = extend(
            &t,
            &mut values,
            20_000_000,
            Engine::Auto,
            2,
            &limits,
            &mut |_| {},
        )
        .unwrap_err();
        assert!(e.message().contains("stopped after heaps 0..="), "{e}");
        // Past the kept run's start (heap 32768) in an optimised build; a prefix of the true values in any.
        assert!(values.len() > 1024, "{}", values.len());
        let n = values.len().min(want.len());
        assert_eq!(values[..n], want[..n], "the values kept");
    }

    #[test]
    fn auto_runs_the_plain_engine_on_dense_codes() {
        // 0.06: 5332 of its first 2^14 positions rare under the best mask (32.5%), values up to 307; the first
        // value of 512 is at heap 31077. The values are the plain engine's whichever engine runs.
        let (v, m) = auto("0.06", 40_000);
        assert_eq!(m, Method::Engine(Engine::Plain));
        assert_eq!(v, plain("0.06", 40_000));
        let (v, m) = auto("0.06", 30_000);
        assert_eq!(m, Method::Engine(Engine::Fast));
        assert_eq!(v[..], plain("0.06", 40_000)[..=30_000]);
        // Resumed from a prefix (before and after the probe), the same values.
        let t = TakeAndBreak::parse("0.06").unwrap();
        for from in [5_000, 20_000, 35_000] {
            let mut values = plain("0.06", from);
            let m = extend(
                &t,
                &mut values,
                40_000,
                Engine::Auto,
                1,
                &Limits::default(),
                &mut |_| {},
            )
            .unwrap();
            assert_eq!(m, Method::Engine(Engine::Plain));
            assert_eq!(values, v_of("0.06"), "{from}");
        }
        let mut probed = Vec::new();
        let d = dense_probe(&t, Engine::Auto, 100_000, &mut probed, &Limits::default())
            .unwrap()
            .unwrap();
        assert_eq!(probed[..], v_of("0.06")[..=PROBE_HEAPS as usize]);
        assert_eq!(
            (d.heaps, d.rare_positions, d.largest),
            (PROBE_HEAPS, 5332, 307)
        );
        assert!(d.plain_heaps_per_second > 0.0 && d.fast_heaps_per_second > 0.0);
        assert!(d.expected_seconds(100_000) > d.expected_seconds(50_000));
        let note = d.notice("0.06", 100_000);
        assert!(
            note.contains("a dense code") && note.contains("33% of heaps 1..=16384"),
            "{note}"
        );
        // Not asked for auto, or not far enough: no probe.
        assert_eq!(
            dense_probe(
                &t,
                Engine::Fast,
                100_000,
                &mut Vec::new(),
                &Limits::default()
            )
            .unwrap(),
            None
        );
        assert_eq!(
            dense_probe(
                &t,
                Engine::Auto,
                10_000,
                &mut Vec::new(),
                &Limits::default()
            )
            .unwrap(),
            None
        );
        // Sparse codes stay fast, 0.106 among them: half its positions are rare under every value mask, but only a
        // handful once the heap's parity takes part (and its values are below 64 anyway).
        for code in ["0.106", "4!.0", "0.6", "0.007"] {
            let g = TakeAndBreak::parse(code).unwrap();
            let mut v = Vec::new();
            assert_eq!(
                dense_probe(&g, Engine::Auto, 100_000, &mut v, &Limits::default()).unwrap(),
                None,
                "{code}"
            );
            assert_eq!(v.len() as u64, PROBE_HEAPS + 1, "{code}");
            let (_, m) = auto(code, 20_000);
            assert_ne!(m, Method::Engine(Engine::Plain), "{code}");
        }
        assert!(!is_dense(
            &Code::parse("0.6").unwrap(),
            &[0, 1, 2, 3, 0, 1, 2, 3]
        ));
    }

    fn v_of(code: &str) -> Vec<Nimber> {
        plain(code, 40_000)
    }

    #[test]
    fn limits_fail_before_work() {
        let t = TakeAndBreak::parse("0.3").unwrap();
        let e = nim_values(
            &t,
            2_000_000_000,
            Engine::Auto,
            1,
            &Limits::default(),
            &mut |_| {},
        )
        .unwrap_err();
        assert!(e.message().contains("--max-memory"), "{e}");
        let tight = Limits {
            max_memory: 1000,
            ..Limits::default()
        };
        let e = nim_values(&t, 1000, Engine::Auto, 1, &tight, &mut |_| {}).unwrap_err();
        assert!(e.message().contains("--max-memory"), "{e}");
        let t = TakeAndBreak::parse("0.007").unwrap();
        let e = nim_values(
            &t,
            1 << 40,
            Engine::Auto,
            1,
            &Limits::default(),
            &mut |_| {},
        )
        .unwrap_err();
        assert!(e.message().contains("heaps 0..=1099511627776"), "{e}");
    }

    #[test]
    fn a_deadline_stops_the_engines_and_says_how_far() {
        for (code, engine, to) in [
            ("0.007", Engine::Fast, 100_000_000),
            ("4!.0", Engine::Plain, 200_000),
        ] {
            let limits = Limits {
                deadline: Some(crate::solver::Deadline::after_seconds(0.2)),
                ..Limits::default()
            };
            let t = TakeAndBreak::parse(code).unwrap();
            let start = std::time::Instant::now();
            let e = nim_values(&t, to, engine, 1, &limits, &mut |_| {}).unwrap_err();
            // Polled every 65536 heaps (fast) or 1024 (plain): soon after the deadline even unoptimised.
            assert!(start.elapsed().as_secs_f64() < 30.0, "{code}");
            assert!(
                e.message().contains("stopped after heaps 0..="),
                "{code}: {e}"
            );
            assert!(e.message().contains("--max-seconds"), "{code}: {e}");
        }
    }

    proptest! {
        #[test]
        fn closed_forms_are_the_definition(k in 1u64..7, l in 1u64..5, extra in 0u64..5) {
            let bash = crate::heap::Heap(crate::games::bash::Bash::new(k).unwrap());
            let (v, m) = nim_values(&bash, 200, Engine::Auto, 1, &Limits::default(), &mut |_| {}).unwrap();
            prop_assert_eq!(m, Method::ClosedForm);
            prop_assert_eq!(v, plain::sequence(&bash, 200, &mut |_| {}).unwrap());
            let c = crate::heap::Heap(crate::games::constrained_nim::ConstrainedNim::new(l, l + extra).unwrap());
            let (v, _) = nim_values(&c, 200, Engine::Auto, 1, &Limits::default(), &mut |_| {}).unwrap();
            prop_assert_eq!(v, plain::sequence(&c, 200, &mut |_| {}).unwrap());
        }

        #[test]
        fn counting_mex_is_the_definition(set in proptest::collection::vec(1u64..12, 0..5), to in 0u64..400) {
            let code = crate::heap::all_but_code(&set).unwrap();
            let t = TakeAndBreak::new(code.clone()).unwrap();
            let (v, _) = nim_values(&t, to, Engine::Auto, 1, &Limits::default(), &mut |_| {}).unwrap();
            prop_assert_eq!(v, plain::sequence(&t, to, &mut |_| {}).unwrap());
        }
    }
}
