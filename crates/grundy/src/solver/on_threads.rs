//! The search by tests on two or more threads (`grundy value --threads N`): the Cram engine's and, through
//! [`value_on_threads`], the solver's for games whose positions can be shared between threads (Node Kayles, Arc
//! Kayles: [`crate::SearchHints::value_on_threads`]).
//!
//! **What it computes.** The nim-value of one position, as [`Solver::nim_value`] does by tests (module
//! `by_tests`): the root's tests "has option `i` the value `u`?" are dealt to one solver a thread ([`super::root`]),
//! and every solver reads and writes one table of facts ([`Facts`]: exact values and "`G(x) ≠ v`" bits). Each fact
//! is proved by an exact test, whichever thread wrote it, so the answer is the one-thread answer.
//!
//! **Cost.** Each solver keeps its own memo (under its share of the memory budget) and looks in the shared facts
//! only when its own memo does not know a position: one lock of one of [`SHARDS`] maps, a hash and a comparison.
//! The shared facts hold at most a quarter of the memory budget; past it they take no new positions (a fact not
//! shared is found again by the thread that needs it: slower, never wrong).

use super::root::{self, Worker};
use super::{Limits, Solver};
use crate::error::{Error, Result};
use crate::game::HintsView;
use crate::game::{Game, Options};
use crate::nimber::Nimber;
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

pub use crate::game::Proved;

/// Expansions a search makes on one thread before it deals its root to several: a search that ends within them
/// (a few milliseconds) would lose more to starting threads than it gains. Measured (benches/graphs.sh, two
/// threads against one, before this start): Node Kayles on the 5 x 5 grid (109 expansions, 1.7 ms) 0.54x, on the
/// cycle of 40 0.71x; on the 6 x 6 grid (1,414 expansions) 1.30x.
const SOLO: u64 = 256;

/// The shared facts are split into this many maps, each under its own lock.
pub(crate) const SHARDS: usize = 64;

/// What is known of one position: its value, and bit `v` set when its value is known not to be `v` (`v < 64`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Fact {
    pub exact: Option<Nimber>,
    pub not: u64,
}

/// The facts the solvers of one search share (see the module docs).
pub(crate) struct Facts<P> {
    shards: Vec<Mutex<FxHashMap<P, Fact>>>,
    /// Bytes held (entries and what their positions hold on the heap), and the most they may hold.
    bytes: AtomicU64,
    cap: u64,
}

impl<P: Hash + Eq + Clone> Facts<P> {
    /// Empty facts holding at most `cap` bytes.
    pub(crate) fn new(cap: u64) -> Facts<P> {
        Facts {
            shards: (0..SHARDS).map(|_| Mutex::default()).collect(),
            bytes: AtomicU64::new(0),
            cap,
        }
    }

    fn shard(&self, p: &P) -> std::sync::MutexGuard<'_, FxHashMap<P, Fact>> {
        let mut h = FxHasher::default();
        p.hash(&mut h);
        // (The high bits: FxHash's low bits are weak for small keys.)
        let i = (h.finish() >> 58) as usize % SHARDS;
        // A thread that panicked holding a lock left whole facts (each is set in one statement).
        self.shards[i].lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What is known of `p`.
    pub(crate) fn get(&self, p: &P) -> Fact {
        self.shard(p).get(p).copied().unwrap_or_default()
    }

    /// Adds to what is known of `p` (`heap`: the bytes its position holds on the heap); a new position is taken
    /// only while the facts are under their cap.
    pub(crate) fn update(&self, p: &P, heap: usize, f: impl FnOnce(&mut Fact)) {
        let mut shard = self.shard(p);
        if let Some(fact) = shard.get_mut(p) {
            f(fact);
            return;
        }
        let entry = (std::mem::size_of::<(P, Fact)>() * 2 + heap) as u64;
        if self.bytes.load(Ordering::Relaxed) + entry > self.cap {
            return;
        }
        self.bytes.fetch_add(entry, Ordering::Relaxed);
        let mut fact = Fact::default();
        f(&mut fact);
        shard.insert(p.clone(), fact);
    }

    /// Every exact value held.
    pub(crate) fn exact_entries(&self) -> Vec<(P, Nimber)> {
        let mut out = Vec::new();
        for s in &self.shards {
            let s = s.lock().unwrap_or_else(|e| e.into_inner());
            out.extend(
                s.iter()
                    .filter_map(|(p, f)| f.exact.map(|v| (p.clone(), v))),
            );
        }
        out
    }
}

/// Why a solver's task ended without its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Halt {
    /// Its stop flag was set: the task was made moot.
    Stopped,
    /// A limit (time, positions) ended it; the error is kept by the worker.
    Failed,
}

/// A solver running the root's tasks: the root's options are `opts`.
struct Tests<'a, G: Game> {
    solver: Solver<G>,
    opts: &'a [Vec<G::Position>],
    error: Option<Error>,
}

impl<G: Game> Worker for Tests<'_, G> {
    type Halt = Halt;
    fn stopped(h: &Halt) -> bool {
        *h == Halt::Stopped
    }
    fn swap_stop(&mut self, stop: Option<Arc<AtomicBool>>) -> Option<Arc<AtomicBool>> {
        std::mem::replace(&mut self.solver.stop, stop)
    }
    fn option_known(&mut self, i: usize) -> Option<Nimber> {
        self.opts[i]
            .iter()
            .try_fold(0, |x, c| self.solver.known(c).map(|v| x ^ v))
    }
    fn option_is(&mut self, i: usize, u: Nimber) -> std::result::Result<bool, Halt> {
        self.solver.option_is(&self.opts[i], u).map_err(|e| {
            if self
                .solver
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
            {
                Halt::Stopped
            } else {
                self.error.get_or_insert(e);
                Halt::Failed
            }
        })
    }
}

