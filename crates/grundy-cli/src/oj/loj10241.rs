//! loj10241: the Bash game, one pile of N, take 1..K (1 ≤ K ≤ N ≤ 10^5). `1` when the first player wins, else `2`.
//! The pile's nim-value is `N mod (K+1)` ([`grundy::games::bash`]).

use super::Tokens;
use grundy::games::bash::Bash;
use grundy::{Error, Result};

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let n = t.int("the pile size N", 1, 100_000)?;
    let k = t.int("the most stones a move takes K", 1, 100_000)?;
    if k > n {
        return Err(Error::input(format!(
            "bad input: K = {k} is larger than N = {n} (the problem has 1 <= K <= N)"
        )));
    }
    t.expect_end()?;
    let b = Bash::new(k).expect("k >= 1");
    out.extend_from_slice(if b.value(n) != 0 { b"1\n" } else { b"2\n" });
    Ok(())
}
