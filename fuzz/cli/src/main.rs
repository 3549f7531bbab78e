//! The command-line fuzzer of the `grundy` command (see fuzz/README.md).
//!
//! Generates N command lines from a fixed seed (gen.rs), runs the command on each under an address-space cap
//! (setrlimit RLIMIT_AS, as `ulimit -v`) and a wall-clock timeout (the command line's own `--max-seconds` plus one
//! second, else a default), classifies each run as OK, ERROR or FAILURE, writes a report and exits 1 if anything
//! failed.
//!
//! Usage: grundy-clifuzz --bin PATH [--n N] [--seed S] [--jobs J] [--timeout SECS] [--mem-kb KB]
//!        [--data tests/data/oj] [--work DIR] [--report FILE] [--only I,J,...]

mod gen;

use gen::{Case, Gen, Rng, Samples};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::{Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Bytes of stdout and stderr kept per run (the rest is read and counted, not kept).
const KEEP: usize = 8 << 20;

struct Config {
    bin: PathBuf,
    n: usize,
    seed: u64,
    jobs: usize,
    timeout: f64,
    mem_kb: u64,
    data: PathBuf,
    work: PathBuf,
    report: PathBuf,
    only: Option<Vec<usize>>,
}

fn parse_args() -> Config {
    let mut c = Config {
        bin: PathBuf::from("target/release/grundy"),
        n: 300,
        seed: 1,
        jobs: 2,
        timeout: 10.0,
        mem_kb: 4_000_000,
        data: PathBuf::from("tests/data/oj"),
        work: PathBuf::from("fuzz/report/cases"),
        report: PathBuf::from("fuzz/report/cli-report.txt"),
        only: None,
    };
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < argv.len() {
        let v = argv
            .get(i + 1)
            .cloned()
            .unwrap_or_else(|| die(&format!("{} needs a value", argv[i])));
        match argv[i].as_str() {
            "--bin" => c.bin = v.into(),
            "--n" => c.n = v.parse().unwrap_or_else(|_| die("--n: a number")),
            "--seed" => c.seed = v.parse().unwrap_or_else(|_| die("--seed: a number")),
            "--jobs" => c.jobs = v.parse().unwrap_or_else(|_| die("--jobs: a number")),
            "--timeout" => c.timeout = v.parse().unwrap_or_else(|_| die("--timeout: seconds")),
            "--mem-kb" => c.mem_kb = v.parse().unwrap_or_else(|_| die("--mem-kb: a number")),
            "--data" => c.data = v.into(),
            "--work" => c.work = v.into(),
            "--report" => c.report = v.into(),
            "--only" => {
                c.only = Some(
                    v.split(',')
                        .map(|x| {
                            x.trim()
                                .parse()
                                .unwrap_or_else(|_| die("--only: case numbers, e.g. 7,42"))
                        })
                        .collect(),
                )
            }
            other => die(&format!("unknown option {other}")),
        }
        i += 2;
    }
    c
}

fn die(msg: &str) -> ! {
    eprintln!("grundy-clifuzz: {msg}");
    std::process::exit(2)
}

/// The judge samples: every `*.in` under each problem's folder.
fn load_samples(dir: &Path) -> Samples {
    let mut out = Vec::new();
    let mut ids: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| die(&format!("{}: {e}", dir.display())))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    ids.sort();
    for p in ids {
        let mut ins: Vec<PathBuf> = std::fs::read_dir(&p)
            .unwrap()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|f| f.extension().is_some_and(|x| x == "in"))
            .collect();
        ins.sort();
        let ins: Vec<Vec<u8>> = ins.iter().map(|f| std::fs::read(f).unwrap()).collect();
        if !ins.is_empty() {
            out.push((p.file_name().unwrap().to_string_lossy().into_owned(), ins));
        }
    }
    if out.is_empty() {
        die(&format!("no judge samples under {}", dir.display()));
    }
    out
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Class {
    Ok,
    Error,
    Failure,
}

struct Outcome {
    class: Class,
    /// Why it failed (empty unless FAILURE).
    reasons: Vec<String>,
    status: String,
    secs: f64,
    limit: f64,
    peak_kb: i64,
    stdout: Vec<u8>,
    stdout_len: usize,
    stderr: Vec<u8>,
}

