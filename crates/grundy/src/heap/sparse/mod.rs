//! The sparse-space (rare/common) engine: nim-value sequences of take-and-break codes that leave at most two
//! heaps, with about as many XORs per heap as there are rare positions instead of `n/2`.
//!
//! **What it computes.** The same `G(0), G(1), …, G(N)` as the plain engine ([`super::plain`]) for a code with
//! finitely many digits whose moves leave 0, 1 or 2 heaps (any constraint on the two heaps: none, `!`, `?`, `=`;
//! `d0 = 4` as in Grundy's game `4!.0` included).
//!
//! **The split.** Pick a bit mask `M` and call a value `v` *rare* when `popcount(v & M)` is even and *common* when
//! it is odd. Parity of `popcount(· & M)` is linear over XOR, so
//! `rare ⊕ rare = rare`, `rare ⊕ common = common` and **`common ⊕ common = rare`**: a common value is never the
//! nim-sum of two common values. This is the observation behind the sparse-space computations of octal games
//! (Winning Ways, ch. 4, "rare and common values" for Grundy's game; R. Gangolli and T. Plambeck, *A note on
//! periodicity in some octal games*, Int. J. Game Theory 18 (1989); A. Flammenkamp's octal game records, which
//! use the same rare/common split with a mask chosen from the values). A position `a` is rare when its value is.
//!
//! **The heap's parity (the phase bit).** When every digit `j` whose moves leave two heaps (the splits the
//! engine enumerates: `a + b = n − j`, the two heaps not required equal) has the same parity `j0`, the split may
//! also use the parity of the heap, as `ogsolve` / the `ogs` crate by P. Beling does in its rare/common split
//! (`-m rc2`). Write `ext_n(v) = (v << 1) | ((n ⊕ j0) & 1)` for the value `v` *at heap `n`*, and take the mask
//! `mask_ext = (M << 1) | p` with a phase bit `p`: position `a` is rare when `popcount(ext_a(G(a)) & mask_ext)`
//! is even, and a value `v` is *common for heap `n`* when `popcount(ext_n(v) & mask_ext)` is odd (with `p = 0`
//! this is the split above, the same for every heap; with `p = 1` the heaps with `n ⊕ j0` odd have their
//! classes swapped). For a split `a + b = n − j` of heap `n` with `j ≡ j0 (mod 2)`,
//! `ext_a(G(a)) ⊕ ext_b(G(b)) = ext_n(G(a) ⊕ G(b))`: the high bits are the nim-sum, and the low bits agree
//! because `a ⊕ b ≡ a + b = n − j ≡ n ⊕ j0 (mod 2)`. Parity of `popcount(· & mask_ext)` is linear over XOR, so
//! the nim-sum of two common positions is **rare for heap `n`**, and the argument below holds word for word with
//! "common for heap `n`" in place of "common". Without a shared parity (Kayles, `0.77`: digits 1 and 2) `p = 0`
//! and nothing changes. On 0.106 (its one two-heap digit is 3) half the positions are rare under every value
//! mask, but with mask `0b1101` and the heap's parity only 15 of its first 10^6 are.
//!
//! **Why the result is exact whatever the mask.** For a heap `n` the engine marks every option value except those
//! of splits `a + b` in which both `a` and `b` are common positions; it keeps the list `R` of all positions
//! `a ≥ 1` that are rare (under the current split), so "every split involving a rare position" is enumerated
//! completely from `R`. The unmarked options are common ⊕ common, hence rare for heap `n`. Let `c` be the
//! smallest value common for heap `n` not marked: no option at all has value `c` (marked ones were all seen;
//! unmarked ones are rare for heap `n`), and every value below `c` that is common for heap `n` is reached. So
//! `G(n) = mex ≤ c`, and `G(n) = c` exactly when every value below `c` that is *rare for heap `n`* is reached.
//! Those already marked are reached; if some are not, the engine scans all split options (common ⊕ common
//! included), marking as it goes, and stops as soon as every such value below `c` is reached (then `G(n) = c`)
//! or the options are exhausted (then `G(n)` is the smallest unmarked value, rare for heap `n`, below `c`).
//! Nothing in this argument depends on which mask was chosen: a poor mask only makes `R` long (mask 0 makes
//! every value rare, and the engine becomes the plain one).
//!
//! **Choosing the split.** At heaps 256, 512, 1024, … and whenever the largest value needs a new bit, the engine
//! counts how often each value occurred at heaps of each parity, picks the mask (over the low 12 bits of the
//! values) that makes the fewest positions rare, and rebuilds `R` — `O(N)` work in all, amortised by the
//! doubling (every mask's count at once, by a Walsh–Hadamard transform of the counts). Where the heap's parity
//! may take part, the best mask with it replaces that one only when it makes strictly fewer positions rare, so
//! Officers (`0.6`), Grundy's game (`4!.0`), Treblecross (`0.007`) and `0.06` keep the split they had without it
//! from heap 1024 on (on the first heaps, a few values, it can win: Treblecross takes it from heap 4 to 1023).
//!
//! **Cost.** Per heap: one XOR per (rare position, two-heap digit), plus a scan of the split options that stops
//! as soon as every rare value below the candidate is reached (the whole `n/2` splits per two-heap digit only at
//! the heaps whose value is rare). Once every heap's value is common (Officers after heap 20627) the scan is a
//! coupon collection: about `V · H_k` split options (`H_k` the harmonic number) for the `k` rare values below
//! the candidate when the nim-sums spread over `V` values, so its order matters: it takes blocks of 256 splits
//! alternately from the smallest smaller part up and from the middle down (nim-sums near 0 come from two grown
//! parts; Officers to 10^5: 198 million split options instead of 273 million from the bottom alone). Values are
//! stored as `u16` while they fit in 15 bits and widened to `u32` in the middle of a run when a value needs it
//! (`u32` values above `2^31` are an error, never a wrapped number); the rare positions are kept with their
//! values side by side.
//!
//! **Kernels.** The inner loops live in [`super::scan`], each with a scalar reference and an AVX-512 version
//! chosen at run time and checked against each other: the scan tests 32 nim-sums per step against a table of
//! the wanted values held in registers (exact below 2048); the marking writes 16 marks per scatter. Marking
//! goes in *batches* of 16 heaps `n, n + s, …, n + 15s` (`s = 1`, or 2 for each of two workers) while their
//! marks fit the first-level cache (values below 512): for a rare position `r ≥ 34` every heap's larger part
//! `m - r` is already known when the batch starts, and the 16 larger parts of one `r` lie side by side in the
//! values, so one load fetches them and one scatter marks the 16 heaps (each heap has its own marks); the few
//! rare positions below 34, and every rare position once the values pass 512, are marked heap by heap (16
//! larger parts per gather). The marks become a bit set in which the smallest unmarked value common for the
//! heap and the values rare for it below that one are found a word at a time (the mask's classes, swapped for
//! the heaps whose phase swaps them). Where every value is below 64 and at least one position in 16 is rare even
//! with the heap's parity (0.106 without it: half its positions are rare under any value mask), marking the rare
//! positions would look at about as many splits as there are, so the engine looks at all of them with the dense
//! kernel instead (32 nim-sums per step OR-ed into a 64-bit mask; the mex is exact from the mask).
//!
//! **Two cores.** Heap `n` needs the value of every smaller heap, but only its one-heap option of the digit `j = 1`
//! and the split `1 + (n - 1)` of the digit `j = 0` read heap `n - 1` (the *late* options). So with `--threads 2`
//! two workers find every other heap: each finds heap `n` over its *early* options while the other worker finishes
//! heap `n - 1`, then, once `G(n - 1)` is known, finishes it: `mex(E ∪ L) = mex(E)` unless a late option has the
//! value `mex(E)`, and then heap `n` is computed again from all its options (285 heaps of Officers' first 10^6).
//! Each worker keeps its own copy of the values and its own split (the argument above holds for any split; a
//! heap found early is classed by its own parity, `n = g.len() + 1`), so per
//! heap only one cache line crosses between the cores: the heap's number and value. A worker waiting for the
//! other's value marks part of its next batch meanwhile. The
//! engine times windows of 4096 heaps on two workers against one and keeps the faster (probing again, less often
//! while the same mode keeps winning): two workers pay from about a microsecond of work per heap on (Officers,
//! Treblecross, Grundy's game; less than twice as fast because each heap waits for the other worker's
//! last one, and heaps differ in cost) and not on Kayles (a tenth of a microsecond per heap); below heap 4096,
//! and whenever the other core is busy, one worker runs. The values never depend on the timing.
//!
//! **As an engine.** [`Sparse`] is this engine behind [`super::SequenceEngine`]: it applies to the codes [`covers`]
//! accepts, polls the deadline where it reports progress, and is what `--engine fast` and, where it applies,
//! `--engine auto` run.
//!
//! **Layout.** `split.rs`: the rare/common split and its mask. `engine.rs`: the single-worker engine
//! (marking, scan, one heap after another). `batch.rs`: batched marking. `widen.rs`: value widening (`u16` to
//! `u32`). `pipeline.rs`: the two-worker pipeline. `store.rs`: where the values live (in memory,
//! or for a bounded run in a mapped file of which only the hot part stays resident: [`Run::spilled`], [`Window`]).
//! [`scan`]: the kernels. `raw.rs`: their AVX-512 versions and
//! every other `unsafe` block of the crate, fenced in one private module (the only one allowed `unsafe_code`).
//!
//! **Figures.** Timings and ratios (against `ogsolve -m rc2` and the plain engine, one and two cores, the effect
//! of batches and of marking while waiting) are in `benches/RESULTS.md`, each with the command that produced it
//! and its date; they are not repeated here because they move with the machine.

