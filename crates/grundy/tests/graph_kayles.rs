//! Node Kayles and Arc Kayles on graphs (`games::node_kayles`, `games::arc_kayles`), checked against a brute force
//! written here (a plain recursive mex over vertex sets, no components, no canonical labelling), against the octal
//! games they equal on paths, and on bad input.

use grundy::analysis::{analyse, Convention, Report, Sum};
use grundy::games::arc_kayles::ArcKayles;
use grundy::games::node_kayles::NodeKayles;
use grundy::games::ugraph::{graph_components, Component};
use grundy::heap::{sequence, TakeAndBreak};
use grundy::NotationView;
use grundy::{Game, Limits};
use proptest::prelude::*;
use std::collections::HashMap;
use std::rc::Rc;

/// Which game the brute force plays.
#[derive(Clone, Copy, Debug)]
enum Rules {
    Node,
    Arc,
}

/// The nim-value of the subgraph of `adj` induced on `alive`, by the definition: the mex of the options' values.
fn brute(rules: Rules, adj: &[u32], alive: u32, memo: &mut HashMap<u32, u64>) -> u64 {
    if let Some(&v) = memo.get(&alive) {
        return v;
    }
    let mut seen = Vec::new();
    for v in 0..adj.len() {
        if alive >> v & 1 == 0 {
            continue;
        }
        match rules {
            Rules::Node => seen.push(brute(rules, adj, alive & !(adj[v] | 1 << v), memo)),
            Rules::Arc => {
                for w in v + 1..adj.len() {
                    if alive >> w & 1 == 1 && adj[v] >> w & 1 == 1 {
                        seen.push(brute(rules, adj, alive & !(1 << v | 1 << w), memo));
                    }
                }
            }
        }
    }
    let mut m = 0;
    while seen.contains(&m) {
        m += 1;
    }
    memo.insert(alive, m);
    m
}

fn adjacency(n: usize, edges: &[(u32, u32)]) -> Vec<u32> {
    let mut adj = vec![0u32; n];
    for &(x, y) in edges {
        adj[x as usize] |= 1 << y;
        adj[y as usize] |= 1 << x;
    }
    adj
}

fn brute_whole(rules: Rules, n: usize, edges: &[(u32, u32)]) -> u64 {
    brute(
        rules,
        &adjacency(n, edges),
        (1u32 << n) - 1,
        &mut HashMap::new(),
    )
}

/// The nim-value of the sum `positions` of `game` through the library's analysis.
fn analysed<G: Game<Position = Component> + 'static>(game: G, positions: Vec<Component>) -> u64 {
    let mut sum = Sum::new();
    sum.add(&Rc::new(game), positions).unwrap();
    match analyse(&mut sum, Convention::Normal, &grundy::Context::default()).unwrap() {
        Report::Normal(a) => a.nim_value.unwrap(),
        other => panic!("expected a normal-play report, got {other:?}"),
    }
}

fn path(n: usize) -> Vec<(u32, u32)> {
    (1..n as u32).map(|i| (i - 1, i)).collect()
}

