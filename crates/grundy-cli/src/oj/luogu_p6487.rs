//! luogu-p6487: Fibonacci Nim on one pile of N ≤ 10^15 stones, the first move may take everything. The input is one
//! or more integers N, up to the end of the input; for each, the smallest first take that still wins: the smallest
//! term of N's Zeckendorf representation ([`grundy::games::fibonacci_nim::smallest_term`]; N itself when N is a
//! Fibonacci number). The first player always wins, since `z(N) ≤ N`.

use super::Tokens;
use grundy::games::fibonacci_nim::smallest_term;
use grundy::Result;
use std::io::Write;

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let mut any = false;
    while !t.at_end()? {
        let n = t.int("the number of stones N", 1, 1_000_000_000_000_000)?;
        let z = smallest_term(n).expect("n >= 1 has a Zeckendorf term");
        let _ = writeln!(out, "{z}");
        any = true;
    }
    if !any {
        t.int("the number of stones N", 1, 1_000_000_000_000_000)?;
    }
    Ok(())
}
