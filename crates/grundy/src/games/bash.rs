//! The Bash game (`bash:K`, code `0.33…3` with `K` threes): take `1..=K` tokens from one heap.
//!
//! **Closed form.** `G(n) = n mod (K+1)`. By induction on `n`: the options of `n` are the heaps
//! `n−K..n−1` (those that are ≥ 0), whose values are, by induction, `K` consecutive residues mod `K+1` that
//! miss exactly `n mod (K+1)` (or, for `n ≤ K`, the values `0..n`); the mex is `n mod (K+1)` (Winning Ways ch. 4,
//! subtraction games; seed 002). One heap is a P-position iff `(K+1) | n`.
//!
//! **Two heaps.** The sum of two Bash heaps `a`, `b` is a P-position iff `a mod (K+1) = b mod (K+1)` (their nim-values
//! are equal). Seed 002 writes `mod K`, which is wrong: with `K = 2`, heaps 1 and 3 have values 1 and 0, so the
//! first player wins, although `1 mod 2 = 3 mod 2`. A test pins this.
//!
//! Cost: `O(1)` per heap, any heap up to 2^64 − 1.

use crate::context::Context;
use crate::game::ClosedForm;
use crate::game::HeapFacts;
use crate::game::Options;
use crate::heap::HeapRules;
use crate::heap::{leave, subtraction_code, Code};
use crate::nimber::Nimber;

/// The largest `K` accepted on the command line.
pub const MAX_K: u64 = 1_000_000_000_000_000_000;

/// The largest `K` for which the game also carries its take-and-break code (`0.` and `K` threes), for the engines
/// that work on codes.
pub const MAX_K_WITH_CODE: u64 = 10_000;

/// The rules of the Bash game with at most `k` tokens a move (`k ≥ 1`).
#[derive(Debug, Clone)]
pub struct Bash {
    k: u64,
    code: Option<Code>,
}

impl Bash {
    /// The Bash game taking `1..=k`; `k` must be at least 1.
    pub fn new(k: u64) -> Option<Self> {
        if k == 0 {
            return None;
        }
        let code = if k <= MAX_K_WITH_CODE {
            subtraction_code(&(1..=k).collect::<Vec<_>>()).ok()
        } else {
            None
        };
        Some(Bash { k, code })
    }
    /// The most tokens a move may take (`K ≥ 1`); the values have period `K + 1`.
    pub fn k(&self) -> u64 {
        self.k
    }
    /// `n mod (K+1)`, computed without overflow for `K = u64::MAX`.
    pub fn value(&self, n: u64) -> Nimber {
        match self.k.checked_add(1) {
            Some(m) => n % m,
            None => n,
        }
    }
    /// True when the two heaps `a` and `b` together are a P-position (equal residues mod `K+1`).
    pub fn two_heaps_lose_for_mover(&self, a: u64, b: u64) -> bool {
        self.value(a) == self.value(b)
    }
}

impl HeapRules for Bash {
    fn name(&self) -> String {
        format!("bash:{}", self.k)
    }
    fn options(&self, n: &u64, out: &mut Options<u64>) -> crate::Result<()> {
        for x in 1..=self.k.min(*n) {
            leave(out, n - x);
        }
        Ok(())
    }

    fn closed_form(&self) -> Option<&dyn ClosedForm<u64>> {
        Some(self)
    }
}

impl HeapFacts for Bash {
    fn period(&self) -> Option<(u64, u64, u64)> {
        // n mod (K+1): period K+1 from heap 0 (the closed form above).
        self.k.checked_add(1).map(|p| (0, p, 0))
    }
    fn longest_move(&self) -> Option<u64> {
        Some(self.k)
    }
    fn splits(&self) -> Option<bool> {
        Some(false)
    }
    fn code(&self) -> Option<&Code> {
        self.code.as_ref()
    }
}

impl ClosedForm<u64> for Bash {
    fn nim_value(&self, n: &u64, _cx: &Context) -> Option<Nimber> {
        Some(self.value(*n))
    }

    fn options_with_value(&self, n: &u64, target: Nimber, _cx: &Context) -> Option<Vec<Vec<u64>>> {
        let n = *n;
        // The options n−1, …, n−K have distinct values, so at most one has the target.
        let v = self.value(n);
        if target == v || target > self.k {
            return Some(vec![]);
        }
        // The take x with (n − x) mod (K+1) = target, 1 ≤ x ≤ K.
        let x = if v > target {
            v - target
        } else {
            v + (self.k - target) + 1
        };
        if x == 0 || x > self.k || x > n {
            return Some(vec![]);
        }
        let left = n - x;
        Some(vec![if left == 0 { vec![] } else { vec![left] }])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::HeapGame;
    use crate::solver::brute_force_value;
    use proptest::prelude::*;

    #[test]
    fn the_seed_two_heap_rule_is_wrong_and_ours_is_right() {
        let b = crate::heap::Heap(Bash::new(2).unwrap());
        // 1 and 3: values 1 and 0, the first player wins; "mod K" (1 mod 2 = 3 mod 2) would call it a loss.
        assert!(!b.two_heaps_lose_for_mover(1, 3));
        assert!(b.two_heaps_lose_for_mover(4, 7));
        assert_eq!(Bash::new(u64::MAX).unwrap().value(u64::MAX), u64::MAX);
        assert!(Bash::new(0).is_none());
        assert_eq!(Bash::new(3).unwrap().code().unwrap().to_string(), "0.333");
    }

    proptest! {
        #[test]
        fn closed_form_is_the_definition(k in 1u64..6, n in 0u64..18) {
            let b = crate::heap::Heap(Bash::new(k).unwrap());
            prop_assert_eq!(b.value(n), brute_force_value(&b, &n));
        }

        #[test]
        fn two_heaps_by_brute_force(k in 1u64..5, a in 0u64..12, c in 0u64..12) {
            let b = crate::heap::Heap(Bash::new(k).unwrap());
            let sum = brute_force_value(&b, &a) ^ brute_force_value(&b, &c);
            prop_assert_eq!(sum == 0, b.two_heaps_lose_for_mover(a, c));
        }

        #[test]
        fn listed_options_are_exactly_those_of_the_target(k in 1u64..6, n in 0u64..40, t in 0u64..8) {
            let b = crate::heap::Heap(Bash::new(k).unwrap());
            let listed = b.options_with_value(&n, t, &crate::context::Context::default()).unwrap();
            let mut all = vec![];
            (&b as &HeapGame).for_each_option(n, &mut |h| if h.iter().fold(0, |a, &x| a ^ b.value(x)) == t { all.push(h.to_vec()) }).unwrap();
            prop_assert_eq!(listed, all);
        }
    }
}
