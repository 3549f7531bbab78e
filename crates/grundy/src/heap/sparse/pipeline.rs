//! The two-worker pipeline: every other heap on a second core, early and late options, timed windows.

use super::raw::Values;
use super::*;

/// Runs the engine to heap `to`: on one thread, or (with `threads ≥ 2`) on one thread to [`PIPELINE_FROM`]
/// and then pipelined on two.
pub(super) fn drive<T: Val>(
    e: &mut Engine<T>,
    to: u64,
    threads: usize,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Done {
    if threads < 2 || to <= PIPELINE_FROM {
        return run(e, to, progress);
    }
    match run(e, PIPELINE_FROM, progress) {
        Done::All => {}
        other => return other,
    }
    run_alternating(e, to, progress)
}

/// The two-worker run starts at this heap (below it a heap's work is too small to hand over).
pub(super) const PIPELINE_FROM: u64 = 1 << 12;

/// A value on a cache line of its own, so that a thread spinning on one never slows the other's writes to
/// another.
#[repr(align(128))]
pub(super) struct Line<T>(pub(super) T);

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
    /// The last window the second worker finished.
    pub(super) done: Line<AtomicU64>,
    /// A worker found a value its type cannot hold: the heap and the value (the run stops and widens).
    pub(super) abort: Line<AtomicBool>,
    pub(super) abort_at: AtomicU64,
    pub(super) abort_value: AtomicU64,
    pub(super) stop: AtomicBool,
    /// The second worker is (about to be) parked and needs an unpark to see a new window.
    pub(super) sleeping: AtomicBool,
}

/// Waits for heap `k`'s value from the other worker (`None` if the run was aborted first): does `idle` work while
/// it has some ([`Engine::prepare`]), then spins briefly, then yields.
pub(super) fn wait_value(sh: &Shared, k: u64, idle: &mut dyn FnMut() -> bool) -> Option<u32> {
    let slot = &sh.slots[(k % 2) as usize].0;
    let mut spins = 0u32;
    loop {
        let x = slot.load(Acquire);
        if x >> 32 == k {
            return Some(x as u32);
        }
        if sh.abort.0.load(Relaxed) {
            return None;
        }
        if idle() {
            continue;
        }
        if spins < 4096 {
            std::hint::spin_loop();
            spins += 1;
        } else {
            std::thread::yield_now();
        }
    }
}

