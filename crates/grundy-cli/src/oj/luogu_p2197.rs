//! luogu-p2197: Nim. T cases; each: n, then n heap sizes (< 10^4, may be 0). `Yes` when the first player wins.
//! A sum of Nim heaps is a P-position exactly when the XOR of the sizes is 0 ([`grundy::games::nim`]).

use super::Tokens;
use grundy::Result;

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let cases = t.int("the number of cases T", 1, 10)?;
    for _ in 0..cases {
        let n = t.int("the number of heaps n", 0, 10_000)?;
        let mut x = 0;
        for _ in 0..n {
            x ^= t.int("a heap size", 0, 9_999)?;
        }
        out.extend_from_slice(if x != 0 { b"Yes\n" } else { b"No\n" });
    }
    t.expect_end()
}
