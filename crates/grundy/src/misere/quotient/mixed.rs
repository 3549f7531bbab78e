//! The misère quotient of sums that mix heap games: the quotient of the union of their heap sets.
//!
//! **What.** For heap games `G1, …, Gk` restricted to heaps `0..=N1`, …, `0..=Nk`, the sums of any of these heaps
//! form a set closed under options (a move in a heap of `Gi` leaves heaps of `Gi`), so it has a misère quotient
//! (Plambeck and Siegel, "Misère quotients for impartial games", JCTA 115, 2008) like a single game's. It is built
//! by the same construction (`construct` in the parent module) over one list of *letters*: every pair (game, heap), ordered by
//! heap and then by game, so that each option of a letter is made of earlier letters — all that the construction
//! and its proof (the check, `build::verify`) use. So an answer from it is proved as a single game's is.
//!
//! **Cost.** As for one game with as many heaps as letters; the quotient of a union is usually larger than each
//! game's (the product of their behaviours), so it is built only when asked and not cached.

use super::build::HeapOptions;
use super::monoid::Monoid;
use super::{construct, finish, heap_options, Quotient, QuotientMove};
use crate::error::{Error, Result};
use crate::game::Outcome;
use crate::heap::HeapGame;
use crate::solver::Limits;

/// The most letters (pairs of game and heap) a mixed quotient is built for.
pub const MAX_LETTERS: usize = 1000;

/// The misère quotient of the union of several heap games' heap sets.
#[derive(Debug, Clone)]
pub struct Mixed {
    /// The quotient over the letters (its `heaps` and generators count letters, not heaps: see [`Mixed::letters`]).
    pub quotient: Quotient,
    /// Each letter: (index of the game, heap).
    pub letters: Vec<(usize, u64)>,
    /// `index[g][h]`: the letter of heap `h` of game `g`.
    index: Vec<Vec<u32>>,
}

/// Builds the quotient of the union of the heaps `0..=tops[g]` of `games[g]`. The result's `stopped` says when it
/// grew past its limits (then it covers only the letters before).
pub fn compute(
    games: &[&HeapGame],
    tops: &[u64],
    max_order: usize,
    limits: &Limits,
) -> Result<Mixed> {
    assert_eq!(games.len(), tops.len());
    let total: u64 = tops.iter().map(|&t| t + 1).sum();
    if total as usize > MAX_LETTERS {
        return Err(Error::limit(format!(
            "a misère quotient of mixed sums is built for at most {MAX_LETTERS} heaps in all; these games need {total}"
        )));
    }
    let mut letters: Vec<(usize, u64)> = games
        .iter()
        .enumerate()
        .flat_map(|(g, _)| (0..=tops[g]).map(move |h| (g, h)))
        .collect();
    letters.sort_by_key(|&(g, h)| (h, g));
    let mut index: Vec<Vec<u32>> = tops.iter().map(|&t| vec![0; t as usize + 1]).collect();
    for (i, &(g, h)) in letters.iter().enumerate() {
        index[g][h as usize] = i as u32;
    }
    let per_game: Vec<_> = games
        .iter()
        .zip(tops)
        .map(|(g, &t)| heap_options(*g, t, limits))
        .collect::<Result<_>>()?;
    let opts: Vec<Vec<Vec<u64>>> = letters
        .iter()
        .map(|&(g, h)| {
            let mut list: Vec<Vec<u64>> = per_game[g]
                .list(h as usize)
                .iter()
                .map(|o| {
                    let mut v: Vec<u64> = o.iter().map(|&c| index[g][c as usize] as u64).collect();
                    v.sort_unstable();
                    v
                })
                .collect();
            list.sort();
            list.dedup();
            list
        })
        .collect();
    let (cur, changes, stopped) =
        construct(&HeapOptions::listed(opts), max_order, limits, &mut |_| {})?;
    let name = games
        .iter()
        .zip(tops)
        .map(|(g, t)| format!("{} (heaps up to {t})", g.name()))
        .collect::<Vec<_>>()
        .join(" + ");
    Ok(Mixed {
        quotient: finish(name, cur, changes, stopped),
        letters,
        index,
    })
}

impl Mixed {
    /// Whether every letter was covered (the construction did not stop early).
    pub fn complete(&self) -> bool {
        self.quotient.stopped.is_none()
    }

    fn letter(&self, g: usize, h: u64) -> Option<u32> {
        let l = *self.index.get(g)?.get(h as usize)?;
        ((l as usize) < self.quotient.phi.len()).then_some(l)
    }

    /// The misère outcome of a sum of heaps given as (game index, heap); `None` when one is not covered.
    pub fn outcome(&self, parts: &[(usize, u64)]) -> Option<Outcome> {
        let q = &self.quotient;
        let mut e = 0;
        for &(g, h) in parts {
            e = q.table.mul(e, q.phi[self.letter(g, h)? as usize]);
        }
        Some(if q.p[e as usize] {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    /// Every move to a misère P-position of the sum `parts` (games as given to [`compute`]), one product per option
    /// (prefix and suffix products); `None` when a heap is not covered.
    pub fn winning_moves(
        &self,
        games: &[&HeapGame],
        parts: &[(usize, u64)],
    ) -> Option<Vec<QuotientMove>> {
        let q = &self.quotient;
        let imgs: Vec<u32> = parts
            .iter()
            .map(|&(g, h)| self.letter(g, h).map(|l| q.phi[l as usize]))
            .collect::<Option<_>>()?;
        let n = parts.len();
        let mut prefix = vec![0u32; n + 1];
        for i in 0..n {
            prefix[i + 1] = q.table.mul(prefix[i], imgs[i]);
        }
        let mut suffix = vec![0u32; n + 1];
        for i in (0..n).rev() {
            suffix[i] = q.table.mul(suffix[i + 1], imgs[i]);
        }
        let mut out = Vec::new();
        for (i, &(g, h)) in parts.iter().enumerate() {
            let rest = q.table.mul(prefix[i], suffix[i + 1]);
            let mut missing = false;
            games[g]
                .for_each_option(h, &mut |o| {
                    let mut e = rest;
                    for &c in o {
                        match self.letter(g, c) {
                            Some(l) => e = q.table.mul(e, q.phi[l as usize]),
                            None => {
                                missing = true;
                                return;
                            }
                        }
                    }
                    if q.p[e as usize] {
                        let mut to = o.to_vec();
                        to.sort_unstable();
                        out.push(QuotientMove { component: i, to });
                    }
                })
                // An error of the rules: the moves are left to the search, which reports it.
                .ok()?;
            if missing {
                return None;
            }
        }
        Some(out)
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
        assert!(compute(&games, &[5000], 4096, &Limits::default()).is_err());
    }
}
