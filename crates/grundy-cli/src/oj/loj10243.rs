//! loj10243: tokens on a directed acyclic graph. `N M K`, M edges `X Y` (X → Y), then K token nodes (may repeat);
//! `win` when the first player wins: the nim-sum of the nodes' values ([`grundy::games::digraph::Dag`], Kahn order,
//! O(N + M)). A cycle is an error naming one of its edges.

use super::Tokens;
use grundy::games::digraph::Dag;
use grundy::Result;

pub fn run(t: &mut Tokens, out: &mut Vec<u8>) -> Result<()> {
    let n = t.int("the number of nodes N", 1, 2000)?;
    let m = t.int("the number of edges M", 0, 6000)?;
    let k = t.int("the number of tokens K", 0, 1_000_000)?;
    let mut edges = Vec::with_capacity(m as usize);
    for _ in 0..m {
        let x = t.int("an edge's tail X", 1, n)? as u32;
        let y = t.int("an edge's head Y", 1, n)? as u32;
        edges.push((x, y));
    }
    let dag = Dag::new(n as usize, &edges)?;
    let mut v = 0;
    for _ in 0..k {
        v ^= dag.value(t.int("a token's node", 1, n)? as usize);
    }
    t.expect_end()?;
    out.extend_from_slice(if v != 0 { b"win\n" } else { b"lose\n" });
    Ok(())
}
