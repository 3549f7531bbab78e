use super::*;
use crate::game::{HeapView, Known};
use crate::{Game, Options, Solver};

fn s134() -> Script {
    Script::inline("n => [n - 1, n - 3, n - 4]", Settings::default()).unwrap()
}

#[test]
fn inline_subtraction_game_has_period_seven() {
    let g = s134().number_game().unwrap();
    let mut solver = Solver::new(&g);
    let values: Vec<u64> = (0..21).map(|n| solver.nim_value(&n).unwrap()).collect();
    // S(1, 3, 4): 0 1 0 1 2 3 2, period 7 (Winning Ways ch. 4).
    assert_eq!(values, [0, 1, 0, 1, 2, 3, 2].repeat(3));
    assert!(g.is_heap_game());
}

#[test]
fn splits_enumerates_two_heaps() {
    let s = Script::inline("n => [splits(n - 1), splits(n - 2)]", Settings::default()).unwrap();
    let g = s.number_game().unwrap();
    let mut out = Options::new();
    g.options(&4, &mut out).unwrap();
    let opts: Vec<Vec<u64>> = out.iter().map(<[u64]>::to_vec).collect();
    assert_eq!(opts, vec![vec![3], vec![1, 2], vec![2], vec![1, 1]]);
}

/// The options of `ns` in order by `text`'s script, natively or by Rhai, up to the first error (its message).
fn options_of(
    text: &str,
    inline: bool,
    settings: Settings,
    native: bool,
    ns: &[u64],
) -> (Vec<Vec<Vec<u64>>>, Option<String>, bool) {
    let s = if inline {
        Script::inline(text, settings).unwrap()
    } else {
        Script::from_file_text("rules.rhai", text, settings).unwrap()
    };
    let compiled = s.is_native() || s.is_interpreted();
    s.core.use_native.set(native && compiled);
    let g = s.number_game().unwrap();
    let mut all = Vec::new();
    for n in ns {
        let mut out = Options::new();
        if let Err(e) = g.options(n, &mut out) {
            return (all, Some(e.message().to_string()), compiled);
        }
        all.push(out.iter().map(<[u64]>::to_vec).collect());
    }
    (all, None, compiled)
}

/// A body in the native subset but past its bound of nodes ([`super::native::MAX_NODES`]; found by
/// `native_conditions_match_rhai`) is run by the interpreter instead, with Rhai's options.
#[test]
fn a_body_past_the_native_bound_is_interpreted_as_rhai_runs_it() {
    let body = concat!(
        "n => if n + n + n + n  - - n == n + n + n + n && n + n == -(-(n + n)) + n && n + n + n + n",
        " + n + n == n + n && n + n == -(-(n)) { if (-(n + n + n) == -(-(n + n))) && 46116860184273",
        "87904 / -(n) % 10 > -(7) % (9223372036854775807) || -(n - (3037000500)) >= -(6  - - 10  - ",
        "- 9223372036854775807 / 6) { [-(-(8)) + (3037000500), [((4611686018427387904 / 92233720368",
        "54775807)) - 3037000500 % -(6) % 7, (6) + n % 4611686018427387904], (9223372036854775807 *",
        " 0 - 9223372036854775807)] } else { [(-(10))] } } else if (-(((9))) < -(9) * 7) { [[], -(n",
        ") * (3037000500 + 11), 3 / 4611686018427387904  - - n * -(n)] } else { [[(-((1))), -(-(n))",
        "], [-(-(4611686018427387904))], -((n))] }",
    );
    let s = Script::inline(body, Settings::default()).unwrap();
    assert!(!s.is_native() && s.is_interpreted(), "{body}");
    let text = format!("fn moves(n) {{ {} }}", &body[5..]);
    assert!(super::native::Native::compile_within(&text, usize::MAX).is_some());
    let ns = [14, 2, 36, 32, 0, 1];
    let a = options_of(body, true, Settings::default(), true, &ns);
    let b = options_of(body, true, Settings::default(), false, &ns);
    assert_eq!((a.0, a.1), (b.0, b.1));
}

#[test]
fn which_bodies_are_native() {
    let native = |t: &str| Script::inline(t, Settings::default()).unwrap().is_native();
    assert!(native("n => [n - 1, n - 3, n - 4]"));
    assert!(native("n => [splits(n - 1), splits(n - 2)]"));
    assert!(native("n => [[n / 2, n % 3], -(n - 7) * 2, ]"));
    assert!(native("n => [] // nothing"));
    assert!(!native("n => [n ** 2]"));
    assert!(!native("n => [if n > 2 { n - 2 } else { -1 }]"));
    assert!(native(
        "n => if n == 0 { [] } else if n % 2 == 0 { [n - 1, n / 2] } else { [n - 1] }"
    ));
    assert!(native(
        "n => if !(n < 3) && (n + 1) * 2 != 8 || (n >= 10) { [n - 3] } else { [] }"
    ));
    // No `else`, a comparison of a comparison, a condition that is a number: Rhai's.
    assert!(!native("n => if n > 2 { [n - 2] }"));
    assert!(!native("n => if 1 < n < 5 { [n - 1] } else { [] }"));
    assert!(!native("n => if n { [n - 1] } else { [] }"));
    assert!(!native("n => [n.abs() - 1]"));
    assert!(!native("n => [n - 1]; "));
    assert!(!native("n => [n << 1 >> 2]"));
    // A script's own splits is Rhai's to call.
    let own = "fn splits(m) { [m] }\nfn moves(n) { [splits(n - 1)] }";
    let s = Script::from_file_text("own.rhai", own, Settings::default()).unwrap();
    assert!(!s.is_native());
    // A low operation bound is Rhai's to enforce.
    let tight = Settings {
        max_operations: 5,
        ..Settings::default()
    };
    assert!(!Script::inline("n => [n - 1]", tight).unwrap().is_native());
}

#[test]
fn examples_give_the_same_options_natively_and_in_rhai() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/rules");
    let mut natives = Vec::new();
    let mut interpreted = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let s = Script::from_file_text("x.rhai", &text, Settings::default()).unwrap();
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        if s.is_interpreted() {
            interpreted.push(stem.clone());
        }
        if s.shape() != Shape::Number {
            assert!(!s.is_native());
            let a = list_options_of(&text, true);
            let b = list_options_of(&text, false);
            assert_eq!(a, b, "{}", path.display());
            continue;
        }
        if s.is_native() {
            natives.push(stem);
        }
        let ns: Vec<u64> = (1..300).collect();
        // Without Rhai's size limits, as the command line runs scripts: with them every push re-measures the array,
        // and Mock Turtles' 45,000 options a heap near 300 cost minutes.
        let unlimited = Settings {
            size_limits: false,
            ..Settings::default()
        };
        let a = options_of(&text, false, unlimited.clone(), true, &ns);
        let b = options_of(&text, false, unlimited, false, &ns);
        assert_eq!(a.0, b.0, "{}", path.display());
        assert_eq!(a.1, b.1, "{}", path.display());
    }
    natives.sort();
    assert_eq!(natives, ["kayles", "s134"]);
    // Every other example is run by the interpreter (none needs Rhai itself).
    interpreted.sort();
    assert_eq!(interpreted.len() + natives.len(), 13, "{interpreted:?}");
}

