//! abc297g (Constrained Nim 2): N ≤ 2·10^5 piles (sizes ≤ 10^9); a move takes L..R stones (1 ≤ L ≤ R ≤ 10^9) from
//! one pile. `First` when the first player wins, else `Second`. A pile's nim-value is `⌊(a mod (L+R)) / L⌋`
//! ([`grundy::games::constrained_nim`]).

use super::Tokens;
use grundy::games::constrained_nim::ConstrainedNim;
use grundy::{Error, Result};

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let n = t.int("the number of piles N", 1, 200_000)?;
    let l = t.int("L", 1, 1_000_000_000)?;
    let r = t.int("R", 1, 1_000_000_000)?;
    let game = ConstrainedNim::new(l, r).ok_or_else(|| {
        Error::input(format!(
            "bad input: L = {l} is larger than R = {r} (the problem has L <= R)"
        ))
    })?;
    let mut x = 0;
    for _ in 0..n {
        x ^= game.value(t.int("a pile size", 1, 1_000_000_000)?);
    }
    t.expect_end()?;
    out.extend_from_slice(if x != 0 { b"First\n" } else { b"Second\n" });
    Ok(())
}
