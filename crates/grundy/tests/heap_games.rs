//! Every heap game of the catalog is one `Game<Position = u64>`: it says it is a heap game, its closed form (where
//! it has one) and its sequence (by whatever method `heap::sequence` chooses) agree with the plain mex over its own
//! options, its options are those the game had before the move to one game model, and its text syntax reads heap
//! sizes with the catalog's messages.

use grundy::game::HeapView;
use grundy::games::lookup;
use grundy::heap::{describe_heap_move, plain, sequence, Engine, HeapGame};
use grundy::Known;
use grundy::NotationView;
use grundy::{Limits, Nimber, Options};
use std::rc::Rc;

/// Every heap game of the catalog, by a spec each (names, codes, and the parametrised forms).
const HEAP_GAMES: &[&str] = &[
    "nim",
    "kayles",
    "dawsons-kayles",
    "dawsons-chess",
    "grundys-game",
    "lasker",
    "treblecross",
    "officers",
    "bash:3",
    "constrained:2,3",
    "fibonacci-subtraction",
    "not-a-nim",
    "subtraction:1,3,4",
    "allbut:1,2",
    "consecutive-split",
    "0.6",
    "8.0",
    "0.{3}",
];

fn game(spec: &str) -> Rc<HeapGame> {
    lookup(spec)
        .unwrap()
        .heap_game()
        .unwrap_or_else(|| panic!("{spec} is a heap game"))
}

fn options(game: &HeapGame, n: u64) -> Vec<Vec<u64>> {
    let mut out = Options::new();
    game.options(&n, &mut out).unwrap();
    out.iter().map(|o| o.to_vec()).collect()
}

#[test]
fn every_heap_game_says_so_and_its_values_are_the_definition() {
    for &spec in HEAP_GAMES {
        let g = game(spec);
        assert!(g.is_heap_game(), "{spec}");
        // The definition: the mex over the game's own options, heap by heap.
        let definition = plain::sequence(&*g, 200, &mut |_| {}).unwrap();
        for n in 0..=200u64 {
            if let Some(v) = g.known_value(&n, &grundy::Context::default()) {
                assert_eq!(v, definition[n as usize], "{spec}: closed form at heap {n}");
            }
        }
        // The cheapest method (closed form, own method, counting mex, certified period, engines) and the engine
        // named by --engine plain give the same values.
        let (auto, method) =
            sequence::nim_values(&*g, 200, Engine::Auto, 1, &Limits::default(), &mut |_| {})
                .unwrap();
        assert_eq!(auto, definition, "{spec} by {}", method.name());
        let (by_plain, _) =
            sequence::nim_values(&*g, 200, Engine::Plain, 1, &Limits::default(), &mut |_| {})
                .unwrap();
        assert_eq!(by_plain, definition, "{spec} by the plain engine");
        // Options are sums of smaller heaps.
        for n in 0..=60u64 {
            for o in options(&g, n) {
                assert!(o.iter().all(|&h| h >= 1 && h < n), "{spec}: {n} -> {o:?}");
            }
        }
        assert!(options(&g, 0).is_empty(), "{spec}: heap 0 has no move");
    }
}

#[test]
fn options_are_those_of_the_old_heap_rules() {
    // (spec, heap, options in the order the heap rules gave them before the single game model).
    let cases: &[(&str, u64, &[&[u64]])] = &[
        ("kayles", 3, &[&[2], &[1, 1], &[1]]),
        ("kayles", 4, &[&[3], &[1, 2], &[2], &[1, 1]]),
        ("nim", 3, &[&[2], &[1], &[]]),
        ("lasker", 3, &[&[2], &[1], &[], &[1, 2]]),
        ("bash:2", 3, &[&[2], &[1]]),
        ("constrained:2,3", 5, &[&[3], &[2]]),
        ("constrained:2,3", 1, &[]),
        ("grundys-game", 4, &[&[1, 3]]),
        ("subtraction:1,3,4", 4, &[&[3], &[1], &[]]),
        ("fibonacci-subtraction", 4, &[&[3], &[2], &[1]]),
        ("not-a-nim", 4, &[&[3], &[1]]),
        ("consecutive-split", 9, &[&[4, 5], &[2, 3, 4]]),
    ];
    for &(spec, n, want) in cases {
        let want: Vec<Vec<u64>> = want.iter().map(|o| o.to_vec()).collect();
        assert_eq!(options(&game(spec), n), want, "{spec} heap {n}");
    }
    // The helper for engines that look at each option once gives the same.
    let mut seen = Vec::new();
    game("kayles")
        .for_each_option(3, &mut |o| seen.push(o.to_vec()))
        .unwrap();
    assert_eq!(seen, [vec![2], vec![1, 1], vec![1]]);
}

