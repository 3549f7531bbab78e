//! A progress bar on stderr for long work: shown only after a second has passed and only when stderr is a
//! terminal (or `GRUNDY_PROGRESS=1`), redrawn at most ten times a second, and erased when the work ends.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

pub struct Progress {
    what: String,
    total: u64,
    start: Instant,
    last: Instant,
    enabled: bool,
    drawn: bool,
}

impl Progress {
    /// Progress of `what`, counting up to `total` units.
    pub fn new(what: impl Into<String>, total: u64) -> Self {
        let enabled = std::io::stderr().is_terminal()
            || std::env::var_os("GRUNDY_PROGRESS").is_some_and(|v| v == "1");
        let now = Instant::now();
        Progress {
            what: what.into(),
            total,
            start: now,
            last: now,
            enabled,
            drawn: false,
        }
    }

    /// Reports that `done` units are done.
    pub fn update(&mut self, done: u64) {
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        if now.duration_since(self.start) < Duration::from_secs(1)
            || now.duration_since(self.last) < Duration::from_millis(100)
        {
            return;
        }
        self.last = now;
        let secs = now.duration_since(self.start).as_secs_f64();
        let rate = done as f64 / secs.max(1e-9);
        let frac = if self.total == 0 {
            1.0
        } else {
            (done as f64 / self.total as f64).min(1.0)
        };
        let left = if rate > 0.0 {
            (self.total.saturating_sub(done)) as f64 / rate
        } else {
            0.0
        };
        let width = 30;
        let filled = (frac * width as f64) as usize;
        let bar: String = "#".repeat(filled) + &"-".repeat(width - filled);
        eprint!(
            "\r{} [{bar}] {done}/{} ({:.0}/s, {:.0}s left)   ",
            self.what, self.total, rate, left
        );
        let _ = std::io::stderr().flush();
        self.drawn = true;
    }

    /// Erases the bar.
    pub fn finish(&mut self) {
        if self.drawn {
            eprint!("\r{}\r", " ".repeat(100));
            let _ = std::io::stderr().flush();
            self.drawn = false;
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