/// A sum of positions of a tuple or list game.
type Sum = Vec<Vec<u64>>;

/// The options of a few small positions of a tuple or list script `text` (a pair's cells up to 12 x 12, a triple's
/// up to 6, lists of up to 3 numbers up to 4) by the interpreter (`interp`) or by Rhai, up to the first error.
fn list_options_of(text: &str, interp: bool) -> (Vec<Vec<Sum>>, Option<String>) {
    let s = Script::from_file_text("x.rhai", text, Settings::default()).unwrap();
    s.core.use_native.set(interp && s.is_interpreted());
    let g = s.list_game().unwrap();
    let ps: Vec<Vec<u64>> = match s.shape() {
        Shape::Tuple(2) => (0..13)
            .flat_map(|a| (0..13).map(move |b| vec![a, b]))
            .collect(),
        Shape::Tuple(k) => (0..6u64.pow(k as u32))
            .map(|i| (0..k).map(|j| i / 6u64.pow(j as u32) % 6).collect())
            .collect(),
        _ => (0..4u64.pow(3))
            .map(|i| (0..(i % 4)).map(|j| i / 4u64.pow(j as u32) % 4).collect())
            .collect(),
    };
    let mut all = Vec::new();
    for p in ps {
        let mut out = Options::new();
        if let Err(e) = g.options(&p, &mut out) {
            return (all, Some(e.message().to_string()));
        }
        all.push(out.iter().map(<[Vec<u64>]>::to_vec).collect());
    }
    (all, None)
}

/// The nim-values of heaps `0..=to` of `text`'s one-number script, or the first error (its message): with the
/// native body tabulated (`dense`: [`crate::HeapFacts::extend_sequence`], as `grundy seq` runs it) or by the plain engine over the
/// options that Rhai computes (the general path), the reference.
fn sequence_of(
    text: &str,
    inline: bool,
    dense: bool,
    to: u64,
) -> (std::result::Result<Vec<u64>, String>, bool) {
    let s = if inline {
        Script::inline(text, Settings::default()).unwrap()
    } else {
        Script::from_file_text("rules.rhai", text, Settings::default()).unwrap()
    };
    s.core
        .use_native
        .set(dense && (s.is_native() || s.is_interpreted()));
    let g = s.number_game().unwrap();
    let own = matches!(crate::game::own_sequence(&g, to, &mut |_| {}), Some(Ok(_)));
    let r = if dense {
        crate::heap::sequence::values(&g, to, &mut |_| {})
    } else {
        crate::heap::plain::sequence(&g, to, &mut |_| {})
    };
    let r = r.map_err(|e| e.message().to_string());
    (r, own)
}

#[test]
fn dense_tabulation_matches_the_general_path_on_every_example() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/rules");
    let mut dense = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let s = Script::from_file_text("x.rhai", &text, Settings::default()).unwrap();
        if !s.is_heap_game() {
            continue;
        }
        // (Both paths of a script run by the interpreter are checked over fewer heaps, as Rhai is slow.)
        let to = if s.is_native() { 400 } else { 120 };
        let (fast, own) = sequence_of(&text, false, true, to);
        if s.is_native() || s.is_interpreted() {
            let (slow, _) = sequence_of(&text, false, false, to);
            assert_eq!(fast, slow, "{}", path.display());
        }
        let fast = fast.unwrap();
        // And the solver's memoised search (the other general path), heap by heap.
        let g = s.number_game().unwrap();
        s.core.use_native.set(false);
        let mut solver = Solver::new(&g);
        for (n, &v) in fast.iter().enumerate().step_by(7) {
            assert_eq!(
                solver.nim_value(&(n as u64)).unwrap(),
                v,
                "{} heap {n}",
                path.display()
            );
        }
        if own {
            dense.push(path.file_stem().unwrap().to_string_lossy().to_string());
        }
    }
    dense.sort();
    // Every heap-game example tabulates its own table (natively or by the interpreter).
    assert_eq!(
        dense,
        [
            "divisors",
            "fibonacci",
            "kayles",
            "mock_turtles",
            "ruler",
            "s134",
            "three_unequal",
            "triangular",
            "unitary"
        ]
    );
    // Known values: S(1, 3, 4) has period 7 (Winning Ways ch. 4); Kayles is OEIS A002186.
    let (s134, _) = sequence_of("n => [n - 1, n - 3, n - 4]", true, true, 13);
    assert_eq!(s134.unwrap(), [0, 1, 0, 1, 2, 3, 2].repeat(2));
    let (kayles, _) = sequence_of("n => [splits(n - 1), splits(n - 2)]", true, true, 12);
    assert_eq!(kayles.unwrap(), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
}

/// The dense table is kept between calls: a longer run extends it, a shorter one reads it, and both give what a
/// fresh table gives.
#[test]
fn dense_table_extends_between_calls() {
    let kayles = || {
        Script::inline("n => [splits(n - 1), splits(n - 2)]", Settings::default())
            .unwrap()
            .number_game()
            .unwrap()
    };
    let fresh = crate::game::own_sequence(&kayles(), 120, &mut |_| {})
        .unwrap()
        .unwrap();
    let g = kayles();
    assert_eq!(
        crate::game::own_sequence(&g, 50, &mut |_| {})
            .unwrap()
            .unwrap(),
        fresh[..=50]
    );
    assert_eq!(
        crate::game::own_sequence(&g, 120, &mut |_| {})
            .unwrap()
            .unwrap(),
        fresh
    );
    assert_eq!(
        crate::game::own_sequence(&g, 30, &mut |_| {})
            .unwrap()
            .unwrap(),
        fresh[..=30]
    );
    // Kayles is the take-and-break code 0.77 (OEIS A002186).
    let code = crate::heap::TakeAndBreak::parse("0.77").unwrap();
    assert_eq!(
        fresh,
        crate::heap::sequence::values(&code, 120, &mut |_| {}).unwrap()
    );
}

#[test]
fn dense_tabulation_reports_the_general_paths_errors() {
    for body in [
        // A heap that is not smaller, at heap 5.
        "n => [n - 1, n / 5 * 9]",
        // A move from a heap of 0 (heap 0 is asked about when the table starts).
        "n => [n / 2]",
        "n => [[]]",
        "n => [splits(n)]",
        // Arithmetic that Rhai refuses at heap 2.
        "n => [n - 1, 6 / (n - 2)]",
        "n => [[n - 1, n * 4611686018427387904]]",
    ] {
        let (fast, _) = sequence_of(body, true, true, 30);
        let (slow, _) = sequence_of(body, true, false, 30);
        assert!(slow.is_err(), "{body} fails");
        assert_eq!(fast, slow, "{body}");
    }
}