#[test]
fn heap_facts_are_those_of_the_old_heap_rules() {
    for (spec, splits, longest) in [
        ("nim", false, None),
        ("lasker", true, None),
        ("bash:3", false, Some(3)),
        ("constrained:2,3", false, Some(3)),
        ("kayles", true, Some(2)),
        ("grundys-game", true, Some(0)),
        ("subtraction:1,3,4", false, Some(4)),
        ("fibonacci-subtraction", false, None),
        ("not-a-nim", false, None),
        ("consecutive-split", true, None),
    ] {
        let g = game(spec);
        assert_eq!(g.splits(), Some(splits), "{spec}");
        assert_eq!(g.longest_move(), longest, "{spec}");
    }
    assert_eq!(game("nim").period(), Some((0, 1, 1)));
    assert_eq!(game("bash:3").period(), Some((0, 4, 0)));
    assert_eq!(game("constrained:2,3").period(), Some((0, 5, 0)));
    assert_eq!(game("kayles").code().unwrap().to_string(), "0.77");
    assert_eq!(game("bash:3").code().unwrap().to_string(), "0.333");
    assert!(game("lasker").code().is_none());
    // Closed forms answer huge heaps; the others do not pretend to.
    assert_eq!(
        game("nim").known_value(&(1 << 60), &grundy::Context::default()),
        Some(1 << 60)
    );
    assert_eq!(
        game("bash:3").known_value(&1_000_000_000_001, &grundy::Context::default()),
        Some(1)
    );
    assert_eq!(
        game("kayles").known_value(&5, &grundy::Context::default()),
        None
    );
    // Options of a value from a closed form, without enumerating.
    assert_eq!(
        game("nim").known_options_with_value(&(1 << 40), 5, &grundy::Context::default()),
        Some(vec![vec![5]])
    );
}

#[test]
fn text_syntax_reads_heap_sizes_with_the_catalogs_messages() {
    for &spec in HEAP_GAMES {
        let g = game(spec);
        let name = g.name();
        assert_eq!(g.position_syntax(), "HEAP...", "{spec}");
        let words: Vec<String> = ["3", "0", "12"].iter().map(|w| w.to_string()).collect();
        assert_eq!(g.parse(&words).unwrap(), [3, 0, 12], "{spec}");
        let e = g.parse(&[]).unwrap_err();
        assert_eq!(
            e.message(),
            format!("{name}: give at least one heap size"),
            "{spec}"
        );
        let e = g.parse(&["x".to_string()]).unwrap_err();
        assert!(
            e.message().starts_with(&format!("{name}: heap size")),
            "{spec}: {e}"
        );
        assert_eq!(g.show(&12), "12");
        assert_eq!(g.show_sum(&[3, 4]), "3 + 4");
        if spec != "consecutive-split" {
            assert_eq!(g.describe_move(&7, &[1, 6]), describe_heap_move(7, &[1, 6]));
        }
    }
    assert_eq!(
        game("consecutive-split").describe_move(&9, &[2, 3, 4]),
        "split the pile of 9 into the 3 consecutive piles 2..=4"
    );
}

#[test]
fn own_methods_and_their_limits() {
    // Games with a method of their own use it in auto mode; the plain engine is the reference.
    for spec in ["not-a-nim", "fibonacci-subtraction", "consecutive-split"] {
        let g = game(spec);
        let (v, m) =
            sequence::nim_values(&*g, 3000, Engine::Auto, 1, &Limits::default(), &mut |_| {})
                .unwrap();
        assert_eq!(m, sequence::Method::Own, "{spec}");
        let reference: Vec<Nimber> = plain::sequence(&*g, 3000, &mut |_| {}).unwrap();
        assert_eq!(v, reference, "{spec}");
    }
    // Not a Nim tabulates up to its own limit, with its own message.
    let e = sequence::values(&*game("not-a-nim"), 20_000_001, &mut |_| {}).unwrap_err();
    assert!(e.message().contains("beyond the limit of 20000000"), "{e}");
    // The fast engine computes codes only.
    let e = sequence::nim_values(
        &*game("lasker"),
        10,
        Engine::Fast,
        1,
        &Limits::default(),
        &mut |_| {},
    )
    .unwrap_err();
    assert!(e.message().contains("take-and-break codes only"), "{e}");
}

#[test]
fn one_place_names_the_engine_of_each_game() {
    use grundy::heap::multi::MULTI;
    use grundy::heap::plain::PLAIN;
    use grundy::heap::sparse::SPARSE;
    use grundy::heap::SequenceEngine;
    for (spec, engine, name) in [
        ("kayles", Engine::Auto, "fast"),
        ("kayles", Engine::Fast, "fast"),
        ("kayles", Engine::Plain, "plain"),
        ("4!.0", Engine::Auto, "fast"),
        ("8.0", Engine::Auto, "multi-heap"),
        ("8.0", Engine::Plain, "multi-heap"),
        ("0.{3}", Engine::Plain, "multi-heap"),
        ("allbut:1,2", Engine::Auto, "plain"),
        ("lasker", Engine::Auto, "plain"),
        ("lasker", Engine::Plain, "plain"),
        ("not-a-nim", Engine::Plain, "plain"),
    ] {
        let g = game(spec);
        let e = sequence::engine_for(&*g, engine).unwrap();
        assert_eq!(e.name(), name, "{spec} {engine:?}");
        assert!(e.applies(&*g), "{spec}: {name} applies");
    }
    for spec in ["8.0", "lasker", "allbut:1,2"] {
        assert!(
            sequence::engine_for(&*game(spec), Engine::Fast).is_err(),
            "{spec}"
        );
        assert!(!SPARSE.applies(&*game(spec)), "{spec}");
    }
    assert!(!MULTI.applies(&*game("lasker")));
    assert!(PLAIN.applies(&*game("lasker")));
    // Every engine that applies extends a prefix to the same values.
    let g = game("0.6");
    let (whole, _) =
        sequence::nim_values(&*g, 5000, Engine::Fast, 1, &Limits::default(), &mut |_| {}).unwrap();
    for e in [&SPARSE as &dyn SequenceEngine, &MULTI, &PLAIN] {
        let mut part = whole[..1234].to_vec();
        e.extend(&*g, &mut part, 5000, 1, &Limits::default(), &mut |_| {})
            .unwrap();
        assert_eq!(part, whole, "{}", e.name());
    }
}
