//! How `grundy value … --loopy` (and `value loopy-graph …`) shows the library's loopy analysis
//! (`grundy::analysis::loopy`): tokens on a digraph with cycles, or heaps of a code whose moves may add tokens.
//!
//! Outcomes are P, N or D (a draw: perfect play goes on forever); values are Smith's generalised Sprague–Grundy
//! values, written `3` (finite) or `inf(0,2)` (`∞(K)` with `K = {0, 2}`, the finite values the position can move
//! to). A code whose moves leave two or more heaps is played on multisets of heaps, under a budget of positions
//! (`--max-positions`, default 2·10^6); a move replaces one heap by the heaps it leaves, written `to: [heaps]` in
//! JSON.

use grundy::analysis::loopy::{LoopyAnalysis, LoopyMove, Place};
use grundy::Outcome;
use std::fmt::Write as _;

/// Moves printed in text before the list is shortened (JSON and --all-moves list them all), as in normal play.
const MOVES_SHOWN: usize = 20;

fn place(p: &Place) -> String {
    match p {
        Place::Number(n) => n.to_string(),
        Place::Text(t) => t.clone(),
        Place::Heaps(h) => h.iter().map(u32::to_string).collect::<Vec<_>>().join(" + "),
    }
}

/// The analysis in words a student follows.
pub fn explain(a: &LoopyAnalysis, all: bool) -> String {
    let mut s = String::new();
    if let Some(r) = &a.note {
        let _ = writeln!(s, "note: {r}");
    }
    let what = a.kind;
    let shown: Vec<String> = a.parts.iter().map(|p| place(&p.position)).collect();
    // Equal tokens are told apart by their index (as in JSON, from 0).
    let mut counts: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for t in &shown {
        *counts.entry(t.as_str()).or_default() += 1;
    }
    let label = |i: usize| -> String {
        if counts[shown[i].as_str()] > 1 {
            format!("[component {i}] ")
        } else {
            String::new()
        }
    };
    let list = |s: &mut String, title: &str, moves: &[LoopyMove]| {
        let n = if all {
            moves.len()
        } else {
            moves.len().min(MOVES_SHOWN)
        };
        if n < moves.len() {
            let _ = writeln!(s, "{} {title}; the first {n}:", moves.len());
        } else {
            let _ = writeln!(s, "{title}:");
        }
        for m in &moves[..n] {
            let _ = writeln!(s, "  {}{}", label(m.component), m.description);
        }
        if n < moves.len() {
            let _ = writeln!(
                s,
                "  ... and {} more (--all-moves lists them, --json gives them all)",
                moves.len() - n
            );
        }
    };
    for (t, p) in shown.iter().zip(&a.parts) {
        let _ = writeln!(s, "{what} {t}: generalised value {}", p.value);
    }
    if a.parts.len() > 1 {
        let xs: Vec<String> = a.parts.iter().map(|p| p.value.to_string()).collect();
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
