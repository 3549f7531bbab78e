//! Where the engine keeps its values: in memory (a `Vec`), or, for a bounded run, in a file mapped into memory
//! of which the process holds only the hot part.
//!
//! **What a sparse run reads.** Heap `n` reads the values of its one-heap options (`n - j`, the last few), the
//! larger parts `m - r` of its splits with a rare part `r` (within the last `r_max` heaps, `r_max` the last rare
//! position: 82,860 for Grundy's game up to 2^24), and, in the scan for rare values, blocks of 256 splits taken
//! alternately from the smallest parts up (the first heaps and the last ones) and from the middle down (heaps
//! near `n / 2`, which move by half a heap per heap). So the values in use at any time are a *head* (the first
//! heaps), a *tail* (the last heaps) and a slowly moving stretch around `n / 2`; only heaps whose scan runs long
//! reach deeper.
//!
//! **The bounded store.** [`Store::spilled`] keeps the values in an unlinked file next to the run's `--out` file,
//! mapped shared into memory (`mmap`), 2 bytes a value while they fit in 15 bits, else 4. Every `window / 2` heaps
//! it gives back to the system the pages between the head (`head` heaps) and the tail (`window` heaps)
//! (`madvise(MADV_DONTNEED)`): the process's resident values are then the head, the tail, and what the scans
//! touched since the last release. The scans of a long run reach deep often (Grundy's game to 2^28: four or five
//! blocks a heap outside the head and the tail), so every 2^16 heaps the store also reads the process's resident
//! memory (`/proc/self/statm`) and gives the cold pages back at once when it has grown more than a budget
//! ([`RSS_SLACK`], or twice the head and tail if larger) past what the process held when the store was made:
//! the resident memory of a run then stays near that budget whatever N is, at the price of page faults that
//! the page cache answers. A value outside them is read back from the file (from the kernel's page cache
//! while it has room, else from the disk) by the next access: **correctness never depends on the window**, only
//! the time does (a window of a few heaps gives the same values, much more slowly: tested).
//!
//! **Counting.** The store counts its releases, the scan blocks the engine read outside the head and the tail
//! ([`Store::note_cold`]: these are the reads that go through to the file), and the process's page faults
//! (minor: the page was in the page cache; major: read from the disk).

use super::raw::{self, page_faults, Mapping};
use super::*;
use std::path::Path;
use std::sync::atomic::AtomicU64;

/// The values of heaps `0..len()`: in memory, or in a mapped file (see the module docs).
pub(super) enum Store<T> {
    Mem(Vec<T>),
    Map(Spilled<T>),
}

/// The values in a mapped file, and what the bounded run keeps resident.
pub(super) struct Spilled<T> {
    map: Mapping,
    len: usize,
    /// Values the mapping has room for.
    cap: usize,
    pub(super) window: Window,
    next_release: usize,
    /// The resident memory (bytes) past which the cold pages are given back before `next_release`; `None`
    /// where the system does not say how much is resident.
    rss_cap: Option<u64>,
    /// Where the file lives (a wider copy is made there when the values outgrow `T`).
    dir: std::path::PathBuf,
    counts: Counts,
    _t: std::marker::PhantomData<T>,
}

/// How much of a bounded run's values stay resident: the first `head` values and the last `window` (see the
/// module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    /// The first heaps, kept resident.
    pub head: usize,
    /// The last heaps, kept resident; the cold part is given back every `window / 2` heaps.
    pub window: usize,
}

impl Window {
    /// The default: the first 2^20 heaps and the last 2^24 (34 MiB of `u16` values with the scans' stretch).
    pub const DEFAULT: Window = Window {
        head: 1 << 20,
        window: 1 << 24,
    };
}

/// A bounded store's counters (atomics, so that the store stays `Sync`; only its owner writes them).
#[derive(Default)]
pub(super) struct Counts {
    releases: AtomicU64,
    cold_blocks: AtomicU64,
    faults_at_start: (u64, u64),
}

/// What a bounded run held and how often it went to its file, for `--stats`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Spill {
    /// Bytes of the values in the file (mapped).
    pub file_bytes: u64,
    /// Bytes a value takes (2 or 4).
    pub value_bytes: u64,
    /// The window kept resident.
    pub head: u64,
    /// The last heaps kept resident.
    pub window: u64,
    /// How many times the cold part was given back.
    pub releases: u64,
    /// Scan blocks (of up to 256 splits) that read values outside the head and the tail: reads that go through
    /// the mapping to the file.
    pub cold_blocks: u64,
    /// Page faults of the process since the store was made: minor (from the page cache) and major (from disk).
    pub minor_faults: u64,
    /// Major page faults (the disk was read).
    pub major_faults: u64,
}

