//! Nim (code `0.[3]`): take any positive number of tokens from one heap.
//!
//! **Closed form.** `G(n) = n`. By induction: the options of `n` are the heaps `0..n`, whose values are `0..n`, and
//! the mex of `{0, …, n−1}` is `n` (Bouton 1902; Winning Ways ch. 2). A sum of Nim heaps is a P-position exactly
//! when the XOR of the heap sizes is 0.

use crate::context::Context;
use crate::game::ClosedForm;
use crate::game::HeapFacts;
use crate::game::Options;
use crate::heap::leave;
use crate::heap::HeapRules;
use crate::nimber::Nimber;

/// The rules of Nim.
#[derive(Debug, Clone, Copy, Default)]
pub struct Nim;

impl HeapRules for Nim {
    fn name(&self) -> String {
        "nim".to_string()
    }
    fn options(&self, n: &u64, out: &mut Options<u64>) -> crate::Result<()> {
        for k in (0..*n).rev() {
            leave(out, k);
        }
        Ok(())
    }
    fn check_searchable(&self, n: &u64, _limits: &crate::Limits) -> crate::Result<()> {
        crate::heap::check_listable("nim", *n, *n)
    }

    fn closed_form(&self) -> Option<&dyn ClosedForm<u64>> {
        Some(self)
    }
}

impl HeapFacts for Nim {
    fn period(&self) -> Option<(u64, u64, u64)> {
        // G(n) = n: G(n + 1) = G(n) + 1 from heap 0.
        Some((0, 1, 1))
    }
    fn splits(&self) -> Option<bool> {
        Some(false)
    }
}

impl ClosedForm<u64> for Nim {
    fn nim_value(&self, n: &u64, _cx: &Context) -> Option<Nimber> {
        Some(*n)
    }

    fn options_with_value(&self, n: &u64, target: Nimber, _cx: &Context) -> Option<Vec<Vec<u64>>> {
        Some(match target {
            t if t >= *n => vec![],
            0 => vec![vec![]],
            t => vec![vec![t]],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::{plain, HeapGame};
    use proptest::prelude::*;

    #[test]
    fn closed_form_matches_plain_engine() {
        let g = plain::sequence(&crate::heap::Heap(Nim), 300, &mut |_| {}).unwrap();
        for (n, v) in g.iter().enumerate() {
            assert_eq!(
                Nim.nim_value(&(n as u64), &crate::context::Context::default()),
                Some(*v)
            );
        }
    }

    proptest! {
        #[test]
        fn listed_options_have_the_target_value(n in 0u64..200, t in 0u64..220) {
            let listed = Nim.options_with_value(&n, t, &crate::context::Context::default()).unwrap();
            let mut all = vec![];
            (&crate::heap::Heap(Nim) as &HeapGame).for_each_option(n, &mut |h| { if h.iter().fold(0, |a, &b| a ^ b) == t { all.push(h.to_vec()) } }).unwrap();
            prop_assert_eq!(listed, all);
        }
    }
}
