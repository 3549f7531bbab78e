//! Dense codes: the probe `auto` makes before it commits a code to the sparse split, the run that switches to the
//! plain engine on a dense code, and the timed probe that `grundy seq` reports.

use super::{choose, Method};
use crate::error::Result;
use crate::game::HeapView;
use crate::heap::plain;
use crate::heap::sparse::SPARSE;
use crate::heap::{Code, Engine, HeapGame, SequenceEngine};
use crate::nimber::Nimber;
use crate::solver::Limits;

/// `auto` probes a code the fast engine covers on its first [`PROBE_HEAPS`] values (computed by the fast engine)
/// before it commits to the sparse split: a *dense* code ([`is_dense`]) has the rest computed by the plain engine.
pub const PROBE_HEAPS: u64 = 1 << 14;

/// The heaps after the probe timed on each engine for [`DenseProbe`]'s figures.
pub const TIMED_HEAPS: u64 = 512;

/// Whether the sparse split cannot help on these values of `code` (heaps `0..values.len()`): under the best split
/// (the engine's: the heap's parity included where the code allows it, [`crate::heap::sparse::phase_of`]) at least 30%
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
    let st = crate::heap::sparse::stats(values, best_split(code, values));
    st.rare_positions.saturating_mul(10) >= 3 * (values.len() as u64 - 1)
}

/// The split the sparse engine would choose for these values of `code` (the heap's parity included where the
/// code allows it).
fn best_split(code: &Code, values: &[Nimber]) -> crate::heap::sparse::Split {
    crate::heap::sparse::best_split(values, crate::heap::sparse::phase_of(code))
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
pub(super) fn extend_auto(
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
    let st = crate::heap::sparse::stats(probed, best_split(code, probed));
    let end = PROBE_HEAPS + TIMED_HEAPS;
    // The thread's CPU time where the system has that clock (the machine may be busy), else wall time.
    let start = || {
        (
            crate::heap::sparse::thread_cpu_seconds(),
            crate::clock::Instant::now(),
        )
    };
    let since = |(c0, w0): (Option<f64>, crate::clock::Instant)| match (
        c0,
        crate::heap::sparse::thread_cpu_seconds(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::plain::code_sequence;
    use crate::heap::sequence::{extend, nim_values};
    use crate::heap::TakeAndBreak;

    fn plain(code: &str, to: u64) -> Vec<Nimber> {
        code_sequence(&Code::parse(code).unwrap(), code, to, &mut |_| {}).unwrap()
    }

    fn auto(code: &str, to: u64) -> (Vec<Nimber>, Method) {
        let t = TakeAndBreak::parse(code).unwrap();
        nim_values(&t, to, Engine::Auto, 1, &Limits::default(), &mut |_| {}).unwrap()
    }

    fn v_of(code: &str) -> Vec<Nimber> {
        plain(code, 40_000)
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
}
