//! Loopy heap codes whose moves split heaps (`grundy::loopy::multiset`): outcomes of sums of heaps against a
//! retrograde analysis of the whole multiset graph of the sum, with a move generator written here from the digits
//! (no `Code::for_each_option`, no theory of sums); and, without cycles, the nim-values of the finite engine.

use grundy::heap::{sequence, Code, TakeAndBreak};
use grundy::loopy::graph::Gsg;
use grundy::loopy::multiset::MultisetGame;
use grundy::{ErrorKind, Outcome};
use proptest::prelude::*;
use std::collections::HashMap;

/// A small code: additive digit `a` (`d_{-1}`), then `d0`, `d1`, `d2` as bit masks (bit `k`: leave `k` heaps).
#[derive(Debug, Clone, Copy)]
struct Small {
    a: u8,
    d: [u8; 3],
}

impl Small {
    fn text(&self) -> String {
        let [d0, d1, d2] = self.d;
        if self.a > 0 {
            format!("{}{d0}.{d1}{d2}", self.a)
        } else {
            format!("{d0}.{d1}{d2}")
        }
    }
}

/// Every partition of `m` into exactly `k` positive parts, each at most `max`, nondecreasing.
fn parts(m: u32, k: u32, max: u32) -> Vec<Vec<u32>> {
    fn go(m: u32, k: u32, lo: u32, max: u32, cur: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if k == 0 {
            if m == 0 {
                out.push(cur.clone());
            }
            return;
        }
        for p in lo..=max.min(m) {
            cur.push(p);
            go(m - p, k - 1, p, max, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(m, k, 1, max, &mut Vec::new(), &mut out);
    out
}

/// The heaps a heap of `h` may become (the pass of `d0` bit 1 included: the heap `h` itself).
fn heap_moves(c: Small, h: u32, bound: u32) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for (j, &d) in c.d.iter().enumerate() {
        let j = j as u32;
        if j > h {
            continue;
        }
        for k in 0..4u32 {
            if d >> k & 1 == 1 {
                out.extend(parts(h - j, k, bound));
            }
        }
    }
    for k in 1..4u32 {
        if c.a >> k & 1 == 1 {
            out.extend(parts(h + 1, k, bound));
        }
    }
    out
}

/// Outcomes of every multiset reachable from `start`, by retrograde analysis; `None` past `cap` multisets.
fn brute(c: Small, bound: u32, start: Vec<u32>, cap: usize) -> Option<HashMap<Vec<u32>, Outcome>> {
    let mut id: HashMap<Vec<u32>, usize> = HashMap::new();
    let mut states = vec![start.clone()];
    id.insert(start, 0);
    let mut succ: Vec<Vec<usize>> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let s = states[i].clone();
        let mut out = Vec::new();
        for x in 0..s.len() {
            for repl in heap_moves(c, s[x], bound) {
                let mut t: Vec<u32> = s[..x].iter().chain(&s[x + 1..]).copied().collect();
                t.extend(repl);
                t.sort_unstable();
                let n = states.len();
                let v = *id.entry(t.clone()).or_insert(n);
                if v == n {
                    states.push(t);
                    if states.len() > cap {
                        return None;
                    }
                }
                out.push(v);
            }
        }
        succ.push(out);
        i += 1;
    }
    let n = states.len();
    let mut pred = vec![Vec::new(); n];
    for (u, s) in succ.iter().enumerate() {
        for &v in s {
            pred[v].push(u);
        }
    }
    let mut out = vec![Outcome::D; n];
    let mut left: Vec<usize> = succ.iter().map(Vec::len).collect();
    let mut queue: Vec<usize> = (0..n).filter(|&u| left[u] == 0).collect();
    for &u in &queue {
        out[u] = Outcome::P;
    }
    let mut head = 0;
    while head < queue.len() {
        let v = queue[head];
        head += 1;
        for &u in &pred[v] {
            if out[u] != Outcome::D {
                continue;
            }
            if out[v] == Outcome::P {
                out[u] = Outcome::N;
                queue.push(u);
            } else {
                left[u] -= 1;
                if left[u] == 0 {
                    out[u] = Outcome::P;
                    queue.push(u);
                }
            }
        }
    }
    Some(states.into_iter().zip(out).collect())
}

/// Compares the library with the brute force on the sum `heaps`; false when either gave up at its budget.
fn compare(c: Small, bound: u32, heaps: &[u32]) -> bool {
    let code = Code::parse(&c.text()).unwrap();
    let hs: Vec<u64> = heaps.iter().map(|&h| h as u64).collect();
    let game = match MultisetGame::solve(&code, bound as u64, &hs, 3000) {
        Ok(g) => g,
        Err(e) => {
            assert_eq!(e.kind(), ErrorKind::Limit, "{}: {}", c.text(), e.message());
            return false;
        }
    };
    let mut start: Vec<u32> = heaps.iter().copied().filter(|&h| h > 0).collect();
    start.sort_unstable();
    let Some(truth) = brute(c, bound, start.clone(), 40_000) else {
        return false;
    };
    let a = game.analyse();
    let what = format!("{} heaps {heaps:?} bound {bound}", c.text());
    assert_eq!(a.outcome, truth[&start], "{what}: value {}", a.value);
    assert_eq!(a.outcome, a.value.outcome(), "{what}");
    for m in &a.winning_moves {
        assert_eq!(
            truth[&game.after(m)],
            Outcome::P,
            "{what}: winning move {m:?}"
        );
    }
    for m in &a.drawing_moves {
        assert_eq!(
            truth[&game.after(m)],
            Outcome::D,
            "{what}: draw-keeping move {m:?}"
        );
    }
    assert_eq!(
        a.winning_moves.is_empty(),
        a.outcome != Outcome::N,
        "{what}"
    );
    assert_eq!(
        a.drawing_moves.is_empty(),
        a.outcome != Outcome::D,
        "{what}"
    );
    // Every move of the sum that reaches a P-position (an N-position) or a D-position is listed.
    let listed_p = a.winning_moves.len();
    let mut p_moves = 0;
    for (i, &h) in heaps.iter().enumerate() {
        let mut seen = std::collections::BTreeSet::new();
        for repl in if h == 0 {
            vec![]
        } else {
            heap_moves(c, h, bound)
        } {
            if !seen.insert(repl.clone()) {
                continue;
            }
            let mut t: Vec<u32> = heaps
                .iter()
                .enumerate()
                .filter(|&(j, &x)| j != i && x > 0)
                .map(|(_, &x)| x)
                .collect();
            t.extend(repl);
            t.sort_unstable();
            if truth[&t] == Outcome::P {
                p_moves += 1;
            }
        }
    }
    if a.outcome == Outcome::N {
        assert_eq!(listed_p, p_moves, "{what}: every winning move is listed");
    }
    true
}

#[test]
fn loopy_splitting_codes_agree_with_the_multiset_graph_of_the_sum() {
    // Additive digit 0–3 left of the point, d0 ∈ {0, 2, 4, 6, 8} (split in two or three, pass), d1 and d2 octal
    // from a fixed pseudo-random stream; heaps of at most 3 or 4; one to three heaps. (Bit 2 of d_{-1}, adding a
    // token and splitting, makes every graph that reaches a heap of 1 infinite: a heap of 1 becomes two heaps of 1,
    // and so on; see `budgets_and_bad_heaps_are_one_line_errors`.)
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = |m: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % m
    };
    let (mut compared, mut splitting, mut draws, mut tried) = (0, 0, 0, 0);
    for a in 0..4u8 {
        for d0 in [0u8, 2, 4, 6, 8] {
            for _ in 0..10 {
                let c = Small {
                    a,
                    d: [d0, next(8) as u8, next(8) as u8],
                };
                let bound = 3 + next(2) as u32;
                for _ in 0..3 {
                    let k = 1 + next(3) as usize;
                    let heaps: Vec<u32> = (0..k).map(|_| next(bound as u64 + 1) as u32).collect();
                    tried += 1;
                    if compare(c, bound, &heaps) {
                        compared += 1;
                        if (d0 >= 4 || c.d[1] >= 4 || c.d[2] >= 4) && heaps.iter().any(|&h| h > 1) {
                            splitting += 1;
                        }
                        let code = Code::parse(&c.text()).unwrap();
                        let hs: Vec<u64> = heaps.iter().map(|&h| h as u64).collect();
                        let g = MultisetGame::solve(&code, bound as u64, &hs, 3000).unwrap();
                        if g.analyse().outcome == Outcome::D {
                            draws += 1;
                        }
                    }
                }
            }
        }
    }
    // The budgets must leave most cases compared, splitting codes and draws among them.
    eprintln!("compared {compared} of {tried}, splitting {splitting}, draws {draws}");
    assert!(compared * 2 > tried, "compared {compared} of {tried}");
    assert!(splitting > 100, "{splitting} splitting cases");
    assert!(draws > 20, "{draws} draws");
}

