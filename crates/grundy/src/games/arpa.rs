//! Arpa and Mojtaba (`arpa`, Codeforces 850C): a position is a list of positive integers; a move chooses a prime
//! power `p^k` (`k ≥ 1`) dividing at least one number, and divides every number divisible by `p^k` by it.
//!
//! **Decomposition.** A move touches only the exponents of one prime, so the game is the sum over primes `p` of the
//! game on the *set* of exponents `E_p = {e ≥ 1 : p^e ‖ a_i for some i}` (repeats and exponent 0 do not matter). A
//! move on `E` chooses `1 ≤ k ≤ max E` and replaces every `e ≥ k` by `e − k` (dropping zeros). As a bit mask
//! (`bit e` set for `e ∈ E`): `E' = (E & (2^k − 1)) | (E >> k)` with bit 0 cleared. The nim-value of the whole
//! position is the nim-sum over primes of `g(E_p)`, with `g` the mex over those moves (Sprague–Grundy).
//!
//! **Cost.** `g` is memoised over the masks reached; the largest exponent falls with every move, so recursion is at
//! most 63 deep. Numbers are factored by trial division (`√a` steps), so they are limited to [`MAX_NUMBER`].

use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::ClosedForm;
use crate::game::{Game, Notation, Options};
use crate::nimber::{MexSet, Nimber};
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// The largest number accepted: the judge's bound, for which exponents stay below 30 and the memo stays small (a test
/// values the set of every exponent 1..=29).
pub const MAX_NUMBER: u64 = 1_000_000_000;

/// The mask after dividing out `p^k` from every exponent `≥ k`.
#[inline]
pub fn exponent_move(mask: u64, k: u32) -> u64 {
    ((mask & ((1u64 << k) - 1)) | (mask >> k)) & !1
}

/// The memoised nim-values of exponent sets.
#[derive(Debug, Default)]
pub struct ExponentGame {
    memo: FxHashMap<u64, Nimber>,
}

impl ExponentGame {
    /// An empty memo.
    pub fn new() -> Self {
        Self::default()
    }
    /// `g(E)` for the exponent set `mask` (bit `e` for exponent `e ≥ 1`; bit 0 is ignored).
    pub fn value(&mut self, mask: u64) -> Nimber {
        let mask = mask & !1;
        if mask == 0 {
            return 0;
        }
        if let Some(&v) = self.memo.get(&mask) {
            return v;
        }
        let top = 63 - mask.leading_zeros();
        let mut seen = MexSet::new();
        for k in 1..=top {
            let v = self.value(exponent_move(mask, k));
            seen.insert(v);
        }
        let v = seen.mex();
        self.memo.insert(mask, v);
        v
    }
    /// How many exponent sets have their nim-value memoised.
    pub fn stored(&self) -> usize {
        self.memo.len()
    }
}

/// The prime factorisation of `a` (`a ≥ 1`) by trial division: `(p, e)` pairs, increasing `p`.
pub fn factorise(mut a: u64) -> Vec<(u64, u32)> {
    let mut out = vec![];
    let mut d = 2u64;
    while d.saturating_mul(d) <= a {
        if a.is_multiple_of(d) {
            let mut e = 0;
            while a.is_multiple_of(d) {
                a /= d;
                e += 1;
            }
            out.push((d, e));
        }
        d += if d == 2 { 1 } else { 2 };
    }
    if a > 1 {
        out.push((a, 1));
    }
    out
}

/// The exponent set of every prime dividing some number, by increasing prime.
pub fn exponent_sets(numbers: &[u64]) -> Vec<(u64, u64)> {
    let mut sets: FxHashMap<u64, u64> = FxHashMap::default();
    for &a in numbers {
        for (p, e) in factorise(a) {
            *sets.entry(p).or_insert(0) |= 1u64 << e;
        }
    }
    let mut v: Vec<(u64, u64)> = sets.into_iter().collect();
    v.sort_unstable();
    v
}

/// The nim-value of a list of numbers.
pub fn value_of_numbers(game: &mut ExponentGame, numbers: &[u64]) -> Nimber {
    exponent_sets(numbers)
        .into_iter()
        .fold(0, |x, (_, m)| x ^ game.value(m))
}

