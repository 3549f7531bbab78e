//! Misère play of sums whose parts are known by nim-value: the anti-SG game and the SJ theorem (seed 000), and
//! misère Nim.
//!
//! **Misère Nim** (Bouton 1902; Winning Ways ch. 13): whoever takes the last token loses. If every heap has at most
//! one token, the player to move wins iff the number of heaps of 1 is even; otherwise they win iff the nim-sum is not
//! 0. Empty heaps count for nothing (seed of luogu P4279 tests `sum == n` for "all ones", which a heap of 0 breaks).
//!
//! **The SJ theorem** (Jia Zhihao, 2009, "组合游戏略述"; seed 000). Take a sum of games played misère (the player who
//! makes the last move *loses*) — an anti-SG game — and suppose the **condition**: the game ends when every
//! component has nim-value 0. Then the player to move wins iff either
//! (a) the nim-sum is not 0 and some component has nim-value greater than 1, or
//! (b) the nim-sum is 0 and no component has nim-value greater than 1.
//! The condition holds when, in every component, a position of nim-value 0 has no moves (it is the end of that
//! component). Nim and Lasker's Nim meet it (value 0 only for the empty heap); the Bash game does not (a heap of
//! `K+1` has value 0 and moves), and then the theorem does not apply.
//!
//! [`misere_outcome`] applies the theorem to the components' nim-values and requires the caller to state that the
//! condition holds for each; [`misere_outcome_of_heaps`] checks it for a heap game itself, from its nim-values.

use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::{Known, Outcome};
use crate::heap::{sequence, HeapGame};
use crate::nimber::Nimber;

/// The largest heap up to which [`misere_outcome_of_heaps`] checks the SJ condition from the nim-value sequence.
pub const MAX_CHECKED_HEAP: u64 = 10_000_000;

/// The outcome of misère Nim with these heaps: [`crate::misere::misere_nim_outcome`], where the rule is stated and
/// proved (empty heaps count for nothing).
pub fn misere_nim(heaps: &[u64]) -> Outcome {
    crate::misere::misere_nim_outcome(heaps)
}

/// One component of a misère sum: its nim-value, and whether the SJ condition holds for it (every position of
/// nim-value 0 reachable in it is terminal).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    /// The component's normal-play nim-value.
    pub nim_value: Nimber,
    /// Whether every position of nim-value 0 reachable in the component is terminal (the SJ condition).
    pub zero_means_ended: bool,
}

/// The misère outcome of a sum by the SJ theorem; an `unsupported` error when some part does not meet the condition.
pub fn misere_outcome(parts: &[Part]) -> Result<Outcome> {
    if let Some(i) = parts.iter().position(|p| !p.zero_means_ended) {
        return Err(Error::unsupported(format!(
            "misère play: part {} has positions of nim-value 0 that still have moves, so the SJ theorem does not apply",
            i + 1
        )));
    }
    let values: Vec<Nimber> = parts.iter().map(|p| p.nim_value).collect();
    Ok(crate::misere::sj_outcome(&values))
}

