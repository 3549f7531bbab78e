//! The cutting game on grid paper (POJ 2311): a move cuts one piece of `W × H` grid paper along a grid line into
//! two pieces; whoever cuts out a `1 × 1` piece wins.
//!
//! **Reduction.** A piece with a side 1 (and area ≥ 2) lets the player to move cut out a `1 × 1` at once, so a
//! player who leaves such a piece loses; the game is thus the normal-play game on pieces with both sides ≥ 2
//! where a cut must leave both parts with both sides ≥ 2 (cut a `W`-wide piece at `2 ≤ i ≤ W − 2`). A player
//! with no such cut must leave a side-1 piece, and loses. Pieces are independent, so by the Sprague–Grundy
//! theorem `G(W, H) = mex{ G(i, H) ⊕ G(W − i, H), G(W, j) ⊕ G(W, H − j) }`. The tests prove the reduction
//! against exhaustive search of the game as stated (win by cutting out a `1 × 1`), for several pieces at once.
//!
//! **Cost.** [`CuttingTable::new`] fills the table of `G(w, h)` for `2 ≤ w ≤ W`, `2 ≤ h ≤ H` in `O(W·H·(W+H))`.

use crate::context::Context;
use crate::error::{Error, Result};
use crate::game::ClosedForm;
use crate::game::{Game, Notation, Options, Tabular};
use crate::nimber::Nimber;
use std::cell::RefCell;
use std::rc::Rc;

/// Nim-values `G(w, h)` of pieces with `2 ≤ w ≤ max_w`, `2 ≤ h ≤ max_h` (entries with a side below 2 are 0 and
/// meaningless).
#[derive(Debug, Clone)]
pub struct CuttingTable {
    max_w: usize,
    max_h: usize,
    g: Vec<u32>,
}

impl CuttingTable {
    /// Fills the table of `G(w, h)` for every piece up to `max_w × max_h`, in `O(W·H·(W+H))` time.
    pub fn new(max_w: usize, max_h: usize) -> Self {
        let stride = max_h + 1;
        let mut g = vec![0u32; (max_w + 1) * stride];
        // The mex of `d` options is at most `d`: a stamp array of `max_w + max_h` entries, one stamp per cell.
        let mut seen = vec![u32::MAX; max_w / 2 + max_h / 2 + 2];
        let mut cell = 0u32;
        for w in 2..=max_w {
            for h in 2..=max_h {
                cell += 1;
                let mut mark = |v: u32| {
                    if let Some(s) = seen.get_mut(v as usize) {
                        *s = cell;
                    }
                };
                for i in 2..=w / 2 {
                    mark(g[i * stride + h] ^ g[(w - i) * stride + h]);
                }
                for j in 2..=h / 2 {
                    mark(g[w * stride + j] ^ g[w * stride + h - j]);
                }
                let mut m = 0;
                while seen[m] == cell {
                    m += 1;
                }
                g[w * stride + h] = m as u32;
            }
        }
        CuttingTable { max_w, max_h, g }
    }

    /// `G(w, h)` for `2 ≤ w ≤ max_w`, `2 ≤ h ≤ max_h`.
    #[inline]
    pub fn get(&self, w: usize, h: usize) -> Option<Nimber> {
        (2..=self.max_w)
            .contains(&w)
            .then_some(())
            .filter(|_| (2..=self.max_h).contains(&h))
            .map(|_| self.g[w * (self.max_h + 1) + h] as Nimber)
    }
}

/// The largest side `grundy value cutting` accepts (the table costs `O(n³)`).
pub const MAX_SIDE: u64 = 400;

/// The catalog family `cutting`: `grundy value cutting 4x5 [2x3]...`.
pub struct Cutting;

fn parse_piece(arg: &str) -> Result<(usize, usize)> {
    let (w, h) = arg.split_once(['x', 'X']).ok_or_else(|| {
        Error::input(format!(
            "cutting: expected a piece WxH, e.g. 4x5, found '{arg}'"
        ))
    })?;
    let w = crate::error::parse_bounded(w, "cutting: width", MAX_SIDE)? as usize;
    let h = crate::error::parse_bounded(h, "cutting: height", MAX_SIDE)? as usize;
    if w < 2 || h < 2 {
        return Err(Error::input(format!(
            "cutting {w}x{h}: a piece with a side below 2 is not a game position (the player to move cuts out a 1x1 at once)"
        )));
    }
    Ok((w, h))
}

