//! The session's course: starting a game, the moves listed and played, taking them back, the verdict at the end,
//! and the legal moves of a position (cached).

use super::remoteness::Remote;
use super::{
    apply, show_state, Comp, EngineMove, Judgement, Legal, LegalMove, MissedWin, Player, Session,
    Turn, Verdict, MAX_OPTIONS,
};
use crate::analysis::{Convention, Sum};
use crate::error::{plural, Error, Result};
use crate::nimber::Nimber;
use crate::solver::{Deadline, Limits};
use rustc_hash::FxHashMap;
use std::fmt::Write as _;
use std::rc::Rc;

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
                    "{}: playing a code whose moves add tokens is not supported",
                    group.name()
                ))
                .with_remedy(crate::error::Remedy::AnalyseLoopy));
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
                return Err(crate::analysis::misere::already_misere(&sum))
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

    pub(super) fn show(&self, g: u32, p: u64) -> String {
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
    pub(super) fn fresh_limits(&self) -> Limits {
        let mut l = self.limits;
        l.deadline = Some(Deadline::fixed_bound(
            self.seconds,
            "the engine's judgement of one position",
        ));
        l
    }

    /// The legal moves of `state`.
    pub(super) fn legal(&mut self, state: &[Comp]) -> Result<Rc<Vec<Legal>>> {
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

    /// The sum of `state`, for [`analyse`](crate::analysis::analyse): one group per game, in order, empty groups left out (the components
    /// keep their order, since a game's components are kept together).
    pub(super) fn sum_of(&self, state: &[Comp]) -> Sum {
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
    pub(super) fn nim_values(&mut self, state: &[Comp]) -> Result<Vec<Nimber>> {
        state
            .iter()
            .map(|&(g, p)| self.games[g as usize].nim_value(p))
            .collect()
    }
}