mod batch;
mod engine;
mod pipeline;
#[allow(unsafe_code)]
mod raw;
pub(crate) use raw::{
    advise_huge, current_cpu, huge_vec, move_off_cpu, prefetch_line, ZeroedLines,
};
pub mod scan;
mod split;
mod store;
#[cfg(test)]
mod tests;
mod widen;

use crate::game::HeapView;
use batch::*;
use engine::*;
use pipeline::*;
pub(crate) use raw::thread_cpu_seconds;
use split::*;
pub use split::{best_mask, best_split, phase_of, stats, Split, Stats};
use store::*;
pub use store::{Spill, Window};
use widen::*;

use super::code::{Code, Constraint};
use super::{HeapGame, SequenceEngine, FAST_MAX_HEAP};
use crate::error::{Error, Result};
use crate::nimber::Nimber;
use crate::solver::Limits;
use std::sync::atomic::Ordering::{Acquire, Relaxed, Release, SeqCst};
use std::sync::atomic::{AtomicBool, AtomicU64};

/// True when the sparse engine computes this code: finitely many digits, no move leaving three or more heaps,
/// and no move that can repeat a position.
pub fn covers(code: &Code) -> bool {
    code.max_removed().is_some() && code.max_heaps() <= 2 && !code.is_loopy()
}

