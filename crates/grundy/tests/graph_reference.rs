//! Graph files against a reference written from the format's documentation alone (README, "Graph files"): "a line
//! `X Y` for each edge X → Y (node ids are non-negative integers, used as written), blank lines and lines starting
//! with `#` ignored, and an optional first line `nodes N` that fixes the nodes to 0..N−1".
//!
//! Random files (edges, comments, blank lines, a header or not, spacing, CRLF, and broken lines) are read by
//! [`Graph::parse`] and by the reference below; the two must accept the same files and give the same graphs, and
//! the games played on them must have the values a plain search over the reference's edges gives: nim-values of
//! the DAG game `graph` when the graph has no cycle (and an error when it has one), and outcomes P, N, D of tokens
//! on the loopy graph.

use grundy::games::digraph::Dag;
use grundy::loopy::graph::{outcomes, Graph};
use grundy::Outcome;
use proptest::prelude::*;

/// The reference reader: the documented format, nothing more. `Err` carries no message: only acceptance counts.
fn reference(text: &str) -> Result<(usize, Vec<(u32, u32)>), ()> {
    let mut declared: Option<u64> = None;
    let mut edges = Vec::new();
    let mut first = true;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if first && words.len() == 2 && words[0] == "nodes" {
            declared = Some(number(words[1]).ok_or(())?);
            first = false;
            continue;
        }
        first = false;
        if words.len() != 2 {
            return Err(());
        }
        let (x, y) = (number(words[0]).ok_or(())?, number(words[1]).ok_or(())?);
        if x > u32::MAX as u64 || y > u32::MAX as u64 {
            return Err(());
        }
        if let Some(n) = declared {
            if x >= n || y >= n {
                return Err(());
            }
        }
        edges.push((x as u32, y as u32));
    }
    let nodes = match declared {
        Some(n) => n as usize,
        None => edges
            .iter()
            .map(|&(x, y)| x.max(y) as usize + 1)
            .max()
            .ok_or(())?,
    };
    Ok((nodes, edges))
}

fn number(w: &str) -> Option<u64> {
    if w.is_empty() || !w.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    w.parse().ok()
}

/// Nim-values of the reference graph by plain recursion, or `None` when it has a cycle.
fn dag_values(nodes: usize, edges: &[(u32, u32)]) -> Option<Vec<u64>> {
    fn visit(u: usize, adj: &[Vec<usize>], state: &mut [u8], val: &mut [u64]) -> bool {
        match state[u] {
            2 => return true,
            1 => return false,
            _ => {}
        }
        state[u] = 1;
        let mut seen = Vec::new();
        for &w in &adj[u] {
            if !visit(w, adj, state, val) {
                return false;
            }
            seen.push(val[w]);
        }
        val[u] = (0..).find(|v| !seen.contains(v)).unwrap();
        state[u] = 2;
        true
    }
    let mut adj = vec![Vec::new(); nodes];
    for &(x, y) in edges {
        adj[x as usize].push(y as usize);
    }
    let (mut state, mut val) = (vec![0u8; nodes], vec![0u64; nodes]);
    for u in 0..nodes {
        if !visit(u, &adj, &mut state, &mut val) {
            return None;
        }
    }
    Some(val)
}

/// Outcomes of one token on each node by the usual fixed point: N when some move reaches a P-position, P when
/// every move reaches an N-position (none at all included), D for what is never labelled.
fn loopy_outcomes(nodes: usize, edges: &[(u32, u32)]) -> Vec<Outcome> {
    let mut adj = vec![Vec::new(); nodes];
    for &(x, y) in edges {
        adj[x as usize].push(y as usize);
    }
    let mut out: Vec<Option<Outcome>> = vec![None; nodes];
    loop {
        let mut changed = false;
        for u in 0..nodes {
            if out[u].is_some() {
                continue;
            }
            if adj[u].iter().any(|&w| out[w] == Some(Outcome::P)) {
                out[u] = Some(Outcome::N);
                changed = true;
            } else if adj[u].iter().all(|&w| out[w] == Some(Outcome::N)) {
                out[u] = Some(Outcome::P);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    out.into_iter().map(|o| o.unwrap_or(Outcome::D)).collect()
}

/// One line of a generated file.
fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => (0u32..10, 0u32..10, prop::sample::select(vec![" ", "  ", "\t", " \t "]))
            .prop_map(|(x, y, sep)| format!("{x}{sep}{y}")),
        1 => Just(String::new()),
        1 => Just("   ".to_string()),
        1 => "[a-z ]{0,8}".prop_map(|c| format!("#{c}")),
        1 => "[a-z ]{0,8}".prop_map(|c| format!("  # {c}")),
        // Broken lines: one word, three words, a letter, a sign, a huge id, a misplaced header.
        1 => prop::sample::select(vec![
            "3", "1 2 3", "x 1", "1 y", "-1 2", "+1 2", "1 99999999999", "4294967296 0", "nodes 4", "nodes",
            "nodes x", "1, 2", "0x1 2",
        ])
        .prop_map(str::to_string),
    ]
}

fn file() -> impl Strategy<Value = String> {
    (
        prop::option::of(0u64..12),
        prop::collection::vec(line(), 0..14),
        any::<bool>(),
    )
        .prop_map(|(header, lines, crlf)| {
            let mut all = Vec::new();
            if let Some(n) = header {
                all.push(format!("nodes {n}"));
            }
            all.extend(lines);
            all.join(if crlf { "\r\n" } else { "\n" })
        })
}

fn check(text: &str) -> Result<(), TestCaseError> {
    let ours = Graph::parse(text);
    let reference = reference(text);
    prop_assert_eq!(
        ours.is_ok(),
        reference.is_ok(),
        "accepted by one reader only: {:?}; ours: {:?}",
        text,
        ours.as_ref().err()
    );
    let (Ok(g), Ok((nodes, edges))) = (ours, reference) else {
        return Ok(());
    };
    prop_assert_eq!(g.nodes(), nodes);
    for u in 0..nodes as u32 {
        let mut a: Vec<u32> = g.followers(u).to_vec();
        let mut b: Vec<u32> = edges.iter().filter(|e| e.0 == u).map(|e| e.1).collect();
        a.sort_unstable();
        b.sort_unstable();
        prop_assert_eq!(a, b, "followers of {} in {:?}", u, text);
    }
    match (Dag::from_graph(&g), dag_values(nodes, &edges)) {
        (Ok(dag), Some(values)) => {
            for (u, v) in values.iter().enumerate() {
                prop_assert_eq!(dag.value(u + 1), *v, "node {} of {:?}", u, text);
            }
        }
        (Err(_), None) => {}
        (ours, theirs) => prop_assert!(
            false,
            "DAG disagreement on {:?}: ours {:?}, reference acyclic {}",
            text,
            ours.err(),
            theirs.is_some()
        ),
    }
    prop_assert_eq!(outcomes(&g), loopy_outcomes(nodes, &edges), "{:?}", text);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 3000,
        rng_seed: proptest::test_runner::RngSeed::Fixed(18),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn graph_files_mean_what_the_format_says(text in file()) {
        check(&text)?;
    }
}

#[test]
fn hand_picked_files() {
    for text in [
        "",
        "# nothing\n\n",
        "nodes 0\n",
        "nodes 3\n",
        "nodes 2\n0 1\n1 0\n",
        "0 1\n1 2\n2 0\n2 3\n",
        "0 0\n",
        "nodes 3\n0 3\n",
        "0 1\nnodes 3\n",
        "  0   1  \r\n  # c\r\n1 2",
    ] {
        check(text).unwrap();
    }
}
