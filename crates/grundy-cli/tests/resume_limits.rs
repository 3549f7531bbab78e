//! `--max-seconds` and `--max-memory` on `seq` and `period` end in one line that says how far the run got and how to
//! resume it; `period --out/--resume` continues a run (from its own file or one of `seq --out`) to the same answer;
//! without `--to`, `period` follows the certificate and stops at the memory budget without an error.

use crate::common;
use common::run;

fn tmp(name: &str) -> String {
    common::temp_path("resume", name)
}

/// The one-line error of a run stopped by its time limit names the file, what it holds, and the command that resumes.
#[test]
fn a_stopped_period_says_how_to_resume_and_resuming_gives_the_fresh_answer() {
    let f = tmp("officers.seq");
    let (code, out, err) = run(&[
        "period",
        "0.6",
        "--to",
        "50000000",
        "--threads",
        "1",
        "--max-seconds",
        "1.5",
        "--out",
        &f,
    ]);
    assert_eq!((code, out.as_str()), (3, ""), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("time limit of 1.5 s"), "{err}");
    let resume = format!("resume with 'grundy period 0.6 --to 50000000 --resume {f}'");
    assert!(err.trim_end().ends_with(&resume), "{err}");
    // What the message says is saved is in the file (the first step, heaps 0..=1023, takes a moment).
    let saved = err
        .split(&format!("saved in {f}: heaps 0..="))
        .nth(1)
        .expect(&err);
    let last: u64 = saved.split(';').next().unwrap().parse().unwrap();
    assert!(last >= 1023, "{err}");
    let held = (std::fs::metadata(&f).unwrap().len() - "grundy-seq 1 0.6\n".len() as u64) / 4;
    assert_eq!(held, last + 1);
    // Resumed with a smaller --to, the answer is the fresh run's.
    let fresh = run(&["period", "0.6", "--to", "3000", "--json"]);
    let resumed = run(&["period", "0.6", "--to", "3000", "--json", "--resume", &f]);
    assert_eq!(fresh.0, 0, "{}", fresh.2);
    assert_eq!(fresh, resumed);
    // Without --out nothing is kept, and the message says how to keep it.
    let (code, _, err) = run(&[
        "period",
        "0.6",
        "--to",
        "50000000",
        "--threads",
        "1",
        "--max-seconds",
        "1",
    ]);
    assert_eq!((code, err.lines().count()), (3, 1), "{err}");
    assert!(
        err.contains("nothing was saved: run with --out FILE"),
        "{err}"
    );
}

#[test]
fn a_stopped_seq_says_how_to_resume() {
    let f = tmp("seq.seq");
    let (code, _, err) = run(&[
        "seq",
        "0.6",
        "--to",
        "100000000",
        "--threads",
        "1",
        "--max-seconds",
        "1",
        "--out",
        &f,
    ]);
    assert_eq!((code, err.lines().count()), (3, 1), "{err}");
    assert!(err.contains(&format!("saved in {f}: ")), "{err}");
    assert!(
        err.trim_end().ends_with(&format!(
            "resume with 'grundy seq 0.6 --to 100000000 --resume {f}'"
        )),
        "{err}"
    );
    let (code, _, err) = run(&[
        "seq",
        "0.6",
        "--to",
        "100000000",
        "--threads",
        "1",
        "--max-seconds",
        "1",
    ]);
    assert_eq!((code, err.lines().count()), (3, 1), "{err}");
    assert!(err.contains("nothing was saved"), "{err}");
}

/// A `seq --out` file resumes a period search, and `period --out` writes the seq format.
#[test]
fn period_and_seq_share_their_files() {
    let f = tmp("dawson.seq");
    let (code, out, err) = run(&["seq", "0.07", "--to", "600", "--out", &f]);
    assert_eq!(code, 0, "{err}{out}");
    let (code, out, err) = run(&["period", "0.07", "--resume", &f, "--json"]);
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (j["preperiod"].as_u64(), j["period"].as_u64()),
        (Some(53), Some(34))
    );
    assert_eq!(j["certified"], true);
    // Certified on the 601 values of the file: no more were computed.
    assert_eq!(j["values_computed"], 601);
    let g = tmp("dawson2.seq");
    let (code, _, err) = run(&["period", "0.07", "--to", "2000", "--out", &g]);
    assert_eq!(code, 0, "{err}");
    let (code, out, _) = run(&["seq", "0.07", "--to", "1023", "--resume", &g, "--json"]);
    assert_eq!(code, 0);
    let (_, fresh, _) = run(&["seq", "0.07", "--to", "1023", "--json"]);
    let (a, b): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&out).unwrap(),
        serde_json::from_str(&fresh).unwrap(),
    );
    // (the --resume run names its file instead of printing the values)
    assert!(a["values"].is_null() && b["values"].as_array().unwrap().len() == 1024);
    // A file of another game is refused in one line.
    let (code, _, err) = run(&["period", "0.77", "--resume", &g]);
    assert_eq!((code, err.lines().count()), (2, 1));
    assert!(
        err.contains("holds the sequence of 0.07, not of 0.77"),
        "{err}"
    );
}

