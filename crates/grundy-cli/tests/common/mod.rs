//! Helpers shared by the integration tests: run the `grundy` binary and check its answers and errors.
#![allow(dead_code)] // each test file uses some of them

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `grundy ARGS` with no input.
pub fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("run grundy")
}

/// Runs `grundy ARGS` with `input` on stdin.
pub fn grundy_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run grundy");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Asserts a one-line error with exit status 2 whose message contains `needle`, and nothing on stdout.
pub fn assert_error(o: &Output, needle: &str) {
    assert_eq!(o.status.code(), Some(2), "stderr: {}", stderr(o));
    let e = stderr(o);
    assert_eq!(e.lines().count(), 1, "one line: {e}");
    assert!(e.starts_with("grundy: "), "{e}");
    assert!(e.contains(needle), "expected '{needle}' in: {e}");
    assert!(!e.contains("panicked"), "{e}");
    assert!(o.stdout.is_empty());
}

/// The JSON of a successful run.
pub fn json(o: &Output) -> serde_json::Value {
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(o));
    serde_json::from_str(&stdout(o)).expect("valid JSON")
}

/// Runs `grundy ARGS` and returns its JSON, asserting success.
pub fn ok_json(args: &[&str]) -> serde_json::Value {
    json(&grundy(args))
}
