//! The memoised solver: nim-values, outcomes and winning moves of any finite [`Game`].
//!
//! **What it computes.** The nim-value `G(x) = mex { G(o) : o an option of x }`, where the value of an option that
//! is a sum of components is the nim-sum of the components' values (Sprague–Grundy theorem; Winning Ways ch. 4;
//! Siegel, *Combinatorial Game Theory*, ch. IV.1). A position is a P-position exactly when its value is 0.
//!
//! **How.** A depth-first search with an explicit stack of frames (never the call stack), so a game whose play
//! lasts 10^6 moves needs 10^6 frames on the heap, not 10^6 native stack frames. Each frame enumerates its options
//! once; components whose value is unknown are pushed; when all are known the frame's value is the mex. A
//! component met again while its own frame is still open closes a cycle: the game is loopy, and the solver stops
//! with [`ErrorKind::Loopy`](crate::ErrorKind::Loopy) naming the position.
//!
//! **By tests.** A game that declares [`crate::SearchHints::search_by_tests`] (finite and acyclic with short play: Node Kayles,
//! Arc Kayles) is valued instead by the questions "has some option the value `u`?", each stopping at the first
//! option found (module `by_tests`, which gives the argument), and its winning moves by one such test an option.
//! On two or more threads ([`Context::with_threads`]; `grundy value --threads N`), a game whose positions can be shared
//! between threads ([`crate::SearchHints::value_on_threads`]: the graph games) has the tests of its root dealt to one solver a
//! thread, sharing what they prove (module `on_threads`, with the task scheme of module `root`, which the Cram
//! engine uses too).
//!
//! **Cost.** In the plain search each distinct position is expanded once (by tests, once for each value tested): time `O(sum of option sizes)` over the reachable positions,
//! memory one table entry per position. [`Limits::max_positions`] bounds the table; past it the solver stops with a
//! [`ErrorKind::Limit`](crate::ErrorKind::Limit) error instead of exhausting memory. When the table would hold more
//! than half of [`Limits::max_memory`] (its entries, with what each position holds on the heap,
//! [`crate::SearchHints::heap_bytes`]), it is emptied and the search goes on: positions met again are valued again (exact, as
//! an open frame keeps its options' values itself; slower, but it ends with the answer rather than the limit).

use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::HintsView;
use crate::game::Known;
use crate::game::NotationView;
use crate::game::{Game, Options, Outcome};
use crate::nimber::{MexSet, Nimber};
use rustc_hash::{FxHashMap, FxHashSet};

mod by_tests;
mod on_threads;
pub(crate) mod root;
mod win_loss;
pub use on_threads::{value_on_threads, Proved};

pub use crate::limits::{
    format_bytes, parse_memory, parse_seconds, Deadline, Limits, DEFAULT_MAX_MEMORY,
};

/// A winning move in a sum of positions of one ruleset: change component `component` to the sum `to`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumMove<P> {
    /// Index of the component moved in.
    pub component: usize,
    /// The option it moves to (a sum of components).
    pub to: Vec<P>,
}

