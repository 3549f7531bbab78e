//! Every flag of every subcommand, alone and in pairs: it works (exit 0) or it is refused (exit 2, one line on
//! stderr, nothing on stdout). No flag is silently ignored: the tables below say which subcommand each flag belongs
//! to and which pairs exclude each other, independently of the declarations in `src/cli/`, so a change to either
//! shows here.

use crate::common;
use common::*;

/// A flag: its name, and the value it takes in these tests (None: a switch).
type Flag = (&'static str, Option<&'static str>);

/// Every flag any subcommand has, with a value that is valid where the flag belongs.
const ALL_FLAGS: &[Flag] = &[
    ("--json", None),
    ("--all-moves", None),
    ("--no-moves", None),
    ("--misere", None),
    ("--loopy", None),
    ("--max-heap", Some("50")),
    ("--max-positions", Some("100000")),
    ("--max-seconds", Some("20")),
    ("--max-memory", Some("1G")),
    ("--to", Some("20")),
    ("--genus", None),
    ("--engine", Some("plain")),
    ("--threads", Some("1")),
    ("--stats", None),
    ("--out", Some("OUT")),
    ("--resume", Some("RESUME")),
    ("--list", None),
    ("--first", Some("engine")),
    ("--rules", Some("RULES")),
    ("--moves", Some("n => [n-1, n-2]")),
    ("--rows", Some("0..4")),
    ("--cols", Some("0..4")),
    ("--wrap", Some("7")),
    ("--csv", None),
    ("--heaps", Some("10")),
    ("--max-order", Some("64")),
    ("--rare", None),
    ("--width", Some("300")),
    ("--height", Some("200")),
    ("--shard", Some("1/2")),
    ("--jsonl", Some("JSONL")),
    ("--published", Some("PUBLISHED")),
    ("--emit", Some("python")),
];

/// A subcommand, the words it needs, the flags it declares, flags another flag needs, and the pairs it refuses.
struct Sub {
    words: &'static [&'static str],
    flags: &'static [&'static str],
    /// (flag, what it needs with it): added to a command line that has the flag but not the need.
    needs: &'static [(&'static str, &'static str)],
    refused_pairs: &'static [(&'static str, &'static str)],
    /// Flags the subcommand declares but refuses for the game in `words` (e.g. --cols of a one-parameter game).
    refused_alone: &'static [&'static str],
}

