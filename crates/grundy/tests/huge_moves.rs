//! Winning moves of heaps whose period is certified, listed in families (`heap::table`): the families expanded are
//! exactly the moves found by enumerating every option, every member leads to the target nim-value, and huge heaps
//! (10^12 tokens) are answered with families whose sampled members lead to P-positions.

use grundy::heap::period::{self, Periodicity};
use grundy::heap::table::{HeapTable, PERIOD_FROM};
use grundy::heap::{Engine, HeapGame, TakeAndBreak};
use grundy::solver::brute_force_value;
use grundy::sum::MoveFamily;
use grundy::{Nimber, Solver};
use proptest::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;

/// The certified period of `code` when one is found within `limit` heaps.
fn certified(code: &str, limit: u64) -> Option<Periodicity> {
    let t = TakeAndBreak::parse(code).ok()?;
    period::analyse(&t, limit, Engine::Auto, 1, &mut |_, _| {})
        .ok()?
        .periodicity
        .filter(|p| p.certified && p.saltus == 0)
}

/// Every option (as sorted heaps) of the listed moves and the expanded families, sorted.
fn expanded(listed: Vec<Vec<u64>>, families: &[MoveFamily]) -> Vec<Vec<u64>> {
    let mut all = listed;
    for f in families {
        all.extend(f.members().map(|m| m.to_vec()));
    }
    all.sort();
    all
}

/// Checks one family's shape: its members are one residue class of splits `a ≤ rest − a` with `a ≥ max(e, 1)`,
/// from the first member of the class to the last, and the count is exact.
fn check_shape(f: &MoveFamily, p: &Periodicity) {
    let e1 = p.preperiod.max(1);
    let half = f.rest() / 2;
    assert_eq!(f.step, p.period);
    assert!(f.first >= e1 && f.first - e1 < f.step, "{f:?}");
    assert!(f.last <= half && f.last + f.step > half, "{f:?}");
    assert_eq!((f.last - f.first) % f.step, 0);
    assert_eq!(f.count, (f.last - f.first) / f.step + 1);
    assert_eq!(f.member(f.count - 1), Some([f.last, f.rest() - f.last]));
    assert_eq!(f.member(f.count), None);
}

/// For heaps `ns` of `code`: with the cutoff lowered to 0, families plus listed moves equal the explicit list (from
/// a second table that enumerates every option) for every target value.
fn families_equal_explicit(code: &str, ns: impl Iterator<Item = u64>) {
    let rules = || Rc::new(TakeAndBreak::parse(code).unwrap()) as Rc<HeapGame>;
    let mut fam = HeapTable::new(rules());
    fam.set_families_from(0);
    let p = fam.certified_period().unwrap().expect("certified").clone();
    let mut explicit = HeapTable::new(rules());
    let mut families_seen = 0;
    for n in ns {
        for target in 0..8 {
            let want = {
                let mut w = explicit.options_with_value(n, target).unwrap();
                w.sort();
                w
            };
            let (listed, families) = fam.winning_options(n, target).unwrap();
            for f in &families {
                check_shape(f, &p);
                assert_eq!((f.heap, f.value_after), (n, target));
            }
            families_seen += families.len();
            assert_eq!(
                expanded(listed, &families),
                want,
                "{code}: heap {n}, target {target}"
            );
        }
    }
    assert!(families_seen > 0, "{code}: some family was used");
}

#[test]
fn named_codes_families_expand_to_the_explicit_lists() {
    // Kayles 0.77 (e = 71, p = 12), Dawson's Kayles 0.07 (e = 53, p = 34), Dawson's chess 0.137 (e = 52,
    // p = 34), 0.72 (e = 1, p = 4): heaps across and beyond the preperiod, each compared in full. 0.16 has a long
    // certified period (e = 105351, p = 149459; Flammenkamp's octal tables list the same): few members per family.
    for code in ["0.77", "0.07", "0.137", "0.72"] {
        families_equal_explicit(code, (1..=400).chain([1001, 2024, 3333]));
    }
    families_equal_explicit("0.16", (1..=30).chain([600_000]));
}