/// A memoised solver for one ruleset.
///
/// # Example
///
/// The subtraction game S(1, 3, 4) (take 1, 3 or 4 tokens from a heap), defined here as a [`Game`]: its
/// nim-values are periodic with period 7, `0 1 0 1 2 3 2` repeated.
///
/// ```rust
/// use grundy::{Options, Outcome, Game, Solver};
///
/// struct Subtract134;
///
/// impl Game for Subtract134 {
///     type Position = u64;
///     fn name(&self) -> String {
///         "S(1,3,4)".to_string()
///     }
///     fn options(&self, heap: &u64, out: &mut Options<u64>) -> grundy::Result<()> {
///         for take in [1, 3, 4] {
///             if take <= *heap {
///                 out.push_one(heap - take);
///             }
///         }
///         Ok(())
///     }
/// }
///
/// let mut solver = Solver::new(Subtract134);
/// let values: Vec<u64> = (0..14).map(|n| solver.nim_value(&n)).collect::<grundy::Result<_>>()?;
/// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
///
/// // Heaps 4 and 5: nim-values 2 ⊕ 3 = 1, so the player to move wins, by taking 1 from the heap of 5
/// // (to 4: 2 ⊕ 2 = 0).
/// assert_eq!(solver.sum_value(&[4, 5])?, 1);
/// assert_eq!(solver.outcome(&[4, 5])?, Outcome::N);
/// let moves = solver.winning_moves(&[4, 5])?;
/// assert_eq!(moves.len(), 1);
/// assert_eq!((moves[0].component, moves[0].to.clone()), (1, vec![4]));
/// # Ok::<(), grundy::Error>(())
/// ```
pub struct Solver<R: Game> {
    ruleset: R,
    memo: FxHashMap<R::Position, Nimber>,
    /// What the solver works under, as the caller gave it (its limits, threads and progress).
    cx: Context,
    /// The same with closed forms kept to formulas ([`Context::formulas_only`]): what the solver asks them under,
    /// so that the memo holds every position the solver valued.
    formulas: Context,
    mex: MexSet,
    expanded: u64,
    /// Bytes the memo's positions hold on the heap ([`crate::SearchHints::heap_bytes`]).
    memo_heap: usize,
    /// Entries dropped to keep the memo within its budget.
    evicted: u64,
    /// Whether [`Solver::nim_value`] values by tests ([`crate::SearchHints::search_by_tests`]; module `by_tests`).
    by_tests: bool,
    /// The search by tests: bit `v` of a position's entry set when its value is known not to be `v` (`v < 64`).
    nots: FxHashMap<R::Position, u64>,
    /// Spare option lists of the search by tests (one a level).
    spare: Vec<Options<R::Position>>,
    /// The facts this solver shares with the other threads of one search (module `on_threads`), if any.
    facts: Option<std::sync::Arc<on_threads::Facts<R::Position>>>,
    /// Set by another thread to stop the current test (module `root`): the search ends with an error.
    stop: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Whether this solver reports its progress (not a helper thread's).
    reports: bool,
    /// The search by tests stops (with an error) once `expanded` reaches this (module `on_threads`: a search
    /// starts on one thread, and goes to several only past it).
    budget: u64,
}

struct Frame<P> {
    position: P,
    options: Options<P>,
    /// The next component (in the options' flat list) to value.
    next: usize,
    /// Where the values of this frame's components start in the search's value stack (one value a component, in
    /// the flat order, pushed as `next` passes it).
    values: usize,
}

impl<R: Game> Solver<R> {
    /// A solver for `ruleset` with an empty memo and the default [`Limits`].
    pub fn new(ruleset: R) -> Self {
        Self::with_limits(ruleset, Limits::default())
    }

    /// A solver for `ruleset` with an empty memo, bounded by `limits` (positions stored, deadline, memory).
    pub fn with_limits(ruleset: R, limits: Limits) -> Self {
        Self::with_context(ruleset, Context::new(limits))
    }

    /// A solver for `ruleset` with an empty memo, working under `cx` (its limits, threads and progress). Closed
    /// forms are asked with formulas only ([`Context::formulas_only`]): a game's own engine never answers a
    /// position the solver is valuing, so the memo holds every position valued.
    pub fn with_context(ruleset: R, cx: Context) -> Self {
        Solver {
            memo: FxHashMap::default(),
            formulas: cx.clone().with_formulas_only(true),
            cx,
            mex: MexSet::new(),
            expanded: 0,
            memo_heap: 0,
            evicted: 0,
            by_tests: ruleset.search_by_tests(),
            nots: FxHashMap::default(),
            spare: Vec::new(),
            facts: None,
            stop: None,
            reports: true,
            budget: u64::MAX,
            ruleset,
        }
    }

    /// The rules the solver values.
    pub fn ruleset(&self) -> &R {
        &self.ruleset
    }

    /// Bounds the solver by `limits` from now on (the memo is kept).
    pub fn set_limits(&mut self, limits: Limits) {
        self.cx.limits = limits;
        self.formulas.limits = limits;
    }

    /// Works under `cx` from now on (the memo is kept; closed forms still answer by formulas only).
    pub fn set_context(&mut self, cx: Context) {
        self.formulas = cx.clone().with_formulas_only(true);
        self.cx = cx;
    }

    /// The limits the solver works under.
    pub fn limits(&self) -> Limits {
        self.cx.limits
    }

    /// The context the solver works under, as given.
    pub fn context(&self) -> &Context {
        &self.cx
    }

    /// Positions whose value is stored.
    pub fn stored(&self) -> usize {
        self.memo.len()
    }

