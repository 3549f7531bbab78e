//! One game, one answer: every way of stating a game gives the same values, outcomes and winning moves, under
//! normal and misère play, and every move printed is replayed and re-valued from scratch.
//!
//! The corpus: each game is stated in every way it can be — a catalog name, a take-and-break code, a rules file, an
//! inline rule, and a Rust type defined here, outside the library, through the public `Game` trait only (the Python
//! statements are checked the same way by `crates/grundy-py/tests`). The reference is this file's own brute force,
//! which knows no theory: normal nim-values by the mex of the definition, misère outcomes by search over multisets of
//! heaps (a sum with no move is an N-position: whoever cannot move wins). Each statement's answers are compared with
//! it, and so with each other:
//! - `seq`: the nim-values of heaps `0..=N`; misère nim-values (`seq --misere`) and the genus's `γ0`;
//! - `value` on random sums: normal nim-value, outcome and the *set* of winning moves, misère outcome and the set of
//!   winning moves, each move printed parsed back from its result, applied to the sum as given, and re-valued;
//! - `period`: preperiod and period where one is found within the values computed;
//! - `quotient`: order and P-portion of the misère quotient for small heaps;
//! - `play`: the engine's move in a session is a winning move, under both conventions.

use grundy::analysis::play::{Player, Session};
use grundy::analysis::{analyse, Convention, Report, Sum};
use grundy::game::HeapFacts;
use grundy::games::AnyGame;
use grundy::script::{Script, Settings};
use grundy::{Game, Limits, Nimber, Options, Outcome};
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

/// The reference rules of a heap game, written here from its statement: the options of a heap of `n`, each the
/// heaps it leaves (no zeros).
type Rules = fn(u64) -> Vec<Vec<u64>>;

fn leave(h: u64) -> Vec<u64> {
    if h == 0 {
        vec![]
    } else {
        vec![h]
    }
}

/// Every way to leave `r` tokens as at most two heaps (zeros dropped): `r` alone and `a + (r − a)`.
fn two_heaps(r: u64) -> Vec<Vec<u64>> {
    (0..=r / 2)
        .map(|a| [a, r - a].into_iter().filter(|&h| h > 0).collect())
        .collect()
}

fn nim(n: u64) -> Vec<Vec<u64>> {
    (0..n).map(leave).collect()
}
fn kayles(n: u64) -> Vec<Vec<u64>> {
    (1..=2u64.min(n)).flat_map(|t| two_heaps(n - t)).collect()
}
fn dawsons_kayles(n: u64) -> Vec<Vec<u64>> {
    if n < 2 {
        return vec![];
    }
    two_heaps(n - 2)
}
fn s125(n: u64) -> Vec<Vec<u64>> {
    [1, 2, 5]
        .iter()
        .filter(|&&t| t <= n)
        .map(|&t| leave(n - t))
        .collect()
}
fn s134(n: u64) -> Vec<Vec<u64>> {
    [1, 3, 4]
        .iter()
        .filter(|&&t| t <= n)
        .map(|&t| leave(n - t))
        .collect()
}
fn grundys_game(n: u64) -> Vec<Vec<u64>> {
    (1..n)
        .filter(|&a| a < n - a)
        .map(|a| vec![a, n - a])
        .collect()
}
/// Ruler (Winning Ways, ch. 14): a heads coin at place `n` turned with the `k` coins before it, `k = 0..n`.
fn ruler(n: u64) -> Vec<Vec<u64>> {
    (0..n).map(|k| (1..=k).map(|i| n - i).collect()).collect()
}
fn three_unequal(n: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for a in 1..n {
        for b in a + 1..n {
            if a + b < n && n - a - b > b {
                out.push(vec![a, b, n - a - b]);
            }
        }
    }
    out
}

/// A heap game stated as a Rust type outside the library: the public trait only, no code, no stated facts.
struct Outside {
    name: &'static str,
    rules: Rules,
}

impl Game for Outside {
    type Position = u64;
    fn name(&self) -> String {
        self.name.to_string()
    }
    fn options(&self, n: &u64, out: &mut Options<u64>) -> grundy::Result<()> {
        for o in (self.rules)(*n) {
            out.push(o);
        }
        Ok(())
    }
    fn heap(&self) -> Option<&dyn HeapFacts> {
        Some(self)
    }
    fn notation(&self) -> Option<&dyn grundy::Notation<Self::Position>> {
        Some(self)
    }
    fn table(&self) -> Option<&dyn grundy::Tabular<Self::Position>> {
        Some(self)
    }
}

impl grundy::Notation<u64> for Outside {
    fn parse(&self, words: &[String]) -> Option<grundy::Result<Vec<u64>>> {
        Some(grundy::heap::parse_heaps(self.name, words))
    }
    fn show(&self, n: &u64) -> String {
        n.to_string()
    }
    fn describe_move(&self, from: &u64, to: &[u64]) -> String {
        grundy::heap::describe_heap_move(*from, to)
    }
}

impl grundy::Tabular<u64> for Outside {
    fn parameters(&self) -> usize {
        1
    }
    fn position_at(&self, p: &[u64]) -> Option<u64> {
        p.first().copied()
    }
}

impl HeapFacts for Outside {}

/// One game of the corpus with its statements: catalog names and codes, a rules file, inline rules.
struct Corpus {
    label: &'static str,
    rules: Rules,
    /// Names and codes the catalog reads.
    catalog: &'static [&'static str],
    /// Rules scripts, as the text of a file.
    files: &'static [&'static str],
    /// Inline rules (`--moves`).
    inline: &'static [&'static str],
    /// The largest heap of the random sums (the exact searches grow fast with it).
    max_heap: u64,
    /// The largest heap the period is looked for up to (a script that lists `n²` options per heap is slow).
    period_to: u64,
    /// The largest heap whose misère value and genus are checked (the misère searches go over multisets of heaps,
    /// which grow fast when a move leaves many heaps).
    misere_to: u64,
}

