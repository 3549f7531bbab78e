//! The rule the pattern finder states for each seed game is the game's known rule (the seed documents and
//! /work/shared/problems): S(1,3,4) has period 7, Bash n mod (K+1), Wythoff's P-positions the golden-ratio Beatty
//! pair, E&D the lowest zero bit of (x−1)|(y−1), staircase Nim the coins on the odd step, the cutting game its table.

use grundy::analysis::pattern::{self, Law, Pattern, Rule};
use grundy::analysis::table::{Span, Table};
use grundy::games::lookup;
use grundy::Limits;

fn one(spec: &str, to: Option<u64>) -> Pattern {
    let g = lookup(spec).unwrap();
    pattern::one_parameter(&*g, to, &Limits::default(), &mut |_, _| {}).unwrap()
}

fn table(spec: &str, rows: (u64, u64), cols: (u64, u64)) -> Table {
    let g = lookup(spec).unwrap();
    Table::compute(
        &*g,
        Span::new(rows.0, rows.1).unwrap(),
        Some(Span::new(cols.0, cols.1).unwrap()),
        &Limits::default(),
        &mut |_| {},
    )
    .unwrap()
}

fn two(spec: &str, rows: (u64, u64), cols: (u64, u64)) -> Pattern {
    pattern::two_parameters(&table(spec, rows, cols))
}

fn find<'a>(p: &'a Pattern, kind: &str) -> &'a Rule {
    p.rules
        .iter()
        .find(|r| serde_json::to_value(r).unwrap()["kind"] == kind)
        .unwrap_or_else(|| panic!("{}: no {kind} rule in {:#?}", p.game, p.rules))
}

#[test]
fn subtraction_1_3_4_has_period_7() {
    let p = one("subtraction:1,3,4", None);
    let r = find(&p, "periodic");
    assert_eq!(
        r.law,
        Law::Periodic {
            preperiod: 0,
            period: 7,
            saltus: 0,
            values: vec![0, 1, 0, 1, 2, 3, 2],
            formula: None
        }
    );
    assert!(r.certified);
    assert_eq!(
        r.certificate.as_deref(),
        Some("the subtraction-game certificate")
    );
    let ps = find(&p, "p-heaps");
    assert_eq!(
        ps.law,
        Law::PHeaps {
            listed: vec![],
            modulus: Some(7),
            residues: vec![0, 2],
            from: 0
        }
    );
    assert!(
        ps.statement.contains("n ≡ 0, 2 (mod 7)"),
        "{}",
        ps.statement
    );
    assert!(ps.certified);
    // Only a few values: still a rule, observed.
    let p = one("subtraction:1,3,4", Some(30));
    assert!(!p.nothing_fits);
}

#[test]
fn bash_is_n_mod_k_plus_1() {
    for k in [1u64, 3, 10] {
        let p = one(&format!("bash:{k}"), None);
        let r = find(&p, "periodic");
        let Law::Periodic {
            preperiod,
            period,
            saltus,
            formula,
            ..
        } = &r.law
        else {
            unreachable!()
        };
        assert_eq!((*preperiod, *period, *saltus), (0, k + 1, 0));
        assert_eq!(
            formula.as_deref(),
            Some(format!("G(n) = n mod {}", k + 1).as_str())
        );
        assert!(r.certified);
        assert_eq!(
            find(&p, "p-heaps").law,
            Law::PHeaps {
                listed: vec![],
                modulus: Some(k + 1),
                residues: vec![0],
                from: 0
            }
        );
        assert_eq!(find(&p, "bounded").law, Law::Bounded { max: k });
        // No rule claims G(n) = n.
        assert!(p.rules.iter().all(|r| r.law != Law::Identity));
    }
}

#[test]
fn kayles_and_nim_and_lasker() {
    let p = one("kayles", None);
    let r = find(&p, "periodic");
    assert!(matches!(
        r.law,
        Law::Periodic {
            preperiod: 71,
            period: 12,
            saltus: 0,
            ..
        }
    ));
    assert_eq!(
        r.certificate.as_deref(),
        Some("the Guy-Smith periodicity theorem")
    );
    // Kayles' only P-position is the empty row.
    assert_eq!(
        find(&p, "p-heaps").law,
        Law::PHeaps {
            listed: vec![0],
            modulus: Some(12),
            residues: vec![],
            from: 71
        }
    );
    // Nim: G(n) = n, read off 1,024 values (as its code 0.[3] is) and certified by the closed form.
    let p = one("nim", None);
    assert_eq!(p.rows.to, 1023);
    let r = find(&p, "identity");
    assert!(r.certified);
    let r = find(&p, "periodic");
    assert!(matches!(
        &r.law,
        Law::Periodic {
            period: 1,
            saltus: 1,
            ..
        }
    ));
    assert!(r.certified);
    // Lasker's Nim: saltus 4, observed only (no certificate covers arithmetic periodicity here).
    let p = one("lasker", Some(2000));
    let r = find(&p, "periodic");
    assert!(matches!(
        r.law,
        Law::Periodic {
            period: 4,
            saltus: 4,
            ..
        }
    ));
    assert!(!r.certified && r.certificate.is_none());
    assert_eq!(
        find(&p, "p-heaps").law,
        Law::PHeaps {
            listed: vec![0],
            modulus: None,
            residues: vec![],
            from: 5
        }
    );
}

