//! Heap positions as components of sums, valued from a nim-value table computed once per game.
//!
//! Heaps beyond what a table can hold are valued from a *certified* period (see [`super::period`]): for a code the
//! Guy–Smith theorem covers, the sequence is computed (by the fast engine where it applies) until its period is
//! certified, and `G(n) = G(e + (n − e) mod p)` for every larger heap. A period that is only observed is never
//! used.
//!
//! **Winning moves of huge heaps, in families.** A heap above [`HeapTable::families_from`] (by default
//! [`PERIOD_FROM`], where values already come from the period) whose code has a certified period `p` from
//! preperiod `e` (saltus 0) has its moves to a nim-value `target` listed compactly ([`HeapTable::winning_options`]):
//!
//! - every move that leaves no heap or one heap (at most `t + 1` of them, `t` the most tokens removed) and every
//!   split `a + b` with `a < max(e, 1)` is listed one by one;
//! - the splits with `a ≥ e' = max(e, 1)` come in families: removing `j` tokens and splitting the rest `r = n − j`
//!   into `a ≤ b = r − a`, for `e' ≤ a ≤ ⌊r/2⌋`, the members `a = e' + c, e' + c + p, …` of one residue class `c`
//!   (`0 ≤ c < p`) are all winning or all not.
//!
//! *Why.* Both heaps of such a split are at least `e`, since `b ≥ a ≥ e' ≥ e`. The certificate gives
//! `G(x + p) = G(x)` for every `x ≥ e`, so `G(a + p) = G(a)`, and `b` changes by `−p` when `a` grows by `p`, so
//! `G(b − p) = G(b)` as `b − p ≥ a + p ≥ e`. Hence `G(a) ⊕ G(b)` is the same for every member of a class, and the
//! class is winning exactly when its first member is. The certified theorem (see [`super::period`]) only covers
//! codes whose two-heap moves have no constraint, so every split `a + b` with `1 ≤ a ≤ b` is a move: nothing is
//! excluded from a family. Listed moves and families are disjoint and together are every move to `target`.
//!
//! *Cost.* `O((t + 1)(e + p))` nim-value look-ups, each O(1) from the certified values, whatever the heap: a Kayles
//! heap of 10^12 needs about 3·(71 + 12) instead of 10^12 option evaluations.

use super::period::{self, Periodicity};
use super::{Engine, HeapRules};
use crate::error::{Error, Result};
use crate::nimber::Nimber;
use crate::sum::{Component, Move, MoveFamily};
use std::cell::RefCell;
use std::rc::Rc;

/// The most options of one heap that are listed when looking for winning moves.
pub const MAX_LISTED_OPTIONS: u64 = 50_000_000;

/// A heap game with its nim-value table, extended on demand.
pub struct HeapTable {
    rules: Box<dyn HeapRules>,
    values: Vec<Nimber>,
    /// A certified period, once looked for (`Some(None)`: looked for, none certified).
    period: Option<Option<Periodicity>>,
    /// The values that certify [`HeapTable::period`] (heaps `0 … values_computed − 1`).
    period_values: Vec<Nimber>,
    /// Heaps above this list their winning moves in families when a period is certified.
    families_from: u64,
}

/// Heaps above this are valued from a certified period when the game has one (tables stay small).
pub const PERIOD_FROM: u64 = 1 << 20;

impl HeapTable {
    pub fn new(rules: Box<dyn HeapRules>) -> Self {
        HeapTable {
            rules,
            values: Vec::new(),
            period: None,
            period_values: Vec::new(),
            families_from: PERIOD_FROM,
        }
    }

    /// Heaps above this list their winning moves in families ([`HeapTable::winning_options`]) when the game has a
    /// certified period; smaller heaps list every move. The default is [`PERIOD_FROM`].
    pub fn families_from(&self) -> u64 {
        self.families_from
    }

    /// Sets [`HeapTable::families_from`] (tests lower it to compare families with explicit lists).
    pub fn set_families_from(&mut self, heap: u64) {
        self.families_from = heap;
    }

    pub fn rules(&self) -> &dyn HeapRules {
        &*self.rules
    }

