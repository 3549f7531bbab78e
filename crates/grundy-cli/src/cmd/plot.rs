//! `grundy plot`: pictures of nim-values. The library computes and draws them (`grundy::analysis::picture`: the
//! sequence of a heap game with its period and rare split, misère values, a table); here the arguments are read, the
//! picture is written to its file, and what was drawn is printed.

use crate::cli::PlotArgs;
use crate::output::{print_json, write_stdout, CliError, CliResult};
use grundy::analysis::picture::{
    self, Format, Plot, ScatterSummary, SequenceRequest, Size, Summary, TableSummary,
};
use grundy::analysis::table::Span;

pub const HELP: &str = "\
grundy plot — a picture of the nim-values (PNG or SVG)

USAGE
  grundy plot GAME --to N -o FILE.png|FILE.svg [--rare | --misere] [--width PX] [--height PX] [--json]
  grundy plot GAME [--rows A..B] [--cols A..B] -o FILE.png|FILE.svg [--width PX] [--height PX] [--json]
  grundy plot cram|chomp POSITION -o FILE.png|FILE.svg [--width PX] [--height PX] [--json]

A heap game (a name, a code, subtraction:S, ...) is drawn as a scatter: one mark per heap n = 0..=N at the height
of its nim-value G(n), as CGSuite's scatter plot draws it. When 'grundy period' finds a period in the values (the
same computation, certified by a theorem where one applies, else only observed; the header says which), the
preperiod is a dashed line, the first period a shaded band, and each later period a tick on the heap axis.
With many heaps each pixel column holds a range of heaps and shows every value they take (so drawing a million
heaps takes a fraction of a second, and no heap is left out); with many values each pixel row holds a range of
values.

--rare colours the rare values of the sparse-space split (those v for which v & MASK has an even number of 1
bits, MASK chosen to make them fewest, as 'grundy seq --stats' prints it) apart from the common ones, as
Flammenkamp's tables of octal games are read. For a code whose two-heap digits j share a parity j0 the split
may also use the heap's parity (when that makes fewer heaps rare: 0.106): a heap n with n + j0 odd then has
the classes swapped (rare when v & MASK has an odd number of 1 bits). --misere draws misère nim-values instead (heap games only).