#[test]
fn wythoff_p_positions_are_the_golden_beatty_pair() {
    let p = two("wythoff", (0, 60), (0, 60));
    let r = find(&p, "beatty");
    let Law::Beatty {
        alpha,
        beta,
        first,
        pairs,
        complementary,
        ..
    } = &r.law
    else {
        unreachable!()
    };
    assert_eq!(alpha, "(1 + √5)/2 = φ, the golden ratio");
    assert_eq!(beta, "(3 + √5)/2 = φ² = φ + 1");
    assert_eq!(*first, 0);
    // The pairs with b <= 60: (0,0), (1,2), (3,5), …, (37,60): k = 0..=23.
    assert_eq!(*pairs, 24);
    assert!(complementary);
    assert!(
        !r.certified,
        "observed on a range, not proved by the finder"
    );
    find(&p, "symmetric");
    // The same from a shifted, non-square window: still found on the square both share.
    let p = two("wythoff", (0, 40), (0, 50));
    find(&p, "beatty");
}

#[test]
fn e_and_d_is_the_lowest_zero_bit_of_x_minus_1_or_y_minus_1() {
    let p = two("ed", (1, 32), (1, 32));
    let r = find(&p, "key");
    let Law::Key { key, formula, .. } = &r.law else {
        unreachable!()
    };
    assert_eq!(key, "(a-1) | (b-1)");
    assert!(formula.as_deref().unwrap().contains("lowest 0 bit"));
    // P-positions: both heaps odd.
    assert_eq!(
        find(&p, "p-residues").law,
        Law::PResidues {
            modulus: 2,
            residues: vec![(1, 1)]
        }
    );
}

#[test]
fn staircase_counts_the_odd_step() {
    let p = two("staircase", (0, 15), (0, 15));
    let r = find(&p, "separable");
    let Law::Separable { formula, .. } = &r.law else {
        unreachable!()
    };
    assert_eq!(formula.as_deref(), Some("G(a, b) = a"));
}

/// A table written out by hand: `G(a, b) = b − a − 1` for `1 ≤ a < b` (two chessmen on a line, POJ 1704: the gap
/// between them), no position elsewhere.
fn gap_table(n: u64) -> Table {
    let values: Vec<Vec<Option<u64>>> = (1..=n)
        .map(|a| (1..=n).map(|b| (a < b).then(|| b - a - 1)).collect())
        .collect();
    let p_positions = (1..n).map(|a| vec![a, a + 1]).collect();
    Table {
        game: "gaps".into(),
        parameters: 2,
        rows: Span::new(1, n).unwrap(),
        cols: Some(Span::new(1, n).unwrap()),
        values,
        p_positions,
    }
}

#[test]
fn p_positions_on_a_line() {
    let p = pattern::two_parameters(&gap_table(16));
    let Law::Key { key, formula, .. } = &find(&p, "key").law else {
        unreachable!()
    };
    assert_eq!(
        (key.as_str(), formula.as_deref()),
        ("b - a", Some("f(k) = k - 1"))
    );
    // |a − b| splits these cells as b − a does: not stated twice.
    assert_eq!(
        p.rules
            .iter()
            .filter(|r| matches!(r.law, Law::Key { .. }))
            .count(),
        1
    );
    assert_eq!(
        find(&p, "p-key").law,
        Law::PKey {
            key: "b - a".into(),
            zeros: vec![1],
            class: None
        }
    );
}

#[test]
fn cutting_game_table_and_symmetry() {
    // POJ 2311 (seed 001): 2x2 LOSE, 3x2 LOSE, 4x2 WIN; the table against the mex rule applied directly.
    let t = table("cutting", (2, 12), (2, 12));
    let mut g = vec![vec![0u64; 13]; 13];
    for w in 2..=12usize {
        for h in 2..=12usize {
            let mut opts = vec![];
            for i in 2..=w - 2 {
                opts.push(g[i][h] ^ g[w - i][h]);
            }
            for j in 2..=h - 2 {
                opts.push(g[w][j] ^ g[w][h - j]);
            }
            g[w][h] = grundy::nimber::mex(opts);
            assert_eq!(t.get(w as u64, h as u64), Some(g[w][h]), "{w}x{h}");
        }
    }
    assert_eq!((t.get(2, 2), t.get(3, 2)), (Some(0), Some(0)));
    assert_ne!(t.get(4, 2), Some(0));
    let p = pattern::two_parameters(&t);
    find(&p, "symmetric");
    // No simple law beyond symmetry: the finder says so and shows the first rows.
    assert!(p.nothing_fits);
    assert_eq!(p.first_rows.as_ref().unwrap().values[0][0], Some(0));
}

#[test]
fn chomp_rectangles_have_one_p_position() {
    let p = two("chomp", (1, 5), (1, 5));
    assert_eq!(
        find(&p, "p-listed").law,
        Law::PListed {
            positions: vec![vec![1, 1]]
        }
    );
}

#[test]
fn nothing_fits_shows_first_rows() {
    let p = one("fibonacci-subtraction", Some(200));
    assert!(p.nothing_fits);
    assert_eq!(p.first_rows.as_ref().unwrap().values.len(), 60);
    assert!(p.rules.iter().all(|r| !r.certified));
}
