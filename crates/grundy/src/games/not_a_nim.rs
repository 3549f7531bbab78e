//! Not a Nim (`not-a-nim`, Codeforces 2004E): from a heap of `x` take `y ≥ 1` tokens only if `gcd(x, y) = 1`.
//!
//! **Nim-values.** `G(0) = 0`, `G(1) = 1`, `G(x) = 0` for even `x`, `G(p) = π(p)` (the index of `p` among the primes,
//! 2 being the first) for an odd prime `p`, and `G(x) = G(lpf(x))` for an odd composite `x` (`lpf`: least prime
//! factor). This is the rule the table of the definition shows (Codeforces 2004E, its
//! editorial); the tests check it against the definition — every option `x − y` with `gcd(x, y) = 1` — for every
//! heap up to 600 (exhaustively) and by a property test.
//!
//! *Why*, in short: from an even heap every coprime `y` is odd, so every option is odd and, by induction, nonzero
//! — hence 0. From an odd composite `x` with least prime `p`, the options are the heaps `x − y` with `gcd(x − y, x) =
//! 1`, i.e. all heaps `< x` sharing no prime with `x`: these include every value `G(q)` for primes `q < p` and 0 (even
//! heaps) and 1, but no heap of value `G(p)` (such a heap has least prime `p`, which divides `x`). From an odd prime
//! `p` every heap `1..p` is an option (all are coprime to `p`), reaching every value below `π(p)` and none equal to it.
//!
//! **Cost.** [`Sieve`] is a linear sieve over the odd numbers only: each odd composite is written once, by its least
//! prime factor. It stores one `u32` per odd number up to the bound (`2·10^7` bytes for `10^7`, against `8·10^7` for
//! the usual two `int` tables of all numbers), and the list of odd primes.

use crate::error::{Error, Result};
use crate::game::HeapFacts;
use crate::game::Options;
use crate::heap::leave;
use crate::heap::HeapRules;
use crate::nimber::Nimber;

/// The largest bound the sieve accepts (4 bytes per odd number: 400 MB at this bound).
pub const MAX_SIEVE: u64 = 200_000_000;

/// The largest heap `grundy value` tabulates (a table of `u64` values, 8 bytes per heap, beside the sieve).
pub const MAX_SEQUENCE: u64 = 20_000_000;

/// `G(x)` for every `x ≤ bound`, stored for odd `x` only.
pub struct Sieve {
    bound: u64,
    /// `odd[i]` is `G(2i+1)`.
    odd: Vec<u32>,
}

impl Sieve {
    /// Sieves up to `bound` (at most [`MAX_SIEVE`]).
    pub fn new(bound: u64) -> Result<Self> {
        if bound > MAX_SIEVE {
            return Err(Error::limit(format!(
                "not-a-nim: the sieve goes up to {MAX_SIEVE}; heap {bound} is beyond it"
            )));
        }
        let len = bound as usize / 2 + 1; // odd numbers 1, 3, …: index x >> 1 for x <= bound
        let mut odd = vec![0u32; len];
        odd[0] = 1; // G(1) = 1
        let mut primes: Vec<u32> = Vec::new(); // odd primes, in order
        let mut count: u32 = 1; // primes so far, counting 2
        for i in 1..len {
            let x = 2 * i as u64 + 1;
            if x > bound {
                break;
            }
            let lpf_index = if odd[i] == 0 {
                count += 1;
                odd[i] = count;
                primes.push(x as u32);
                count
            } else {
                odd[i]
            };
            // Mark x·q for odd primes q up to lpf(x): each odd composite exactly once, by its least prime.
            for &q in &primes {
                let m = x * q as u64;
                if m > bound {
                    break;
                }
                // The index of q among all primes is its position in `primes` plus 2.
                let qi = odd[(q as usize - 1) / 2];
                odd[(m as usize - 1) / 2] = qi;
                if qi == lpf_index {
                    break;
                }
            }
        }
        Ok(Sieve { bound, odd })
    }
    /// The largest `x` sieved: [`Sieve::value`] is defined for `x ≤ bound`.
    pub fn bound(&self) -> u64 {
        self.bound
    }
    /// `G(x)`, for `x ≤ bound`.
    #[inline]
    pub fn value(&self, x: u64) -> Nimber {
        if x & 1 == 0 {
            0
        } else {
            self.odd[(x >> 1) as usize] as Nimber
        }
    }
}

