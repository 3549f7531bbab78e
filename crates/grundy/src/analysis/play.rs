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

use super::{analyse, Convention, Report, Sum};
use crate::context::Context;
use crate::error::{plural, Error, ErrorKind, Result};
use crate::game::Outcome;
use crate::nimber::Nimber;
use crate::parts::group::Playable;
use crate::solver::{Deadline, Limits};
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::fmt::Write as _;
use std::rc::Rc;

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

impl Session {
    /// A session on `sum` under `convention`, `first` to move. Each analysis runs within `limits` (positions,
    /// memory) and `seconds` of its own (a fresh deadline for each judgement, so a person's thinking time does not
    /// count). The starting position is judged at once, so a sum the convention cannot answer is an error here.
    pub fn new(
        sum: Sum,
        convention: Convention,
        first: Player,
        limits: Limits,
        seconds: f64,
    ) -> Result<Session> {
        let mut games = Vec::new();
        let mut state = Vec::new();
        for (g, group) in sum.groups().iter().enumerate() {
            if group.code().is_some_and(|c| c.is_loopy()) {
                // Its moves that add tokens are made by the loopy solvers, not listed as options.
                return Err(Error::unsupported(format!(
                    "{}: playing a code whose moves add tokens is not supported ('grundy value --loopy' analyses it)",
                    group.name()
                )));
            }
            let p = group.playable();
            state.extend(p.roots().into_iter().map(|id| (g as u32, id)));
            games.push(p);
        }
        if state.is_empty() {
            return Err(Error::input("give at least one position to play"));
        }
        // A game's own convention is part of its statement: a game played misère by its own rules is played misère.
        let convention = match (sum.own_play()?, convention) {
            (crate::Play::Normal, c) => c,
            (crate::Play::Misere, Convention::Normal) => Convention::Misere,
            (crate::Play::Misere, Convention::Misere) => {
                return Err(super::misere::already_misere(&sum))
            }
            (crate::Play::Misere, Convention::Loopy { .. }) => {
                return Err(Error::unsupported(format!(
                    "{}: loopy play of a game played misère by its own rules is not supported",
                    sum.groups()[0].name()
                )))
            }
        };
        let mut s = Session {
            games,
            convention,
            limits,
            seconds,
            state,
            to_move: first,
            turns: Vec::new(),
            before: Vec::new(),
            legal_cache: FxHashMap::default(),
            judged: FxHashMap::default(),
            remote: Remote::default(),
        };
        s.judge_now()?;
        Ok(s)
    }

    /// Who is to move.
    pub fn to_move(&self) -> Player {
        self.to_move
    }

    /// The convention played.
    pub fn convention(&self) -> Convention {
        self.convention
    }

    /// Every move made so far.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The components of the position now, each as `GAME POSITION`.
    pub fn components(&self) -> Vec<String> {
        self.state
            .iter()
            .map(|&(g, p)| format!("{} {}", self.games[g as usize].name(), self.show(g, p)))
            .collect()
    }

    /// The position now, its components joined by `+` (`nothing` when none is left).
    pub fn position(&self) -> String {
        show_state(&self.components())
    }

    fn show(&self, g: u32, p: u64) -> String {
        self.games[g as usize].show(p)
    }

    /// The legal moves now, numbered from 1.
    pub fn moves(&mut self) -> Result<Vec<LegalMove>> {
        let state = self.state.clone();
        Ok(self.legal(&state)?.iter().map(|l| l.mv.clone()).collect())
    }

    /// True when the player to move has no move: the game is over.
    pub fn is_over(&mut self) -> Result<bool> {
        let state = self.state.clone();
        Ok(self.legal(&state)?.is_empty())
    }

    /// The judgement of the position now, for the player to move.
    pub fn judge_now(&mut self) -> Result<Rc<Judgement>> {
        let state = self.state.clone();
        self.judge(&state)
    }

