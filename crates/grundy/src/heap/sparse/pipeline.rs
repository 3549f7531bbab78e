//! The two-worker pipeline: every other heap on a second core, early and late options, timed windows.
//!
//! **When the other core is busy.** Each heap hands its value to the other worker, so two workers are only as fast
//! as the slower one's turns: when the machine has more runnable threads than cores, a worker that is not running
//! stalls every hand-over for a scheduler slice, hundreds of times one heap's work (figures in
//! `benches/RESULTS.md`), and a single probe window could cost seconds. So a two-worker
//! window is *cut* as soon as it runs past [`CUT_FACTOR`] times one worker's pace (from the last probe, which now
//! times one worker first): the first worker raises [`Shared::cut`], each worker stops before its next heap (or
//! when the heap it waits for will not come, [`Shared::stopped`]), the heaps found so far are a prefix of the window
//! (each needs the one before), and one worker finishes the window; the probe then counts two workers as lost. The
//! values never depend on where a window is cut (tests cut every other window at a heap count).
//!
//! **Where the time goes.** With `GRUNDY_PIPELINE_PROFILE` set, each run prints per worker the heaps it found,
//! those found again from every option (a late option had the early value), the time it waited for the other
//! worker's value (and the marking of its next batch done meanwhile), the time at window boundaries, and the
//! windows of each mode with their time per heap ([`Prof`]); `benches/workers.sh` runs one and two workers in the
//! same run.

use super::raw::Values;
use super::*;

