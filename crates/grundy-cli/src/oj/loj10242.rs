//! loj10242: Nim. N ≤ 5·10^4 heaps of sizes ≤ 10^5. `win` when the first player wins (the XOR of the sizes is not
//! 0, Bouton's theorem, [`grundy::games::nim`]), else `lose`.

use super::Tokens;
use grundy::Result;

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let n = t.int("the number of heaps N", 1, 50_000)?;
    let mut x = 0;
    for _ in 0..n {
        x ^= t.int("a heap size", 0, 100_000)?;
    }
    t.expect_end()?;
    out.extend_from_slice(if x != 0 { b"win\n" } else { b"lose\n" });
    Ok(())
}