/// The misère outcome of a sum of heaps of one heap game, after checking the SJ condition as
/// [`crate::misere::sj_condition_holds`] states it: no move splits a heap (read off the options of every heap up to
/// the largest one, [`crate::heap::facts`]), and no heap from 1 up to the largest heap of the sum has nim-value 0
/// (from the game's closed form or its sequence).
pub fn misere_outcome_of_heaps(game: &HeapGame, heaps: &[u64]) -> Result<Outcome> {
    let max = heaps.iter().copied().max().unwrap_or(0);
    if max > MAX_CHECKED_HEAP {
        return Err(Error::limit(format!(
            "misère play of {}: checking the SJ condition up to heap {max} is beyond the limit {MAX_CHECKED_HEAP}",
            game.name()
        )));
    }
    // The closed form as a formula (no engine of a game's own answers a heap).
    let formulas = Context::default().with_formulas_only(true);
    let values: Vec<Nimber> = match (1..=max)
        .map(|n| game.known_value(&n, &formulas))
        .collect::<Option<Vec<_>>>()
    {
        Some(v) => std::iter::once(0).chain(v).collect(),
        None => sequence::values(game, max, &mut |_| {})?,
    };
    match crate::heap::facts::splits_up_to(game, max)? {
        Some(false) => {}
        Some(true) => {
            return Err(Error::unsupported(format!(
                "misère play of {}: a move splits a heap, so the SJ theorem's condition is not met",
                game.name()
            )))
        }
        None => {
            return Err(Error::limit(format!(
                "misère play of {}: whether a move splits a heap up to {max} could not be read within {} options, so the SJ theorem is not applied",
                game.name(),
                crate::heap::facts::SCAN_BUDGET
            )))
        }
    }
    if !crate::misere::sj_condition_holds(false, &values) {
        let n = (1..=max as usize).find(|&n| values[n] == 0).unwrap_or(0);
        return Err(Error::unsupported(format!(
            "misère play of {}: the heap of {n} has nim-value 0 but still has moves, so the SJ theorem does not apply",
            game.name()
        )));
    }
    let parts: Vec<Part> = heaps
        .iter()
        .map(|&h| Part {
            nim_value: values[h as usize],
            zero_means_ended: true,
        })
        .collect();
    misere_outcome(&parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::bash::Bash;
    use crate::games::lasker::Lasker;
    use crate::games::nim::Nim;
    use crate::games::subtraction::Subtraction;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// Misère outcome of a multiset of heaps of a heap game, by exhaustive search (no theory).
    fn misere_by_search(
        game: &HeapGame,
        heaps: Vec<u64>,
        memo: &mut HashMap<Vec<u64>, bool>,
    ) -> bool {
        let mut key: Vec<u64> = heaps.into_iter().filter(|&h| h > 0).collect();
        key.sort_unstable();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let mut any_move = false;
        let mut wins = false;
        for i in 0..key.len() {
            let mut options = vec![];
            game.for_each_option(key[i], &mut |h| options.push(h.to_vec()))
                .unwrap();
            for o in options {
                any_move = true;
                let mut next = key.clone();
                next.remove(i);
                next.extend(o);
                if !misere_by_search(game, next, memo) {
                    wins = true;
                }
            }
        }
        let w = if any_move { wins } else { true }; // no move: the opponent made the last move, so we win
        memo.insert(key, w);
        w
    }

    #[test]
    fn misere_nim_handles_empty_heaps() {
        assert_eq!(misere_nim(&[3, 5, 1]), Outcome::N);
        assert_eq!(misere_nim(&[1]), Outcome::P);
        assert_eq!(misere_nim(&[1, 0]), Outcome::P); // "sum == n" would call this all ones with n = 2: wrong
        assert_eq!(misere_nim(&[0]), Outcome::N);
        assert_eq!(misere_nim(&[]), Outcome::N);
    }

    #[test]
    fn the_condition_is_checked() {
        assert!(
            misere_outcome_of_heaps(&crate::heap::Heap(Bash::new(2).unwrap()), &[3, 4]).is_err()
        );
        assert!(misere_outcome(&[Part {
            nim_value: 1,
            zero_means_ended: false
        }])
        .is_err());
        // Lasker's Nim splits heaps: the theorem's condition (as the library states it) is not met.
        assert!(misere_outcome_of_heaps(&crate::heap::Heap(Lasker), &[3, 4]).is_err());
        assert!(misere_outcome_of_heaps(
            &crate::heap::Heap(Subtraction::new(&[1, 2, 3]).unwrap()),
            &[3, 4]
        )
        .is_err());
        // G(4) = 0
    }

    proptest! {
        #[test]
        fn misere_nim_by_search(heaps in proptest::collection::vec(0u64..6, 0..4)) {
            let mut memo = HashMap::new();
            let n = misere_by_search(&crate::heap::Heap(Nim), heaps.clone(), &mut memo);
            prop_assert_eq!(misere_nim(&heaps) == Outcome::N, n);
            prop_assert_eq!(misere_outcome_of_heaps(&crate::heap::Heap(Nim), &heaps).unwrap(), misere_nim(&heaps));
        }
    }
}