    /// A winning move now (the first in the list), or `None` when the player to move has none.
    pub fn hint(&mut self) -> Result<Option<LegalMove>> {
        let j = self.judge_now()?;
        let moves = self.moves()?;
        Ok(j.winning.first().map(|&n| moves[n - 1].clone()))
    }

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
            None => {
                let mut results: Vec<String> = Vec::new();
                for m in &at {
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
                Err(Error::input(format!(
                    "{left} cannot move to {right}: its moves lead to {}{more}",
                    results.join(", ")
                )))
            }
        }
    }

    /// The person plays move number `n` (from [`Session::moves`]). An error when it is not the person's turn or
    /// there is no such move.
    pub fn play(&mut self, n: usize) -> Result<Turn> {
        if self.to_move != Player::Person {
            return Err(Error::input("it is the engine's turn"));
        }
        self.make(n, None)
    }

    /// The engine chooses its move (see the module documentation), plays it, and says why.
    pub fn engine_move(&mut self) -> Result<EngineMove> {
        if self.to_move != Player::Engine {
            return Err(Error::input("it is the person's turn"));
        }
        let (n, choice, reason) = self.choose()?;
        let turn = self.make(n, Some(reason.clone()))?;
        Ok(EngineMove {
            mv: turn.mv,
            choice,
            reason,
        })
    }

    /// Takes back the person's last move and the engine's replies to it, so that it is the person's turn in the
    /// position before that move. Returns how many moves were taken back; an error when the person has made none.
    pub fn undo(&mut self) -> Result<usize> {
        let Some(last) = self.turns.iter().rposition(|t| t.player == Player::Person) else {
            return Err(Error::input("nothing to undo: you have not moved yet"));
        };
        let undone = self.turns.len() - last;
        let (state, player) = self.before[last].clone();
        self.turns.truncate(last);
        self.before.truncate(last);
        self.state = state;
        self.to_move = player;
        Ok(undone)
    }

    /// How the game ended, once it is over (`None` before).
    pub fn verdict(&mut self) -> Result<Option<Verdict>> {
        if !self.is_over()? {
            return Ok(None);
        }
        // The player to move has no move: under misère play they win, otherwise they lose.
        let winner = match self.convention {
            Convention::Misere => self.to_move,
            _ => self.to_move.other(),
        };
        let rule = match self.convention {
            Convention::Misere => "misère play: whoever cannot move wins",
            _ => "whoever cannot move loses",
        };
        let who = match self.to_move {
            Player::Person => "you have",
            Player::Engine => "the engine has",
        };
        let mut text = format!(
            "no move is left and {who} to move ({rule}): {} after {} move{}.",
            match winner {
                Player::Person => "you win",
                Player::Engine => "the engine wins",
            },
            self.turns.len(),
            plural(self.turns.len() as u64)
        );
        let missed = if winner == Player::Engine {
            self.turns
                .iter()
                .find(|t| t.player == Player::Person && !t.best && t.winning_move.is_some())
                .map(|t| MissedWin {
                    number: t.number,
                    position: t.position.clone(),
                    played: t.mv.text.clone(),
                    winning_move: t.winning_move.clone().unwrap_or_default(),
                })
        } else {
            None
        };
        if winner == Player::Engine {
            match &missed {
                Some(m) => {
                    let _ = write!(
                        text,
                        " Your first missed win was move {} in {}: you played {}, but {} wins.",
                        m.number, m.position, m.played, m.winning_move
                    );
                }
                None => text.push_str(
                    " You never had a winning move: every position you moved in was lost against perfect play.",
                ),
            }
        }
        Ok(Some(Verdict {
            winner,
            moves: self.turns.len(),
            missed,
            text,
        }))
    }

    // ----- Internals -----

    /// Plays move `n` for the player to move, recording it.
    fn make(&mut self, n: usize, reason: Option<String>) -> Result<Turn> {
        let state = self.state.clone();
        let legal = self.legal(&state)?;
        let Some(l) = legal.get(n.wrapping_sub(1)).cloned() else {
            return Err(Error::input(format!(
                "there is no move {n}: the moves are numbered 1 to {}",
                legal.len()
            )));
        };
        let j = self.judge(&state)?;
        let best = if !j.winning.is_empty() {
            j.winning.contains(&n)
        } else if !j.drawing.is_empty() {
            j.drawing.contains(&n)
        } else {
            true
        };
        let turn = Turn {
            number: self.turns.len() + 1,
            player: self.to_move,
            position: self.position(),
            outcome_before: j.outcome,
            mv: l.mv.clone(),
            winning_move: j.winning.first().map(|&w| legal[w - 1].mv.text.clone()),
            best,
            reason,
        };
        self.before.push((state.clone(), self.to_move));
        self.turns.push(turn.clone());
        self.state = apply(&state, l.component, &l.option);
        self.to_move = self.to_move.other();
        Ok(turn)
    }

    /// The limits of one analysis: a fresh deadline, the session's fixed bound on one judgement (not a budget the
    /// user gave: its error says which bound it is).
    fn fresh_limits(&self) -> Limits {
        let mut l = self.limits;
        l.deadline = Some(Deadline::fixed_bound(
            self.seconds,
            "the engine's judgement of one position",
        ));
        l
    }

    /// The legal moves of `state`.
    fn legal(&mut self, state: &[Comp]) -> Result<Rc<Vec<Legal>>> {
        if let Some(l) = self.legal_cache.get(state) {
            return Ok(l.clone());
        }
        let bound = match self.convention {
            Convention::Loopy { max_heap } => Some(max_heap),
            _ => None,
        };
        let mut out = Vec::new();
        for (i, &(g, p)) in state.iter().enumerate() {
            let game = &mut self.games[g as usize];
            let mut options = game.options(p, MAX_OPTIONS)?;
            if let (Some(b), true) = (bound, game.is_heap()) {
                // A loopy code is played on heaps of at most --max-heap tokens.
                options.retain(|o| o.iter().all(|&h| h <= b));
            }
            let name = game.name();
            let shown = game.show(p);
            for o in options {
                let description = game.describe(p, &o);
                let result = game.show_sum(&o);
                out.push(Legal {
                    component: i,
                    mv: LegalMove {
                        number: out.len() + 1,
                        component: i,
                        game: name.clone(),
                        position: shown.clone(),
                        text: format!("{name} {shown}: {description}"),
                        short: format!("{name} {shown} -> {result}"),
                        description,
                        result,
                    },
                    option: o,
                });
            }
        }
        let rc = Rc::new(out);
        self.legal_cache.insert(state.to_vec(), rc.clone());
        Ok(rc)
    }

    /// The sum of `state`, for [`analyse`]: one group per game, in order, empty groups left out (the components
    /// keep their order, since a game's components are kept together).
    fn sum_of(&self, state: &[Comp]) -> Sum {
        let mut sum = Sum::new();
        for (g, game) in self.games.iter().enumerate() {
            let ps: Vec<u64> = state
                .iter()
                .filter(|c| c.0 == g as u32)
                .map(|c| c.1)
                .collect();
            if !ps.is_empty() {
                sum.push_group(game.group(&ps));
            }
        }
        sum
    }

    /// The normal-play nim-value of each component of `state`.
    fn nim_values(&mut self, state: &[Comp]) -> Result<Vec<Nimber>> {
        state
            .iter()
            .map(|&(g, p)| self.games[g as usize].nim_value(p))
            .collect()
    }

    /// The judgement of `state` for the player to move (cached).
    fn judge(&mut self, state: &[Comp]) -> Result<Rc<Judgement>> {
        if let Some(j) = self.judged.get(state) {
            return Ok(j.clone());
        }
        let legal = self.legal(state)?;
        let j = match self.convention {
            Convention::Normal => self.judge_normal(state, &legal)?,
            Convention::Misere => self.judge_misere(state, &legal)?,
            Convention::Loopy { max_heap } => self.judge_loopy(state, &legal, max_heap)?,
        };
        let rc = Rc::new(j);
        self.judged.insert(state.to_vec(), rc.clone());
        Ok(rc)
    }

    fn judge_normal(&mut self, state: &[Comp], legal: &[Legal]) -> Result<Judgement> {
        let values = self.nim_values(state)?;
        let total = values.iter().fold(0, |a, v| a ^ v);
        let mut winning = Vec::new();
        for l in legal {
            let g = state[l.component].0 as usize;
            let mut after = total ^ values[l.component];
            for &q in &l.option {
                after ^= self.games[g].nim_value(q)?;
            }
            if after == 0 {
                winning.push(l.mv.number);
            }
        }
        let outcome = Outcome::of_nim_value(total);
        let why = if legal.is_empty() {
            "no move is left: the player to move loses (a P-position)".to_string()
        } else {
            let sum = nim_sum_text(&values, total);
            match outcome {
                Outcome::P => format!(
                    "{sum}: a P-position, so every move leaves a non-zero nim-sum, which the opponent can make 0 again"
                ),
                _ => format!("{sum}: an N-position, won by a move that makes the nim-sum 0"),
            }
        };
        let comps = self.components();
        Ok(Judgement {
            outcome,
            winning,
            drawing: Vec::new(),
            why,
            values: comps
                .iter()
                .zip(state)
                .zip(&values)
                .map(|((_, &(g, p)), v)| ComponentValue {
                    game: self.games[g as usize].name(),
                    position: self.show(g, p),
                    value: Some(v.to_string()),
                    genus: None,
                })
                .collect(),
        })
    }

    fn judge_misere(&mut self, state: &[Comp], legal: &[Legal]) -> Result<Judgement> {
        let normal: Vec<Option<String>> = state
            .iter()
            .map(|&(g, p)| {
                self.games[g as usize]
                    .nim_value(p)
                    .ok()
                    .map(|v| v.to_string())
            })
            .collect();
        let basic = |s: &Session, genus: &[Option<String>]| -> Vec<ComponentValue> {
            state
                .iter()
                .enumerate()
                .map(|(i, &(g, p))| ComponentValue {
                    game: s.games[g as usize].name(),
                    position: s.show(g, p),
                    value: normal[i].clone(),
                    genus: genus.get(i).cloned().flatten(),
                })
                .collect()
        };
        if legal.is_empty() {
            return Ok(Judgement {
                outcome: Outcome::N,
                winning: Vec::new(),
                drawing: Vec::new(),
                why: "no move is left: under misère play the player to move wins".to_string(),
                values: basic(self, &[]),
            });
        }
        let mut sum = self.sum_of(state);
        // The session has checked the sum's own convention (a game played misère by its own rules is played so).
        let m = super::misere::analyse_own(&mut sum, &self.fresh_limits())?;
        let winning = matched(legal, &m.winning_moves, |l, w| {
            l.component == w.component && l.mv.description == w.description
        });
        check_found(m.outcome, &winning, "misère")?;
        let why = format!(
            "a misère {}-position ({}), by {}",
            m.outcome.letter(),
            match m.outcome {
                Outcome::P => "every move leaves a position the opponent wins",
                _ => "a move to a misère P-position wins",
            },
            m.method
        );
        let genus: Vec<Option<String>> = m.parts.iter().map(|p| p.genus.clone()).collect();
        Ok(Judgement {
            outcome: m.outcome,
            winning,
            drawing: Vec::new(),
            why,
            values: basic(self, &genus),
        })
    }

    fn judge_loopy(&mut self, state: &[Comp], legal: &[Legal], max_heap: u64) -> Result<Judgement> {
        let values_none = |s: &Session| -> Vec<ComponentValue> {
            state
                .iter()
                .map(|&(g, p)| ComponentValue {
                    game: s.games[g as usize].name(),
                    position: s.show(g, p),
                    value: None,
                    genus: None,
                })
                .collect()
        };
        if legal.is_empty() {
            return Ok(Judgement {
                outcome: Outcome::P,
                winning: Vec::new(),
                drawing: Vec::new(),
                why: "no move is left: the player to move loses (a P-position)".to_string(),
                values: values_none(self),
            });
        }
        let mut sum = self.sum_of(state);
        let Report::Loopy(a) = analyse(
            &mut sum,
            Convention::Loopy { max_heap },
            &Context::new(self.fresh_limits()),
        )?
        else {
            return Err(Error::input("the loopy analysis gave another report"));
        };
        let shown = |s: &Session, l: &Legal| -> Vec<String> {
            let g = state[l.component].0;
            l.option.iter().map(|&q| s.show(g, q)).collect()
        };
        let mut winning = Vec::new();
        let mut drawing = Vec::new();
        for l in legal {
            let to = shown(self, l);
            if a.winning_moves
                .iter()
                .any(|w| w.component == l.component && place_matches(&w.to, &to))
            {
                winning.push(l.mv.number);
            }
            if a.drawing_moves
                .iter()
                .any(|w| w.component == l.component && place_matches(&w.to, &to))
            {
                drawing.push(l.mv.number);
            }
        }
        check_found(a.outcome, &winning, "loopy")?;
        if a.outcome == Outcome::D && drawing.is_empty() {
            return Err(Error::input(
                "the loopy analysis found a draw but no listed move keeps it",
            ));
        }
        let why = format!(
            "the generalised value is {}: {}",
            a.value,
            match a.outcome {
                Outcome::P => "a P-position (value 0): every move leaves a position the opponent wins",
                Outcome::N => "an N-position: a move to value 0 wins",
                Outcome::D => "a D-position: neither player can force a win, and a move that keeps the value infinite keeps the draw",
            }
        );
        let mut values = values_none(self);
        for (v, p) in values.iter_mut().zip(&a.parts) {
            v.value = Some(p.value.to_string());
        }
        Ok(Judgement {
            outcome: a.outcome,
            winning,
            drawing,
            why,
            values,
        })
    }

    /// The engine's move in the position now: (number, rule, reason).
    fn choose(&mut self) -> Result<(usize, Choice, String)> {
        let state = self.state.clone();
        let legal = self.legal(&state)?;
        if legal.is_empty() {
            return Err(Error::input("no move is left: the game is over"));
        }
        let j = self.judge(&state)?;
        if let Some(&n) = j.winning.first() {
            let l = &legal[n - 1];
            let after = apply(&state, l.component, &l.option);
            let reason = match self.convention {
                Convention::Normal => {
                    let values = self.nim_values(&after)?;
                    if values.is_empty() {
                        "it takes the last move: you have no move left".to_string()
                    } else {
                        format!(
                            "it leaves {}, a P-position: whatever you do, I can make the nim-sum 0 again",
                            nim_sum_text(&values, 0)
                        )
                    }
                }
                Convention::Misere => {
                    let aj = self.judge(&after)?;
                    format!("it leaves {}", aj.why)
                }
                Convention::Loopy { .. } => {
                    "it leaves a P-position (generalised value 0): every move you make, I can answer".to_string()
                }
            };
            return Ok((n, Choice::Winning, reason));
        }
        if let Some(&n) = j.drawing.first() {
            return Ok((
                n,
                Choice::Drawing,
                "no move wins here (a D-position): it keeps the draw, so neither of us can force a win".to_string(),
            ));
        }
        // Lost: make the game last longest.
        let lost = match self.convention {
            Convention::Misere => "the position is lost (a misère P-position)",
            _ => "the position is lost (a P-position)",
        };
        if !matches!(self.convention, Convention::Loopy { .. }) {
            match self.longest(&state, &legal) {
                Ok((n, r)) => {
                    let states = self.remote.memo.len();
                    return Ok((
                        n,
                        Choice::Longest {
                            remoteness: r,
                            states,
                        },
                        format!(
                            "{lost}; this move makes the game last longest: with your best play you win in {r} more move{} (exact remoteness, {states} positions searched)",
                            plural(r as u64)
                        ),
                    ));
                }
                Err(e) if e.kind() == ErrorKind::Limit => {}
                Err(e) => return Err(e),
            }
        }
        let why_not = match self.convention {
            Convention::Loopy { .. } => "remoteness is not searched in loopy games".to_string(),
            _ => format!(
                "exact remoteness needs more than {REMOTENESS_STATES} positions or {REMOTENESS_SECONDS} s"
            ),
        };
        if legal.len() > FALLBACK_MAX_MOVES {
            return Ok((
                1,
                Choice::FirstListed,
                format!(
                    "{lost}; {why_not}, and there are too many moves to compare ({}), so I play the first listed",
                    legal.len()
                ),
            ));
        }
        let mut best: Option<(usize, usize)> = None;
        let deadline = Deadline::after_seconds(FALLBACK_SECONDS);
        let mut compared = 0;
        for l in legal.iter() {
            if compared > 0 && deadline.passed() {
                break;
            }
            let after = apply(&state, l.component, &l.option);
            let replies = self.judge(&after)?.winning.len();
            compared += 1;
            if best.is_none_or(|(_, r)| replies < r) {
                best = Some((l.mv.number, replies));
            }
        }
        let (n, replies) = best.expect("at least one move");
        let of = if compared < legal.len() {
            format!(
                " among the first {compared} of {} moves (comparing them all would take more than {FALLBACK_SECONDS} s)",
                legal.len()
            )
        } else {
            String::new()
        };
        Ok((
            n,
            Choice::FewestReplies { replies },
            format!(
                "{lost}; {why_not}, so I play the move that leaves you the fewest winning replies ({replies}){of}"
            ),
        ))
    }

    /// The move to the option of largest remoteness, and that remoteness (the moves left after it with perfect play
    /// by both).
    fn longest(&mut self, state: &[Comp], legal: &[Legal]) -> Result<(usize, u32)> {
        let misere = self.convention == Convention::Misere;
        let deadline = Deadline::after_seconds(REMOTENESS_SECONDS);
        let mut best: Option<(usize, u32)> = None;
        for l in legal {
            let after = apply(state, l.component, &l.option);
            let (win, r) = self
                .remote
                .search(&mut self.games, &after, misere, &deadline)?;
            debug_assert!(
                win,
                "every option of a lost position is won by the opponent"
            );
            if best.is_none_or(|(_, b)| r > b) {
                best = Some((l.mv.number, r));
            }
        }
        Ok(best.expect("at least one move"))
    }
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

