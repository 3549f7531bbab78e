//! The library's top-level modules form layers: no import cycle between them (a test, run with the unit tests).
//!
//! A module may use the modules below it and none above. The order, lowest first:
//!
//! ```text
//! error, nimber, code, limits, context     words, numbers, bounds and the settings of work every layer shares
//! game                                       the Game trait: what a game states
//! solver                                     the memoised search of one game
//! sum                                        the normal-play analysis of a sum of components
//! heap                                       heap games: codes played, engines, periods, heap tables
//! board_table                                the transposition table of the board searches (Cram)
//! loopy, misere                              loopy play; misère play and quotients
//! parts                                      a sum of positions of any games (what the analyses read)
//! table_file                                 saved tables: the file format and its traits, no game named
//! games                                      the catalog: one file per game, one registry
//! analysis                                   every analysis: sums, tables, patterns, play
//! script                                     rules scripts
//! ```
//!
//! The test reads every non-test source file, takes each path `crate::m` (and each name the crate root re-exports,
//! such as `crate::Game`) as an arrow from the file's top-level module to `m`, and fails on a cycle, naming a file and
//! line of every arrow in it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The module each name re-exported at the crate root comes from.
const ROOT_NAMES: &[(&str, &str)] = &[
    ("Error", "error"),
    ("ErrorKind", "error"),
    ("Result", "error"),
    ("Game", "game"),
    ("Options", "game"),
    ("Outcome", "game"),
    ("Play", "game"),
    ("ClosedForm", "game"),
    ("Known", "game"),
    ("HeapFacts", "game"),
    ("HeapView", "game"),
    ("Context", "context"),
    ("Nimber", "nimber"),
    ("Deadline", "limits"),
    ("Limits", "limits"),
    ("Solver", "solver"),
];

/// Arrows between top-level modules: `from -> to -> places ("file:line")`.
type Arrows = BTreeMap<String, BTreeMap<String, Vec<String>>>;

fn top_level_modules(src: &Path) -> BTreeSet<String> {
    std::fs::read_dir(src)
        .unwrap()
        .filter_map(|e| {
            let e = e.unwrap();
            let name = e.file_name().into_string().unwrap();
            if e.path().is_dir() {
                Some(name)
            } else {
                name.strip_suffix(".rs").map(str::to_string)
            }
        })
        .filter(|m| m != "lib" && m != "layers" && m != "long_functions")
        .collect()
}

/// The code of a file, numbered from 1, without comments and without its `#[cfg(test)]` modules (an inline
/// `mod … { … }` is skipped to its closing brace, counted on the lines after it; `mod tests;` is one line).
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        if l.trim() == "#[cfg(test)]"
            && lines
                .get(i + 1)
                .is_some_and(|n| n.trim_start().starts_with("mod "))
        {
            let decl = lines[i + 1];
            i += 2;
            if decl.trim_end().ends_with('{') {
                let mut depth = 1i64;
                while i < lines.len() && depth > 0 {
                    let code = lines[i].split("//").next().unwrap_or("");
                    depth += code.matches('{').count() as i64 - code.matches('}').count() as i64;
                    i += 1;
                }
            }
            continue;
        }
        if !l.trim_start().starts_with("//") {
            out.push((i + 1, l.split(" //").next().unwrap_or("").to_string()));
        }
        i += 1;
    }
    out
}

fn arrows(src: &Path, modules: &BTreeSet<String>) -> Arrows {
    let mut out = Arrows::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).unwrap() {
            let path = e.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let rel = path
                .strip_prefix(src)
                .unwrap()
                .to_string_lossy()
                .to_string();
            let from = rel
                .split('/')
                .next()
                .unwrap()
                .trim_end_matches(".rs")
                .to_string();
            let file = path.file_name().unwrap_or_default();
            if !rel.ends_with(".rs") || !modules.contains(&from) || file == "tests.rs" {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for (n, line) in code_lines(&text) {
                for (i, _) in line.match_indices("crate::") {
                    let name: String = line[i + 7..]
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    let to = ROOT_NAMES
                        .iter()
                        .find(|(n, _)| *n == name)
                        .map_or(name.clone(), |(_, m)| m.to_string());
                    if modules.contains(&to) && to != from {
                        out.entry(from.clone())
                            .or_default()
                            .entry(to)
                            .or_default()
                            .push(format!("{rel}:{n}"));
                    }
                }
            }
        }
    }
    out
}