const SUBS: &[Sub] = &[
    Sub {
        words: &["value", "0.77", "5", "9"],
        flags: &[
            "--json",
            "--all-moves",
            "--no-moves",
            "--misere",
            "--loopy",
            "--max-heap",
            "--max-positions",
            "--max-seconds",
            "--max-memory",
            "--rules",
            "--moves",
        ],
        needs: &[("--max-heap", "--loopy"), ("--max-positions", "--misere")],
        refused_pairs: &[
            ("--misere", "--loopy"),
            ("--all-moves", "--misere"),
            ("--all-moves", "--loopy"),
            // --max-positions brings --misere (unless --loopy is there), and --max-heap brings --loopy.
            ("--max-positions", "--all-moves"),
            ("--max-heap", "--misere"),
            ("--max-heap", "--all-moves"),
            ("--no-moves", "--all-moves"),
            ("--no-moves", "--misere"),
            ("--no-moves", "--loopy"),
            ("--max-positions", "--no-moves"),
            ("--max-heap", "--no-moves"),
        ],
        refused_alone: &[],
    },
    Sub {
        words: &["seq", "kayles"],
        flags: &[
            "--to",
            "--json",
            "--misere",
            "--genus",
            "--max-positions",
            "--engine",
            "--threads",
            "--stats",
            "--out",
            "--resume",
            "--max-seconds",
            "--max-memory",
            "--rules",
            "--moves",
        ],
        needs: &[("--max-positions", "--misere")],
        refused_pairs: &[
            ("--misere", "--genus"),
            ("--engine", "--misere"),
            ("--engine", "--genus"),
            ("--threads", "--misere"),
            ("--threads", "--genus"),
            ("--stats", "--misere"),
            ("--stats", "--genus"),
            ("--resume", "--misere"),
            ("--resume", "--genus"),
            // --max-positions brings --misere (unless --genus is there).
            ("--max-positions", "--engine"),
            ("--max-positions", "--threads"),
            ("--max-positions", "--stats"),
            ("--max-positions", "--resume"),
        ],
        refused_alone: &[],
    },
    Sub {
        words: &["period", "kayles"],
        flags: &[
            "--to",
            "--engine",
            "--threads",
            "--json",
            "--max-seconds",
            "--max-memory",
            "--out",
            "--resume",
            "--emit",
            "--rules",
            "--moves",
        ],
        needs: &[],
        // --emit needs a period: kayles shows none up to heap 20.
        refused_pairs: &[("--emit", "--json"), ("--emit", "--to")],
        refused_alone: &[],
    },
    Sub {
        words: &["games"],
        flags: &["--json"],
        needs: &[],
        refused_pairs: &[],
        refused_alone: &[],
    },
    Sub {
        words: &["oj"],
        flags: &["--list", "--json"],
        needs: &[("--json", "--list")],
        refused_pairs: &[],
        refused_alone: &[],
    },
    Sub {
        words: &["play", "0.77", "1", "2"],
        flags: &[
            "--misere",
            "--loopy",
            "--first",
            "--max-positions",
            "--max-seconds",
            "--max-memory",
            "--rules",
            "--moves",
        ],
        needs: &[("--max-positions", "--misere")],
        refused_pairs: &[("--misere", "--loopy")],
        refused_alone: &[],
    },
    Sub {
        words: &["table", "wythoff"],
        flags: &[
            "--rows",
            "--cols",
            "--wrap",
            "--csv",
            "--json",
            "--max-seconds",
            "--max-memory",
            "--rules",
            "--moves",
        ],
        needs: &[],
        refused_pairs: &[("--csv", "--json")],
        // --wrap lays out a one-parameter table; wythoff's has two.
        refused_alone: &["--wrap"],
    },
    Sub {
        words: &["pattern", "kayles"],
        flags: &[
            "--to",
            "--rows",
            "--cols",
            "--json",
            "--emit",
            "--max-seconds",
            "--max-memory",
            "--rules",
            "--moves",
        ],
        needs: &[],
        // --emit needs a rule for the values: kayles shows none up to heap 20.
        refused_pairs: &[("--emit", "--json"), ("--emit", "--to")],
        // A heap game's positions are one number: --to, not --rows/--cols.
        refused_alone: &["--rows", "--cols"],
    },
    Sub {
        words: &["plot", "kayles", "-o", "PLOT"],
        flags: &[
            "--to",
            "--rare",
            "--misere",
            "--rows",
            "--cols",
            "--width",
            "--height",
            "--max-positions",
            "--json",
            "--max-seconds",
            "--max-memory",
            "--rules",
            "--moves",
        ],
        needs: &[("--max-positions", "--misere")],
        refused_pairs: &[("--rare", "--misere"), ("--rare", "--max-positions")],
        // A heap game draws a scatter (--to), not a table.
        refused_alone: &["--rows", "--cols"],
    },
    Sub {
        // 0.75 is certified for every heap at heap 20 at once (Kayles grows to heap 166 without --heaps).
        words: &["quotient", "0.75"],
        flags: &[
            "--heaps",
            "--max-order",
            "--json",
            "--max-seconds",
            "--max-memory",
            "--rules",
            "--moves",
        ],
        needs: &[],
        refused_pairs: &[],
        refused_alone: &[],
    },
    Sub {
        words: &["sweep", "subtraction:1,3"],
        flags: &[
            "--to",
            "--max-seconds",
            "--max-memory",
            "--threads",
            "--shard",
            "--jsonl",
            "--published",
        ],
        needs: &[],
        refused_pairs: &[],
        refused_alone: &[],
    },
    Sub {
        words: &["nimber", "mul", "2", "3"],
        flags: &["--json"],
        needs: &[],
        refused_pairs: &[],
        refused_alone: &[],
    },
];

fn value_of(flag: &str) -> Option<&'static str> {
    ALL_FLAGS
        .iter()
        .find(|(f, _)| *f == flag)
        .unwrap_or_else(|| panic!("{flag} is in the table"))
        .1
}

