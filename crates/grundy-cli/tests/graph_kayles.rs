//! `grundy value node-kayles FILE` and `arc-kayles FILE`: the value printed equals a brute force written here, and
//! every winning move printed leads to a P-position (checked by the brute force on the vertices it leaves).

use crate::common;
use common::*;
use std::collections::{BTreeSet, HashMap};

/// The nim-value of the subgraph of `adj` induced on `alive` (`arc`: Arc Kayles, else Node Kayles), by the
/// definition.
fn brute(arc: bool, adj: &[u32], alive: u32, memo: &mut HashMap<u32, u64>) -> u64 {
    if let Some(&v) = memo.get(&alive) {
        return v;
    }
    let mut seen = Vec::new();
    for v in (0..adj.len()).filter(|&v| alive >> v & 1 == 1) {
        if arc {
            for w in (v + 1..adj.len()).filter(|&w| alive >> w & 1 == 1 && adj[v] >> w & 1 == 1) {
                seen.push(brute(arc, adj, alive & !(1 << v | 1 << w), memo));
            }
        } else {
            seen.push(brute(arc, adj, alive & !(adj[v] | 1 << v), memo));
        }
    }
    let mut m = 0;
    while seen.contains(&m) {
        m += 1;
    }
    memo.insert(alive, m);
    m
}

/// The vertex ids of a shown sum: `{0-3, 7} + {9}`, or `the empty position`.
fn ids(shown: &str) -> BTreeSet<u32> {
    let mut out = BTreeSet::new();
    for part in shown.split(" + ") {
        let Some(inner) = part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) else {
            assert_eq!(part, "the empty position");
            continue;
        };
        for run in inner.split(", ") {
            match run.split_once('-') {
                Some((a, b)) => out.extend(a.parse::<u32>().unwrap()..=b.parse().unwrap()),
                None => {
                    out.insert(run.parse().unwrap());
                }
            }
        }
    }
    out
}

/// Pseudo-random graphs on `n` vertices (a fixed linear congruential sequence; no self-loops).
fn graphs() -> Vec<(usize, Vec<(u32, u32)>)> {
    let mut s = 12345u64;
    let mut next = move || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (s >> 33) as u32
    };
    let mut out = vec![
        (9, (1..9).map(|i| (i - 1, i)).collect()),
        (7, vec![(0, 1), (1, 2), (2, 0), (3, 4), (4, 5)]),
    ];
    for _ in 0..10 {
        let n = 6 + next() as usize % 9;
        let m = next() as usize % (2 * n);
        let edges = (0..m)
            .map(|_| (next() % n as u32, next() % n as u32))
            .filter(|(a, b)| a != b)
            .collect();
        out.push((n, edges));
    }
    out
}

