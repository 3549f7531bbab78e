//! Chomp: a bar of chocolate shaped as a Young diagram (rows of non-increasing lengths, flush left); a move picks
//! a remaining square `(r, c)` and eats it with every square `(r', c')` with `r' ≥ r` and `c' ≥ c` (below and to
//! its right). The square `(0, 0)` is poisoned: whoever eats it loses. `grundy value chomp 4x5` for the full
//! rectangle of 4 rows of 5, `grundy value chomp 4 4 2 1` for rows of lengths 4, 4, 2, 1. The words are one position;
//! a sum of bars is written as the command line writes any sum, `chomp 3x3 + chomp 2 1`.
//!
//! **As normal play.** Eating the poison is a move only a player with no other move makes, and it loses; so the
//! game is played here under normal play with the poisoned square never eaten: a move eats a square other than
//! `(0, 0)`, and the position that is the poisoned square alone is terminal (its player must eat the poison:
//! loses). A position is a [`Vec<u32>`] of row lengths, non-increasing, each at least 1, with at least one row (the
//! poison's): every position contains `(0, 0)`.
//!
//! **Known truth** (checked by the tests against the search). Every rectangle larger than `1 × 1` is an
//! N-position, by strategy stealing: if eating the far corner `(R−1, C−1)` lost, the reply that wins against it
//! is also available at once. For `n × n` the winning move is `(1, 1)`, leaving an L with two arms of `n − 1`
//! that the second player mirrors; for two rows the P-positions are exactly the rows `(a, a − 1)`, so from `2 × n`
//! the winning move leaves `(n, n − 1)`. So a rectangle beyond the search still has its outcome
//! ([`ClosedForm::outcome`]), and `2 × n` and `n × 2` their winning move ([`ClosedForm::winning_options`]); the winning move of
//! a larger one is not known (strategy stealing does not name it).
//!
//! **Closed form.** An L (a first row of `a + 1` and `b` further rows of 1) is two Nim heaps `a` and `b`: its
//! nim-value is `a ⊕ b` ([`ClosedForm::nim_value`]).
//!
//! **The search.** Every position reachable from a diagram is a sub-diagram of it; a diagram of `R` rows and `C`
//! columns has at most `C(R + C, R)` of them, each with one option per square. [`dense`] values them all bottom-up
//! into an array indexed by a perfect ranking of the sub-diagrams (no hashing; options ranked in place in one step
//! each; a value found for a sub-diagram is copied to its transpose), `count · R · C / 2` steps for a rectangle and
//! half that for a square, one or two bytes a sub-diagram. When `--max-memory` is too small for that array, the
//! search is refused at once with the bytes it needs: every sub-diagram is met (a bite's values cannot be cut
//! short, as a position does not split into components), so a table that keeps fewer of them recomputes the evicted
//! ones again and again (an evicting table of 2,048 entries took 22.7 million expansions for the 1,716
//! sub-diagrams of 6 × 7, and 7 × 7 did not end in a minute). The search is also refused
//! ([`Game::check_searchable`]) beyond [`MAX_SUBDIAGRAMS`] sub-diagrams or [`MAX_CELLS`] squares.

use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::ClosedForm;
use crate::game::{Game, Notation, Options, Outcome, Play, Tabular};
use crate::limits::Limits;
use crate::nimber::Nimber;

/// The longest row and the most rows a position may have.
pub const MAX_SIDE: u64 = 100_000;
/// The most sub-diagrams (positions the search may meet) of a position searched exactly: 2^28, at most 512 MiB of
/// values in the dense search (15 × 15 has 155 117 520; 16 × 16 is refused).
pub const MAX_SUBDIAGRAMS: u64 = 1 << 28;
/// The most squares of a position searched exactly.
pub const MAX_CELLS: u64 = 20_000;

/// Chomp as a [`Game`] (see the module docs): positions are row lengths.
#[derive(Debug, Clone, Copy, Default)]
pub struct ChompGame;