#[test]
fn the_default_cutoff_lists_small_heaps_and_uses_families_above_the_table() {
    // Just above 2^20 the explicit enumeration (every option, table values) is still possible: compare with it.
    let mut t = HeapTable::new(Rc::new(TakeAndBreak::parse("0.77").unwrap()));
    assert_eq!(t.families_from(), PERIOD_FROM);
    let n = PERIOD_FROM + 5;
    let target = 0;
    let (listed, families) = t.winning_options(n, target).unwrap();
    assert!(!families.is_empty());
    let mut want = t.options_with_value(n, target).unwrap();
    want.sort();
    assert_eq!(expanded(listed, &families), want);
    // At the cutoff every move is listed, and there is no family.
    let (listed, families) = t.winning_options(PERIOD_FROM, target).unwrap();
    assert!(families.is_empty() && listed.len() > 1000);
}

#[test]
fn members_of_small_families_lead_to_the_target_by_brute_force() {
    // Independent of every table: members' values from a memoised search of the game's own rules (and the
    // exhaustive unmemoised search on the smallest heaps).
    for code in ["0.77", "0.07", "0.137", "0.72"] {
        let rules = TakeAndBreak::parse(code).unwrap();
        let mut solver = Solver::new(rules.clone());
        let mut fam = HeapTable::new(Rc::new(rules.clone()));
        fam.set_families_from(0);
        for n in [90u64, 120, 150] {
            for target in 0..4 {
                let (_, families) = fam.winning_options(n, target).unwrap();
                for f in &families {
                    for [a, b] in f.members() {
                        let v = solver.nim_value(&a).unwrap() ^ solver.nim_value(&b).unwrap();
                        assert_eq!(v, target, "{code}: {f:?} member {a} + {b}");
                    }
                }
            }
        }
        let heaps = rules;
        for x in 1..=9u64 {
            assert_eq!(
                brute_force_value(&heaps, &x),
                fam.value(x).unwrap(),
                "{code} {x}"
            );
        }
    }
}

