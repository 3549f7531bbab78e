//! The scene builders: each picture's SVG is well-formed XML whose marks say what they stand for, and its PNG
//! decodes to the size asked for. `GRUNDY_PICTURES=DIR` also writes the pictures there, to look at.

use super::*;
use crate::analysis::table::{Span, Table};
use crate::game::HeapView;
use crate::games::cram::Board;
use crate::heap::period;
use crate::heap::{sequence as seq, Engine, TakeAndBreak};
use crate::Context;

/// A mark of an SVG: its attributes, names and values.
type Mark = Vec<(String, String)>;

/// The SVG parsed: its root's size and its `<rect>`s of `class`, as their attributes.
fn rects(svg: &str, class: &str) -> ((u32, u32), Vec<Mark>) {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let side = |a: &str| root.attribute(a).unwrap().parse().unwrap();
    let marks = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect") && n.attribute("class") == Some(class))
        .map(|n| {
            n.attributes()
                .map(|a| (a.name().to_string(), a.value().to_string()))
                .collect()
        })
        .collect();
    ((side("width"), side("height")), marks)
}

fn attr<'a>(mark: &'a [(String, String)], name: &str) -> &'a str {
    &mark.iter().find(|(k, _)| k == name).unwrap().1
}

/// The PNG decoded: its size (8-bit RGB checked) and pixels.
fn decode(png_bytes: &[u8]) -> ((u32, u32), Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).expect("PNG image data");
    assert_eq!(
        (info.color_type, info.bit_depth),
        (png::ColorType::Rgb, png::BitDepth::Eight)
    );
    buf.truncate(info.buffer_size());
    ((info.width, info.height), buf)
}

/// Writes the scene as PNG to `$GRUNDY_PICTURES/name.png` when that is set.
fn keep(scene: &Scene, name: &str) {
    if let Ok(dir) = std::env::var("GRUNDY_PICTURES") {
        let file = std::path::Path::new(&dir).join(format!("{name}.png"));
        assert_eq!(scene.save(&file).unwrap(), Format::Png);
    }
}

fn has_colour(px: &[u8], c: Rgb) -> bool {
    px.chunks(3).any(|p| p == [c.0, c.1, c.2])
}

/// Kayles' values to 300 with the certified period the search finds: one mark per heap, each the heap's value.
#[test]
fn a_sequence_is_a_scatter_of_its_values() {
    let kayles = TakeAndBreak::parse("0.77").unwrap();
    let found = period::analyse(&kayles, 300, Engine::Auto, 1, &mut |_, _| {}).unwrap();
    let p = found.periodicity.clone().expect("Kayles' period");
    assert_eq!((p.preperiod, p.period), (71, 12));
    let values = seq::values(&kayles, 300, &mut |_| {}).unwrap();
    let style = SequenceStyle {
        size: Size::new(900, 500).unwrap(),
        ..SequenceStyle::new("kayles", values.len() as u64, Some(&p))
    };
    let scene = sequence(&values, Some(&p), &style).unwrap();
    let svg = scene.to_svg();
    assert!(
        svg.contains(">preperiod 71</text>"),
        "the preperiod is labelled"
    );
    assert!(svg.contains("certified (the Guy-Smith periodicity theorem)"));
    let (size, marks) = rects(&svg, "pt");
    assert_eq!(size, (900, 500));
    assert_eq!(marks.len(), 301);
    for (n, m) in marks.iter().enumerate() {
        assert_eq!(attr(m, "data-n0"), n.to_string());
        assert_eq!(attr(m, "data-v0"), values[n].to_string());
    }
    let (size, px) = decode(&scene.to_png().unwrap());
    assert_eq!(size, (900, 500));
    assert_eq!(px.len(), 900 * 500 * 3);
    assert!(has_colour(&px, scatter::MARK));
    keep(&scene, "sequence-kayles");
    // The rare split of Grundy's game: rare marks in their own colour.
    let grundy = TakeAndBreak::parse("4!.0").unwrap();
    let values = seq::values(&grundy, 20_000, &mut |_| {}).unwrap();
    let style = SequenceStyle {
        rare: Some(crate::heap::rare::RareSplit::of(&values, grundy.code())),
        ..SequenceStyle::new("4!.0", values.len() as u64, None)
    };
    let scene = sequence(&values, None, &style).unwrap();
    let (_, marks) = rects(&scene.to_svg(), "pt");
    assert!(marks.iter().any(|m| attr(m, "data-rare") == "1"));
    assert!(has_colour(
        &decode(&scene.to_png().unwrap()).1,
        scatter::RARE
    ));
    keep(&scene, "sequence-grundy-rare");
    assert!(sequence(&[], None, &style).is_err());
}

