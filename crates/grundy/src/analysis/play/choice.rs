//! The engine's choice of a move: a winning move, else one that keeps a draw, else the move that makes the game
//! last longest (exact remoteness) or, past that search's budget, leaves the fewest winning replies.

use super::{
    apply, nim_sum_text, Choice, Comp, Legal, Session, FALLBACK_MAX_MOVES, FALLBACK_SECONDS,
    REMOTENESS_SECONDS, REMOTENESS_STATES,
};
use crate::analysis::Convention;
use crate::error::{plural, Error, ErrorKind, Result};
use crate::solver::Deadline;

impl Session {
    /// The engine's move in the position now: (number, rule, reason).
    pub(super) fn choose(&mut self) -> Result<(usize, Choice, String)> {
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
        let (n, replies, compared) = self.fewest_replies(&state, &legal)?;
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

    /// The move that leaves the fewest winning replies (ties: the first listed), its number of replies, and how many
    /// moves were compared (the first ones, within [`FALLBACK_SECONDS`]).
    fn fewest_replies(&mut self, state: &[Comp], legal: &[Legal]) -> Result<(usize, usize, usize)> {
        let mut best: Option<(usize, usize)> = None;
        let deadline = Deadline::after_seconds(FALLBACK_SECONDS);
        let mut compared = 0;
        for l in legal.iter() {
            if compared > 0 && deadline.passed() {
                break;
            }
            let after = apply(state, l.component, &l.option);
            let replies = self.judge(&after)?.winning.len();
            compared += 1;
            if best.is_none_or(|(_, r)| replies < r) {
                best = Some((l.mv.number, replies));
            }
        }
        let (n, replies) = best.expect("at least one move");
        Ok((n, replies, compared))
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
