//! The root of a search by tests on two or more threads: the tests of the root's options, dealt to the threads as
//! tasks. Two engines use it: the Cram engine ([`crate::games::cram::CramEngine`], its `exact_shared`) and the
//! solver's search by tests ([`super::Solver`], for the graph games: [`super::value_on_threads`]); each is a
//! [`Worker`].
//!
//! **What it computes.** `G(x)` is the least value no option of `x` has (the mex). A *task* `(i, u)` asks "has
//! option `i` the value `u`?": an exact test on any worker. The root records, for each option, its value once a
//! task or a worker's table has found it, and the values it is known not to have. Value `u` is *found* once some
//! option has it; it is the answer once every smaller value is found and every option is known not to have `u`.
//! Each fact comes from an exact test, whichever thread ran it, so the answer is the one-thread answer.
//!
//! **Which task a free thread takes.** One thread alone runs the tests of value `u` (options in order, until one
//! has `u`), then those of `u + 1`, and so on. On several threads, a free thread takes, at the least value not yet
//! found, the first option not yet known there and not being tested; so while one thread tests an option for `u`,
//! another tests the next (the first to find an option of value `u` settles it for both). When every option is
//! known or taken at that value, it takes the first open option at the next value, up to [`LOOK_AHEAD`] past it:
//! work the search will need whenever the answer is past `u`. A task made moot (its value was found by another
//! option, or the answer is known) is stopped at once (its worker's stop flag); what it proved stays in the
//! workers' shared table.
//!
//! Measured on Cram (benches/RESULTS.md, 2026-11-29), whole-process wall times on the project's two cores against
//! the scheme before (the second thread searched the same root, trying the options of its first level in the
//! opposite order), medians of 15–25 runs alternated: 4x7 17.2 against 22.7 ms, 6x5 30.2 against 40.1 ms; best of
//! 5 in `benches/boards.sh`: 5x7 0.19 against 0.24 s, 5x8 0.56 against 0.55 s.
//!
//! **Cost.** Each task is a test the one-thread search runs, or one it might have skipped (an option past the one
//! that settles a value, or a value past the answer); the root keeps a few words per option under one lock, taken
//! twice a task.

use crate::nimber::Nimber;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// How far past the least value not yet found a free thread may start tests.
const LOOK_AHEAD: Nimber = 2;

/// The most options a root dealt to threads may have (the values of its options fit a `u128` bitset; a region of
/// the 8 × 8 square has at most 112 placements).
pub(crate) const MAX_OPTIONS: usize = 126;

/// An engine that runs the root's tasks: one per thread, each with its own stop flag, all sharing what they prove.
pub(crate) trait Worker {
    /// Why a task ended without its answer: stopped (its flag was set), or a failure that ends the search.
    type Halt: Copy;
    /// Whether `h` is a stop (the task was made moot), not a failure.
    fn stopped(h: &Self::Halt) -> bool;
    /// Sets the flag the engine polls to stop its current task; returns the flag it had.
    fn swap_stop(&mut self, stop: Option<Arc<AtomicBool>>) -> Option<Arc<AtomicBool>>;
    /// The value of option `i` when the engine's table knows it (every part of it), without searching.
    fn option_known(&mut self, i: usize) -> Option<Nimber>;
    /// Whether option `i` has value `u`: an exact test, which may search.
    fn option_is(&mut self, i: usize, u: Nimber) -> std::result::Result<bool, Self::Halt>;
}

/// What the threads know of the root's options (under one lock).
#[derive(Debug)]
struct Root<H> {
    /// Per option: its value, once known.
    value: Vec<Option<Nimber>>,
    /// Per option: bit `u` set when it is known not to have value `u`.
    not: Vec<u128>,
    /// The tasks running: (option, value, thread).
    running: Vec<(usize, Nimber, usize)>,
    /// Bit `u` set: some option has value `u`.
    found: u128,
    /// The answer once known, or why the search stopped.
    end: Option<std::result::Result<Nimber, H>>,
}

impl<H: Copy> Root<H> {
    fn new(options: usize) -> Root<H> {
        assert!(
            options <= MAX_OPTIONS,
            "a root of at most MAX_OPTIONS options"
        );
        Root {
            value: vec![None; options],
            not: vec![0; options],
            running: Vec::new(),
            found: 0,
            end: None,
        }
    }

    /// Whether option `i` is known not to have value `u`.
    fn excluded(&self, i: usize, u: Nimber) -> bool {
        match self.value[i] {
            Some(v) => v != u,
            None => self.not[i] >> u & 1 == 1,
        }
    }

    /// Records that option `i` has value `v`.
    fn set_value(&mut self, i: usize, v: Nimber) {
        self.value[i] = Some(v);
        self.found |= 1 << v;
    }

    /// The least value no option is known to have.
    fn least_open(&self) -> Nimber {
        Nimber::from(self.found.trailing_ones())
    }

