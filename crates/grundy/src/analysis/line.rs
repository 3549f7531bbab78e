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
    /// The first `x` that names a position of the game (0 for most; 2 for the catalog's cutting game, whose sheets
    /// are at least 2 wide).
    pub from: u64,
    /// `G` at `x = from, from + 1, …, to`.
    pub values: Vec<Nimber>,
    /// The smallest period (ordinary, else arithmetic) the values show at least
    /// [`period::OBSERVED_PERIODS`] times past its preperiod ([`period::observe`]), the preperiod an `x` (at least
    /// `from`); never certified.
    pub periodicity: Option<Periodicity>,
}

/// The values of `line` (a game of one number made by [`crate::games::line::line`]) at `x = 0..=to`, computed by
/// the game's own search with one memo, and the period observed on them. `progress` is called with the number of
/// values done. The values start at the first `x` that names a position of the game; an `x` past it that names
/// none is an error naming it, and so is a line with no position on `0..=to`.
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
        Error::input(format!(
            "{}: the line ends at x = {to}, too far to list",
            line.name()
        ))
    })?;
    // Each cell is a vector of one number and its value: about 48 bytes a point before the game's own memo.
    cx.limits.check_memory(
        count.saturating_mul(48),
        &format!("{}: the points x = 0..={to} of the line", line.name()),
    )?;
    let cells: Vec<Vec<u64>> = (0..=to).map(|x| vec![x]).collect();
    let got = line.values_at(&cells, cx, progress)?;
    let Some(from) = got.iter().position(Option::is_some) else {
        return Err(Error::input(format!(
            "{}: no x in 0..={to} names a position of the game",
            line.name()
        )));
    };
    let values = got[from..]
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let x = from + i;
            v.ok_or_else(|| {
                Error::input(format!(
                    "{}: x = {x} names no position of the game",
                    line.name()
                ))
            })
        })
        .collect::<Result<Vec<Nimber>>>()?;
    let from = from as u64;
    let periodicity = period::observe(&values).map(|mut p| {
        p.preperiod += from;
        p
    });
    Ok(LineValues {
        game: line.name(),
        from,
        values,
        periodicity,
    })
}

/// The last `x` whose value along a line [`value_at`] computes exactly, and the last `x` of the values it observes a
/// period on, for a value past it: the line's values `0..=`[`OBSERVE_TO`]. A point of a line has as many options as
/// its x (a cut anywhere along a sheet, a take from a heap), so the work grows as the square of this: about 1 s for
/// Wythoff's lines in a release build.
pub const OBSERVE_TO: u64 = (1 << 12) - 1;

/// The value of one point of a line ([`value_at`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineAnswer {
    /// The line's name (`wythoff (x, 5)`).
    pub game: String,
    /// The point's `x`.
    pub x: u64,
    /// `G` at `x`.
    pub value: Nimber,
    /// What the value rests on when it comes from an observed period ([`LineValues::assumption`]); `None` when it
    /// was computed.
    pub assumption: Option<String>,
}

/// The value of `line` at `x`: computed by the game's own search when `x <= `[`OBSERVE_TO`]; past it, when the
/// context allows observed periods ([`Context::assumes_periods`]), from the period observed on the line's values
/// `0..=OBSERVE_TO` (an assumption, stated in the answer), else an error whose remedy is to allow it.
pub fn value_at(
    line: &dyn AnyGame,
    x: u64,
    cx: &Context,
    progress: &mut dyn FnMut(u64),
) -> Result<LineAnswer> {
    value_observing(line, x, OBSERVE_TO, cx, progress)
}

/// [`value_at`], computing exactly up to `observe_to` and observing the period on `0..=observe_to`.
pub fn value_observing(
    line: &dyn AnyGame,
    x: u64,
    observe_to: u64,
    cx: &Context,
    progress: &mut dyn FnMut(u64),
) -> Result<LineAnswer> {
    let name = line.name();
    if x <= observe_to {
        let l = values(line, x, cx, progress)?;
        let value = l.value(x).ok_or_else(|| {
            Error::input(format!("{name}: x = {x} names no position of the game"))
        })?;
        return Ok(LineAnswer {
            game: name,
            x,
            value,
            assumption: None,
        });
    }
    if !cx.assumes_periods() {
        return Err(Error::input(format!(
            "{name}: x = {x} is past the values a line is computed on (x <= {observe_to}), and no theorem gives a \
             line's period"
        ))
        .with_remedy(crate::error::Remedy::AssumePeriod));
    }
    let l = values(line, observe_to, cx, progress)?;
    let (Some(value), Some(assumption)) = (l.value(x), l.assumption()) else {
        return Err(Error::input(match l.periodicity {
            None => format!(
                "{name}: no period observed on x = {}..={observe_to}, so x = {x} has no value from one",
                l.from
            ),
            Some(_) => format!("{name}: the value at x = {x} from the observed period passes 2^64 - 1"),
        }));
    };
    Ok(LineAnswer {
        game: name,
        x,
        value,
        assumption: Some(assumption),
    })
}