const CORPUS: &[Corpus] = &[
    Corpus {
        label: "nim",
        rules: nim,
        catalog: &["nim", "0.[3]"],
        files: &["fn moves(n) { let o = []; for i in 0..n { o.push(i); } o }"],
        inline: &[],
        max_heap: 7,
        period_to: 1023,
        misere_to: 14,
    },
    Corpus {
        label: "kayles",
        rules: kayles,
        catalog: &["kayles", "0.77"],
        files: &["fn moves(n) { [splits(n - 1), splits(n - 2)] }"],
        inline: &["n => [splits(n - 1), splits(n - 2)]"],
        max_heap: 9,
        period_to: 1023,
        misere_to: 14,
    },
    Corpus {
        label: "dawsons-kayles",
        rules: dawsons_kayles,
        catalog: &["dawsons-kayles", "0.07"],
        files: &["fn moves(n) { let out = []; for a in 0..(n - 1) { if a <= n - 2 - a { out.push([a, n - 2 - a]); } } out }"],
        inline: &["n => [splits(n - 2)]"],
        max_heap: 10,
        period_to: 1023,
        misere_to: 14,
    },
    Corpus {
        label: "s(1,2,5)",
        rules: s125,
        catalog: &["subtraction:1,2,5", "0.33003"],
        files: &["fn moves(n) { [n - 1, n - 2, n - 5] }"],
        inline: &["n => [n - 1, n - 2, n - 5]"],
        max_heap: 12,
        period_to: 1023,
        misere_to: 14,
    },
    Corpus {
        label: "s(1,3,4)",
        rules: s134,
        catalog: &["subtraction:1,3,4", "0.3033"],
        files: &["fn moves(n) { [n - 1, n - 3, n - 4] }"],
        inline: &["n => [n - 1, n - 3, n - 4]"],
        max_heap: 12,
        period_to: 1023,
        misere_to: 14,
    },
    Corpus {
        label: "grundys-game",
        rules: grundys_game,
        catalog: &["grundys-game", "4!.0"],
        files: &["fn moves(n) { let out = []; for a in 1..n { if a < n - a { out.push([a, n - a]); } } out }"],
        inline: &[],
        max_heap: 11,
        period_to: 1023,
        misere_to: 14,
    },
    Corpus {
        label: "ruler",
        rules: ruler,
        catalog: &["ruler"],
        files: &[include_str!("../../../examples/rules/ruler.rhai")],
        inline: &["n => { let o = []; if n > 0 { o.push([]) } let r = []; for k in 1..n { r.push(n - k); o.push(r) } o }"],
        // A heap of n can become 2^(n-2) copies of heap 1: the misère searches over multisets grow as 2^(n²/2).
        max_heap: 6,
        period_to: 120,
        misere_to: 6,
    },
    Corpus {
        label: "three-unequal",
        rules: three_unequal,
        catalog: &[],
        files: &[include_str!("../../../examples/rules/three_unequal.rhai")],
        inline: &[],
        max_heap: 13,
        period_to: 120,
        misere_to: 14,
    },
];

