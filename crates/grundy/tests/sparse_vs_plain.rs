//! The sparse-space engine against the plain engine on random codes, and the periodicity certificate against long
//! plain computations on every code d0.d1d2d3 with d0 in {0, 4} and octal digits.

use grundy::heap::code::{Code, Constraint, Digit};
use grundy::heap::period::{certificate_length, certify, preperiod_for};
use grundy::heap::plain::code_sequence;
use grundy::heap::sparse;
use grundy::heap::{extend_code, Engine};
use grundy::Nimber;
use proptest::prelude::*;

fn plain(code: &Code, to: u64) -> Vec<Nimber> {
    code_sequence(code, "test", to, &mut |_| {}).unwrap()
}

fn fast(code: &Code, to: u64) -> Vec<Nimber> {
    let mut v = Vec::new();
    sparse::extend(code, "test", &mut v, to, &mut |_| {}).unwrap();
    v
}

fn constraint(i: u8) -> Constraint {
    [
        Constraint::Any,
        Constraint::Unequal,
        Constraint::NotAllEqual,
        Constraint::AllEqual,
    ][i as usize % 4]
}

/// A code from d0 (0 or 4, with a constraint) and digits 0..=7 (each with a constraint on its two-heap moves).
fn make(d0: bool, c0: u8, digits: &[(u8, u8)]) -> Code {
    let mut ds = vec![if d0 {
        Digit::from_mask(4, constraint(c0))
    } else {
        Digit::zero()
    }];
    ds.extend(
        digits
            .iter()
            .map(|&(d, c)| Digit::from_mask(d as u64 % 8, constraint(c))),
    );
    Code::new(ds, 0, vec![]).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Taking and splitting digits, first cousins (d0 = 4), constrained splits: fast = plain for 2000 heaps.
    #[test]
    fn fast_engine_equals_plain_engine(
        d0 in any::<bool>(),
        c0 in 0u8..4,
        digits in proptest::collection::vec((0u8..8, 0u8..4), 1..6),
    ) {
        let code = make(d0, c0, &digits);
        prop_assume!(sparse::covers(&code));
        prop_assert_eq!(fast(&code, 2000), plain(&code, 2000), "{}", code);
    }

    /// Codes whose two-heap digits share a parity, so that the split may use the heap's parity (d0 = 4 is the
    /// digit 0; the other parity's digits keep their zero- and one-heap moves), any constraint on the two heaps:
    /// fast = plain for 6000 heaps, on one worker and on two (from heap 4096 on).
    #[test]
    fn fast_engine_with_the_heap_parity_equals_plain_engine(
        j0 in 0u8..2,
        d0 in any::<bool>(),
        c0 in 0u8..4,
        digits in proptest::collection::vec((0u8..8, 0u8..4), 1..6),
    ) {
        let digits: Vec<(u8, u8)> = digits
            .iter()
            .enumerate()
            .map(|(i, &(d, c))| if (i as u8 + 1) % 2 == j0 { (d, c) } else { (d & 3, c) })
            .collect();
        let code = make(d0 && j0 == 0, c0, &digits);
        prop_assume!(sparse::covers(&code));
        let want = plain(&code, 6000);
        prop_assert_eq!(fast(&code, 6000), want.clone(), "{}", code);
        let mut two = Vec::new();
        sparse::extend_with_threads(&code, "test", &mut two, 6000, 2, &mut |_| {}).unwrap();
        prop_assert_eq!(two, want, "{} (two workers)", code);
    }

    /// Resuming a fast computation from any prefix gives the same sequence.
    #[test]
    fn resuming_is_seamless(digits in proptest::collection::vec((0u8..8, 0u8..1), 1..4), cut in 1usize..1500) {
        let code = make(false, 0, &digits);
        let whole = fast(&code, 1500);
        let mut part = whole[..cut].to_vec();
        extend_code(&code, "test", Engine::Fast, &mut part, 1500, &mut |_| {}).unwrap();
        prop_assert_eq!(part, whole);
    }
}

#[test]
fn grundys_game_and_named_octal_games() {
    // Grundy's game 4!.0, Officers 0.6, Treblecross 0.007, Dawson's Kayles 0.07, Kayles 0.77.
    // 0.106, 0.26, 0.204 and 0.0406: the split uses the heap's parity.
    for code in [
        "4!.0", "0.6", "0.007", "0.07", "0.77", "0.456", "4.07", "0.165", "0.106", "0.26", "0.204",
        "0.0406",
    ] {
        let c = Code::parse(code).unwrap();
        assert_eq!(fast(&c, 6000), plain(&c, 6000), "{code}");
    }
    // Grundy's game begins 0,0,0,1,0,2,1,0,2,1,0,2,1,3 (OEIS A002188).
    let g = fast(&Code::parse("4!.0").unwrap(), 13);
    assert_eq!(g, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]);
}

/// Every code d0.d1d2d3 (d0 in {0, 4}, d1..d3 octal): a certified period is never wrong against 1200 plain values,
/// and the certified preperiod is the one the long sequence shows.
#[test]
fn certificates_are_never_wrong_on_small_codes() {
    const LONG: u64 = 1200;
    let mut certified = 0;
    let mut refused = 0;
    for d0 in [false, true] {
        for d1 in 0..8u8 {
            for d2 in 0..8u8 {
                for d3 in 0..8u8 {
                    let code = make(d0, 0, &[(d1, 0), (d2, 0), (d3, 0)]);
                    if code.is_loopy() {
                        continue;
                    }
                    let long = plain(&code, LONG);
                    let mut found = None;
                    for len in [24usize, 48, 96, 192, 384] {
                        if let Some(p) = certify(&code, &long[..len]) {
                            found = Some((p, len));
                            break;
                        }
                    }
                    let Some((p, len)) = found else {
                        refused += 1;
                        continue;
                    };
                    certified += 1;
                    let (e, per) = (p.preperiod as usize, p.period as usize);
                    assert!(
                        certificate_length(&code, p.preperiod, p.period).unwrap() <= len as u64
                    );
                    for n in e..long.len() - per {
                        assert_eq!(
                            long[n + per],
                            long[n],
                            "{code}: certified e={e} p={per} fails at {n}"
                        );
                    }
                    assert_eq!(preperiod_for(&long, per, 0), p.preperiod, "{code}");
                    // No smaller period fits the long sequence from any preperiod before its last fifth.
                    for q in 1..per {
                        assert!(
                            preperiod_for(&long, q, 0) > (LONG as usize * 4 / 5) as u64,
                            "{code}: period {q}"
                        );
                    }
                }
            }
        }
    }
    assert!(certified > 600, "only {certified} codes certified");
    assert!(refused < 400, "{refused} refused");
    eprintln!("{certified} certified, {refused} not certified within 384 values");
}

#[test]
fn published_periods() {
    // Winning Ways ch. 4 (and Guy & Smith 1956): Kayles 0.77 e = 71, p = 12; Dawson's Kayles 0.07 e = 53,
    // p = 34; Dawson's Chess 0.137 e = 52, p = 34; the subtraction game S(2,3,7) has period 5.
    for (code, e, p) in [
        ("0.77", 71, 12),
        ("0.07", 53, 34),
        ("0.137", 52, 34),
        ("0.0330003", 0, 5),
    ] {
        let c = Code::parse(code).unwrap();
        let v = fast(&c, 1023);
        let got = certify(&c, &v).unwrap();
        assert_eq!(
            (got.preperiod, got.period, got.certified),
            (e, p, true),
            "{code}"
        );
    }
}
