//! Hard bounds on the whole process: memory, time, and Ctrl-C.
//!
//! The library checks its limits cooperatively ([`grundy::Limits`]): estimates before it allocates, the deadline
//! in its loops, with messages that say how far the work got. This module is the backstop that makes each limit a
//! bound on the *command*, whatever code is running:
//!
//! - **Memory.** The global allocator counts the bytes held. An allocation that would take the count past the
//!   budget (`--max-memory`, less the memory that is not the allocator's: [`heap_cap`]) ends the process
//!   with the one-line limit error and exit status 3 ([`crate::EXIT_LIMIT`]), instead of an out-of-memory kill or an
//!   abort. The count is
//!   kept in [`SHARDS`] counters, one cache line each, a thread writing its own (threads that allocate at once do
//!   not contend for one line: with one shared counter, the graph searches on two threads spent about twice the
//!   time a position that they spend on one); the whole count is read when a thread's counter passes a multiple
//!   of [`CHECK`] bytes upwards, so the count may run past the budget by less than `SHARDS · CHECK` (4 MiB).
//! - **Time.** With `--max-seconds S`, a watchdog thread ends the process with the one-line limit error once the
//!   command has run S seconds plus a short grace (for the library's own check to answer first).
//! - **Ctrl-C.** The progress bar's line is erased before the process ends with status 130.
//!
//! All of this crate's `unsafe` is in this file (the crate denies it elsewhere), with the terminal-width query the
//! progress bar needs. Each block states why it is sound.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicU64, AtomicUsize, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

/// Resident memory that is not the allocator's: the program's own pages, the threads' stacks as deep as they are
/// used, the C library's. Measured at 5-7 MiB for a command that computes little; the rest is margin.
const NON_HEAP: u64 = 16 << 20;

/// The most bytes the allocator hands out under a memory limit of `max_memory` bytes, so that the process's
/// resident memory stays within it: the limit less [`NON_HEAP`] and a sixteenth for the allocator's own
/// fragmentation (memory freed but not yet given back). A limit below [`SMALLEST_HARD_LIMIT`] cannot bound the
/// whole process (the program alone is about that size): it bounds the library's tables and estimates, which check
/// it themselves, and the allocator lets the rest of the command hold [`SMALL_LIMIT_ROOM`] beyond what it holds now.
fn heap_cap(max_memory: u64) -> usize {
    if max_memory < SMALLEST_HARD_LIMIT {
        return in_use().saturating_add(SMALL_LIMIT_ROOM);
    }
    let cap = max_memory.saturating_sub(NON_HEAP) / 16 * 15;
    usize::try_from(cap).unwrap_or(usize::MAX)
}

/// The smallest `--max-memory` that bounds the whole process's resident memory (see [`heap_cap`]).
pub const SMALLEST_HARD_LIMIT: u64 = 24 << 20;

/// The allocator's room beyond the memory held at the start under a limit below [`SMALLEST_HARD_LIMIT`].
const SMALL_LIMIT_ROOM: usize = 64 << 20;

/// Time after the deadline before the watchdog ends the process.
const GRACE: Duration = Duration::from_millis(400);

/// Counters of the bytes held, one a cache line (see the module docs); their sum is the count. A thread's counter
/// may go below zero (it frees what another thread allocated).
const SHARDS: usize = 16;
/// A thread's counter passing a multiple of this many bytes upwards has the whole count checked.
const CHECK: isize = 256 << 10;

#[repr(align(64))]
struct Line(AtomicIsize);
static IN_USE: [Line; SHARDS] = [const { Line(AtomicIsize::new(0)) }; SHARDS];
/// The next thread's counter.
static NEXT_SHARD: AtomicUsize = AtomicUsize::new(0);
thread_local! {
    /// This thread's counter (`usize::MAX` until its first allocation). Const-initialised, with no destructor: the
    /// allocator may read it at any time, even while the thread ends.
    static SHARD: Cell<usize> = const { Cell::new(usize::MAX) };
}
static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);
static MEMORY_MESSAGE: OnceLock<Vec<u8>> = OnceLock::new();
/// True while a progress bar is drawn on stderr (so an exit erases its line first).
pub static BAR_DRAWN: AtomicBool = AtomicBool::new(false);
static DEADLINE: OnceLock<grundy::Deadline> = OnceLock::new();
static MAX_MEMORY: OnceLock<u64> = OnceLock::new();
/// What the long work of the command is, and how far it got (from the progress bar, drawn or not): for the
/// watchdog's message.
static WORK: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());
static WORK_DONE: AtomicU64 = AtomicU64::new(0);
static WORK_TOTAL: AtomicU64 = AtomicU64::new(0);