#[test]
fn budgets_and_bad_heaps_are_one_line_errors() {
    // 24.0 adds a token or splits a heap: ever more heaps of at most 4, an infinite graph.
    let code = Code::parse("24.0").unwrap();
    let e = MultisetGame::solve(&code, 4, &[3], 500).err().unwrap();
    assert_eq!(e.kind(), ErrorKind::Limit);
    assert!(
        e.message().contains("more than 500 positions"),
        "{}",
        e.message()
    );
    assert!(!e.message().contains('\n'));
    // 40.1: add a token and split (d_{-1} = 4), or take a last token (d1 = 1): {1} -> {1,1} -> {1,1,1} -> …
    let e = MultisetGame::solve(&Code::parse("40.1").unwrap(), 4, &[1], 500)
        .err()
        .unwrap();
    assert_eq!(e.kind(), ErrorKind::Limit);
    let e = MultisetGame::solve(&code, 4, &[5], 500).err().unwrap();
    assert_eq!(e.kind(), ErrorKind::Input);
    assert!(
        e.message().contains("larger than the heap bound 4"),
        "{}",
        e.message()
    );
    let e = MultisetGame::solve(&code, 1 << 40, &[5], 500)
        .err()
        .unwrap();
    assert_eq!(e.kind(), ErrorKind::Limit);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Without cycles Smith's function is the Sprague–Grundy function (Smith 1966): a finite splitting code gives,
    /// on the node {n} of its multiset graph, the nim-value of the finite engine.
    #[test]
    fn finite_splitting_codes_give_the_nim_values_of_the_finite_engine(
        d0 in prop::sample::select(vec![0u8, 4, 8]),
        d in prop::collection::vec(0u8..8, 1..4),
        n in 0u64..14,
    ) {
        let text = format!("{d0}.{}", d.iter().map(u8::to_string).collect::<String>());
        let code = Code::parse(&text).unwrap();
        let values = sequence::values(&TakeAndBreak::parse(&text).unwrap(), n, &mut |_| {}).unwrap();
        let g = MultisetGame::solve(&code, n, &[n], 2_000_000).unwrap();
        prop_assert_eq!(g.solved.value(g.starts[0]), Gsg::Finite(values[n as usize]), "{} heap {}", text, n);
    }
}

