//! Lasker's Nim (code `4.[3]`): take any positive number of tokens from one heap, or split a heap into two
//! non-empty heaps.
//!
//! **Closed form.** For `k ≥ 0`: `G(4k+1) = 4k+1`, `G(4k+2) = 4k+2`, `G(4k+3) = 4k+4`, `G(4k+4) = 4k+3`
//! (Lasker 1931; Winning Ways ch. 4, "Lasker's Nim"; it is arithmetic-periodic with period 4 and saltus 4).
//!
//! *Proof*, by induction on `n ≥ 1`. For `x ≥ 1` the claimed `G(x) mod 4` is `1, 2, 0, 3` for `x mod 4 = 1, 2, 3,
//! 0`, and `G` permutes each block `{4k+1, …, 4k+4}`. Take moves reach every heap below `n`, so by induction they
//! reach exactly the values `G(0..n)`. A split `a + b = n` reaches `G(a) ⊕ G(b)`, whose two low bits are the XOR of
//! the residues above:
//! - `n = 4k+1`: takes reach `{0, …, 4k}`; a split has residues `{0,1}` or `{2,3}`, so its value is `≡ 2 (mod 4)`,
//!   never `4k+1`. The mex is `4k+1`.
//! - `n = 4k+2`: takes reach `{0, …, 4k+1}`; residues `{1,1}`, `{3,3}`, `{0,2}` give values `≡ 0, 0, 1`, never
//!   `4k+2`. The mex is `4k+2`.
//! - `n = 4k+3`: takes reach `{0, …, 4k+2}`; the split `1 + (4k+2)` reaches `1 ⊕ (4k+2) = 4k+3`; every split has
//!   residues `{1,2}` or `{0,3}`, value `≡ 3`, so `4k+4` is not reached (takes stay below it). The mex is `4k+4`.
//! - `n = 4k+4`: takes reach `{0, …, 4k+2} ∪ {G(4k+3) = 4k+4}`; residues `{1,3}`, `{2,2}`, `{0,0}` give values
//!   `≡ 1, 0, 0`, never `4k+3`. The mex is `4k+3`. ∎
//!
//! The unit tests also check the closed form against the plain engine, and the listed moves against a full scan.
//!
//! Heaps up to 2^63 − 1 are valued exactly (values above 2^31 included; `G(2^31 − 1) = 2^31`).

use crate::context::Context;
use crate::game::ClosedForm;
use crate::game::HeapFacts;
use crate::game::Options;
use crate::heap::leave;
use crate::heap::HeapRules;
use crate::nimber::Nimber;

/// The largest heap for which the split moves are listed one by one.
pub const MAX_LISTED_HEAP: u64 = 10_000_000;

