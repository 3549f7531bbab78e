//! hdu3032 (Nim or not Nim?): Lasker's Nim. T ≤ 100 cases; each: N ≤ 10^6, then N heap sizes in 1..=2^31−1.
//! `Alice` when the first player wins, else `Bob`. The nim-value of a heap is Lasker's closed form
//! ([`grundy::games::lasker`]); `G(2^31 − 1) = 2^31` needs more than 32 bits, so values are `u64`.

use super::Tokens;
use grundy::games::lasker::lasker_value;
use grundy::Result;

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let cases = t.int("the number of cases T", 1, 100)?;
    for _ in 0..cases {
        let n = t.int("the number of heaps N", 1, 1_000_000)?;
        let mut x = 0;
        for _ in 0..n {
            x ^= lasker_value(t.int("a heap size", 1, (1 << 31) - 1)?);
        }
        out.extend_from_slice(if x != 0 { b"Alice\n" } else { b"Bob\n" });
    }
    t.expect_end()
}