#[test]
fn arithmetic_errors_are_rhais() {
    let ns = [3, 2, 1];
    for body in [
        "n => [n - 1, 6 / (n - 2)]",
        "n => [n % (n - 1)]",
        "n => [n * 9223372036854775807]",
        "n => [[n, -9223372036854775807 - n]]",
        "n => [splits(n + 9223372036854775806)]",
    ] {
        let a = options_of(body, true, Settings::default(), true, &ns);
        let b = options_of(body, true, Settings::default(), false, &ns);
        assert!(a.2, "{body} is compiled natively");
        assert_eq!(a, (b.0, b.1, true), "{body}");
        assert!(a.1.is_some(), "{body} fails");
    }
    let (_, e, _) = options_of(
        "n => [n - 1, 6 / (n - 2)]",
        true,
        Settings::default(),
        true,
        &ns,
    );
    assert!(e.unwrap().starts_with("--moves:1:"));
}

mod random {
    use super::*;
    use proptest::prelude::*;

    fn expr() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            Just("n".to_string()),
            (0i64..12).prop_map(|v| v.to_string()),
            prop_oneof![
                Just(9223372036854775807i64),
                Just(4611686018427387904),
                Just(3037000500)
            ]
            .prop_map(|v| v.to_string()),
        ];
        leaf.prop_recursive(4, 24, 2, |inner| {
            prop_oneof![
                (
                    inner.clone(),
                    prop_oneof![
                        Just("+"),
                        Just("-"),
                        Just("*"),
                        Just("/"),
                        Just("%"),
                        Just(" - -")
                    ],
                    inner.clone()
                )
                    .prop_map(|(a, op, b)| format!("{a} {op} {b}")),
                inner.clone().prop_map(|a| format!("({a})")),
                inner.prop_map(|a| format!("-({a})")),
            ]
        })
    }

    fn item() -> impl Strategy<Value = String> {
        prop_oneof![
            3 => expr(),
            1 => (0i64..5).prop_map(|k| format!("splits(n - {k})")),
            1 => prop::collection::vec(expr(), 0..3).prop_map(|v| format!("[{}]", v.join(", "))),
        ]
    }

    fn cond() -> impl Strategy<Value = String> {
        let cmp = (
            expr(),
            prop_oneof![
                Just("=="),
                Just("!="),
                Just("<"),
                Just("<="),
                Just(">"),
                Just(">=")
            ],
            expr(),
        )
            .prop_map(|(a, op, b)| format!("{a} {op} {b}"));
        cmp.prop_recursive(2, 8, 2, |inner| {
            prop_oneof![
                (
                    inner.clone(),
                    prop_oneof![Just("&&"), Just("||")],
                    inner.clone()
                )
                    .prop_map(|(a, op, b)| format!("{a} {op} {b}")),
                inner.clone().prop_map(|c| format!("!({c})")),
                inner.prop_map(|c| format!("({c})")),
            ]
        })
    }

    fn array() -> impl Strategy<Value = String> {
        prop::collection::vec(item(), 0..4).prop_map(|items| format!("[{}]", items.join(", ")))
    }

    /// A body: an array, or `if C { body } else { body }` (also `else if`).
    fn body() -> impl Strategy<Value = String> {
        array().prop_recursive(2, 6, 2, |inner| {
            (cond(), inner.clone(), inner, any::<bool>()).prop_map(|(c, yes, no, chained)| {
                if chained && no.starts_with("if") {
                    format!("if {c} {{ {yes} }} else {no}")
                } else {
                    format!("if {c} {{ {yes} }} else {{ {no} }}")
                }
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Random bodies with conditions: the same options and the same first error, natively and in Rhai.
        #[test]
        fn native_conditions_match_rhai(body in body(), ns in prop::collection::vec(0u64..40, 1..8)) {
            let body = format!("n => {body}");
            // Native, unless the body has more nodes than the native path takes (then the interpreter runs it):
            // such a body is in the subset, as a larger bound shows.
            let native = Script::inline(&body, Settings::default()).unwrap().is_native();
            let text = format!("fn moves(n) {{ {} }}", &body[5..]);
            prop_assert!(
                native || super::native::Native::compile_within(&text, usize::MAX).is_some(),
                "{}", body
            );
            prop_assert_eq!(native, super::native::Native::compile(&text).is_some(), "{}", body);
            let a = options_of(&body, true, Settings::default(), true, &ns);
            let b = options_of(&body, true, Settings::default(), false, &ns);
            prop_assert!(a.2, "{} is compiled natively", body);
            prop_assert_eq!(a.0, b.0, "{}", body);
            prop_assert_eq!(a.1, b.1, "{}", body);
            let to = ns.iter().copied().max().unwrap_or(0);
            prop_assert_eq!(sequence_of(&body, true, true, to).0, sequence_of(&body, true, false, to).0, "{}", body);
        }

        /// Random bodies of the subset: the same options and the same first error, natively and in Rhai, for
        /// heap play and loopy play.
        #[test]
        fn native_matches_rhai(items in prop::collection::vec(item(), 0..4),
                               ns in prop::collection::vec(0u64..40, 1..8),
                               loopy in any::<bool>()) {
            let body = format!("n => [{}]", items.join(", "));
            let settings = Settings { loopy, ..Settings::default() };
            let a = options_of(&body, true, settings.clone(), true, &ns);
            let b = options_of(&body, true, settings, false, &ns);
            prop_assert!(a.2, "{} is compiled natively", body);
            prop_assert_eq!(a.0, b.0, "{}", body);
            prop_assert_eq!(a.1, b.1, "{}", body);
        }

        /// Random bodies of the subset: the same nim-values of heaps 0..=to (or the same first error) tabulated
        /// from the native body as by the plain engine over Rhai's options.
        #[test]
        fn dense_tabulation_matches_rhai(items in prop::collection::vec(item(), 0..4), to in 0u64..60) {
            let body = format!("n => [{}]", items.join(", "));
            let (fast, _) = sequence_of(&body, true, true, to);
            let (slow, _) = sequence_of(&body, true, false, to);
            prop_assert_eq!(fast, slow, "{}", body);
        }
    }
}

#[test]
fn top_level_constants_are_visible_in_moves_and_params_replace_them() {
    let text = "const K = 3;\nconst S = [1, 3, 4];\nfn moves(n) { let out = []; for s in S { if s <= K { out.push(n - s); } } out }\n";
    let values = |params: Vec<(String, Param)>| {
        let s = Script::from_file_text(
            "sub.rhai",
            text,
            Settings {
                params,
                ..Settings::default()
            },
        )
        .unwrap();
        let g = s.number_game().unwrap();
        let mut solver = Solver::new(&g);
        (0..31)
            .map(|n| solver.nim_value(&n).unwrap())
            .collect::<Vec<u64>>()
    };
    // The subtraction game S(set), by its definition.
    let subtraction = |set: &[u64]| {
        let mut g = vec![0u64; 31];
        for n in 0..31 {
            let opts: Vec<u64> = set
                .iter()
                .filter(|&&s| s <= n as u64)
                .map(|&s| g[n - s as usize])
                .collect();
            g[n] = (0..).find(|v| !opts.contains(v)).unwrap();
        }
        g
    };
    assert_eq!(values(vec![]), subtraction(&[1, 3]));
    assert_eq!(
        values(vec![Param::parse("K=4").unwrap()]),
        subtraction(&[1, 3, 4])
    );
    assert_eq!(
        values(vec![
            Param::parse("S=[2,5]").unwrap(),
            Param::parse("K=9").unwrap()
        ]),
        subtraction(&[2, 5])
    );
    assert_eq!(Param::parse("s=1,3").unwrap().1, Param::List(vec![1, 3]));
    assert_eq!(Param::parse("s=[]").unwrap().1, Param::List(vec![]));
    for bad in ["k", "=3", "k=x", "k=[1,y]", "9k=1"] {
        let e = Param::parse(bad).unwrap_err();
        assert!(!e.message().contains('\n'), "{bad}: {e}");
    }
}

/// Random programs of the interpreter's subset (statements, loops, helper and recursive functions, arrays, every
/// operator, with overflow, division by zero, deep recursion and bad indices among them): the same options and the
/// same first error by the interpreter as by Rhai, for one-number and pair scripts.
mod interp_random {
    use super::*;
    use proptest::prelude::*;

    fn expr() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            Just("a".to_string()),
            Just("b".to_string()),
            Just("x".to_string()),
            Just("i".to_string()),
            Just("out.len()".to_string()),
            (-3i64..12).prop_map(|v| v.to_string()),
            prop_oneof![
                Just(9223372036854775807i64),
                Just(4611686018427387904),
                Just(3037000500)
            ]
            .prop_map(|v| v.to_string()),
        ];
        leaf.prop_recursive(3, 16, 2, |inner| {
            prop_oneof![
                (
                    inner.clone(),
                    prop_oneof![
                        Just("+"),
                        Just("-"),
                        Just("*"),
                        Just("/"),
                        Just("%"),
                        Just("**"),
                        Just("<<"),
                        Just(">>"),
                        Just("&"),
                        Just("|"),
                        Just("^")
                    ],
                    inner.clone()
                )
                    .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
                inner.clone().prop_map(|a| format!("-{a}")),
                (cond(), inner.clone(), inner.clone())
                    .prop_map(|(c, a, b)| format!("if {c} {{ {a} }} else {{ {b} }}")),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("max({a}, {b})")),
                (inner.clone(), inner.clone()).prop_map(|(a, b)| format!("h({a}, {b})")),
                inner.clone().prop_map(|a| format!("r({a} % 70)")),
                inner.clone().prop_map(|a| format!("{a}.abs()")),
                inner.prop_map(|a| format!("[1, 2, 3][{a}]")),
            ]
        })
    }

    fn cond() -> impl Strategy<Value = String> {
        let var = || prop_oneof![Just("a"), Just("x"), Just("i"), Just("b")];
        let op = || {
            prop_oneof![
                Just("<"),
                Just("<="),
                Just(">"),
                Just(">="),
                Just("=="),
                Just("!=")
            ]
        };
        let simple = (var(), op(), -2i64..8).prop_map(|(v, op, k)| format!("{v} {op} {k}"));
        // Two variables, and a number on the left (fused as `a op b` and swapped: `3 < x` as `x > 3`).
        let vars = (var(), op(), var()).prop_map(|(v, op, w)| format!("{v} {op} {w}"));
        let left = (-2i64..8, op(), var()).prop_map(|(k, op, v)| format!("{k} {op} {v}"));
        let simple = prop_oneof![2 => simple, 1 => vars, 1 => left];
        simple.prop_recursive(2, 6, 2, |inner| {
            prop_oneof![
                (inner.clone(), inner.clone()).prop_map(|(p, q)| format!("({p} && {q})")),
                (inner.clone(), inner.clone()).prop_map(|(p, q)| format!("({p} || {q})")),
                (inner.clone(), inner.clone()).prop_map(|(p, q)| format!("(({p}) == ({q}))")),
                inner.prop_map(|p| format!("!({p})")),
            ]
        })
    }

    fn stmt() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            3 => expr().prop_map(|e| format!("out.push({e});")),
            2 => (expr(), expr()).prop_map(|(e, f)| format!("out.push([{e}, {f}]);")),
            1 => (expr(), expr(), expr(), expr())
                .prop_map(|(e, f, g, k)| format!("out.push([[{e}, {f}], [{g}, {k}]]);")),
            1 => expr().prop_map(|e| format!("x = {e};")),
            1 => (prop_oneof![Just("+="), Just("-="), Just("*="), Just("/="), Just("%=")], expr())
                .prop_map(|(op, e)| format!("x {op} {e};")),
            1 => Just("if out.len() > 0 { out.pop(); }".to_string()),
            1 => expr().prop_map(|e| format!("let y = {e}; out.push(y);")),
            1 => Just("break;".to_string()),
        ];
        leaf.prop_recursive(2, 8, 3, |inner| {
            let body = prop::collection::vec(inner, 0..3).prop_map(|v| v.join(" "));
            prop_oneof![
                (cond(), body.clone(), body.clone())
                    .prop_map(|(c, s, t)| format!("if {c} {{ {s} }} else {{ {t} }}")),
                ((0i64..3), (0i64..6), body.clone())
                    .prop_map(|(lo, hi, s)| format!("for i in {lo}..{hi} {{ {s} }}")),
                ((0i64..5), body.clone())
                    .prop_map(|(k, s)| format!("for i in [{k}, a, 2] {{ {s} }}")),
                ((0i64..5), body).prop_map(|(k, s)| format!("while x < {k} {{ x += 1; {s} }}")),
            ]
        })
    }

    /// A whole script: `moves` of one number (`n`, named `a` in the body) or of a pair `(a, b)`.
    fn script(stmts: &[String], pair: bool) -> String {
        let body = stmts.join("\n    ");
        // `break` outside a loop does not compile in Rhai; the strategies may make one: such a program is
        // dropped by the caller.
        let head = if pair {
            "fn moves(a, b) {"
        } else {
            "fn moves(a) {\n    let b = 1;"
        };
        format!(
            "fn h(p, q) {{ if p > q {{ p - q }} else {{ q - p }} }}\nfn r(k) {{ if k <= 0 {{ 0 }} else {{ r(k - 1) + 1 }} }}\n{head}\n    let out = [];\n    let x = 0;\n    let i = 0;\n    {body}\n    out\n}}\n"
        )
    }

    /// The options of `ps` by the script (interpreted or by Rhai), up to the first error; `None` when the script
    /// does not compile (a `break` outside a loop).
    fn run(
        text: &str,
        interp: bool,
        ps: &[(u64, u64)],
        pair: bool,
    ) -> Option<(Vec<String>, Option<String>, bool)> {
        let settings = Settings {
            max_operations: 20_000,
            ..Settings::default()
        };
        let s = Script::from_file_text("r.rhai", text, settings).ok()?;
        let compiled = s.is_interpreted();
        s.core.use_native.set(interp && compiled);
        let mut seen = Vec::new();
        if pair {
            let g = s.list_game().unwrap();
            for &(a, b) in ps {
                let mut out = Options::new();
                if let Err(e) = g.options(&vec![a, b], &mut out) {
                    return Some((seen, Some(e.message().to_string()), compiled));
                }
                seen.push(format!("{:?}", out.iter().collect::<Vec<_>>()));
            }
        } else {
            let g = s.number_game().unwrap();
            for &(a, _) in ps {
                let mut out = Options::new();
                if let Err(e) = g.options(&a, &mut out) {
                    return Some((seen, Some(e.message().to_string()), compiled));
                }
                seen.push(format!("{:?}", out.iter().collect::<Vec<_>>()));
            }
        }
        Some((seen, None, compiled))
    }

    /// The fused nodes (`a op b` of two variables, `a op k`, `k op a`) give Rhai's values, and give up (Rhai
    /// then answers) where Rhai could answer otherwise: a boolean or an array against a number, an overflow, a
    /// division by zero.
    #[test]
    fn fused_operators_match_rhai() {
        for body in [
            "let t = a < b; let u = b >= 2; if t == u { out.push([a, 0]); } else { out.push([b, 1]); }",
            "let t = a < b; if t == 1 { out.push([a, a]); }",
            "let t = a < b; if 1 == t { out.push([a, a]); }",
            "let t = [a]; if t == b { out.push([a, b]); }",
            "let t = a > 2; let u = b; if t != u { out.push([a, 1]); }",
            "let y = 9223372036854775807; out.push([y + a, 0]);",
            "let y = 9223372036854775807; out.push([2 * y, a]);",
            "let y = a - b; if 0 < y { out.push([y, y]); } if 3 >= y { out.push([b % a, 1]); }",
            "let y = a * b; let z = 2 * a; out.push([[y / b, 7 - a], [z, 5 + z]]);",
        ] {
            let text = format!("fn moves(a, b) {{\n    let out = [];\n    {body}\n    out\n}}\n");
            let ps = [(0, 0), (1, 2), (3, 1), (4, 4), (0, 5)];
            let a = run(&text, true, &ps, true).unwrap();
            let b = run(&text, false, &ps, true).unwrap();
            assert!(a.2, "not interpreted:\n{text}");
            assert_eq!(a.0, b.0, "{text}");
            assert_eq!(a.1, b.1, "{text}");
        }
    }

    /// The script of `stmts` with no statement reading `out` (`out.len()` read as `x`, no `pop`): the interpreter
    /// writes its pushes straight into the options buffer.
    fn emitting(stmts: &[String], pair: bool) -> String {
        script(stmts, pair)
            .replace("if out.len() > 0 { out.pop(); }", "x += 1;")
            .replace("out.len()", "x")
    }

    /// An affine expression of the loop variable `i`, the parameters and big numbers (overflows at some steps).
    fn affine() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            3 => Just("i".to_string()),
            2 => Just("a".to_string()),
            2 => Just("b".to_string()),
            2 => (-3i64..12).prop_map(|v| v.to_string()),
            1 => prop_oneof![Just(9223372036854775807i64), Just(4611686018427387904), Just(3037000500)]
                .prop_map(|v| v.to_string()),
        ];
        leaf.prop_recursive(3, 12, 2, |inner| {
            prop_oneof![
                (
                    inner.clone(),
                    prop_oneof![Just("+"), Just("-"), Just("*"), Just("/"), Just("%")],
                    inner.clone()
                )
                    .prop_map(|(a, op, b)| format!("({a} {op} {b})")),
                inner.prop_map(|a| format!("-{a}")),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(384))]

        /// Loops that push one value affine in the loop variable (a number, a position, a sum of two), written
        /// into the buffer as one family: the same options and first error as Rhai (overflows at some steps,
        /// divisions by zero, moves that break the heap rule), for one-number and pair scripts.
        #[test]
        fn loops_of_affine_pushes_match_rhai(
            lo in -2i64..4, len in 0i64..40, inclusive in any::<bool>(),
            e in affine(), f in affine(), g in affine(), k in affine(),
            kind in 0..3u8, pair in any::<bool>(),
            ps in prop::collection::vec((0u64..30, 0u64..30), 1..5),
        ) {
            let item = match kind {
                0 => e.clone(),
                1 => format!("[{e}, {f}]"),
                _ => format!("[[{e}, {f}], [{g}, {k}]]"),
            };
            let hi = lo + len;
            let range = if inclusive { format!("{lo}..=a + {hi}") } else { format!("{lo}..b + {hi}") };
            let head = if pair { "fn moves(a, b) {" } else { "fn moves(a) {\n    let b = 2;" };
            let text = format!("{head}\n    let out = [];\n    for i in {range} {{ out.push({item}); }}\n    out\n}}\n");
            let settings = Settings { max_operations: 20_000, ..Settings::default() };
            let both = |interp: bool| -> Option<(Vec<String>, Option<String>)> {
                let s = Script::from_file_text("r.rhai", &text, settings.clone()).ok()?;
                s.core.use_native.set(interp && s.is_interpreted());
                let mut seen = Vec::new();
                for &(a, b) in &ps {
                    let mut out = Options::new();
                    let r = if pair {
                        s.list_game().unwrap().options(&vec![a, b], &mut out).map(|()| format!("{:?}", out.iter().collect::<Vec<_>>()))
                    } else {
                        let mut o = Options::new();
                        s.number_game().unwrap().options(&a, &mut o).map(|()| format!("{:?}", o.iter().collect::<Vec<_>>()))
                    };
                    match r {
                        Ok(x) => seen.push(x),
                        Err(e) => return Some((seen, Some(e.message().to_string()))),
                    }
                }
                Some((seen, None))
            };
            let (Some(x), Some(y)) = (both(true), both(false)) else { return Ok(()) };
            prop_assert_eq!(x, y, "{}", text);
        }
    }

    /// The nim-values of the pairs `ps` by the dense table (`None` where it leaves the position to the solver) and
    /// by the solver over Rhai's options (or its first error).
    fn dense_and_solver(text: &str, ps: &[(u64, u64)]) -> Option<Vec<(Option<u64>, String)>> {
        let settings = Settings {
            max_operations: 20_000,
            ..Settings::default()
        };
        let s = Script::from_file_text("r.rhai", text, settings.clone()).ok()?;
        let reference = Script::from_file_text("r.rhai", text, settings).ok()?;
        reference.core.use_native.set(false);
        let g = s.list_game().unwrap();
        let r = reference.list_game().unwrap();
        // Small bounds: a random script may raise its numbers forever.
        let limits = crate::Limits {
            max_positions: 20_000,
            max_memory: 64 << 20,
            deadline: None,
        };
        let mut solver = Solver::with_limits(&r, limits);
        let cx = crate::Context::new(limits);
        Some(
            ps.iter()
                .map(|&(a, b)| {
                    let p = vec![a, b];
                    let dense = g.dense_value(&p, &cx);
                    let solved = match solver.nim_value(&p) {
                        Ok(v) => v.to_string(),
                        Err(e) => e.message().to_string(),
                    };
                    (dense, solved)
                })
                .collect(),
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn emitting_interpreter_matches_rhai(stmts in prop::collection::vec(stmt(), 0..5),
                                             ps in prop::collection::vec((0u64..12, 0u64..12), 1..6),
                                             pair in any::<bool>()) {
            let text = emitting(&stmts, pair);
            let Some(a) = run(&text, true, &ps, pair) else { return Ok(()) };
            let b = run(&text, false, &ps, pair).unwrap();
            prop_assert!(a.2, "not interpreted:\n{}", text);
            let s = Script::from_file_text("r.rhai", &text, Settings::default()).unwrap();
            prop_assert!(s.core.program.as_ref().unwrap().emits(), "does not emit:\n{}", text);
            prop_assert_eq!(a.0, b.0, "{}", text);
            prop_assert_eq!(a.1, b.1, "{}", text);
        }

        /// A `moves` that ends in array literals (through `if ... else`) writes them straight into the buffer,
        /// with the same options and errors as Rhai's.
        #[test]
        fn tail_literals_match_rhai(c in cond(), d in cond(), e in expr(), f in expr(), g in expr(),
                                    ps in prop::collection::vec((0u64..12, 0u64..12), 1..6),
                                    pair in any::<bool>()) {
            let head = if pair { "fn moves(a, b) {" } else { "fn moves(a) {\n    let b = 1;" };
            let body = if pair {
                format!("if {c} {{ [[{e}, {f}], [{g}, b]] }} else if {d} {{ [] }} else {{ [[{e}, {g}]] }}")
            } else {
                format!("if {c} {{ [{e}, [{f}, {g}]] }} else if {d} {{ [] }} else {{ [{e}, b - {g}] }}")
            };
            let text = format!(
                "fn h(p, q) {{ if p > q {{ p - q }} else {{ q - p }} }}\nfn r(k) {{ if k <= 0 {{ 0 }} else {{ r(k - 1) + 1 }} }}\n{head}\n    let x = 0;\n    let i = 0;\n    let out = [];\n    {body}\n}}\n"
            );
            let Some(a) = run(&text, true, &ps, pair) else { return Ok(()) };
            let b = run(&text, false, &ps, pair).unwrap();
            prop_assert!(a.2, "not interpreted:\n{}", text);
            let s = Script::from_file_text("r.rhai", &text, Settings::default()).unwrap();
            prop_assert!(s.core.program.as_ref().unwrap().emits(), "does not emit:\n{}", text);
            prop_assert_eq!(a.0, b.0, "{}", text);
            prop_assert_eq!(a.1, b.1, "{}", text);
        }

        /// Every value the dense table gives is the solver's over Rhai's options (random pair scripts, many of
        /// them loopy or failing: the table must leave those to the solver).
        #[test]
        fn dense_table_matches_the_solver(stmts in prop::collection::vec(stmt(), 0..5),
                                          ps in prop::collection::vec((0u64..9, 0u64..9), 1..6)) {
            let text = emitting(&stmts, true);
            let Some(rows) = dense_and_solver(&text, &ps) else { return Ok(()) };
            for (dense, solved) in rows {
                if let Some(v) = dense {
                    prop_assert_eq!(v.to_string(), solved, "{}", text);
                }
            }
        }

        /// Guarded loops (`while c { if g { .. } step }`, `for d in a..b { if g { .. } }`, a trial division's
        /// shape) with random conditions, tests, steps and bodies (breaks, continues, returns, registers changed in
        /// the body, one made an array, divisions by zero, overflows, nested guarded loops): the same options and
        /// first error as Rhai, and, against the program with its loops run as written, the same options and the
        /// same count of operations.
        #[test]
        fn guarded_loops_match_rhai_and_the_loop_as_written(
            cond in prop_oneof![
                Just("d * d <= n"), Just("d * d < n"), Just("d <= n"), Just("n > d"), Just("d < k + 6"),
                Just("d * d <= 9223372036854775807 - k"), Just("d * 3 <= n"),
            ],
            guard in prop_oneof![
                Just("n % d == 0"), Just("n % d != 1"), Just("d % 3 == k"), Just("d == k"), Just("n - d > 3"),
                Just("k * d >= n"), Just("0 == n % d"),
            ],
            step in prop_oneof![
                Just("d += 1;"), Just("d += 2;"), Just("d = d + 1;"), Just("d *= 2;"), Just("d -= 1;"),
                Just("d += k;"), Just("d /= 1;"),
            ],
            body in prop::collection::vec(prop_oneof![
                4 => Just("out.push(d);"), 2 => Just("out.push(n / d);"), 2 => Just("k += 1;"),
                1 => Just("break;"), 1 => Just("continue;"), 1 => Just("d += 1;"), 1 => Just("k = [1];"),
                1 => Just("if d > 5 { break; }"), 1 => Just("return out;"),
                1 => Just("for j in 0..3 { if j == d % 2 { out.push(j); } }"),
                1 => Just("n = n / d;"),
            ], 0..4),
            for_loop in any::<bool>(), d0 in -1i64..3, k0 in 0i64..4,
            ns in prop::collection::vec(0u64..200, 1..5),
        ) {
            let body = body.join(" ");
            let looped = if for_loop {
                format!("for d in {d0}..=n {{ if {guard} {{ {body} }} }}")
            } else {
                format!("let d = {d0};\n    while {cond} {{ if {guard} {{ {body} }} {step} }}")
            };
            let text = format!(
                "fn moves(n) {{\n    let out = [];\n    let k = {k0};\n    {looped}\n    out\n}}\n"
            );
            let program = interp::Program::compile(&text, "moves", 1, &[]).expect("in the subset");
            prop_assert!(program.guarded_loops() >= 1, "no guarded loop in\n{}", text);
            let plain = program.unguarded();
            prop_assert_eq!(plain.guarded_loops(), 0);
            let bounds = interp::Bounds { max_operations: 5_000, max_items: interp::MAX_ITEMS, deadline: None };
            for &n in &ns {
                let args = [interp::Val::Int(n as i64)];
                let (mut s1, mut s2) = (Vec::new(), Vec::new());
                let (mut o1, mut o2) = (interp::Emitted::default(), interp::Emitted::default());
                let a = program.call_counted(&args, &mut s1, &mut o1, &bounds);
                let b = plain.call_counted(&args, &mut s2, &mut o2, &bounds);
                prop_assert_eq!(a.0, b.0, "n = {} in\n{}", n, text);
                if a.0.is_some() {
                    prop_assert_eq!(a.1, b.1, "operations, n = {} in\n{}", n, text);
                    prop_assert_eq!(&o1.items, &o2.items, "n = {} in\n{}", n, text);
                    prop_assert_eq!(&o1.nums, &o2.nums, "n = {} in\n{}", n, text);
                }
            }
            let ps: Vec<(u64, u64)> = ns.iter().map(|&n| (n, 0)).collect();
            let Some(a) = run(&text, true, &ps, false) else { return Ok(()) };
            let b = run(&text, false, &ps, false).unwrap();
            prop_assert!(a.2, "not interpreted:\n{}", text);
            // (The interpreter counts fewer operations than Rhai: a limit, never a different value.)
            if b.1.as_deref().is_some_and(|e| e.contains("operations")) {
                return Ok(());
            }
            prop_assert_eq!(a.0, b.0, "{}", text);
            prop_assert_eq!(a.1, b.1, "{}", text);
        }

        #[test]
        fn interpreter_matches_rhai(stmts in prop::collection::vec(stmt(), 0..5),
                                    ps in prop::collection::vec((0u64..12, 0u64..12), 1..6),
                                    pair in any::<bool>()) {
            let text = script(&stmts, pair);
            let Some(a) = run(&text, true, &ps, pair) else { return Ok(()) };
            let b = run(&text, false, &ps, pair).unwrap();
            prop_assert!(a.2, "not interpreted:\n{}", text);
            prop_assert_eq!(a.0, b.0, "{}", text);
            prop_assert_eq!(a.1, b.1, "{}", text);
        }
    }

    proptest! {
        // (100 cases: each may search up to 20,000 positions through Rhai; 300 took 49 s of the library's tests.)
        #![proptest_config(ProptestConfig::with_cases(100))]

        /// Loops of affine pushes read by the dense table as families (each position's entry stepped along the
        /// loop), or item by item where a number is negative or outside the table at an end of the loop: the
        /// solver's values over Rhai's options (moves that repeat positions, grow the table or drop options).
        #[test]
        fn families_in_the_dense_table_match_the_solver(
            lo in -2i64..3, nested in any::<bool>(), upto_a in any::<bool>(),
            xs in prop::collection::vec(prop_oneof![
                Just("i"), Just("a - 1 - i"), Just("b"), Just("b - 1"), Just("i - 2"), Just("3"),
                Just("2 * i"), Just("a - 2 * i"),
            ], 4),
            ps in prop::collection::vec((0u64..14, 0u64..14), 1..5),
        ) {
            let item = if nested {
                format!("[[{}, {}], [{}, {}]]", xs[0], xs[1], xs[2], xs[3])
            } else {
                format!("[{}, {}]", xs[0], xs[1])
            };
            let bound = if upto_a { "a" } else { "b" };
            let text = format!(
                "fn moves(a, b) {{\n    let out = [];\n    for i in {lo}..{bound} {{ out.push({item}); }}\n    if a > 0 {{ out.push([a - 1, b]); }}\n    out\n}}\n"
            );
            let Some(rows) = dense_and_solver(&text, &ps) else { return Ok(()) };
            for (dense, solved) in rows {
                // (The interpreter counts fewer operations than Rhai: a call Rhai stops at its bound may be answered
                // by the interpreter, a limit and never a different value; see the interpreter's docs.)
                if solved.contains("more operations than one call may") {
                    continue;
                }
                if let Some(v) = dense {
                    prop_assert_eq!(v.to_string(), solved, "{}", text);
                }
            }
        }
    }
}