/// The value of the position `p` (a memo key of `game`) by tests on `threads` threads, with the exact values the
/// search proved on the way (for the caller's memo): see the module docs. The search starts on one thread, for
/// 256 expansions; past them, what it proved is shared and the root is dealt to the threads. A position with
/// fewer than two options or more than 126 (each counted once) is searched on one thread. Each solver works under
/// `limits`, its memory budget divided among the threads and the shared facts.
///
/// Long: one search in its phases (alone on this thread first, the facts it proved shared, the root's options dealt,
/// the threads' scope), each reading the solver, the facts and the options of the phases before.
pub fn value_on_threads<G>(
    game: &G,
    p: &G::Position,
    threads: usize,
    limits: Limits,
) -> Result<Proved<G::Position>>
where
    G: Game + Clone + Send + Sync,
    G::Position: Send + Sync,
{
    let share = Limits {
        max_memory: limits.max_memory / (2 * threads.max(1) as u64),
        ..limits
    };
    let mut main = Solver::with_limits(game.clone(), share);
    main.set_search_by_tests(true);
    if let Some(v) = main.known(p) {
        return Ok((v, Vec::new()));
    }
    // First on this thread alone, for [`SOLO`] expansions: a search that ends there has no thread to start.
    main.budget = if threads > 1 { SOLO } else { u64::MAX };
    match main.value_by_tests(p) {
        Ok(v) => return Ok((v, main.memo.into_iter().collect())),
        Err(e) if main.expanded < main.budget => return Err(e),
        Err(_) => {}
    }
    main.budget = u64::MAX;
    // What it proved, for every thread.
    let facts = Arc::new(Facts::new(limits.max_memory / 4));
    let solver = || {
        let mut s = Solver::with_limits(game.clone(), share);
        s.set_search_by_tests(true);
        s.facts = Some(facts.clone());
        s
    };
    main.facts = Some(facts.clone());
    for (q, &v) in &main.memo {
        facts.update(q, game.heap_bytes(q), |f| f.exact = Some(v));
    }
    for (q, &n) in &main.nots {
        facts.update(q, game.heap_bytes(q), |f| f.not |= n);
    }
    let mut listed = Options::new();
    game.distinct_options(p, &mut listed)?;
    // Each option once (equal sums, such as the images of one move under the position's symmetries, are one
    // option), as memo keys, in the order of the one-thread search (its largest component smallest first).
    let mut seen = FxHashSet::default();
    let mut opts: Vec<Vec<G::Position>> = Vec::new();
    for o in listed.iter() {
        let mut o: Vec<(u64, G::Position)> = o
            .iter()
            .map(|c| {
                let c = game.memo_key(c).into_owned();
                let mut h = FxHasher::default();
                c.hash(&mut h);
                (h.finish(), c)
            })
            .collect();
        o.sort_by_key(|(h, _)| *h);
        let o: Vec<G::Position> = o.into_iter().map(|(_, c)| c).collect();
        if seen.insert(o.clone()) {
            opts.push(o);
        }
    }
    if opts.len() < 2 || opts.len() > root::MAX_OPTIONS {
        let v = main.value_by_tests(p)?;
        return Ok((v, main.memo.into_iter().collect()));
    }
    opts.sort_by_cached_key(|o| o.iter().map(|c| game.search_size(c)).max().unwrap_or(0));
    let tasks = root::Shared::new(opts.len(), threads, |i| {
        opts[i]
            .iter()
            .try_fold(0, |x, c| main.known(c).map(|v| x ^ v))
    });
    let mut workers: Vec<Tests<G>> = (0..threads)
        .map(|t| Tests {
            solver: if t == 0 {
                std::mem::replace(&mut main, solver())
            } else {
                let mut s = solver();
                s.reports = false;
                s
            },
            opts: &opts,
            error: None,
        })
        .collect();
    let r = std::thread::scope(|sc| {
        let (first, rest) = workers.split_first_mut().expect("two or more threads");
        let handles: Vec<_> = rest
            .iter_mut()
            .enumerate()
            .map(|(t, w)| {
                let tasks = &tasks;
                // (The search by tests recurses on the call stack, a few frames a move.)
                std::thread::Builder::new()
                    .stack_size(256 << 20)
                    .spawn_scoped(sc, move || tasks.work(w, t + 1))
            })
            .collect();
        let r = tasks.work(first, 0);
        for h in handles.into_iter().flatten() {
            // Each thread returns the same answer; a helper that failed left only facts it wrote whole.
            let _ = h.join();
        }
        r
    });
    if std::env::var_os("GRUNDY_ENGINE_STATS").is_some() {
        let counts: Vec<u64> = workers.iter().map(|w| w.solver.expanded).collect();
        eprintln!(
            "search by tests on threads: {} options, expanded {counts:?}",
            opts.len()
        );
    }
    match r {
        Ok(v) => {
            let mut proved = facts.exact_entries();
            proved.push((p.clone(), v));
            Ok((v, proved))
        }
        Err(_) => Err(workers
            .iter_mut()
            .find_map(|w| w.error.take())
            .unwrap_or_else(|| Error::limit("the search was stopped"))),
    }
}