/// The command line for `sub` with `flags` (and what they need), files set up in `dir`.
fn line(sub: &Sub, flags: &[&str], dir: &str) -> Vec<String> {
    let mut all: Vec<&str> = flags.to_vec();
    for (f, need) in sub.needs {
        let has_alternative =
            *need == "--misere" && (all.contains(&"--genus") || all.contains(&"--loopy"));
        if all.contains(f) && !all.contains(need) && !has_alternative {
            all.push(need);
        }
    }
    let mut words: Vec<String> = sub
        .words
        .iter()
        .map(|w| match *w {
            "PLOT" => format!("{dir}/plot.png"),
            w => w.to_string(),
        })
        .collect();
    if sub.words[0] == "seq" && !all.contains(&"--to") {
        all.push("--to");
    }
    // A scatter needs its last heap; --rows/--cols (refused for a heap game) stand instead.
    if sub.words[0] == "plot" && !["--to", "--rows", "--cols"].iter().any(|f| all.contains(f)) {
        all.push("--to");
    }
    if sub.words[0] == "oj" && !all.contains(&"--list") {
        words.push("luogu-p2197".into());
    }
    for f in all {
        words.push(f.to_string());
        if let Some(v) = value_of(f) {
            let v = match v {
                "OUT" => format!("{dir}/out.seq"),
                "RESUME" => format!("{dir}/resume.seq"),
                "RULES" => format!("{dir}/flagrules.rhai"),
                "JSONL" => format!("{dir}/sweep.jsonl"),
                "PUBLISHED" => "../../tests/data/octal-periods.txt".to_string(),
                v => v.to_string(),
            };
            words.push(v);
        }
    }
    words
}

fn refused(sub: &Sub, flags: &[&str]) -> bool {
    // A rules script (--rules, --moves) defines a game that no subcommand's words here play: refused, not ignored.
    flags.iter().any(|f| {
        !sub.flags.contains(f)
            || sub.refused_alone.contains(f)
            || ["--rules", "--moves"].contains(f)
    }) || sub
        .refused_pairs
        .iter()
        .any(|(a, b)| flags.contains(a) && flags.contains(b))
}

