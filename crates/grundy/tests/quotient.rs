//! Misère quotients (`grundy::misere::quotient`): published facts (tests/data/misere_quotients.txt, each with its
//! source), the even-order theorem, a tame game against misère Nim, the genus and misère values of single heaps,
//! winning moves checked to lead to P-positions, and exact search on random sums (also in the module's own
//! tests).

use grundy::heap::{HeapGame, TakeAndBreak};
use grundy::misere::genus::GenusTable;
use grundy::misere::quotient::{compute, Quotient, DEFAULT_MAX_ORDER};
use grundy::misere::search::{HeapPositions, MisereSearch, Numbered, Part};
use grundy::{Limits, Outcome};
use std::rc::Rc;

fn game(code: &str) -> Rc<HeapGame> {
    Rc::new(TakeAndBreak::parse(code).unwrap())
}

fn quotient(code: &str, n: u64) -> Quotient {
    compute(
        &*game(code),
        n,
        DEFAULT_MAX_ORDER,
        &Limits::default(),
        &mut |_| {},
    )
    .unwrap()
}

fn rng(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

#[test]
fn published_facts() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/misere_quotients.txt"
    ))
    .unwrap();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (fact, source) = line.split_once(" | ").unwrap();
        assert!(!source.trim().is_empty(), "{line}: no source");
        let w: Vec<&str> = fact.split_whitespace().collect();
        let n: u64 = w[2].parse().unwrap();
        let q = quotient(w[1], n);
        assert!(q.stopped.is_none(), "{line}");
        match w[0] {
            "p-heaps" => {
                let want: Vec<u64> = w[3].split(',').map(|x| x.parse().unwrap()).collect();
                let got: Vec<u64> = (1..=n)
                    .filter(|&h| q.outcome(&[h]) == Some(Outcome::P))
                    .collect();
                assert_eq!(got, want, "{line}");
            }
            "order" => assert_eq!(q.order, w[3].parse::<usize>().unwrap(), "{line}"),
            "presentation" => {
                let rest = fact.splitn(4, ' ').nth(3).unwrap();
                let (rels, p) = rest.split_once(" ; ").unwrap();
                assert_eq!(q.relations.join(", "), rels, "{line}");
                assert_eq!(q.p_portion.join(", "), p, "{line}");
            }
            k => panic!("unknown fact {k}"),
        }
        checked += 1;
    }
    assert_eq!(checked, 5);
}

/// Every misère quotient has even order (Plambeck and Siegel 2008): at every heap where it changed, for several
/// games.
#[test]
fn orders_are_even() {
    for (code, n) in [
        ("0.77", 40),
        ("0.07", 30),
        ("0.137", 29),
        ("0.75", 30),
        ("0.6", 16),
        ("0.31", 30),
        ("4.07", 12),
    ] {
        let q = quotient(code, n);
        assert!(q.order.is_multiple_of(2), "{code}: order {}", q.order);
        for c in &q.changes {
            assert!(
                c.order % 2 == 0,
                "{code}: order {} at heap {}",
                c.order,
                c.heap
            );
        }
        assert!(q.order >= 2, "{code}");
    }
}

/// 0.31 has only tame heaps (`seq 0.31 --genus` says so) and nim-values 0, 1, 2: its quotient is misère Nim's on
/// heaps up to 2 (order 6, the same presentation), and every sum has the outcome misère Nim's rule gives its genera.
#[test]
fn a_tame_game_has_misere_nims_quotient() {
    let g = game("0.31");
    let n = 30;
    let q = quotient("0.31", n);
    let values = grundy::heap::sequence::values(&*g, n, &mut |_| {}).unwrap();
    let top = *values.iter().max().unwrap();
    assert_eq!(top, 2);
    let genus = GenusTable::new(g.clone(), values.clone(), Limits::default())
        .sequence(n, &mut |_| {})
        .unwrap();
    assert!(genus.iter().all(|h| h.tame));
    let nim = quotient("0.[3]", top);
    assert_eq!(q.order, nim.order);
    assert_eq!(q.p_portion_size, nim.p_portion_size);
    assert_eq!(q.relations, nim.relations);
    // Each sum's outcome is misère Nim's on the heaps' genera (a tame genus is that of a misère Nim position).
    let mut seed = 77u64;
    for _ in 0..3000 {
        let heaps: Vec<u64> = (0..1 + rng(&mut seed) % 8)
            .map(|_| 1 + rng(&mut seed) % n)
            .collect();
        let genera: Vec<_> = heaps
            .iter()
            .map(|&h| genus[h as usize].genus.clone())
            .collect();
        assert_eq!(
            q.outcome(&heaps),
            grundy::misere::genus::tame_sum_outcome(&genera),
            "{heaps:?}"
        );
    }
}