/// The pieces of `cutting WxH...`.
fn parse_pieces(args: &[String]) -> Result<Vec<(u64, u64)>> {
    if args.is_empty() {
        return Err(Error::input("cutting: give a piece, e.g. cutting 4x5"));
    }
    args.iter()
        .map(|a| parse_piece(a).map(|(w, h)| (w as u64, h as u64)))
        .collect()
}

/// The cutting game as a [`Game`]: its rules (reduced to pieces with both sides at least 2, see the module docs),
/// text syntax (`WxH...`, one piece per word) and closed form, stated once.
///
/// A position is one piece `(w, h)` with `2 ≤ w, h ≤` [`MAX_SIDE`] ([`Game::validate`]); a cut leaves two such
/// pieces, an option of two components. Under misère play of this reduced game the player who makes the last such
/// cut loses (the opponent, with no cut left, wins). [`ClosedForm::nim_value`] reads a [`CuttingTable`], built on first
/// use only as large as the pieces asked about need: it is rebuilt square when a larger piece is asked, to the
/// larger of that piece's longer side and twice the old side (never past [`MAX_SIDE`]), so a run of growing pieces
/// costs at most a constant factor over one table of the final side.
#[derive(Clone)]
pub struct CuttingGame {
    table: RefCell<Rc<CuttingTable>>,
}

impl std::fmt::Debug for CuttingGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CuttingGame")
            .field("tabled", &self.tabled())
            .finish()
    }
}

impl Default for CuttingGame {
    fn default() -> Self {
        Self::new()
    }
}

impl CuttingGame {
    /// The game, with no nim-value tabled yet.
    pub fn new() -> Self {
        CuttingGame {
            table: RefCell::new(Rc::new(CuttingTable::new(1, 1))),
        }
    }

    /// The side of the square table of nim-values built so far: `G(w, h)` is tabled for `2 ≤ w, h ≤` it (below 2:
    /// nothing is tabled yet).
    pub fn tabled(&self) -> usize {
        self.table.borrow().max_w
    }

    /// The table, grown to hold pieces with sides up to `need` (`need ≤ MAX_SIDE`).
    fn table_for(&self, need: usize) -> Rc<CuttingTable> {
        let current = self.table.borrow().clone();
        if current.max_w >= need {
            return current;
        }
        let side = need.max(current.max_w * 2).min(MAX_SIDE as usize);
        let table = Rc::new(CuttingTable::new(side, side));
        *self.table.borrow_mut() = table.clone();
        table
    }
}

