//! Progress when stderr is not a terminal: plain lines (heaps done, rate, time left) at the interval
//! `GRUNDY_PROGRESS_SECONDS` sets, none with `GRUNDY_PROGRESS=0`, and the answer unchanged.

use std::process::Command;

fn seq_with(env: &[(&str, &str)], file: &std::path::Path) -> (i32, String, String) {
    let mut c = Command::new(env!("CARGO_BIN_EXE_grundy"));
    c.args(["seq", "0.6", "--to", "30000", "--threads", "1", "--out"])
        .arg(file)
        .env_remove("GRUNDY_PROGRESS")
        .env_remove("GRUNDY_PROGRESS_SECONDS");
    for (k, v) in env {
        c.env(k, v);
    }
    let o = c.output().expect("run grundy");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

#[test]
fn plain_lines_when_stderr_is_a_pipe() {
    let dir = std::env::temp_dir().join(format!("grundy-progress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (code, out, err) = seq_with(&[("GRUNDY_PROGRESS_SECONDS", "0.001")], &dir.join("a.seq"));
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("30001 values"), "{out}");
    let lines: Vec<&str> = err.lines().collect();
    assert!(!lines.is_empty(), "no progress lines");
    let mut last_done = 0u64;
    for l in &lines {
        // grundy: progress: 0.6 to 30000: DONE of 30000 (P%), R/s, about T s left (S s so far)
        let rest = l
            .strip_prefix("grundy: progress: 0.6 to 30000: ")
            .unwrap_or_else(|| panic!("not a progress line: {l:?}"));
        assert!(!l.contains('\r') && !l.contains('\x1b'), "{l:?}");
        let (done, rest) = rest.split_once(" of 30000 (").unwrap();
        let done: u64 = done.parse().unwrap();
        assert!(done >= last_done && done <= 30000, "{l}");
        last_done = done;
        assert!(rest.contains("%), ") && rest.contains("/s, "), "{l}");
        assert!(
            rest.contains(" s left at the rate so far (")
                || rest.contains("time left not known yet")
                || (done == 30000 && rest.contains(", done (")),
            "{l}"
        );
        // Never "about 0 s left" while work remains.
        assert!(!rest.contains("about 0 s left"), "{l}");
        assert!(rest.ends_with(" s so far)"), "{l}");
    }
    // The same values with progress off, and no line on stderr.
    let (code, _, err) = seq_with(&[("GRUNDY_PROGRESS", "0")], &dir.join("b.seq"));
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        std::fs::read(dir.join("a.seq")).unwrap(),
        std::fs::read(dir.join("b.seq")).unwrap()
    );
    // The default interval (10 s) prints nothing on a run this short.
    let (code, _, err) = seq_with(&[], &dir.join("c.seq"));
    assert_eq!((code, err.as_str()), (0, ""));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_cram_search_reports_the_positions_it_expanded() {
    // The Cram engine cannot tell in advance how much its tests will cut: its lines count positions expanded, with
    // no total, and the answer is the one without progress.
    let run = |env: &[(&str, &str)]| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_grundy"));
        c.args(["value", "cram", "5x7", "--no-moves", "--threads", "1"])
            .env_remove("GRUNDY_PROGRESS");
        for (k, v) in env {
            c.env(k, v);
        }
        let o = c.output().expect("run grundy");
        assert!(o.status.success());
        (
            String::from_utf8(o.stdout).unwrap(),
            String::from_utf8(o.stderr).unwrap(),
        )
    };
    let (out, err) = run(&[("GRUNDY_PROGRESS_SECONDS", "0.001")]);
    let (quiet_out, quiet_err) = run(&[("GRUNDY_PROGRESS", "0")]);
    assert_eq!(out, quiet_out);
    assert!(out.contains("cram 5x7: nim-value 1"), "{out}");
    assert_eq!(quiet_err, "");
    let mut last = 0u64;
    let lines: Vec<&str> = err.lines().collect();
    assert!(!lines.is_empty(), "no progress lines");
    for l in lines {
        // grundy: progress: searching cram (positions expanded): DONE so far, R/s (S s so far)
        let rest = l
            .strip_prefix("grundy: progress: searching cram (positions expanded): ")
            .unwrap_or_else(|| panic!("not a progress line: {l:?}"));
        let (done, rest) = rest.split_once(" so far, ").unwrap();
        let done: u64 = done.parse().unwrap();
        assert!(done > last && done.is_multiple_of(4096), "{l}");
        assert!(rest.ends_with(" s so far)"), "{l}");
        last = done;
    }
}

/// A script whose first heaps are slow (options growing as the square of the heap) shows progress from its first
/// heaps and meets the time limit there, with no total when `pattern` was given none (no "of 0").
#[test]
fn a_slow_scripts_pattern_shows_progress_from_its_first_heaps() {
    let o = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "pattern",
            "--moves",
            "n => { let v = []; for a in 0..n { for b in 0..a { if a + b < n { v.push([a, b]); } } } v }",
            "--max-seconds",
            "3",
        ])
        .env("GRUNDY_PROGRESS_SECONDS", "0.2")
        .output()
        .expect("run grundy");
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(o.status.code(), Some(3), "{err}");
    let lines: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("grundy: progress:"))
        .collect();
    assert!(lines.len() >= 3, "{err}");
    assert!(
        lines
            .iter()
            .all(|l| l.contains(" so far") && !l.contains(" of 0 ")),
        "{err}"
    );
}
