//! Checks before any work: the memory a method needs per heap, and the heap-size limits of the engines and closed
//! forms, against [`Limits`].

use super::{engine_for, has_closed_form, Method};
use crate::error::{Error, Result};
use crate::game::HeapView;
use crate::game::Known;
use crate::heap::plain::PLAIN;
use crate::heap::sparse::SPARSE;
use crate::heap::{Engine, HeapGame, SequenceEngine};
use crate::solver::Limits;

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
        // A game's own table (a script's body tabulated bottom-up) is the plain engine's loop without the options
        // buffer: the same bound on the heaps.
        Method::Own => Some((PLAIN.max_heap(game), "plain engine")),
        _ => None,
    };
    if method == Method::ClosedForm && game.known_value(&to, &super::formulas()).is_none() {
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
