//! `grundy games`: the catalog.

use crate::cli::GamesArgs;
use crate::output::{print_json, write_stdout, CliResult};

pub const HELP: &str = "\
grundy games — the named games

Lists each named game with its take-and-break code (CGSuite notation) or rule, and a line about it. Any of the
names, or a code, can be given to 'grundy value' and 'grundy seq'. Any other game is given by its rules, as a
script: --rules FILE or --moves 'n => [n - 1, n - 3, n - 4]' (docs/rules.md).
";

/// The listing's last line: where a game not in it comes from.
pub const OWN_GAME: &str =
    "(any other game: state its rules as a script, --rules FILE or --moves 'n => [n - 1, n - 3, n - 4]'; docs/rules.md)";

/// One line of the listing, from the registry's table.
struct Entry {
    name: String,
    spec: &'static str,
    summary: &'static str,
    kind: grundy::games::Kind,
    aliases: &'static [&'static str],
}

pub fn run(a: &GamesArgs) -> CliResult {
    let registry = super::catalog();
    let entries: Vec<Entry> = registry
        .entries()
        .iter()
        .map(|e| Entry {
            name: e.display_name(),
            spec: e.spec,
            summary: e.summary,
            kind: e.kind,
            aliases: e.aliases,
        })
        .collect();
    if a.json {
        let list: Vec<serde_json::Value> = entries
            .iter()
            .map(|e| {
                serde_json::json!({
                    "name": e.name, "spec": e.spec, "summary": e.summary, "kind": e.kind, "aliases": e.aliases,
                })
            })
            .collect();
        return print_json(&serde_json::json!({ "games": list }));
    }
    let mut s = String::new();
    let w = entries.iter().map(|e| e.name.len()).max().unwrap_or(0);
    let c = entries
        .iter()
        .map(|e| e.spec.chars().count())
        .max()
        .unwrap_or(0);
    for e in entries {
        let pad = c - e.spec.chars().count();
        s.push_str(&format!(
            "{:<w$}  {}{}  {}\n",
            e.name,
            e.spec,
            " ".repeat(pad),
            e.summary
        ));
    }
    s.push_str(OWN_GAME);
    s.push('\n');
    write_stdout(s.as_bytes())
}
