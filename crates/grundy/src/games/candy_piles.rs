//! Candy Piles (AtCoder AGC 002 E): piles of candies; a move eats a whole largest pile, or one candy from every
//! pile. **Whoever eats the last candy loses.**
//!
//! **Diagonal walk.** Sort the piles in decreasing order and draw them as a Young diagram (pile `i` is column `i`
//! of height `a_i`). A position is a corner `(x, y)`: `x` largest piles eaten, `y` candies eaten from every pile;
//! a move steps right (`x + 1`) or up (`y + 1`), and the player who steps outside the diagram ate the last candy.
//! Along the main diagonal the outcome repeats (`(x, y)` and `(x+1, y+1)` have the same outcome whenever both
//! inside), so walk the diagonal to the last corner `(i, i)` from which `(i+1, i+1)` is outside. From there the
//! remaining moves are forced along a row or a column: the first player wins exactly when the distance to the
//! edge to the right (`a_{i+1}` counted from `i`, i.e. the piles left in column `i`) or the distance upward is odd
//! (AtCoder AGC 002 editorial). Cost: a sort, then `O(n)`. The tests prove it against exhaustive search.

/// True when the player to move wins (piles in any order; zero piles are ignored).
pub fn first_wins(piles: &[u64]) -> bool {
    let mut a: Vec<u64> = piles.iter().copied().filter(|&p| p > 0).collect();
    a.sort_unstable_by(|x, y| y.cmp(x));
    let n = a.len();
    // 1-based a[1..=n] with a[n+1] = 0: find the first i with a[i+1] < i+1.
    let at = |k: usize| if k >= 1 && k <= n { a[k - 1] } else { 0 };
    if n == 0 {
        // No candy left: the opponent ate the last one.
        return true;
    }
    let mut i = 1;
    while at(i + 1) >= (i + 1) as u64 {
        i += 1;
    }
    // Up: candies left in column i above the corner; right: further columns reaching height exactly i.
    let up = at(i) - i as u64;
    let mut right = 0u64;
    while at(i + 1 + right as usize) == i as u64 {
        right += 1;
    }
    up % 2 == 1 || right % 2 == 1
}

/// The catalog family `candy-piles`: `grundy value candy-piles 1 2 3`. Whoever eats the last candy loses, so a
/// position is not a normal-play component of a sum: alone it is answered by its outcome and winning moves, in a sum
/// it is an error.
pub struct CandyPiles;

impl crate::games::Family for CandyPiles {
    fn name(&self) -> String {
        "candy-piles".into()
    }
    fn position_syntax(&self) -> &'static str {
        "PILE..."
    }
    fn components(
        &self,
        args: &[String],
    ) -> crate::error::Result<Vec<Box<dyn crate::sum::Component>>> {
        let piles = crate::games::parse_numbers(
            args,
            "candy-piles: give the piles, e.g. candy-piles 1 2 3",
            "candy-piles: a pile",
        )?;
        // The two moves: eat a largest pile, or one candy from every pile. A move wins when it leaves a position
        // whose player to move loses; eating the last candy loses at once (the empty position is a win for the
        // player to move, `first_wins(&[])`).
        let mut sorted: Vec<u64> = piles.iter().copied().filter(|&p| p > 0).collect();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        let show = |v: &[u64]| {
            if v.is_empty() {
                "nothing".to_string()
            } else {
                v.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
            }
        };
        let mut winning = Vec::new();
        if !sorted.is_empty() {
            let eat_largest: Vec<u64> = sorted[1..].to_vec();
            let one_each: Vec<u64> = sorted.iter().map(|p| p - 1).filter(|&p| p > 0).collect();
            for (what, after) in [
                ("eat a largest pile", eat_largest),
                ("eat one candy from every pile", one_each),
            ] {
                if !first_wins(&after) {
                    winning.push(crate::sum::Move {
                        description: format!("{what}, leaving {}", show(&after)),
                        result: show(&after),
                        value_after: 0,
                    });
                }
            }
        }
        let outcome = if first_wins(&piles) {
            crate::Outcome::N
        } else {
            crate::Outcome::P
        };
        Ok(vec![Box::new(crate::games::listed::OutcomeOnly::new(
            "candy-piles",
            show(&sorted),
            outcome,
            winning,
            "candy-piles is played misère (whoever eats the last candy loses), so it has no nim-value and no place in a normal-play sum; asked alone, its outcome and winning moves are given",
        ))])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// The game as stated, on sorted (decreasing) non-empty piles.
    fn wins(p: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if p.is_empty() {
            return true;
        }
        if let Some(&w) = memo.get(&p) {
            return w;
        }
        let eat_largest = p[1..].to_vec();
        let eat_one: Vec<u64> = p.iter().filter(|&&x| x > 1).map(|x| x - 1).collect();
        let w = !wins(eat_largest, memo) || !wins(eat_one, memo);
        memo.insert(p, w);
        w
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn diagonal_walk_is_exhaustive_search(piles in proptest::collection::vec(1u64..9, 1..8)) {
            let mut sorted = piles.clone();
            sorted.sort_unstable_by(|x, y| y.cmp(x));
            let mut memo = HashMap::new();
            prop_assert_eq!(first_wins(&piles), wins(sorted, &mut memo));
        }
    }

    #[test]
    fn judge_samples() {
        assert!(first_wins(&[1, 3]));
        assert!(first_wins(&[1, 2, 1]));
        assert!(!first_wins(&[1, 2, 3]));
    }
}
