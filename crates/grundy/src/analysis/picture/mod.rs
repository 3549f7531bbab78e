//! Pictures of nim-values, as PNG or SVG: the scatter of a heap game's sequence with its period marked, the heatmap
//! of a table of a game whose positions are named by two numbers, and a board position (Cram, Chomp) as a grid of
//! cells. The command line's `grundy plot` draws these; Python's pictures in notebooks are the same scenes.
//!
//! Each builder takes the library's own values and result types ([`crate::heap::period::Periodicity`],
//! [`crate::analysis::table::Table`], [`crate::games::cram::Board`]) and returns a [`Scene`]: a list of shapes on a
//! pixel grid, written by [`Scene::to_png`] or [`Scene::to_svg`] (or [`Scene::save`], by the file's extension). The
//! layout is integer arithmetic and the font is compiled in (Noto Sans Mono), so the same scene is the same bytes on
//! every machine.
//!
//! - [`sequence`]: one mark per heap `n` at the height of `G(n)`, as CGSuite's scatter plot draws it; the preperiod a
//!   dashed line, the first period a shaded band, later periods ticks; many heaps are binned by pixel column (every
//!   value of a column's heaps is a mark), so a million heaps draw in a fraction of a second.
//! - [`table`]: the heatmap of `G(a, b)`, P-positions black, numbers that name no position grey, a legend.
//! - [`board`]: a grid of cells (a Cram board's empty and blocked cells, a Chomp bar's squares and its poisoned one).
//!
//! [`plot_sequence`], [`plot_table`] and [`plot_board`] compute what they draw as `grundy plot` does (the values, the
//! period search, the rare split, misère values, a board's nim-value) and say what was drawn in a [`Summary`], the
//! JSON object `grundy plot --json` prints (with the file and its format).
//!
//! # Example
//!
//! ```rust
//! use grundy::analysis::picture::{self, SequenceStyle};
//! use grundy::heap::{sequence, TakeAndBreak};
//!
//! let kayles = TakeAndBreak::parse("0.77")?;
//! let values = sequence::values(&kayles, 100, &mut |_| {})?;
//! let scene = picture::sequence(&values, None, &SequenceStyle::new("kayles", values.len() as u64, None))?;
//! assert!(scene.to_svg().contains("class=\"pt\""));
//! assert!(scene.to_png()?.starts_with(b"\x89PNG"));
//! # Ok::<(), grundy::Error>(())
//! ```

mod board;
mod heatmap;
mod plot;
mod scatter;
pub mod scene;

pub use board::{board, BoardStyle, Cell, Grid, MAX_GRID_CELLS};
pub use plot::{
    plot_board, plot_sequence, plot_table, BoardSummary, Plot, ScatterSummary, SequenceRequest,
    Summary, TableSummary, DEFAULT_TABLE_TO,
};
pub use scene::{Anchor, Format, Rgb, Scene, Shape};

use crate::analysis::table::Table;
use crate::error::{Error, Result};
use crate::heap::period::Periodicity;
use crate::heap::rare::RareSplit;
use crate::nimber::Nimber;

/// The smallest side of a picture, in pixels.
pub const MIN_SIDE: u32 = 200;
/// The largest side of a picture, in pixels (8192 × 8192 RGB is 192 MiB of pixels).
pub const MAX_SIDE: u32 = 8192;

/// A picture's size in pixels, each side in [`MIN_SIDE`]`..=`[`MAX_SIDE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Size {
    /// The width.
    pub width: u32,
    /// The height.
    pub height: u32,
}

impl Size {
    /// The size of a sequence's scatter when none is asked for.
    pub const SEQUENCE: Size = Size {
        width: 1000,
        height: 600,
    };
    /// The size of a table's heatmap when none is asked for.
    pub const TABLE: Size = Size {
        width: 1000,
        height: 800,
    };
    /// The size of a board's picture when none is asked for.
    pub const BOARD: Size = Size {
        width: 480,
        height: 400,
    };

    /// `width` × `height`, or an [`crate::ErrorKind::Input`] error when a side is outside
    /// [`MIN_SIDE`]`..=`[`MAX_SIDE`].
    pub fn new(width: u32, height: u32) -> Result<Size> {
        for (side, what) in [(width, "width"), (height, "height")] {
            if side < MIN_SIDE {
                return Err(Error::input(format!(
                    "{what} {side} is too small: a picture is at least {MIN_SIDE} pixels across"
                )));
            }
            if side > MAX_SIDE {
                return Err(Error::input(format!(
                    "{what} {side} is too large: a picture is at most {MAX_SIDE} pixels across"
                )));
            }
        }
        Ok(Size { width, height })
    }
}

/// How a sequence is drawn: the picture's size, its header and the marks' colours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SequenceStyle {
    /// The picture's size.
    pub size: Size,
    /// The first line of the header.
    pub title: String,
    /// The second line: the period found, or the play convention.
    pub subtitle: String,
    /// The values are misère nim-values: the value axis reads `G-(n)`.
    pub misere: bool,
    /// The rare/common split to colour ([`RareSplit::of`]), or `None` for one colour.
    pub rare: Option<RareSplit>,
}