/// The position left by eating `(r, c)` from `rows`.
fn bite(rows: &[u32], r: usize, c: u32) -> Vec<u32> {
    let mut out: Vec<u32> = rows[..r].to_vec();
    out.extend(rows[r..].iter().map(|&l| l.min(c)).take_while(|&l| l > 0));
    out
}

/// The number of sub-diagrams of `rows` that contain `(0, 0)`, saturating just past `cap`.
pub fn subdiagrams(rows: &[u32], cap: u64) -> u64 {
    let Some(&first) = rows.first() else {
        return 0;
    };
    // ways[v]: sequences for the rows so far whose last row has length v.
    let mut ways: Vec<u64> = (0..=first as usize).map(|v| u64::from(v >= 1)).collect();
    for &a in &rows[1..] {
        let mut next = vec![0u64; a as usize + 1];
        let mut suffix = ways[a as usize + 1..]
            .iter()
            .fold(0u64, |s, &w| s.saturating_add(w).min(cap + 1));
        for v in (0..=a as usize).rev() {
            suffix = suffix.saturating_add(ways[v]).min(cap + 1);
            next[v] = suffix;
        }
        ways = next;
    }
    ways.iter()
        .fold(0u64, |s, &w| s.saturating_add(w).min(cap + 1))
}

fn parse_one(words: &[&String]) -> Result<Vec<u32>> {
    if let [w] = words {
        if w.contains(['x', 'X']) {
            let bad = || {
                Error::input(format!(
                    "chomp: expected a rectangle RxC (rows x columns, e.g. 4x5), found '{}'",
                    crate::error::escape(w)
                ))
            };
            let (r, c) = w.split_once(['x', 'X']).ok_or_else(bad)?;
            if r.is_empty() || c.is_empty() {
                return Err(bad());
            }
            let r = crate::error::parse_bounded(r, "chomp: rows", MAX_SIDE)?;
            let c = crate::error::parse_bounded(c, "chomp: columns", MAX_SIDE)?;
            if r == 0 || c == 0 {
                return Err(Error::input(format!(
                    "chomp {r}x{c}: a bar needs at least one row and one column (the poisoned square)"
                )));
            }
            return Ok(vec![c as u32; r as usize]);
        }
    }
    if words.len() as u64 > MAX_SIDE {
        return Err(Error::input(format!(
            "chomp: {} rows is more than the {MAX_SIDE} a bar may have",
            words.len()
        )));
    }
    let rows = words
        .iter()
        .map(|w| crate::error::parse_bounded(w, "chomp: row length", MAX_SIDE).map(|v| v as u32))
        .collect::<Result<Vec<u32>>>()?;
    check_rows(&rows)?;
    Ok(rows)
}

fn check_rows(rows: &[u32]) -> Result<()> {
    if rows.is_empty() {
        return Err(Error::input(
            "chomp: give the row lengths (e.g. chomp 4 4 2 1) or a rectangle RxC",
        ));
    }
    if rows.len() as u64 > MAX_SIDE || rows.iter().any(|&l| u64::from(l) > MAX_SIDE) {
        return Err(Error::input(format!(
            "chomp: a bar has at most {MAX_SIDE} rows of at most {MAX_SIDE} squares"
        )));
    }
    if let Some(i) = rows.iter().position(|&l| l == 0) {
        return Err(Error::input(format!(
            "chomp: row {} has length 0: write only the rows that have squares",
            i + 1
        )));
    }
    if let Some(i) = rows.windows(2).position(|w| w[1] > w[0]) {
        return Err(Error::input(format!(
            "chomp: row {} ({}) is longer than row {} ({}): row lengths must not increase",
            i + 2,
            rows[i + 1],
            i + 1,
            rows[i]
        )));
    }
    Ok(())
}