    /// Every stored position and its nim-value (the memo, in no particular order): what
    /// [`crate::table_file::save`] writes.
    pub fn memo_entries(&self) -> impl Iterator<Item = (&R::Position, Nimber)> + '_ {
        self.memo.iter().map(|(p, &v)| (p, v))
    }

    /// Every position a search by tests found values it does not have, but not its value, with those values (bit
    /// `v`: `G ≠ v`): what [`crate::table_file::save`] writes beside the memo.
    pub fn not_entries(&self) -> impl Iterator<Item = (&R::Position, u64)> + '_ {
        self.nots
            .iter()
            .filter(|(p, _)| !self.memo.contains_key(*p))
            .map(|(p, &n)| (p, n))
    }

    /// Adds known "`G ≠ v`" facts (bit `v` of each set; a saved table read back, [`crate::table_file::load`]) for
    /// the search by tests. The caller vouches that each position has none of the values its set names.
    pub fn import_nots(&mut self, entries: impl IntoIterator<Item = (R::Position, u64)>) {
        for (p, n) in entries {
            for v in (0..64).filter(|v| n >> v & 1 == 1) {
                self.set_not(&p, v);
            }
        }
    }

    /// Adds known values to the memo (a saved table read back, [`crate::table_file::load`]). The caller vouches
    /// that each value is the position's nim-value under this ruleset.
    pub fn import_memo(&mut self, entries: impl IntoIterator<Item = (R::Position, Nimber)>) {
        for (p, v) in entries {
            self.remember(p, v);
        }
    }

    /// Entries dropped so far to keep the memo within its memory budget (see [`Solver::nim_value`]).
    pub fn evicted(&self) -> u64 {
        self.evicted
    }

    fn remember(&mut self, p: R::Position, v: Nimber) {
        let bytes = self.ruleset.heap_bytes(&p);
        if let Some(f) = &self.facts {
            f.update(&p, bytes, |f| f.exact = Some(v));
        }
        if self.memo.insert(p, v).is_none() {
            self.memo_heap += bytes;
        }
    }

    /// The memo's bytes: its table (with the transient double table of the next growth, when the next insert
    /// grows it) and what its positions hold on the heap.
    fn memo_bytes(&self) -> u64 {
        let entry = std::mem::size_of::<(R::Position, Nimber)>() as u64 + 1;
        let mut table = self.memo.capacity() as u64 * 8 / 7 * entry;
        if self.memo.len() >= self.memo.capacity() {
            table *= 3;
        }
        let entry = std::mem::size_of::<(R::Position, u64)>() as u64 + 1;
        let mut nots = self.nots.capacity() as u64 * 8 / 7 * entry;
        if self.nots.len() >= self.nots.capacity() {
            nots *= 3;
        }
        table + nots + self.memo_heap as u64
    }

    /// Drops half the memo when it holds more than half the memory budget (the rest is for the search's stack and
    /// everything else): the search goes on, valuing again what it meets again, instead of ending at the limit.
    /// The entries kept are the larger positions (by [`crate::SearchHints::heap_bytes`]: a larger graph costs more to value
    /// again), and every other one of the median size. Exact: a frame keeps the values of its options as it finds
    /// them, so nothing an open frame needs is lost.
    /// (The facts "`G(x) ≠ v`" of the search by tests are kept and dropped by the same rule.)
    fn evict_if_full(&mut self) {
        if (self.memo.is_empty() && self.nots.is_empty())
            || self.memo_bytes() <= self.cx.limits.max_memory / 2
        {
            return;
        }
        let hints = self.ruleset.hints();
        let bytes = |p: &R::Position| hints.map_or(0, |h| h.heap_bytes(p));
        let mut sizes: Vec<usize> = self
            .memo
            .keys()
            .chain(self.nots.keys())
            .map(bytes)
            .collect();
        let mid = sizes.len() / 2;
        let median = *sizes.select_nth_unstable(mid).1;
        let before = self.memo.len() + self.nots.len();
        let (mut heap, mut alternate) = (0, false);
        let mut keep = |p: &R::Position| {
            let size = bytes(p);
            let keep = size > median
                || (size == median && {
                    alternate = !alternate;
                    alternate
                });
            if keep {
                heap += size;
            }
            keep
        };
        self.memo.retain(|p, _| keep(p));
        self.nots.retain(|p, _| keep(p));
        // Their budget counts capacity: give back what the dropped entries held, or the next step would evict again.
        self.memo.shrink_to_fit();
        self.nots.shrink_to_fit();
        self.memo_heap = heap;
        self.evicted += (before - self.memo.len() - self.nots.len()) as u64;
    }

    /// Expansions (a position's options enumerated) since the solver was made: each distinct position once in the
    /// plain search, once for each value tested in a search by tests.
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    fn known(&self, p: &R::Position) -> Option<Nimber> {
        let key = self.ruleset.memo_key(p);
        if let Some(&v) = self.memo.get(key.as_ref()) {
            return Some(v);
        }
        if let Some(v) = self.facts.as_ref().and_then(|f| f.get(&key).exact) {
            return Some(v);
        }
        self.ruleset.known_value(p, &self.formulas)
    }

    /// Whether [`Solver::nim_value`] values positions by tests (see [`crate::SearchHints::search_by_tests`]; the ruleset's
    /// choice unless set here). Both searches give the same values; a game that may loop must not use tests.
    pub fn set_search_by_tests(&mut self, on: bool) {
        self.by_tests = on;
    }

    /// The nim-value of one position.
    ///
    /// Long: the search's one loop over an explicit stack; its state (the open positions, spare option lists, the
    /// frames, the values found, whether progress was reported) every expansion reads and writes, in the solver's
    /// hottest code.
    pub fn nim_value(&mut self, root: &R::Position) -> Result<Nimber> {
        if let Some(v) = self.known(root) {
            return Ok(v);
        }
        if self.by_tests {
            let key = self.ruleset.memo_key(root).into_owned();
            let before = self.expanded;
            let threads = self.cx.threads();
            if threads > 1 && self.facts.is_none() {
                if let Some(r) = self.ruleset.value_on_threads(&key, threads, self.cx.limits) {
                    let (v, proved) = r?;
                    for (p, x) in proved {
                        self.remember(p, x);
                    }
                    self.evict_if_full();
                    return Ok(v);
                }
            }
            let v = self.value_by_tests(&key)?;
            if std::env::var_os("GRUNDY_ENGINE_STATS").is_some() {
                eprintln!("search by tests: expanded {}", self.expanded - before);
            }
            if self.expanded - before > 0x1000 && self.cx.wants_progress() {
                let end = crate::context::UNKNOWN_TOTAL;
                self.cx.report(&self.progress_label(), end, end);
            }
            return Ok(v);
        }
        let mut open: FxHashSet<R::Position> = FxHashSet::default();
        let mut spare: Vec<Options<R::Position>> = Vec::new();
        let mut stack: Vec<Frame<R::Position>> = Vec::new();
        let mut values: Vec<Nimber> = Vec::new();
        let mut reported = false;
        self.push_frame(
            self.ruleset.memo_key(root).into_owned(),
            &mut stack,
            &mut open,
            &mut spare,
            values.len(),
        )?;
        while let Some(top) = stack.last_mut() {
            // Find the next component whose value is unknown.
            let mut child = None;
            let flat = top.options.flat();
            while top.next < flat.len() {
                let c = self.ruleset.memo_key(&flat[top.next]);
                if let Some(v) = self
                    .memo
                    .get(c.as_ref())
                    .copied()
                    .or_else(|| self.ruleset.known_value(&c, &self.formulas))
                {
                    values.push(v);
                    top.next += 1;
                    continue;
                }
                if open.contains(c.as_ref()) {
                    return Err(Error::loopy(format!(
                        "{}: the position {} can be reached from itself, so the game is loopy",
                        self.ruleset.name(),
                        self.ruleset.show(&c)
                    ))
                    .with_remedy(crate::error::Remedy::Loopy));
                }
                child = Some(c.into_owned());
                break;
            }
            if let Some(c) = child {
                self.evict_if_full();
                self.cx
                    .limits
                    .check_positions(self.memo.len() + stack.len())?;
                // The clock is read every 256 expansions: a position with many options to label (a graph game's
                // components) can take a millisecond, and the search must stop by its deadline, not 4096 later.
                if self.expanded & 0xff == 0 {
                    self.cx.check()?;
                }
                if self.expanded & 0xfff == 0 {
                    self.cx.check()?;
                    if self.cx.wants_progress() {
                        // No total is known in advance (the positions budget is a bound, not the work): the
                        // count goes up alone, with no percentage or time left.
                        self.cx.report(
                            &self.progress_label(),
                            self.memo.len() as u64,
                            crate::context::UNKNOWN_TOTAL,
                        );
                        reported = true;
                    }
                }
                self.push_frame(c, &mut stack, &mut open, &mut spare, values.len())?;
                continue;
            }
            let frame = stack.pop().expect("stack is not empty");
            self.mex.clear();
            let mut at = frame.values;
            for opt in frame.options.iter() {
                let v = values[at..at + opt.len()].iter().fold(0, |x, &y| x ^ y);
                at += opt.len();
                self.mex.insert(v);
            }
            values.truncate(frame.values);
            let v = self.mex.mex();
            open.remove(&frame.position);
            self.remember(frame.position, v);
            let mut opts = frame.options;
            opts.clear();
            spare.push(opts);
        }
        if reported {
            let end = crate::context::UNKNOWN_TOTAL;
            self.cx.report(&self.progress_label(), end, end);
        }
        Ok(self.known(root).expect("root solved"))
    }

    /// What a long search reports as its work (to its context's progress, [`Context::report`]).
    fn progress_label(&self) -> String {
        format!(
            "searching {} (positions stored, at most {})",
            self.ruleset.name(),
            self.cx.limits.max_positions
        )
    }

    fn push_frame(
        &mut self,
        position: R::Position,
        stack: &mut Vec<Frame<R::Position>>,
        open: &mut FxHashSet<R::Position>,
        spare: &mut Vec<Options<R::Position>>,
        values: usize,
    ) -> Result<()> {
        let mut options = spare.pop().unwrap_or_default();
        self.ruleset.distinct_options(&position, &mut options)?;
        self.expanded += 1;
        open.insert(position.clone());
        stack.push(Frame {
            position,
            options,
            next: 0,
            values,
        });
        Ok(())
    }

    /// The nim-value of a sum of positions: the nim-sum of the parts' values.
    pub fn sum_value(&mut self, sum: &[R::Position]) -> Result<Nimber> {
        let mut v = 0;
        for p in sum {
            v ^= self.nim_value(p)?;
        }
        Ok(v)
    }

    /// The outcome (P or N) of a sum under normal play.
    pub fn outcome(&mut self, sum: &[R::Position]) -> Result<Outcome> {
        Ok(Outcome::of_nim_value(self.sum_value(sum)?))
    }

    /// The options of `position` with their nim-values, in the ruleset's order.
    pub fn valued_options(
        &mut self,
        position: &R::Position,
    ) -> Result<Vec<(Vec<R::Position>, Nimber)>> {
        let mut opts = Options::new();
        self.ruleset.options(position, &mut opts)?;
        let mut out = Vec::with_capacity(opts.len());
        for opt in opts.iter() {
            let v = self.sum_value(opt)?;
            out.push((opt.to_vec(), v));
        }
        Ok(out)
    }

    /// The options of `position` (in the ruleset's order) whose nim-value is `target`. In a search by tests
    /// ([`crate::SearchHints::search_by_tests`]) each option is asked only "is your value `target`?", which an option of another
    /// value answers as soon as one of its own options has that value.
    pub fn options_of_value(
        &mut self,
        position: &R::Position,
        target: Nimber,
    ) -> Result<Vec<Vec<R::Position>>> {
        if self.by_tests {
            let mut opts = Options::new();
            self.ruleset.options(position, &mut opts)?;
            let mut out = Vec::new();
            for to in opts.iter() {
                if self.option_is(to, target)? {
                    out.push(to.to_vec());
                }
            }
            return Ok(out);
        }
        Ok(self
            .valued_options(position)?
            .into_iter()
            .filter(|(_, v)| *v == target)
            .map(|(to, _)| to)
            .collect())
    }

    /// Every winning move of a sum: every move, in any component, to a position of nim-value 0. Empty exactly when
    /// the sum is a P-position.
    pub fn winning_moves(&mut self, sum: &[R::Position]) -> Result<Vec<SumMove<R::Position>>> {
        let total = self.sum_value(sum)?;
        let mut moves = Vec::new();
        if total == 0 {
            return Ok(moves);
        }
        for (i, p) in sum.iter().enumerate() {
            let target = self.nim_value(p)? ^ total;
            for to in self.options_of_value(p, target)? {
                moves.push(SumMove { component: i, to });
            }
        }
        Ok(moves)
    }
}