#[test]
fn which_scripts_are_interpreted() {
    let interp = |t: &str| {
        Script::from_file_text("x.rhai", t, Settings::default())
            .unwrap()
            .is_interpreted()
    };
    assert!(interp("fn moves(n) { let out = []; let d = 1; while d * d <= n { if n % d == 0 { out.push(d); } d += 1; } out }"));
    assert!(interp("fn moves(w, h) { let out = []; for a in 2..=w / 2 { out.push([[a, h], [w - a, h]]); } out }"));
    assert!(interp(
        "const S = [1, 3];\nfn moves(n) { let out = []; for s in S { out.push(n - s); } out }"
    ));
    assert!(interp("const SHAPE = \"list\";\nfn moves(l) { let out = []; for i in 0..l.len() { let q = l; q.remove(i); out.push(q); } out }"));
    assert!(interp(
        "fn f(k) { if k == 0 { 0 } else { f(k - 1) } }\nfn moves(n) { [f(n) + n - 1] }"
    ));
    // Outside the subset: strings, closures, maps, functions it does not know.
    assert!(!interp("fn moves(n) { let s = \"a\"; [n - 1] }"));
    assert!(!interp("fn moves(n) { [n - 1].map(|x| x - 1) }"));
    assert!(!interp("fn moves(n) { let m = #{a: 1}; [n - 1] }"));
    assert!(!interp("fn moves(n) { [n - 1, to_string(n).len()] }"));
    // The fast subset of single array literals is not interpreted: it is evaluated natively.
    assert!(!interp("fn moves(n) { [n - 1, n - 2] }"));
}