impl Game for ChompGame {
    type Position = Vec<u32>;
    fn name(&self) -> String {
        "chomp".into()
    }
    fn options(&self, rows: &Vec<u32>, out: &mut Options<Vec<u32>>) -> crate::Result<()> {
        for (r, &len) in rows.iter().enumerate() {
            for c in u32::from(r == 0)..len {
                out.push_one(bite(rows, r, c));
            }
        }
        Ok(())
    }
    fn validate(&self, rows: &Vec<u32>) -> Result<()> {
        check_rows(rows)
    }
    fn check_searchable(&self, rows: &Vec<u32>, limits: &crate::Limits) -> Result<()> {
        if let Some(e) = beyond_search(rows) {
            return Err(e);
        }
        // Every sub-diagram is met, so a search whose values do not fit the memory budget is refused at once
        // (an evicting table would recompute them without end: see the module docs).
        match memory_needed(rows, limits) {
            Some(e) => Err(e),
            None => Ok(()),
        }
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

impl Notation<Vec<u32>> for ChompGame {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<Vec<u32>>>> {
        Some(self.read_words(words))
    }
    fn position_syntax(&self) -> &'static str {
        "RxC | ROW..."
    }
    fn show(&self, rows: &Vec<u32>) -> String {
        if rows.len() >= 2 && rows.iter().all(|&l| l == rows[0]) {
            format!("{}x{}", rows.len(), rows[0])
        } else {
            rows.iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(" ")
        }
    }
    fn describe_move(&self, from: &Vec<u32>, to: &[Vec<u32>]) -> String {
        if let [to] = to {
            for (r, &len) in from.iter().enumerate() {
                for c in u32::from(r == 0)..len {
                    if bite(from, r, c) == *to {
                        return format!(
                            "eat the square in row {}, column {} and all below and right of it, leaving {}",
                            r + 1,
                            c + 1,
                            self.show(to)
                        );
                    }
                }
            }
        }
        format!("move to {}", self.show_sum(to))
    }
}

impl ChompGame {
    /// Reads the positions `words` write: the body of this game's [`Notation::parse`].
    fn read_words(&self, words: &[String]) -> Result<Vec<Vec<u32>>> {
        let words: Vec<&String> = words.iter().collect();
        Ok(vec![parse_one(&words)?])
    }
}

impl Tabular<Vec<u32>> for ChompGame {
    fn parameters(&self) -> usize {
        2
    }
    /// Tables and pictures run to 12 x 12 by default (0.5 s on the project machine; 13 x 13 takes 2 s, 14 x 14 9 s,
    /// 15 x 15 49 s: the rectangles' searches grow fast with the sides).
    fn table_extent(&self) -> Option<u64> {
        Some(12)
    }
    /// The full rectangle of `rows × cols` squares (both at least 1). Sides past [`MAX_SIDE`] are kept just past
    /// it, so that validation refuses them with its message (and no huge vector is made).
    fn position_at(&self, params: &[u64]) -> Option<Vec<u32>> {
        match params {
            [r, c] if *r >= 1 && *c >= 1 => {
                let (r, c) = ((*r).min(MAX_SIDE + 1), (*c).min(MAX_SIDE + 1));
                Some(vec![c as u32; r as usize])
            }
            _ => None,
        }
    }
}

impl ClosedForm<Vec<u32>> for ChompGame {
    fn nim_value(&self, rows: &Vec<u32>, cx: &Context) -> Option<Nimber> {
        // An L: a first row of a + 1 and b rows of 1 is Nim on heaps a and b.
        if rows[1..].iter().all(|&l| l == 1) {
            let a = u64::from(rows[0]) - 1;
            let b = rows.len() as u64 - 1;
            return Some((a ^ b) as Nimber);
        }
        // Unless kept to formulas (inside a Solver, whose memo must hold what it valued): the engine.
        if cx.formulas_only() {
            return None;
        }
        search_value(rows, &cx.limits)?.ok()
    }