/// The strongly connected components of more than one module (Tarjan).
fn cycles(arrows: &Arrows, modules: &BTreeSet<String>) -> Vec<Vec<String>> {
    struct T<'a> {
        arrows: &'a Arrows,
        index: BTreeMap<String, usize>,
        low: BTreeMap<String, usize>,
        stack: Vec<String>,
        out: Vec<Vec<String>>,
    }
    fn visit(t: &mut T<'_>, v: &str) {
        let i = t.index.len();
        t.index.insert(v.to_string(), i);
        t.low.insert(v.to_string(), i);
        t.stack.push(v.to_string());
        let next: Vec<String> = t
            .arrows
            .get(v)
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default();
        for w in next {
            if !t.index.contains_key(&w) {
                visit(t, &w);
                let lw = t.low[&w];
                let lv = t.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if t.stack.contains(&w) {
                let iw = t.index[&w];
                let lv = t.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if t.low[v] == t.index[v] {
            let mut comp = Vec::new();
            loop {
                let w = t.stack.pop().unwrap();
                let done = w == v;
                comp.push(w);
                if done {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                t.out.push(comp);
            }
        }
    }
    let mut t = T {
        arrows,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        out: Vec::new(),
    };
    for m in modules {
        if !t.index.contains_key(m) {
            visit(&mut t, m);
        }
    }
    t.out
}

#[test]
fn no_import_cycle_between_top_level_modules() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let modules = top_level_modules(&src);
    for m in ["game", "solver", "heap", "games", "analysis"] {
        assert!(modules.contains(m), "{m} is a top-level module");
    }
    let arrows = arrows(&src, &modules);
    // The test reads what it should: the analyses use the games, and the games the game trait.
    assert!(arrows["analysis"].contains_key("games"));
    assert!(arrows["games"].contains_key("game"));
    let found = cycles(&arrows, &modules);
    let mut report = String::new();
    for comp in &found {
        report += &format!("cycle between {}:\n", comp.join(", "));
        for a in comp {
            for b in comp {
                if let Some(places) = arrows.get(a).and_then(|m| m.get(b)) {
                    report += &format!(
                        "  {a} -> {b}: {}\n",
                        places[..places.len().min(3)].join(", ")
                    );
                }
            }
        }
    }
    assert!(found.is_empty(), "import cycles:\n{report}");
}

#[test]
fn code_after_a_test_module_is_read() {
    let text = "use crate::a::X;\n#[cfg(test)]\nmod tests {\n    use crate::b::Y;\n    fn f() { if true { } }\n}\nuse crate::c::Z;\n#[cfg(test)]\nmod more;\nuse crate::d::W;\n";
    let lines: Vec<usize> = code_lines(text).into_iter().map(|(n, _)| n).collect();
    assert_eq!(lines, [1, 7, 10]);
}

#[test]
fn a_cycle_is_found() {
    // The detector itself, on a made-up graph: a -> b -> c -> a, and d -> a.
    let mut arrows = Arrows::new();
    for (a, b) in [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")] {
        arrows
            .entry(a.into())
            .or_default()
            .insert(b.into(), vec![format!("{a}.rs:1")]);
    }
    let modules: BTreeSet<String> = ["a", "b", "c", "d"].map(String::from).into();
    assert_eq!(cycles(&arrows, &modules), [vec!["a", "b", "c"]]);
}
