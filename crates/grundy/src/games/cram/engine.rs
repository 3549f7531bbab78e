//! The Cram search engine ([`CramEngine`]): the nim-value of a sum of regions by tests "is `G(x) = w`?" over a
//! table that evicts, the root of a search dealt to threads as tasks, and the engine each thread keeps between
//! searches.

use super::board_table::{self, BoardTable, Key};
use super::region::{
    cancel_pairs_from, parts, Listing, Opt, Parts, Region, Small, AHEAD, AHEAD_FROM,
};
use super::{endgame, keys::set_known, small, Board};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::nimber::Nimber;
use crate::solver::{root, Limits};

/// The Cram search engine: the nim-value of a region by *tests* "is `G(x) = w`?", with a [`BoardTable`] that
/// evicts when full.
///
/// **What it computes, and why it is exact.** `G(x) = w` exactly when `x + *w` is a P-position, i.e. when
/// (a) no option of `x` has value `w` and (b) for every `u < w` some option has value `u` (equivalently
/// `G(x) ≠ u`, as `G(x) ≤ w` once (a) holds). So `G(x)` is the least `w` whose test succeeds, and the engine
/// runs the tests `w = 0, 1, …` in turn. Test (a) stops at the first option found with value `w` — the cut that
/// makes it fast, and a sound one: that single option proves `G(x) ≠ w`, whatever the others are. An option is a
/// sum of regions `c1 + … + ck` (the regions left by the domino; Sprague–Grundy: its value is the nim-sum);
/// the engine cancels equal pairs (`G(c) ⊕ G(c) = 0`), values every region but the largest exactly, and asks the
/// test "is `G(largest) = w ⊕ (the others)`?" of the largest. A test is answered from the table when the table
/// knows it (an exact value, or a bit of "`G(x) ≠ v`"), and by the bound `G(x) ≤ (number of options)` (a mex of
/// `k` values is at most `k`). No other cut is made: unlike pruning that assumes fewer than 256 options, every
/// test reads every option it needs. The table records each answer: "`G(x) = w`" or "`G(x) ≠ w`".
///
/// Boards of at most 8 × 8 are searched as `small` regions (bitboards, simplified; 64-bit keys, held in the
/// table's compact part, [`Key::compact`]), larger ones as [`Board`] regions: the same tests on both. A [`Board`]
/// region that fits in the 8 × 8 square (as the regions of a wider board do once moves have narrowed them) is
/// searched on the fast path and keyed there: a key names a set of cells up to the symmetries of the grid,
/// whichever path meets it. Measured (one thread, `cram search in`), against the engine before these two changes
/// and the option lists made lazily for [`Board`] regions too: 3x9 15.0 → 6.8 ms, 3x10 38.6 → 17.5 ms, 4x9 1.50
/// → 0.41 s (benches/RESULTS.md, 2026-11-30).
///
/// **Order.** How soon a test that succeeds stops depends on which options it tries first: options the table
/// settles first, then the others by the difficulty of their hardest region (`Region::difficulty`, private), least
/// first. The order changes the work, never the answer.
///
/// **Cost.** Worst case the plain search's (every region reachable, each option read once per test); in practice
/// far less, as most N-positions are settled by their first few options. Memory: the table's capacity (34 bytes
/// a [`Board`] entry, 16 a `small` one, 8 once their part reaches 1 GiB), from [`Limits::max_memory`] and [`Limits::max_positions`]; past it,
/// entries are evicted and recomputed when met again (the results stay exact).
pub struct CramEngine {
    pub(super) table: BoardTable,
    pub(super) nodes: u64,
    pub(super) deadline: Option<crate::solver::Deadline>,
    pub(super) stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The caller's cancellation ([`Context::with_cancel`]), looked at with `stop`; unlike a task's stop, it ends
    /// the whole search with an error.
    pub(super) cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    pub(super) pool: Vec<Vec<Board>>,
    pub(super) pool_small: Vec<Vec<Small>>,
    /// Spare option lists and index lists (kept to save an allocation a node).
    pub(super) pool_opts: Vec<Vec<Opt>>,
    pub(super) pool_open: Vec<Vec<usize>>,
    pub(super) helpers: Vec<CramEngine>,
    /// Where this engine reports its progress (the search's [`Context`]; the main engine, not its helpers), and
    /// whether it has since the last search ended.
    pub(super) progress: Option<crate::context::Progress>,
    pub(super) reported: bool,
    /// The node count at which the search stops with [`Halt::Budget`] (looked at every 64 nodes).
    pub(super) budget: u64,
}

/// What the engine's progress reports count (the total is not known in advance).
pub(super) const PROGRESS: &str = "searching cram (positions expanded)";

/// The nodes a search on threads spends on one thread first ([`CramEngine::exact_shared`]).
pub(super) const SOLO: u64 = 1024;

/// Run first by a helper thread: if the kernel started it on `spawner`, the processor of the thread that spawned
/// it, it moves to another (the spawner then yields once, so that a helper queued behind it runs to do so). Left
/// there, a helper waited for the kernel's next balancing, 2-4 ms, in about 40% of the runs of `value cram 4x7
/// --threads 2` (a search of 10 ms), which then took up to 18 ms (benches/RESULTS.md, 2026-11-30).
pub(super) fn leave_cpu(spawner: Option<usize>) {
    if let Some(c) = spawner {
        if crate::heap::sparse::current_cpu() == Some(c) {
            crate::heap::sparse::move_off_cpu(c);
        }
    }
}

/// An engine running the tasks of a root dealt to threads ([`root`]): its options `opts` over `flat`.
pub(super) struct Tasks<'a, R> {
    e: &'a mut CramEngine,
    flat: &'a [R],
    opts: &'a [Opt],
}

