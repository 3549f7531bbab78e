//! Bounded runs of `grundy seq` (docs/longrun.md): the values kept in a mapped file beside `--out`, of which only a
//! window stays resident. Whatever the window (forced here through `GRUNDY_WINDOW`), the file holds exactly the
//! values of the run in memory; a bounded run resumes from its file; misuse is a one-line error.

use crate::common;
use common::parse_json;
use std::process::Command;

fn tmp(name: &str) -> String {
    common::temp_path("longrun", name)
}

/// Runs `grundy ARGS` with `GRUNDY_WINDOW=window` (when given): status, stdout, stderr.
fn run_window(window: Option<&str>, args: &[&str]) -> (i32, String, String) {
    let mut c = Command::new(env!("CARGO_BIN_EXE_grundy"));
    c.args(args).env("GRUNDY_PROGRESS", "0");
    match window {
        Some(w) => c.env("GRUNDY_WINDOW", w),
        None => c.env_remove("GRUNDY_WINDOW"),
    };
    common::parts(c.output().expect("run grundy"))
}

/// The values of `code` to heap `to` in memory (`--engine fast --threads 1`), as the bytes of its `--out` file.
fn in_memory(code: &str, to: &str) -> Vec<u8> {
    let f = tmp(&format!("mem-{}-{to}.seq", code.replace('!', "x")));
    let (status, _, err) = run_window(
        None,
        &[
            "seq",
            code,
            "--to",
            to,
            "--engine",
            "fast",
            "--threads",
            "1",
            "--out",
            &f,
        ],
    );
    assert_eq!(status, 0, "{err}");
    std::fs::read(&f).unwrap()
}

/// Sparse codes (0.106 among them: sparse with the heap's parity in its split), windows of 1 heap (nearly every read goes to the file) and 64: the same
/// file as in memory, and `--stats --json` says the run was bounded and gave pages back.
#[test]
fn tiny_windows_write_the_in_memory_values() {
    for (code, to) in [
        ("4!.0", "20000"),
        ("0.6", "20000"),
        ("0.007", "12000"),
        ("0.106", "8000"),
    ] {
        let want = in_memory(code, to);
        for window in ["1", "64"] {
            let f = tmp(&format!("b{window}-{}.seq", code.replace('!', "x")));
            let (status, out, err) = run_window(
                Some(window),
                &["seq", code, "--to", to, "--out", &f, "--stats", "--json"],
            );
            assert_eq!(status, 0, "{code} {window}: {err}");
            assert!(
                std::fs::read(&f).unwrap() == want,
                "{code} window {window}: values differ"
            );
            let j = parse_json(&out);
            assert_eq!(j["bounded"], true, "{out}");
            let m = &j["stats"]["memory"];
            assert_eq!(m["window_heaps"], window.parse::<u64>().unwrap(), "{out}");
            assert_eq!(
                m["file_bytes"],
                2 * (to.parse::<u64>().unwrap() + 1),
                "{out}"
            );
            assert!(m["releases"].as_u64().unwrap() > 0, "{code}: {out}");
        }
    }
}

/// A bounded run resumes from a file written in memory (and a bounded run's file resumes in memory): the same
/// values as one run.
#[test]
fn bounded_runs_resume_from_their_files() {
    let want = in_memory("0.6", "30000");
    let f = tmp("resume-a.seq");
    let (s, _, e) = run_window(None, &["seq", "0.6", "--to", "9000", "--out", &f]);
    assert_eq!(s, 0, "{e}");
    let (s, out, e) = run_window(Some("5"), &["seq", "0.6", "--to", "20000", "--resume", &f]);
    assert_eq!(s, 0, "{e}");
    assert!(out.contains("bounded"), "{out}");
    // Then in memory to the end, into another file.
    let g = tmp("resume-b.seq");
    let (s, _, e) = run_window(
        None,
        &["seq", "0.6", "--to", "30000", "--resume", &f, "--out", &g],
    );
    assert_eq!(s, 0, "{e}");
    assert!(
        std::fs::read(&g).unwrap() == want,
        "values differ after resuming"
    );
    // Bounded from a bounded file into a third file.
    let h = tmp("resume-c.seq");
    let (s, _, e) = run_window(
        Some("7"),
        &["seq", "0.6", "--to", "30000", "--resume", &f, "--out", &h],
    );
    assert_eq!(s, 0, "{e}");
    assert!(
        std::fs::read(&h).unwrap() == want,
        "values differ after a bounded resume"
    );
}

/// Over the memory budget in memory, a run with `--out` goes bounded by itself (and without `--out` the budget's
/// error stands).
#[test]
fn a_run_over_the_memory_budget_keeps_its_values_in_the_file() {
    let f = tmp("auto.seq");
    let args = [
        "seq",
        "0.77",
        "--to",
        "600000",
        "--engine",
        "fast",
        "--max-memory",
        "4M",
    ];
    let (s, out, e) = run_window(None, &[&args[..], &["--out", &f, "--stats"]].concat());
    assert_eq!(s, 0, "{e}");
    assert!(out.contains("bounded (the first"), "{out}");
    assert!(
        out.contains("# memory: the head and the tail keep"),
        "{out}"
    );
    assert_eq!(
        std::fs::metadata(&f).unwrap().len() % 4,
        ("grundy-seq 1 0.77\n".len() % 4) as u64
    );
    let (s, _, e) = run_window(None, &args);
    assert_eq!(s, 3, "{e}");
    assert!(
        e.contains("over the limit") && e.lines().count() == 1,
        "{e}"
    );
}

/// Misuse of the window: one-line errors, nothing computed.
#[test]
fn bad_windows_are_one_line_errors() {
    let f = tmp("bad.seq");
    for (window, args, says) in [
        (
            "0",
            vec!["seq", "0.6", "--to", "100", "--out", &f],
            "at least 1",
        ),
        (
            "x",
            vec!["seq", "0.6", "--to", "100", "--out", &f],
            "GRUNDY_WINDOW",
        ),
        ("8", vec!["seq", "0.6", "--to", "100"], "--out FILE"),
        (
            "8",
            vec!["seq", "nim", "--to", "100", "--out", &f],
            "fast engine only",
        ),
        (
            "8",
            vec!["seq", "0.6", "--to", "100", "--out", &f, "--threads", "2"],
            "one worker",
        ),
    ] {
        let (s, out, e) = run_window(Some(window), &args);
        assert_eq!((s, out.as_str()), (2, ""), "{args:?}: {e}");
        assert!(e.contains(says) && e.lines().count() == 1, "{args:?}: {e}");
    }
}

/// A bounded run past the fast engine's last heap is refused at once, before any work (it used to run for hours and
/// stop at its last step).
#[test]
fn a_bounded_run_past_the_engines_last_heap_is_refused_at_the_start() {
    let f = tmp("past-limit.seq");
    let t = std::time::Instant::now();
    let (status, out, err) = run_window(
        Some("64"),
        &[
            "seq",
            "4!.0",
            "--to",
            "4294967295",
            "--engine",
            "fast",
            "--threads",
            "1",
            "--out",
            &f,
        ],
    );
    assert_eq!(status, 2, "{out}{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(
        err.contains("beyond the fast engine's limit of 4294967294 heaps"),
        "{err}"
    );
    assert!(t.elapsed().as_secs() < 5, "took {:?}", t.elapsed());
}