    /// Sets the answer when the facts settle it: the least value not found, once every option is known not to
    /// have it.
    fn settle(&mut self) {
        if self.end.is_none() {
            let u = self.least_open();
            if (0..self.value.len()).all(|i| self.excluded(i, u)) {
                self.end = Some(Ok(u));
            }
        }
    }

    /// The next task `(option, value)` for a free thread (see the module docs), if there is one.
    fn next(&self) -> Option<(usize, Nimber)> {
        let least = self.least_open();
        let top = (least + LOOK_AHEAD).min(self.value.len() as Nimber);
        (least..=top)
            .filter(|&u| self.found >> u & 1 == 0)
            .find_map(|u| {
                (0..self.value.len())
                    .find(|&i| !self.excluded(i, u) && self.running.iter().all(|r| r.0 != i))
                    .map(|i| (i, u))
            })
    }

    /// Stops the tasks that no longer matter: all of them once the answer is known, else those whose value was
    /// found or whose option's answer is known.
    fn stop_moot(&self, stops: &[Arc<AtomicBool>]) {
        for &(i, u, t) in &self.running {
            if self.end.is_some() || self.found >> u & 1 == 1 || self.excluded(i, u) {
                stops[t].store(true, Ordering::Relaxed);
            }
        }
    }
}

/// The root's state and what the threads share.
pub(crate) struct Shared<H> {
    root: Mutex<Root<H>>,
    wake: Condvar,
    /// Per thread: set to stop its task.
    stops: Vec<Arc<AtomicBool>>,
}

