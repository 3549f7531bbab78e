//! Loopy play of a sum: games whose positions can repeat, valued by Smith's generalised Sprague–Grundy values.
//!
//! The sum must be of one game (tokens on one graph, heaps of one code). Which solver answers is decided here:
//!
//! - **a take-and-break code** ([`crate::HeapFacts::code`]), loopy or not, played on heaps of at most `max_heap` tokens
//!   (a move that would leave a larger heap is not allowed): the heap graph of [`crate::loopy::heap`] when no move
//!   leaves two or more heaps, else the graph of multisets of heaps reachable from the sum
//!   ([`crate::loopy::multiset`]);
//! - **any other game** whose options are single positions (tokens on a digraph, a scripted game): the positions
//!   reachable from the sum's, explored through [`crate::Game::options`] and numbered, then solved as a digraph
//!   ([`crate::loopy::graph`]). The sum's value then follows from its parts' by Smith's rule, in time linear in the
//!   number of tokens.

use super::Sum;
use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::loopy::graph::{Graph, Gsg, Solved, TokenMove};
use crate::loopy::multiset::MultisetGame;
use crate::solver::Limits;
use serde::ser::{Serialize, SerializeStruct, Serializer};

/// Where a token is or goes: a node or heap number, heaps left by a move (a multiset position), or a position as the
/// game writes it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum Place {
    /// A node of a graph, or a heap.
    Number(u64),
    /// The heaps a move leaves (a move of a code that splits heaps).
    Heaps(Vec<u32>),
    /// A position as the game writes it.
    Text(String),
}

impl Place {
    fn of(shown: &str) -> Place {
        shown
            .parse()
            .map_or_else(|_| Place::Text(shown.to_string()), Place::Number)
    }
}

/// One move of one token, with the value of the sum after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopyMove {
    /// Index of the token (part) moved, 0-based.
    pub component: usize,
    /// Where the token was.
    pub from: Place,
    /// Where it goes.
    pub to: Place,
    /// The move in words.
    pub description: String,
    /// The generalised value of the sum after the move.
    pub value_after: Gsg,
}

/// One part of the sum with its generalised value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopyPart {
    /// The position (node or heap).
    pub position: Place,
    /// Its generalised value.
    pub value: Gsg,
}

/// The loopy analysis of a sum.
///
/// Serialises as `{"outcome", "value", "value_text", "note", "parts", "winning_moves", "drawing_moves"}` (and
/// `"positions"` for a code whose moves split heaps): a value is `{"finite": n}` or `{"infinite": [K...]}`, with its
/// text `"3"` or `"inf(0,2)"`; each part is `{KIND: position, "value", "value_text"}` with `KIND` the word
/// [`LoopyAnalysis::kind`] (`"node"` or `"heap"`); each move is `{"component", "from", "to", "value_after",
/// "value_after_text"}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopyAnalysis {
    /// `P`, `N`, or `D` when perfect play goes on forever.
    pub outcome: Outcome,
    /// The generalised value of the sum.
    pub value: Gsg,
    /// What a part is: `"node"`, `"heap"` or `"position"`.
    pub kind: &'static str,
    /// The rule the game was played under (the heap bound of a code), if any.
    pub note: Option<String>,
    /// Each part, in the order of the sum.
    pub parts: Vec<LoopyPart>,
    /// Every move to a P-position (non-empty exactly for an N-position).
    pub winning_moves: Vec<LoopyMove>,
    /// Every move to a D-position (listed for a D-position: the moves that keep the draw).
    pub drawing_moves: Vec<LoopyMove>,
    /// For a code whose moves split heaps: how many multisets of heaps are reachable.
    pub positions: Option<usize>,
}

struct Value<'a>(&'a Gsg);

impl Serialize for Value<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let mut st = serializer.serialize_struct("Value", 1)?;
        match self.0 {
            Gsg::Finite(x) => st.serialize_field("finite", x)?,
            Gsg::Infinite(k) => st.serialize_field("infinite", k)?,
        }
        st.end()
    }
}

/// A part as JSON: `{KIND: position, "value", "value_text"}`.
struct PartJson<'a> {
    kind: &'static str,
    part: &'a LoopyPart,
}

impl Serialize for PartJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = serializer.serialize_map(Some(3))?;
        m.serialize_entry(self.kind, &self.part.position)?;
        m.serialize_entry("value", &Value(&self.part.value))?;
        m.serialize_entry("value_text", &self.part.value.to_string())?;
        m.end()
    }
}

