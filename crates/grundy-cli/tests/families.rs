//! CLI tests of the catalog's non-heap games: Wythoff past the nim-value table, misère play of the non-heap
//! families, and the messages of misère and loopy answers.

use crate::common;
use common::*;

/// Wythoff normal-play P-positions by their definition through the golden ratio, checked independently of the
/// library: `(a, b)` with `a ≤ b` is a P-position iff `a = ⌊kφ⌋` for `k = b − a`, tested by `a < kφ < a + 1`,
/// i.e. `2a − k < k√5 < 2a + 2 − k`, squared in `u128`.
fn wythoff_p(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b) as i128, a.max(b) as i128);
    let k = b - a;
    if k == 0 {
        return a == 0;
    }
    let five_k2 = 5 * k * k;
    let lo = 2 * a - k; // need k√5 > lo
    let hi = 2 * a + 2 - k; // need k√5 < hi
    (lo < 0 || lo * lo < five_k2) && hi > 0 && hi * hi > five_k2
}

/// The two heaps of the position a printed Wythoff move leads to (its `result`).
fn result_pair(m: &serde_json::Value) -> (u64, u64) {
    match nums(m["result"].as_str().unwrap())[..] {
        [x, y] => (x, y),
        ref r => panic!("not two heaps: {r:?}"),
    }
}

#[test]
fn wythoff_large_heaps_are_answered_with_every_winning_move() {
    for (a, b) in [
        (100_000_000u64, 200_000_000u64),
        (1_000_000_000_000_000_000, 999_999_999_999_999_999),
        (123_456_789_012, 987_654_321),
        (5000, 5000),
    ] {
        let (sa, sb) = (a.to_string(), b.to_string());
        let j = ok_json(&["value", "wythoff", &sa, &sb, "--json"]);
        assert_eq!(j["nim_value"], serde_json::Value::Null);
        assert_eq!(j["outcome"], "N");
        let moves = j["winning_moves"].as_array().unwrap();
        assert!(!moves.is_empty() && moves.len() <= 3);
        for m in moves {
            let (x, y) = result_pair(m);
            assert!(
                wythoff_p(x, y),
                "({a},{b}) -> ({x},{y}) is not a P-position"
            );
            let legal = (x < a && y == b) || (x == a && y < b) || (x < a && a - x == b - y);
            assert!(legal, "({a},{b}) -> ({x},{y}) is not a move");
        }
        // Completeness of the list is checked against brute force on small positions below.
        let text = stdout(&grundy(&["value", "wythoff", &sa, &sb]));
        assert!(text.contains("outcome: N"), "{text}");
    }
    // A large P-position: (⌊kφ⌋, ⌊kφ⌋ + k) for k = 10^17 is (161803398874989484, 261803398874989484).
    assert!(wythoff_p(161_803_398_874_989_484, 261_803_398_874_989_484));
    let j = ok_json(&[
        "value",
        "wythoff",
        "161803398874989484",
        "261803398874989484",
        "--json",
    ]);
    assert_eq!(j["outcome"], "P");
    assert_eq!(j["winning_moves"].as_array().unwrap().len(), 0);
}

#[test]
fn wythoff_large_heaps_in_a_sum_are_a_clear_error() {
    assert_error(
        &grundy(&[
            "value",
            "wythoff",
            "100000000",
            "200000000",
            "+",
            "nim",
            "1",
        ]),
        "no place in a sum",
    );
    assert_error(
        &grundy(&["value", "wythoff", "1000000000000000001", "1"]),
        "wythoff",
    );
    assert_error(&grundy(&["value", "wythoff", "3"]), "two heaps");
    assert_error(&grundy(&["value", "wythoff", "3", "x"]), "wythoff");
}

