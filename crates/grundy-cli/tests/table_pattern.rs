//! `grundy table` and `grundy pattern` from the command line: values, P-position marks, CSV and JSON, the rules
//! stated with their status, and bad input refused in one line.

use crate::common;
use common::run as grundy;

fn ok(args: &[&str]) -> String {
    let (code, out, err) = grundy(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    assert!(err.is_empty(), "{args:?}: {err}");
    out
}

fn fails(args: &[&str], why: &str) {
    common::assert_error(&common::grundy(args), why);
}

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).expect("JSON")
}

#[test]
fn heap_table_as_text_csv_and_json() {
    let out = ok(&[
        "table",
        "subtraction:1,3,4",
        "--rows",
        "0..13",
        "--wrap",
        "7",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("subtraction:1,3,4: nim-values G(n), n = 0..=13"));
    assert_eq!(
        lines[2].split_whitespace().collect::<Vec<_>>(),
        ["0", "|", "0*", "1", "0*", "1", "2", "3", "2"]
    );
    assert_eq!(
        lines[3].split_whitespace().collect::<Vec<_>>(),
        ["7", "|", "0*", "1", "0*", "1", "2", "3", "2"]
    );
    let csv = ok(&["table", "kayles", "--rows", "3..6", "--csv"]);
    assert_eq!(csv, "n,value\n3,3\n4,1\n5,4\n6,3\n");
    let j = json(&["table", "nim", "--rows", "5", "--json"]);
    assert_eq!(j["parameters"], 1);
    assert_eq!(j["rows"], serde_json::json!({"from": 0, "to": 5}));
    assert_eq!(
        j["values"],
        serde_json::json!([[0], [1], [2], [3], [4], [5]])
    );
    assert_eq!(j["p_positions"], serde_json::json!([[0]]));
    assert!(j["cols"].is_null());
    // Huge heaps as `value` values them: Kayles from its certified period (preperiod 71, period 12), Nim and
    // Lasker's Nim from their closed forms; each cell equals `value` of that heap.
    let big = 1_000_000_000_000_000_000u64;
    for game in ["kayles", "nim", "lasker"] {
        let rows = format!("{big}..{}", big + 13);
        let csv = ok(&["table", game, "--rows", &rows, "--csv"]);
        for (i, line) in csv.lines().skip(1).enumerate() {
            let n = (big + i as u64).to_string();
            let v = json(&["value", game, &n, "--json", "--no-moves"]);
            assert_eq!(line, format!("{n},{}", v["nim_value"]), "{game}");
        }
    }
}

#[test]
fn two_parameter_tables() {
    // Wythoff: G(a, b) for a, b <= 5 (OEIS A004481), P-positions (0,0), (1,2), (2,1), (3,5), (5,3).
    let j = json(&[
        "table", "wythoff", "--rows", "0..5", "--cols", "0..5", "--json",
    ]);
    assert_eq!(j["values"][1], serde_json::json!([1, 2, 0, 4, 5, 3]));
    assert_eq!(j["values"][5], serde_json::json!([5, 3, 4, 0, 6, 8]));
    assert_eq!(
        j["p_positions"],
        serde_json::json!([[0, 0], [1, 2], [2, 1], [3, 5], [5, 3]])
    );
    let text = ok(&["table", "wythoff", "--rows", "0..3", "--cols", "0..3"]);
    assert!(
        text.lines().nth(3).unwrap().ends_with("1  2 0*  4"),
        "{text}"
    );
    // The cutting game (POJ 2311): 2x2 and 2x3 lose, 2x4 wins; sides below 2 are no position.
    let csv = ok(&[
        "table", "cutting", "--rows", "1..2", "--cols", "2..4", "--csv",
    ]);
    assert_eq!(csv, "a,b,value\n1,2,\n1,3,\n1,4,\n2,2,0\n2,3,0\n2,4,1\n");
    // Defaults leave out the leading rows and columns with no position.
    let j = json(&["table", "cutting", "--json"]);
    assert_eq!(j["rows"]["from"], 2);
    assert_eq!(j["cols"]["from"], 2);
    assert_eq!(j["values"][0][0], 0);
    let j = json(&["table", "ed", "--rows", "0..2", "--cols", "0..2", "--json"]);
    assert_eq!(
        j["values"],
        serde_json::json!([[null, null, null], [null, 0, 1], [null, 1, 1]])
    );
}

#[test]
fn pattern_of_heap_games() {
    let out = ok(&["pattern", "subtraction:1,3,4"]);
    assert!(out.contains("G(n + 7) = G(n) for every n >= 0"), "{out}");
    assert!(out.contains("n ≡ 0, 2 (mod 7)"), "{out}");
    assert!(
        out.contains("[certified (the subtraction-game certificate)]"),
        "{out}"
    );
    let j = json(&["pattern", "bash:4", "--json"]);
    let periodic = j["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["kind"] == "periodic")
        .unwrap();
    assert_eq!(periodic["formula"], "G(n) = n mod 5");
    assert_eq!(periodic["certified"], true);
    // Observed only: too few values for the certificate.
    let out = ok(&["pattern", "kayles", "--to", "100"]);
    assert!(out.contains("observed up to n = 100"), "{out}");
    assert!(!out.contains("certified"), "{out}");
}

#[test]
fn pattern_of_two_parameter_games() {
    let out = ok(&["pattern", "wythoff", "--rows", "0..40", "--cols", "0..40"]);
    assert!(
        out.contains("α = (1 + √5)/2 = φ, the golden ratio"),
        "{out}"
    );
    assert!(
        out.contains("[observed on a = 0..=40, b = 0..=40]"),
        "{out}"
    );
    assert!(!out.contains("certified"), "{out}");
    let j = json(&[
        "pattern", "ed", "--rows", "1..20", "--cols", "1..20", "--json",
    ]);
    let key = j["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["kind"] == "key")
        .unwrap();
    assert_eq!(key["key"], "(a-1) | (b-1)");
    assert_eq!(key["certified"], false);
    assert_eq!(
        key["checked_rows"],
        serde_json::json!({"from": 1, "to": 20})
    );
    // The cutting game: symmetric, no other rule: said so, with the first rows.
    let out = ok(&["pattern", "cutting", "--rows", "2..12", "--cols", "2..12"]);
    assert!(
        out.contains("no rule found for the values beyond symmetry"),
        "{out}"
    );
    assert!(out.contains("a\\b |"), "{out}");
    let out = ok(&["pattern", "staircase", "--rows", "0..10", "--cols", "0..10"]);
    assert!(out.contains("G(a, b) = a: a sum in disguise"), "{out}");
}

#[test]
fn bad_input_is_one_line() {
    fails(
        &["table", "arpa"],
        "positions of this game are not named by numbers",
    );
    fails(
        &["table", "kayles", "--cols", "3"],
        "--cols is for games named by two",
    );
    fails(&["table", "wythoff", "--rows", "5..2"], "is empty");
    fails(&["table", "wythoff", "--rows", "a..b"], "--rows");
    fails(
        &["table", "wythoff", "--rows", "1..", "--cols", "2"],
        "expected a range",
    );
    fails(&["table", "wythoff", "--wrap", "3"], "--wrap");
    fails(
        &["table", "kayles", "--wrap", "0"],
        "--wrap must be at least 1",
    );
    fails(
        &["table", "kayles", "--rows", "0..99999999"],
        "more than the 4194304 allowed",
    );
    fails(
        &["table", "cutting", "--rows", "0..500", "--cols", "0..3"],
        "too large",
    );
    fails(
        &["table", "wythoff", "--csv", "--json"],
        "cannot be used with",
    );
    fails(&["table", "kayles", "--misere"], "--misere");
    fails(
        &["pattern", "wythoff", "--to", "5"],
        "give --rows and --cols",
    );
    fails(&["pattern", "kayles", "--rows", "3"], "give --to N");
    fails(&["pattern", "nosuchgame"], "unknown game");
    // Chomp's 16 x 16 table takes over a minute here; 12 x 12 took 0.5 s and a faster machine finished it in time.
    // A limit before the first row is whole is an error (after some rows, a partial table: the test below).
    fails(
        &[
            "pattern",
            "chomp",
            "--rows",
            "15..16",
            "--cols",
            "15..16",
            "--max-seconds",
            "0.5",
        ],
        "time limit",
    );
}

/// A refusal for a game given only by a rules script names the script (`--moves '...'`, `--rules FILE`), not a
/// made-up game name.
#[test]
fn refusals_name_the_rules_script_when_game_is_left_out() {
    let grid = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/rules/grid_walk.rhai"
    );
    for (args, needle) in [
        (
            vec!["table", "--moves", "n => [n - 1]", "--cols", "0..3"],
            "table --moves 'n => [n - 1]': a position of this game is one number",
        ),
        (
            vec!["pattern", "--moves", "n => [n - 2]", "--rows", "0..3"],
            "pattern --moves 'n => [n - 2]': a position of this game is one number",
        ),
        (
            vec!["pattern", "--rules", grid, "--to", "9"],
            &*format!("pattern --rules {grid}: a position of this game is two numbers"),
        ),
    ] {
        let o = common::grundy(&args);
        common::assert_error(&o, needle);
        assert!(!common::stderr(&o).contains(" script:"), "{args:?}");
    }
    // `grundy games` says where a game not in the catalog comes from.
    let games = ok(&["games"]);
    assert!(
        games
            .lines()
            .last()
            .unwrap()
            .contains("--rules FILE or --moves"),
        "{games}"
    );
    // A GAME given by name is named as given.
    fails(
        &["table", "--moves", "n => [n - 1]", "script", "--cols", "1"],
        "table script: a position of this game is one number",
    );
}

#[test]
fn help_teaches_with_examples() {
    for cmd in ["table", "pattern"] {
        let out = ok(&["help", cmd]);
        assert!(out.contains("EXAMPLES"), "{cmd}");
        assert!(out.contains("P-position"), "{cmd}");
    }
    assert!(ok(&["help", "pattern"]).contains("certified"));
}

/// Games stated as rules scripts whose rule is a formula of the candidate library (docs/pattern.md).
const RULER: &str =
    "n => { let o = []; if n > 0 { o.push([]); } let s = []; for k in 1..n { s.push(n - k); o.push(s); } o }";
const MOCK_TURTLES: &str =
    "n => { let o = []; if n > 0 { o.push([]); } for a in 1..n { o.push(a); for b in 1..a { o.push([a, b]); } } o }";
const DIVISORS: &str = "n => { let o = []; for d in 1..n { if n % d == 0 { o.push(d); } } o }";
const NON_DIVISORS: &str = "n => { let o = []; for m in 1..n { if n % m != 0 { o.push(m); } } o }";
const TRIANGULAR: &str = "n => { let k = 0; while (k + 1) * (k + 2) / 2 <= n { k += 1; } let o = []; for m in 0..k * (k + 1) / 2 { o.push(m); } o }";

#[test]
fn pattern_names_rules_beyond_periods() {
    for (moves, to, rule) in [
        (RULER, "200", "G(n) = ruler(n) for n >= 1, G(0) = 0"),
        (
            MOCK_TURTLES,
            "60",
            "G(n) = odious(n - 1) for n >= 1, G(0) = 0",
        ),
        (DIVISORS, "600", "G(n) = bigomega(n) for n >= 1, G(0) = 0"),
        (TRIANGULAR, "400", "G(n) = tri_root(n)"),
        (
            NON_DIVISORS,
            "300",
            "G(n) = (odd_part(n) - 1) / 2 for n >= 1, G(0) = 0",
        ),
    ] {
        let out = ok(&["pattern", "--moves", moves, "--to", to]);
        assert!(out.contains(rule), "{out}");
        assert!(out.contains(&format!("[observed up to n = {to}]")), "{out}");
        assert!(!out.contains("certified"), "{out}");
    }
    let j = json(&["pattern", "--moves", RULER, "--to", "100", "--json"]);
    let f = &j["rules"][0];
    assert_eq!(f["kind"], "formula");
    assert_eq!(f["base"], "ruler");
    assert_eq!(
        (
            &f["scale"],
            &f["offset"],
            &f["xor"],
            &f["shift"],
            &f["from"]
        ),
        (
            &serde_json::json!(1),
            &serde_json::json!(0),
            &serde_json::json!(0),
            &serde_json::json!(0),
            &serde_json::json!(1)
        )
    );
    assert_eq!(f["below"], serde_json::json!([0]));
    assert_eq!(f["formula"], "G(n) = ruler(n) for n >= 1, G(0) = 0");
    assert_eq!(f["certified"], false);
    assert_eq!(f["checked_rows"], serde_json::json!({"from": 0, "to": 100}));
    assert_eq!(j["nearest"], serde_json::Value::Null);
    assert_eq!(f["divisor"], 1);
    let j = json(&["pattern", "--moves", NON_DIVISORS, "--to", "100", "--json"]);
    let f = &j["rules"][0];
    assert_eq!(
        (&f["base"], &f["scale"], &f["offset"], &f["divisor"]),
        (
            &serde_json::json!("odd_part"),
            &serde_json::json!(1),
            &serde_json::json!(-1),
            &serde_json::json!(2)
        )
    );
    // Nothing fits: the candidate that fits longest, and where it fails (Ω(n), but a prime 101 is a P-position).
    let out = ok(&[
        "pattern",
        "--moves",
        "n => { let o = []; if n != 101 { for d in 1..n { if n % d == 0 { o.push(d); } } } o }",
        "--to",
        "300",
    ]);
    assert!(
        out.contains("the one that fits longest is G(n) = bigomega(n) for n >= 1, G(0) = 0 for n <= 100: it fails at n = 101 (G = 0, the formula gives 1)"),
        "{out}"
    );
    // Turning Corners (a two-number coin-turning game): the nim product of the Tartan theorem.
    let out = ok(&[
        "pattern",
        "--moves",
        "(a, b) => { let o = []; for x in 0..a { for y in 0..b { o.push([[x, b], [a, y], [x, y]]); } } o }",
        "--rows",
        "0..12",
        "--cols",
        "0..12",
    ]);
    assert!(out.contains("G(a, b) = a ⊗ b, a nim product"), "{out}");
}

fn have(tool: &str) -> bool {
    let ok = std::process::Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("note: {tool} is not installed here; its emitted code is not compiled");
    }
    ok
}

/// Compiles and runs the code `grundy ARGS --emit LANG` prints: its own check, then sg at `heaps`.
fn emitted(args: &[&str], lang: &str, heaps: &[&str]) -> Option<Vec<String>> {
    let tool = match lang {
        "cpp" => "g++",
        "rust" => "rustc",
        _ => "python3",
    };
    if !have(tool) {
        return None;
    }
    let mut a = args.to_vec();
    a.extend(["--emit", lang]);
    let code = ok(&a);
    // One file per command line, so that tests running at once do not share one.
    let label = {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        args.hash(&mut h);
        format!("emit-{:x}-{lang}", h.finish())
    };
    let ext = match lang {
        "cpp" => "cpp",
        "rust" => "rs",
        _ => "py",
    };
    let src = common::temp_file(&label, &format!("sg.{ext}"), &code);
    let exe = format!("{src}.exe");
    let run = |extra: &[&str]| {
        let mut c = if lang == "python" {
            let mut c = std::process::Command::new("python3");
            c.arg(&src);
            c
        } else {
            std::process::Command::new(&exe)
        };
        c.args(extra).output().unwrap()
    };
    if lang != "python" {
        let mut c = std::process::Command::new(tool);
        if lang == "cpp" {
            c.args(["-O2", "-std=c++17", "-Wall", "-Werror"]);
        } else {
            c.arg("-O");
        }
        let out = c.arg("-o").arg(&exe).arg(&src).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success() && err.trim().is_empty(),
            "{args:?} {lang}: {err}"
        );
    }
    let check = run(&[]);
    let said = String::from_utf8_lossy(&check.stdout).to_string();
    assert!(
        check.status.success() && said.starts_with("ok: "),
        "{args:?} {lang}: {said}"
    );
    let out = run(heaps);
    assert!(
        out.status.success(),
        "{args:?} {lang} {heaps:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(str::to_string)
            .collect(),
    )
}