#[test]
fn every_printed_winning_move_leads_to_a_p_position() {
    let mut winning_positions = 0;
    for (i, (n, edges)) in graphs().into_iter().enumerate() {
        let mut text = format!("nodes {n}\n");
        for (a, b) in &edges {
            text.push_str(&format!("{a} {b}\n"));
        }
        let file = temp_file("graph-kayles", &format!("g{i}.txt"), &text);
        let mut adj = vec![0u32; n];
        for &(a, b) in &edges {
            adj[a as usize] |= 1 << b;
            adj[b as usize] |= 1 << a;
        }
        for (game, arc) in [("node-kayles", false), ("arc-kayles", true)] {
            let j = json(&grundy(&["value", game, &file, "--json"]));
            let mut memo = HashMap::new();
            let whole = brute(arc, &adj, (1 << n) - 1, &mut memo);
            assert_eq!(j["nim_value"].as_u64(), Some(whole), "{game} {text}");
            let parts: Vec<BTreeSet<u32>> = j["parts"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| ids(p["position"].as_str().unwrap()))
                .collect();
            let all: BTreeSet<u32> = parts.iter().flatten().copied().collect();
            assert_eq!(
                all,
                (0..n as u32).collect(),
                "{game}: the parts cover the graph"
            );
            // Each part, as shown, given back with the graph: the same value.
            for p in j["parts"].as_array().unwrap() {
                let shown = p["position"].as_str().unwrap();
                let again = json(&grundy(&["value", game, &file, shown, "--json"]));
                assert_eq!(again["nim_value"], p["nim_value"], "{game} {text}: {shown}");
                assert_eq!(again["parts"][0]["position"].as_str(), Some(shown));
            }
            let moves = j["winning_moves"].as_array().unwrap();
            assert_eq!(moves.is_empty(), whole == 0, "{game} {text}");
            // Each move is listed once, and no two listed moves read the same.
            let texts: BTreeSet<&str> = moves.iter().map(|m| m["move"].as_str().unwrap()).collect();
            assert_eq!(texts.len(), moves.len(), "{game} {text}: {moves:?}");
            for m in moves {
                let c = m["component"].as_u64().unwrap() as usize;
                let before = &parts[c];
                let after = ids(m["result"].as_str().unwrap());
                assert!(after.is_subset(before));
                let left: u32 = all
                    .iter()
                    .filter(|v| !before.contains(v) || after.contains(v))
                    .fold(0, |s, &v| s | 1 << v);
                assert_eq!(brute(arc, &adj, left, &mut memo), 0, "{game} {text}: {m}");
                // The position after the move, given back to the tool as the graph and the vertices left.
                let left_ids: Vec<String> = all
                    .iter()
                    .filter(|v| !before.contains(v) || after.contains(v))
                    .map(|v| v.to_string())
                    .collect();
                let mut args = vec!["value", game, &file];
                args.extend(left_ids.iter().map(|v| v.as_str()));
                args.push("--json");
                assert_eq!(json(&grundy(&args))["nim_value"], 0, "{game} {text}: {m}");
                winning_positions += 1;
            }
        }
    }
    assert!(
        winning_positions > 5,
        "the graphs should include N-positions"
    );
}

#[test]
fn a_position_is_the_graph_and_the_vertices_in_play() {
    // The path 0-1-2-3-4-5-6 and a vertex 7 joined to 1.
    let file = temp_file(
        "graph-kayles-vertices",
        "g.txt",
        "0 1\n1 2\n2 3\n3 4\n4 5\n5 6\n1 7\n",
    );
    let adj: Vec<u32> = {
        let mut a = vec![0u32; 8];
        for (x, y) in [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (1, 7)] {
            a[x] |= 1 << y;
            a[y] |= 1 << x;
        }
        a
    };
    for (game, arc) in [("node-kayles", false), ("arc-kayles", true)] {
        let mut memo = HashMap::new();
        // As shown (one word or several), as a shell's brace expansion leaves it, and as a sum's parts.
        for (words, alive) in [
            (vec!["{0-2, 7}"], 0b1000_0111u32),
            (vec!["{0-2,", "7}"], 0b1000_0111),
            (vec!["0-2", "7"], 0b1000_0111),
            (vec!["{3-4}", "{6}"], 0b0101_1000),
            (vec!["{0-6}"], 0b0111_1111),
        ] {
            let mut args = vec!["value", game, &file];
            args.extend(&words);
            args.push("--json");
            let j = json(&grundy(&args));
            let want = brute(arc, &adj, alive, &mut memo);
            assert_eq!(j["nim_value"].as_u64(), Some(want), "{game} {words:?}");
        }
        // No vertex left: the empty graph, a P-position.
        let j = json(&grundy(&["value", game, &file, "{}", "--json"]));
        assert_eq!(j["nim_value"], 0);
        assert_eq!(j["parts"][0]["position"], "{}");
        for (words, says) in [
            (vec!["{0-9}"], "vertex 9 is not in the graph (its vertices are 0 to 7)"),
            (vec!["{5-3}"], "vertices 5-3: a range runs upwards, e.g. 3-5"),
            (vec!["{1, 1}"], "vertex 1 is listed twice"),
            (vec!["{a}"], "'a' is not a vertex"),
            (vec!["{0-3"], "the vertices '{0-3' have unmatched braces"),
            (vec!["{{0-3}}"], "have unmatched braces"),
            (vec!["{ 0 - 3 }"], "'-' is neither a vertex nor a range of vertices"),
            (vec!["{-1}"], "'-1' is neither a vertex nor a range of vertices"),
            (
                vec!["{1}", "+", "{3}"],
                "unknown game '{3}': the vertices of a graph position are one list after the graph, without '+'",
            ),
        ] {
            let mut args = vec!["value", game, &file];
            args.extend(&words);
            let (code, out, err) = run(&args);
            assert_eq!(code, 2, "{words:?}: {err}");
            assert!(out.is_empty());
            assert!(err.contains(says), "{words:?}: {err}");
            assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        }
    }
}

