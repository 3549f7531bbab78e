//! Batched marking: the far rare splits of 16 heaps marked together, and prepared while waiting.

use super::*;

impl<T: Val> Engine<T> {
    /// The marks of heap `n` (`n = g.len()`, or `g.len() + 1` when found early): its slot in the current batch,
    /// or the first slot of the next batch (prepared ahead by [`Engine::prepare`], when it starts at `n`), or of
    /// a new batch starting at `n`.
    pub(super) fn slot_of(&mut self, n: u64) -> usize {
        let b = &self.batch;
        if b.heaps > 0 && n >= b.first && (n - b.first).is_multiple_of(b.stride) {
            let k = (n - b.first) / b.stride;
            if k < b.heaps {
                return k as usize;
            }
        }
        let mut next = self.take_spare(n);
        self.mark_some(&mut next, usize::MAX);
        self.spare = std::mem::replace(&mut self.batch, next);
        self.spare.heaps = 0;
        0
    }

    /// The spare batch, planned for heap `n` unless it already is (with the engine's stride).
    pub(super) fn take_spare(&mut self, n: u64) -> Batch {
        let mut next = std::mem::take(&mut self.spare);
        if !(next.heaps > 0 && next.first == n && next.stride == self.stride) {
            self.plan(&mut next, n);
        }
        next
    }

    /// Plans a batch at heap `n`: heaps `n + stride · k`, `k <` [`scan::BATCH`] (`stride` the engine's, set by
    /// the runner to the step between the heaps it will ask for). For each two-heap digit `j` the batch will
    /// mark ([`Engine::mark_some`]), in each heap's slot, the splits with a rare part `r` in `lo..=far`, where
    /// `far = min(g.len() - 1, n - j - 1)` and `lo = max(FAR, n - j + 16 · stride - g.len())` (`g.len()` now):
    /// every such split is a split of every heap of the batch (`r ≤ m - 1` for each heap's part `m ≥ n - j`),
    /// its larger part is already known (`m - r ≤ n - j + 15 · stride - lo < g.len()`), and `r` is in the rare
    /// list now (below `g.len()`; later rare positions are larger), so the heap's own marking
    /// ([`Engine::mark_rare_splits`]) leaves out exactly these. A batch holds as long as the split does (a
    /// rebuild ends it), whatever the order in which its heaps are found; a heap the run never asks for only
    /// costs its marks. When the batch starts at the next heap (`g.len() ≥ n - 1`), `lo` is `FAR`.
    pub(super) fn plan(&mut self, b: &mut Batch, n: u64) {
        assert!(
            self.stride == 1 || self.stride == 2,
            "heaps of a batch are 1 or 2 apart"
        );
        b.first = n;
        b.stride = self.stride;
        // A stamp no slot holds: a new one per batch (after 2^32 - 1 batches every mark is cleared first).
        self.stamp = match self.stamp.checked_add(1) {
            Some(s) => s,
            None => {
                b.marks.fill(0);
                self.batch.marks.fill(0);
                1
            }
        };
        b.stamp = self.stamp;
        let heaps = b.marks.len() / b.slot;
        b.heaps = heaps as u64;
        b.far.clear();
        b.near.clear();
        b.beyond.clear();
        let len = self.g.len() as u64;
        for mv in &self.moves {
            let splits = matches!(mv.two, Some(c) if c != Constraint::AllEqual);
            let lo = (FAR as u64).max((n - mv.j.min(n) + 16 * self.stride).saturating_sub(len));
            let far = (len - 1).min(n.saturating_sub(mv.j + 1));
            let far = if splits && heaps == scan::BATCH && far >= lo {
                far as u32
            } else {
                0
            };
            b.far.push(far);
            if far == 0 {
                b.near.push(0);
                b.beyond.push(0);
                continue;
            }
            b.near.push(self.rare.partition_point(|&r| (r as u64) < lo));
            b.beyond.push(self.rare.partition_point(|&r| r <= far));
        }
        b.todo.clone_from(&b.near);
    }

