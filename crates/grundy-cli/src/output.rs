//! Errors of the command and writing to stdout without panicking on a closed pipe.

use std::fmt;
use std::io::{self, Write};

/// An error of the command: a library error or an I/O error, shown as one line.
#[derive(Debug)]
pub enum CliError {
    Lib(grundy::Error),
    Usage(String),
    Io(io::Error),
}

impl CliError {
    pub fn usage(msg: impl Into<String>) -> Self {
        CliError::Usage(msg.into())
    }
    /// Whether the work was stopped by a budget the user may raise (exit status 3, [`crate::EXIT_LIMIT`]).
    pub fn is_limit(&self) -> bool {
        matches!(self, CliError::Lib(e) if e.budget().is_some())
    }
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Lib(e) => write!(f, "{e}"),
            CliError::Usage(m) => write!(f, "{m} (see 'grundy help')"),
            CliError::Io(e) => write!(f, "I/O error: {e}"),
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