    /// The nim-value of a heap of `n`: from the game's closed form when it has one, else from the table.
    pub fn value(&mut self, n: u64) -> Result<Nimber> {
        if n == 0 {
            return Ok(0);
        }
        if let Some(v) = self.rules.closed_form(n) {
            return Ok(v);
        }
        if n > PERIOD_FROM && n as usize >= self.values.len() {
            if let Some(v) = self.periodic_value(n)? {
                return Ok(v);
            }
        }
        if n as usize >= self.values.len() {
            // Grow geometrically, so that many small queries cost one computation; fall back to exactly `n` when
            // the larger table would pass a limit.
            let want = n.max(self.values.len() as u64 * 2).max(64);
            self.values = match self.rules.sequence(want, &mut |_| {}) {
                Ok(v) => v,
                Err(_) if want > n => self.rules.sequence(n, &mut |_| {})?,
                Err(e) => return Err(e),
            };
        }
        Ok(self.values[n as usize])
    }

    /// The value of heap `n` from a certified period, looking for one the first time (`None`: the game has none
    /// certified within [`period::DEFAULT_LIMIT`] heaps).
    fn periodic_value(&mut self, n: u64) -> Result<Option<Nimber>> {
        self.certified_period()?;
        Ok(match &self.period {
            Some(Some(p)) => p.value(&self.period_values, n),
            _ => None,
        })
    }

    /// The game's certified period (saltus 0), looked for the first time this is asked (`None`: the game's code
    /// is not covered by the theorem of [`super::period`], or no period is certified within
    /// [`period::DEFAULT_LIMIT`] heaps).
    pub fn certified_period(&mut self) -> Result<Option<&Periodicity>> {
        if self.period.is_none() {
            let certifiable = self.rules.code().is_some_and(period::certifiable);
            self.period = Some(None);
            if certifiable {
                let a = period::analyse(
                    &*self.rules,
                    period::DEFAULT_LIMIT,
                    Engine::Auto,
                    1,
                    &mut |_, _| {},
                )?;
                if let Some(p) = a.periodicity.filter(|p| p.certified && p.saltus == 0) {
                    self.period_values = a.values;
                    self.period = Some(Some(p));
                }
            }
        }
        Ok(self.period.as_ref().and_then(Option::as_ref))
    }

    /// Every move of a heap of `n` to a nim-value `target`: options listed one by one, and families of splits.
    ///
    /// Heaps up to [`HeapTable::families_from`], and games without a certified period, list every move (as
    /// [`HeapTable::options_with_value`]) and no family. Larger heaps of a game with a certified period use the
    /// families of the module docs, whatever their size.
    pub fn winning_options(
        &mut self,
        n: u64,
        target: Nimber,
    ) -> Result<(Vec<Vec<u64>>, Vec<MoveFamily>)> {
        if let Some(found) = self.rules.options_with_value(n, target) {
            return Ok((found, Vec::new()));
        }
        let huge = n > self.families_from && n > 0 && self.rules.code().is_some();
        if huge {
            self.certified_period()?;
        }
        let (true, Some(code), Some(Some(p))) = (huge, self.rules.code(), &self.period) else {
            return Ok((self.options_with_value(n, target)?, Vec::new()));
        };
        let values = &self.period_values;
        let g = |x: u64| {
            p.value(values, x).ok_or_else(|| {
                Error::limit(format!(
                    "{}: no certified value for heap {x}",
                    self.rules.name()
                ))
            })
        };
        let t = code.max_removed().unwrap_or(0).min(n);
        let e1 = p.preperiod.max(1);
        let mut listed = Vec::new();
        let mut families = Vec::new();
        for j in 0..=t {
            let d = code.digit(j);
            let r = n - j;
            if d.allows(0) && r == 0 && target == 0 {
                listed.push(Vec::new());
            }
            if j > 0 && r >= 1 && d.allows(1) && g(r)? == target {
                listed.push(vec![r]);
            }
            if r < 2 || !d.allows(2) {
                continue;
            }
            if d.constraint(2) != Some(super::Constraint::Any) {
                return Err(Error::unsupported(format!(
                    "{}: the moves of a huge heap are listed in families only for splits with no constraint",
                    self.rules.name()
                )));
            }
            let half = r / 2;
            for a in 1..e1.min(half + 1) {
                if g(a)? ^ g(r - a)? == target {
                    listed.push(vec![a, r - a]);
                }
            }
            for c in 0..p.period {
                let a = e1 + c;
                if a > half {
                    break;
                }
                if g(a)? ^ g(r - a)? == target {
                    families.extend(MoveFamily::new(n, j, a, p.period, half, target));
                }
            }
        }
        Ok((listed, families))
    }

