//! Tests of the foundation against definitions and outside data: random take-and-break codes, sums, winning moves,
//! and the OEIS reference sequences in tests/data.

use grundy::heap::code::Code;
use grundy::heap::plain::code_sequence;

use grundy::heap::{sequence, HeapGame, TakeAndBreak};
use grundy::solver::brute_force_value;
use grundy::{Game, Nimber, Options, Solver};
use proptest::prelude::*;

use std::rc::Rc;

fn reference(name: &str) -> Vec<Nimber> {
    let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut lines = text.lines();
    assert!(
        lines.next().unwrap().starts_with("# source: OEIS"),
        "{name} names its source"
    );
    lines.map(|l| l.trim().parse().unwrap()).collect()
}

fn seq(code: &str, to: u64) -> Vec<Nimber> {
    code_sequence(&Code::parse(code).unwrap(), code, to, &mut |_| {}).unwrap()
}

#[test]
fn kayles_matches_oeis_a002186_and_its_published_period() {
    let r = reference("kayles-0.77.A002186.txt");
    let g = seq("0.77", 2000);
    assert_eq!(&g[..r.len()], &r[..]);
    // Published: periodic from heap 71 with period 12 (OEIS A002186; Winning Ways ch. 4).
    for n in 71..=2000 - 12 {
        assert_eq!(g[n + 12], g[n], "heap {n}");
    }
    assert_ne!(g[70 + 12], g[70]);
}

#[test]
fn dawsons_chess_and_kayles_match_oeis_a002187() {
    let r = reference("dawsons-chess-0.137.A002187.txt");
    let chess = seq("0.137", 2000);
    assert_eq!(&chess[..r.len()], &r[..]);
    // Dawson's Kayles 0.07 is Dawson's Chess shifted by one: G_0.07(n) = G_0.137(n-1).
    let dk = seq("0.07", 2000);
    for n in 1..=2000 {
        assert_eq!(dk[n], chess[n - 1], "heap {n}");
    }
    // Published: 0.137 periodic from 52 with period 34 (OEIS A002187).
    for n in 52..=2000 - 34 {
        assert_eq!(chess[n + 34], chess[n], "heap {n}");
    }
}

#[test]
fn grundys_game_matches_oeis_a002188() {
    let r = reference("grundys-game.A002188.txt");
    let g = seq("4!.0", 2000);
    assert_eq!(&g[..r.len()], &r[..]);
}

/// A sum of heaps played as one game, without Sprague–Grundy decomposition: a move replaces one heap by the heaps
/// of one of its options. Its nim-values by brute force test that a sum's value is the XOR of the parts'.
struct WholeSum<'a>(&'a TakeAndBreak);

impl Game for WholeSum<'_> {
    type Position = Vec<u64>;
    fn name(&self) -> String {
        "whole sum".into()
    }
    fn options(&self, p: &Vec<u64>, out: &mut Options<Vec<u64>>) -> grundy::Result<()> {
        for i in 0..p.len() {
            if i > 0 && p[i] == p[i - 1] {
                continue;
            }
            (self.0 as &HeapGame).for_each_option(p[i], &mut |h| {
                let mut q: Vec<u64> = p[..i].iter().chain(&p[i + 1..]).chain(h).copied().collect();
                q.sort_unstable();
                out.push_one(q);
            })?;
        }
        Ok(())
    }
}

fn digit() -> impl Strategy<Value = String> {
    (
        0u32..16,
        prop::sample::select(vec!["", "", "", "!", "?", "="]),
    )
        .prop_map(|(d, m)| {
            format!(
                "{}{}",
                char::from_digit(d, 32).unwrap().to_ascii_uppercase(),
                if d >= 4 { m } else { "" }
            )
        })
}

