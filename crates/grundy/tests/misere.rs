//! Misère play: exact search against an independent brute force, misère Nim's rule, the SJ theorem, genus
//! sequences, and misère outcomes from the genus against exhaustive search on small sums.

use grundy::game::HeapView;
use grundy::games::nim::Nim;
use grundy::heap::{sequence, HeapGame, TakeAndBreak};
use grundy::misere::genus::{tame_sum_outcome, Genus, GenusTable};
use grundy::misere::search::{HeapPositions, MisereSearch, Numbered, Part};
use grundy::misere::{
    misere_nim_outcome, misere_nim_winning_moves, sj_condition_holds, sj_outcome,
};
use grundy::{Limits, Outcome};
use proptest::prelude::*;
use std::collections::HashMap;
use std::rc::Rc;

/// The definition as plain recursion over sums of heaps of one game, misère; true when the player to move wins.
/// Memoised on the sorted heaps only to keep it quick; no dropped components, no theory.
fn brute_misere_wins(rules: &HeapGame, heaps: &[u64]) -> bool {
    fn go(rules: &HeapGame, heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        let mut key = heaps.to_vec();
        key.sort_unstable();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let mut options = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            rules
                .for_each_option(h, &mut |o| {
                    let mut next: Vec<u64> = heaps.to_vec();
                    next.remove(i);
                    next.extend_from_slice(o);
                    options.push(next);
                })
                .unwrap();
        }
        let w = options.is_empty() || options.iter().any(|o| !go(rules, o, memo));
        memo.insert(key, w);
        w
    }
    go(rules, heaps, &mut HashMap::new())
}

fn search_for(rules: Rc<HeapGame>) -> MisereSearch {
    MisereSearch::new(
        vec![Box::new(HeapPositions(rules)) as Box<dyn Numbered>],
        Limits::default(),
    )
}

fn parts(heaps: &[u64]) -> Vec<Part> {
    heaps.iter().map(|&h| Part { game: 0, pos: h }).collect()
}

fn code_game(code: &str) -> Rc<HeapGame> {
    Rc::new(TakeAndBreak::parse(code).unwrap())
}

/// Games whose moves leave at most one heap, with long runs of non-zero nim-values: Nim, S(1,2,4), take any
/// number but 2, S(1,3,4,…), and a game that takes one token only when it is the last.
const NO_SPLIT: &[&str] = &["0.[3]", "0.3313", "0.30[3]", "0.3033", "0.1[3]"];