/// Extends `values` (the nim-values of heaps `0..values.len()`, possibly empty) to heaps `0..=to`, and returns
/// the final split. `progress` is called with the heap reached now and then.
pub fn extend(
    code: &Code,
    name: &str,
    values: &mut Vec<Nimber>,
    to: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<Split> {
    extend_with_threads(code, name, values, to, 1, progress)
}

/// [`extend`] on up to `threads` threads (two are used when `threads ≥ 2`: see the module docs for where the
/// second one pays). The values are the same whatever the number of threads.
pub fn extend_with_threads(
    code: &Code,
    name: &str,
    values: &mut Vec<Nimber>,
    to: u64,
    threads: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<Split> {
    extend_polled(code, name, values, to, threads, &mut |n| {
        progress(n);
        true
    })
}

/// [`extend_with_threads`] whose `progress` may stop the run: it is called where progress is reported (every
/// 65536 heaps, in the outer loop, so polling costs nothing measurable) and returns `false` to stop. A stopped run
/// keeps the values it computed in `values` and returns a limit error that says how far it got.
pub fn extend_polled(
    code: &Code,
    name: &str,
    values: &mut Vec<Nimber>,
    to: u64,
    threads: usize,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Result<Split> {
    if !covers(code) {
        return Err(Error::unsupported(format!(
            "{name}: the fast engine covers codes with finitely many digits whose moves leave at most two heaps"
        )).with_remedy(crate::error::Remedy::PlainEngine));
    }
    if to >= u32::MAX as u64 {
        return Err(Error::limit(format!(
            "{name}: heap {to} is beyond the fast engine's limit of {} heaps",
            u32::MAX - 1
        )));
    }
    let moves = moves_of(code);
    let mut prefix: Vec<u32> = Vec::with_capacity(values.len().max(1));
    for (n, &v) in values.iter().enumerate() {
        prefix.push(
            u32::try_from(v)
                .ok()
                .filter(|&x| x < u32::LIMIT)
                .ok_or_else(|| wide(name, n as u64))?,
        );
    }
    if prefix.is_empty() {
        prefix.push(0);
    }
    let mut hist = Hist::new();
    for (n, &v) in prefix.iter().enumerate().skip(1) {
        bump(&mut hist, n, v as usize);
    }
    let mask = if prefix.iter().all(|&v| v < u16::LIMIT) {
        widening::<u16>(moves, &prefix, hist, name, values, to, threads, progress)?
    } else {
        let g: Vec<u32> = prefix.iter().map(|&v| u32::new(v)).collect();
        let mut e = Engine::<u32>::new(moves, g, hist);
        match drive(&mut e, to, threads, &mut Probe::new(), progress) {
            Done::All => finish(&e, values, to),
            Done::Wider(_) => return Err(wide(name, e.g.len() as u64)),
            Done::Stopped => return Err(stopped(&e, values, name, to)),
        }
    };
    let _ = progress(to);
    Ok(mask)
}

/// The sparse-space engine as a [`SequenceEngine`] (see the module docs for what it computes, why it is exact and
/// its cost): it applies to the codes [`covers`] accepts, up to heap [`FAST_MAX_HEAP`], on up to two threads.
#[derive(Debug, Clone, Copy, Default)]
pub struct Sparse;

/// The sparse-space engine.
pub static SPARSE: Sparse = Sparse;

impl SequenceEngine for Sparse {
    fn name(&self) -> &'static str {
        "fast"
    }
    fn engine(&self) -> super::Engine {
        super::Engine::Fast
    }
    fn applies(&self, game: &HeapGame) -> bool {
        game.code().is_some_and(covers)
    }
    fn max_heap(&self, _game: &HeapGame) -> u64 {
        FAST_MAX_HEAP
    }
    fn bytes_per_heap(&self, threads: usize) -> u64 {
        // The values as u64 for the caller, a u16/u32 copy per worker (at most two), and the u32 prefix.
        8 + 4 * threads.clamp(1, 2) as u64 + 4
    }
    fn extend(
        &self,
        game: &HeapGame,
        values: &mut Vec<Nimber>,
        to: u64,
        threads: usize,
        limits: &Limits,
        progress: &mut dyn FnMut(u64),
    ) -> Result<()> {
        let name = game.name();
        let Some(code) = game.code() else {
            return Err(Error::unsupported(format!(
                "{name}: the fast engine computes take-and-break codes only"
            )));
        };
        if to > FAST_MAX_HEAP {
            return Err(Error::limit(format!(
                "{name}: heap {to} is beyond the fast engine's limit of {FAST_MAX_HEAP}"
            )));
        }
        // The deadline is polled where progress is reported (every 65536 heaps, in the outer loop).
        let r = extend_polled(code, &name, values, to, threads, &mut |n| {
            progress(n);
            !limits.deadline.is_some_and(|d| d.passed())
        });
        match (r, limits.check_time()) {
            (Ok(_), _) => Ok(()),
            (Err(err), Err(late)) => Err(late.context(err.message())),
            (Err(err), Ok(())) => Err(err),
        }
    }
}

/// Keeps the values a stopped run computed, and the error that says how far it got.
fn stopped<T: Val>(e: &Engine<T>, values: &mut Vec<Nimber>, name: &str, to: u64) -> Error {
    let done = e.g.len() as u64;
    finish(e, values, done.saturating_sub(1));
    super::stopped_error(name, done.saturating_sub(1), to, None)
}

/// The engine `e` with its values widened to `u32` (in a store of the same kind: a bounded run stays bounded).
fn widened(e: &mut Engine<u16>, name: &str) -> Result<Engine<u32>> {
    let g =
        e.g.convert(|x| x.get() as u32)
            .map_err(|err| spill_error(name, err))?;
    Ok(Engine::<u32>::new(
        e.moves.clone(),
        g,
        std::mem::take(&mut e.hist),
    ))
}

/// The error for a values' file that cannot be made or grown.
fn spill_error(name: &str, e: std::io::Error) -> Error {
    Error::input(format!("{name}: the file for the values: {e}"))
}

/// The values of a [`Run`], as narrow as they are stored: `u16` while every value fits in 15 bits, else `u32`.
#[derive(Debug, Clone, Copy)]
pub enum Packed<'a> {
    /// Every value below `2^15`.
    Narrow(&'a [u16]),
    /// Values below `2^31`.
    Wide(&'a [u32]),
}

impl Packed<'_> {
    /// How many values.
    pub fn len(&self) -> usize {
        match self {
            Packed::Narrow(v) => v.len(),
            Packed::Wide(v) => v.len(),
        }
    }
    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Value `i`.
    #[inline]
    pub fn get(&self, i: usize) -> u32 {
        match self {
            Packed::Narrow(v) => v[i] as u32,
            Packed::Wide(v) => v[i],
        }
    }
    /// The values of heaps `range`, widened to [`Nimber`] (for a file or a caller that wants them).
    pub fn to_nimbers(&self, range: std::ops::Range<usize>) -> Vec<Nimber> {
        match self {
            Packed::Narrow(v) => v[range].iter().map(|&x| x as Nimber).collect(),
            Packed::Wide(v) => v[range].iter().map(|&x| x as Nimber).collect(),
        }
    }
}

/// The engine's state, in the value type it currently holds.
enum State {
    Narrow(Engine<u16>),
    Wide(Engine<u32>),
}

/// A sparse-space run kept between steps: the values stay in the engine's own narrow copy (2 bytes a value while
/// they fit in 15 bits, else 4) and each [`Run::extend`] continues from where the last one stopped, with no `u64`
/// copy of the table and no prefix rebuilt. This is what a long search ([`super::period::search`]) holds: the
/// values computed are exactly those of [`extend`] (the same engine, continued).
pub struct Run {
    state: State,
    /// How many values are visible (heaps `0..len`): the engine may hold one more than asked.
    len: usize,
    name: String,
    /// What the two-worker runs of the earlier steps learned (see [`drive`]).
    probe: Probe,
}

impl Run {
    /// A run of `code` from the values of heaps `0..values.len()` (possibly none), trusted as given.
    pub fn new(code: &Code, name: &str, values: &[Nimber]) -> Result<Run> {
        if !covers(code) {
            return Err(Error::unsupported(format!(
                "{name}: the fast engine covers codes with finitely many digits whose moves leave at most two heaps"
            )).with_remedy(crate::error::Remedy::PlainEngine));
        }
        let moves = moves_of(code);
        let mut prefix: Vec<u32> = Vec::with_capacity(values.len().max(1));
        for (n, &v) in values.iter().enumerate() {
            prefix.push(
                u32::try_from(v)
                    .ok()
                    .filter(|&x| x < u32::LIMIT)
                    .ok_or_else(|| wide(name, n as u64))?,
            );
        }
        let len = values.len();
        if prefix.is_empty() {
            prefix.push(0);
        }
        let mut hist = Hist::new();
        for (n, &v) in prefix.iter().enumerate().skip(1) {
            bump(&mut hist, n, v as usize);
        }
        let state = if prefix.iter().all(|&v| v < u16::LIMIT) {
            let g: Vec<u16> = prefix.iter().map(|&v| u16::new(v)).collect();
            State::Narrow(Engine::new(moves, g, hist))
        } else {
            State::Wide(Engine::new(moves, prefix, hist))
        };
        Ok(Run {
            state,
            len: len.max(1),
            name: name.to_string(),
            probe: Probe::new(),
        })
    }

    /// The values of heaps `0..self.len()`.
    pub fn values(&self) -> Packed<'_> {
        match &self.state {
            State::Narrow(e) => Packed::Narrow(&e.g[..self.len]),
            State::Wide(e) => Packed::Wide(&e.g[..self.len]),
        }
    }

    /// How many values are known (heaps `0..len`).
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when no value is known (never: heap 0 is).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes the values take in memory (the engine's copy, with the room reserved; for a bounded run, at most
    /// the head, the tail and the stretch read between releases: see [`Window`]).
    pub fn bytes(&self) -> u64 {
        match &self.state {
            State::Narrow(e) => e.g.resident_bytes(),
            State::Wide(e) => e.g.resident_bytes(),
        }
    }

    /// A bounded run of `code` from heap 0: its values are kept in an unlinked file made in `dir`, mapped into
    /// memory, of which the process holds only the first `window.head` heaps, the last `window.window` and what
    /// the scans read between releases (see the `store` module's docs; the values are exactly those of
    /// [`extend`]). Bounded runs use one worker. Fails when the file cannot be made (or the system has no mapped
    /// files).
    pub fn spilled(code: &Code, name: &str, dir: &std::path::Path, window: Window) -> Result<Run> {
        if !covers(code) {
            return Err(Error::unsupported(format!(
                "{name}: the fast engine covers codes with finitely many digits whose moves leave at most two heaps"
            )).with_remedy(crate::error::Remedy::PlainEngine));
        }
        let mut g = Store::<u16>::spilled(dir, window).map_err(|e| spill_error(name, e))?;
        g.push(0);
        Ok(Run {
            state: State::Narrow(Engine::new(moves_of(code), g, Hist::new())),
            len: 1,
            name: name.to_string(),
            probe: Probe::new(),
        })
    }

    /// Appends the values of the next heaps, trusted as given (a run resumed from a file): no heap is computed.
    /// The split is chosen again at each power of two, as the engine does.
    pub fn push_known(&mut self, values: &[Nimber]) -> Result<()> {
        let held = match &self.state {
            State::Narrow(e) => e.g.len(),
            State::Wide(e) => e.g.len(),
        };
        if held != self.len {
            return Err(Error::unsupported(format!(
                "{}: values can be appended only where the run stopped",
                self.name
            )));
        }
        for &v in values {
            let n = self.len as u64;
            let v = u32::try_from(v)
                .ok()
                .filter(|&x| x < u32::LIMIT)
                .ok_or_else(|| wide(&self.name, n))?;
            let pushed = match &mut self.state {
                State::Narrow(e) => e.push(v),
                State::Wide(e) => e.push(v),
            };
            if !pushed {
                let State::Narrow(e) = &mut self.state else {
                    return Err(wide(&self.name, n));
                };
                let mut w = widened(e, &self.name)?;
                if !w.push(v) {
                    return Err(wide(&self.name, n));
                }
                self.state = State::Wide(w);
            }
            self.len += 1;
            if self.len >= FIRST_REBUILD as usize && self.len.is_power_of_two() {
                match &mut self.state {
                    State::Narrow(e) => e.rebuild(),
                    State::Wide(e) => e.rebuild(),
                }
            }
        }
        Ok(())
    }

    /// Calls `f(first, values)` on the values of heaps `range` (clamped to the values known), in chunks of 2^20
    /// heaps, giving back a bounded run's cold pages as it goes (so a pass over every value stays bounded).
    pub fn for_each_chunk(
        &self,
        range: std::ops::Range<usize>,
        mut f: impl FnMut(usize, Packed<'_>) -> Result<()>,
    ) -> Result<()> {
        let end = range.end.min(self.len);
        let mut from = range.start.min(end);
        while from < end {
            let to = (from + CHUNK).min(end);
            match &self.state {
                State::Narrow(e) => f(from, Packed::Narrow(&e.g[from..to]))?,
                State::Wide(e) => f(from, Packed::Wide(&e.g[from..to]))?,
            }
            match &self.state {
                State::Narrow(e) => e.g.release_read(to.next_multiple_of(CHUNK)),
                State::Wide(e) => e.g.release_read(to.next_multiple_of(CHUNK)),
            }
            from = to;
        }
        Ok(())
    }

    /// The statistics of the values known ([`stats`] under [`best_split`] with the code's [`phase_of`]), read in
    /// chunks ([`Run::for_each_chunk`]).
    pub fn stats(&self) -> Stats {
        let mut hist = Hist::new();
        let all = 0..self.len;
        let _ = self.for_each_chunk(all.clone(), |first, p| {
            for i in 0..p.len() {
                if first + i >= 1 {
                    bump(&mut hist, first + i, p.get(i) as usize);
                }
            }
            Ok(())
        });
        let phase = match &self.state {
            State::Narrow(e) => e.phase,
            State::Wide(e) => e.phase,
        };
        let mut acc = StatsAcc::new(choose_split(&hist, phase));
        let _ = self.for_each_chunk(all, |first, p| {
            for i in 0..p.len() {
                acc.add(first + i, p.get(i) as Nimber);
            }
            Ok(())
        });
        acc.finish()
    }

    /// True when the values are kept in a mapped file ([`Run::spilled`]).
    pub fn is_spilled(&self) -> bool {
        match &self.state {
            State::Narrow(e) => e.g.is_spilled(),
            State::Wide(e) => e.g.is_spilled(),
        }
    }

    /// What a bounded run held and how often it went to its file (`None` for a run in memory).
    pub fn spill(&self) -> Option<Spill> {
        match &self.state {
            State::Narrow(e) => e.g.spill(),
            State::Wide(e) => e.g.spill(),
        }
    }

    /// Extends the values to heaps `0..=to` on up to `threads` threads (widening from `u16` to `u32` in place when
    /// a value needs it); `progress` as in [`extend_polled`]. A stopped run keeps what it computed and returns the
    /// error that says how far it got.
    pub fn extend(
        &mut self,
        to: u64,
        threads: usize,
        progress: &mut dyn FnMut(u64) -> bool,
    ) -> Result<()> {
        let name = self.name.clone();
        if to >= u32::MAX as u64 {
            return Err(Error::limit(format!(
                "{name}: heap {to} is beyond the fast engine's limit of {} heaps",
                u32::MAX - 1
            )));
        }
        if (to as usize) < self.len {
            return Ok(());
        }
        // The room at once (one more than asked: the two-worker run may find one heap past `to`).
        let room = (to as usize + 2).saturating_sub(self.len);
        // A bounded run uses one worker (the second would hold its own copy of every value).
        let threads = if self.is_spilled() { 1 } else { threads };
        let done = match &mut self.state {
            State::Narrow(e) => {
                e.g.reserve_exact(room);
                match drive(e, to, threads, &mut self.probe, progress) {
                    Done::Wider(v) => {
                        let mut w = widened(e, &name)?;
                        if !w.push(v) {
                            return Err(wide(&name, w.g.len() as u64));
                        }
                        self.state = State::Wide(w);
                        let State::Wide(w) = &mut self.state else {
                            unreachable!("just set")
                        };
                        w.g.reserve_exact((to as usize + 2).saturating_sub(w.g.len()));
                        drive(w, to, threads, &mut self.probe, progress)
                    }
                    d => d,
                }
            }
            State::Wide(e) => {
                e.g.reserve_exact(room);
                drive(e, to, threads, &mut self.probe, progress)
            }
        };
        let held = match &self.state {
            State::Narrow(e) => e.g.len(),
            State::Wide(e) => e.g.len(),
        };
        self.len = held.min(to as usize + 1);
        match done {
            Done::All => {
                let _ = progress(to);
                Ok(())
            }
            Done::Wider(_) => Err(wide(&name, held as u64)),
            Done::Stopped => Err(super::stopped_error(
                &name,
                (held as u64).saturating_sub(1),
                to,
                None,
            )),
        }
    }
}