/// The subcommands the report counts apart (anything else is counted as "(other)").
const SUBCOMMANDS: [&str; 14] = [
    "value",
    "seq",
    "period",
    "oj",
    "nimber",
    "games",
    "help",
    "table",
    "pattern",
    "plot",
    "quotient",
    "sweep",
    "sweep-merge",
    "play",
];

/// `grundy play`'s bound on one judgement of its engine without `--max-seconds`.
const PLAY_THINK_SECONDS: f64 = 10.0;

/// grundy's default `--max-seconds` for the exact misère search.
const MISERE_DEFAULT_SECONDS: f64 = 30.0;

/// The wall-clock limit of a command line: its `--max-seconds` (a positive number, capped at 60) plus one second, else
/// the misère search's default 30 s plus one for `value --misere` and `seq --misere|--genus`, else the default.
fn time_limit(args: &[Vec<u8>], default: f64) -> (f64, &'static str) {
    let mut own: Option<f64> = None;
    for (i, a) in args.iter().enumerate() {
        let v = if a == b"--max-seconds" {
            args.get(i + 1).map(|v| v.as_slice())
        } else {
            a.strip_prefix(b"--max-seconds=")
        };
        // grundy takes a positive decimal number of seconds (fractions allowed) and refuses anything else.
        if let Some(v) = v
            .and_then(|v| std::str::from_utf8(v).ok())
            .filter(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
            .and_then(|v| v.parse::<f64>().ok())
            .filter(|v| v.is_finite() && *v > 0.0)
        {
            own = Some(v.min(60.0));
        }
    }
    // The exact misère search (value --misere, seq --misere or --genus) has a default limit of its own: 30 s.
    let sub = args.first().map(|a| a.as_slice());
    // `play --misere` searches the same way (it has no --max-seconds): the same 31 s.
    let misere = matches!(sub, Some(b"value") | Some(b"seq") | Some(b"play"))
        && args
            .iter()
            .any(|a| a == b"--misere" || (sub == Some(b"seq") && a == b"--genus"));
    // `sweep --max-seconds` is the budget of each code of the family, not of the command: the harness's default.
    let own = own.filter(|_| sub != Some(b"sweep"));
    match own {
        Some(s) => (s + 1.0, "its --max-seconds + 1 s"),
        // `play` bounds each judgement of its engine at 10 s (a session judges once, then after each move).
        None if sub == Some(b"play") => (
            PLAY_THINK_SECONDS + 1.0,
            "no --max-seconds: play's bound on a judgement, 10 + 1 s",
        ),
        None if misere => (
            MISERE_DEFAULT_SECONDS + 1.0,
            "no --max-seconds: the misère search's default 30 + 1 s",
        ),
        None => (default, "no --max-seconds: the harness's default"),
    }
}

fn reader(mut r: impl Read + Send + 'static) -> std::thread::JoinHandle<(Vec<u8>, usize)> {
    std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut total = 0usize;
        let mut buf = vec![0u8; 1 << 16];
        loop {
            match r.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(k) => {
                    total += k;
                    if kept.len() < KEEP {
                        let take = k.min(KEEP - kept.len());
                        kept.extend_from_slice(&buf[..take]);
                    }
                }
            }
        }
        (kept, total)
    })
}

