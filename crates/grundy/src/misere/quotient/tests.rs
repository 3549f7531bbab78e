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
    against_search("0.07", 30, 3000, 45);
}
#[test]
fn dawsons_chess_against_search() {
    against_search("0.137", 29, 3000, 45);
}

/// Dawson's Kayles 0.07 at heaps up to 30: order 360 (A. N. Siegel, "Some MisereSolver questions answered", the
/// miseregames blog, 2007-08-28; /work/shared/reference/README.md), reached through the orders MisereSolver's
/// construction passes. A heap of n + 1 in 0.07 is the same game as a heap of n in Dawson's Chess 0.137 (the
/// heap of 1 in 0.07 has no move), so 0.137 at heaps up to 29 has the same quotient.
#[test]
fn dawsons_kayles_order_360() {
    let k = q("0.07", 30);
    assert_eq!(k.order, 360);
    let orders: Vec<(u64, usize)> = k.changes.iter().map(|c| (c.heap, c.order)).collect();
    assert_eq!(
        orders,
        vec![
            (2, 2),
            (4, 6),
            (10, 12),
            (14, 24),
            (25, 144),
            (27, 176),
            (30, 360)
        ]
    );
    let c = q("0.137", 29);
    assert_eq!(c.order, 360);
    assert_eq!(c.p_portion_size, k.p_portion_size);
    assert_eq!(c.relations.len(), k.relations.len());
    for n in 1..=29u64 {
        assert_eq!(c.outcome(&[n, 3, 5]), k.outcome(&[n + 1, 4, 6]), "{n}");
    }
}
#[test]
fn g075_against_search() {
    against_search("0.75", 30, 3000, 45);
}
#[test]
fn g06_against_search() {
    against_search("0.6", 16, 3000, 30);
}
