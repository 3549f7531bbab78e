//! `grundy plot`: the files are PNG or SVG of the size asked for, the marks of an SVG are the sequence (read back
//! from their attributes and coordinates), a small picture equals the committed golden one pixel for pixel, the
//! same command gives the same bytes, a board position is its cells, and bad input is a one-line error.

use crate::common;
use common::{parse_json, run};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

fn path(name: &str) -> String {
    common::temp_path("plot", name)
}

/// `grundy seq GAME --to N [extra]` as numbers.
fn seq(game: &str, to: u64, extra: &[&str]) -> Vec<u64> {
    let to = to.to_string();
    let mut args = vec!["seq", game, "--to", &to];
    args.extend_from_slice(extra);
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    out.lines().map(|l| l.parse().unwrap()).collect()
}

/// Runs `grundy plot ARGS` and expects success.
fn plot(args: &[&str]) -> String {
    let mut all = vec!["plot"];
    all.extend_from_slice(args);
    let (code, out, err) = run(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// `grundy plot CODE --to TO --rare -o FILE --json`: its JSON.
fn plot_rare(code: &str, to: u64, file: &str) -> serde_json::Value {
    parse_json(&plot(&[
        code,
        "--to",
        &to.to_string(),
        "--rare",
        "-o",
        file,
        "--json",
    ]))
}

/// `grundy seq CODE --to TO --stats`: the statistics it prints.
fn seq_stats(code: &str, to: u64) -> String {
    let out = path(&format!("{code}-{to}.seq"));
    let (status, stats, err) = run(&[
        "seq",
        code,
        "--to",
        &to.to_string(),
        "--stats",
        "--out",
        &out,
    ]);
    assert_eq!(status, 0, "{err}");
    stats
}

/// Whether one of the heaps of mark `m` has a value in its range and is rare there (`rare_at(n)`).
fn covers_rare(m: &Mark, values: &[u64], rare_at: &impl Fn(u64) -> bool) -> bool {
    (m.n0..=m.n1).any(|n| (m.v0..=m.v1).contains(&values[n as usize]) && rare_at(n))
}

/// Checks that each mark is rare exactly when one of its heaps has a value in its range and is rare there
/// (`rare_at(n)`); returns the number of rare marks.
fn check_rare_marks(marks: &[Mark], values: &[u64], rare_at: impl Fn(u64) -> bool) -> u64 {
    let mut rare_seen = 0;
    for m in marks {
        let rare = covers_rare(m, values, &rare_at);
        assert_eq!(m.rare, Some(rare), "{m:?}");
        rare_seen += rare as u64;
    }
    rare_seen
}

/// A decoded PNG: width, height and RGB pixels.
fn decode_png(file: &str) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(file).unwrap()));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).expect("PNG image data");
    assert_eq!(info.color_type, png::ColorType::Rgb);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

/// A scatter mark read from the SVG: position, size and attributes.
#[derive(Debug)]
struct Mark {
    x: i64,
    y: i64,
    n0: u64,
    n1: u64,
    v0: u64,
    v1: u64,
    rare: Option<bool>,
}

/// Parses an SVG (it must be well-formed XML with an <svg> root of the size asked for) and returns its marks.
fn svg_marks(file: &str, width: u32, height: u32) -> Vec<Mark> {
    let text = std::fs::read_to_string(file).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed SVG");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.attribute("width"), Some(width.to_string().as_str()));
    assert_eq!(root.attribute("height"), Some(height.to_string().as_str()));
    let num = |n: roxmltree::Node, a: &str| -> i64 { n.attribute(a).unwrap().parse().unwrap() };
    let unum = |n: roxmltree::Node, a: &str| -> u64 { n.attribute(a).unwrap().parse().unwrap() };
    doc.descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("class") == Some("pt"))
        .map(|n| Mark {
            x: num(n, "x"),
            y: num(n, "y"),
            n0: unum(n, "data-n0"),
            n1: unum(n, "data-n1"),
            v0: unum(n, "data-v0"),
            v1: unum(n, "data-v1"),
            rare: n.attribute("data-rare").map(|r| r == "1"),
        })
        .collect()
}

