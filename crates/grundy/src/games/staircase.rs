//! Staircase Nim, and the chessmen-on-a-line game that reduces to it (POJ 1704, "Georgia and Bob").
//!
//! **Staircase.** Coins lie on steps `1, 2, …, n`; a move takes any positive number of coins from step `i` down to
//! step `i − 1` (step 0 is the ground, where coins leave play). The nim-value is the nim-sum of the coin counts on
//! the odd steps (Sprague 1937; Winning Ways ch. 2 / Berlekamp–Conway–Guy). Why: moving coins from an odd step is
//! a Nim move on that heap; moving coins from an even step onto an odd one increases a heap, which changes the
//! nim-sum, so the mex over the options is still the nim-sum (every smaller value is reached by a Nim move, and
//! no option keeps the nim-sum). Tests check this against exhaustive search.
//!
//! **Chessmen.** Chessmen stand on distinct cells `1, 2, …`; a move slides one chessman left, not past cell 1
//! and not onto or over another. With the cells sorted `p_1 < … < p_n` and gaps `g_i = p_i − p_{i−1} − 1`
//! (`p_0 = 0`), moving chessman `i` left by `d` takes `d` from gap `i` and adds it to gap `i + 1` (the last
//! chessman's gap just shrinks): a staircase whose step 1 is gap `n`, step 2 gap `n − 1`, …. So the nim-value is
//! the nim-sum of `g_n, g_{n−2}, g_{n−4}, …`. Cost: a sort, `O(n log n)`.

use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::ClosedForm;
use crate::game::{Game, Notation, Options, Tabular};
use crate::nimber::Nimber;

/// The nim-value of a staircase with `coins[i]` coins on step `i + 1`.
pub fn value(coins: &[u64]) -> Nimber {
    coins.iter().step_by(2).fold(0, |a, &c| a ^ c)
}

/// A move of the staircase: `count` coins from step `step` (1-based) to step `step − 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StairMove {
    /// The step the coins leave (1-based, so `step ≥ 1`; step 0 is the ground).
    pub step: usize,
    /// How many coins move down (at least 1).
    pub count: u64,
}

/// Every move of the staircase to a position of nim-value `target`.
pub fn moves_to(coins: &[u64], target: Nimber) -> Vec<StairMove> {
    let v = value(coins) ^ target;
    let mut out = Vec::new();
    if v == 0 {
        // Only a move that keeps the odd-step nim-sum: none from an odd step, and an even step moving onto an
        // odd step changes it. So no option has the same value.
        return out;
    }
    for (i, &c) in coins.iter().enumerate() {
        let step = i + 1;
        if step % 2 == 1 {
            let want = c ^ v;
            if want < c {
                out.push(StairMove {
                    step,
                    count: c - want,
                });
            }
        } else {
            let below = coins[i - 1];
            let want = below ^ v;
            if want > below && want - below <= c {
                out.push(StairMove {
                    step,
                    count: want - below,
                });
            }
        }
    }
    out
}

/// Sorts the cells of the chessmen and returns the gaps `g_1..g_n`, or an error for a cell 0 or a shared cell.
pub fn chessmen_gaps(cells: &mut [u64]) -> Result<Vec<u64>> {
    cells.sort_unstable();
    let mut prev = 0;
    let mut gaps = Vec::with_capacity(cells.len());
    for &c in cells.iter() {
        if c == 0 {
            return Err(Error::input(
                "chessmen stand on cells 1, 2, …; found cell 0",
            ));
        }
        if c == prev {
            return Err(Error::input(format!(
                "two chessmen on cell {c}: cells must be distinct"
            )));
        }
        gaps.push(c - prev - 1);
        prev = c;
    }
    Ok(gaps)
}

/// The nim-value of chessmen on the given cells (in any order).
pub fn chessmen_value(cells: &mut [u64]) -> Result<Nimber> {
    let gaps = chessmen_gaps(cells)?;
    Ok(gaps.iter().rev().step_by(2).fold(0, |a, &g| a ^ g))
}

/// The catalog family `staircase`: `grundy value staircase C1 C2 …` (coins on steps 1, 2, …).
pub struct Staircase;

fn parse_coins(args: &[String]) -> Result<Vec<u64>> {
    crate::games::parse_numbers(
        args,
        "staircase: give the coins on steps 1, 2, …, e.g. staircase 1 2 5",
        "staircase: coins on a step",
    )
}

/// A staircase or chessmen position as shown: the numbers, separated by spaces.
fn show_numbers(p: &[u64]) -> String {
    p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
}

fn parse_cells(args: &[String]) -> Result<Vec<u64>> {
    if args.is_empty() {
        return Err(Error::input(
            "chessmen: give the chessmen's cells, e.g. chessmen 1 5 6 7",
        ));
    }
    args.iter()
        .map(|a| crate::error::parse_bounded(a, "chessmen: a cell", MAX_CELL))
        .collect()
}