/// The graphs of up to 8 vertices from raw pairs: loops dropped, ids reduced mod n.
fn graph(n: usize, raw: &[(u32, u32)]) -> Vec<(u32, u32)> {
    raw.iter()
        .map(|&(a, b)| (a % n as u32, b % n as u32))
        .filter(|(a, b)| a != b)
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn node_kayles_equals_brute_force(n in 1usize..=8, raw in proptest::collection::vec((0u32..8, 0u32..8), 0..20)) {
        let edges = graph(n, &raw);
        let want = brute_whole(Rules::Node, n, &edges);
        prop_assert_eq!(analysed(NodeKayles, graph_components(n, &edges).unwrap()), want);
    }

    #[test]
    fn arc_kayles_equals_brute_force(n in 1usize..=8, raw in proptest::collection::vec((0u32..8, 0u32..8), 0..20)) {
        let edges = graph(n, &raw);
        let want = brute_whole(Rules::Arc, n, &edges);
        prop_assert_eq!(analysed(ArcKayles, graph_components(n, &edges).unwrap()), want);
    }

    /// Relabelling the vertices never changes the components' canonical forms when the brute force decides them,
    /// and never changes a value.
    #[test]
    fn relabelling_keeps_the_value(n in 1usize..=8, raw in proptest::collection::vec((0u32..8, 0u32..8), 0..20), shift in 0u32..8) {
        let edges = graph(n, &raw);
        let perm = |v: u32| (v * 5 + shift) % n as u32; // a bijection only when gcd(5, n) = 1, else skip
        prop_assume!(n % 5 != 0);
        let moved: Vec<(u32, u32)> = edges.iter().map(|&(a, b)| (perm(a), perm(b))).collect();
        let mut a = graph_components(n, &edges).unwrap();
        let mut b = graph_components(n, &moved).unwrap();
        prop_assert_eq!(a.len(), b.len());
        let key = |c: &Component| (c.len(), c.edges().count());
        a.sort_by_key(key);
        b.sort_by_key(key);
        // Components of at most 6 vertices (6! = 720 orders at most) are labelled canonically: the multisets agree.
        if a.iter().all(|c| c.len() <= 6) {
            for c in &a {
                prop_assert_eq!(a.iter().filter(|d| *d == c).count(), b.iter().filter(|d| *d == c).count());
            }
        }
        prop_assert_eq!(analysed(NodeKayles, a), analysed(NodeKayles, b));
    }
}

/// Every graph on 5 vertices (all 2^10 edge sets), both games: the analysis equals the brute force. Isomorphic
/// components share memo entries across these runs only within one analysis, so a wrong merge would show here.
#[test]
fn every_graph_on_five_vertices() {
    let pairs: Vec<(u32, u32)> = (0..5u32)
        .flat_map(|a| (a + 1..5).map(move |b| (a, b)))
        .collect();
    for set in 0u32..1 << pairs.len() {
        let edges: Vec<(u32, u32)> = (0..pairs.len())
            .filter(|i| set >> i & 1 == 1)
            .map(|i| pairs[i])
            .collect();
        let parts = graph_components(5, &edges).unwrap();
        assert_eq!(
            analysed(NodeKayles, parts.clone()),
            brute_whole(Rules::Node, 5, &edges),
            "node {edges:?}"
        );
        assert_eq!(
            analysed(ArcKayles, parts),
            brute_whole(Rules::Arc, 5, &edges),
            "arc {edges:?}"
        );
    }
}

/// Node Kayles on a path is Dawson's chess (0.137); Arc Kayles on a path is Dawson's Kayles (0.07). First checked
/// on small paths against the brute force (so the equivalence is not taken on trust), then to 128 vertices, the most
/// a graph may have ([`grundy::games::ugraph::MAX_VERTICES`]; a path of 129 is refused, see the bad-input test).
#[test]
fn paths_are_dawsons_chess_and_dawsons_kayles() {
    const TO: usize = grundy::games::ugraph::MAX_VERTICES;
    let chess = sequence::values(
        &TakeAndBreak::parse("0.137").unwrap(),
        TO as u64,
        &mut |_| {},
    )
    .unwrap();
    let dawson = sequence::values(
        &TakeAndBreak::parse("0.07").unwrap(),
        TO as u64,
        &mut |_| {},
    )
    .unwrap();
    for n in 1..=14 {
        assert_eq!(
            brute_whole(Rules::Node, n, &path(n)),
            chess[n],
            "node, path {n}"
        );
        assert_eq!(
            brute_whole(Rules::Arc, n, &path(n)),
            dawson[n],
            "arc, path {n}"
        );
    }
    for n in 1..=TO {
        let p = graph_components(n, &path(n)).unwrap();
        assert_eq!(p.len(), 1);
        assert_eq!(analysed(NodeKayles, p.clone()), chess[n], "node, path {n}");
        assert_eq!(analysed(ArcKayles, p), dawson[n], "arc, path {n}");
    }
}

