//! `grundy value … --loopy`: tokens on a digraph with cycles, or heaps of a code whose moves may add tokens.
//!
//! Outcomes are P, N or D (a draw: perfect play goes on forever); values are Smith's generalised Sprague–Grundy
//! values, written `3` (finite) or `inf(0,2)` (`∞(K)` with `K = {0, 2}`, the finite values the position can move
//! to). See `grundy::loopy`.

use crate::args::Args;
use crate::output::{print_json, write_stdout, CliError, CliResult};
use grundy::loopy::graph::{Graph, Gsg, LoopyAnalysis, Solved};
use grundy::Outcome;
use std::fmt::Write as _;

/// The default bound on heap sizes for loopy heap codes.
const DEFAULT_MAX_HEAP: u64 = 1000;

/// `value loopy-graph FILE NODE...` or `value CODE HEAP... --loopy [--max-heap B]`.
pub fn run_value(args: &Args) -> CliResult {
    let words = &args.positional;
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
        let text = std::fs::read_to_string(file).map_err(|e| {
            grundy::Error::input(format!("{file}: cannot read the graph file: {e}"))
        })?;
        let graph = Graph::parse(&text).map_err(|e| e.context(file))?;
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
        let solved = grundy::loopy::heap::solve_code(&code, bound)?;
        let rule = format!(
            "the game {code} is played on heaps of at most {bound} tokens: a move that would leave a larger heap is not allowed (--max-heap)"
        );
        (solved, tokens, "heap", Some(rule))
    };
    let mut a = solved.analyse(&tokens);
    // Equal tokens have the same moves: list each move once, at the first such token (as misère mode does).
    let first = |m: &grundy::loopy::TokenMove| !tokens[..m.token].contains(&tokens[m.token]);
    a.winning_moves.retain(first);
    a.drawing_moves.retain(first);
    if args.switch("json") {
        return print_json(&to_json(&a, &tokens, what, rule.as_deref()));
    }
    let mut s = String::new();
    if let Some(r) = &rule {
        let _ = writeln!(s, "note: {r}");
    }
    s.push_str(&explain(&a, &tokens, what));
    write_stdout(s.as_bytes())
}

fn value_json(v: &Gsg) -> serde_json::Value {
    match v {
        Gsg::Finite(x) => serde_json::json!({ "finite": x }),
        Gsg::Infinite(k) => serde_json::json!({ "infinite": k.iter().collect::<Vec<_>>() }),
    }
}

fn to_json(a: &LoopyAnalysis, tokens: &[u32], what: &str, rule: Option<&str>) -> serde_json::Value {
    let mv = |m: &grundy::loopy::TokenMove| {
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

fn explain(a: &LoopyAnalysis, tokens: &[u32], what: &str) -> String {
    let mut s = String::new();
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
            let _ = writeln!(s, "winning moves:");
            for m in &a.winning_moves {
                let _ = writeln!(
                    s,
                    "  move the token on {what} {} to {what} {} (the value becomes {})",
                    m.from, m.to, m.value_after
                );
            }
        }
        Outcome::D => {
            let _ = writeln!(
                s,
                "outcome: D (a draw: neither player can force a win, and perfect play goes on forever)"
            );
            let _ = writeln!(s, "moves that keep the draw:");
            for m in &a.drawing_moves {
                let _ = writeln!(
                    s,
                    "  move the token on {what} {} to {what} {} (the value becomes {})",
                    m.from, m.to, m.value_after
                );
            }
        }
    }
    s
}