fn parse_numbers(args: &[String]) -> Result<Vec<u64>> {
    if args.is_empty() {
        return Err(Error::input("arpa: give at least one number"));
    }
    let mut numbers = vec![];
    for a in args {
        let v = crate::error::parse_bounded(a, "arpa: a number", MAX_NUMBER)?;
        if v == 0 {
            return Err(Error::input("arpa: the numbers must be positive, found 0"));
        }
        numbers.push(v);
    }
    Ok(numbers)
}

/// A position of Arpa and Mojtaba: a whole list of numbers, or one prime's part of it.
///
/// A list is the sum over its primes of their exponent sets (see the module docs), and [`Game::components`] splits
/// a [`ArpaPosition::Numbers`] into those [`ArpaPosition::Exponents`] parts. Both are positions of the one game
/// [`ArpaGame`]: the list, as written and shown by `grundy value arpa`, whose moves are told by the number divided;
/// and the parts, as the exact misère search plays them (a list is not a sum under misère play unless split).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ArpaPosition {
    /// The numbers as written, each from 1 to [`MAX_NUMBER`]: a move divides every number divisible by a prime power
    /// `p^k` by it (one option per `p^k` dividing some number, in increasing `p` then `k`).
    Numbers(Vec<u64>),
    /// The exponent set of one prime: bit `e` of `exponents` set for each exponent `e ≥ 1` with which `prime`
    /// exactly divides some number (bit 0 is clear, and `prime^e ≤` [`MAX_NUMBER`] for every exponent). A move
    /// divides out `prime^k`: every exponent `e ≥ k` becomes `e − k` ([`exponent_move`]); moves that leave the same
    /// set are one option, and the empty set is the empty sum.
    Exponents {
        /// The prime.
        prime: u64,
        /// The set of exponents, as a bit mask.
        exponents: u64,
    },
}

/// Arpa and Mojtaba as a [`Game`]: its rules, text syntax (`NUMBER...`, the whole list one position) and closed form,
/// stated once. Positions are [`ArpaPosition`]s; [`ClosedForm::nim_value`] is exact for both kinds (the nim-sum over primes
/// of the exponent games' values, from a memo of [`ExponentGame`] values the game keeps).
#[derive(Default)]
pub struct ArpaGame {
    memo: RefCell<ExponentGame>,
}

impl std::fmt::Debug for ArpaGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ArpaGame")
            .field("stored", &self.memo.borrow().stored())
            .finish()
    }
}

impl ArpaGame {
    /// The game, with an empty memo of exponent-set values.
    pub fn new() -> Self {
        Self::default()
    }
}

/// The numbers after dividing every number divisible by `pk` by it.
fn divide_out(numbers: &[u64], pk: u64) -> Vec<u64> {
    numbers
        .iter()
        .map(|&a| if a % pk == 0 { a / pk } else { a })
        .collect()
}

/// True when `n ≥ 2` is prime (trial division).
fn is_prime(n: u64) -> bool {
    n >= 2 && factorise(n) == [(n, 1)]
}

/// The error for a number outside `1..=MAX_NUMBER`, as the parser words it.
fn check_number(v: u64) -> Result<()> {
    if v == 0 {
        return Err(Error::input("arpa: the numbers must be positive, found 0"));
    }
    if v > MAX_NUMBER {
        return Err(Error::input(format!(
            "arpa: a number: {v} is too large (the largest allowed is {MAX_NUMBER})"
        )));
    }
    Ok(())
}

