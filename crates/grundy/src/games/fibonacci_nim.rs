//! Fibonacci Nim (`fibonacci-nim`): one heap; a position is `(n, m)`, `n` tokens left and at most `m` may be taken
//! now. Taking `x` (`1 ≤ x ≤ min(n, m)`) leads to `(n − x, 2x)`. The opening position of a heap of `N` is `(N, N)`:
//! the first move may take everything (luogu P6487's rule). Whoever takes the last token wins.
//!
//! **Outcome** (Whinihan 1963; Winning Ways ch. 12). Write `n` in Zeckendorf form, a sum of non-consecutive
//! Fibonacci numbers `F_{a1} > F_{a2} > … > F_{ak}` (1, 2, 3, 5, 8, …), and let `z(n) = F_{ak}` be its smallest
//! term. `(n, m)` with `n ≥ 1` is an N-position iff `z(n) ≤ m`; `(0, m)` is a P-position. So the smallest winning
//! first take of a heap of `N` is `z(N)` (`N` itself when `N` is a Fibonacci number) — luogu P6487's answer.
//!
//! **Every winning move.** A take `x` wins iff it leaves a P-position: `x = n`, or `z(n − x) > 2x`. *Claim*: then `x`
//! is a sum of trailing Zeckendorf terms of `n`, `x = F_{ai} + … + F_{ak}`. *Proof*: with `y = n − x` and `F_b =
//! z(y)`, `x < F_b / 2 < F_{b−1}`, so every Zeckendorf term of `x` is at most `F_{b−2}`; the terms of `y` followed
//! by those of `x` are then non-consecutive, hence the Zeckendorf form of `n` (it is unique). So [`winning_takes`]
//! checks the `k` trailing sums only: `O(log n)` for any `n < 2^64`, in `u64` without overflow.
//!
//! **Nim-values.** Only the positions of value 0 are known in closed form (above); Larsson and Rubinstein-Salzedo,
//! "Grundy values of Fibonacci nim" (IJGT 2016) characterise values up to 3 only. [`nim_value`] is exact by search
//! for `n ≤` [`MAX_SEARCHED`], and for P-positions of any size; elsewhere it is an `unsupported` error.

use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::ClosedForm;
use crate::game::{Game, Notation, Options, Outcome, Play};
use crate::nimber::{MexSet, Nimber};
use std::cell::RefCell;
use std::rc::Rc;

/// The largest heap whose nim-values (not only the outcome) are computed by search.
pub const MAX_SEARCHED: u64 = 3000;

/// The Fibonacci numbers 1, 2, 3, 5, … that fit in `u64` (92 of them).
pub const FIBONACCI: [u64; 92] = {
    let mut f = [0u64; 92];
    f[0] = 1;
    f[1] = 2;
    let mut i = 2;
    while i < 92 {
        f[i] = f[i - 1] + f[i - 2];
        i += 1;
    }
    f
};

/// The Zeckendorf terms of `n`, largest first (empty for 0): greedily the largest Fibonacci number that fits.
pub fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut out = vec![];
    for &f in FIBONACCI.iter().rev() {
        if f <= n {
            out.push(f);
            n -= f;
        }
    }
    out
}

/// The smallest Zeckendorf term of `n ≥ 1` (the smallest winning first take of a heap of `n`).
#[inline]
pub fn smallest_term(mut n: u64) -> Option<u64> {
    let mut last = None;
    let mut i = FIBONACCI.len();
    while n > 0 && i > 0 {
        i -= 1;
        if FIBONACCI[i] <= n {
            n -= FIBONACCI[i];
            last = Some(FIBONACCI[i]);
        }
    }
    last
}

/// True when the player to move at `(n, m)` wins.
pub fn first_player_wins(n: u64, m: u64) -> bool {
    match smallest_term(n) {
        None => false,
        Some(z) => z <= m,
    }
}

/// Every winning take at `(n, m)`, increasing; empty for a P-position.
pub fn winning_takes(n: u64, m: u64) -> Vec<u64> {
    let terms = zeckendorf(n);
    let mut out = vec![];
    let mut x = 0u64;
    for i in (0..terms.len()).rev() {
        x += terms[i]; // the trailing sum terms[i..], ≤ n, no overflow
        if x > m.min(n) {
            break;
        }
        let wins = i == 0 || x.checked_mul(2).is_some_and(|d| terms[i - 1] > d);
        if wins {
            out.push(x);
        }
    }
    out
}