/// The numbers of the legal moves that `found` (an analysis's winning moves) names, by `same`.
fn matched<W>(legal: &[Legal], found: &[W], same: impl Fn(&Legal, &W) -> bool) -> Vec<usize> {
    legal
        .iter()
        .filter(|l| found.iter().any(|w| same(l, w)))
        .map(|l| l.mv.number)
        .collect()
}

/// An error when an analysis says the position is won but no listed move was found among its winning moves (the
/// session and the analysis must agree).
fn check_found(outcome: Outcome, winning: &[usize], what: &str) -> Result<()> {
    if outcome == Outcome::N && winning.is_empty() {
        return Err(Error::input(format!(
            "the {what} analysis found a winning move that is not among the moves listed"
        )));
    }
    Ok(())
}

/// Whether a loopy move's destination is the option whose parts are shown as `to`.
fn place_matches(place: &super::loopy::Place, to: &[String]) -> bool {
    use super::loopy::Place;
    match place {
        Place::Number(n) => match to {
            [] => *n == 0,
            [one] => *one == n.to_string(),
            _ => false,
        },
        Place::Heaps(hs) => {
            let mut a: Vec<String> = hs.iter().map(u32::to_string).collect();
            let mut b = to.to_vec();
            a.sort();
            b.sort();
            a == b
        }
        Place::Text(t) => to.join(" + ") == *t,
    }
}

