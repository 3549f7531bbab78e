//! Judging a position for the player to move, by the convention played: nim-values and their nim-sum (normal play),
//! the misère analysis, or the loopy analysis, each with its winning (and drawing) moves among those listed.

use super::{nim_sum_text, Comp, ComponentValue, Judgement, Legal, Session};
use crate::analysis::{analyse, Convention, Report};
use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::Outcome;
use std::rc::Rc;

impl Session {
    /// The judgement of `state` for the player to move (cached).
    pub(super) fn judge(&mut self, state: &[Comp]) -> Result<Rc<Judgement>> {
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
        let m = crate::analysis::misere::analyse_own(&mut sum, &self.fresh_limits())?;
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
fn place_matches(place: &crate::analysis::loopy::Place, to: &[String]) -> bool {
    use crate::analysis::loopy::Place;
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