impl<T> std::ops::Deref for Store<T>
where
    T: Val,
{
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        match self {
            Store::Mem(v) => v,
            Store::Map(s) => T::view(&s.map, s.len),
        }
    }
}

impl<T: Val> From<Vec<T>> for Store<T> {
    fn from(v: Vec<T>) -> Self {
        Store::Mem(v)
    }
}

impl<T: Val> Clone for Store<T> {
    /// An in-memory copy (a second worker's own values; bounded runs use one worker).
    fn clone(&self) -> Self {
        Store::Mem(self.to_vec())
    }
}

impl<T: Val> Store<T> {
    /// An empty store in an unlinked file made in `dir` (the file's space is freed when the run ends, however it
    /// ends).
    pub(super) fn spilled(dir: &Path, window: Window) -> std::io::Result<Store<T>> {
        if !T::SPILLS {
            return Err(std::io::Error::other(
                "these values are never kept in a file",
            ));
        }
        let path = dir.join(format!(
            ".grundy-values-{}-{}",
            std::process::id(),
            SPILL_SERIAL.fetch_add(1, Relaxed)
        ));
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)?;
        // Unlinked at once: only this process can reach it, and its space is freed at exit.
        std::fs::remove_file(&path)?;
        let size = std::mem::size_of::<T>();
        let cap = (1usize << 20).max(window.window);
        let map = Mapping::new(file, cap * size)?;
        Ok(Store::Map(Spilled {
            cap: map.bytes() / size,
            map,
            len: 0,
            window,
            next_release: window.head + window.window,
            rss_cap: raw::resident_now().map(|r| {
                let kept = ((window.head + window.window) * size) as u64;
                r + RSS_SLACK.max(2 * kept)
            }),
            dir: dir.to_path_buf(),
            counts: Counts {
                faults_at_start: page_faults(),
                ..Counts::default()
            },
            _t: std::marker::PhantomData,
        }))
    }

    /// An empty store of the same kind (in memory, or in a new file beside this one with the same window).
    pub(super) fn like<U: Val>(&self) -> std::io::Result<Store<U>> {
        match self {
            Store::Mem(_) => Ok(Store::Mem(Vec::new())),
            Store::Map(s) => Store::spilled(&s.dir, s.window),
        }
    }

    /// A copy of these values in a store of the same kind, each converted by `f` (the widening from `u16` to
    /// `u32`), read in chunks so that a bounded store stays bounded.
    pub(super) fn convert<U: Val>(&self, f: impl Fn(T) -> U) -> std::io::Result<Store<U>> {
        let mut out = self.like::<U>()?;
        out.reserve_exact(self.len());
        for (k, chunk) in self.chunks(CHUNK).enumerate() {
            for &x in chunk {
                out.push(f(x));
            }
            self.release_read(k * CHUNK + chunk.len());
        }
        if let (Store::Map(o), Store::Map(s)) = (&mut out, self) {
            o.counts.faults_at_start = s.counts.faults_at_start;
            o.counts.releases = AtomicU64::new(s.counts.releases.load(Relaxed));
            o.counts.cold_blocks = AtomicU64::new(s.counts.cold_blocks.load(Relaxed));
        }
        Ok(out)
    }

    /// Appends `v`. A bounded store grows its file (doubling) and gives back its cold pages every `window / 2`
    /// values.
    #[inline]
    pub(super) fn push(&mut self, v: T) {
        match self {
            Store::Mem(g) => g.push(v),
            Store::Map(s) => {
                if s.len == s.cap {
                    s.grow(s.cap * 2);
                }
                let n = s.len;
                T::view_mut(&mut s.map, n + 1)[n] = v;
                s.len = n + 1;
                if s.len >= s.next_release || (s.len.is_multiple_of(RSS_EVERY) && s.over_budget()) {
                    s.release_cold();
                    s.next_release = s.len + (s.window.window / 2).max(1);
                }
            }
        }
    }

    /// Room for `more` values past the last, at once (a bounded store grows its file; nothing moves after).
    pub(super) fn reserve_exact(&mut self, more: usize) {
        match self {
            Store::Mem(g) => g.reserve_exact(more),
            Store::Map(s) => {
                if s.len + more > s.cap {
                    s.grow(s.len + more);
                }
            }
        }
    }

    /// Bytes the values take in memory (a `Vec`'s room), or, for a bounded store, at most resident: the head, the
    /// tail and the stretch read between releases, as pages.
    pub(super) fn resident_bytes(&self) -> u64 {
        let size = std::mem::size_of::<T>() as u64;
        match self {
            Store::Mem(g) => g.capacity() as u64 * size,
            Store::Map(s) => {
                let w = s.window;
                ((w.head + w.window + w.window / 2).min(s.len) as u64) * size
            }
        }
    }

    /// True when the store is bounded (a mapped file).
    pub(super) fn is_spilled(&self) -> bool {
        matches!(self, Store::Map(_))
    }

    /// After a sequential read of the values below `upto` (a rebuild, a copy): gives back the cold pages read.
    pub(super) fn release_read(&self, upto: usize) {
        if let Store::Map(s) = self {
            if upto.is_multiple_of(CHUNK) || upto == s.len {
                s.release_cold();
            }
        }
    }

    /// The engine read a scan block: smaller parts from `small` on, larger parts from `large` on. Counted when
    /// either run starts outside the head and the tail (the read goes through the mapping to the file).
    #[inline]
    pub(super) fn note_cold(&self, small: usize, large: usize) {
        if let Store::Map(s) = self {
            if small >= s.window.head || large + s.window.window < s.len {
                s.counts.cold_blocks.fetch_add(1, Relaxed);
            }
        }
    }

    /// What a bounded store held and how often it went to its file (`None` in memory).
    pub(super) fn spill(&self) -> Option<Spill> {
        let Store::Map(s) = self else { return None };
        let (minor, major) = page_faults();
        let (m0, j0) = s.counts.faults_at_start;
        Some(Spill {
            file_bytes: (s.len * std::mem::size_of::<T>()) as u64,
            value_bytes: std::mem::size_of::<T>() as u64,
            head: s.window.head as u64,
            window: s.window.window as u64,
            releases: s.counts.releases.load(Relaxed),
            cold_blocks: s.counts.cold_blocks.load(Relaxed),
            minor_faults: minor.saturating_sub(m0),
            major_faults: major.saturating_sub(j0),
        })
    }
}