/// Every winning move of small Wythoff positions: exactly those the brute force finds, each to a P-position.
#[test]
fn wythoff_small_winning_moves_are_all_the_moves_to_p_positions() {
    for a in 0..30u64 {
        for b in [0u64, 1, 2, 7, 13, 29] {
            let j = ok_json(&["value", "wythoff", &a.to_string(), &b.to_string(), "--json"]);
            let mut expected: Vec<(u64, u64)> = (0..a)
                .map(|c| (c, b))
                .chain((0..b).map(|c| (a, c)))
                .chain((1..=a.min(b)).map(|d| (a - d, b - d)))
                .filter(|&(x, y)| wythoff_p(x, y))
                .collect();
            expected.sort();
            let mut got: Vec<(u64, u64)> = j["winning_moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(result_pair)
                .collect();
            got.sort();
            assert_eq!(got, expected, "wythoff {a} {b}");
            assert_eq!(j["outcome"], if wythoff_p(a, b) { "P" } else { "N" });
        }
    }
}

#[test]
fn misere_with_no_move_says_the_player_to_move_wins() {
    let o = grundy(&["value", "nim", "0", "0", "--misere"]);
    assert_eq!(o.status.code(), Some(0));
    let t = stdout(&o);
    assert!(
        t.contains("the player to move has no move and so wins"),
        "{t}"
    );
    assert!(!t.contains("winning moves:"), "{t}");
}

#[test]
fn loopy_graph_names_its_last_node() {
    let f = temp_file("families", "g.txt", "0 1\n1 2\n2 0\n");
    let o = grundy(&["value", "loopy-graph", &f, "5"]);
    assert_error(&o, "node 5 is not in the graph (it has nodes 0..2)");
}

/// Equal tokens each have their moves listed, under their own component index, each move once (issue 18: the help
/// promises every winning move).
#[test]
fn loopy_equal_tokens_list_each_move_in_each_token() {
    let args = ["value", "20.3", "1", "1", "--loopy", "--max-heap", "50"];
    let j = ok_json(&[&args[..], &["--json"]].concat());
    let moves: Vec<&serde_json::Value> = j["drawing_moves"]
        .as_array()
        .unwrap()
        .iter()
        .chain(j["winning_moves"].as_array().unwrap())
        .collect();
    assert!(!moves.is_empty());
    let mut seen = std::collections::HashSet::new();
    for m in &moves {
        assert!(
            seen.insert((m["component"].clone(), m["from"].clone(), m["to"].clone())),
            "listed twice: {m}"
        );
    }
    let per = |c: u64| moves.iter().filter(|m| m["component"] == c).count();
    assert_eq!(per(0), per(1));
    assert_eq!(per(0) * 2, moves.len());
    let t = stdout(&grundy(&args));
    let lines: Vec<&str> = t
        .lines()
        .filter(|l| l.starts_with("  [component"))
        .collect();
    let unique: std::collections::HashSet<&&str> = lines.iter().collect();
    assert_eq!(lines.len(), moves.len(), "{t}");
    assert_eq!(lines.len(), unique.len(), "{t}");
}

// ---------------------------------------------------------------------------------------------------------------
// Misère play of the non-heap families, against an independent brute force written here from each game's rules.
// ---------------------------------------------------------------------------------------------------------------

/// One position of one of the games, by its own rules.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Pos {
    /// Wythoff's game: two heaps.
    Wythoff(u64, u64),
    /// Staircase Nim: coins on steps 1, 2, ….
    Stairs(Vec<u64>),
    /// Chessmen on a line: sorted distinct cells ≥ 1.
    Chess(Vec<u64>),
    /// E&D: a pair of heaps.
    Ed(u64, u64),
    /// The cutting game reduced to pieces with both sides ≥ 2.
    Cut(u64, u64),
    /// Fibonacci Nim: stones, and the most the next move may take.
    Fib(u64, u64),
    /// Arpa and Mojtaba: the numbers (sorted, distinct, without 1s: repeats and 1s change nothing).
    Arpa(Vec<u64>),
    /// A token on node v of the test DAG below.
    Node(u64),
}

/// The test DAG, in the edge-list format shared with the loopy games (ids as written; node 0 is isolated):
/// 1→2, 1→3, 2→3, 2→4, 3→4, 4→5, 3→5, 5→6, 1→6.
const DAG: &str = "# test DAG\nnodes 7\n1 2\n1 3\n2 3\n2 4\n3 4\n4 5\n3 5\n5 6\n1 6\n";
const DAG_EDGES: [(u64, u64); 9] = [
    (1, 2),
    (1, 3),
    (2, 3),
    (2, 4),
    (3, 4),
    (4, 5),
    (3, 5),
    (5, 6),
    (1, 6),
];

