//! No non-test function of the workspace is over 100 lines unless its doc comment says why (a test, run with the
//! unit tests).
//!
//! The test reads every `.rs` file under `crates/*/src`, leaving out `#[cfg(test)]` modules (inline ones to their
//! closing brace, and the files of those declared `#[cfg(test)] mod name;`), files named `tests.rs` and files under a
//! `tests` folder. A function runs from its `fn` line to the first `}` at the same indentation; one over 100 lines
//! passes only if its doc comment (the `///` lines right above it, attributes allowed between) has a line starting
//! with `/// Long:`, the reason it is kept whole.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The most lines a function may have without a reason.
const MOST: usize = 100;

/// A function over the limit: where it starts (line from 1), its name, its length, and whether it gives a reason.
#[derive(Debug, PartialEq)]
struct Long {
    line: usize,
    name: String,
    lines: usize,
    reason: bool,
}

/// The name of the function declared on `line`, if the line declares one (after optional `pub`, `pub(…)`, `const`,
/// `async`, `unsafe`, `extern "…"`).
fn fn_name(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    loop {
        let before = rest;
        if let Some(r) = rest.strip_prefix("pub(") {
            rest = r.split_once(')')?.1.trim_start();
        }
        for word in ["pub ", "const ", "async ", "unsafe ", "default "] {
            if let Some(r) = rest.strip_prefix(word) {
                rest = r.trim_start();
            }
        }
        if let Some(r) = rest.strip_prefix("extern ") {
            rest = r.trim_start();
            if rest.starts_with('"') {
                rest = rest[1..].split_once('"')?.1.trim_start();
            }
        }
        if rest == before {
            break;
        }
    }
    let rest = rest.strip_prefix("fn ")?;
    let name: &str = rest
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()?;
    (!name.is_empty()).then_some(name)
}

/// The lines of `text` inside `#[cfg(test)]` modules written inline (the attribute, the `mod` line and the body to
/// its closing brace), numbered from 0, and the names of the test modules declared out of line (`mod name;`).
fn test_modules(lines: &[&str]) -> (BTreeSet<usize>, Vec<String>) {
    let mut skip = BTreeSet::new();
    let mut outside = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let next = lines.get(i + 1).map_or("", |l| l.trim());
        let decl = next
            .strip_prefix("pub(crate) ")
            .or_else(|| next.strip_prefix("pub "))
            .unwrap_or(next);
        if lines[i].trim() != "#[cfg(test)]" || !decl.starts_with("mod ") {
            i += 1;
            continue;
        }
        let name = decl[4..].trim_end_matches([';', '{', ' ']).to_string();
        if decl.ends_with(';') {
            outside.push(name);
            i += 2;
            continue;
        }
        let start = i;
        let mut depth = 0i64;
        i += 1;
        while i < lines.len() {
            let code = lines[i].split("//").next().unwrap_or("");
            depth += code.matches('{').count() as i64 - code.matches('}').count() as i64;
            if depth <= 0 && code.contains('}') {
                break;
            }
            i += 1;
        }
        skip.extend(start..=i.min(lines.len() - 1));
        i += 1;
    }
    (skip, outside)
}

/// Whether the doc comment right above line `at` (numbered from 0), past any attributes, has a `/// Long:` line.
fn has_reason(lines: &[&str], at: usize) -> bool {
    lines[..at]
        .iter()
        .rev()
        .map(|l| l.trim())
        .take_while(|l| l.starts_with("///") || l.starts_with("#["))
        .any(|l| l.starts_with("/// Long:"))
}

/// The functions of `text` over [`MOST`] lines, and the names of its test modules declared out of line.
fn long_functions(text: &str) -> (Vec<Long>, Vec<String>) {
    let lines: Vec<&str> = text.lines().collect();
    let (skip, outside) = test_modules(&lines);
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = fn_name(line).filter(|_| !skip.contains(&i)) else {
            continue;
        };
        let indent = line.len() - line.trim_start().len();
        // The signature ends at the first line ending in `{` (a body), `;` (no body) or `}` (a one-line body).
        let Some(open) = (i..lines.len()).find(|&k| lines[k].trim_end().ends_with(['{', ';', '}']))
        else {
            continue;
        };
        if !lines[open].trim_end().ends_with('{') {
            continue;
        }
        let close = (open + 1..lines.len()).find(|&k| {
            let l = lines[k];
            l.len() > indent && l[..indent].trim().is_empty() && l[indent..].starts_with('}')
        });
        let Some(close) = close else { continue };
        let length = close - i + 1;
        if length > MOST {
            out.push(Long {
                line: i + 1,
                name: name.to_string(),
                lines: length,
                reason: has_reason(&lines, i),
            });
        }
    }
    (out, outside)
}

