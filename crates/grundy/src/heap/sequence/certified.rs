//! A certified period as a method: the values computed to doubling checkpoints until the Guy–Smith certificate
//! holds, then filled from the period.

use super::dense::{extend_auto, is_dense, PROBE_HEAPS};
use super::{engine_for, Method};
use crate::error::Result;
use crate::game::HeapView;
use crate::heap::period::{self, Periodicity};
use crate::heap::{Engine, HeapGame};
use crate::nimber::Nimber;
use crate::solver::Limits;

/// Computes to doubling checkpoints (heaps 1023, 2047, 4095, … below `to`) until the Guy–Smith certificate holds
/// on the values up to one of them, then fills the rest from the period. A certificate on a prefix of the values
/// holds for every heap, so a resumed run tries the same checkpoints on the values it already has.
///
/// On the fast engine, once the first [`PROBE_HEAPS`] values show a code that is not dense ([`is_dense`]), one
/// [`sparse::Run`](crate::heap::sparse::Run) is kept from checkpoint to checkpoint: each continues the same engine (no
/// prefix rebuilt, no `u64` copy converted back and forth), and its two workers keep what they learned about the
/// machine (a fresh engine per checkpoint probed one and two workers from scratch each time). The certificate is
/// tried on the run's own packed values; the `u64` values are written once, at the end.
pub(super) fn by_period(
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
    let mut run: Option<crate::heap::sparse::Run> = None;
    let mut c: u64 = 1023;
    loop {
        let c_now = c.min(to);
        if run.is_none()
            && engine.engine() == Engine::Fast
            && c_now > PROBE_HEAPS
            && values.len() as u64 > PROBE_HEAPS
            && !is_dense(code, &values[..=PROBE_HEAPS as usize])
        {
            run = Some(crate::heap::sparse::Run::new(code, &name, values)?);
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
                crate::heap::sparse::Packed::Narrow(v) => {
                    period::certify(code, &v[..=c_now as usize])
                }
                crate::heap::sparse::Packed::Wide(v) => {
                    period::certify(code, &v[..=c_now as usize])
                }
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
fn take_values(run: &crate::heap::sparse::Run, values: &mut Vec<Nimber>) {
    let have = values.len();
    if run.len() > have {
        values.reserve_exact(run.len() - have);
        match run.values() {
            crate::heap::sparse::Packed::Narrow(v) => {
                values.extend(v[have..].iter().map(|&x| x as Nimber))
            }
            crate::heap::sparse::Packed::Wide(v) => {
                values.extend(v[have..].iter().map(|&x| x as Nimber))
            }
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
