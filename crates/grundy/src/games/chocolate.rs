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
//!
//! **Other positions.** With bars out of the box of nim-sum `s`: when the box is independent the position is calm
//! or one Nim move from calm, so it is a P-position exactly when `s = 0`; when the box is dependent and `s` is in the
//! span of its lengths, taking out the bars outside a basis and the basis bars that complete `s` leaves a calm
//! position ([`calm_take`]), so it is an N-position. Other positions (box dependent, `s` outside its span) are not
//! covered by a rule: `1` out and `2 2` in the box is a P-position that is not calm.

use crate::context::Context;
use crate::error::Result;
use crate::game::ClosedForm;
use crate::game::{Game, Notation, Options, Outcome, Play};

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
    calm_take(lengths, 0).filter(|t| !t.is_empty())
}

/// A set of bars to take out of the box `boxed` (indices, 0-based, increasing) that leaves a *calm* position when
/// the bars already out have nim-sum `s`: the bars taken have nim-sum `s` (so everything out has nim-sum 0) and the
/// bars left in the box are independent. `None` when there is none, exactly when `s` is not in the span of the
/// lengths. The set is every bar outside a greedy basis, together with the basis bars whose nim-sum completes `s`
/// (see the module docs); it is empty when the box is independent and `s = 0`.
pub fn calm_take(boxed: &[u64], s: u64) -> Option<Vec<usize>> {
    let n = boxed.len();
    let mut basis = Basis::new(n);
    let mut rest = Vec::new();
    for (i, &x) in boxed.iter().enumerate() {
        let mut mask = vec![0u64; basis.words];
        mask[i / 64] |= 1 << (i % 64);
        if basis.insert(x, mask).is_some() {
            rest.push(i);
        }
    }
    // Express s ⊕ (⊕R) in the basis (which only holds bars of I) and take R together with those bars.
    let mut r = rest.iter().fold(s, |a, &i| a ^ boxed[i]);
    let mut take = vec![0u64; basis.words];
    for &i in &rest {
        take[i / 64] |= 1 << (i % 64);
    }
    while r != 0 {
        let b = 63 - r.leading_zeros() as usize;
        let (v, m) = basis.rows[b].as_ref()?;
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

/// True when `s` is a nim-sum of some of the `lengths` (in their span over GF(2)).
pub fn in_span(lengths: &[u64], s: u64) -> bool {
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
    }
    let mut s = s;
    while s != 0 {
        let b = 63 - s.leading_zeros() as usize;
        if rows[b] == 0 {
            return false;
        }
        s ^= rows[b];
    }
    true
}

/// A chocolate position: the bars in the box and the bars out of it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct ChocolatePosition {
    /// The lengths of the bars in the box, in the order given: a move names a bar by its place here, from 1.
    pub boxed: Vec<u64>,
    /// The lengths of the bars out of the box, in the order they came out (a bar eaten to nothing is gone).
    pub out: Vec<u64>,
}

impl ChocolatePosition {
    /// The position with every bar in the box, as `grundy value chocolate LENGTH...` gives it.
    pub fn in_box(lengths: Vec<u64>) -> Self {
        ChocolatePosition {
            boxed: lengths,
            out: Vec::new(),
        }
    }
    /// The nim-sum of the lengths of the bars out of the box.
    pub fn out_sum(&self) -> u64 {
        self.out.iter().fold(0, |a, &x| a ^ x)
    }
    /// True when the position is *calm* (a P-position, see the module docs): the bars out have nim-sum 0 and the
    /// bars in the box are independent.
    pub fn is_calm(&self) -> bool {
        self.out_sum() == 0 && independent(&self.boxed)
    }
}

/// The most bars in the box of a position that a search may enumerate (a position has one option per non-empty
/// set of bars in the box, and one per length that can be eaten).
pub const SEARCH_MAX_BARS: usize = 16;

/// The most length in all (in and out of the box) of a position that a search may enumerate.
pub const SEARCH_MAX_LENGTH: u64 = 10_000;

