//! A game against a perfect opponent that explains itself: the session behind `grundy play`.
//!
//! A [`Session`] holds a sum of positions of any games (the [`Sum`] that [`analyse`] values), whose turn it is, and
//! every move made. It lists the legal moves (numbered, in the words the tool prints moves in), reads a move typed
//! as that text, as a short form (`kayles 7 -> 5`) or as a number from the list, applies it, takes it back
//! ([`Session::undo`]), and judges every position by the convention asked for:
//!
//! - **normal play**: each component's nim-value and their nim-sum (Sprague–Grundy); a winning move makes it 0;
//! - **misère play**: [`analyse`] with [`Convention::Misere`] (misère Nim's rule, the SJ theorem, a game's own rule,
//!   or exact search, and the report says which);
//! - **loopy play**: [`analyse`] with [`Convention::Loopy`] (Smith's generalised values): a winning move leaves a
//!   P-position, and in a D-position a move that keeps the draw exists.
//!
//! **The engine's choice** ([`Session::engine_move`]): a winning move when one exists (the first in the list), with
//! the reason in one line (the nim-sum it leaves; the misère method that found it; that it leaves a loopy
//! P-position); else, in a draw, a move that keeps the draw; else the position is lost, and the engine plays the move
//! that makes the game last longest against perfect play. That is the move to the option of largest *remoteness*
//! (Steinhaus; Winning Ways ch. 9: a terminal position has remoteness 0; a position that is won has remoteness
//! `1 + min` over its lost options, one that is lost `1 + max` over all its options; the winner hurries, the loser
//! delays). Remoteness is searched exactly over the sums reachable (multisets of components, terminal components
//! dropped, since `X + 0 = X` under both conventions), when they number at most [`REMOTENESS_STATES`] and the search
//! ends within [`REMOTENESS_SECONDS`]. Past that budget, and always in loopy games (where positions repeat), the
//! engine falls back to the move that leaves the person the fewest winning replies (each option judged by the
//! convention's own analysis; ties: the first listed; only those compared within [`FALLBACK_SECONDS`]), or to the
//! first listed move when there are more than [`FALLBACK_MAX_MOVES`] to compare, and its reason says which rule
//! chose.
//!
//! **At the end** ([`Session::verdict`]): who won, and when the person lost, the first of their moves at which a
//! winning move existed but was not played, with that winning move.
//!
//! **Cost.** Listing the moves costs one enumeration of each component's options (at most [`MAX_OPTIONS`] each).
//! A normal-play judgement adds one nim-value per component and per option (memoised, the closed forms first). A
//! misère or loopy judgement is one [`analyse`] of the sum, cached per position. The remoteness search is bounded as
//! above.
//!
//! [`Sum`]: super::Sum
//! [`analyse`]: super::analyse

mod choice;
mod judge;
mod parse;
mod remoteness;
mod session;

use super::Convention;
use crate::game::Outcome;
use crate::nimber::Nimber;
use crate::parts::group::Playable;
use crate::solver::Limits;
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::rc::Rc;

use remoteness::Remote;

/// The most options one component may have for the session to list them.
pub const MAX_OPTIONS: usize = 100_000;
/// The most sums the exact remoteness search stores before the engine falls back.
pub const REMOTENESS_STATES: usize = 200_000;
/// The most time the exact remoteness search takes, in seconds, before the engine falls back.
pub const REMOTENESS_SECONDS: f64 = 3.0;
/// The most moves the fallback (fewest winning replies) compares; past it the engine plays the first listed move.
pub const FALLBACK_MAX_MOVES: usize = 200;
/// The time the fallback spends comparing moves, in seconds: past it, the best of those compared is played.
pub const FALLBACK_SECONDS: f64 = 10.0;

/// Who plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The person at the keyboard.
    Person,
    /// The perfect opponent.
    Engine,
}

impl Player {
    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Person => Player::Engine,
            Player::Engine => Player::Person,
        }
    }
}

/// One legal move of the position, as the session lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LegalMove {
    /// Its number in the list (from 1): typing it plays the move.
    pub number: usize,
    /// Index of the component moved in (0-based, in the order of [`Session::components`]).
    pub component: usize,
    /// The component's game.
    pub game: String,
    /// The component's position before the move.
    pub position: String,
    /// The move in words.
    #[serde(rename = "move")]
    pub description: String,
    /// What the component becomes (a sum of the game's positions; `0` for an emptied heap).
    pub result: String,
    /// The whole move as the tool prints it: `kayles 7: take 2 from the heap of 7, leaving 5`.
    pub text: String,
    /// The short form a person may type: `kayles 7 -> 5`.
    pub short: String,
}

/// One component's value now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ComponentValue {
    /// The component's game.
    pub game: String,
    /// Its position.
    pub position: String,
    /// Its value under the convention played: the nim-value (normal and misère play; `null` when it is not known),
    /// or the generalised value (`3`, `inf(0,2)`) in loopy play.
    pub value: Option<String>,
    /// Its misère genus `g^γ0γ1…`, when the misère analysis computed it.
    pub genus: Option<String>,
}

