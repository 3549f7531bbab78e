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
    // A command refused before it reads its input closes the pipe: that is its answer, not a failure here.
    let _ = child.stdin.take().unwrap().write_all(input);
    child.wait_with_output().unwrap()
}

/// The exit status (-1 when there is none), stdout and stderr of a finished run.
pub fn parts(o: Output) -> (i32, String, String) {
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8(o.stdout).expect("stdout is UTF-8"),
        String::from_utf8(o.stderr).expect("stderr is UTF-8"),
    )
}

/// Runs `grundy ARGS` with no input: its exit status, stdout and stderr.
pub fn run(args: &[&str]) -> (i32, String, String) {
    parts(grundy(args))
}

/// Runs `grundy ARGS` with `input` on stdin: its exit status, stdout and stderr.
pub fn run_stdin(args: &[&str], input: &[u8]) -> (i32, String, String) {
    parts(grundy_stdin(args, input))
}

/// Parses JSON text, white space around it allowed.
pub fn parse_json(s: &str) -> serde_json::Value {
    serde_json::from_str(s.trim()).expect("JSON")
}

/// The path of the file `name` in a directory of this test process (`label` tells the test files apart); the
/// directory exists, the file is not created.
pub fn temp_path(label: &str, name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("grundy-{label}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).to_string_lossy().into_owned()
}

/// Writes `text` to the file `name` in a directory of this test process (`label` tells the test files apart) and
/// returns its path.
pub fn temp_file(label: &str, name: &str, text: &str) -> String {
    let p = temp_path(label, name);
    std::fs::write(&p, text).unwrap();
    p
}

/// An empty directory for one test (`label` tells the test files apart, `name` the tests), emptied if it exists.
pub fn fresh_dir(label: &str, name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("grundy-{label}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Runs `grundy ARGS` with no input and the environment variables `env` set: its exit status, stdout and stderr.
pub fn run_env(args: &[&str], env: &[(&str, &std::ffi::OsStr)]) -> (i32, String, String) {
    let mut c = Command::new(env!("CARGO_BIN_EXE_grundy"));
    c.args(args);
    for (k, v) in env {
        c.env(k, v);
    }
    parts(c.output().expect("run grundy"))
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// Asserts a one-line error with exit status 2 whose message contains `needle`, and nothing on stdout.
/// The exit status the one-line error `stderr` should come with: 3 when it tells the user to raise a budget
/// (`--max-seconds`, `--max-memory`, `--max-positions`), 2 for every other error (a fixed bound included).
pub fn status_of_error(stderr: &str) -> i32 {
    let last = stderr.lines().last().unwrap_or("");
    let raise = ["--max-seconds", "--max-memory", "--max-positions"]
        .iter()
        .any(|f| {
            last.contains(&format!("raise it with {f}")) || last.contains(&format!("raise {f}"))
        });
    if raise {
        3
    } else {
        2
    }
}

/// Asserts a one-line error containing `needle`, nothing on stdout, and the exit status the message calls for
/// ([`status_of_error`]: 3 for a budget the user may raise, 2 otherwise).
pub fn assert_error(o: &Output, needle: &str) {
    assert_failure(o, status_of_error(&stderr(o)), needle);
}

/// Asserts that the command was stopped by a budget the user may raise (time, memory, positions): exit status 3
/// and one line on stderr containing `needle`, nothing on stdout.
pub fn assert_limit(o: &Output, needle: &str) {
    assert_failure(o, 3, needle);
}

fn assert_failure(o: &Output, code: i32, needle: &str) {
    assert_eq!(o.status.code(), Some(code), "stderr: {}", stderr(o));
    let e = stderr(o);
    assert_eq!(e.lines().count(), 1, "one line: {e}");
    assert!(e.starts_with("grundy: "), "{e}");
    assert!(e.contains(needle), "expected '{needle}' in: {e}");
    assert!(!e.contains("panicked"), "{e}");
    assert!(o.stdout.is_empty());
}

/// Asserts that `grundy oj ID` with `input` on stdin fails with a one-line error containing `needle` (see
/// [`assert_error`]).
pub fn assert_oj_error(id: &str, input: &str, needle: &str) {
    let o = grundy_stdin(&["oj", id], input.as_bytes());
    assert!(o.status.code() == Some(2), "{id} {input:?}: {}", stderr(&o));
    assert_error(&o, needle);
}

/// One judge sample run through `grundy oj ID`: the input file, the expected answer (the `.out` file beside it),
/// and the run's exit status, stdout and stderr.
pub struct SampleRun {
    pub input: std::path::PathBuf,
    pub want: String,
    pub code: i32,
    pub out: String,
    pub err: String,
}

/// Runs `grundy oj ID` on every sample input (`*.in`) in `dir`.
pub fn run_oj_samples(id: &str, dir: &std::path::Path) -> Vec<SampleRun> {
    let mut runs = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let input = e.unwrap().path();
        if input.extension().is_some_and(|x| x == "in") {
            let want = std::fs::read_to_string(input.with_extension("out")).unwrap();
            let (code, out, err) = run_stdin(&["oj", id], &std::fs::read(&input).unwrap());
            runs.push(SampleRun {
                input,
                want,
                code,
                out,
                err,
            });
        }
    }
    runs
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

/// Runs `grundy ARGS` (stdout and stderr discarded but for the error): its exit status, its stderr, and its peak
/// resident memory in bytes (`ru_maxrss` of `wait4`, Linux), the whole process's, as the kernel counted it.
#[allow(clippy::zombie_processes)] // waited for by wait4 below, which std cannot see
pub fn run_peak_rss(args: &[&str]) -> (i32, String, u64) {
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run grundy");
    let pid = child.id() as libc::pid_t;
    let mut err = child.stderr.unwrap();
    let mut text = String::new();
    std::io::Read::read_to_string(&mut err, &mut text).unwrap();
    let mut status = 0;
    // SAFETY: an all-zero `rusage` is valid; `wait4` writes it and the status for our own child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our child, not yet waited for; the pointers are to valid locals.
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(r, pid, "wait4");
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -1
    };
    (code, text, usage.ru_maxrss as u64 * 1024)
}
