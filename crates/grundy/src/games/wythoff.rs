//! Wythoff's game: two heaps; a move takes any positive number of tokens from one heap, or the same positive
//! number from both.
//!
//! **P-positions.** Under normal play the P-positions are `(a_k, b_k)` and `(b_k, a_k)` for `k ≥ 0`, with
//! `a_k = ⌊kφ⌋`, `b_k = a_k + k`, `φ = (1+√5)/2` (Wythoff 1907; Winning Ways ch. 3). The sequences `a` and `b` are
//! complementary Beatty sequences, so every `x ≥ 1` lies in exactly one P-pair, and the pair with difference `k` is
//! unique. No floating point is used: `kφ = (k + √(5k²))/2` and `√(5k²)` is irrational for `k > 0`, so
//! `a_k = ⌊(k + isqrt(5k²))/2⌋` with an exact integer square root of a `u128` (`5k² ≤ 5·10^36` for heaps up to
//! [`MAX_HEAP`] = 10^18). Testing a position costs one square root (`O(log)` Newton steps on `u128`).
//!
//! **Winning moves.** From `(a, b)` the moves to P-positions are: lower `a` to the partner of `b`, lower `b` to the
//! partner of `a` (when the partner is smaller), or take `d` from both, keeping the difference `k = |a − b|`, down
//! to `(a_k, b_k)` when `a_k < min(a, b)`. The partner of `x` is found from `x/φ` by the same integer square root.
//!
//! **Misère play** (whoever takes the last token loses): the P-positions are `(0,1)`, `(1,0)`, `(2,2)` and the
//! normal-play P-positions `(a_k, b_k)` for `k ≥ 2`; `(0,0)` is a win for the player to move (the opponent took the
//! last token). Tests prove both rules against exhaustive search.
//!
//! **Nim-values** have no known closed form; [`ValueTable`] computes `G(a, b)` for `a, b < n` by the mex rule in
//! `O(n³/64)` word operations (bit sets of the values in each row, column and diagonal), checked against OEIS
//! A317205 and against the mex rule applied directly.

use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::ClosedForm;
use crate::game::{Game, Notation, Options, Outcome, Play, Tabular};

use crate::nimber::Nimber;
use std::cell::RefCell;
use std::rc::Rc;

/// The largest heap accepted (so that `5k²` fits a `u128`).
pub const MAX_HEAP: u64 = 1_000_000_000_000_000_000;

/// The integer square root `⌊√n⌋`, by Newton's method on integers.
pub fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let bits = 128 - n.leading_zeros();
    let mut x: u128 = 1 << bits.div_ceil(2); // x ≥ √n
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// `a_k = ⌊kφ⌋`, for `k ≤ MAX_HEAP`.
pub fn lower(k: u64) -> u64 {
    debug_assert!(k <= MAX_HEAP);
    let k = k as u128;
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// `b_k = a_k + k`.
pub fn upper(k: u64) -> u64 {
    lower(k) + k
}

/// True when `(a, b)` is a P-position under normal play.
pub fn is_p_position(a: u64, b: u64) -> bool {
    let (lo, hi) = (a.min(b), a.max(b));
    lower(hi - lo) == lo
}

/// The `y` with `(x, y)` a P-position (unique: the Beatty sequences are complementary).
pub fn partner(x: u64) -> u64 {
    if x == 0 {
        return 0;
    }
    let xx = x as u128;
    // x/φ = x(√5 − 1)/2
    let j0 = ((isqrt(5 * xx * xx) - xx) / 2) as u64;
    for j in j0.saturating_sub(2)..=j0 + 2 {
        if lower(j) == x {
            return x + j;
        }
    }
    let j1 = x - j0; // ≈ x/φ²
    for j in j1.saturating_sub(2)..=j1 + 2 {
        if upper(j) == x {
            return lower(j);
        }
    }
    unreachable!("every x ≥ 1 is a lower or an upper Wythoff number")
}

/// Every move of `(a, b)` to a normal-play P-position, as the position after the move.
pub fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    let pb = partner(b);
    if pb < a {
        out.push((pb, b));
    }
    let pa = partner(a);
    if pa < b {
        out.push((a, pa));
    }
    let (lo, k) = (a.min(b), a.abs_diff(b));
    let lk = lower(k);
    if lk < lo {
        let d = lo - lk;
        out.push((a - d, b - d));
    }
    out
}