/// The cells of a chessmen position, sorted and checked to be distinct and positive.
fn sorted_cells(args: &[String]) -> Result<Vec<u64>> {
    let mut cells = parse_cells(args)?;
    chessmen_value(&mut cells)?;
    Ok(cells)
}

/// The most coins (over all steps) of a staircase, and the largest cell of a chessmen position, that misère play
/// searches exactly (one position has up to that many options).
pub const MISERE_SEARCH_MAX: u64 = 10_000;

/// The staircase after the move `m` of `coins`.
fn after_stair_move(coins: &[u64], m: StairMove) -> Vec<u64> {
    let mut after = coins.to_vec();
    after[m.step - 1] -= m.count;
    if m.step >= 2 {
        after[m.step - 2] += m.count;
    }
    after
}

/// The words of the staircase move of `count` coins from `step` (1-based).
fn describe_stair_move(step: usize, count: u64) -> String {
    if step == 1 {
        format!("move {count} coins from step 1 to the ground")
    } else {
        format!("move {count} coins from step {step} to step {}", step - 1)
    }
}

/// Staircase Nim as a [`Game`]: its rules, text syntax (`C1 C2 ...`, the coins on steps 1, 2, …, all one
/// position) and closed forms, stated once.
///
/// A position is the list of coin counts, `coins[i]` on step `i + 1`; every list is a position. Closed forms:
/// [`ClosedForm::nim_value`] is the nim-sum of the odd steps ([`value`]), and [`ClosedForm::options_with_value`] lists the moves
/// to any value without enumerating the options ([`moves_to`]). [`Game::check_searchable`] refuses more than
/// [`MISERE_SEARCH_MAX`] coins in all for a search (a position has one option per coin).
#[derive(Debug, Clone, Copy, Default)]
pub struct StaircaseGame;

