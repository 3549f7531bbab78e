//! Lasker's Nim (code `4.[3]`): take any positive number of tokens from one heap, or split a heap into two
//! non-empty heaps.
//!
//! **Closed form.** For `k ≥ 0`: `G(4k+1) = 4k+1`, `G(4k+2) = 4k+2`, `G(4k+3) = 4k+4`, `G(4k+4) = 4k+3`
//! (Lasker 1931; Winning Ways ch. 4, "Lasker's Nim"; it is arithmetic-periodic with period 4 and saltus 4).
//! *Argument*, by induction on `n`: the take moves reach every heap `h < n`, whose values are, by induction, a
//! permutation of `{0, …, 4⌊(n−1)/4⌋ + …}` — precisely all values below `n` except that for `n = 4k+4` the value
//! `4k+4` (of heap `4k+3`) is reached and `4k+3` is not; the splits `a + b = n` add `G(a) ⊕ G(b)`, and a parity
//! check of the two low bits shows a split reaches `4k+3` when `n = 4k+3` (e.g. `1 + (4k+2)`) and never reaches
//! the claimed value. The property test in this module checks the closed form against the plain engine.
//!
//! Heaps up to 2^63 − 1 are valued exactly (values above 2^31 included; `G(2^31 − 1) = 2^31`).

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
    fn for_each_option(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        for k in (0..n).rev() {
            if k == 0 {
                f(&[]);
            } else {
                f(&[k]);
            }
        }
        for a in 1..=n / 2 {
            f(&[a, n - a]);
        }
    }
    fn closed_form(&self, n: u64) -> Option<Nimber> {
        if n > i64::MAX as u64 {
            return None;
        }
        Some(lasker_value(n))
    }
    fn splits(&self) -> bool {
        true
    }
    fn options_with_value(&self, n: u64, target: Nimber) -> Option<Vec<Vec<u64>>> {
        if n > MAX_LISTED_HEAP {
            return None;
        }
        let mut out = Vec::new();
        // Take moves: G is an involution on heaps, so the heap of value t is G(t).
        let h = lasker_value(target);
        if h < n {
            out.push(if h == 0 { vec![] } else { vec![h] });
        }
        for a in 1..=n / 2 {
            if lasker_value(a) ^ lasker_value(n - a) == target {
                out.push(vec![a, n - a]);
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::plain;
    use proptest::prelude::*;

    #[test]
    fn closed_form_matches_the_plain_engine() {
        let g = plain::sequence(&Lasker, 2000, &mut |_| {}).unwrap();
        for (n, v) in g.iter().enumerate() {
            assert_eq!(lasker_value(n as u64), *v, "heap {n}");
        }
    }

    #[test]
    fn large_heaps() {
        assert_eq!(lasker_value((1 << 31) - 1), 1 << 31);
        assert_eq!(lasker_value(i64::MAX as u64), 1 << 63);
        assert_eq!(Lasker.closed_form(u64::MAX), None);
    }

    proptest! {
        #[test]
        fn listed_options_are_exactly_those_of_the_target_value(n in 0u64..300, t in 0u64..310) {
            let listed = Lasker.options_with_value(n, t).unwrap();
            let mut all = vec![];
            Lasker.for_each_option(n, &mut |h| {
                if h.iter().fold(0, |a, &b| a ^ lasker_value(b)) == t { all.push(h.to_vec()) }
            });
            let mut l = listed.clone(); l.sort();
            all.sort();
            prop_assert_eq!(l, all);
        }
    }
}