impl LineValues {
    /// The last `x` computed.
    pub fn to(&self) -> u64 {
        self.from + (self.values.len() as u64).saturating_sub(1)
    }

    /// `G` at `x`: the value computed when `x` is on the range, else the value the observed period gives (`None`
    /// with no period, below [`LineValues::from`], or past 2^64 − 1 by the saltus), which rests on
    /// [`LineValues::assumption`].
    pub fn value(&self, x: u64) -> Option<Nimber> {
        let i = x.checked_sub(self.from)?;
        if let Some(&v) = self.values.get(usize::try_from(i).ok()?) {
            return Some(v);
        }
        let p = self.periodicity.as_ref()?;
        let r = p.preperiod + (x - p.preperiod) % p.period;
        let laps = (x - r) / p.period;
        laps.checked_mul(p.saltus)
            .and_then(|s| self.values[(r - self.from) as usize].checked_add(s))
    }

    /// What a value past the range rests on: one line (`None` with no period).
    pub fn assumption(&self) -> Option<String> {
        let p = self.periodicity.as_ref()?;
        Some(format!(
            "{} is answered past x = {} from the period observed on x = {}..={} (preperiod {}, period {}{}), as asked: \
             an assumption, not a theorem",
            self.game,
            self.to(),
            self.from,
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
                    // A line with no position is an error, and the table agrees.
                    assert!((0..=30).all(|a| at(a, b).is_none()), "{name} x {b}");
                    continue;
                };
                for a in 0..=30u64 {
                    assert_eq!(l.value(a), at(a, b), "{name} ({a}, {b})");
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
                    assert_eq!(l.value(b), at(a, b), "{name} ({a}, {b})");
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
        let p = l
            .periodicity
            .clone()
            .expect("a period along wythoff (x, 3)");
        assert!(!p.certified);
        assert_eq!(l.value(7), Some(l.values[7]));
        // The period read off 0..=200 predicts 201..=400.
        let short = LineValues {
            game: l.game.clone(),
            from: 0,
            values: l.values[..=200].to_vec(),
            periodicity: period::observe(&l.values[..=200]),
        };
        for x in 201..=400u64 {
            assert_eq!(short.value(x), Some(l.values[x as usize]), "x = {x}");
        }
        assert!(short
            .assumption()
            .unwrap()
            .contains("observed on x = 0..=200"));
        assert!(l.value(1_000_000_000_000).is_some());
    }

    /// A value past the values computed only when observed periods are allowed, with the assumption stated; on
    /// them, the value computed, with none.
    #[test]
    fn a_value_past_the_line_needs_the_assumption() {
        let l = || line(lookup("wythoff").unwrap(), "x 3").unwrap();
        let cx = Context::default();
        let near = value_at(&*l(), 10, &cx, &mut |_| {}).unwrap();
        assert_eq!((near.value, near.assumption), (8, None));
        let e = value_at(&*l(), 1 << 40, &cx, &mut |_| {}).unwrap_err();
        assert_eq!(e.remedies(), &[crate::error::Remedy::AssumePeriod]);
        let cx = cx.with_assumed_periods(true);
        let all = values(&*l(), 400, &Context::default(), &mut |_| {}).unwrap();
        for x in [201, 333, 400] {
            let far = value_observing(&*l(), x, 200, &cx, &mut |_| {}).unwrap();
            assert!(far
                .assumption
                .unwrap()
                .contains("an assumption, not a theorem"));
            // The value from the period observed on 0..=200 is the value computed there.
            assert_eq!(Some(far.value), all.value(x), "x = {x}");
        }
    }

    /// A line that starts past 0 (the catalog's cutting game has no sheet narrower than 2): its values and period
    /// are read from its first position, and a value past them comes from the period in x.
    #[test]
    fn a_line_starts_at_its_first_position() {
        let l = values(
            &*line(lookup("cutting").unwrap(), "x 2").unwrap(),
            120,
            &Context::default(),
            &mut |_| {},
        )
        .unwrap();
        assert_eq!((l.from, l.to()), (2, 120));
        assert_eq!(l.value(1), None);
        assert_eq!(l.value(2), Some(0)); // a 2 x 2 sheet is lost for the player to move
        let short = LineValues {
            game: l.game.clone(),
            from: 2,
            values: l.values[..=58].to_vec(),
            periodicity: period::observe(&l.values[..=58]).map(|mut p| {
                p.preperiod += 2;
                p
            }),
        };
        if short.periodicity.is_some() {
            for x in 61..=120u64 {
                assert_eq!(short.value(x), l.value(x), "x = {x}");
            }
        }
    }
}