/// The exact remoteness search over sums (multisets of components).
#[derive(Default)]
struct Remote {
    /// (won by the player to move, remoteness) of each sum searched, sorted, terminal components dropped.
    memo: FxHashMap<Box<[Comp]>, (bool, u32)>,
    /// Each component's options (terminal parts dropped).
    options: FxHashMap<Comp, Rc<Vec<Vec<u64>>>>,
}

struct Frame {
    state: Box<[Comp]>,
    children: Vec<Box<[Comp]>>,
    next: usize,
}

impl Remote {
    fn over(&self) -> Error {
        Error::limit(format!(
            "the remoteness search needs more than {REMOTENESS_STATES} positions"
        ))
    }

    fn opts(&mut self, games: &mut [Box<dyn Playable>], c: Comp) -> Result<Rc<Vec<Vec<u64>>>> {
        if let Some(o) = self.options.get(&c) {
            return Ok(o.clone());
        }
        if self.options.len() + self.memo.len() >= REMOTENESS_STATES {
            return Err(self.over());
        }
        let raw = games[c.0 as usize].options(c.1, MAX_OPTIONS)?;
        let rc = Rc::new(raw);
        self.options.insert(c, rc.clone());
        Ok(rc)
    }

    fn terminal(&mut self, games: &mut [Box<dyn Playable>], c: Comp) -> Result<bool> {
        Ok(self.opts(games, c)?.is_empty())
    }