/// Fibonacci Nim as a [`Game`]: its rules, text syntax (`STONES [MAX]`) and closed forms, stated once.
///
/// A position is `(n, m)`: `n` stones left, and the next move may take at most `m` of them (any `m`: a bound above
/// `n` allows taking everything, so `(n, m)` and `(n, min(m, n))` are the same game, and the position keeps the bound
/// as the last move set it). Taking `x` leads to `(n − x, 2x)` (saturating). Closed forms:
/// - [`ClosedForm::outcome`] under normal play for any position ([`first_player_wins`], Zeckendorf);
/// - [`ClosedForm::winning_options`] under normal play: every winning take ([`winning_takes`]);
/// - [`ClosedForm::nim_value`]: 0 for every P-position, and for N-positions of at most [`MAX_SEARCHED`] stones the
///   [`value_table`], built on first use only as large as asked (rebuilt, at least doubling, when a larger position
///   is asked; never past [`MAX_SEARCHED`]); `None` for larger N-positions (no closed form is known);
/// - [`ClosedForm::options_with_value`]: the winning takes for the value 0 at any size, and the table's options for other
///   values up to [`MAX_SEARCHED`] stones.
///
/// [`Game::check_searchable`] refuses more than [`MISERE_SEARCH_MAX`] stones for a search (a position has up to that
/// many options).
#[derive(Clone, Default)]
pub struct FibonacciNim {
    table: RefCell<Option<Rc<Vec<Vec<u32>>>>>,
}

impl std::fmt::Debug for FibonacciNim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FibonacciNim")
            .field("tabled", &self.tabled())
            .finish()
    }
}

impl FibonacciNim {
    /// The game, with no nim-value tabled yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// The heaps whose nim-values are tabled so far: `0..tabled()` (0 before the first N-position is valued).
    pub fn tabled(&self) -> usize {
        self.table.borrow().as_ref().map_or(0, |t| t.len())
    }

    /// The value table, grown to hold heaps up to `n ≤ MAX_SEARCHED`.
    fn table_for(&self, n: u64) -> Rc<Vec<Vec<u32>>> {
        if let Some(t) = self.table.borrow().as_ref() {
            if t.len() as u64 > n {
                return t.clone();
            }
        }
        let have = self.tabled() as u64;
        let to = n.max(have.saturating_mul(2)).min(MAX_SEARCHED);
        let t = Rc::new(value_table(to).expect("to ≤ MAX_SEARCHED"));
        *self.table.borrow_mut() = Some(t.clone());
        t
    }

    /// The nim-value of `(n, m)` when it is known: 0 for a P-position, the table's up to `MAX_SEARCHED` stones.
    fn value(&self, n: u64, m: u64) -> Option<Nimber> {
        if !first_player_wins(n, m) {
            return Some(0);
        }
        if n > MAX_SEARCHED {
            return None;
        }
        Some(self.table_for(n)[n as usize][m.min(n) as usize] as Nimber)
    }
}

/// The position after taking `x` from `n` stones.
fn after_take(n: u64, x: u64) -> (u64, u64) {
    (n - x, x.saturating_mul(2))
}

