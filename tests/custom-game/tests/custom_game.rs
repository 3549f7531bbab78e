//! The lazy queen, a game defined outside the library, analysed through the library's public interface: typed
//! positions in, nim-values, misère outcomes and winning moves out, each checked against a brute force written here.

use grundy::analysis::{analyse, Convention, Report, Sum};
use grundy::{Game, NotationView, Options, Outcome};
use grundy_custom_game::{entry, LazyQueen};
use proptest::prelude::*;
use std::collections::HashMap;
use std::rc::Rc;

/// Nim-values by the definition, memoised here (independent of the library's solver).
fn mex_value(p: (u64, u64), memo: &mut HashMap<(u64, u64), u64>) -> u64 {
    if let Some(&v) = memo.get(&p) {
        return v;
    }
    let mut opts = Options::new();
    LazyQueen.options(&p, &mut opts).unwrap();
    let mut seen: Vec<u64> = opts.iter().map(|o| mex_value(o[0], memo)).collect();
    seen.sort_unstable();
    seen.dedup();
    let v = seen
        .iter()
        .enumerate()
        .take_while(|(i, &x)| *i as u64 == x)
        .count() as u64;
    memo.insert(p, v);
    v
}

/// Misère outcome of a sum of queens by the definition: the player to move wins when they cannot move, or when
/// some move leads to a position the opponent loses.
fn misere_wins(queens: &mut Vec<(u64, u64)>, memo: &mut HashMap<Vec<(u64, u64)>, bool>) -> bool {
    queens.sort_unstable();
    if let Some(&w) = memo.get(queens) {
        return w;
    }
    let mut any_move = false;
    let mut wins = false;
    'outer: for i in 0..queens.len() {
        let mut opts = Options::new();
        LazyQueen.options(&queens[i], &mut opts).unwrap();
        for o in opts.iter() {
            any_move = true;
            let mut after = queens.clone();
            after[i] = o[0];
            if !misere_wins(&mut after, memo) {
                wins = true;
                break 'outer;
            }
        }
    }
    let w = wins || !any_move;
    memo.insert(queens.clone(), w);
    w
}

fn normal(sum: &mut Sum) -> grundy::sum::Analysis {
    match analyse(sum, Convention::Normal, &grundy::Context::default()).unwrap() {
        Report::Normal(a) => a,
        other => panic!("expected a normal-play report, got {other:?}"),
    }
}

#[test]
fn the_registered_game_is_found_by_name_and_alias() {
    let mut registry = grundy::games::Registry::builtin();
    registry.register(entry()).unwrap();
    assert_eq!(registry.lookup("lazy-queen").unwrap().name(), "lazy-queen");
    assert_eq!(registry.lookup("LQ").unwrap().name(), "lazy-queen");
    // A second registration under the same name is refused; a built-in name cannot be taken either.
    assert!(registry.register(entry()).is_err());
    let mut clash = entry();
    clash.name = "kayles";
    clash.aliases = &[];
    assert!(registry.register(clash).is_err());
    // Through the catalog, words are read by the game's own parse (and bad words refused in one line).
    let game = registry.lookup("lazy-queen").unwrap();
    let mut sum = Sum::new();
    game.add_to(&mut sum, &["2".into(), "3".into()]).unwrap();
    let a = normal(&mut sum);
    assert_eq!(a.nim_value, Some(mex_value((2, 3), &mut HashMap::new())));
    let e = game.add_to(&mut Sum::new(), &["2".into()]).unwrap_err();
    assert!(e.message().contains("two coordinates"), "{e}");
    let e = game
        .add_to(&mut Sum::new(), &["2000".into(), "1".into()])
        .unwrap_err();
    assert!(e.message().contains("off the board"), "{e}");
}

#[test]
fn values_and_winning_moves_of_typed_positions() {
    let game = Rc::new(LazyQueen);
    let mut memo = HashMap::new();
    // (1, 1): options (0, 1), (1, 0) of value 1 and (0, 0) of value 0, so value 2.
    assert_eq!(mex_value((1, 1), &mut memo), 2);
    let mut sum = Sum::new();
    sum.add(&game, vec![(1, 1), (3, 5)]).unwrap();
    let a = normal(&mut sum);
    let want = mex_value((1, 1), &mut memo) ^ mex_value((3, 5), &mut memo);
    assert_eq!(a.nim_value, Some(want));
    assert_eq!(a.outcome, Outcome::of_nim_value(want));
    assert_eq!(a.parts[0].nim_value, Some(2));
    assert_eq!(a.winning_move_count() > 0, want != 0);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 60, rng_seed: proptest::test_runner::RngSeed::Fixed(11), ..ProptestConfig::default() })]

    /// Every winning move the analysis prints leads to a P-position, and every move to a P-position is printed.
    #[test]
    fn winning_moves_are_exactly_the_moves_to_p_positions(queens in prop::collection::vec((0u64..9, 0u64..9), 1..4)) {
        let game = Rc::new(LazyQueen);
        let mut memo = HashMap::new();
        let mut sum = Sum::new();
        sum.add(&game, queens.clone()).unwrap();
        let a = normal(&mut sum);
        let total = queens.iter().fold(0, |t, &q| t ^ mex_value(q, &mut memo));
        prop_assert_eq!(a.nim_value, Some(total));
        let mut want = Vec::new();
        for (i, q) in queens.iter().enumerate() {
            let mut opts = Options::new();
            LazyQueen.options(q, &mut opts).unwrap();
            for o in opts.iter() {
                if total ^ mex_value(*q, &mut memo) ^ mex_value(o[0], &mut memo) == 0 {
                    want.push((i, LazyQueen.show(&o[0])));
                }
            }
        }
        let got: Vec<(usize, String)> = a.winning_moves.iter().map(|w| (w.component, w.mv.result.clone())).collect();
        prop_assert_eq!(got, want);
        // Each printed move, played, leaves a P-position (checked by analysing the position after it).
        for w in &a.winning_moves {
            let mut after = queens.clone();
            let xy: Vec<u64> = w.mv.result.split(' ').map(|t| t.parse().unwrap()).collect();
            after[w.component] = (xy[0], xy[1]);
            let mut s = Sum::new();
            s.add(&game, after).unwrap();
            prop_assert_eq!(normal(&mut s).outcome, Outcome::P);
        }
    }

    /// The misère outcome (exact search in the library) agrees with the definition, and every misère winning move
    /// leads to a misère P-position.
    #[test]
    fn misere_outcomes_and_moves(queens in prop::collection::vec((0u64..5, 0u64..5), 1..4)) {
        let game = Rc::new(LazyQueen);
        let mut sum = Sum::new();
        sum.add(&game, queens.clone()).unwrap();
        let Report::Misere(m) = analyse(&mut sum, Convention::Misere, &grundy::Context::default()).unwrap() else {
            panic!("expected a misère report");
        };
        let mut memo = HashMap::new();
        let wins = misere_wins(&mut queens.clone(), &mut memo);
        prop_assert_eq!(m.outcome, if wins { Outcome::N } else { Outcome::P });
        for w in &m.winning_moves {
            let mut after = queens.clone();
            let xy: Vec<u64> = w.result.split(' ').map(|t| t.parse().unwrap()).collect();
            after[w.component] = (xy[0], xy[1]);
            prop_assert!(!misere_wins(&mut after, &mut memo), "{:?} after {:?}", after, w);
        }
        if wins && queens.iter().any(|&q| q != (0, 0)) {
            prop_assert!(!m.winning_moves.is_empty());
        }
    }
}
