//! `grundy value … --loopy`: tokens on a digraph with cycles, or heaps of a code whose moves may add tokens.
//!
//! Outcomes are P, N or D (a draw: perfect play goes on forever); values are Smith's generalised Sprague–Grundy
//! values, written `3` (finite) or `inf(0,2)` (`∞(K)` with `K = {0, 2}`, the finite values the position can move
//! to). See `grundy::loopy`.
//!
//! A code whose moves leave two or more heaps is played on multisets of heaps (`grundy::loopy::multiset`): each heap
//! is a component whose graph is built from it under a budget of positions (`--max-positions`, default 2·10^6);
//! a move replaces one heap by the heaps it leaves, written `to: [heaps]` in JSON.

use crate::args::Args;
use crate::output::{print_json, write_stdout, CliError, CliResult};
use grundy::loopy::graph::{Graph, Gsg, LoopyAnalysis, Solved, TokenMove};
use grundy::loopy::multiset::{MultisetGame, DEFAULT_MAX_POSITIONS};
use grundy::Outcome;
use std::fmt::Write as _;

/// Moves printed in text before the list is shortened (JSON and --all-moves list them all), as in normal play.
const MOVES_SHOWN: usize = 20;

/// The default bound on heap sizes for loopy heap codes.
const DEFAULT_MAX_HEAP: u64 = 1000;

/// `value loopy-graph FILE NODE...` or `value CODE HEAP... --loopy [--max-heap B]`.
pub fn run_value(args: &Args) -> CliResult {
    let words = &args.positional;
    if args.switch("misere") {
        return Err(grundy::Error::unsupported(
            "--misere: misère play of loopy games (loopy-graph, --loopy) is not supported; their values and \
             outcomes are for normal play (whoever cannot move loses), so leave out --misere",
        )
        .into());
    }
    if words.iter().any(|w| w == "+") {
        return Err(CliError::usage(
            "--loopy takes one game: tokens on one graph, or heaps of one code",
        ));
    }
    let Some((game, rest)) = words.split_first() else {
        return Err(CliError::usage("'grundy value --loopy' needs a game"));
    };
    let (solved, tokens, what, rule) = if game == "loopy-graph" || game == "graph" {
        let [file, nodes @ ..] = rest else {
            return Err(CliError::usage(
                "'grundy value loopy-graph FILE NODE...' needs a graph file",
            ));
        };
        if nodes.is_empty() {
            return Err(CliError::usage("give at least one NODE to put a token on"));
        }
        let graph = Graph::read_file(file)?;
        let mut tokens = Vec::new();
        for w in nodes {
            let u = grundy::error::parse_u64(w, "node")?;
            tokens.push(graph.check_node(u)?);
        }
        (Solved::new(graph), tokens, "node", None)
    } else {
        let code = grundy::heap::Code::parse(game)?;
        let bound = match args.value("max-heap") {
            Some(b) => {
                grundy::error::parse_bounded(b, "--max-heap", grundy::loopy::heap::MAX_BOUND)?
            }
            None => DEFAULT_MAX_HEAP,
        };
        if rest.is_empty() {
            return Err(CliError::usage("give at least one heap size"));
        }
        let mut tokens = Vec::new();
        for w in rest {
            let n = grundy::error::parse_bounded(
                w,
                &format!("{game}: heap size (at most --max-heap {bound})"),
                bound,
            )?;
            tokens.push(n as u32);
        }
        if code.max_heaps() >= 2 {
            return run_split(args, &code, bound, &tokens);
        }
        let solved = grundy::loopy::heap::solve_code_within(
            &code,
            bound,
            crate::guard::limits().max_memory,
        )?;
        let rule = format!(
            "the game {code} is played on heaps of at most {bound} tokens: a move that would leave a larger heap is not allowed (--max-heap)"
        );
        (solved, tokens, "heap", Some(rule))
    };
    // Every winning (or draw-keeping) move of every token is listed, equal tokens each under their own index.
    let a = solved.analyse(&tokens);
    if args.switch("json") {
        return print_json(&to_json(&a, &tokens, what, rule.as_deref()));
    }
    let mut s = String::new();
    if let Some(r) = &rule {
        let _ = writeln!(s, "note: {r}");
    }
    s.push_str(&explain(&a, &tokens, what, args.switch("all-moves")));
    write_stdout(s.as_bytes())
}