/// Cycles: any first move on the cycle of n leaves a path (n − 3 vertices for Node Kayles, n − 2 for Arc Kayles).
#[test]
fn cycles_are_one_move_from_a_path() {
    let chess = sequence::values(&TakeAndBreak::parse("0.137").unwrap(), 80, &mut |_| {}).unwrap();
    let dawson = sequence::values(&TakeAndBreak::parse("0.07").unwrap(), 80, &mut |_| {}).unwrap();
    let mex1 = |v: u64| if v == 0 { 1 } else { 0 };
    for n in 3..=80usize {
        let mut edges = path(n);
        edges.push((n as u32 - 1, 0));
        let c = graph_components(n, &edges).unwrap();
        assert_eq!(
            analysed(NodeKayles, c.clone()),
            mex1(chess[n - 3]),
            "node, cycle {n}"
        );
        assert_eq!(
            analysed(ArcKayles, c),
            mex1(dawson[n - 2]),
            "arc, cycle {n}"
        );
    }
}

/// Caterpillars (a path with a leaf on every vertex): checked against the brute force up to 12 vertices, then one
/// of 40 vertices (2^40 vertex sets, out of reach of the brute force) is searched through components.
#[test]
fn a_caterpillar_of_forty_vertices_is_searched() {
    let mut edges = path(20);
    edges.extend((0..20u32).map(|i| (i, 20 + i)));
    let parts = graph_components(40, &edges).unwrap();
    // Node Kayles on a caterpillar of 2k vertices: brute force for small k against the analysis first.
    for k in 1..=6usize {
        let mut e = path(k);
        e.extend((0..k as u32).map(|i| (i, k as u32 + i)));
        assert_eq!(
            analysed(NodeKayles, graph_components(2 * k, &e).unwrap()),
            brute_whole(Rules::Node, 2 * k, &e)
        );
        assert_eq!(
            analysed(ArcKayles, graph_components(2 * k, &e).unwrap()),
            brute_whole(Rules::Arc, 2 * k, &e)
        );
    }
    analysed(NodeKayles, parts.clone());
    analysed(ArcKayles, parts);
}

#[test]
fn bad_input_is_a_one_line_error() {
    let dir = std::env::temp_dir().join(format!("grundy-graph-kayles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().into_owned()
    };
    let looped = write("loop.txt", "0 1\n1 1\n");
    let empty = write("empty.txt", "# no edges\n");
    let none = write("none.txt", "nodes 0\n");
    let big = write("big.txt", "0 128\n");
    let missing = dir.join("missing.txt").to_string_lossy().into_owned();
    for (words, says) in [
        (vec![looped], "self-loop"),
        (vec![empty], "empty"),
        (vec![none], "no vertices"),
        (vec![big], "129 vertices"),
        (vec![missing], "cannot read"),
        (vec![], "give one edge-list FILE"),
    ] {
        for e in [
            NodeKayles.parse(&words).unwrap_err(),
            ArcKayles.parse(&words).unwrap_err(),
        ] {
            let m = e.message();
            assert!(m.contains(says), "{words:?}: {m}");
            assert!(!m.contains('\n'), "{m}");
        }
    }
    // A good file: two components and an isolated vertex, read as the sum of its components.
    let ok = write("ok.txt", "nodes 6\n0 1\n1 0\n2 3\n3 4\n");
    let parts = NodeKayles.parse(&[ok]).unwrap();
    assert_eq!(parts.len(), 3);
    // Node Kayles: an edge 1, a path of 3 is 2 (take the middle: 0; an end: 1), a vertex 1.
    assert_eq!(analysed(NodeKayles, parts.clone()), 1 ^ 2 ^ 1);
    // Arc Kayles: an edge 1, a path of 3 is 1, a vertex 0.
    assert_eq!(analysed(ArcKayles, parts), 1 ^ 1);
}

/// The value of one position by the definition, one level deep: the mex of its options' values, each option (a sum
/// of components) valued by its own analysis. No pruning of the option list can hide here: every option is valued.
fn plain_mex<G: Game<Position = Component> + Clone + 'static>(
    game: G,
    p: &Component,
) -> (usize, u64) {
    let mut opts = grundy::Options::new();
    game.options(p, &mut opts).unwrap();
    let mut seen: Vec<u64> = opts
        .iter()
        .map(|o| analysed(game.clone(), o.to_vec()))
        .collect();
    seen.sort_unstable();
    seen.dedup();
    let mex = seen
        .iter()
        .enumerate()
        .find(|&(i, &v)| i as u64 != v)
        .map_or(seen.len() as u64, |(i, _)| i as u64);
    (opts.len(), mex)
}