/// Random finite octal codes `0.d1d2d3` or `4.d1d2` (at most two heaps, no constraint).
fn octal_code() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec!["0", "0", "0", "4"]),
        prop::collection::vec(0u8..8, 1..4),
    )
        .prop_map(|(d0, ds)| {
            let digits: String = ds.iter().map(|d| d.to_string()).collect();
            format!("{d0}.{digits}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_certified_codes_families_expand_to_the_explicit_lists(code in octal_code(), start in 1u64..400) {
        let p = certified(&code, 1 << 12);
        prop_assume!(p.is_some());
        let p = p.unwrap();
        let from = start + p.values_computed;
        families_equal_explicit_any(&code, (1..=40).chain(from..from + 40));
    }

    #[test]
    fn huge_heaps_families_lead_to_p_positions(
        code in prop::sample::select(vec!["0.77", "0.07", "0.137", "0.72"]),
        n in (1u64 << 21)..u64::MAX,
        other in 1u64..200,
    ) {
        // A sum n + other of one game: every listed move and sampled members of every family leave nim-sum 0.
        let table = Rc::new(RefCell::new(HeapTable::new(Rc::new(
            TakeAndBreak::parse(code).unwrap(),
        ))));
        let a = heap_analysis(Rc::new(TakeAndBreak::parse(code).unwrap()), vec![n, other]);
        let mut t = table.borrow_mut();
        let (gn, go) = (t.value(n).unwrap(), t.value(other).unwrap());
        prop_assert_eq!(a.nim_value, Some(gn ^ go));
        prop_assert_eq!(a.winning_moves.is_empty() && a.winning_move_families.is_empty(), gn == go);
        let p = t.certified_period().unwrap().unwrap().clone();
        for m in &a.winning_moves {
            let rest = if m.component == 0 { go } else { gn };
            let after: Vec<u64> = if m.mv.result == "0" { vec![] } else {
                m.mv.result.split(" + ").map(|x| x.parse().unwrap()).collect()
            };
            let v = after.iter().fold(rest, |x, &h| x ^ t.value(h).unwrap());
            prop_assert_eq!(v, 0, "{:?}", m);
        }
        for wf in &a.winning_move_families {
            prop_assert_eq!(wf.component, 0, "only the huge heap has families");
            let f = &wf.family;
            check_shape(f, &p);
            for i in [0, 1, f.count / 2, f.count - 1] {
                if let Some([x, y]) = f.member(i) {
                    prop_assert_eq!(t.value(x).unwrap() ^ t.value(y).unwrap() ^ go, 0, "{:?} member {}", f, i);
                }
            }
        }
        // The count: about a third of the splits of a heap... at least the number of families' members.
        prop_assert!(a.winning_move_count() >= a.winning_move_families.len() as u128);
    }
}

/// As [`families_equal_explicit`], without requiring that a family was used (random codes may have none).
fn families_equal_explicit_any(code: &str, ns: impl Iterator<Item = u64>) {
    let rules = || Rc::new(TakeAndBreak::parse(code).unwrap()) as Rc<HeapGame>;
    let mut fam = HeapTable::new(rules());
    fam.set_families_from(0);
    let p = fam.certified_period().unwrap().expect("certified").clone();
    let mut explicit = HeapTable::new(rules());
    for n in ns {
        let targets: Vec<Nimber> = (0..=p.period.min(6)).collect();
        for &target in &targets {
            let mut want = explicit.options_with_value(n, target).unwrap();
            want.sort();
            let (listed, families) = fam.winning_options(n, target).unwrap();
            for f in &families {
                check_shape(f, &p);
            }
            assert_eq!(
                expanded(listed, &families),
                want,
                "{code}: heap {n}, target {target}"
            );
        }
    }
}

#[test]
fn kayles_of_a_trillion_and_five() {
    // The command's example: kayles 10^12 + kayles 5. G(10^12) = G(71 + (10^12 − 71) mod 12) (Guy & Smith 1956).
    let table = Rc::new(RefCell::new(HeapTable::new(Rc::new(
        TakeAndBreak::parse("0.77").unwrap(),
    ))));
    let n = 1_000_000_000_000u64;
    let a = heap_analysis(Rc::new(TakeAndBreak::parse("0.77").unwrap()), vec![n, 5]);
    let mut t = table.borrow_mut();
    let g = (0..200).map(|x| t.value(x).unwrap()).collect::<Vec<_>>();
    let gn = g[(71 + (n - 71) % 12) as usize];
    assert_eq!(a.nim_value, Some(gn ^ g[5]));
    // Count the winning splits by residue classes independently: for each take j and each a mod 12.
    let periodic = |x: u64| {
        if x < 200 {
            g[x as usize]
        } else {
            g[(71 + (x - 71) % 12) as usize]
        }
    };
    let mut splits: u128 = 0;
    for j in 0..=2u64 {
        let r = n - j;
        for a in 1..71 + 12u64 {
            if periodic(a) ^ periodic(r - a) ^ g[5] == 0 {
                splits += if a < 71 {
                    1
                } else {
                    ((r / 2 - a) / 12 + 1) as u128
                };
            }
        }
    }
    let family_moves: u128 = a
        .winning_move_families
        .iter()
        .map(|f| f.family.count as u128)
        .sum();
    let listed_splits = a
        .winning_moves
        .iter()
        .filter(|m| m.component == 0 && m.mv.result.contains(" + "))
        .count() as u128;
    assert_eq!(family_moves + listed_splits, splits);
    // Kayles 10^12 alone: its moves to 0 include families, described in words.
    let (listed, families) = t.winning_options(n, 0).unwrap();
    assert!(!families.is_empty());
    for o in &listed {
        assert_eq!(o.iter().fold(0, |x, &h| x ^ periodic(h)), 0, "{o:?}");
    }
    let f = &families[0];
    assert!(
        f.describe().starts_with(&format!(
            "take {} from the heap of {n} and split the rest into a and {} − a, for each a ≡ {} (mod 12) with {} ≤ a ≤ {}: {} moves",
            f.take, n - f.take, f.first % 12, f.first, f.last, f.count
        )),
        "{}",
        f.describe()
    );
}

#[test]
fn huge_heaps_without_a_certified_period_are_a_limit_error() {
    // Grundy's game 4!.0 is not covered by the periodicity theorem: no family, and no guess, but a clear error.
    let mut t = HeapTable::new(Rc::new(TakeAndBreak::parse("4!.0").unwrap()));
    assert!(t.winning_options(1 << 40, 0).is_err());
    // Subtraction games (no split) list their few moves of any heap: S(1,3,4) has period 7 from 0.
    let mut s = HeapTable::new(Rc::new(TakeAndBreak::parse("0.3033").unwrap()));
    let n = 1_000_000_000_000_000u64;
    let (listed, families) = s.winning_options(n, 0).unwrap();
    assert!(families.is_empty());
    let g = |x: u64| [0, 1, 0, 1, 2, 3, 2][(x % 7) as usize];
    let mut want: Vec<Vec<u64>> = [1, 3, 4]
        .iter()
        .filter(|&&j| g(n - j) == 0)
        .map(|&j| vec![n - j])
        .collect();
    want.sort();
    let mut got = listed;
    got.sort();
    assert_eq!(got, want);
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