/// Arpa positions written one way: each number replaced by the prime powers that exactly divide it (a move acts
/// on one prime at a time, so this is the same game), sorted, without repeats.
fn arpa_canon(numbers: Vec<u64>) -> Pos {
    let mut v = Vec::new();
    for mut x in numbers {
        let mut d = 2;
        while x > 1 {
            let mut q = 1;
            while x % d == 0 {
                x /= d;
                q *= d;
            }
            if q > 1 {
                v.push(q);
            }
            d += 1;
        }
    }
    v.sort_unstable();
    v.dedup();
    Pos::Arpa(v)
}

/// The options of a position, each a sum of positions, from the game's definition.
fn options(p: &Pos) -> Vec<Vec<Pos>> {
    let mut out = Vec::new();
    match p {
        &Pos::Wythoff(a, b) => {
            out.extend((0..a).map(|c| vec![Pos::Wythoff(c, b)]));
            out.extend((0..b).map(|c| vec![Pos::Wythoff(a, c)]));
            out.extend((1..=a.min(b)).map(|d| vec![Pos::Wythoff(a - d, b - d)]));
        }
        Pos::Stairs(c) => {
            for i in 0..c.len() {
                for d in 1..=c[i] {
                    let mut q = c.clone();
                    q[i] -= d;
                    if i > 0 {
                        q[i - 1] += d;
                    }
                    out.push(vec![Pos::Stairs(q)]);
                }
            }
        }
        Pos::Chess(c) => {
            for i in 0..c.len() {
                let floor = if i == 0 { 1 } else { c[i - 1] + 1 };
                for to in floor..c[i] {
                    let mut q = c.clone();
                    q[i] = to;
                    out.push(vec![Pos::Chess(q)]);
                }
            }
        }
        &Pos::Ed(x, y) => {
            for s in [x, y] {
                for a in 1..s {
                    out.push(vec![Pos::Ed(a, s - a)]);
                }
            }
        }
        &Pos::Cut(w, h) => {
            for i in 2..w.saturating_sub(1) {
                out.push(vec![Pos::Cut(i, h), Pos::Cut(w - i, h)]);
            }
            for j in 2..h.saturating_sub(1) {
                out.push(vec![Pos::Cut(w, j), Pos::Cut(w, h - j)]);
            }
        }
        &Pos::Fib(n, m) => {
            for x in 1..=m.min(n) {
                out.push(vec![Pos::Fib(n - x, 2 * x)]);
            }
        }
        Pos::Arpa(v) => {
            let mut primes: Vec<u64> = Vec::new();
            for &x in v {
                let (mut x, mut d) = (x, 2);
                while x > 1 {
                    if x % d == 0 {
                        primes.push(d);
                        while x % d == 0 {
                            x /= d;
                        }
                    }
                    d += 1;
                }
            }
            primes.sort_unstable();
            primes.dedup();
            for p in primes {
                let mut q = p;
                while v.iter().any(|&x| x % q == 0) {
                    let after = v
                        .iter()
                        .map(|&x| if x % q == 0 { x / q } else { x })
                        .collect();
                    out.push(vec![arpa_canon(after)]);
                    q *= p;
                }
            }
        }
        &Pos::Node(u) => {
            for &(x, y) in &DAG_EDGES {
                if x == u {
                    out.push(vec![Pos::Node(y)]);
                }
            }
        }
    }
    out
}

/// A sum in canonical form: sorted, positions without options dropped (in misère play too, `X + 0 = X`), and
/// equal positions written one way (an E&D pair is unordered; Fibonacci Nim can never take more than is left).
fn canon(s: Vec<Pos>) -> Vec<Pos> {
    let mut s: Vec<Pos> = s
        .into_iter()
        .map(|p| match p {
            Pos::Ed(x, y) => Pos::Ed(x.min(y), x.max(y)),
            Pos::Fib(n, m) => Pos::Fib(n, m.min(n)),
            p => p,
        })
        .collect();
    s.retain(|p| !options(p).is_empty());
    s.sort();
    s
}

/// True when the player to move wins the sum `s` (canonical) under misère play: with no move at all the player
/// to move wins; else some move must leave a sum the opponent loses.
fn misere_wins(s: &[Pos], memo: &mut std::collections::HashMap<Vec<Pos>, bool>) -> bool {
    if let Some(&w) = memo.get(s) {
        return w;
    }
    let w = s.is_empty()
        || (0..s.len()).any(|i| {
            options(&s[i]).into_iter().any(|o| {
                let mut t = s.to_vec();
                t.remove(i);
                t.extend(o);
                !misere_wins(&canon(t), memo)
            })
        });
    memo.insert(s.to_vec(), w);
    w
}