    fn normalise(&mut self, games: &mut [Box<dyn Playable>], s: &[Comp]) -> Result<Box<[Comp]>> {
        let mut v = Vec::with_capacity(s.len());
        for &c in s {
            if !self.terminal(games, c)? {
                v.push(c);
            }
        }
        v.sort_unstable();
        Ok(v.into_boxed_slice())
    }

    fn children(
        &mut self,
        games: &mut [Box<dyn Playable>],
        s: &[Comp],
    ) -> Result<Vec<Box<[Comp]>>> {
        let mut out = Vec::new();
        for i in 0..s.len() {
            if i > 0 && s[i] == s[i - 1] {
                continue;
            }
            let opts = self.opts(games, s[i])?;
            for o in opts.iter() {
                let after = apply(s, i, o);
                out.push(self.normalise(games, &after)?);
            }
        }
        Ok(out)
    }

    /// (won by the player to move, remoteness) of `root`, searched with an explicit stack within the budget.
    fn search(
        &mut self,
        games: &mut [Box<dyn Playable>],
        root: &[Comp],
        misere: bool,
        deadline: &Deadline,
    ) -> Result<(bool, u32)> {
        let root = self.normalise(games, root)?;
        if let Some(&r) = self.memo.get(&root) {
            return Ok(r);
        }
        let mut stack = vec![Frame {
            children: self.children(games, &root)?,
            state: root.clone(),
            next: 0,
        }];
        let mut steps = 0u64;
        while let Some(top) = stack.last_mut() {
            if top.next < top.children.len() {
                let c = top.children[top.next].clone();
                top.next += 1;
                if self.memo.contains_key(&c) {
                    continue;
                }
                steps += 1;
                if steps.is_multiple_of(1024) && deadline.passed() {
                    return Err(Error::limit(format!(
                        "the remoteness search took more than {REMOTENESS_SECONDS} s"
                    )));
                }
                if self.memo.len() + self.options.len() + stack.len() >= REMOTENESS_STATES {
                    return Err(self.over());
                }
                let children = self.children(games, &c)?;
                stack.push(Frame {
                    state: c,
                    children,
                    next: 0,
                });
                continue;
            }
            let f = stack.pop().expect("a frame");
            let r = if f.children.is_empty() {
                (misere, 0)
            } else {
                let kids: Vec<(bool, u32)> = f.children.iter().map(|c| self.memo[c]).collect();
                match kids.iter().filter(|k| !k.0).map(|k| k.1).min() {
                    Some(m) => (true, m + 1),
                    None => (false, kids.iter().map(|k| k.1).max().unwrap_or(0) + 1),
                }
            };
            self.memo.insert(f.state, r);
        }
        Ok(self.memo[&root])
    }
}

#[cfg(test)]
mod tests;