#[test]
fn a_png_is_a_png_of_the_size_asked_for() {
    let file = path("kayles.png");
    let out = plot(&[
        "kayles", "--to", "100", "-o", &file, "--width", "640", "--height", "400",
    ]);
    assert!(
        out.contains("drawn in") && out.contains("preperiod 71, period 12"),
        "{out}"
    );
    let (w, h, px) = decode_png(&file);
    assert_eq!((w, h), (640, 400));
    assert_eq!(px.len(), 640 * 400 * 3);
    // Some pixels are the marks' colour (31, 78, 160).
    assert!(px.chunks(3).any(|p| p == [31, 78, 160]));
}

/// Few heaps: one mark per heap whose attributes are the heap and its nim-value as `grundy seq` prints it, and
/// whose coordinates invert to them (x grows with n by equal steps, y is one height per value, larger higher).
#[test]
fn the_marks_of_an_svg_are_the_sequence() {
    let file = path("kayles.svg");
    plot(&[
        "kayles", "--to", "120", "-o", &file, "--width", "900", "--height", "500",
    ]);
    let values = seq("kayles", 120, &[]);
    let marks = svg_marks(&file, 900, 500);
    assert_eq!(marks.len(), 121);
    let mut height_of: BTreeMap<u64, i64> = BTreeMap::new();
    for (n, m) in marks.iter().enumerate() {
        let n = n as u64;
        assert_eq!((m.n0, m.n1), (n, n));
        assert_eq!(
            (m.v0, m.v1),
            (values[n as usize], values[n as usize]),
            "heap {n}"
        );
        assert_eq!(
            *height_of.entry(m.v0).or_insert(m.y),
            m.y,
            "one height per value"
        );
    }
    let heights: Vec<i64> = height_of.values().copied().collect();
    assert!(
        heights.windows(2).all(|w| w[0] > w[1]),
        "larger values higher"
    );
    // x = left + n * (plot width - 1) / N: the steps differ by at most one pixel.
    let steps: BTreeSet<i64> = marks.windows(2).map(|w| w[1].x - w[0].x).collect();
    assert!(
        steps.len() <= 2 && steps.last().unwrap() - steps.first().unwrap() <= 1,
        "{steps:?}"
    );
}

/// Many heaps: each pixel column holds a range of heaps, the ranges cover 0..=N once, and a column's marks are
/// exactly the values its heaps take.
#[test]
fn binned_columns_show_every_value_of_their_heaps() {
    let to = 30_000;
    let file = path("dawson.svg");
    plot(&[
        "0.07",
        "--to",
        &to.to_string(),
        "-o",
        &file,
        "--width",
        "600",
        "--height",
        "300",
    ]);
    let values = seq("0.07", to, &[]);
    let marks = svg_marks(&file, 600, 300);
    let mut columns: BTreeMap<(u64, u64), (BTreeSet<u64>, BTreeSet<i64>)> = BTreeMap::new();
    for m in &marks {
        assert_eq!(m.v0, m.v1, "few values: one value per row");
        let c = columns.entry((m.n0, m.n1)).or_default();
        c.0.insert(m.v0);
        c.1.insert(m.x);
    }
    let mut next = 0;
    for ((n0, n1), (vals, xs)) in &columns {
        assert_eq!(*n0, next);
        let want: BTreeSet<u64> = values[*n0 as usize..=*n1 as usize]
            .iter()
            .copied()
            .collect();
        assert_eq!(vals, &want, "heaps {n0}..={n1}");
        assert_eq!(xs.len(), 1, "one column, one x");
        next = n1 + 1;
    }
    assert_eq!(next, to + 1);
    assert!(columns.len() <= 600);
}

