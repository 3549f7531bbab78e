//! The `grundy` command. Thin: parse arguments (declared once in [`cli`]), set the command's hard limits
//! ([`guard`]), call the library, print. Every error becomes one line on stderr and an exit status here, in one
//! place.

#![deny(unsafe_code)]

mod cli;
mod cmd;
#[allow(unsafe_code)]
mod guard;
mod oj;
mod output;
mod progress;

use output::{write_stdout, CliResult};
use std::process::ExitCode;

#[global_allocator]
static ALLOC: guard::Budgeted = guard::Budgeted;

/// Exit status for an answer.
const EXIT_OK: u8 = 0;
/// Exit status for a usage or input error (and any other error with a message but a limit's).
const EXIT_ERROR: u8 = 2;
/// Exit status for work stopped by a budget the user may raise (time, memory, positions stored: an error with
/// [`grundy::error::Budget`] data): a larger budget may answer it. The time and memory watchdogs of [`guard`] end
/// the process with it too. A fixed bound of the tool (the largest board the exact search takes, play's bound on
/// one judgement) is status 2.
pub const EXIT_LIMIT: u8 = 3;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::from(EXIT_OK),
        Err(e) if e.is_broken_pipe() => ExitCode::from(EXIT_OK),
        Err(e) => {
            // The one place errors are printed: user text inside the message is shown escaped, on one line.
            eprintln!("grundy: {}", grundy::error::escape(&e.to_string()));
            ExitCode::from(if e.is_limit() { EXIT_LIMIT } else { EXIT_ERROR })
        }
    }
}

fn run() -> CliResult {
    guard::erase_bar_on_interrupt();
    let cli = match cli::parse(std::env::args_os().skip(1).collect())? {
        cli::Parsed::Run(cli) => cli,
        cli::Parsed::Print(text) => return write_stdout(text.as_bytes()),
    };
    // The limits (parsed with the command line) are applied before the subcommand runs: --max-memory, then
    // --max-seconds.
    let limits = cli.command.as_ref().and_then(cli::Command::limits);
    let limits = limits.cloned().unwrap_or_default();
    guard::limit_memory(limits.max_memory.unwrap_or_else(guard::default_max_memory));
    match limits.max_seconds {
        Some(cli::TimeLimit::Unbounded) => guard::unbound_time(),
        Some(cli::TimeLimit::Seconds(s)) => guard::limit_time(grundy::Deadline::after_seconds(s)),
        None if cli
            .command
            .as_ref()
            .is_some_and(cli::Command::has_default_time_limit) =>
        {
            guard::limit_time(grundy::Deadline::by_default(guard::DEFAULT_SECONDS))
        }
        None => {}
    }
    cmd::run(*cli)
}