/// True when the player to move wins under misère play (whoever takes the last token loses).
pub fn misere_first_wins(a: u64, b: u64) -> bool {
    let (lo, hi) = (a.min(b), a.max(b));
    let p = matches!((lo, hi), (0, 1) | (2, 2)) || (hi - lo >= 2 && lower(hi - lo) == lo);
    !p
}

/// True when `(a, b)` is a misère P-position.
pub fn is_misere_p_position(a: u64, b: u64) -> bool {
    !misere_first_wins(a, b)
}

/// True when `(x, y)` is one move from `(a, b)`: lower one heap, or both by the same amount.
pub fn is_move(a: u64, b: u64, x: u64, y: u64) -> bool {
    (x < a && y == b) || (x == a && y < b) || (x < a && y < b && a - x == b - y)
}

/// Every move of `(a, b)` to a misère P-position, as the position after the move. The misère P-positions differ
/// from the normal ones only below difference 2 (see the module docs): drop the normal targets `(0,0)`, `(1,2)`,
/// `(2,1)` and add `(0,1)`, `(1,0)`, `(2,2)` where they are one move away. At most a handful of moves, exact.
pub fn misere_winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    let mut out: Vec<(u64, u64)> = winning_moves(a, b)
        .into_iter()
        .filter(|&(x, y)| x.abs_diff(y) >= 2)
        .collect();
    for t in [(0, 1), (1, 0), (2, 2)] {
        if is_move(a, b, t.0, t.1) {
            out.push(t);
        }
    }
    out
}

/// The largest heap of a Wythoff position in a misère sum (searched exactly; one position has `O(heap)` options).
pub const MISERE_SEARCH_MAX_HEAP: u64 = 10_000;

fn parse_pairs(args: &[String]) -> Result<Vec<(u64, u64)>> {
    if args.is_empty() || args.len() & 1 == 1 {
        return Err(Error::input(
            "wythoff: give the two heaps of each position, e.g. wythoff 3 5",
        ));
    }
    let mut pairs = Vec::new();
    for pair in args.chunks(2) {
        let a = crate::error::parse_bounded(&pair[0], "wythoff: heap", MAX_HEAP)?;
        let b = crate::error::parse_bounded(&pair[1], "wythoff: heap", MAX_HEAP)?;
        pairs.push((a, b));
    }
    Ok(pairs)
}

/// Nim-values `G(a, b)` for `a, b < n`, by the mex rule.
pub struct ValueTable {
    n: usize,
    g: Vec<u32>,
}

impl ValueTable {
    /// The table of `G(a, b)` for `a, b < n`, by the mex over each cell's row, column and diagonal; values stay below
    /// `3n`.
    pub fn new(n: usize) -> Self {
        // Bit sets of the values already in each row, column and diagonal: the options of (a, b) are exactly the
        // earlier cells of its row, column and diagonal, so the mex is the first zero bit of their union. A
        // position has at most 3n options, so values stay below 3n.
        let words = (3 * n) / 64 + 1;
        let mut row = vec![0u64; n * words];
        let mut col = vec![0u64; n * words];
        let mut diag = vec![0u64; 2 * n * words];
        let mut g = vec![0u32; n * n];
        for a in 0..n {
            for b in 0..n {
                let (r, c, d) = (a * words, b * words, (a + n - b) * words);
                let mut m = 0;
                for w in 0..words {
                    let used = row[r + w] | col[c + w] | diag[d + w];
                    if used != u64::MAX {
                        m = w * 64 + (!used).trailing_zeros() as usize;
                        break;
                    }
                }
                g[a * n + b] = m as u32;
                let (w, bit) = (m / 64, 1u64 << (m % 64));
                row[r + w] |= bit;
                col[c + w] |= bit;
                diag[d + w] |= bit;
            }
        }
        ValueTable { n, g }
    }
    /// The side `n` of the table: it holds `G(a, b)` for `a, b < n`.
    pub fn size(&self) -> usize {
        self.n
    }
    /// `G(a, b)`, or `None` outside the table.
    pub fn get(&self, a: u64, b: u64) -> Option<Nimber> {
        let n = self.n as u64;
        (a < n && b < n).then(|| self.g[(a * n + b) as usize] as Nimber)
    }
}

