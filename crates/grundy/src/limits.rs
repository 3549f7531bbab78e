//! Bounds on work: [`Limits`] (positions a search may store, memory its tables may hold, and a [`Deadline`] for the
//! whole command), with the parsers of their command-line forms. Every layer reads them; they depend on nothing but
//! the error type.

use crate::clock::Instant;
use crate::error::{Error, Result};
use std::time::Duration;

/// Bounds on a search. Past any of them the search ends with an error naming the bound.
///
/// The time bound is a [`Deadline`]: one moment for the whole command, shared by every search it makes, so that a
/// command with several sub-searches (a genus table, then an exact search) still ends by the time the user gave.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Positions the memo table may hold.
    pub max_positions: usize,
    /// The moment the whole command must be done by, if any.
    pub deadline: Option<Deadline>,
    /// Bytes the command's tables may hold; work whose estimate exceeds it fails before it allocates.
    pub max_memory: u64,
}

/// The default memory budget: 3 GiB (a command under a 4 GB address-space cap still ends in an error, not an abort).
pub const DEFAULT_MAX_MEMORY: u64 = 3 << 30;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_positions: 20_000_000,
            deadline: None,
            max_memory: DEFAULT_MAX_MEMORY,
        }
    }
}

/// A wall-clock deadline, with the limit as the user stated it (for the message).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Deadline {
    at: Instant,
    seconds: f64,
    /// Whether the limit is the command's default (not given by the user): its error says so.
    by_default: bool,
    /// For a fixed bound of the tool (not a budget the user may raise), what it bounds: its error names it and
    /// carries no [`crate::error::Budget`].
    fixed: Option<&'static str>,
}

impl Deadline {
    /// The moment `seconds` from now. `seconds` must be finite and positive (see [`parse_seconds`]).
    pub fn after_seconds(seconds: f64) -> Deadline {
        let now = Instant::now();
        let at = now
            .checked_add(Duration::from_secs_f64(seconds.clamp(0.0, 1e9)))
            .unwrap_or(now + Duration::from_secs(1 << 30));
        Deadline {
            at,
            seconds,
            by_default: false,
            fixed: None,
        }
    }
    /// A deadline `seconds` from now that is a fixed bound of the tool on `what` (e.g. "the engine's judgement of
    /// one position"), not a budget the user may raise: its error says so and carries no budget.
    pub fn fixed_bound(seconds: f64, what: &'static str) -> Deadline {
        Deadline {
            fixed: Some(what),
            ..Deadline::after_seconds(seconds)
        }
    }
    /// [`Deadline::after_seconds`] for a limit the user did not give (a command's default): its error names it as
    /// the default.
    pub fn by_default(seconds: f64) -> Deadline {
        Deadline {
            by_default: true,
            ..Deadline::after_seconds(seconds)
        }
    }
    /// The limit in seconds, as given.
    pub fn seconds(&self) -> f64 {
        self.seconds
    }
    /// True once the deadline has passed.
    pub fn passed(&self) -> bool {
        Instant::now() >= self.at
    }
    /// Time left (zero once passed).
    pub fn remaining(&self) -> Duration {
        self.at.saturating_duration_since(Instant::now())
    }
    /// An error once the deadline has passed.
    pub fn check(&self) -> Result<()> {
        if self.passed() {
            return Err(self.error());
        }
        Ok(())
    }
    /// The error that says the time limit was reached.
    pub fn error(&self) -> Error {
        if let Some(what) = self.fixed {
            return Error::limit(format!(
                "{what} took longer than its bound of {} s",
                self.seconds
            ));
        }
        let budget =
            crate::error::Budget::Time(Duration::from_secs_f64(self.seconds.clamp(0.0, 1e9)));
        if self.by_default {
            return Error::over_budget(
                budget,
                format!(
                    "the command took longer than its default time limit of {} s",
                    self.seconds
                ),
            )
            .with_remedy(crate::error::Remedy::LiftTimeLimit);
        }
        Error::over_budget(
            budget,
            format!(
                "the command took longer than its time limit of {} s",
                self.seconds
            ),
        )
    }
}

/// Parses a time limit in seconds: a positive decimal number such as `1`, `0.5` or `2.25`, at most 2^32.
pub fn parse_seconds(text: &str, what: &str) -> Result<f64> {
    let t = text.trim();
    let ok = !t.is_empty()
        && t.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && t.bytes().filter(|&b| b == b'.').count() <= 1
        && t.bytes().any(|b| b.is_ascii_digit());
    let v: f64 = if ok {
        t.parse().unwrap_or(f64::NAN)
    } else {
        f64::NAN
    };
    if !v.is_finite() || v <= 0.0 {
        return Err(Error::input(format!(
            "{what}: expected a positive number of seconds such as 30 or 0.5, found '{}'",
            crate::error::escape(t)
        )));
    }
    if v > 4_294_967_296.0 {
        return Err(Error::input(format!(
            "{what}: {t} is too large (the largest allowed is 4294967296)"
        )));
    }
    Ok(v)
}

impl Limits {
    /// Checks the position count; `stored` positions are held now.
    pub fn check_positions(&self, stored: usize) -> Result<()> {
        if stored >= self.max_positions {
            return Err(Error::over_budget(
                crate::error::Budget::Positions(self.max_positions as u64),
                format!("the search stored {stored} positions, the limit"),
            ));
        }
        Ok(())
    }
    /// Checks the clock against the deadline.
    pub fn check_time(&self) -> Result<()> {
        match &self.deadline {
            Some(d) => d.check(),
            None => Ok(()),
        }
    }
    /// Checks that `bytes` more (an estimate, made before allocating) fit the memory budget; `what` names the
    /// work in the message.
    pub fn check_memory(&self, bytes: u64, what: &str) -> Result<()> {
        if bytes > self.max_memory {
            return Err(Error::over_budget(
                crate::error::Budget::Memory(self.max_memory),
                format!(
                    "{what} would need about {} of memory, over the limit of {}",
                    format_bytes(bytes),
                    format_bytes(self.max_memory)
                ),
            ));
        }
        Ok(())
    }
}

/// `bytes` in the largest binary unit that keeps a number of at least 1 (`3.0 GiB`, `512 KiB`).
pub fn format_bytes(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["bytes", "KiB", "MiB", "GiB", "TiB"];
    let mut v = bytes as f64;
    let mut u = 0;
    while v >= 1024.0 && u + 1 < UNITS.len() {
        v /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{v:.1} {}", UNITS[u])
    }
}

/// Parses a memory size: a whole number of bytes, or one with a unit `K`, `M`, `G` or `T` (binary: `512M`,
/// `4G`, with an optional `iB` or `B`).
pub fn parse_memory(text: &str, what: &str) -> Result<u64> {
    let t = text.trim();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let (num, unit) = t.split_at(digits);
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => {
            return Err(Error::input(format!(
                "{what}: expected a size such as 512M or 4G, found '{}'",
                crate::error::escape(t)
            )))
        }
    };
    let n = crate::error::parse_u64(num, what)?;
    n.checked_mul(1u64 << shift)
        .filter(|&b| b > 0)
        .ok_or_else(|| {
            Error::input(format!(
                "{what}: '{}' is not a size from 1 byte to 16 EiB",
                crate::error::escape(t)
            ))
        })
}