/// Runs the engine to heap `to`: on one thread, or (with `threads ≥ 2`) on one thread to [`PIPELINE_FROM`]
/// and then pipelined on two. `probe` is what the last run of the same values learned about one and two workers
/// (a run continued in steps, [`Run::extend`], keeps it: each step would otherwise probe from scratch).
pub(super) fn drive<T: Val>(
    e: &mut Engine<T>,
    to: u64,
    threads: usize,
    probe: &mut Probe,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Done {
    if threads < 2 || to <= PIPELINE_FROM {
        let first = e.g.len();
        // A kept run counts the work of its earlier steps too: the bound is this step's.
        let counted = e.per_heap.len();
        let done = run(e, to, progress);
        if e.count && e.per_heap.len() > counted {
            critical_path(first, &e.per_heap[counted..]);
        }
        return done;
    }
    match run(e, PIPELINE_FROM, progress) {
        Done::All => {}
        other => return other,
    }
    run_alternating(e, to, probe, progress)
}

/// What two workers could gain at best on a one-worker run's heaps, from each heap's counted work (`work[i]` the
/// rare splits marked and split options scanned for heap `first + i`; `GRUNDY_PIPELINE_PROFILE` set, one worker):
/// printed on stderr for the heaps from [`PIPELINE_FROM`] on and for the last half. Two workers find heaps `k` and
/// `k + 1` at once, but heap `k` is finished only once `k - 1` is known and its worker then starts `k + 2`: with
/// hand-overs free, heap `k` is done at `P(k) = max(P(k - 2) + w(k), P(k - 1))`. So `Σ w / P(N)` is the best
/// speedup two workers can have from the order of the work alone (2 when every heap costs the same; less the more
/// neighbouring heaps differ), counted in work, not time: the machine's load does not change it.
pub(super) fn critical_path(first: usize, work: &[u32]) {
    let bound = |w: &[u32]| {
        let (mut p2, mut p1, mut total) = (0u64, 0u64, 0u64);
        for &x in w {
            let p = (p2 + x as u64).max(p1);
            (p2, p1) = (p1, p);
            total += x as u64;
        }
        (total, p1)
    };
    let from = (PIPELINE_FROM as usize)
        .saturating_sub(first)
        .min(work.len());
    let half = work.len() / 2;
    for (what, w, at) in [
        ("from the pipeline's start", &work[from..], first + from),
        ("last half", &work[half..], first + half),
    ] {
        if w.len() < PIPELINE_FROM as usize {
            continue;
        }
        let (total, path) = bound(w);
        let n = w.len().max(1) as f64;
        let mean = total as f64 / n;
        let var = w.iter().map(|&x| (x as f64 - mean).powi(2)).sum::<f64>() / n;
        eprintln!(
            "pipeline bound ({what}, heaps {at}..{}): {:.0} work units a heap (sd {:.0}); two workers at best {:.3}x one",
            first + work.len(),
            mean,
            var.sqrt(),
            total as f64 / path.max(1) as f64
        );
    }
}

/// The two-worker run starts at this heap (below it a heap's work is too small to hand over).
pub(super) const PIPELINE_FROM: u64 = 1 << 12;

/// A value on a cache line of its own, so that a thread spinning on one never slows the other's writes to
/// another.
#[repr(align(128))]
pub(super) struct Line<T>(pub(super) T);

/// Where a worker's time goes in a two-worker run, measured when `GRUNDY_PIPELINE_PROFILE` is set (a summary on
/// stderr at the end of the run, one line per worker: see [`Prof::report`]). Off, it costs a predictable branch
/// per heap; on, two clock readings per heap (about 50 ns each on the project machine).
#[derive(Default, Clone, Copy)]
pub(super) struct Prof {
    pub(super) on: bool,
    /// Heaps this worker found in two-worker windows, and how many of them were computed again from every option
    /// (a late option had the early value).
    pub(super) heaps: u64,
    pub(super) again: u64,
    /// Nanoseconds waiting for the other worker's value (`wait`), of which doing the next batch's marking
    /// (`prepare`, with `prepares` calls that found work).
    pub(super) wait: u64,
    pub(super) prepare: u64,
    pub(super) prepares: u64,
    /// Nanoseconds waiting at the end of a window for the other worker (the first worker), or for a new window (the
    /// second), and catching up with the first worker's values at a window's start (the second).
    pub(super) sync: u64,
    pub(super) catch_up: u64,
    /// Two-worker and one-worker windows, and the nanoseconds of each kind (the first worker).
    pub(super) windows: [u64; 2],
    pub(super) window_ns: [u64; 2],
    pub(super) window_heaps: [u64; 2],
    /// Two-worker windows cut short (finished by one worker).
    pub(super) cuts: u64,
    /// The thread's CPU seconds when the profile started, and the work units (rare splits marked, split options
    /// scanned) it counted in all (see [`critical_path`]).
    pub(super) cpu0: Option<f64>,
    pub(super) work: u64,
    /// The thread's CPU seconds from `cpu0` to the end of its part ([`Prof::stop`]).
    pub(super) cpu: Option<f64>,
}

impl Prof {
    pub(super) fn new() -> Self {
        let on = std::env::var_os("GRUNDY_PIPELINE_PROFILE").is_some();
        Prof {
            on,
            cpu0: if on { thread_cpu_seconds() } else { None },
            ..Prof::default()
        }
    }

    /// Ends the profile on its own thread: its CPU time and work units so far.
    pub(super) fn stop(&mut self, work: u64) {
        self.work = work;
        if let (Some(a), Some(b)) = (self.cpu0, thread_cpu_seconds()) {
            self.cpu = Some(b - a);
        }
    }

    /// Nanoseconds since `t` (0 when profiling is off: `t` is then never read).
    fn since(&self, t: Option<crate::clock::Instant>) -> u64 {
        t.map_or(0, |t| t.elapsed().as_nanos() as u64)
    }

    fn now(&self) -> Option<crate::clock::Instant> {
        self.on.then(crate::clock::Instant::now)
    }

    /// One line: the worker's heaps, recomputed heaps, and its waits in milliseconds.
    pub(super) fn report(&self, who: &str) {
        let ms = |ns: u64| ns as f64 / 1e6;
        let cpu = self
            .cpu
            .map_or("unknown".to_string(), |c| format!("{c:.3} s"));
        eprintln!(
            "pipeline {who}: CPU time {cpu}, work units {} (all its heaps, one-worker windows included)",
            self.work
        );
        eprintln!(
            "pipeline {who}: heaps {} (again {}), wait {:.1} ms (marking meanwhile {:.1} ms, {} calls), window sync {:.1} ms, catch-up {:.1} ms",
            self.heaps,
            self.again,
            ms(self.wait),
            ms(self.prepare),
            self.prepares,
            ms(self.sync),
            ms(self.catch_up)
        );
        if self.windows != [0, 0] {
            let per = |i: usize| ms(self.window_ns[i]) * 1e6 / self.window_heaps[i].max(1) as f64;
            eprintln!(
                "pipeline windows: two workers {} ({} cut; {} heaps, {:.1} ms, {:.0} ns a heap), one worker {} ({} heaps, {:.1} ms, {:.0} ns a heap)",
                self.windows[1],
                self.cuts,
                self.window_heaps[1],
                ms(self.window_ns[1]),
                per(1),
                self.windows[0],
                self.window_heaps[0],
                ms(self.window_ns[0]),
                per(0)
            );
        }
    }
}

/// What the two workers share. No locks: per heap, one cache line (the heap and its value) crosses over.
pub(super) struct Shared {
    /// The first worker's values (`Engine::g` of the calling thread): at the start of a window `[s, t)`,
    /// `g[0..s]` are final, and they never move (the vector's capacity is reserved for the whole run before
    /// the second worker starts, and the first worker only pushes to it and reads it through shared slices
    /// during the run: nothing may take a mutable slice of it then).
    pub(super) g: Values,
    /// The last heap of each parity found in the current window and its value, as `heap << 32 | value` (heaps
    /// are below `2^32`, values below `2^31`).
    pub(super) slots: [Line<AtomicU64>; 2],
    /// The current window for the second worker (`epoch` counts windows; its start and end are written first).
    pub(super) epoch: Line<AtomicU64>,
    pub(super) start: AtomicU64,
    pub(super) end: AtomicU64,
    /// The last window the second worker finished, and the last one it had caught up with (its values reached
    /// the window's start, so that it starts on its heaps now: the cut timer and the probe start from there).
    pub(super) done: Line<AtomicU64>,
    pub(super) ready: Line<AtomicU64>,
    /// A worker found a value its type cannot hold: the heap and the value (the run stops and widens).
    pub(super) abort: Line<AtomicBool>,
    pub(super) abort_at: AtomicU64,
    pub(super) abort_value: AtomicU64,
    pub(super) stop: AtomicBool,
    /// The second worker is (about to be) parked and needs an unpark to see a new window.
    pub(super) sleeping: AtomicBool,
    /// The first worker ended the current window early ([`work`]): each worker stops before its next heap.
    pub(super) cut: Line<AtomicBool>,
    /// Per parity of heap, the heap at which that parity's worker stopped in a cut window (`u64::MAX` while it
    /// works): a worker waiting for that heap stops waiting.
    pub(super) stopped: [AtomicU64; 2],
}

/// Waits for heap `k`'s value from the other worker: `None` if the run was aborted first, or if the window was cut
/// and the other worker stopped before heap `k`. Does `idle` work while it has some ([`Engine::prepare`]), then
/// spins briefly, then yields, asking `give_up` after each yield whether to cut the window (it still waits for
/// heap `k`: the other worker is finding it).
pub(super) fn wait_value(
    sh: &Shared,
    k: u64,
    prof: &mut Prof,
    idle: &mut dyn FnMut() -> bool,
    give_up: &mut dyn FnMut() -> bool,
) -> Option<u32> {
    let slot = &sh.slots[(k % 2) as usize].0;
    let mut spins = 0u32;
    let t0 = prof.now();
    loop {
        let x = slot.load(Acquire);
        if x >> 32 == k {
            prof.wait += prof.since(t0);
            return Some(x as u32);
        }
        if sh.abort.0.load(Relaxed) {
            return None;
        }
        // The other worker stores its heap (above) before it stops at a later one (Release, read with Acquire):
        // a stop at or before k means heap k will not come.
        if sh.stopped[(k % 2) as usize].load(Acquire) <= k {
            prof.wait += prof.since(t0);
            return None;
        }
        let t = prof.now();
        if idle() {
            prof.prepare += prof.since(t);
            prof.prepares += 1;
            continue;
        }
        if spins < 4096 {
            std::hint::spin_loop();
            spins += 1;
        } else {
            std::thread::yield_now();
            if !sh.cut.0.load(Relaxed) && give_up() {
                sh.cut.0.store(true, Release);
            }
        }
    }
}

/// One worker's share of a window `[s, t)`: the heaps `k` in it with `k % 2 == parity`. For each (the worker
/// holding heaps up to `k - 2`): find heap `k` early ([`Engine::next_early`]), wait for heap `k - 1` from the
/// other worker, finish heap `k` ([`Engine::finish_early`]), hand it over. The other worker does the same for
/// the other parity at the same time, so each heap's early part (nearly all of its work) overlaps the other
/// worker's.
///
/// The window may be *cut*: the first worker asks `give_up(heaps)` every [`CUT_CHECK`] of its heaps (`heaps` of
/// the window found so far) and while it waits long, and when it says yes each worker stops before its next
/// heap (or when the heap it waits for will not come), noting where in [`Shared::stopped`]. The heaps found
/// are then `s..d` for some `d` (each heap needs the one before), all final. Returns false when the run was
/// aborted (a value too wide for `T`).
#[allow(clippy::too_many_arguments)]
pub(super) fn work<T: Val>(
    w: &mut Engine<T>,
    sh: &Shared,
    s: u64,
    t: u64,
    parity: u64,
    next_rebuild: &mut u64,
    prof: &mut Prof,
    give_up: &mut dyn FnMut(u64) -> bool,
) -> bool {
    let mut k = if s % 2 == parity { s } else { s + 1 };
    w.stride = 2;
    let stop = |k: u64| sh.stopped[parity as usize].store(k, Release);
    while k < t {
        debug_assert!(w.g.len() as u64 + 1 == k || w.g.len() as u64 == k);
        if (k - s) % (2 * CUT_CHECK) < 2 && k > s + 1 && !sh.cut.0.load(Relaxed) && give_up(k - s) {
            sh.cut.0.store(true, Release);
        }
        if sh.cut.0.load(Acquire) {
            stop(k);
            return true;
        }
        let v = if w.g.len() as u64 + 1 == k {
            let early = w.next_early();
            let Some(last) =
                wait_value(sh, k - 1, prof, &mut || w.prepare(), &mut || give_up(k - s))
            else {
                if sh.abort.0.load(Relaxed) {
                    return false;
                }
                // Cut: heap k - 1 will not come, so heap k is not found here either.
                stop(k);
                return true;
            };
            // The other worker held this value in the same type.
            assert!(w.push(last), "a value the other worker held fits");
            settle(w, next_rebuild);
            let v = w.finish_early(early);
            prof.again += (v != early) as u64;
            v
        } else {
            // The worker already has heap k - 1 (the first heap of a window).
            w.next()
        };
        prof.heaps += 1;
        if !w.push(v) {
            sh.abort_at.store(k, Relaxed);
            sh.abort_value.store(v as u64, Relaxed);
            sh.abort.0.store(true, Release);
            return false;
        }
        settle(w, next_rebuild);
        sh.slots[(k % 2) as usize]
            .0
            .store(k << 32 | v as u64, Release);
        k += 2;
    }
    true
}

/// The first worker asks whether to cut a two-worker window every this many of its heaps.
pub(super) const CUT_CHECK: u64 = 16;

/// A two-worker window is cut once it has taken longer than this multiple of one worker's time (per heap, from the
/// last probe) for the heaps found so far plus [`CUT_SLACK`]: two workers that are not faster than one by far
/// have lost a core to other work (each hand-over then waits for the scheduler: up to a millisecond a heap).
pub(super) const CUT_FACTOR: f64 = 2.0;
pub(super) const CUT_SLACK: f64 = 64.0;

/// How long (seconds) the first worker waits for the second to catch up with the values and start on a window,
/// plus [`READY_PER_HEAP`] for each value it copies, before the window is cut: the second worker is then not
/// running (the other core is busy).
pub(super) const READY_WAIT: f64 = 0.05;
pub(super) const READY_PER_HEAP: f64 = 1e-7;

/// Runs its closure when dropped during a panic (so that the other worker stops waiting).
pub(super) struct OnUnwind<F: Fn()>(pub(super) F);

impl<F: Fn()> Drop for OnUnwind<F> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            (self.0)();
        }
    }
}