/// The size of the nim-value table used by the catalog family.
pub const TABLE: usize = 2048;

/// The catalog family `wythoff`: positions are pairs of heaps, `grundy value wythoff 3 5`. The nim-value table is
/// built only as large as the positions need (at most [`TABLE`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Wythoff;

fn describe(a: u64, b: u64, to: (u64, u64)) -> String {
    if to.0 < a && to.1 < b {
        format!(
            "take {} from both heaps, leaving {} {}",
            a - to.0,
            to.0,
            to.1
        )
    } else if to.0 < a {
        format!(
            "take {} from the first heap, leaving {} {}",
            a - to.0,
            to.0,
            to.1
        )
    } else {
        format!(
            "take {} from the second heap, leaving {} {}",
            b - to.1,
            to.0,
            to.1
        )
    }
}

/// What the misère search bound measures, as its message names it.
const MISERE_WHAT: &str = "heaps (in a sum; a position alone is answered by rule for any heaps)";

/// Wythoff's game as a [`Game`]: its rules, its text syntax (`A B [A B]...`) and its closed forms, stated once.
///
/// A position is a pair of heaps `(a, b)`, each at most [`MAX_HEAP`] ([`Game::validate`]). What it knows without
/// search:
/// - [`ClosedForm::outcome`]: under normal play by the P-positions `(a_k, b_k)` (any heaps up to [`MAX_HEAP`]), under
///   misère play by the misère rule (see the module docs);
/// - [`ClosedForm::winning_options`]: every move to a P-position, under either play ([`winning_moves`],
///   [`misere_winning_moves`]);
/// - [`ClosedForm::nim_value`]: 0 for a P-position of any size, else from the [`ValueTable`] for heaps below [`TABLE`]
///   (`None` past it: no closed form is known, so such an N-position is answered alone by its outcome and winning
///   moves, and `grundy value` refuses it in a sum);
/// - [`ClosedForm::options_with_value`]: the winning moves for the value 0 at any size, and the table's options for
///   other values.
///
/// The table is built on first use, only as large as the positions asked about need: it is rebuilt when a
/// larger position is asked, to the larger of that position's need and twice the old side (never past
/// [`TABLE`]), so a run of growing positions costs at most a constant factor over one table of the final side.
/// [`Game::check_searchable`] refuses heaps above [`MISERE_SEARCH_MAX_HEAP`] for a search (a position has up to
/// `3·heap` options).
#[derive(Clone)]
pub struct WythoffGame {
    table: RefCell<Rc<ValueTable>>,
}

impl std::fmt::Debug for WythoffGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WythoffGame")
            .field("tabled", &self.tabled())
            .finish()
    }
}

impl Default for WythoffGame {
    fn default() -> Self {
        Self::new()
    }
}

impl WythoffGame {
    /// The game, with no nim-value tabled yet.
    pub fn new() -> Self {
        WythoffGame {
            table: RefCell::new(Rc::new(ValueTable::new(0))),
        }
    }