impl Game for CuttingGame {
    type Position = (u64, u64);
    fn name(&self) -> String {
        "cutting".into()
    }
    fn options(&self, &(w, h): &(u64, u64), out: &mut Options<(u64, u64)>) -> crate::Result<()> {
        for i in 2..=w / 2 {
            if w - i >= 2 {
                out.push([(i, h), (w - i, h)]);
            }
        }
        for j in 2..=h / 2 {
            if h - j >= 2 {
                out.push([(w, j), (w, h - j)]);
            }
        }
        Ok(())
    }
    fn validate(&self, &(w, h): &(u64, u64)) -> Result<()> {
        for (side, what) in [(w, "width"), (h, "height")] {
            if side > MAX_SIDE {
                return Err(Error::input(format!(
                    "cutting: {what}: {side} is too large (the largest allowed is {MAX_SIDE})"
                )));
            }
        }
        if w < 2 || h < 2 {
            return Err(Error::input(format!(
                "cutting {w}x{h}: a piece with a side below 2 is not a game position (the player to move cuts out a 1x1 at once)"
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
    fn table(&self) -> Option<&dyn Tabular<Self::Position>> {
        Some(self)
    }
}

impl Notation<(u64, u64)> for CuttingGame {
    fn parse(&self, words: &[String]) -> Option<Result<Vec<(u64, u64)>>> {
        Some(parse_pieces(words))
    }
    fn position_syntax(&self) -> &'static str {
        "WxH..."
    }
    fn show(&self, &(w, h): &(u64, u64)) -> String {
        format!("{w}x{h}")
    }
    fn describe_move(&self, &(w, _): &(u64, u64), to: &[(u64, u64)]) -> String {
        match to {
            [a, b] if a.0 + b.0 == w && a.1 == b.1 => format!(
                "cut across the width into {}x{} and {}x{}",
                a.0, a.1, b.0, b.1
            ),
            [a, b] => format!(
                "cut across the height into {}x{} and {}x{}",
                a.0, a.1, b.0, b.1
            ),
            _ => format!("move to {}", self.show_sum(to)),
        }
    }
}

impl Tabular<(u64, u64)> for CuttingGame {
    fn parameters(&self) -> usize {
        2
    }
    /// The piece `w × h`; pieces with a side below 2 are not positions of the reduced game (see the module docs).
    fn position_at(&self, params: &[u64]) -> Option<(u64, u64)> {
        match params {
            [w, h] if *w >= 2 && *h >= 2 => Some((*w, *h)),
            _ => None,
        }
    }
}

impl ClosedForm<(u64, u64)> for CuttingGame {
    fn nim_value(&self, &(w, h): &(u64, u64), _cx: &Context) -> Option<Nimber> {
        if w.max(h) > MAX_SIDE {
            return None;
        }
        let (w, h) = (w as usize, h as usize);
        self.table_for(w.max(h)).get(w, h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The game as stated: pieces (w ≤ h), a cut that produces a 1×1 wins at once; no cut left loses.
    fn wins(pieces: Vec<(u8, u8)>, memo: &mut HashMap<Vec<(u8, u8)>, bool>) -> bool {
        if let Some(&w) = memo.get(&pieces) {
            return w;
        }
        let mut result = false;
        'outer: for (k, &(w, h)) in pieces.iter().enumerate() {
            for (side, other, horizontal) in [(w, h, true), (h, w, false)] {
                for i in 1..side {
                    let (p, q) = if horizontal {
                        ((i, other), (side - i, other))
                    } else {
                        ((other, i), (other, side - i))
                    };
                    if p == (1, 1) || q == (1, 1) {
                        result = true;
                        break 'outer;
                    }
                    let mut next = pieces.clone();
                    next.swap_remove(k);
                    for (a, b) in [p, q] {
                        next.push((a.min(b), a.max(b)));
                    }
                    next.sort_unstable();
                    if !wins(next, memo) {
                        result = true;
                        break 'outer;
                    }
                }
            }
        }
        memo.insert(pieces, result);
        result
    }

    #[test]
    fn reduction_matches_the_game_as_stated() {
        let t = CuttingTable::new(7, 7);
        let mut memo = HashMap::new();
        for w in 2..=6u8 {
            for h in w..=6u8 {
                let v = t.get(w as usize, h as usize).unwrap();
                assert_eq!(t.get(h as usize, w as usize), Some(v));
                assert_eq!(wins(vec![(w, h)], &mut memo), v != 0, "{w}x{h}");
            }
        }
        // Sums of two pieces: a P-position exactly when the nim-values are equal.
        for (a, b) in [
            ((2u8, 3u8), (2u8, 4u8)),
            ((3, 3), (2, 4)),
            ((2, 4), (2, 5)),
            ((3, 4), (2, 6)),
            ((2, 2), (3, 5)),
        ] {
            let mut p = vec![a, b];
            p.sort_unstable();
            let va = t.get(a.0 as usize, a.1 as usize).unwrap();
            let vb = t.get(b.0 as usize, b.1 as usize).unwrap();
            assert_eq!(wins(p, &mut memo), va != vb, "{a:?} + {b:?}");
        }
        // POJ 2311 sample: 2x2 LOSE, 3x2 LOSE, 4x2 WIN.
        assert_eq!(t.get(2, 2), Some(0));
        assert_eq!(t.get(3, 2), Some(0));
        assert_ne!(t.get(4, 2), Some(0));
    }
}

#[cfg(test)]
mod table_tests {
    use super::*;
    use crate::games::lookup;

    #[test]
    fn positions_named_by_two_numbers() {
        let cells: Vec<Vec<u64>> = [
            [1, 1],
            [1, 2],
            [2, 1],
            [2, 2],
            [2, 3],
            [2, 4],
            [0, 5],
            [3, 2],
            [3, 3],
        ]
        .into_iter()
        .map(|c| c.to_vec())
        .collect();
        let values = lookup("cutting")
            .unwrap()
            .values_at(&cells, &crate::context::Context::default(), &mut |_| {})
            .unwrap();
        // POJ 2311: 2x2 and 2x3 lose (value 0), 2x4 wins; pieces with a side 1 are no position.
        assert_eq!(
            values,
            [
                None,
                None,
                None,
                Some(0),
                Some(0),
                Some(1),
                None,
                Some(0),
                Some(0)
            ]
        );
        assert_eq!(CuttingGame::new().position_at(&[4, 5]), Some((4, 5)));
    }
}