/// Rebuilds the split when the values reach the next point of the doubling schedule of [`run`].
pub(super) fn settle<T: Val>(w: &mut Engine<T>, next_rebuild: &mut u64) {
    if w.g.len() as u64 >= *next_rebuild {
        w.rebuild();
        while *next_rebuild <= w.g.len() as u64 {
            *next_rebuild *= 2;
        }
    }
}

/// The second worker: for each window, catches up with the first worker's values, then works its share.
pub(super) fn second_worker<T: Val>(sh: &Shared, mut w: Engine<T>) -> Prof {
    // Should this thread panic (a bug), the first worker must not wait for it forever.
    let _guard = OnUnwind(|| {
        sh.abort.0.store(true, SeqCst);
        sh.done.0.store(u64::MAX, SeqCst);
    });
    let mut prof = Prof::new();
    let mut last = 0;
    let mut next_rebuild = (w.g.len() as u64 + 1)
        .next_power_of_two()
        .max(FIRST_REBUILD);
    loop {
        // Spin, then yield, then sleep until the first worker posts a window (it wakes a sleeping worker).
        let t0 = prof.now();
        let mut tries = 0u32;
        while sh.epoch.0.load(Acquire) == last && !sh.stop.load(Acquire) {
            tries += 1;
            if tries < 4096 {
                std::hint::spin_loop();
            } else if tries < 8192 {
                std::thread::yield_now();
            } else {
                sh.sleeping.store(true, SeqCst);
                if sh.epoch.0.load(SeqCst) == last && !sh.stop.load(SeqCst) {
                    std::thread::park();
                }
                sh.sleeping.store(false, SeqCst);
            }
        }
        prof.sync += prof.since(t0);
        if sh.stop.load(Acquire) {
            prof.stop(w.work);
            return prof;
        }
        last = sh.epoch.0.load(Acquire);
        let (s, t) = (sh.start.load(Relaxed), sh.end.load(Relaxed));
        let t0 = prof.now();
        while (w.g.len() as u64) < s {
            // g[0..s] were final before the window was posted (Release, read above with Acquire).
            let v = sh.g.read::<T>(w.g.len()).get() as u32;
            // The first worker held this value in the same type.
            assert!(w.push(v), "a value the first worker held fits");
            settle(&mut w, &mut next_rebuild);
        }
        prof.catch_up += prof.since(t0);
        sh.ready.0.store(last, Release);
        work(
            &mut w,
            sh,
            s,
            t,
            (s + 1) % 2,
            &mut next_rebuild,
            &mut prof,
            &mut |_| false,
        );
        sh.done.0.store(last, Release);
    }
}