/// With no --to, the search follows the certificate until the memory budget would be passed: an answer, not an
/// error, that says where and why it stopped.
#[test]
fn period_without_to_stops_at_the_memory_budget() {
    let (code, out, err) = run(&[
        "period",
        "0.6",
        "--threads",
        "1",
        "--max-memory",
        "400K",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["certified"], false);
    let stopped = j["stopped"].as_str().unwrap();
    assert!(
        stopped.contains("would need about") && stopped.contains("--max-memory"),
        "{stopped}"
    );
    // The certificate's steps hold about 4 bytes a heap (packed values): 400K stops the doubling by 2^17.
    let n = j["values_computed"].as_u64().unwrap();
    assert!((8192..=65536).contains(&n), "{n}");
    // The text answer says it too.
    let (code, out, _) = run(&["period", "0.6", "--threads", "1", "--max-memory", "400K"]);
    assert_eq!(code, 0);
    assert!(out.contains("stopped: the next step"), "{out}");
    // A certified code is unaffected: Kayles at its first step.
    let (code, out, _) = run(&["period", "kayles", "--json"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("\"certified\":true") && out.contains("\"stopped\":null"),
        "{out}"
    );
}

/// `--max-memory` bounds the whole process: a search that outgrows it (a tuple script's memo, the misère search,
/// Cram's engine) ends in the one-line limit error, and the kernel's count of its peak resident memory stays within
/// the limit (the allocator's budget is the limit less the memory that is not its own).
#[test]
fn max_memory_bounds_the_peak_resident_memory_of_each_engine() {
    // The kernel counts a spawned process's peak from its parent's memory at the spawn (the child starts on a copy
    // of it, or on it), and this test binary runs all the crate's test files at once, some of them large: the
    // measure runs in a test process of its own (this test alone), as it did when each file was its own binary.
    const ALONE: &str = "GRUNDY_TEST_PEAK_RSS_ALONE";
    if std::env::var_os(ALONE).is_none() {
        let o = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "--test-threads", "1"])
            .arg(format!(
                "{}::max_memory_bounds_the_peak_resident_memory_of_each_engine",
                module_path!().split_once("::").unwrap().1
            ))
            .env(ALONE, "1")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&o.stdout);
        assert!(
            o.status.success() && text.contains("1 passed"),
            "{text}{}",
            String::from_utf8_lossy(&o.stderr)
        );
        return;
    }
    let grow = common::temp_file(
        "resume",
        "grow.rhai",
        "fn moves(a, b) { let v = []; loop { v.push([a, b]); } }\n",
    );
    // Each run and the limit that ends it: the memory limit for the script's list and the misère search; Cram's
    // engine keeps its table within the budget (evicting past it), so its search goes on until its time limit.
    let runs: [(&[&str], &str, &str); 3] = [
        (
            &["value", "--rules", &grow, "grow", "3", "5"],
            "60",
            "100.0 MiB",
        ),
        (
            &[
                "value",
                "0.137",
                "30",
                "31",
                "33",
                "--misere",
                "--max-positions",
                "1000000000",
            ],
            "60",
            "100.0 MiB",
        ),
        (
            &["value", "cram", "6x7", "--no-moves"],
            "6",
            "time limit of 6 s",
        ),
    ];
    for (args, seconds, limit_said) in runs {
        let limit = 100u64 << 20;
        let mut with = args.to_vec();
        with.extend(["--max-memory", "100M", "--max-seconds", seconds]);
        let (code, err, peak) = common::run_peak_rss(&with);
        // (Progress lines may come first on a loaded machine: the error is the last line.)
        let last = err.lines().last().unwrap_or("");
        assert_eq!(code, 3, "{args:?}: {err}");
        assert!(last.contains(limit_said), "{args:?}: {err}");
        assert!(
            err.lines()
                .all(|l| l == last || l.starts_with("grundy: progress:")),
            "{err}"
        );
        assert!(
            peak <= limit,
            "{args:?}: peak resident memory {peak} bytes, over the limit {limit}"
        );
    }
}