    /// The side of the nim-value table built so far: `G(a, b)` is tabled for `a, b` below it.
    pub fn tabled(&self) -> usize {
        self.table.borrow().size()
    }

    /// The table, grown to hold heaps below `need` (`need ≤ TABLE`).
    fn table_for(&self, need: usize) -> Rc<ValueTable> {
        let current = self.table.borrow().clone();
        if current.size() >= need {
            return current;
        }
        let side = need.max(current.size() * 2).min(TABLE);
        let table = Rc::new(ValueTable::new(side));
        *self.table.borrow_mut() = table.clone();
        table
    }

    /// `G(a, b)` from the table, when both heaps are below [`TABLE`].
    fn tabled_value(&self, a: u64, b: u64) -> Option<Nimber> {
        let need = a.max(b).checked_add(1)?;
        if need > TABLE as u64 {
            return None;
        }
        self.table_for(need as usize).get(a, b)
    }
}

/// The positions after moves, each an option of one component.
fn one_each(moves: Vec<(u64, u64)>) -> Vec<Vec<(u64, u64)>> {
    moves.into_iter().map(|t| vec![t]).collect()
}

impl Game for WythoffGame {
    type Position = (u64, u64);
    fn name(&self) -> String {
        "wythoff".into()
    }
    fn options(&self, &(a, b): &(u64, u64), out: &mut Options<(u64, u64)>) -> crate::Result<()> {
        for c in 0..a {
            out.push_one((c, b));
        }
        for c in 0..b {
            out.push_one((a, c));
        }
        for d in 1..=a.min(b) {
            out.push_one((a - d, b - d));
        }
        Ok(())
    }
    fn validate(&self, &(a, b): &(u64, u64)) -> Result<()> {
        for h in [a, b] {
            if h > MAX_HEAP {
                return Err(Error::input(format!(
                    "wythoff: heap: {h} is too large (the largest allowed is {MAX_HEAP})"
                )));
            }
        }
        Ok(())
    }
    fn check_searchable(&self, &(a, b): &(u64, u64), _limits: &crate::Limits) -> Result<()> {
        if a.max(b) > MISERE_SEARCH_MAX_HEAP {
            return Err(crate::games::too_large_to_search(
                "wythoff",
                MISERE_WHAT,
                MISERE_SEARCH_MAX_HEAP,
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

impl Notation<(u64, u64)> for WythoffGame {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<(u64, u64)>>> {
        Some(parse_pairs(words))
    }
    fn position_syntax(&self) -> &'static str {
        "A B [A B]..."
    }
    fn show(&self, &(a, b): &(u64, u64)) -> String {
        format!("{a} {b}")
    }
    fn describe_move(&self, &(a, b): &(u64, u64), to: &[(u64, u64)]) -> String {
        match to {
            [t] => describe(a, b, *t),
            _ => format!("move to {}", self.show_sum(to)),
        }
    }
}

impl Tabular<(u64, u64)> for WythoffGame {
    fn parameters(&self) -> usize {
        2
    }
    fn position_at(&self, params: &[u64]) -> Option<(u64, u64)> {
        match params {
            [a, b] => Some((*a, *b)),
            _ => None,
        }
    }
}

impl ClosedForm<(u64, u64)> for WythoffGame {
    fn nim_value(&self, &(a, b): &(u64, u64), _cx: &Context) -> Option<Nimber> {
        if a.max(b) > MAX_HEAP {
            return None;
        }
        if is_p_position(a, b) {
            return Some(0);
        }
        self.tabled_value(a, b)
    }

    fn outcome(&self, &(a, b): &(u64, u64), play: Play, _cx: &Context) -> Option<Outcome> {
        if a.max(b) > MAX_HEAP {
            return None;
        }
        let p = match play {
            Play::Normal => is_p_position(a, b),
            Play::Misere => is_misere_p_position(a, b),
        };
        Some(if p { Outcome::P } else { Outcome::N })
    }

    fn options_with_value(
        &self,
        &(a, b): &(u64, u64),
        target: Nimber,
        _cx: &Context,
    ) -> Option<Vec<Vec<(u64, u64)>>> {
        let top = a.max(b);
        if top > MAX_HEAP {
            return None;
        }
        if target == 0 {
            return Some(one_each(winning_moves(a, b)));
        }
        if top >= TABLE as u64 {
            return None;
        }
        let table = self.table_for(top as usize + 1);
        let mut options = Options::new();
        self.options(&(a, b), &mut options).ok()?;
        Some(
            options
                .iter()
                .filter(|o| table.get(o[0].0, o[0].1) == Some(target))
                .map(<[(u64, u64)]>::to_vec)
                .collect(),
        )
    }

    fn winning_options(
        &self,
        &(a, b): &(u64, u64),
        play: Play,
        _cx: &Context,
    ) -> Option<Vec<Vec<(u64, u64)>>> {
        if a.max(b) > MAX_HEAP {
            return None;
        }
        Some(one_each(match play {
            Play::Normal => winning_moves(a, b),
            Play::Misere => misere_winning_moves(a, b),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Normal-play outcome by exhaustive search: `win[a][b]`.
    fn brute(n: usize, misere: bool) -> Vec<Vec<bool>> {
        let mut w = vec![vec![false; n]; n];
        for a in 0..n {
            for b in 0..n {
                if a == 0 && b == 0 {
                    w[a][b] = misere;
                    continue;
                }
                w[a][b] = (0..a).any(|c| !w[c][b])
                    || (0..b).any(|c| !w[a][c])
                    || (1..=a.min(b)).any(|d| !w[a - d][b - d]);
            }
        }
        w
    }

    #[test]
    fn p_positions_and_misere_match_exhaustive_search() {
        let n = 120;
        let normal = brute(n, false);
        let misere = brute(n, true);
        for a in 0..n {
            for b in 0..n {
                assert_eq!(
                    is_p_position(a as u64, b as u64),
                    !normal[a][b],
                    "({a},{b})"
                );
                assert_eq!(
                    misere_first_wins(a as u64, b as u64),
                    misere[a][b],
                    "misère ({a},{b})"
                );
                let moves = winning_moves(a as u64, b as u64);
                // Every listed move is a legal move to a P-position, and an N-position has at least one.
                for &(x, y) in &moves {
                    let (x, y) = (x as usize, y as usize);
                    assert!(!normal[x][y]);
                    assert!((x < a && y == b) || (x == a && y < b) || (a - x == b - y && x < a));
                }
                assert_eq!(moves.is_empty(), !normal[a][b]);
                // Misère: exactly the moves to misère P-positions of the exhaustive search.
                let (au, bu) = (a as u64, b as u64);
                let mut want: Vec<(u64, u64)> = (0..au)
                    .map(|c| (c, bu))
                    .chain((0..bu).map(|c| (au, c)))
                    .chain((1..=au.min(bu)).map(|d| (au - d, bu - d)))
                    .filter(|&(x, y)| !misere[x as usize][y as usize])
                    .collect();
                let mut got = misere_winning_moves(au, bu);
                want.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, want, "misère moves of ({a},{b})");
            }
        }
    }

    #[test]
    fn table_matches_oeis_a317205() {
        let text = include_str!("../../../../tests/data/wythoff-triangle.A317205.txt");
        let vals: Vec<u64> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.trim().parse().unwrap())
            .collect();
        assert_eq!(vals.len(), 78);
        let t = ValueTable::new(20);
        let mut i = 0;
        for n in 0.. {
            for m in 0..=n {
                if i == vals.len() {
                    return;
                }
                assert_eq!(t.get(n, m), Some(vals[i]), "G({n},{m})");
                i += 1;
            }
        }
    }

    #[test]
    fn table_is_the_mex_rule() {
        let n = 60;
        let t = ValueTable::new(n);
        let mut g = vec![vec![0u64; n]; n];
        for a in 0..n {
            for b in 0..n {
                let mut opts: Vec<u64> = (0..a).map(|c| g[c][b]).collect();
                opts.extend((0..b).map(|c| g[a][c]));
                opts.extend((1..=a.min(b)).map(|d| g[a - d][b - d]));
                g[a][b] = crate::nimber::mex(opts);
                assert_eq!(t.get(a as u64, b as u64), Some(g[a][b]), "G({a},{b})");
            }
        }
        assert_eq!(t.get(60, 0), None);
    }

    #[test]
    fn first_pairs_and_large_heaps() {
        let pairs: Vec<(u64, u64)> = (0..6).map(|k| (lower(k), upper(k))).collect();
        assert_eq!(pairs, [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]);
        // ⌊10^18·φ⌋ = 1618033988749894848 (φ = 1.6180339887498948482045…).
        assert_eq!(lower(MAX_HEAP), 1_618_033_988_749_894_848);
        assert_eq!(isqrt(u128::MAX), u64::MAX as u128);
        assert_eq!(isqrt(99), 9);
        assert_eq!(isqrt(100), 10);
    }

    proptest! {
        #[test]
        fn partner_is_the_p_pair(k in 0u64..=MAX_HEAP / 2) {
            prop_assert_eq!(partner(lower(k)), upper(k));
            prop_assert_eq!(partner(upper(k)), lower(k));
            prop_assert!(is_p_position(lower(k), upper(k)));
        }

        #[test]
        fn winning_moves_reach_p_positions(a in 0u64..MAX_HEAP, b in 0u64..MAX_HEAP) {
            let moves = winning_moves(a, b);
            prop_assert_eq!(moves.is_empty(), is_p_position(a, b));
            for (x, y) in moves {
                prop_assert!(is_p_position(x, y));
                prop_assert!((x < a && y == b) || (x == a && y < b) || (a - x == b - y && x < a));
            }
        }

        #[test]
        fn misere_winning_moves_reach_misere_p_positions(a in 0u64..MAX_HEAP, b in 0u64..MAX_HEAP) {
            let moves = misere_winning_moves(a, b);
            prop_assert_eq!(moves.is_empty(), is_misere_p_position(a, b) || (a, b) == (0, 0));
            for (x, y) in moves {
                prop_assert!(is_misere_p_position(x, y));
                prop_assert!(is_move(a, b, x, y));
            }
        }

        #[test]
        fn isqrt_is_exact(n in any::<u128>()) {
            let r = isqrt(n);
            prop_assert!(r * r <= n);
            if let Some(s) = (r + 1).checked_mul(r + 1) {
                prop_assert!(s > n);
            }
        }
    }
}

#[cfg(test)]
mod table_tests {
    use super::*;
    use crate::games::lookup;

    #[test]
    fn positions_named_by_two_numbers() {
        let cells: Vec<Vec<u64>> = (0..4)
            .flat_map(|a| (0..4).map(move |b| vec![a, b]))
            .collect();
        let values = lookup("wythoff")
            .unwrap()
            .values_at(&cells, &crate::context::Context::default(), &mut |_| {})
            .unwrap();
        // Wythoff's nim-values G(a, b) for a, b < 4 (OEIS A004481): rows 0 1 2 3 / 1 2 0 4 / 2 0 1 5 / 3 4 5 6.
        let want = [[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5], [3, 4, 5, 6]];
        for a in 0..4u64 {
            for b in 0..4u64 {
                assert_eq!(WythoffGame::new().position_at(&[a, b]), Some((a, b)));
                assert_eq!(
                    values[(a * 4 + b) as usize],
                    Some(want[a as usize][b as usize]),
                    "G({a},{b})"
                );
            }
        }
        assert_eq!(WythoffGame::new().position_at(&[1]), None);
    }
}