    /// A rectangle larger than `1 × 1` is an N-position (strategy stealing, module docs): the outcome of the
    /// rectangles beyond the search (more than [`MAX_SUBDIAGRAMS`] sub-diagrams or [`MAX_CELLS`] squares); the
    /// search answers the others.
    fn outcome(&self, rows: &Vec<u32>, play: Play, _cx: &Context) -> Option<Outcome> {
        (play == Play::Normal && stolen(rows) && beyond_search(rows).is_some())
            .then_some(Outcome::N)
    }

    /// The winning move of `2 × n` and `n × 2` beyond the search (the two-row rule of the module docs); `None` for
    /// the other rectangles (strategy stealing proves a winning move exists without naming it).
    fn winning_options(
        &self,
        rows: &Vec<u32>,
        play: Play,
        cx: &Context,
    ) -> Option<Vec<Vec<Vec<u32>>>> {
        self.outcome(rows, play, cx)?;
        two_wide_winning_move(rows).map(|to| vec![vec![to]])
    }

    fn options_with_value(
        &self,
        rows: &Vec<u32>,
        target: Nimber,
        cx: &Context,
    ) -> Option<Vec<Vec<Vec<u32>>>> {
        // Beyond the search (its options would each be too): the outcome's rule, or a refusal, answers instead.
        if cx.formulas_only() || dense::count(rows, MAX_SUBDIAGRAMS + 1).is_none() {
            return None;
        }
        let mut out = Vec::new();
        for (r, &len) in rows.iter().enumerate() {
            for c in u32::from(r == 0)..len {
                let o = bite(rows, r, c);
                let v = self.nim_value(&o, cx)?;
                if v == target {
                    out.push(vec![o]);
                }
            }
        }
        Some(out)
    }
}

/// The error of a position beyond the search (more than [`MAX_CELLS`] squares or [`MAX_SUBDIAGRAMS`]
/// sub-diagrams), `None` within it.
fn beyond_search(rows: &[u32]) -> Option<Error> {
    let cells: u64 = rows.iter().map(|&l| u64::from(l)).sum();
    if cells > MAX_CELLS {
        return Some(super::too_large_to_search(
            "chomp",
            "positions whose squares number",
            MAX_CELLS,
        ));
    }
    (subdiagrams(rows, MAX_SUBDIAGRAMS) > MAX_SUBDIAGRAMS).then(|| {
        super::too_large_to_search(
            "chomp",
            "positions whose sub-diagrams (the positions reachable) number",
            MAX_SUBDIAGRAMS,
        )
    })
}

/// Whether `rows` is a rectangle larger than `1 × 1`: an N-position by strategy stealing (module docs).
fn stolen(rows: &[u32]) -> bool {
    rows.iter().all(|&l| l == rows[0]) && rows.len() as u64 * u64::from(rows[0]) > 1
}

/// The one winning move of `2 × n` (`n ≥ 2`): the P-positions of two rows are exactly `(a, a − 1)`, so it leaves
/// `(n, n − 1)`; and of its transpose `n × 2`, leaving `n − 1` rows of 2 and a row of 1. `None` for other
/// positions.
fn two_wide_winning_move(rows: &[u32]) -> Option<Vec<u32>> {
    if !stolen(rows) {
        return None;
    }
    match (rows.len(), rows[0]) {
        (2, c) if c >= 2 => Some(vec![c, c - 1]),
        (r, 2) if r >= 2 => {
            let mut left = vec![2; r - 1];
            left.push(1);
            Some(left)
        }
        _ => None,
    }
}

/// The dense search ([`dense`]): every sub-diagram valued bottom-up into an array indexed by a perfect ranking.
pub mod dense;

// The table key of a saved search ([`crate::table_file`]).
mod table;

/// A cache, what this thread keeps between questions: the last dense search (its values answer every sub-diagram of
/// its position, and their transposes, at once: the options of a position whose winning moves are listed, the
/// smaller rectangles of a table). No setting of a search lives here: the limits come with each call.
struct State {
    dense: Option<dense::Dense>,
}

thread_local! {
    static STATE: std::cell::RefCell<State> = const { std::cell::RefCell::new(State { dense: None }) };
}

/// The error of a search of `rows` (at most [`MAX_SUBDIAGRAMS`] sub-diagrams, fewer than 65,535 squares) whose
/// dense array does not fit the memory budget of `limits`, naming the bytes it needs; `None` when it fits (or the
/// dense search does not take the position).
fn memory_needed(rows: &[u32], limits: &Limits) -> Option<Error> {
    let count = dense::count(rows, MAX_SUBDIAGRAMS + 1)?;
    let cells: u64 = rows.iter().map(|&l| u64::from(l)).sum();
    if cells >= u64::from(u16::MAX) {
        return None;
    }
    memory_error(count, cells, rows.len() as u64, limits)
}

/// [`memory_needed`] of a position of `count` sub-diagrams, `cells` squares and `rows` rows.
fn memory_error(count: u64, cells: u64, rows: u64, limits: &Limits) -> Option<Error> {
    let need = dense::bytes(count, cells, rows);
    let allowed = limits.max_memory;
    (need > allowed).then(|| {
        Error::over_budget(crate::error::Budget::Memory(allowed), format!(
            "chomp: the exact search keeps a value for each of the position's {count} sub-diagrams, {need} bytes, \
             more than the memory limit ({allowed} bytes) allows"
        ))
    })
}

/// The nim-value of `rows` (a valid position) by this thread's dense search, under `limits`: the values kept from the last dense search when they hold it, else a new
/// dense search; an error when its array does not fit `--max-memory` (see the module docs); `None` when the position
/// has more than [`MAX_SUBDIAGRAMS`] sub-diagrams or 65,534 squares or more (the plain [`crate::Solver`] takes it,
/// or refuses it).
pub fn search_value(rows: &[u32], limits: &Limits) -> Option<Result<Nimber>> {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        if let Some(v) = s.dense.as_ref().and_then(|d| d.value(rows)) {
            return Some(Ok(v));
        }
        // Beyond MAX_SUBDIAGRAMS: left to the plain solver, whose check_searchable refuses it at once.
        let count = dense::count(rows, MAX_SUBDIAGRAMS + 1)?;
        let cells: u64 = rows.iter().map(|&l| u64::from(l)).sum();
        if cells >= u64::from(u16::MAX) {
            return None;
        }
        if let Some(e) = memory_error(count, cells, rows.len() as u64, limits) {
            return Some(Err(e));
        }
        let started = crate::clock::Instant::now();
        let d = dense::Dense::solve(rows, count, limits.deadline)?;
        if std::env::var_os("GRUNDY_ENGINE_STATS").is_some() {
            // The search alone, without the process's start-up: what benches/boards.sh sets beside igsolve's own
            // "Calculation time".
            eprintln!(
                "chomp dense search: {count} sub-diagrams in {} µs",
                started.elapsed().as_micros()
            );
        }
        Some(match d {
            Ok(d) => {
                let v = d.value(rows).expect("the position is its own sub-diagram");
                s.dense = Some(d);
                Ok(v)
            }
            Err(()) => Err(limits.deadline.map_or_else(
                || Error::limit("chomp: the search was stopped"),
                |d| d.error(),
            )),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subdiagrams_of_a_rectangle_are_a_binomial() {
        // Sub-diagrams of R x C containing (0,0): C(R+C, R) minus the empty one.
        assert_eq!(subdiagrams(&[3, 3], u64::MAX - 1), 10 - 1);
        assert_eq!(subdiagrams(&[4, 4, 4], u64::MAX - 1), 35 - 1);
        assert_eq!(subdiagrams(&[1], 10), 1);
        assert_eq!(subdiagrams(&vec![1000; 1000], 100), 101);
    }

    #[test]
    fn bites_keep_the_diagram_and_the_poison() {
        assert_eq!(bite(&[4, 4, 2, 1], 1, 1), vec![4, 1, 1, 1]);
        assert_eq!(bite(&[4, 4, 2, 1], 0, 2), vec![2, 2, 2, 1]);
        assert_eq!(bite(&[4, 4, 2, 1], 2, 0), vec![4, 4]);
    }
}

#[cfg(test)]
mod engine_tests {
    use super::*;
    use crate::solver::{Limits, Solver};

    /// Every staircase inside `rows x cols`, as row lengths.
    fn staircases(rows: usize, cols: u32) -> Vec<Vec<u32>> {
        let mut out = vec![];
        let mut cur = vec![];
        fn go(cur: &mut Vec<u32>, rows: usize, max: u32, out: &mut Vec<Vec<u32>>) {
            if !cur.is_empty() {
                out.push(cur.clone());
            }
            if cur.len() == rows {
                return;
            }
            for l in 1..=max {
                cur.push(l);
                go(cur, rows, l, out);
                cur.pop();
            }
        }
        go(&mut cur, rows, cols, &mut out);
        out
    }

    #[test]
    fn the_dense_search_agrees_with_the_plain_solver_on_every_position_up_to_5x6() {
        let mut plain = Solver::new(ChompGame);
        let all = staircases(5, 6);
        assert_eq!(all.len(), 461);
        for rows in all {
            let d = dense::Dense::solve(&rows, u64::MAX, None).unwrap().unwrap();
            assert_eq!(
                d.value(&rows).unwrap(),
                plain.nim_value(&rows).unwrap(),
                "{rows:?}"
            );
        }
    }

    #[test]
    fn the_dense_search_agrees_with_the_plain_solver_on_every_position_up_to_4x5() {
        let mut plain = Solver::new(ChompGame);
        let all = staircases(4, 5);
        assert_eq!(all.len(), 125);
        for rows in all {
            let d = dense::Dense::solve(&rows, u64::MAX, None).unwrap().unwrap();
            // Every sub-diagram of it, and every transpose that fits, is valued: check them all.
            for y in staircases(4, 5) {
                let t: Vec<u32> = (0..y[0])
                    .map(|c| y.iter().take_while(|&&l| l > c).count() as u32)
                    .collect();
                let inside =
                    |z: &[u32]| z.len() <= rows.len() && z.iter().zip(&rows).all(|(a, b)| a <= b);
                match d.value(&y) {
                    Some(v) => assert_eq!(v, plain.nim_value(&y).unwrap(), "{y:?} in {rows:?}"),
                    None => assert!(!inside(&y) && !inside(&t), "{y:?} in {rows:?}"),
                }
            }
        }
    }

    #[test]
    fn the_dense_search_agrees_with_the_plain_solver_on_random_positions_up_to_6x7() {
        let mut plain = Solver::new(ChompGame);
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |m: u32| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % u64::from(m)) as u32
        };
        for _ in 0..60 {
            let n = 1 + next(6) as usize;
            let mut rows = vec![1 + next(7)];
            while rows.len() < n {
                let last = *rows.last().unwrap();
                rows.push(1 + next(last));
            }
            let d = dense::Dense::solve(&rows, u64::MAX, None).unwrap().unwrap();
            assert_eq!(
                d.value(&rows).unwrap(),
                plain.nim_value(&rows).unwrap(),
                "{rows:?}"
            );
            // And a random sub-diagram of it, from the same table.
            let sub: Vec<u32> = rows.iter().map(|&l| l.min(1 + next(7))).collect();
            let sub: Vec<u32> = sub
                .iter()
                .scan(u32::MAX, |m, &l| {
                    *m = (*m).min(l);
                    Some(*m)
                })
                .collect();
            assert_eq!(
                d.value(&sub).unwrap(),
                plain.nim_value(&sub).unwrap(),
                "{sub:?} of {rows:?}"
            );
        }
        for rows in [vec![7; 6], vec![6; 7], vec![6; 6]] {
            let d = dense::Dense::solve(&rows, u64::MAX, None).unwrap().unwrap();
            assert_eq!(
                d.value(&rows).unwrap(),
                plain.nim_value(&rows).unwrap(),
                "{rows:?}"
            );
        }
    }

    #[test]
    fn the_rectangle_rules_agree_with_the_dense_search() {
        // Strategy stealing: every rectangle larger than 1x1 is N; the two-row rule names the one winning move of
        // 2 x n and of n x 2, which must be every option of value 0.
        for r in 1..=7u32 {
            for c in 1..=8u32 {
                let rows = vec![c; r as usize];
                let d = dense::Dense::solve(&rows, u64::MAX, None).unwrap().unwrap();
                let v = d.value(&rows).unwrap();
                assert_eq!(stolen(&rows), r * c > 1, "{r}x{c}");
                if r * c > 1 {
                    assert_ne!(v, 0, "{r}x{c}");
                }
                let zero: Vec<Vec<u32>> = (0..rows.len())
                    .flat_map(|i| (u32::from(i == 0)..c).map(move |j| (i, j)))
                    .map(|(i, j)| bite(&rows, i, j))
                    .filter(|o| d.value(o) == Some(0))
                    .collect();
                match two_wide_winning_move(&rows) {
                    Some(to) => {
                        assert!(r == 2 && c >= 2 || c == 2 && r >= 2, "{r}x{c}");
                        assert_eq!(vec![to], zero, "{r}x{c}");
                    }
                    // (1 x 2 and 2 x 1 are Ls, valued by their closed form.)
                    None => assert!(!(r == 2 && c >= 2 || c == 2 && r >= 2), "{r}x{c}"),
                }
            }
        }
        // The rule answers only beyond the search (the search answers 7x8); never a non-rectangle, never misère.
        assert_eq!(
            ChompGame.outcome(
                &vec![8; 7],
                Play::Normal,
                &crate::context::Context::default()
            ),
            None
        );
        assert_eq!(
            ChompGame.outcome(
                &vec![20; 20],
                Play::Normal,
                &crate::context::Context::default()
            ),
            Some(Outcome::N)
        );
        assert_eq!(
            ChompGame.winning_options(
                &vec![20; 20],
                Play::Normal,
                &crate::context::Context::default()
            ),
            None
        );
        assert_eq!(
            ChompGame.winning_options(
                &vec![30_000; 2],
                Play::Normal,
                &crate::context::Context::default()
            ),
            Some(vec![vec![vec![30_000, 29_999]]])
        );
        assert_eq!(
            ChompGame.outcome(
                &vec![20, 20, 19],
                Play::Normal,
                &crate::context::Context::default()
            ),
            None
        );
        assert_eq!(
            ChompGame.outcome(
                &vec![20; 20],
                Play::Misere,
                &crate::context::Context::default()
            ),
            None
        );
    }

    #[test]
    fn the_dense_search_agrees_with_the_plain_solver_on_larger_positions() {
        let mut plain = Solver::new(ChompGame);
        for rows in [
            vec![9; 8],
            vec![10, 10, 9, 7, 7, 4, 2, 1],
            vec![8; 8],
            vec![12, 12, 3],
        ] {
            let d = dense::Dense::solve(&rows, u64::MAX, None).unwrap().unwrap();
            assert_eq!(
                d.value(&rows).unwrap(),
                plain.nim_value(&rows).unwrap(),
                "{rows:?}"
            );
        }
    }

    #[test]
    fn search_value_answers_from_the_kept_table_and_under_a_small_memory_limit() {
        // The options of 5x6 are answered by the table of 5x6 (and their transposes by the mirror).
        let mut plain = Solver::new(ChompGame);
        assert_eq!(
            search_value(&[6; 5], &Limits::default()).unwrap().unwrap(),
            plain.nim_value(&vec![6; 5]).unwrap()
        );
        assert_eq!(
            search_value(&[5, 5, 5, 5, 5, 2], &Limits::default())
                .unwrap()
                .unwrap(),
            plain.nim_value(&vec![5, 5, 5, 5, 5, 2]).unwrap()
        );
        // A memory limit too small for the dense array refuses the search at once, naming what it needs
        // (7x7: C(14, 7) = 3432 ranks of sub-diagrams, the empty one counted, a byte each, 4 bytes for each of its
        // 49 squares and 7 rows, and its squares' bits); a position the kept table holds is still answered.
        let small = Limits {
            max_memory: 1000,
            ..Limits::default()
        };
        let refused = search_value(&[7; 7], &small);
        let kept = search_value(&[5, 5, 5, 5, 5, 2], &small);
        let e = refused.unwrap().unwrap_err();
        assert_eq!(
            e.to_string(),
            "chomp: the exact search keeps a value for each of the position's 3432 sub-diagrams, 3662 bytes, \
             more than the memory limit (1000 bytes) allows (raise the memory limit)"
        );
        assert_eq!(
            kept.unwrap().unwrap(),
            plain.nim_value(&vec![5, 5, 5, 5, 5, 2]).unwrap()
        );
    }

    #[test]
    fn search_value_leaves_what_is_too_large_to_the_solver_at_once() {
        // 16x16 has C(32, 16) = 601 080 390 sub-diagrams: no engine starts on it (the solver refuses it).
        assert!(search_value(&[16; 16], &Limits::default()).is_none());
        assert!(ChompGame
            .check_searchable(&vec![16; 16], &Limits::default())
            .is_err());
        // 15x15 (C(30, 15) sub-diagrams) is searched; a passed deadline stops it with the deadline's error.
        assert!(ChompGame
            .check_searchable(&vec![15; 15], &Limits::default())
            .is_ok());
        let gone = crate::solver::Deadline::after_seconds(1e-9);
        std::thread::sleep(std::time::Duration::from_millis(2));
        let passed = Limits {
            deadline: Some(gone),
            ..Limits::default()
        };
        let e = search_value(&[15; 15], &passed).unwrap().unwrap_err();
        assert!(e.to_string().contains("time limit"), "{e}");
        // One row of 70 000 (values past two bytes): answered by no engine rather than a wrong value or a panic;
        // the game's own closed form (an L) answers it.
        assert!(search_value(&[70_000], &crate::Limits::default()).is_none());
        assert_eq!(
            ChompGame.nim_value(&vec![70_000], &crate::context::Context::default()),
            Some(69_999)
        );
    }
}

#[cfg(test)]
mod table_tests {
    use super::*;
    use crate::games::lookup;

    #[test]
    fn positions_named_by_two_numbers() {
        let cells: Vec<Vec<u64>> = [[0, 1], [1, 1], [1, 2], [2, 1], [2, 2], [3, 3], [2, 5]]
            .into_iter()
            .map(|c| c.to_vec())
            .collect();
        let values = lookup("chomp")
            .unwrap()
            .values_at(&cells, &crate::context::Context::default(), &mut |_| {})
            .unwrap();
        // The 1x1 bar (the poison alone) is the only P-position among rectangles (strategy stealing); an L of arms
        // a and b is Nim a xor b: 1x2 and 2x1 are the L with one arm of 1, value 1.
        assert_eq!(values[0], None);
        assert_eq!(values[1], Some(0));
        assert_eq!(values[2], Some(1));
        assert_eq!(values[3], Some(1));
        assert!(values[4..].iter().all(|v| v.is_some_and(|v| v != 0)));
        assert_eq!(ChompGame.position_at(&[2, 3]), Some(vec![3, 3]));
    }
}