/// The nim-value of a Lasker's Nim heap.
pub fn lasker_value(n: u64) -> Nimber {
    match n % 4 {
        0 if n == 0 => 0,
        0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

/// The rules of Lasker's Nim.
#[derive(Debug, Clone, Copy, Default)]
pub struct Lasker;

impl HeapRules for Lasker {
    fn name(&self) -> String {
        "lasker".to_string()
    }
    fn options(&self, n: &u64, out: &mut Options<u64>) -> crate::Result<()> {
        let n = *n;
        for k in (0..n).rev() {
            leave(out, k);
        }
        for a in 1..=n / 2 {
            out.push([a, n - a]);
        }
        Ok(())
    }
    fn check_searchable(&self, n: &u64, _limits: &crate::Limits) -> crate::Result<()> {
        crate::heap::check_listable("lasker", *n, n.saturating_add(n / 2))
    }

    fn closed_form(&self) -> Option<&dyn ClosedForm<u64>> {
        Some(self)
    }
}

impl HeapFacts for Lasker {
    fn splits(&self) -> Option<bool> {
        Some(true)
    }
}

impl ClosedForm<u64> for Lasker {
    /// The closed form, for heaps up to 2^63 − 1 (a larger heap's value may not fit 64 bits: `None`).
    fn nim_value(&self, n: &u64, _cx: &Context) -> Option<Nimber> {
        if *n > i64::MAX as u64 {
            return None;
        }
        Some(lasker_value(*n))
    }

    fn options_with_value(&self, n: &u64, target: Nimber, _cx: &Context) -> Option<Vec<Vec<u64>>> {
        let n = *n;
        if n > i64::MAX as u64 {
            return None;
        }
        let mut out = Vec::new();
        // Take moves: G is an involution on heaps, so the heap of value t is G(t).
        let h = lasker_value(target);
        if h < n && target <= i64::MAX as u64 {
            out.push(if h == 0 { vec![] } else { vec![h] });
        }
        if n <= MAX_LISTED_HEAP {
            for a in 1..=n / 2 {
                if lasker_value(a) ^ lasker_value(n - a) == target {
                    out.push(vec![a, n - a]);
                }
            }
        } else {
            out.extend(splits_with_value(n, target)?);
        }
        Some(out)
    }
}

/// The most bits of a target whose candidate splits [`splits_with_value`] examines (`2^bits` per residue class).
pub const MAX_SPLIT_CANDIDATES: u32 = 20;

/// Every split `a + b = n`, `1 ≤ a ≤ b`, with `G(a) ⊕ G(b) = target`, without scanning all `n/2` splits; `None`
/// when a feasible residue class has more than `2^20` candidates.
///
/// *Method.* On each residue class `a ≡ r (mod 4)` the closed form is `G(a) = a + d(r)` with `d = −1, 0, 0, +1` for
/// `r = 0, 1, 2, 3`, so `A = G(a)` and `B = G(b)` satisfy `A + B = S`, `S = n + d(a mod 4) + d(b mod 4)`, and `A ⊕ B =
/// target`. Since `A + B = (A ⊕ B) + 2(A ∧ B)`, `A ∧ B = c = (S − target)/2`, which must be a whole number disjoint
/// from `target`; then `A = c ∨ u` for a subset `u` of `target`'s bits. Each candidate is checked with the closed form.
pub fn splits_with_value(n: u64, target: Nimber) -> Option<Vec<Vec<u64>>> {
    let d = |r: u64| -> i128 {
        match r {
            0 => -1,
            3 => 1,
            _ => 0,
        }
    };
    let mut found = Vec::new();
    for ra in 0..4u64 {
        let rb = (n.wrapping_sub(ra)) % 4;
        let s = n as i128 + d(ra) + d(rb);
        let t = target as i128;
        if s < t || (s - t) % 2 != 0 {
            continue;
        }
        let c = (s - t) / 2;
        if c & t != 0 {
            continue;
        }
        if target.count_ones() > MAX_SPLIT_CANDIDATES {
            return None;
        }
        // Every subset u of target's bits.
        let mut u: i128 = 0;
        loop {
            let a_val = c | u;
            let a = a_val - d(ra);
            if a >= 1 && (a as u128) <= (n / 2) as u128 && (a as u64) % 4 == ra {
                let a = a as u64;
                if lasker_value(a) ^ lasker_value(n - a) == target {
                    found.push(vec![a, n - a]);
                }
            }
            if u == t {
                break;
            }
            u = (u - t) & t; // next subset of t
        }
    }
    found.sort();
    found.dedup();
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::plain;
    use proptest::prelude::*;

    #[test]
    fn closed_form_matches_the_plain_engine() {
        let g = plain::sequence(&crate::heap::Heap(Lasker), 2000, &mut |_| {}).unwrap();
        for (n, v) in g.iter().enumerate() {
            assert_eq!(lasker_value(n as u64), *v, "heap {n}");
        }
    }

    #[test]
    fn large_heaps() {
        assert_eq!(lasker_value((1 << 31) - 1), 1 << 31);
        assert_eq!(lasker_value(i64::MAX as u64), 1 << 63);
        assert_eq!(
            Lasker.nim_value(&u64::MAX, &crate::context::Context::default()),
            None
        );
    }

    #[test]
    fn huge_heaps_list_their_winning_moves() {
        // A lone heap of 2^31 − 1 (value 2^31): the only move to 0 is taking it all (G is a bijection, so no split).
        assert_eq!(
            Lasker.options_with_value(&((1 << 31) - 1), 0, &crate::context::Context::default()),
            Some(vec![vec![]])
        );
        let n = 1u64 << 40;
        for t in [0u64, 1, 2, 3, 7, 12345, 1 << 20] {
            for o in Lasker
                .options_with_value(&n, t, &crate::context::Context::default())
                .unwrap()
            {
                assert_eq!(o.iter().fold(0, |x, &h| x ^ lasker_value(h)), t, "{o:?}");
            }
        }
    }

    proptest! {
        #[test]
        fn splits_by_residue_are_all_splits(n in 2u64..3000, t in 0u64..4100) {
            let mut all = vec![];
            for a in 1..=n / 2 {
                if lasker_value(a) ^ lasker_value(n - a) == t { all.push(vec![a, n - a]); }
            }
            prop_assert_eq!(splits_with_value(n, t).unwrap(), all);
        }

        #[test]
        fn listed_options_are_exactly_those_of_the_target_value(n in 0u64..300, t in 0u64..310) {
            let listed = Lasker.options_with_value(&n, t, &crate::context::Context::default()).unwrap();
            let mut all = vec![];
            (&crate::heap::Heap(Lasker) as &crate::heap::HeapGame).for_each_option(n, &mut |h| {
                if h.iter().fold(0, |a, &b| a ^ lasker_value(b)) == t { all.push(h.to_vec()) }
            }).unwrap();
            let mut l = listed.clone(); l.sort();
            all.sort();
            prop_assert_eq!(l, all);
        }
    }
}