#[test]
fn named_finite_codes_give_their_nim_values() {
    // Kayles (0.77), Dawson's Kayles (0.07), Grundy's game (4!.0), Lasker's Nim (4.[3]) as multiset graphs.
    for (text, top) in [("0.77", 20u64), ("0.07", 20), ("4!.0", 22), ("4.333333", 6)] {
        let code = Code::parse(text).unwrap();
        let values =
            sequence::values(&TakeAndBreak::parse(text).unwrap(), top, &mut |_| {}).unwrap();
        let heaps: Vec<u64> = (0..=top).collect();
        let g = MultisetGame::solve(&code, top, &heaps, 2_000_000).unwrap();
        assert_eq!(values.len(), g.starts.len());
        for (n, (&start, &v)) in g.starts.iter().zip(&values).enumerate() {
            assert_eq!(g.solved.value(start), Gsg::Finite(v), "{text} heap {n}");
        }
    }
}

#[test]
fn a_multiset_node_has_the_smith_sum_of_its_heaps_values() {
    // Smith's theorem read on one graph: the node of a multiset {h_1, …, h_k} is the sum of the games {h_i}, so its
    // generalised value (computed from the graph alone) is the Smith sum of the values of the nodes {h_i} — the
    // identity that lets a sum of heaps be solved per component. Checked on every node of random small codes.
    let mut x: u64 = 0x1234_5678_9abc_def1;
    let mut next = |m: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % m
    };
    let mut checked = 0;
    for _ in 0..600 {
        let c = Small {
            a: next(4) as u8,
            d: [
                [0u8, 2, 4, 6, 8][next(5) as usize],
                next(8) as u8,
                next(8) as u8,
            ],
        };
        let bound = 3 + next(4);
        let code = Code::parse(&c.text()).unwrap();
        let heaps: Vec<u64> = (0..=bound).collect();
        let Ok(g) = MultisetGame::solve(&code, bound, &heaps, 5000) else {
            continue;
        };
        for u in 0..g.positions() as u32 {
            let ms = g.multiset(u);
            if ms.len() < 2 {
                continue;
            }
            let sum = ms.iter().fold(Gsg::Finite(0), |acc, &h| {
                acc.add(&g.solved.value(g.starts[h as usize]))
            });
            assert_eq!(g.solved.value(u), sum, "{} multiset {ms:?}", c.text());
            checked += 1;
        }
    }
    assert!(checked > 1000, "{checked} multisets checked");
}