/// The edges of the complete graph K_n.
fn complete(n: u32) -> Vec<(u32, u32)> {
    (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect()
}

/// The edges of the complete bipartite graph K_(m,n): vertices `0..m` on one side, `m..m + n` on the other.
fn bipartite(m: u32, n: u32) -> Vec<(u32, u32)> {
    (0..m)
        .flat_map(|a| (0..n).map(move |b| (a, m + b)))
        .collect()
}

/// Positions with 256 options or more (igsolve's pruning gives wrong nim-values there; issue 17): Arc Kayles on the
/// complete graph K26 (325 edges), on the complete bipartite K17,18 (306 edges). Each equals the plain mex of its
/// options' values, and the cliques also equal their closed forms: a move on K_n leaves K_(n−2), so the value of
/// K_n is `(n / 2) mod 2`, and a move on K_(m,n) leaves K_(m−1,n−1), so its value is `min(m, n) mod 2`.
#[test]
fn positions_with_more_than_256_options() {
    let k26 = complete(26);
    let bip = bipartite(17, 18);
    for (name, n, edges, closed) in [("K26", 26, k26, 1), ("K17,18", 35, bip, 1)] {
        let parts = graph_components(n, &edges).unwrap();
        assert_eq!(parts.len(), 1, "{name}");
        let (count, mex) = plain_mex(ArcKayles, &parts[0]);
        assert!(count >= 256, "{name}: {count} options");
        let v = analysed(ArcKayles, parts.clone());
        assert_eq!(v, mex, "{name}");
        assert_eq!(v, closed, "{name}");
    }
    // The cliques' closed form on the way up, so the value is not 0 by accident.
    for n in [2u32, 3, 6, 7, 22, 23, 25] {
        let parts = graph_components(n as usize, &complete(n)).unwrap();
        assert_eq!(analysed(ArcKayles, parts), u64::from(n / 2 % 2), "K{n}");
    }
}

/// Every graph on 6 vertices (all 2^15 edge sets, labelled), Node Kayles and Arc Kayles: the analysis equals the
/// brute force. Graphs on 7 and 8 vertices are covered up to isomorphism by
/// `every_graph_up_to_eight_vertices_up_to_isomorphism` (2^21 and 2^28 labelled edge sets are too many).
#[test]
fn every_graph_on_six_vertices() {
    let pairs: Vec<(u32, u32)> = (0..6u32)
        .flat_map(|a| (a + 1..6).map(move |b| (a, b)))
        .collect();
    for set in 0u32..1 << pairs.len() {
        let edges: Vec<(u32, u32)> = (0..pairs.len())
            .filter(|i| set >> i & 1 == 1)
            .map(|i| pairs[i])
            .collect();
        let parts = graph_components(6, &edges).unwrap();
        assert_eq!(
            analysed(NodeKayles, parts.clone()),
            brute_whole(Rules::Node, 6, &edges),
            "node {edges:?}"
        );
        assert_eq!(
            analysed(ArcKayles, parts),
            brute_whole(Rules::Arc, 6, &edges),
            "arc {edges:?}"
        );
    }
}

/// The key of a graph up to the library's labelling: its components' labelled adjacency, sorted. Equal keys are
/// isomorphic graphs (a relabelling is an isomorphism); isomorphic graphs get equal keys when the labelling is
/// canonical, which the counts below check against the known numbers of graphs.
fn key(n: usize, adj: &[u32]) -> Vec<Vec<(usize, usize)>> {
    let edges: Vec<(u32, u32)> = (0..n as u32)
        .flat_map(|v| {
            (v + 1..n as u32)
                .filter(move |&w| adj[v as usize] >> w & 1 == 1)
                .map(move |w| (v, w))
        })
        .collect();
    let mut k: Vec<Vec<(usize, usize)>> = graph_components(n, &edges)
        .unwrap()
        .iter()
        .map(|c| {
            let mut e: Vec<(usize, usize)> = c.edges().collect();
            e.push((c.len(), usize::MAX));
            e
        })
        .collect();
    k.sort();
    k
}

/// One graph of every isomorphism class on `n` vertices, for `n` up to `to`, as adjacency rows: each class on `n`
/// vertices is a class on `n − 1` plus a vertex joined to some subset (delete any vertex of a graph to see it), so
/// extending one graph of each smaller class by every subset reaches every class; duplicates are dropped by
/// [`key`].
fn graphs_up_to(to: usize) -> Vec<Vec<Vec<u32>>> {
    let mut by_size: Vec<Vec<Vec<u32>>> = vec![vec![vec![]]];
    for n in 1..=to {
        let mut seen = std::collections::HashSet::new();
        let mut next = Vec::new();
        for g in &by_size[n - 1] {
            for subset in 0u32..1 << (n - 1) {
                let mut adj = g.clone();
                for (v, row) in adj.iter_mut().enumerate() {
                    *row |= (subset >> v & 1) << (n - 1);
                }
                adj.push(subset);
                if seen.insert(key(n, &adj)) {
                    next.push(adj);
                }
            }
        }
        by_size.push(next);
    }
    by_size
}

/// Every graph on 1 to 8 vertices up to isomorphism (12,346 on 8: OEIS A000088), Node Kayles and Arc Kayles, with
/// one solver per game for all of them (so a wrong merge of two components of different graphs would show): the
/// search equals the brute force. The graphs are counted against A000088 (1, 2, 4, 11, 34, 156, 1044, 12346):
/// exactly that many (every class is there, and the labelling is canonical).
#[test]
fn every_graph_up_to_eight_vertices_up_to_isomorphism() {
    let all = graphs_up_to(8);
    let counts: Vec<usize> = all.iter().skip(1).map(Vec::len).collect();
    // Every class is reached and no two non-isomorphic graphs share a key, so there are at least as many graphs as
    // classes; exactly as many when the labelling is canonical. (Before the individualisation search, colour
    // refinement's ties past 720 orders were broken by id: 1 graph too many on 7 vertices, 43 on 8.)
    let classes = [1, 2, 4, 11, 34, 156, 1044, 12346];
    assert_eq!(counts, classes, "canonical up to 8 vertices");
    let mut node = grundy::Solver::new(NodeKayles);
    let mut arc = grundy::Solver::new(ArcKayles);
    for (n, graphs) in all.iter().enumerate().skip(1) {
        for adj in graphs {
            let edges: Vec<(u32, u32)> = (0..n as u32)
                .flat_map(|v| {
                    (v + 1..n as u32)
                        .filter(move |&w| adj[v as usize] >> w & 1 == 1)
                        .map(move |w| (v, w))
                })
                .collect();
            let parts = graph_components(n, &edges).unwrap();
            let whole = (1u32 << n) - 1;
            assert_eq!(
                node.sum_value(&parts).unwrap(),
                brute(Rules::Node, adj, whole, &mut HashMap::new()),
                "node {edges:?}"
            );
            assert_eq!(
                arc.sum_value(&parts).unwrap(),
                brute(Rules::Arc, adj, whole, &mut HashMap::new()),
                "arc {edges:?}"
            );
        }
    }
}

/// Tables of Node Kayles and Arc Kayles (`grundy table node-kayles`): the cell (r, c) is the grid graph P_r □ P_c,
/// whose value equals the brute force up to 4 × 5 (and 2 × 9, 3 × 6); 1 × n is the path (0.137 and 0.07); a side
/// of 0 names no position; a grid of more than 128 vertices is an error, not a gap.
#[test]
fn tables_are_grid_graphs() {
    use grundy::games::registry::lookup;
    use grundy::games::ugraph::grid_edges;
    let mut cells: Vec<Vec<u64>> = Vec::new();
    for r in 0..=4u64 {
        for c in 0..=5u64 {
            cells.push(vec![r, c]);
        }
    }
    cells.extend([vec![2, 9], vec![9, 2], vec![3, 6]]);
    for (name, rules) in [("node-kayles", Rules::Node), ("arc-kayles", Rules::Arc)] {
        let game = lookup(name).unwrap();
        assert_eq!(game.parameters(), 2);
        let values = game
            .values_at(&cells, &grundy::Context::default(), &mut |_| {})
            .unwrap();
        for (cell, v) in cells.iter().zip(&values) {
            let (r, c) = (cell[0] as usize, cell[1] as usize);
            if r == 0 || c == 0 {
                assert_eq!(*v, None, "{name} {r}x{c}");
                continue;
            }
            let want = brute_whole(rules, r * c, &grid_edges(r, c));
            assert_eq!(*v, Some(want), "{name} {r}x{c}");
        }
        let e = game
            .values_at(&[vec![12, 11]], &grundy::Context::default(), &mut |_| {})
            .unwrap_err();
        assert!(e.message().contains("at most 128 vertices"), "{e}");
    }
    // Paths through the family word: node-kayles path:N is Dawson's chess.
    let chess = sequence::values(&TakeAndBreak::parse("0.137").unwrap(), 30, &mut |_| {}).unwrap();
    for n in 1..=30u64 {
        let p = NodeKayles.parse(&[format!("path:{n}")]).unwrap();
        assert_eq!(analysed(NodeKayles, p), chess[n as usize], "path:{n}");
    }
    for (word, says) in [
        ("cycle:2", "at least 3 vertices"),
        ("grid:3", "two sides"),
        ("grid:12x11", "132 vertices"),
        ("path:0", "at least 1 vertex"),
        ("path:x", "path:N"),
    ] {
        let e = NodeKayles.parse(&[word.to_string()]).unwrap_err();
        assert!(e.message().contains(says), "{word}: {e}");
        assert!(!e.message().contains('\n'));
    }
}

/// A memory budget smaller than the search's memo empties the memo when it is full and the search goes on, to the
/// same value (issue 17: a memory limit that evicts rather than dies), for both games.
#[test]
fn a_small_memory_budget_evicts_and_gives_the_same_value() {
    let grid = grundy::games::ugraph::grid(5, 6).expect("a grid");
    let limits = |max_memory| Limits {
        max_memory,
        ..Limits::default()
    };
    let mut free = grundy::Solver::with_limits(NodeKayles, limits(1 << 30));
    let want = free.nim_value(&grid).unwrap();
    assert_eq!(free.evicted(), 0);
    // A budget of 128 KiB (the memo may hold half of it), less than the unbounded search keeps (its values, and
    // the facts "G != v" of the search by tests): it evicts.
    let mut tight = grundy::Solver::with_limits(NodeKayles, limits(1 << 17));
    assert_eq!(tight.nim_value(&grid).unwrap(), want);
    assert!(tight.evicted() > 0);
    assert!(tight.expanded() > free.expanded());
    let grid = grundy::games::ugraph::grid(4, 5).expect("a grid");
    let mut free = grundy::Solver::with_limits(ArcKayles, limits(1 << 30));
    let want = free.nim_value(&grid).unwrap();
    let mut tight = grundy::Solver::with_limits(ArcKayles, limits(1 << 17));
    assert_eq!(tight.nim_value(&grid).unwrap(), want);
    assert!(tight.evicted() > 0, "{}", free.stored());
}

/// Checks `Game::distinct_options` of `c` against its options: each distinct option is an option, and the set of
/// their values (by `brute_force_value`, the definition, which reads every option) is the set of all options'.
fn check_distinct<G: Game<Position = Component>>(
    game: G,
    c: &Component,
) -> Result<(), TestCaseError> {
    let (mut all, mut distinct) = (grundy::Options::new(), grundy::Options::new());
    game.options(c, &mut all).unwrap();
    game.distinct_options(c, &mut distinct).unwrap();
    let value = |o: &[Component]| {
        o.iter()
            .fold(0, |v, p| v ^ grundy::solver::brute_force_value(&game, p))
    };
    for o in distinct.iter() {
        prop_assert!(
            all.iter().any(|a| a == o),
            "{} is not an option",
            game.show_sum(o)
        );
    }
    let mut want: Vec<u64> = all.iter().map(value).collect();
    let mut got: Vec<u64> = distinct.iter().map(value).collect();
    for v in [&mut want, &mut got] {
        v.sort_unstable();
        v.dedup();
    }
    prop_assert_eq!(got, want, "{}", game.show(c));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Twins (vertices with the same neighbours) make isomorphic options, of which the searches read one
    /// (`Game::distinct_options`, by `Component::twin_classes`): random graphs with false and true twins added.
    #[test]
    fn distinct_options_have_the_values_of_all_options(
        n in 1usize..=5,
        raw in proptest::collection::vec((0u32..5, 0u32..5), 0..10),
        twins in proptest::collection::vec((0u32..8, any::<bool>()), 1..3),
    ) {
        let mut edges = graph(n, &raw);
        let mut m = n as u32;
        for (t, adjacent) in twins {
            let t = t % m;
            let copied: Vec<(u32, u32)> = edges
                .iter()
                .filter_map(|&(a, b)| match (a == t, b == t) {
                    (true, _) => Some((m, b)),
                    (_, true) => Some((a, m)),
                    _ => None,
                })
                .collect();
            edges.extend(copied);
            if adjacent {
                edges.push((t, m));
            }
            m += 1;
        }
        for c in graph_components(m as usize, &edges).unwrap() {
            check_distinct(NodeKayles, &c)?;
            check_distinct(ArcKayles, &c)?;
        }
    }
}

/// Graphs whose options are all alike: Arc Kayles on the complete graph K128 (8,128 edges, each leaving K126) and
/// the complete bipartite K64,64 and K63,64; Node Kayles on the star K1,127 and K1,126 (a leaf leaves the other
/// leaves, the centre nothing: value 1 for an odd number of leaves, 2 for an even one). The closed forms of
/// `positions_with_more_than_256_options`; the searches read one option of each twin class (a review found K128
/// took 14.6 s when every option was labelled).
#[test]
fn graphs_of_twins_have_their_closed_forms() {
    let star = |n: u32| -> Vec<(u32, u32)> { (1..=n).map(|b| (0, b)).collect() };
    let arc = |n: usize, e: Vec<(u32, u32)>| analysed(ArcKayles, graph_components(n, &e).unwrap());
    let node =
        |n: usize, e: Vec<(u32, u32)>| analysed(NodeKayles, graph_components(n, &e).unwrap());
    assert_eq!(arc(128, complete(128)), 0);
    assert_eq!(arc(127, complete(127)), 1);
    assert_eq!(arc(126, complete(126)), 1);
    assert_eq!(arc(128, bipartite(64, 64)), 0);
    assert_eq!(arc(127, bipartite(63, 64)), 1);
    assert_eq!(node(128, star(127)), 1);
    assert_eq!(node(127, star(126)), 2);
}