    /// The options of a heap of `n` whose nim-value is `target`.
    pub fn options_with_value(&mut self, n: u64, target: Nimber) -> Result<Vec<Vec<u64>>> {
        if let Some(found) = self.rules.options_with_value(n, target) {
            return Ok(found);
        }
        if n > MAX_LISTED_OPTIONS {
            return Err(Error::limit(format!(
                "{}: listing the moves from a heap of {n} would enumerate too many options (limit: heaps up to {MAX_LISTED_OPTIONS})",
                self.rules.name()
            )));
        }
        self.value(n)?;
        let mut opts: Vec<Vec<u64>> = Vec::new();
        self.rules
            .for_each_option(n, &mut |h| opts.push(h.to_vec()));
        let mut out = Vec::new();
        for o in opts {
            let mut v = 0;
            for &h in &o {
                v ^= self.value(h)?;
            }
            if v == target {
                out.push(o);
            }
        }
        Ok(out)
    }
}

/// One heap of a heap game, as a component of a sum.
pub struct HeapComponent {
    table: Rc<RefCell<HeapTable>>,
    heap: u64,
}

impl HeapComponent {
    pub fn new(table: Rc<RefCell<HeapTable>>, heap: u64) -> Self {
        HeapComponent { table, heap }
    }
}

impl Component for HeapComponent {
    fn game(&self) -> String {
        self.table.borrow().rules.name()
    }
    fn position(&self) -> String {
        self.heap.to_string()
    }
    fn nim_value(&mut self) -> Result<Nimber> {
        self.table.borrow_mut().value(self.heap)
    }
    fn moves_to(&mut self, target: Nimber) -> Result<Vec<Move>> {
        let mut t = self.table.borrow_mut();
        let opts = t.options_with_value(self.heap, target)?;
        Ok(self.listed(&t, opts, target))
    }
    fn moves_and_families_to(&mut self, target: Nimber) -> Result<(Vec<Move>, Vec<MoveFamily>)> {
        let mut t = self.table.borrow_mut();
        let (opts, families) = t.winning_options(self.heap, target)?;
        Ok((self.listed(&t, opts, target), families))
    }
}

impl HeapComponent {
    fn listed(&self, t: &HeapTable, opts: Vec<Vec<u64>>, target: Nimber) -> Vec<Move> {
        opts.into_iter()
            .map(|h| Move {
                description: t.rules.describe_move(self.heap, &h),
                result: if h.is_empty() {
                    "0".to_string()
                } else {
                    h.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ")
                },
                value_after: target,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::plain::code_sequence;
    use crate::heap::{Code, TakeAndBreak};

    #[test]
    fn huge_heaps_from_a_certified_period() {
        // Kayles 0.77: certified preperiod 71 and period 12, so G(10^12) = G(71 + (10^12 − 71) mod 12).
        let mut t = HeapTable::new(Box::new(TakeAndBreak::parse("0.77").unwrap()));
        let v = code_sequence(&Code::parse("0.77").unwrap(), "0.77", 200, &mut |_| {}).unwrap();
        let n = 1_000_000_000_000u64;
        assert_eq!(t.value(n).unwrap(), v[(71 + (n - 71) % 12) as usize]);
        assert_eq!(
            t.value(n + 1).unwrap(),
            v[(71 + (n + 1 - 71) % 12) as usize]
        );
        assert_eq!(t.value(150).unwrap(), v[150]);
        // Grundy's game has no certified period: a huge heap is a limit error, not a guess.
        let mut g = HeapTable::new(Box::new(TakeAndBreak::parse("4!.0").unwrap()));
        assert!(g.value(1 << 40).is_err());
    }
}