#[test]
fn which_programs_write_their_pushes_straight_to_the_buffer() {
    let emits = |t: &str| {
        Script::from_file_text("x.rhai", t, Settings::default())
            .unwrap()
            .core
            .program
            .as_ref()
            .is_some_and(|p| p.emits())
    };
    assert!(emits("fn moves(w, h) { let out = []; for a in 2..=w / 2 { out.push([[a, h], [w - a, h]]); } out }"));
    assert!(emits("fn moves(n) { let out = []; let d = 1; while d * d <= n { if n % d == 0 { out.push(d); } d += 1; } out }"));
    assert!(emits(
        "fn moves(a, b) { let out = []; if a > b { return out; } out.push([a + 1, b]); out }"
    ));
    // The array read, changed otherwise, returned otherwise, or `moves` called again: a value made as before.
    assert!(!emits("fn moves(a, b) { let out = []; out.push([a, b - 1]); if out.len() > 1 { out.pop(); } out }"));
    assert!(!emits(
        "fn moves(a, b) { let out = []; out.push([a, b - 1]); out.push(out); out }"
    ));
    assert!(!emits("fn moves(a, b) { let out = []; if a > 3 { return [[a - 1, b]]; } out.push([a, b - 1]); out }"));
    assert!(!emits("fn moves(a, b) { let out = []; out.push(if a > 0 { return []; } else { [a, b - 1] }); out }"));
    assert!(!emits("fn f(a, b) { moves(a, b) }\nfn moves(a, b) { let out = []; if a > 0 { let x = f(a - 1, b); } out.push([a, b - 1]); out }"));
    assert!(!emits(
        "fn moves(a, b) { let out = []; let other = out; out.push([a, b - 1]); other }"
    ));
}

