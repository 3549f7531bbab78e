//! The command-line fuzzer's findings (fuzz/FINDINGS.md), each a regression test: run as the fuzzer runs them,
//! under a 4 GB address-space cap, each must end within its time limit plus a second with an answer (exit 0) or
//! one error line (exit 2), never an abort, a panic or a hang.

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::Instant;

/// The fuzzer's cap: `ulimit -v 4000000` (KB).
const CAP: u64 = 4_000_000 * 1024;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
    secs: f64,
}

fn run_capped(args: &[&[u8]], input: Option<&[u8]>) -> Run {
    use std::os::unix::ffi::OsStrExt;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args.iter().map(|a| std::ffi::OsStr::from_bytes(a)))
        .stdin(if input.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: `setrlimit` is async-signal-safe; the closure touches nothing else.
    unsafe {
        cmd.pre_exec(|| {
            let lim = libc::rlimit {
                rlim_cur: CAP,
                rlim_max: CAP,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let start = Instant::now();
    let mut child = cmd.spawn().expect("run grundy");
    if let Some(bytes) = input {
        let _ = child.stdin.take().unwrap().write_all(bytes);
    }
    let o = child.wait_with_output().unwrap();
    Run {
        code: o.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&o.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
        secs: start.elapsed().as_secs_f64(),
    }
}

/// Runs `args` (words) capped; asserts an answer or one error line within `within` seconds; returns the run.
fn ends(args: &[&str], within: f64) -> Run {
    let bytes: Vec<&[u8]> = args.iter().map(|a| a.as_bytes()).collect();
    let r = run_capped(&bytes, None);
    check(args, &r, within);
    r
}

fn check(args: &[&str], r: &Run, within: f64) {
    assert!(
        r.code == 0 || r.code == 2 || r.code == 3,
        "{args:?}: exit {} (an abort or a signal); stderr {}",
        r.code,
        r.stderr
    );
    assert!(!r.stderr.contains("panicked"), "{args:?}: {}", r.stderr);
    if r.code == 2 {
        assert_eq!(r.stderr.lines().count(), 1, "{args:?}: {}", r.stderr);
        assert!(r.stderr.starts_with("grundy: "), "{args:?}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{args:?}: {}", r.stdout);
    }
    assert!(
        r.secs <= within,
        "{args:?} took {:.2} s, more than {within} s",
        r.secs
    );
}

/// A: an argument that is not UTF-8 (it aborted in std::env::args).
#[test]
fn a_non_utf8_argument() {
    for args in [&[&b"\xff"[..]][..], &[b"value", b"kayles", b"5\xff"]] {
        let r = run_capped(args, None);
        assert_eq!(r.code, 2, "{}", r.stderr);
        assert!(r.stderr.contains("\\xff"), "{}", r.stderr);
    }
}

/// B: user text with control characters is echoed escaped, on one line (here and from a judge's stdin).
#[test]
fn control_characters_are_escaped() {
    for args in [
        &["value", "\u{1b}[2Jkayles", "5"][..],
        &["value", "kayles", "5\u{7}"],
        &["seq", "kayles", "--to\u{1b}[31m", "5"],
        &["oj", "cf87c\u{7f}"],
        &["help", "\u{1b}]0;t\u{7}x"],
        &["games\n"],
    ] {
        let r = ends(args, 5.0);
        assert_eq!(r.code, 2);
        assert!(
            !r.stderr.trim_end().contains(|c: char| c.is_control()),
            "{args:?}: {:?}",
            r.stderr
        );
    }
    let r = run_capped(&[b"oj", b"loj10241"], Some(b"1\n\x1b[31m\n"));
    check(&["oj", "loj10241"], &r, 5.0);
    assert_eq!(r.code, 2);
    assert!(!r.stderr.trim_end().contains('\u{1b}'), "{:?}", r.stderr);
}

/// C: `value` of codes that leave three or more heaps, on big heaps (they hit the cap and aborted).
#[test]
fn codes_leaving_many_heaps_on_big_heaps() {
    for (args, within) in [
        (&["value", "0.{2+}", "100", "--max-seconds", "3"][..], 4.0),
        (&["value", "0.[9]", "1906", "--max-seconds", "3"], 4.0),
        (&["value", "0.PC", "2000", "--max-seconds", "3"], 4.0),
        (&["value", "0.[R]", "600", "--max-seconds", "3"], 4.0),
        (&["value", "0.[7{6,1}]", "840", "--max-seconds", "1"], 2.0),
        (&["value", "0.{2+}", "80", "--max-seconds", "5"], 6.0),
    ] {
        ends(args, within);
    }
}

/// D and E: every `--max-seconds` bounds the whole command, whatever computes.
#[test]
fn time_limits_hold_everywhere() {
    for (args, within) in [
        (
            &[
                "seq",
                "kayles",
                "--to",
                "80",
                "--misere",
                "--max-seconds",
                "2",
            ][..],
            3.0,
        ),
        (
            &[
                "value",
                "staircase",
                "177",
                "2646",
                "--misere",
                "--max-seconds",
                "1",
            ],
            2.0,
        ),
        (
            &[
                "seq",
                "treblecross",
                "--to",
                "1611360",
                "--max-seconds",
                "1",
            ],
            2.0,
        ),
        (
            &[
                "seq",
                "constrained:12,2284",
                "--to",
                "872889",
                "--max-seconds",
                "2",
                "--engine",
                "plain",
            ],
            3.0,
        ),
        (
            &["value", "allbut:29,21,35", "59896", "--max-seconds", "2"],
            3.0,
        ),
        (
            &[
                "value",
                "8&866824;5L.7",
                "38",
                "--max-heap",
                "165",
                "--max-seconds",
                "1",
                "--loopy",
            ],
            2.0,
        ),
        (
            &[
                "value",
                "treblecross",
                "1000000000000",
                "--max-seconds",
                "1",
            ],
            2.0,
        ),
        (&["period", "0C.", "--max-seconds", "1"], 2.0),
    ] {
        ends(args, within);
    }
}

/// F: large inputs whose answers are cheap (closed forms, counting engines) answer at once.
#[test]
fn cheap_answers_of_large_inputs() {
    let r = ends(&["seq", "nim", "--to", "176695"], 5.0);
    assert_eq!(r.stdout.lines().nth(176695), Some("176695"));
    let r = ends(&["seq", "allbut:1,13", "--to", "98462"], 5.0);
    assert_eq!(r.code, 0);
    let r = ends(&["value", "dawsons-chess", "850350", "--json"], 5.0);
    assert_eq!(r.code, 0);
    let r = ends(&["seq", "lasker", "--to", "138511"], 5.0);
    // Lasker's Nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3 (Winning Ways ch. 4).
    assert_eq!(r.stdout.lines().nth(138511), Some("138512"));
}

/// G: files are not read past what the command needs (an endless file is refused, not read to its end).
#[test]
fn endless_files() {
    let r = ends(&["value", "graph", "/dev/zero", "0"], 5.0);
    assert_eq!(r.code, 2);
    let r = ends(&["seq", "nim", "--to", "149", "--resume", "/dev/zero"], 5.0);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("not a grundy sequence file"),
        "{}",
        r.stderr
    );
}

/// H: an option's value is never a flag taken by mistake, and a flag that does not apply is refused.
#[test]
fn a_value_option_does_not_swallow_a_flag() {
    let r = ends(&["value", "lasker", "998", "--max-heap", "--json"], 5.0);
    assert_eq!(r.code, 2);
}

/// A damaged saved run is refused by `--resume`.
#[test]
fn a_damaged_saved_run_is_refused() {
    let dir = std::env::temp_dir().join(format!("grundy-fuzzreg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("k.seq");
    let f = file.to_str().unwrap();
    let r = ends(&["seq", "kayles", "--to", "100", "--out", f], 5.0);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let mut bytes = std::fs::read(&file).unwrap();
    let header = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    // Heap 50 of Kayles has nim-value 2 (period 12 from heap 71 on; WW ch. 4 table): make it 7.
    assert_eq!(bytes[header + 4 * 50], 2);
    bytes[header + 4 * 50] = 7;
    std::fs::write(&file, &bytes).unwrap();
    let r = ends(&["seq", "kayles", "--to", "200", "--resume", f], 5.0);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("heap 50") && r.stderr.contains("damaged"),
        "{}",
        r.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Fuzz seed 7 (issue 40's bounds): `play wythoff 1376 14 --loopy` judged its first position for longer than the
/// harness waits; each judgement of `play` is bounded at 10 s without `--max-seconds`, and ends in one line.
#[test]
fn a_play_judgement_is_bounded_without_max_seconds() {
    let r = run_capped(
        &[b"play", b"wythoff", b"1376", b"14", b"--loopy"],
        Some(b"hint\n"),
    );
    assert!(r.secs < 11.0, "{:.1} s", r.secs);
    if r.code == 2 {
        let last = r.stderr.lines().last().unwrap_or("");
        assert!(
            last.contains("the bound on one judgement of 'grundy play'"),
            "{}",
            r.stderr
        );
    } else {
        assert_eq!(r.code, 0, "{}", r.stderr);
    }
}

/// Fuzz seed 3: `value 0.F 25 1789 1639 --json --max-seconds 0.2` was ended by the deadline while it wrote its 33 MB
/// answer, leaving half of it on stdout with an error; an answer whole before the deadline is written whole (and a
/// deadline that stops the listing of the winning moves leaves the answer whole, its moves marked partial).
#[test]
fn an_answer_being_written_is_not_cut_by_the_deadline() {
    let r = run_capped(
        &[
            b"value",
            b"0.F",
            b"25",
            b"1789",
            b"1639",
            b"--json",
            b"--max-seconds",
            b"0.2",
        ],
        None,
    );
    if r.code == 0 {
        let j: serde_json::Value = serde_json::from_str(r.stdout.trim()).expect("whole JSON");
        assert!(j["winning_moves"].as_array().is_some_and(|m| !m.is_empty()));
    } else if r.code == 3 && !r.stdout.is_empty() {
        // The deadline came while the winning moves were listed (a loaded machine): the answer is printed whole,
        // with the moves found and the limit's message in `winning_moves_stopped`, and the status is 3.
        let j: serde_json::Value = serde_json::from_str(r.stdout.trim()).expect("whole JSON");
        assert!(j["winning_moves_stopped"].is_string(), "{}", r.stderr);
        assert!(
            r.stderr.contains("a partial list of winning moves printed"),
            "{}",
            r.stderr
        );
    } else {
        assert_eq!(r.code, 3, "{}", r.stderr);
        assert!(
            r.stdout.is_empty(),
            "an error with {} bytes on stdout: {}",
            r.stdout.len(),
            r.stderr
        );
    }
}
