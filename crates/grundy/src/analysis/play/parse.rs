//! Reading a move typed by a person: a number from the list, the move's text, or the short form
//! `[GAME] POSITION -> RESULT`.

use super::{LegalMove, Session};
use crate::error::{Error, Result};

impl Session {
    /// Reads a move typed by a person: a number from the list, the move's text as listed (`kayles 7: take 2 from the
    /// heap of 7, leaving 5`, or its words alone), or the short form `[GAME] POSITION -> RESULT` (`kayles 7 -> 5`,
    /// `7 -> 1 + 4`, `3 -> 0`). Returns the move's number; an error says in one line why the text is no legal move.
    pub fn parse_move(&mut self, text: &str) -> Result<usize> {
        let moves = self.moves()?;
        let t = norm(text);
        if t.is_empty() {
            return Err(Error::input(
                "type a move: a number from the list, a move such as the list shows, or 'help'",
            ));
        }
        if moves.is_empty() {
            return Err(Error::input("no move is left: the game is over"));
        }
        if t.chars().all(|c| c.is_ascii_digit()) && !t.contains("->") {
            return match t.parse::<usize>() {
                Ok(n) if (1..=moves.len()).contains(&n) => Ok(n),
                _ => Err(Error::input(format!(
                    "there is no move {t}: the moves are numbered 1 to {}",
                    moves.len()
                ))),
            };
        }
        let same = |a: &LegalMove, b: &LegalMove| {
            a.game == b.game && a.position == b.position && a.result == b.result
        };
        let pick = |found: Vec<&LegalMove>, what: &str| -> Result<Option<usize>> {
            match found.split_first() {
                None => Ok(None),
                Some((first, rest)) if rest.iter().all(|m| same(first, m)) => {
                    Ok(Some(first.number))
                }
                Some(_) => Err(Error::input(format!(
                    "'{what}' names more than one move: type the whole move or its number"
                ))),
            }
        };
        let full: Vec<&LegalMove> = moves
            .iter()
            .filter(|m| norm(&m.text) == t || norm(&m.description) == t || norm(&m.short) == t)
            .collect();
        if let Some(n) = pick(full, text.trim())? {
            return Ok(n);
        }
        let Some((left, right)) = t.split_once("->") else {
            return Err(Error::input(format!(
                "'{}' is not a legal move or a command (type a move number, a move such as '{}', or 'help')",
                text.trim(),
                moves[0].short
            )));
        };
        let (left, right) = (left.trim(), right.trim());
        // An optional game name before the position.
        let mut game: Option<String> = None;
        let mut pos = left.to_string();
        for g in &self.games {
            let name = norm(&g.name());
            if let Some(rest) = left.strip_prefix(&name) {
                if rest.starts_with(' ') && game.as_ref().is_none_or(|n| n.len() < name.len()) {
                    game = Some(name);
                    pos = rest.trim().to_string();
                }
            }
        }
        let want = sum_parts(right);
        let at: Vec<&LegalMove> = moves
            .iter()
            .filter(|m| {
                // (The position as typed keeps its dots: a Cram row ends in `.`, which `norm` trims from the end
                // of a sentence, and the left side of `->` is no sentence's end.)
                game.as_ref().is_none_or(|g| norm(&m.game) == *g) && words(&m.position) == pos
            })
            .collect();
        if at.is_empty() {
            return Err(Error::input(format!(
                "no part of the position is '{}' (the parts: {})",
                left,
                self.components().join(", ")
            )));
        }
        let found: Vec<&LegalMove> = at
            .iter()
            .copied()
            .filter(|m| sum_parts(&norm(&m.result)) == want)
            .collect();
        match pick(found, text.trim())? {
            Some(n) => Ok(n),
            None => Err(no_move_to(left, right, &at)),
        }
    }
}

/// The error for a short form `left -> right` whose part `left` has moves (`at`) but none to `right`: the results
/// its moves lead to (the first 12).
fn no_move_to(left: &str, right: &str, at: &[&LegalMove]) -> Error {
    let mut results: Vec<String> = Vec::new();
    for m in at {
        if !results.contains(&m.result) {
            results.push(m.result.clone());
        }
    }
    let more = if results.len() > 12 {
        format!(", ... ({} in all)", results.len())
    } else {
        String::new()
    };
    results.truncate(12);
    Error::input(format!(
        "{left} cannot move to {right}: its moves lead to {}{more}",
        results.join(", ")
    ))
}

/// Text for comparison: lower case, runs of white space as one space, no trailing full stop.
fn norm(s: &str) -> String {
    words(s).trim_end_matches('.').trim().to_string()
}

/// `s` with its words separated by single spaces, in lower case.
fn words(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The parts of a sum as written (`1 + 4`), sorted, for comparing results: `0`, `nothing` and the empty position
/// are the empty sum.
fn sum_parts(s: &str) -> Vec<String> {
    let s = norm(s);
    if matches!(
        s.as_str(),
        "" | "0" | "nothing" | "empty" | "the empty position" | "nothing in this component"
    ) {
        return Vec::new();
    }
    let mut v: Vec<String> = s.split('+').map(norm).collect();
    v.sort();
    v
}