impl Game for StaircaseGame {
    type Position = Vec<u64>;
    fn name(&self) -> String {
        "staircase".into()
    }
    fn options(&self, p: &Vec<u64>, out: &mut Options<Vec<u64>>) -> crate::Result<()> {
        for i in 0..p.len() {
            for d in 1..=p[i] {
                let mut q = p.clone();
                q[i] -= d;
                if i > 0 {
                    q[i - 1] += d;
                }
                out.push_one(q);
            }
        }
        Ok(())
    }
    fn check_searchable(&self, coins: &Vec<u64>, _limits: &crate::Limits) -> Result<()> {
        if coins.iter().fold(0u64, |a, &c| a.saturating_add(c)) > MISERE_SEARCH_MAX {
            return Err(crate::games::too_large_to_search(
                "staircase",
                "coins in all",
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
    fn table(&self) -> Option<&dyn Tabular<Self::Position>> {
        Some(self)
    }
}

impl Notation<Vec<u64>> for StaircaseGame {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<Vec<u64>>>> {
        Some(self.read_words(words))
    }
    fn position_syntax(&self) -> &'static str {
        "COINS-ON-STEP-1 COINS-ON-STEP-2 ..."
    }
    fn show(&self, p: &Vec<u64>) -> String {
        show_numbers(p)
    }
    fn describe_move(&self, from: &Vec<u64>, to: &[Vec<u64>]) -> String {
        // The step that lost coins is the highest one that changed.
        match to.first().and_then(|q| {
            (0..from.len())
                .rev()
                .find(|&i| q.get(i).is_some_and(|&c| c < from[i]))
                .map(|i| (i, from[i] - q[i]))
        }) {
            Some((i, d)) => describe_stair_move(i + 1, d),
            None => format!("move to {}", self.show_sum(to)),
        }
    }
}

impl StaircaseGame {
    /// Reads the positions `words` write: the body of this game's [`Notation::parse`].
    fn read_words(&self, words: &[String]) -> Result<Vec<Vec<u64>>> {
        Ok(vec![parse_coins(words)?])
    }
}

impl Tabular<Vec<u64>> for StaircaseGame {
    fn parameters(&self) -> usize {
        2
    }
    /// The staircase of two steps with `c1` coins on step 1 and `c2` on step 2.
    fn position_at(&self, params: &[u64]) -> Option<Vec<u64>> {
        match params {
            [c1, c2] => Some(vec![*c1, *c2]),
            _ => None,
        }
    }
}

impl ClosedForm<Vec<u64>> for StaircaseGame {
    fn nim_value(&self, coins: &Vec<u64>, _cx: &Context) -> Option<Nimber> {
        Some(value(coins))
    }

    fn options_with_value(
        &self,
        coins: &Vec<u64>,
        target: Nimber,
        _cx: &Context,
    ) -> Option<Vec<Vec<Vec<u64>>>> {
        Some(
            moves_to(coins, target)
                .into_iter()
                .map(|m| vec![after_stair_move(coins, m)])
                .collect(),
        )
    }
}

/// The chessmen game as a [`Game`]: its rules, text syntax (`CELL...`, the chessmen's cells in any order, all one
/// position) and closed forms, stated once.
///
/// A position is the list of the chessmen's cells, strictly increasing, each from 1 to [`MAX_CELL`]
/// ([`Game::validate`]; [`Notation::parse`] sorts the cells as given). Closed forms: [`ClosedForm::nim_value`] is staircase
/// Nim on the gaps ([`chessmen_value`]), and [`ClosedForm::options_with_value`] lists the moves to any value in `O(1)`
/// each ([`chessmen_moves_to`]). [`Game::check_searchable`] refuses cells above [`MISERE_SEARCH_MAX`] for a search.
#[derive(Debug, Clone, Copy, Default)]
pub struct ChessmenGame;

impl Game for ChessmenGame {
    type Position = Vec<u64>;
    fn name(&self) -> String {
        "chessmen".into()
    }
    fn options(&self, p: &Vec<u64>, out: &mut Options<Vec<u64>>) -> crate::Result<()> {
        for i in 0..p.len() {
            let floor = if i == 0 { 1 } else { p[i - 1] + 1 };
            for c in floor..p[i] {
                let mut q = p.clone();
                q[i] = c;
                out.push_one(q);
            }
        }
        Ok(())
    }
    fn validate(&self, cells: &Vec<u64>) -> Result<()> {
        let mut prev = 0;
        for &c in cells {
            if c == 0 {
                return Err(Error::input(
                    "chessmen stand on cells 1, 2, …; found cell 0",
                ));
            }
            if c > MAX_CELL {
                return Err(Error::input(format!(
                    "chessmen: a cell: {c} is too large (the largest allowed is {MAX_CELL})"
                )));
            }
            if c == prev {
                return Err(Error::input(format!(
                    "two chessmen on cell {c}: cells must be distinct"
                )));
            }
            if c < prev {
                return Err(Error::input(format!(
                    "chessmen: the cells of a position are listed in increasing order, found {c} after {prev}"
                )));
            }
            prev = c;
        }
        Ok(())
    }
    fn check_searchable(&self, cells: &Vec<u64>, _limits: &crate::Limits) -> Result<()> {
        if cells.iter().copied().max().unwrap_or(0) > MISERE_SEARCH_MAX {
            return Err(crate::games::too_large_to_search(
                "chessmen",
                "cells",
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

impl Notation<Vec<u64>> for ChessmenGame {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<Vec<u64>>>> {
        Some(self.read_words(words))
    }
    fn position_syntax(&self) -> &'static str {
        "CELL..."
    }
    fn show(&self, p: &Vec<u64>) -> String {
        show_numbers(p)
    }
    fn describe_move(&self, from: &Vec<u64>, to: &[Vec<u64>]) -> String {
        match to.first().and_then(|q| {
            (0..from.len())
                .find(|&i| q.get(i).is_some_and(|&c| c != from[i]))
                .map(|i| (from[i], q[i]))
        }) {
            Some((a, b)) => format!("move the chessman on cell {a} to cell {b}"),
            None => format!("move to {}", self.show_sum(to)),
        }
    }
}

impl ChessmenGame {
    /// Reads the positions `words` write: the body of this game's [`Notation::parse`].
    fn read_words(&self, words: &[String]) -> Result<Vec<Vec<u64>>> {
        Ok(vec![sorted_cells(words)?])
    }
}

impl ClosedForm<Vec<u64>> for ChessmenGame {
    fn nim_value(&self, cells: &Vec<u64>, _cx: &Context) -> Option<Nimber> {
        chessmen_value(&mut cells.clone()).ok()
    }

    fn options_with_value(
        &self,
        cells: &Vec<u64>,
        target: Nimber,
        _cx: &Context,
    ) -> Option<Vec<Vec<Vec<u64>>>> {
        // chessmen_moves_to reads gaps of sorted distinct cells.
        self.validate(cells).ok()?;
        Some(
            chessmen_moves_to(cells, target)
                .into_iter()
                .map(|(i, to)| {
                    let mut after = cells.clone();
                    after[i] = to;
                    vec![after]
                })
                .collect(),
        )
    }
}

/// The largest cell `grundy value chessmen` accepts (moves are listed one by one).
pub const MAX_CELL: u64 = 10_000_000;

/// Every move of the chessmen on `cells` (sorted, distinct, ≥ 1) to a position of nim-value `target`, as
/// `(index of the chessman, its new cell)`. Each move changes two gaps, so its value is found in `O(1)`.
pub fn chessmen_moves_to(cells: &[u64], target: Nimber) -> Vec<(usize, u64)> {
    let n = cells.len();
    let gap = |i: usize| cells[i] - if i == 0 { 0 } else { cells[i - 1] } - 1;
    let counts = |i: usize| (n - 1 - i) & 1 == 0;
    let v: Nimber = (0..n).filter(|&i| counts(i)).fold(0, |a, i| a ^ gap(i));
    let mut out = Vec::new();
    for (i, &cell) in cells.iter().enumerate() {
        for d in 1..=gap(i) {
            let mut w = v;
            if counts(i) {
                w ^= gap(i) ^ (gap(i) - d);
            }
            if i + 1 < n && counts(i + 1) {
                w ^= gap(i + 1) ^ (gap(i + 1) + d);
            }
            if w == target {
                out.push((i, cell - d));
            }
        }
    }
    out
}

/// The catalog family `chessmen`: `grundy value chessmen 1 5 6 7` (the cells, in any order; POJ 1704).
pub struct Chessmen;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, Options};
    use crate::solver::Solver;
    use proptest::prelude::*;

    /// A game's rules alone (its options, none of its closed forms), so that the solver searches.
    struct RulesOnly<G>(G);
    impl<G: Game> Game for RulesOnly<G> {
        type Position = G::Position;
        fn name(&self) -> String {
            self.0.name()
        }
        fn options(&self, p: &G::Position, out: &mut Options<G::Position>) -> crate::Result<()> {
            self.0.options(p, out)
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(60))]
        #[test]
        fn staircase_value_is_exhaustive_search(coins in proptest::collection::vec(0u64..4, 0..5)) {
            let mut solver = Solver::new(RulesOnly(StaircaseGame));
            let mut brute_force_value = |p: &Vec<u64>| solver.nim_value(p).unwrap();
            let v = brute_force_value(&coins);
            prop_assert_eq!(value(&coins), v);
            for target in 0..6 {
                let listed = moves_to(&coins, target);
                let mut opts = Options::new();
                StaircaseGame.options(&coins, &mut opts).unwrap();
                let n = opts.iter().filter(|o| brute_force_value(&o[0]) == target).count();
                prop_assert_eq!(listed.len(), n);
                for m in listed {
                    let mut after = coins.clone();
                    after[m.step - 1] -= m.count;
                    if m.step >= 2 { after[m.step - 2] += m.count; }
                    prop_assert_eq!(brute_force_value(&after), target);
                }
            }
        }

        #[test]
        fn chessmen_value_is_exhaustive_search(set in proptest::collection::btree_set(1u64..10, 0..5)) {
            let cells: Vec<u64> = set.into_iter().collect();
            let mut shuffled: Vec<u64> = cells.iter().rev().copied().collect();
            let mut solver = Solver::new(RulesOnly(ChessmenGame));
            prop_assert_eq!(chessmen_value(&mut shuffled).unwrap(), solver.nim_value(&cells).unwrap());
            for target in 0..5 {
                let listed = chessmen_moves_to(&cells, target);
                let mut opts = Options::new();
                ChessmenGame.options(&cells, &mut opts).unwrap();
                let n = opts.iter().filter(|o| solver.nim_value(&o[0]).unwrap() == target).count();
                prop_assert_eq!(listed.len(), n);
                for (i, to) in listed {
                    let mut after = cells.clone();
                    after[i] = to;
                    prop_assert_eq!(solver.nim_value(&after).unwrap(), target);
                }
            }
        }
    }

    #[test]
    fn chessmen_errors() {
        assert!(chessmen_value(&mut [3, 1, 3])
            .unwrap_err()
            .message()
            .contains("cell 3"));
        assert!(chessmen_value(&mut [0, 2])
            .unwrap_err()
            .message()
            .contains("cell 0"));
        // POJ 1704 sample: 1 2 3 → Bob (P); 1 5 6 7 9 12 14 17 → Georgia (N).
        assert_eq!(chessmen_value(&mut [1, 2, 3]).unwrap(), 0);
        assert_ne!(chessmen_value(&mut [1, 5, 6, 7, 9, 12, 14, 17]).unwrap(), 0);
    }
}

#[cfg(test)]
mod table_tests {
    use super::*;
    use crate::games::lookup;

    #[test]
    fn two_steps() {
        // Staircase of two steps: the coins on step 1 alone count (the odd steps).
        let cells: Vec<Vec<u64>> = (0..5)
            .flat_map(|a| (0..5).map(move |b| vec![a, b]))
            .collect();
        let values = lookup("staircase")
            .unwrap()
            .values_at(&cells, &crate::context::Context::default(), &mut |_| {})
            .unwrap();
        for (c, v) in cells.iter().zip(&values) {
            assert_eq!(*v, Some(c[0]), "{c:?}");
        }
        assert_eq!(StaircaseGame.position_at(&[3, 4]), Some(vec![3, 4]));
    }
}
