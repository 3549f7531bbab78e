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
    fn options(&self, n: &u64, out: &mut Options<u64>) {
        for o in (self.rules)(*n) {
            out.push(o);
        }
    }
    fn parse(&self, words: &[String]) -> grundy::Result<Vec<u64>> {
        grundy::heap::parse_heaps(self.name, words)
    }
    fn show(&self, n: &u64) -> String {
        n.to_string()
    }
    fn describe_move(&self, from: &u64, to: &[u64]) -> String {
        grundy::heap::describe_heap_move(*from, to)
    }
    fn is_heap_game(&self) -> bool {
        true
    }
    fn parameters(&self) -> usize {
        1
    }
    fn position_at(&self, p: &[u64]) -> Option<u64> {
        p.first().copied()
    }
}

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
    },
    Corpus {
        label: "kayles",
        rules: kayles,
        catalog: &["kayles", "0.77"],
        files: &["fn moves(n) { [splits(n - 1), splits(n - 2)] }"],
        inline: &["n => [splits(n - 1), splits(n - 2)]"],
        max_heap: 9,
        period_to: 1023,
    },
    Corpus {
        label: "dawsons-kayles",
        rules: dawsons_kayles,
        catalog: &["dawsons-kayles", "0.07"],
        files: &["fn moves(n) { let out = []; for a in 0..(n - 1) { if a <= n - 2 - a { out.push([a, n - 2 - a]); } } out }"],
        inline: &["n => [splits(n - 2)]"],
        max_heap: 10,
        period_to: 1023,
    },
    Corpus {
        label: "s(1,2,5)",
        rules: s125,
        catalog: &["subtraction:1,2,5", "0.33003"],
        files: &["fn moves(n) { [n - 1, n - 2, n - 5] }"],
        inline: &["n => [n - 1, n - 2, n - 5]"],
        max_heap: 12,
        period_to: 1023,
    },
    Corpus {
        label: "s(1,3,4)",
        rules: s134,
        catalog: &["subtraction:1,3,4", "0.3033"],
        files: &["fn moves(n) { [n - 1, n - 3, n - 4] }"],
        inline: &["n => [n - 1, n - 3, n - 4]"],
        max_heap: 12,
        period_to: 1023,
    },
    Corpus {
        label: "grundys-game",
        rules: grundys_game,
        catalog: &["grundys-game", "4!.0"],
        files: &["fn moves(n) { let out = []; for a in 1..n { if a < n - a { out.push([a, n - a]); } } out }"],
        inline: &[],
        max_heap: 11,
        period_to: 1023,
    },
    Corpus {
        label: "three-unequal",
        rules: three_unequal,
        catalog: &[],
        files: &[include_str!("../../../examples/rules/three_unequal.rhai")],
        inline: &[],
        max_heap: 13,
        period_to: 120,
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
    analyse(&mut sum, convention, &Limits::default()).unwrap()
}

#[test]
fn every_statement_of_a_heap_game_gives_the_same_sequences() {
    for c in CORPUS {
        let to = 40;
        let normal = brute_values(c.rules, to);
        let misere = brute_misere_values(c.rules, 14);
        for (label, g) in statements(c) {
            let heap = g
                .heap_game()
                .unwrap_or_else(|| panic!("{} {label}: a heap game", c.label));
            let values = grundy::heap::sequence::values(&*heap, to, &mut |_| {}).unwrap();
            assert_eq!(values, normal, "{} {label}: seq", c.label);
            let mut table = grundy::misere::genus::GenusTable::new(
                heap.clone(),
                values[..=14].to_vec(),
                Limits::default(),
            );
            for n in 0..=14u64 {
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
            found.push((label, per, (q.order, q.p_portion_size)));
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
