//! poj2311: lines `W H` (2 ≤ W, H ≤ 200) until the end of the input; `WIN` when the first player can force cutting
//! out a 1×1 ([`grundy::games::cutting`]).

use super::Tokens;
use grundy::games::cutting::CuttingTable;
use grundy::Result;

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let mut pieces = Vec::new();
    while !t.at_end()? {
        let w = t.int("a width W", 2, 200)? as usize;
        let h = t.int("a height H", 2, 200)? as usize;
        pieces.push((w, h));
    }
    if pieces.is_empty() {
        return Err(grundy::Error::input("empty input: expected lines 'W H'"));
    }
    let m = pieces.iter().map(|p| p.0.max(p.1)).max().unwrap_or(2);
    let table = CuttingTable::new(m, m);
    for (w, h) in pieces {
        let v = table.get(w, h).expect("2 <= W, H <= max");
        out.extend_from_slice(if v != 0 { b"WIN\n" } else { b"LOSE\n" });
    }
    Ok(())
}