/// A reference solver for tests: plain recursion over the whole game, no memo, no closed forms. Only for tiny
/// positions; it is the definition written as code.
///
/// # Panics
/// When the rules fail ([`Game::options`] returns an error): it is a test's reference, and a failing rule there is
/// a failing test.
pub fn brute_force_value<R: Game>(ruleset: &R, position: &R::Position) -> Nimber {
    let mut opts = Options::new();
    if let Err(e) = ruleset.options(position, &mut opts) {
        panic!("brute_force_value: the rules failed: {e}");
    }
    let values: Vec<Nimber> = opts
        .iter()
        .map(|o| {
            o.iter()
                .fold(0, |acc, c| acc ^ brute_force_value(ruleset, c))
        })
        .collect();
    crate::nimber::mex(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_default_deadline_says_it_is_the_default_and_how_to_lift_it() {
        let given = Deadline::after_seconds(2.5).error().to_string();
        assert!(
            given.contains("time limit of 2.5 s (raise the time limit)"),
            "{given}"
        );
        let default = Deadline::by_default(60.0).error().to_string();
        assert!(default.contains("default time limit of 60 s"), "{default}");
        assert!(
            default.contains("raise the time limit, or lift the time limit"),
            "{default}"
        );
        assert!(!default.contains('\n'));
    }

    /// Subtraction game S(1,3,4) with explicit positions.
    struct Sub134;
    impl Game for Sub134 {
        type Position = u64;
        fn name(&self) -> String {
            "S(1,3,4)".into()
        }
        fn options(&self, p: &u64, out: &mut Options<u64>) -> crate::Result<()> {
            for s in [1, 3, 4] {
                if *p >= s {
                    out.push_one(p - s);
                }
            }
            Ok(())
        }
    }

    /// A chain 0 <- 1 <- 2 ... of length 10^6: one move a turn, play lasts n moves.
    struct Chain;
    impl Game for Chain {
        type Position = u64;
        fn name(&self) -> String {
            "chain".into()
        }
        fn options(&self, p: &u64, out: &mut Options<u64>) -> crate::Result<()> {
            if *p > 0 {
                out.push_one(p - 1);
            }
            Ok(())
        }
    }

    /// A cycle 0 -> 1 -> 2 -> 0.
    pub(super) struct Cycle;
    impl Game for Cycle {
        type Position = u64;
        fn name(&self) -> String {
            "cycle".into()
        }
        fn options(&self, p: &u64, out: &mut Options<u64>) -> crate::Result<()> {
            out.push_one((p + 1) % 3);
            Ok(())
        }
    }

    #[test]
    fn subtraction_134_has_period_7() {
        // S(1,3,4): 0 1 0 1 2 3 2, period 7 (Winning Ways ch. 4; Berlekamp–Conway–Guy).
        let mut s = Solver::new(Sub134);
        let vals: Vec<u64> = (0..14).map(|n| s.nim_value(&n).unwrap()).collect();
        assert_eq!(vals, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
        assert_eq!(
            s.winning_moves(&[5]).unwrap(),
            vec![SumMove {
                component: 0,
                to: vec![2]
            }]
        );
        assert!(s.winning_moves(&[7]).unwrap().is_empty());
    }

    #[test]
    fn deep_play_does_not_overflow_the_stack() {
        let mut s = Solver::new(Chain);
        assert_eq!(s.nim_value(&1_000_000).unwrap(), 0);
        assert_eq!(s.nim_value(&999_999).unwrap(), 1);
    }

    #[test]
    fn a_cycle_is_reported_as_loopy() {
        let e = Solver::new(Cycle).nim_value(&0).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Loopy);
        assert!(e.message().contains("loopy"), "{e}");
    }

    #[test]
    fn the_position_budget_ends_in_an_error() {
        let mut s = Solver::with_limits(
            Chain,
            Limits {
                max_positions: 1000,
                ..Limits::default()
            },
        );
        let e = s.nim_value(&100_000).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Limit);
        assert!(e.message().contains("1000"), "{e}");
    }
}
