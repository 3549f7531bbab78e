//! Progress of long work on stderr, in one of two forms:
//!
//! - **a bar** when stderr is a terminal (or `GRUNDY_PROGRESS=1`): shown only after a second has passed, redrawn
//!   at most ten times a second, cut to the terminal's width (so that one carriage return always reaches its
//!   start), and erased when the work ends, on an error, and on Ctrl-C (see [`crate::guard`]);
//! - **plain lines** when it is not (a log file, a pipe, a batch job): one line every 10 seconds
//!   (`GRUNDY_PROGRESS_SECONDS=S` sets the interval, fractions allowed), `grundy: progress: WHAT: DONE of TOTAL
//!   (P%), R/s, about T s left`, so a long run writing to a log says how far it got and when it will end (work whose
//!   total is not known in advance, [`grundy::context::UNKNOWN_TOTAL`], says `DONE so far, R/s`). Nothing is
//!   erased: each line stays in the log.
//!
//! `GRUNDY_PROGRESS=0` turns both off.

use crate::guard::BAR_DRAWN;
use grundy::context::UNKNOWN_TOTAL;
use std::io::{IsTerminal, Write};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// The interval between plain progress lines when `GRUNDY_PROGRESS_SECONDS` does not set one.
pub const DEFAULT_LINE_INTERVAL: Duration = Duration::from_secs(10);

/// How progress is shown.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Mode {
    Off,
    Bar,
    Lines(Duration),
}

/// The mode from the environment: `GRUNDY_PROGRESS` (0 off, 1 the bar) and whether stderr is a terminal.
fn mode() -> Mode {
    let forced = std::env::var("GRUNDY_PROGRESS").ok();
    match forced.as_deref() {
        Some("0") => Mode::Off,
        Some("1") => Mode::Bar,
        _ if std::io::stderr().is_terminal() => Mode::Bar,
        _ => Mode::Lines(line_interval(
            std::env::var("GRUNDY_PROGRESS_SECONDS").ok().as_deref(),
        )),
    }
}

/// The interval of plain lines: `text` as seconds (a positive number, fractions allowed, at least a millisecond),
/// else [`DEFAULT_LINE_INTERVAL`].
fn line_interval(text: Option<&str>) -> Duration {
    text.and_then(|t| t.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s > 0.0 && *s < 1e9)
        .map_or(DEFAULT_LINE_INTERVAL, |s| {
            Duration::from_secs_f64(s.max(0.001))
        })
}

pub struct Progress {
    what: String,
    total: u64,
    start: Instant,
    last: Instant,
    mode: Mode,
    drawn: bool,
    /// The units done at the first update (a resumed run starts past 0): the rate counts the work of this run.
    base: Option<u64>,
}

impl Progress {
    /// Progress of `what`, counting up to `total` units.
    pub fn new(what: impl Into<String>, total: u64) -> Self {
        let now = Instant::now();
        let what = what.into();
        crate::guard::work_started(&what, total);
        Progress {
            what,
            total,
            start: now,
            last: now,
            mode: mode(),
            drawn: false,
            base: None,
        }
    }

    /// Changes the total (work whose end moves as it goes, like a period search that follows its certificate).
    pub fn set_total(&mut self, total: u64) {
        self.total = total;
        crate::guard::work_started(&self.what, total);
    }

    /// Changes what the work is said to be (work that reports its state as it goes, like a quotient's order).
    pub fn set_what(&mut self, what: impl Into<String>) {
        self.what = what.into();
    }