impl Serialize for LoopyMove {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let mut st = serializer.serialize_struct("LoopyMove", 5)?;
        st.serialize_field("component", &self.component)?;
        st.serialize_field("from", &self.from)?;
        st.serialize_field("to", &self.to)?;
        st.serialize_field("value_after", &Value(&self.value_after))?;
        st.serialize_field("value_after_text", &self.value_after.to_string())?;
        st.end()
    }
}

impl Serialize for LoopyAnalysis {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let parts: Vec<PartJson> = self
            .parts
            .iter()
            .map(|p| PartJson {
                kind: self.kind,
                part: p,
            })
            .collect();
        let mut st = serializer.serialize_struct("LoopyAnalysis", 8)?;
        st.serialize_field("outcome", &self.outcome)?;
        st.serialize_field("value", &Value(&self.value))?;
        st.serialize_field("value_text", &self.value.to_string())?;
        st.serialize_field("note", &self.note)?;
        st.serialize_field("parts", &parts)?;
        st.serialize_field("winning_moves", &self.winning_moves)?;
        st.serialize_field("drawing_moves", &self.drawing_moves)?;
        if let Some(n) = self.positions {
            st.serialize_field("positions", &n)?;
        }
        st.end()
    }
}

/// The limits a loopy analysis runs under: `command` with the positions budget at `max_positions` when given, else
/// at the default of the sum's kind: a graph's whole size ([`crate::loopy::graph::MAX_NODES`]) for tokens on a
/// graph read from a file (`graph`), [`crate::loopy::multiset::DEFAULT_MAX_POSITIONS`] otherwise. Every front end
/// reads its defaults from here.
pub fn limits(command: &Limits, max_positions: Option<usize>, graph: bool) -> Limits {
    let mut l = *command;
    l.max_positions = max_positions.unwrap_or(if graph {
        crate::loopy::graph::MAX_NODES as usize
    } else {
        crate::loopy::multiset::DEFAULT_MAX_POSITIONS as usize
    });
    l
}

/// The loopy analysis of `sum` (positions of one game), codes played on heaps of at most `max_heap` tokens, within
/// `limits` (its positions budget bounds the positions explored; its memory budget the graphs built).
///
/// Long: two searches behind one report: a heap code by the multiset solver (with its own move words), any other game
/// by its reachable graph; both read the positions shown and the limits checked first.
pub fn analyse(sum: &mut Sum, max_heap: u64, limits: &Limits) -> Result<LoopyAnalysis> {
    let [group] = sum.groups() else {
        return Err(Error::input(
            "loopy play takes one game: tokens on one graph, or heaps of one code",
        ));
    };
    if group.len() == 0 {
        return Err(Error::input("give at least one position"));
    }
    let shown: Vec<String> = (0..group.len()).map(|i| group.show(i)).collect();
    if let Some(code) = group.code() {
        let name = group.name();
        let mut heaps = Vec::with_capacity(shown.len());
        for s in &shown {
            heaps.push(
                crate::error::parse_bounded(
                    s,
                    &format!("{name}: heap size (at most the largest heap, {max_heap})"),
                    max_heap,
                )
                .map_err(|e| e.with_remedy(crate::error::Remedy::RaiseMaxHeap))?,
            );
        }
        let rule = format!(
            "the game {code} is played on heaps of at most {max_heap} tokens: a move that would leave a larger heap is not allowed"
        );
        if code.max_heaps() >= 2 {
            let game = MultisetGame::solve_within(
                &code,
                max_heap,
                &heaps,
                limits.max_positions as u64,
                limits.max_memory,
            )?;
            let a = game.analyse();
            let mv = |m: &TokenMove| {
                let n = heaps[m.token];
                let to = game.multiset(m.to).to_vec();
                let what = match to.as_slice() {
                    [] => format!("remove the heap of {n}"),
                    [x] if u64::from(*x) == n => format!("pass: leave the heap of {n} as it is"),
                    [x] => format!("change the heap of {n} into a heap of {x}"),
                    many => {
                        let xs: Vec<String> = many.iter().map(u32::to_string).collect();
                        format!("replace the heap of {n} by heaps {}", xs.join(", "))
                    }
                };
                LoopyMove {
                    component: m.token,
                    from: Place::Number(n),
                    to: Place::Heaps(to),
                    description: format!("{what} (the value becomes {})", m.value_after),
                    value_after: m.value_after.clone(),
                }
            };
            return Ok(LoopyAnalysis {
                outcome: a.outcome,
                value: a.value.clone(),
                kind: "heap",
                note: Some(format!(
                    "{rule}; a position is a multiset of heaps ({} position{} reachable from the heaps given)",
                    game.positions(),
                    crate::error::plural(game.positions() as u64)
                )),
                parts: heaps
                    .iter()
                    .zip(&a.parts)
                    .map(|(&h, v)| LoopyPart {
                        position: Place::Number(h),
                        value: v.clone(),
                    })
                    .collect(),
                winning_moves: a.winning_moves.iter().map(mv).collect(),
                drawing_moves: a.drawing_moves.iter().map(mv).collect(),
                positions: Some(game.positions()),
            });
        }
        let solved = crate::loopy::heap::solve_code_within(&code, max_heap, limits.max_memory)?;
        let tokens: Vec<u32> = heaps.iter().map(|&h| h as u32).collect();
        let label = |u: u32| u.to_string();
        return Ok(report(&solved, &tokens, "heap", Some(rule), &label, None));
    }
    let reachable = group.reachable(limits.max_positions).unwrap_or_else(|| {
        Err(Error::unsupported(format!(
            "{}: loopy analysis needs every option to be one position (a move here leaves a sum)",
            group.name()
        )))
    })?;
    let estimate = (reachable.shown.len() as u64 + reachable.edges.len() as u64) * 24;
    if estimate > limits.max_memory {
        return Err(Error::over_budget(
            crate::error::Budget::Memory(limits.max_memory),
            format!(
                "{}: the graph of reachable positions needs about {} (the memory budget is {})",
                group.name(),
                crate::solver::format_bytes(estimate),
                crate::solver::format_bytes(limits.max_memory)
            ),
        ));
    }
    let graph = Graph::new(reachable.shown.len(), &reachable.edges)?;
    let solved = Solved::new(graph);
    let kind = if matches!(group.name().as_str(), "loopy-graph" | "graph") {
        "node"
    } else {
        "position"
    };
    let label = |u: u32| reachable.shown[u as usize].clone();
    Ok(report(
        &solved,
        &reachable.roots,
        kind,
        group.note(),
        &label,
        Some(&*reachable.describe),
    ))
}