impl<R: Region> root::Worker for Tasks<'_, R> {
    type Halt = Halt;
    fn stopped(h: &Halt) -> bool {
        *h == Halt::Stopped
    }
    fn swap_stop(
        &mut self,
        stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    ) -> Option<std::sync::Arc<std::sync::atomic::AtomicBool>> {
        std::mem::replace(&mut self.e.stop, stop)
    }
    fn option_known(&mut self, i: usize) -> Option<Nimber> {
        let mut o = self.opts[i];
        self.e.look_up(self.flat, &mut o);
        (o.unknown == 0).then_some(o.xor)
    }
    fn option_is(&mut self, i: usize, u: Nimber) -> std::result::Result<bool, Halt> {
        let mut o = self.opts[i];
        self.e.look_up(self.flat, &mut o);
        match self.e.table_has(self.flat, &o, u) {
            Some(has) => Ok(has),
            None => self
                .e
                .opt_is(&self.flat[o.start as usize..o.end as usize], u),
        }
    }
}

/// The engine stopped: a deadline passed, or another thread made its test moot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Halt {
    Time,
    Stopped,
    /// The caller cancelled the search ([`Context::with_cancel`]).
    Cancelled,
    /// The node budget of a search begun on one thread ran out (`CramEngine::exact_shared`).
    Budget,
}

/// Buckets of the shared table part for a search whose region has `cells` cells: about half the entries such a
/// search keeps (measured on one thread: 4x7 19,460, 5x7 350,172, 5x8 964,500 entries; about ×1.5 a cell; on two
/// threads fewer are kept), within the memory budget. Only the speed depends on it: the part grows fourfold once it
/// holds as many entries as buckets (a search of a board of high value keeps many more), and evicts at its largest.
pub(super) fn shared_buckets(cells: u32, max_bytes: u64) -> usize {
    let mut est: u64 = 10_000;
    for _ in 28..cells.min(80) {
        est = est.saturating_mul(3) / 2;
    }
    for _ in cells..28 {
        est = est * 2 / 3;
    }
    let cap = (max_bytes / 64).max(1024);
    // A power of two (as the part is made), the largest within the budget.
    let cap = 1u64 << (63 - cap.leading_zeros());
    est.max(1024).next_power_of_two().min(cap) as usize
}

impl CramEngine {
    /// An engine whose table holds what `limits` allows (its memory budget and position count).
    pub fn new(limits: &Limits) -> CramEngine {
        let bytes = limits
            .max_memory
            .min((limits.max_positions as u64).saturating_mul(board_table::ENTRY_BYTES + 2));
        CramEngine::with_table(BoardTable::with_max_bytes(bytes), limits.deadline)
    }

    /// An engine searching through `table`, under `deadline`.
    fn with_table(table: BoardTable, deadline: Option<crate::solver::Deadline>) -> CramEngine {
        CramEngine {
            table,
            nodes: 0,
            deadline,
            stop: None,
            cancel: None,
            pool: Vec::new(),
            pool_small: Vec::new(),
            pool_opts: Vec::new(),
            pool_open: Vec::new(),
            helpers: Vec::new(),
            progress: None,
            reported: false,
            budget: u64::MAX,
        }
    }

    /// The table of the engine (its size, capacity and evictions).
    pub fn table(&self) -> &BoardTable {
        &self.table
    }

    /// Positions the engine has expanded (options listed) so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The nim-value of a sum of boards (each split into its regions).
    pub fn value(&mut self, boards: &[Board]) -> Result<Nimber> {
        self.value_threads(boards, 1)
    }

    /// [`CramEngine::value`] on `threads` threads: for each region of the 8 × 8 square, the tests of its options
    /// are dealt to this engine and `threads − 1` helpers, all through one shared table (`exact_shared` and the
    /// module `root` in the source); the answer is the one-thread answer (the table holds only true facts, whoever
    /// wrote them). A region's search first spends 1,024 nodes on this thread alone, and one that ends within
    /// them starts no thread. Measured (benches/RESULTS.md, the endgame database's section; search alone, best of
    /// 7), two cores against one: 4x5 and 5x5 1.0× (one thread throughout), 4x7 1.09×, 6x5 1.82×, 5x6 1.79×, 5x7
    /// 1.56×.
    pub fn value_threads(&mut self, boards: &[Board], threads: usize) -> Result<Nimber> {
        let mut v = 0;
        for b in boards {
            let r = match parts(b) {
                Parts::Small(rs) => self.xor_parallel(&rs, threads),
                Parts::Big(rs) => self.xor_parallel(&rs, threads),
            };
            v ^= r.map_err(|h| self.error(h))?;
        }
        Ok(v)
    }

    fn xor_parallel<R: Region>(
        &mut self,
        rs: &[R],
        threads: usize,
    ) -> std::result::Result<Nimber, Halt> {
        let mut v = 0;
        for r in rs {
            v ^= if threads <= 1 {
                self.exact(r)?
            } else {
                self.exact_shared(r, threads)?
            };
        }
        Ok(v)
    }