/// The lengths, separated by spaces.
fn join(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

/// The indices in `from` of the bars that a move taking bars out of the box `from` removed, leaving `left` (a
/// subsequence of `from`, matched greedily from the left), when the removed lengths are `taken` in order.
fn taken_indices(from: &[u64], left: &[u64], taken: &[u64]) -> Option<Vec<usize>> {
    let mut removed = Vec::new();
    let mut j = 0;
    for (i, &x) in from.iter().enumerate() {
        if j < left.len() && left[j] == x {
            j += 1;
        } else {
            removed.push(i);
        }
    }
    let lengths: Vec<u64> = removed.iter().map(|&i| from[i]).collect();
    (j == left.len() && lengths == taken && !removed.is_empty()).then_some(removed)
}

/// The chocolate game as a [`Game`]: its rules, text syntax (`LENGTH... [out: LENGTH...]`) and closed forms,
/// stated once. A player who cannot move loses (normal play).
///
/// A position is a [`ChocolatePosition`]: the bars in the box (in the order given, which names them in move
/// descriptions) and the bars out of it. [`Notation::parse`] reads the lengths in the box, and after a word `out:` the
/// lengths out of the box (the command line gives the box only; [`Notation::show`] writes `out:` when some bar is out,
/// and writes the empty position `out:`). The options: take any non-empty set of the bars in the box out (by
/// increasing bit mask of their places), or eat a positive length of one bar that is out (down to each shorter
/// length, 0 removing the bar).
///
/// Closed forms (normal play; no nim-value is known): with `s` the nim-sum of the bars out,
/// - when the box is independent over GF(2) the position is a P-position exactly when `s = 0` (it is calm, or a
///   Nim move makes it calm), and [`ClosedForm::winning_options`] lists **every** winning move: the Nim moves on the bars
///   out that make `s` zero, and the one set of bars in the box with nim-sum `s`, if any;
/// - when the box is dependent and `s` is in the span of its lengths (as in every position with all bars in a
///   dependent box, where `s = 0`) it is an N-position, and [`ClosedForm::winning_options`] gives **one** winning move (to a calm position, as
///   [`calm_take`] builds it), not every one: listing every one needs the outcome of positions no rule covers (a
///   non-calm position can be a P-position: `1` out and `2 2` in the box). `grundy value` has always listed this
///   one move and says so in its words ("one winning move, others may exist"); an analysis that needs every
///   winning move must search;
/// - otherwise no rule is known (`None`).
///
/// [`Game::check_searchable`] refuses more than [`SEARCH_MAX_BARS`] bars in the box or more than
/// [`SEARCH_MAX_LENGTH`] length in all for a search.
#[derive(Debug, Clone, Copy, Default)]
pub struct ChocolateGame;

impl Game for ChocolateGame {
    type Position = ChocolatePosition;
    fn name(&self) -> String {
        "chocolate".into()
    }
    fn options(
        &self,
        p: &ChocolatePosition,
        out: &mut Options<ChocolatePosition>,
    ) -> crate::Result<()> {
        let n = p.boxed.len();
        if n >= 64 {
            return Ok(()); // more options than can be listed; check_searchable refuses such a position
        }
        for set in 1..(1u64 << n) {
            let mut q = ChocolatePosition {
                boxed: Vec::with_capacity(n),
                out: p.out.clone(),
            };
            for (i, &x) in p.boxed.iter().enumerate() {
                if set >> i & 1 == 1 {
                    q.out.push(x);
                } else {
                    q.boxed.push(x);
                }
            }
            out.push_one(q);
        }
        for (i, &x) in p.out.iter().enumerate() {
            for left in (0..x).rev() {
                let mut q = p.clone();
                if left == 0 {
                    q.out.remove(i);
                } else {
                    q.out[i] = left;
                }
                out.push_one(q);
            }
        }
        Ok(())
    }
    fn check_searchable(&self, p: &ChocolatePosition, _limits: &crate::Limits) -> Result<()> {
        let total = p
            .boxed
            .iter()
            .chain(&p.out)
            .fold(0u64, |a, &x| a.saturating_add(x));
        if p.boxed.len() > SEARCH_MAX_BARS || total > SEARCH_MAX_LENGTH {
            return Err(crate::Error::limit(format!(
                "chocolate: a position is searched exactly only with at most {SEARCH_MAX_BARS} bars in the box and \
                 at most {SEARCH_MAX_LENGTH} length in all"
            )));
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

impl Notation<ChocolatePosition> for ChocolateGame {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<ChocolatePosition>>> {
        Some(self.read_words(words))
    }
    fn position_syntax(&self) -> &'static str {
        "LENGTH... (the bars in the box)"
    }
    fn show(&self, p: &ChocolatePosition) -> String {
        match (p.boxed.is_empty(), p.out.is_empty()) {
            (true, true) => "out:".to_string(),
            (false, true) => join(&p.boxed),
            (true, false) => format!("out: {}", join(&p.out)),
            (false, false) => format!("{} out: {}", join(&p.boxed), join(&p.out)),
        }
    }
    fn describe_move(&self, from: &ChocolatePosition, to: &[ChocolatePosition]) -> String {
        let fallback = || format!("move to {}", self.show_sum(to));
        let [q] = to else { return fallback() };
        if q.out.len() > from.out.len() && q.out.starts_with(&from.out) {
            let taken = &q.out[from.out.len()..];
            let Some(indices) = taken_indices(&from.boxed, &q.boxed, taken) else {
                return fallback();
            };
            let bars: Vec<String> = indices
                .iter()
                .map(|&i| format!("#{} ({})", i + 1, from.boxed[i]))
                .collect();
            return if q.is_calm() && !independent(&from.boxed) {
                format!(
                    "take the bars {} out of the box (their lengths XOR to 0 and the bars left in the box are independent over GF(2); one winning move, others may exist)",
                    bars.join(", ")
                )
            } else {
                format!("take the bars {} out of the box", bars.join(", "))
            };
        }
        if q.boxed != from.boxed {
            return fallback();
        }
        // Eating: the first bar out that changed (or is gone).
        let Some(i) = (0..from.out.len()).find(|&i| q.out.get(i) != Some(&from.out[i])) else {
            return fallback();
        };
        let x = from.out[i];
        if q.out.len() == from.out.len() && q.out[i] < x {
            format!(
                "eat {} of the bar of {x} out of the box, leaving {}",
                x - q.out[i],
                q.out[i]
            )
        } else if q.out.len() + 1 == from.out.len() {
            format!("eat all of the bar of {x} out of the box")
        } else {
            fallback()
        }
    }
}

impl ChocolateGame {
    /// Reads the positions `words` write: the body of this game's [`Notation::parse`].
    fn read_words(&self, words: &[String]) -> Result<Vec<ChocolatePosition>> {
        let what = "chocolate: a bar's length";
        let split = words.iter().position(|w| w == "out:");
        let Some(at) = split else {
            let bars = crate::games::parse_numbers(
                words,
                "chocolate: give the bars' lengths, e.g. chocolate 11 10 15",
                what,
            )?;
            return Ok(vec![ChocolatePosition::in_box(bars)]);
        };
        let read = |ws: &[String]| -> Result<Vec<u64>> {
            ws.iter()
                .map(|w| crate::error::parse_u64(w, what))
                .collect()
        };
        Ok(vec![ChocolatePosition {
            boxed: read(&words[..at])?,
            out: read(&words[at + 1..])?,
        }])
    }
}

impl ClosedForm<ChocolatePosition> for ChocolateGame {
    fn outcome(&self, p: &ChocolatePosition, play: Play, _cx: &Context) -> Option<Outcome> {
        if play != Play::Normal {
            return None;
        }
        let s = p.out_sum();
        if independent(&p.boxed) {
            Some(if s == 0 { Outcome::P } else { Outcome::N })
        } else if in_span(&p.boxed, s) {
            Some(Outcome::N)
        } else {
            None
        }
    }

    fn winning_options(
        &self,
        p: &ChocolatePosition,
        play: Play,
        _cx: &Context,
    ) -> Option<Vec<Vec<ChocolatePosition>>> {
        if play != Play::Normal {
            return None;
        }
        let s = p.out_sum();
        let take = |indices: &[usize]| {
            let mut q = ChocolatePosition {
                boxed: Vec::new(),
                out: p.out.clone(),
            };
            for (i, &x) in p.boxed.iter().enumerate() {
                if indices.contains(&i) {
                    q.out.push(x);
                } else {
                    q.boxed.push(x);
                }
            }
            vec![q]
        };
        if independent(&p.boxed) {
            let mut moves = Vec::new();
            if s == 0 {
                return Some(moves);
            }
            // The one set of bars in the box with nim-sum s (the box is independent), if s is in its span.
            if let Some(t) = calm_take(&p.boxed, s) {
                moves.push(take(&t));
            }
            // The Nim moves on the bars out.
            for (i, &x) in p.out.iter().enumerate() {
                let left = x ^ s;
                if left < x {
                    let mut q = p.clone();
                    if left == 0 {
                        q.out.remove(i);
                    } else {
                        q.out[i] = left;
                    }
                    moves.push(vec![q]);
                }
            }
            return Some(moves);
        }
        calm_take(&p.boxed, s).map(|t| vec![take(&t)])
    }
}

/// The catalog family `chocolate`: `grundy value chocolate 11 10 15` (all bars in the box). The outcome and a
/// winning move are exact, but no closed form of the nim-value is known: alone the position is answered by its
/// outcome and one winning move, in a sum it is an error.
pub struct Chocolate;

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