    /// Reports that `done` units are done.
    pub fn update(&mut self, done: u64) {
        crate::guard::work_done(done);
        let base = *self.base.get_or_insert(done);
        let now = Instant::now();
        match self.mode {
            Mode::Off => {}
            Mode::Bar => {
                if now.duration_since(self.start) < Duration::from_secs(1)
                    || now.duration_since(self.last) < Duration::from_millis(100)
                {
                    return;
                }
                self.last = now;
                let line = self.line(done, base, now.duration_since(self.start).as_secs_f64());
                // Three columns are kept free: the terminal echoes Ctrl-C as "^C" after the bar, and a line that
                // wrapped there could no longer be erased from its start.
                let width = crate::guard::terminal_width().saturating_sub(3).max(1);
                let cut: String = line.chars().take(width).collect();
                BAR_DRAWN.store(true, Ordering::Relaxed);
                eprint!("\r\x1b[K{cut}");
                let _ = std::io::stderr().flush();
                self.drawn = true;
            }
            Mode::Lines(every) => {
                if now.duration_since(self.last) < every {
                    return;
                }
                self.last = now;
                let secs = now.duration_since(self.start).as_secs_f64();
                eprintln!("{}", self.plain_line(done, base, secs));
            }
        }
    }

    /// Units per second over this run, and the seconds left at that rate.
    fn rate(&self, done: u64, base: u64, secs: f64) -> (f64, f64) {
        let rate = done.saturating_sub(base) as f64 / secs.max(1e-9);
        let left = if rate > 0.0 {
            (self.total.saturating_sub(done)) as f64 / rate
        } else {
            0.0
        };
        (rate, left)
    }

    fn line(&self, done: u64, base: u64, secs: f64) -> String {
        let (rate, left) = self.rate(done, base, secs);
        // A total of 0 is no total: work whose size the caller does not know (no percentage, no time left).
        if self.total == UNKNOWN_TOTAL || self.total == 0 {
            return format!(
                "{} {done} so far ({}, {secs:.0}s)",
                self.what,
                rate_text(rate)
            );
        }
        let frac = if self.total == 0 {
            1.0
        } else {
            (done as f64 / self.total as f64).min(1.0)
        };
        let width = 30;
        let filled = (frac * width as f64) as usize;
        let bar: String = "#".repeat(filled) + "-".repeat(width - filled).as_str();
        // Never "0s left" while work remains: the estimate is at the rate so far, rounded up.
        let left = if done < self.total {
            left.ceil().max(1.0)
        } else {
            0.0
        };
        format!(
            "{} [{bar}] {}/{} ({}, {:.0}s left)",
            self.what,
            done.min(self.total),
            self.total,
            rate_text(rate),
            left
        )
    }

