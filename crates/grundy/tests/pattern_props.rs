//! The rules the pattern finder states for heap games, against brute force: for random subtraction games, every
//! heap the stated P-position rule calls P has nim-value 0 by the mex rule applied directly, and no other.

use grundy::analysis::pattern::{self, Law};
use grundy::games::lookup;
use grundy::nimber::mex;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn stated_p_positions_are_the_mex_rule(set in proptest::collection::btree_set(1u64..9, 1..4)) {
        let spec = format!("subtraction:{}", set.iter().map(u64::to_string).collect::<Vec<_>>().join(","));
        let game = lookup(&spec).unwrap();
        let p = pattern::one_parameter(&*game, None, &grundy::Context::default(), &mut |_, _| {}).unwrap();
        let rule = p.rules.iter().find(|r| matches!(r.law, Law::PHeaps { .. })).unwrap();
        // Subtraction games are periodic, and the certificate proves it (largest move t, 1024 values).
        prop_assert!(rule.certified, "{spec}: {}", rule.statement);
        let Law::PHeaps { listed, modulus, residues, from } = &rule.law else { unreachable!() };
        let n = 3000usize;
        let mut g = vec![0u64; n];
        for h in 0..n {
            g[h] = mex(set.iter().filter(|&&s| s as usize <= h).map(|&s| g[h - s as usize]));
        }
        for h in 0..n as u64 {
            let said = if h < *from {
                listed.contains(&h)
            } else {
                residues.contains(&(h % modulus.unwrap()))
            };
            prop_assert_eq!(said, g[h as usize] == 0, "{} heap {}", spec, h);
        }
        let Law::Periodic { preperiod, period, saltus, .. } =
            p.rules.iter().find(|r| matches!(r.law, Law::Periodic { .. })).unwrap().law.clone() else { unreachable!() };
        prop_assert_eq!(saltus, 0);
        for h in preperiod as usize..n - period as usize {
            prop_assert_eq!(g[h + period as usize], g[h]);
        }
    }
}

/// The candidate library claims no rule a game does not have: on random games (subtractions, halving, thirds,
/// moves to a divisor), any formula or P-position set read off heaps `0..N` also holds on `0..4N`, or the rule is
/// labelled observed and the test shows its first failure.
mod candidates {
    use grundy::analysis::pattern::candidates::PSet;
    use grundy::analysis::pattern::{sequence_rules, Law};
    use grundy::nimber::mex;
    use proptest::prelude::*;

    fn values(to: u64, subtract: &[u64], halve: bool, third: bool, divisor: bool) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::new();
        for n in 0..=to {
            let mut opts: Vec<u64> = subtract
                .iter()
                .filter(|&&s| s <= n)
                .map(|&s| g[(n - s) as usize])
                .collect();
            if halve && n > 0 {
                opts.push(g[(n / 2) as usize]);
            }
            if third && n > 0 {
                opts.push(g[(n / 3) as usize]);
            }
            if divisor {
                opts.extend((2..n).filter(|d| n % d == 0).take(3).map(|d| g[d as usize]));
            }
            g.push(mex(opts));
        }
        g
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn rules_found_hold_four_times_as_far(
            subtract in proptest::collection::btree_set(1u64..7, 0..3),
            halve: bool, third: bool, divisor: bool, n in 64u64..400,
        ) {
            let subtract: Vec<u64> = subtract.into_iter().collect();
            let all = values(4 * n, &subtract, halve, third, divisor);
            let p = sequence_rules("random", &all[..=n as usize], None);
            for r in &p.rules {
                prop_assert!(!r.certified, "{}", r.statement);
                match &r.law {
                    Law::Formula { base, scale, offset, divisor, xor, shift, from, below, .. } => {
                        let fit = grundy::analysis::pattern::candidates::Fit {
                            base: *base, scale: *scale, offset: *offset, divisor: *divisor, xor: *xor, shift: *shift, from: *from,
                            below: below.clone(),
                        };
                        prop_assert!(r.statement.contains(&format!("checked on n = 0..={n}")), "{}", r.statement);
                        for h in 0..=4 * n {
                            prop_assert_eq!(fit.value(h), Some(all[h as usize]),
                                "{:?} {} {} {}: {} found on 0..={} fails at {} (observed only)",
                                subtract, halve, third, divisor, r.statement, n, h);
                        }
                    }
                    Law::PFormula { set, shift, from, listed, .. } => {
                        for h in 0..=4 * n {
                            let said = if h < *from { listed.contains(&h) } else { set_contains(*set, (h as i64 + shift) as u64) };
                            prop_assert_eq!(said, all[h as usize] == 0,
                                "{:?} {} {} {}: {} found on 0..={} fails at {}", subtract, halve, third, divisor, r.statement, n, h);
                        }
                    }
                    Law::PBeatty { exact: [u, d, w], with_zero, .. } => {
                        // floor(k(u + √d)/w) = floor((ku + isqrt(d k²))/w), exactly.
                        let term = |k: i128| {
                            let root = if *d == 0 { 0 } else { grundy::games::wythoff::isqrt((*d as i128 * k * k) as u128) as i128 };
                            (k * *u as i128 + root).div_euclid(*w as i128)
                        };
                        let mut ps = std::collections::BTreeSet::new();
                        let mut k = 1;
                        while term(k) <= 4 * n as i128 {
                            ps.insert(term(k) as u64);
                            k += 1;
                        }
                        for h in 0..=4 * n {
                            let said = if h == 0 { *with_zero } else { ps.contains(&h) };
                            prop_assert_eq!(said, all[h as usize] == 0,
                                "{:?} {} {} {}: {} found on 0..={} fails at {}", subtract, halve, third, divisor, r.statement, n, h);
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    fn set_contains(s: PSet, m: u64) -> bool {
        s.contains(m)
    }

    #[test]
    fn halving_alone_claims_no_formula() {
        // Move from n to floor(n/2): G(n) = (floor_log2(n) + 1) mod 2 for n >= 1, which is no candidate of the
        // library (no base is taken mod 2 but popcount), so no formula is claimed.
        let all = values(1000, &[], true, false, false);
        let p = sequence_rules("halve", &all[..=250], None);
        assert!(
            p.rules
                .iter()
                .all(|r| !matches!(r.law, Law::Formula { .. })),
            "{:#?}",
            p.rules
        );
        assert!(p.nothing_fits);
    }
}
