//! Tuple games along a line (`--line 'x 5'`, issue 46): `seq`, `period` and `value` read a game of two or more
//! numbers with every number fixed but x. The values are the game's own, checked against its full `table`; periods
//! are observed, never certified; flags that cannot apply to a line are refused, each in one line.

use crate::common::{parse_json, run};

/// The path of an example rules script.
fn script(name: &str) -> String {
    format!(
        "{}/../../examples/rules/{name}.rhai",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// `table GAME --rows 0..rows --cols 0..cols --json`'s values, row by row (`game`: the words naming the game).
/// (`None`: no position).
fn full_table(game: &[&str], rows: u64, cols: u64) -> Vec<Vec<Option<u64>>> {
    let (r, c) = (format!("0..{rows}"), format!("0..{cols}"));
    let mut args = vec!["table"];
    args.extend_from_slice(game);
    args.extend_from_slice(&["--rows", &r, "--cols", &c, "--json"]);
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{args:?}: {err}");
    parse_json(&out)["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row.as_array().unwrap().iter().map(|v| v.as_u64()).collect())
        .collect()
}

/// `seq GAME --line SPEC --to to --json`'s values at x = 0..=to (`None` below its `from`, the first x that names a
/// position), with the JSON's shape checked.
fn line_values(game: &[&str], spec: &str, to: u64) -> Vec<Option<u64>> {
    let t = to.to_string();
    let mut args = vec!["seq"];
    args.extend_from_slice(game);
    args.extend_from_slice(&["--line", spec, "--to", &t, "--json"]);
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{args:?}: {err}");
    let j = parse_json(&out);
    assert_eq!(j["line"], true, "{j}");
    assert!(j["game"].as_str().unwrap().ends_with(')'), "{j}");
    assert_eq!(
        j.as_object().unwrap().len(),
        4,
        "game, line, from, values: {j}"
    );
    let from = j["from"].as_u64().unwrap() as usize;
    let mut v = vec![None; from];
    v.extend(
        j["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| Some(v.as_u64().unwrap())),
    );
    assert_eq!(v.len() as u64, to + 1, "{j}");
    v
}

/// Every row and column of a catalog pair game's table and of a pair script's, read by `seq --line`, equals the
/// table's.
#[test]
fn seq_along_every_line_equals_the_full_table() {
    let cutting = script("cutting");
    for game in [&["wythoff"][..], &["cutting"], &["--rules", &cutting]] {
        let (rows, cols) = (24, 7);
        let t = full_table(game, rows, cols);
        for b in 0..=cols {
            if t.iter().all(|row| row[b as usize].is_none()) {
                continue; // no position on the line (cutting's sheets are at least 2 wide)
            }
            let got = line_values(game, &format!("x {b}"), rows);
            let want: Vec<Option<u64>> = t.iter().map(|row| row[b as usize]).collect();
            assert_eq!(got, want, "{game:?} (x, {b})");
        }
        for a in 0..=rows {
            if t[a as usize].iter().all(Option::is_none) {
                continue;
            }
            let got = line_values(game, &format!("{a},x"), cols);
            assert_eq!(got, t[a as usize], "{game:?} ({a}, x)");
        }
    }
}

/// The text form: a header naming the line, then one value per line.
#[test]
fn seq_along_a_line_in_text_has_a_header_naming_the_line() {
    let (code, out, err) = run(&["seq", "wythoff", "--line", "x 3", "--to", "10"]);
    assert_eq!(code, 0, "{err}");
    let mut lines = out.lines();
    let head = lines.next().unwrap();
    assert!(
        head.starts_with("# wythoff (x, 3): G at x = 0..=10")
            && head.contains("a line of the game"),
        "{out}"
    );
    let values: Vec<Option<u64>> = lines.map(|l| Some(l.parse().unwrap())).collect();
    assert_eq!(values, line_values(&["wythoff"], "x 3", 10));
    assert_eq!(values[1], Some(4)); // G(1, 3) = 4; (2, 1) and (1, 2) are the P-positions near it
}

/// Flags of `seq` that cannot apply to a line, a bad line and a game of one number: one-line errors, exit 2.
#[test]
fn seq_along_a_line_refuses_what_does_not_apply() {
    let out = crate::common::temp_path("lines", "x.seq");
    for (extra, needle) in [
        (
            &["--out", out.as_str()][..],
            "--out does not apply to a line",
        ),
        (
            &["--resume", out.as_str()],
            "--resume does not apply to a line",
        ),
        (&["--engine", "fast"], "--engine does not apply to a line"),
        (&["--threads", "2"], "--threads does not apply to a line"),
        (&["--stats"], "--stats does not apply to a line"),
        (&["--misere"], "--misere does not apply to a line"),
        (&["--genus"], "--genus does not apply to a line"),
        (
            &["--genus", "--max-positions", "9"],
            "does not apply to a line",
        ),
    ] {
        let mut args = vec!["seq", "wythoff", "--line", "x 3", "--to", "5"];
        args.extend_from_slice(extra);
        let (code, o, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {o}");
        assert!(
            err.contains(needle) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    assert!(!std::path::Path::new(&out).exists());
    for (game, spec, needle) in [
        ("wythoff", "x x", "exactly one x"),
        ("wythoff", "x 3 4", "each of the 2 numbers"),
        ("wythoff", "x -1", "-1"),
        ("kayles", "x 3", "1 number"),
        ("cutting", "x 1", "no x in 0..=5 names a position"),
    ] {
        let (code, o, err) = run(&["seq", game, "--line", spec, "--to", "5"]);
        assert_eq!(code, 2, "{game} {spec}: {o}");
        assert!(
            err.contains(needle) && err.lines().count() == 1,
            "{game} {spec}: {err}"
        );
    }
}

/// `period --line`: the period observed along the line, labelled observed on its range and never certified; it
/// holds on the values `seq --line` prints, and the JSON has the report's keys with `line`, `from` and `to`.
#[test]
fn period_along_a_line_is_observed_on_its_range() {
    let (code, out, err) = run(&[
        "period", "wythoff", "--line", "x 3", "--to", "300", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let p = parse_json(&out);
    assert_eq!(p["game"], "wythoff (x, 3)");
    assert_eq!(
        (p["line"].clone(), p["certified"].clone()),
        (true.into(), false.into()),
        "{p}"
    );
    assert!(p["certificate"].is_null(), "{p}");
    assert_eq!(
        (p["from"].as_u64(), p["to"].as_u64()),
        (Some(0), Some(300)),
        "{p}"
    );
    assert_eq!(p["values_computed"], 301);
    let (e, per, salt) = (
        p["preperiod"].as_u64().unwrap() as usize,
        p["period"].as_u64().unwrap() as usize,
        p["saltus"].as_u64().unwrap(),
    );
    let v: Vec<u64> = line_values(&["wythoff"], "x 3", 300)
        .into_iter()
        .map(Option::unwrap)
        .collect();
    for x in e..=300 - per {
        assert_eq!(v[x + per], v[x] + salt, "x = {x}");
    }
    let (code, out, err) = run(&["period", "wythoff", "--line", "x 3", "--to", "300"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("observed on x = 0..=300 only"), "{out}");
    assert!(
        !out.contains("certified") && !out.contains("every"),
        "{out}"
    );
    // A pair script along a line that shows no period on a short range says so, with how to look further.
    let cutting = script("cutting");
    let (code, out, err) = run(&["period", "--rules", &cutting, "--line", "x 6", "--to", "40"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("paper (x, 6): no period observed on x = 0..=40"),
        "{out}"
    );
    for (extra, needle) in [
        (
            &["--engine", "plain"][..],
            "--engine does not apply to a line",
        ),
        (&["--threads", "1"], "--threads does not apply to a line"),
        (&["--out", "p.seq"], "--out does not apply to a line"),
        (&["--resume", "p.seq"], "--resume does not apply to a line"),
        (&["--emit", "cpp"], "--emit does not apply to a line"),
    ] {
        let mut args = vec!["period", "wythoff", "--line", "x 3", "--to", "20"];
        args.extend_from_slice(extra);
        let (code, o, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {o}");
        assert!(
            err.contains(needle) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    assert!(!std::path::Path::new("p.seq").exists());
    let (code, _, err) = run(&["period", "wythoff", "--line", "3"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("each of the 2 numbers") && err.lines().count() == 1,
        "{err}"
    );
}

/// `value GAME X --line SPEC`: on the values computed, the game's own value (the table's); past them, refused
/// without --assume-period, and with it answered from the line's observed period with the assumption printed.
#[test]
fn value_along_a_line_needs_the_assumption_past_the_values_computed() {
    let cutting = script("cutting");
    let t = full_table(&["--rules", &cutting], 12, 7);
    for (a, b) in [(7, 6), (12, 5), (3, 7)] {
        let xa = a.to_string();
        let (code, out, err) = run(&[
            "value",
            "--rules",
            &cutting,
            "--line",
            &format!("x {b}"),
            &xa,
            "--json",
        ]);
        assert_eq!(code, 0, "{err}");
        let j = parse_json(&out);
        assert_eq!(j["nim_value"].as_u64(), t[a][b], "({a}, {b}): {j}");
        assert!(j["assumption"].is_null(), "{j}");
        assert_eq!(j["outcome"], if t[a][b] == Some(0) { "P" } else { "N" });
    }
    let far = "1000000000000";
    let (code, _, err) = run(&["value", "wythoff", "--line", "x 3", far]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--assume-period") && err.lines().count() == 1,
        "{err}"
    );
    let (code, out, err) = run(&[
        "value",
        "wythoff",
        "--line",
        "x 3",
        far,
        "--assume-period",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let j = parse_json(&out);
    let keys: Vec<&str> = j.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        ["assumption", "game", "line", "nim_value", "outcome", "x"],
        "{j}"
    );
    assert!(
        j["assumption"]
            .as_str()
            .unwrap()
            .contains("observed on x = 0..=4095"),
        "{j}"
    );
    // Wythoff's line b = 3 from its period (preperiod 8, period 6, saltus 6): G(x + 6) = G(x) + 6.
    let v: Vec<u64> = line_values(&["wythoff"], "x 3", 20)
        .into_iter()
        .map(Option::unwrap)
        .collect();
    let x: u64 = far.parse().unwrap();
    let r = 8 + (x - 8) % 6;
    assert_eq!(
        j["nim_value"].as_u64(),
        Some(v[r as usize] + (x - r) / 6 * 6),
        "{j}"
    );
    let (code, out, err) = run(&["value", "wythoff", "--line", "x 3", far, "--assume-period"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("note: wythoff (x, 3) is answered past x = 4095"),
        "{out}"
    );
    assert!(out.contains("an assumption, not a theorem"), "{out}");
    for (args, needle) in [
        (
            &["value", "wythoff", "--line", "x 3", "5", "--all-moves"][..],
            "--all-moves does not apply",
        ),
        (
            &["value", "wythoff", "--line", "x 3", "5", "--threads", "2"],
            "does not apply to a line",
        ),
        (
            &[
                "value",
                "wythoff",
                "--line",
                "x 3",
                "5",
                "--max-positions",
                "9",
            ],
            "--max-positions does not apply",
        ),
        (
            &["value", "wythoff", "--line", "x 3", "5", "--positions", "-"],
            "--positions does not apply",
        ),
        (
            &[
                "value",
                "wythoff",
                "--line",
                "x 3",
                "5",
                "--save-table",
                "t",
            ],
            "--save-table does not apply",
        ),
        (
            &["value", "wythoff", "--line", "x 3", "5", "--misere"],
            "--misere",
        ),
        (
            &["value", "wythoff", "--line", "x 3", "5", "+", "nim", "3"],
            "one GAME and the x",
        ),
        (
            &["value", "wythoff", "--line", "x 3", "5", "6"],
            "one GAME and the x",
        ),
        (&["value", "wythoff", "--line", "x 3", "five"], "five"),
        (&["value", "wythoff", "--line", "x y", "5"], "y"),
    ] {
        let (code, o, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {o}");
        assert!(
            err.contains(needle) && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}

/// `period --line` without `--to` doubles the range from x = 0..=1023 until two ranges in a row show the same period:
/// a line whose values alternate up to x = 1500 and then repeat 2, 1, 0 shows period 2 on 0..=1023 (what `--to 1023`
/// reports), none on 0..=2047 and period 3 from 1499 on 0..=4095 and 0..=8191, where it stops; a line with no period
/// doubles to x = 65535 and says so; a time budget stops the doubling with a reason. Always observed.
#[test]
fn period_along_a_line_doubles_until_the_period_shows_twice() {
    let late = "(a, b) => if a <= 1500 { if a > 0 { [[a - 1, b]] } else { [] } } else { [[a - 1, b], [a - 2, b]] }";
    let json = |extra: &[&str]| {
        let mut args = vec!["period", "--moves", late, "--line", "x 0", "--json"];
        args.extend_from_slice(extra);
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        parse_json(&out)
    };
    let p = json(&[]);
    assert_eq!(
        (
            &p["preperiod"],
            &p["period"],
            &p["saltus"],
            &p["to"],
            &p["stopped"]
        ),
        (
            &1499.into(),
            &3.into(),
            &0.into(),
            &8191.into(),
            &serde_json::Value::Null
        ),
        "{p}"
    );
    assert_eq!(p["certified"], false);
    // The values computed agree: G = x mod 2 up to 1500, then 2, 1, 0 repeating.
    let v = line_values(&["--moves", late], "x 0", 1520);
    assert!((0..=1500).all(|x| v[x] == Some(x as u64 % 2)));
    assert_eq!(
        &v[1501..1507],
        [Some(2), Some(1), Some(0), Some(2), Some(1), Some(0)]
    );
    // --to fixes the range: the short range's period, labelled with it.
    let short = json(&["--to", "1023"]);
    assert_eq!(
        (&short["period"], &short["to"], &short["stopped"]),
        (&2.into(), &1023.into(), &serde_json::Value::Null),
        "{short}"
    );
    let (code, out, err) = run(&["period", "--moves", late, "--line", "x 0"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("observed on x = 0..=8191 only"), "{out}");
    assert!(
        !out.contains("certified") && !out.contains("every"),
        "{out}"
    );
    // No period: the doubling ends at x = 65535 and says so.
    let halving = "(a, b) => if a > 0 { [[a / 2, b]] } else { [] }";
    let (code, out, err) = run(&["period", "--moves", halving, "--line", "x 0"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "script (x, 0): no period observed on x = 0..=65535 (x = 65535 is as far as the search doubles without \
         --to; --to N looks further, up to x = N)\n"
    );
    // A time budget: Wythoff's line costs the square of its range; either 0..=2047 confirms the period seen on
    // 0..=1023, or the search stops at 1023 and says why.
    let (code, out, err) = run(&[
        "period",
        "wythoff",
        "--line",
        "x 3",
        "--max-seconds",
        "1",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let w = parse_json(&out);
    assert_eq!((&w["period"], &w["saltus"]), (&6.into(), &6.into()), "{w}");
    match w["to"].as_u64() {
        Some(2047) => assert!(w["stopped"].is_null(), "{w}"),
        Some(1023) => {
            let why = w["stopped"].as_str().unwrap();
            assert!(
                why.starts_with("the period seen on x = 0..=1023 was not checked on more values: ")
                    && (why.contains("would pass the time budget of 1.0 s")
                        || why.contains("was stopped")),
                "{w}"
            );
        }
        _ => panic!("{w}"),
    }
}

/// A script of three numbers (Nim of three heaps, G = a xor b xor c) along each of its three lines, against the
/// value of each position and against Nim, and in a judge's input; three numbers have no table, and it says how to
/// read one.
#[test]
fn a_three_number_script_is_read_along_its_lines() {
    let nim3 = crate::common::temp_file(
        "lines",
        "nim3.rhai",
        "fn moves(a, b, c) {\n    let v = [];\n    for x in 0..a { v.push([x, b, c]); }\n    \
         for y in 0..b { v.push([a, y, c]); }\n    for z in 0..c { v.push([a, b, z]); }\n    v\n}\n",
    );
    for (spec, at) in [
        ("x 2 5", [None, Some(2), Some(5)]),
        ("2 x 5", [Some(2), None, Some(5)]),
        ("2 5 x", [Some(2), Some(5), None]),
    ] {
        let v = line_values(&["--rules", &nim3], spec, 20);
        for (x, got) in v.iter().enumerate() {
            let p: Vec<u64> = at.iter().map(|f| f.unwrap_or(x as u64)).collect();
            assert_eq!(*got, Some(p[0] ^ p[1] ^ p[2]), "{spec} x = {x}");
        }
        let (code, out, err) = run(&["value", "--rules", &nim3, "--line", spec, "13", "--json"]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(parse_json(&out)["nim_value"].as_u64(), v[13], "{spec}");
    }
    let (code, out, err) = run(&[
        "period", "--rules", &nim3, "--line", "x 2 5", "--to", "200", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let p = parse_json(&out);
    assert_eq!(
        (p["period"].as_u64(), p["saltus"].as_u64()),
        (Some(8), Some(8)),
        "{p}"
    );
    // A judge's input reads a position of the script as its three numbers: (1, 2, 3) is a P-position, and
    // (1, 1, 1) + (2, 2, 2) has nim-value 1 xor 2.
    let (code, out, err) =
        crate::common::run_stdin(&["oj", "--rules", &nim3], b"2\n1\n1 2 3\n2\n1 1 1 2 2 2\n");
    assert_eq!((code, out.as_str()), (0, "Second\nFirst\n"), "{err}");
    crate::common::assert_error(
        &crate::common::grundy(&["table", "--rules", &nim3]),
        "a position of this game is 3 numbers and a table shows two: fix the others with --slice",
    );
}

/// `table --slice`: a game of three numbers as a table with one number fixed, every cell the game's own value at the
/// same three numbers (`grundy value`), the slice named in the title and the JSON; slices that do not fit the game
/// are refused in one line, exit 2.
#[test]
fn a_three_number_game_is_tabulated_as_slices() {
    // Take from one heap, or one token from each of the first two: not Nim, so the values are not a xor.
    let moves = "(a, b, c) => { let o = []; for x in 0..a { o.push([x, b, c]) } for y in 0..b { o.push([a, y, c]) } \
                 for z in 0..c { o.push([a, b, z]) } if a > 0 && b > 0 { o.push([a - 1, b - 1, c]) } o }";
    for (spec, rows, cols) in [("x y 2", 3u64, 4u64), ("y 1 x", 2, 3)] {
        let (r, c) = (format!("0..{rows}"), format!("0..{cols}"));
        let args = [
            "table", "--moves", moves, "--slice", spec, "--rows", &r, "--cols", &c, "--json",
        ];
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{args:?}: {err}");
        let t = parse_json(&out);
        let words: Vec<&str> = spec.split(' ').collect();
        let (xi, yi) = (
            words.iter().position(|w| *w == "x").unwrap(),
            words.iter().position(|w| *w == "y").unwrap(),
        );
        assert_eq!(t["game"], format!("script ({})", words.join(", ")), "{t}");
        assert_eq!(t["slice"]["game"], "script", "{t}");
        assert_eq!(
            (
                t["slice"]["rows_number"].as_u64(),
                t["slice"]["cols_number"].as_u64()
            ),
            (Some(xi as u64), Some(yi as u64)),
            "{t}"
        );
        let fixed: Vec<Option<u64>> = t["slice"]["fixed"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64())
            .collect();
        assert_eq!(fixed.iter().filter(|f| f.is_none()).count(), 2, "{t}");
        let mut checked = 0;
        for a in 0..=rows {
            for b in 0..=cols {
                let mut p = fixed.clone();
                p[xi] = Some(a);
                p[yi] = Some(b);
                let p: Vec<String> = p.iter().map(|v| v.unwrap().to_string()).collect();
                let mut args = vec!["value", "--moves", moves];
                args.extend(p.iter().map(String::as_str));
                args.extend(["--no-moves", "--json"]);
                let (code, out, err) = run(&args);
                assert_eq!(code, 0, "{args:?}: {err}");
                assert_eq!(
                    t["values"][a as usize][b as usize],
                    parse_json(&out)["nim_value"],
                    "{spec}: ({}) against value",
                    p.join(", ")
                );
                checked += 1;
            }
        }
        assert_eq!(checked, (rows + 1) * (cols + 1));
    }
    let (code, out, err) = run(&[
        "table", "--moves", moves, "--slice", "x y 2", "--rows", "0..2", "--cols", "0..2",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(
            "script (x, y, 2): nim-values G(x, y, 2), x = 0..=2 (rows), y = 0..=2 (columns)"
        ),
        "{out}"
    );
    // CSV names a slice's numbers x and y; its cells are the JSON's.
    let (code, csv, err) = run(&[
        "table", "--moves", moves, "--slice", "y 1 x", "--rows", "0..2", "--cols", "0..3", "--csv",
    ]);
    assert_eq!(code, 0, "{err}");
    let (_, out, _) = run(&[
        "table", "--moves", moves, "--slice", "y 1 x", "--rows", "0..2", "--cols", "0..3", "--json",
    ]);
    let t = parse_json(&out);
    let mut lines = csv.lines();
    assert_eq!(lines.next(), Some("x,y,value"), "{csv}");
    for line in lines {
        let f: Vec<u64> = line.split(',').map(|x| x.parse().unwrap()).collect();
        assert_eq!(t["values"][f[0] as usize][f[1] as usize], f[2], "{csv}");
    }
    for (args, needle) in [
        (
            &["table", "kayles", "--slice", "x y 1"][..],
            "a position of this game is 1 number",
        ),
        (
            &["table", "wythoff", "--slice", "x y"],
            "a position of this game is 2 numbers",
        ),
        (
            &["table", "--moves", moves, "--slice", "x y"],
            "gives each of the 3 numbers",
        ),
        (
            &["table", "--moves", moves, "--slice", "x y 1 2"],
            "gives each of the 3 numbers",
        ),
        (&["table", "--moves", moves, "--slice", "x y z"], "'z'"),
        (
            &["table", "--moves", moves, "--slice", "x x 1"],
            "exactly one x",
        ),
        (
            &["table", "--moves", moves, "--slice", "x 1 2"],
            "exactly one x",
        ),
        (&["table", "--moves", moves, "--slice", "x y -1"], "'-1'"),
        (
            &[
                "table",
                "--moves",
                moves,
                "--slice",
                "x y 18446744073709551616",
            ],
            "too large",
        ),
        (
            &["table", "--moves", moves, "--slice", "x y 1", "--wrap", "3"],
            "--wrap",
        ),
    ] {
        crate::common::assert_error(&crate::common::grundy(args), needle);
    }
}

/// `pattern --slice`: the rules of a slice of a game of three numbers (Nim on three heaps, the third fixed at 5:
/// the P-positions are a xor b = 5), its emitted `sg(a, b)` equal to `a xor b xor 5` far past the table; a game of
/// three numbers without `--slice` or `--line`, and `--slice` with `--to`, refused in one line.
#[test]
fn pattern_reads_a_slice_of_a_three_number_game() {
    let nim3 = "(a, b, c) => { let o = []; for x in 0..a { o.push([x, b, c]) } for y in 0..b { o.push([a, y, c]) } \
                for z in 0..c { o.push([a, b, z]) } o }";
    let args = [
        "pattern", "--moves", nim3, "--slice", "x y 5", "--rows", "0..15", "--cols", "0..15",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with(
            "script (x, y, 5): nim-values G(a, b) with a = x and b = y of the slice, a = 0..=15, b = 0..=15"
        ),
        "{out}"
    );
    assert!(
        out.contains("the P-positions are exactly the cells with a xor b = 5"),
        "{out}"
    );
    let mut j = args.to_vec();
    j.push("--json");
    let (code, out, err) = run(&j);
    assert_eq!(code, 0, "{err}");
    let p = parse_json(&out);
    assert_eq!(p["game"], "script (x, y, 5)", "{p}");
    assert!(
        p["rules"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["kind"] == "p-key" && r["key"] == "a xor b"),
        "{p}"
    );
    // The code emitted for the slice, run under python3 where there is one, at pairs far past the table.
    if std::process::Command::new("python3")
        .arg("--version")
        .output()
        .is_ok()
    {
        let mut e = args.to_vec();
        e.extend(["--emit", "python"]);
        let (code, src, err) = run(&e);
        assert_eq!(code, 0, "{err}");
        let dir = std::env::temp_dir().join(format!("grundy-slice-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("slice.py");
        std::fs::write(&file, &src).unwrap();
        let pairs: [(u64, u64); 3] = [(1_000_000_007, 3), (12345, 1u64 << 40), (7, 2)];
        let mut cmd = std::process::Command::new("python3");
        cmd.arg(&file);
        for (a, b) in pairs {
            cmd.args([a.to_string(), b.to_string()]);
        }
        let got = cmd.output().unwrap();
        assert!(
            got.status.success(),
            "{}",
            String::from_utf8_lossy(&got.stderr)
        );
        let want: Vec<String> = pairs.iter().map(|(a, b)| (a ^ b ^ 5).to_string()).collect();
        let got: Vec<String> = String::from_utf8_lossy(&got.stdout)
            .lines()
            .map(str::to_string)
            .collect();
        assert_eq!(got, want, "{src}");
        let _ = std::fs::remove_dir_all(&dir);
    }
    for (args, needle, status) in [
        (
            &["pattern", "--moves", nim3][..],
            "fix the others with --slice (e.g. --slice 'x y 0'",
            2,
        ),
        (
            &["pattern", "--moves", nim3, "--slice", "x y 5", "--to", "9"],
            "--to",
            2,
        ),
        (
            &["pattern", "wythoff", "--slice", "x y"],
            "a position of this game is 2 numbers",
            2,
        ),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, status, "{args:?}: {err}");
        assert!(
            out.is_empty() && err.trim().lines().count() == 1,
            "{args:?}: {err}"
        );
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