/// --rare: the marks of rare values are those whose value has an even number of 1 bits under the mask, and the
/// mask and the count of rare heaps are those of `grundy seq --stats`.
#[test]
fn rare_values_are_the_sparse_split() {
    let to = 3000;
    let file = path("officers.svg");
    let j = plot_rare("0.6", to, &file);
    let mask = j["rare_mask"].as_u64().unwrap();
    let stats = seq_stats("0.6", to);
    assert!(stats.contains(&format!("under mask {mask:#b}")), "{stats}");
    let rare_positions = j["rare_heaps"].as_u64().unwrap();
    assert!(
        stats.contains(&format!("# rare positions: {rare_positions} ")),
        "{stats}"
    );
    let values = seq("0.6", to, &[]);
    let marks = svg_marks(&file, 1000, 600);
    let rare_seen = check_rare_marks(&marks, &values, |n| {
        (values[n as usize] & mask).count_ones().is_multiple_of(2)
    });
    assert!(rare_seen > 0);
}

/// --rare on 0.106, whose split uses the heap's parity (its one two-heap digit, 3, is odd): a mark is rare when some
/// heap of its column with a value in its range is rare *at that heap* (the value's 1 bits under the mask, plus 1
/// at the heaps n with n + j0 odd, even), the count of rare heaps is `grundy seq --stats`'s, and Officers' split has
/// no parity.
#[test]
fn rare_heaps_of_a_split_with_the_heap_parity() {
    let to = 3000;
    let file = path("0106.svg");
    let j = plot_rare("0.106", to, &file);
    let mask = j["rare_mask"].as_u64().unwrap();
    let j0 = j["rare_heap_parity"].as_u64().expect("the heap's parity");
    assert_eq!((mask, j0), (0b1101, 1));
    let values = seq("0.106", to, &[]);
    let rare_at = |n: u64| {
        ((values[n as usize] & mask).count_ones() as u64 + ((n ^ j0) & 1)).is_multiple_of(2)
    };
    let rare_heaps = (1..=to).filter(|&n| rare_at(n)).count() as u64;
    assert_eq!(j["rare_heaps"].as_u64(), Some(rare_heaps));
    assert!(rare_heaps < 30, "{rare_heaps}");
    let stats = seq_stats("0.106", to);
    assert!(
        stats.contains("# split: mask 0b1101 and the heap's parity"),
        "{stats}"
    );
    assert!(
        stats.contains(&format!("# rare positions: {rare_heaps} ")),
        "{stats}"
    );
    let marks = svg_marks(&file, 1000, 600);
    let rare_seen = check_rare_marks(&marks, &values, rare_at);
    assert!(rare_seen > 0);
    // By the value alone most marks would be rare: half of 0.106's heaps are under any value mask.
    let rare_value = |n: u64| (values[n as usize] & mask).count_ones().is_multiple_of(2);
    let by_value = marks
        .iter()
        .filter(|m| covers_rare(m, &values, &rare_value))
        .count() as u64;
    assert!(by_value > 10 * rare_seen, "{by_value} {rare_seen}");
    let j = parse_json(&plot(&[
        "0.6",
        "--to",
        "500",
        "--rare",
        "-o",
        &path("o500.svg"),
        "--json",
    ]));
    assert!(j["rare_heap_parity"].is_null(), "{j}");
}

#[test]
fn the_period_found_is_marked_and_reported() {
    let file = path("kayles-period.svg");
    let j = parse_json(&plot(&["kayles", "--to", "200", "-o", &file, "--json"]));
    assert_eq!(j["kind"], "scatter");
    assert_eq!(j["heaps"], 201);
    assert_eq!(j["preperiod"], 71);
    assert_eq!(j["period"], 12);
    assert_eq!(j["certified"], true);
    assert_eq!(j["largest"], 8);
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.contains(">preperiod 71</text>"));
    assert!(svg.contains("period 12, certified (the Guy-Smith periodicity theorem)"));
    // A period only observed is said to be so (Lasker's Nim: saltus 4, no theorem here certifies it).
    let j = parse_json(&plot(&[
        "lasker",
        "--to",
        "100",
        "-o",
        &path("lasker.png"),
        "--json",
    ]));
    assert_eq!(
        (j["preperiod"].as_u64(), j["period"].as_u64()),
        (Some(1), Some(4))
    );
    assert_eq!(
        (j["saltus"].as_u64(), j["certified"].as_bool()),
        (Some(4), Some(false))
    );
    let out = plot(&["lasker", "--to", "100", "-o", &path("lasker.png")]);
    assert!(
        out.contains("saltus 4, observed in heaps 0..=16383 only (not certified)"),
        "{out}"
    );
    // A game with no period in the heaps looked at says so.
    let out = plot(&["4!.0", "--to", "100", "-o", &path("grundy.png")]);
    assert!(out.contains("no period found in heaps 0..=16383"), "{out}");
}