#[test]
fn bad_graph_files_are_one_line_errors() {
    let looped = temp_file("graph-kayles-bad", "loop.txt", "0 1\n2 2\n");
    let empty = temp_file("graph-kayles-bad", "empty.txt", "# nothing\n");
    let missing = format!("{looped}.missing");
    for game in ["node-kayles", "arc-kayles"] {
        for (file, says) in [
            (&looped, "self-loop"),
            (&empty, "empty"),
            (&missing, "cannot read"),
        ] {
            let (code, out, err) = run(&["value", game, file]);
            assert_eq!(code, 2, "{err}");
            assert!(out.is_empty());
            assert!(err.contains(says), "{err}");
            assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        }
    }
}

/// Twin vertices (the same closed neighbourhood: the ends of a lone edge, the corners of a triangle) make one move
/// of Node Kayles, listed once and named by each of them; Arc Kayles's moves are edges, never twins.
#[test]
fn twin_vertices_are_one_move_named_by_each() {
    let edge = temp_file("graph-kayles-twins", "edge.txt", "0 1\n");
    let triangle = temp_file("graph-kayles-twins", "triangle.txt", "0 1\n1 2\n2 0\n3 2\n");
    let j = json(&grundy(&["value", "node-kayles", &edge, "--json"]));
    let moves = j["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{j}");
    assert_eq!(
        moves[0]["move"].as_str(),
        Some("take vertex 0 or 1 (the same vertices go), removing vertices 0, 1"),
        "{j}"
    );
    // The triangle 0-1-2 with a tail 2-3: 0 and 1 are twins (N[0] = N[1] = {0, 1, 2}); 2 and 3 are not.
    let (code, out, err) = parts(grundy_stdin(&["play", "node-kayles", &triangle], b"quit\n"));
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    let listed: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("  ") && l.contains(". node-kayles"))
        .collect();
    assert_eq!(listed.len(), 3, "{out}");
    assert!(
        listed
            .iter()
            .any(|l| l
                .contains("take vertex 0 or 1 (the same vertices go), removing vertices 0, 1, 2")),
        "{out}"
    );
    assert!(
        listed
            .iter()
            .any(|l| l.contains("take vertex 2, removing it and its neighbours 0, 1, 3")),
        "{out}"
    );
    assert!(
        listed
            .iter()
            .any(|l| l.contains("take vertex 3, removing it and its neighbour 2")),
        "{out}"
    );
}

/// A file whose vertices are numbered from 1 is refused (read as given, vertex 0 would be an isolated vertex, a
/// move of Node Kayles, and the answer would change: `1 2` alone would read as a P-position); a first line
/// `nodes N` declares the isolated vertices a file means.
#[test]
fn a_vertex_in_no_edge_must_be_declared() {
    let from_one = temp_file("graph-kayles-numbering", "one.txt", "1 2\n2 3\n");
    let gap = temp_file("graph-kayles-numbering", "gap.txt", "0 1\n3 4\n");
    let declared = temp_file("graph-kayles-numbering", "declared.txt", "nodes 3\n1 2\n");
    for game in ["node-kayles", "arc-kayles"] {
        for (file, v) in [(&from_one, 0), (&gap, 2)] {
            let (code, out, err) = run(&["value", game, file]);
            assert_eq!(code, 2, "{err}");
            assert!(out.is_empty());
            assert!(err.contains(&format!("vertex {v} is in no edge")), "{err}");
            assert!(err.contains("'nodes N'"), "{err}");
            assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        }
    }
    // Declared: the isolated vertex 0 (value 1) beside the edge 1-2 (value 1): a P-position of Node Kayles; Arc
    // Kayles: 0 + 1 = 1.
    let j = json(&grundy(&["value", "node-kayles", &declared, "--json"]));
    assert_eq!(j["nim_value"].as_u64(), Some(0), "{j}");
    let j = json(&grundy(&["value", "arc-kayles", &declared, "--json"]));
    assert_eq!(j["nim_value"].as_u64(), Some(1), "{j}");
}

