use super::*;
use crate::heap::TakeAndBreak;

fn q(code: &str, n: u64) -> Quotient {
    let game = TakeAndBreak::parse(code).unwrap();
    compute(&game, n, DEFAULT_MAX_ORDER, &Limits::default(), &mut |_| {}).unwrap()
}

/// Exact misère outcomes by search, for comparing.
fn exact(code: &str) -> crate::misere::search::MisereSearch {
    use crate::misere::search::{HeapPositions, MisereSearch, Numbered};
    let g: std::rc::Rc<crate::heap::HeapGame> =
        std::rc::Rc::new(TakeAndBreak::parse(code).unwrap());
    let games: Vec<Box<dyn Numbered>> = vec![Box::new(HeapPositions(g))];
    MisereSearch::new(games, Limits::default())
}

/// A small deterministic generator (xorshift), so failures are reproducible.
fn rng(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

fn against_search(code: &str, n: u64, sums: usize, max_tokens: u64) {
    use crate::misere::search::Part;
    let x = q(code, n);
    assert!(x.stopped.is_none(), "{code}: {:?}", x.stopped);
    let mut s = exact(code);
    let mut seed = 0x9e3779b97f4a7c15u64 ^ n;
    for _ in 0..sums {
        let mut heaps = Vec::new();
        let mut tokens = 0;
        let k = 1 + rng(&mut seed) % 5;
        for _ in 0..k {
            let h = 1 + rng(&mut seed) % n;
            if tokens + h > max_tokens {
                break;
            }
            tokens += h;
            heaps.push(h);
        }
        let parts: Vec<Part> = heaps.iter().map(|&h| Part { game: 0, pos: h }).collect();
        let v = s.value(&parts).unwrap();
        let want = if v == 0 { Outcome::P } else { Outcome::N };
        assert_eq!(x.outcome(&heaps), Some(want), "{code} {heaps:?}");
    }
}

#[test]
fn kayles_against_search() {
    against_search("0.77", 40, 3000, 45);
}
#[test]
fn dawsons_kayles_against_search() {
    against_search("0.07", 24, 3000, 45);
}
#[test]
fn dawsons_chess_against_search() {
    against_search("0.137", 23, 3000, 45);
}
#[test]
fn g075_against_search() {
    against_search("0.75", 30, 3000, 45);
}
#[test]
fn g06_against_search() {
    against_search("0.6", 16, 3000, 30);
}