impl<H: Copy> Shared<H> {
    /// The root of a search whose options (at most [`MAX_OPTIONS`], each once) are numbered `0..options`, for
    /// `threads` threads; `known(i)` is the value of option `i` when a table already knows it.
    pub(crate) fn new(
        options: usize,
        threads: usize,
        mut known: impl FnMut(usize) -> Option<Nimber>,
    ) -> Shared<H> {
        let mut root = Root::new(options);
        for i in 0..options {
            if let Some(v) = known(i) {
                root.set_value(i, v);
            }
        }
        Shared {
            root: Mutex::new(root),
            wake: Condvar::new(),
            stops: (0..threads)
                .map(|_| Arc::new(AtomicBool::new(false)))
                .collect(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Root<H>> {
        // A thread that panicked holding the lock left whole facts (each is set in one statement).
        self.root.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Runs tasks on the worker `w`, as thread `me`, until the answer is known; returns it (or why it stopped).
    pub(crate) fn work<W: Worker<Halt = H>>(
        &self,
        w: &mut W,
        me: usize,
    ) -> std::result::Result<Nimber, H> {
        let outer = w.swap_stop(Some(self.stops[me].clone()));
        // A thread that panics gives its task back (the others would otherwise wait for it).
        let _give_back = GiveBack { shared: self, me };
        let mut root = self.lock();
        let end = loop {
            root.settle();
            if let Some(end) = root.end {
                root.stop_moot(&self.stops);
                self.wake.notify_all();
                break end;
            }
            let Some((i, u)) = root.next() else {
                root = self.wake.wait(root).unwrap_or_else(|p| p.into_inner());
                continue;
            };
            root.running.push((i, u, me));
            // (Only this thread clears its flag, under the lock, while it has no task: a stop meant for its last
            // task cannot reach this one.)
            self.stops[me].store(false, Ordering::Relaxed);
            drop(root);
            let r = w.option_is(i, u);
            let known = w.option_known(i);
            root = self.lock();
            root.running.retain(|r| r.2 != me);
            if let Some(v) = known {
                root.set_value(i, v);
            }
            match r {
                Ok(true) => root.set_value(i, u),
                Ok(false) => root.not[i] |= 1 << u,
                Err(h) if W::stopped(&h) => {}
                Err(h) => root.end = Some(Err(h)),
            }
            root.settle();
            root.stop_moot(&self.stops);
            self.wake.notify_all();
        };
        drop(root);
        w.swap_stop(outer);
        end
    }
}

/// Gives the tasks of thread `me` back when it unwinds from a panic.
struct GiveBack<'s, H: Copy> {
    shared: &'s Shared<H>,
    me: usize,
}

impl<H: Copy> Drop for GiveBack<'_, H> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.shared.lock().running.retain(|r| r.2 != self.me);
            self.shared.wake.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_is_the_least_value_every_option_is_known_not_to_have() {
        // Options of values 0, 2 and (unknown, not 1): the mex is 1 once option 2 is known not to be 1.
        let mut r = Root::<()>::new(3);
        r.set_value(0, 0);
        r.set_value(1, 2);
        r.settle();
        assert_eq!(r.end, None, "option 2 might have value 1");
        assert_eq!(r.next(), Some((2, 1)));
        r.not[2] |= 1 << 1;
        r.settle();
        assert_eq!(r.end, Some(Ok(1)));
    }

    #[test]
    fn a_free_thread_takes_the_next_option_then_the_next_value() {
        let mut r = Root::<()>::new(5);
        r.set_value(0, 0);
        // Value 1 is the least not found: one thread tests option 1, the next takes option 2.
        r.running.push((1, 1, 0));
        assert_eq!(r.next(), Some((2, 1)));
        // Every option is busy: nothing to take.
        r.running.extend([(2, 1, 1), (3, 1, 2), (4, 1, 3)]);
        assert_eq!(r.next(), None);
        // Options 2 to 4 known not to be 1, option 1 still tested for 1: the next value, first open option.
        r.running.truncate(1);
        for i in 2..5 {
            r.not[i] |= 1 << 1;
        }
        assert_eq!(r.next(), Some((2, 2)));
        // Values 2 and 3 excluded for options 2 to 4: value 4 is past the look-ahead (1 + LOOK_AHEAD).
        for i in 2..5 {
            r.not[i] |= 1 << 2 | 1 << 3;
        }
        assert_eq!(r.next(), None);
        r.settle();
        assert_eq!(r.end, None, "option 1 might have value 1");
        // Option 1 has value 1: every option is known not to have 2, the answer.
        r.running.clear();
        r.set_value(1, 1);
        r.settle();
        assert_eq!(r.end, Some(Ok(2)));
    }

    #[test]
    fn moot_tasks_are_stopped() {
        let stops: Vec<_> = (0..3).map(|_| Arc::new(AtomicBool::new(false))).collect();
        let mut r = Root::<()>::new(3);
        r.running = vec![(0, 1, 0), (1, 1, 1), (2, 2, 2)];
        r.set_value(0, 1);
        r.stop_moot(&stops);
        let stopped: Vec<bool> = stops.iter().map(|s| s.load(Ordering::Relaxed)).collect();
        assert_eq!(
            stopped,
            [true, true, false],
            "value 1 found: both tests of 1 end, the test of 2 goes on"
        );
        r.end = Some(Ok(0));
        r.stop_moot(&stops);
        assert!(stops[2].load(Ordering::Relaxed));
    }

    /// A worker whose options have the values listed (each test answered from the list, as a search would).
    struct Listed {
        values: Vec<Nimber>,
        stop: Option<Arc<AtomicBool>>,
        tests: usize,
    }

    impl Worker for Listed {
        type Halt = ();
        fn stopped(_: &()) -> bool {
            true
        }
        fn swap_stop(&mut self, stop: Option<Arc<AtomicBool>>) -> Option<Arc<AtomicBool>> {
            std::mem::replace(&mut self.stop, stop)
        }
        fn option_known(&mut self, _: usize) -> Option<Nimber> {
            None
        }
        fn option_is(&mut self, i: usize, u: Nimber) -> std::result::Result<bool, ()> {
            self.tests += 1;
            Ok(self.values[i] == u)
        }
    }

    fn listed(values: &[Nimber]) -> Listed {
        Listed {
            values: values.to_vec(),
            stop: None,
            tests: 0,
        }
    }

    #[test]
    fn threads_find_the_mex_of_the_options() {
        for values in [&[0, 1, 3][..], &[2, 0, 0, 1, 5], &[1, 1, 1], &[4]] {
            let mex = (0..).find(|u| !values.contains(u)).unwrap();
            for threads in 1..=3 {
                let shared = Shared::new(values.len(), threads, |_| None);
                let got: Vec<_> = std::thread::scope(|sc| {
                    let hs: Vec<_> = (0..threads)
                        .map(|t| {
                            let shared = &shared;
                            sc.spawn(move || shared.work(&mut listed(values), t))
                        })
                        .collect();
                    hs.into_iter().map(|h| h.join().unwrap()).collect()
                });
                assert!(got.iter().all(|&g| g == Ok(mex)), "{values:?} {got:?}");
            }
        }
        // Values a table already knows are not tested again: option 1's value settles 0 without a test.
        let shared = Shared::new(2, 1, |i| (i == 1).then_some(0));
        let mut w = listed(&[1, 0]);
        assert_eq!(shared.work(&mut w, 0), Ok(2));
        assert_eq!(w.tests, 1, "only option 0 at value 1");
    }

    #[test]
    fn a_thread_that_panics_gives_its_task_back() {
        let shared = Shared::new(3, 2, |_| None);
        shared.lock().running.push((0, 1, 1));
        let panicked = std::thread::scope(|sc| {
            sc.spawn(|| {
                let _give_back = GiveBack {
                    shared: &shared,
                    me: 1,
                };
                panic!("a helper fails");
            })
            .join()
            .is_err()
        });
        assert!(panicked);
        assert!(
            shared.lock().running.is_empty(),
            "the task of thread 1 is free again"
        );
        // The other thread then finishes the search alone (options of values 0, 1 and 3: the mex is 2).
        assert_eq!(shared.work(&mut listed(&[0, 1, 3]), 0), Ok(2));
    }
}