/// How to resume the command's work, added to the watchdog's message (empty: nothing to add).
static RESUME_HINT: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());

/// A file being written that the watchdog removes if it ends the process first (a table's `.partial` file, which
/// is renamed into place only once whole).
static UNFINISHED: std::sync::Mutex<Option<std::path::PathBuf>> = std::sync::Mutex::new(None);

/// Names the file being written now (`None` once it is done); see [`UNFINISHED`].
pub fn set_unfinished(path: Option<std::path::PathBuf>) {
    if let Ok(mut u) = UNFINISHED.lock() {
        *u = path;
    }
}

/// Says how to resume the work if the watchdog ends it (e.g. "heaps 0..=K are saved in FILE; resume with ...").
pub fn set_resume_hint(hint: &str) {
    if let Ok(mut h) = RESUME_HINT.lock() {
        h.clear();
        h.push_str(hint);
    }
}

/// Names the long work now under way (`what`, counting up to `total`).
pub fn work_started(what: &str, total: u64) {
    if let Ok(mut w) = WORK.lock() {
        w.clear();
        w.push_str(what);
    }
    WORK_DONE.store(0, Ordering::Relaxed);
    WORK_TOTAL.store(total, Ordering::Relaxed);
}

/// Records how far the long work got.
pub fn work_done(done: u64) {
    WORK_DONE.store(done, Ordering::Relaxed);
}

/// The global allocator: the system's, with a count of the bytes held.
pub struct Budgeted;

/// The size from which a block is offered the kernel's transparent huge pages.
const HUGE_FROM: usize = 4 << 20;
/// A huge page's size (x86-64 and the common arm64 kernels).
const HUGE_PAGE: usize = 2 << 20;

/// Advises the kernel to back the whole huge pages inside a block of `size` bytes at `p` with huge pages, where it
/// allows that for advised memory (Linux's `madvise` mode): a table of 10^6 values is then touched in 4 page faults
/// instead of 2,000 (the dense table of a script to 10^6 heaps spent a quarter of its time in the kernel's page
/// faults), as glibc's own `glibc.malloc.hugetlb=1` tunable does. Advice only: nothing changes where the kernel
/// declines.
#[inline]
fn advise_huge(p: *mut u8, size: usize) {
    #[cfg(target_os = "linux")]
    if size >= HUGE_FROM && !p.is_null() {
        let start = (p as usize).next_multiple_of(HUGE_PAGE);
        let end = (p as usize + size) & !(HUGE_PAGE - 1);
        if end > start {
            // SAFETY: `start..end` lies inside the block just returned by `System`, which this allocator owns
            // until it is freed; `MADV_HUGEPAGE` changes how the kernel backs the range, not its contents.
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
        }
    }
}

