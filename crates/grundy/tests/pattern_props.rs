//! The rules the pattern finder states for heap games, against brute force: for random subtraction games, every
//! heap the stated P-position rule calls P has nim-value 0 by the mex rule applied directly, and no other.

use grundy::analysis::pattern::{self, Law};
use grundy::games::lookup;
use grundy::nimber::mex;
use grundy::Limits;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn stated_p_positions_are_the_mex_rule(set in proptest::collection::btree_set(1u64..9, 1..4)) {
        let spec = format!("subtraction:{}", set.iter().map(u64::to_string).collect::<Vec<_>>().join(","));
        let game = lookup(&spec).unwrap();
        let p = pattern::one_parameter(&*game, None, &Limits::default(), &mut |_, _| {}).unwrap();
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