impl SequenceStyle {
    /// The header `grundy plot` writes for the nim-values of `game`'s heaps `0..heaps` (normal play) with what is
    /// known of their period ([`describe_period`]), on a picture of [`Size::SEQUENCE`], one colour.
    pub fn new(game: &str, heaps: u64, period: Option<&Periodicity>) -> SequenceStyle {
        SequenceStyle {
            size: Size::SEQUENCE,
            title: format!(
                "nim-values of {game}, heaps 0..={}",
                heaps.saturating_sub(1)
            ),
            subtitle: describe_period(period, heaps),
            misere: false,
            rare: None,
        }
    }

    /// The header `grundy plot --misere` writes for the misère nim-values of `game`'s heaps `0..heaps`.
    pub fn misere(game: &str, heaps: u64) -> SequenceStyle {
        SequenceStyle {
            title: format!(
                "misère nim-values of {game}, heaps 0..={}",
                heaps.saturating_sub(1)
            ),
            subtitle: MISERE_RULE.to_string(),
            misere: true,
            ..SequenceStyle::new(game, heaps, None)
        }
    }
}

/// The subtitle of a picture of misère nim-values.
pub(crate) const MISERE_RULE: &str = "misère play: whoever makes the last move loses";

/// The words for what a period search found over a sequence: "preperiod 71, period 12, certified (THEOREM)", or
/// "…, observed in heaps 0..=N only (not certified)", or "no period found in heaps 0..=N" when `p` is `None` and
/// `looked` heaps were looked at.
pub fn describe_period(p: Option<&Periodicity>, looked: u64) -> String {
    let Some(p) = p else {
        return format!("no period found in heaps 0..={}", looked.saturating_sub(1));
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
                p.values_computed.saturating_sub(1)
            )
        }
    }
    s
}

/// The scatter of `values` (the nim-values of heaps `0..values.len()`, or misère nim-values), with `period` marked
/// when given: its preperiod a dashed line, its first period a shaded band, each later period a tick on the heap
/// axis. In the SVG each mark is a `<rect class="pt">` with `data-n0`, `data-n1` (the heaps of its column) and
/// `data-v0`, `data-v1` (the values it stands for), and `data-rare` when a split is coloured. An error when `values`
/// is empty.
pub fn sequence(
    values: &[Nimber],
    period: Option<&Periodicity>,
    style: &SequenceStyle,
) -> Result<Scene> {
    if values.is_empty() {
        return Err(Error::input("a sequence of no values has no picture"));
    }
    let spec = scatter::Scatter {
        values,
        title: style.title.clone(),
        subtitle: style.subtitle.clone(),
        period: period.map(|p| (p.preperiod, p.period)),
        rare: style.rare,
        value_label: if style.misere { "G-(n)" } else { "G(n)" },
    };
    Ok(scatter::draw(&spec, style.size.width, style.size.height))
}

/// The heatmap of a table of a two-parameter game ([`Table::compute`]) on a picture of `size`: row `a`, column
/// `b`, P-positions black, numbers that name no position grey, nim-values a colour ramp from blue to red, with a
/// legend; cells large enough show their value. In the SVG each cell is a `<rect class="cell">` with `data-a`,
/// `data-b` and `data-v` (`none` where the numbers name no position). An error when the table has one parameter
/// (draw it with [`sequence`]) or its cells do not fit the picture at one pixel each
/// ([`crate::error::Remedy::LargerPicture`]).
pub fn table(t: &Table, size: Size) -> Result<Scene> {
    let Some(cols) = t.cols else {
        return Err(Error::unsupported(format!(
            "{}: a table of one number per position is drawn as a sequence, not a heatmap",
            t.game
        )));
    };
    let p_positions = t.p_positions.len();
    let largest = t
        .values
        .iter()
        .flatten()
        .flatten()
        .copied()
        .max()
        .unwrap_or(0);
    let heat = heatmap::Table {
        rows: (t.rows.from, t.rows.to),
        cols: (cols.from, cols.to),
        title: format!(
            "nim-values G(a, b) of {}: rows a = {}..{}, columns b = {}..{}",
            t.game, t.rows.from, t.rows.to, cols.from, cols.to
        ),
        subtitle: format!(
            "{p_positions} P-position{} (black); largest value {largest}",
            crate::error::plural(p_positions as u64)
        ),
        values: t.values.iter().flatten().copied().collect(),
    };
    heatmap::draw(&heat, size.width, size.height)
}

/// Whether a table of `rows` × `cols` cells fits a picture of `size` (one pixel per cell at least): the error
/// [`table`] would give, said before the table is valued.
pub fn table_fits(rows: (u64, u64), cols: (u64, u64), size: Size) -> Result<()> {
    let count = |r: (u64, u64)| (r.1 - r.0).saturating_add(1);
    heatmap::cell_size(count(rows), count(cols), rows.1, size.width, size.height).map(|_| ())
}

#[cfg(test)]
mod tests;
