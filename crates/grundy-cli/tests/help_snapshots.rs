//! Golden files of every help text: `grundy --help`, `grundy -h`, and for each subcommand `grundy CMD --help` and
//! `grundy help CMD`, compared with the files in tests/snapshots/help/. A change of a help text fails here until the
//! files are rewritten, so it is seen in review: `UPDATE_SNAPSHOTS=1 cargo test -p grundy-cli --test all
//! help_snapshots::` rewrites them.

use crate::common::run;
use std::path::{Path, PathBuf};

/// The folder of the golden files.
fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots/help")
}

/// The subcommands, as `grundy --help` lists them (so a new one is covered without editing this file).
fn subcommands() -> Vec<String> {
    let (code, out, err) = run(&["--help"]);
    assert_eq!(code, 0, "{err}");
    let list = out
        .split_once("Commands:\n")
        .expect("a Commands: section")
        .1;
    list.lines()
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

/// The first lines where `want` and `got` differ, marked '-' (the file) and '+' (the output), with a line of
/// context before.
fn diff(want: &str, got: &str) -> String {
    let (w, g): (Vec<&str>, Vec<&str>) = (want.lines().collect(), got.lines().collect());
    let first = (0..w.len().max(g.len()))
        .find(|&i| w.get(i) != g.get(i))
        .unwrap_or(w.len().min(g.len()));
    let mut s = format!("@@ line {} @@\n", first + 1);
    if first > 0 {
        s += &format!(" {}\n", w[first - 1]);
    }
    for i in first..(first + 8) {
        if let Some(l) = w.get(i) {
            s += &format!("-{l}\n");
        }
    }
    for i in first..(first + 8) {
        if let Some(l) = g.get(i) {
            s += &format!("+{l}\n");
        }
    }
    if want.ends_with('\n') != got.ends_with('\n') {
        s += "(the final newline differs)\n";
    }
    s
}

/// Compares stdout of `grundy ARGS` with the file `name`, or writes it there when `UPDATE_SNAPSHOTS=1`. Returns the
/// mismatch as text.
fn check(args: &[&str], name: &str) -> Option<String> {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "grundy {args:?}: {err}");
    assert!(err.is_empty(), "grundy {args:?} wrote to stderr: {err}");
    let path = dir().join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some_and(|v| v == "1") {
        std::fs::create_dir_all(dir()).unwrap();
        std::fs::write(&path, &out).unwrap();
        return None;
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    (want != out).then(|| {
        format!(
            "grundy {} differs from tests/snapshots/help/{name}:\n{}",
            args.join(" "),
            diff(&want, &out)
        )
    })
}

#[test]
fn every_help_text_is_as_its_golden_file() {
    let mut cases: Vec<(Vec<String>, String)> = vec![
        (vec!["--help".into()], "grundy--help.txt".into()),
        (vec!["-h".into()], "grundy-h.txt".into()),
    ];
    let subs = subcommands();
    assert!(subs.len() >= 16, "subcommands: {subs:?}");
    for s in &subs {
        cases.push((vec![s.clone(), "--help".into()], format!("{s}--help.txt")));
        cases.push((vec!["help".into(), s.clone()], format!("help-{s}.txt")));
    }
    let mut failures = Vec::new();
    for (args, name) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        failures.extend(check(&args, name));
    }
    // A file no text is compared with is left over from a subcommand that is gone.
    let names: Vec<&str> = cases.iter().map(|(_, n)| n.as_str()).collect();
    for entry in std::fs::read_dir(dir()).into_iter().flatten() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        if !names.contains(&file.as_str()) {
            failures.push(format!(
                "tests/snapshots/help/{file} is the help of no command"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{}\nIf the change is meant, rewrite the files: UPDATE_SNAPSHOTS=1 cargo test -p grundy-cli --test all \
         help_snapshots:: (and review the diff)",
        failures.join("\n")
    );
}