    /// [`CramEngine::exact`] on `threads` threads: the tests of the region's options are dealt to this engine and
    /// its helpers as tasks (module `root`), all through one table (its compact part shared:
    /// [`board_table::BoardTable::share`]). Every fact in the table is true whichever thread wrote it, so the answer
    /// is the one-thread answer.
    fn exact_shared<R: Region>(
        &mut self,
        x: &R,
        threads: usize,
    ) -> std::result::Result<Nimber, Halt> {
        let n = x.cells();
        let key = x.key();
        if !key.is_compact() || n < 12 || x.mirror() || self.table.get(&key).exact.is_some() {
            // (A region with a long key, past the 8 x 8 square and its compact keys, has regions no thread shares:
            // one thread searches it.)
            return self.exact(x);
        }
        // First on this thread alone, for SOLO nodes: a search that ends within them starts no thread. (Starting
        // one and sharing the table cost about as much as SOLO nodes; what the solo search proved stays in the
        // table, which the threads share.)
        let budget = std::mem::replace(&mut self.budget, self.nodes.saturating_add(SOLO));
        let solo = self.exact(x);
        self.budget = budget;
        match solo {
            Err(Halt::Budget) => {}
            r => return r,
        }
        self.tick()?;
        let mut flat = Vec::new();
        let mut all = Vec::new();
        x.options(&mut flat, &mut all);
        if all.len() > root::MAX_OPTIONS {
            return self.exact(x);
        }
        // In the one-thread order; each option once (equal sums of regions, such as the images of one placement
        // under the board's symmetries, are one option).
        all.sort_by_key(|o| o.hard);
        let mut seen = std::collections::BTreeSet::new();
        let opts: Vec<Opt> = all
            .into_iter()
            .filter(|o| seen.insert(&flat[o.start as usize..o.end as usize]))
            .collect();
        self.table.share(shared_buckets(n, self.table.max_bytes()));
        self.make_helpers(threads);
        let mut helpers = std::mem::take(&mut self.helpers);
        let tasks = root::Shared::new(opts.len(), threads, |i| {
            let mut o = opts[i];
            self.look_up(&flat, &mut o);
            (o.unknown == 0).then_some(o.xor)
        });
        let r = std::thread::scope(|sc| {
            let mut handles = Vec::new();
            let here = crate::heap::sparse::current_cpu();
            let (flat, opts) = (&flat[..], &opts[..]);
            for (t, h) in helpers.iter_mut().enumerate() {
                let tasks = &tasks;
                handles.push(
                    std::thread::Builder::new()
                        .stack_size(256 << 20)
                        .spawn_scoped(sc, move || {
                            leave_cpu(here);
                            tasks.work(&mut Tasks { e: h, flat, opts }, t + 1)
                        }),
                );
            }
            std::thread::yield_now();
            let r = tasks.work(
                &mut Tasks {
                    e: &mut *self,
                    flat,
                    opts,
                },
                0,
            );
            for h in handles.into_iter().flatten() {
                // Each thread returns the same answer; a helper that failed left only facts it wrote whole.
                let _ = h.join();
            }
            r
        });
        self.helpers = helpers;
        if let Ok(v) = r {
            self.table.set_exact(&x.key(), v, n as u16);
        }
        r
    }

    /// Makes helper engines (each its own table, of this one's size, under its deadline) until there are `threads`
    /// engines in all; when this engine's table shares its compact part, so do theirs.
    fn make_helpers(&mut self, threads: usize) {
        let bytes = self.table.max_bytes();
        while self.helpers.len() + 1 < threads {
            // (Its compact keys live in the shared part: a table of its own starts as small as it can.)
            let mut h = CramEngine::with_table(BoardTable::lean(bytes), None);
            h.progress = None;
            self.helpers.push(h);
        }
        let shared = self.table.shared_part();
        for h in &mut self.helpers {
            h.deadline = self.deadline;
            if let Some(c) = &shared {
                if h.table.shared_part().is_none() {
                    h.table.attach(c.clone());
                }
            }
        }
    }

