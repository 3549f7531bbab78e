//! Fox and Card Game (Codeforces 388C) — a **scoring game, not an impartial one**: piles of numbered cards; Ciel
//! (moving first) takes the top card of any pile, Jiro the bottom card of any pile, alternately, until all cards
//! are taken; each maximises the sum of the cards they take. There is no nim-value: the players have different
//! moves and the result is a pair of scores.
//!
//! **Greedy closed form.** Each player can secure the half of every pile on their side: Ciel the top `⌊s/2⌋`
//! cards, Jiro the bottom `⌊s/2⌋` (whenever the opponent takes from a pile, answer in the same pile). The middle
//! cards of odd piles are contested; taken in decreasing order, alternately starting with Ciel, they are what
//! best play gives (Codeforces Round 228 editorial). [`greedy`] is that; [`minimax`] is an exact search of the
//! game tree for small positions, and the tests check one against the other. Cost: `O(C log C)` for `C` cards.

use std::collections::HashMap;

/// The scores `(Ciel, Jiro)` under best play, by the greedy closed form. Piles are listed top to bottom.
pub fn greedy(piles: &[Vec<u64>]) -> (u64, u64) {
    let (mut ciel, mut jiro) = (0u64, 0u64);
    let mut middles = Vec::new();
    for p in piles {
        let s = p.len();
        ciel += p[..s / 2].iter().sum::<u64>();
        jiro += p[s - s / 2..].iter().sum::<u64>();
        if s % 2 == 1 {
            middles.push(p[s / 2]);
        }
    }
    middles.sort_unstable_by(|a, b| b.cmp(a));
    for (i, m) in middles.into_iter().enumerate() {
        if i % 2 == 0 {
            ciel += m;
        } else {
            jiro += m;
        }
    }
    (ciel, jiro)
}

/// The scores `(Ciel, Jiro)` under best play, by exhaustive minimax search (small positions only: the number of
/// states is the product over piles of `s(s+1)/2 + 1`).
pub fn minimax(piles: &[Vec<u64>]) -> (u64, u64) {
    let total: u64 = piles.iter().flatten().sum();
    let state: Vec<(usize, usize)> = piles.iter().map(|p| (0, p.len())).collect();
    let mut memo = HashMap::new();
    let diff = search(piles, state, true, &mut memo);
    let ciel = (total as i64 + diff) / 2;
    (ciel as u64, total - ciel as u64)
}

/// Search memo: (per pile the (top, bottom) indices, Ciel to move) -> Ciel's score minus Jiro's.
type Memo = HashMap<(Vec<(usize, usize)>, bool), i64>;

/// Ciel's score minus Jiro's from `state` on, with `ciel` to move.
fn search(piles: &[Vec<u64>], state: Vec<(usize, usize)>, ciel: bool, memo: &mut Memo) -> i64 {
    if let Some(&v) = memo.get(&(state.clone(), ciel)) {
        return v;
    }
    let mut best: Option<i64> = None;
    for (i, &(top, bottom)) in state.iter().enumerate() {
        if top == bottom {
            continue;
        }
        let mut next = state.clone();
        let v = if ciel {
            next[i].0 += 1;
            piles[i][top] as i64 + search(piles, next, false, memo)
        } else {
            next[i].1 -= 1;
            search(piles, next, true, memo) - piles[i][bottom - 1] as i64
        };
        best = Some(match best {
            None => v,
            Some(b) if ciel => b.max(v),
            Some(b) => b.min(v),
        });
    }
    let v = best.unwrap_or(0);
    memo.insert((state, ciel), v);
    v
}

/// Piles from arguments, each the card values top to bottom, comma-separated.
fn parse_piles(args: &[String]) -> crate::error::Result<Vec<Vec<u64>>> {
    if args.is_empty() {
        return Err(crate::error::Error::input(
            "fox-cards: give the piles, e.g. fox-cards 100 1,10",
        ));
    }
    args.iter()
        .map(|a| {
            a.split(',')
                .map(|c| crate::error::parse_u64(c, "fox-cards: a card"))
                .collect()
        })
        .collect()
}

/// The catalog family `fox-cards`: `grundy value fox-cards 1,100 10,1` (each argument a pile, top to bottom).
/// It is not impartial, so it is not a component of a sum: asking for its nim-value is an error that says so and
/// gives the scores.
pub struct FoxCards;

impl crate::games::AnyGame for FoxCards {
    fn name(&self) -> String {
        "fox-cards".into()
    }
    fn position_syntax(&self) -> &'static str {
        "PILE... (each PILE the card values top to bottom, comma-separated)"
    }
    fn heap_game(&self) -> Option<std::rc::Rc<crate::heap::HeapGame>> {
        None
    }
    fn add_to(&self, _sum: &mut crate::parts::Sum, args: &[String]) -> crate::error::Result<()> {
        let piles = parse_piles(args)?;
        let (c, j) = greedy(&piles);
        Err(crate::error::Error::unsupported(format!(
            "fox-cards is a scoring game, not impartial, so it has no nim-value and no place in a sum; with best play Ciel (first, from the tops) scores {c} and Jiro (from the bottoms) scores {j}"
        )))
    }
    fn scoring(
        &self,
        args: &[String],
    ) -> Option<crate::error::Result<crate::games::ScoringReport>> {
        Some(parse_piles(args).map(|piles| {
            let (c, j) = greedy(&piles);
            crate::games::ScoringReport {
                text: format!(
                    "fox-cards is a scoring game, not impartial: there is no nim-value and no P/N outcome, only scores.\n\
                     With best play Ciel (moving first, taking from the tops) scores {c} and Jiro (taking from the bottoms) scores {j}.\n\
                     Why: each player gets the half of every pile nearest to them; the middle cards of odd piles go, largest first, alternately to Ciel and Jiro.\n"
                ),
                fields: vec![("ciel".into(), c), ("jiro".into(), j)],
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn greedy_is_minimax(piles in proptest::collection::vec(proptest::collection::vec(1u64..20, 1..5), 1..4)) {
            prop_assert_eq!(greedy(&piles), minimax(&piles));
        }
    }

    #[test]
    fn judge_samples() {
        assert_eq!(greedy(&[vec![100], vec![1, 10]]), (101, 10));
        assert_eq!(greedy(&[vec![2, 8, 6, 5, 9, 4, 7, 1, 3]]), (30, 15));
        assert_eq!(
            minimax(&[vec![1, 3, 2], vec![5, 4, 6], vec![8, 7]]),
            (18, 18)
        );
    }
}