impl Game for ArpaGame {
    type Position = ArpaPosition;
    fn name(&self) -> String {
        "arpa".into()
    }
    fn options(
        &self,
        position: &ArpaPosition,
        out: &mut Options<ArpaPosition>,
    ) -> crate::Result<()> {
        if self.validate(position).is_err() {
            return Ok(());
        }
        match position {
            ArpaPosition::Numbers(numbers) => {
                for (p, mask) in exponent_sets(numbers) {
                    for k in 1..=63 - mask.leading_zeros() {
                        out.push_one(ArpaPosition::Numbers(divide_out(numbers, p.pow(k))));
                    }
                }
            }
            &ArpaPosition::Exponents { prime, exponents } => {
                let mask = exponents & !1;
                if mask == 0 {
                    return Ok(());
                }
                let top = 63 - mask.leading_zeros();
                for k in 1..=top {
                    let after = exponent_move(mask, k);
                    // Different k may leave the same set: list each option once.
                    if (1..k).any(|j| exponent_move(mask, j) == after) {
                        continue;
                    }
                    if after == 0 {
                        out.push(std::iter::empty());
                    } else {
                        out.push_one(ArpaPosition::Exponents {
                            prime,
                            exponents: after,
                        });
                    }
                }
            }
        }
        Ok(())
    }
    fn validate(&self, position: &ArpaPosition) -> Result<()> {
        match position {
            ArpaPosition::Numbers(numbers) => numbers.iter().try_for_each(|&v| check_number(v)),
            &ArpaPosition::Exponents { prime, exponents } => {
                if prime > MAX_NUMBER || !is_prime(prime) {
                    return Err(Error::input(format!(
                        "arpa: the exponents of {prime}: {prime} is not a prime up to {MAX_NUMBER}"
                    )));
                }
                if exponents & 1 == 1 {
                    return Err(Error::input(format!(
                        "arpa: the exponents of {prime}: exponents are at least 1 (bit 0 is set)"
                    )));
                }
                let top = 63 - (exponents | 1).leading_zeros();
                if prime.checked_pow(top).is_none_or(|q| q > MAX_NUMBER) {
                    return Err(Error::input(format!(
                        "arpa: the exponents of {prime}: {prime}^{top} is larger than {MAX_NUMBER}, the largest number"
                    )));
                }
                Ok(())
            }
        }
    }
    fn components(&self, position: &ArpaPosition) -> crate::Result<Vec<ArpaPosition>> {
        Ok(match position {
            ArpaPosition::Numbers(numbers) if self.validate(position).is_ok() => {
                exponent_sets(numbers)
                    .into_iter()
                    .map(|(prime, exponents)| ArpaPosition::Exponents { prime, exponents })
                    .collect()
            }
            p => vec![p.clone()],
        })
    }

    fn closed_form(&self) -> Option<&dyn ClosedForm<Self::Position>> {
        Some(self)
    }
    fn notation(&self) -> Option<&dyn Notation<Self::Position>> {
        Some(self)
    }
}

impl Notation<ArpaPosition> for ArpaGame {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<ArpaPosition>>> {
        Some(self.read_words(words))
    }
    fn position_syntax(&self) -> &'static str {
        "NUMBER... (the whole list is one position)"
    }
    fn show(&self, position: &ArpaPosition) -> String {
        match position {
            ArpaPosition::Numbers(numbers) => numbers
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" "),
            &ArpaPosition::Exponents { prime, exponents } => {
                let exps: Vec<String> = (1..64)
                    .filter(|e| exponents >> e & 1 == 1)
                    .map(|e| e.to_string())
                    .collect();
                format!("the exponents {{{}}} of {prime}", exps.join(", "))
            }
        }
    }
    fn describe_move(&self, from: &ArpaPosition, to: &[ArpaPosition]) -> String {
        match (from, to) {
            (ArpaPosition::Numbers(a), [ArpaPosition::Numbers(b)]) => {
                // The divisor is the quotient of any number that changed; it is a prime power p^k.
                let q = a
                    .iter()
                    .zip(b)
                    .find(|(x, y)| x != y && **y != 0 && *x % *y == 0)
                    .map(|(x, y)| x / y);
                match q.map(|q| (q, factorise(q))) {
                    Some((q, f)) if f.len() == 1 => {
                        let (p, k) = f[0];
                        format!("divide every number divisible by {p}^{k} = {q} by it")
                    }
                    _ => format!("move to {}", self.show_sum(to)),
                }
            }
            (&ArpaPosition::Exponents { prime, exponents }, _) => {
                let after = match to {
                    [ArpaPosition::Exponents { exponents, .. }] => *exponents,
                    _ => 0,
                };
                let mask = exponents & !1;
                // Every k with exponent_move(mask, k) == after: they are the same move of the game.
                let ks: Vec<String> = (1..=63 - (mask | 1).leading_zeros())
                    .filter(|&k| exponent_move(mask, k) == after)
                    .map(|k| format!("{prime}^{k}"))
                    .collect();
                if ks.is_empty() || to.len() > 1 {
                    format!("move to {}", self.show_sum(to))
                } else {
                    format!(
                        "divide by {} every number it divides",
                        ks.join(" (or equally by ") + ")".repeat(ks.len() - 1).as_str()
                    )
                }
            }
            _ => format!("move to {}", self.show_sum(to)),
        }
    }
}