    /// Marks the splits of batch `b` for up to `budget` more rare positions; true once all are marked.
    pub(super) fn mark_some(&self, b: &mut Batch, mut budget: usize) -> bool {
        for (d, mv) in self.moves.iter().enumerate() {
            if b.far[d] == 0 || b.todo[d] >= b.beyond[d] || budget == 0 {
                continue;
            }
            let (lo, hi) = (b.todo[d], b.beyond[d].min(b.todo[d].saturating_add(budget)));
            let splits = scan::BatchSplits {
                g: &self.g,
                base: (b.first - mv.j) as usize,
                stride: b.stride as usize,
                rare: &self.rare[lo..hi],
                rare_g: &self.rare_g[lo..hi],
                unequal: mv.two != Some(Constraint::Any),
            };
            let mut st = scan::BatchStamp {
                marks: &mut b.marks,
                slot: b.slot,
                top: self.cap - 1,
                stamp: b.stamp,
            };
            T::mark_batch(&splits, &mut st, self.simd_cpu);
            b.todo[d] = hi;
            budget -= hi - lo;
        }
        (0..self.moves.len()).all(|d| b.far[d] == 0 || b.todo[d] >= b.beyond[d])
    }

    /// Work to do while waiting for the other worker: marks part of the batch after the current one (the
    /// heaps `stride · BATCH` further on). False when there is nothing to do.
    pub(super) fn prepare(&mut self) -> bool {
        let b = &self.batch;
        if self.dense || b.heaps == 0 {
            return false;
        }
        let n = b.first + b.stride * b.heaps;
        let mut next = self.take_spare(n);
        let busy = !self.mark_some(&mut next, PREPARE_CHUNK);
        self.spare = next;
        busy
    }
}

/// The marks of a batch of heaps `first + stride · k`, `k < heaps` (see [`Engine::plan`]): heap `k`'s
/// in `marks[k * slot..(k + 1) * slot]`.
#[derive(Default)]
pub(super) struct Batch {
    pub(super) first: u64,
    pub(super) stride: u64,
    /// 0 when there is no batch (before the first, and after a rebuild).
    pub(super) heaps: u64,
    /// The stamp of the batch's marks (every batch has a new one; marks start at 0, below every stamp).
    pub(super) stamp: u32,
    /// Per entry of `Engine::moves`: the batch marks the splits with a rare part up to `far` (none when `far`
    /// is 0), from the rare position at index `near` of `Engine::rare` to the one before index `beyond`; those
    /// before index `todo` are marked.
    pub(super) far: Vec<u32>,
    pub(super) near: Vec<usize>,
    pub(super) beyond: Vec<usize>,
    pub(super) todo: Vec<usize>,
    pub(super) marks: Vec<u32>,
    pub(super) slot: usize,
}

/// Rare positions marked per call of [`Engine::prepare`] (about a tenth of a microsecond of work: a worker
/// waiting for the other's value checks again this often).
pub(super) const PREPARE_CHUNK: usize = 32;

/// Heaps are found in batches of [`scan::BATCH`] while their marks number at most this many in all (32 KiB: they
/// stay in the first-level cache), and one at a time otherwise. A scatter costs about the same whatever the
/// number of its lanes, so smaller batches do not pay, nor do marks that leave that cache (figures in
/// `benches/RESULTS.md`). Lower in tests,
/// so that both ways run on the games tested.
pub(super) const BATCH_MARKS: usize = if cfg!(test) { 1 << 11 } else { 1 << 13 };

/// The rare positions from this one on are marked in batches (far enough below the batch's heaps that their
/// splits' larger parts are known for heaps up to 30 ahead: [`Engine::plan`]).
pub(super) const FAR: u32 = 2 * scan::BATCH as u32 + 2;