/// The rules of Not a Nim.
#[derive(Debug, Clone, Copy, Default)]
pub struct NotANim;

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl HeapRules for NotANim {
    fn name(&self) -> String {
        "not-a-nim".to_string()
    }
    fn options(&self, n: &u64, out: &mut Options<u64>) -> crate::Result<()> {
        let n = *n;
        for y in 1..=n {
            if gcd(n, y) == 1 {
                leave(out, n - y);
            }
        }
        Ok(())
    }
    fn check_searchable(&self, n: &u64, _limits: &crate::Limits) -> crate::Result<()> {
        crate::heap::check_listable("not-a-nim", *n, *n)
    }
}

impl HeapFacts for NotANim {
    fn splits(&self) -> Option<bool> {
        Some(false)
    }
    /// The values from the [`Sieve`], up to [`MAX_SEQUENCE`].
    fn extend_sequence(
        &self,
        values: &mut Vec<Nimber>,
        to: u64,
        _progress: &mut dyn FnMut(u64),
    ) -> Option<Result<()>> {
        Some(sieved_values(to).map(|own| *values = own))
    }
}

/// The nim-values of heaps `0..=to` from the [`Sieve`] (`to` at most [`MAX_SEQUENCE`]).
pub fn sieved_values(to: u64) -> Result<Vec<Nimber>> {
    if to > MAX_SEQUENCE {
        return Err(Error::limit(format!(
            "not-a-nim: heap {to} is beyond the limit of {MAX_SEQUENCE} for a table of nim-values"
        )));
    }
    let s = Sieve::new(to)?;
    Ok((0..=to).map(|x| s.value(x)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::plain;
    use crate::solver::brute_force_value;
    use proptest::prelude::*;

    fn by_definition(to: u64) -> Vec<Nimber> {
        plain::sequence(&crate::heap::Heap(NotANim), to, &mut |_| {}).unwrap()
    }

    #[test]
    fn the_sieve_is_the_definition_up_to_600() {
        let def = by_definition(600);
        let s = Sieve::new(600).unwrap();
        for x in 0..=600u64 {
            assert_eq!(s.value(x), def[x as usize], "heap {x}");
        }
        assert_eq!(&def[..10], &[0, 1, 0, 2, 0, 3, 0, 4, 0, 2]);
        for x in 0..=12u64 {
            assert_eq!(
                def[x as usize],
                brute_force_value(&crate::heap::Heap(NotANim), &x)
            );
        }
    }

    #[test]
    fn the_rule_of_the_table() {
        // even -> 0, odd prime -> its index among primes, odd composite -> value of its least prime factor.
        let s = Sieve::new(100_000).unwrap();
        let mut index = 1; // 2 is the first prime
        for x in 3..=100_000u64 {
            let lpf = (2..).find(|d| x % d == 0).unwrap();
            if lpf == x {
                index += 1;
            }
            let want = if x % 2 == 0 {
                0
            } else if lpf == x {
                index
            } else {
                s.value(lpf)
            };
            assert_eq!(s.value(x), want, "heap {x}");
        }
        assert_eq!(s.value(99_991), 9592); // π(99991) = 9592, the largest prime below 10^5
        assert!(Sieve::new(MAX_SIEVE + 1).is_err());
    }

    proptest! {
        #[test]
        fn sieve_agrees_with_the_definition_at_any_bound(bound in 0u64..400, x in 0u64..400) {
            let s = Sieve::new(bound.max(x)).unwrap();
            let def = by_definition(x);
            prop_assert_eq!(s.value(x), def[x as usize]);
        }
    }
}
