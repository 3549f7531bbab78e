//! `grundy plot`: pictures of nim-values. The values come from the library (the sequence of a heap game with its
//! period, `grundy::heap::period`, and its rare/common split, `grundy::heap::rare`; misère values from
//! `grundy::misere::genus`; a table from `AnyGame::values_at`); the drawing is here: `plot/scatter.rs` and
//! `plot/heatmap.rs` lay out the marks, `plot/draw.rs` writes them as PNG or SVG.

mod draw;
mod heatmap;
mod scatter;

use crate::cli::PlotArgs;
use crate::output::{print_json, write_stdout, CliError, CliResult};
use crate::progress::Progress;
use grundy::game::HeapView;
use grundy::games::AnyGame;
use grundy::heap::period::{self, Periodicity};
use grundy::heap::rare::RareSplit;
use grundy::heap::{sequence, Engine};
use grundy::{Limits, Nimber};

pub const HELP: &str = "\
grundy plot — a picture of the nim-values (PNG or SVG)

USAGE
  grundy plot GAME --to N -o FILE.png|FILE.svg [--rare | --misere] [--width PX] [--height PX] [--json]
  grundy plot GAME [--rows A..B] [--cols A..B] -o FILE.png|FILE.svg [--width PX] [--height PX] [--json]

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

The file's extension chooses the format: .png (8-bit RGB) or .svg. The font is compiled in (Noto Sans Mono), so
the same command gives the same file on every machine. In the SVG every mark is a <rect>: a scatter's marks have
class \"pt\" and data-n0, data-n1 (the heaps of its column) and data-v0, data-v1 (the values it stands for), a
table's cells class \"cell\" and data-a, data-b, data-v.

OPTIONS
  --to N           the largest heap (a scatter); heaps past what memory allows are refused before any work
  -o, --out FILE   where to write the picture: FILE.png or FILE.svg
  --rare           colour rare and common values apart (normal play)
  --misere         misère nim-values (whoever makes the last move loses); --max-positions N bounds the search
  --rows A..B      the first numbers of a table's positions (a single B means 0..B)
  --cols A..B      the second numbers
  --width PX       width in pixels, 200 to 8192 (default 1000)
  --height PX      height in pixels, 200 to 8192 (default 600 for a scatter, 800 for a table)
  --json           print what was drawn as one JSON object (file, format, width, height, game, kind, and the
                   heaps, largest value, period, rare mask or table ranges)
  --max-seconds S, --max-memory SIZE: the limits of 'grundy seq'

EXAMPLES
  grundy plot kayles --to 300 -o kayles.png            preperiod 71 and period 12 marked (certified)
  grundy plot 4!.0 --to 1000000 --rare -o grundy.png   Grundy's game: its rare values stand out
  grundy plot 0.07 --to 200 -o dawson.svg              Dawson's Kayles as SVG
  grundy plot kayles --to 40 --misere -o misere.png
  grundy plot wythoff --rows 0..40 --cols 0..40 -o wythoff.png
";

/// The picture's format, by the file's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Png,
    Svg,
}

impl Format {
    fn of(file: &str) -> CliResult<Format> {
        let ext = std::path::Path::new(file)
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("png") => Ok(Format::Png),
            Some("svg") => Ok(Format::Svg),
            _ => Err(CliError::usage(format!(
                "-o {}: the picture's file must end in .png or .svg",
                grundy::error::escape(file)
            ))),
        }
    }
    fn name(self) -> &'static str {
        match self {
            Format::Png => "png",
            Format::Svg => "svg",
        }
    }
}

/// The largest picture side, in pixels (8192 × 8192 RGB is 192 MiB of pixels).
pub const MAX_SIDE: u64 = 8192;
/// Default table ranges.
const DEFAULT_RANGE: (u64, u64) = (0, 31);

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

