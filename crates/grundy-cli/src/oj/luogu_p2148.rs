//! luogu-p2148 (SDOI 2011 "E&D"): T cases; each N (even), then N heaps, paired (1,2),(3,4),…; `YES` when the first
//! player wins: the nim-sum of the pairs' values ([`grundy::games::ed::value`]) is not 0.

use super::Tokens;
use grundy::games::ed::value;
use grundy::{Error, Result};

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let cases = t.int("the number of cases T", 1, 20)?;
    for _ in 0..cases {
        let n = t.int("the number of heaps N", 0, 20_000)?;
        if n % 2 != 0 {
            return Err(Error::input(format!(
                "bad input: the number of heaps N must be even (the heaps come in pairs), found {n}"
            )));
        }
        let mut x = 0;
        for _ in 0..n / 2 {
            let a = t.int("a heap size", 1, 2_000_000_000)?;
            let b = t.int("a heap size", 1, 2_000_000_000)?;
            x ^= value(a, b);
        }
        out.extend_from_slice(if x != 0 { b"YES\n" } else { b"NO\n" });
    }
    t.expect_end()
}
