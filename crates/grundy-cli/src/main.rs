//! The `grundy` command. Thin: parse arguments (declared once in [`cli`]), set the command's hard limits
//! ([`guard`]), call the library, print. Every error becomes one line on stderr and an exit status here, in one
//! place.

#![deny(unsafe_code)]

mod args;
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
/// Exit status for a usage or input error (and any other error with a message).
const EXIT_ERROR: u8 = 2;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::from(EXIT_OK),
        Err(e) if e.is_broken_pipe() => ExitCode::from(EXIT_OK),
        Err(e) => {
            // The one place errors are printed: user text inside the message is shown escaped, on one line.
            eprintln!("grundy: {}", grundy::error::escape(&e.to_string()));
            ExitCode::from(EXIT_ERROR)
        }
    }
}

fn run() -> CliResult {
    guard::erase_bar_on_interrupt();
    progress::show_library_work();
    let (cli, matches) = match cli::parse(std::env::args_os().skip(1).collect())? {
        cli::Parsed::Run(cli, m) => (cli, m),
        cli::Parsed::Print(text) => return write_stdout(text.as_bytes()),
    };
    let limits = match &cli.command {
        Some(cli::Command::Value(a)) => Some(&a.limits),
        Some(cli::Command::Seq(a)) => Some(&a.limits),
        Some(cli::Command::Period(a)) => Some(&a.limits),
        _ => None,
    };
    let max_memory = match limits.and_then(|l| l.max_memory.as_deref()) {
        Some(m) => grundy::solver::parse_memory(&cli::text(m, "--max-memory")?, "--max-memory")?,
        None => guard::default_max_memory(),
    };
    guard::limit_memory(max_memory);
    if let Some(s) = limits.and_then(|l| l.max_seconds.as_deref()) {
        guard::limit_time(grundy::solver::parse_seconds(
            &cli::text(s, "--max-seconds")?,
            "--max-seconds",
        )?);
    }
    cmd::run(*cli, &matches)
}
