//! Every example the project shows a person runs as written, within the command's default limits: each `$ grundy …`
//! line of the README and of `docs/*.md` (with the files that `$ cat FILE` shows made first, and the output shown
//! under it found in what the command prints), and each command of the EXAMPLES section of every `grundy help`
//! page (run in order in one folder, so that a file one example writes is there for the next), but those the page
//! marks "(a long run: ...)".
//!
//! A shown output line must be a line of the real output; a line with `…` elides: its pieces must appear, in order,
//! in one line. An example whose shown output starts with `grundy:` shows an error, and must end with status 2;
//! every other example must end with status 0.

use crate::common;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One example: the shell line, the output shown under it, and where it is written (for messages).
#[derive(Debug)]
struct Example {
    at: String,
    line: String,
    shown: Vec<String>,
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The examples of a Markdown file: `$ ` lines in its code blocks (indented or fenced), with the lines under each
/// up to the next `$ ` line or the end of the block.
fn markdown_examples(path: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(path).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let mut out: Vec<Example> = Vec::new();
    let mut open = false; // the last example's output is still being read
    let mut fenced = false;
    for (i, raw) in text.lines().enumerate() {
        if raw.trim_start().starts_with("```") {
            fenced = !fenced;
            open = false;
            continue;
        }
        let in_block = fenced || raw.starts_with("    ");
        if !in_block {
            open = false;
            continue;
        }
        let line = if fenced { raw } else { &raw[4..] };
        if let Some(cmd) = line.trim_start().strip_prefix("$ ") {
            out.push(Example {
                at: format!("{name}:{}", i + 1),
                line: cmd.to_string(),
                shown: Vec::new(),
            });
            open = true;
        } else if open && !line.trim().is_empty() {
            out.last_mut().unwrap().shown.push(line.to_string());
        }
    }
    out
}

/// The commands of the EXAMPLES section of `grundy help SUB`: each line that runs `grundy`, up to the two spaces
/// that start its comment.
fn help_examples(sub: &str) -> Vec<Example> {
    let (code, text, err) = common::run(&["help", sub]);
    assert_eq!(code, 0, "help {sub}: {err}");
    let mut out = Vec::new();
    let mut inside = false;
    for l in text.lines() {
        if l.starts_with("EXAMPLES") {
            inside = true;
            continue;
        }
        if inside && !l.is_empty() && !l.starts_with(' ') {
            break;
        }
        let t = l.trim();
        if !inside
            || !(t.starts_with("grundy ")
                || t.contains("| grundy ")
                || t.contains(" grundy ")
                || t.contains(" 'grundy "))
        {
            continue;
        }
        // A long run shown as such ("(a long run: ...)") is an example of what to type, not one to wait for.
        if t.contains("(a long run") {
            continue;
        }
        let cmd = t.split("  ").next().unwrap().trim().to_string();
        out.push(Example {
            at: format!("grundy help {sub}"),
            line: cmd,
            shown: Vec::new(),
        });
    }
    out
}

/// Runs `line` in bash in `dir`, with the `grundy` under test first on the PATH and no input: status and output
/// (stdout, then stderr).
fn run_line(dir: &Path, line: &str) -> (i32, String) {
    let bin = Path::new(env!("CARGO_BIN_EXE_grundy"))
        .parent()
        .unwrap()
        .to_owned();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let o = Command::new("bash")
        .arg("-c")
        .arg(line)
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let mut text = String::from_utf8_lossy(&o.stdout).into_owned();
    text += &String::from_utf8_lossy(&o.stderr);
    (o.status.code().unwrap_or(-1), text)
}

/// Whether the output has the shown line (see the module docs).
fn shows(output: &str, shown: &str) -> bool {
    let pieces: Vec<&str> = shown
        .split(['…'])
        .flat_map(|p| p.split("..."))
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect();
    if pieces.is_empty() {
        return true;
    }
    output.lines().any(|l| {
        let mut rest = l;
        pieces.iter().all(|p| match rest.find(p) {
            Some(k) => {
                rest = &rest[k + p.len()..];
                true
            }
            None => false,
        })
    })
}

/// A folder for one page's examples, with the repository's `examples` and `tests` folders linked in (examples
/// name `examples/game.txt` and `tests/data/...` as a reader in a checkout would).
fn folder(label: &str) -> PathBuf {
    let dir = common::fresh_dir("examples", label);
    for sub in ["examples", "tests"] {
        let link = dir.join(sub);
        if !link.exists() {
            std::os::unix::fs::symlink(repo().join(sub), link).unwrap();
        }
    }
    dir
}

/// Runs the examples of one page in order in `dir`; returns the failures.
fn run_page(dir: &Path, examples: &[Example]) -> Vec<String> {
    let mut failures = Vec::new();
    for e in examples {
        if let Some(file) = e.line.strip_prefix("cat ") {
            let mut text = e.shown.join("\n");
            text.push('\n');
            std::fs::write(dir.join(file.trim()), text).unwrap();
            continue;
        }
        let start = std::time::Instant::now();
        let (code, output) = run_line(dir, &e.line);
        let took = start.elapsed().as_secs_f64();
        let error = e.shown.first().is_some_and(|s| s.starts_with("grundy:"));
        let want = if error { 2 } else { 0 };
        // A survey that is done but leaves codes open by their budgets exits 3 (docs/sweep.md, "Exit status").
        let open_survey = code == 3 && !error && e.line.contains("grundy sweep ");
        if code != want && !open_survey {
            failures.push(format!(
                "{}: `{}` ended with status {code}, not {want}, after {took:.1} s: {}",
                e.at,
                e.line,
                output.lines().last().unwrap_or("")
            ));
            continue;
        }
        for s in &e.shown {
            if !shows(&output, s) {
                failures.push(format!(
                    "{}: `{}` does not print the line shown: {s:?}",
                    e.at, e.line
                ));
            }
        }
    }
    failures
}

#[test]
fn every_readme_and_docs_example_runs_as_written() {
    let mut pages = vec![repo().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(repo().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    let mut failures = Vec::new();
    let mut count = 0;
    for page in &pages {
        let examples = markdown_examples(page);
        count += examples.len();
        let label = page.file_stem().unwrap().to_string_lossy().into_owned();
        failures.extend(run_page(&folder(&label), &examples));
    }
    assert!(count >= 30, "only {count} examples found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_help_example_runs_as_written() {
    let (code, text, _) = common::run(&["help"]);
    assert_eq!(code, 0);
    // The subcommands, as `grundy help` lists them (two spaces, the name, then its line).
    let subs: Vec<String> = text
        .lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|s| s != "help")
        .collect();
    assert!(subs.len() >= 10, "{subs:?}");
    let dir = folder("help");
    let mut failures = Vec::new();
    let mut count = 0;
    for sub in &subs {
        let examples = help_examples(sub);
        count += examples.len();
        failures.extend(run_page(&dir, &examples));
    }
    assert!(count >= 40, "only {count} examples found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