/// A code whose moves split heaps: each heap a component, solved on the multisets reachable from it.
fn run_split(args: &Args, code: &grundy::heap::Code, bound: u64, heaps: &[u32]) -> CliResult {
    let max_positions = match args.value("max-positions") {
        Some(v) => {
            grundy::error::parse_bounded(v, "--max-positions", grundy::loopy::graph::MAX_NODES)?
        }
        None => DEFAULT_MAX_POSITIONS,
    };
    let hs: Vec<u64> = heaps.iter().map(|&h| h as u64).collect();
    let game = MultisetGame::solve_within(
        code,
        bound,
        &hs,
        max_positions,
        crate::guard::limits().max_memory,
    )?;
    let a = game.analyse();
    let rule = format!(
        "the game {code} is played on heaps of at most {bound} tokens: a move that would leave a larger heap is not allowed (--max-heap); a position is a multiset of heaps ({} positions reachable from the heaps given)",
        game.positions()
    );
    let leaves = |m: &TokenMove| -> Vec<u32> { game.multiset(m.to).to_vec() };
    if args.switch("json") {
        let mut j = to_json(&a, heaps, "heap", Some(&rule));
        let moves = |list: &[TokenMove]| -> Vec<serde_json::Value> {
            list.iter()
                .map(|m| {
                    serde_json::json!({
                        "component": m.token, "from": heaps[m.token], "to": leaves(m),
                        "value_after": value_json(&m.value_after),
                        "value_after_text": m.value_after.to_string(),
                    })
                })
                .collect()
        };
        j["winning_moves"] = moves(&a.winning_moves).into();
        j["drawing_moves"] = moves(&a.drawing_moves).into();
        j["positions"] = game.positions().into();
        return print_json(&j);
    }
    let describe = |m: &TokenMove| -> String {
        let n = heaps[m.token];
        let to = leaves(m);
        let what = match to.as_slice() {
            [] => format!("remove the heap of {n}"),
            [x] if *x == n => format!("pass: leave the heap of {n} as it is"),
            [x] => format!("change the heap of {n} into a heap of {x}"),
            many => {
                let xs: Vec<String> = many.iter().map(u32::to_string).collect();
                format!("replace the heap of {n} by heaps {}", xs.join(", "))
            }
        };
        format!("{what} (the value becomes {})", m.value_after)
    };
    let mut s = format!("note: {rule}\n");
    s.push_str(&explain_with(
        &a,
        heaps,
        "heap",
        &describe,
        args.switch("all-moves"),
    ));
    write_stdout(s.as_bytes())
}

fn value_json(v: &Gsg) -> serde_json::Value {
    match v {
        Gsg::Finite(x) => serde_json::json!({ "finite": x }),
        Gsg::Infinite(k) => serde_json::json!({ "infinite": k.iter().collect::<Vec<_>>() }),
    }
}

fn to_json(a: &LoopyAnalysis, tokens: &[u32], what: &str, rule: Option<&str>) -> serde_json::Value {
    let mv = |m: &TokenMove| {
        serde_json::json!({
            "component": m.token, "from": m.from, "to": m.to,
            "value_after": value_json(&m.value_after), "value_after_text": m.value_after.to_string(),
        })
    };
    serde_json::json!({
        "outcome": a.outcome.letter(),
        "value": value_json(&a.value),
        "value_text": a.value.to_string(),
        "note": rule,
        "parts": tokens.iter().zip(&a.parts).map(|(t, v)| serde_json::json!({
            what: t, "value": value_json(v), "value_text": v.to_string(),
        })).collect::<Vec<_>>(),
        "winning_moves": a.winning_moves.iter().map(mv).collect::<Vec<_>>(),
        "drawing_moves": a.drawing_moves.iter().map(mv).collect::<Vec<_>>(),
    })
}

fn explain(a: &LoopyAnalysis, tokens: &[u32], what: &str, all: bool) -> String {
    let describe = |m: &TokenMove| {
        format!(
            "move the token on {what} {} to {what} {} (the value becomes {})",
            m.from, m.to, m.value_after
        )
    };
    explain_with(a, tokens, what, &describe, all)
}

fn explain_with(
    a: &LoopyAnalysis,
    tokens: &[u32],
    what: &str,
    describe: &dyn Fn(&TokenMove) -> String,
    all: bool,
) -> String {
    let mut s = String::new();
    // Equal tokens are told apart by their index (as in JSON, from 0); each distinct token counted once.
    let mut counts: std::collections::HashMap<u32, usize> = std::collections::HashMap::new();
    for &t in tokens {
        *counts.entry(t).or_default() += 1;
    }
    let token_label = |i: usize| -> String {
        if counts[&tokens[i]] > 1 {
            format!("[component {i}] ")
        } else {
            String::new()
        }
    };
    // The first MOVES_SHOWN moves, and how many there are (--all-moves: every one), as normal play's text does.
    let list = |s: &mut String, title: &str, moves: &[TokenMove]| {
        let shown = if all {
            moves.len()
        } else {
            moves.len().min(MOVES_SHOWN)
        };
        if shown < moves.len() {
            let _ = writeln!(s, "{} {title}; the first {shown}:", moves.len());
        } else {
            let _ = writeln!(s, "{title}:");
        }
        for m in &moves[..shown] {
            let _ = writeln!(s, "  {}{}", token_label(m.token), describe(m));
        }
        if shown < moves.len() {
            let _ = writeln!(
                s,
                "  ... and {} more (--all-moves lists them, --json gives them all)",
                moves.len() - shown
            );
        }
    };
    for (t, v) in tokens.iter().zip(&a.parts) {
        let _ = writeln!(s, "{what} {t}: generalised value {v}");
    }
    if tokens.len() > 1 {
        let xs: Vec<String> = a.parts.iter().map(|p| p.to_string()).collect();
        let _ = writeln!(s, "sum: {} = {}", xs.join(" xor "), a.value);
    }
    match a.outcome {
        Outcome::P => {
            let _ = writeln!(
                s,
                "outcome: P (the player to move loses: every move leaves a non-zero value, and the opponent answers it)"
            );
        }
        Outcome::N => {
            let _ = writeln!(
                s,
                "outcome: N (the player to move wins by moving to a position of value 0)"
            );
            list(&mut s, "winning moves", &a.winning_moves);
        }
        Outcome::D => {
            let _ = writeln!(
                s,
                "outcome: D (a draw: neither player can force a win, and perfect play goes on forever)"
            );
            list(&mut s, "moves that keep the draw", &a.drawing_moves);
        }
    }
    s
}
