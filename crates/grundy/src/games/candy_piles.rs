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

use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::ClosedForm;
use crate::game::{Game, Notation, Options, Outcome, Play};

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

/// The piles after eating a largest pile (`piles` in decreasing order).
fn eat_largest(piles: &[u64]) -> Vec<u64> {
    piles.get(1..).unwrap_or_default().to_vec()
}

/// The piles after eating one candy from every pile (`piles` in decreasing order, none empty).
fn eat_one_each(piles: &[u64]) -> Vec<u64> {
    piles.iter().map(|p| p - 1).filter(|&p| p > 0).collect()
}

/// Piles as shown: decreasing, separated by spaces, `nothing` when no candy is left.
fn show_piles(v: &[u64]) -> String {
    if v.is_empty() {
        "nothing".to_string()
    } else {
        v.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
    }
}

/// Candy Piles as a [`Game`]: its rules, text syntax (`PILE...`, all one position) and closed form, stated once.
///
/// A position is the list of the non-empty piles in decreasing order ([`Game::validate`]; [`Notation::parse`] sorts
/// the piles as given and drops empty ones); the empty list is the position with no candy left. The options are
/// the two moves, eat a largest pile and eat one candy from every pile, listed once when they leave the same piles
/// (piles `k, k−1, …, 1`).
///
/// **The game is played misère** ([`CandyPilesGame::PLAY`]): whoever eats the last candy loses, which is misère
/// play of these moves (the player left with no candy, who cannot move, wins). Its closed form is for that play:
/// [`ClosedForm::outcome`] and [`ClosedForm::winning_options`] under [`Play::Misere`] are the diagonal walk ([`first_wins`]) for
/// any piles; under normal play no rule is known (`None`), and no nim-value is.
#[derive(Debug, Clone, Copy, Default)]
pub struct CandyPilesGame;

impl CandyPilesGame {
    /// The play the game is stated under: misère (whoever eats the last candy loses). An analysis of a position of
    /// this game "as the game is played" asks for this play.
    pub const PLAY: Play = Play::Misere;
}

impl Game for CandyPilesGame {
    type Position = Vec<u64>;
    fn name(&self) -> String {
        "candy-piles".into()
    }
    fn play(&self) -> Play {
        Self::PLAY
    }
    fn options(&self, piles: &Vec<u64>, out: &mut Options<Vec<u64>>) -> crate::Result<()> {
        if piles.is_empty() || self.validate(piles).is_err() {
            return Ok(());
        }
        let largest = eat_largest(piles);
        let one_each = eat_one_each(piles);
        if one_each != largest {
            out.push_one(largest);
            out.push_one(one_each);
        } else {
            out.push_one(largest);
        }
        Ok(())
    }
    fn validate(&self, piles: &Vec<u64>) -> Result<()> {
        if piles.contains(&0) {
            return Err(Error::input(
                "candy-piles: a position lists its non-empty piles only, found an empty pile",
            ));
        }
        if piles.windows(2).any(|w| w[0] < w[1]) {
            return Err(Error::input(
                "candy-piles: a position lists its piles largest first",
            ));
        }
        Ok(())
    }

    fn closed_form(&self) -> Option<&dyn ClosedForm<Self::Position>> {
        Some(self)
    }
    fn notation(&self) -> Option<&dyn Notation<Self::Position>> {
        Some(self)
    }
}

impl Notation<Vec<u64>> for CandyPilesGame {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<Vec<u64>>>> {
        Some(self.read_words(words))
    }
    fn position_syntax(&self) -> &'static str {
        "PILE..."
    }
    fn show(&self, piles: &Vec<u64>) -> String {
        show_piles(piles)
    }
    fn describe_move(&self, from: &Vec<u64>, to: &[Vec<u64>]) -> String {
        let [after] = to else {
            return format!("move to {}", self.show_sum(to));
        };
        if from.is_empty() || self.validate(from).is_err() {
            return format!("move to {}", self.show_sum(to));
        }
        let largest = *after == eat_largest(from);
        let one_each = *after == eat_one_each(from);
        let what = match (largest, one_each) {
            (true, true) => "eat a largest pile (or equally one candy from every pile)",
            (true, false) => "eat a largest pile",
            (false, true) => "eat one candy from every pile",
            (false, false) => return format!("move to {}", self.show_sum(to)),
        };
        format!("{what}, leaving {}", show_piles(after))
    }
}

impl CandyPilesGame {
    /// Reads the positions `words` write: the body of this game's [`Notation::parse`].
    fn read_words(&self, words: &[String]) -> Result<Vec<Vec<u64>>> {
        let piles = crate::games::parse_numbers(
            words,
            "candy-piles: give the piles, e.g. candy-piles 1 2 3",
            "candy-piles: a pile",
        )?;
        let mut sorted: Vec<u64> = piles.into_iter().filter(|&p| p > 0).collect();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        Ok(vec![sorted])
    }
}

impl ClosedForm<Vec<u64>> for CandyPilesGame {
    fn outcome(&self, piles: &Vec<u64>, play: Play, _cx: &Context) -> Option<Outcome> {
        match play {
            Play::Misere => Some(if first_wins(piles) {
                Outcome::N
            } else {
                Outcome::P
            }),
            Play::Normal => None,
        }
    }

    fn winning_options(
        &self,
        piles: &Vec<u64>,
        play: Play,
        _cx: &Context,
    ) -> Option<Vec<Vec<Vec<u64>>>> {
        if play != Play::Misere || self.validate(piles).is_err() {
            return None;
        }
        let mut options = Options::new();
        self.options(piles, &mut options).ok()?;
        Some(
            options
                .iter()
                .filter(|o| !first_wins(&o[0]))
                .map(<[Vec<u64>]>::to_vec)
                .collect(),
        )
    }
}

/// The catalog family `candy-piles`: `grundy value candy-piles 1 2 3`. Whoever eats the last candy loses, so a
/// position is not a normal-play component of a sum: alone it is answered by its outcome and winning moves, in a sum
/// it is an error.
pub struct CandyPiles;

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
