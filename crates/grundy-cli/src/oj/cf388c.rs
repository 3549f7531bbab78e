//! cf388c "Fox and Card Game" (a scoring game, not impartial): n piles, each `s c_1 … c_s` top to bottom; print
//! Ciel's and Jiro's best-play sums ([`grundy::games::fox_cards::greedy`], checked against minimax search).

use super::Tokens;
use grundy::games::fox_cards::greedy;
use grundy::Result;

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let n = t.int("the number of piles n", 1, 100)?;
    let mut piles = Vec::with_capacity(n as usize);
    for _ in 0..n {
        let s = t.int("a pile's size s", 1, 100)?;
        let mut p = Vec::with_capacity(s as usize);
        for _ in 0..s {
            p.push(t.int("a card", 1, 1000)?);
        }
        piles.push(p);
    }
    t.expect_end()?;
    let (c, j) = greedy(&piles);
    out.extend_from_slice(format!("{c} {j}\n").as_bytes());
    Ok(())
}
