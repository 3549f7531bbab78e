//! The quotient a front end asks for: the heaps to build, the cache read first and written after, and the time a
//! growth until certified may take. `grundy quotient` and Python's `Game.quotient` both call [`answer`].

use super::mixed::{self, Mixed};
use super::{cache, compute_auto, compute_partial, octal_reach, HeapDone, Quotient, AUTO_MAX_HEAP};
use crate::error::Result;
use crate::heap::HeapGame;
use crate::solver::Limits;

/// The heaps a game's quotient is built to when none are asked for and it cannot be grown until certified (a game
/// that is not an octal code with finitely many digits).
pub const DEFAULT_HEAPS: u64 = 40;
/// The seconds a growth until certified may take when the caller gives no time limit (with one: nine tenths of
/// what it leaves).
pub const AUTO_SECONDS: f64 = 120.0;

/// How far a quotient is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Goal {
    /// Exactly the heaps `1..=N` (certified for every heap when the periodicity bound holds at `N`).
    Heaps(u64),
    /// Heap by heap until the periodicity certificate holds ([`compute_auto`]), within the budget.
    UntilCertified,
}

impl Goal {
    /// The goal of a request: `heaps` when given; else an octal code grows until certified and another game is
    /// built to [`DEFAULT_HEAPS`].
    pub fn of(game: &HeapGame, heaps: Option<u64>) -> Goal {
        match heaps {
            Some(h) => Goal::Heaps(h),
            None if octal_reach(game).is_some() => Goal::UntilCertified,
            None => Goal::Heaps(DEFAULT_HEAPS),
        }
    }

    /// The goal of a request for the quotient of sums mixing several games: `heaps` (of each game) when given;
    /// else grown until certified when every game is an octal code with finitely many digits, and built to
    /// [`DEFAULT_HEAPS`] of each otherwise.
    pub fn of_games(games: &[&HeapGame], heaps: Option<u64>) -> Goal {
        match heaps {
            Some(h) => Goal::Heaps(h),
            None if games.iter().all(|g| octal_reach(*g).is_some()) => Goal::UntilCertified,
            None => Goal::Heaps(DEFAULT_HEAPS),
        }
    }
}

/// The time limits of a growth until certified: nine tenths of what `limits` leave, or [`AUTO_SECONDS`].
fn auto_limits(limits: &Limits) -> Limits {
    let seconds = match &limits.deadline {
        Some(d) => (d.remaining().as_secs_f64() * 0.9).floor().max(1.0),
        None => AUTO_SECONDS,
    };
    Limits {
        deadline: Some(crate::limits::Deadline::after_seconds(seconds)),
        ..*limits
    }
}

/// The quotient of `game` for `goal`, at most `max_order` elements, within `limits`: read from the cache when a
/// stored one answers (the same heaps, or a certified one for [`Goal::UntilCertified`]), else built (`progress`
/// is told each heap added) and stored when it finished. A limit that ends the build is the limit's error (see
/// [`answer_partial`] for the heaps done before it).
pub fn answer(
    game: &HeapGame,
    goal: Goal,
    max_order: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(HeapDone),
) -> Result<Quotient> {
    let q = answer_partial(game, goal, max_order, limits, progress)?;
    match q.limit {
        Some(e) => Err(e),
        None => Ok(q),
    }
}

/// As [`answer`], except that for [`Goal::Heaps`] a limit that ends a heap returns the quotient of the heaps
/// completed before it, [`Quotient::partial`] ([`super::compute_partial`]); it is not cached.
pub fn answer_partial(
    game: &HeapGame,
    goal: Goal,
    max_order: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(HeapDone),
) -> Result<Quotient> {
    let q = match goal {
        Goal::Heaps(heaps) => {
            if let Some(q) = cache::load(game, heaps, limits)
                .filter(|q| q.heaps == heaps && q.order <= max_order)
            {
                return Ok(q);
            }
            compute_partial(game, heaps, max_order, limits, progress)?
        }
        Goal::UntilCertified => {
            if let Some(q) = cache::load(game, 0, limits)
                .filter(|q| q.periodic.is_some() && q.order <= max_order)
            {
                return Ok(q);
            }
            compute_auto(
                game,
                AUTO_MAX_HEAP,
                max_order,
                &auto_limits(limits),
                progress,
            )?
        }
    };
    if q.stopped.is_none() && !q.partial {
        cache::store_if_better(game, &q, limits);
    }
    Ok(q)
}

/// The quotient of sums mixing heaps of `games` (the union of their heap sets, [`mixed`]) for `goal` (heaps up to
/// N of each game, or grown until every game's part is certified), at most `max_order` elements, within `limits`:
/// read from the cache when a stored one answers, else built (`progress` is told each letter added: its `heap`
/// counts letters) and stored when it finished. The games are taken in the order given (the cache file is named
/// by that order).
pub fn answer_mixed(
    games: &[&HeapGame],
    goal: Goal,
    max_order: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(HeapDone),
) -> Result<Mixed> {
    let k = games.len();
    let m = match goal {
        Goal::Heaps(heaps) => {
            let tops = vec![heaps; k];
            if let Some(m) = cache::load_mixed(games, &tops, limits)
                .filter(|m| m.tops == tops && m.quotient.order <= max_order)
            {
                return Ok(m);
            }
            mixed::compute_with(games, &tops, max_order, limits, progress)?
        }
        Goal::UntilCertified => {
            if let Some(m) = cache::load_mixed(games, &vec![0; k], limits)
                .filter(|m| m.certified() && m.quotient.order <= max_order)
            {
                return Ok(m);
            }
            mixed::compute_auto(
                games,
                AUTO_MAX_HEAP,
                max_order,
                &auto_limits(limits),
                progress,
            )?
        }
    };
    if m.complete() {
        cache::store_mixed(games, &m, limits);
    }
    Ok(m)
}