/// `grundy play` on a graph game, through the one game model: the moves of Node Kayles on the path of 5 are listed
/// with their own vertices (two isomorphic components, such as {0-1} and {3-4}, are different places on the graph),
/// the hint is the one winning move (the middle vertex, leaving {0} + {4}: 1 xor 1 = 0), and the engine answers.
#[test]
fn play_a_graph_game() {
    let (code, out, err) = parts(grundy_stdin(
        &["play", "node-kayles", "path:5"],
        b"hint\n3\n",
    ));
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    for (i, v, rest) in [
        (1, 0, "{2-4}"),
        (2, 1, "{3-4}"),
        (3, 2, "{0} + {4}"),
        (4, 3, "{0-1}"),
        (5, 4, "{0-2}"),
    ] {
        let line = format!("  {i}. node-kayles {{0-4}}: take vertex {v}, ");
        let l = out
            .lines()
            .find(|l| l.starts_with(&line))
            .unwrap_or_else(|| panic!("{line}\n{out}"));
        assert!(l.ends_with(&format!("-> {rest}]")), "{l}");
    }
    assert!(
        out.contains("hint: 3. node-kayles {0-4}: take vertex 2"),
        "{out}"
    );
    assert!(
        out.contains("you play: node-kayles {0-4}: take vertex 2"),
        "{out}"
    );
    assert!(out.contains("engine plays: node-kayles {"), "{out}");
}

/// `grundy table node-kayles` / `arc-kayles`: the grid graphs P_r □ P_c, each cell equal to the brute force.
#[test]
fn tables_of_grid_graphs() {
    for (game, arc) in [("node-kayles", false), ("arc-kayles", true)] {
        let j = json(&grundy(&[
            "table", game, "--rows", "1..3", "--cols", "1..4", "--json",
        ]));
        let rows = j["values"].as_array().unwrap();
        assert_eq!(rows.len(), 3, "{j}");
        for (r, row) in rows.iter().enumerate() {
            for (c, v) in row.as_array().unwrap().iter().enumerate() {
                let (r, c) = (r + 1, c + 1);
                let n = r * c;
                let mut adj = vec![0u32; n];
                for i in 0..r {
                    for k in 0..c {
                        let v = i * c + k;
                        if k + 1 < c {
                            adj[v] |= 1 << (v + 1);
                            adj[v + 1] |= 1 << v;
                        }
                        if i + 1 < r {
                            adj[v] |= 1 << (v + c);
                            adj[v + c] |= 1 << v;
                        }
                    }
                }
                let want = brute(arc, &adj, (1 << n) - 1, &mut HashMap::new());
                assert_eq!(v.as_u64(), Some(want), "{game} {r}x{c}");
            }
        }
    }
}

/// With no range given, a table of a search game stops where its search is still quick (cram 1..=6, node-kayles
/// 1..=7, arc-kayles 1..=5; the two-parameter default 0..9 would search 9x9 boards and grids of 81 vertices for
/// hours); the cells it shows are the ones an explicit range gives.
#[test]
fn default_tables_of_search_games_stay_small() {
    for (game, extent) in [("cram", 6), ("node-kayles", 7), ("arc-kayles", 5)] {
        let j = json(&grundy(&["table", game, "--json"]));
        assert_eq!(j["rows"]["from"].as_u64(), Some(1), "{game}: {j}");
        assert_eq!(j["rows"]["to"].as_u64(), Some(extent), "{game}: {j}");
        assert_eq!(j["cols"]["to"].as_u64(), Some(extent), "{game}: {j}");
        let explicit = json(&grundy(&[
            "table",
            game,
            "--rows",
            &format!("1..{extent}"),
            "--cols",
            &format!("1..{extent}"),
            "--json",
        ]));
        assert_eq!(j["values"], explicit["values"], "{game}");
        let pattern = stdout(&grundy(&["pattern", game]));
        assert!(
            pattern.contains(&format!("a = 1..={extent}, b = 1..={extent}")),
            "{game}: {pattern}"
        );
    }
}

