//! loj10245: chocolate bars in a box; exactly 10 rounds, each N then N lengths. The first player wins exactly when
//! the lengths are linearly dependent over GF(2) ([`grundy::games::chocolate`]); the judge's answer is inverted:
//! `NO` when the first player wins, `YES` otherwise.

use super::Tokens;
use grundy::games::chocolate::first_wins;
use grundy::Result;

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let mut bars = Vec::new();
    for _ in 0..10 {
        let n = t.int("the number of bars N", 1, 14)?;
        bars.clear();
        for _ in 0..n {
            bars.push(t.int("a bar's length", 1, 1_000_000_000)?);
        }
        out.extend_from_slice(if first_wins(&bars) { b"NO\n" } else { b"YES\n" });
    }
    t.expect_end()
}