#[test]
fn emitted_code_compiles_and_agrees() {
    let big = ["1000000000000000000", "999999999999999999"];
    for lang in ["cpp", "python", "rust"] {
        // A certified period, exact at 10^18: the same values as 'grundy value'.
        if let Some(got) = emitted(&["pattern", "subtraction:1,3,4"], lang, &big) {
            for (h, g) in big.iter().zip(&got) {
                let v = ok(&["value", "subtraction:1,3,4", h]);
                assert!(
                    v.contains(&format!("nim-value {g}\n")),
                    "{lang} {h}: {g} vs {v}"
                );
            }
        }
        // Kayles (preperiod 71, period 12) from period --emit.
        if let Some(got) = emitted(&["period", "kayles"], lang, &big) {
            for (h, g) in big.iter().zip(&got) {
                let v = ok(&["value", "kayles", h]);
                assert!(
                    v.contains(&format!("nim-value {g}\n")),
                    "{lang} {h}: {g} vs {v}"
                );
            }
        }
        // A formula of the library: the ruler function, observed; 2^v2(10^18) = 2^18.
        if let Some(got) = emitted(&["pattern", "--moves", RULER, "--to", "150"], lang, &big) {
            assert_eq!(got, ["262144", "1"]);
        }
        // A formula with a division: (odd_part(n) - 1) / 2, the odd part of 10^18 being 5^18.
        if let Some(got) = emitted(
            &["pattern", "--moves", NON_DIVISORS, "--to", "150"],
            lang,
            &big,
        ) {
            assert_eq!(got, ["1907348632812", "499999999999999999"]);
        }
        // Bash with period 100001, checked to heap 100000 (n mod 100001).
        if let Some(got) = emitted(&["period", "bash:100000"], lang, &big) {
            assert_eq!(got, ["99001", "99000"]);
        }
    }
    let code = ok(&["pattern", "--moves", RULER, "--to", "150", "--emit", "rust"]);
    assert!(
        code.contains("Status: observed on n = 0..=150 only"),
        "{code}"
    );
    let code = ok(&["pattern", "kayles", "--emit", "cpp"]);
    assert!(
        code.contains("Status: certified (the Guy-Smith periodicity theorem)"),
        "{code}"
    );
}