const CODES: &[&str] = &[
    "0.77", "0.07", "0.137", "4!.0", "0.3033", "0.333", "4.[3]", "0.6", "0.[3]",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn search_agrees_with_brute_force(code in prop::sample::select(CODES), heaps in prop::collection::vec(0u64..7, 0..4)) {
        let rules = code_game(code);
        let mut s = search_for(code_game(code));
        let expected = if brute_misere_wins(&*rules, &heaps) { Outcome::N } else { Outcome::P };
        prop_assert_eq!(s.outcome(&parts(&heaps)).unwrap(), expected);
        // Every move with value 0 after it is a winning move: the position it leaves is a misère P-position.
        let moves = s.moves(&parts(&heaps)).unwrap();
        let mut wins = 0;
        for m in &moves {
            let mut next = heaps.clone();
            next.remove(m.component);
            next.extend_from_slice(&m.to);
            prop_assert_eq!(m.value_after == 0, !brute_misere_wins(&*rules, &next));
            wins += usize::from(m.value_after == 0);
        }
        prop_assert_eq!(wins > 0, expected == Outcome::N && !moves.is_empty());
    }

    #[test]
    fn misere_nim_follows_boutons_rule(heaps in prop::collection::vec(0u64..9, 0..5)) {
        let mut s = search_for(Rc::new(grundy::heap::Heap(Nim)));
        prop_assert_eq!(s.outcome(&parts(&heaps)).unwrap(), misere_nim_outcome(&heaps));
        for (i, left) in misere_nim_winning_moves(&heaps) {
            let mut next = heaps.clone();
            next[i] = left;
            prop_assert_eq!(s.outcome(&parts(&next)).unwrap(), Outcome::P);
        }
    }

    #[test]
    fn the_sj_theorem_where_it_applies(code in prop::sample::select(NO_SPLIT), heaps in prop::collection::vec(0u64..12, 0..4)) {
        let rules = code_game(code);
        let values = sequence::values(&*rules, 12, &mut |_| {}).unwrap();
        let max = heaps.iter().copied().max().unwrap_or(0) as usize;
        prop_assume!(sj_condition_holds(rules.splits() != Some(false), &values[..=max]));
        let mut s = search_for(rules);
        let vs: Vec<u64> = heaps.iter().map(|&h| values[h as usize]).collect();
        prop_assert_eq!(s.outcome(&parts(&heaps)).unwrap(), sj_outcome(&vs));
    }

    #[test]
    fn outcomes_from_the_genus_agree_with_search(code in prop::sample::select(CODES), heaps in prop::collection::vec(0u64..8, 1..4)) {
        let rules = code_game(code);
        let normal = sequence::values(&*rules, 8, &mut |_| {}).unwrap();
        let mut table = GenusTable::new(code_game(code), normal, Limits::default());
        let all = table.sequence(8, &mut |_| {}).unwrap();
        let genera: Vec<Genus> = heaps.iter().map(|&h| all[h as usize].genus.clone()).collect();
        let mut s = search_for(code_game(code));
        let truth = s.outcome(&parts(&heaps)).unwrap();
        if heaps.iter().all(|&h| all[h as usize].tame) {
            prop_assert_eq!(tame_sum_outcome(&genera), Some(truth));
        }
        // γ0 is the misère nim-value of the heap, whatever its genus.
        for &h in &heaps {
            prop_assert_eq!(all[h as usize].genus.misere_value() == 0, !brute_misere_wins(&*rules, &[h]));
        }
    }
}

#[test]
fn genera_of_nim_heaps() {
    // Winning Ways ch. 13: *0 = 0^120, *1 = 1^031, *g = g^(g)(g⊕2) for g >= 2; every nim-heap is tame.
    let normal: Vec<u64> = (0..=12).collect();
    let mut t = GenusTable::new(Rc::new(grundy::heap::Heap(Nim)), normal, Limits::default());
    let all = t.sequence(12, &mut |_| {}).unwrap();
    let shown: Vec<String> = all.iter().map(|h| h.genus.to_string()).collect();
    assert_eq!(
        shown,
        [
            "0^120",
            "1^031",
            "2^20",
            "3^31",
            "4^46",
            "5^57",
            "6^64",
            "7^75",
            "8^(8,10)",
            "9^(9,11)",
            "10^(10,8)",
            "11^(11,9)",
            "12^(12,14)"
        ]
    );
    assert!(all.iter().all(|h| h.tame));
}

#[test]
fn a_genus_that_is_not_tame() {
    // Grundy's game (4!.0): heaps 0..=2 have no move (genus 0^120); heap 3 splits into 1 + 2 only, a terminal
    // position in misère play (value 1), so G⁻(3) = mex{1} = 0 while G(3) = 1: genus 1^0..., tame like *1.
    let rules = code_game("4!.0");
    let normal = sequence::values(&*rules, 14, &mut |_| {}).unwrap();
    let mut t = GenusTable::new(code_game("4!.0"), normal.clone(), Limits::default());
    let all = t.sequence(14, &mut |_| {}).unwrap();
    assert_eq!(all[0].genus.to_string(), "0^120");
    assert_eq!(all[3].genus.g, 1);
    assert_eq!(all[3].genus.misere_value(), 0);
    // Each γ0 is the misère value from search over the heap alone, checked against brute force.
    for h in &all {
        assert_eq!(h.genus.g, normal[h.heap as usize]);
        assert_eq!(
            h.genus.misere_value() == 0,
            !brute_misere_wins(&*rules, &[h.heap]),
            "heap {}",
            h.heap
        );
    }
    // Tameness is inherited: a heap is tame when its genus is tame and every heap it can move to is tame.
    for h in &all {
        let mut inherited = true;
        rules
            .for_each_option(h.heap, &mut |o| {
                inherited &= o.iter().all(|&x| all[x as usize].tame)
            })
            .unwrap();
        assert_eq!(h.tame, h.genus.is_tame() && inherited, "heap {}", h.heap);
    }
}