/// One worker's share of a window `[s, t)`: the heaps `k` in it with `k % 2 == parity`. For each (the worker
/// holding heaps up to `k - 2`): find heap `k` early ([`Engine::next_early`]), wait for heap `k - 1` from the
/// other worker, finish heap `k` ([`Engine::finish_early`]), hand it over. The other worker does the same for
/// the other parity at the same time, so each heap's early part (nearly all of its work) overlaps the other
/// worker's.
pub(super) fn work<T: Val>(
    w: &mut Engine<T>,
    sh: &Shared,
    s: u64,
    t: u64,
    parity: u64,
    next_rebuild: &mut u64,
) -> bool {
    let mut k = if s % 2 == parity { s } else { s + 1 };
    w.stride = 2;
    while k < t {
        debug_assert!(w.g.len() as u64 + 1 == k || w.g.len() as u64 == k);
        let v = if w.g.len() as u64 + 1 == k {
            let early = w.next_early();
            let Some(last) = wait_value(sh, k - 1, &mut || w.prepare()) else {
                return false;
            };
            // The other worker held this value in the same type.
            assert!(w.push(last), "a value the other worker held fits");
            settle(w, next_rebuild);
            w.finish_early(early)
        } else {
            // The worker already has heap k - 1 (the first heap of a window).
            w.next()
        };
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
pub(super) fn second_worker<T: Val>(sh: &Shared, mut w: Engine<T>) {
    // Should this thread panic (a bug), the first worker must not wait for it forever.
    let _guard = OnUnwind(|| {
        sh.abort.0.store(true, SeqCst);
        sh.done.0.store(u64::MAX, SeqCst);
    });
    let mut last = 0;
    let mut next_rebuild = (w.g.len() as u64 + 1)
        .next_power_of_two()
        .max(FIRST_REBUILD);
    loop {
        // Spin, then yield, then sleep until the first worker posts a window (it wakes a sleeping worker).
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
        if sh.stop.load(Acquire) {
            return;
        }
        last = sh.epoch.0.load(Acquire);
        let (s, t) = (sh.start.load(Relaxed), sh.end.load(Relaxed));
        while (w.g.len() as u64) < s {
            // g[0..s] were final before the window was posted (Release, read above with Acquire).
            let v = sh.g.read::<T>(w.g.len()).get() as u32;
            // The first worker held this value in the same type.
            assert!(w.push(v), "a value the first worker held fits");
            settle(&mut w, &mut next_rebuild);
        }
        work(&mut w, sh, s, t, (s + 1) % 2, &mut next_rebuild);
        sh.done.0.store(last, Release);
    }
}

/// Heaps `g.len()..=to` on two workers, in windows of [`WINDOW`] heaps: in a two-worker window the calling
/// thread finds every other heap and a second thread the heaps between ([`work`]); the windows alternate with
/// one-worker windows while [`Probe`] times them, and the faster mode is kept. The values never depend on the
/// timing: a heap found early is finished exactly, and the split each worker uses is its own.
pub(super) fn run_alternating<T: Val>(
    e: &mut Engine<T>,
    to: u64,
    progress: &mut dyn FnMut(u64) -> bool,
) -> Done {
    let start = e.g.len() as u64;
    if start > to {
        return Done::All;
    }
    // The second worker reads the values in place when it catches up: they must never move.
    e.g.reserve_exact((to + 2 - start) as usize);
    let sh = Shared {
        g: Values::new(&e.g),
        slots: [Line(AtomicU64::new(0)), Line(AtomicU64::new(0))],
        epoch: Line(AtomicU64::new(0)),
        start: AtomicU64::new(0),
        end: AtomicU64::new(0),
        done: Line(AtomicU64::new(0)),
        abort: Line(AtomicBool::new(false)),
        abort_at: AtomicU64::new(0),
        abort_value: AtomicU64::new(0),
        stop: AtomicBool::new(false),
        sleeping: AtomicBool::new(false),
    };
    let second = Engine::new(e.moves.clone(), e.g.clone(), e.hist.clone());
    std::thread::scope(|scope| {
        let second_thread = scope.spawn(|| second_worker(&sh, second));
        // Should this thread panic (a bug), the second worker must not wait for it forever.
        let _guard = OnUnwind(|| {
            sh.abort.0.store(true, SeqCst);
            sh.stop.store(true, SeqCst);
            second_thread.thread().unpark();
        });
        let mut next_rebuild = start.next_power_of_two().max(FIRST_REBUILD);
        let mut probe = Probe::new();
        let mut epoch = 0;
        let mut result = Done::All;
        while (e.g.len() as u64) <= to {
            let s = e.g.len() as u64;
            let t = ((s / WINDOW + 1) * WINDOW).min(to + 1);
            if probe.pipelined(s) && t - s >= 2 {
                epoch += 1;
                sh.start.store(s, Relaxed);
                sh.end.store(t, Relaxed);
                sh.epoch.0.store(epoch, SeqCst);
                if sh.sleeping.load(SeqCst) {
                    second_thread.thread().unpark();
                }
                let mut ok = work(e, &sh, s, t, s % 2, &mut next_rebuild);
                if ok && (e.g.len() as u64) < t {
                    // The window's last heap is the second worker's.
                    match wait_value(&sh, t - 1, &mut || false) {
                        Some(v) => {
                            ok = e.push(v);
                            settle(e, &mut next_rebuild);
                        }
                        None => ok = false,
                    }
                }
                // The second worker is done with the window (and with the values) before the next one (u64::MAX:
                // it panicked, and the scope passes the panic on).
                let mut spins = 0u32;
                while sh.done.0.load(Acquire) < epoch {
                    if spins < 4096 {
                        std::hint::spin_loop();
                        spins += 1;
                    } else {
                        std::thread::yield_now();
                    }
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
            } else {
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
            if s / 0x10000 != t / 0x10000 && !progress(t) {
                result = Done::Stopped;
                break;
            }
        }
        sh.stop.store(true, SeqCst);
        second_thread.thread().unpark();
        result
    })
}

/// Chooses between one and two threads by timing windows of [`WINDOW`] heaps: one window with two threads, one
/// with one, then the faster for a while (14 windows, doubling while the same mode keeps winning), again and
/// again.
pub(super) struct Probe {
    /// The current window, and the window where the next probe starts.
    pub(super) window: u64,
    pub(super) next_probe: u64,
    pub(super) keep: u64,
    /// When the current window started, and at which heap.
    pub(super) started: std::time::Instant,
    pub(super) first: u64,
    /// Seconds per heap in the last probe window of each mode: `[one thread, two threads]` (per heap: a window
    /// can be partial, and a heap's work grows with its size).
    pub(super) took: [f64; 2],
    /// The mode of the current window, and the mode the last probe chose.
    pub(super) two: bool,
    pub(super) chose: Option<bool>,
}

pub(super) const WINDOW: u64 = if cfg!(test) { 1 << 9 } else { 1 << 12 };

/// Two workers are kept while their time per heap is below this multiple of one worker's.
pub(super) const PREFER_TWO: f64 = 1.15;

impl Probe {
    pub(super) fn new() -> Self {
        Probe {
            window: u64::MAX,
            next_probe: 0,
            keep: 14,
            started: std::time::Instant::now(),
            first: 0,
            took: [f64::INFINITY; 2],
            two: true,
            chose: None,
        }
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
        if self.window != u64::MAX {
            let per_heap =
                self.started.elapsed().as_secs_f64() / n.saturating_sub(self.first).max(1) as f64;
            if self.window == self.next_probe {
                self.took[1] = per_heap;
            } else if self.window == self.next_probe + 1 {
                self.took[0] = per_heap;
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
                // Two threads have become clearly slower than one was (the other core got busy): probe now.
                self.next_probe = w;
                self.keep = 14;
            }
        } else {
            self.next_probe = w;
        }
        self.window = w;
        self.started = std::time::Instant::now();
        self.first = n;
        self.two = if w == self.next_probe {
            true
        } else if w == self.next_probe + 1 {
            false
        } else {
            self.chose.unwrap_or(false)
        };
        self.two
    }
}
