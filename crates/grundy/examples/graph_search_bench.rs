//! The search by tests against the plain memoised search on graph games, for `benches/graphs.sh`:
//! `graph_search_bench GAME POSITION...` (GAME `node-kayles` or `arc-kayles`, each POSITION a graph as `grundy value`
//! reads it, e.g. `grid:6x6`). For each position, in one process: the plain search (every option valued) and the
//! search by tests (`solver::by_tests`), each with a fresh solver, best of 3 runs: the time of the value alone and of
//! the value with every winning move, the ratios plain/tests, the positions each expanded for the value, the two
//! values and the numbers of winning moves; then the search by tests on two threads (`solver::value_on_threads`,
//! each component of the sum in turn, fresh tables; value alone, best of 3) and the ratio of the one-thread search
//! by tests to it. Exits 1 when a value or the list of moves differs.

use grundy::games::arc_kayles::ArcKayles;
use grundy::games::node_kayles::NodeKayles;
use grundy::games::ugraph::Component;
use grundy::solver::{value_on_threads, Limits};
use grundy::NotationView;
use grundy::{Game, Nimber, Solver};
use std::time::Instant;

fn run<G: Game<Position = Component> + Copy + Send + Sync>(game: G, position: &str) -> bool {
    let sum = game.parse(&[position.to_string()]).expect("a graph");
    // For each search: best time of the value alone, best time of the value with every winning move, the
    // positions expanded for the value, the value, and the winning moves.
    let mut figures = Vec::new();
    for by_tests in [false, true] {
        let (mut alone, mut with_moves) = (f64::MAX, f64::MAX);
        let mut out = (0, 0, Vec::new());
        for _ in 0..3 {
            let mut s = Solver::new(game);
            s.set_search_by_tests(by_tests);
            let t = Instant::now();
            let v: Nimber = s.sum_value(&sum).expect("a value");
            alone = alone.min(t.elapsed().as_secs_f64());
            let expanded = s.expanded();
            let mut s = Solver::new(game);
            s.set_search_by_tests(by_tests);
            let t = Instant::now();
            s.sum_value(&sum).expect("a value");
            let moves = s.winning_moves(&sum).expect("the moves");
            with_moves = with_moves.min(t.elapsed().as_secs_f64());
            out = (v, expanded, moves);
        }
        figures.push((alone, with_moves, out));
    }
    let (mut two, mut v2) = (f64::MAX, 0);
    for _ in 0..3 {
        let t = Instant::now();
        v2 = sum
            .iter()
            .map(|c| {
                let key = game.memo_key(c).into_owned();
                value_on_threads(&game, &key, 2, Limits::default())
                    .expect("a value")
                    .0
            })
            .fold(0, |x, v| x ^ v);
        two = two.min(t.elapsed().as_secs_f64());
    }
    let (tp, mp, (vp, ep, movp)) = &figures[0];
    let (tt, mt, (vt, et, movt)) = &figures[1];
    let same = vp == vt && movp == movt && v2 == *vt;
    println!(
        "{:<12} {:<9} {:>8.4} {:>8.4} {:>6.2}x {:>8.4} {:>8.4} {:>6.2}x {:>8} {:>8} {:>8.4} {:>6.2}x  {}: {vp} {vt} {v2}, {} {} moves",
        game.name(),
        position,
        tp,
        tt,
        tp / tt,
        mp,
        mt,
        mp / mt,
        ep,
        et,
        two,
        tt / two,
        if same { "identical" } else { "DIFFERENT" },
        movp.len(),
        movt.len()
    );
    same
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    if a.len() < 3 {
        eprintln!("usage: graph_search_bench node-kayles|arc-kayles POSITION...");
        std::process::exit(2);
    }
    let mut ok = true;
    for p in &a[2..] {
        ok &= match a[1].as_str() {
            "node-kayles" => run(NodeKayles, p),
            "arc-kayles" => run(ArcKayles, p),
            other => {
                eprintln!("graph_search_bench: unknown game {other}");
                std::process::exit(2);
            }
        };
    }
    if !ok {
        std::process::exit(1);
    }
}