#[test]
fn a_search_limit_is_an_error() {
    let mut s = MisereSearch::new(
        vec![Box::new(HeapPositions(code_game("0.77"))) as Box<dyn Numbered>],
        Limits {
            max_positions: 100,
            ..Limits::default()
        },
    );
    let e = s.value(&parts(&[20, 20, 20])).unwrap_err();
    assert_eq!(e.kind(), grundy::ErrorKind::Limit);
}

#[test]
fn kayles_genera() {
    // Winning Ways ch. 13 (misère Kayles): heaps 0..=4 are tame (0^120, 1^031, 2^20, 3^31, 1^031) and the heap
    // of 5 has genus 4^146, the first wild one; a heap reaching it is not tame.
    let rules = code_game("0.77");
    let normal = sequence::values(&*rules, 7, &mut |_| {}).unwrap();
    let mut t = GenusTable::new(code_game("0.77"), normal, Limits::default());
    let all = t.sequence(7, &mut |_| {}).unwrap();
    let shown: Vec<String> = all.iter().map(|h| h.genus.to_string()).collect();
    assert_eq!(
        &shown[..6],
        ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146"]
    );
    assert!(all[..5].iter().all(|h| h.tame));
    assert!(!all[5].tame && !all[6].tame && !all[7].tame);
}

#[test]
fn any_ruleset_through_numbered_positions() {
    // The same game through the generic adapter (positions numbered as met) and as a heap game agree.
    use grundy::misere::search::NumberedGame;
    let mut adapter = NumberedGame::new(TakeAndBreak::parse("0.77").unwrap());
    let ids: Vec<u64> = [3u64, 5, 6].iter().map(|h| adapter.id(h)).collect();
    let mut generic = MisereSearch::new(
        vec![Box::new(adapter) as Box<dyn Numbered>],
        Limits::default(),
    );
    let mut heaps = search_for(code_game("0.77"));
    let g: Vec<Part> = ids.iter().map(|&i| Part { game: 0, pos: i }).collect();
    assert_eq!(
        generic.value(&g).unwrap(),
        heaps.value(&parts(&[3, 5, 6])).unwrap()
    );
    let wins_generic = generic
        .moves(&g)
        .unwrap()
        .iter()
        .filter(|m| m.value_after == 0)
        .count();
    let wins_heaps = heaps
        .moves(&parts(&[3, 5, 6]))
        .unwrap()
        .iter()
        .filter(|m| m.value_after == 0)
        .count();
    assert_eq!(wins_generic, wins_heaps);
    assert_eq!(
        brute_misere_wins(&*code_game("0.77"), &[3, 5, 6]),
        heaps.value(&parts(&[3, 5, 6])).unwrap() != 0
    );
}

/// A heap of a code whose options are listed with a stop gives the same options, in the same order, as the
/// game's own `for_each_option` (issue 19), for codes leaving many heaps too.
#[test]
fn options_listed_with_a_stop_are_the_games_options() {
    use grundy::game::Options;
    use grundy::misere::search::code_options_within;
    for code in [
        "0.77", "4!.0", "0.[U]", "0.[F]", "0.137", "4.[3]", "0.3033", "8.0", "0.[7]",
    ] {
        let rules = code_game(code);
        let c = rules.code().unwrap().clone();
        for n in 0..=16u64 {
            let mut want: Vec<Vec<u64>> = Vec::new();
            rules
                .for_each_option(n, &mut |o| want.push(o.to_vec()))
                .unwrap();
            let mut out = Options::new();
            assert!(
                code_options_within(&c, n, &mut out, usize::MAX - 1),
                "{code} {n}"
            );
            let got: Vec<Vec<u64>> = out.iter().map(|o| o.to_vec()).collect();
            assert_eq!(got, want, "{code} heap {n}");
            if !want.is_empty() {
                let mut out = Options::new();
                let limit = want.len() / 2;
                assert!(!code_options_within(&c, n, &mut out, limit), "{code} {n}");
                assert_eq!(out.len(), limit + 1);
            }
        }
    }
}

