//! Progress of long work done inside the library, for a front end to show.
//!
//! Most long work has a caller that asks for it and can pass a callback (`seq`, `period`). Some is decided inside
//! the library: valuing a huge heap first looks for a certified period over a million heaps. Such work reports
//! here, and a front end that wants to show it (the command line's progress bar) installs a reporter once. With no
//! reporter installed, reporting costs a load and a branch.

use std::sync::OnceLock;

/// A reporter: called with what is being done, how much is done and the total (in the same unit).
pub type Reporter = Box<dyn Fn(&str, u64, u64) + Send + Sync>;

static REPORTER: OnceLock<Reporter> = OnceLock::new();

/// Installs the process's reporter (the first call wins; later calls are ignored and return false).
pub fn set_reporter(reporter: Reporter) -> bool {
    REPORTER.set(reporter).is_ok()
}

/// The total of work whose size is not known in advance (a search by tests, which cannot tell how much of its
/// tree it will cut): `done` counts up alone, and `report(what, UNKNOWN_TOTAL, UNKNOWN_TOTAL)` ends the work.
pub const UNKNOWN_TOTAL: u64 = u64::MAX;

/// Reports that `done` of `total` units of `what` are done ([`UNKNOWN_TOTAL`] when not known); `done == total`
/// ends the work.
pub fn report(what: &str, done: u64, total: u64) {
    if let Some(r) = REPORTER.get() {
        r(what, done, total);
    }
}

/// True when a reporter is installed (so that a caller can skip building a message no one reads).
pub fn wanted() -> bool {
    REPORTER.get().is_some()
}