pub fn run(a: &PlotArgs) -> CliResult {
    let Some(path) = a.out.as_deref() else {
        return Err(CliError::usage(
            "plot needs the picture's file: -o FILE.png or -o FILE.svg",
        ));
    };
    // (the path was given as text: see `cli::args::path`)
    let file = &*path.to_string_lossy();
    let format = Format::of(file)?;
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
    match family.parameters() {
        1 => {
            if a.rows.is_some() || a.cols.is_some() {
                return Err(CliError::usage(format!(
                    "{name}: --rows and --cols are for games whose positions are pairs; a heap game takes --to N"
                )));
            }
            let width = side(a.width, "--width", 1000, scatter::MIN_SIZE.0)?;
            let height = side(a.height, "--height", 600, scatter::MIN_SIZE.1)?;
            let Some(to) = a.to else {
                return Err(CliError::usage(format!(
                    "{name}: --to N is needed (the largest heap to draw)"
                )));
            };
            plot_sequence(a, &*family, to, file, format, (width, height), &limits)
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
            let width = side(a.width, "--width", 1000, 200)?;
            let height = side(a.height, "--height", 800, 200)?;
            // The default range is cut to the game's own extent, as `table`'s is (Cram, Chomp: searches that grow
            // exponentially with the sides), so that the default picture is drawn in seconds.
            let usual = grundy::analysis::table::Span::default_for(&*family, DEFAULT_RANGE.1);
            let rows = a.rows.unwrap_or((DEFAULT_RANGE.0, usual.to));
            let cols = a.cols.unwrap_or((DEFAULT_RANGE.0, usual.to));
            plot_table(a, &*family, rows, cols, file, format, (width, height), &limits)
        }
        _ => Err(CliError::usage(format!(
            "{name}: positions of this game are not heaps nor pairs of numbers, so it has no sequence or table to draw"
        ))),
    }
}