/// Every sum one winning move away (canonical), by brute force.
fn misere_winning_results(s: &[Pos]) -> std::collections::BTreeSet<Vec<Pos>> {
    let mut memo = std::collections::HashMap::new();
    let mut out = std::collections::BTreeSet::new();
    for i in 0..s.len() {
        for o in options(&s[i]) {
            let mut t = s.to_vec();
            t.remove(i);
            t.extend(o);
            let t = canon(t);
            if !misere_wins(&t, &mut memo) {
                out.insert(t);
            }
        }
    }
    out
}

fn nums(s: &str) -> Vec<u64> {
    s.split_whitespace().map(|w| w.parse().unwrap()).collect()
}

/// Parses a printed position of `game` (as `result` and `position` show it) into positions.
fn parse_shown(game: &str, text: &str) -> Vec<Pos> {
    if text == "nothing in this component" {
        return vec![];
    }
    text.split(" + ")
        .map(|part| {
            let n = nums(&part.replace('x', " "));
            match game {
                "wythoff" => Pos::Wythoff(n[0], n[1]),
                "staircase" => Pos::Stairs(n),
                "chessmen" => Pos::Chess(n),
                "ed" => Pos::Ed(n[0], n[1]),
                "cutting" => Pos::Cut(n[0], n[1]),
                "fibonacci-nim" => Pos::Fib(n[0], n[1]),
                g if g == "graph" || g.starts_with("graph ") => Pos::Node(n[0]),
                _ => panic!("no parser for {game}"),
            }
        })
        .collect()
}

/// Runs `grundy value ARGS --misere --json` for the sum `sum` (the positions in the order the arguments give
/// them) and checks the outcome and the set of winning moves (each applied to the sum) against brute force.
fn check_misere(args: &[&str], sum: Vec<Pos>) {
    let mut a = vec!["value"];
    a.extend_from_slice(args);
    a.extend(["--misere", "--json"]);
    let j = ok_json(&a);
    let start = canon(sum.clone());
    let mut memo = std::collections::HashMap::new();
    let wins = misere_wins(&start, &mut memo);
    assert_eq!(j["outcome"], if wins { "N" } else { "P" }, "{args:?}");
    let parts = j["parts"].as_array().unwrap();
    let mut got = std::collections::BTreeSet::new();
    for m in j["winning_moves"].as_array().unwrap() {
        let c = m["component"].as_u64().unwrap() as usize;
        let game = parts[c]["game"].as_str().unwrap();
        let after: Vec<Pos> = if game == "arpa" {
            // "divide every number divisible by P^K = Q by it": apply it to the numbers.
            let d = m["move"].as_str().unwrap();
            let pk = d.split_whitespace().find(|w| w.contains('^')).unwrap();
            let (p, k) = pk.split_once('^').unwrap();
            let q = p.parse::<u64>().unwrap().pow(k.parse().unwrap());
            let Pos::Arpa(v) = &sum[0] else { panic!() };
            vec![arpa_canon(
                v.iter()
                    .map(|&x| if x % q == 0 { x / q } else { x })
                    .collect(),
            )]
        } else {
            let mut t = sum.clone();
            t.remove(c);
            t.extend(parse_shown(game, m["result"].as_str().unwrap()));
            t
        };
        let after = canon(after);
        assert!(
            !misere_wins(&after, &mut memo),
            "{args:?}: the move {m} leaves a misère N-position"
        );
        got.insert(after);
    }
    assert_eq!(
        got,
        misere_winning_results(&start),
        "{args:?}: winning moves"
    );
}

#[test]
fn misere_wythoff_alone_and_in_sums_match_brute_force() {
    for a in 0..8u64 {
        for b in 0..8u64 {
            let (sa, sb) = (a.to_string(), b.to_string());
            check_misere(&["wythoff", &sa, &sb], vec![Pos::Wythoff(a, b)]);
        }
    }
    check_misere(
        &["wythoff", "1", "2", "3", "3"],
        vec![Pos::Wythoff(1, 2), Pos::Wythoff(3, 3)],
    );
    check_misere(
        &["wythoff", "2", "2", "+", "wythoff", "0", "4"],
        vec![Pos::Wythoff(2, 2), Pos::Wythoff(0, 4)],
    );
    check_misere(
        &["wythoff", "1", "1", "1", "1"],
        vec![Pos::Wythoff(1, 1), Pos::Wythoff(1, 1)],
    );
}

