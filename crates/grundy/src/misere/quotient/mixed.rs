//! The misère quotient of sums that mix heap games: the quotient of the union of their heap sets.
//!
//! **What.** For heap games `G1, …, Gk` restricted to heaps `0..=N1`, …, `0..=Nk`, the sums of any of these heaps
//! form a set closed under options (a move in a heap of `Gi` leaves heaps of `Gi`), so it has a misère quotient
//! (Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115, 2008) like a single game's: one monoid
//! presented by the heaps of every game. It is built by the same construction (`construct` in the parent module)
//! over one list of *letters*: every pair (game, heap), ordered by heap and then by game, so that each option of a
//! letter is made of earlier letters — all that the construction and its proof (the check, `build::verify`) use.
//! So an answer from it is proved as a single game's is.
//!
//! **Every heap.** When every game is an octal game with finitely many digits ([`super::octal_reach`]) and each
//! game's own part of the heap map, `Φ_i(h) = Φ(letter of heap h of Gi)`, meets the periodicity certificate
//! ([`super::certificate`]) for its own bound, the quotient holds for every heap of every game: the proof of the
//! single game's theorem (`docs/quotient.md`) uses only that the check sees a heap through its image and its
//! options' images, and the options of a heap of `Gi` are heaps of `Gi`, so each game's heaps past its bound have
//! the data of heaps below it, game by game. [`compute_auto`] grows the union until every game's part certifies.
//!
//! **Cost.** As for one game with as many heaps as letters; the quotient of a union is usually larger than each
//! game's (it tells apart what the other games' heaps tell apart). Octal codes' moves are made when asked for,
//! as for one game. Cached on disk like one game's ([`super::cache::mixed`]).

use super::build::HeapOptions;
use super::monoid::Monoid;
use super::{
    construct, finish, grow, heap_options, heap_options_upto, octal_reach, periodic, End, HeapDone,
    HeapMap, Periodic, Quotient, QuotientMove, SplitFamily, MAX_HEAP,
};
use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::heap::HeapGame;
use crate::solver::Limits;

/// The most letters (pairs of game and heap) a mixed quotient is built for.
pub const MAX_LETTERS: u64 = 2 * MAX_HEAP;

/// The misère quotient of the union of several heap games' heap sets.
#[derive(Debug, Clone)]
pub struct Mixed {
    /// The quotient over the letters (its `heaps`, `heap_elements` and generators' `heap` count letters, not heaps:
    /// see [`Mixed::letters`]).
    pub quotient: Quotient,
    /// The games' names, in the order given.
    pub names: Vec<String>,
    /// Each letter covered: (index of the game, heap).
    pub letters: Vec<(usize, u64)>,
    /// The largest heap covered of each game.
    pub tops: Vec<u64>,
    /// Each game's periodicity certificate (its own part of the heap map), when it holds.
    pub periodic: Vec<Option<Periodic>>,
    /// `phis[g][h]`: the image of heap `h` of game `g`.
    phis: Vec<Vec<u32>>,
}

/// A letter of a mixed quotient in words: `heap H of GAME`.
pub fn letter_name(m: &Mixed, letter: u64) -> String {
    match m.letters.get(letter as usize) {
        Some(&(g, h)) => format!("heap {h} of {}", m.names[g]),
        None => format!("letter {letter}"),
    }
}

/// An error when the heaps `0..=tops[g]` of the games are more than [`MAX_LETTERS`].
fn check_letters(tops: &[u64]) -> Result<()> {
    let total = tops
        .iter()
        .fold(0u64, |a, &t| a.saturating_add(t.saturating_add(1)));
    if total > MAX_LETTERS {
        return Err(Error::limit(format!(
            "a misère quotient of mixed sums is built for at most {MAX_LETTERS} heaps in all; these games need {total}"
        )));
    }
    Ok(())
}

/// The options of the heaps `0..=tops[g]` of each game, as one union of letters; when a game's moves pass the
/// listing limits its heaps stop before (the tops are lowered) and the reason is returned.
fn union_options(
    games: &[&HeapGame],
    tops: &[u64],
    limits: &Limits,
) -> Result<(HeapOptions, Vec<u64>, Option<String>)> {
    check_letters(tops)?;
    let mut parts = Vec::new();
    let mut covered = Vec::new();
    let mut why = None;
    for (g, &t) in games.iter().zip(tops) {
        let (opts, stop) = heap_options_upto(*g, t, limits)?;
        if opts.len() == 0 {
            return Err(Error::limit(stop.unwrap_or_default()));
        }
        covered.push(opts.len() as u64 - 1);
        why = why.or(stop);
        parts.push(opts);
    }
    Ok((HeapOptions::union(parts, &covered), covered, why))
}