/// Random finite codes d0.d1d2d3 (d0 splits without removing: 0, 4, 8 or C, with a modifier), sometimes with a
/// repeating last digit.
fn code() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["0", "0", "4", "4!", "4?", "8", "C", "4="]),
        prop::collection::vec(digit(), 1..4),
        any::<bool>(),
    )
        .prop_map(|(d0, ds, periodic)| {
            let mut s = format!("{d0}.");
            let n = ds.len();
            for (i, d) in ds.into_iter().enumerate() {
                if periodic && i == n - 1 {
                    s.push_str(&format!("[{d}]"));
                } else {
                    s.push_str(&d);
                }
            }
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn printing_a_code_round_trips(c in code()) {
        let parsed = Code::parse(&c).unwrap();
        let printed = parsed.to_string();
        let again = Code::parse(&printed).unwrap();
        prop_assert_eq!(&again, &parsed);
        prop_assert_eq!(again.to_string(), printed);
    }

    #[test]
    fn solver_sequence_engine_and_brute_force_agree(c in code()) {
        let t = TakeAndBreak::parse(&c).unwrap();
        let g = sequence::values(&t, 30, &mut |_| {}).unwrap();
        let mut solver = Solver::new(&t);
        for n in 0..=30u64 {
            prop_assert_eq!(solver.nim_value(&n).unwrap(), g[n as usize], "heap {}", n);
        }
        for n in 0..=7u64 {
            prop_assert_eq!(brute_force_value(&t, &n), g[n as usize], "heap {}", n);
        }
    }

    #[test]
    fn a_sum_has_the_xor_of_its_parts(c in code(), heaps in prop::collection::vec(1u64..7, 1..4)) {
        let t = TakeAndBreak::parse(&c).unwrap();
        let g = sequence::values(&t, 8, &mut |_| {}).unwrap();
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        // Memoised, but with no decomposition into components: the sum is searched as one game.
        let whole = Solver::new(WholeSum(&t)).nim_value(&sorted).unwrap();
        let xor = heaps.iter().fold(0, |a, &h| a ^ g[h as usize]);
        prop_assert_eq!(whole, xor);
    }

    #[test]
    fn every_winning_move_leads_to_a_p_position(c in code(), heaps in prop::collection::vec(1u64..25, 1..4)) {
        let t = TakeAndBreak::parse(&c).unwrap();
        let g = sequence::values(&t, 25, &mut |_| {}).unwrap();
        let a = heap_analysis(Rc::new(t.clone()), heaps.clone());
        let total = heaps.iter().fold(0, |x, &h| x ^ g[h as usize]);
        prop_assert_eq!(a.nim_value, Some(total));
        prop_assert_eq!(a.winning_moves.is_empty(), total == 0);
        // Recompute each move's result from its printed form, independently of the analysis.
        let mut count = 0;
        for m in &a.winning_moves {
            let after: Vec<u64> = if m.mv.result == "0" { vec![] } else {
                m.mv.result.split(" + ").map(|x| x.parse().unwrap()).collect()
            };
            let mut v = after.iter().fold(0, |x, &h| x ^ g[h as usize]);
            for (i, &h) in heaps.iter().enumerate() {
                if i != m.component { v ^= g[h as usize]; }
            }
            prop_assert_eq!(v, 0, "move {:?} does not lead to a P-position", m);
            count += 1;
        }
        // Every move to a P-position is listed: count them by brute force over the options.
        let mut expected = 0;
        for (i, &h) in heaps.iter().enumerate() {
            let rest = heaps.iter().enumerate().filter(|(j, _)| *j != i).fold(0, |x, (_, &h)| x ^ g[h as usize]);
            (&t as &HeapGame).for_each_option(h, &mut |o| {
                if o.iter().fold(rest, |x, &k| x ^ g[k as usize]) == 0 { expected += 1; }
            }).unwrap();
        }
        prop_assert_eq!(count, expected);
    }
}

/// The normal-play analysis of heaps of `game`, as `grundy value` makes it.
fn heap_analysis(game: Rc<grundy::heap::HeapGame>, heaps: Vec<u64>) -> grundy::sum::Analysis {
    use grundy::analysis::{analyse, Convention, Report, Sum};
    let mut sum = Sum::new();
    sum.add_heaps(&game, heaps).unwrap();
    match analyse(&mut sum, Convention::Normal, &grundy::Context::default()).unwrap() {
        Report::Normal(a) => a,
        other => panic!("{other:?}"),
    }
}