/// The judge's pair scripts (the cutting game, the circle, Fibonacci Nim as a pair) by the dense table, the values of
/// the solver over Rhai's options, and the table's values kept from position to position.
#[test]
fn dense_table_gives_the_solvers_values_on_the_pair_scripts() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let cx = crate::Context::default();
    for (file, positions) in [
        (
            "examples/rules/cutting.rhai",
            (2..14)
                .flat_map(|w| (2..14).map(move |h| vec![w, h]))
                .collect::<Vec<_>>(),
        ),
        (
            "benches/judge/circle.rhai",
            (0..2)
                .flat_map(|c| (0..40).map(move |n| vec![c, n]))
                .collect(),
        ),
        (
            "benches/judge/fibnim.rhai",
            (1..40)
                .flat_map(|n| (0..n).map(move |m| vec![n, m]))
                .collect(),
        ),
    ] {
        let text = std::fs::read_to_string(format!("{root}/{file}")).unwrap();
        let s = Script::from_file_text(file, &text, Settings::default()).unwrap();
        let reference = Script::from_file_text(file, &text, Settings::default()).unwrap();
        reference.core.use_native.set(false);
        let g = s.list_game().unwrap();
        let r = reference.list_game().unwrap();
        let mut solver = Solver::new(&r);
        for p in &positions {
            let dense = g.dense_value(p, &cx);
            assert_eq!(dense, Some(solver.nim_value(p).unwrap()), "{file} {p:?}");
            // Through the game's closed form (as `value` and `table` ask), but not inside a solver.
            assert_eq!(g.known_value(p, &cx), dense);
            assert_eq!(g.known_value(p, &cx.clone().with_formulas_only(true)), None);
        }
    }
}