impl ArpaGame {
    /// Reads the positions `words` write: the body of this game's [`Notation::parse`].
    fn read_words(&self, words: &[String]) -> Result<Vec<ArpaPosition>> {
        Ok(vec![ArpaPosition::Numbers(parse_numbers(words)?)])
    }
}

impl ClosedForm<ArpaPosition> for ArpaGame {
    fn nim_value(&self, position: &ArpaPosition, _cx: &Context) -> Option<Nimber> {
        self.validate(position).ok()?;
        let mut memo = self.memo.borrow_mut();
        Some(match position {
            ArpaPosition::Numbers(numbers) => value_of_numbers(&mut memo, numbers),
            ArpaPosition::Exponents { exponents, .. } => memo.value(*exponents),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Options};
    use crate::solver::brute_force_value;
    use proptest::prelude::*;

    /// The game on the numbers themselves, straight from the rules: the reference.
    struct Numbers;
    impl Game for Numbers {
        type Position = Vec<u64>;
        fn name(&self) -> String {
            "arpa (by the rules)".into()
        }
        fn options(&self, a: &Vec<u64>, out: &mut Options<Vec<u64>>) -> crate::Result<()> {
            let max = a.iter().copied().max().unwrap_or(1);
            for q in 2..=max {
                // q a prime power p^k?
                let f = factorise(q);
                if f.len() != 1 || !a.iter().any(|&x| x % q == 0) {
                    continue;
                }
                let mut b: Vec<u64> = a
                    .iter()
                    .map(|&x| if x % q == 0 { x / q } else { x })
                    .collect();
                b.sort_unstable();
                out.push_one(b);
            }
            Ok(())
        }
    }

    #[test]
    fn samples_of_the_judge() {
        let mut g = ExponentGame::new();
        assert_eq!(value_of_numbers(&mut g, &[1, 1, 1, 1]), 0);
        assert_ne!(value_of_numbers(&mut g, &[1, 1, 17, 17]), 0);
        assert_eq!(value_of_numbers(&mut g, &[1, 1, 17, 289]), 0);
        assert_eq!(value_of_numbers(&mut g, &[1, 2, 3, 4, 5]), 0);
        assert_eq!(factorise(360), vec![(2, 3), (3, 2), (5, 1)]);
        // Every exponent set of numbers up to 10^9 (exponents up to 29) is cheap: all 2^29 would not be.
        let v = g.value((1u64 << 30) - 2);
        assert!(g.stored() < 5_000_000, "{}", g.stored());
        let _ = v;
    }

    proptest! {
        #[test]
        fn decomposition_is_the_definition(a in proptest::collection::vec(1u64..65, 1..4)) {
            let mut g = ExponentGame::new();
            let mut sorted = a.clone();
            sorted.sort_unstable();
            prop_assert_eq!(value_of_numbers(&mut g, &a), brute_force_value(&Numbers, &sorted));
        }

        #[test]
        fn every_winning_move_reaches_a_p_position(a in proptest::collection::vec(1u64..200, 1..5)) {
            use crate::analysis::{analyse, Convention, Report, Sum};
            let words: Vec<String> = a.iter().map(u64::to_string).collect();
            let mut sum = Sum::new();
            crate::games::lookup("arpa").unwrap().add_to(&mut sum, &words).unwrap();
            let Ok(Report::Normal(r)) = analyse(&mut sum, Convention::Normal, &Default::default()) else {
                panic!("a normal-play report");
            };
            let mut g = ExponentGame::new();
            prop_assert_eq!(r.nim_value, Some(value_of_numbers(&mut g, &a)));
            // Every move listed reaches value 0, and every move to value 0 is listed.
            let mut to_zero = 0;
            let mut opts = Options::new();
            ArpaGame::new().options(&ArpaPosition::Numbers(a.clone()), &mut opts).unwrap();
            for o in opts.iter() {
                if let [ArpaPosition::Numbers(after)] = o {
                    if value_of_numbers(&mut g, after) == 0 {
                        to_zero += 1;
                    }
                }
            }
            for m in &r.winning_moves {
                let after: Vec<u64> = m.mv.result.split(' ').map(|x| x.parse().unwrap()).collect();
                prop_assert_eq!(value_of_numbers(&mut g, &after), 0);
            }
            prop_assert_eq!(r.winning_moves.len(), to_zero);
        }
    }
}