fn check(sub: &Sub, flags: &[&str], dir: &str) {
    let words = line(sub, flags, dir);
    let args: Vec<&str> = words.iter().map(String::as_str).collect();
    let (code, out, err) = if sub.words[0] == "oj" && !flags.contains(&"--list") {
        run_stdin(&args, b"1\n3\n1 2 3\n")
    } else {
        run(&args)
    };
    if refused(sub, flags) {
        assert_eq!(code, 2, "{args:?} should be refused; stdout {out}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("grundy: "), "{args:?}: {err}");
    } else {
        assert_eq!(code, 0, "{args:?} should work: {err}");
        if sub.words[0] == "sweep" {
            // The survey's summary ("3 codes: 3 certified, 0 open; ...") goes to stderr, its JSON lines to stdout
            // (or to the --jsonl file).
            assert!(err.lines().count() <= 2, "{args:?}: {err}");
            assert!(
                err.is_empty() || err.contains("certified"),
                "{args:?}: {err}"
            );
        } else {
            assert!(err.is_empty(), "{args:?}: {err}");
        }
        let writes_file = flags.contains(&"--out") || flags.contains(&"--resume");
        if !writes_file || flags.contains(&"--json") {
            assert!(!out.is_empty(), "{args:?} printed nothing");
        }
        if flags.contains(&"--json") {
            parse_json(&out);
        }
        let _ = std::fs::remove_file(format!("{dir}/sweep.jsonl"));
        if flags.contains(&"--out") {
            let file = format!("{dir}/out.seq");
            let saved = std::fs::read(&file).unwrap_or_default();
            assert!(!saved.is_empty(), "{args:?} wrote nothing to {file}");
            std::fs::remove_file(&file).unwrap();
        }
    }
}

fn dir(label: &str) -> String {
    let d = std::env::temp_dir().join(format!("grundy-flags-{label}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let d = d.to_string_lossy().into_owned();
    // A saved run for --resume.
    let (code, _, err) = run(&[
        "seq",
        "kayles",
        "--to",
        "10",
        "--out",
        &format!("{d}/resume.seq"),
    ]);
    assert_eq!(code, 0, "{err}");
    // A rules script for --rules.
    std::fs::write(
        format!("{d}/flagrules.rhai"),
        "fn moves(n) { [n - 1, n - 3] }\n",
    )
    .unwrap();
    d
}

#[test]
fn every_subcommand_and_flag() {
    let d = dir("one");
    for sub in SUBS {
        for (flag, _) in ALL_FLAGS {
            check(sub, &[flag], &d);
        }
    }
}

#[test]
fn every_pair_of_flags_of_a_subcommand() {
    let d = dir("pairs");
    for sub in SUBS {
        for (i, a) in sub.flags.iter().enumerate() {
            for b in &sub.flags[i + 1..] {
                check(sub, &[a, b], &d);
            }
        }
    }
}

#[test]
fn bad_values_are_refused() {
    for args in [
        &["seq", "kayles", "--to", "10", "--threads", "0"][..],
        &["seq", "kayles", "--to", "10", "--engine", "turbo"],
        &["seq", "kayles", "--to", "10", "--max-seconds", "0"],
        &["seq", "kayles", "--to", "10", "--max-seconds", "-1"],
        &["seq", "kayles", "--to", "10", "--max-seconds", "1e3"],
        &["seq", "kayles", "--to", "10", "--max-memory", "lots"],
        &["seq", "kayles", "--to", "10", "--max-memory", "0"],
        &["value", "kayles", "5", "--max-seconds", "nan"],
        &["value", "0.77", "5", "--loopy", "--max-heap", "x"],
        &["period", "kayles", "--to", "-5"],
        &["oj", "luogu-p2197", "--list"],
        &["nimber", "mul", "2"],
        &["nimber", "div", "2", "3"],
        &["completions", "tcsh"],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn fractional_time_limits_are_accepted() {
    let (code, out, err) = run(&["value", "kayles", "5", "--max-seconds", "0.5"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("kayles 5: nim-value 4"), "{out}");
}

#[test]
fn help_version_completions_and_man_page() {
    for sub in [
        "value",
        "seq",
        "period",
        "games",
        "oj",
        "nimber",
        "play",
        "table",
        "pattern",
        "plot",
        "quotient",
        "sweep",
        "sweep-merge",
    ] {
        for h in ["-h", "--help"] {
            let (code, out, _) = run(&[sub, h]);
            assert_eq!(code, 0);
            assert!(out.contains(&format!("grundy {sub}")), "{sub} {h}: {out}");
        }
        let (code, out, _) = run(&["help", sub]);
        assert_eq!(code, 0);
        assert!(out.contains("Usage: grundy"), "{out}");
    }
    let (code, out, _) = run(&["--version"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("grundy "), "{out}");
    // The version belongs to grundy, not to a subcommand (where it would leave --json unanswered).
    let (code, out, _) = run(&["value", "nim", "3", "--json", "--version"]);
    assert_eq!(code, 2, "{out}");
    let (code, out, _) = run(&["completions", "bash"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("_grundy") && out.contains("--max-seconds"),
        "bash completion"
    );
    let (code, out, _) = run(&["man"]);
    assert_eq!(code, 0);
    assert!(
        out.contains(".TH grundy") && out.contains("value"),
        "man page"
    );
    // A misspelt subcommand gets a suggestion.
    let (code, _, err) = run(&["vlaue", "kayles", "5"]);
    assert_eq!(code, 2);
    assert!(err.contains("'value'"), "{err}");
    // The top-level help lists every game of the catalog.
    let (_, help, _) = run(&["--help"]);
    let (_, games, _) = run(&["games", "--json"]);
    for g in parse_json(&games)["games"].as_array().unwrap() {
        let name = g["name"].as_str().unwrap();
        assert!(help.contains(name), "{name} missing from grundy --help");
    }
}

#[test]
fn arguments_that_are_not_utf8_are_one_line_errors() {
    use std::os::unix::ffi::OsStrExt;
    for args in [
        vec![&b"value"[..], b"\xff", b"3"],
        vec![b"value", b"kayles", b"\xfe\xff"],
        vec![b"seq", b"kayles", b"--to", b"\xff"],
        vec![b"oj", b"\xff"],
    ] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args.iter().map(|a| std::ffi::OsStr::from_bytes(a)))
            .output()
            .unwrap();
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("\\xff") || err.contains("\\xfe"), "{err}");
    }
}

#[test]
fn user_text_is_escaped_in_errors() {
    let (code, _, err) = run(&["value", "\u{1b}[31mred", "3"]);
    assert_eq!(code, 2);
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("\\u{1b}[31mred"), "{err:?}");
    let (code, _, err) = run(&["value", "kayles", "3\n4"]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().count(), 1, "{err:?}");
}

#[test]
fn a_rules_script_whose_game_is_not_played_is_refused() {
    for args in [
        &["value", "cram", "2x2", "--moves", "n => [n-1]"][..],
        &["value", "kayles", "3", "--moves", "n => [n-1]"],
        &["table", "cram", "--moves", "n => [n-1]"],
        &["play", "cram", "2x2", "--moves", "n => [n-1]"],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains("is not played here"), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    // Played, it is used: a heap of 5 by the script's one move n -> n-1 has value 1 (its values alternate).
    let (code, out, err) = run(&["value", "5", "--moves", "n => [n-1]"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("nim-value 1"), "{out}");
}

/// Exit statuses (README, 'grundy --help'): 0 for an answer, 2 for bad input or a fixed bound of the tool, 3 for
/// work stopped by a budget the user may raise (a job scheduler retries those with a larger budget).
#[test]
fn exit_statuses_tell_bad_input_from_a_budget() {
    assert_eq!(common::run(&["value", "kayles", "5"]).0, 0);
    let (code, _, err) = common::run(&["value", "0.9z", "5"]);
    assert_eq!(code, 2, "{err}");
    for (args, flag) in [
        (
            vec![
                "value",
                "kayles",
                "20",
                "20",
                "20",
                "--misere",
                "--max-positions",
                "100",
            ],
            "--max-positions",
        ),
        (
            vec!["seq", "0.777", "--to", "100000000", "--max-seconds", "0.2"],
            "--max-seconds",
        ),
        (
            vec!["seq", "0.3", "--to", "2000000000", "--max-memory", "100M"],
            "--max-memory",
        ),
    ] {
        let (code, out, err) = common::run(&args);
        assert_eq!(code, 3, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(
            err.contains(&format!("raise it with {flag}")),
            "{args:?}: {err}"
        );
    }
}

/// A deliberate change of issue 41: a value that does not parse (a number, a range, an engine, a language) is
/// refused as the command line is read, by the option's value parser, so it is the error shown even when the line
/// has another fault that was named before (a flag that does not go with another, or a flag the game does not take).
/// The limits are read in the order they are written.
#[test]
fn a_malformed_value_is_named_before_other_faults() {
    for (args, message) in [
        (
            &["value", "kayles", "3", "--threads", "x", "--misere"][..],
            "grundy: --threads: expected a non-negative integer, found 'x'\n",
        ),
        (
            &["value", "kayles", "3", "--threads", "0"],
            "grundy: --threads must be at least 1 (see 'grundy help')\n",
        ),
        (
            &["table", "wythoff", "--wrap", "x"],
            "grundy: --wrap: expected a non-negative integer, found 'x'\n",
        ),
        (
            &["pattern", "kayles", "--emit", "java", "--json"],
            "grundy: --emit: 'java' is not a language of --emit: cpp, python or rust (see 'grundy help')\n",
        ),
        (
            &["plot", "kayles", "-o", "a.png", "--rows", "5..2"],
            "grundy: --rows 5..2: the first number is larger than the last (see 'grundy help')\n",
        ),
        (
            &["value", "kayles", "3", "--max-seconds", "x", "--max-memory", "y"],
            "grundy: --max-seconds: expected a positive number of seconds such as 30 or 0.5, found 'x'\n",
        ),
        (
            &["value", "kayles", "3", "--max-memory", "y", "--max-seconds", "x"],
            "grundy: --max-memory: expected a size such as 512M or 4G, found 'y'\n",
        ),
    ] {
        let (code, out, err) = run(args);
        assert_eq!((code, out.as_str(), err.as_str()), (2, "", message), "{args:?}");
    }
}
