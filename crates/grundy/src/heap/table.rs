//! Heap positions as components of sums, valued from a nim-value table computed once per game.

use super::HeapRules;
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
}

impl HeapTable {
    pub fn new(rules: Box<dyn HeapRules>) -> Self {
        HeapTable {
            rules,
            values: Vec::new(),
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
