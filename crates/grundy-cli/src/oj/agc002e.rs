//! agc002e "Candy Piles": N, then N piles; whoever eats the last candy loses. `First` when the first player wins
//! ([`grundy::games::candy_piles::first_wins`], the diagonal walk on the Young diagram).

use super::Tokens;
use grundy::games::candy_piles::first_wins;
use grundy::Result;

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let n = t.int("the number of piles N", 1, 100_000)?;
    let mut a = Vec::with_capacity(n as usize);
    for _ in 0..n {
        a.push(t.int("a pile size", 1, 1_000_000_000)?);
    }
    t.expect_end()?;
    out.extend_from_slice(if first_wins(&a) {
        b"First\n"
    } else {
        b"Second\n"
    });
    Ok(())
}
