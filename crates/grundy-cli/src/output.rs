//! Errors of the command and writing to stdout without panicking on a closed pipe.

use grundy::error::{Budget, Remedy};
use std::fmt;
use std::io::{self, Write};

/// A remedy of a library error ([`Remedy`]) in the command line's words: the flag that does it.
pub fn flag_words(remedy: Remedy) -> String {
    match remedy {
        Remedy::Raise(Budget::Time(_)) => "raise it with --max-seconds",
        Remedy::Raise(Budget::Memory(_)) => "raise it with --max-memory",
        Remedy::Raise(Budget::Positions(_)) => "raise it with --max-positions",
        Remedy::LiftTimeLimit => "lift it with --max-seconds none",
        Remedy::Loopy => "use --loopy",
        Remedy::AnalyseLoopy => "'grundy value --loopy' analyses it",
        Remedy::PlainEngine => "use --engine plain",
        Remedy::OutcomeAlone => "--no-moves gives its outcome alone",
        Remedy::LeaveOutMisere => "leave out --misere",
        Remedy::RowsAndColumns => "use --rows and --cols for two",
        Remedy::RaiseMaxHeap => "raise --max-heap",
        Remedy::LowerMaxHeap => "lower --max-heap",
        Remedy::SearchFurther => "'grundy period GAME --to N' searches further",
        Remedy::AssumePeriod => {
            "--assume-period values it from an observed period, as an assumption"
        }
        Remedy::LargerPicture => "raise --width/--height or narrow --rows/--cols",
        _ => return remedy.plain_words(),
    }
    .to_string()
}

/// A library error's one line in the command line's words ([`flag_words`]).
pub fn said(e: &grundy::Error) -> String {
    e.render(flag_words)
}

/// An error of the command: a library error or an I/O error, shown as one line.
#[derive(Debug)]
pub enum CliError {
    Lib(grundy::Error),
    Usage(String),
    Io(io::Error),
    /// Work done, but part of it was stopped by budgets the user may raise (a survey's open codes): exit status 3.
    Stopped(String),
}

impl CliError {
    pub fn usage(msg: impl Into<String>) -> Self {
        CliError::Usage(msg.into())
    }
    /// Whether the work was stopped by a budget the user may raise (exit status 3, [`crate::EXIT_LIMIT`]).
    pub fn is_limit(&self) -> bool {
        matches!(self, CliError::Lib(e) if e.budget().is_some())
            || matches!(self, CliError::Stopped(_))
    }
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Lib(e) => f.write_str(&said(e)),
            CliError::Usage(m) => write!(f, "{m} (see 'grundy help')"),
            CliError::Io(e) => write!(f, "I/O error: {e}"),
            CliError::Stopped(m) => f.write_str(m),
        }
    }
}

impl From<grundy::Error> for CliError {
    fn from(e: grundy::Error) -> Self {
        CliError::Lib(e)
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        CliError::Io(e)
    }
}

pub type CliResult<T = ()> = Result<T, CliError>;

/// Writes all of `bytes` to stdout and flushes.
pub fn write_stdout(bytes: &[u8]) -> CliResult {
    // The answer is whole: the deadline no longer ends the process (half an answer on stdout is worse than a late one).
    crate::guard::answering();
    let mut out = io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()?;
    Ok(())
}

/// Prints a JSON value on one line.
pub fn print_json(v: &serde_json::Value) -> CliResult {
    let mut s = serde_json::to_string(v).map_err(|e| CliError::usage(format!("JSON: {e}")))?;
    s.push('\n');
    write_stdout(s.as_bytes())
}
