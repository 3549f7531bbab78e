//! Chocolate bars (LOJ 10245): bars lie in a box; a move either takes any non-empty set of bars out of the box,
//! or eats a positive length of one bar that is already out. A player who cannot move loses.
//!
//! **Solution.** With all bars in the box, the first player wins exactly when the lengths are linearly dependent
//! over GF(2) (some non-empty set of them has nim-sum 0), i.e. when the rank of the lengths as bit vectors is
//! below their number. Why: call a position *calm* when the bars out of the box have nim-sum 0 and the bars in the
//! box are independent. From a calm position, taking a set `T` out gives the outside nim-sum `⊕T ≠ 0` (the box is
//! independent), and eating changes a zero nim-sum; either way the opponent restores calm (by a Nim move; what is
//! left in the box stays independent). The terminal position is calm, so calm positions are P-positions. If the
//! box is dependent, pick a maximal independent subset `I` (a linear basis, built greedily), let `R` be the other
//! bars and `J ⊆ I` the bars whose nim-sum is `⊕R` (it is in the span of `I`); taking `R ∪ J` out leaves a calm
//! position. Tests prove this against exhaustive search. Cost: `O(n · 64)` for `n` bars of 64-bit lengths.

/// A linear basis over GF(2) that remembers, for each basis vector, which input bars it is the nim-sum of.
struct Basis {
    /// `rows[b]`: a vector with highest bit `b`, and the set of bars (bit set) it combines.
    rows: Vec<Option<(u64, Vec<u64>)>>,
    words: usize,
}

impl Basis {
    fn new(n: usize) -> Self {
        Basis {
            rows: vec![None; 64],
            words: n.div_ceil(64).max(1),
        }
    }
    /// Reduces `x` (with combination `mask`); inserts it if independent. Returns the reduced combination when `x`
    /// depends on the basis (the bars in it have nim-sum 0).
    fn insert(&mut self, mut x: u64, mut mask: Vec<u64>) -> Option<Vec<u64>> {
        while x != 0 {
            let b = 63 - x.leading_zeros() as usize;
            match &self.rows[b] {
                Some((v, m)) => {
                    x ^= v;
                    for (a, c) in mask.iter_mut().zip(m) {
                        *a ^= c;
                    }
                }
                None => {
                    self.rows[b] = Some((x, mask));
                    return None;
                }
            }
        }
        Some(mask)
    }
}

/// True when the lengths are linearly independent over GF(2) (then the first player loses).
pub fn independent(lengths: &[u64]) -> bool {
    let mut rows = [0u64; 64];
    for &x in lengths {
        let mut x = x;
        while x != 0 {
            let b = 63 - x.leading_zeros() as usize;
            if rows[b] == 0 {
                rows[b] = x;
                break;
            }
            x ^= rows[b];
        }
        if x == 0 {
            return false;
        }
    }
    true
}

/// True when the player to move wins with all bars in the box.
pub fn first_wins(lengths: &[u64]) -> bool {
    !independent(lengths)
}

/// A winning first move with all bars in the box: the indices (0-based, increasing) of the bars to take out, or
/// `None` when the lengths are independent (a P-position).
pub fn winning_take(lengths: &[u64]) -> Option<Vec<usize>> {
    let n = lengths.len();
    let mut basis = Basis::new(n);
    let mut rest = Vec::new();
    for (i, &x) in lengths.iter().enumerate() {
        let mut mask = vec![0u64; basis.words];
        mask[i / 64] |= 1 << (i % 64);
        if basis.insert(x, mask).is_some() {
            rest.push(i);
        }
    }
    if rest.is_empty() {
        return None;
    }
    // Express ⊕R in the basis (which only holds bars of I) and take R together with those bars.
    let mut r = rest.iter().fold(0, |a, &i| a ^ lengths[i]);
    let mut take = vec![0u64; basis.words];
    for &i in &rest {
        take[i / 64] |= 1 << (i % 64);
    }
    while r != 0 {
        let b = 63 - r.leading_zeros() as usize;
        let (v, m) = basis.rows[b]
            .as_ref()
            .expect("⊕R lies in the span of the basis");
        r ^= v;
        for (a, c) in take.iter_mut().zip(m) {
            *a ^= c;
        }
    }
    Some(
        (0..n)
            .filter(|&i| take[i / 64] >> (i % 64) & 1 == 1)
            .collect(),
    )
}