/// Misère nim-values: the marks are `grundy seq --misere`'s values.
#[test]
fn misere_values_are_drawn() {
    let file = path("misere.svg");
    let out = plot(&["kayles", "--to", "40", "--misere", "-o", &file]);
    assert!(out.contains("misère nim-values of heaps 0..=40"), "{out}");
    let values = seq("kayles", 40, &["--misere"]);
    let marks = svg_marks(&file, 1000, 600);
    let drawn: Vec<u64> = marks.iter().map(|m| m.v0).collect();
    assert_eq!(drawn, values);
    assert_eq!(values[0], 1, "under misère play the empty heap has value 1");
}

/// The golden picture (tests/data/plot/kayles-100.png, the project's own output) pixel for pixel.
#[test]
fn a_small_picture_equals_the_golden_one() {
    let file = path("golden.png");
    plot(&[
        "kayles", "--to", "100", "-o", &file, "--width", "400", "--height", "260",
    ]);
    let golden =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/plot/kayles-100.png");
    let (gw, gh, gpx) = decode_png(golden.to_str().unwrap());
    let (w, h, px) = decode_png(&file);
    assert_eq!((w, h), (gw, gh));
    let differ = px
        .chunks(3)
        .zip(gpx.chunks(3))
        .filter(|(a, b)| a != b)
        .count();
    assert_eq!(differ, 0, "pixels differ from the golden picture");
}

#[test]
fn the_same_command_gives_the_same_bytes() {
    for ext in ["png", "svg"] {
        let (a, b) = (
            path(&format!("same-a.{ext}")),
            path(&format!("same-b.{ext}")),
        );
        plot(&["0.6", "--to", "5000", "--rare", "-o", &a]);
        plot(&["0.6", "--to", "5000", "--rare", "-o", &b]);
        assert_eq!(
            std::fs::read(&a).unwrap(),
            std::fs::read(&b).unwrap(),
            "{ext}"
        );
    }
}

