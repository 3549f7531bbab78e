//! Constrained Nim (`constrained:L,R`): take between `L` and `R` tokens (`1 ≤ L ≤ R`) from one heap (AtCoder
//! ABC297 G).
//!
//! **Closed form.** `G(x) = ⌊(x mod (L+R)) / L⌋`. *Argument*, by induction on `x`, with `r = x mod (L+R)`: the options
//! are the heaps `x−R..=x−L` that are ≥ 0, whose residues mod `L+R` form a window of consecutive residues ending at
//! `r−L`. When `r < L` that window is `r+L..=r+R` (mod `L+R`, nothing wraps), all residues `≥ L`, so no option has
//! value 0 and the mex is 0. When `r ≥ L` (so `x ≥ L`), the window covers the residues `r−L, r−L−1, …` down to `max(0,
//! r−R)` (any residues that wrap past 0 are `≥ r+L`, of larger value), and `r−R < L`, hence one residue of every block
//! `[jL, (j+1)L)` with `j < ⌊r/L⌋`, and none of block `⌊r/L⌋` itself, since every residue of the window is at most `r−L
//! < ⌊r/L⌋·L`; so the mex is `⌊r/L⌋`. (The ABC297 G editorial states the same formula.) The property test checks the
//! closed form against the definition by exhaustive search.
//!
//! Cost: `O(1)` per heap; `L + R` is at most `2·10^18`, so it fits `u64`.

use crate::context::Context;
use crate::game::ClosedForm;
use crate::game::HeapFacts;
use crate::game::Options;
use crate::heap::leave;
use crate::heap::HeapRules;
use crate::nimber::Nimber;

/// The most takes one heap's winning-move listing scans.
pub const MAX_SCANNED_TAKES: u64 = 10_000_000;
/// The largest `R` accepted.
pub const MAX_R: u64 = 1_000_000_000_000_000_000;

/// The rules: take `l..=r` tokens.
#[derive(Debug, Clone, Copy)]
pub struct ConstrainedNim {
    l: u64,
    r: u64,
}

impl ConstrainedNim {
    /// The game, when `1 ≤ l ≤ r ≤ MAX_R`.
    pub fn new(l: u64, r: u64) -> Option<Self> {
        (1 <= l && l <= r && r <= MAX_R).then_some(ConstrainedNim { l, r })
    }
    /// `⌊(x mod (L+R)) / L⌋`.
    #[inline]
    pub fn value(&self, x: u64) -> Nimber {
        (x % (self.l + self.r)) / self.l
    }
}

impl HeapRules for ConstrainedNim {
    fn name(&self) -> String {
        format!("constrained:{},{}", self.l, self.r)
    }
    fn options(&self, n: &u64, out: &mut Options<u64>) -> crate::Result<()> {
        let n = *n;
        if n < self.l {
            return Ok(());
        }
        for x in self.l..=self.r.min(n) {
            leave(out, n - x);
        }
        Ok(())
    }

    fn closed_form(&self) -> Option<&dyn ClosedForm<u64>> {
        Some(self)
    }
}

impl HeapFacts for ConstrainedNim {
    fn period(&self) -> Option<(u64, u64, u64)> {
        // ⌊(x mod (L+R)) / L⌋ depends on x mod (L+R) only: period L+R from heap 0. It is the smallest: a period
        // q < L would give G(L) = G(L − q) = 0, but G(L) = 1; a period L ≤ q < L+R would give G(q) = G(0) = 0, but
        // G(q) ≥ 1 there.
        Some((0, self.l + self.r, 0))
    }
    fn longest_move(&self) -> Option<u64> {
        Some(self.r)
    }
    fn splits(&self) -> Option<bool> {
        Some(false)
    }
}

impl ClosedForm<u64> for ConstrainedNim {
    fn nim_value(&self, n: &u64, _cx: &Context) -> Option<Nimber> {
        Some(self.value(*n))
    }

    fn options_with_value(&self, n: &u64, target: Nimber, _cx: &Context) -> Option<Vec<Vec<u64>>> {
        let n = *n;
        if n < self.l {
            return Some(vec![]);
        }
        let hi = self.r.min(n);
        if hi - self.l >= MAX_SCANNED_TAKES {
            return None;
        }
        let mut out = vec![];
        for x in self.l..=hi {
            let left = n - x;
            if self.value(left) == target {
                out.push(if left == 0 { vec![] } else { vec![left] });
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::HeapGame;
    use crate::solver::{brute_force_value, Solver};
    use proptest::prelude::*;

    #[test]
    fn values_of_a_small_game() {
        let g = crate::heap::Heap(ConstrainedNim::new(3, 14).unwrap());
        assert_eq!(g.value(10), 3);
        assert_eq!(g.value(17), 0);
        assert_eq!(g.value(1_000_000_000), (1_000_000_000 % 17) / 3);
        assert!(ConstrainedNim::new(0, 2).is_none());
        assert!(ConstrainedNim::new(3, 2).is_none());
    }

    proptest! {
        #[test]
        fn closed_form_is_the_definition(l in 1u64..5, extra in 0u64..5, n in 0u64..60) {
            let g = crate::heap::Heap(ConstrainedNim::new(l, l + extra).unwrap());
            prop_assert_eq!(g.value(n), Solver::new(g).nim_value(&n).unwrap());
            if n < 14 {
                prop_assert_eq!(g.value(n), brute_force_value(&g, &n));
            }
        }

        #[test]
        fn listed_options_are_exactly_those_of_the_target(l in 1u64..5, extra in 0u64..6, n in 0u64..80, t in 0u64..5) {
            let g = crate::heap::Heap(ConstrainedNim::new(l, l + extra).unwrap());
            let listed = g.options_with_value(&n, t, &crate::context::Context::default()).unwrap();
            let mut all = vec![];
            (&g as &HeapGame).for_each_option(n, &mut |h| if h.iter().fold(0, |a, &x| a ^ g.value(x)) == t { all.push(h.to_vec()) }).unwrap();
            prop_assert_eq!(listed, all);
        }
    }
}