    /// For each sum of regions in `sums` (as [`CramEngine::sum_is`] takes them), whether it has nim-value `w`: the
    /// tests of a position's winning moves. On `threads` > 1 the sums are dealt to this engine and its helpers,
    /// sums equal up to the symmetries of the grid to the same engine (so that one table proves them once), and
    /// tested at once; each test is exact on any engine, so the answers are those of one thread.
    pub fn sums_are(
        &mut self,
        sums: &[Vec<Board>],
        w: Nimber,
        threads: usize,
    ) -> Result<Vec<bool>> {
        if threads <= 1 || sums.len() < 2 {
            return sums.iter().map(|s| self.sum_is(s, w)).collect();
        }
        // Group the sums by their regions' least images; deal each group to the engine with the fewest sums.
        let mut keyed: Vec<(Vec<Board>, usize)> = sums
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let mut k: Vec<Board> = s.iter().flat_map(|b| b.regions()).collect();
                k.sort_unstable();
                (k, i)
            })
            .collect();
        keyed.sort_unstable();
        let mut deals: Vec<Vec<usize>> = vec![Vec::new(); threads];
        let mut start = 0;
        while start < keyed.len() {
            let end = start
                + keyed[start..]
                    .iter()
                    .take_while(|(k, _)| *k == keyed[start].0)
                    .count();
            let least = (0..threads)
                .min_by_key(|&t| deals[t].len())
                .expect("threads > 1");
            deals[least].extend(keyed[start..end].iter().map(|&(_, i)| i));
            start = end;
        }
        // The engines share one table (this one's facts moved into it), sized for the largest board, when every
        // region of the boards has a compact key (as have those of the 8 x 8 square and the smaller ones past it),
        // which the shared part holds. (`keyed` holds every sum's regions.)
        if keyed
            .iter()
            .all(|(k, _)| k.iter().all(|r| r.key().is_compact()))
        {
            let cells = sums
                .iter()
                .flatten()
                .map(|b| b.cells.count_ones())
                .max()
                .unwrap_or(0);
            self.table
                .share(shared_buckets(cells, self.table.max_bytes()));
        }
        self.make_helpers(threads);
        let mut helpers = std::mem::take(&mut self.helpers);
        let run = |e: &mut CramEngine, deal: &[usize]| -> Result<Vec<(usize, bool)>> {
            deal.iter()
                .map(|&i| Ok((i, e.sum_is(&sums[i], w)?)))
                .collect()
        };
        let results: Vec<Result<Vec<(usize, bool)>>> = std::thread::scope(|sc| {
            let mut handles = Vec::new();
            let here = crate::heap::sparse::current_cpu();
            for (h, deal) in helpers.iter_mut().zip(&deals[1..]) {
                let spawned = std::thread::Builder::new()
                    .stack_size(256 << 20)
                    .spawn_scoped(sc, move || {
                        leave_cpu(here);
                        run(h, deal)
                    });
                handles.push((spawned, deal));
            }
            std::thread::yield_now();
            let mut all = vec![run(self, &deals[0])];
            for (h, deal) in handles {
                all.push(match h {
                    Ok(h) => h
                        .join()
                        .unwrap_or_else(|_| Err(Error::limit("cram: a search thread failed"))),
                    // A thread that could not be started: its deal is tested on this one.
                    Err(_) => run(self, deal),
                });
            }
            all
        });
        self.helpers = helpers;
        let mut out = vec![false; sums.len()];
        for r in results {
            for (i, is) in r? {
                out[i] = is;
            }
        }
        Ok(out)
    }

    /// Whether the sum of the regions `sum` (each normalised, as [`Board::regions`] gives them) has nim-value `w`.
    pub fn sum_is(&mut self, sum: &[Board], w: Nimber) -> Result<bool> {
        let r = (|| {
            let mut small = Vec::new();
            let mut big = Vec::new();
            for b in sum {
                match parts(b) {
                    Parts::Small(v) => small.extend(v),
                    Parts::Big(v) => big.extend(v),
                }
            }
            cancel_pairs_from(&mut small, 0);
            big.retain(|b| b.cells.count_ones() >= 2);
            cancel_pairs_from(&mut big, 0);
            if big.is_empty() {
                return self.opt_is(&small, w);
            }
            let mut t = w;
            for c in &small {
                t ^= self.exact(c)?;
            }
            self.opt_is(&big, t)
        })();
        r.map_err(|h| self.error(h))
    }

    fn error(&self, h: Halt) -> Error {
        match (h, &self.deadline) {
            (Halt::Time, Some(d)) => d.error(),
            (Halt::Cancelled, _) => {
                Error::cancelled("cram: the search was stopped before it ended")
            }
            _ => Error::limit("cram: the search was stopped"),
        }
    }

    fn tick(&mut self) -> std::result::Result<(), Halt> {
        self.nodes += 1;
        // A stop is looked for every 64 nodes (a test made moot ends within about 0.1 ms), the clock every 1024.
        if self.nodes & 0x3f == 0 {
            if self.nodes >= self.budget {
                return Err(Halt::Budget);
            }
            if let Some(s) = &self.stop {
                if s.load(std::sync::atomic::Ordering::Relaxed) {
                    return Err(Halt::Stopped);
                }
            }
            if let Some(c) = &self.cancel {
                if c.load(std::sync::atomic::Ordering::Relaxed) {
                    return Err(Halt::Cancelled);
                }
            }
            if self.nodes & 0x3ff == 0 && self.deadline.is_some_and(|d| d.passed()) {
                return Err(Halt::Time);
            }
            if self.nodes & 0xfff == 0 {
                if let Some(p) = &self.progress {
                    p(PROGRESS, self.nodes, crate::context::UNKNOWN_TOTAL);
                    self.reported = true;
                }
            }
        }
        Ok(())
    }

    /// The exact value of a normalised region.
    fn exact<R: Region>(&mut self, x: &R) -> std::result::Result<Nimber, Halt> {
        match self.scan(x, Nimber::MAX)? {
            Ok(v) => Ok(v),
            Err(()) => unreachable!("a scan without a bound ends with the value"),
        }
    }

    /// Whether the sum `sum` of normalised regions (no equal pair) has value `w`.
    fn opt_is<R: Region>(&mut self, sum: &[R], w: Nimber) -> std::result::Result<bool, Halt> {
        let Some((bi, _)) = sum.iter().enumerate().max_by_key(|(_, b)| b.cells()) else {
            return Ok(w == 0);
        };
        let mut t = w;
        for (i, c) in sum.iter().enumerate() {
            if i != bi {
                t ^= self.exact(c)?;
            }
        }
        self.is(&sum[bi], t)
    }

    /// Whether the normalised region `x` has value `w` (`x + *w` is a P-position).
    fn is<R: Region>(&mut self, x: &R, w: Nimber) -> std::result::Result<bool, Halt> {
        Ok(self.scan(x, w)? == Ok(w))
    }

    /// What the table knows of the region `x`, with the small cases and the mirror strategy answered first (and
    /// recorded).
    fn known<R: Region>(&mut self, x: &R) -> board_table::Known {
        let n = x.cells();
        if n < 4 {
            return board_table::Known {
                exact: Some(Nimber::from(n >= 2)),
                not: 0,
            };
        }
        if n <= endgame::MAX_CELLS {
            if let Some(v) = x.endgame() {
                return board_table::Known {
                    exact: Some(v),
                    not: 0,
                };
            }
        }
        let key = x.key();
        let k = self.table.get(&key);
        if k.exact.is_none() && k.not & 1 == 0 && x.mirror() {
            self.table.set_exact(&key, 0, n as u16);
            return board_table::Known {
                exact: Some(0),
                not: 0,
            };
        }
        k
    }

    /// The tests "is `G(x) = u`?" for `u = 0, 1, …`, on one listing of the options of `x`. Test `u` (after every
    /// smaller one failed) looks for an option of value `u`: if there is one, `G(x) ≠ u`; if not, `G(x) = u`.
    /// With `bound` = [`Nimber::MAX`] the answer is `Ok(G(x))`. With a smaller `bound` it is one test, "is
    /// `G(x) = bound`?": `Ok(bound)` if so, `Err(())` if not (an option of value `bound` ends it at once; when
    /// there is none, the smaller values are tested and the exact value is recorded on the way).
    fn scan<R: Region>(
        &mut self,
        x: &R,
        bound: Nimber,
    ) -> std::result::Result<std::result::Result<Nimber, ()>, Halt> {
        let known = self.known(x);
        if let Some(v) = known.exact {
            return Ok(if v <= bound { Ok(v) } else { Err(()) });
        }
        if let Some(p) = x.as_small() {
            return self.scan_small(x, p, bound, known.not);
        }
        if bound < 64 && known.not >> bound & 1 == 1 {
            // A test of `bound`, which the table already knows is not the value. (Callers of a bounded scan,
            // [`CramEngine::is`], ask only whether the answer is `Ok(bound)`.)
            return Ok(Err(()));
        }
        let key = x.key();
        let work = x.cells() as u16;
        self.tick()?;
        let mut flat = R::pool(self).pop().unwrap_or_default();
        let mut opts = self.pool_opts.pop().unwrap_or_default();
        if bound == Nimber::MAX {
            x.options(&mut flat, &mut opts);
        } else {
            // A test of one value (`bound`): the mex of k values is at most k; and an option the table knows to
            // have value `bound` settles it (G(x) != bound) as soon as it is listed, before the others are made.
            // (The same table fact `has_option` would find first: a stop here answers as `scan_with` would.)
            let ahead = if self.table.len() >= AHEAD_FROM {
                AHEAD
            } else {
                0
            };
            let settled = bound > Nimber::from(x.placements())
                || x.options_until(&mut flat, &mut opts, ahead, &mut |flat, o, why| {
                    if why == Listing::Made {
                        for r in &flat[o.start as usize..o.end as usize] {
                            if r.cells() >= 4 {
                                self.table.prefetch(&r.key());
                            }
                        }
                        return false;
                    }
                    self.look_up(flat, o);
                    self.table_has(flat, o, bound) == Some(true)
                });
            if settled {
                self.table.set_not(&key, bound, work);
                flat.clear();
                R::pool(self).push(flat);
                opts.clear();
                self.pool_opts.push(opts);
                return Ok(Err(()));
            }
        }
        opts.sort_unstable_by_key(|o| o.hard);
        let r = self.scan_with(&key, known.not, bound, work, &flat, &mut opts);
        flat.clear();
        R::pool(self).push(flat);
        opts.clear();
        self.pool_opts.push(opts);
        r
    }

    /// [`CramEngine::scan`] of a [`Board`] region that fits in the 8 × 8 square (its cells `p` there): on the fast
    /// path, as the sum of the [`Small`] regions it simplifies and splits into ([`small::split`]: each step an exact
    /// equivalence); the answer is recorded under the region's own key too.
    fn scan_small<R: Region>(
        &mut self,
        x: &R,
        p: u64,
        bound: Nimber,
        not: u64,
    ) -> std::result::Result<std::result::Result<Nimber, ()>, Halt> {
        if bound < 64 && not >> bound & 1 == 1 {
            return Ok(Err(()));
        }
        let mut parts = Vec::new();
        small::split(p, &mut |r| parts.push(Small(r)));
        cancel_pairs_from(&mut parts, 0);
        let (key, work) = (x.key(), x.cells() as u16);
        if bound == Nimber::MAX {
            let mut v = 0;
            for c in &parts {
                v ^= self.exact(c)?;
            }
            self.table.set_exact(&key, v, work);
            return Ok(Ok(v));
        }
        if self.opt_is(&parts, bound)? {
            self.table.set_exact(&key, bound, work);
            Ok(Ok(bound))
        } else {
            self.table.set_not(&key, bound, work);
            Ok(Err(()))
        }
    }

    fn scan_with<R: Region>(
        &mut self,
        key: &Key,
        not: u64,
        bound: Nimber,
        work: u16,
        flat: &[R],
        opts: &mut [Opt],
    ) -> std::result::Result<std::result::Result<Nimber, ()>, Halt> {
        let mut open = self.pool_open.pop().unwrap_or_default();
        let r = self.scan_open(key, not, bound, work, flat, opts, &mut open);
        open.clear();
        self.pool_open.push(open);
        r
    }

    /// [`CramEngine::scan_with`], with a spare index list.
    #[allow(clippy::too_many_arguments)]
    fn scan_open<R: Region>(
        &mut self,
        key: &Key,
        mut not: u64,
        bound: Nimber,
        work: u16,
        flat: &[R],
        opts: &mut [Opt],
        open: &mut Vec<usize>,
    ) -> std::result::Result<std::result::Result<Nimber, ()>, Halt> {
        // A test of one value (`bound`): an option of that value settles it at once, before any smaller value is
        // looked at. The mex of k values is at most k.
        if bound != Nimber::MAX {
            if bound > opts.len() as Nimber || self.has_option(flat, opts, bound, open)? {
                self.table.set_not(key, bound, work);
                return Ok(Err(()));
            }
            // No option has value `bound`, so G(x) <= bound: the loop below ends by `bound`.
            if bound < 64 {
                not &= !(1 << bound);
            }
        }
        let mut u: Nimber = 0;
        loop {
            if (u < 64 && not >> u & 1 == 1)
                || (u != bound && self.has_option(flat, opts, u, open)?)
            {
                self.table.set_not(key, u, work);
                u += 1;
                continue;
            }
            self.table.set_exact(key, u, work);
            return Ok(if u == bound || bound == Nimber::MAX {
                Ok(u)
            } else {
                Err(())
            });
        }
    }

    /// Whether some option of `opts` has value `u`: first those the table settles, then the rest, in order.
    /// What the table knows of each option's regions is looked up once and kept in the option (a region valued
    /// later is looked up again only for options still undecided).
    fn has_option<R: Region>(
        &mut self,
        flat: &[R],
        opts: &mut [Opt],
        u: Nimber,
        open: &mut Vec<usize>,
    ) -> std::result::Result<bool, Halt> {
        open.clear();
        for (i, slot) in opts.iter_mut().enumerate() {
            if slot.unknown == u8::MAX {
                self.look_up(flat, slot);
            }
            match self.table_has(flat, slot, u) {
                Some(true) => return Ok(true),
                Some(false) => {}
                None => open.push(i),
            }
        }
        for &i in open.iter() {
            let o = opts[i];
            if self.opt_is(&flat[o.start as usize..o.end as usize], u)? {
                return Ok(true);
            }
            if o.unknown > 1 {
                // Its smaller regions were valued by the test: look again.
                self.look_up(flat, &mut opts[i]);
            }
        }
        Ok(false)
    }

    /// Whether the option `o` (looked up) has value `u`, when the table (and `o`'s lookup) can tell.
    fn table_has<R: Region>(&self, flat: &[R], o: &Opt, u: Nimber) -> Option<bool> {
        match o.unknown {
            0 => Some(o.xor == u),
            1 => self.table.get(&flat[o.unk as usize].key()).is(u ^ o.xor),
            _ => None,
        }
    }

    /// Reads what the table knows of the regions of `o` into it.
    fn look_up<R: Region>(&mut self, flat: &[R], o: &mut Opt) {
        o.xor = 0;
        o.unknown = 0;
        for (j, c) in flat[o.start as usize..o.end as usize].iter().enumerate() {
            match self.known(c).exact {
                Some(v) => o.xor ^= v,
                None => {
                    o.unknown = o.unknown.saturating_add(1);
                    o.unk = o.start + j as u32;
                }
            }
        }
    }

    /// Debugging figures: nodes, entries, evictions.
    pub fn stats(&self) -> (u64, usize, u64) {
        (self.nodes, self.table.len(), self.table.evicted())
    }
}