/// A table grown many times within one search (moves raise the second number): the entries of the positions
/// open on the search's stack move with it, and every value is the solver's.
#[test]
fn dense_table_grown_during_a_search_keeps_its_open_positions() {
    let cx = crate::Context::default();
    let text =
        "(a, b) => if a == 0 { [] } else { [[a - 1, b + 1], [a - 1, b * 2], [[a - 1, b], [a / 2, b + 3]]] }";
    let s = Script::inline(text, Settings::default()).unwrap();
    let reference = Script::inline(text, Settings::default()).unwrap();
    reference.core.use_native.set(false);
    let g = s.list_game().unwrap();
    let r = reference.list_game().unwrap();
    let mut solver = Solver::new(&r);
    for p in [
        vec![12, 0],
        vec![3, 1],
        vec![10, 1],
        vec![2, 40],
        vec![11, 3],
    ] {
        let v = solver.nim_value(&p).unwrap();
        assert_eq!(g.dense_value(&p, &cx), Some(v), "{p:?}");
    }
}

/// The dense table leaves to the solver what it cannot value as the solver does: a loop, a script error, a
/// position beyond its memory bound; the solver then reports the error as before.
#[test]
fn dense_table_leaves_loops_errors_and_large_positions_to_the_solver() {
    let cx = crate::Context::default();
    let loopy = Script::inline("(a, b) => [[b, a]]", Settings::default()).unwrap();
    let g = loopy.list_game().unwrap();
    assert_eq!(g.dense_value(&[1, 2], &cx), None);
    let e = Solver::new(&g).nim_value(&vec![1, 2]).unwrap_err();
    assert_eq!(e.kind(), crate::ErrorKind::Loopy);
    let failing = Script::inline("(a, b) => [[a - 1, b / (a - 3)]]", Settings::default()).unwrap();
    let g = failing.list_game().unwrap();
    assert_eq!(g.dense_value(&[5, 2], &cx), None);
    assert!(Solver::new(&g).nim_value(&vec![5, 2]).is_err());
    // A position whose search meets no error is valued (its one option holds a negative number: dropped).
    assert_eq!(g.dense_value(&[2, 2], &cx), Some(0));
    assert_eq!(Solver::new(&g).nim_value(&vec![2, 2]).unwrap(), 0);
    let huge = Script::inline("(a, b) => [[a - 1, b]]", Settings::default()).unwrap();
    let g = huge.list_game().unwrap();
    assert_eq!(g.dense_value(&[1 << 40, 1 << 40], &cx), None);
    // A table grown as larger numbers are met (the first move raises a 0 to 1).
    let circle = Script::inline(
        "(c, n) => if c == 0 { [[1, n]] } else { [[1, n - 1]] }",
        Settings::default(),
    )
    .unwrap();
    let g = circle.list_game().unwrap();
    assert_eq!(g.dense_value(&[0, 5], &cx), Some(0));
    assert_eq!(g.dense_value(&[0, 6], &cx), Some(1));
    assert_eq!(g.dense_value(&[1, 6], &cx), Some(0));
}

