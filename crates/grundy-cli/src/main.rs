//! The `grundy` command. Thin: parse arguments, call the library, print. Every error becomes one line on stderr
//! and an exit status here, in one place.

mod args;
mod cmd;
mod oj;
mod output;
mod progress;

use std::process::ExitCode;

/// Exit status for an answer.
const EXIT_OK: u8 = 0;
/// Exit status for a usage or input error (and any other error with a message).
const EXIT_ERROR: u8 = 2;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    match cmd::run(&argv) {
        Ok(()) => ExitCode::from(EXIT_OK),
        Err(e) if e.is_broken_pipe() => ExitCode::from(EXIT_OK),
        Err(e) => {
            eprintln!("grundy: {e}");
            ExitCode::from(EXIT_ERROR)
        }
    }
}
