//! cf87c "Interesting Game": one pile of n (1 ≤ n ≤ 10^5); print the smallest k of a winning first split into k
//! consecutive piles, or -1 ([`grundy::games::consecutive_split`], `O(n√n)`).

use super::Tokens;
use grundy::games::consecutive_split::{smallest_winning_k, values};
use grundy::Result;

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let n = t.int("the pile size n", 1, 100_000)?;
    t.expect_end()?;
    let (_, prefix) = values(n);
    match smallest_winning_k(n, &prefix) {
        Some(k) => out.extend_from_slice(format!("{k}\n").as_bytes()),
        None => out.extend_from_slice(b"-1\n"),
    }
    Ok(())
}
