//! Ruler (`ruler`), a coin-turning game of Winning Ways (Berlekamp, Conway and Guy, ch. 14): a row of coins, some
//! heads; a move turns over any run of consecutive coins whose rightmost coin goes from heads to tails. Whoever
//! cannot move (every coin tails) loses.
//!
//! **As a heap game.** The theory of coin-turning games (Winning Ways, ch. 14) makes a position the sum of its heads
//! coins, each standing alone: a heads coin at place `n` (numbered from 1) is a heap of `n`. Turning it with the `k`
//! coins before it toggles those coins, which the theory counts as adding heads coins at `n − 1, …, n − k` (a coin
//! toggled twice counts twice, and two equal heaps cancel in a nim-sum), so the options of heap `n` are the sums
//! `(n − 1) + … + (n − k)` for `k = 0, …, n − 1`. Moves leave many heaps: the game splits heaps.
//!
//! **Nim-values.** `G(n) = ruler(n)`, the largest power of 2 dividing `n` (`1 2 1 4 1 2 1 8 …`; Winning Ways,
//! ch. 14, where the game takes its name from the marks of a ruler; OEIS A006519). The tests check the closed form
//! against the plain search of the rules on every heap up to 300, and the rules against the script
//! `examples/rules/ruler.rhai` on the shared corpus of the one-game tests.
//!
//! **Moves.** A move is named by the coins it turns: "turn over the coins at places 5 to 7", not by heaps taken
//! or split.

use crate::context::Context;
use crate::error::Result;
use crate::game::HeapFacts;
use crate::game::{ClosedForm, Options};
use crate::heap::HeapRules;
use crate::limits::Limits;
use crate::nimber::Nimber;

/// The largest heap whose moves of one value the closed form lists (each move lists up to `n − 1` heaps, so the
/// list of a heap near this bound holds a few million numbers).
pub const MAX_LISTED_HEAP: u64 = 1 << 16;

/// The ruler function: the largest power of 2 dividing `n` (`0` for `n = 0`, which names no coin).
pub fn ruler(n: u64) -> Nimber {
    n & n.wrapping_neg()
}

/// The rules of Ruler.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ruler;

impl HeapRules for Ruler {
    fn name(&self) -> String {
        "ruler".to_string()
    }
    fn options(&self, n: &u64, out: &mut Options<u64>) -> Result<()> {
        let n = *n;
        if n == 0 {
            return Ok(());
        }
        let mut run = Vec::new();
        out.push(run.iter().copied());
        for k in 1..n {
            run.push(n - k);
            out.push(run.iter().copied());
        }
        Ok(())
    }
    /// The coins the move turns: the coin at `from` and the run of coins before it that the option lists.
    fn describe_move(&self, from: u64, to: &[u64]) -> String {
        match to.iter().min() {
            None => format!("turn over the coin at place {from} alone"),
            Some(&low) => format!("turn over the coins at places {low} to {from}"),
        }
    }
    /// A heap of `n` has `n` options of up to `n − 1` heaps each: a search lists `n²/2` numbers.
    fn check_searchable(&self, n: &u64, _limits: &Limits) -> Result<()> {
        crate::heap::check_listable("ruler", *n, n.saturating_mul(*n) / 2)
    }
    fn closed_form(&self) -> Option<&dyn ClosedForm<u64>> {
        Some(self)
    }
}

impl HeapFacts for Ruler {
    fn splits(&self) -> Option<bool> {
        Some(true)
    }
}

impl ClosedForm<u64> for Ruler {
    fn nim_value(&self, n: &u64, _cx: &Context) -> Option<Nimber> {
        Some(ruler(*n))
    }

    /// The runs whose coins' values nim-sum to `target`, found by one pass over the run lengths (`O(n)`), for
    /// heaps up to [`MAX_LISTED_HEAP`].
    fn options_with_value(&self, n: &u64, target: Nimber, _cx: &Context) -> Option<Vec<Vec<u64>>> {
        let n = *n;
        if n > MAX_LISTED_HEAP {
            return None;
        }
        let mut out = Vec::new();
        let mut sum = 0;
        for k in 0..n {
            if k > 0 {
                sum ^= ruler(n - k);
            }
            if n > 0 && sum == target {
                out.push((1..=k).map(|i| n - i).collect());
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Known, NotationView};
    use crate::heap::Heap;
    use crate::solver::brute_force_value;

    #[test]
    fn the_closed_form_is_the_value_of_the_rules() {
        let plain = crate::heap::plain::sequence(&Heap(Ruler), 300, &mut |_| {}).unwrap();
        let formula: Vec<Nimber> = (0..=300).map(ruler).collect();
        assert_eq!(plain, formula);
        // The definition without memo (exponential in the heap): small heaps only.
        for n in 0..=8 {
            assert_eq!(brute_force_value(&Heap(Ruler), &n), ruler(n), "heap {n}");
        }
        assert_eq!(&formula[1..9], &[1, 2, 1, 4, 1, 2, 1, 8]);
    }

    #[test]
    fn listed_moves_are_exactly_the_options_of_the_value() {
        let cx = Context::default();
        let game = Heap(Ruler);
        for n in 0..=40u64 {
            for t in 0..=8 {
                let listed = game.known_options_with_value(&n, t, &cx).unwrap();
                let mut all = Options::new();
                game.options(&n, &mut all).unwrap();
                let want: Vec<Vec<u64>> = all
                    .iter()
                    .filter(|o| o.iter().fold(0, |x, &h| x ^ ruler(h)) == t)
                    .map(<[u64]>::to_vec)
                    .collect();
                assert_eq!(listed, want, "heap {n}, value {t}");
            }
        }
    }

    #[test]
    fn moves_are_named_by_the_coins_turned() {
        let game = Heap(Ruler);
        assert_eq!(
            game.describe_move(&7, &[]),
            "turn over the coin at place 7 alone"
        );
        assert_eq!(
            game.describe_move(&7, &[6, 5]),
            "turn over the coins at places 5 to 7"
        );
    }
}