/// The nim-values (or misère values) of heaps `0..=to` and what is known of their period, drawn as a scatter.
///
/// Long: the values from one of three sources (misère play, a heap code with its period, a search), then the picture
/// and its JSON or text report; each source sets the same values, period and rule the rest reads.
fn plot_sequence(
    a: &PlotArgs,
    family: &dyn AnyGame,
    to: u64,
    file: &str,
    format: Format,
    size: (u32, u32),
    limits: &Limits,
) -> CliResult {
    let name = family.name();
    let heaps = to.saturating_add(1);
    if a.rare && family.heap_game().is_none() {
        return Err(CliError::usage(format!(
            "{name}: --rare is the sparse-space split of a heap game's nim-values"
        )));
    }
    let (values, periodicity, rule) = if a.misere || family.play() == grundy::Play::Misere {
        let Some(rules) = family.heap_game() else {
            return Err(CliError::usage(format!(
                "{name}: misère values are computed for heap games only"
            )));
        };
        let mlimits = super::misere::limits(a.max_positions);
        sequence::check(
            &rules,
            sequence::choose(&rules, Engine::Auto),
            to,
            1,
            &mlimits,
        )?;
        let (normal, _) =
            sequence::nim_values(&*rules, to, Engine::Auto, 1, &mlimits, &mut |_| {})?;
        let mut table = grundy::misere::genus::GenusTable::new(rules, normal, mlimits);
        let mut bar = Progress::new(format!("misère values of {name} to {to}"), to);
        let mut values = Vec::with_capacity(heaps as usize);
        for n in 0..=to {
            values.push(table.misere_value(n)?);
            bar.update(n);
        }
        bar.finish();
        (
            values,
            None,
            "misère play: whoever makes the last move loses".to_string(),
        )
    } else if let Some(rules) = family.heap_game() {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        // The picture holds every value: refuse at once what cannot fit, before any work.
        sequence::check(
            &rules,
            sequence::choose(&rules, Engine::Auto),
            to,
            threads,
            limits,
        )?;
        // The period is looked for as 'grundy period' does, over at least 16384 heaps (so a period longer than the
        // picture is still found), and never further than the heaps drawn when those are more.
        let limit = to.max(period::DEFAULT_LIMIT_UNCERTIFIABLE - 1);
        let mut bar = Progress::new(format!("{name} to {to}"), to);
        let found =
            period::analyse_limited(&rules, limit, Engine::Auto, threads, limits, &mut |n, _| {
                bar.update(n.min(to))
            })?;
        let periodicity = found.periodicity;
        let mut values = found.values;
        if values.len() as u64 > to {
            values.truncate(heaps as usize);
        } else {
            let (v, _) =
                sequence::nim_values(&rules, to, Engine::Auto, threads, limits, &mut |n| {
                    bar.update(n)
                })
                .map_err(|e| sequence::stopped(&name, e, 0, to, limits))?;
            values = v;
        }
        bar.finish();
        let rule = describe_period(periodicity.as_ref(), limit.saturating_add(1));
        (values, periodicity, rule)
    } else {
        // A game numbered by one number that is not a heap game: its values by search.
        limits.check_memory(
            heaps.saturating_mul(48),
            &format!("the positions 0..={to} of {name}"),
        )?;
        let cells: Vec<Vec<u64>> = (0..=to).map(|n| vec![n]).collect();
        let mut bar = Progress::new(format!("{name} to {to}"), heaps);
        let got = family.values_at(&cells, &crate::guard::context_with(*limits), &mut |n| {
            bar.update(n)
        })?;
        bar.finish();
        let mut values = Vec::with_capacity(got.len());
        for (n, v) in got.into_iter().enumerate() {
            values.push(v.ok_or_else(|| {
                CliError::usage(format!(
                    "{name}: {n} names no position, so there is no sequence to draw"
                ))
            })?);
        }
        let rule = describe_period(None, heaps);
        (values, None, rule)
    };
    // The code's parity only for a code's own values (normal play: --rare and --misere exclude each other).
    let code = family.heap_game().and_then(|g| g.code().cloned());
    let rare = a.rare.then(|| RareSplit::of(&values, code.as_ref()));
    let title = format!(
        "{}nim-values of {name}, heaps 0..={to}",
        if a.misere { "misère " } else { "" }
    );
    let spec = scatter::Scatter {
        values: &values,
        title,
        subtitle: rule.clone(),
        period: periodicity.as_ref().map(|p| (p.preperiod, p.period)),
        rare,
        value_label: if a.misere { "G-(n)" } else { "G(n)" },
    };
    let scene = scatter::draw(&spec, size.0, size.1);
    write_picture(&scene, file, format)?;
    let largest = values.iter().copied().max().unwrap_or(0);
    if a.json {
        let mut j = serde_json::json!({
            "file": file, "format": format.name(), "width": size.0, "height": size.1, "game": name,
            "kind": "scatter", "play": if a.misere { "misere" } else { "normal" }, "heaps": heaps,
            "largest": largest,
        });
        if let Some(p) = &periodicity {
            j["preperiod"] = p.preperiod.into();
            j["period"] = p.period.into();
            j["saltus"] = p.saltus.into();
            j["certified"] = p.certified.into();
        }
        if let Some(r) = rare {
            j["rare_mask"] = r.mask.into();
            j["rare_heap_parity"] = r.phase.into();
            j["rare_heaps"] = rare_heaps(&values, r).into();
        }
        return print_json(&j);
    }
    let mut s = format!(
        "{name}: {}nim-values of heaps 0..={to} drawn in {} ({}x{} pixels); largest value {largest}\n{rule}\n",
        if a.misere { "misère " } else { "" },
        grundy::error::escape(file),
        size.0,
        size.1
    );
    if let Some(r) = rare {
        s += &format!(
            "rare heaps ({}): {} of the heaps 1..={to}\n",
            r.rule(),
            rare_heaps(&values, r)
        );
    }
    write_stdout(s.as_bytes())
}

/// How many heaps `n >= 1` are rare (as `grundy seq --stats` counts them).
fn rare_heaps(values: &[Nimber], split: RareSplit) -> u64 {
    (1..values.len())
        .filter(|&n| split.is_rare(n as u64, values[n]))
        .count() as u64
}

