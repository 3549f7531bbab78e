//! What a piece of work runs under: its [`Limits`], its threads, where its progress goes, and whether closed forms
//! may run engines of their own. One [`Context`] value is made by the front end (the command line from its flags,
//! Python from its keyword arguments) and passed to the analyses, to the [`crate::Solver`], and to the closed forms
//! that are whole searches ([`crate::game::ClosedForm`]: Cram's and Chomp's engines). Nothing of it is published
//! through globals, so two analyses on two threads (or two Python objects) never see each other's settings.
//!
//! **Cancellation.** A caller that may stop the work from another thread (a Stop button, a signal) gives a flag
//! ([`Context::with_cancel`]); the searches that can run long look at it where they look at the clock (the
//! [`crate::Solver`], its search by tests, the Cram engine), and end with an [`crate::ErrorKind::Cancelled`] error.

use crate::error::{Error, Result};
use crate::limits::Limits;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Where progress of long work goes: called with what is being done, how much is done and the total, in the same
/// unit ([`UNKNOWN_TOTAL`] when the size of the work is not known in advance; `done == total` ends the work).
pub type Progress = Arc<dyn Fn(&str, u64, u64) + Send + Sync>;

/// The total of work whose size is not known in advance (a search by tests, which cannot tell how much of its
/// tree it will cut): `done` counts up alone, and `report(what, UNKNOWN_TOTAL, UNKNOWN_TOTAL)` ends the work.
pub const UNKNOWN_TOTAL: u64 = u64::MAX;

/// The settings a piece of work runs under. `Context::default()` is the default [`Limits`], one thread, no
/// progress, and closed forms free to run their engines.
///
/// # Example
///
/// ```rust
/// use grundy::{Context, Limits, Solver};
/// use grundy::games::nim::Nim;
/// use grundy::heap::Heap;
///
/// let cx = Context::new(Limits { max_positions: 1_000, ..Limits::default() }).with_threads(2);
/// let mut solver = Solver::with_context(Heap(Nim), cx);
/// assert_eq!(solver.sum_value(&[3, 5])?, 6);
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone)]
pub struct Context {
    /// Bounds on the work (positions, memory, deadline).
    pub limits: Limits,
    threads: usize,
    progress: Option<Progress>,
    cancel: Option<Arc<AtomicBool>>,
    formulas_only: bool,
    assume_periods: bool,
    states_notes: bool,
}

impl Default for Context {
    fn default() -> Self {
        Context::new(Limits::default())
    }
}

impl std::fmt::Debug for Context {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("limits", &self.limits)
            .field("threads", &self.threads)
            .field("progress", &self.progress.is_some())
            .field("cancelled", &self.cancelled())
            .field("formulas_only", &self.formulas_only)
            .field("assume_periods", &self.assume_periods)
            .field("states_notes", &self.states_notes)
            .finish()
    }
}

impl Context {
    /// Work bounded by `limits`, on one thread, reporting no progress.
    pub fn new(limits: Limits) -> Context {
        Context {
            limits,
            threads: 1,
            progress: None,
            cancel: None,
            formulas_only: false,
            assume_periods: false,
            states_notes: false,
        }
    }

    /// The same, on `threads` threads (at least one) for the searches that can share their work
    /// ([`crate::SearchHints::value_on_threads`], the Cram engine).
    pub fn with_threads(mut self, threads: usize) -> Context {
        self.threads = threads.max(1);
        self
    }

    /// The same, reporting progress to `progress`.
    pub fn with_progress(mut self, progress: Progress) -> Context {
        self.progress = Some(progress);
        self
    }

    /// The same, stopped once `flag` is set (from any thread): see the module docs for where it is looked at.
    pub fn with_cancel(mut self, flag: Arc<AtomicBool>) -> Context {
        self.cancel = Some(flag);
        self
    }

    /// The same with other limits.
    pub fn with_limits(mut self, limits: Limits) -> Context {
        self.limits = limits;
        self
    }

    /// The same, with closed forms answering only by formulas (`true`) or free to run engines of their own
    /// (`false`). A [`crate::Solver`] values its positions under `formulas_only`, so that its memo holds every
    /// position it valued (what [`crate::table_file::save`] writes); a caller that needs every position of a whole
    /// analysis in a solver's memo sets it on the analysis's context.
    pub fn with_formulas_only(mut self, on: bool) -> Context {
        self.formulas_only = on;
        self
    }