/// Two numbers (sg(a, b) from a separable rule, a key's function, a nim product; is_p(a, b) from Wythoff's Beatty
/// pair) and the P-positions of one number alone (is_p(n)), compiled and run in each language.
#[test]
fn emitted_two_number_and_p_only_code_agrees() {
    const CORNERS: &str = "(a, b) => { let o = []; for x in 0..a { for y in 0..b { o.push([[x, b], [a, y], [x, y]]); } } o }";
    const EVIL: &str = "n => { let o = []; let b = 1; while b <= n { if (n & b) != 0 { o.push(n - b) } b *= 2; } for m in 0..n { let c = 0; let x = m; while x > 0 { c += x & 1; x /= 2; } if c % 2 == 1 && m % 3 == 0 { o.push(m) } } o }";
    const GRID: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/rules/grid_walk.rhai"
    );
    const SALTUS: &str = "(a, b) => { let o = []; for y in 0..b { o.push([a, y]); } if a > 0 { o.push([a - 1, b / 2]); } o }";
    const COLUMNS: &str = "(a, b) => { let o = []; for y in 0..a { o.push([y, b]); } if b > 0 { o.push([a / 2, b - 1]); } o }";
    const DIFF: &str = "(a, b) => { let o = []; if b > 0 { o.push([a, b - 1]); } if b > 1 { o.push([a, b - 2]); } if a > 0 { o.push([a - 1, b]); o.push([a - 1, b + 1]); } o }";
    let cases: [(&[&str], &[&str], &[&str]); 9] = [
        // Rows periodic, each its own way (grid_walk: period 2 from b = 0 to 8).
        (
            &[
                "pattern", "--rules", GRID, "--rows", "0..8", "--cols", "0..60",
            ],
            &["3", "1000000000000000000", "8", "999999999999999999"],
            &["2", "1"],
        ),
        // Rows with saltus 1, from row 2; columns the same.
        (
            &[
                "pattern", "--moves", SALTUS, "--rows", "2..8", "--cols", "0..60",
            ],
            &["3", "1000000000000000000", "5", "18446744073709551615"],
            &["1000000000000000000", "18446744073709551615"],
        ),
        (
            &[
                "pattern", "--moves", COLUMNS, "--rows", "0..60", "--cols", "2..8",
            ],
            &["1000000000000000000", "3"],
            &["1000000000000000000"],
        ),
        // A function of b - a: (b - a) mod 3.
        (
            &[
                "pattern", "--moves", DIFF, "--rows", "0..6", "--cols", "0..60",
            ],
            &[
                "1000000000000000000",
                "999999999999999998",
                "0",
                "1000000000000000000",
            ],
            &["1", "1"],
        ),
        (
            &["pattern", "wythoff"],
            &["3", "5", "5", "3", "4", "7", "4", "6"],
            &["P", "P", "P", "N"],
        ),
        (
            &["pattern", "staircase"],
            &["7", "5", "1000000000000000000", "3"],
            &["7", "1000000000000000000"],
        ),
        (
            &["pattern", "ed", "--rows", "1..32", "--cols", "1..32"],
            &["8", "8", "1", "1"],
            &["3", "0"],
        ),
        (
            &[
                "pattern", "--moves", CORNERS, "--rows", "0..12", "--cols", "0..12",
            ],
            &["2", "2", "4294967296", "4294967296"],
            &["3", "6442450944"],
        ),
        (
            &["pattern", "--moves", EVIL, "--to", "300"],
            &["1000000000000000000", "999999999999999999", "3"],
            &["P", "N", "P"],
        ),
    ];
    for (args, input, want) in cases {
        for lang in ["cpp", "python", "rust"] {
            if let Some(got) = emitted(args, lang, input) {
                assert_eq!(got, want, "{args:?} {lang}");
            }
        }
    }
    let code = ok(&["pattern", "wythoff", "--emit", "python"]);
    assert!(
        code.contains("The rule found gives the P-positions only, not the nim-values.")
            && code.contains("Status: observed on a = 0..=19, b = 0..=19 only"),
        "{code}"
    );
}