/// The header's words for what `period` found over the values.
/// `looked` is how many heaps were looked at (the heaps drawn or more).
fn describe_period(p: Option<&Periodicity>, looked: u64) -> String {
    let Some(p) = p else {
        return format!("no period found in heaps 0..={}", looked - 1);
    };
    let mut s = format!("preperiod {}, period {}", p.preperiod, p.period);
    if p.saltus != 0 {
        s += &format!(", saltus {}", p.saltus);
    }
    match (p.certified, p.by) {
        (true, Some(by)) => s += &format!(", certified ({})", by.describe()),
        _ => {
            s += &format!(
                ", observed in heaps 0..={} only (not certified)",
                p.values_computed - 1
            )
        }
    }
    s
}

/// The values of the table's cells, row by row, by `values_at` (one memo for all of them).
fn table_values(
    game: &dyn AnyGame,
    rows: (u64, u64),
    cols: (u64, u64),
    limits: &Limits,
) -> CliResult<Vec<Option<Nimber>>> {
    let nrows = rows.1 - rows.0 + 1;
    let ncols = cols.1 - cols.0 + 1;
    let cells = nrows.saturating_mul(ncols);
    limits.check_memory(
        cells.saturating_mul(64),
        &format!("a table of {nrows} x {ncols} cells"),
    )?;
    let mut list = Vec::with_capacity(cells as usize);
    for a in rows.0..=rows.1 {
        for b in cols.0..=cols.1 {
            list.push(vec![a, b]);
        }
    }
    let mut bar = Progress::new(format!("{} table", game.name()), cells);
    let values = game.values_at(&list, &crate::guard::context_with(*limits), &mut |n| {
        bar.update(n)
    })?;
    bar.finish();
    Ok(values)
}

#[allow(clippy::too_many_arguments)]
fn plot_table(
    a: &PlotArgs,
    game: &dyn AnyGame,
    rows: (u64, u64),
    cols: (u64, u64),
    file: &str,
    format: Format,
    size: (u32, u32),
    limits: &Limits,
) -> CliResult {
    let name = game.name();
    let (nrows, ncols) = (
        (rows.1 - rows.0).saturating_add(1),
        (cols.1 - cols.0).saturating_add(1),
    );
    // Refuse a table that cannot be drawn before valuing it.
    heatmap::cell_size(nrows, ncols, rows.1, size.0, size.1).map_err(CliError::usage)?;
    let values = table_values(game, rows, cols, limits)?;
    let p_positions = values.iter().filter(|v| **v == Some(0)).count();
    let largest = values.iter().flatten().copied().max().unwrap_or(0);
    let t = heatmap::Table {
        rows,
        cols,
        title: format!(
            "nim-values G(a, b) of {name}: rows a = {}..{}, columns b = {}..{}",
            rows.0, rows.1, cols.0, cols.1
        ),
        subtitle: format!(
            "{p_positions} P-position{} (black); largest value {largest}",
            super::plural(p_positions)
        ),
        values,
    };
    let scene = heatmap::draw(&t, size.0, size.1).map_err(CliError::usage)?;
    write_picture(&scene, file, format)?;
    if a.json {
        return print_json(&serde_json::json!({
            "file": file, "format": format.name(), "width": size.0, "height": size.1, "game": name,
            "kind": "table", "rows": [rows.0, rows.1], "cols": [cols.0, cols.1], "largest": largest,
            "p_positions": p_positions,
        }));
    }
    write_stdout(
        format!(
            "{name}: nim-values of rows {}..{} x columns {}..{} drawn in {} ({}x{} pixels); {p_positions} P-position{}, largest value {largest}\n",
            rows.0,
            rows.1,
            cols.0,
            cols.1,
            grundy::error::escape(file),
            size.0,
            size.1,
            super::plural(p_positions)
        )
        .as_bytes(),
    )
}

