//! How `grundy value … --misere` shows the library's misère analysis (`grundy::analysis::misere`), and `grundy seq
//! GAME --to N --misere | --genus`: misère play, where whoever makes the last move loses. See `grundy::misere`.

use crate::cli::{as_text, SeqArgs};
use crate::output::{print_json, write_stdout, CliError, CliResult};
use crate::progress::Progress;
use grundy::analysis::MisereAnalysis;
use grundy::heap::sequence;
use grundy::misere::genus::GenusTable;
use grundy::{Limits, Outcome};
use std::fmt::Write as _;

/// The most states `--max-positions` of a misère search may name.
pub const MAX_POSITIONS: u64 = 1 << 40;

/// The limits of a misère command: the command's, with the misère defaults (`grundy::analysis::misere::limits`)
/// and `--max-positions` (read already, at most [`MAX_POSITIONS`]).
pub fn limits(max_positions: Option<u64>) -> Limits {
    grundy::analysis::misere::limits(&crate::guard::limits(), max_positions.map(|v| v as usize))
}

/// The misère analysis in words a student follows; `words` is the position as written (shown when every component
/// was a position without moves).
pub fn explain(m: &MisereAnalysis, words: &[String]) -> String {
    let show = |c: usize| format!("{} {}", m.parts[c].game, m.parts[c].position);
    let mut s = String::new();
    let _ = writeln!(s, "misère play: whoever makes the last move loses");
    let _ = writeln!(
        s,
        "position: {}",
        if m.parts.is_empty() {
            words.join(" ")
        } else {
            (0..m.parts.len()).map(show).collect::<Vec<_>>().join(" + ")
        }
    );
    for (c, p) in m.parts.iter().enumerate() {
        if let (Some(genus), Some(tame)) = (&p.genus, p.tame) {
            let _ = writeln!(
                s,
                "{}: genus {genus}{}",
                show(c),
                if tame { " (tame)" } else { " (not tame)" }
            );
        }
    }
    if let Some(v) = m.misere_nim_value {
        let _ = writeln!(s, "misère nim-value: {v}");
    }
    let _ = writeln!(s, "method: {}", m.method);
    match m.outcome {
        Outcome::P => {
            let _ = writeln!(s, "outcome: P (the player to move loses: every move leaves a position where the opponent wins)");
        }
        _ if m.winning_moves.is_empty() => {
            // Only a sum with no moves at all (every component empty) is an N-position without a winning move.
            let _ = writeln!(
                s,
                "outcome: N (the player to move has no move and so wins: under misère play whoever cannot move wins)"
            );
        }
        _ => {
            let _ = writeln!(
                s,
                "outcome: N (the player to move wins by moving to a misère P-position)"
            );
            if m.winning_moves.is_empty() {
                // The method gave the outcome and no move (never an empty list under a header).
                let _ = writeln!(
                    s,
                    "winning moves: none listed (the method that decided gives the outcome only)"
                );
            } else {
                let _ = writeln!(s, "winning moves:");
            }
            let mut counts: std::collections::HashMap<String, usize> = Default::default();
            for c in 0..m.parts.len() {
                *counts.entry(show(c)).or_default() += 1;
            }
            for w in &m.winning_moves {
                let left = if w.description.ends_with(&format!("leaving {}", w.result)) {
                    String::new()
                } else {
                    format!(" (leaving {})", w.result)
                };
                // Equal components are told apart by their index (as in JSON, from 0).
                let c = w.component;
                let which = if counts[&show(c)] > 1 {
                    format!(" (component {c})")
                } else {
                    String::new()
                };
                let _ = writeln!(s, "  in {}{which}: {}{left}", show(c), w.description);
            }
        }
    }
    s
}

/// `grundy seq GAME --to N --misere` (misère nim-values) or `--genus` (genus and tameness). With `--out FILE` the
/// lines that stdout would show (or the JSON object, with `--json`) go to FILE, and stdout says where.
pub fn run_seq(a: &SeqArgs, game: &str, to: u64) -> CliResult {
    let family = super::lookup(game)?;
    let Some(rules) = family.heap_game() else {
        return Err(CliError::usage(format!(
            "{}: positions of this game are not heaps, so it has no sequence",
            family.name()
        )));
    };
    let limits = limits(a.max_positions);
    let normal = sequence::values(&*rules, to, &mut |_| {})?;
    limits.check_time()?;
    let name = rules.name();
    let mut table = GenusTable::new(rules, normal, limits);
    let json = a.json;
    let genus = a.genus;
    let mut s = String::new();
    let mut j = serde_json::json!({ "game": name });
    if genus {
        let mut bar = Progress::new(format!("genus of {name} to {to}"), to);
        let all = table.sequence(to, &mut |n| bar.update(n))?;
        bar.finish();
        if json {
            j["genus"] = all
                .iter()
                .map(|h| {
                    serde_json::json!({
                        "heap": h.heap, "genus": h.genus.to_string(), "nim_value": h.genus.g,
                        "misere_nim_value": h.genus.misere_value(), "tame": h.tame,
                    })
                })
                .collect::<Vec<_>>()
                .into();
        }
        for h in &all {
            let _ = writeln!(s, "{}{}", h.genus, if h.tame { " tame" } else { "" });
        }
    } else {
        let mut values = Vec::with_capacity(to as usize + 1);
        let mut bar = Progress::new(format!("misère values of {name} to {to}"), to);
        for n in 0..=to {
            values.push(table.misere_value(n)?);
            bar.update(n);
        }
        bar.finish();
        for v in &values {
            let _ = writeln!(s, "{v}");
        }
        j["play"] = "misere".into();
        j["values"] = values.into();
    }
    if json {
        s = serde_json::to_string(&j).map_err(|e| CliError::usage(format!("JSON: {e}")))?;
        s.push('\n');
    }
    let Some(file) = a.out.as_deref().map(as_text) else {
        return write_stdout(s.as_bytes());
    };
    std::fs::write(file, &s)
        .map_err(|e| grundy::Error::input(format!("{}: {e}", grundy::error::escape(file))))?;
    let what = if genus { "genera" } else { "misère values" };
    if json {
        return print_json(&serde_json::json!({ "game": name, "out": file, "heaps": to + 1 }));
    }
    write_stdout(
        format!(
            "# {name}: {} {what} (heaps 0..={to}) in {}\n",
            to + 1,
            grundy::error::escape(file)
        )
        .as_bytes(),
    )
}
