//! The nim-values of heaps `0..=N` of a heap game, by the cheapest exact method that applies: the one place that
//! chooses among the methods and engines ([`choose`], [`engine_for`]), and the one function that `grundy seq`,
//! `grundy period`, heap tables and value look-ups call ([`extend`], [`nim_values`], [`values`]).
//!
//! With [`Engine::Auto`] the methods are tried in this order (an explicit [`Engine::Plain`] or [`Engine::Fast`]
//! runs that engine on every heap, as the reference):
//!
//! 1. **A closed form** ([`ClosedForm::nim_value`](crate::ClosedForm::nim_value)): each value in `O(1)` (Nim `G(n) = n`, Bash
//!    `n mod (K+1)`, Constrained Nim, Lasker's Nim; each module proves its form).
//! 2. **The game's own method** ([`crate::HeapFacts::extend_sequence`]): a sieve or a recurrence of the game's
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

mod certified;
mod counting;
mod dense;
pub mod file;
mod memory;

use crate::context::Context;
use crate::game::HeapView;
use crate::game::Known;
use certified::by_period;
use counting::{counting_mex, counting_shape};
use dense::extend_auto;
pub use dense::{dense_probe, is_dense, DenseProbe, DENSE_FAST_BELOW, PROBE_HEAPS, TIMED_HEAPS};
pub use memory::{bytes_per_heap, check};

use super::multi::MULTI;
use super::period;
use super::plain::{self, PLAIN};
use super::sparse::SPARSE;
use super::{Engine, HeapGame, SequenceEngine};
use crate::error::{Error, Result};
use crate::nimber::Nimber;
use crate::solver::Limits;

/// How the values were computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The game's proved closed form.
    ClosedForm,
    /// The game's own method ([`crate::HeapFacts::extend_sequence`]).
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
pub(super) fn formulas() -> Context {
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
                "{name}: the fast engine covers codes with finitely many digits whose moves leave at most two heaps"
            )).with_remedy(crate::error::Remedy::PlainEngine),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::plain::code_sequence;
    use crate::heap::{Code, TakeAndBreak};
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
        assert!(e.to_string().contains("raise the memory limit"), "{e}");
        let tight = Limits {
            max_memory: 1000,
            ..Limits::default()
        };
        let e = nim_values(&t, 1000, Engine::Auto, 1, &tight, &mut |_| {}).unwrap_err();
        assert!(e.to_string().contains("raise the memory limit"), "{e}");
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
            assert!(
                e.to_string().contains("raise the time limit"),
                "{code}: {e}"
            );
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
