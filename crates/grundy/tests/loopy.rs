//! Loopy games: Smith's generalised Sprague–Grundy function against a retrograde analysis of the whole product
//! graph of a sum of tokens, on random small graphs.

use grundy::loopy::graph::{generalised_values, outcomes, Graph, Solved};
use grundy::Outcome;
use proptest::prelude::*;
use std::collections::HashMap;

/// Outcomes of every placement of `k` tokens (an ordered tuple of nodes), by retrograde analysis of the product
/// graph: a move slides one token along an edge. No theory of sums is used.
fn product_outcomes(g: &Graph, k: usize) -> HashMap<Vec<u32>, Outcome> {
    let n = g.nodes() as u32;
    let mut states: Vec<Vec<u32>> = vec![vec![]];
    for _ in 0..k {
        states = states
            .into_iter()
            .flat_map(|s| {
                (0..n).map(move |u| {
                    let mut t = s.clone();
                    t.push(u);
                    t
                })
            })
            .collect();
    }
    let moves = |s: &Vec<u32>| -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for i in 0..s.len() {
            for &w in g.followers(s[i]) {
                let mut t = s.clone();
                t[i] = w;
                out.push(t);
            }
        }
        out
    };
    let mut out: HashMap<Vec<u32>, Outcome> = HashMap::new();
    // Iterate to the least fixed point: simple and obviously right for tiny graphs.
    loop {
        let mut changed = false;
        for s in &states {
            if out.contains_key(s) {
                continue;
            }
            let ms = moves(s);
            if ms.iter().any(|t| out.get(t) == Some(&Outcome::P)) {
                out.insert(s.clone(), Outcome::N);
                changed = true;
            } else if ms.iter().all(|t| out.get(t) == Some(&Outcome::N)) {
                out.insert(s.clone(), Outcome::P);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for s in states {
        out.entry(s).or_insert(Outcome::D);
    }
    out
}

fn graph_strategy() -> impl Strategy<Value = Graph> {
    (1usize..7).prop_flat_map(|n| {
        prop::collection::vec((0..n as u32, 0..n as u32), 0..(2 * n + 3))
            .prop_map(move |edges| Graph::new(n, &edges).unwrap())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn sums_of_tokens_agree_with_the_product_graph(g in graph_strategy(), k in 1usize..4) {
        let solved = Solved::new(g.clone());
        let truth = product_outcomes(&g, k);
        for (tokens, &expected) in &truth {
            let a = solved.analyse(tokens);
            prop_assert_eq!(a.outcome, expected, "tokens {:?}, values {:?}", tokens, a.parts);
            // Every printed winning move leads to a P-position, every draw-keeping move to a D-position.
            for m in &a.winning_moves {
                let mut t = tokens.clone();
                t[m.token] = m.to;
                prop_assert_eq!(truth[&t], Outcome::P);
            }
            for m in &a.drawing_moves {
                let mut t = tokens.clone();
                t[m.token] = m.to;
                prop_assert_eq!(truth[&t], Outcome::D);
            }
            prop_assert_eq!(a.winning_moves.is_empty(), expected != Outcome::N);
            prop_assert_eq!(a.drawing_moves.is_empty(), expected != Outcome::D);
            // And every such move is listed, in every token (equal tokens included), each once.
            let mut want = Vec::new();
            for (i, &u) in tokens.iter().enumerate() {
                let mut ws: Vec<u32> = g.followers(u).to_vec();
                ws.sort_unstable();
                ws.dedup();
                for w in ws {
                    let mut t = tokens.clone();
                    t[i] = w;
                    let keep = match expected {
                        Outcome::N => truth[&t] == Outcome::P,
                        Outcome::D => truth[&t] == Outcome::D,
                        Outcome::P => false,
                    };
                    if keep {
                        want.push((i, w));
                    }
                }
            }
            let mut got: Vec<(usize, u32)> = a
                .winning_moves
                .iter()
                .chain(&a.drawing_moves)
                .map(|m| (m.token, m.to))
                .collect();
            got.sort_unstable();
            want.sort_unstable();
            prop_assert_eq!(got, want, "tokens {:?}", tokens);
        }
    }

    #[test]
    fn single_token_outcomes_agree_with_the_generalised_values(g in graph_strategy()) {
        let solved = Solved::new(g.clone());
        let fast = outcomes(&g);
        for u in 0..g.nodes() as u32 {
            prop_assert_eq!(fast[u as usize], solved.value(u).outcome());
        }
    }
}

#[test]
fn smiths_conditions_hold_on_a_random_graph() {
    // Check the defining conditions directly on a larger pseudo-random graph.
    let n = 2000u32;
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut edges = Vec::new();
    for _ in 0..(3 * n) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        edges.push(((x % n as u64) as u32, ((x >> 32) % n as u64) as u32));
    }
    let g = Graph::new(n as usize, &edges).unwrap();
    let v = generalised_values(&g);
    let inf = grundy::loopy::graph::INFINITE;
    let mut finite = 0;
    for u in 0..n {
        let f: Vec<u32> = g.followers(u).iter().map(|&w| v[w as usize]).collect();
        if v[u as usize] != inf {
            finite += 1;
            let m = v[u as usize];
            assert!(
                !f.contains(&m),
                "node {u} has a follower of its own value {m}"
            );
            for j in 0..m {
                assert!(
                    f.contains(&j),
                    "node {u} of value {m} has no follower of value {j}"
                );
            }
            for &w in g.followers(u) {
                if v[w as usize] > m {
                    assert!(
                        g.followers(w).iter().any(|&z| v[z as usize] == m),
                        "follower {w} of {u} cannot reverse to {m}"
                    );
                }
            }
        }
    }
    assert!(finite > 0 && finite < n, "{finite} finite nodes of {n}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// On a game without cycles Smith's function is the Sprague–Grundy function: heap codes that leave at most one
    /// heap give the nim-values of the finite engine.
    #[test]
    fn without_cycles_generalised_values_are_nim_values(
        code in prop::sample::select(vec!["0.3033", "0.333", "0.[3]", "0.30[3]", "0.1[3]", "0.3313"]),
    ) {
        use grundy::heap::{sequence, Code, TakeAndBreak};
        use grundy::loopy::graph::Gsg;
        let solved = grundy::loopy::heap::solve_code(&Code::parse(code).unwrap(), 60).unwrap();
        let values = sequence::values(&TakeAndBreak::parse(code).unwrap(), 60, &mut |_| {}).unwrap();
        for n in 0..=60u32 {
            prop_assert_eq!(solved.value(n), Gsg::Finite(values[n as usize]));
        }
    }
}

#[test]
fn a_code_that_adds_tokens_agrees_with_its_graph_written_out() {
    // 20.3 on heaps 0..=8 (take one, or add one while staying within 8), solved as a code and as an edge list.
    let mut text = String::from("nodes 9\n");
    for n in 1..=8u32 {
        text.push_str(&format!("{n} {}\n", n - 1));
        if n < 8 {
            text.push_str(&format!("{n} {}\n", n + 1));
        }
    }
    let by_graph = Solved::new(Graph::parse(&text).unwrap());
    let code = grundy::heap::Code::parse("20.3").unwrap();
    let by_code = grundy::loopy::heap::solve_code(&code, 8).unwrap();
    for n in 0..=8 {
        assert_eq!(by_code.value(n), by_graph.value(n), "heap {n}");
    }
    let truth = product_outcomes(&by_graph.graph, 2);
    for a in 0..=8u32 {
        for b in 0..=8u32 {
            assert_eq!(
                by_code.analyse(&[a, b]).outcome,
                truth[&vec![a, b]],
                "heaps {a} + {b}"
            );
        }
    }
}

/// Many tokens: the linear analysis (nim-sum of the finite parts, count of the infinite ones) agrees with folding
/// Smith's sum over every token but the one moved, on a random graph with cycles and 400 tokens (issue 19).
#[test]
fn many_tokens_agree_with_the_sum_of_the_others() {
    use grundy::loopy::graph::Gsg;
    let n = 60u32;
    let mut x: u64 = 12345;
    let mut next = |m: u32| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % m as u64) as u32
    };
    let edges: Vec<(u32, u32)> = (0..150).map(|_| (next(n), next(n))).collect();
    let s = Solved::new(Graph::new(n as usize, &edges).unwrap());
    let finite: Vec<u32> = (0..n)
        .filter(|&u| matches!(s.value(u), Gsg::Finite(_)))
        .collect();
    let infinite: Vec<u32> = (0..n)
        .filter(|&u| !matches!(s.value(u), Gsg::Finite(_)))
        .collect();
    assert!(!finite.is_empty() && !infinite.is_empty());
    for inf_tokens in [0usize, 1, 2, 3] {
        let mut tokens: Vec<u32> = (0..400 - inf_tokens)
            .map(|_| finite[next(finite.len() as u32) as usize])
            .collect();
        tokens.extend((0..inf_tokens).map(|_| infinite[next(infinite.len() as u32) as usize]));
        let a = s.analyse(&tokens);
        assert_eq!(a.value, s.sum_value(&tokens));
        let mut want = Vec::new();
        for (i, &u) in tokens.iter().enumerate() {
            let rest = tokens
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .fold(Gsg::Finite(0), |acc, (_, &t)| acc.add(&s.value(t)));
            let mut ws: Vec<u32> = s.graph.followers(u).to_vec();
            ws.sort_unstable();
            ws.dedup();
            for w in ws {
                let after = rest.add(&s.value(w));
                let keep = match a.outcome {
                    Outcome::N => after.outcome() == Outcome::P,
                    Outcome::D => after.outcome() == Outcome::D,
                    Outcome::P => false,
                };
                if keep {
                    want.push((i, w, after));
                }
            }
        }
        let mut got: Vec<(usize, u32, Gsg)> = a
            .winning_moves
            .iter()
            .chain(&a.drawing_moves)
            .map(|m| (m.token, m.to, m.value_after.clone()))
            .collect();
        got.sort_by_key(|m| (m.0, m.1));
        want.sort_by_key(|m| (m.0, m.1));
        assert!(!want.is_empty() || a.outcome == Outcome::P);
        assert_eq!(got, want, "{inf_tokens} infinite tokens");
    }
}

/// The edges of a loopy heap graph are counted without listing them, exactly, and a graph over the memory budget is
/// refused from the count before anything is allocated (issue 19: `20.[3]` on heaps up to 30000 has 4.5·10^8 moves).
#[test]
fn heap_graph_edges_are_counted_before_building() {
    use grundy::heap::Code;
    use grundy::loopy::heap::{heap_graph, heap_graph_edges, heap_graph_within};
    for code in [
        "20.3", "2.3", "20.[3]", "320.13", "1.2[3]", "0.31", "20.1", "3.[1]", "2220.3",
    ] {
        let c = Code::parse(code).unwrap();
        for bound in 0..40u64 {
            let g = heap_graph(&c, bound).unwrap();
            assert_eq!(
                heap_graph_edges(&c, bound),
                g.edges() as u64,
                "{code} to {bound}"
            );
        }
    }
    let c = Code::parse("20.[3]").unwrap();
    assert_eq!(heap_graph_edges(&c, 30_000), 30_000 * 30_001 / 2 + 29_999);
    let t = std::time::Instant::now();
    let e = heap_graph_within(&c, 30_000, 4 << 30).unwrap_err();
    assert_eq!(e.kind(), grundy::ErrorKind::Limit);
    assert!(
        e.to_string().contains("raise the memory limit") && e.message().contains("450044999 moves"),
        "{e}"
    );
    assert!(t.elapsed().as_secs_f64() < 1.0);
    assert!(heap_graph_within(&c, 300, 4 << 30).is_ok());
}
