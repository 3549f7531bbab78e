//! `grundy oj` on the judge problems of heap games: every sample (from the repository copy in tests/data/oj, and
//! from shared/problems/samples when it sits beside the repository), answers checked against the games' definitions, and
//! bad input (empty, truncated, malformed, out of range) turned into one error line and exit status 2.

use crate::common;
use common::assert_oj_error;
use std::path::PathBuf;

const IDS: &[&str] = &[
    "hdu3032",
    "luogu-p2197",
    "luogu-p4279",
    "luogu-p6487",
    "loj10241",
    "loj10242",
    "loj10244",
    "abc297g",
    "cf850c",
    "cf2004e",
];

fn oj(id: &str, input: &[u8]) -> (i32, String, String) {
    common::run_stdin(&["oj", id], input)
}

fn sample_dirs(id: &str) -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    [
        root.join("../../tests/data/oj").join(id),
        root.join("../../../shared/problems/samples").join(id),
    ]
    .into_iter()
    .filter(|d| d.is_dir())
    .collect()
}

#[test]
fn every_sample_passes() {
    for id in IDS {
        let dirs = sample_dirs(id);
        assert!(!dirs.is_empty(), "no samples for {id}");
        let mut ran = 0;
        for dir in dirs {
            for s in common::run_oj_samples(id, &dir) {
                let p = s.input.display();
                assert_eq!(s.code, 0, "{id} {p}: {}", s.err);
                assert_eq!(
                    s.out.split_whitespace().collect::<Vec<_>>(),
                    s.want.split_whitespace().collect::<Vec<_>>(),
                    "{id} {p}"
                );
                assert!(s.out.ends_with('\n'));
                ran += 1;
            }
        }
        assert!(ran > 0, "{id}: no sample ran");
    }
}

fn answer(id: &str, input: &str) -> String {
    let (code, out, err) = oj(id, input.as_bytes());
    assert_eq!(code, 0, "{id} {input:?}: {err}");
    out
}

#[test]
fn answers_at_the_edges() {
    // G(2^31 − 1) = 2^31 and G(2^31 − 2) = 2^31 − 2 … a pair with equal values is a loss.
    assert_eq!(answer("hdu3032", "1\n2\n2147483647 2147483647\n"), "Bob\n");
    assert_eq!(
        answer("hdu3032", "2\n1\n2147483647\n2\n1 1\n"),
        "Alice\nBob\n"
    );
    // Misère Nim with empty heaps: [1, 0] is one heap of 1, the mover must take it and loses.
    assert_eq!(
        answer("luogu-p4279", "3\n2\n1 0\n1\n0\n3\n1 1 0\n"),
        "Brother\nJohn\nJohn\n"
    );
    // The smallest Zeckendorf term; a Fibonacci number is its own answer.
    assert_eq!(answer("luogu-p6487", "13\n100\n1\n"), "13\n3\n1\n");
    let z = grundy::games::fibonacci_nim::smallest_term(1_000_000_000_000_000).unwrap();
    assert_eq!(answer("luogu-p6487", "1000000000000000"), format!("{z}\n"));
    assert_eq!(answer("loj10241", "8 3"), "2\n");
    assert_eq!(answer("loj10241", "9 3"), "1\n");
    assert_eq!(answer("loj10242", "2\n0 0"), "lose\n");
    // S = {2, 3}: values 0 0 1 1 2 0 …; piles 4 and 1 have nim-sum 2; from pile 1 (4) the target is 0: taking 2
    // leaves value 1, taking 3 leaves value 0. So the first winning move is pile 1, amount 3.
    assert_eq!(answer("loj10244", "2\n4 1\n2\n2 3\n"), "YES\n1 3\n");
    assert_eq!(answer("loj10244", "1\n5\n2\n2 3\n"), "NO\n");
    assert_eq!(
        answer("abc297g", "1 1000000000 1000000000\n1000000000\n"),
        "First\n"
    );
    // 10^9 = 2^9 · 5^9: two primes with the same exponent set {9}, equal values, nim-sum 0.
    assert_eq!(answer("cf850c", "1\n1000000000\n"), "Arpa\n");
    assert_eq!(answer("cf850c", "1\n1024\n"), "Mojtaba\n");
    assert_eq!(answer("cf850c", "2\n1024 999999937\n"), "Mojtaba\n"); // 999999937 is prime: {1} and {10}
    assert_eq!(
        answer("cf2004e", "2\n2\n9999991 9999991\n1\n10000000\n"),
        "Bob\nBob\n"
    );
    assert_eq!(answer("cf2004e", "1\n1\n9999991\n"), "Alice\n");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for id in IDS {
        assert_oj_error(id, "", "truncated");
        assert_oj_error(id, "x", "'x'");
        assert_oj_error(id, "-1", "'-1'");
    }
    for (id, input, needle) in [
        ("hdu3032", "1\n2\n5", "truncated"),
        ("hdu3032", "1\n1\n2147483648", "2147483648"),
        ("hdu3032", "1\n1\n0", "between 1 and"),
        ("hdu3032", "101\n", "between 1 and 100"),
        ("hdu3032", "1\n1\n5 7", "extra data"),
        ("luogu-p4279", "1\n1\n5001", "5001"),
        ("luogu-p6487", "5\n1000000000000001", "1000000000000001"),
        ("luogu-p6487", "5\n0", "'0'"),
        ("loj10241", "3 4", "K = 4 is larger than N = 3"),
        ("loj10241", "3", "truncated"),
        ("loj10242", "2\n1 100001", "100001"),
        ("loj10244", "1\n5\n2\n2", "truncated"),
        ("loj10244", "1\n1001\n1\n1", "1001"),
        ("loj10244", "1\n5\n1\n0", "'0'"),
        ("abc297g", "1 5 4\n3", "L = 5 is larger than R = 4"),
        ("abc297g", "2 1 2\n3", "truncated"),
        ("cf850c", "1\n0", "'0'"),
        ("cf850c", "101\n", "101"),
        ("cf2004e", "1\n1\n10000001", "10000001"),
        ("cf2004e", "2\n300000\n", "truncated"),
        ("cf2004e", "2\n1\n1\n300000\n", "more than 300000"),
    ] {
        assert_oj_error(id, input, needle);
    }
}