#[test]
fn emit_refusals_are_one_line() {
    fails(
        &["pattern", "cutting", "--emit", "cpp"],
        "cutting: no rule with a closed form for the nim-values or the P-positions was found on a = 2..=19, b = 2..=19",
    );
    fails(
        &["pattern", "kayles", "--to", "30", "--emit", "cpp"],
        "no rule for the nim-values or the P-positions was found on heaps 0..=30",
    );
    fails(
        &["period", "kayles", "--to", "30", "--emit", "python"],
        "no period was found on heaps 0..=30",
    );
    fails(
        &["pattern", "kayles", "--emit", "java"],
        "--emit: 'java' is not a language of --emit: cpp, python or rust",
    );
    fails(&["pattern", "kayles", "--emit", "cpp", "--json"], "--json");
    fails(
        &["period", "0.1777", "--to", "5000", "--emit", "cpp"],
        "no period was found",
    );
}

#[test]
fn example_scripts_name_their_rules() {
    for (file, to, rule) in [
        ("ruler", "200", "G(n) = ruler(n) for n >= 1, G(0) = 0"),
        (
            "mock_turtles",
            "60",
            "G(n) = odious(n - 1) for n >= 1, G(0) = 0",
        ),
        (
            "divisors",
            "1000",
            "G(n) = bigomega(n) for n >= 1, G(0) = 0",
        ),
        ("unitary", "1000", "G(n) = omega(n) for n >= 1, G(0) = 0"),
        ("triangular", "300", "G(n) = tri_root(n)"),
    ] {
        let path = format!(
            "{}/../../examples/rules/{file}.rhai",
            env!("CARGO_MANIFEST_DIR")
        );
        let out = ok(&["pattern", "--rules", &path, "--to", to]);
        assert!(out.contains(rule), "{file}: {out}");
        assert!(out.contains(&format!("(checked on n = 0..={to})")), "{out}");
    }
}

