//! Heap positions as components of sums, valued from a nim-value table computed once per game.
//!
//! Heaps beyond what a table can hold are valued from a *certified* period (see [`super::period`]): for a code the
//! Guy–Smith theorem covers, the sequence is computed (by the fast engine where it applies) until its period is
//! certified, and `G(n) = G(e + (n − e) mod p)` for every larger heap. A period that is only observed is never
//! used.

use super::period::{self, Periodicity};
use super::{Engine, HeapRules};
use crate::error::{Error, Result};
use crate::nimber::Nimber;
use crate::sum::{Component, Move};
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
}

/// Heaps above this are valued from a certified period when the game has one (tables stay small).
pub const PERIOD_FROM: u64 = 1 << 20;

impl HeapTable {
    pub fn new(rules: Box<dyn HeapRules>) -> Self {
        HeapTable {
            rules,
            values: Vec::new(),
            period: None,
        }
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
        if self.period.is_none() {
            let certifiable = self.rules.code().is_some_and(period::certifiable);
            self.period = Some(None);
            if certifiable {
                let a = period::analyse(
                    &*self.rules,
                    period::DEFAULT_LIMIT,
                    Engine::Auto,
                    &mut |_, _| {},
                )?;
                if let Some(p) = a.periodicity.filter(|p| p.certified) {
                    self.values = a.values;
                    self.period = Some(Some(p));
                }
            }
        }
        Ok(match &self.period {
            Some(Some(p)) => p.value(&self.values, n),
            _ => None,
        })
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
        Ok(opts
            .into_iter()
            .map(|h| Move {
                description: t.rules.describe_move(self.heap, &h),
                result: if h.is_empty() {
                    "0".to_string()
                } else {
                    h.iter().map(u64::to_string).collect::<Vec<_>>().join(" + ")
                },
                value_after: target,
            })
            .collect())
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