#[test]
fn winning_moves_are_listed_by_vertex_id() {
    // The first number of each move: the chosen vertex (Node Kayles), the lower end of the edge (Arc Kayles).
    let first = |game: &str, grid: &str, prefix: &str| -> Vec<(u32, u32)> {
        let v = ok_json(&["value", game, grid, "--json"]);
        v["winning_moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| {
                let text = m["move"].as_str().expect("a move");
                let rest = text.strip_prefix(prefix).expect(text);
                let mut numbers = rest
                    .split(|c: char| !c.is_ascii_digit())
                    .filter(|w| !w.is_empty())
                    .map(|w| w.parse::<u32>().expect("a vertex"));
                (
                    numbers.next().expect("a vertex"),
                    numbers.next().unwrap_or(0),
                )
            })
            .collect()
    };
    for (game, grid, prefix) in [
        ("node-kayles", "grid:5x6", "take vertex "),
        ("arc-kayles", "grid:3x4", "take the edge "),
        ("arc-kayles", "grid:4x5", "take the edge "),
    ] {
        let moves = first(game, grid, prefix);
        assert!(moves.len() >= 3, "{game} {grid}: {moves:?}");
        assert!(
            moves.windows(2).all(|w| w[0] < w[1]),
            "{game} {grid}: {moves:?}"
        );
    }
}

/// A graph written inline (`edges:0-1,1-2,3`) is the graph of the same edges in a file, for both graph games and
/// for tokens on a digraph (`edges:0>1`); its slips are one-line errors.
#[test]
fn an_inline_graph_answers_as_its_file() {
    for (i, (n, edges)) in graphs().into_iter().enumerate() {
        let mut text = format!("nodes {n}\n");
        let mut items: Vec<String> = Vec::new();
        let mut on_edge = BTreeSet::new();
        for (a, b) in &edges {
            text.push_str(&format!("{a} {b}\n"));
            items.push(format!("{a}-{b}"));
            on_edge.extend([*a, *b]);
        }
        items.extend(
            (0..n as u32)
                .filter(|v| !on_edge.contains(v))
                .map(|v| v.to_string()),
        );
        let file = temp_file("graph-inline", &format!("g{i}.txt"), &text);
        let word = format!("edges:{}", items.join(","));
        for game in ["node-kayles", "arc-kayles"] {
            let from_file = json(&grundy(&["value", game, &file, "--json"]));
            let inline = json(&grundy(&["value", game, &word, "--json"]));
            assert_eq!(from_file["nim_value"], inline["nim_value"], "{game} {word}");
            assert_eq!(
                from_file["winning_moves"].as_array().map(Vec::len),
                inline["winning_moves"].as_array().map(Vec::len),
                "{game} {word}"
            );
        }
    }
    let dag = temp_file("graph-inline", "dag.txt", "0 1\n1 2\n0 2\n3 0\n");
    for node in ["0", "1", "3"] {
        let a = json(&grundy(&["value", "graph", &dag, node, "--json"]));
        let b = json(&grundy(&[
            "value",
            "graph",
            "edges:0>1,1>2,0>2,3>0",
            node,
            "--json",
        ]));
        assert_eq!(a["nim_value"], b["nim_value"], "node {node}");
    }
    for (args, says) in [
        (
            &["value", "node-kayles", "edges:1-2"][..],
            "0 is on no edge",
        ),
        (
            &["value", "node-kayles", "edges:0>1"][..],
            "undirected: write X-Y",
        ),
        (
            &["value", "graph", "edges:0-1", "0"][..],
            "directed: write X>Y",
        ),
        (
            &["value", "loopy-graph", "edges:", "0", "--loopy"][..],
            "at least one edge",
        ),
        (
            &["value", "node-kayles", "edges:0-1,,2"][..],
            "nothing empty",
        ),
        (&["value", "arc-kayles", "edges:0-999"][..], "an id"),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty() && err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}