#[test]
fn misere_wythoff_huge_heaps_alone_by_rule() {
    // (0,1), (2,2) and the normal P-positions of difference ≥ 2 are the misère P-positions.
    for (a, b, p) in [
        (0u64, 1u64, true),
        (2, 2, true),
        (1, 2, false),
        (0, 0, false),
        (161_803_398_874_989_484, 261_803_398_874_989_484, true),
        (100_000_000, 200_000_000, false),
    ] {
        let j = ok_json(&[
            "value",
            "wythoff",
            &a.to_string(),
            &b.to_string(),
            "--misere",
            "--json",
        ]);
        assert_eq!(j["outcome"], if p { "P" } else { "N" }, "({a},{b})");
        for m in j["winning_moves"].as_array().unwrap() {
            let r = nums(m["result"].as_str().unwrap());
            let (x, y) = (r[0].min(r[1]), r[0].max(r[1]));
            let misere_p = (x, y) == (0, 1) || (x, y) == (2, 2) || (y - x >= 2 && wythoff_p(x, y));
            assert!(misere_p, "({a},{b}) -> {r:?}");
        }
    }
    // In a sum, large heaps go to the exact search, which refuses them clearly.
    assert_error(
        &grundy(&[
            "value", "wythoff", "100000", "1", "+", "nim", "1", "--misere",
        ]),
        "too large for the exact search",
    );
}

#[test]
fn misere_other_families_match_brute_force() {
    for c in [
        [0u64, 0, 0],
        [1, 0, 0],
        [1, 2, 0],
        [2, 1, 1],
        [0, 3, 1],
        [2, 0, 2],
    ] {
        let args: Vec<String> = c.iter().map(u64::to_string).collect();
        let mut a = vec!["staircase"];
        a.extend(args.iter().map(String::as_str));
        check_misere(&a, vec![Pos::Stairs(c.to_vec())]);
    }
    for cells in [
        vec![1u64],
        vec![2],
        vec![1, 4, 6],
        vec![2, 3, 7],
        vec![3, 5],
    ] {
        let args: Vec<String> = cells.iter().map(u64::to_string).collect();
        let mut a = vec!["chessmen"];
        a.extend(args.iter().map(String::as_str));
        check_misere(&a, vec![Pos::Chess(cells.clone())]);
    }
    for (x, y) in [(1u64, 1u64), (1, 2), (2, 2), (3, 4), (5, 1), (6, 6)] {
        check_misere(&["ed", &x.to_string(), &y.to_string()], vec![Pos::Ed(x, y)]);
    }
    check_misere(
        &["ed", "1", "2", "3", "4"],
        vec![Pos::Ed(1, 2), Pos::Ed(3, 4)],
    );
    for (w, h) in [(2u64, 2u64), (4, 2), (4, 5), (6, 3), (7, 7)] {
        check_misere(&["cutting", &format!("{w}x{h}")], vec![Pos::Cut(w, h)]);
    }
    check_misere(
        &["cutting", "4x4", "5x2"],
        vec![Pos::Cut(4, 4), Pos::Cut(5, 2)],
    );
    for (n, m) in [(1u64, 1u64), (2, 2), (5, 5), (10, 10), (12, 3), (20, 20)] {
        check_misere(
            &["fibonacci-nim", &n.to_string(), &m.to_string()],
            vec![Pos::Fib(n, m)],
        );
    }
    for v in [
        vec![1u64],
        vec![2],
        vec![4, 12],
        vec![6, 8, 9],
        vec![16, 18, 5],
        vec![2, 4, 8],
    ] {
        let args: Vec<String> = v.iter().map(u64::to_string).collect();
        let mut a = vec!["arpa"];
        a.extend(args.iter().map(String::as_str));
        check_misere(&a, vec![arpa_canon(v.clone())]);
    }
    let f = &temp_file("families-dag", "dag.txt", DAG);
    for tokens in [
        vec![1u64],
        vec![6],
        vec![0],
        vec![1, 2],
        vec![3, 3],
        vec![1, 4, 5],
        vec![0, 2],
    ] {
        let args: Vec<String> = tokens.iter().map(u64::to_string).collect();
        let mut a = vec!["graph", f];
        a.extend(args.iter().map(String::as_str));
        check_misere(&a, tokens.iter().map(|&t| Pos::Node(t)).collect());
    }
}