impl Game for FibonacciNim {
    type Position = (u64, u64);
    fn name(&self) -> String {
        "fibonacci-nim".into()
    }
    fn options(&self, &(n, m): &(u64, u64), out: &mut Options<(u64, u64)>) -> crate::Result<()> {
        for x in 1..=m.min(n) {
            out.push_one(after_take(n, x));
        }
        Ok(())
    }
    fn check_searchable(&self, &(n, _): &(u64, u64), _limits: &crate::Limits) -> Result<()> {
        if n > MISERE_SEARCH_MAX {
            return Err(crate::games::too_large_to_search(
                "fibonacci-nim",
                "stones",
                MISERE_SEARCH_MAX,
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

impl Notation<(u64, u64)> for FibonacciNim {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<(u64, u64)>>> {
        Some(self.read_words(words))
    }
    fn position_syntax(&self) -> &'static str {
        "STONES [MAX] (MAX: the most the next move may take; default STONES, the opening move)"
    }
    fn show(&self, &(n, m): &(u64, u64)) -> String {
        format!("{n} {m}")
    }
    fn describe_move(&self, &(n, _): &(u64, u64), to: &[(u64, u64)]) -> String {
        match to {
            [(left, _)] if *left <= n => {
                let x = n - left;
                format!(
                    "take {x}, leaving {left} (the next move takes at most {})",
                    x.saturating_mul(2)
                )
            }
            _ => format!("move to {}", self.show_sum(to)),
        }
    }
}

impl FibonacciNim {
    /// Reads the positions `words` write: the body of this game's [`Notation::parse`].
    fn read_words(&self, words: &[String]) -> Result<Vec<(u64, u64)>> {
        Ok(vec![parse_position(words)?])
    }
}

impl ClosedForm<(u64, u64)> for FibonacciNim {
    fn nim_value(&self, &(n, m): &(u64, u64), _cx: &Context) -> Option<Nimber> {
        self.value(n, m)
    }

    fn outcome(&self, &(n, m): &(u64, u64), play: Play, _cx: &Context) -> Option<Outcome> {
        match play {
            Play::Normal => Some(if first_player_wins(n, m) {
                Outcome::N
            } else {
                Outcome::P
            }),
            Play::Misere => None,
        }
    }

    fn options_with_value(
        &self,
        &(n, m): &(u64, u64),
        target: Nimber,
        cx: &Context,
    ) -> Option<Vec<Vec<(u64, u64)>>> {
        if target == 0 {
            return self.winning_options(&(n, m), Play::Normal, cx);
        }
        if n > MAX_SEARCHED {
            return None;
        }
        let mut out = Vec::new();
        for x in 1..=m.min(n) {
            let (left, max) = after_take(n, x);
            if self.value(left, max)? == target {
                out.push(vec![(left, max)]);
            }
        }
        Some(out)
    }

    fn winning_options(
        &self,
        &(n, m): &(u64, u64),
        play: Play,
        _cx: &Context,
    ) -> Option<Vec<Vec<(u64, u64)>>> {
        match play {
            Play::Normal => Some(
                winning_takes(n, m)
                    .into_iter()
                    .map(|x| vec![after_take(n, x)])
                    .collect(),
            ),
            Play::Misere => None,
        }
    }
}

/// The nim-values of every `(r, c)` with `c ≤ r ≤ n`: `table[r][c]`. Row `r` costs `O(r)`: the options of `(r, c)`
/// are those of `(r, c−1)` and one more, `(r−c, min(2c, r−c))`, so the mex set grows along the row.
pub fn value_table(n: u64) -> Result<Vec<Vec<u32>>> {
    if n > MAX_SEARCHED {
        return Err(Error::limit(format!(
            "fibonacci-nim: nim-values are searched for heaps up to {MAX_SEARCHED}, not {n}"
        )));
    }
    let n = n as usize;
    let mut g: Vec<Vec<u32>> = Vec::with_capacity(n + 1);
    let mut seen = MexSet::new();
    for r in 0..=n {
        let mut row = Vec::with_capacity(r + 1);
        row.push(0);
        seen.clear();
        for c in 1..=r {
            let left = r - c;
            seen.insert(g[left][(2 * c).min(left)] as Nimber);
            row.push(seen.mex() as u32);
        }
        g.push(row);
    }
    Ok(g)
}

/// The nim-value of `(n, m)`: 0 for P-positions of any size, by [`value_table`] for `n ≤ MAX_SEARCHED`.
pub fn nim_value(n: u64, m: u64) -> Result<Nimber> {
    if !first_player_wins(n, m) {
        return Ok(0);
    }
    if n > MAX_SEARCHED {
        return Err(unknown_value(n, m));
    }
    Ok(value_table(n)?[n as usize][m.min(n) as usize] as Nimber)
}

fn unknown_value(n: u64, m: u64) -> Error {
    Error::unsupported(format!(
        "fibonacci-nim: the nim-value of an N-position is computed only for heaps up to {MAX_SEARCHED} (no closed \
         form is known beyond values 0..3); the outcome and every winning move of {n} {m} alone are known: take {}",
        join(&winning_takes(n, m))
    ))
}

fn join(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")
}

/// The most stones misère play searches exactly (a position has up to that many options).
pub const MISERE_SEARCH_MAX: u64 = 10_000;

fn parse_position(args: &[String]) -> Result<(u64, u64)> {
    {
        let (n, m) = match args {
            [n] => {
                let n = crate::error::parse_u64(n, "fibonacci-nim: stones")?;
                (n, n)
            }
            [n, m] => (
                crate::error::parse_u64(n, "fibonacci-nim: stones")?,
                crate::error::parse_u64(m, "fibonacci-nim: the most the next move may take")?,
            ),
            _ => {
                return Err(Error::input(
                    "fibonacci-nim: a position is STONES [MAX], e.g. 'fibonacci-nim 20' or 'fibonacci-nim 20 4'",
                ))
            }
        };
        Ok((n, m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{brute_force_value, Solver};
    use proptest::prelude::*;

    /// The rules alone (no closed form), so that the solver searches.
    struct RulesOnly;
    impl Game for RulesOnly {
        type Position = (u64, u64);
        fn name(&self) -> String {
            "fibonacci-nim".into()
        }
        fn options(&self, p: &(u64, u64), out: &mut Options<(u64, u64)>) -> crate::Result<()> {
            FibonacciNim::new().options(p, out)
        }
    }

    fn p_by_search(n: u64, m: u64) -> bool {
        nim_value(n, m).unwrap() == 0 && brute_force_value(&RulesOnly, &(n, m.min(n))) == 0
    }

    fn searched(s: &mut Solver<RulesOnly>, n: u64, m: u64) -> u64 {
        s.nim_value(&(n, m.min(n))).unwrap()
    }

    #[test]
    fn zeckendorf_and_large_heaps() {
        assert_eq!(zeckendorf(100), vec![89, 8, 3]);
        assert_eq!(FIBONACCI[91], 12200160415121876738);
        for n in 0..2000u64 {
            assert_eq!(smallest_term(n), zeckendorf(n).last().copied());
        }
        assert_eq!(smallest_term(4), Some(1));
        assert_eq!(smallest_term(13), Some(13));
        let z = zeckendorf(u64::MAX);
        assert_eq!(z.iter().sum::<u64>(), u64::MAX);
        let t = winning_takes(1_000_000_000_000_000_000, 1_000_000_000_000_000_000);
        assert_eq!(t[0], smallest_term(1_000_000_000_000_000_000).unwrap());
    }

    #[test]
    fn outcome_and_moves_by_exhaustive_search() {
        let mut s = Solver::new(RulesOnly);
        for n in 0..=120u64 {
            for m in 1..=n.max(1) {
                let p = searched(&mut s, n, m) == 0;
                assert_eq!(first_player_wins(n, m), !p, "({n}, {m})");
                let winning: Vec<u64> = (1..=m.min(n))
                    .filter(|&x| searched(&mut s, n - x, 2 * x) == 0)
                    .collect();
                assert_eq!(winning_takes(n, m), winning, "({n}, {m})");
            }
        }
        assert!(p_by_search(13, 12)); // 13 is a Fibonacci number: a P-position unless all 13 may be taken
        assert!(!p_by_search(13, 13) && first_player_wins(13, 13));
    }

    proptest! {
        #[test]
        fn nim_values_by_search_match_brute_force(n in 0u64..16, m in 1u64..16) {
            prop_assert_eq!(nim_value(n, m).unwrap(), brute_force_value(&RulesOnly, &(n, m.min(n))));
        }

        #[test]
        fn nim_values_match_the_memoised_solver(n in 0u64..150, m in 1u64..200) {
            prop_assert_eq!(value_table(150).unwrap()[n as usize][m.min(n) as usize] as Nimber, nim_value(n, m).unwrap());
            prop_assert_eq!(nim_value(n, m).unwrap(), Solver::new(RulesOnly).nim_value(&(n, m.min(n))).unwrap());
        }

        #[test]
        fn every_winning_take_leaves_a_p_position(n in 1u64..u64::MAX, m in 1u64..u64::MAX) {
            let takes = winning_takes(n, m);
            prop_assert_eq!(takes.is_empty(), !first_player_wins(n, m));
            for x in takes {
                prop_assert!(x <= m && x <= n);
                prop_assert!(!first_player_wins(n - x, 2u64.saturating_mul(x)));
            }
        }
    }
}