/// The catalog family `chocolate`: `grundy value chocolate 11 10 15` (all bars in the box). The outcome and a
/// winning move are exact, but no closed form of the nim-value is known: alone the position is answered by its
/// outcome and one winning move, in a sum it is an error.
pub struct Chocolate;

impl crate::games::Family for Chocolate {
    fn name(&self) -> String {
        "chocolate".into()
    }
    fn position_syntax(&self) -> &'static str {
        "LENGTH... (the bars in the box)"
    }
    fn components(
        &self,
        args: &[String],
    ) -> crate::error::Result<Vec<Box<dyn crate::sum::Component>>> {
        let bars = crate::games::parse_numbers(
            args,
            "chocolate: give the bars' lengths, e.g. chocolate 11 10 15",
            "chocolate: a bar's length",
        )?;
        let (outcome, winning) = match winning_take(&bars) {
            None => (crate::Outcome::P, vec![]),
            Some(t) => {
                let taken: Vec<String> = t
                    .iter()
                    .map(|&i| format!("#{} ({})", i + 1, bars[i]))
                    .collect();
                let out: Vec<String> = t.iter().map(|&i| bars[i].to_string()).collect();
                let mv = crate::sum::Move {
                    description: format!(
                        "take the bars {} out of the box (their lengths XOR to 0 and the bars left in the box are independent over GF(2); one winning move, others may exist)",
                        taken.join(", ")
                    ),
                    result: format!("out: {}", out.join(" ")),
                    value_after: 0,
                };
                (crate::Outcome::N, vec![mv])
            }
        };
        Ok(vec![Box::new(crate::games::listed::OutcomeOnly::new(
            "chocolate",
            args.join(" "),
            outcome,
            winning,
            "only the outcome is known in closed form, not the nim-value, so it cannot be part of a sum",
        ))])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// The game by its own rules: (bars out of the box, bars in the box), both sorted; zero-length bars vanish.
    fn wins(
        out: Vec<u64>,
        boxed: Vec<u64>,
        memo: &mut HashMap<(Vec<u64>, Vec<u64>), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&(out.clone(), boxed.clone())) {
            return w;
        }
        let mut w = false;
        for set in 1u32..(1 << boxed.len()) {
            let mut o = out.clone();
            let mut b = Vec::new();
            for (i, &x) in boxed.iter().enumerate() {
                if set >> i & 1 == 1 {
                    o.push(x)
                } else {
                    b.push(x)
                }
            }
            o.sort_unstable();
            if !wins(o, b, memo) {
                w = true;
                break;
            }
        }
        if !w {
            'eat: for i in 0..out.len() {
                for left in 0..out[i] {
                    let mut o = out.clone();
                    o[i] = left;
                    o.retain(|&x| x > 0);
                    o.sort_unstable();
                    if !wins(o, boxed.clone(), memo) {
                        w = true;
                        break 'eat;
                    }
                }
            }
        }
        memo.insert((out, boxed), w);
        w
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(80))]
        #[test]
        fn rank_rule_is_exhaustive_search(mut bars in proptest::collection::vec(1u64..6, 1..5)) {
            bars.sort_unstable();
            let mut memo = HashMap::new();
            prop_assert_eq!(first_wins(&bars), wins(vec![], bars.clone(), &mut memo));
            match winning_take(&bars) {
                None => prop_assert!(independent(&bars)),
                Some(take) => {
                    prop_assert!(!take.is_empty());
                    let mut out: Vec<u64> = take.iter().map(|&i| bars[i]).collect();
                    out.sort_unstable();
                    let rest: Vec<u64> = (0..bars.len()).filter(|i| !take.contains(i)).map(|i| bars[i]).collect();
                    prop_assert!(!wins(out, rest, &mut memo), "taking {:?} out of {:?} must leave a P-position", take, bars);
                }
            }
        }

        #[test]
        fn winning_take_is_calm_for_large_lengths(bars in proptest::collection::vec(any::<u64>(), 1..70)) {
            match winning_take(&bars) {
                None => prop_assert!(independent(&bars)),
                Some(take) => {
                    prop_assert_eq!(take.iter().fold(0, |a, &i| a ^ bars[i]), 0);
                    let rest: Vec<u64> = (0..bars.len()).filter(|i| !take.contains(i)).map(|i| bars[i]).collect();
                    prop_assert!(independent(&rest));
                }
            }
        }
    }

    #[test]
    fn judge_sample() {
        assert!(independent(&[11, 10, 15]));
        assert!(!independent(&[13, 6, 7, 15, 3]));
        assert!(!independent(&[0]));
    }
}