/// The quotient, the genus (γ0 is the misère nim-value) and the exact misère value agree on every single heap, and
/// on every sum of two heaps the exact search can value.
#[test]
fn genus_misere_values_and_quotient_agree() {
    for (code, n) in [("0.77", 30), ("0.07", 24), ("0.137", 23), ("0.75", 25)] {
        let g = game(code);
        let q = quotient(code, n);
        let values = grundy::heap::sequence::values(&*g, n, &mut |_| {}).unwrap();
        let genus = GenusTable::new(g.clone(), values, Limits::default())
            .sequence(n, &mut |_| {})
            .unwrap();
        let games: Vec<Box<dyn Numbered>> = vec![Box::new(HeapPositions(g.clone()))];
        let mut search = MisereSearch::new(games, Limits::default());
        for h in 0..=n {
            let v = search.value(&[Part { game: 0, pos: h }]).unwrap();
            assert_eq!(genus[h as usize].genus.misere_value(), v, "{code} {h}");
            let want = if v == 0 { Outcome::P } else { Outcome::N };
            assert_eq!(q.outcome(&[h]), Some(want), "{code} heap {h}");
        }
        for a in 1..=n.min(14) {
            for b in a..=n.min(14) {
                let v = search
                    .value(&[Part { game: 0, pos: a }, Part { game: 0, pos: b }])
                    .unwrap();
                let want = if v == 0 { Outcome::P } else { Outcome::N };
                assert_eq!(q.outcome(&[a, b]), Some(want), "{code} {a}+{b}");
            }
        }
    }
}

/// Every winning move found from the quotient leads to a sum the quotient and the exact search call P, and every
/// move the exact search calls winning is found.
#[test]
fn winning_moves_lead_to_p_positions() {
    for (code, n) in [("0.77", 40), ("0.75", 30), ("0.137", 23)] {
        let g = game(code);
        let q = quotient(code, n);
        let games: Vec<Box<dyn Numbered>> = vec![Box::new(HeapPositions(g.clone()))];
        let mut search = MisereSearch::new(games, Limits::default());
        let mut seed = 5u64 + n;
        for _ in 0..200 {
            let heaps: Vec<u64> = (0..1 + rng(&mut seed) % 3)
                .map(|_| 1 + rng(&mut seed) % n.min(16))
                .collect();
            let moves = q.winning_moves(&*g, &heaps).unwrap();
            let parts: Vec<Part> = heaps.iter().map(|&h| Part { game: 0, pos: h }).collect();
            let mut exact: Vec<(usize, Vec<u64>)> = search
                .moves(&parts)
                .unwrap()
                .into_iter()
                .filter(|m| m.value_after == 0)
                .map(|m| {
                    let mut to = m.to.clone();
                    to.sort_unstable();
                    (m.component, to)
                })
                .collect();
            for m in &moves {
                let mut after = heaps.clone();
                after.remove(m.component);
                after.extend(&m.to);
                assert_eq!(
                    q.outcome(&after),
                    Some(Outcome::P),
                    "{code} {heaps:?} {m:?}"
                );
            }
            let mut found: Vec<(usize, Vec<u64>)> =
                moves.into_iter().map(|m| (m.component, m.to)).collect();
            found.sort();
            found.dedup();
            exact.sort();
            exact.dedup();
            assert_eq!(found, exact, "{code} {heaps:?}");
        }
    }
}

/// A game whose quotient keeps growing stops with a clear result (the exact order past the limit when the larger
/// quotient was built and checked, else "order at least"), not a hang or a kill.
#[test]
fn a_growing_quotient_stops_at_the_order_limit() {
    let q = compute(&*game("0.6"), 30, 64, &Limits::default(), &mut |_| {}).unwrap();
    let why = q.stopped.as_deref().unwrap();
    assert!(
        why.contains("past the limit of 64 elements") || why.contains("order at least"),
        "{why}"
    );
    assert!(q.heaps < 30 && q.order <= 64, "{} {}", q.heaps, q.order);
}