#[test]
fn the_list_names_every_problem() {
    let (code, s, _) = common::run(&["oj", "--list"]);
    assert_eq!(code, 0);
    for id in IDS {
        assert!(
            s.lines().any(|l| l.starts_with(id)),
            "{id} missing from:\n{s}"
        );
    }
}

/// `grundy oj --game GAME` and `grundy oj --rules/--moves`: T test cases of one game, one line per case in the
/// words of --say, each case's outcome the one `grundy value` gives the same sum; bad input and flags that do not
/// apply are one-line errors.
#[test]
fn any_game_reads_a_judges_test_cases() {
    use common::{run, run_stdin};
    let cases: &[(&str, &[&str])] = &[
        ("kayles", &["1", "4", "5"]),
        ("kayles", &["7"]),
        ("kayles", &["3", "3"]),
        ("kayles", &[]),
        ("kayles", &["1000000000000", "5"]),
    ];
    let mut input = format!("{}\n", cases.len());
    let mut want = String::new();
    for (game, heaps) in cases {
        input += &format!("{}\n{}\n", heaps.len(), heaps.join(" "));
        let outcome = if heaps.is_empty() {
            "P".to_string()
        } else {
            let mut args = vec!["value", game];
            args.extend(heaps.iter().copied());
            args.extend(["--json", "--no-moves"]);
            let (code, out, err) = run(&args);
            assert_eq!(code, 0, "{err}");
            common::parse_json(&out)["outcome"]
                .as_str()
                .unwrap()
                .to_string()
        };
        want += if outcome == "N" { "Alice\n" } else { "Bob\n" };
    }
    let (code, out, err) = run_stdin(
        &["oj", "--game", "kayles", "--say", "Alice,Bob"],
        input.as_bytes(),
    );
    assert_eq!((code, out.as_str()), (0, want.as_str()), "{err}");
    // The same game as a script: the same lines, and the note of the huge heap on stderr.
    let (code, out2, err) = run_stdin(
        &[
            "oj",
            "--rules",
            &format!(
                "{}/../../examples/rules/kayles.rhai",
                env!("CARGO_MANIFEST_DIR")
            ),
            "--say",
            "Alice,Bob",
        ],
        input.as_bytes(),
    );
    assert_eq!((code, out2.as_str()), (0, want.as_str()), "{err}");
    assert!(
        err.contains("note: script-kayles has the moves of the code 0.77"),
        "{err}"
    );
    // A pair game: two numbers a position (Wythoff (1, 2) is a P-position, (1, 1) is not).
    let (code, out, err) = run_stdin(&["oj", "--game", "wythoff"], b"2\n1\n1 2\n2\n1 2 1 1\n");
    assert_eq!((code, out.as_str()), (0, "Second\nFirst\n"), "{err}");
    for (args, input, needle) in [
        (&["oj", "--game", "kayles"][..], &b"2\n1\n5\n"[..], "case 2"),
        (
            &["oj", "--game", "kayles"][..],
            &b"1\n1\n5 6\n"[..],
            "extra data",
        ),
        (
            &["oj", "--game", "kayles", "--say", "Alice"][..],
            &b"1\n1\n5\n"[..],
            "--say",
        ),
        (&["oj", "kayles", "--say", "A,B"][..], &b""[..], "--say"),
        (
            &["oj", "--game", "graph"][..],
            &b"1\n0\n"[..],
            "not numbers",
        ),
        (
            &["oj", "--game", "no-such-game"][..],
            &b"1\n0\n"[..],
            "no-such-game",
        ),
    ] {
        let (code, out, err) = run_stdin(args, input);
        assert_eq!(code, 2, "{args:?}: {out} {err}");
        assert!(
            out.is_empty() && err.contains(needle) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}