/// The nim-value of a sum of boards by this thread's [`CramEngine`] (on [`Context::threads`] threads when more
/// than one), under the limits of `cx`, reporting to its progress.
pub fn search_value(boards: &[Board], cx: &Context) -> Result<Nimber> {
    with_engine(cx, |e| {
        let started = crate::clock::Instant::now();
        let r = e.value_threads(boards, cx.threads());
        if std::env::var_os("GRUNDY_ENGINE_STATS").is_some() {
            // The search alone, without the process's start-up: what benches/boards.sh sets beside igsolve's own
            // "Calculation time" (a value the table already holds prints a search of a few microseconds).
            eprintln!(
                "cram engine: {:?} (nodes, entries, evicted); cram search in {} µs",
                e.stats(),
                started.elapsed().as_micros()
            );
        }
        r
    })
}

thread_local! {
    /// A cache: the engine of this thread, kept between searches because its table is the work of every search
    /// made so far (a value, then the winning moves of the same board, then a sum that holds it, each reuse what
    /// the last proved; a saved table is loaded into it). Only true facts about literal boards are stored, so a
    /// later search under any context may read them; the settings of a search (limits, threads, progress) come
    /// from the [`Context`] of each call ([`with_engine`]), never from here.
    static ENGINE: std::cell::RefCell<Option<CramEngine>> = const { std::cell::RefCell::new(None) };
}

