//! luogu-p4279 (John's game): misère Nim — whoever takes the last stone loses. T ≤ 500 cases; each: N ≤ 50, then
//! N heap sizes ≤ 5000. `John` when the first player wins, else `Brother`. The outcome is
//! [`grundy::games::anti_sg::misere_nim`]; heaps of 0 count for nothing (the seed's `sum == n` test of "all heaps are
//! 1" is wrong when a heap is 0).

use super::Tokens;
use grundy::games::anti_sg::misere_nim;
use grundy::{Outcome, Result};

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let cases = t.int("the number of cases T", 1, 500)?;
    let mut heaps = Vec::with_capacity(50);
    for _ in 0..cases {
        let n = t.int("the number of heaps N", 1, 50)?;
        heaps.clear();
        for _ in 0..n {
            heaps.push(t.int("a heap size", 0, 5000)?);
        }
        out.extend_from_slice(if misere_nim(&heaps) == Outcome::N {
            b"John\n"
        } else {
            b"Brother\n"
        });
    }
    t.expect_end()
}
