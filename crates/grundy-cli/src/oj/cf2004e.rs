//! cf2004e (Not a Nim Problem): t ≤ 10^4 cases; each: n, then n pile sizes in 1..=10^7; the sum of n is at most
//! 3·10^5. Alice moves first: `Alice` when the first player wins, else `Bob`. Nim-values from the odd-only linear
//! sieve of [`grundy::games::not_a_nim::Sieve`], run once up to the largest pile of the input (20 MB at 10^7).

use super::Tokens;
use grundy::games::not_a_nim::Sieve;
use grundy::{Error, Result};

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let cases = t.int("the number of cases t", 1, 10_000)?;
    let mut sizes: Vec<u32> = Vec::new();
    let mut ends = Vec::with_capacity(cases as usize);
    let mut max = 1;
    for _ in 0..cases {
        let n = t.int("the number of piles n", 1, 300_000)?;
        if sizes.len() as u64 + n > 300_000 {
            return Err(Error::input(format!(
                "bad input: the piles of all cases number more than 300000 (case {} has n = {n})",
                ends.len() + 1
            )));
        }
        for _ in 0..n {
            let a = t.int("a pile size", 1, 10_000_000)?;
            max = max.max(a);
            sizes.push(a as u32);
        }
        ends.push(sizes.len());
    }
    t.expect_end()?;
    let sieve = Sieve::new(max)?;
    let mut start = 0;
    for end in ends {
        let x = sizes[start..end]
            .iter()
            .fold(0, |x, &a| x ^ sieve.value(a as u64));
        out.extend_from_slice(if x != 0 { b"Alice\n" } else { b"Bob\n" });
        start = end;
    }
    Ok(())
}