/// Wythoff's game 0..=12 × 0..=12 from `Table::compute`: every cell carries its numbers and value; P-positions black.
#[test]
fn a_table_is_a_heatmap_of_its_cells() {
    let game = crate::games::registry::lookup("wythoff").unwrap();
    let span = Span::new(0, 12).unwrap();
    let t = Table::compute(&*game, span, Some(span), &Context::default(), &mut |_| {}).unwrap();
    let scene = table(&t, Size::TABLE).unwrap();
    let (size, cells) = rects(&scene.to_svg(), "cell");
    assert_eq!(size, (1000, 800));
    assert_eq!(cells.len(), 169);
    for c in &cells {
        let (a, b): (u64, u64) = (
            attr(c, "data-a").parse().unwrap(),
            attr(c, "data-b").parse().unwrap(),
        );
        let v = t.get(a, b).map_or("none".to_string(), |v| v.to_string());
        assert_eq!(attr(c, "data-v"), v, "({a}, {b})");
        assert_eq!(attr(c, "fill") == "#000000", v == "0", "({a}, {b})");
    }
    // (1, 2) and (2, 1): Wythoff's first P-positions after (0, 0).
    assert_eq!((t.get(1, 2), t.get(2, 1)), (Some(0), Some(0)));
    let (size, px) = decode(&scene.to_png().unwrap());
    assert_eq!(size, (1000, 800));
    assert!(has_colour(&px, heatmap::P_POSITION));
    keep(&scene, "table-wythoff");
    // A table of one number per position is a sequence's.
    let kayles = crate::games::registry::lookup("kayles").unwrap();
    let t = Table::compute(&*kayles, span, None, &Context::default(), &mut |_| {}).unwrap();
    assert!(table(&t, Size::TABLE).is_err());
}

/// A Cram board with blocked cells, read as the game writes it: each cell of the picture is the board's.
#[test]
fn a_cram_board_is_its_cells() {
    let words = vec!["..#./..../#...".to_string()];
    let grid = Grid::parse("cram", &words).unwrap();
    let b = Board::from_rows(&["..#.", "....", "#..."]).unwrap();
    assert_eq!(grid, Grid::cram(&b));
    assert_eq!((grid.rows, grid.cols, grid.count(Cell::Blocked)), (3, 4, 2));
    let style = BoardStyle::new(&grid);
    assert_eq!(style.title, "cram ..#./..../#...");
    assert_eq!(style.subtitle, "3 rows, 4 columns; 10 empty cells");
    let scene = board(&grid, &style).unwrap();
    let (size, cells) = rects(&scene.to_svg(), "cell");
    assert_eq!(size, (Size::BOARD.width, Size::BOARD.height));
    assert_eq!(cells.len(), 12);
    for c in &cells {
        let (r, col): (usize, usize) = (
            attr(c, "data-r").parse().unwrap(),
            attr(c, "data-c").parse().unwrap(),
        );
        let want = if b.is_empty(r, col) {
            "empty"
        } else {
            "blocked"
        };
        assert_eq!(attr(c, "data-cell"), want, "({r}, {col})");
    }
    let (size, px) = decode(&scene.to_png().unwrap());
    assert_eq!(size, (Size::BOARD.width, Size::BOARD.height));
    assert!(has_colour(&px, Cell::Blocked.fill()));
    keep(&scene, "board-cram");
    let full = Grid::parse("cram", &["3x4".to_string()]).unwrap();
    assert_eq!(
        (full.position.as_str(), full.count(Cell::Empty)),
        ("3x4", 12)
    );
    keep(
        &board(&full, &BoardStyle::new(&full)).unwrap(),
        "board-cram-3x4",
    );
    // A sum of two boards is not one picture; another game has no board.
    assert!(Grid::parse("cram", &["2x2".into(), "3x3".into()]).is_err());
    assert!(Grid::parse("kayles", &["3".into()]).is_err());
}

