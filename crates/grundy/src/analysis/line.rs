//! A game of several numbers read along one line ([`crate::games::line`]): its values `G(x, 5)` for `x = 0..=N`, the
//! period observed on them, and a value past them from that period, stated as the assumption it is.
//!
//! A line is a view of the game's table, not a game of its own: the options of a position on it may leave it, so no
//! periodicity theorem covers it. Every period here is *observed* on `x = 0..=N`, never certified, and a value past
//! `N` read from it rests on the assumption that the period goes on ([`LineValues::assumption`]).

use crate::context::Context;
use crate::error::{Error, Result};
use crate::games::AnyGame;
use crate::heap::period::{self, Periodicity};
use crate::nimber::Nimber;

/// The values along a line at `x = 0..=to`, with the period observed on them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineValues {
    /// The line's name: the game and the numbers fixed, `x` the one that varies (`wythoff (x, 5)`).
    pub game: String,
    /// `G` at `x = 0, 1, …, to`.
    pub values: Vec<Nimber>,
    /// The smallest period (ordinary, else arithmetic) the values show at least
    /// [`period::OBSERVED_PERIODS`] times past its preperiod ([`period::observe`]); never certified.
    pub periodicity: Option<Periodicity>,
}

/// The values of `line` (a game of one number made by [`crate::games::line::line`]) at `x = 0..=to`, computed by
/// the game's own search with one memo, and the period observed on them. `progress` is called with the number of
/// values done. An `x` that names no position of the game is an error naming it.
pub fn values(
    line: &dyn AnyGame,
    to: u64,
    cx: &Context,
    progress: &mut dyn FnMut(u64),
) -> Result<LineValues> {
    if line.parameters() != 1 {
        return Err(Error::input(format!(
            "{}: a line is read along one number",
            line.name()
        )));
    }
    let count = to.checked_add(1).ok_or_else(|| {
        Error::input(format!("{}: the line ends at x = {to}, too far to list", line.name()))
    })?;
    // Each cell is a vector of one number and its value: about 48 bytes a point before the game's own memo.
    cx.limits.check_memory(
        count.saturating_mul(48),
        &format!("{}: the points x = 0..={to} of the line", line.name()),
    )?;
    let cells: Vec<Vec<u64>> = (0..=to).map(|x| vec![x]).collect();
    let got = line.values_at(&cells, cx, progress)?;
    let values = got
        .iter()
        .enumerate()
        .map(|(x, v)| {
            v.ok_or_else(|| {
                Error::input(format!(
                    "{}: x = {x} names no position of the game",
                    line.name()
                ))
            })
        })
        .collect::<Result<Vec<Nimber>>>()?;
    let periodicity = period::observe(&values);
    Ok(LineValues {
        game: line.name(),
        values,
        periodicity,
    })
}

impl LineValues {
    /// The last `x` computed.
    pub fn to(&self) -> u64 {
        self.values.len().saturating_sub(1) as u64
    }

    /// `G` at `x`: the value computed when `x` is on the range, else the value the observed period gives (`None`
    /// with no period, or past 2^64 − 1 by the saltus), which rests on [`LineValues::assumption`].
    pub fn value(&self, x: u64) -> Option<Nimber> {
        if let Some(&v) = self.values.get(usize::try_from(x).ok()?) {
            return Some(v);
        }
        let p = self.periodicity.as_ref()?;
        let r = p.preperiod + (x - p.preperiod) % p.period;
        let laps = (x - r) / p.period;
        laps.checked_mul(p.saltus)
            .and_then(|s| self.values[r as usize].checked_add(s))
    }

    /// What a value past the range rests on: one line (`None` with no period).
    pub fn assumption(&self) -> Option<String> {
        let p = self.periodicity.as_ref()?;
        Some(format!(
            "{} is answered past x = {} from the period observed on x = 0..={} (preperiod {}, period {}{}), as asked: \
             an assumption, not a theorem",
            self.game,
            self.to(),
            self.to(),
            p.preperiod,
            p.period,
            if p.saltus == 0 {
                String::new()
            } else {
                format!(", saltus {}", p.saltus)
            }
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::line::line;
    use crate::games::registry::lookup;

    /// The values along a line are the game's own at the same cells, for every line of a small table.
    #[test]
    fn a_lines_values_are_the_full_tables() {
        for name in ["wythoff", "cutting"] {
            let game = lookup(name).unwrap();
            let cells: Vec<Vec<u64>> = (0..=30u64)
                .flat_map(|a| (0..=6u64).map(move |b| vec![a, b]))
                .collect();
            let full = game
                .values_at(&cells, &Context::default(), &mut |_| {})
                .unwrap();
            let at = |a: u64, b: u64| full[(a * 7 + b) as usize];
            for b in 0..=6u64 {
                let l = values(
                    &*line(lookup(name).unwrap(), &format!("x {b}")).unwrap(),
                    30,
                    &Context::default(),
                    &mut |_| {},
                );
                let Ok(l) = l else {
                    // A cell that names no position is an error naming it, and the table agrees.
                    assert!((0..=30).any(|a| at(a, b).is_none()), "{name} x {b}");
                    continue;
                };
                for a in 0..=30u64 {
                    assert_eq!(Some(l.values[a as usize]), at(a, b), "{name} ({a}, {b})");
                }
            }
            for a in 0..=6u64 {
                let Ok(l) = values(
                    &*line(lookup(name).unwrap(), &format!("{a} x")).unwrap(),
                    6,
                    &Context::default(),
                    &mut |_| {},
                ) else {
                    continue;
                };
                for b in 0..=6u64 {
                    assert_eq!(Some(l.values[b as usize]), at(a, b), "{name} ({a}, {b})");
                }
            }
        }
    }

    /// A value past the range comes from the observed period, saltus included; on the range, the value computed.
    #[test]
    fn a_value_past_the_range_follows_the_observed_period() {
        let l = values(
            &*line(lookup("wythoff").unwrap(), "x 3").unwrap(),
            400,
            &Context::default(),
            &mut |_| {},
        )
        .unwrap();
        let p = l.periodicity.clone().expect("a period along wythoff (x, 3)");
        assert!(!p.certified);
        assert_eq!(l.value(7), Some(l.values[7]));
        // The period read off 0..=200 predicts 201..=400.
        let short = LineValues {
            game: l.game.clone(),
            values: l.values[..=200].to_vec(),
            periodicity: period::observe(&l.values[..=200]),
        };
        for x in 201..=400u64 {
            assert_eq!(short.value(x), Some(l.values[x as usize]), "x = {x}");
        }
        assert!(short.assumption().unwrap().contains("observed on x = 0..=200"));
        assert!(l.value(1_000_000_000_000).is_some());
    }
}