// SAFETY: every method forwards to `System` with the same arguments, so the allocator contract is `System`'s;
// the counting only decides whether to forward, and a refused request never returns (the process exits).
unsafe impl GlobalAlloc for Budgeted {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        reserve(chunk(layout.size()));
        // SAFETY: the caller's contract for `alloc` is passed on unchanged.
        let p = unsafe { System.alloc(layout) };
        if p.is_null() {
            release(chunk(layout.size()));
        }
        advise_huge(p, layout.size());
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        reserve(chunk(layout.size()));
        // SAFETY: as in `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if p.is_null() {
            release(chunk(layout.size()));
        }
        advise_huge(p, layout.size());
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` was allocated by this allocator (so by `System`) with `layout`: the caller's contract.
        unsafe { System.dealloc(ptr, layout) };
        release(chunk(layout.size()));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let asked = new_size;
        let (old, new_size) = (chunk(layout.size()), chunk(new_size));
        if new_size > old {
            reserve(new_size - old);
        }
        // SAFETY: the caller's contract for `realloc` is passed on unchanged.
        let p = unsafe { System.realloc(ptr, layout, asked) };
        if p.is_null() {
            if new_size > old {
                release(new_size - old);
            }
        } else if new_size < old {
            release(old - new_size);
        }
        advise_huge(p, asked);
        p
    }
}

/// The memory a request of `size` bytes takes from the C library's allocator: the size and an 8-byte header,
/// rounded up to 16 bytes, at least 32 (glibc's chunks). Counting chunks, not requests, keeps a workload of many
/// small allocations (a script's values) within the budget as the kernel counts it.
fn chunk(size: usize) -> usize {
    (size.saturating_add(8 + 15) & !15).max(32)
}

/// This thread's counter.
fn counter() -> &'static AtomicIsize {
    let i = SHARD
        .try_with(|s| {
            if s.get() == usize::MAX {
                s.set(NEXT_SHARD.fetch_add(1, Ordering::Relaxed) % SHARDS);
            }
            s.get()
        })
        .unwrap_or(0);
    &IN_USE[i].0
}

fn reserve(bytes: usize) {
    // (A layout's size is at most `isize::MAX`.)
    let b = bytes as isize;
    let c = counter();
    let before = c.fetch_add(b, Ordering::Relaxed);
    if (b >= CHECK || (before + b).div_euclid(CHECK) != before.div_euclid(CHECK))
        && in_use() > LIMIT.load(Ordering::Relaxed)
    {
        c.fetch_sub(b, Ordering::Relaxed);
        let msg = MEMORY_MESSAGE.get().map_or(
            &b"grundy: the memory limit was reached\n"[..],
            Vec::as_slice,
        );
        exit_with(msg, crate::EXIT_LIMIT.into());
    }
}

fn release(bytes: usize) {
    counter().fetch_sub(bytes as isize, Ordering::Relaxed);
}

/// Bytes held now by the allocator.
pub fn in_use() -> usize {
    let sum: isize = IN_USE.iter().map(|l| l.0.load(Ordering::Relaxed)).sum();
    sum.max(0) as usize
}

/// Writes `msg` to stderr (after erasing a drawn progress bar) and ends the process at once with `code`. Uses
/// only `write(2)` and `_exit(2)`: no allocation, no lock, so it is safe from the allocator and a signal handler.
fn exit_with(msg: &[u8], code: i32) -> ! {
    if BAR_DRAWN.load(Ordering::Relaxed) {
        raw_write(b"\r\x1b[K");
    }
    raw_write(msg);
    // SAFETY: `_exit` ends the process; it has no preconditions.
    unsafe { libc::_exit(code) }
}

fn raw_write(mut bytes: &[u8]) {
    while !bytes.is_empty() {
        // SAFETY: `bytes` is a valid slice for its length; fd 2 is stderr (a bad fd only makes write fail).
        let n = unsafe { libc::write(2, bytes.as_ptr().cast(), bytes.len()) };
        if n <= 0 {
            return;
        }
        bytes = &bytes[n as usize..];
    }
}

/// Sets the memory budget of the command: the library's `max_memory`, enforced by the allocator with a small
/// slack.
pub fn limit_memory(max_memory: u64) {
    let _ = MAX_MEMORY.set(max_memory);
    let text = format!(
        "grundy: the command needed more than {} of memory, the limit (raise it with --max-memory)\n",
        grundy::solver::format_bytes(max_memory)
    );
    let _ = MEMORY_MESSAGE.set(text.into_bytes());
    LIMIT.store(heap_cap(max_memory), Ordering::Relaxed);
}

/// The time limit of a command that searches or tabulates when `--max-seconds` is not given (`value`, `seq`,
/// `table`, `pattern`, `plot`; `period` and `quotient` have budgets of their own, and `play` bounds each judgement
/// instead, see [`THINK_SECONDS`]): long work is asked for, never a default.
pub const DEFAULT_SECONDS: f64 = 60.0;

/// The longest one judgement of `grundy play` (the engine's move, a hint, the first look at the position) may take
/// when `--max-seconds` is not given: a person's thinking time is not counted.
pub const THINK_SECONDS: f64 = 10.0;

/// Who ends the command: [`WORKING`] until one of the two claims it, [`ANSWERING`] once the answer is whole and
/// being written (the deadline's watchdog then lets the process finish), [`STOPPING`] once the watchdog is ending
/// the process. One compare-and-swap decides, so an answer is never begun while the watchdog exits (before, a
/// watchdog that had just looked could end the process in the middle of a 33 MB answer on a loaded machine).
static ANSWER: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(WORKING);
const WORKING: u8 = 0;
const ANSWERING: u8 = 1;
const STOPPING: u8 = 2;

/// Says that the answer is computed and is being written (see [`ANSWER`]). If the deadline's watchdog is already
/// ending the process, nothing is written: this thread waits for the exit.
pub fn answering() {
    if ANSWER.compare_exchange(WORKING, ANSWERING, Ordering::SeqCst, Ordering::SeqCst)
        == Err(STOPPING)
    {
        loop {
            std::thread::park();
        }
    }
}

/// Set by `--max-seconds none`: no time limit at all, not even a default one.
static UNBOUNDED: AtomicBool = AtomicBool::new(false);

/// Lifts every time limit (`--max-seconds none`).
pub fn unbound_time() {
    UNBOUNDED.store(true, Ordering::Relaxed);
}

/// Whether `--max-seconds none` lifted every time limit.
pub fn time_unbounded() -> bool {
    UNBOUNDED.load(Ordering::Relaxed)
}

/// Sets the command's deadline `d` and starts the watchdog that enforces it.
pub fn limit_time(d: grundy::Deadline) {
    if DEADLINE.set(d).is_err() {
        return;
    }
    let _ = std::thread::Builder::new()
        .name("deadline".into())
        .spawn(move || {
            std::thread::sleep(d.remaining() + GRACE);
            if ANSWER
                .compare_exchange(WORKING, STOPPING, Ordering::SeqCst, Ordering::SeqCst)
                .is_err()
            {
                return;
            }
            let total = WORK_TOTAL.load(Ordering::Relaxed);
            let what = WORK.lock().map(|w| w.clone()).unwrap_or_default();
            let hint = RESUME_HINT.lock().map(|h| h.clone()).unwrap_or_default();
            // (A half-written file is no use to anyone: the table under its own name is untouched.)
            if let Ok(Some(p)) = UNFINISHED.lock().as_deref() {
                let _ = std::fs::remove_file(p);
            }
            let done = WORK_DONE.load(Ordering::Relaxed);
            let msg = stopped_message(&what, done, total, &crate::output::said(&d.error()), &hint);
            exit_with(msg.as_bytes(), crate::EXIT_LIMIT.into());
        });
}

/// When the engine's present judgement started (milliseconds since [`THINK_BASE`], plus 1), 0 when none is under
/// way; and its bound in milliseconds.
static THINK_SINCE: AtomicU64 = AtomicU64::new(0);
static THINK_BOUND: AtomicU64 = AtomicU64::new(0);
static THINK_BASE: OnceLock<std::time::Instant> = OnceLock::new();

/// Bounds the work from now on by `seconds` (`Some`: a judgement of `grundy play` starts) or lifts the bound
/// (`None`: the command waits for a person). A watchdog thread, started on the first call, ends the process with
/// the one-line limit error when a judgement passes its bound.
pub fn think(seconds: Option<f64>) {
    let base = *THINK_BASE.get_or_init(|| {
        let _ = std::thread::Builder::new()
            .name("think".into())
            .spawn(|| loop {
                std::thread::sleep(Duration::from_millis(50));
                let since = THINK_SINCE.load(Ordering::Relaxed);
                let bound = THINK_BOUND.load(Ordering::Relaxed);
                let now = THINK_BASE.get().map_or(0, |b| b.elapsed().as_millis() as u64) + 1;
                if since != 0 && now.saturating_sub(since) > bound {
                    let msg = format!(
                        "grundy: the engine took longer than {} s to judge the position, the bound on one judgement of 'grundy play' (give the whole session a limit with --max-seconds S instead, or play a smaller position)\n",
                        bound / 1000
                    );
                    // A fixed bound of play (like the library's bound on one misère or loopy judgement), not a budget
                    // given by the user: status 2, as for every other fixed bound.
                    exit_with(msg.as_bytes(), 2);
                }
            });
        std::time::Instant::now()
    });
    match seconds {
        Some(s) => {
            THINK_BOUND.store((s * 1000.0) as u64, Ordering::Relaxed);
            THINK_SINCE.store(base.elapsed().as_millis() as u64 + 1, Ordering::Relaxed);
        }
        None => THINK_SINCE.store(0, Ordering::Relaxed),
    }
}

/// The watchdog's line when the deadline passes: the limit's words (`error`), after how far the long work `what`
/// got (`done` of `0..=total`) when that says something, and the resume `hint` if there is one.
fn stopped_message(what: &str, done: u64, total: u64, error: &str, hint: &str) -> String {
    let hint = if hint.is_empty() {
        String::new()
    } else {
        format!("; {}", grundy::error::escape(hint))
    };
    // (Near 0 says nothing: a search stuck in its first step gets the limit's words alone.)
    if total > 0 && total != grundy::context::UNKNOWN_TOTAL && done > 0 && !what.is_empty() {
        format!(
            "grundy: {}: stopped near {done} of 0..={total}: {error}{hint}\n",
            grundy::error::escape(what)
        )
    } else {
        format!("grundy: {error}{hint}\n")
    }
}

/// The memory budget when `--max-memory` is not given: [`grundy::solver::DEFAULT_MAX_MEMORY`], or three quarters of
/// the process's address-space limit (`ulimit -v`) when that is lower, so that a capped process still ends in the
/// limit error and not in a failed allocation.
pub fn default_max_memory() -> u64 {
    let d = grundy::solver::DEFAULT_MAX_MEMORY;
    match address_space_limit() {
        Some(space) => d.min(space / 4 * 3),
        None => d,
    }
}

/// The process's address-space limit in bytes (`ulimit -v`; `None` when unlimited). (It was read from
/// `/proc/self/limits`, whose text the kernel writes out at each read: about 17 µs of every command's start.)
fn address_space_limit() -> Option<u64> {
    let mut r = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the limit into `r`, a valid `rlimit` it may write to.
    if unsafe { libc::getrlimit(libc::RLIMIT_AS, &mut r) } != 0 || r.rlim_cur == libc::RLIM_INFINITY
    {
        return None;
    }
    #[allow(clippy::unnecessary_cast)] // rlim_t is u64 here, not on every target
    Some(r.rlim_cur as u64)
}

/// The command's limits for the library: the deadline of `--max-seconds` (if given) and the memory budget, with
/// `max_positions` at the library's default (a subcommand sets its own).
pub fn limits() -> grundy::Limits {
    grundy::Limits {
        deadline: deadline(),
        max_memory: MAX_MEMORY.get().copied().unwrap_or_else(default_max_memory),
        ..grundy::Limits::default()
    }
}

/// [`limits`] for work that saves a file when a limit stops it: its search stops a little before the command's
/// deadline (a fifth of the time left, at least 50 ms when that leaves half of it, at most 30 s and 10 s for each GiB of the
/// memory budget, the most the file may hold), so that the file
/// is saved before the watchdog ends the process. (With a fifth alone, a 0.1 s run had 20 ms to save, which a busy
/// machine sometimes did not give it.) Also the command's own deadline, whose message a stop reports.
pub fn limits_before_saving() -> (grundy::Limits, Option<grundy::Deadline>) {
    let mut limits = limits();
    let command_deadline = limits.deadline;
    if let Some(d) = command_deadline {
        let left = d.remaining().as_secs_f64();
        // Writing a table of many GiB takes longer than 30 s: 10 s more for each GiB the command may hold.
        let gib = limits.max_memory as f64 / (1u64 << 30) as f64;
        let margin = (left / 5.0)
            .max(0.05_f64.min(left / 2.0))
            .min(30.0 + 10.0 * gib);
        limits.deadline = Some(grundy::Deadline::after_seconds(left - margin));
    }
    (limits, command_deadline)
}

/// The context of the command's work under `limits`: the library's long work is shown as a progress bar
/// ([`crate::progress::library_reporter`]).
pub fn context_with(limits: grundy::Limits) -> grundy::Context {
    grundy::Context::new(limits).with_progress(crate::progress::library_reporter())
}

/// The command's deadline, when `--max-seconds` was given.
pub fn deadline() -> Option<grundy::Deadline> {
    DEADLINE.get().copied()
}

extern "C" fn on_interrupt(_: libc::c_int) {
    exit_with(b"", 130);
}

/// The flag a command that saves its work hands its search ([`stop_on_signal`]), set by SIGTERM or SIGUSR1.
static STOP: OnceLock<std::sync::Arc<AtomicBool>> = OnceLock::new();
/// The signal that set [`STOP`] (0 until one did).
static STOP_SIGNAL: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

extern "C" fn on_stop(sig: libc::c_int) {
    // A second signal (or one before the flag exists) ends the process at once, as the signal would have.
    if STOP_SIGNAL.swap(sig, Ordering::SeqCst) != 0 {
        exit_with(b"", 128 + sig);
    }
    match STOP.get() {
        Some(flag) => flag.store(true, Ordering::SeqCst),
        None => exit_with(b"", 128 + sig),
    }
}

/// Makes SIGTERM (what `kill` sends, and a scheduler first, at a job's time limit or when it preempts the job: Slurm
/// gives the job its `KillWait` before SIGKILL) and SIGUSR1 (what `sbatch --signal=B:USR1@SECONDS` sends ahead of
/// the limit) stop the command's search as a limit does: the search ends at its next look at the flag returned
/// (give it to [`grundy::Context::with_cancel`]), the command saves what it found and ends with status 3, the
/// status a scheduler retries ([`stopped_by_signal`] names the signal for its message). A second signal ends the
/// process at once.
pub fn stop_on_signal() -> std::sync::Arc<AtomicBool> {
    let flag = STOP
        .get_or_init(|| std::sync::Arc::new(AtomicBool::new(false)))
        .clone();
    let handler: extern "C" fn(libc::c_int) = on_stop;
    // SAFETY: the handler only swaps and stores atomics, reads a `OnceLock` already initialised above (an atomic
    // load), and calls `exit_with` (`write` and `_exit`), all async-signal-safe.
    unsafe {
        libc::signal(libc::SIGTERM, handler as libc::sighandler_t);
        libc::signal(libc::SIGUSR1, handler as libc::sighandler_t);
    }
    flag
}

/// The signal that stopped the search whose error is `e` ([`stop_on_signal`]): `"SIGTERM"` or `"SIGUSR1"` when `e`
/// is the cancellation a signal caused, else `None`.
pub fn stopped_by_signal(e: &grundy::Error) -> Option<&'static str> {
    if e.kind() != grundy::ErrorKind::Cancelled {
        return None;
    }
    match STOP_SIGNAL.load(Ordering::SeqCst) {
        libc::SIGTERM => Some("SIGTERM"),
        libc::SIGUSR1 => Some("SIGUSR1"),
        _ => None,
    }
}

/// Makes Ctrl-C erase a drawn progress bar before the process ends (status 130, as a shell expects).
pub fn erase_bar_on_interrupt() {
    let handler: extern "C" fn(libc::c_int) = on_interrupt;
    // SAFETY: the handler only calls `write` and `_exit`, both async-signal-safe.
    unsafe {
        libc::signal(libc::SIGINT, handler as libc::sighandler_t);
    }
}

/// The width of the terminal on stderr, in columns (80 when it cannot be told).
pub fn terminal_width() -> usize {
    // SAFETY: `winsize` is plain data that `ioctl(TIOCGWINSZ)` fills in; a failed call leaves it zeroed.
    let mut ws: libc::winsize = unsafe { std::mem::zeroed() };
    // SAFETY: fd 2 and a valid pointer to a `winsize`, as TIOCGWINSZ expects.
    let ok = unsafe { libc::ioctl(2, libc::TIOCGWINSZ, &mut ws) } == 0;
    if ok && ws.ws_col > 0 {
        ws.ws_col as usize
    } else {
        80
    }
}

#[cfg(test)]
mod tests {
    use super::stopped_message;

    #[test]
    fn the_watchdog_says_how_far_the_work_got_only_when_it_got_somewhere() {
        let limit =
            "the command took longer than its time limit of 1 s (raise it with --max-seconds)";
        assert_eq!(
            stopped_message("computing 0.137", 5000, 100_000, limit, ""),
            format!("grundy: computing 0.137: stopped near 5000 of 0..=100000: {limit}\n")
        );
        // A search stuck in its first step, a total not known, no work named: the limit's words alone.
        for (what, done, total) in [
            ("searching arc-kayles", 0, 20_000_000),
            ("searching cram", 7, grundy::context::UNKNOWN_TOTAL),
            ("", 7, 100),
        ] {
            assert_eq!(
                stopped_message(what, done, total, limit, ""),
                format!("grundy: {limit}\n")
            );
        }
        assert_eq!(
            stopped_message("", 0, 0, limit, "resume with --load-table t"),
            format!("grundy: {limit}; resume with --load-table t\n")
        );
    }
}