impl<T: Val> Spilled<T> {
    fn grow(&mut self, cap: usize) {
        let size = std::mem::size_of::<T>();
        let bytes = cap.checked_mul(size).expect("heaps are below 2^32");
        if let Err(e) = self.map.resize(bytes) {
            // The engine has no error path per heap: a file that cannot grow (a full disk) ends the process with
            // a one-line message rather than a wrong value.
            eprintln!("error: the values' file cannot grow to {bytes} bytes: {e}");
            std::process::exit(2);
        }
        self.cap = self.map.bytes() / size;
    }

    /// True when the process holds more than the store's budget (read every [`RSS_EVERY`] values).
    fn over_budget(&self) -> bool {
        match (self.rss_cap, raw::resident_now()) {
            (Some(cap), Some(now)) => now > cap,
            _ => false,
        }
    }

    /// Gives back the pages between the head and the tail.
    fn release_cold(&self) {
        let size = std::mem::size_of::<T>();
        let (head, tail) = (
            self.window.head,
            self.len.saturating_sub(self.window.window),
        );
        if tail > head && self.map.release(head * size, tail * size) {
            self.counts.releases.fetch_add(1, Relaxed);
        }
    }
}

/// How often (in values pushed) a bounded store reads the process's resident memory.
const RSS_EVERY: usize = 1 << 16;

/// How far (bytes) the process's resident memory may grow past what it held when a bounded store was made
/// before the store gives its cold pages back early: 256 MiB.
pub(super) const RSS_SLACK: u64 = 256 << 20;

/// Values read between two releases in a sequential read (a rebuild of the split, a widening).
pub(super) const CHUNK: usize = 1 << 20;

/// Numbers the spill files of this process: a counter, not a setting (two engines on two threads, or two runs in
/// one process, must never choose the same file name; the process id alone does not tell them apart).
static SPILL_SERIAL: AtomicU64 = AtomicU64::new(0);