#[test]
fn misere_sums_of_different_games_match_brute_force() {
    check_misere(
        &[
            "wythoff", "1", "3", "+", "ed", "2", "3", "+", "cutting", "4x3",
        ],
        vec![Pos::Wythoff(1, 3), Pos::Ed(2, 3), Pos::Cut(4, 3)],
    );
    check_misere(
        &[
            "staircase",
            "1",
            "1",
            "+",
            "chessmen",
            "2",
            "4",
            "+",
            "fibonacci-nim",
            "4",
        ],
        vec![
            Pos::Stairs(vec![1, 1]),
            Pos::Chess(vec![2, 4]),
            Pos::Fib(4, 4),
        ],
    );
    check_misere(
        &["wythoff", "2", "2", "+", "wythoff", "0", "1"],
        vec![Pos::Wythoff(2, 2), Pos::Wythoff(0, 1)],
    );
}

#[test]
fn misere_bad_input_is_a_one_line_error() {
    // Each position, split at spaces, and what its error says.
    for (position, needle) in [
        ("wythoff 1", "two heaps"),
        ("ed 0 1", "positive"),
        ("cutting 1x5", "side below 2"),
        ("staircase", "staircase"),
        ("staircase 20000", "too large for the exact search"),
        ("chessmen 2 2", "chessmen"),
        ("arpa 0", "positive"),
        ("fibonacci-nim x", "fibonacci-nim"),
        ("graph /nonexistent/g.txt 1", "cannot read"),
    ] {
        let mut args = vec!["value"];
        args.extend(position.split(' '));
        args.push("--misere");
        assert_error(&grundy(&args), needle);
    }
}

/// `graph` and `loopy-graph` read the same file through one reader: on an acyclic file they agree on every
/// outcome, and the DAG solver names an edge of any cycle with the ids as written.
#[test]
fn graph_and_loopy_graph_read_the_same_file() {
    let f = &temp_file("families-same", "dag.txt", DAG);
    for tokens in [
        vec!["0"],
        vec!["1"],
        vec!["2", "3"],
        vec!["1", "4", "6"],
        vec!["5", "5"],
    ] {
        let mut a = vec!["value", "graph", f];
        a.extend(&tokens);
        a.push("--json");
        let dag = ok_json(&a);
        a[1] = "loopy-graph";
        let loopy = ok_json(&a);
        assert_eq!(dag["outcome"], loopy["outcome"], "{tokens:?}");
        assert_eq!(dag["nim_value"], loopy["value"]["finite"], "{tokens:?}");
        // The same winning moves, by target node.
        let mut d: Vec<String> = dag["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["result"].as_str().unwrap().to_string())
            .collect();
        let mut l: Vec<String> = loopy["winning_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["to"].to_string())
            .collect();
        d.sort();
        d.dedup();
        l.sort();
        l.dedup();
        assert_eq!(d, l, "{tokens:?}");
    }
    let c = &temp_file("families-same", "cycle.txt", "# a cycle\n0 1\n1 2\n2 1\n");
    let o = grundy(&["value", "graph", c, "0"]);
    assert_error(&o, "cycle through the edge");
    let e = stderr(&o);
    assert!(e.contains("1 -> 2") || e.contains("2 -> 1"), "{e}");
    let j = ok_json(&["value", "loopy-graph", c, "0", "--json"]);
    assert_eq!(j["outcome"], "D");
    // Bad files and nodes: one line each, from the one reader.
    let bad = &temp_file("families-same", "bad.txt", "0 1\n1 two\n");
    let empty = &temp_file("families-same", "empty.txt", "");
    for (file, node, needle) in [
        (bad, "0", "'two'"),
        (empty, "0", "empty"),
        (f, "7", "node 7 is not in the graph (it has nodes 0..6)"),
        (f, "-1", "graph"),
    ] {
        assert_error(&grundy(&["value", "graph", file, node]), needle);
    }
}