/// `pattern --line`: a pair game along one line is read as a sequence of one number, whose values are the game's
/// own (checked against `table` on the same cells), with observed rules only; bad lines and `--emit` are refused.
#[test]
fn a_pair_game_along_a_line_is_read_as_a_sequence() {
    use crate::common::{parse_json, run};
    let (code, out, err) = run(&[
        "pattern", "wythoff", "--line", "x 3", "--to", "60", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let p = parse_json(&out);
    assert_eq!(p["game"], "wythoff (x, 3)");
    assert!(
        p["rules"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["certified"] == false),
        "{p}"
    );
    let (code, out, err) = run(&[
        "table", "wythoff", "--rows", "0..60", "--cols", "3..3", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let t = parse_json(&out);
    let column: Vec<u64> = t["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row[0].as_u64().unwrap())
        .collect();
    // The periodic rule read off the line holds on the table's column b = 3.
    let rule = p["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["kind"] == "periodic")
        .unwrap_or_else(|| panic!("{p}"));
    let (e, per, salt) = (
        rule["preperiod"].as_u64().unwrap() as usize,
        rule["period"].as_u64().unwrap() as usize,
        rule["saltus"].as_u64().unwrap(),
    );
    let one: Vec<u64> = rule["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(column[e..e + per], one[..], "{column:?}");
    for n in e..=60 - per {
        assert_eq!(column[n + per], column[n] + salt, "x = {n}");
    }
    for (args, needle) in [
        (
            &["pattern", "wythoff", "--line", "x x"][..],
            "exactly one x",
        ),
        (
            &["pattern", "wythoff", "--line", "x"][..],
            "each of the 2 numbers",
        ),
        (&["pattern", "kayles", "--line", "x 3"][..], "1 number"),
        (
            &["pattern", "wythoff", "--line", "x 3", "--emit", "cpp"][..],
            "--emit",
        ),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {out}");
        assert!(
            err.contains(needle) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}

/// A time limit that stops `table` or `pattern` of two numbers after some rows: the rows valued are printed,
/// marked partial on stderr (one line, with the rows still to come) and in the JSON (`stopped`), exit status 3;
/// the rows are the whole table's. Chomp's first rows are quick and its 14 x 14 rectangle is far past 0.5 s.
#[test]
fn a_time_limit_prints_the_rows_valued_as_partial() {
    let args = |cmd: &'static str, json: bool| {
        let mut a = vec![
            cmd,
            "chomp",
            "--rows",
            "1..14",
            "--cols",
            "1..14",
            "--max-seconds",
            "0.5",
        ];
        if json {
            a.push("--json");
        }
        a
    };
    for cmd in ["table", "pattern"] {
        let o = common::grundy(&args(cmd, true));
        let err = common::stderr(&o);
        assert_eq!(o.status.code(), Some(3), "{cmd}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.starts_with(&format!(
                "grundy: {cmd} stopped early, a partial table printed: time limit after row "
            )) && err.contains("raise it with --max-seconds")
                && err.contains("still to come with --rows "),
            "{err}"
        );
        let j = common::parse_json(&common::stdout(&o));
        let last = j["rows"]["to"].as_u64().unwrap();
        assert!((1..14).contains(&last), "{j}");
        assert_eq!(j["rows"]["from"], 1, "{j}");
        assert_eq!(
            j["stopped"],
            format!("time limit after row {last} (rows 1..={last} of 1..=14 valued)"),
            "{j}"
        );
        assert!(err.contains(&format!("--rows {}..14", last + 1)), "{err}");
        if cmd == "table" {
            // The rows printed are the whole table's (the first few, computed again with no tight limit).
            let few = last.min(3);
            let whole = json(&[
                "table",
                "chomp",
                "--rows",
                &format!("1..{few}"),
                "--cols",
                "1..14",
                "--json",
            ]);
            assert_eq!(whole.get("stopped"), None, "{whole}");
            for i in 0..few as usize {
                assert_eq!(j["values"][i], whole["values"][i], "row {}", i + 1);
            }
            assert_eq!(j["values"].as_array().unwrap().len() as u64, last);
        } else {
            assert_eq!(j["rules"][0]["checked_rows"]["to"], last, "{j}");
        }
    }
    let o = common::grundy(&args("table", false));
    assert_eq!(o.status.code(), Some(3));
    assert!(common::stdout(&o).starts_with("chomp: nim-values G(a, b), a = 1..="));
    let o = common::grundy(&args("pattern", false));
    assert_eq!(o.status.code(), Some(3));
    assert!(common::stdout(&o).starts_with("(partial: "));
    let mut emit = args("pattern", false);
    emit.extend(["--emit", "rust"]);
    let o = common::grundy(&emit);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(common::stdout(&o), "");
    assert!(common::stderr(&o).contains("no code emitted"));
}

/// A one-number game whose heaps are slow (a script with about n² options at heap n): a time limit prints the rules
/// of the heaps computed as partial, each observed on them, with exit status 3, the JSON key stopped, the limit as
/// the user set it, and no code emitted; the values agree with the same heaps computed with no tight limit.
#[test]
fn a_time_limit_prints_the_rules_of_the_heaps_computed() {
    let slow = "n => { let v = []; for a in 0..n { for b in 0..a { if a + b < n { v.push([a, b]); } } } v }";
    let o = common::grundy(&["pattern", "--moves", slow, "--max-seconds", "1", "--json"]);
    let err = common::stderr(&o);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("grundy: pattern stopped early, partial rules printed: heaps 0..=")
            && err.contains("time limit of 1 s (raise it with --max-seconds)"),
        "{err}"
    );
    let j = common::parse_json(&common::stdout(&o));
    let last = j["rows"]["to"].as_u64().unwrap();
    assert!(last >= 24, "{j}");
    assert_eq!(j["stopped"], format!("time limit after heap {last}"), "{j}");
    for r in j["rules"].as_array().unwrap() {
        assert_eq!(r["certified"], false, "{r}");
        assert_eq!(r["checked_rows"]["to"], last, "{r}");
    }
    let whole = json(&[
        "pattern",
        "--moves",
        slow,
        "--to",
        &last.to_string(),
        "--json",
    ]);
    assert_eq!(whole.get("stopped"), None, "{whole}");
    assert_eq!(j["rules"], whole["rules"]);
    let o = common::grundy(&["pattern", "--moves", slow, "--max-seconds", "1"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        common::stdout(&o).starts_with("(partial: the rules below are read off the heaps computed")
    );
    let o = common::grundy(&[
        "pattern",
        "--moves",
        slow,
        "--max-seconds",
        "1",
        "--emit",
        "cpp",
    ]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(common::stdout(&o), "");
    assert!(common::stderr(&o).contains("no code emitted"));
}