/// Normal nim-values of heaps `0..=to` by the definition.
fn brute_values(rules: Rules, to: u64) -> Vec<Nimber> {
    let mut g: Vec<Nimber> = Vec::new();
    for n in 0..=to {
        let seen: BTreeSet<Nimber> = rules(n)
            .iter()
            .map(|o| o.iter().fold(0, |x, &h| x ^ g[h as usize]))
            .collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// Misère: whether the player to move wins the sum of heaps `state` (sorted, zeros dropped), by search over
/// multisets; no theory.
fn brute_misere_wins(rules: Rules, state: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key: Vec<u64> = state
        .iter()
        .copied()
        .filter(|&h| h > 0 && !rules(h).is_empty())
        .collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut any_move = false;
    let mut wins = false;
    for i in 0..key.len() {
        for o in rules(key[i]) {
            any_move = true;
            let mut next = key.clone();
            next.remove(i);
            next.extend(o);
            if !brute_misere_wins(rules, &next, memo) {
                wins = true;
                break;
            }
        }
        if wins {
            break;
        }
    }
    // No move at all: whoever cannot move wins under misère play.
    let w = wins || !any_move;
    memo.insert(key, w);
    w
}

/// Misère nim-values of single heaps by the definition (1 for a heap with no move).
fn brute_misere_values(rules: Rules, to: u64) -> Vec<Nimber> {
    let mut memo: HashMap<Vec<u64>, Nimber> = HashMap::new();
    fn value(rules: Rules, s: Vec<u64>, memo: &mut HashMap<Vec<u64>, Nimber>) -> Nimber {
        let mut s: Vec<u64> = s.into_iter().filter(|&h| h > 0).collect();
        s.sort_unstable();
        if let Some(&v) = memo.get(&s) {
            return v;
        }
        let mut seen = BTreeSet::new();
        for i in 0..s.len() {
            for o in rules(s[i]) {
                let mut next = s.clone();
                next.remove(i);
                next.extend(o);
                seen.insert(value(rules, next, memo));
            }
        }
        let v = if seen.is_empty() {
            1
        } else {
            (0..).find(|v| !seen.contains(v)).unwrap()
        };
        memo.insert(s, v);
        v
    }
    (0..=to).map(|n| value(rules, vec![n], &mut memo)).collect()
}

/// Every statement of a corpus game, as the catalog's view of it, with a label for messages.
fn statements(c: &Corpus) -> Vec<(String, Box<dyn AnyGame>)> {
    let mut out: Vec<(String, Box<dyn AnyGame>)> = Vec::new();
    for spec in c.catalog {
        out.push((
            format!("catalog {spec}"),
            grundy::games::lookup(spec).unwrap(),
        ));
    }
    for (i, text) in c.files.iter().enumerate() {
        let s = Script::from_file_text(&format!("corpus-{i}.rhai"), text, Settings::default())
            .unwrap_or_else(|e| panic!("{}: {e}", c.label));
        out.push((format!("rules file {}", i + 1), s.any_game()));
    }
    for rule in c.inline {
        let s = Script::inline(rule, Settings::default()).unwrap();
        out.push((format!("inline '{rule}'"), s.any_game()));
    }
    let outside: Rc<grundy::heap::HeapGame> = Rc::new(Outside {
        name: "outside",
        rules: c.rules,
    });
    out.push((
        "a Rust type".to_string(),
        grundy::games::erase_heap(outside),
    ));
    out
}

/// Random small sums of heaps, the same for every statement: a fixed generator, no dependency.
fn sums(max_heap: u64, count: usize, seed: u64) -> Vec<Vec<u64>> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut out = vec![vec![0], vec![1], vec![max_heap]];
    while out.len() < count {
        let parts = 1 + next() % 3;
        out.push((0..parts).map(|_| next() % (max_heap + 1)).collect());
    }
    out
}

fn words(heaps: &[u64]) -> Vec<String> {
    heaps.iter().map(u64::to_string).collect()
}

/// The heaps a printed result names: `1 + 6`, `0` or `nothing...` for no heap.
fn parse_result(text: &str) -> Vec<u64> {
    if text == "0" || text.starts_with("nothing") {
        return vec![];
    }
    text.split(" + ")
        .map(|h| {
            h.trim()
                .parse()
                .unwrap_or_else(|_| panic!("result '{text}'"))
        })
        .filter(|&h| h > 0)
        .collect()
}

/// The sum after a move in component `i` that leaves `to`, sorted.
fn after(sum: &[u64], i: usize, to: &[u64]) -> Vec<u64> {
    let mut s: Vec<u64> = sum.to_vec();
    s.remove(i);
    s.extend_from_slice(to);
    s.retain(|&h| h > 0);
    s.sort_unstable();
    s
}

fn report(game: &dyn AnyGame, heaps: &[u64], convention: Convention) -> Report {
    let mut sum = Sum::new();
    game.add_to(&mut sum, &words(heaps)).unwrap();
    analyse(&mut sum, convention, &grundy::Context::default()).unwrap()
}

#[test]
fn every_statement_of_a_heap_game_gives_the_same_sequences() {
    for c in CORPUS {
        let to = 40;
        let normal = brute_values(c.rules, to);
        let misere = brute_misere_values(c.rules, c.misere_to);
        for (label, g) in statements(c) {
            let heap = g
                .heap_game()
                .unwrap_or_else(|| panic!("{} {label}: a heap game", c.label));
            let values = grundy::heap::sequence::values(&*heap, to, &mut |_| {}).unwrap();
            assert_eq!(values, normal, "{} {label}: seq", c.label);
            let mut table = grundy::misere::genus::GenusTable::new(
                heap.clone(),
                values[..=c.misere_to as usize].to_vec(),
                Limits::default(),
            );
            for n in 0..=c.misere_to {
                assert_eq!(
                    table.misere_value(n).unwrap(),
                    misere[n as usize],
                    "{} {label}: misère value of heap {n}",
                    c.label
                );
                assert_eq!(
                    table.genus(n).unwrap().g,
                    normal[n as usize],
                    "{} {label}: genus of heap {n}",
                    c.label
                );
            }
        }
    }
}

#[test]
fn every_statement_of_a_heap_game_gives_the_same_values_outcomes_and_moves() {
    for c in CORPUS {
        let values = brute_values(c.rules, c.max_heap);
        let mut memo = HashMap::new();
        for heaps in sums(c.max_heap, 24, c.max_heap) {
            let total = heaps.iter().fold(0, |x, &h| x ^ values[h as usize]);
            // The winning moves by the definition: (component, the sum after it).
            let mut normal_wins = BTreeSet::new();
            let mut misere_wins = BTreeSet::new();
            for (i, &h) in heaps.iter().enumerate() {
                for o in (c.rules)(h) {
                    let s = after(&heaps, i, &o);
                    if s.iter().fold(0, |x, &h| x ^ values[h as usize]) == 0 {
                        normal_wins.insert((i, s.clone()));
                    }
                    if !brute_misere_wins(c.rules, &s, &mut memo) {
                        misere_wins.insert((i, s));
                    }
                }
            }
            let misere_n = brute_misere_wins(c.rules, &heaps, &mut memo);
            for (label, g) in statements(c) {
                let at = format!("{} {label} {heaps:?}", c.label);
                let Report::Normal(a) = report(&*g, &heaps, Convention::Normal) else {
                    panic!("{at}: normal play gave another report")
                };
                assert_eq!(a.nim_value, Some(total), "{at}");
                assert_eq!(a.outcome, Outcome::of_nim_value(total), "{at}");
                let mut printed = BTreeSet::new();
                for w in &a.winning_moves {
                    let s = after(&heaps, w.component, &parse_result(&w.mv.result));
                    // Replayed and re-valued from scratch.
                    assert_eq!(
                        s.iter().fold(0, |x, &h| x ^ values[h as usize]),
                        0,
                        "{at}: '{}' does not win",
                        w.mv.description
                    );
                    assert!(
                        printed.insert((w.component, s)),
                        "{at}: a move printed twice"
                    );
                }
                assert_eq!(printed, normal_wins, "{at}: normal winning moves");
                let Report::Misere(m) = report(&*g, &heaps, Convention::Misere) else {
                    panic!("{at}: misère play gave another report")
                };
                assert_eq!(
                    m.outcome,
                    if misere_n { Outcome::N } else { Outcome::P },
                    "{at}: misère outcome ({})",
                    m.method
                );
                let mut printed = BTreeSet::new();
                for w in &m.winning_moves {
                    let s = after(&heaps, w.component, &parse_result(&w.result));
                    assert!(
                        !brute_misere_wins(c.rules, &s, &mut memo),
                        "{at}: misère move '{}' does not win ({})",
                        w.description,
                        m.method
                    );
                    assert!(
                        printed.insert((w.component, s)),
                        "{at}: a misère move printed twice"
                    );
                }
                assert_eq!(
                    printed, misere_wins,
                    "{at}: misère winning moves ({})",
                    m.method
                );
            }
        }
    }
}

#[test]
fn every_statement_of_a_heap_game_gives_the_same_period_and_quotient() {
    for c in CORPUS {
        // (statement, (preperiod, period, saltus), (quotient order, P-portion size)).
        type Found = (String, Option<(u64, u64, u64)>, (usize, usize));
        let mut found: Vec<Found> = Vec::new();
        let mut patterns: Vec<(String, Vec<String>)> = Vec::new();
        for (label, g) in statements(c) {
            let heap = g.heap_game().unwrap();
            let p = grundy::heap::period::analyse(
                &*heap,
                c.period_to,
                grundy::heap::Engine::Auto,
                1,
                &mut |_, _| {},
            )
            .unwrap();
            let per = p.periodicity.map(|p| (p.preperiod, p.period, p.saltus));
            let q = grundy::misere::quotient::compute(
                &*heap,
                12,
                4096,
                &Limits::default(),
                &mut |_| {},
            )
            .unwrap();
            // The rule `pattern` reads off the values: the same law and statement in every statement of the game
            // (whether it is certified depends on the statement: a code's period is proved, a script's observed,
            // and so does the range the statement names: "for every n >= e" or "for e <= n <= N").
            let rules: Vec<String> = grundy::analysis::pattern::one_parameter(
                &*g,
                Some(c.period_to),
                &grundy::Context::default(),
                &mut |_, _| {},
            )
            .unwrap()
            .rules
            .iter()
            .map(|r| {
                let law = r.statement.split(" for ").next().unwrap_or_default();
                format!("{:?}: {law}", r.law)
            })
            .collect();
            patterns.push((label.clone(), rules));
            found.push((label, per, (q.order, q.p_portion_size)));
        }
        for w in patterns.windows(2) {
            assert_eq!(
                w[0].1, w[1].1,
                "{}: {} and {} find different rules",
                c.label, w[0].0, w[1].0
            );
        }
        for w in found.windows(2) {
            assert_eq!(
                (w[0].1, w[0].2),
                (w[1].1, w[1].2),
                "{}: {} and {} disagree on period or quotient",
                c.label,
                w[0].0,
                w[1].0
            );
        }
    }
}

#[test]
fn the_engine_plays_a_winning_move_under_both_conventions_in_every_statement() {
    for c in CORPUS {
        let values = brute_values(c.rules, c.max_heap);
        let mut memo = HashMap::new();
        for mut heaps in sums(c.max_heap, 8, 7 + c.max_heap) {
            // Empty heaps are no part of play (the session lists the heaps that are there).
            heaps.retain(|&h| h > 0);
            if heaps.is_empty() {
                continue;
            }
            for convention in [Convention::Normal, Convention::Misere] {
                let misere = convention == Convention::Misere;
                let wins = if misere {
                    brute_misere_wins(c.rules, &heaps, &mut memo)
                } else {
                    heaps.iter().fold(0, |x, &h| x ^ values[h as usize]) != 0
                };
                // A lost position, or one with no move left (the game is over), has no winning move to play.
                if !wins || heaps.iter().all(|&h| (c.rules)(h).is_empty()) {
                    continue;
                }
                for (label, g) in statements(c) {
                    let at = format!("{} {label} {heaps:?} {convention:?}", c.label);
                    let mut sum = Sum::new();
                    g.add_to(&mut sum, &words(&heaps)).unwrap();
                    let mut s =
                        Session::new(sum, convention, Player::Engine, Limits::default(), 30.0)
                            .unwrap();
                    assert_eq!(
                        s.components().len(),
                        heaps.len(),
                        "{at}: {:?}",
                        s.components()
                    );
                    let turn = s.engine_move().unwrap_or_else(|e| panic!("{at}: {e}")).mv;
                    let after = after(&heaps, turn.component, &parse_result(&turn.result));
                    let lost = if misere {
                        !brute_misere_wins(c.rules, &after, &mut memo)
                    } else {
                        after.iter().fold(0, |x, &h| x ^ values[h as usize]) == 0
                    };
                    assert!(
                        lost,
                        "{at}: the engine played '{}', which does not win",
                        turn.description
                    );
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Boards and graphs: Cram boards, the same boards as Arc Kayles graphs, strips as Dawson's Kayles, Node Kayles
// paths as Dawson's chess (0.137), graph files; each against a brute force on vertex sets, and each printed move
// parsed from its words, applied to the position as given, and re-valued from scratch.
// ---------------------------------------------------------------------------------------------------------------

/// A graph on at most 64 vertices, one neighbour mask a vertex.
#[derive(Clone)]
struct Graph {
    adj: Vec<u64>,
}

impl Graph {
    fn from_edges(n: usize, edges: &[(usize, usize)]) -> Graph {
        let mut adj = vec![0u64; n];
        for &(u, v) in edges {
            adj[u] |= 1 << v;
            adj[v] |= 1 << u;
        }
        Graph { adj }
    }
    fn path(n: usize) -> Graph {
        let edges: Vec<(usize, usize)> = (1..n).map(|v| (v - 1, v)).collect();
        Graph::from_edges(n, &edges)
    }
    /// The grid graph of a board's empty cells (`.`), cell `(r, c)` numbered `r * cols + c`; with the cells.
    fn of_board(rows: &[&str]) -> (Graph, u64) {
        let cols = rows[0].len();
        let mut edges = Vec::new();
        let mut cells = 0u64;
        let empty = |r: usize, c: usize| rows[r].as_bytes()[c] == b'.';
        for r in 0..rows.len() {
            for c in 0..cols {
                if !empty(r, c) {
                    continue;
                }
                cells |= 1 << (r * cols + c);
                if c + 1 < cols && empty(r, c + 1) {
                    edges.push((r * cols + c, r * cols + c + 1));
                }
                if r + 1 < rows.len() && empty(r + 1, c) {
                    edges.push((r * cols + c, (r + 1) * cols + c));
                }
            }
        }
        (Graph::from_edges(rows.len() * cols, &edges), cells)
    }
}

/// Node Kayles (take a vertex and its neighbours) or Arc Kayles (take an edge and both its ends; Cram is Arc
/// Kayles on the grid graph of the empty cells).
#[derive(Clone, Copy, PartialEq)]
enum Kayles {
    Node,
    Arc,
}

/// The options of the vertex set `live`: the vertex sets left.
fn kayles_options(g: &Graph, kind: Kayles, live: u64) -> Vec<u64> {
    let mut out = Vec::new();
    for v in 0..g.adj.len() {
        if live >> v & 1 == 0 {
            continue;
        }
        match kind {
            Kayles::Node => out.push(live & !(1 << v) & !g.adj[v]),
            Kayles::Arc => {
                for u in v + 1..g.adj.len() {
                    if live >> u & 1 == 1 && g.adj[v] >> u & 1 == 1 {
                        out.push(live & !(1 << v) & !(1 << u));
                    }
                }
            }
        }
    }
    out
}

fn kayles_value(g: &Graph, kind: Kayles, live: u64, memo: &mut HashMap<u64, Nimber>) -> Nimber {
    if let Some(&v) = memo.get(&live) {
        return v;
    }
    let seen: BTreeSet<Nimber> = kayles_options(g, kind, live)
        .into_iter()
        .map(|o| kayles_value(g, kind, o, memo))
        .collect();
    let v = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(live, v);
    v
}

/// Misère: whether the player to move wins the vertex set `live` plus a Nim heap of `heap`.
fn kayles_misere_wins(
    g: &Graph,
    kind: Kayles,
    live: u64,
    heap: u64,
    memo: &mut HashMap<(u64, u64), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(live, heap)) {
        return w;
    }
    let mut next: Vec<(u64, u64)> = kayles_options(g, kind, live)
        .into_iter()
        .map(|o| (o, heap))
        .collect();
    next.extend((0..heap).map(|h| (live, h)));
    let w = next.is_empty()
        || next
            .into_iter()
            .any(|(l, h)| !kayles_misere_wins(g, kind, l, h, memo));
    memo.insert((live, heap), w);
    w
}

/// The numbers in `text`, in order.
fn numbers(text: &str) -> Vec<usize> {
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect()
}

/// The vertex sets a printed move leaves, one for each of the ways it is named by ("take vertex 0 or 1", "place a
/// domino down column 1, rows 1-2, or down column 3, rows 1-2"), read from its words alone and applied to `live`.
fn replay(g: &Graph, kind: Kayles, cols: usize, live: u64, description: &str) -> Vec<u64> {
    let words = description
        .split(", leaving")
        .next()
        .unwrap()
        .split(", removing")
        .next()
        .unwrap()
        .split(" (")
        .next()
        .unwrap();
    let mut out = Vec::new();
    if let Some(rest) = words.strip_prefix("place a domino ") {
        // Cram: rows and columns from 1.
        for way in rest.split(", or ") {
            let n = numbers(way);
            let (a, b) = if way.starts_with("across row") {
                ((n[0] - 1) * cols + n[1] - 1, (n[0] - 1) * cols + n[2] - 1)
            } else {
                assert!(way.starts_with("down column"), "'{description}'");
                ((n[1] - 1) * cols + n[0] - 1, (n[2] - 1) * cols + n[0] - 1)
            };
            assert!(
                live >> a & 1 == 1 && live >> b & 1 == 1 && g.adj[a] >> b & 1 == 1,
                "'{description}' is no legal move of the position as given"
            );
            out.push(live & !(1 << a) & !(1 << b));
        }
    } else if let Some(rest) = words.strip_prefix("take the edge ") {
        for way in rest.split(" or ") {
            let n = numbers(way);
            let (a, b) = (n[0], n[1]);
            assert!(
                live >> a & 1 == 1 && live >> b & 1 == 1 && g.adj[a] >> b & 1 == 1,
                "'{description}' is no legal move of the position as given"
            );
            out.push(live & !(1 << a) & !(1 << b));
        }
    } else if let Some(rest) = words.strip_prefix("take vertex ") {
        for way in rest.split(" or ") {
            let v = numbers(way)[0];
            assert!(
                live >> v & 1 == 1,
                "'{description}': vertex {v} is not in play"
            );
            out.push(live & !(1 << v) & !g.adj[v]);
        }
    } else {
        panic!("a move in words this test cannot read: '{description}'");
    }
    assert_eq!(
        kind == Kayles::Node,
        words.starts_with("take vertex"),
        "'{description}'"
    );
    out
}

/// One board or graph position stated in some way: the catalog words and the brute force's graph.
struct Stated {
    label: String,
    words: Vec<String>,
    graph: Graph,
    kind: Kayles,
    /// Board columns (for reading Cram moves), 0 for graphs.
    cols: usize,
    live: u64,
}

fn graph_file(name: &str, n: usize, edges: &[(usize, usize)]) -> String {
    let path =
        std::env::temp_dir().join(format!("grundy-one-game-{}-{name}.txt", std::process::id()));
    let mut text = format!("nodes {n}\n");
    for (u, v) in edges {
        text += &format!("{u} {v}\n");
    }
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

fn board_and_graph_corpus() -> Vec<Vec<Stated>> {
    let mut out = Vec::new();
    // Cram boards, as boards; the full rectangles also as Arc Kayles on the grid graph.
    for rows in [
        &["../#./#."][..],
        &["..#..", "....."],
        &["...", "...", "..."],
        &["....", "....", "..#."],
        &["#...", "....", ".##.", "...."],
        &["....", "...."],
    ] {
        let text = rows.join("/");
        let (graph, live) = Graph::of_board(&text.split('/').collect::<Vec<_>>());
        let cols = rows[0].split('/').next().unwrap().len();
        let rows_all: Vec<&str> = text.split('/').collect();
        let mut same = vec![Stated {
            label: format!("cram {text}"),
            words: vec!["cram".into(), text.clone()],
            graph: graph.clone(),
            kind: Kayles::Arc,
            cols: rows_all[0].len(),
            live,
        }];
        let _ = cols;
        if !text.contains('#') {
            let (r, c) = (rows_all.len(), rows_all[0].len());
            same.push(Stated {
                label: format!("arc-kayles grid:{r}x{c}"),
                words: vec!["arc-kayles".into(), format!("grid:{r}x{c}")],
                graph: graph.clone(),
                kind: Kayles::Arc,
                cols: 0,
                live,
            });
            same.push(Stated {
                label: format!("cram {r}x{c}"),
                words: vec!["cram".into(), format!("{r}x{c}")],
                graph,
                kind: Kayles::Arc,
                cols: c,
                live,
            });
        }
        out.push(same);
    }
    // Strips: Cram 1xN, Arc Kayles on a path; Node Kayles on a path and on the same path as a file.
    for n in [1usize, 2, 5, 8, 11] {
        let path = Graph::path(n);
        let all = (1u64 << n) - 1;
        out.push(vec![
            Stated {
                label: format!("cram 1x{n}"),
                words: vec!["cram".into(), format!("1x{n}")],
                graph: path.clone(),
                kind: Kayles::Arc,
                cols: n,
                live: all,
            },
            Stated {
                label: format!("arc-kayles path:{n}"),
                words: vec!["arc-kayles".into(), format!("path:{n}")],
                graph: path.clone(),
                kind: Kayles::Arc,
                cols: 0,
                live: all,
            },
        ]);
        let edges: Vec<(usize, usize)> = (1..n).map(|v| (v - 1, v)).collect();
        out.push(vec![
            Stated {
                label: format!("node-kayles path:{n}"),
                words: vec!["node-kayles".into(), format!("path:{n}")],
                graph: path.clone(),
                kind: Kayles::Node,
                cols: 0,
                live: all,
            },
            Stated {
                label: format!("node-kayles file of path {n}"),
                words: vec![
                    "node-kayles".into(),
                    graph_file(&format!("path{n}"), n, &edges),
                ],
                graph: path,
                kind: Kayles::Node,
                cols: 0,
                live: all,
            },
        ]);
    }
    // Graphs with isolated vertices and several components (the reproducers of issue 39).
    for (name, n, edges) in [
        ("two-isolated", 2usize, vec![]),
        ("path-and-edge", 5, vec![(0, 1), (1, 2), (3, 4)]),
        ("c4", 4, vec![(0, 1), (1, 2), (2, 3), (0, 3)]),
        (
            "star-and-triangle",
            7,
            vec![(0, 1), (0, 2), (0, 3), (4, 5), (5, 6), (4, 6)],
        ),
    ] {
        let file = graph_file(name, n, &edges);
        let graph = Graph::from_edges(n, &edges);
        let all = (1u64 << n) - 1;
        out.push(vec![Stated {
            label: format!("node-kayles {name}"),
            words: vec!["node-kayles".into(), file.clone()],
            graph: graph.clone(),
            kind: Kayles::Node,
            cols: 0,
            live: all,
        }]);
        if !edges.is_empty() {
            out.push(vec![Stated {
                label: format!("arc-kayles {name}"),
                words: vec!["arc-kayles".into(), file],
                graph,
                kind: Kayles::Arc,
                cols: 0,
                live: all,
            }]);
        }
    }
    out
}

/// The report of a stated position, alone or with a Nim heap of `heap` added.
fn stated_report(s: &Stated, heap: u64, convention: Convention) -> Report {
    let mut sum = Sum::new();
    let (game, words) = s.words.split_first().unwrap();
    grundy::games::lookup(game)
        .unwrap()
        .add_to(&mut sum, words)
        .unwrap();
    if heap > 0 {
        grundy::games::lookup("nim")
            .unwrap()
            .add_to(&mut sum, &[heap.to_string()])
            .unwrap();
    }
    analyse(&mut sum, convention, &grundy::Context::default())
        .unwrap_or_else(|e| panic!("{}: {e}", s.label))
}

#[test]
fn boards_and_graphs_give_one_answer_and_every_move_printed_wins_where_it_is_played() {
    for same in board_and_graph_corpus() {
        let mut answers = Vec::new();
        for s in &same {
            let mut memo = HashMap::new();
            let mut mmemo = HashMap::new();
            let value = kayles_value(&s.graph, s.kind, s.live, &mut memo);
            for heap in [0u64, 1, 2] {
                let at = format!("{} + nim {heap}", s.label);
                // The brute force's winning moves in the board or graph: the vertex sets they leave.
                let options = kayles_options(&s.graph, s.kind, s.live);
                let normal_wins: BTreeSet<u64> = options
                    .iter()
                    .copied()
                    .filter(|&o| kayles_value(&s.graph, s.kind, o, &mut memo) == heap)
                    .collect();
                let misere_wins: BTreeSet<u64> = options
                    .iter()
                    .copied()
                    .filter(|&o| !kayles_misere_wins(&s.graph, s.kind, o, heap, &mut mmemo))
                    .collect();
                let Report::Normal(a) = stated_report(s, heap, Convention::Normal) else {
                    panic!("{at}: normal play gave another report")
                };
                assert_eq!(a.nim_value, Some(value ^ heap), "{at}");
                let mut printed = BTreeSet::new();
                for w in a.winning_moves.iter().filter(|w| w.game != "nim") {
                    for left in replay(&s.graph, s.kind, s.cols, s.live, &w.mv.description) {
                        assert_eq!(
                            kayles_value(&s.graph, s.kind, left, &mut memo),
                            heap,
                            "{at}: '{}' does not win",
                            w.mv.description
                        );
                        printed.insert(left);
                    }
                }
                assert_eq!(printed, normal_wins, "{at}: normal winning moves");
                let Report::Misere(m) = stated_report(s, heap, Convention::Misere) else {
                    panic!("{at}: misère play gave another report")
                };
                let wins = kayles_misere_wins(&s.graph, s.kind, s.live, heap, &mut mmemo);
                assert_eq!(
                    m.outcome == Outcome::N,
                    wins,
                    "{at}: misère outcome ({})",
                    m.method
                );
                let mut printed = BTreeSet::new();
                let mut texts = BTreeSet::new();
                for w in m.winning_moves.iter().filter(|w| w.game != "nim") {
                    assert!(
                        texts.insert((w.component, w.description.clone())),
                        "{at}: '{}' printed twice",
                        w.description
                    );
                    for left in replay(&s.graph, s.kind, s.cols, s.live, &w.description) {
                        assert!(
                            !kayles_misere_wins(&s.graph, s.kind, left, heap, &mut mmemo),
                            "{at}: misère move '{}' does not win",
                            w.description
                        );
                        printed.insert(left);
                    }
                }
                assert_eq!(
                    printed, misere_wins,
                    "{at}: misère winning moves ({})",
                    m.method
                );
                answers.push((heap, a.nim_value, m.outcome));
            }
        }
        // Every statement of the same position: the same values and outcomes.
        let first: Vec<_> = answers.iter().take(3).cloned().collect();
        for chunk in answers.chunks(3) {
            assert_eq!(chunk, &first[..], "{}: statements disagree", same[0].label);
        }
    }
}

#[test]
fn strips_and_paths_are_the_octal_games_they_are() {
    // Cram on a strip of n cells is Dawson's Kayles 0.07 on a heap of n; Node Kayles on a path of n vertices is
    // Dawson's chess 0.137 on a heap of n (each move takes an end vertex and its neighbour, or a middle vertex and
    // both neighbours).
    for n in 1..=12u64 {
        for (heap_game, board) in [
            ("0.07", vec!["cram".to_string(), format!("1x{n}")]),
            (
                "0.137",
                vec!["node-kayles".to_string(), format!("path:{n}")],
            ),
        ] {
            for convention in [Convention::Normal, Convention::Misere] {
                let mut a = Sum::new();
                grundy::games::lookup(heap_game)
                    .unwrap()
                    .add_to(&mut a, &[n.to_string()])
                    .unwrap();
                let mut b = Sum::new();
                grundy::games::lookup(&board[0])
                    .unwrap()
                    .add_to(&mut b, &board[1..])
                    .unwrap();
                let (ra, rb) = (
                    analyse(&mut a, convention, &grundy::Context::default()).unwrap(),
                    analyse(&mut b, convention, &grundy::Context::default()).unwrap(),
                );
                match (ra, rb) {
                    (Report::Normal(x), Report::Normal(y)) => {
                        assert_eq!(x.nim_value, y.nim_value, "{heap_game} {n}")
                    }
                    (Report::Misere(x), Report::Misere(y)) => {
                        assert_eq!(x.outcome, y.outcome, "{heap_game} {n} misère")
                    }
                    _ => panic!("{heap_game} {n}: reports of different kinds"),
                }
            }
        }
    }
}

/// The misère report of a sum checked against the brute force: outcome and the set of winning moves, each replayed.
fn check_misere(c: &Corpus, at: &str, m: &grundy::analysis::MisereAnalysis, heaps: &[u64]) {
    let mut memo = HashMap::new();
    let mut wins = BTreeSet::new();
    for (i, &h) in heaps.iter().enumerate() {
        for o in (c.rules)(h) {
            let s = after(heaps, i, &o);
            if !brute_misere_wins(c.rules, &s, &mut memo) {
                wins.insert((i, s));
            }
        }
    }
    let n = brute_misere_wins(c.rules, heaps, &mut memo);
    assert_eq!(
        m.outcome == Outcome::N,
        n,
        "{at}: misère outcome ({})",
        m.method
    );
    let printed: BTreeSet<(usize, Vec<u64>)> = m
        .winning_moves
        .iter()
        .map(|w| {
            (
                w.component,
                after(heaps, w.component, &parse_result(&w.result)),
            )
        })
        .collect();
    assert_eq!(
        printed.len(),
        m.winning_moves.len(),
        "{at}: a move printed twice"
    );
    assert_eq!(printed, wins, "{at}: misère winning moves ({})", m.method);
}

#[test]
fn a_game_played_misere_by_its_own_rules_is_answered_by_misere_play() {
    // The same rules with `const PLAY = "misere"` (the last mover loses): asked as stated (normal convention), the
    // answer is misère play of the rules; asking for misère play on top is refused; the engine plays misère.
    for c in CORPUS {
        for (i, text) in c.files.iter().enumerate() {
            let script = Script::from_file_text(
                &format!("own-misere-{i}.rhai"),
                &format!("const PLAY = \"misere\";\n{text}"),
                Settings::default(),
            )
            .unwrap();
            let g = script.any_game();
            assert_eq!(g.play(), grundy::Play::Misere);
            for heaps in sums(c.max_heap, 16, 3 + c.max_heap) {
                let at = format!("{} played misère by its rules {heaps:?}", c.label);
                let Report::Misere(m) = report(&*g, &heaps, Convention::Normal) else {
                    panic!("{at}: not answered under misère play")
                };
                check_misere(c, &at, &m, &heaps);
                let mut sum = Sum::new();
                g.add_to(&mut sum, &words(&heaps)).unwrap();
                assert!(
                    analyse(&mut sum, Convention::Misere, &grundy::Context::default()).is_err(),
                    "{at}"
                );
                let mut play: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
                play.sort_unstable();
                let mut memo = HashMap::new();
                if play.is_empty()
                    || play.iter().all(|&h| (c.rules)(h).is_empty())
                    || !brute_misere_wins(c.rules, &play, &mut memo)
                {
                    continue;
                }
                let mut sum = Sum::new();
                g.add_to(&mut sum, &words(&play)).unwrap();
                let mut s = Session::new(
                    sum,
                    Convention::Normal,
                    Player::Engine,
                    Limits::default(),
                    30.0,
                )
                .unwrap();
                assert_eq!(s.convention(), Convention::Misere, "{at}");
                let turn = s.engine_move().unwrap().mv;
                let left = after(&play, turn.component, &parse_result(&turn.result));
                assert!(
                    !brute_misere_wins(c.rules, &left, &mut memo),
                    "{at}: the engine's '{}' loses",
                    turn.description
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Games whose positions are tuples: Wythoff's game, E&D, the cutting game (a move leaves a sum of two sheets), and
// Candy Piles (played misère by its own rules), each as the catalog game, a rules script and a Rust type here.
// ---------------------------------------------------------------------------------------------------------------

/// The reference rules of a tuple game: each option a sum of positions.
type TupleRules = fn(&[u64]) -> Vec<Vec<Vec<u64>>>;

fn wythoff(p: &[u64]) -> Vec<Vec<Vec<u64>>> {
    let (a, b) = (p[0], p[1]);
    let mut out = Vec::new();
    for i in 1..=a {
        out.push(vec![vec![a - i, b]]);
    }
    for i in 1..=b {
        out.push(vec![vec![a, b - i]]);
    }
    for i in 1..=a.min(b) {
        out.push(vec![vec![a - i, b - i]]);
    }
    out
}
fn ed(p: &[u64]) -> Vec<Vec<Vec<u64>>> {
    let mut out = Vec::new();
    for &x in p {
        for a in 1..x {
            out.push(vec![vec![a, x - a]]);
        }
    }
    out
}
fn cutting(p: &[u64]) -> Vec<Vec<Vec<u64>>> {
    let (w, h) = (p[0], p[1]);
    let mut out = Vec::new();
    for a in 2..=w / 2 {
        out.push(vec![vec![a, h], vec![w - a, h]]);
    }
    for b in 2..=h / 2 {
        out.push(vec![vec![w, b], vec![w, h - b]]);
    }
    out
}
fn candy(p: &[u64]) -> Vec<Vec<Vec<u64>>> {
    if p.is_empty() {
        return vec![];
    }
    let mut s = p.to_vec();
    s.sort_unstable();
    let mut largest = s.clone();
    largest.pop();
    let one_each: Vec<u64> = s.iter().filter(|&&x| x > 1).map(|x| x - 1).collect();
    vec![vec![largest], vec![one_each]]
}

/// A tuple game stated as a Rust type outside the library.
struct OutsideTuple {
    rules: TupleRules,
    arity: Option<usize>,
    misere: bool,
}

impl Game for OutsideTuple {
    type Position = Vec<u64>;
    fn name(&self) -> String {
        "outside".into()
    }
    fn options(&self, p: &Vec<u64>, out: &mut Options<Vec<u64>>) -> grundy::Result<()> {
        for o in (self.rules)(p) {
            out.push(o);
        }
        Ok(())
    }
    fn play(&self) -> grundy::Play {
        if self.misere {
            grundy::Play::Misere
        } else {
            grundy::Play::Normal
        }
    }
    fn notation(&self) -> Option<&dyn grundy::Notation<Self::Position>> {
        Some(self)
    }
}

impl grundy::Notation<Vec<u64>> for OutsideTuple {
    fn parse(&self, words: &[String]) -> Option<grundy::Result<Vec<Vec<u64>>>> {
        Some(self.read_words(words))
    }
    fn show(&self, p: &Vec<u64>) -> String {
        p.iter().map(u64::to_string).collect::<Vec<_>>().join(" ")
    }
}

impl OutsideTuple {
    /// Reads the positions `words` write: the body of this game's [`grundy::Notation::parse`].
    fn read_words(&self, words: &[String]) -> grundy::Result<Vec<Vec<u64>>> {
        let xs: Vec<u64> = words
            .iter()
            .map(|w| grundy::error::parse_u64(w, "outside"))
            .collect::<grundy::Result<_>>()?;
        Ok(match self.arity {
            Some(k) => xs.chunks(k).map(<[u64]>::to_vec).collect(),
            None => vec![xs],
        })
    }
}

/// A tuple position's nim-value by the definition.
fn tuple_value(rules: TupleRules, p: &[u64], memo: &mut HashMap<Vec<u64>, Nimber>) -> Nimber {
    if let Some(&v) = memo.get(p) {
        return v;
    }
    let seen: BTreeSet<Nimber> = rules(p)
        .iter()
        .map(|o| o.iter().fold(0, |x, q| x ^ tuple_value(rules, q, memo)))
        .collect();
    let v = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(p.to_vec(), v);
    v
}

/// Misère: whether the player to move wins the sum of tuple positions `sum`.
fn tuple_misere_wins(
    rules: TupleRules,
    sum: &[Vec<u64>],
    memo: &mut HashMap<Vec<Vec<u64>>, bool>,
) -> bool {
    let mut key: Vec<Vec<u64>> = sum
        .iter()
        .filter(|p| !rules(p).is_empty())
        .cloned()
        .collect();
    key.sort();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut moved = false;
    let mut win = false;
    'out: for i in 0..key.len() {
        for o in rules(&key[i]) {
            moved = true;
            let mut next = key.clone();
            next.remove(i);
            next.extend(o);
            if !tuple_misere_wins(rules, &next, memo) {
                win = true;
                break 'out;
            }
        }
    }
    let w = win || !moved;
    memo.insert(key, w);
    w
}

struct TupleCorpus {
    label: &'static str,
    rules: TupleRules,
    /// The catalog's words for a position.
    catalog: fn(&[u64]) -> Vec<String>,
    /// A result of the catalog's as a position.
    catalog_result: fn(&str) -> Vec<u64>,
    script: &'static str,
    arity: Option<usize>,
    misere: bool,
    positions: fn() -> Vec<Vec<u64>>,
    /// One form for positions that are the same game up to a relabelling (E&D's pair is unordered, Candy Piles' a
    /// multiset), so that a statement that keeps one of them and one that keeps the other are compared fairly.
    canon: fn(Vec<u64>) -> Vec<u64>,
}

fn same(p: Vec<u64>) -> Vec<u64> {
    p
}
fn sorted(mut p: Vec<u64>) -> Vec<u64> {
    p.sort_unstable();
    p
}

fn plain_words(p: &[u64]) -> Vec<String> {
    p.iter().map(u64::to_string).collect()
}
fn plain_result(t: &str) -> Vec<u64> {
    t.split_whitespace().map(|x| x.parse().unwrap()).collect()
}

const TUPLES: &[TupleCorpus] = &[
    TupleCorpus {
        label: "wythoff",
        rules: wythoff,
        catalog: |p| vec!["wythoff".into(), p[0].to_string(), p[1].to_string()],
        catalog_result: plain_result,
        script: "fn moves(a, b) { let o = []; for i in 1..=a { o.push([a - i, b]); } for i in 1..=b { o.push([a, b - i]); } for i in 1..=min(a, b) { o.push([a - i, b - i]); } o }",
        arity: Some(2),
        misere: false,
        positions: || (0..7).flat_map(|a| (0..7).map(move |b| vec![a, b])).collect(),
        canon: same,
    },
    TupleCorpus {
        label: "ed",
        rules: ed,
        catalog: |p| vec!["ed".into(), p[0].to_string(), p[1].to_string()],
        catalog_result: plain_result,
        script: include_str!("../../../examples/rules/ed.rhai"),
        arity: Some(2),
        misere: false,
        positions: || (1..9).flat_map(|a| (1..9).map(move |b| vec![a, b])).collect(),
        canon: sorted,
    },
    TupleCorpus {
        label: "cutting",
        rules: cutting,
        catalog: |p| vec!["cutting".into(), format!("{}x{}", p[0], p[1])],
        catalog_result: |t| t.split('x').map(|x| x.trim().parse().unwrap()).collect(),
        script: include_str!("../../../examples/rules/cutting.rhai"),
        arity: Some(2),
        misere: false,
        positions: || (2..8).flat_map(|a| (2..8).map(move |b| vec![a, b])).collect(),
        canon: same,
    },
    TupleCorpus {
        label: "candy-piles",
        rules: candy,
        catalog: |p| std::iter::once("candy-piles".to_string()).chain(plain_words(p)).collect(),
        catalog_result: plain_result,
        script: include_str!("../../../examples/rules/candy.rhai"),
        arity: None,
        misere: true,
        positions: || {
            let mut out = Vec::new();
            for a in 1..5u64 {
                out.push(vec![a]);
                for b in 1..=a {
                    out.push(vec![a, b]);
                    for c in 1..=b {
                        out.push(vec![a, b, c]);
                    }
                }
            }
            out
        },
        canon: sorted,
    },
];

/// The positions a result names: `the empty position`/`nothing…` for none, else parts joined by ` + `.
fn tuple_result(text: &str, read: fn(&str) -> Vec<u64>) -> Vec<Vec<u64>> {
    if text.starts_with("the empty") || text.starts_with("nothing") || text == "[]" {
        return vec![];
    }
    text.split(" + ")
        .map(|t| read(t.trim_matches(|c| c == '[' || c == ']')))
        .collect()
}

#[test]
fn every_statement_of_a_tuple_game_gives_the_same_answers() {
    for c in TUPLES {
        let script = Script::from_file_text("tuple.rhai", c.script, Settings::default()).unwrap();
        let scripted = script.any_game();
        let outside = grundy::games::erase(OutsideTuple {
            rules: c.rules,
            arity: c.arity,
            misere: c.misere,
        });
        let catalog_game = grundy::games::lookup((c.catalog)(&[1, 1])[0].as_str()).unwrap();
        assert_eq!(catalog_game.play(), scripted.play(), "{}", c.label);
        assert_eq!(catalog_game.play(), outside.play(), "{}", c.label);
        let mut memo = HashMap::new();
        let mut mmemo = HashMap::new();
        for p in (c.positions)() {
            let wins_normal = tuple_value(c.rules, &p, &mut memo) != 0;
            let wins_misere = tuple_misere_wins(c.rules, std::slice::from_ref(&p), &mut mmemo);
            let catalog_words = (c.catalog)(&p);
            // (statement, the game, the words of the position, how its results read back).
            type Statement<'a> = (&'a str, &'a dyn AnyGame, Vec<String>, fn(&str) -> Vec<u64>);
            let statements: [Statement; 3] = [
                (
                    "catalog",
                    &*catalog_game,
                    catalog_words[1..].to_vec(),
                    c.catalog_result,
                ),
                ("rules file", &*scripted, plain_words(&p), plain_result),
                ("a Rust type", &*outside, plain_words(&p), plain_result),
            ];
            for (label, g, words, read) in statements {
                let at = format!("{} {label} {p:?}", c.label);
                for convention in [Convention::Normal, Convention::Misere] {
                    let mut sum = Sum::new();
                    g.add_to(&mut sum, &words).unwrap();
                    let r = analyse(&mut sum, convention, &grundy::Context::default());
                    // A game played misère by its own rules: asked as stated, misère play; misère on top refused.
                    if c.misere && convention == Convention::Misere {
                        assert!(r.is_err(), "{at}: misère asked twice");
                        continue;
                    }
                    let misere = c.misere || convention == Convention::Misere;
                    match r.unwrap_or_else(|e| panic!("{at}: {e}")) {
                        Report::Normal(a) => {
                            assert!(!misere, "{at}");
                            assert_eq!(
                                a.nim_value,
                                Some(tuple_value(c.rules, &p, &mut memo)),
                                "{at}"
                            );
                            let count = (c.rules)(&p)
                                .iter()
                                .filter(|o| {
                                    o.iter()
                                        .fold(0, |x, q| x ^ tuple_value(c.rules, q, &mut memo))
                                        == 0
                                })
                                .count();
                            assert_eq!(a.outcome == Outcome::N, wins_normal, "{at}");
                            let mut printed = BTreeSet::new();
                            for w in &a.winning_moves {
                                let to = tuple_result(&w.mv.result, read);
                                let v = to
                                    .iter()
                                    .fold(0, |x, q| x ^ tuple_value(c.rules, q, &mut memo));
                                assert_eq!(v, 0, "{at}: '{}' does not win", w.mv.description);
                                let mut key: Vec<Vec<u64>> = to.into_iter().map(c.canon).collect();
                                key.sort();
                                printed.insert(key);
                            }
                            // Options that leave the same sum are one move.
                            let distinct: BTreeSet<Vec<Vec<u64>>> = (c.rules)(&p)
                                .into_iter()
                                .filter(|o| {
                                    o.iter()
                                        .fold(0, |x, q| x ^ tuple_value(c.rules, q, &mut memo))
                                        == 0
                                })
                                .map(|o| {
                                    let mut o: Vec<Vec<u64>> = o.into_iter().map(c.canon).collect();
                                    o.sort();
                                    o
                                })
                                .collect();
                            assert!(count >= distinct.len());
                            assert_eq!(printed, distinct, "{at}: normal winning moves");
                        }
                        Report::Misere(m) => {
                            assert!(misere, "{at}");
                            assert_eq!(
                                m.outcome == Outcome::N,
                                wins_misere,
                                "{at}: misère outcome ({})",
                                m.method
                            );
                            let mut printed = BTreeSet::new();
                            for w in &m.winning_moves {
                                let mut to = tuple_result(&w.result, read);
                                // Empty piles are no position of Candy Piles.
                                to.retain(|q| !q.is_empty());
                                assert!(
                                    !tuple_misere_wins(c.rules, &to, &mut mmemo),
                                    "{at}: misère move '{}' -> {to:?} does not win ({})",
                                    w.description,
                                    m.method
                                );
                                let mut to: Vec<Vec<u64>> = to.into_iter().map(c.canon).collect();
                                to.sort();
                                printed.insert(to);
                            }
                            let wins: BTreeSet<Vec<Vec<u64>>> = (c.rules)(&p)
                                .into_iter()
                                .map(|o| {
                                    let mut o: Vec<Vec<u64>> = o
                                        .into_iter()
                                        .filter(|q| !q.is_empty())
                                        .map(c.canon)
                                        .collect();
                                    o.sort();
                                    o
                                })
                                .filter(|o| !tuple_misere_wins(c.rules, o, &mut mmemo))
                                .collect();
                            assert_eq!(printed, wins, "{at}: misère winning moves ({})", m.method);
                        }
                        Report::Loopy(_) => panic!("{at}: a loopy report"),
                    }
                }
            }
        }
    }
}

#[test]
fn loopy_analysis_of_a_finite_game_is_its_normal_play_in_every_statement() {
    // A finite game has no draw: Smith's generalised values are its nim-values, and every winning move the loopy
    // analysis prints, replayed, leaves nim-sum 0. A statement the loopy solvers cannot take (an option that is a sum
    // of components of a game without a code) is refused in one error, never answered wrongly.
    for c in CORPUS {
        let values = brute_values(c.rules, c.max_heap);
        for heaps in sums(c.max_heap, 10, 11 + c.max_heap) {
            let total = heaps.iter().fold(0, |x, &h| x ^ values[h as usize]);
            for (label, g) in statements(c) {
                let at = format!("{} {label} {heaps:?} loopy", c.label);
                let mut sum = Sum::new();
                g.add_to(&mut sum, &words(&heaps)).unwrap();
                let r = analyse(
                    &mut sum,
                    Convention::Loopy { max_heap: 1000 },
                    &grundy::Context::default(),
                );
                let a = match r {
                    Ok(Report::Loopy(a)) => a,
                    Ok(_) => panic!("{at}: another report"),
                    Err(e) => {
                        assert_ne!(e.kind(), grundy::ErrorKind::Limit, "{at}: {e}");
                        continue;
                    }
                };
                assert_eq!(a.outcome, Outcome::of_nim_value(total), "{at}");
                let j = serde_json::to_value(&a).unwrap();
                for w in j["winning_moves"].as_array().unwrap() {
                    let i = w["component"].as_u64().unwrap() as usize;
                    let to: Vec<u64> = match &w["to"] {
                        serde_json::Value::Array(xs) => {
                            xs.iter().map(|x| x.as_u64().unwrap()).collect()
                        }
                        x => leave(x.as_u64().unwrap()),
                    };
                    let s = after(&heaps, i, &to);
                    assert_eq!(
                        s.iter().fold(0, |x, &h| x ^ values[h as usize]),
                        0,
                        "{at}: {w}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_statement_of_a_heap_game_gives_the_same_genus() {
    for c in CORPUS {
        let mut seen: Vec<(String, Vec<String>)> = Vec::new();
        for (label, g) in statements(c) {
            let heap = g.heap_game().unwrap();
            let to = c.misere_to.min(12);
            let normal = grundy::heap::sequence::values(&*heap, to, &mut |_| {}).unwrap();
            let mut t = grundy::misere::genus::GenusTable::new(heap, normal, Limits::default());
            let genera = (0..=to).map(|n| t.genus(n).unwrap().to_string()).collect();
            seen.push((label, genera));
        }
        for w in seen.windows(2) {
            assert_eq!(
                w[0].1, w[1].1,
                "{}: {} and {} disagree on genera",
                c.label, w[0].0, w[1].0
            );
        }
    }
}
