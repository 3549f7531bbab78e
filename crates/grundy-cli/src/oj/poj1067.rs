//! poj1067: Wythoff's game. Lines `a b [m]` until the end of the input (a, b ≤ 10^18; m = 0 normal play, 1 misère,
//! whoever takes the last stone loses); `1` when the player to move wins ([`grundy::games::wythoff`], exact integer
//! arithmetic).

use super::Tokens;
use grundy::games::wythoff::{is_p_position, misere_first_wins, MAX_HEAP};
use grundy::{Error, Result};

pub fn run(input: &[u8], out: &mut Vec<u8>) -> Result<()> {
    let mut any = false;
    for (no, line) in input.split(|&c| c == b'\n').enumerate() {
        let mut t = Tokens::new(line);
        if t.at_end()? {
            continue;
        }
        any = true;
        let ctx = |e: Error| e.context(format!("line {}", no + 1));
        let a = t.int("a pile a", 0, MAX_HEAP).map_err(ctx)?;
        let b = t.int("a pile b", 0, MAX_HEAP).map_err(ctx)?;
        let misere = if t.at_end()? {
            false
        } else {
            t.int("the play flag m (0 normal, 1 misère)", 0, 1)
                .map_err(ctx)?
                == 1
        };
        t.expect_end().map_err(ctx)?;
        let wins = if misere {
            misere_first_wins(a, b)
        } else {
            !is_p_position(a, b)
        };
        out.extend_from_slice(if wins { b"1\n" } else { b"0\n" });
    }
    if !any {
        return Err(Error::input("empty input: expected lines 'a b [m]'"));
    }
    Ok(())
}