/// The report for tokens on a solved graph, positions labelled by `label` and moves described by `describe` (or
/// as moves of a token).
fn report(
    solved: &Solved,
    tokens: &[u32],
    kind: &'static str,
    note: Option<String>,
    label: &dyn Fn(u32) -> String,
    describe: Option<&dyn Fn(u32, u32) -> String>,
) -> LoopyAnalysis {
    let a = solved.analyse(tokens);
    let mv = |m: &TokenMove| {
        let (from, to) = (label(m.from), label(m.to));
        let what = match describe {
            Some(d) if kind != "node" => d(m.from, m.to),
            _ => format!("move the token on {kind} {from} to {kind} {to}"),
        };
        LoopyMove {
            component: m.token,
            from: Place::of(&from),
            to: Place::of(&to),
            description: format!("{what} (the value becomes {})", m.value_after),
            value_after: m.value_after.clone(),
        }
    };
    LoopyAnalysis {
        outcome: a.outcome,
        value: a.value.clone(),
        kind,
        note,
        parts: tokens
            .iter()
            .zip(&a.parts)
            .map(|(&t, v)| LoopyPart {
                position: Place::of(&label(t)),
                value: v.clone(),
            })
            .collect(),
        winning_moves: a.winning_moves.iter().map(mv).collect(),
        drawing_moves: a.drawing_moves.iter().map(mv).collect(),
        positions: None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::Convention;
    use super::*;

    #[test]
    fn the_defaults_of_loopy_play_are_defined_once() {
        assert_eq!(
            Convention::loopy(None).unwrap(),
            Convention::Loopy {
                max_heap: crate::loopy::heap::DEFAULT_MAX_HEAP
            }
        );
        assert_eq!(
            Convention::loopy(Some(50)).unwrap(),
            Convention::Loopy { max_heap: 50 }
        );
        let e = Convention::loopy(Some(crate::loopy::heap::MAX_BOUND + 1)).unwrap_err();
        assert_eq!(e.kind(), crate::ErrorKind::Input);
        let l = Limits::default();
        assert_eq!(
            limits(&l, None, false).max_positions as u64,
            crate::loopy::multiset::DEFAULT_MAX_POSITIONS
        );
        assert_eq!(
            limits(&l, None, true).max_positions as u64,
            crate::loopy::graph::MAX_NODES
        );
        assert_eq!(limits(&l, Some(7), true).max_positions, 7);
    }
}
