//! The one trait of the sequence engines: what the plain ([`super::plain::Plain`]), multi-heap
//! ([`super::multi::MultiHeapEngine`]) and sparse-space ([`super::sparse::Sparse`]) engines have in common.
//!
//! An engine computes the nim-values of heaps `0, 1, …, N` of a heap game one heap after the other, each from the
//! values before it: it *extends* a prefix of the sequence. Each says for which games it is exact
//! ([`SequenceEngine::applies`]), how far it may be asked to go ([`SequenceEngine::max_heap`]) and how much memory
//! it needs per heap ([`SequenceEngine::bytes_per_heap`]), so that a run is checked before any work. Which engine
//! computes a game, and whether a closed form, the game's own method, a counting mex or a certified period
//! replaces them all, is decided in one place: [`super::sequence::choose`] and [`super::sequence::engine_for`].
//! Every caller goes through [`super::sequence::extend`] (or [`super::extend_code`] for a bare code).

use super::{Engine, HeapGame};
use crate::error::Result;
use crate::nimber::Nimber;
use crate::solver::Limits;

/// A sequence engine: extends the nim-values of a heap game's heaps `0..values.len()` to heaps `0..=to`.
pub trait SequenceEngine: Sync {
    /// A short name for messages (`plain`, `multi-heap`, `fast`).
    fn name(&self) -> &'static str;

    /// The `--engine` choice that names this engine ([`Engine::Plain`] or [`Engine::Fast`]), as runs report it.
    fn engine(&self) -> Engine;

    /// Whether this engine computes `game` exactly ([`super::sequence::engine_for`] chooses among the engines that
    /// apply: fast, then multi-heap for codes that leave three or more heaps, then plain).
    fn applies(&self, game: &HeapGame) -> bool;

    /// The largest heap this engine computes for `game` by default (its cost or memory grows past it).
    fn max_heap(&self, game: &HeapGame) -> u64;

    /// Bytes of memory per heap the engine needs on `threads` threads, an upper estimate (the values handed back
    /// included), checked against [`Limits::max_memory`] before a run.
    fn bytes_per_heap(&self, threads: usize) -> u64;

    /// Extends `values` (the nim-values of heaps `0..values.len()`, possibly empty) to heaps `0..=to` of `game`.
    /// `threads` bounds the threads the engine may use, `limits`' deadline is polled where progress is reported
    /// (`progress` is called now and then with the heap reached), and a run stopped by it keeps the values computed
    /// so far in `values` and fails with an error that says how far it got. A game the engine does not apply to is
    /// an error, never a wrong answer.
    fn extend(
        &self,
        game: &HeapGame,
        values: &mut Vec<Nimber>,
        to: u64,
        threads: usize,
        limits: &Limits,
        progress: &mut dyn FnMut(u64),
    ) -> Result<()>;
}