/// The judgement of a position, for the player to move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Judgement {
    /// `N`: the player to move wins; `P`: they lose; `D`: a draw (loopy play).
    pub outcome: Outcome,
    /// The winning moves, by their numbers in the list.
    pub winning: Vec<usize>,
    /// The moves that keep a draw (loopy play, in a D-position), by number.
    pub drawing: Vec<usize>,
    /// Why, in one line: the nim-sum, the misère method, or the generalised value.
    pub why: String,
    /// Each component's value now.
    pub values: Vec<ComponentValue>,
}

/// How the engine chose its move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "rule")]
pub enum Choice {
    /// A winning move (to a P-position).
    Winning,
    /// A move that keeps a draw (loopy play).
    Drawing,
    /// Lost: the move of largest remoteness, searched exactly. After it, the person wins in `remoteness` more moves
    /// (theirs and the engine's) with perfect play by both; `states` sums were searched.
    Longest {
        /// Moves left with perfect play by both after the engine's move.
        remoteness: u32,
        /// Sums the search stored.
        states: usize,
    },
    /// Lost, remoteness not searched (loopy play, or past its budget): the move that leaves the fewest winning
    /// replies.
    FewestReplies {
        /// The person's winning replies after the move.
        replies: usize,
    },
    /// Lost, too many moves to compare: the first listed.
    FirstListed,
}

/// A move the engine made, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EngineMove {
    /// The move.
    #[serde(rename = "move")]
    pub mv: LegalMove,
    /// The rule that chose it.
    pub choice: Choice,
    /// Why, in one line.
    pub reason: String,
}

/// One move of the game, as recorded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Turn {
    /// The move's number in the game (from 1).
    pub number: usize,
    /// Who made it.
    pub player: Player,
    /// The position before it.
    pub position: String,
    /// The outcome of that position for the player who moved.
    pub outcome_before: Outcome,
    /// The move.
    #[serde(rename = "move")]
    pub mv: LegalMove,
    /// A winning move that existed before it (the first in the list), if any.
    pub winning_move: Option<String>,
    /// Whether the move kept the best outcome there was: a winning move when one existed, a drawing move when the
    /// best was a draw; any move in a lost position.
    pub best: bool,
    /// The engine's reason (engine moves only).
    pub reason: Option<String>,
}

/// The first move at which the person had a winning move and did not play it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MissedWin {
    /// The move's number in the game.
    pub number: usize,
    /// The position then.
    pub position: String,
    /// What the person played.
    pub played: String,
    /// A winning move there.
    pub winning_move: String,
}

/// How the game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// Who won.
    pub winner: Player,
    /// Moves made.
    pub moves: usize,
    /// When the person lost: the first move at which they had a winning move and played another (`None` when
    /// they never had one).
    pub missed: Option<MissedWin>,
    /// The verdict in words.
    pub text: String,
}

/// A component of the sum: (game, position number).
type Comp = (u32, u64);

/// A legal move, with what it does to the sum.
#[derive(Clone)]
struct Legal {
    component: usize,
    option: Vec<u64>,
    mv: LegalMove,
}

/// A game in progress against the engine.
pub struct Session {
    games: Vec<Box<dyn Playable>>,
    convention: Convention,
    limits: Limits,
    seconds: f64,
    state: Vec<Comp>,
    to_move: Player,
    turns: Vec<Turn>,
    /// The position and the player to move before each turn (for undo).
    before: Vec<(Vec<Comp>, Player)>,
    legal_cache: FxHashMap<Vec<Comp>, Rc<Vec<Legal>>>,
    judged: FxHashMap<Vec<Comp>, Rc<Judgement>>,
    remote: Remote,
}

/// The sum after replacing component `i` of `state` by the positions of `option` (same game).
fn apply(state: &[Comp], i: usize, option: &[u64]) -> Vec<Comp> {
    let g = state[i].0;
    let mut out = Vec::with_capacity(state.len() + option.len());
    out.extend_from_slice(&state[..i]);
    out.extend(option.iter().map(|&q| (g, q)));
    out.extend_from_slice(&state[i + 1..]);
    out
}

/// Components joined by `+`, or `nothing`.
fn show_state(parts: &[String]) -> String {
    if parts.is_empty() {
        "nothing".to_string()
    } else {
        parts.join(" + ")
    }
}

/// `4 xor 2 xor 3 = 5` (one value: `nim-value 4`).
fn nim_sum_text(values: &[Nimber], total: Nimber) -> String {
    if let [v] = values {
        return format!("nim-value {v}");
    }
    let xs: Vec<String> = values.iter().map(Nimber::to_string).collect();
    format!("nim-sum {} = {total}", xs.join(" xor "))
}

#[cfg(test)]
mod tests;
