//! poj1704 "Georgia and Bob": T cases; each N, then N distinct cells (not sorted). Chessmen slide left; staircase
//! Nim on the gaps ([`grundy::games::staircase::chessmen_value`]). `Georgia will win` when the first player wins.

use super::Tokens;
use grundy::games::staircase::chessmen_value;
use grundy::Result;

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let cases = t.int("the number of cases T", 1, 20)?;
    let mut cells = Vec::new();
    for _ in 0..cases {
        let n = t.int("the number of chessmen N", 1, 1000)?;
        cells.clear();
        for _ in 0..n {
            cells.push(t.int("a chessman's cell", 1, 10_000)?);
        }
        let v = chessmen_value(&mut cells)?;
        out.extend_from_slice(if v != 0 {
            b"Georgia will win\n"
        } else {
            b"Bob will win\n"
        });
    }
    t.expect_end()
}