// The child is reaped by wait4 (for its rusage), not by Child::wait.
#[allow(clippy::zombie_processes)]
fn run(cfg: &Config, case: &Case) -> Outcome {
    for (p, c) in &case.files {
        std::fs::write(p, c).unwrap_or_else(|e| die(&format!("{}: {e}", p.display())));
    }
    let (limit, limit_kind) = time_limit(&case.args, cfg.timeout);
    let mut cmd = Command::new(&cfg.bin);
    for a in &case.args {
        cmd.arg(std::ffi::OsStr::from_bytes(a));
    }
    cmd.env_remove("RUST_BACKTRACE")
        .env_remove("GRUNDY_PROGRESS")
        // No plain progress lines in the stderr that is judged (a long case would print one every 10 s).
        .env("GRUNDY_PROGRESS", "0");
    for (k, v) in &case.env {
        cmd.env(k, v);
    }
    cmd.stdin(if case.stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mem = cfg.mem_kb * 1024;
    unsafe {
        cmd.pre_exec(move || {
            let lim = libc::rlimit {
                rlim_cur: mem,
                rlim_max: mem,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            libc::setpgid(0, 0);
            Ok(())
        });
    }
    let start = Instant::now();
    let mut child = cmd
        .spawn()
        .unwrap_or_else(|e| die(&format!("{}: {e}", cfg.bin.display())));
    let pid = child.id() as libc::pid_t;
    if let Some(input) = case.stdin.clone() {
        let mut w = child.stdin.take().unwrap();
        std::thread::spawn(move || {
            let _ = w.write_all(&input);
        });
    }
    let out = reader(child.stdout.take().unwrap());
    let err = reader(child.stderr.take().unwrap());
    let mut status: libc::c_int = 0;
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let mut timed_out = false;
    loop {
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break;
        }
        if r < 0 {
            die(&format!("wait4: {}", std::io::Error::last_os_error()));
        }
        if start.elapsed().as_secs_f64() > limit {
            timed_out = true;
            unsafe {
                libc::killpg(pid, libc::SIGKILL);
                libc::wait4(pid, &mut status, 0, &mut usage);
            }
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let secs = start.elapsed().as_secs_f64();
    let (stdout, stdout_len) = out.join().unwrap();
    let (stderr, _) = err.join().unwrap();
    let peak_kb = usage.ru_maxrss;
    let mut reasons = Vec::new();
    let exit = if libc::WIFEXITED(status) {
        Some(libc::WEXITSTATUS(status))
    } else {
        None
    };
    let signal = if libc::WIFSIGNALED(status) {
        Some(libc::WTERMSIG(status))
    } else {
        None
    };
    let status_text = match (exit, signal) {
        _ if timed_out => format!("killed after {limit:.0} s"),
        (Some(c), _) => format!("exit {c}"),
        (_, Some(s)) => format!("signal {s} ({})", signal_name(s)),
        _ => "unknown".into(),
    };
    let err_text = String::from_utf8_lossy(&stderr);
    if timed_out {
        reasons.push(format!(
            "timeout: still running after {limit:.0} s ({limit_kind})"
        ));
    }

    if let Some(s) = signal.filter(|_| !timed_out) {
        let what = if err_text.contains("memory allocation of") {
            "allocation failed under the memory cap, abort"
        } else if err_text.contains("has overflowed its stack") {
            "stack overflow"
        } else {
            "killed by a signal"
        };
        reasons.push(format!("{what}: signal {s} ({})", signal_name(s)));
    }
    if err_text.contains("panicked")
        || err_text.contains("stack backtrace")
        || err_text.contains("RUST_BACKTRACE")
    {
        reasons.push("panic".into());
    }
    let args_have = |f: &str| case.args.iter().any(|a| a == f.as_bytes());
    let class = match exit {
        Some(0) if !timed_out => {
            // A command writing a file (--out, plot -o, sweep --jsonl) may print nothing; sweep may also print a
            // summary of a line or two on stderr when it succeeds (not checked here beyond control characters).
            let out_ok = stdout_len > 0
                || case
                    .args
                    .iter()
                    .any(|a| a.starts_with(b"--out") || a == b"-o" || a.starts_with(b"--jsonl"));
            if !out_ok {
                reasons.push("exit 0 with nothing on stdout".into());
            }
            // Help (`--help`, or a cluster of short flags starting `-h`) is shown whatever else the line asks.
            let help = args_have("--help")
                || case
                    .args
                    .iter()
                    .any(|a| a.starts_with(b"-h") && !a.starts_with(b"--"));
            if args_have("--json") && !help && stdout_len > 0 {
                if stdout_len > stdout.len() {
                    // Too long to keep; not checked.
                } else if let Err(e) = serde_json::from_slice::<serde_json::Value>(&stdout) {
                    reasons.push(format!("--json output is not JSON: {e}"));
                }
            }
            Class::Ok
        }
        // 2: bad input or a fixed bound; 3: a budget the user may raise. Both are one line on stderr.
        // A budget that stops a command part-way may leave a partial answer on stdout (exit 3), when the one line on
        // stderr says a partial answer was printed; that answer must still be well-formed JSON under --json.
        // `sweep` with codes left open by their budgets (exit 3, the status a scheduler retries on) has written its
        // records and prints its summary line (with --published, a line comparing the published figures after it)
        // before the one `grundy: ` line that says so.
        Some(3)
            if !timed_out
                && case.args.first().is_some_and(|a| a == b"sweep")
                && stderr.ends_with(b"\n")
                && stderr
                    .strip_suffix(b"\n")
                    .and_then(|b| b.split(|&c| c == b'\n').next_back())
                    .is_some_and(|last| {
                        last.starts_with(b"grundy: ") && last.windows(9).any(|w| w == b"left open")
                    })
                && (stderr.split(|&c| c == b'\n').count() <= 3
                    || (stderr.split(|&c| c == b'\n').count() == 4
                        && stderr
                            .split(|&c| c == b'\n')
                            .any(|l| l.starts_with(b"published figures: ")))) =>
        {
            Class::Error
        }
        Some(code @ (2 | 3)) if !timed_out => {
            let says = |w: &[u8]| stderr.windows(w.len()).any(|x| x == w);
            let says_partial = says(b"partial") && says(b"printed");
            if stdout_len > 0 && !(code == 3 && says_partial) {
                reasons.push(format!("an error, but {stdout_len} bytes on stdout"));
            } else if stdout_len > 0 && args_have("--json") && stdout_len <= stdout.len() {
                if let Err(e) = serde_json::from_slice::<serde_json::Value>(&stdout) {
                    reasons.push(format!("partial --json output is not JSON: {e}"));
                }
            }
            let body = stderr.strip_suffix(b"\n").unwrap_or(&stderr);
            if stderr.is_empty() {
                reasons.push(format!("exit {code} with nothing on stderr"));
            } else if !stderr.ends_with(b"\n") || body.contains(&b'\n') {
                reasons.push(format!(
                    "error is not one line ({} lines)",
                    stderr.split(|&b| b == b'\n').count() - 1
                ));
            }
            if !stderr.is_empty() && !stderr.starts_with(b"grundy: ") {
                reasons.push("error does not start with 'grundy: '".into());
            }
            Class::Error
        }
        Some(c) if !timed_out => {
            reasons.push(format!("exit status {c}"));
            Class::Failure
        }
        _ => Class::Failure,
    };
    // Control characters (from the input: grundy itself writes none) in a message or an answer.
    let body = stderr.strip_suffix(b"\n").unwrap_or(&stderr);
    if has_control(body, false) && !reasons.iter().any(|r| r.starts_with("panic")) {
        reasons.push("control characters on stderr".into());
    }
    if has_control(&stdout, true) {
        reasons.push("control characters on stdout".into());
    }
    let class = if reasons.is_empty() {
        class
    } else {
        Class::Failure
    };
    Outcome {
        class,
        reasons,
        status: status_text,
        secs,
        limit,
        peak_kb,
        stdout,
        stdout_len,
        stderr,
    }
}

/// True if `b` has a C0 control character (besides newline, and tab where `lines`), DEL, or a C1 control
/// character (U+0080..U+009F in UTF-8).
fn has_control(b: &[u8], lines: bool) -> bool {
    b.iter()
        .any(|&c| (c < 0x20 && c != b'\n' && !(lines && c == b'\t')) || c == 0x7f)
        || b.windows(2)
            .any(|w| w[0] == 0xc2 && (0x80..=0x9f).contains(&w[1]))
}

fn signal_name(s: i32) -> &'static str {
    match s {
        libc::SIGABRT => "SIGABRT",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGKILL => "SIGKILL",
        libc::SIGBUS => "SIGBUS",
        libc::SIGILL => "SIGILL",
        libc::SIGFPE => "SIGFPE",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGTRAP => "SIGTRAP",
        _ => "?",
    }
}

/// A word quoted for bash: as is when safe, '...' when printable, else $'...' with escapes.
fn shell_quote(w: &[u8]) -> String {
    let safe = |c: u8| c.is_ascii_alphanumeric() || b"_./:,=+-@%^".contains(&c);
    if !w.is_empty() && w.iter().all(|&c| safe(c)) {
        return String::from_utf8_lossy(w).into_owned();
    }
    if w.iter().all(|&c| (0x20..0x7f).contains(&c) && c != b'\'') {
        return format!("'{}'", String::from_utf8_lossy(w));
    }
    let mut s = String::from("$'");
    for &c in w {
        match c {
            b'\'' => s.push_str("\\'"),
            b'\\' => s.push_str("\\\\"),
            b'\n' => s.push_str("\\n"),
            b'\t' => s.push_str("\\t"),
            b'\r' => s.push_str("\\r"),
            0x20..=0x7e => s.push(c as char),
            _ => {
                let _ = write!(s, "\\x{c:02x}");
            }
        }
    }
    s.push('\'');
    s
}

/// The command line that reproduces a case, from the repository root.
fn reproducer(cfg: &Config, case: &Case, limit: f64, stdin_file: Option<&Path>) -> String {
    let env: String = case
        .env
        .iter()
        .map(|(k, v)| format!("{k}={} ", shell_quote(v.as_os_str().as_bytes())))
        .collect();
    let mut s = format!(
        "(ulimit -v {}; {env}timeout {} {}",
        cfg.mem_kb,
        limit,
        cfg.bin.display()
    );
    for a in &case.args {
        s.push(' ');
        s.push_str(&shell_quote(a));
    }
    if let Some(f) = stdin_file {
        let _ = write!(s, " < {}", shell_quote(f.as_os_str().as_bytes()));
    }
    s.push(')');
    s
}

/// At most `max` bytes of `b`, escaped, on one line.
fn preview(b: &[u8], max: usize) -> String {
    let cut = &b[..b.len().min(max)];
    let mut s: String = String::from_utf8_lossy(cut).escape_debug().collect();
    if b.len() > max {
        let _ = write!(s, "… ({} bytes)", b.len());
    }
    s
}

/// The key failures are grouped by: the reasons and the first line of stderr with numbers and quoted words
/// blanked out.
fn group_key(case: &Case, o: &Outcome) -> String {
    let first = String::from_utf8_lossy(&o.stderr);
    let first = first
        .lines()
        .find(|l| l.contains("panicked") || l.contains("memory allocation"))
        .unwrap_or_else(|| first.lines().next().unwrap_or(""));
    let mut k = String::new();
    let mut quoted = false;
    let mut prev_digit = false;
    for ch in first.chars() {
        if ch == '\'' {
            quoted = !quoted;
            k.push('\'');
            continue;
        }
        if quoted {
            continue;
        }
        if ch.is_ascii_digit() {
            if !prev_digit {
                k.push('N');
            }
            prev_digit = true;
            continue;
        }
        prev_digit = false;
        k.push(ch);
    }
    let sub = case
        .args
        .first()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .unwrap_or_default();
    let sub = if SUBCOMMANDS.contains(&sub.as_str()) {
        sub
    } else {
        "-".into()
    };
    // Timeouts have no message: group them by the switches that pick the method instead.
    let mut sub = sub;
    for f in [
        "--misere", "--genus", "--loopy", "--json", "--out", "--resume", "--stats",
    ] {
        if !o.stderr.is_empty() || f == "--json" || f == "--stats" {
            continue;
        }
        if case.args.iter().any(|a| a.starts_with(f.as_bytes())) {
            sub.push(' ');
            sub.push_str(f);
        }
    }
    format!(
        "[{}] {} | {}",
        sub,
        o.reasons.join("; "),
        k.chars().take(160).collect::<String>()
    )
}

fn main() {
    let cfg = parse_args();
    let samples = load_samples(&cfg.data);
    let listed = Command::new(&cfg.bin)
        .args(["games", "--json"])
        .output()
        .unwrap_or_else(|e| die(&format!("{}: {e}", cfg.bin.display())));
    gen::load_catalog(&String::from_utf8_lossy(&listed.stdout)).unwrap_or_else(|e| die(&e));
    std::fs::create_dir_all(&cfg.work)
        .unwrap_or_else(|e| die(&format!("{}: {e}", cfg.work.display())));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Case, Outcome)>> = Mutex::new(Vec::new());
    let counts: Mutex<[usize; 3]> = Mutex::new([0; 3]);
    let started = Instant::now();
    let indices: Vec<usize> = match &cfg.only {
        Some(v) => v.clone(),
        None => (0..cfg.n).collect(),
    };
    let total = indices.len();
    std::thread::scope(|s| {
        for _ in 0..cfg.jobs.max(1) {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::SeqCst);
                if k >= total {
                    break;
                }
                let i = indices[k];
                let dir = cfg.work.join(format!("{i:05}"));
                std::fs::create_dir_all(&dir).unwrap();
                let g = Gen {
                    r: Rng::new(cfg.seed, i as u64),
                    dir: &dir,
                    samples: &samples,
                    case: Case {
                        args: Vec::new(),
                        stdin: None,
                        files: Vec::new(),
                        stdin_note: String::new(),
                        env: Vec::new(),
                    },
                };
                let case = g.generate();
                if let Some(input) = &case.stdin {
                    std::fs::write(dir.join("stdin"), input).unwrap();
                }
                let o = run(&cfg, &case);
                let done = {
                    let mut c = counts.lock().unwrap();
                    c[o.class as usize] += 1;
                    c.iter().sum::<usize>()
                };
                if done % 500 == 0 || o.class == Class::Failure {
                    let c = counts.lock().unwrap();
                    eprintln!(
                        "[{done}/{total} {:.0}s] ok {} error {} failure {}{}",
                        started.elapsed().as_secs_f64(),
                        c[0],
                        c[1],
                        c[2],
                        if o.class == Class::Failure {
                            format!("  case {i}: {}", o.reasons.join("; "))
                        } else {
                            String::new()
                        }
                    );
                }
                let mut o = o;
                if o.class != Class::Failure {
                    let _ = std::fs::remove_dir_all(&dir);
                    // Keep the harness small: a child's peak RSS starts from the harness's RSS at fork.
                    o.stdout = Vec::new();
                    o.stderr = Vec::new();
                }
                results.lock().unwrap().push((i, case, o));
            });
        }
    });
    let elapsed = started.elapsed().as_secs_f64();
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|r| r.0);
    let c = counts.into_inner().unwrap();

    let mut rep = String::new();
    let _ = writeln!(
        rep,
        "grundy command-line fuzz: {} command lines, seed {}, {} jobs",
        total, cfg.seed, cfg.jobs
    );
    let _ = writeln!(
        rep,
        "binary {}, address space cap {} KB, timeout: own --max-seconds + 1 s, else 31 s for the misère search, else {} s",
        cfg.bin.display(),
        cfg.mem_kb,
        cfg.timeout
    );
    let _ = writeln!(rep, "time taken: {elapsed:.1} s");
    let _ = writeln!(rep, "OK {}  ERROR {}  FAILURE {}", c[0], c[1], c[2]);
    let per_sub = {
        let mut m: BTreeMap<String, [usize; 3]> = BTreeMap::new();
        for (_, case, o) in &results {
            let sub = case
                .args
                .first()
                .map(|a| String::from_utf8_lossy(a).into_owned())
                .unwrap_or_default();
            let sub = if SUBCOMMANDS.contains(&sub.as_str()) {
                sub
            } else {
                "(other)".into()
            };
            m.entry(sub).or_default()[o.class as usize] += 1;
        }
        m
    };
    for (sub, k) in &per_sub {
        let _ = writeln!(
            rep,
            "  {sub:<8} ok {:>5}  error {:>5}  failure {:>5}",
            k[0], k[1], k[2]
        );
    }
    let max_peak = results.iter().map(|r| r.2.peak_kb).max().unwrap_or(0);
    let own = unsafe {
        let mut u: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut u);
        u.ru_maxrss
    };
    let _ = writeln!(
        rep,
        "largest peak RSS: {} MB (a run's peak RSS counts the harness's own at fork, at most {} MB)",
        max_peak / 1024,
        own / 1024
    );
    let mut slow: Vec<&(usize, Case, Outcome)> = results.iter().collect();
    slow.sort_by(|a, b| b.2.secs.total_cmp(&a.2.secs));
    let _ = writeln!(rep, "\nslowest runs:");
    for (i, case, o) in slow.iter().take(10) {
        let stdin_file = case
            .stdin
            .as_ref()
            .map(|_| cfg.work.join(format!("{i:05}")).join("stdin"));
        let _ = writeln!(
            rep,
            "  case {i}: {:.2} s, {} MB, {:?}: {}",
            o.secs,
            o.peak_kb / 1024,
            o.class,
            reproducer(&cfg, case, o.limit, stdin_file.as_deref())
        );
    }

    // Failures, grouped.
    let mut groups: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (k, (_, case, o)) in results.iter().enumerate() {
        if o.class == Class::Failure {
            groups.entry(group_key(case, o)).or_default().push(k);
        }
    }
    let _ = writeln!(rep, "\n{} failures in {} groups (reasons | first line of stderr, numbers and quoted words blanked)", c[2], groups.len());
    for (key, ks) in &groups {
        // The shortest reproducer of the group first.
        let best = *ks
            .iter()
            .min_by_key(|&&k| {
                results[k].1.args.iter().map(|a| a.len() + 1).sum::<usize>()
                    + results[k].1.stdin.as_ref().map_or(0, |s| s.len())
            })
            .unwrap();
        let (i, case, _) = &results[best];
        let _ = writeln!(
            rep,
            "  {} × {key}\n      e.g. case {i}: {}",
            ks.len(),
            reproducer(
                &cfg,
                case,
                results[best].2.limit,
                case.stdin
                    .as_ref()
                    .map(|_| cfg.work.join(format!("{i:05}")).join("stdin"))
                    .as_deref()
            )
        );
    }
    let _ = writeln!(rep, "\nevery failure:");
    for (i, case, o) in &results {
        if o.class != Class::Failure {
            continue;
        }
        let dir = cfg.work.join(format!("{i:05}"));
        let stdin_file = case.stdin.as_ref().map(|_| dir.join("stdin"));
        let _ = writeln!(rep, "\ncase {i}: FAILURE: {}", o.reasons.join("; "));
        let _ = writeln!(
            rep,
            "  reproduce: {}",
            reproducer(&cfg, case, o.limit, stdin_file.as_deref())
        );
        let _ = writeln!(
            rep,
            "  status: {}; {:.2} s (limit {:.0} s); peak RSS {} MB",
            o.status,
            o.secs,
            o.limit,
            o.peak_kb / 1024
        );
        if let Some(input) = &case.stdin {
            let _ = writeln!(
                rep,
                "  stdin ({}): {}",
                case.stdin_note,
                preview(input, 300)
            );
        }
        for (p, content) in &case.files {
            let _ = writeln!(rep, "  file {}: {}", p.display(), preview(content, 300));
        }
        let _ = writeln!(rep, "  stderr: {}", preview(&o.stderr, 600));
        let _ = writeln!(
            rep,
            "  stdout: {}",
            preview(&o.stdout[..o.stdout.len().min(300)], 300)
                + &if o.stdout_len > 300 {
                    format!("… ({} bytes)", o.stdout_len)
                } else {
                    String::new()
                }
        );
    }
    if let Some(parent) = cfg.report.parent() {
        let _ = std::fs::create_dir_all(parent);
    }
    std::fs::write(&cfg.report, &rep)
        .unwrap_or_else(|e| die(&format!("{}: {e}", cfg.report.display())));
    // The summary on stdout: everything before the list of every failure.
    let summary = rep.split("\nevery failure:").next().unwrap_or("");
    print!("{summary}");
    println!(
        "\nreport: {} (cases of failures kept under {})",
        cfg.report.display(),
        cfg.work.display()
    );
    std::process::exit(if c[2] > 0 { 1 } else { 0 });
}