/// An inline body that is one block is the function's body, its braces as spaces (places keep their columns); any
/// other body is kept as written.
#[test]
fn an_inline_block_body_is_the_functions_body() {
    assert_eq!(super::unbraced("{ let o = []; o }"), "  let o = []; o  ");
    for kept in [
        "[n - 1]",
        "{ [1] } + { [2] }",
        "{ let s = \"}\"; [] ",
        "{ [] /* } */ }",
        "if n > 0 { [n - 1] } else { [] }",
    ] {
        assert_eq!(super::unbraced(kept), kept);
    }
    assert_eq!(
        super::unbraced("{ let s = \"}{\"; [] }"),
        "  let s = \"}{\"; []  "
    );
    // The same game either way, and an error's place is the same column of the user's text.
    let block = Script::inline(
        "n => { let o = []; if n > 0 { o.push(n - 1) } o }",
        Settings::default(),
    )
    .unwrap();
    let bare = Script::inline("n => [n - 1]", Settings::default()).unwrap();
    let (a, b) = (block.number_game().unwrap(), bare.number_game().unwrap());
    let (mut sa, mut sb) = (Solver::new(&a), Solver::new(&b));
    for n in 0..20u64 {
        assert_eq!(sa.nim_value(&n).unwrap(), sb.nim_value(&n).unwrap());
    }
    let Err(e) = Script::inline("n => { let o = []; o.push(n -) ; o }", Settings::default()) else {
        panic!("a syntax error compiled")
    };
    assert!(e.to_string().contains("--moves:1:"), "{e}");
}
