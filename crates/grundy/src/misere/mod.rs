//! Misère play: the player who makes the last move loses.
//!
//! Under misère play sums no longer add by XOR: the misère outcome of `G + H` is not a function of the misère (or
//! normal) values of `G` and `H` in general (Winning Ways ch. 13; Siegel, *Combinatorial Game Theory*, ch. V). So:
//!
//! - [`search`]: the exact misère nim-value and outcome of any sum of positions of any finite games (different
//!   games included), by memoised search over multisets of components, and every move with its result;
//! - [`genus`]: misère nim-values and genus sequences `g^γ0γ1…` of heap games (CGSuite's notation), which heaps are
//!   tame, and the outcome of a sum of tame components by misère Nim's rule;
//! - here: misère Nim by Bouton's rule, and the anti-SG shortcut (the SJ theorem) where its condition holds.

pub mod genus;
pub mod quotient;
pub mod search;

use crate::game::Outcome;
use crate::nimber::Nimber;

/// Misère Nim (Bouton 1902; Winning Ways ch. 13): if every heap has at most one token, the player to move wins
/// exactly when the number of heaps of one is even; otherwise exactly when the nim-sum is not 0.
///
/// # Example
///
/// ```rust
/// use grundy::misere::misere_nim_outcome;
/// use grundy::Outcome;
///
/// // Only heaps of one: a P-position exactly when their number is odd (whoever takes the last token loses).
/// assert_eq!(misere_nim_outcome(&[1]), Outcome::P);
/// assert_eq!(misere_nim_outcome(&[1, 1]), Outcome::N);
/// assert_eq!(misere_nim_outcome(&[1, 1, 1]), Outcome::P);
/// assert_eq!(misere_nim_outcome(&[]), Outcome::N); // no heap: the player to move has already won
/// // Some heap of two or more: as in normal play, a P-position exactly when the nim-sum is 0.
/// assert_eq!(misere_nim_outcome(&[2, 2]), Outcome::P);
/// assert_eq!(misere_nim_outcome(&[1, 2, 3]), Outcome::P);
/// assert_eq!(misere_nim_outcome(&[1, 2]), Outcome::N);
/// ```
pub fn misere_nim_outcome(heaps: &[u64]) -> Outcome {
    let total = heaps.iter().fold(0, |a, &h| a ^ h);
    let n = if heaps.iter().all(|&h| h <= 1) {
        total == 0
    } else {
        total != 0
    };
    if n {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// Every winning move of misère Nim, as (heap index, heap left). A move from `h` can only reach a P-position by
/// leaving `0`, `1` or `h ⊕ total` tokens (the P-positions are: all heaps at most 1 with an odd number of ones, or
/// some heap at least 2 with nim-sum 0), so only those are tried.
pub fn misere_nim_winning_moves(heaps: &[u64]) -> Vec<(usize, u64)> {
    let total = heaps.iter().fold(0, |a, &h| a ^ h);
    let mut out = Vec::new();
    let mut after = heaps.to_vec();
    for (i, &h) in heaps.iter().enumerate() {
        let mut cands = vec![0, 1, h ^ total];
        cands.sort_unstable();
        cands.dedup();
        for c in cands {
            if c < h {
                after[i] = c;
                if misere_nim_outcome(&after) == Outcome::P {
                    out.push((i, c));
                }
            }
        }
        after[i] = h;
    }
    out
}

/// The anti-SG rule (the SJ theorem; Jia Zhihao, "组合游戏略述——浅谈SG游戏的若干拓展及变形", Chinese IOI national team
/// paper, 2009). For a sum played misère in which every component position of normal nim-value 0 has no moves (so
/// the game ends exactly when every component has value 0), the player to move wins exactly when either the nim-sum
/// is not 0 and some component has value above 1, or the nim-sum is 0 and no component has value above 1. `values`
/// are the components' normal nim-values. The caller checks the condition (see [`sj_condition_holds`]); misère Nim is
/// the case `G(n) = n`.
///
/// Why (the proof, in short): from "nim-sum ≠ 0, one value > 1" move that component to value 0 or 1 leaving an odd
/// number of 1s, or with two or more values > 1 make the nim-sum 0 (a value > 1 survives); from "nim-sum 0, all ≤ 1"
/// move a 1 to 0, or the game is over and the player to move has won; every move from the other two classes lands
/// in these two (a move changes one value, and a position of value 0 cannot be moved from).
pub fn sj_outcome(values: &[Nimber]) -> Outcome {
    let total = values.iter().fold(0, |a, &v| a ^ v);
    let big = values.iter().any(|&v| v > 1);
    if (total != 0 && big) || (total == 0 && !big) {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// The SJ condition for heap games. A move must leave at most one heap (`splits` false): a move that splits a heap
/// could leave a non-terminal sum of value 0, such as `1 + 1`, inside one component. And every non-empty heap up to
/// the largest one must have a non-zero normal nim-value (so a component of value 0 is an empty heap). `values`
/// are the nim-values of heaps `0..=max`.
pub fn sj_condition_holds(splits: bool, values: &[Nimber]) -> bool {
    !splits && values.iter().skip(1).all(|&v| v != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misere_nim_by_bouton() {
        assert_eq!(misere_nim_outcome(&[]), Outcome::N);
        assert_eq!(misere_nim_outcome(&[1]), Outcome::P);
        assert_eq!(misere_nim_outcome(&[1, 1]), Outcome::N);
        assert_eq!(misere_nim_outcome(&[2, 2]), Outcome::P);
        assert_eq!(misere_nim_outcome(&[1, 2, 3]), Outcome::P);
        assert_eq!(misere_nim_winning_moves(&[5]), vec![(0, 1)]);
        assert_eq!(sj_outcome(&[1, 2, 3]), Outcome::P);
        assert_eq!(sj_outcome(&[1, 1, 1]), Outcome::P);
    }
}