/// The file of module `name` declared in `file`: beside it for `lib.rs`, `main.rs` and `mod.rs`, else in the folder
/// named after it; `name.rs` or `name/mod.rs`.
fn module_file(file: &Path, name: &str) -> Vec<PathBuf> {
    let dir = file.parent().unwrap();
    let stem = file.file_stem().unwrap().to_string_lossy();
    let dir = if ["lib", "main", "mod"].contains(&stem.as_ref()) {
        dir.to_path_buf()
    } else {
        dir.join(stem.as_ref())
    };
    vec![
        dir.join(format!("{name}.rs")),
        dir.join(name).join("mod.rs"),
    ]
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn no_function_over_100_lines_without_a_reason() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for e in std::fs::read_dir(&crates).unwrap() {
        let src = e.unwrap().path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut files);
        }
    }
    files.sort();
    assert!(
        files.iter().any(|f| f.ends_with("grundy/src/lib.rs")),
        "the library's files are read"
    );
    let mut read = Vec::new();
    for file in &files {
        read.push((
            file,
            long_functions(&std::fs::read_to_string(file).unwrap()),
        ));
    }
    let tests: BTreeSet<PathBuf> = read
        .iter()
        .flat_map(|(file, (_, outside))| outside.iter().flat_map(|m| module_file(file, m)))
        .collect();
    let mut report = String::new();
    let mut long = 0;
    for (file, (found, _)) in &read {
        let rel = file.strip_prefix(&crates).unwrap();
        let test_file = tests.contains(*file)
            || file.file_name().is_some_and(|n| n == "tests.rs")
            || rel.components().any(|c| c.as_os_str() == "tests");
        if test_file {
            continue;
        }
        for f in found {
            long += 1;
            if !f.reason {
                report += &format!(
                    "  crates/{}:{}: fn {} is {} lines\n",
                    rel.display(),
                    f.line,
                    f.name,
                    f.lines
                );
            }
        }
    }
    // The test reads what it should: some functions are long (and say why).
    assert!(long > 0, "no function over {MOST} lines was found");
    assert!(
        report.is_empty(),
        "functions over {MOST} lines without a `/// Long:` line in their doc comment (say why, or cut them):\n{report}"
    );
}

#[test]
fn a_sample_is_measured() {
    let mut text =
        String::from("//! A sample.\n\n/// Short.\npub fn short() -> u8 {\n    1\n}\n\n");
    text += "/// Long, no reason.\n#[inline]\npub(crate) fn long(\n    a: u8,\n) -> u8 {\n";
    text += &"    let _ = a;\n".repeat(96);
    text += "    a\n}\n\nfn one() -> u8 { 2 }\n\n";
    text += "impl X {\n    /// Long, with a reason.\n    /// Long: a sample.\n    #[must_use]\n    const fn reasoned() {\n";
    text += &"        if true {\n        }\n".repeat(60);
    text += "    }\n}\n\n#[cfg(test)]\nmod tests {\n    fn in_a_test() {\n";
    text += &"        {}\n".repeat(200);
    text += "    }\n}\n\n#[cfg(test)]\nmod more;\n";
    let (found, outside) = long_functions(&text);
    assert_eq!(
        found,
        [
            Long {
                line: 10,
                name: "long".into(),
                lines: 101,
                reason: false
            },
            Long {
                line: 118,
                name: "reasoned".into(),
                lines: 122,
                reason: true
            },
        ]
    );
    assert_eq!(outside, ["more"]);
    assert_eq!(
        module_file(Path::new("src/heap/sparse/mod.rs"), "tests")[0],
        Path::new("src/heap/sparse/tests.rs")
    );
    assert_eq!(
        module_file(Path::new("src/heap.rs"), "tests")[0],
        Path::new("src/heap/tests.rs")
    );
}

/// The command line's flags that name a remedy or a bound. The library's messages never name them: a remedy is data
/// ([`crate::error::Remedy`]) that each front end words ("raise it with --max-seconds", "max_seconds=").
/// (`--rules`, `--moves` and `--param` are left out: a rules script's messages place an error in its source, named
/// as the text was given.)
const FLAGS: &[&str] = &[
    "--max-seconds",
    "--max-memory",
    "--max-positions",
    "--max-heap",
    "--loopy",
    "--engine",
    "--no-moves",
    "--misere",
    "--rows",
    "--cols",
    "--emit",
    "--to ",
];

#[test]
fn no_library_message_names_a_flag() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut outside = BTreeSet::new();
    let mut texts = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let (skip, out) = test_modules(&lines);
        outside.extend(out.iter().flat_map(|m| module_file(file, m)));
        texts.push((file, text.clone(), skip));
    }
    let mut found = String::new();
    let mut read = 0;
    for (file, text, skip) in &texts {
        let rel = file.strip_prefix(&src).unwrap();
        if outside.contains(*file)
            || file
                .file_name()
                .is_some_and(|n| n == "tests.rs" || n == "long_functions.rs")
        {
            continue;
        }
        for (i, line) in text.lines().enumerate() {
            let code = line.trim_start();
            // (An emitted program's comment says the command that wrote it, for provenance: not a message.)
            if skip.contains(&i) || code.starts_with("//") || code.contains("Written by grundy") {
                continue;
            }
            read += 1;
            if let Some(flag) = FLAGS.iter().find(|f| code.contains(*f)) {
                found += &format!("  src/{}:{}: {flag}\n", rel.display(), i + 1);
            }
        }
    }
    assert!(read > 10_000, "the library's lines are read ({read})");
    assert!(
        found.is_empty(),
        "library code naming a command-line flag (make it a Remedy the front ends word):\n{found}"
    );
}
