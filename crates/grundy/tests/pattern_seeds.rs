//! The rule the pattern finder states for each seed game is the game's known rule (the seed documents and
//! /work/shared/problems): S(1,3,4) has period 7, Bash n mod (K+1), Wythoff's P-positions the golden-ratio Beatty
//! pair, E&D the lowest zero bit of (x−1)|(y−1), staircase Nim the coins on the odd step, the cutting game its table.

use grundy::analysis::pattern::{self, Law, Pattern, Rule};
use grundy::analysis::table::{Span, Table};
use grundy::games::lookup;

fn one(spec: &str, to: Option<u64>) -> Pattern {
    let g = lookup(spec).unwrap();
    pattern::one_parameter(&*g, to, &grundy::Context::default(), &mut |_, _| {}).unwrap()
}

fn table(spec: &str, rows: (u64, u64), cols: (u64, u64)) -> Table {
    let g = lookup(spec).unwrap();
    Table::compute(
        &*g,
        Span::new(rows.0, rows.1).unwrap(),
        Some(Span::new(cols.0, cols.1).unwrap()),
        &grundy::Context::default(),
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
        slice: None,
        stopped: None,
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

/// The candidate library (`pattern::candidates`) names the rule of classic games whose values are not periodic:
/// each game's values computed here by the mex rule directly, then read by `sequence_rules` as `pattern` reads them.
mod candidate_rules {
    use grundy::analysis::pattern::candidates::{search, Base, Found, PSet, BASES};
    use grundy::analysis::pattern::{sequence_rules, Law, Pattern};
    use grundy::nimber::mex;

    /// `G(0..=to)` by the mex rule, `options(n, g)` giving the nim-values of heap `n`'s options from `g = G(0..n)`.
    fn mex_values(to: u64, options: impl Fn(u64, &[u64]) -> Vec<u64>) -> Vec<u64> {
        let mut g = Vec::new();
        for n in 0..=to {
            let v = mex(options(n, &g));
            g.push(v);
        }
        g
    }

    fn formula(p: &Pattern) -> String {
        p.rules
            .iter()
            .find_map(|r| match &r.law {
                Law::Formula { formula, .. } => {
                    assert!(!r.certified, "{}", r.statement);
                    Some(formula.clone())
                }
                _ => None,
            })
            .unwrap_or_else(|| panic!("{}: no formula in {:#?}", p.game, p.rules))
    }

    #[test]
    fn ruler_game_is_the_ruler_function() {
        // Winning Ways' Ruler: turn a run of consecutive coins whose rightmost goes from heads to tails. A heads coin
        // at n has the options: turn it alone (value 0), or it and the k coins before it.
        let v = mex_values(512, |n, g| {
            let mut out = Vec::new();
            if n > 0 {
                out.push(0);
                let mut x = 0;
                for k in 1..n {
                    x ^= g[(n - k) as usize];
                    out.push(x);
                }
            }
            out
        });
        let p = sequence_rules("ruler", &v, None);
        assert_eq!(formula(&p), "G(n) = ruler(n) for n >= 1, G(0) = 0");
        assert!(!p.nothing_fits);
    }

    #[test]
    fn mock_turtles_are_the_odious_numbers() {
        // Mock Turtles (Winning Ways): turn one, two or three coins, the rightmost from heads to tails; coins are
        // numbered from heap 1, so G(n) = odious(n - 1).
        let v = mex_values(160, |n, g| {
            let mut out = Vec::new();
            if n > 0 {
                out.push(0);
                for a in 1..n {
                    out.push(g[a as usize]);
                    for b in 1..a {
                        out.push(g[a as usize] ^ g[b as usize]);
                    }
                }
            }
            out
        });
        assert_eq!(
            formula(&sequence_rules("mock", &v, None)),
            "G(n) = odious(n - 1) for n >= 1, G(0) = 0"
        );
        // Turning Turtles' cousin, turn one or two coins: G(n) = n (the identity, not a formula).
        let t = mex_values(100, |n, g| {
            let mut out = Vec::new();
            if n > 0 {
                out.push(0);
                out.extend(g[1..n as usize].iter().copied());
            }
            out
        });
        assert!(sequence_rules("turtles", &t, None)
            .rules
            .iter()
            .any(|r| r.law == Law::Identity));
    }

    #[test]
    fn divisor_game_counts_prime_factors() {
        // Move from n to a proper divisor of n: G(n) = Ω(n).
        let v = mex_values(3000, |n, g| {
            (1..n)
                .filter(|d| n % d == 0)
                .map(|d| g[d as usize])
                .collect()
        });
        assert_eq!(
            formula(&sequence_rules("divisors", &v, None)),
            "G(n) = bigomega(n) for n >= 1, G(0) = 0"
        );
        // Divide n by a unitary divisor u > 1 (a product of whole prime powers p^k of n): the options are the
        // products of the proper subsets of n's prime powers, so G(n) = ω(n).
        let w = mex_values(3000, |n, g| {
            let mut powers = Vec::new();
            let (mut m, mut p) = (n, 2);
            while m > 1 {
                if m % p == 0 {
                    let mut q = 1;
                    while m % p == 0 {
                        m /= p;
                        q *= p;
                    }
                    powers.push(q);
                }
                p += 1;
            }
            (1..1u64 << powers.len())
                .map(|mask| {
                    let u: u64 = (0..powers.len())
                        .filter(|i| mask >> i & 1 == 1)
                        .map(|i| powers[i])
                        .product();
                    g[(n / u) as usize]
                })
                .collect()
        });
        assert_eq!(
            formula(&sequence_rules("unitary", &w, None)),
            "G(n) = omega(n) for n >= 1, G(0) = 0"
        );
    }

    #[test]
    fn triangular_bound_game() {
        // Move to any heap below the largest triangular number k(k+1)/2 <= n: G(n) = k.
        let v = mex_values(3000, |n, g| {
            let k = Base::TriRoot.eval(n);
            g[..(k * (k + 1) / 2) as usize].to_vec()
        });
        assert_eq!(
            formula(&sequence_rules("tri", &v, None)),
            "G(n) = tri_root(n)"
        );
    }

    #[test]
    fn every_base_is_found_on_its_own_values() {
        for &b in BASES {
            for (scale, offset, shift) in [(1i64, 0i64, 0i64), (2, 1, 0), (1, 3, 1), (3, 0, -1)] {
                if b == Base::N && (scale, offset) == (1, 0) {
                    // G(n) = n is the identity rule, not a candidate.
                    continue;
                }
                let from = (b.defined_from() as i64 - shift).max(0) as u64;
                let v: Vec<u64> = (0..600u64)
                    .map(|n| {
                        if n < from {
                            7
                        } else {
                            (scale * b.eval((n as i64 + shift) as u64) as i64 + offset) as u64
                        }
                    })
                    .collect();
                let Found::Fits(fit) = search(&v) else {
                    panic!("{b:?} {scale} {offset} {shift}: nothing fits");
                };
                // The simplest fit may be another formula for the same values, but it gives them all.
                for n in 0..600 {
                    assert_eq!(
                        fit.value(n),
                        Some(v[n as usize]),
                        "{b:?}: {}",
                        fit.formula()
                    );
                }
            }
        }
    }

    #[test]
    fn p_positions_alone() {
        // Values that follow no rule, but vanish exactly on the evil numbers from 1 on.
        let v: Vec<u64> = (0..400u64)
            .map(|n| {
                if n.count_ones() % 2 == 0 {
                    0
                } else {
                    1 + (n * n) % 5
                }
            })
            .collect();
        let p = sequence_rules("evil", &v, None);
        let r = p
            .rules
            .iter()
            .find(|r| matches!(r.law, Law::PFormula { .. }))
            .expect("a P-position rule");
        let Law::PFormula { set, shift, .. } = r.law else {
            unreachable!()
        };
        assert_eq!((set, shift), (PSet::Evil, 0));
        assert!(r.statement.contains("evil numbers"), "{}", r.statement);
        assert!(p.nothing_fits);
        // P-positions in residue classes while the values are not periodic.
        let w: Vec<u64> = (0..400u64)
            .map(|n| if n % 3 == 1 { 0 } else { n })
            .collect();
        let p = sequence_rules("classes", &w, None);
        let r = p
            .rules
            .iter()
            .find(|r| {
                matches!(
                    r.law,
                    Law::PHeaps {
                        modulus: Some(3),
                        ..
                    }
                )
            })
            .unwrap_or_else(|| panic!("{:#?}", p.rules));
        assert!(r.statement.contains("n ≡ 1 (mod 3)"), "{}", r.statement);
        assert!(!r.certified);
        // P-positions 0 and floor(k·√2) (OEIS A001951), values otherwise irregular.
        let beatty: Vec<u64> = (1..200u64)
            .map(|k| grundy::games::wythoff::isqrt(2 * (k * k) as u128) as u64)
            .collect();
        let w: Vec<u64> = (0..200u64)
            .map(|n| {
                if n == 0 || beatty.contains(&n) {
                    0
                } else {
                    1 + (n * n) % 7
                }
            })
            .collect();
        let p = sequence_rules("root-2", &w, None);
        let r = p
            .rules
            .iter()
            .find(|r| matches!(r.law, Law::PBeatty { .. }))
            .unwrap_or_else(|| panic!("{:#?}", p.rules));
        assert!(
            r.statement
                .starts_with("the P-positions are n = 0 and the Beatty sequence floor(k·α) for k = 1..=141, with α = √2"),
            "{}",
            r.statement
        );
    }

    #[test]
    fn nearest_miss_is_named_with_its_first_failure() {
        let mut v: Vec<u64> = (0..300u64).map(|n| Base::TriRoot.eval(n)).collect();
        v[250] = 0;
        v[251] = 99;
        let p = sequence_rules("broken", &v, None);
        assert!(p.nothing_fits);
        let m = p.nearest.expect("a nearest miss");
        assert_eq!(
            (
                m.formula.as_str(),
                m.holds_to,
                m.fails_at,
                m.value,
                m.predicted
            ),
            ("G(n) = tri_root(n)", 249, 250, 0, Some(21))
        );
    }

    #[test]
    fn candidates_on_2_to_the_16_values_are_fast() {
        // Values no candidate fits: every candidate is tried.
        let v: Vec<u64> = (0..1u64 << 16)
            .map(|n| (n * 2654435761) >> 7 & 15)
            .collect();
        let t = std::time::Instant::now();
        let p = sequence_rules("hash", &v, None);
        let took = t.elapsed().as_secs_f64();
        assert!(p.nothing_fits);
        // Under a second in a release build; the test build is unoptimised.
        assert!(took < 10.0, "{took} s");
        eprintln!("every candidate on 2^16 values, none fits: {took:.3} s");
        // Values that the last candidates fit (the sieve, then a whole pass per fitting candidate).
        for b in [Base::Tau, Base::FibIndex] {
            let v: Vec<u64> = (0..1u64 << 16).map(|n| b.eval(n)).collect();
            let t = std::time::Instant::now();
            let p = sequence_rules("fits", &v, None);
            let took = t.elapsed().as_secs_f64();
            assert!(!p.nothing_fits);
            assert!(took < 10.0, "{took} s");
            eprintln!(
                "every candidate on 2^16 values of {}: {took:.3} s",
                b.name()
            );
        }
    }
}

/// The code `--emit` writes, compiled and run where the compiler is there (skipped with a note where it is not):
/// its `main` checks `sg` against the values to 10^5, and `sg` near 10^18 agrees with the library's rule.
mod emitted_code {
    use grundy::analysis::emit::{emit, emit_table, Language};
    use grundy::analysis::pattern::candidates::{search, Base, Found, BASES, PSETS};
    use grundy::analysis::pattern::{self, sequence_rules, Law};
    use std::process::Command;

    fn have(tool: &str) -> bool {
        let ok = Command::new(tool)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        if !ok {
            eprintln!("note: {tool} is not installed here; its emitted code is not compiled");
        }
        ok
    }

    fn dir() -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("grundy-emit-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// Compiles (where needed) and runs `code`: its self-check, then `sg` at `heaps`.
    pub fn run(code: &str, lang: Language, label: &str, heaps: &[u64]) -> Option<Vec<u64>> {
        Some(
            run_lines(code, lang, label, heaps)?
                .iter()
                .map(|l| l.parse().unwrap())
                .collect(),
        )
    }

    /// [`run`], the lines printed as they are (`P` or `N` for `is_p`); `args` are heaps, or pairs `a b`.
    pub fn run_lines(code: &str, lang: Language, label: &str, args: &[u64]) -> Option<Vec<String>> {
        let heaps = args;
        let d = dir();
        let (tool, ext) = match lang {
            Language::Cpp => ("g++", "cpp"),
            Language::Rust => ("rustc", "rs"),
            Language::Python => ("python3", "py"),
        };
        if !have(tool) {
            return None;
        }
        let src = d.join(format!("{label}.{ext}"));
        std::fs::write(&src, code).unwrap();
        let exe = d.join(format!("{label}-{ext}"));
        let mut cmd = match lang {
            Language::Python => {
                let mut c = Command::new("python3");
                c.arg(&src);
                c
            }
            _ => {
                let mut c = Command::new(tool);
                if lang == Language::Cpp {
                    c.args(["-O2", "-std=c++17", "-Wall", "-Werror"]);
                } else {
                    c.arg("-O");
                }
                let out = c.arg("-o").arg(&exe).arg(&src).output().unwrap();
                let err = String::from_utf8_lossy(&out.stderr);
                assert!(
                    out.status.success() && err.trim().is_empty(),
                    "{label}.{ext}: {err}\n{code}"
                );
                Command::new(&exe)
            }
        };
        let base = std::mem::replace(&mut cmd, Command::new("true"));
        let program: Vec<std::ffi::OsString> = std::iter::once(base.get_program().to_owned())
            .chain(base.get_args().map(|a| a.to_owned()))
            .collect();
        let check = Command::new(&program[0])
            .args(&program[1..])
            .output()
            .unwrap();
        assert!(
            check.status.success(),
            "{label}.{ext}: {}{}",
            String::from_utf8_lossy(&check.stdout),
            String::from_utf8_lossy(&check.stderr)
        );
        assert!(String::from_utf8_lossy(&check.stdout).starts_with("ok: "));
        let out = Command::new(&program[0])
            .args(&program[1..])
            .args(heaps.iter().map(u64::to_string))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{label}.{ext}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        Some(
            String::from_utf8_lossy(&out.stdout)
                .lines()
                .map(str::to_string)
                .collect(),
        )
    }

    const BIG: [u64; 3] = [1_000_000_000_000_000_000, 999_999_999_999_999_999, 1 << 59];

    /// Every base of the candidate library, in each language, against its values to 10^5 and at three heaps near
    /// 10^18.
    #[test]
    fn formulas_of_every_base() {
        let n = 100_001u64;
        for &b in BASES {
            let shift = if b == Base::Odious { -1 } else { 0 };
            let (scale, offset) = if b == Base::Popcount { (2, 1) } else { (1, 0) };
            let from = (b.defined_from() as i64 - shift).max(0) as u64;
            let v: Vec<u64> = (0..n)
                .map(|h| {
                    if h < from {
                        0
                    } else {
                        (scale * b.eval((h as i64 + shift) as u64) as i64 + offset) as u64
                    }
                })
                .collect();
            let p = sequence_rules("test", &v, None);
            let Found::Fits(fit) = search(&v) else {
                panic!("{b:?}")
            };
            for lang in [Language::Cpp, Language::Rust, Language::Python] {
                let code = emit(&p, &v, lang).unwrap();
                assert!(code.contains("observed on n = 0..=100000"), "{code}");
                let Some(got) = run(&code, lang, b.name(), &BIG) else {
                    continue;
                };
                let want: Vec<u64> = BIG.iter().map(|&h| fit.value(h).unwrap()).collect();
                assert_eq!(got, want, "{b:?} {lang:?}");
            }
        }
    }

    /// The other shapes of a formula: a xor, a negative scale, a negative offset.
    #[test]
    fn xor_and_negative_forms() {
        type Form = (&'static str, fn(u64) -> u64);
        let forms: [Form; 3] = [
            ("G(n) = isqrt(n + 1) xor 5", |n| Base::Isqrt.eval(n + 1) ^ 5),
            ("G(n) = -popcount(n) + 64", |n| 64 - n.count_ones() as u64),
            ("G(n) = 3*isqrt(n + 2) - 2", |n| {
                3 * Base::Isqrt.eval(n + 2) - 2
            }),
        ];
        for (i, (formula, h)) in forms.iter().enumerate() {
            let v: Vec<u64> = (0..100_001).map(h).collect();
            let Found::Fits(fit) = search(&v) else {
                panic!("{formula}")
            };
            assert_eq!(fit.formula(), *formula);
            let p = sequence_rules("form", &v, None);
            for lang in [Language::Cpp, Language::Rust, Language::Python] {
                let code = emit(&p, &v, lang).unwrap();
                let Some(got) = run(&code, lang, &format!("form{i}"), &BIG) else {
                    continue;
                };
                let want: Vec<u64> = BIG.iter().map(|&n| h(n)).collect();
                assert_eq!(got, want, "{formula} {lang:?}");
            }
        }
    }

    /// A certified period (Kayles, by the Guy-Smith theorem), an arithmetic period (Lasker's Nim) and n mod p
    /// (Bash), each exact at 10^18.
    #[test]
    fn periods() {
        for (spec, to) in [
            ("kayles", None),
            ("lasker", Some(2000)),
            ("bash:5", None),
            ("subtraction:1,3,4", None),
        ] {
            let g = grundy::games::lookup(spec).unwrap();
            let (p, v) = grundy::analysis::pattern::one_parameter_values(
                &*g,
                to,
                &grundy::Context::default(),
                &mut |_, _| {},
            )
            .unwrap();
            for lang in [Language::Cpp, Language::Rust, Language::Python] {
                let code = emit(&p, &v, lang).unwrap();
                let Some(got) = run(&code, lang, &spec.replace([':', ','], "_"), &BIG) else {
                    continue;
                };
                let want: Vec<u64> = BIG
                    .iter()
                    .map(|&h| {
                        let heap = g.heap_game().unwrap();
                        match spec {
                            // G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3.
                            "lasker" => match h % 4 {
                                3 => h + 1,
                                0 => h - 1,
                                _ => h,
                            },
                            _ => {
                                let a = grundy::heap::period::analyse(
                                    &heap,
                                    4096,
                                    grundy::heap::Engine::Auto,
                                    1,
                                    &mut |_, _| {},
                                )
                                .unwrap();
                                a.periodicity.unwrap().value(&v, h).unwrap()
                            }
                        }
                    })
                    .collect();
                assert_eq!(got, want, "{spec} {lang:?}");
            }
        }
    }

    const LANGS: [Language; 3] = [Language::Cpp, Language::Rust, Language::Python];

    /// `P` or `N`.
    fn pn(p: bool) -> String {
        if p { "P" } else { "N" }.to_string()
    }

    /// Values that follow no rule (nor a period) but vanish exactly where `p` holds.
    fn p_values(to: u64, p: impl Fn(u64) -> bool) -> Vec<u64> {
        (0..=to)
            .map(|n| if p(n) { 0 } else { 1 + (n * n + n / 7) % 5 })
            .collect()
    }

    /// One-number rules on the P-positions alone, as `is_p(n)`: each set of the library, residue classes and a
    /// Beatty sequence, checked by the program's main on the values and near 10^18 against the set itself.
    #[test]
    fn p_positions_alone_as_is_p() {
        let probes: Vec<u64> = BIG
            .iter()
            .flat_map(|&h| [h, h + 1, h + 2])
            .chain([
                1 << 40,
                832_040,
                1_134_903_170,
                (grundy::games::wythoff::isqrt(999_999_999_999_999_999) as u64).pow(2),
            ])
            .collect();
        for &set in PSETS {
            let v = p_values(2000, |n| set.contains(n));
            let p = sequence_rules("set", &v, None);
            assert!(
                p.rules
                    .iter()
                    .any(|r| matches!(r.law, Law::PFormula { set: s, .. } if s == set)),
                "{set:?}: {:#?}",
                p.rules
            );
            for lang in LANGS {
                let code = emit(&p, &v, lang).unwrap();
                assert!(code.contains("is_p(n)") && code.contains("observed on n = 0..=2000"));
                let Some(got) = run_lines(&code, lang, &format!("set-{}", set.name()), &probes)
                else {
                    continue;
                };
                let want: Vec<String> = probes.iter().map(|&n| pn(set.contains(n))).collect();
                assert_eq!(got, want, "{set:?} {lang:?}");
            }
        }
        // Residue classes: n ≡ 1 (mod 3).
        let v: Vec<u64> = (0..400u64)
            .map(|n| if n % 3 == 1 { 0 } else { n })
            .collect();
        let p = sequence_rules("classes", &v, None);
        // 0 and floor(k·√2), k >= 1 (OEIS A001951): n >= 1 is one exactly when floor((n + 1)/√2) > floor(n/√2)
        // (neither is a whole number), and floor(m/√2) = isqrt(floor(m²/2)).
        fn root2(n: u64) -> bool {
            let below = |m: u128| grundy::games::wythoff::isqrt(m * m / 2);
            n == 0 || below(n as u128 + 1) > below(n as u128)
        }
        let w = p_values(400, root2);
        let q = sequence_rules("root-2", &w, None);
        assert!(
            q.rules.iter().any(|r| matches!(r.law, Law::PBeatty { .. })),
            "{:#?}",
            q.rules
        );
        for lang in LANGS {
            let code = emit(&p, &v, lang).unwrap();
            if let Some(got) = run_lines(&code, lang, "classes", &probes) {
                let want: Vec<String> = probes.iter().map(|&n| pn(n % 3 == 1)).collect();
                assert_eq!(got, want, "classes {lang:?}");
            }
            let code = emit(&q, &w, lang).unwrap();
            assert!(code.contains("128-bit"), "{code}");
            if let Some(got) = run_lines(&code, lang, "root2", &probes) {
                let want: Vec<String> = probes.iter().map(|&n| pn(root2(n))).collect();
                assert_eq!(got, want, "root-2 {lang:?}");
            }
        }
    }

    /// Two-number rules as `sg(a, b)` or `is_p(a, b)`, in each language: the program's main against every cell,
    /// and the function at pairs near 10^18 and 2^64 against the rule computed by the library.
    #[test]
    fn two_number_rules() {
        let m = u64::MAX;
        let pairs: Vec<(u64, u64)> = vec![
            (BIG[0], BIG[1]),
            (BIG[1], BIG[2]),
            (BIG[2], 12345),
            (m, m),
            (m, 3),
            (7, 5),
        ];
        type Case = (&'static str, &'static str, u64, fn(u64, u64) -> u64);
        let value_rules: [Case; 5] = [
            ("nim-product", "turning-corners", 15, |a, b| {
                grundy::nimber::field::mul(a, b)
            }),
            ("nim-product", "scaled-corners", 15, |a, b| {
                let mul = grundy::nimber::field::mul;
                mul(5, mul(a, b % 7))
            }),
            ("separable", "separable", 20, |a, b| (a % 3) ^ (b / 2)),
            ("key", "sum-mod-5", 20, |a, b| a.wrapping_add(b) % 5),
            ("key", "ruler-xor", 31, |a, b| {
                let k = a ^ b;
                k & k.wrapping_neg()
            }),
        ];
        for (kind, label, n, h) in value_rules {
            let t = super::formula_table(n, h);
            let p = pattern::two_parameters(&t);
            assert!(
                p.rules
                    .iter()
                    .any(|r| serde_json::to_value(r).unwrap()["kind"] == kind),
                "{label}: {:#?}",
                p.rules
            );
            for lang in LANGS {
                let code = emit_table(&p, &t, lang).unwrap();
                assert!(
                    code.contains("sg(a, b)") && code.contains("Status: observed on a = 0..="),
                    "{code}"
                );
                let args: Vec<u64> = pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
                // a + b past 2^64 is outside what the key's code computes exactly (the comment says so).
                let args: Vec<u64> = if label == "sum-mod-5" {
                    args[..6].to_vec()
                } else {
                    args
                };
                let Some(got) = run_lines(&code, lang, label, &args) else {
                    continue;
                };
                let want: Vec<String> = args.chunks(2).map(|c| h(c[0], c[1]).to_string()).collect();
                assert_eq!(got, want, "{label} {lang:?}\n{code}");
            }
        }
        // P-positions only: Wythoff's Beatty pair, a line b - a = 1, residue classes of (a mod 3, b mod 3).
        let wy = super::table("wythoff", (0, 40), (0, 40));
        let k = 600_000_000_000_000_000u64;
        let (lo, hi) = (
            grundy::games::wythoff::lower(k),
            grundy::games::wythoff::upper(k),
        );
        let wythoff_pairs = [
            (lo, hi, true),
            (hi, lo, true),
            (lo, hi + 1, false),
            (lo + 1, hi + 1, false),
            (0, 0, true),
            (1, 2, true),
            (2, 2, false),
        ];
        let gaps = super::gap_table(16);
        let gap_pairs = [
            (BIG[0], BIG[0] + 1, true),
            (BIG[0] + 1, BIG[0], false),
            (BIG[0], BIG[0] + 2, false),
            (3, 4, true),
        ];
        let res = |a: u64, b: u64| matches!((a % 3, b % 3), (0, 0) | (1, 2));
        let rt = super::formula_table(20, |a, b| {
            if res(a, b) {
                0
            } else {
                1 + (a * a + 2 * b + a * b) % 4
            }
        });
        let res_pairs: Vec<(u64, u64, bool)> =
            pairs.iter().map(|&(a, b)| (a, b, res(a, b))).collect();
        for (label, t, cases) in [
            ("wythoff", &wy, wythoff_pairs.to_vec()),
            ("gaps", &gaps, gap_pairs.to_vec()),
            ("residues", &rt, res_pairs),
        ] {
            let p = pattern::two_parameters(t);
            for lang in LANGS {
                let code = emit_table(&p, t, lang)
                    .unwrap_or_else(|e| panic!("{label}: {e} {:#?}", p.rules));
                assert!(
                    code.contains("is_p(a, b)") && code.contains("P-positions only"),
                    "{code}"
                );
                let args: Vec<u64> = cases.iter().flat_map(|&(a, b, _)| [a, b]).collect();
                let Some(got) = run_lines(&code, lang, label, &args) else {
                    continue;
                };
                let want: Vec<String> = cases.iter().map(|c| pn(c.2)).collect();
                assert_eq!(got, want, "{label} {lang:?}\n{code}");
            }
        }
    }
}

/// A table `G(a, b) = h(a, b)` on `0..=n` squared.
fn formula_table(n: u64, h: impl Fn(u64, u64) -> u64) -> Table {
    let values: Vec<Vec<Option<u64>>> = (0..=n)
        .map(|a| (0..=n).map(|b| Some(h(a, b))).collect())
        .collect();
    let mut p_positions = Vec::new();
    for a in 0..=n {
        for b in 0..=n {
            if h(a, b) == 0 {
                p_positions.push(vec![a, b]);
            }
        }
    }
    Table {
        game: "formula".into(),
        parameters: 2,
        rows: Span::new(0, n).unwrap(),
        cols: Some(Span::new(0, n).unwrap()),
        values,
        p_positions,
        slice: None,
        stopped: None,
    }
}

#[test]
fn two_numbers_nim_product_and_key_formulas() {
    // Turning Corners: G(a, b) = a ⊗ b (the Tartan theorem: Winning Ways, ch. 14).
    let p = pattern::two_parameters(&formula_table(15, grundy::nimber::field::mul));
    let r = find(&p, "nim-product");
    assert!(
        r.statement.starts_with("G(a, b) = a ⊗ b, a nim product"),
        "{}",
        r.statement
    );
    // Up to a constant factor: G(a, b) = 3 ⊗ a ⊗ b (f(a) = G(a, 1) = 3 ⊗ a has no closed form until scaled).
    let p = pattern::two_parameters(&formula_table(15, |a, b| {
        let mul = grundy::nimber::field::mul;
        mul(3, mul(a, b))
    }));
    let r = find(&p, "nim-product");
    assert!(
        r.statement
            .starts_with("G(a, b) = 3 ⊗ a ⊗ b, a nim product"),
        "{}",
        r.statement
    );
    let Law::NimProduct { f, g, constant, .. } = &r.law else {
        unreachable!()
    };
    assert_eq!((f[7], g[9], *constant), (Some(7), Some(9), 3));
    // Ruler × Ruler: G(a, b) = ruler(a) ⊗ ruler(b) (a from 1; row and column 0 are 0).
    let ruler = |m: u64| m & m.wrapping_neg();
    let p = pattern::two_parameters(&formula_table(20, |a, b| {
        grundy::nimber::field::mul(a & a.wrapping_neg(), b & b.wrapping_neg())
    }));
    let Law::NimProduct { f, .. } = &find(&p, "nim-product").law else {
        unreachable!()
    };
    assert_eq!(f[12], Some(ruler(12)));
    // G as a candidate function of a key: ruler(a xor b).
    let p = pattern::two_parameters(&formula_table(31, |a, b| {
        let k = a ^ b;
        k & k.wrapping_neg()
    }));
    // (v2(a xor b) = v2(b - a): the lowest bit where a and b differ. |a - b| is the first key starting at 0.)
    for key in ["|a - b|", "a xor b"] {
        assert!(
            p.rules.iter().any(|r| r.statement.contains(&format!(
                "k = {key} and f(k) = ruler(k) for k >= 1, f(0) = 0"
            ))),
            "{:#?}",
            p.rules
        );
    }
    // And the popcount of min(a, b), plus 1.
    let p = pattern::two_parameters(&formula_table(31, |a, b| a.min(b).count_ones() as u64 + 1));
    let r = find(&p, "key");
    assert!(
        r.statement
            .contains("k = min(a, b) and f(k) = popcount(k) + 1"),
        "{}",
        r.statement
    );
}
