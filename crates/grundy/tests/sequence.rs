//! `heap::sequence` (the one entry point for nim-value sequences) and `heap::period` against the rules themselves:
//! periods are never claimed from too little data, and the fast paths give the plain engine's values.

use grundy::games::bash::Bash;
use grundy::games::constrained_nim::ConstrainedNim;
use grundy::heap::period::{self, Certificate};
use grundy::heap::sequence::{self, Method};
use grundy::heap::{plain, Engine, HeapGame, TakeAndBreak};
use grundy::{Limits, Nimber};

/// The nim-values of a game that takes 1..=k tokens, by the definition (mex of the previous k values), with a
/// sliding count of the window so that k = 100000 stays cheap. Independent of the closed form.
fn take_up_to(k: usize, to: usize) -> Vec<Nimber> {
    let mut g: Vec<Nimber> = Vec::with_capacity(to + 1);
    let mut count = vec![0usize; k + 2];
    for n in 0..=to {
        // The window is heaps n-k..n-1 (those >= 0); its values are all <= k.
        let mut m = 0;
        while count[m] > 0 {
            m += 1;
        }
        g.push(m as Nimber);
        count[m] += 1;
        if n >= k {
            count[g[n - k] as usize] -= 1;
        }
    }
    g
}

/// True when `p` is a period of `values` from `e` on, over the values computed.
fn holds(values: &[Nimber], e: usize, p: usize) -> bool {
    (e..values.len() - p).all(|n| values[n] == values[n + p])
}

#[test]
fn bash_100000_has_period_100001_not_1() {
    // The truth by brute force: with k = 100000, G(n) = G(n + 100001) for the k + 1 heaps 0..=k, which is the
    // subtraction-game certificate (k consecutive heaps from e' = 1, plus heap 0); and the values 0..=k are
    // distinct, so no smaller period exists (a period q < k+1 from any e would repeat a value within them, as
    // the sequence is purely periodic).
    let k = 100_000;
    let v = take_up_to(k, 2 * (k + 1) + 5);
    assert!(holds(&v, 0, k + 1));
    let mut seen = v[..=k].to_vec();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), k + 1);
    // What `period` reports.
    let bash = grundy::heap::Heap(Bash::new(k as u64).unwrap());
    let a = period::analyse(&bash, 1 << 22, Engine::Auto, 1, &mut |_, _| {}).unwrap();
    let p = a.periodicity.unwrap();
    assert_eq!((p.preperiod, p.period, p.saltus), (0, 100_001, 0));
    assert!(p.certified);
    assert_eq!(p.by, Some(Certificate::ClosedForm));
    assert_eq!(&a.values[..], &v[..a.values.len()]);
    // The first 1024 values alone show no period once the longest move is taken into account.
    assert!(period::observe_with(&v[..1024], Some(k as u64)).is_none());
    assert!(period::observe(&v[..1024]).is_some_and(|p| p.saltus == 1)); // what the old rule claimed
}

#[test]
fn constrained_600_700_has_preperiod_0_and_period_1300() {
    // The truth by brute force on the rules (the plain engine enumerates every take of 600..=700).
    let g = grundy::heap::Heap(ConstrainedNim::new(600, 700).unwrap());
    let v = plain::sequence(&g, 1 + 700 + 2 * 1300, &mut |_| {}).unwrap();
    // Period 1300 from heap 0 over 700 + 1 consecutive heaps and beyond: the subtraction-game certificate.
    assert!(holds(&v, 0, 1300));
    // No smaller period from any preperiod: the sequence is purely periodic, so one would hold from 0.
    for q in 1..1300 {
        assert!(!holds(&v, 0, q), "period {q}");
    }
    let a = period::analyse(&g, 1 << 14, Engine::Auto, 1, &mut |_, _| {}).unwrap();
    let p = a.periodicity.unwrap();
    assert_eq!((p.preperiod, p.period, p.certified), (0, 1300, true));
}

#[test]
fn period_honours_to_and_certifies_subtraction_games() {
    // subtraction:1,3,4 (0.3033): period 7 from heap 0 (Winning Ways ch. 4), by the subtraction certificate.
    let t = TakeAndBreak::parse("0.3033").unwrap();
    let a = period::analyse(&t, 1 << 22, Engine::Auto, 1, &mut |_, _| {}).unwrap();
    let p = a.periodicity.unwrap();
    assert_eq!((p.preperiod, p.period), (0, 7));
    assert_eq!(p.by, Some(Certificate::Subtraction));
    // A game with no certificate is computed to --to, not stopped at 1024 values.
    let grundy = TakeAndBreak::parse("4!.0").unwrap();
    let a = period::analyse(&grundy, 3000, Engine::Auto, 1, &mut |_, _| {}).unwrap();
    assert_eq!(a.values.len(), 3001);
    // A subtraction game whose period needs more than 1024 values: subtraction:1500 has G(n) = ⌊n/1500⌋ mod 2,
    // period 3000, certified only once 1 + 1500 + 3000 values are known.
    let t = TakeAndBreak::new(grundy::heap::subtraction_code(&[1500]).unwrap()).unwrap();
    let a = period::analyse(&t, 1 << 22, Engine::Auto, 1, &mut |_, _| {}).unwrap();
    let p = a.periodicity.unwrap();
    assert_eq!((p.preperiod, p.period, p.certified), (0, 3000, true));
    assert!(a.values.len() >= 4501);
    for (n, &x) in a.values.iter().enumerate() {
        assert_eq!(x, (n as u64 / 1500) % 2);
    }
}

fn plain_values(rules: &HeapGame, to: u64) -> Vec<Nimber> {
    plain::sequence(rules, to, &mut |_| {}).unwrap()
}

#[test]
fn every_fast_path_equals_the_plain_engine() {
    let limits = Limits::default();
    for (game, method) in [
        ("nim", "closed-form"),
        ("bash:7", "closed-form"),
        ("constrained:3,14", "closed-form"),
        ("lasker", "closed-form"),
        ("allbut:1", "counting-mex"),
        ("allbut:2,5,6", "counting-mex"),
        ("kayles", "certified-period"),
        ("0.137", "certified-period"),
        ("subtraction:2,3,7", "certified-period"),
        ("0.6", "fast"),
        ("4!.0", "fast"),
        ("8.0", "plain"),
    ] {
        let rules = grundy::games::lookup(game).unwrap().heap_game().unwrap();
        let (v, m) =
            sequence::nim_values(&*rules, 2500, Engine::Auto, 1, &limits, &mut |_| {}).unwrap();
        assert_eq!(v, plain_values(&*rules, 2500), "{game}");
        let expect = if game == "0.6" {
            // Officers has no period within 2500 heaps: the fast engine computes every heap.
            "fast"
        } else {
            method
        };
        assert_eq!(m.name(), expect, "{game}");
        // Resuming from a prefix gives the same values.
        let mut part = v[..700].to_vec();
        sequence::extend(
            &*rules,
            &mut part,
            2500,
            Engine::Auto,
            1,
            &limits,
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(part, v, "{game} resumed");
    }
    // The method named for a certified period records where it was certified.
    let (_, m) = sequence::nim_values(
        &TakeAndBreak::parse("0.77").unwrap(),
        100_000,
        Engine::Auto,
        1,
        &limits,
        &mut |_| {},
    )
    .unwrap();
    assert_eq!(
        m,
        Method::Period {
            preperiod: 71,
            period: 12,
            certified_at: 1024
        }
    );
}
