//! A progress bar on stderr for long work: shown only after a second has passed and only when stderr is a
//! terminal (or `GRUNDY_PROGRESS=1`), redrawn at most ten times a second, cut to the terminal's width (so that one
//! carriage return always reaches its start), and erased when the work ends, on an error, and on Ctrl-C (see
//! [`crate::guard`]).

use crate::guard::BAR_DRAWN;
use std::io::{IsTerminal, Write};
use std::sync::atomic::Ordering;
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
        let what = what.into();
        crate::guard::work_started(&what, total);
        Progress {
            what,
            total,
            start: now,
            last: now,
            enabled,
            drawn: false,
        }
    }

    /// Reports that `done` units are done.
    pub fn update(&mut self, done: u64) {
        crate::guard::work_done(done);
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
        let line = self.line(done, now.duration_since(self.start).as_secs_f64());
        // Three columns are kept free: the terminal echoes Ctrl-C as "^C" after the bar, and a line that wrapped
        // there could no longer be erased from its start.
        let width = crate::guard::terminal_width().saturating_sub(3).max(1);
        let cut: String = line.chars().take(width).collect();
        BAR_DRAWN.store(true, Ordering::Relaxed);
        eprint!("\r\x1b[K{cut}");
        let _ = std::io::stderr().flush();
        self.drawn = true;
    }

    fn line(&self, done: u64, secs: f64) -> String {
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
        let bar: String = "#".repeat(filled) + "-".repeat(width - filled).as_str();
        format!(
            "{} [{bar}] {done}/{} ({:.0}/s, {:.0}s left)",
            self.what, self.total, rate, left
        )
    }

    /// Erases the bar.
    pub fn finish(&mut self) {
        if self.drawn {
            eprint!("\r\x1b[K");
            let _ = std::io::stderr().flush();
            self.drawn = false;
            BAR_DRAWN.store(false, Ordering::Relaxed);
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// Shows the library's own long work (see [`grundy::progress`]) with a bar like any other.
pub fn show_library_work() {
    use std::sync::Mutex;
    let bar: Mutex<Option<(String, Progress)>> = Mutex::new(None);
    grundy::progress::set_reporter(Box::new(move |what, done, total| {
        let Ok(mut slot) = bar.lock() else { return };
        if done >= total {
            *slot = None;
            return;
        }
        if slot.as_ref().is_none_or(|(w, _)| w != what) {
            *slot = Some((what.to_string(), Progress::new(what, total)));
        }
        if let Some((_, p)) = slot.as_mut() {
            p.update(done);
        }
    }));
}