/// A heap with about 10^19 options (`0.[U]`: take a token, leave any number of heaps) is refused as the options are
/// made, at the budget, in a moment (issue 19); a budget that fits still gives the exact value.
#[test]
fn a_heap_with_too_many_options_stops_at_the_budget() {
    let t = std::time::Instant::now();
    let mut s = MisereSearch::new(
        vec![Box::new(HeapPositions(code_game("0.[U]"))) as Box<dyn Numbered>],
        Limits {
            max_positions: 50_000,
            ..Limits::default()
        },
    );
    let e = s.value(&parts(&[400])).unwrap_err();
    assert_eq!(e.kind(), grundy::ErrorKind::Limit);
    assert!(
        e.message().contains("50000 positions")
            && e.to_string()
                .contains("raise the limit on positions stored"),
        "{e}"
    );
    assert!(t.elapsed().as_secs_f64() < 2.0, "{:?}", t.elapsed());
    // Small heaps of the same game agree with the brute force.
    let rules = code_game("0.[U]");
    for n in 0..=9u64 {
        let wins = brute_misere_wins(&*rules, &[n]);
        assert_eq!(s.value(&parts(&[n])).unwrap() != 0, wins, "heap {n}");
    }
    // A memory budget below what the children of a state need is refused by its estimate, naming --max-memory.
    let mut s = MisereSearch::new(
        vec![Box::new(HeapPositions(code_game("0.[U]"))) as Box<dyn Numbered>],
        Limits {
            max_positions: 100_000_000,
            max_memory: 1 << 20,
            ..Limits::default()
        },
    );
    let e = s.value(&parts(&[60])).unwrap_err();
    assert!(e.to_string().contains("raise the memory limit"), "{e}");
}

/// The genus from Conway's rule (each state's γ from its options', exact with no bound on k) agrees with γk
/// computed directly as the misère value of `heap + k·*2`, for every k up to three past where it alternates.
#[test]
fn genus_by_conways_rule_agrees_with_heaps_of_two_added() {
    use grundy::misere::search::gamma_at;
    for (code, top) in [
        ("0.77", 13u64),
        ("4!.0", 14),
        ("0.137", 12),
        ("0.3F", 14),
        ("0.6", 12),
        ("0.[3]", 8),
        ("0.3033", 12),
    ] {
        let rules = code_game(code);
        let normal = sequence::values(&*rules, top, &mut |_| {}).unwrap();
        let mut t = GenusTable::new(code_game(code), normal.clone(), Limits::default());
        for n in 0..=top {
            let g = t.genus(n).unwrap();
            assert_eq!(g.g, normal[n as usize]);
            for k in 0..g.gammas.len() + 3 {
                assert_eq!(
                    t.gamma(n, k).unwrap(),
                    gamma_at(&g.gammas, k),
                    "{code} heap {n}: genus {g}, γ{k}"
                );
            }
            // Written to two terms past the alternation, no more: the last term differs from the one two before.
            let l = g.gammas.len();
            assert!(
                l == 2 || g.gammas[l - 1] != g.gammas[l - 3],
                "{code} {n}: {g}"
            );
        }
    }
}

/// `0.3F` to heap 39: the old search added at most 7 heaps *2 and gave up at heap 39 (issue 19); the genus of heap
/// 39 alternates only from γ5 on, and its first terms agree with direct searches.
#[test]
fn a_genus_that_settles_late_is_found() {
    use grundy::misere::search::gamma_at;
    let rules = code_game("0.3F");
    let normal = sequence::values(&*rules, 39, &mut |_| {}).unwrap();
    let mut t = GenusTable::new(code_game("0.3F"), normal, Limits::default());
    let all = t.sequence(39, &mut |_| {}).unwrap();
    let g = &all[39].genus;
    assert!(g.gammas.len() >= 7, "{g}");
    let mut s = search_for(code_game("0.3F"));
    assert_eq!(s.value(&parts(&[39])).unwrap(), g.misere_value());
    for k in 0..=1 {
        assert_eq!(t.gamma(39, k).unwrap(), gamma_at(&g.gammas, k), "γ{k}");
    }
}
