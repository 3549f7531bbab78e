//! Subtraction games with a finite set `S` (`subtraction:1,3,4`): take `s` tokens from one heap for some `s ∈ S`.
//!
//! **Nim-values.** `G(n) = mex{ G(n−s) : s ∈ S, s ≤ n }` — the definition, computed bottom-up in `O(n·|S|)` by
//! [`Subtraction::values`]. A finite subtraction game is ultimately periodic (its values are bounded by `|S|`, so the state of the
//! last `max S` values repeats; Winning Ways ch. 4). Seed 002 tabulates `S = {1,3,4}`: `0 1 0 1 2 3 2 0 1 0 1 2 3 2…`
//! (period 7), pinned in a test.
//!
//! **The first winning move (loj10244).** In a sum of heaps the winning moves are the takes `s` from heap `i` with
//! `G(a_i − s) = G(a_i) ⊕ X`, `X` the nim-sum. [`first_winning_move`] returns the one with the smallest heap index,
//! then the smallest amount — the order the judge asks for.

use crate::error::{Error, Result};
use crate::game::HeapFacts;
use crate::game::Options;
use crate::heap::leave;
use crate::heap::HeapRules;
use crate::nimber::{MexSet, Nimber};

/// A subtraction set: distinct positive amounts, sorted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subtraction {
    set: Vec<u64>,
}

impl Subtraction {
    /// The game of `amounts` (sorted and deduplicated here); every amount must be positive.
    pub fn new(amounts: &[u64]) -> Result<Self> {
        let mut set = amounts.to_vec();
        set.sort_unstable();
        set.dedup();
        if set.is_empty() {
            return Err(Error::input("a subtraction set needs at least one amount"));
        }
        if set[0] == 0 {
            return Err(Error::input(
                "a subtraction set may not contain 0 (a move must take something)",
            ));
        }
        Ok(Subtraction { set })
    }
    /// The subtraction set: the amounts a move may take, sorted, distinct and positive.
    pub fn set(&self) -> &[u64] {
        &self.set
    }
    /// The nim-values of heaps `0..=to`, by the definition.
    pub fn values(&self, to: usize) -> Vec<Nimber> {
        let mut g = vec![0; to + 1];
        let mut seen = MexSet::new();
        for n in 1..=to {
            seen.clear();
            for &s in &self.set {
                if s as usize > n {
                    break;
                }
                seen.insert(g[n - s as usize]);
            }
            g[n] = seen.mex();
        }
        g
    }
}

/// The first winning move of a sum of heaps `heaps` of the game: `(i, s)`, take `s` from heap `i` (0-based), the
/// smallest `i` and then the smallest `s`; `None` for a P-position. `values` must cover every heap.
pub fn first_winning_move(
    game: &Subtraction,
    values: &[Nimber],
    heaps: &[usize],
) -> Option<(usize, u64)> {
    let total = heaps.iter().fold(0, |x, &h| x ^ values[h]);
    if total == 0 {
        return None;
    }
    for (i, &h) in heaps.iter().enumerate() {
        let target = values[h] ^ total;
        for &s in game.set() {
            if s as usize > h {
                break;
            }
            if values[h - s as usize] == target {
                return Some((i, s));
            }
        }
    }
    None
}

impl HeapRules for Subtraction {
    fn name(&self) -> String {
        let s: Vec<String> = self.set.iter().map(u64::to_string).collect();
        format!("subtraction:{}", s.join(","))
    }
    fn options(&self, n: &u64, out: &mut Options<u64>) -> crate::Result<()> {
        for &s in &self.set {
            if s > *n {
                break;
            }
            leave(out, n - s);
        }
        Ok(())
    }
}

impl HeapFacts for Subtraction {
    fn longest_move(&self) -> Option<u64> {
        self.set.last().copied()
    }
    fn splits(&self) -> Option<bool> {
        Some(false)
    }
    /// [`Subtraction::values`]: `O(|S|)` per heap.
    fn extend_sequence(
        &self,
        values: &mut Vec<Nimber>,
        to: u64,
        _progress: &mut dyn FnMut(u64),
    ) -> Option<Result<()>> {
        Some(
            crate::heap::plain::check_length(&self.name(), to, false)
                .map(|()| *values = self.values(to as usize)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::brute_force_value;
    use proptest::prelude::*;

    #[test]
    fn the_seed_table_of_1_3_4() {
        let g = Subtraction::new(&[4, 1, 3]).unwrap().values(13);
        assert_eq!(g, vec![0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
        assert!(Subtraction::new(&[]).is_err());
        assert!(Subtraction::new(&[0, 2]).is_err());
    }

    #[test]
    fn loj10244_sample_move() {
        let g = crate::heap::Heap(Subtraction::new(&[1, 2]).unwrap());
        let v = g.values(10);
        assert_eq!(first_winning_move(&g, &v, &[7, 6, 9, 3]), Some((0, 1)));
        assert_eq!(first_winning_move(&g, &v, &[3, 6]), None);
    }

    proptest! {
        #[test]
        fn values_are_the_definition(set in proptest::collection::vec(1u64..7, 1..4), n in 0u64..20) {
            let g = crate::heap::Heap(Subtraction::new(&set).unwrap());
            prop_assert_eq!(g.values(n as usize)[n as usize], brute_force_value(&g, &n));
        }

        #[test]
        fn the_first_winning_move_wins_and_is_first(
            set in proptest::collection::vec(1u64..6, 1..4),
            heaps in proptest::collection::vec(0usize..25, 1..5),
        ) {
            let g = crate::heap::Heap(Subtraction::new(&set).unwrap());
            let v = g.values(30);
            let total = heaps.iter().fold(0, |x, &h| x ^ v[h]);
            // Every (i, s) in the judge's order, checked by the values of the position after the move.
            let mut first = None;
            'outer: for (i, &h) in heaps.iter().enumerate() {
                for &s in g.set() {
                    if s as usize <= h {
                        let mut after = heaps.clone();
                        after[i] -= s as usize;
                        if after.iter().fold(0, |x, &a| x ^ v[a]) == 0 { first = Some((i, s)); break 'outer; }
                    }
                }
            }
            prop_assert_eq!(first_winning_move(&g, &v, &heaps), first);
            prop_assert_eq!(first.is_some(), total != 0);
        }
    }
}