/// A Chomp bar: its squares, the ones eaten from its rectangle, and the poisoned square at the top left, crossed.
#[test]
fn a_chomp_bar_has_its_poisoned_square() {
    let words: Vec<String> = ["5", "5", "3", "1"].map(String::from).to_vec();
    let grid = Grid::parse("chomp", &words).unwrap();
    assert_eq!((grid.rows, grid.cols), (4, 5));
    assert_eq!(grid.cell(0, 0), Cell::Poison);
    assert_eq!(
        (grid.cell(2, 2), grid.cell(2, 3)),
        (Cell::Square, Cell::Eaten)
    );
    assert_eq!((grid.count(Cell::Square), grid.count(Cell::Eaten)), (13, 6));
    let style = BoardStyle::new(&grid);
    assert_eq!(
        style.subtitle,
        "4 rows, 5 columns; 14 squares with the poisoned one"
    );
    let scene = board(&grid, &style).unwrap();
    let (_, cells) = rects(&scene.to_svg(), "cell");
    assert_eq!(cells.len(), 20);
    assert_eq!(attr(&cells[0], "data-cell"), "poison");
    let (_, px) = decode(&scene.to_png().unwrap());
    assert!(has_colour(&px, Cell::Poison.fill()) && has_colour(&px, Cell::Eaten.fill()));
    keep(&scene, "board-chomp");
    // Rows that grow are no position; a bar too large for its picture is refused in one line.
    assert!(Grid::chomp(&[2, 3]).is_err());
    let long = Grid::chomp(&[5000]).unwrap();
    let e = board(&long, &BoardStyle::new(&long)).unwrap_err();
    assert!(e.to_string().contains("does not fit"), "{e}");
    assert!(Grid::chomp(&[100_000; 100]).is_err());
}

#[test]
fn sizes_and_formats_are_read_or_refused() {
    assert_eq!(
        Size::new(640, 200).unwrap(),
        Size {
            width: 640,
            height: 200
        }
    );
    for (w, h, says) in [
        (100, 300, "width 100 is too small"),
        (300, 9000, "height 9000 is too large"),
    ] {
        let e = Size::new(w, h).unwrap_err();
        assert!(e.to_string().contains(says), "{e}");
    }
    use std::path::Path;
    assert_eq!(Format::of(Path::new("a.PNG")).unwrap(), Format::Png);
    assert_eq!(Format::of(Path::new("dir.x/a.svg")).unwrap(), Format::Svg);
    for bad in ["a.jpg", "png", "x"] {
        let e = Format::of(Path::new(bad)).unwrap_err();
        assert!(e.to_string().contains("must end in .png or .svg"), "{e}");
    }
    // The same scene, the same bytes.
    let grid = Grid::chomp(&[3, 2]).unwrap();
    let a = board(&grid, &BoardStyle::new(&grid)).unwrap();
    assert_eq!(a.to_png().unwrap(), a.clone().to_png().unwrap());
    assert_eq!(
        describe_period(None, 100),
        "no period found in heaps 0..=99"
    );
}
