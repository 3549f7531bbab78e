//! Take a Fibonacci number (`fibonacci-subtraction`): from one heap take `F` tokens, `F` a Fibonacci number
//! (1, 2, 3, 5, 8, …). Seed 002, example 2, plays it on three heaps.
//!
//! **Nim-values.** There is no known closed form; the values are the definition `G(n) = mex{G(n−F)}`, computed
//! bottom-up in `O(n log n)` (a heap of `n` has about `log_φ n` options). The sequence starts `0 1 2 3 0 1 2 3 4 5…`
//! (pinned against exhaustive search in the tests). Three heaps are a P-position iff the XOR of their values is 0.

use crate::error::Result;
use crate::game::HeapFacts;
use crate::game::Options;
use crate::heap::leave;
use crate::heap::HeapRules;
use crate::nimber::{MexSet, Nimber};

/// The Fibonacci numbers 1, 2, 3, 5, … up to `n` (the amounts a move may take).
pub fn fibonacci_amounts(n: u64) -> Vec<u64> {
    let (mut a, mut b) = (1u64, 2u64);
    let mut v = vec![];
    while a <= n {
        v.push(a);
        match a.checked_add(b) {
            Some(c) => {
                a = b;
                b = c;
            }
            None => {
                if b <= n {
                    v.push(b);
                }
                break;
            }
        }
    }
    v
}

/// The rules.
#[derive(Debug, Clone, Copy, Default)]
pub struct FibonacciSubtraction;

impl HeapRules for FibonacciSubtraction {
    fn name(&self) -> String {
        "fibonacci-subtraction".to_string()
    }
    fn options(&self, n: &u64, out: &mut Options<u64>) -> crate::Result<()> {
        for s in fibonacci_amounts(*n) {
            leave(out, n - s);
        }
        Ok(())
    }
}

impl HeapFacts for FibonacciSubtraction {
    fn splits(&self) -> Option<bool> {
        Some(false)
    }
    /// The definition bottom-up over the Fibonacci amounts: `O(log n)` per heap.
    fn extend_sequence(
        &self,
        table: &mut Vec<Nimber>,
        to: u64,
        _progress: &mut dyn FnMut(u64),
    ) -> Option<Result<()>> {
        Some(values(to).map(|own| *table = own))
    }
}

/// The nim-values of heaps `0..=to`, by the definition `G(n) = mex{G(n−F)}` bottom-up (at most the plain engine's
/// limit for games that do not split).
pub fn values(to: u64) -> Result<Vec<Nimber>> {
    crate::heap::plain::check_length("fibonacci-subtraction", to, false)?;
    let amounts = fibonacci_amounts(to);
    let mut g = vec![0; to as usize + 1];
    let mut seen = MexSet::new();
    for n in 1..=to as usize {
        seen.clear();
        for &s in &amounts {
            if s as usize > n {
                break;
            }
            seen.insert(g[n - s as usize]);
        }
        g[n] = seen.mex();
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::brute_force_value;

    #[test]
    fn values_are_the_definition() {
        let g = values(300).unwrap();
        assert_eq!(&g[..10], &[0, 1, 2, 3, 0, 1, 2, 3, 4, 5]);
        for n in 0..=22u64 {
            assert_eq!(
                g[n as usize],
                brute_force_value(&crate::heap::Heap(FibonacciSubtraction), &n),
                "heap {n}"
            );
        }
        let plain = crate::heap::plain::sequence(
            &crate::heap::Heap(FibonacciSubtraction),
            300,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(g, plain);
        assert_eq!(fibonacci_amounts(13), vec![1, 2, 3, 5, 8, 13]);
        assert_eq!(
            *fibonacci_amounts(u64::MAX).last().unwrap(),
            12200160415121876738
        );
    }
}