A game whose positions are named by two numbers (Wythoff's (a, b), a chocolate bar w x h, ...) is drawn as a
heatmap of G(a, b): row a, column b (--rows A..B and --cols A..B, both ends included, default 0..31 each, cram 0..6, chomp 0..12);
P-positions are black, numbers that name no position grey, and a legend reads the colours.

A board position of Cram or Chomp, written as 'grundy value' reads it (cram 3x4, cram ..#./...., a board file;
chomp 4x5, chomp 4 4 2 1), is drawn as its grid of cells with its nim-value in the header: Cram's empty and
blocked cells, Chomp's squares, the squares eaten and the poisoned square (crossed). Rows and columns are
numbered from 1, as the moves of 'grundy value' are described.

The file's extension chooses the format: .png (8-bit RGB) or .svg. The font is compiled in (Noto Sans Mono), so
the same command gives the same file on every machine. In the SVG every mark is a <rect>: a scatter's marks have
class \"pt\" and data-n0, data-n1 (the heaps of its column) and data-v0, data-v1 (the values it stands for), a
table's cells class \"cell\" and data-a, data-b, data-v, a board's cells class \"cell\" and data-r, data-c (from 0)
and data-cell (empty, blocked, square, poison or eaten).

OPTIONS
  --to N           the largest heap (a scatter); heaps past what memory allows are refused before any work
  -o, --out FILE   where to write the picture: FILE.png or FILE.svg
  --rare           colour rare and common values apart (normal play)
  --misere         misère nim-values (whoever makes the last move loses); --max-positions N bounds the search
  --rows A..B      the first numbers of a table's positions (a single B means 0..B)
  --cols A..B      the second numbers
  --width PX       width in pixels, 200 to 8192 (default 1000; 480 for a board)
  --height PX      height in pixels, 200 to 8192 (default 600 for a scatter, 800 for a table, 400 for a board)
  --json           print what was drawn as one JSON object (file, format, width, height, game, kind, and the
                   heaps, largest value, period, rare mask, table ranges, or a board's position and nim-value)
  --max-seconds S, --max-memory SIZE: the limits of 'grundy seq'

EXAMPLES
  grundy plot kayles --to 300 -o kayles.png            preperiod 71 and period 12 marked (certified)
  grundy plot 4!.0 --to 1000000 --rare -o grundy.png   Grundy's game: its rare values stand out
  grundy plot 0.07 --to 200 -o dawson.svg              Dawson's Kayles as SVG
  grundy plot kayles --to 40 --misere -o misere.png
  grundy plot wythoff --rows 0..40 --cols 0..40 -o wythoff.png
  grundy plot chomp 5 5 3 1 -o chomp.png               a bar of Chomp, its poisoned square crossed
";

/// The largest picture side, in pixels (8192 × 8192 RGB is 192 MiB of pixels).
pub const MAX_SIDE: u64 = picture::MAX_SIDE as u64;

fn side(v: Option<u64>, what: &str, default: u32, min: u32) -> CliResult<u32> {
    let Some(v) = v else { return Ok(default) };
    if v < min as u64 {
        return Err(CliError::usage(format!(
            "{what} {v} is too small: a picture is at least {min} pixels across"
        )));
    }
    Ok(v as u32)
}

/// `A..B` (both included) or `B` (from 0).
pub fn range(text: &str, what: &str) -> CliResult<(u64, u64)> {
    let (a, b) = match text.split_once("..") {
        Some((a, b)) => (
            grundy::error::parse_u64(a.trim(), what)?,
            grundy::error::parse_u64(b.trim_start_matches('=').trim(), what)?,
        ),
        None => (0, grundy::error::parse_u64(text.trim(), what)?),
    };
    if a > b {
        return Err(CliError::usage(format!(
            "{what} {a}..{b}: the first number is larger than the last"
        )));
    }
    Ok((a, b))
}

/// The picture's size from `--width` and `--height` (clap has bounded them above), `default` for those not given.
fn size(a: &PlotArgs, default: Size) -> CliResult<Size> {
    let width = side(a.width, "--width", default.width, picture::MIN_SIDE)?;
    let height = side(a.height, "--height", default.height, picture::MIN_SIDE)?;
    Ok(Size::new(width, height)?)
}

pub fn run(a: &PlotArgs) -> CliResult {
    let Some(path) = a.out.as_deref() else {
        return Err(CliError::usage(
            "plot needs the picture's file: -o FILE.png or -o FILE.svg",
        ));
    };
    // (the path was given as text: see `cli::args::path`)
    let file = &*path.to_string_lossy();
    Format::of(path).map_err(|e| CliError::usage(format!("-o {}", e.message())))?;
    super::load_rules(&a.rules, false)?;
    let family = super::lookup(&super::game_or_script(a.game.as_deref())?)?;
    // A game played misère by its own rules is drawn by its misère nim-values, as --misere draws others'.
    let own_misere = family.play() == grundy::Play::Misere;
    if own_misere && a.misere {
        return Err(CliError::usage(format!(
            "{} is played misère by its own rules already (the last mover loses): leave out --misere",
            family.name()
        )));
    }
    if own_misere && family.heap_game().is_none() {
        family.normal_values_only("a plot")?;
    }
    let limits = crate::guard::limits();
    let name = family.name();
    let plot = if !a.position.is_empty() {
        let size = size(a, Size::BOARD)?;
        picture::plot_board(
            &*family,
            &a.position,
            size,
            true,
            &crate::guard::context_with(limits),
        )?
    } else {
        match family.parameters() {
        1 => {
            if a.rows.is_some() || a.cols.is_some() {
                return Err(CliError::usage(format!(
                    "{name}: --rows and --cols are for games whose positions are pairs; a heap game takes --to N"
                )));
            }
            let size = size(a, Size::SEQUENCE)?;
            let Some(to) = a.to else {
                return Err(CliError::usage(format!(
                    "{name}: --to N is needed (the largest heap to draw)"
                )));
            };
            if a.rare && family.heap_game().is_none() {
                return Err(CliError::usage(format!(
                    "{name}: --rare is the sparse-space split of a heap game's nim-values"
                )));
            }
            let request = SequenceRequest {
                to,
                misere: a.misere,
                rare: a.rare,
                max_positions: a.max_positions.map(|v| v as usize),
                size,
            };
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
            let cx = crate::guard::context_with(limits).with_threads(threads);
            picture::plot_sequence(&*family, &request, &cx)?
        }
        2 => {
            for (given, flag) in [
                (a.to.is_some(), "--to"),
                (a.rare, "--rare"),
                (a.misere, "--misere"),
            ] {
                if given {
                    return Err(CliError::usage(format!(
                        "{name}: {flag} is for heap games; a table is drawn with --rows A..B --cols A..B{}",
                        if flag == "--misere" {
                            " (misère values of tables are not computed)"
                        } else {
                            ""
                        }
                    )));
                }
            }
            let size = size(a, Size::TABLE)?;
            let span = |r: Option<(u64, u64)>| r.map(|(from, to)| Span { from, to });
            let cx = crate::guard::context_with(limits);
            picture::plot_table(&*family, span(a.rows), span(a.cols), size, &cx)?.0
        }
        _ => {
            return Err(CliError::usage(format!(
            "{name}: positions of this game are not heaps nor pairs of numbers, so it has no sequence or table to draw"
        )))
        }
    }
    };
    let format = plot.scene.save(path)?;
    report(&plot, file, format, a.json)
}

/// Prints what was drawn: the summary as one JSON object (with the file and its format), or in words.
fn report(plot: &Plot, file: &str, format: Format, json: bool) -> CliResult {
    if json {
        let mut j = serde_json::to_value(&plot.summary)
            .map_err(|e| CliError::usage(format!("JSON: {e}")))?;
        j["file"] = file.into();
        j["format"] = format.name().into();
        return print_json(&j);
    }
    let file = grundy::error::escape(file);
    let text = match &plot.summary {
        Summary::Scatter(s) => scatter_words(s, &file),
        Summary::Table(t) => table_words(t, &file),
        Summary::Board(b) => format!(
            "{} {}: drawn in {file} ({}x{} pixels){}\n",
            b.game,
            b.position,
            b.width,
            b.height,
            b.nim_value
                .map_or(String::new(), |v| format!("; nim-value {v}"))
        ),
    };
    write_stdout(text.as_bytes())
}

fn scatter_words(s: &ScatterSummary, file: &str) -> String {
    let misere = if s.play == "misere" { "misère " } else { "" };
    let mut text = format!(
        "{}: {misere}nim-values of heaps 0..={} drawn in {file} ({}x{} pixels); largest value {}\n{}\n",
        s.game,
        s.heaps - 1,
        s.width,
        s.height,
        s.largest,
        s.rule
    );
    if let (Some(r), Some(count)) = (s.rare, s.rare_heaps) {
        text += &format!(
            "rare heaps ({}): {count} of the heaps 1..={}\n",
            r.rule(),
            s.heaps - 1
        );
    }
    text
}

fn table_words(t: &TableSummary, file: &str) -> String {
    format!(
        "{}: nim-values of rows {}..{} x columns {}..{} drawn in {file} ({}x{} pixels); {} P-position{}, largest value {}\n",
        t.game,
        t.rows[0],
        t.rows[1],
        t.cols[0],
        t.cols[1],
        t.width,
        t.height,
        t.p_positions,
        super::plural(t.p_positions as usize),
        t.largest
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_sizes_are_read_or_refused() {
        assert_eq!(range("3..40", "--rows").unwrap(), (3, 40));
        assert_eq!(range("3..=40", "--rows").unwrap(), (3, 40));
        assert_eq!(range("15", "--rows").unwrap(), (0, 15));
        for bad in ["5..2", "a..3", "..", "-1..4", ""] {
            let e = range(bad, "--rows").unwrap_err().to_string();
            assert!(e.contains("--rows") && !e.contains('\n'), "{bad}: {e}");
        }
        assert_eq!(side(None, "--width", 1000, 200).unwrap(), 1000);
        assert_eq!(side(Some(640), "--width", 1000, 200).unwrap(), 640);
        assert!(side(Some(100), "--width", 1000, 200).is_err());
        let e = crate::cmd::run_line("plot kayles --to 3 -o x.png --width 9000").unwrap_err();
        assert!(e.to_string().contains("largest allowed is 8192"), "{e}");
        let e = crate::cmd::run_line("plot kayles --to 3 -o x.jpg").unwrap_err();
        assert_eq!(
            e.to_string(),
            "-o x.jpg: the picture's file must end in .png or .svg (see 'grundy help')"
        );
        let e =
            crate::cmd::run_line("plot wythoff --rows 0..2000 -o x.png --width 300 --height 300")
                .unwrap_err();
        assert!(
            e.to_string()
                .ends_with("(raise --width/--height or narrow --rows/--cols)"),
            "{e}"
        );
    }
}
