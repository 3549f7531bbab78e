//! cf850c (Arpa and Mojtaba): n ≤ 100 numbers a_i in 1..=10^9; a move divides out a prime power from every number it
//! divides. Mojtaba moves first: `Mojtaba` when the first player wins, else `Arpa`. The game is a sum over primes of
//! exponent-set games ([`grundy::games::arpa`]).

use super::Tokens;
use grundy::games::arpa::{value_of_numbers, ExponentGame};
use grundy::Result;

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let n = t.int("the number of numbers n", 1, 100)?;
    let mut a = Vec::with_capacity(n as usize);
    for _ in 0..n {
        a.push(t.int("a number a_i", 1, 1_000_000_000)?);
    }
    t.expect_end()?;
    let v = value_of_numbers(&mut ExponentGame::new(), &a);
    out.extend_from_slice(if v != 0 { b"Mojtaba\n" } else { b"Arpa\n" });
    Ok(())
}
