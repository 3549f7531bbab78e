//! Benchmark helper for `benches/loopy.sh`: a random digraph (cycles allowed) with N nodes and E edges, from a
//! fixed seed; times Smith's generalised Sprague–Grundy values and the single-token retrograde outcomes.
//!
//!     cargo run --release --example loopy_bench -- N E SEED BACK_PERMIL [FILE]
//!
//! Each edge joins two uniformly random nodes; with BACK_PERMIL < 1000 an edge goes from the larger id to the
//! smaller except with probability BACK_PERMIL/1000 (so the graph is mostly acyclic and finite values grow large),
//! and with 1000 the direction is random too. With FILE, also writes the graph in the edge-list format (`nodes N`,
//! then `X Y` lines) for timing the command.

use grundy::loopy::graph::{generalised_values, outcomes, Graph, INFINITE};
use grundy::Outcome;
use std::io::Write;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 4 {
        eprintln!("usage: loopy_bench N E SEED BACK_PERMIL [FILE]");
        std::process::exit(2);
    }
    let n: u32 = args[0].parse().expect("N");
    let e: usize = args[1].parse().expect("E");
    let mut x: u64 = args[2].parse::<u64>().expect("SEED") | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let back: u64 = args[3].parse().expect("BACK_PERMIL");
    let edges: Vec<(u32, u32)> = (0..e)
        .map(|_| {
            let r = next();
            let (a, b) = ((r % n as u64) as u32, ((r >> 32) % n as u64) as u32);
            if back >= 1000 || next() % 1000 < back {
                (a, b)
            } else {
                (a.max(b), a.min(b))
            }
        })
        .collect();
    if let Some(path) = args.get(4) {
        let mut f = std::io::BufWriter::new(std::fs::File::create(path).expect("create FILE"));
        writeln!(f, "nodes {n}").unwrap();
        for (a, b) in &edges {
            writeln!(f, "{a} {b}").unwrap();
        }
    }
    let t = Instant::now();
    let g = Graph::new(n as usize, &edges).expect("graph");
    let build = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let v = generalised_values(&g);
    let gsg = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let o = outcomes(&g);
    let retro = t.elapsed().as_secs_f64();
    let max = v
        .iter()
        .copied()
        .filter(|&y| y != INFINITE)
        .max()
        .unwrap_or(0);
    let inf = v.iter().filter(|&&y| y == INFINITE).count();
    let draws = o.iter().filter(|&&y| y == Outcome::D).count();
    // The two computations must agree on every single token.
    for u in 0..n {
        let from_v = match v[u as usize] {
            0 => Outcome::P,
            INFINITE => {
                if g.followers(u).iter().any(|&w| v[w as usize] == 0) {
                    Outcome::N
                } else {
                    Outcome::D
                }
            }
            _ => Outcome::N,
        };
        assert_eq!(from_v, o[u as usize], "node {u}");
    }
    let checksum: u64 = v
        .iter()
        .filter(|&&y| y != INFINITE)
        .map(|&y| y as u64)
        .sum();
    println!(
        "nodes {n}, edges {e}: largest finite value {max}, infinite nodes {inf}, draws {draws}, checksum {checksum}"
    );
    println!("build (CSR, both directions): {build:.3} s");
    println!(
        "generalised SG values: {gsg:.3} s = {:.1} M edges/s ({} passes of stage work)",
        e as f64 / gsg / 1e6,
        max + 2
    );
    println!(
        "single-token outcomes (linear retrograde): {retro:.3} s = {:.1} M edges/s",
        e as f64 / retro / 1e6
    );
    println!("ratio generalised / outcomes: {:.2}", gsg / retro);
}