/// Regions this thread's engine and its helpers expanded since they were made.
pub fn engine_nodes() -> u64 {
    ENGINE.with(|e| {
        e.borrow().as_ref().map_or(0, |e| {
            e.nodes + e.helpers.iter().map(|h| h.nodes).sum::<u64>()
        })
    })
}

/// Runs `f` on this thread's engine as it is (made under the default limits when there is none): what reads or
/// counts its table, which must not resize it.
pub(super) fn with_engine_as_is<T>(f: impl FnOnce(&mut CramEngine) -> T) -> T {
    ENGINE.with(|e| {
        let mut e = e.borrow_mut();
        f(e.get_or_insert_with(|| CramEngine::new(&Limits::default())))
    })
}

/// Runs `f` on this thread's engine, made (or remade, when the table's size changed) for the limits of `cx`, with
/// its deadline and progress.
pub(super) fn with_engine<T>(cx: &Context, f: impl FnOnce(&mut CramEngine) -> T) -> T {
    let limits = cx.limits;
    ENGINE.with(|e| {
        let mut e = e.borrow_mut();
        let fresh = match &*e {
            Some(en) => en.table.capacity() != CramEngine::new(&limits).table.capacity(),
            None => true,
        };
        if fresh {
            let keep = e.take();
            let mut en = CramEngine::new(&limits);
            // The facts of the old table stay true: carry over what fits, values and exclusions alike (a table
            // loaded with --load-table before the limits of the search were published is kept whole).
            if let Some(old) = keep {
                en.table.reserve_compact(old.table.len());
                for (k, known) in old.table.entries() {
                    set_known(&mut en.table, &k, known);
                }
            }
            *e = Some(en);
        }
        let en = e.as_mut().expect("made above");
        // A new deadline (--max-seconds) needs no new table.
        en.deadline = limits.deadline;
        en.progress = cx.progress().cloned();
        // The caller's cancellation, looked at by the main engine (a helper's search ends with the main one's).
        en.cancel = cx.cancel_flag().cloned();
        let r = f(en);
        if en.reported {
            let end = crate::context::UNKNOWN_TOTAL;
            cx.report(PROGRESS, end, end);
            en.reported = false;
        }
        en.progress = None;
        en.cancel = None;
        r
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cancelled_search_ends_with_the_cancelled_error() {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;
        let flag = Arc::new(AtomicBool::new(true));
        let cx = Context::default().with_cancel(flag);
        // 5 x 7 is beyond the endgame database: the search ticks, and the first look at the flag stops it.
        let board = Board::rectangle(5, 7).unwrap();
        let e = search_value(&[board], &cx).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Cancelled, "{e}");
    }
}

#[cfg(test)]
pub(super) mod engine_tests {
    use super::*;
    use crate::game::NotationView;
    use crate::games::cram::CramGame;
    use crate::solver::Solver;

    /// Random boards with holes (a fixed seed): `rows` in `r0..r0 + rn`, `cols` in `c0..c0 + cn`, and each cell a
    /// hole with probability `h / den` for `h` drawn below `hn`.
    pub(in crate::games::cram) fn boards(
        count: usize,
        seed: u64,
        (r0, rn): (u64, u64),
        (c0, cn): (u64, u64),
        (hn, den): (u64, u64),
    ) -> Vec<Board> {
        let mut x = seed;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        (0..count)
            .map(|_| {
                let rows = r0 + next() % rn;
                let cols = c0 + next() % cn;
                let holes = next() % hn;
                let mut cells = 0u128;
                for i in 0..rows * cols {
                    if next() % den >= holes {
                        cells |= 1 << i;
                    }
                }
                Board {
                    rows: rows as u8,
                    cols: cols as u8,
                    cells,
                }
            })
            .collect()
    }

    /// Boards of up to 4 × 5.
    pub(in crate::games::cram) fn random_boards(count: usize, seed: u64) -> Vec<Board> {
        boards(count, seed, (1, 4), (1, 5), (4, 8))
    }

    #[test]
    fn the_engine_agrees_with_the_plain_solver() {
        let mut plain = Solver::new(CramGame);
        let mut engine = CramEngine::new(&Limits::default());
        for b in random_boards(300, 0x9e37_79b9_7f4a_7c15) {
            let want = plain.nim_value(&b).unwrap();
            assert_eq!(engine.value(&[b]).unwrap(), want, "{}", b.show_rows());
        }
        for w in ["3x4", "4x4", "3x5", "2x7", "4x5"] {
            let b = CramGame.parse(&[w.to_string()]).unwrap();
            assert_eq!(
                engine.value(&b).unwrap(),
                plain.sum_value(&b).unwrap(),
                "{w}"
            );
        }
    }

    #[test]
    fn an_engine_with_a_narrow_table_agrees_with_the_plain_solver() {
        // The table's compact part narrow from 2^12 buckets (as a part of a gigabyte or more is), grown to it by
        // the search; the boards and rectangles of the test above, each value and the tests around it the same.
        let mut plain = Solver::new(CramGame);
        let table = BoardTable::with_max_bytes(1 << 26).narrow_from(1 << 12);
        let mut engine = CramEngine::with_table(table, None);
        for b in random_boards(200, 0x51_7cc1_b727_220a) {
            let want = plain.nim_value(&b).unwrap();
            assert_eq!(engine.value(&[b]).unwrap(), want, "{}", b.show_rows());
            assert!(!engine.sum_is(&[b], want + 1).unwrap(), "{}", b.show_rows());
        }
        for w in ["4x5", "5x5", "4x7", "5x6"] {
            let b = CramGame.parse(&[w.to_string()]).unwrap();
            assert_eq!(
                engine.value(&b).unwrap(),
                plain.sum_value(&b).unwrap(),
                "{w}"
            );
        }
        assert!(engine.table().is_narrow());
        assert!(engine.table().len() > 1 << 13, "{}", engine.table().len());
    }

    #[test]
    fn boards_past_the_square_agree_with_the_plain_solver() {
        // 2 or 3 rows of 9 or 10 columns, with holes: the general path, whose regions that fit in the 8 x 8
        // square are searched on the fast path and keyed there.
        let mut plain = Solver::new(CramGame);
        let mut engine = CramEngine::new(&Limits::default());
        let mut fast = 0;
        for b in boards(40, 0x0017_5eed_cafe_f00d, (2, 2), (9, 2), (4, 8)) {
            let want = plain.nim_value(&b).unwrap();
            assert_eq!(engine.value(&[b]).unwrap(), want, "{}", b.show_rows());
            assert!(engine.sum_is(&[b], want).unwrap(), "{}", b.show_rows());
            assert!(!engine.sum_is(&[b], want + 1).unwrap(), "{}", b.show_rows());
            fast += b
                .regions()
                .iter()
                .filter(|r| r.as_small().is_some())
                .count();
        }
        // Some boards split into regions that fit in the square from the start (the rest get there by moves).
        assert!(fast > 0);
    }

    /// Boards from 2 × 2 up to 5 × 5.
    fn random_boards_5x5(count: usize, seed: u64) -> Vec<Board> {
        boards(count, seed, (2, 4), (2, 4), (3, 10))
    }

    /// The options of a small region as a sorted list of sums.
    fn sorted_options(flat: &[Small], opts: &[Opt]) -> Vec<Vec<Small>> {
        let mut v: Vec<Vec<Small>> = opts
            .iter()
            .map(|o| flat[o.start as usize..o.end as usize].to_vec())
            .collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn the_lazy_listing_makes_the_same_options_and_stops_at_the_first_wanted() {
        for b in random_boards_5x5(300, 0x9e37_79b9_7f4a_7c15) {
            let Some(x) = b.square() else {
                panic!("a 5x5 board is small")
            };
            let mut regions = Vec::new();
            small::split(x, &mut |r| regions.push(Small(r)));
            for r in regions {
                let (mut f1, mut o1) = (Vec::new(), Vec::new());
                r.options(&mut f1, &mut o1);
                let (mut f2, mut o2) = (Vec::new(), Vec::new());
                assert!(!r.options_until(&mut f2, &mut o2, AHEAD, &mut |_, _, _| false));
                assert_eq!(o1.len() as u32, r.placements());
                assert_eq!(sorted_options(&f1, &o1), sorted_options(&f2, &o2));
                // Stopping at the k-th option: exactly k options listed, the k-th the one stopped at.
                for (k, ahead) in [1, o1.len() / 2, o1.len()]
                    .into_iter()
                    .flat_map(|k| [(k, 0), (k, AHEAD)])
                {
                    if k == 0 {
                        continue;
                    }
                    // Each option is made (once) before its test, at most `ahead` options before it, in the order
                    // of the tests; the stop drops the options made past the one stopped at.
                    let (mut f3, mut o3) = (Vec::new(), Vec::new());
                    let (mut seen, mut made) = (0, Vec::new());
                    assert!(
                        r.options_until(&mut f3, &mut o3, ahead, &mut |flat, o, why| {
                            let regions = flat[o.start as usize..o.end as usize].to_vec();
                            if why == Listing::Made {
                                assert!(made.len() <= seen + ahead);
                                made.push(regions);
                                return false;
                            }
                            assert_eq!(made[seen], regions);
                            seen += 1;
                            seen == k
                        })
                    );
                    assert_eq!(o3.len(), k);
                    assert_eq!(sorted_options(&f3, &o3), {
                        let mut m = made[..k].to_vec();
                        m.sort_unstable();
                        m
                    });
                }
            }
        }
    }

    #[test]
    fn the_lazy_tests_agree_with_the_plain_definition() {
        // Every test "is G(b) = w?" (w up to two past the value) on random boards up to 5 x 5, by engines whose
        // tables know more or less (one kept across boards, one fresh per board, one tiny), against the plain
        // solver's value.
        let mut plain = Solver::new(CramGame);
        let mut kept = CramEngine::new(&Limits::default());
        let mut tiny = CramEngine::new(&Limits {
            max_memory: 1,
            ..Limits::default()
        });
        for (n, b) in random_boards_5x5(150, 0x2545_f491_4f6c_dd1d)
            .into_iter()
            .enumerate()
        {
            let v = plain.nim_value(&b).unwrap();
            let mut fresh = CramEngine::new(&Limits::default());
            for w in (0..=v + 2).rev() {
                assert_eq!(kept.sum_is(&[b], w).unwrap(), v == w, "board {n} w {w}");
                assert_eq!(fresh.sum_is(&[b], w).unwrap(), v == w, "board {n} w {w}");
                assert_eq!(tiny.sum_is(&[b], w).unwrap(), v == w, "board {n} w {w}");
            }
            assert_eq!(kept.value(&[b]).unwrap(), v, "board {n}");
            assert_eq!(tiny.value(&[b]).unwrap(), v, "board {n}");
        }
    }

    #[test]
    fn a_tiny_table_evicts_and_gives_the_same_values() {
        let mut plain = Solver::new(CramGame);
        let tiny = Limits {
            max_memory: 1,
            ..Limits::default()
        };
        let mut engine = CramEngine::new(&tiny);
        // The least table: MIN_SLOTS entries in each part (the 128-bit keys and the compact ones).
        assert_eq!(engine.table().capacity(), 2 * board_table::MIN_SLOTS);
        for b in random_boards(60, 7) {
            assert_eq!(engine.value(&[b]).unwrap(), plain.nim_value(&b).unwrap());
        }
        for w in ["3x5", "4x4", "3x6", "4x5", "3x7"] {
            let b = CramGame.parse(&[w.to_string()]).unwrap();
            assert_eq!(
                engine.value(&b).unwrap(),
                plain.sum_value(&b).unwrap(),
                "{w}"
            );
        }
        assert!(engine.table().evicted() > 0);
        assert!(engine.table().len() <= 2 * board_table::MIN_SLOTS);
    }

    #[test]
    fn two_threads_give_the_one_thread_values() {
        let mut plain = Solver::new(CramGame);
        let mut engine = CramEngine::new(&Limits::default());
        for w in ["4x5", "3x6", "3x5", "...#/..../..../#...", "3x7"] {
            let b = CramGame.parse(&[w.to_string()]).unwrap();
            assert_eq!(
                engine.value_threads(&b, 2).unwrap(),
                plain.sum_value(&b).unwrap(),
                "{w}"
            );
        }
        for b in random_boards(40, 99) {
            assert_eq!(
                engine.value_threads(&[b], 3).unwrap(),
                plain.nim_value(&b).unwrap()
            );
        }
        // Past the 8 x 8 square, with compact keys (at most 47 cells in the bounding box): dealt to threads too,
        // each on a fresh engine.
        for b in boards(12, 0x77, (2, 2), (9, 2), (3, 8)) {
            let mut fresh = CramEngine::new(&Limits::default());
            assert_eq!(
                fresh.value_threads(&[b], 2).unwrap(),
                plain.nim_value(&b).unwrap(),
                "{}",
                b.show_rows()
            );
        }
    }
    #[test]
    fn the_root_dealt_to_threads_gives_the_one_thread_values() {
        // Boards of 16 to 30 cells (the root is dealt to threads from 12 cells on), each on fresh engines, so that
        // the root's tasks are searched rather than read from a table; the one-thread engine is checked against
        // the plain solver above.
        let mut checked = 0;
        for b in boards(24, 0x51ed_270b, (4, 2), (4, 3), (3, 12)) {
            if b.cells.count_ones() < 16 {
                continue;
            }
            let want = CramEngine::new(&Limits::default()).value(&[b]).unwrap();
            for threads in 2..=4 {
                let mut e = CramEngine::new(&Limits::default());
                assert_eq!(
                    e.value_threads(&[b], threads).unwrap(),
                    want,
                    "{} on {threads} threads",
                    b.show_rows()
                );
                // The answer is in the table: a second search reads it.
                let nodes = e.nodes();
                assert_eq!(e.value_threads(&[b], threads).unwrap(), want);
                assert_eq!(e.nodes(), nodes);
            }
            checked += 1;
        }
        assert!(checked >= 12, "only {checked} boards of 16 cells or more");
    }

    #[test]
    fn a_deadline_ends_a_search_on_threads_with_an_error() {
        let limits = Limits {
            deadline: Some(crate::solver::Deadline::after_seconds(0.002)),
            ..Limits::default()
        };
        let mut e = CramEngine::new(&limits);
        let b = CramGame.parse(&["5x8".to_string()]).unwrap();
        let t = std::time::Instant::now();
        let err = e.value_threads(&b, 2).unwrap_err();
        assert!(err.to_string().contains("time"), "{err}");
        assert!(t.elapsed().as_secs() < 5, "stopped late: {:?}", t.elapsed());
    }
}