    /// The same, with a period *observed* on a black box's values (a script, a Python function: no theorem covers
    /// it) used for its heaps past what a table reaches (`true`), or never used (`false`, the default). Every answer
    /// it shapes carries the assumption as a note ([`crate::heap::table::HeapTable::assumption`]).
    pub fn with_assumed_periods(mut self, on: bool) -> Context {
        self.assume_periods = on;
        self
    }

    /// Whether observed periods may answer (see [`Context::with_assumed_periods`]).
    pub fn assumes_periods(&self) -> bool {
        self.assume_periods
    }

    /// The same, for an analysis that states its games' notes with its answers (`true`: [`crate::parts::Sum::notes`]
    /// after an analysis of a sum) or not (`false`, the default: a table, a sequence). Only where notes are stated
    /// may an answer rest on an assumption a note states: a line of a tuple script recognised as a take-and-break
    /// code answers far out only then (`crate::script`), and is computed (or refused) otherwise.
    pub fn with_notes_stated(mut self, on: bool) -> Context {
        self.states_notes = on;
        self
    }

    /// Whether the caller states its games' notes with its answers (see [`Context::with_notes_stated`]).
    pub fn states_notes(&self) -> bool {
        self.states_notes
    }

    /// The cancellation flag, if the caller gave one.
    pub fn cancel_flag(&self) -> Option<&Arc<AtomicBool>> {
        self.cancel.as_ref()
    }

    /// True once the caller has stopped the work.
    pub fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }

    /// An error once the work must end: the deadline has passed ([`Limits::check_time`]) or the caller stopped it.
    pub fn check(&self) -> Result<()> {
        if self.cancelled() {
            return Err(Error::cancelled("the work was stopped before it ended"));
        }
        self.limits.check_time()
    }

    /// The number of threads a search may use (at least one).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Whether closed forms must answer by formulas only (see [`Context::with_formulas_only`]).
    pub fn formulas_only(&self) -> bool {
        self.formulas_only
    }

    /// Where progress goes, if anywhere.
    pub fn progress(&self) -> Option<&Progress> {
        self.progress.as_ref()
    }

    /// True when progress is wanted (so that a caller can skip building a message no one reads).
    pub fn wants_progress(&self) -> bool {
        self.progress.is_some()
    }

    /// Reports that `done` of `total` units of `what` are done ([`UNKNOWN_TOTAL`] when not known); `done == total`
    /// ends the work. Costs a branch when no progress is wanted.
    pub fn report(&self, what: &str, done: u64, total: u64) {
        if let Some(p) = &self.progress {
            p(what, done, total);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn progress_goes_only_where_the_context_says() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let s = Arc::clone(&seen);
        let cx = Context::default().with_progress(Arc::new(move |what: &str, done, total| {
            s.lock().unwrap().push((what.to_string(), done, total));
        }));
        let quiet = Context::default();
        assert!(cx.wants_progress() && !quiet.wants_progress());
        cx.report("a", 1, 2);
        quiet.report("b", 1, 2);
        assert_eq!(*seen.lock().unwrap(), vec![("a".to_string(), 1, 2)]);
        assert_eq!(Context::default().with_threads(0).threads(), 1);
    }

    #[test]
    fn a_cancelled_search_ends_with_its_error_and_an_uncancelled_one_answers() {
        use crate::{ErrorKind, Solver};
        let flag = Arc::new(AtomicBool::new(false));
        let cx = Context::default().with_cancel(Arc::clone(&flag));
        assert!(cx.check().is_ok());
        // Kayles by its rules: a search that expands thousands of positions, so it looks at the flag.
        let kayles = crate::heap::TakeAndBreak::parse("0.77").unwrap();
        let plain = Solver::new(kayles.clone()).nim_value(&300).unwrap();
        let mut solver = Solver::with_context(kayles.clone(), cx.clone());
        assert_eq!(solver.nim_value(&300).unwrap(), plain);
        flag.store(true, Ordering::Relaxed);
        let e = Solver::with_context(kayles, cx.clone())
            .nim_value(&2000)
            .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Cancelled);
        assert_eq!(cx.check().unwrap_err().kind(), ErrorKind::Cancelled);
    }
}