/// Heaps `g.len()..=to` on two workers, in windows of [`WINDOW`] heaps: in a two-worker window the calling
/// thread finds every other heap and a second thread the heaps between ([`work`]); the windows alternate with
/// one-worker windows while [`Probe`] times them, and the faster mode is kept. The values never depend on the
/// timing: a heap found early is finished exactly, and the split each worker uses is its own.
///
/// Long: one thread scope: the second worker and the window loop that hands windows to it; the loop's state (the shared
/// slots and epoch, the probe, the cut, the window bounds) is read and written at every step, and the order of its
/// steps is the protocol with the other worker, read best in one place.
pub(super) fn run_alternating<T: Val>(
    e: &mut Engine<T>,
    to: u64,
    probe: &mut Probe,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Done {
    let start = e.g.len() as u64;
    if start > to {
        return Done::All;
    }
    // The time since the last run's last window is not that window's.
    probe.resume();
    // The second worker reads the values in place when it catches up: they must never move.
    e.g.reserve_exact((to + 2 - start) as usize);
    let sh = Shared {
        g: Values::new(&e.g),
        slots: [Line(AtomicU64::new(0)), Line(AtomicU64::new(0))],
        epoch: Line(AtomicU64::new(0)),
        start: AtomicU64::new(0),
        end: AtomicU64::new(0),
        done: Line(AtomicU64::new(0)),
        ready: Line(AtomicU64::new(0)),
        abort: Line(AtomicBool::new(false)),
        abort_at: AtomicU64::new(0),
        abort_value: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        sleeping: AtomicBool::new(false),
        cut: Line(AtomicBool::new(false)),
        stopped: [AtomicU64::new(u64::MAX), AtomicU64::new(u64::MAX)],
    };
    let second = Engine::new(e.moves.clone(), e.g.clone(), e.hist.clone());
    std::thread::scope(|scope| {
        let second_thread = scope.spawn(|| second_worker(&sh, second));
        let mut prof = Prof::new();
        // Should this thread panic (a bug), the second worker must not wait for it forever.
        let waker = second_thread.thread().clone();
        let _guard = OnUnwind(|| {
            sh.abort.0.store(true, SeqCst);
            sh.stop.store(true, SeqCst);
            waker.unpark();
        });
        let mut next_rebuild = start.next_power_of_two().max(FIRST_REBUILD);
        let mut epoch = 0;
        // The end of the last two-worker window: the second worker's values reach it.
        let mut last_two_end = start;
        let mut result = Done::All;
        while (e.g.len() as u64) <= to {
            let s = e.g.len() as u64;
            let t = ((s / WINDOW + 1) * WINDOW).min(to + 1);
            let window_start = prof.now();
            let two = probe.pipelined(s) && t - s >= 2;
            if two {
                epoch += 1;
                // The second worker is idle (done with the last window): the window's state is reset for it.
                sh.cut.0.store(false, Relaxed);
                for x in &sh.stopped {
                    x.store(u64::MAX, Relaxed);
                }
                sh.start.store(s, Relaxed);
                sh.end.store(t, Relaxed);
                sh.epoch.0.store(epoch, SeqCst);
                if sh.sleeping.load(SeqCst) {
                    second_thread.thread().unpark();
                }
                let posted = crate::clock::Instant::now();
                // When the second worker had caught up with the values (it copies those of the one-worker
                // windows since its last window first: a long stretch after a run of one-worker windows).
                let mut began: Option<crate::clock::Instant> = None;
                // One worker's time for the heaps so far, with room (see CUT_FACTOR), counted from when the second
                // worker is ready, or READY_WAIT for it to get there; never in tests, which cut windows by their
                // heap counts instead, so that every hand-over is exercised.
                let one = probe.one_worker_per_heap();
                let ready_wait =
                    READY_WAIT + READY_PER_HEAP * s.saturating_sub(last_two_end) as f64;
                let mut give_up = |heaps: u64| {
                    if cfg!(test) {
                        return (s / WINDOW) % 2 == 1 && heaps >= 37;
                    }
                    let t = match began {
                        Some(t) => t,
                        None if sh.ready.0.load(Acquire) >= epoch => {
                            *began.insert(crate::clock::Instant::now())
                        }
                        None => return posted.elapsed().as_secs_f64() > ready_wait,
                    };
                    t.elapsed().as_secs_f64() > CUT_FACTOR * one * (heaps as f64 + CUT_SLACK)
                };
                let ok = work(
                    e,
                    &sh,
                    s,
                    t,
                    s % 2,
                    &mut next_rebuild,
                    &mut prof,
                    &mut give_up,
                );
                // The second worker is done with the window (and with the values) before the next one (u64::MAX:
                // it panicked, and the scope passes the panic on).
                let t0 = prof.now();
                let mut spins = 0u32;
                while sh.done.0.load(Acquire) < epoch {
                    if spins < 4096 {
                        std::hint::spin_loop();
                        spins += 1;
                    } else {
                        std::thread::yield_now();
                    }
                }
                prof.sync += prof.since(t0);
                last_two_end = t;
                if sh.ready.0.load(Acquire) >= epoch {
                    // The second worker's catching up is not two workers' pace.
                    probe.discount(began.map_or(posted.elapsed(), |b| b - posted));
                }
                if !ok {
                    // A value too wide for T: every heap before it is in e (the worker that found it waited for
                    // the heap before, and the other one for it).
                    let at = sh.abort_at.load(Relaxed);
                    result = if e.g.len() as u64 == at {
                        Done::Wider(sh.abort_value.load(Relaxed) as u32)
                    } else {
                        run(e, to, progress)
                    };
                    break;
                }
                // The second worker's last heap may be the one after the first worker's (the window's last heap,
                // or the last before a cut): it is final, and in its slot.
                for slot in &sh.slots {
                    let x = slot.0.load(Acquire);
                    if x >> 32 == e.g.len() as u64 {
                        assert!(e.push(x as u32), "a value the second worker held fits");
                        settle(e, &mut next_rebuild);
                    }
                }
                if (e.g.len() as u64) < t {
                    // Cut: one worker finishes the window.
                    debug_assert!(sh.cut.0.load(Relaxed));
                    probe.cut();
                    prof.cuts += 1;
                    #[cfg(test)]
                    tests::CUTS.fetch_add(1, Relaxed);
                }
            }
            if (e.g.len() as u64) < t {
                e.stride = 1;
                while (e.g.len() as u64) < t {
                    let v = e.next();
                    if !e.push(v) {
                        result = Done::Wider(v);
                        break;
                    }
                    settle(e, &mut next_rebuild);
                }
                if let Done::Wider(_) = result {
                    break;
                }
            }
            if prof.on {
                prof.windows[two as usize] += 1;
                prof.window_ns[two as usize] += prof.since(window_start);
                prof.window_heaps[two as usize] += t - s;
            }
            if s / 0x10000 != t / 0x10000 && !progress(t) {
                result = Done::Stopped;
                break;
            }
        }
        sh.stop.store(true, SeqCst);
        second_thread.thread().unpark();
        if prof.on {
            prof.stop(e.work);
            prof.report("first worker");
            // A panic of the second worker is passed on by the scope.
            if let Ok(p) = second_thread.join() {
                p.report("second worker");
            }
        }
        result
    })
}

/// Chooses between one and two threads by timing windows of [`WINDOW`] heaps: one window with one thread, one
/// with two, then the faster for a while (14 windows, doubling while the same mode keeps winning), again and
/// again. The one-thread window comes first so that its time bounds the two-thread window's: a two-thread window
/// that runs past it ([`CUT_FACTOR`]) is cut ([`Probe::cut`]) and counts as lost.
pub(super) struct Probe {
    /// The current window, and the window where the next probe starts.
    pub(super) window: u64,
    pub(super) next_probe: u64,
    pub(super) keep: u64,
    /// When the current window started, and at which heap.
    pub(super) started: crate::clock::Instant,
    pub(super) first: u64,
    /// Seconds per heap in the last probe window of each mode: `[one thread, two threads]` (per heap: a window
    /// can be partial, and a heap's work grows with its size).
    pub(super) took: [f64; 2],
    /// The mode of the current window, and the mode the last probe chose.
    pub(super) two: bool,
    pub(super) chose: Option<bool>,
    /// The current (two-thread) window was cut.
    pub(super) was_cut: bool,
    /// Two-thread probes cut in a row and tried again at once (at most [`PROBE_RETRIES`]).
    pub(super) retries: u32,
    /// The run stopped and continued since the current window started ([`Probe::resume`]): its time is not
    /// counted.
    pub(super) paused: bool,
}

/// How often in a row a cut two-thread probe is tried again at once before it counts as lost.
pub(super) const PROBE_RETRIES: u32 = 2;

pub(super) const WINDOW: u64 = if cfg!(test) { 1 << 9 } else { 1 << 12 };

/// Two workers are kept while their time per heap is below this multiple of one worker's.
pub(super) const PREFER_TWO: f64 = 1.15;

impl Probe {
    pub(super) fn new() -> Self {
        Probe {
            window: u64::MAX,
            next_probe: 0,
            keep: 14,
            started: crate::clock::Instant::now(),
            first: 0,
            took: [f64::INFINITY; 2],
            two: false,
            chose: None,
            was_cut: false,
            retries: 0,
            paused: false,
        }
    }

    /// The run continues after a stop (a step of a run kept between steps, such as `seq`'s checkpoints where the
    /// period certificate is tried): what was learned is kept (the modes' times per heap, the mode chosen and how
    /// long it is kept), but the current window's time, which includes the stop, is not counted; a probe it
    /// belonged to is taken again.
    pub(super) fn resume(&mut self) {
        if self.window != u64::MAX {
            self.paused = true;
        }
    }

    /// One worker's seconds per heap in the last probe (infinite before the first: a two-thread window never
    /// comes before it outside tests).
    pub(super) fn one_worker_per_heap(&self) -> f64 {
        self.took[0]
    }

    /// The current two-thread window was cut (it ran past one worker's pace, see [`CUT_FACTOR`]): it counts as
    /// lost, and the next window probes again.
    pub(super) fn cut(&mut self) {
        self.was_cut = true;
    }

    /// Takes `d` off the current window's time: the second worker catching up with the values before it
    /// started (a copy, once per stretch of one-worker windows, that is not the pace of two workers).
    pub(super) fn discount(&mut self, d: std::time::Duration) {
        self.started += d.min(self.started.elapsed());
    }

    /// Whether the window of heap `n` goes to two workers.
    pub(super) fn pipelined(&mut self, n: u64) -> bool {
        if cfg!(test) {
            // Tests switch modes often, so that every hand-over between the modes is exercised.
            return !(n / 1500).is_multiple_of(3);
        }
        let w = n / WINDOW;
        if w == self.window {
            return self.two;
        }
        if self.paused {
            self.paused = false;
            if self.window == self.next_probe || self.window == self.next_probe + 1 {
                // A probe window ran across the stop: probe again from this window.
                self.next_probe = w;
                self.retries = 0;
            } else if self.next_probe < w {
                self.next_probe = w;
            }
        } else if self.window != u64::MAX {
            let per_heap = if self.was_cut {
                f64::INFINITY
            } else {
                self.started.elapsed().as_secs_f64() / n.saturating_sub(self.first).max(1) as f64
            };
            if self.window == self.next_probe {
                self.took[0] = per_heap;
            } else if self.window == self.next_probe + 1
                && self.was_cut
                && self.retries < PROBE_RETRIES
            {
                // A cut probe may be a passing hiccup (the other core woke late): two workers are probed again at
                // once, since a cut window costs little (one worker finishes it) and a lost probe costs `keep`
                // windows of one worker.
                self.retries += 1;
                self.next_probe = w - 1;
            } else if self.window == self.next_probe + 1 {
                self.retries = 0;
                self.took[1] = per_heap;
                // Two workers unless one is clearly faster: one window of each is a small sample on a shared
                // machine, and where two workers pay at all they pay by far more than this margin.
                let two = self.took[1] < PREFER_TWO * self.took[0];
                if self.chose == Some(two) {
                    self.keep = (self.keep * 2).min(1024);
                } else {
                    self.keep = 14;
                }
                self.chose = Some(two);
                self.next_probe = w + self.keep;
            } else if self.two && per_heap > 1.25 * self.took[0] {
                // Two threads have become clearly slower than one was (the other core got busy, or the work per
                // heap grew): probe now.
                self.next_probe = w;
                self.keep = 14;
            }
        } else {
            self.next_probe = w;
        }
        self.window = w;
        self.was_cut = false;
        self.started = crate::clock::Instant::now();
        self.first = n;
        self.two = if w == self.next_probe {
            false
        } else if w == self.next_probe + 1 {
            true
        } else {
            self.chose.unwrap_or(false)
        };
        self.two
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::plain::code_sequence;

    /// Two-worker windows cut so far (in tests a window is cut by its heap count, every other window).
    pub(super) static CUTS: AtomicU64 = AtomicU64::new(0);

    /// Windows cut at a heap count (as a busy core cuts them at a time) keep every value: both workers stop at
    /// the same heap whichever waits for the other, and one worker finishes the window.
    #[test]
    fn cut_windows_keep_the_values() {
        let before = CUTS.load(Relaxed);
        for (code, to) in [
            ("0.6", 9_000),
            ("0.007", 7_000),
            ("4!.0", 9_000),
            ("0.106", 6_000),
        ] {
            let c = Code::parse(code).unwrap();
            let plain = code_sequence(&c, code, to, &mut |_| {}).unwrap();
            let mut fast = Vec::new();
            extend_with_threads(&c, code, &mut fast, to, 2, &mut |_| {}).unwrap();
            assert_eq!(plain, fast, "{code}");
        }
        assert!(CUTS.load(Relaxed) > before, "no window was cut");
    }
}