fn write_picture(scene: &draw::Scene, file: &str, format: Format) -> CliResult {
    let bytes = match format {
        Format::Png => scene
            .png()
            .map_err(|e| CliError::Lib(grundy::Error::input(format!("PNG: {e}"))))?,
        Format::Svg => scene.svg().into_bytes(),
    };
    std::fs::write(file, bytes).map_err(|e| {
        CliError::Lib(grundy::Error::input(format!(
            "{}: {e}",
            grundy::error::escape(file)
        )))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::games::registry::erase;
    use grundy::{Game, Options};

    /// Two-heap Nim numbered by its two heaps: G(a, b) = a xor b, so the P-positions are the diagonal.
    struct TwoHeaps;
    impl Game for TwoHeaps {
        type Position = (u64, u64);
        fn name(&self) -> String {
            "two-heaps".into()
        }
        fn options(&self, p: &(u64, u64), out: &mut Options<(u64, u64)>) -> grundy::Result<()> {
            for a in 0..p.0 {
                out.push_one((a, p.1));
            }
            for b in 0..p.1 {
                out.push_one((p.0, b));
            }
            Ok(())
        }
        fn notation(&self) -> Option<&dyn grundy::Notation<Self::Position>> {
            Some(self)
        }
        fn table(&self) -> Option<&dyn grundy::Tabular<Self::Position>> {
            Some(self)
        }
    }

    impl grundy::Notation<(u64, u64)> for TwoHeaps {
        fn parse(&self, words: &[String]) -> Option<grundy::Result<Vec<(u64, u64)>>> {
            Some(self.read_words(words))
        }
        fn show(&self, p: &(u64, u64)) -> String {
            format!("{p:?}")
        }
    }

    impl TwoHeaps {
        /// Reads the positions `words` write: the body of this game's [`grundy::Notation::parse`].
        fn read_words(&self, words: &[String]) -> grundy::Result<Vec<(u64, u64)>> {
            let a = grundy::error::parse_u64(&words[0], "a")?;
            let b = grundy::error::parse_u64(&words[1], "b")?;
            Ok(vec![(a, b)])
        }
    }

    impl grundy::Tabular<(u64, u64)> for TwoHeaps {
        fn parameters(&self) -> usize {
            2
        }
        fn position_at(&self, params: &[u64]) -> Option<(u64, u64)> {
            (params[0] + params[1] > 0).then_some((params[0], params[1]))
        }
    }

    /// A game with two parameters is valued through `values_at` and drawn cell by cell: the SVG's cells carry
    /// a xor b, and the numbers that name no position (0, 0) are marked so.
    #[test]
    fn a_two_parameter_game_is_a_heatmap_of_its_values() {
        let game = erase(TwoHeaps);
        assert_eq!(game.parameters(), 2);
        let values = table_values(&*game, (2, 9), (0, 11), &Limits::default()).unwrap();
        assert_eq!(values.len(), 8 * 12);
        for (k, v) in values.iter().enumerate() {
            let (a, b) = (2 + k as u64 / 12, k as u64 % 12);
            assert_eq!(*v, Some(a ^ b));
        }
        let zero = table_values(&*game, (0, 1), (0, 1), &Limits::default()).unwrap();
        assert_eq!(zero, [None, Some(1), Some(1), Some(0)]);
        let t = heatmap::Table {
            rows: (2, 9),
            cols: (0, 11),
            values,
            title: "two-heaps".into(),
            subtitle: String::new(),
        };
        let svg = heatmap::draw(&t, 500, 400).unwrap().svg();
        for a in 2..=9u64 {
            for b in 0..=11u64 {
                let want = format!("data-a=\"{a}\" data-b=\"{b}\" data-v=\"{}\"", a ^ b);
                assert!(svg.contains(&want), "{want}");
            }
        }
        assert_eq!(svg.matches("class=\"cell\"").count(), 96);
        assert_eq!(
            svg.matches("fill=\"#000000\" data-a").count(),
            8,
            "the diagonal a = b"
        );
    }

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
        assert_eq!(Format::of("a.PNG").unwrap(), Format::Png);
        assert_eq!(Format::of("dir.x/a.svg").unwrap(), Format::Svg);
        assert!(Format::of("a.jpg").is_err());
        assert!(Format::of("png").is_err());
    }
}