#[test]
fn bad_input_is_one_line() {
    let png = path("bad.png");
    let nowhere = path("no-such-dir/x.png");
    for (args, says) in [
        (vec!["kayles", "--to", "10"], "-o FILE.png"),
        (
            vec!["kayles", "--to", "10", "-o", "x.jpg"],
            "must end in .png or .svg",
        ),
        (
            vec!["kayles", "--to", "10", "-o", "x"],
            "must end in .png or .svg",
        ),
        (vec!["kayles", "-o", &png], "--to N is needed"),
        (
            vec!["kayles", "--to", "1000000000000000", "-o", &png],
            "memory",
        ),
        (
            vec![
                "4!.0",
                "--to",
                "100000000",
                "--max-memory",
                "100M",
                "-o",
                &png,
            ],
            "memory",
        ),
        (vec!["4!.0", "--to", "100000000000", "-o", &png], "limit"),
        (vec!["kayles", "--to", "-3", "-o", &png], "--to"),
        (
            vec!["chessmen", "--to", "10", "-o", &png],
            "no sequence or table",
        ),
        (vec!["nosuchgame", "--to", "10", "-o", &png], "unknown game"),
        (
            vec!["kayles", "--rows", "0..5", "-o", &png],
            "--rows and --cols are for games whose positions are pairs",
        ),
        (
            vec!["kayles", "--to", "10", "--rare", "--misere", "-o", &png],
            "cannot be used with",
        ),
        (
            vec!["kayles", "--to", "10", "--width", "50", "-o", &png],
            "too small",
        ),
        (
            vec!["kayles", "--to", "10", "--height", "99999", "-o", &png],
            "--height",
        ),
        (
            vec!["kayles", "--to", "10", "--max-positions", "5", "-o", &png],
            "--misere",
        ),
        (vec!["kayles", "--to", "10", "-o", &nowhere], "no-such-dir"),
    ] {
        let mut all = vec!["plot"];
        all.extend_from_slice(&args);
        let (code, out, err) = run(&all);
        assert_eq!(code, common::status_of_error(&err), "{args:?}: {out} {err}");
        assert!(out.is_empty(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    assert!(
        !std::path::Path::new(&png).exists(),
        "nothing is written on an error"
    );
}

#[test]
fn help_teaches_with_examples() {
    let (code, out, _) = run(&["help", "plot"]);
    assert_eq!(code, 0);
    for want in [
        "grundy plot kayles --to 300 -o kayles.png",
        "--rare",
        "--rows",
        "heatmap",
        "P-positions",
    ] {
        assert!(out.contains(want), "{want}");
    }
}

/// One P-position is one P-position, in the text and in the picture's subtitle.
#[test]
fn one_p_position_is_singular() {
    let file = path("one-p.svg");
    let out = plot(&["wythoff", "--rows", "0..1", "--cols", "0..1", "-o", &file]);
    assert!(
        out.contains("(1000x800 pixels); 1 P-position, largest value 2"),
        "{out}"
    );
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(svg.contains("1 P-position (black)"), "{svg}");
}

/// A board position: its cells in the SVG are the board's (blocked where '#'), its nim-value is `grundy value`'s,
/// a Chomp bar's PNG is of the board's default size, and words that are no board are a one-line error.
#[test]
fn a_board_position_is_drawn_cell_by_cell() {
    let file = path("cram-board.svg");
    let j = parse_json(&plot(&["cram", "..#./..../#...", "-o", &file, "--json"]));
    assert_eq!(
        (
            j["kind"].as_str(),
            j["position"].as_str(),
            j["nim_value"].as_u64()
        ),
        (Some("board"), Some("..#./..../#..."), Some(0))
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("well-formed SVG");
    let cells: Vec<(usize, usize, String)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("class") == Some("cell"))
        .map(|n| {
            let at = |a: &str| n.attribute(a).unwrap().to_string();
            (
                at("data-r").parse().unwrap(),
                at("data-c").parse().unwrap(),
                at("data-cell"),
            )
        })
        .collect();
    let rows = ["..#.", "....", "#..."];
    assert_eq!(cells.len(), 12);
    for (r, c, kind) in &cells {
        let want = if rows[*r].as_bytes()[*c] == b'#' {
            "blocked"
        } else {
            "empty"
        };
        assert_eq!(kind, want, "({r}, {c})");
    }
    let png = path("chomp-board.png");
    let out = plot(&["chomp", "5", "5", "3", "1", "-o", &png]);
    let (status, value, _) = run(&["value", "chomp", "5", "5", "3", "1", "--no-moves"]);
    assert_eq!(status, 0);
    let v = value
        .split("nim-value ")
        .nth(1)
        .unwrap()
        .lines()
        .next()
        .unwrap();
    assert!(
        out.ends_with(&format!("; nim-value {v}\n")),
        "{out} {value}"
    );
    let (w, h, px) = decode_png(&png);
    assert_eq!((w, h), (480, 400));
    assert!(
        px.chunks(3).any(|p| p == [200, 30, 30]),
        "the poisoned square"
    );
    for (args, says) in [
        (vec!["kayles", "3"], "no board picture"),
        (vec!["cram", "2x2", "3x3"], "a picture shows one board"),
        (vec!["chomp", "3", "4"], "must not increase"),
        (vec!["cram", "3x4", "--rows", "0..3"], "cannot be used with"),
    ] {
        let mut all = vec!["plot"];
        all.extend_from_slice(&args);
        all.extend_from_slice(&["-o", &png]);
        let (code, out, err) = run(&all);
        assert_eq!(code, common::status_of_error(&err), "{args:?}: {out} {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