/// The options of exactly the heaps `0..=tops[g]` of each game as one union of letters (a listing limit is an
/// error).
pub(crate) fn options(games: &[&HeapGame], tops: &[u64], limits: &Limits) -> Result<HeapOptions> {
    check_letters(tops)?;
    let parts = games
        .iter()
        .zip(tops)
        .map(|(g, &t)| heap_options(*g, t, limits))
        .collect::<Result<Vec<_>>>()?;
    Ok(HeapOptions::union(parts, tops))
}

/// The name of the union: `A (heaps up to N) + B (heaps up to M)`.
fn union_name(games: &[&HeapGame], tops: &[u64]) -> String {
    games
        .iter()
        .zip(tops)
        .map(|(g, t)| format!("{} (heaps up to {t})", g.name()))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Each game's part of a heap map over the letters `opts` (covering the first `phi.len()` letters).
fn parts_of(opts: &HeapOptions, games: usize, phi: &[u32]) -> Vec<Vec<u32>> {
    let u = opts.union_parts().expect("a union of games");
    let mut out = vec![Vec::new(); games];
    for (&(g, h), &x) in u.letters.iter().zip(phi) {
        debug_assert_eq!(out[g].len() as u64, h);
        out[g].push(x);
    }
    out
}

/// Each game's certificate of its part of the heap map (`None` for a game that is not octal with finitely many
/// digits, or whose part is not periodic within the bound).
fn certificates(games: &[&HeapGame], phis: &[Vec<u32>]) -> Vec<Option<Periodic>> {
    games
        .iter()
        .zip(phis)
        .map(|(g, phi)| periodic(phi, octal_reach(*g)?))
        .collect()
}

/// Builds the quotient of the union of the heaps `0..=tops[g]` of `games[g]`, certified for every heap when each
/// game's part certifies (see the module documentation). The result's `quotient.stopped` says when it grew past
/// its limits (then it covers only the letters before).
pub fn compute(
    games: &[&HeapGame],
    tops: &[u64],
    max_order: usize,
    limits: &Limits,
) -> Result<Mixed> {
    compute_with(games, tops, max_order, limits, &mut |_| {})
}

/// [`compute`], calling `progress` with each letter done (its `heap` is the number of letters covered, less one).
pub fn compute_with(
    games: &[&HeapGame],
    tops: &[u64],
    max_order: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(HeapDone),
) -> Result<Mixed> {
    assert_eq!(games.len(), tops.len());
    let opts = options(games, tops, limits)?;
    let (cur, changes, stopped) = construct(&opts, max_order, limits, progress)?;
    Ok(assemble(games, &opts, (cur, changes, stopped), None))
}

/// What the construction left: the pretension, its changes and why it stopped.
type Built = (super::build::Pretension, Vec<super::Change>, Option<String>);

/// The mixed quotient from a finished construction over the letters of `opts` (covering its first
/// `phi.len()` letters), with each game's certificate.
pub(crate) fn assemble(
    games: &[&HeapGame],
    opts: &HeapOptions,
    (cur, changes, stopped): Built,
    no_certificate: Option<String>,
) -> Mixed {
    let u = opts.union_parts().expect("a union of games");
    let letters: Vec<(usize, u64)> = u.letters[..cur.phi.len()].to_vec();
    let phis = parts_of(opts, games.len(), &cur.phi);
    let tops: Vec<u64> = phis
        .iter()
        .map(|p| (p.len() as u64).saturating_sub(1))
        .collect();
    let periodic = if stopped.is_none() {
        certificates(games, &phis)
    } else {
        vec![None; games.len()]
    };
    let mut quotient = finish(union_name(games, &tops), cur, changes, stopped);
    let certified = periodic.iter().all(Option::is_some);
    if certified {
        quotient.scope = "for every heap".to_string();
    } else {
        quotient.scope = format!(
            "for heaps up to {}",
            games
                .iter()
                .zip(&tops)
                .map(|(g, t)| format!("{t} of {}", g.name()))
                .collect::<Vec<_>>()
                .join(" and ")
        );
        quotient.no_certificate = no_certificate;
    }
    Mixed {
        quotient,
        names: games.iter().map(|g| g.name()).collect(),
        letters,
        tops,
        periodic,
        phis,
    }
}

/// Grows the quotient of the union of the games' heaps, a heap of each game at a time, until every game's part of
/// the heap map is certified (then it covers every heap of every game), or until heap `budget`, the option limits,
/// the order limit or the limits' clock or memory end the growth (then `quotient.no_certificate` or
/// `quotient.stopped` says why, and it covers the heaps built). `progress` is called with each letter done (its
/// `heap` is the number of letters covered, less one).
pub fn compute_auto(
    games: &[&HeapGame],
    budget: u64,
    max_order: usize,
    limits: &Limits,
    progress: &mut dyn FnMut(HeapDone),
) -> Result<Mixed> {
    let k = games.len();
    let budget = auto_budget(k, budget);
    let (opts, _, opts_stop) = union_options(games, &vec![budget; k], limits)?;
    let certifiable = games.iter().all(|g| octal_reach(*g).is_some());
    let reach: Vec<u64> = games.iter().map(|g| octal_reach(*g).unwrap_or(0)).collect();
    let letters = opts.union_parts().expect("a union").letters.clone();
    let g = grow(&opts, max_order, limits, progress, &mut |cur| {
        // Checked once a heap of every game is in (the last game's letter of each heap).
        let n = cur.phi.len();
        if !certifiable || letters[n - 1].0 != k - 1 {
            return false;
        }
        let mut phis = vec![Vec::new(); k];
        for (&(g, _), &x) in letters.iter().zip(&cur.phi) {
            phis[g].push(x);
        }
        phis.iter()
            .zip(&reach)
            .all(|(p, &r)| super::certificate(p, r).is_some())
    })?;
    let (stopped, why) = match g.end {
        End::Stopped => (None, None),
        End::Covered => (
            None,
            Some(match opts_stop {
                Some(limit) => format!("no certificate: {limit}"),
                None if certifiable => format!(
                    "no certificate by heap {budget} (the budget): some game's part of Φ is not periodic within the bound"
                ),
                None => "no certificate: a game is not an octal game with finitely many digits".to_string(),
            }),
        ),
        End::TooLarge(msg) => (
            Some(msg),
            Some("no certificate: the quotient grew past its limit".to_string()),
        ),
        End::Limit(n, e) => (
            None,
            Some(format!(
                "no certificate: the growth stopped at heap {} of {} ({e})",
                letters[n as usize].1,
                games[letters[n as usize].0].name()
            )),
        ),
    };
    Ok(assemble(games, &opts, (g.cur, g.changes, stopped), why))
}

/// The largest heap of each of `k` games [`compute_auto`] grows to when asked for `budget`: at most [`MAX_HEAP`],
/// and [`MAX_LETTERS`] letters in all.
pub fn auto_budget(k: usize, budget: u64) -> u64 {
    budget
        .min(MAX_HEAP)
        .min((MAX_LETTERS / k.max(1) as u64).saturating_sub(1))
}

impl Mixed {
    /// Whether every letter asked for was covered (the construction did not stop early).
    pub fn complete(&self) -> bool {
        self.quotient.stopped.is_none()
    }

    /// Whether the quotient holds for every heap of every game (each game's part certified).
    pub fn certified(&self) -> bool {
        self.periodic.iter().all(Option::is_some)
    }

    /// Game `g`'s heap map (read past its top through its certificate).
    pub(crate) fn map(&self, g: usize) -> HeapMap<'_> {
        HeapMap {
            table: &self.quotient.table,
            p: &self.quotient.p,
            phi: &self.phis[g],
            periodic: self.periodic[g].as_ref(),
        }
    }

    /// True when the quotient answers sums containing heap `h` of game `g`.
    pub fn covers(&self, g: usize, h: u64) -> bool {
        g < self.phis.len() && self.map(g).image(h).is_some()
    }

    /// The element of a sum of heaps given as (game index, heap); `None` when one is not covered.
    pub fn element(&self, parts: &[(usize, u64)]) -> Option<u32> {
        let mut e = 0;
        for &(g, h) in parts {
            e = self
                .quotient
                .table
                .mul(e, self.phis.get(g).and(self.map(g).image(h))?);
        }
        Some(e)
    }

    /// The misère outcome of a sum of heaps given as (game index, heap); `None` when one is not covered.
    pub fn outcome(&self, parts: &[(usize, u64)]) -> Option<Outcome> {
        let e = self.element(parts)?;
        Some(if self.quotient.p[e as usize] {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// Every move to a misère P-position of the sum `parts` (games as given to [`compute`]), one product per option
    /// (prefix and suffix products); `None` when a heap is not covered, or is beyond its game's top with more than
    /// [`super::MAX_LISTED_OPTIONS`] split moves (see [`Mixed::winning_moves_compact`]).
    pub fn winning_moves(
        &self,
        games: &[&HeapGame],
        parts: &[(usize, u64)],
    ) -> Option<Vec<QuotientMove>> {
        let (moves, families) = self.winning_moves_compact(games, parts)?;
        families.is_empty().then_some(moves)
    }

    /// Every move to a misère P-position, as [`Mixed::winning_moves`]; a heap beyond its game's top (certified)
    /// with many split moves gives them as [`SplitFamily`] progressions, as [`Quotient::winning_moves_compact`]
    /// does.
    pub fn winning_moves_compact(
        &self,
        games: &[&HeapGame],
        parts: &[(usize, u64)],
    ) -> Option<(Vec<QuotientMove>, Vec<SplitFamily>)> {
        let images: Vec<u32> = parts
            .iter()
            .map(|&(g, h)| self.phis.get(g).and(self.map(g).image(h)))
            .collect::<Option<_>>()?;
        let rests = self.map(0).rests(&images);
        let mut out = Vec::new();
        let mut families = Vec::new();
        for (i, &(g, h)) in parts.iter().enumerate() {
            self.map(g)
                .heap_moves(games[g], i, h, rests[i], &mut out, &mut families)?;
        }
        Some((out, families))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::TakeAndBreak;
    use crate::misere::search::{HeapPositions, MisereSearch, Numbered, Part};
    use std::rc::Rc;

    fn rng(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// Kayles with Dawson's Kayles, and 0.75 with Dawson's Chess: the mixed quotient's outcomes and winning moves
    /// equal exact search's on random mixed sums.
    #[test]
    fn mixed_sums_against_search() {
        for (a, b, ta, tb) in [("0.77", "0.07", 12u64, 10u64), ("0.75", "0.137", 14, 9)] {
            let ga: Rc<HeapGame> = Rc::new(TakeAndBreak::parse(a).unwrap());
            let gb: Rc<HeapGame> = Rc::new(TakeAndBreak::parse(b).unwrap());
            let games: [&HeapGame; 2] = [&*ga, &*gb];
            let m = compute(&games, &[ta, tb], 4096, &Limits::default()).unwrap();
            assert!(m.complete(), "{a}+{b}: {:?}", m.quotient.stopped);
            // Orders of these unions (our computation): even, as every misère quotient's (Plambeck and Siegel).
            assert_eq!(
                m.quotient.order,
                if a == "0.77" { 110 } else { 20 },
                "{a}+{b}"
            );
            let searched: Vec<Box<dyn Numbered>> = vec![
                Box::new(HeapPositions(ga.clone())),
                Box::new(HeapPositions(gb.clone())),
            ];
            let mut s = MisereSearch::new(searched, Limits::default());
            let mut seed = 0x5eed ^ ta;
            for _ in 0..1500 {
                // Up to 5 heaps and 30 tokens (what the exact search answers quickly).
                let k = 1 + rng(&mut seed) % 5;
                let mut parts: Vec<(usize, u64)> = Vec::new();
                let mut tokens = 0;
                for _ in 0..k {
                    let g = (rng(&mut seed) % 2) as usize;
                    let top = if g == 0 { ta } else { tb };
                    let h = 1 + rng(&mut seed) % top;
                    if tokens + h > 30 {
                        break;
                    }
                    tokens += h;
                    parts.push((g, h));
                }
                parts.sort_unstable();
                let sp: Vec<Part> = parts
                    .iter()
                    .map(|&(g, h)| Part {
                        game: g as u32,
                        pos: h,
                    })
                    .collect();
                let v = s.value(&sp).unwrap();
                let want = if v == 0 { Outcome::P } else { Outcome::N };
                assert_eq!(m.outcome(&parts), Some(want), "{a}+{b} {parts:?}");
                let mut got: Vec<(usize, Vec<u64>)> = m
                    .winning_moves(&games, &parts)
                    .unwrap()
                    .into_iter()
                    .map(|x| (x.component, x.to))
                    .collect();
                let mut exact: Vec<(usize, Vec<u64>)> = s
                    .moves(&sp)
                    .unwrap()
                    .into_iter()
                    .filter(|x| x.value_after == 0)
                    .map(|x| {
                        let mut to = x.to.clone();
                        to.sort_unstable();
                        (x.component, to)
                    })
                    .collect();
                got.sort();
                got.dedup();
                exact.sort();
                exact.dedup();
                assert_eq!(got, exact, "{a}+{b} {parts:?}");
            }
        }
    }

    /// A single game through the mixed route has the same quotient as through the one-game route.
    #[test]
    fn one_game_as_a_union() {
        let g = TakeAndBreak::parse("0.77").unwrap();
        let games: [&HeapGame; 1] = [&g];
        let m = compute(&games, &[30], 4096, &Limits::default()).unwrap();
        let q = super::super::compute(&g, 30, 4096, &Limits::default(), &mut |_| {}).unwrap();
        assert_eq!(m.quotient.order, q.order);
        assert_eq!(m.quotient.relations, q.relations);
        assert!(compute(&games, &[MAX_LETTERS], 4096, &Limits::default()).is_err());
    }

    /// Unions of games whose quotients are certified alone: the union is grown until each game's part certifies,
    /// and it then equals a direct build to three times each game's bound (the same order, the same partition of
    /// heaps into elements with the same P-portion, and the same outcome on random sums of heaps up to there).
    #[test]
    fn certified_unions_equal_direct_builds_to_three_times() {
        for (a, b) in [("0.75", "0.77"), ("0.15", "0.75"), ("0.7", "0.15")] {
            let ga = TakeAndBreak::parse(a).unwrap();
            let gb = TakeAndBreak::parse(b).unwrap();
            let games: [&HeapGame; 2] = [&ga, &gb];
            let m = compute_auto(&games, 5000, 4096, &Limits::default(), &mut |_| {}).unwrap();
            assert!(m.certified(), "{a}+{b}: {:?}", m.quotient.no_certificate);
            eprintln!(
                "{a}+{b}: order {}, tops {:?}, certificates {:?}",
                m.quotient.order,
                m.tops,
                m.periodic
                    .iter()
                    .map(|c| c.as_ref().map(|c| (c.preperiod, c.period)))
                    .collect::<Vec<_>>()
            );
            let far: Vec<u64> = m.tops.iter().map(|t| 3 * t).collect();
            let d = compute(&games, &far, 4096, &Limits::default()).unwrap();
            assert!(d.complete());
            assert_eq!(d.quotient.order, m.quotient.order, "{a}+{b}");
            // Element of m -> element of d, over every heap of both games up to 3N: a bijection keeping P.
            let mut to_d = vec![u32::MAX; m.quotient.order];
            for (g, &top) in far.iter().enumerate() {
                for h in 0..=top {
                    let (x, y) = (m.map(g).image(h).unwrap(), d.map(g).image(h).unwrap());
                    assert!(
                        to_d[x as usize] == u32::MAX || to_d[x as usize] == y,
                        "{a}+{b}: game {g} heap {h}"
                    );
                    to_d[x as usize] = y;
                    assert_eq!(m.quotient.p[x as usize], d.quotient.p[y as usize]);
                }
            }
            let mut seed = 0xfeed;
            for _ in 0..2000 {
                let parts: Vec<(usize, u64)> = (0..1 + rng(&mut seed) % 6)
                    .map(|_| {
                        let g = (rng(&mut seed) % 2) as usize;
                        (g, rng(&mut seed) % (far[g] + 1))
                    })
                    .collect();
                assert_eq!(m.outcome(&parts), d.outcome(&parts), "{a}+{b} {parts:?}");
            }
            // A heap far beyond: every winning move (families included) lands in the P-portion.
            let parts = [(0usize, 1_000_003u64), (1, 999_999)];
            let (moves, families) = m.winning_moves_compact(&games, &parts).unwrap();
            for mv in &moves {
                let mut after: Vec<(usize, u64)> = vec![parts[1 - mv.component]];
                after.extend(mv.to.iter().map(|&h| (parts[mv.component].0, h)));
                assert_eq!(m.outcome(&after), Some(Outcome::P));
            }
            for f in &families {
                let g = parts[f.component].0;
                let mut a = f.first;
                while a <= f.last {
                    let after = [parts[1 - f.component], (g, a), (g, f.rest - a)];
                    assert_eq!(m.outcome(&after), Some(Outcome::P));
                    a += f.step;
                }
            }
        }
    }

    /// A game that is not octal with finitely many digits never makes a union certified.
    #[test]
    fn a_repeating_code_keeps_the_union_uncertified() {
        let ga = TakeAndBreak::parse("0.77").unwrap();
        let gb = TakeAndBreak::parse("0.[3]").unwrap();
        let games: [&HeapGame; 2] = [&ga, &gb];
        let m = compute(&games, &[10, 5], 4096, &Limits::default()).unwrap();
        assert!(m.complete() && !m.certified() && m.periodic[1].is_none());
        assert!(m.covers(0, 10) && m.covers(1, 5) && !m.covers(1, 6));
        assert_eq!(m.outcome(&[(1, 6)]), None);
    }
}

#[cfg(test)]
mod replayed {
    use super::*;
    use crate::heap::HeapGame;

    thread_local! {
        /// Mixed quotients for the property test, built once per thread: (codes, tops, quotient).
        static BUILT: Vec<(Vec<&'static str>, Vec<u64>, Mixed)> = [
            (vec!["0.77", "0.07"], vec![11u64, 9]),
            (vec!["0.07", "0.75", "0.15"], vec![8, 10, 9]),
            (vec!["0.137", "0.6"], vec![9, 8]),
        ]
        .into_iter()
        .map(|(codes, tops)| {
            let games: Vec<_> = codes
                .iter()
                .map(|c| crate::heap::TakeAndBreak::parse(c).unwrap())
                .collect();
            let refs: Vec<&HeapGame> = games.iter().map(|g| g as &HeapGame).collect();
            let m = compute(&refs, &tops, 4096, &Limits::default()).unwrap();
            assert!(m.complete());
            (codes, tops, m)
        })
        .collect();
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// Random mixed sums (up to three games, six heaps): the quotient's outcome is the exact search's, and every
        /// winning move it lists is a move of the game that the exact search values as a misère P-position.
        #[test]
        fn mixed_outcomes_and_moves_replayed_against_search(
            which in 0usize..3,
            picks in proptest::collection::vec((0usize..3, 0u64..1000), 1..7),
        ) {
            use crate::misere::search::{HeapPositions, MisereSearch, Numbered, Part};
            use std::rc::Rc;
            BUILT.with(|built| -> std::result::Result<(), proptest::test_runner::TestCaseError> {
                let (codes, tops, m) = &built[which];
                let games: Vec<Rc<HeapGame>> = codes
                    .iter()
                    .map(|c| Rc::new(crate::heap::TakeAndBreak::parse(c).unwrap()) as Rc<HeapGame>)
                    .collect();
                let refs: Vec<&HeapGame> = games.iter().map(|g| g.as_ref()).collect();
                let parts: Vec<(usize, u64)> = picks
                    .iter()
                    .map(|&(g, h)| {
                        let g = g % codes.len();
                        (g, h % (tops[g] + 1))
                    })
                    .collect();
                let searched: Vec<Box<dyn Numbered>> = games
                    .iter()
                    .map(|g| Box::new(HeapPositions(g.clone())) as Box<dyn Numbered>)
                    .collect();
                let mut s = MisereSearch::new(searched, Limits::default());
                let as_parts = |p: &[(usize, u64)]| -> Vec<Part> {
                    p.iter().map(|&(g, h)| Part { game: g as u32, pos: h }).collect()
                };
                let v = s.value(&as_parts(&parts)).unwrap();
                let want = if v == 0 { Outcome::P } else { Outcome::N };
                proptest::prop_assert_eq!(m.outcome(&parts), Some(want), "{:?} {:?}", codes, parts);
                let moves = m.winning_moves(&refs, &parts).unwrap();
                // An N-position with a move has a winning move (with none, misère play wins it by having no move).
            let mut any = false;
            for &(g, h) in &parts {
                refs[g].for_each_option(h, &mut |_| any = true).unwrap();
            }
            proptest::prop_assert_eq!(moves.is_empty(), want == Outcome::P || !any);
                for mv in moves {
                    let (g, h) = parts[mv.component];
                    // A move of the game: one of the heap's options.
                    let mut legal = false;
                    refs[g]
                        .for_each_option(h, &mut |o| {
                            let mut o = o.to_vec();
                            o.sort_unstable();
                            legal |= o == mv.to;
                        })
                        .unwrap();
                    proptest::prop_assert!(legal, "{:?} {:?} {:?}", codes, parts, mv);
                    let mut after = parts.clone();
                    after.remove(mv.component);
                    after.extend(mv.to.iter().map(|&x| (g, x)));
                    proptest::prop_assert_eq!(s.value(&as_parts(&after)).unwrap(), 0, "{:?} {:?} {:?}", codes, parts, mv);
                    proptest::prop_assert_eq!(m.outcome(&after), Some(Outcome::P));
                }
                Ok(())
            })?;
        }
    }
}
