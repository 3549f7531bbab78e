//! loj10244: a subtraction game on N ≤ 10 piles (sizes ≤ 1000) with a set of M ≤ 10 amounts. Output `NO` when the
//! first player loses; else `YES` and the first winning move `i b` (1-based pile, amount), smallest `i` then
//! smallest `b` ([`grundy::games::subtraction::first_winning_move`]). The amounts are given increasing; any order is
//! accepted (the answer does not depend on it).

use super::Tokens;
use grundy::games::subtraction::{first_winning_move, Subtraction};
use grundy::Result;
use std::io::Write;

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let n = t.int("the number of piles N", 1, 10)?;
    let mut heaps = Vec::with_capacity(n as usize);
    for _ in 0..n {
        heaps.push(t.int("a pile size", 0, 1000)? as usize);
    }
    let m = t.int("the number of amounts M", 1, 10)?;
    let mut set = Vec::with_capacity(m as usize);
    for _ in 0..m {
        set.push(t.int("an amount b", 1, 1_000_000_000)?);
    }
    t.expect_end()?;
    let game = Subtraction::new(&set)?;
    let values = game.values(heaps.iter().copied().max().unwrap_or(0));
    match first_winning_move(&game, &values, &heaps) {
        Some((i, b)) => {
            let _ = writeln!(out, "YES\n{} {}", i + 1, b);
        }
        None => out.extend_from_slice(b"NO\n"),
    }
    Ok(())
}
