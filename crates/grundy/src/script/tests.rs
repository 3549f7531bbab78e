use super::*;
use crate::{Game, Options, Solver};

fn s134() -> Script {
    Script::inline("n => [n - 1, n - 3, n - 4]", Settings::default()).unwrap()
}

#[test]
fn inline_subtraction_game_has_period_seven() {
    let g = s134().number_game().unwrap();
    let mut solver = Solver::new(&g);
    let values: Vec<u64> = (0..21).map(|n| solver.nim_value(&n).unwrap()).collect();
    // S(1, 3, 4): 0 1 0 1 2 3 2, period 7 (Winning Ways ch. 4).
    assert_eq!(values, [0, 1, 0, 1, 2, 3, 2].repeat(3));
    assert!(g.is_heap_game());
}

#[test]
fn splits_enumerates_two_heaps() {
    let s = Script::inline("n => [splits(n - 1), splits(n - 2)]", Settings::default()).unwrap();
    let g = s.number_game().unwrap();
    let mut out = Options::new();
    g.options(&4, &mut out);
    let opts: Vec<Vec<u64>> = out.iter().map(<[u64]>::to_vec).collect();
    assert_eq!(opts, vec![vec![3], vec![1, 2], vec![2], vec![1, 1]]);
    s.check().unwrap();
}