    /// The plain line: `grundy: progress: WHAT: DONE of TOTAL (P%), R/s, about T s left (S s so far)`.
    fn plain_line(&self, done: u64, base: u64, secs: f64) -> String {
        let (rate, left) = self.rate(done, base, secs);
        if self.total == UNKNOWN_TOTAL || self.total == 0 {
            return format!(
                "grundy: progress: {}: {done} so far, {} ({secs:.0} s so far)",
                grundy::error::escape(&self.what),
                rate_text(rate)
            );
        }
        let pct = if self.total == 0 {
            100.0
        } else {
            (done as f64 * 100.0 / self.total as f64).min(100.0)
        };
        let left = if done >= self.total {
            "done".to_string()
        } else if rate > 0.0 {
            format!(
                "about {:.0} s left at the rate so far",
                left.ceil().max(1.0)
            )
        } else {
            "time left not known yet".to_string()
        };
        format!(
            "grundy: progress: {}: {} of {} ({pct:.1}%), {}, {left} ({secs:.0} s so far)",
            grundy::error::escape(&self.what),
            done.min(self.total),
            self.total,
            rate_text(rate)
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

/// A rate of units per second as a person reads it: whole units from 10 a second (or when it is one), one decimal
/// from 0.1, and
/// below that the seconds a unit takes (a table of slow cells said "0/s" after its first cell).
fn rate_text(rate: f64) -> String {
    if rate >= 10.0 || rate <= 0.0 || (rate >= 1.0 && (rate - rate.round()).abs() < 0.05) {
        format!("{rate:.0}/s")
    } else if rate >= 0.1 {
        format!("{rate:.1}/s")
    } else {
        format!("one per {:.0} s", 1.0 / rate)
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// Where the library reports its own long work ([`grundy::Context::with_progress`]): shown with a bar like any
/// other. One reporter serves the whole command (made on first use), so that work reported by several analyses
/// shares one bar at a time.
pub fn library_reporter() -> grundy::context::Progress {
    use std::sync::{Arc, Mutex, OnceLock};
    static REPORTER: OnceLock<grundy::context::Progress> = OnceLock::new();
    REPORTER
        .get_or_init(|| {
            let bar: Mutex<Option<(String, Progress)>> = Mutex::new(None);
            Arc::new(move |what: &str, done: u64, total: u64| {
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
            })
        })
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_rates_are_not_rounded_to_zero() {
        assert_eq!(rate_text(50.4), "50/s");
        assert_eq!(rate_text(2.345), "2.3/s");
        assert_eq!(rate_text(7.0), "7/s");
        assert_eq!(rate_text(1.0 / 23.0), "one per 23 s");
        assert_eq!(rate_text(0.0), "0/s");
    }

    #[test]
    fn the_line_interval_is_read_from_seconds() {
        assert_eq!(line_interval(None), DEFAULT_LINE_INTERVAL);
        assert_eq!(line_interval(Some("2.5")), Duration::from_millis(2500));
        assert_eq!(line_interval(Some("0.0000001")), Duration::from_millis(1));
        for bad in ["", "x", "-1", "0", "inf", "NaN"] {
            assert_eq!(line_interval(Some(bad)), DEFAULT_LINE_INTERVAL, "{bad:?}");
        }
    }

    /// A progress that draws nothing (its lines are read back by the tests).
    fn quiet(what: &str, total: u64) -> Progress {
        Progress {
            what: what.into(),
            total,
            start: Instant::now(),
            last: Instant::now(),
            mode: Mode::Off,
            drawn: false,
            base: None,
        }
    }

    #[test]
    fn a_plain_line_says_how_far_how_fast_and_how_long() {
        let p = quiet("0.6 to 1000", 1000);
        // 250 units in 5 s from 0: 50/s, 750 left, 15 s.
        assert_eq!(
            p.plain_line(250, 0, 5.0),
            "grundy: progress: 0.6 to 1000: 250 of 1000 (25.0%), 50/s, about 15 s left at the rate so far (5 s so far)"
        );
        // A resumed run (from 200): the rate counts this run's 50 units in 5 s.
        assert_eq!(
            p.plain_line(250, 200, 5.0),
            "grundy: progress: 0.6 to 1000: 250 of 1000 (25.0%), 10/s, about 75 s left at the rate so far (5 s so far)"
        );
        assert!(p.plain_line(0, 0, 1.0).contains("time left not known yet"));
        // Nearly done at a high rate: rounded up to 1 s, never 0 while work remains; past the total, "done".
        assert!(p.plain_line(999, 0, 1.0).contains("about 1 s left"));
        assert!(p.line(999, 0, 1.0).contains("1s left"));
        assert!(
            p.plain_line(1001, 0, 1.0).contains("1000 of 1000 (100.0%)")
                && p.plain_line(1001, 0, 1.0).contains("done")
        );
        // A total of 0 is no total.
        let z = quiet("pattern", 0);
        assert_eq!(
            z.plain_line(7, 0, 1.0),
            "grundy: progress: pattern: 7 so far, 7/s (1 s so far)"
        );
    }

    #[test]
    fn work_of_unknown_size_says_how_far_and_how_fast_only() {
        let p = quiet("searching cram", UNKNOWN_TOTAL);
        assert_eq!(
            p.plain_line(4096, 0, 2.0),
            "grundy: progress: searching cram: 4096 so far, 2048/s (2 s so far)"
        );
        assert_eq!(
            p.line(4096, 0, 2.0),
            "searching cram 4096 so far (2048/s, 2s)"
        );
    }
}
